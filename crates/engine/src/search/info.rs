//! What a search tells its watchers as it goes: one [`SearchInfo`] per finished iteration (see
//! [`Searcher::on_iteration`](super::searcher::Searcher::on_iteration)), and the same
//! one-line text the engine binary sends as its `MESSAGE` before each move.

use std::fmt;
use std::time::Duration;

use crate::board::Pos;

/// The state of a search after an iteration (or at its end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's depth, in plies.
    pub depth: u8,
    /// The score for the side to move (`WIN - n` for a win in `n` plies).
    pub score: i32,
    /// Whether the score is a proven win or loss.
    pub solved: bool,
    /// Nodes searched so far (alpha-beta and the threat solvers).
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// The threads whose work `nodes` sums.
    pub threads: usize,
    /// The expected line of play, the side to move's move first.
    pub pv: Vec<Pos>,
    /// The board side (to write the moves in notation).
    pub size: u8,
}

impl SearchInfo {
    /// Nodes per millisecond (thousands per second).
    pub fn kilo_nodes_per_second(&self) -> u128 {
        self.nodes as u128 / self.time.as_millis().max(1)
    }

    /// The line of play in notation, separated by spaces.
    pub fn pv_text(&self) -> String {
        self.pv
            .iter()
            .map(|p| p.to_notation(self.size))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `depth 7 score 120 nodes 40000 speed 310k/s time 129 ms threads 1 pv h8 i9 ...`, with
/// ` (solved)` after a proven score: the engine binary's `MESSAGE` line (match scripts read it).
impl fmt::Display for SearchInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth {} score {}{} nodes {} speed {}k/s time {} ms threads {} pv {}",
            self.depth,
            self.score,
            if self.solved { " (solved)" } else { "" },
            self.nodes,
            self.kilo_nodes_per_second(),
            self.time.as_millis().max(1),
            self.threads,
            self.pv_text()
        )
    }
}
