//! The server's game clock: time left per colour, the running side, increments, flags.

use std::time::{Duration, Instant};

use gomoku_engine::Stone;
use gomoku_net::{ClockState, TimeControl};

/// Two clocks, at most one running.
#[derive(Debug, Clone)]
pub struct Clock {
    increment: Duration,
    left: [Duration; 2],
    running: Option<(Stone, Instant)>,
}

impl Clock {
    /// Both sides at the base time, stopped.
    pub fn new(tc: TimeControl) -> Clock {
        let base = Duration::from_secs(tc.base_secs.into());
        Clock {
            increment: Duration::from_secs(tc.increment_secs.into()),
            left: [base, base],
            running: None,
        }
    }

    /// A stopped clock with the given time left (after a restart).
    pub fn resumed(tc: TimeControl, black_ms: u64, white_ms: u64) -> Clock {
        let mut c = Clock::new(tc);
        c.left = [
            Duration::from_millis(black_ms),
            Duration::from_millis(white_ms),
        ];
        c
    }

    /// Time left for `side` at `now`.
    pub fn left(&self, side: Stone, now: Instant) -> Duration {
        match self.running {
            Some((s, since)) if s == side => {
                self.left[side.index()].saturating_sub(now.saturating_duration_since(since))
            }
            _ => self.left[side.index()],
        }
    }

    /// Starts `side`'s clock (stopping the other).
    pub fn start(&mut self, side: Stone, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops whichever clock runs, charging it the time used.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.left[side.index()] = self.left(side, now);
            self.running = None;
        }
    }

    /// `side` has moved: its clock stops, gains the increment, and the other's starts.
    pub fn moved(&mut self, side: Stone, now: Instant) {
        self.stop(now);
        self.left[side.index()] += self.increment;
        self.start(side.opponent(), now);
    }

    /// The side whose running clock has reached zero, if any.
    pub fn flagged(&self, now: Instant) -> Option<Stone> {
        let (side, _) = self.running?;
        self.left(side, now).is_zero().then_some(side)
    }

    /// Time left in milliseconds, black's then white's.
    pub fn millis(&self, now: Instant) -> [u64; 2] {
        [Stone::Black, Stone::White].map(|s| self.left(s, now).as_millis() as u64)
    }

    /// The clocks as the protocol sends them.
    pub fn state(&self, now: Instant) -> ClockState {
        let [black_ms, white_ms] = self.millis(now);
        ClockState {
            black_ms,
            white_ms,
            running: self.running.map(|(s, _)| s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_adds_increment_and_flags() {
        let t0 = Instant::now();
        let mut c = Clock::new(TimeControl {
            base_secs: 10,
            increment_secs: 2,
        });
        c.start(Stone::Black, t0);
        let t1 = t0 + Duration::from_secs(3);
        assert_eq!(c.left(Stone::Black, t1), Duration::from_secs(7));
        c.moved(Stone::Black, t1);
        assert_eq!(c.left(Stone::Black, t1), Duration::from_secs(9));
        assert_eq!(c.flagged(t1 + Duration::from_secs(9)), None);
        assert_eq!(c.flagged(t1 + Duration::from_secs(10)), Some(Stone::White));
        c.stop(t1 + Duration::from_secs(20));
        assert_eq!(c.millis(t1 + Duration::from_secs(30)), [9000, 0]);
    }
}
