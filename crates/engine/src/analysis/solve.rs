//! Forced wins: is there one for the side to move, what is it, and does a move keep it.
//!
//! A win by fours (VCF) is looked for first, then a win by threats (VCT: fours and open
//! threes), deeper and deeper. Both solvers prove what they find; "none found" only means none
//! within the node budget.

use serde::{Deserialize, Serialize};

use crate::board::{Board, Pos};
use crate::rules::{Rule, winning_line};
use crate::search::position::Position;
use crate::search::searcher::{Limits, Searcher};
use crate::search::vcf::Vcf;
use crate::search::vct::Vct;

use super::kept_win::{KeptWin, VCF_DEPTH, VCT_MAX_DEPTH};

/// The longest line [`forced_win`] writes out, in moves.
const MAX_LINE: usize = 40;
/// Nodes of the short search that picks the defender's answers in a VCT's line.
const DEFENCE_SEARCH_NODES: u64 = 2_000;

/// How a forced win goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinKind {
    /// Victory by continuous fours: every attacking move is a four.
    Vcf,
    /// Victory by continuous threats: fours and open threes.
    Vct,
}

impl WinKind {
    /// `VCF` or `VCT`.
    pub fn name(self) -> &'static str {
        match self {
            WinKind::Vcf => "VCF",
            WinKind::Vct => "VCT",
        }
    }
}

/// A forced win for the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedWin {
    /// By fours or by threats.
    pub kind: WinKind,
    /// The first winning move.
    pub first: Pos,
    /// A line of play from the first move, attacker and defender in turn, as far as the
    /// solvers could write it (a VCF's line ends in five; a VCT's follows one defence).
    pub line: Vec<Pos>,
}

impl ForcedWin {
    /// The attacking moves of the line (the attacker's moves are every other one).
    pub fn attacking_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// A forced win for the side to move on `board` under `rule`, found within `nodes` nodes of
/// each solver, or `None`. The game must not be over.
pub fn forced_win(board: &Board, rule: Rule, nodes: u64) -> Option<ForcedWin> {
    let mut pos = Position::new(board, rule);
    if let Some(line) = Vcf::new(nodes).solve(&mut pos, VCF_DEPTH) {
        let line: Vec<Pos> = line.iter().map(|&i| pos.pos(i)).collect();
        return Some(ForcedWin {
            kind: WinKind::Vcf,
            first: line[0],
            line,
        });
    }
    let first = vct_move(&mut pos, nodes)?;
    let line = vct_line(board, rule, pos.pos(first), nodes);
    Some(ForcedWin {
        kind: WinKind::Vct,
        first: pos.pos(first),
        line,
    })
}

/// The first move of a win by threats, shortest first, within `nodes` over all depths.
fn vct_move(pos: &mut Position, nodes: u64) -> Option<usize> {
    let mut vct = Vct::new(nodes);
    for depth in (3..=VCT_MAX_DEPTH).step_by(2) {
        let left = nodes.saturating_sub(vct.total_nodes());
        if left == 0 {
            break;
        }
        vct.set_node_limit(left);
        if let Some(m) = vct.solve(pos, depth) {
            return Some(m);
        }
    }
    None
}

/// A line of a win by threats beginning with `first`: each defence is the one a short search
/// prefers, each attack the solvers' next move, until a win by fours finishes it (or the
/// solvers lose the thread within their budget, where the line stops).
fn vct_line(board: &Board, rule: Rule, first: Pos, nodes: u64) -> Vec<Pos> {
    let mut board = board.clone();
    let attacker = board.to_move();
    let mut line = Vec::new();
    let mut attack = Some(first);
    while let Some(a) = attack {
        if line.len() >= MAX_LINE || board.place(a).is_err() {
            break;
        }
        line.push(a);
        if winning_line(&board, a, rule).is_some() || board.is_full() {
            break;
        }
        let mut searcher = Searcher::new(&board, rule, 1 << 20);
        let Some(defence) = searcher.think(Limits::nodes(DEFENCE_SEARCH_NODES)).best else {
            break;
        };
        if board.place(defence).is_err() {
            break;
        }
        line.push(defence);
        if winning_line(&board, defence, rule).is_some() {
            break;
        }
        debug_assert_eq!(board.to_move(), attacker);
        let mut pos = Position::new(&board, rule);
        if let Some(fours) = Vcf::new(nodes).solve(&mut pos, VCF_DEPTH) {
            line.extend(fours.iter().map(|&i| pos.pos(i)));
            break;
        }
        attack = vct_move(&mut pos, nodes).map(|i| pos.pos(i));
    }
    line
}

/// Whether the side that just moved on `board` still wins by force: its move made five, or
/// every answer the opponent has leaves it a win the solvers prove within `nodes` (see
/// `kept_win`: blocks of fours, stops of open threes, and after a quiet move every
/// point). What is not proven within the budget is not kept; callers may add the search's
/// verdict.
pub fn keeps_forced_win(board: &Board, rule: Rule, nodes: u64) -> bool {
    let Some(last) = board.last_move() else {
        return false;
    };
    if winning_line(board, last, rule).is_some() {
        return true;
    }
    let mut pos = Position::new(board, rule);
    KeptWin::new(nodes).every_answer_loses(&mut pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &str) -> Board {
        Board::with_moves(15, moves).expect("legal moves")
    }

    /// Black (c3 d3 e3, f4, i12) wins from here; white has m9 m8 m10 on the other side.
    const BLACK_WINS: &str = "c3 j12 d3 b3 i12 k12 e3 l12 f4 m9 m8 m10";

    #[test]
    fn a_quiet_move_threatening_a_win_by_fours_keeps_the_win() {
        // f5 makes no four and no open three, but black threatens fours wherever white goes
        // (Rapfi at 1 s: white is mated in 14 plies).
        assert!(keeps_forced_win(
            &board(&format!("{BLACK_WINS} f5")),
            Rule::Freestyle,
            20_000
        ));
    }

    #[test]
    fn a_quiet_move_that_threatens_nothing_does_not_keep_the_win() {
        assert!(!keeps_forced_win(
            &board(&format!("{BLACK_WINS} a15")),
            Rule::Freestyle,
            20_000
        ));
    }
}
