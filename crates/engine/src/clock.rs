//! Game clocks under a Fischer time control: each side has a base time for the game and gains
//! an increment after each of its moves; the side whose time runs out loses on time.
//!
//! [`Clocks`] is the arithmetic only (milliseconds in, milliseconds out, no clock read here):
//! the host says how long the side to move has thought ([`Clocks::run`]) and when a move was
//! played ([`Clocks::moved`]). It remembers the time each side had when each position arose,
//! so taking moves back (and playing them again) puts the clocks back as they stood then
//! ([`Clocks::back_to`]). How long a computer player may think on its next move comes from
//! the engine's time management for the Gomocup protocol's `time_left`
//! ([`Clocks::move_budget`]).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::board::Stone;
use super::thinking::Limits;

/// The longest base time a time control may have, in seconds (three hours).
pub const MAX_BASE_SECS: u32 = 3 * 60 * 60;

/// The largest increment per move, in seconds.
pub const MAX_INCREMENT_SECS: u32 = 60;

/// The most moves a game has (every point of the largest board), for checking saved clocks.
const MAX_MOVES: usize = 22 * 22;

/// A clock: `base_secs` for the whole game plus `increment_secs` after each own move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Time for the game, in seconds (1 to [`MAX_BASE_SECS`]).
    pub base_secs: u32,
    /// Time added after each move, in seconds (0 to [`MAX_INCREMENT_SECS`]).
    pub increment_secs: u32,
}

impl TimeControl {
    /// `base_secs` for the game and `increment_secs` after each move.
    pub const fn new(base_secs: u32, increment_secs: u32) -> TimeControl {
        TimeControl {
            base_secs,
            increment_secs,
        }
    }

    /// The base time in milliseconds.
    pub fn base_ms(self) -> u64 {
        u64::from(self.base_secs) * 1000
    }

    /// The increment in milliseconds.
    pub fn increment_ms(self) -> u64 {
        u64::from(self.increment_secs) * 1000
    }

    /// Checks the times against what a game offers; the error says what is wrong.
    pub fn check(self) -> Result<(), String> {
        if self.base_secs == 0 || self.base_secs > MAX_BASE_SECS {
            return Err(format!(
                "base time {} s is out of range (1 to {MAX_BASE_SECS})",
                self.base_secs
            ));
        }
        if self.increment_secs > MAX_INCREMENT_SECS {
            return Err(format!(
                "increment {} s is out of range (0 to {MAX_INCREMENT_SECS})",
                self.increment_secs
            ));
        }
        Ok(())
    }
}

/// Both sides' clocks in a game under a [`TimeControl`], and the time each had when each
/// position of the game arose (for taking moves back). Positions are counted by the moves on
/// the board; the clocks may start after some (a position given to start from, an opening).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// The time control.
    control: TimeControl,
    /// The time left now, in milliseconds, black's then white's.
    left: [u64; 2],
    /// The moves on the board when the clocks started.
    first: usize,
    /// The time left when each position arose: `arose[i]` after `first + i` moves (with the
    /// increment of the move that made it). Positions taken back stay until a new move
    /// replaces them, so playing the moves again finds their times.
    arose: Vec<[u64; 2]>,
    /// The position the clocks stand at (moves on the board).
    at: usize,
}

