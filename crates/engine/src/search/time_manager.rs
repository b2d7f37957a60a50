//! How long a search with a game clock thinks: a target time for the move (the protocol's
//! share of the time left) that the search stretches when its best move keeps changing or its
//! score falls from one iteration to the next, and shortens when one move has stayed the best
//! for several iterations. The turn's hard cap stays the searcher's deadline whatever this
//! says; without a game clock the target is the cap and nothing here is used.

use std::time::Duration;

use crate::board::Pos;

/// Iterations in a row with the same best move after which the move counts as settled.
const SETTLED_ITERATIONS: u32 = 3;
/// The share of the target a settled move is given.
const SETTLED_SHARE: f32 = 0.6;
/// How much each recent change of the best move stretches the time (changes count half as
/// much with each later iteration).
const CHANGE_WEIGHT: f32 = 1.0;
/// A fall of the score by this much (or more) from the last iteration doubles the time.
const FALL_SCALE: i32 = 150;
/// The least and the most of the target a move may be given.
const MIN_SHARE: f32 = 0.4;
const MAX_SHARE: f32 = 3.0;
/// Scores at or beyond this size are wins or losses: no fall is read from them.
const DECIDED: i32 = 20_000;

/// Time management of one search.
#[derive(Debug, Clone)]
pub struct TimeManager {
    target: Duration,
    /// Recent changes of the best move, each weighing half as much an iteration later.
    changes: f32,
    /// Iterations in a row with the same best move.
    same: u32,
    /// The last finished iteration's best move and score.
    last: Option<(Pos, i32)>,
    /// The time the search may use now (from its start).
    allowed: Duration,
}

impl TimeManager {
    /// A search aiming at `target`.
    pub fn new(target: Duration) -> TimeManager {
        TimeManager {
            target,
            changes: 0.0,
            same: 0,
            last: None,
            allowed: target,
        }
    }

    /// The time the search may use from its start, as the last iteration left it.
    pub fn allowed(&self) -> Duration {
        self.allowed
    }

    /// An iteration finished with `best` scoring `score`: returns the time the search may now
    /// use (from its start).
    pub fn iteration(&mut self, best: Option<Pos>, score: i32) -> Duration {
        let mut fall = 0;
        self.changes *= 0.5;
        match (self.last, best) {
            (Some((last, last_score)), Some(b)) => {
                if last == b {
                    self.same += 1;
                } else {
                    self.same = 0;
                    self.changes += 1.0;
                }
                if last_score.abs() < DECIDED && score.abs() < DECIDED {
                    fall = (last_score - score).clamp(0, FALL_SCALE);
                }
            }
            _ => self.same = 0,
        }
        if let Some(b) = best {
            self.last = Some((b, score));
        }
        let settled = if self.same >= SETTLED_ITERATIONS {
            SETTLED_SHARE
        } else {
            1.0
        };
        let share = settled
            * (1.0 + CHANGE_WEIGHT * self.changes)
            * (1.0 + fall as f32 / FALL_SCALE as f32);
        self.allowed = self.target.mul_f32(share.clamp(MIN_SHARE, MAX_SHARE));
        self.allowed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8) -> Option<Pos> {
        Some(Pos { x, y: 7 })
    }

    #[test]
    fn a_settled_move_is_given_less_and_a_changing_one_more() {
        let target = Duration::from_millis(1000);
        let mut steady = TimeManager::new(target);
        for _ in 0..6 {
            steady.iteration(p(7), 30);
        }
        assert!(steady.allowed() < target);
        let mut restless = TimeManager::new(target);
        for x in 0..6 {
            restless.iteration(p(x), 30);
        }
        assert!(restless.allowed() > target);
        assert!(restless.allowed() <= target.mul_f32(MAX_SHARE));
    }

    #[test]
    fn a_falling_score_stretches_the_time() {
        let target = Duration::from_millis(1000);
        let mut t = TimeManager::new(target);
        t.iteration(p(7), 100);
        let even = t.iteration(p(7), 100);
        let fallen = t.iteration(p(7), -100);
        assert!(fallen > even, "{fallen:?} {even:?}");
        // A win or a loss found is not a fall.
        let mut w = TimeManager::new(target);
        w.iteration(p(7), 100);
        assert_eq!(w.iteration(p(7), -29_000), target);
    }
}
