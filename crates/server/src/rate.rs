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

/// Messages the rate limit may drop within [`FLOOD_WINDOW`] before the connection is closed.
pub const MAX_DROPPED: u32 = 40;
/// The window dropped messages are counted in.
pub const FLOOD_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

/// Dropped messages in the current window: a client that keeps sending past the rate limit
/// is told once, then closed.
#[derive(Debug, Clone, Default)]
pub struct Flood {
    since: Option<Instant>,
    dropped: u32,
}

impl Flood {
    /// Counts one dropped message: `Some(true)` for the first of a window (tell the client),
    /// `Some(false)` for the next ones, `None` when the connection has gone past
    /// [`MAX_DROPPED`] and must be closed.
    pub fn dropped(&mut self, now: Instant) -> Option<bool> {
        if self
            .since
            .is_none_or(|t| now.saturating_duration_since(t) >= FLOOD_WINDOW)
        {
            self.since = Some(now);
            self.dropped = 0;
        }
        self.dropped += 1;
        if self.dropped > MAX_DROPPED {
            None
        } else {
            Some(self.dropped == 1)
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

    #[test]
    fn a_flood_is_told_once_then_closed_and_a_new_window_forgives() {
        let t = Instant::now();
        let mut f = Flood::default();
        assert_eq!(f.dropped(t), Some(true));
        for _ in 1..MAX_DROPPED {
            assert_eq!(f.dropped(t), Some(false));
        }
        assert_eq!(f.dropped(t), None);
        let mut f = Flood::default();
        for _ in 0..MAX_DROPPED {
            f.dropped(t);
        }
        assert_eq!(f.dropped(t + FLOOD_WINDOW), Some(true), "a new window");
    }
}
