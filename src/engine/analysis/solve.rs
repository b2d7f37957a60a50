//! Forced wins: is there one for the side to move, what is it, and does a move keep it.
//!
//! A win by fours (VCF) is looked for first, then a win by threats (VCT: fours and open
//! threes), deeper and deeper. Both solvers prove what they find; "none found" only means none
//! within the node budget.

use serde::{Deserialize, Serialize};

use crate::engine::board::{Board, Pos, Stone};
use crate::engine::rules::{Rule, winning_line};
use crate::engine::search::position::{Position, Threat};
use crate::engine::search::searcher::{Limits, Searcher};
use crate::engine::search::vcf::Vcf;
use crate::engine::search::vct::Vct;

/// The longest win by fours looked for, in attacking moves.
const VCF_DEPTH: u8 = 20;
/// The longest win by threats looked for, in attacking moves (odd depths from 3 up to this).
const VCT_MAX_DEPTH: u8 = 11;
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
/// every answer the opponent has (a forced block, or any stop of an open three) leaves it a
/// win the solvers prove within `nodes`. A quiet move is not proven to keep a win (the
/// opponent has a free move); callers may add the search's verdict.
pub fn keeps_forced_win(board: &Board, rule: Rule, nodes: u64) -> bool {
    let Some(last) = board.last_move() else {
        return false;
    };
    if winning_line(board, last, rule).is_some() {
        return true;
    }
    let mut pos = Position::new(board, rule);
    let defender = pos.to_move();
    let mover: Stone = defender.opponent();
    if pos.count(defender, Threat::Five) > 0 {
        // They make five first.
        return false;
    }
    let mut points = Vec::new();
    pos.points_with(mover, Threat::Five, &mut points);
    let defences = match points.len() {
        0 if pos.count(mover, Threat::FlexFour) > 0 => {
            // An open three: every point that stops the open four, or a four of theirs.
            let mut stops = Vec::new();
            pos.points_with(mover, Threat::Four, &mut stops);
            let mut counters = Vec::new();
            pos.points_with(defender, Threat::Four, &mut counters);
            for c in counters {
                if !stops.contains(&c) {
                    stops.push(c);
                }
            }
            stops
        }
        0 => return false,
        1 => points,
        _ => return true,
    };
    for d in defences {
        if !pos.is_legal(d, defender) {
            continue;
        }
        pos.play(d);
        let wins = wins_by_force(&mut pos, nodes);
        pos.undo();
        if !wins {
            return false;
        }
    }
    // Every legal answer loses (or there is none: black's blocks are all forbidden).
    true
}

/// Whether the side to move of `pos` has a win the solvers prove within `nodes`.
fn wins_by_force(pos: &mut Position, nodes: u64) -> bool {
    Vcf::new(nodes).solve(pos, VCF_DEPTH).is_some() || vct_move(pos, nodes).is_some()
}
