//! How many connections each address and each network holds, with a cap per address, one per
//! network (an IPv4 /24, an IPv6 /64: [`network`]) and one for the server, so one address, one
//! network of addresses, or a crowd of half-open requests cannot take every file descriptor.
//!
//! The last [`Caps::reserve`] places of the server's total are kept: a connection admitted
//! into them ([`Admitted::in_reserve`]) is served one request and closed, or, when that request
//! opens a WebSocket, must show within its hello that it is a player with a seat in a live game
//! (the hub then closes an idle lobby connection or a spectator to make room, and closes any
//! other with 1013). So when the server is full, `/health`, a new visitor's first page and a
//! seated player's reconnect still get in; spectators and idle connections do not.
//!
//! At most [`Caps::half_open`] connections may be waiting for their request headers; a new
//! one past that closes the oldest of them, from the network holding most of them, so
//! half-sent requests cannot keep everyone else (`/health` too) out.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::Notify;

/// The caps a [`Connections`] keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// Connections one address may hold.
    pub per_address: usize,
    /// Connections one network (an IPv4 /24, an IPv6 /64) may hold.
    pub per_network: usize,
    /// Connections in all.
    pub total: usize,
    /// The last places of `total`, kept for one request each, or a seated player's
    /// WebSocket.
    pub reserve: usize,
    /// Connections still waiting for their request headers.
    pub half_open: usize,
}

/// Reserve places one address may hold at once.
const RESERVE_PER_ADDRESS: usize = 2;

impl Caps {
    /// The caps for `total` connections with `per_address` from one address and at most
    /// `network_share` of them (0 to 1) from one network: a twentieth of the total (at least
    /// 2, at most half) kept in reserve, a quarter of it (at least 8) for half-open requests.
    pub fn of(total: usize, per_address: usize, network_share: f64) -> Caps {
        let total = total.max(1);
        let per_network = ((total as f64 * network_share).ceil() as usize).clamp(1, total);
        Caps {
            per_address: per_address.max(1),
            per_network,
            total,
            reserve: (total / 20).max(2).min(total / 2),
            half_open: (total / 4).max(8).min(total),
        }
    }

    /// How many of the reserve one network may hold at once.
    fn reserve_per_network(&self) -> usize {
        (self.reserve / 8).max(RESERVE_PER_ADDRESS)
    }
}

/// What one address or network holds.
#[derive(Debug, Default, Clone, Copy)]
struct Held {
    all: usize,
    reserve: usize,
}

#[derive(Debug, Default)]
struct Live {
    addresses: HashMap<IpAddr, Held>,
    networks: HashMap<IpAddr, Held>,
    count: usize,
    /// Connections waiting for their request headers: when they came, their network, and how
    /// to close them.
    half_open: HashMap<u64, (Instant, IpAddr, Arc<Notify>)>,
    next: u64,
}

/// Live connections by address and network.
#[derive(Debug)]
pub struct Connections {
    caps: Caps,
    live: Mutex<Live>,
}

/// Why a connection was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The address already holds its share.
    Address,
    /// The address's network already holds its share.
    Network,
    /// The server holds as many as it takes.
    Server,
}

/// One admitted connection: counted until the last clone of it is dropped (the HTTP
/// connection and, after an upgrade, the WebSocket share it).
#[derive(Debug)]
pub struct Admitted {
    address: IpAddr,
    /// Counted in its address's and network's shares.
    per_address: bool,
    /// Counted in the server's total.
    in_total: bool,
    /// Admitted into the reserve.
    reserve: bool,
    /// Its number among the half-open, while it waits for its request headers.
    half_open: Option<u64>,
    /// Notified when it is closed to make room for a newer half-open connection.
    dropped: Arc<Notify>,
    /// Whether its request headers came (it left the half-open).
    headers_came: AtomicBool,
    of: Arc<Connections>,
}

