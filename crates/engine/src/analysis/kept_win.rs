//! Whether a move keeps a forced win: every answer of the opponent is tried, and after each
//! the solvers must prove the win again.
//!
//! The answers depend on what the move threatened. Against a four the block is forced; against
//! an open three the opponent may stop the open four anywhere or make a four of their own;
//! after a quiet move (one that threatens a win by fours, say) they may play anywhere. A four
//! of theirs is blocked and the same question asked again, since the threat still stands.

use crate::search::position::Position;
use crate::search::threat::Threat;
use crate::search::vcf::Vcf;
use crate::search::vct::Vct;

// The solvers' reach, the same for a position's own win (`solve`) and for a win kept after
// each answer.
/// The longest win by fours looked for, in attacking moves.
pub(super) const VCF_DEPTH: u8 = 20;
/// The longest win by threats looked for, in attacking moves (odd depths from 3 up to this).
pub(super) const VCT_MAX_DEPTH: u8 = 11;

/// All answers together get at most this many times the node budget of one (a threat of a
/// win by fours is proven again, or refuted, in a few hundred nodes by most answers).
const ALL_ANSWERS_BUDGET: u64 = 10;

/// The check of one move, with the solvers it shares between the answers (what they remember
/// of a position is true whatever led to it).
pub(super) struct KeptWin {
    vcf: Vcf,
    vct: Vct,
    /// Each solver's budget for one answer.
    nodes: u64,
    /// The budget of the whole check.
    budget: u64,
}

impl KeptWin {
    /// A check giving each answer `nodes` for each solver.
    pub(super) fn new(nodes: u64) -> KeptWin {
        KeptWin {
            vcf: Vcf::new(nodes),
            vct: Vct::new(nodes),
            nodes,
            budget: nodes.saturating_mul(ALL_ANSWERS_BUDGET),
        }
    }

    fn used(&self) -> u64 {
        self.vcf.nodes + self.vct.total_nodes()
    }

    /// Whether every answer of the side to move of `pos` loses to the side that just moved.
    /// The answers most likely to hold come first (the answerer's own threats, then the points
    /// worth most to either side), so a move that keeps nothing is found out early.
    pub(super) fn every_answer_loses(&mut self, pos: &mut Position) -> bool {
        let defender = pos.to_move();
        let attacker = defender.opponent();
        if pos.count(defender, Threat::Five) > 0 {
            // They make five first.
            return false;
        }
        let mut answers = Vec::new();
        match pos.count(attacker, Threat::Five) {
            0 if pos.count(attacker, Threat::FlexFour) > 0 => {
                // An open three: every point that stops the open four, or a four of theirs.
                pos.answers_to_three(attacker, &mut answers);
            }
            0 => {
                pos.all_empty(&mut answers);
                if answers.is_empty() {
                    // A full board: a draw, not a win.
                    return false;
                }
            }
            1 => pos.points_with(attacker, Threat::Five, &mut answers),
            _ => return true,
        }
        pos.sort_answers(defender, &mut answers);
        for d in answers {
            if self.used() > self.budget {
                return false;
            }
            if !pos.is_legal(d, defender) {
                continue;
            }
            pos.play(d);
            let wins = self.wins(pos);
            pos.undo();
            if !wins {
                return false;
            }
        }
        // Every legal answer loses (or there is none: black's blocks are all forbidden).
        true
    }

    /// Whether the side to move of `pos` wins: the solvers prove it, or the opponent has just
    /// made a four whose block (forced) leaves every answer of theirs losing again.
    fn wins(&mut self, pos: &mut Position) -> bool {
        let left = self.budget.saturating_sub(self.used());
        self.vcf.set_node_limit(self.nodes.min(left));
        if self.vcf.solve(pos, VCF_DEPTH).is_some() {
            return true;
        }
        let left = self.budget.saturating_sub(self.used());
        if self
            .vct
            .solve_deepening(pos, 3..=VCT_MAX_DEPTH, self.nodes.min(left))
            .is_some()
        {
            return true;
        }
        let me = pos.to_move();
        let them = me.opponent();
        if pos.count(them, Threat::Five) != 1 || pos.count(me, Threat::Five) > 0 {
            return false;
        }
        let mut block = Vec::new();
        pos.points_with(them, Threat::Five, &mut block);
        let b = block[0];
        if !pos.is_legal(b, me) {
            return false;
        }
        pos.play(b);
        let wins = self.every_answer_loses(pos);
        pos.undo();
        wins
    }
}
