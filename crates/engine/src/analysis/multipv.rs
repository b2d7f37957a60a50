//! Multi-PV: the k best root moves with their values and lines.
//!
//! The search runs k times on the same searcher (and transposition table): first over every
//! move, exactly the ordinary search, then each time leaving out the moves already found (see
//! [`Searcher::exclude_root_moves`]). Each run has the whole of the limits. The first line is
//! the ordinary search's choice; a later line's value is capped at the line before it (the
//! search that had both moves preferred the earlier one), so the lines come sorted by value.

use super::win_probability::win_probability;
use crate::board::{Board, Pos};
use crate::rules::Rule;
use crate::search::searcher::{IterationCallback, Limits, Searcher, WIN};

/// One of the best moves.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PvLine {
    /// The move.
    pub best: Pos,
    /// Its value for the side to move (`WIN - n` for a win in `n` plies).
    pub score: i32,
    /// Whether the value is a proven win or loss.
    pub solved: bool,
    /// The probability that the side to move wins after this move.
    pub win_probability: f64,
    /// The deepest iteration its search completed.
    pub depth: u8,
    /// Nodes its search used.
    pub nodes: u64,
    /// The expected line of play, beginning with the move.
    pub pv: Vec<Pos>,
}

/// The `k` best moves on `board` under `rule` (fewer when fewer moves are worth searching or
/// when `limits.stop` is raised), best first, each searched within `limits`.
/// `watch(line)` may give a callback for the searcher's iterations of line `line` (0-based).
pub fn multi_pv(
    searcher: &mut Searcher,
    board: &Board,
    rule: Rule,
    k: usize,
    limits: &Limits,
    mut watch: impl FnMut(usize) -> Option<IterationCallback>,
) -> Vec<PvLine> {
    searcher.set_position(board, rule);
    let to_move = board.to_move();
    let mut lines: Vec<PvLine> = Vec::new();
    let mut found: Vec<Pos> = Vec::new();
    while lines.len() < k {
        searcher.exclude_root_moves(&found);
        searcher.on_iteration(watch(lines.len()));
        let report = searcher.think(limits.clone());
        let stopped = limits.stop.load(std::sync::atomic::Ordering::Relaxed);
        let Some(best) = report
            .best
            .filter(|b| board.is_empty_at(*b) && !found.contains(b))
        else {
            break;
        };
        if report.score < -WIN || (stopped && report.depth == 0) {
            // No root move was left to search (or none was searched before the stop).
            break;
        }
        let score = match lines.last() {
            Some(previous) => report.score.min(previous.score),
            None => report.score,
        };
        let mut pv = report.pv.clone();
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        lines.push(PvLine {
            best,
            score,
            solved: report.solved,
            win_probability: win_probability(score, to_move, rule),
            depth: report.depth,
            nodes: report.nodes,
            pv,
        });
        found.push(best);
        if stopped {
            break;
        }
    }
    searcher.on_iteration(None);
    searcher.exclude_root_moves(&[]);
    lines
}