/// How a connection is counted.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// Within its address's and network's shares and the total.
    Client,
    /// In its address's and network's counts without their caps (`--trust`).
    Trusted,
    /// A trusted proxy's connection: the total only.
    Proxy,
    /// A request through a trusted proxy: its client's shares only (`trusted`: without caps).
    Behind { trusted: bool },
}

impl Connections {
    /// Connections within `caps`.
    pub fn new(caps: Caps) -> Arc<Connections> {
        Arc::new(Connections {
            caps,
            live: Mutex::new(Live::default()),
        })
    }

    /// The caps it keeps.
    pub fn caps(&self) -> Caps {
        self.caps
    }

    /// Counts a new connection from `address`, unless a cap is reached.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Admitted, Refused> {
        self.count_in(address, Kind::Client)
    }

    /// Counts a new connection from a trusted `address`: only the server's cap applies.
    pub fn admit_trusted(self: &Arc<Self>, address: IpAddr) -> Result<Admitted, Refused> {
        self.count_in(address, Kind::Trusted)
    }

    /// Counts a new connection from a trusted proxy at `address`: in the server's total only,
    /// not in any address's share (each request on it is counted for the client behind the
    /// proxy by [`Connections::admit_behind`]).
    pub fn admit_proxy(self: &Arc<Self>, address: IpAddr) -> Result<Admitted, Refused> {
        self.count_in(address, Kind::Proxy)
    }

    /// Counts a request that came through a trusted proxy against the shares of the client
    /// `address` behind it, unless that address is `trusted` (`--trust`): the proxy's
    /// connection is in the server's total already.
    pub fn admit_behind(
        self: &Arc<Self>,
        address: IpAddr,
        trusted: bool,
    ) -> Result<Admitted, Refused> {
        self.count_in(address, Kind::Behind { trusted })
    }

    fn count_in(self: &Arc<Self>, address: IpAddr, kind: Kind) -> Result<Admitted, Refused> {
        let caps = self.caps;
        let address = canonical(address);
        let net = network(address);
        let mut guard = self.live.lock().unwrap_or_else(|e| e.into_inner());
        let live = &mut *guard;
        let in_total = !matches!(kind, Kind::Behind { .. });
        let capped = matches!(kind, Kind::Client | Kind::Behind { trusted: false });
        let shared = !matches!(kind, Kind::Proxy);
        let mut reserve = false;
        if in_total {
            if live.count >= caps.total {
                return Err(Refused::Server);
            }
            reserve = live.count >= caps.total - caps.reserve;
        }
        if capped {
            let here = live.addresses.get(&address).copied().unwrap_or_default();
            let there = live.networks.get(&net).copied().unwrap_or_default();
            if here.all >= caps.per_address || (reserve && here.reserve >= RESERVE_PER_ADDRESS) {
                return Err(Refused::Address);
            }
            if there.all >= caps.per_network
                || (reserve && there.reserve >= caps.reserve_per_network())
            {
                return Err(Refused::Network);
            }
        }
        // Past the half-open cap, the oldest half-open connection of the network holding most
        // of them makes room.
        if in_total && live.half_open.len() >= caps.half_open {
            drop_oldest_half_open(live);
        }
        if shared {
            for held in [
                live.addresses.entry(address).or_default(),
                live.networks.entry(net).or_default(),
            ] {
                held.all += 1;
                held.reserve += usize::from(reserve);
            }
        }
        let dropped = Arc::new(Notify::new());
        let half_open = in_total.then(|| {
            live.next += 1;
            let n = live.next;
            live.half_open
                .insert(n, (Instant::now(), net, dropped.clone()));
            n
        });
        if in_total {
            live.count += 1;
        }
        Ok(Admitted {
            address,
            per_address: shared,
            in_total,
            reserve,
            half_open,
            dropped,
            headers_came: AtomicBool::new(false),
            of: self.clone(),
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.live.lock().unwrap_or_else(|e| e.into_inner()).count
    }

    /// Connections open now from `address`.
    pub fn from(&self, address: IpAddr) -> usize {
        let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        live.addresses.get(&canonical(address)).map_or(0, |h| h.all)
    }

    /// Connections open now from `address`'s network.
    pub fn from_network(&self, address: IpAddr) -> usize {
        let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        live.networks
            .get(&network(canonical(address)))
            .map_or(0, |h| h.all)
    }

    /// Connections waiting for their request headers now.
    pub fn half_open(&self) -> usize {
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .half_open
            .len()
    }
}

/// Closes the oldest half-open connection of the network that holds most of them.
fn drop_oldest_half_open(live: &mut Live) {
    let mut by_network: HashMap<IpAddr, usize> = HashMap::new();
    for (_, net, _) in live.half_open.values() {
        *by_network.entry(*net).or_default() += 1;
    }
    let Some(crowded) = by_network
        .into_iter()
        .max_by_key(|(_, n)| *n)
        .map(|(net, _)| net)
    else {
        return;
    };
    let oldest = live
        .half_open
        .iter()
        .filter(|(_, (_, net, _))| *net == crowded)
        .min_by_key(|(n, (at, _, _))| (*at, **n))
        .map(|(n, _)| *n);
    if let Some((_, _, notify)) = oldest.and_then(|n| live.half_open.remove(&n)) {
        notify.notify_one();
    }
}

impl Admitted {
    /// The address it came from.
    pub fn address(&self) -> IpAddr {
        self.address
    }

    /// Whether it was admitted into the reserve: served one request, or a WebSocket that must
    /// show a seat in a live game.
    pub fn in_reserve(&self) -> bool {
        self.reserve
    }

    /// Its request headers came: it is no longer half-open (and no longer closed to make room
    /// for newer half-open connections).
    pub fn headers_came(&self) {
        if self.headers_came.swap(true, Ordering::Relaxed) {
            return;
        }
        if let Some(n) = self.half_open {
            let mut live = self.of.live.lock().unwrap_or_else(|e| e.into_inner());
            live.half_open.remove(&n);
        }
    }

    /// Completes when the connection, still half-open, is closed to make room for a newer
    /// one.
    pub async fn made_room(&self) {
        self.dropped.notified().await
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut guard = self.of.live.lock().unwrap_or_else(|e| e.into_inner());
        let live = &mut *guard;
        let reserve = usize::from(self.reserve);
        if self.per_address {
            let net = network(self.address);
            for (map, key) in [
                (&mut live.addresses, self.address),
                (&mut live.networks, net),
            ] {
                if let Some(held) = map.get_mut(&key) {
                    held.all = held.all.saturating_sub(1);
                    held.reserve = held.reserve.saturating_sub(reserve);
                    if held.all == 0 {
                        map.remove(&key);
                    }
                }
            }
        }
        if let Some(n) = self.half_open {
            live.half_open.remove(&n);
        }
        if self.in_total {
            live.count = live.count.saturating_sub(1);
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

/// The network the per-network shares are kept by: an IPv4 address's /24, an IPv6 address's
/// /64 (mapped IPv4 as IPv4).
pub fn network(address: IpAddr) -> IpAddr {
    match canonical(address) {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            IpAddr::from([a, b, c, 0])
        }
        v6 => v6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(per_address: usize, per_network: usize, total: usize, reserve: usize) -> Caps {
        Caps {
            per_address,
            per_network,
            total,
            reserve,
            half_open: total,
        }
    }

    #[test]
    fn caps_per_address_and_in_all_and_gives_back_on_drop() {
        let c = Connections::new(caps(2, 3, 3, 0));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.1.2".parse().unwrap();
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
        let live = c.live.lock().unwrap();
        assert!(live.addresses.is_empty() && live.networks.is_empty() && live.half_open.is_empty());
    }

    #[test]
    fn a_network_holds_at_most_its_share_and_others_still_get_in() {
        let c = Connections::new(caps(2, 5, 100, 0));
        let held: Vec<_> = (1..=3)
            .flat_map(|h| {
                let a: IpAddr = format!("198.51.100.{h}").parse().unwrap();
                [c.admit(a), c.admit(a)]
            })
            .collect();
        assert_eq!(held.iter().filter(|h| h.is_ok()).count(), 5);
        assert_eq!(held[5].as_ref().unwrap_err(), &Refused::Network);
        let other: IpAddr = "198.51.101.1".parse().unwrap();
        assert!(c.admit(other).is_ok(), "another /24 still gets in");
        assert_eq!(c.from_network("198.51.100.77".parse().unwrap()), 5);
        // IPv6: the /64 is the network.
        let x: IpAddr = "2001:db8::1".parse().unwrap();
        assert_eq!(network(x), network("2001:db8::ffff:1".parse().unwrap()));
        assert_ne!(network(x), network("2001:db8:0:1::1".parse().unwrap()));
        assert_eq!(
            network("::ffff:10.1.2.3".parse().unwrap()),
            "10.1.2.0".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn the_last_places_are_the_reserve_with_small_shares() {
        let c = Connections::new(caps(10, 10, 6, 3));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.1.1".parse().unwrap();
        let first: Vec<_> = (0..3).map(|_| c.admit(a).unwrap()).collect();
        assert!(first.iter().all(|x| !x.in_reserve()));
        let r1 = c.admit(a).unwrap();
        let r2 = c.admit(a).unwrap();
        assert!(r1.in_reserve() && r2.in_reserve());
        assert_eq!(
            c.admit(a).unwrap_err(),
            Refused::Address,
            "two reserve places an address"
        );
        let r3 = c.admit(b).unwrap();
        assert!(r3.in_reserve());
        assert_eq!(c.admit(b).unwrap_err(), Refused::Server);
        drop((r1, r2, r3, first));
        assert_eq!(c.open(), 0);
    }

    #[test]
    fn past_the_half_open_cap_the_oldest_of_the_most_crowded_network_makes_room() {
        let c = Connections::new(Caps {
            half_open: 3,
            ..caps(10, 10, 10, 0)
        });
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.1.1".parse().unwrap();
        let a1 = c.admit(a).unwrap();
        let b1 = c.admit(b).unwrap();
        let a2 = c.admit(a).unwrap();
        b1.headers_came();
        let b2 = c.admit(b).unwrap();
        assert_eq!(c.half_open(), 3);
        let b3 = c.admit(b).unwrap();
        assert_eq!(c.half_open(), 3, "one made room");
        // a1: the oldest of 10.0.0.0/24, which holds two of the three.
        let woke = futures_util::FutureExt::now_or_never(a1.made_room());
        assert!(woke.is_some(), "the oldest of the crowded network is told");
        assert!(futures_util::FutureExt::now_or_never(a2.made_room()).is_none());
        assert!(futures_util::FutureExt::now_or_never(b2.made_room()).is_none());
        assert_eq!(c.open(), 5, "counted until it is gone");
        drop((a1, a2, b1, b2, b3));
        assert_eq!((c.open(), c.half_open()), (0, 0));
    }

    #[test]
    fn a_proxy_counts_in_the_total_and_its_clients_in_their_shares() {
        let c = Connections::new(caps(2, 100, 3, 0));
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
        let live = c.live.lock().unwrap();
        assert!(live.addresses.is_empty() && live.networks.is_empty());
    }

    #[test]
    fn caps_from_a_total() {
        let c = Caps::of(10_000, 64, 0.125);
        assert_eq!((c.per_network, c.reserve, c.half_open), (1250, 500, 2500));
        let c = Caps::of(40, 4, 0.25);
        assert_eq!((c.per_network, c.reserve, c.half_open), (10, 2, 10));
        let c = Caps::of(1, 64, 0.125);
        assert_eq!(
            (c.total, c.per_network, c.reserve, c.half_open),
            (1, 1, 0, 1)
        );
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
