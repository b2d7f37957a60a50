//! Move ordering: a linear "policy" that scores a candidate move from the same point features
//! as the evaluation (its line patterns, threat class and strongest pair, for the side to move
//! and for the other side) and from its distance to the last two moves.
//!
//! The weights come from softmax regression on the moves the search chose in self-play games
//! (`crates/engine/examples/tune_policy.rs`, documented in the book's
//! `docs/book/src/engine/tuning.md`): the policy predicts which candidate
//! the search will pick, which is what move ordering needs (the best move first makes the
//! other moves' searches cheap).

use super::super::pattern::Pattern;
use super::eval::{POINT_FEATURES, point_features};
use super::threat::Threat;

/// Distance classes of a candidate to a recent move (king moves): 1, 2, 3 or 4, farther.
pub const DISTANCE_CLASSES: usize = 3;

/// Every feature of a candidate: its point features for the side to move, for the other side,
/// and its distance classes to the opponent's last move and to our own last move.
pub const POLICY_FEATURES: usize = 2 * POINT_FEATURES + 2 * DISTANCE_CLASSES;

/// Policy units per unit of logit (softmax log-probability).
pub const UNITS_PER_LOGIT: f64 = 100.0;

/// The fitted weights, in policy units, by feature.
pub const POLICY_WEIGHTS: [i32; POLICY_FEATURES] = [
    16, 95, 104, 162, 235, 448, 0, //
    19, 78, 132, 116, 292, 453, 0, //
    -2, 14, -17, -18, 15, 9, 23, //
    48, 60, 58, 49, 80, 60, 132, //
    23, 34, 63, 115, 292, 66, 113, //
    288, 427, 426, 354, 52, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    9, 47, 63, 103, 124, 199, 0, //
    -10, 36, 65, 59, 153, 203, 0, //
    6, -17, 2, -20, -35, 21, -1, //
    -7, 4, 33, 21, 27, 35, 65, //
    24, 47, 65, 82, 153, 88, 120, //
    155, 186, 175, 235, 42, -5, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    64, 43, 38, 61, 34, 10, //
];

/// The distance class of a king-move distance (`None`: no such move).
pub fn distance_class(d: Option<i32>) -> Option<usize> {
    match d? {
        ..=1 => Some(0),
        2 => Some(1),
        3 | 4 => Some(2),
        _ => None,
    }
}

/// The features of a candidate: `own` and `their` are the point's line patterns and threat
/// class for the side to move and for the other side; `last` and `mine` the distances to the
/// opponent's last move and to ours.
pub fn policy_features(
    own: (&[Pattern; 4], Threat),
    their: (&[Pattern; 4], Threat),
    last: Option<i32>,
    mine: Option<i32>,
) -> impl Iterator<Item = usize> {
    let own = point_features(own.0, own.1);
    let their = point_features(their.0, their.1).map(|k| POINT_FEATURES + k);
    let last = distance_class(last).map(|c| 2 * POINT_FEATURES + c);
    let mine = distance_class(mine).map(|c| 2 * POINT_FEATURES + DISTANCE_CLASSES + c);
    own.chain(their).chain(last).chain(mine)
}

/// A point's policy share for a colour: as the side to move (`[0]`) and as the other side
/// (`[1]`).
pub fn point_policy(pats: &[Pattern; 4], threat: Threat) -> [i32; 2] {
    point_features(pats, threat).fold([0, 0], |[m, w], f| {
        [
            m + POLICY_WEIGHTS[f],
            w + POLICY_WEIGHTS[POINT_FEATURES + f],
        ]
    })
}

/// The policy share of a candidate's distances to the last two moves.
pub fn distance_policy(last: Option<i32>, mine: Option<i32>) -> i32 {
    distance_class(last).map_or(0, |c| POLICY_WEIGHTS[2 * POINT_FEATURES + c])
        + distance_class(mine).map_or(0, |c| {
            POLICY_WEIGHTS[2 * POINT_FEATURES + DISTANCE_CLASSES + c]
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::Rule;
    use crate::search::position::Position;

    #[test]
    fn a_points_policy_value_is_its_weighted_features() {
        let board = Board::with_moves(15, "h8 h9 i9 g7 j10 k11 i10 i11 j9 h11 g11 k8").unwrap();
        let pos = Position::new(&board, Rule::Freestyle);
        let me = pos.to_move();
        let mut cands = Vec::new();
        pos.candidates(&mut cands);
        for i in cands {
            let own = (&pos.patterns(i, me), pos.threat(i, me));
            let their = (
                &pos.patterns(i, me.opponent()),
                pos.threat(i, me.opponent()),
            );
            let summed: i32 = policy_features(own, their, None, None)
                .map(|k| POLICY_WEIGHTS[k])
                .sum();
            assert_eq!(pos.policy_value(i, me), summed);
        }
    }

    #[test]
    fn the_policy_ranks_the_open_four_first() {
        // Black's open three h8 i8 j8, black to move: g8 or k8 makes an open four.
        let board = Board::with_moves(15, "h8 a1 i8 a15 j8 o1").unwrap();
        let pos = Position::new(&board, Rule::Freestyle);
        let me = pos.to_move();
        let mut cands = Vec::new();
        pos.candidates(&mut cands);
        let best = cands
            .into_iter()
            .max_by_key(|&i| pos.policy_value(i, me))
            .map(|i| pos.pos(i).to_notation(15));
        assert!(matches!(best.as_deref(), Some("g8" | "k8")), "{best:?}");
    }

    #[test]
    fn near_moves_score_higher_than_far_ones() {
        assert!(distance_policy(Some(1), Some(1)) > distance_policy(Some(6), Some(6)));
        assert_eq!(distance_policy(None, None), 0);
    }
}
