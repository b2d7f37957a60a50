//! Victory by continuous threats: the side to move makes a four or an open three with every
//! move, and wins however the opponent answers. Against a four the answer is forced; against a
//! three the opponent may take any point that stops the open four (found exactly, see
//! [`answers::to_three`]), or make a four of their own;
//! those answers are tried best first (the opponent's own threats leading), since one that holds
//! ends the attack's search. Each branch ends in a VCF (see [`super::vcf`]).

use web_time::Instant;

use super::ZobristMap;
use super::answers;
use super::position::Position;
use super::threat::Threat;
use super::vcf::Vcf;

/// A VCT solver with memories of proven wins and failures.
pub struct Vct {
    vcf: Vcf,
    failed: ZobristMap<u8>,
    won: ZobristMap<usize>,
    /// Nodes visited (not counting the VCF solver's).
    pub nodes: u64,
    node_limit: u64,
    budget_end: u64,
    /// Give up at this time.
    pub deadline: Option<Instant>,
    timed_out: bool,
}

impl Vct {
    /// A solver that gives up after `node_limit` nodes per [`Vct::solve`].
    pub fn new(node_limit: u64) -> Vct {
        Vct {
            vcf: Vcf::new(node_limit.clamp(100, 2_000)),
            failed: ZobristMap::default(),
            won: ZobristMap::default(),
            nodes: 0,
            node_limit,
            budget_end: 0,
            deadline: None,
            timed_out: false,
        }
    }

    /// Nodes of this solver and its VCF solver.
    pub fn total_nodes(&self) -> u64 {
        self.nodes + self.vcf.nodes
    }

