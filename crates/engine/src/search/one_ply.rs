//! The seed documents' AI: score every candidate point for attack (what our stone there makes)
//! and defence (what the opponent's stone there would make), and play the best, choosing at
//! random among equals. It looks one move ahead and never misses a five or a forced block.

use rand::Rng;
use rand::seq::IndexedRandom;

use super::candidates;
use crate::board::{Board, Pos, Stone};
use crate::pattern::{Pattern, patterns_at};
use crate::rules::{self, Rule};

/// Scores from here up mean a five, a block of a five, or an unstoppable four.
pub const FORCING_SCORE: i64 = 80_000;

/// Score of one line pattern.
fn pattern_score(p: Pattern) -> i64 {
    match p {
        Pattern::Five => 10_000_000,
        Pattern::OpenFour => 100_000,
        Pattern::Four => 6_000,
        Pattern::OpenThree => 5_000,
        Pattern::Three => 600,
        Pattern::OpenTwo => 300,
        Pattern::Two => 40,
        Pattern::None => 0,
    }
}

/// The value of `stone` playing `p`: its line patterns plus bonuses for the combinations that
/// win by force (two fours, four and open three, two open threes).
fn point_value(board: &Board, p: Pos, stone: Stone, rule: Rule) -> i64 {
    let pats = patterns_at(board, p, stone, rule);
    let count = |want: &[Pattern]| pats.iter().filter(|x| want.contains(x)).count();
    let mut v: i64 = pats.iter().map(|&x| pattern_score(x)).sum();
    let fours = count(&[Pattern::Four, Pattern::OpenFour]);
    let open_threes = count(&[Pattern::OpenThree]);
    if fours >= 2 || (fours >= 1 && open_threes >= 1) {
        v += 80_000;
    } else if open_threes >= 2 {
        v += 30_000;
    }
    v
}

/// The score of every legal candidate point for the side to move, best first.
pub fn scored_moves(board: &Board, rule: Rule) -> Vec<(Pos, i64)> {
    let me = board.to_move();
    let them = me.opponent();
    let legal = |p: &Pos| !(rule.has_forbidden(me) && rules::forbidden_kind(board, *p).is_some());
    let mut points: Vec<Pos> = candidates(board, 2).into_iter().filter(legal).collect();
    if points.is_empty() {
        // Every nearby point is forbidden to black: look at the whole board.
        points = board
            .points()
            .filter(|&p| board.is_empty_at(p))
            .filter(legal)
            .collect();
    }
    let mut scored: Vec<(Pos, i64)> = points
        .into_iter()
        .map(|p| {
            let attack = point_value(board, p, me, rule);
            // A point forbidden to the opponent is no threat of theirs.
            let defence = if rule.has_forbidden(them) && rules::forbidden_kind(board, p).is_some() {
                0
            } else {
                point_value(board, p, them, rule) * 9 / 10
            };
            (p, attack + defence)
        })
        .collect();
    scored.sort_by_key(|&(p, s)| (std::cmp::Reverse(s), p));
    scored
}

/// The move the one-ply AI plays, or `None` when no legal point is left.
pub fn choose_move(board: &Board, rule: Rule, rng: &mut impl Rng) -> Option<Pos> {
    let scored = scored_moves(board, rule);
    let best = scored.first()?.1;
    let ties: Vec<Pos> = scored
        .iter()
        .take_while(|&&(_, s)| s == best)
        .map(|&(p, _)| p)
        .collect();
    ties.choose(rng).copied()
}

/// The one-ply AI as a protocol [`Thinker`](crate::thinking::Thinker).
pub struct OnePly<R: Rng> {
    rng: R,
}

impl<R: Rng> OnePly<R> {
    /// A one-ply thinker drawing its tie-breaks from `rng`.
    pub fn new(rng: R) -> OnePly<R> {
        OnePly { rng }
    }
}

impl<R: Rng> crate::thinking::Thinker for OnePly<R> {
    fn think(
        &mut self,
        board: &Board,
        rule: Rule,
        _limits: &crate::thinking::Limits,
    ) -> Option<Pos> {
        choose_move(board, rule, &mut self.rng)
    }
}
