//! How many connections each address holds, with a cap per address and one for the server, so
//! one address (or a crowd of half-open requests from it) cannot take every file descriptor.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Live connections by address.
#[derive(Debug)]
pub struct Connections {
    per_address: usize,
    total: usize,
    live: Mutex<HashMap<IpAddr, usize>>,
    count: AtomicUsize,
}

/// Why a connection was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The address already holds its share.
    Address,
    /// The server holds as many as it takes.
    Server,
}

/// One admitted connection: counted until the last clone of it is dropped (the HTTP
/// connection and, after an upgrade, the WebSocket share it).
#[derive(Debug)]
pub struct Admitted {
    address: IpAddr,
    /// Counted in its address's share.
    per_address: bool,
    /// Counted in the server's total.
    in_total: bool,
    of: Arc<Connections>,
}

impl Connections {
    /// At most `per_address` connections from one address and `total` in all.
    pub fn new(per_address: usize, total: usize) -> Arc<Connections> {
        Arc::new(Connections {
            per_address,
            total,
            live: Mutex::new(HashMap::new()),
            count: AtomicUsize::new(0),
        })
    }

    /// Counts a new connection from `address`, unless a cap is reached.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Admitted, Refused> {
        self.admit_within(address, self.per_address)
    }

    /// Counts a new connection from a trusted `address`: only the server's cap applies.
    pub fn admit_trusted(self: &Arc<Self>, address: IpAddr) -> Result<Admitted, Refused> {
        self.admit_within(address, usize::MAX)
    }

    /// Counts a new connection from a trusted proxy at `address`: in the server's total only,
    /// not in any address's share (each request on it is counted for the client behind the
    /// proxy by [`Connections::admit_behind`]).
    pub fn admit_proxy(self: &Arc<Self>, address: IpAddr) -> Result<Admitted, Refused> {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        self.count_in(&mut live, canonical(address), None, true)
    }

    /// Counts a request that came through a trusted proxy against the share of the client
    /// `address` behind it, unless that address is `trusted` (`--trust`): the proxy's
    /// connection is in the server's total already.
    pub fn admit_behind(
        self: &Arc<Self>,
        address: IpAddr,
        trusted: bool,
    ) -> Result<Admitted, Refused> {
        let cap = if trusted {
            usize::MAX
        } else {
            self.per_address
        };
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        self.count_in(&mut live, canonical(address), Some(cap), false)
    }

    fn admit_within(self: &Arc<Self>, address: IpAddr, cap: usize) -> Result<Admitted, Refused> {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        self.count_in(&mut live, canonical(address), Some(cap), true)
    }

    /// Counts `address` in its share (with `cap`, when given) and in the total (`in_total`).
    fn count_in(
        self: &Arc<Self>,
        live: &mut HashMap<IpAddr, usize>,
        address: IpAddr,
        cap: Option<usize>,
        in_total: bool,
    ) -> Result<Admitted, Refused> {
        if in_total && self.count.load(Ordering::Relaxed) >= self.total {
            return Err(Refused::Server);
        }
        if let Some(cap) = cap {
            let n = live.entry(address).or_insert(0);
            if *n >= cap {
                if *n == 0 {
                    live.remove(&address);
                }
                return Err(Refused::Address);
            }
            *n += 1;
        }
        if in_total {
            self.count.fetch_add(1, Ordering::Relaxed);
        }
        Ok(Admitted {
            address,
            per_address: cap.is_some(),
            in_total,
            of: self.clone(),
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// Connections open now from `address`.
    pub fn from(&self, address: IpAddr) -> usize {
        let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        live.get(&canonical(address)).copied().unwrap_or(0)
    }
}

impl Admitted {
    /// The address it came from.
    pub fn address(&self) -> IpAddr {
        self.address
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut live = self.of.live.lock().unwrap_or_else(|e| e.into_inner());
        if self.per_address
            && let Some(n) = live.get_mut(&self.address)
        {
            *n -= 1;
            if *n == 0 {
                live.remove(&self.address);
            }
        }
        if self.in_total {
            self.of.count.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// The address limits are kept by: an IPv4 address as itself (also when it arrives mapped into
/// IPv6), an IPv6 address by its /64 network (one host usually holds a whole /64).
pub fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut seg = v6.segments();
                seg[4..].fill(0);
                IpAddr::V6(seg.into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_per_address_and_in_all_and_gives_back_on_drop() {
        let c = Connections::new(2, 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = c.admit(a).unwrap();
        let a2 = c.admit(a).unwrap();
        assert_eq!(c.admit(a).unwrap_err(), Refused::Address);
        let b1 = c.admit(b).unwrap();
        assert_eq!(c.admit(b).unwrap_err(), Refused::Server);
        assert_eq!((c.open(), c.from(a)), (3, 2));
        drop(a1);
        let shared = Arc::new(a2);
        let clone = shared.clone();
        drop(shared);
        assert_eq!(c.from(a), 1, "still held by the clone");
        drop(clone);
        drop(b1);
        assert_eq!(c.open(), 0);
        assert!(c.live.lock().unwrap().is_empty(), "no entry left behind");
    }

    #[test]
    fn a_proxy_counts_in_the_total_and_its_clients_in_their_shares() {
        let c = Connections::new(2, 3);
        let proxy: IpAddr = "10.0.0.9".parse().unwrap();
        let a: IpAddr = "203.0.113.1".parse().unwrap();
        let p: Vec<_> = (0..3).map(|_| c.admit_proxy(proxy).unwrap()).collect();
        assert_eq!(c.admit_proxy(proxy).unwrap_err(), Refused::Server);
        assert_eq!(
            (c.open(), c.from(proxy)),
            (3, 0),
            "not in the proxy's share"
        );
        let a1 = c.admit_behind(a, false).unwrap();
        let a2 = c.admit_behind(a, false).unwrap();
        assert_eq!(c.admit_behind(a, false).unwrap_err(), Refused::Address);
        let trusted = c.admit_behind(a, true).unwrap();
        // The proxy itself as a client (no header) has a share of its own.
        let own = c.admit_behind(proxy, false).unwrap();
        assert_eq!((c.open(), c.from(a), c.from(proxy)), (3, 3, 1));
        drop((a1, a2, trusted, own, p));
        assert_eq!(c.open(), 0);
        assert!(c.live.lock().unwrap().is_empty(), "no entry left behind");
    }

    #[test]
    fn ipv6_counts_by_its_network_and_mapped_ipv4_as_ipv4() {
        let x: IpAddr = "2001:db8::1".parse().unwrap();
        let y: IpAddr = "2001:db8::ffff:2".parse().unwrap();
        assert_eq!(canonical(x), canonical(y));
        let m: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(canonical(m), "127.0.0.1".parse::<IpAddr>().unwrap());
    }
}
