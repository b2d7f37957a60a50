//! Counts of something an address did (a failed join, a new player) in a fixed window of
//! time, to refuse an address that does it too often.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// At most `max` attempts per address in each `window`.
#[derive(Debug)]
pub struct Attempts {
    max: u32,
    window: Duration,
    seen: HashMap<IpAddr, (Instant, u32)>,
}

impl Attempts {
    /// At most `max` in each `window`.
    pub fn new(max: u32, window: Duration) -> Attempts {
        Attempts {
            max,
            window,
            seen: HashMap::new(),
        }
    }

    /// When `address` may try again, if it has used up its attempts for now.
    pub fn blocked(&self, address: IpAddr, now: Instant) -> Option<Duration> {
        let (start, n) = self.seen.get(&address)?;
        let end = *start + self.window;
        (*n >= self.max && now < end).then(|| end - now)
    }

    /// Counts one attempt by `address`.
    pub fn count(&mut self, address: IpAddr, now: Instant) {
        let window = self.window;
        let entry = self.seen.entry(address).or_insert((now, 0));
        if now.saturating_duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
    }

    /// Forgets windows that have ended (called now and then, so the map stays small).
    pub fn prune(&mut self, now: Instant) {
        let window = self.window;
        self.seen
            .retain(|_, (start, _)| now.saturating_duration_since(*start) < window);
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
        assert_eq!(after(Duration::from_secs(42)), "in 42 s");
        assert_eq!(after(Duration::from_secs(600)), "in 10 min");
    }
}
