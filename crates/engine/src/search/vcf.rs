//! Victory by continuous fours: the side to move makes a four with every move, the opponent's
//! answer is forced each time, until a five (or an open four, or a five the opponent cannot
//! stop because the blocking point is forbidden to black) is reached.

use web_time::Instant;

use super::ZobristMap;
use super::position::Position;
use super::threat::Threat;
use crate::board::Stone;

/// A VCF solver with a memory of positions already proven not to win (per remaining depth).
pub struct Vcf {
    failed: ZobristMap<u8>,
    /// Nodes visited.
    pub nodes: u64,
    node_limit: u64,
    /// Give up at this time (checked every 256 nodes).
    pub deadline: Option<Instant>,
    timed_out: bool,
}

impl Vcf {
    /// A solver that gives up after `node_limit` nodes per [`Vcf::solve`].
    pub fn new(node_limit: u64) -> Vcf {
        Vcf {
            failed: ZobristMap::default(),
            nodes: 0,
            node_limit,
            deadline: None,
            timed_out: false,
        }
    }

    /// Sets the node budget of each [`Vcf::solve`].
    pub fn set_node_limit(&mut self, nodes: u64) {
        self.node_limit = nodes;
    }

    fn out_of_time(&mut self) -> bool {
        if !self.timed_out && self.nodes & 255 == 0 {
            self.timed_out = self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.timed_out
    }

    /// Forgets the remembered failures (their positions may not come again).
    pub fn clear(&mut self) {
        self.failed.clear();
    }

    /// A winning line of fours for the side to move within `depth` attacking moves, as padded
    /// indices (attacker, defender, attacker, ..., the five), or `None`. When black's only
    /// block is forbidden (renju), the line ends with white's four.
    pub fn solve(&mut self, pos: &mut Position, depth: u8) -> Option<Vec<usize>> {
        let budget_end = self.nodes + self.node_limit;
        // Past the deadline a solve costs nothing (the clock is read here, not only every 256
        // nodes: a search that calls many small solves must not overrun by 255 nodes each).
        self.timed_out = self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.timed_out {
            return None;
        }
        let mut line = Vec::new();
        self.attack(pos, depth, budget_end, &mut line)
            .then_some(line)
    }

    fn first_point(pos: &Position, stone: Stone, t: Threat) -> usize {
        let mut pts = Vec::new();
        pos.points_with(stone, t, &mut pts);
        pts[0]
    }

    fn attack(
        &mut self,
        pos: &mut Position,
        depth: u8,
        budget_end: u64,
        line: &mut Vec<usize>,
    ) -> bool {
        self.nodes += 1;
        let me = pos.to_move();
        let them = me.opponent();
        if pos.count(me, Threat::Five) > 0 {
            line.push(Self::first_point(pos, me, Threat::Five));
            return true;
        }
        if depth == 0 || self.nodes > budget_end || self.out_of_time() {
            return false;
        }
        if self.failed.get(&pos.hash()).is_some_and(|&d| d >= depth) {
            return false;
        }
        let mut moves = Vec::new();
        if pos.count(them, Threat::Five) > 0 {
            // We must block their five; only a block that is also our four keeps the attack.
            let block = Self::first_point(pos, them, Threat::Five);
            if pos.count(them, Threat::Five) == 1 && pos.threat(block, me) >= Threat::Four {
                moves.push(block);
            }
        } else {
            pos.points_with(me, Threat::Four, &mut moves);
            // Strongest first: open fours, four-threes, then plain fours.
            moves.sort_by_key(|&i| std::cmp::Reverse((pos.threat(i, me), pos.point_value(i, me))));
        }
        for m in moves {
            if !pos.is_legal(m, me) {
                continue;
            }
            line.push(m);
            pos.play(m);
            let won = self.defend(pos, depth, budget_end, line);
            pos.undo();
            if won {
                return true;
            }
            line.pop();
        }
        if self.nodes <= budget_end && !self.timed_out {
            self.failed.insert(pos.hash(), depth);
        }
        false
    }

    /// The defender answers the four just made; true if the attacker still wins.
    fn defend(
        &mut self,
        pos: &mut Position,
        depth: u8,
        budget_end: u64,
        line: &mut Vec<usize>,
    ) -> bool {
        let defender = pos.to_move();
        let attacker = defender.opponent();
        let fives = pos.count(attacker, Threat::Five);
        if fives == 0 || pos.count(defender, Threat::Five) > 0 {
            // Not a four after all, or they have a five of their own to make first.
            return false;
        }
        let mut pts = Vec::new();
        pos.points_with(attacker, Threat::Five, &mut pts);
        if fives >= 2 {
            // Two points to stop: whichever they take, the other wins.
            line.extend([pts[0], pts[1]]);
            return true;
        }
        let block = pts[0];
        if !pos.is_legal(block, defender) {
            // Renju: black may not stop the five there; white wins (the line ends with the
            // four: whatever black plays, white's five follows).
            return true;
        }
        line.push(block);
        pos.play(block);
        let won = self.attack(pos, depth - 1, budget_end, line);
        pos.undo();
        if !won {
            line.pop();
        }
        won
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
    fn finds_a_win_by_fours() {
        // Black h8 i8 j8 (closed by g8) and l10 l11 l12: fours win.
        let mut pos = pos_of("h8 g8 i8 a1 j8 a3 l10 a5 l11 a7 l12 a9", Rule::Freestyle);
        let mut vcf = Vcf::new(100_000);
        let line = vcf.solve(&mut pos, 10).expect("a VCF");
        assert!(line.len() >= 3);
        // Replaying the line ends in black's five.
        let mut b = pos.board().clone();
        for &i in &line {
            b.place(pos.pos(i)).unwrap();
        }
        let last = b.last_move().unwrap();
        assert!(
            crate::rules::winning_line(&b, last, Rule::Freestyle).is_some(),
            "{b}"
        );
    }

    #[test]
    fn no_vcf_without_fours() {
        let mut pos = pos_of("h8 i9", Rule::Freestyle);
        assert!(Vcf::new(10_000).solve(&mut pos, 10).is_none());
    }
}
