//! Live analysis: one position searched on and on, a little deeper each round, for a screen
//! that shows what the engine thinks while the player looks. Each [`LiveAnalysis::round`]
//! runs the threat solvers (until they find a forced win) and a multi-PV search with twice the
//! nodes of the round before, and returns what is known so far; a caller runs rounds on a
//! background thread (or one small round per frame) until it is told to stop or
//! [`LiveAnalysis::is_done`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::multipv::{PvLine, multi_pv};
use super::solve::{ForcedWin, forced_win};
use crate::board::{Board, Stone};
use crate::rules::Rule;
use crate::search::searcher::{Limits, Searcher};

/// How many best moves each round looks for.
pub const LINES: usize = 3;
/// The nodes of each line in the first round.
const FIRST_ROUND_NODES: u64 = 4_000;
/// Rounds stop once a line's budget would pass this (a few seconds on the desktop).
const LAST_ROUND_NODES: u64 = 4_000_000;
/// The threat solvers' nodes never pass this in one round.
const MAX_SOLVER_NODES: u64 = 400_000;
/// The searcher's transposition table, in bytes.
const TABLE_BYTES: usize = 32 << 20;

/// What the analysis knows after a round.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LiveReport {
    /// The position's hash ([`Board::hash`]).
    pub hash: u64,
    /// The side to move.
    pub to_move: Stone,
    /// The best moves, best first, with their values and lines.
    pub lines: Vec<PvLine>,
    /// A forced win for the side to move, when the solvers proved one.
    pub forced_win: Option<ForcedWin>,
    /// The nodes each line was searched with in the last round.
    pub nodes: u64,
    /// Rounds completed.
    pub rounds: u32,
    /// Whether the analysis has gone as deep as it goes.
    pub done: bool,
}

impl LiveReport {
    /// Black's chance to win, from the best line (or the forced win); `None` before any line.
    pub fn black_win_probability(&self) -> Option<f64> {
        let p = if self.forced_win.is_some() {
            1.0
        } else {
            self.lines.first()?.win_probability
        };
        Some(if self.to_move == Stone::Black {
            p
        } else {
            1.0 - p
        })
    }

    /// The deepest iteration of the best line.
    pub fn depth(&self) -> u8 {
        self.lines.first().map_or(0, |l| l.depth)
    }
}

/// A position under analysis.
pub struct LiveAnalysis {
    board: Board,
    rule: Rule,
    searcher: Searcher,
    nodes: u64,
    last_nodes: u64,
    stop: Arc<AtomicBool>,
    report: LiveReport,
}

impl LiveAnalysis {
    /// Starts analysing `board` under `rule`; `stop` ends a round under way at once.
    pub fn new(board: &Board, rule: Rule, stop: Arc<AtomicBool>) -> LiveAnalysis {
        LiveAnalysis::with_budget(board, rule, stop, FIRST_ROUND_NODES, LAST_ROUND_NODES)
    }

    /// The same with the first and the largest round's nodes per line chosen (the web build
    /// and the tests keep rounds small).
    pub fn with_budget(
        board: &Board,
        rule: Rule,
        stop: Arc<AtomicBool>,
        first: u64,
        last: u64,
    ) -> LiveAnalysis {
        LiveAnalysis {
            board: board.clone(),
            rule,
            searcher: Searcher::new(board, rule, TABLE_BYTES),
            nodes: first.max(1),
            last_nodes: last.max(first),
            stop,
            report: LiveReport {
                hash: board.hash(),
                to_move: board.to_move(),
                lines: Vec::new(),
                forced_win: None,
                nodes: 0,
                rounds: 0,
                done: false,
            },
        }
    }

    /// Whether the last round has been run (or the position has nothing to search).
    pub fn is_done(&self) -> bool {
        self.report.done
    }

    /// What is known so far.
    pub fn report(&self) -> &LiveReport {
        &self.report
    }

    /// Runs one round; returns the report after it, or `None` when stopped during it (the
    /// report keeps the last full round's figures).
    pub fn round(&mut self) -> Option<&LiveReport> {
        if self.report.done || self.stopped() {
            return None;
        }
        if self.board.is_full() {
            self.report.done = true;
            return Some(&self.report);
        }
        if self.report.forced_win.is_none() {
            let solver_nodes = self.nodes.min(MAX_SOLVER_NODES);
            self.report.forced_win = forced_win(&self.board, self.rule, solver_nodes);
        }
        if self.stopped() {
            return None;
        }
        let limits = Limits {
            time: None,
            nodes: Some(self.nodes),
            stop: self.stop.clone(),
            ..Limits::default()
        };
        let lines = multi_pv(
            &mut self.searcher,
            &self.board,
            self.rule,
            LINES,
            &limits,
            |_| None,
        );
        if self.stopped() {
            return None;
        }
        self.report.lines = lines;
        self.report.nodes = self.nodes;
        self.report.rounds += 1;
        let solved = self.report.lines.first().is_some_and(|l| l.solved);
        self.nodes = self.nodes.saturating_mul(2);
        self.report.done = self.nodes > self.last_nodes || solved || self.report.lines.is_empty();
        Some(&self.report)
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_moves;

    #[test]
    fn rounds_deepen_until_done_and_find_the_open_four_win() {
        // Black has an open three h8 i8 j8 and is to move: a forced win.
        let moves = parse_moves("h8 h9 i8 i9 j8 a1", 15).unwrap();
        let mut board = Board::new(15).unwrap();
        for m in moves {
            board.place(m).unwrap();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut live = LiveAnalysis::with_budget(&board, Rule::Freestyle, stop, 1_000, 4_000);
        let mut rounds = 0;
        while live.round().is_some() {
            rounds += 1;
        }
        assert!(live.is_done());
        assert!(rounds >= 1);
        let report = live.report();
        assert!(report.forced_win.is_some());
        assert_eq!(report.black_win_probability(), Some(1.0));
        assert!(!report.lines.is_empty() && report.lines.len() <= LINES);
    }
}
