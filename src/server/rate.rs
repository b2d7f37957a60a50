//! A token bucket: how many messages a connection may send, and how fast.

use std::time::Instant;

/// Allows `burst` messages at once and `per_sec` a second on average.
#[derive(Debug, Clone)]
pub struct RateLimit {
    per_sec: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    /// A full bucket.
    pub fn new(per_sec: f64, burst: f64, now: Instant) -> RateLimit {
        RateLimit {
            per_sec,
            burst,
            tokens: burst,
            last: now,
        }
    }

    /// Takes one message's token; false when the bucket is empty (drop the message).
    pub fn allow(&mut self, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.per_sec).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn burst_then_refill() {
        let t = Instant::now();
        let mut r = RateLimit::new(10.0, 3.0, t);
        assert!(r.allow(t) && r.allow(t) && r.allow(t));
        assert!(!r.allow(t));
        assert!(r.allow(t + Duration::from_millis(150)));
    }
}
