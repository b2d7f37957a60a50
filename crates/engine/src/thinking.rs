//! The engine's side of a turn: the limits a manager sets (time for a move and for the game,
//! memory, threads), how much of them the next move may spend, and the [`Thinker`] that picks
//! a move within them. The protocol drives a thinker; the search and the one-ply AI are
//! thinkers.

use std::time::Duration;

use crate::board::{Board, Pos};
use crate::rules::Rule;

/// The limits a manager sets with `INFO`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Time for one move (`timeout_turn`, default 5 s).
    pub turn: Duration,
    /// Time for the whole game (`timeout_match`), zero for none.
    pub game: Duration,
    /// Time left in the game (`time_left`), if the manager told us.
    pub left: Option<Duration>,
    /// Memory the engine may use in bytes (`max_memory`), zero for no limit.
    pub memory: u64,
    /// Threads the engine may search with (`thread_num`), at least 1.
    pub threads: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            turn: Duration::from_secs(5),
            game: Duration::ZERO,
            left: None,
            memory: 0,
            threads: 1,
        }
    }
}

impl Limits {
    /// The time to spend on the next move with `stones` on the board: the turn limit (zero:
    /// as fast as possible), cut to a share of the game's time left when that is the tighter
    /// bound (the share grows as the game goes on and fewer moves are likely to come; see
    /// `Limits::spendable`), less a safety margin for the operating system and I/O (20 ms and
    /// a twentieth, at most 300 ms), so the reply arrives in time on a busy machine too.
    pub fn move_budget(&self, stones: usize) -> Duration {
        match self.spendable() {
            Some(spendable) => with_margin(
                self.turn.min(spendable / moves_to_go(stones)),
                CLOCKED_FLOOR,
            ),
            None => with_margin(self.turn, TURN_FLOOR),
        }
    }

    /// The most the next move may take with `stones` on the board, when the search may think
    /// longer than [`Limits::move_budget`] on a hard move: the turn limit, cut to
    /// `CAP_SHARES` times the move's share of the game's time left and to a
    /// `LEFT_FRACTION`th of that time (so the game's time never runs out however many hard
    /// moves come), less the same safety margin. Without a game clock it is the budget.
    pub fn move_cap(&self, stones: usize) -> Duration {
        let Some(spendable) = self.spendable() else {
            return self.move_budget(stones);
        };
        let cap = self
            .turn
            .min(spendable * CAP_SHARES / moves_to_go(stones))
            .min(spendable / LEFT_FRACTION);
        with_margin(cap, CLOCKED_FLOOR).max(self.move_budget(stones))
    }

    /// The game's time left that the moves may share out, `None` without a game clock: the
    /// time left less a reserve ([`RESERVE`], at most a quarter of the time left) for the
    /// moves of a long game once it runs low, each of which still costs a shallow search and
    /// the manager's I/O.
    fn spendable(&self) -> Option<Duration> {
        let left = self.left.filter(|_| !self.game.is_zero())?;
        Some(left.saturating_sub(RESERVE.min(left / 4)))
    }
}

/// The moves a game's time left is shared over, with `stones` on the board (fewer as the game
/// goes on, at least 10).
fn moves_to_go(stones: usize) -> u32 {
    (26 - (stones / 4).min(26) as u32).max(10)
}

/// A hard move may take up to this many times its share of the game's time left...
const CAP_SHARES: u32 = 3;
/// ...and at most this fraction of that time.
const LEFT_FRACTION: u32 = 5;
/// The game's time kept back for the moves of a long game (see `Limits::spendable`).
const RESERVE: Duration = Duration::from_millis(300);
/// The least time a move gets under a turn limit only, and under a game clock (where the
/// shallow search that every move completes is all a move gets once the time runs low).
const TURN_FLOOR: Duration = Duration::from_millis(10);
const CLOCKED_FLOOR: Duration = Duration::from_millis(1);

/// `budget` less a safety margin for the operating system and I/O (20 ms and a twentieth, at
/// most 300 ms), at least `floor`.
fn with_margin(budget: Duration, floor: Duration) -> Duration {
    let margin = (Duration::from_millis(20) + budget / 20).min(Duration::from_millis(300));
    budget.saturating_sub(margin).max(floor)
}

/// Something that picks a move for the side to move.
pub trait Thinker {
    /// The move to play on `board` (the side to move is the engine) within `limits`, or `None`
    /// if no point is left.
    fn think(&mut self, board: &Board, rule: Rule, limits: &Limits) -> Option<Pos>;

    /// Gets ready for games under `limits` (memory, threads) outside any move's time: called
    /// at `START`, `RESTART` and when `INFO` changes the memory or the threads.
    fn prepare(&mut self, _limits: &Limits) {}

    /// A one-line account of the last search (depth, score, nodes, line of play), sent to the
    /// manager as a `MESSAGE` before the move; `None` to send nothing.
    fn summary(&self) -> Option<String> {
        None
    }
}