impl Clocks {
    /// Both sides at the base time, in the position after `moves` moves.
    pub fn new(control: TimeControl, moves: usize) -> Clocks {
        let left = [control.base_ms(); 2];
        Clocks {
            control,
            left,
            first: moves,
            arose: vec![left],
            at: moves,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time `stone` has left, in milliseconds.
    pub fn left(&self, stone: Stone) -> u64 {
        self.left[stone.index()]
    }

    /// The position (moves on the board) the clocks stand at.
    pub fn at(&self) -> usize {
        self.at
    }

    /// `stone` thought for `ms` milliseconds: its clock runs down (to zero at the least).
    /// Returns whether its time is up.
    pub fn run(&mut self, stone: Stone, ms: u64) -> bool {
        let left = &mut self.left[stone.index()];
        *left = left.saturating_sub(ms);
        *left == 0
    }

    /// `stone` has played the move that made the position after `moves` moves: it gains the
    /// increment, and the times are remembered for that position (replacing any the position
    /// had before it was taken back).
    pub fn moved(&mut self, stone: Stone, moves: usize) {
        self.left[stone.index()] += self.control.increment_ms();
        if moves < self.first {
            // Played from before the clocks started: they stand for this position now.
            self.first = moves;
            self.arose.clear();
        }
        let i = moves - self.first;
        self.arose.truncate(i);
        // Moves made while the clocks stood still (an opening's stones) keep the last times.
        let last = self.arose.last().copied().unwrap_or(self.left);
        self.arose.resize(i, last);
        self.arose.push(self.left);
        self.at = moves;
    }

    /// Moves were taken back or played again: the clocks show the times they had when the
    /// position after `moves` moves arose (the start's for a position before they started).
    pub fn back_to(&mut self, moves: usize) {
        let i = moves.saturating_sub(self.first);
        // Past the last position remembered (never in play): its times.
        if let Some(&times) = self.arose.get(i).or(self.arose.last()) {
            self.left = times;
        }
        self.at = moves;
    }

    /// The time the side `stone` may spend on its next move with `stones` on the board: a
    /// share of its time left, as the engine shares a game's time under the Gomocup
    /// protocol's `time_left` ([`Limits::move_budget`]: larger as the game goes on, less a
    /// safety margin), so a computer player never loses on time in a normal game.
    pub fn move_budget(&self, stone: Stone, stones: usize) -> Duration {
        let left = Duration::from_millis(self.left(stone));
        Limits {
            turn: left,
            game: Duration::from_millis(self.control.base_ms().max(1)),
            left: Some(left),
            ..Limits::default()
        }
        .move_budget(stones)
    }

    /// Checks clocks read from a file: the times within what the control can give, the
    /// positions within a game.
    pub fn check(&self) -> Result<(), String> {
        self.control.check()?;
        // Every move's increment on top of the base time, at the most.
        let most = self.control.base_ms() + self.control.increment_ms() * MAX_MOVES as u64;
        let times = self.arose.iter().flatten().chain(&self.left);
        if let Some(t) = times.copied().find(|&t| t > most) {
            return Err(format!(
                "a clock shows {t} ms, more than the time control gives"
            ));
        }
        if self.arose.is_empty() || self.first + self.arose.len() > MAX_MOVES + 1 {
            return Err(format!(
                "the clocks remember {} positions from move {}",
                self.arose.len(),
                self.first
            ));
        }
        if self.at > MAX_MOVES {
            return Err(format!("the clocks stand at move {}", self.at));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE_PLUS_THREE: TimeControl = TimeControl::new(300, 3);

    #[test]
    fn the_side_that_thinks_runs_down_and_a_move_adds_the_increment() {
        let mut c = Clocks::new(FIVE_PLUS_THREE, 0);
        assert_eq!(c.left(Stone::Black), 300_000);
        assert!(!c.run(Stone::Black, 10_000));
        assert_eq!(c.left(Stone::Black), 290_000);
        assert_eq!(
            c.left(Stone::White),
            300_000,
            "only the thinker's clock runs"
        );
        c.moved(Stone::Black, 1);
        assert_eq!(c.left(Stone::Black), 293_000);
        assert_eq!(c.at(), 1);
    }

    #[test]
    fn time_runs_out_at_zero_and_stays_there() {
        let mut c = Clocks::new(TimeControl::new(5, 0), 0);
        assert!(!c.run(Stone::White, 4_999));
        assert!(c.run(Stone::White, 2));
        assert_eq!(c.left(Stone::White), 0);
        assert!(c.run(Stone::White, 1));
    }

    #[test]
    fn taking_moves_back_puts_back_the_times_the_position_had_and_redo_finds_them() {
        let mut c = Clocks::new(FIVE_PLUS_THREE, 0);
        c.run(Stone::Black, 20_000);
        c.moved(Stone::Black, 1); // black 283
        c.run(Stone::White, 50_000);
        c.moved(Stone::White, 2); // white 253
        c.run(Stone::Black, 5_000); // black thinks on: 278
        c.back_to(1);
        assert_eq!(c.left(Stone::Black), 283_000);
        assert_eq!(c.left(Stone::White), 300_000);
        c.back_to(0);
        assert_eq!(
            (c.left(Stone::Black), c.left(Stone::White)),
            (300_000, 300_000)
        );
        c.back_to(2);
        assert_eq!(
            (c.left(Stone::Black), c.left(Stone::White)),
            (283_000, 253_000)
        );
        // A new move after an undo replaces the position's times.
        c.back_to(1);
        c.run(Stone::White, 1_000);
        c.moved(Stone::White, 2);
        assert_eq!(c.left(Stone::White), 302_000);
        c.back_to(1);
        c.back_to(2);
        assert_eq!(c.left(Stone::White), 302_000);
    }

    #[test]
    fn clocks_started_later_count_from_their_first_position() {
        // Started after an opening of three stones; the fourth comes first.
        let mut c = Clocks::new(FIVE_PLUS_THREE, 3);
        c.run(Stone::White, 1_000);
        c.moved(Stone::White, 4);
        c.back_to(3);
        assert_eq!(c.left(Stone::White), 300_000);
        // Back before the clocks started: the start's times.
        c.back_to(1);
        assert_eq!(c.left(Stone::White), 300_000);
        // Clocks that waited through an opening's stones remember them at the same times.
        let mut c = Clocks::new(FIVE_PLUS_THREE, 0);
        c.run(Stone::Black, 1_000);
        c.moved(Stone::Black, 6);
        c.back_to(4);
        assert_eq!(c.left(Stone::Black), 300_000);
        c.back_to(6);
        assert_eq!(c.left(Stone::Black), 302_000);
    }

    #[test]
    fn a_computer_player_takes_a_share_of_its_time_that_grows_as_time_runs_short() {
        let mut c = Clocks::new(FIVE_PLUS_THREE, 0);
        let early = c.move_budget(Stone::White, 1);
        assert!(early < Duration::from_secs(300 / 20), "{early:?}");
        assert!(early > Duration::from_secs(5), "{early:?}");
        c.run(Stone::White, 295_000);
        let late = c.move_budget(Stone::White, 1);
        assert!(late <= Duration::from_millis(500), "{late:?}");
        assert!(late > Duration::ZERO);
    }

    #[test]
    fn saved_clocks_are_checked() {
        let c = Clocks::new(FIVE_PLUS_THREE, 0);
        assert_eq!(c.check(), Ok(()));
        let text = serde_json::to_string(&c).unwrap();
        let back: Clocks = serde_json::from_str(&text).unwrap();
        assert_eq!(back, c);
        let forged = text.replace("300000", "99999999999");
        let forged: Clocks = serde_json::from_str(&forged).unwrap();
        assert!(forged.check().unwrap_err().contains("more than"));
        let bad = Clocks::new(TimeControl::new(0, 3), 0);
        assert!(bad.check().unwrap_err().contains("base time"));
        let empty = text.replace("\"arose\":[[300000,300000]]", "\"arose\":[]");
        let empty: Clocks = serde_json::from_str(&empty).unwrap();
        assert!(empty.check().is_err());
    }
}
