//! Counts of something an address did (a failed join, a new player) in a fixed window of
//! time, to refuse an address that does it too often, and, when asked, a network of addresses
//! (an IPv4 /24, an IPv6 /64) that does it too often between them.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// At most `max` attempts per address in each `window` (and `per_network` per network).
#[derive(Debug)]
pub struct Attempts {
    max: u32,
    window: Duration,
    seen: HashMap<IpAddr, (Instant, u32)>,
    per_network: Option<u32>,
    networks: HashMap<IpAddr, (Instant, u32)>,
}

impl Attempts {
    /// At most `max` in each `window`.
    pub fn new(max: u32, window: Duration) -> Attempts {
        Attempts {
            max,
            window,
            seen: HashMap::new(),
            per_network: None,
            networks: HashMap::new(),
        }
    }

    /// Also at most `max` in each window from one network ([`super::network`]).
    pub fn per_network(mut self, max: u32) -> Attempts {
        self.per_network = Some(max);
        self
    }

    /// When `address` may try again, if it (or its network) has used up its attempts for now.
    pub fn blocked(&self, address: IpAddr, now: Instant) -> Option<Duration> {
        let window = self.window;
        let wait = |seen: &HashMap<IpAddr, (Instant, u32)>, key: IpAddr, max: u32| {
            let (start, n) = seen.get(&key)?;
            let end = *start + window;
            (*n >= max && now < end).then(|| end - now)
        };
        wait(&self.seen, address, self.max).or_else(|| {
            let max = self.per_network?;
            wait(&self.networks, super::network(address), max)
        })
    }

    /// Counts one attempt by `address` (and its network).
    pub fn count(&mut self, address: IpAddr, now: Instant) {
        let window = self.window;
        let one = |seen: &mut HashMap<IpAddr, (Instant, u32)>, key: IpAddr| {
            let entry = seen.entry(key).or_insert((now, 0));
            if now.saturating_duration_since(entry.0) >= window {
                *entry = (now, 0);
            }
            entry.1 = entry.1.saturating_add(1);
        };
        one(&mut self.seen, address);
        if self.per_network.is_some() {
            one(&mut self.networks, super::network(address));
        }
    }

    /// Forgets windows that have ended (called now and then, so the maps stay small).
    pub fn prune(&mut self, now: Instant) {
        let window = self.window;
        for seen in [&mut self.seen, &mut self.networks] {
            seen.retain(|_, (start, _)| now.saturating_duration_since(*start) < window);
        }
    }
}

/// "in 42 s" / "in 3 min", for refusals that say when to try again.
pub fn after(wait: Duration) -> String {
    let s = wait.as_secs().max(1);
    if s < 120 {
        format!("in {s} s")
    } else {
        format!("in {} min", s.div_ceil(60))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_max_until_the_window_ends() {
        let t = Instant::now();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let mut at = Attempts::new(3, Duration::from_secs(60));
        for _ in 0..3 {
            assert_eq!(at.blocked(a, t), None);
            at.count(a, t);
        }
        assert_eq!(
            at.blocked(a, t + Duration::from_secs(10)),
            Some(Duration::from_secs(50))
        );
        assert_eq!(at.blocked(b, t), None, "another address is not blocked");
        assert_eq!(at.blocked(a, t + Duration::from_secs(60)), None);
        at.count(a, t + Duration::from_secs(61));
        assert_eq!(
            at.blocked(a, t + Duration::from_secs(61)),
            None,
            "a new window"
        );
        at.prune(t + Duration::from_secs(200));
        assert!(at.seen.is_empty());
        // Per network: three addresses of one /24 share five.
        let mut at = Attempts::new(3, Duration::from_secs(60)).per_network(5);
        let hosts: Vec<IpAddr> = (1..=3)
            .map(|h| format!("198.51.100.{h}").parse().unwrap())
            .collect();
        let mut made = 0;
        for h in &hosts {
            for _ in 0..3 {
                if at.blocked(*h, t).is_none() {
                    at.count(*h, t);
                    made += 1;
                }
            }
        }
        assert_eq!(made, 5, "the network's five, not three addresses' nine");
        let other: IpAddr = "198.51.101.1".parse().unwrap();
        assert_eq!(at.blocked(other, t), None, "another /24 is not blocked");
        at.prune(t + Duration::from_secs(200));
        assert!(at.networks.is_empty());
        assert_eq!(after(Duration::from_secs(42)), "in 42 s");
        assert_eq!(after(Duration::from_secs(600)), "in 10 min");
    }
}