    /// Sets the node counts (its own and its VCF solver's) back to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
        self.vcf.nodes = 0;
    }

    /// Forgets what it learnt (for a new game).
    pub fn clear(&mut self) {
        self.failed.clear();
        self.won.clear();
        self.vcf.clear();
    }

    /// The first move of a forced win by threats for the side to move within `depth`
    /// attacking moves, as a padded index, or `None` (none found within the node budget).
    pub fn solve(&mut self, pos: &mut Position, depth: u8) -> Option<usize> {
        self.budget_end = self.total_nodes() + self.node_limit;
        // Past the deadline a solve costs nothing (see the VCF solver).
        self.timed_out = self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.timed_out {
            return None;
        }
        self.vcf.deadline = self.deadline;
        self.attack(pos, depth)
    }

    /// [`Vct::solve`] deepened two attacking moves at a time over `depths` (its first depth,
    /// then every second one up to its last), all within `budget` nodes: the shallow wins come
    /// first and cheap, and no deep line can use the budget before they are tried.
    pub fn solve_deepening(
        &mut self,
        pos: &mut Position,
        depths: std::ops::RangeInclusive<u8>,
        budget: u64,
    ) -> Option<usize> {
        let budget_end = self.total_nodes() + budget;
        for depth in depths.step_by(2) {
            let left = budget_end.saturating_sub(self.total_nodes());
            if left == 0 || self.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.set_node_limit(left);
            if let Some(m) = self.solve(pos, depth) {
                return Some(m);
            }
        }
        None
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.timed_out && self.nodes & 63 == 0 {
            self.timed_out = self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.timed_out || self.total_nodes() > self.budget_end
    }

    /// Sets the node budget of each [`Vct::solve`] (its VCF checks included).
    pub fn set_node_limit(&mut self, nodes: u64) {
        self.node_limit = nodes;
        self.vcf.set_node_limit(nodes.clamp(100, 2_000));
    }

    fn attack(&mut self, pos: &mut Position, depth: u8) -> Option<usize> {
        self.nodes += 1;
        let me = pos.to_move();
        let them = me.opponent();
        if let Some(&m) = self.won.get(&pos.hash()) {
            return Some(m);
        }
        if pos.count(me, Threat::Five) > 0 {
            let mut fives = Vec::new();
            pos.points_with(me, Threat::Five, &mut fives);
            return fives.first().copied();
        }
        if let Some(line) = self.vcf.solve(pos, 12) {
            return line.first().copied();
        }
        if depth == 0 || self.out_of_budget() {
            return None;
        }
        if self.failed.get(&pos.hash()).is_some_and(|&d| d >= depth) {
            return None;
        }
        let mut moves = Vec::new();
        if pos.count(them, Threat::Five) > 0 {
            // Their four (a counter to our three) must be blocked. The attack goes on if the
            // block makes a threat of ours, or if the three it answered still stands.
            if pos.count(them, Threat::Five) == 1 {
                pos.points_with(them, Threat::Five, &mut moves);
            }
        } else {
            pos.points_with(me, Threat::Three, &mut moves);
            moves.sort_by_key(|&i| {
                std::cmp::Reverse((
                    pos.threat(i, me),
                    pos.point_value(i, me) + pos.point_value(i, them),
                ))
            });
        }
        for m in moves {
            if self.out_of_budget() {
                break;
            }
            if !pos.is_legal(m, me) {
                continue;
            }
            pos.play(m);
            let wins = self.every_defence_loses(pos, depth);
            pos.undo();
            if wins {
                self.won.insert(pos.hash(), m);
                return Some(m);
            }
        }
        if !self.out_of_budget() {
            self.failed.insert(pos.hash(), depth);
        }
        None
    }

    /// The attacker has just made a threat; true if every answer still loses for the defender.
    fn every_defence_loses(&mut self, pos: &mut Position, depth: u8) -> bool {
        let defender = pos.to_move();
        let attacker = defender.opponent();
        if pos.count(defender, Threat::Five) > 0 {
            // They make five first.
            return false;
        }
        let fives = pos.count(attacker, Threat::Five);
        let mut defences = Vec::new();
        if fives >= 2 {
            return true;
        } else if fives == 1 {
            // A four: the block is forced.
            pos.points_with(attacker, Threat::Five, &mut defences);
        } else {
            // A three: any point where we would make a four stops or spoils it; or they make
            // a four of their own.
            if !pos.has_playable(attacker, Threat::FlexFour) {
                return false; // no open four threatened (or only on forbidden points): no three
            }
            if !answers::to_three(pos, attacker, &mut defences) {
                pos.answers_to_three(attacker, &mut defences);
            }
            // The answers most likely to hold first: one that refutes ends the search of this
            // attack, so the ones that only lose are not proven first.
            pos.sort_answers(defender, &mut defences);
        }
        for d in defences {
            if !pos.is_legal(d, defender) {
                continue;
            }
            if self.out_of_budget() {
                return false;
            }
            pos.play(d);
            let still = self.attack(pos, depth - 1).is_some();
            pos.undo();
            if !still {
                return false;
            }
        }
        // Every legal defence lost (or black had none: all its blocks are forbidden).
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::Rule;

    fn pos_of(moves: &str, rule: Rule) -> Position {
        Position::new(&Board::with_moves(15, moves).unwrap(), rule)
    }

    #[test]
    fn finds_a_three_three_win() {
        // Black h8 i8 and j10 j11 with room: j8 would be a double three (allowed in
        // freestyle): black wins by threats; there is no VCF.
        let mut pos = pos_of("h8 a1 i8 a15 j10 o1 j11 o15", Rule::Freestyle);
        assert!(Vcf::new(100_000).solve(&mut pos, 12).is_none());
        let mut vct = Vct::new(200_000);
        assert!(vct.solve(&mut pos, 6).is_some());
    }

    #[test]
    fn a_counter_four_does_not_stop_the_attack() {
        // Black's j8 makes a double three. White can answer with a four (e5 or f5 beside
        // b5 c5 d5); black blocks it with a point that is no threat, and the threes still
        // stand: black still wins.
        let mut pos = pos_of("h8 a1 i8 a15 j10 o15 j11 b5 a5 c5 o1 d5", Rule::Freestyle);
        assert!(Vcf::new(100_000).solve(&mut pos, 12).is_none());
        let mut vct = Vct::new(200_000);
        let m = vct.solve(&mut pos, 4).map(|m| pos.pos(m).to_notation(15));
        assert_eq!(m.as_deref(), Some("j8"));
    }

    #[test]
    fn a_long_win_through_counter_fours_is_found_within_a_small_budget() {
        // Game 11 of a match against Rapfi at 1 s (2026-11-28), after our 8th move: white, to
        // move, wins by fours and threes in nine moves (Rapfi announced it at once), four of
        // them blocks of black's counter-fours. Here two of white's moves are made already
        // and seven remain, c9 first. The solver proves it in about 23,000 nodes when it tries
        // the answers that hold best first; trying them in board order it needed 718,000.
        let mut pos = pos_of(
            "g13h14g12h10g14g10f12f13k10g11f10f8g9h8h12i12i11j10d12e12e11c13d11d13f11e13b13g8d10",
            Rule::Freestyle,
        );
        let mut vct = Vct::new(100_000);
        let win = vct.solve_deepening(&mut pos, 1..=11, 100_000);
        assert_eq!(
            win.map(|m| pos.pos(m).to_notation(15)).as_deref(),
            Some("c9")
        );
    }

    #[test]
    fn no_win_from_nothing() {
        let mut pos = pos_of("h8 i9 h9 i8", Rule::Freestyle);
        assert!(Vct::new(50_000).solve(&mut pos, 4).is_none());
    }
}
