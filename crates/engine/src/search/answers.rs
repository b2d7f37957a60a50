//! The answers to a threat: the few moves that can stop an opponent who threatens to win by
//! force, found exactly from the line patterns, with no move played.
//!
//! - **An open three** (or any point where the opponent would make an open four or two fours):
//!   a stone that leaves the opponent no such point, or a four of our own ([`to_three`]). In
//!   renju such a point of black's may be forbidden (two fours, say): then it threatens nothing.
//! - **A four-three point** (where one stone would make a four and an open three at once). It
//!   wins unless answered now: the four's block is forced, and the open three then becomes an
//!   open four. The answers ([`to_four_three`]) are a stone that spoils the point (on it, on the
//!   four's line or on the three's, so that it no longer makes a four and an open three), a
//!   stone that makes the four's five point a four of our own (the forced block then answers
//!   with a four and wins the tempo back), and a four of our own. With several such points,
//!   an answer stops each in one of these ways (not necessarily the same way for each).
//!
//! Every other move loses to the threat, which the search would find only a few plies later,
//! so the search (and the threat solver, against threes) answers with these moves only. That
//! keeps a line of such threats narrow, and lets the search read it deeper.

use super::super::board::Stone;
use super::super::pattern::{HALF, Pattern};
use super::super::rules::Rule;
use super::position::Position;
use super::threat::Threat;

/// Most threat points of the attacker that an answer is checked against (past them, an answer
/// to the first few is kept; the search refutes what does not hold).
const CHECKED_POINTS: usize = 4;

/// Writes to `out` the moves of the side to move (the defender) that may stop `attacker`'s
/// four-three points, and returns whether it did. The attacker must have such a point and no
/// five or open-four point. A stone answers when it stops every checked point, each in its own
/// way: on the point, spoiling its four or its open three, or making the four's five point
/// (where the defender must block) a four of the defender's. Returns `false` (nothing
/// restricted) when every point's block would already be a four of the defender's, so that no
/// threat is a plain one, or when the attacker is black in renju, whose four-three points may
/// be forbidden.
pub fn to_four_three(pos: &Position, attacker: Stone, out: &mut Vec<usize>) -> bool {
    out.clear();
    let defender = attacker.opponent();
    if pos.rule() == Rule::Renju && attacker == Stone::Black {
        return false;
    }
    let mut points = Vec::new();
    pos.points_with(attacker, Threat::FourThree, &mut points);
    points.truncate(CHECKED_POINTS);
    // Each point with its four's five point (none when it makes two fours: no block then).
    // A point whose four's block would already be a four of the defender's wins the tempo
    // back by itself: no plain threat, so it asks nothing of the answers (fewer conditions
    // keep more answers, never fewer).
    let threats: Vec<(usize, Option<usize>)> = points
        .iter()
        .map(|&p| (p, five_point(pos, p, attacker)))
        .filter(|&(_, five)| five.is_none_or(|f| pos.threat(f, defender) < Threat::Four))
        .collect();
    let Some(&(first, first_five)) = threats.first() else {
        return false;
    };
    // Every answer stops the first point, so it is among these: the point, a point on one of
    // its lines that carry the four or the open three, or a stone that makes its five point a
    // four of the defender's.
    let mut candidates: Vec<usize> = point_and_its_lines(pos, attacker, first, Pattern::OpenThree)
        .chain(
            first_five
                .into_iter()
                .flat_map(|f| five_four_makers(pos, f, defender)),
        )
        .collect();
    candidates.sort_unstable();
    candidates.dedup();
    out.extend(candidates.into_iter().filter(|&j| {
        threats.iter().all(|&(p, five)| {
            stops_all(pos, attacker, &[p], j, Threat::FourThree)
                || five.is_some_and(|f| makes_four_at(pos, f, j, defender))
        })
    }));
    add_fours(pos, defender, out);
    !out.is_empty()
}

/// The five point of the four that `attacker` makes by playing on `p`, when it makes one four.
fn five_point(pos: &Position, p: usize, attacker: Stone) -> Option<usize> {
    let patterns = pos.patterns(p, attacker);
    if patterns.iter().any(|&q| q > Pattern::Four) {
        return None;
    }
    let mut fours = (0..4).filter(|&d| patterns[d] == Pattern::Four);
    let d = fours.next()?;
    if fours.next().is_some() {
        return None;
    }
    line_points(pos, p, d)
        .find(|&(j, k)| pos.pattern_with_stone(j, d, -k, attacker, true) == Pattern::Five)
        .map(|(j, _)| j)
}

/// The empty points where a stone of the defender's makes `five` (empty) a four of its own.
fn five_four_makers(
    pos: &Position,
    five: usize,
    defender: Stone,
) -> impl Iterator<Item = usize> + '_ {
    (0..4)
        .flat_map(move |d| line_points(pos, five, d).map(move |(j, k)| (d, j, k)))
        .filter(move |&(d, _, k)| {
            pos.pattern_with_stone(five, d, k, defender, true) >= Pattern::Four
        })
        .map(|(_, j, _)| j)
}

/// Whether a defender's stone on `j` makes the empty point `five` a four of the defender's.
fn makes_four_at(pos: &Position, five: usize, j: usize, defender: Stone) -> bool {
    offset(pos, five, j)
        .is_some_and(|(d, k)| pos.pattern_with_stone(five, d, k, defender, true) >= Pattern::Four)
}

/// Writes to `out` the moves of the side to move (the defender) that may stop `attacker`'s
/// open threes and other points where it would make an open four or two fours (it must have
/// some, and no five point): every point where a stone of the defender's leaves it none of
/// them, and the defender's own fours. Returns `false`, with `out` empty, when no single stone
/// stops them all (two threes apart: only fours can answer, and the search's fallback lists
/// every four of both sides). Black's forbidden points in renju threaten nothing and are left
/// out (with no other point, `false` and nothing restricted).
pub fn to_three(pos: &mut Position, attacker: Stone, out: &mut Vec<usize>) -> bool {
    out.clear();
    let mut points = Vec::new();
    pos.points_with(attacker, Threat::FlexFour, &mut points);
    if pos.rule().has_forbidden(attacker) {
        points.retain(|&p| pos.is_legal(p, attacker));
    }
    points.truncate(CHECKED_POINTS);
    spoiling_points(pos, attacker, &points, Pattern::Four, Threat::FlexFour, out);
    if out.is_empty() {
        return false;
    }
    add_fours(pos, attacker.opponent(), out);
    true
}

/// Adds to `out` the empty points where a stone of the defender's leaves none of `points`
/// (the attacker's, first one first) a threat of `threat` or stronger: the first point itself,
/// and the points within five of it on its lines where the attacker's pattern is `line` or
/// stronger (a stone on any other line cannot change what the first point makes).
fn spoiling_points(
    pos: &Position,
    attacker: Stone,
    points: &[usize],
    line: Pattern,
    threat: Threat,
    out: &mut Vec<usize>,
) {
    let Some(&first) = points.first() else {
        return;
    };
    out.extend(
        point_and_its_lines(pos, attacker, first, line)
            .filter(|&j| stops_all(pos, attacker, points, j, threat)),
    );
}

/// `first`, then the empty points within five of it on its lines where `attacker`'s pattern
/// is `line` or stronger: the only stones that can change what `first` makes.
fn point_and_its_lines(
    pos: &Position,
    attacker: Stone,
    first: usize,
    line: Pattern,
) -> impl Iterator<Item = usize> + '_ {
    let patterns = pos.patterns(first, attacker);
    std::iter::once(first).chain(
        (0..4)
            .filter(move |&d| patterns[d] >= line)
            .flat_map(move |d| line_points(pos, first, d).map(|(j, _)| j)),
    )
}

/// Adds the defender's own fours to `out`, and sorts it with each point once.
fn add_fours(pos: &Position, defender: Stone, out: &mut Vec<usize>) {
    let mut fours = Vec::new();
    pos.points_with(defender, Threat::Four, &mut fours);
    out.extend(fours);
    out.sort_unstable();
    out.dedup();
}

/// The empty points within five of `i` along direction `d`, each with its step count from `i`.
fn line_points(pos: &Position, i: usize, d: usize) -> impl Iterator<Item = (usize, isize)> + '_ {
    let half = HALF as isize;
    (-half..=half)
        .filter(|&k| k != 0)
        .filter_map(move |k| pos.step_from(i, d, k).map(|j| (j, k)))
        .filter(|&(j, _)| pos.is_empty(j))
}

/// Whether a defender's stone on the empty point `j` leaves none of `points` a threat of
/// `threat` or stronger for `attacker`.
fn stops_all(pos: &Position, attacker: Stone, points: &[usize], j: usize, threat: Threat) -> bool {
    points.iter().all(|&p| {
        if p == j {
            return true;
        }
        let Some((d, k)) = offset(pos, p, j) else {
            return false;
        };
        let pattern = pos.pattern_with_stone(p, d, k, attacker, false);
        pos.threat_with_pattern(p, attacker, d, pattern) < threat
    })
}

/// The direction and step count from `i` to `j`, if `j` lies within five of `i` on one of its
/// lines.
fn offset(pos: &Position, i: usize, j: usize) -> Option<(usize, isize)> {
    let half = HALF as isize;
    (0..4).find_map(|d| {
        (-half..=half)
            .filter(|&k| k != 0)
            .find(|&k| pos.step_from(i, d, k) == Some(j))
            .map(|k| (d, k))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// Black has h8 h9 h10 (white h7 below) and f11 g11: h11 makes a four in the column and an
    /// open three in the row. White, to move, has `white` besides h7.
    fn facing_four_three(white: &[&str]) -> Position {
        let mut black = vec!["h8", "h9", "h10", "f11", "g11"];
        let mut white: Vec<&str> = [&["h7"], white].concat();
        // Stones far from everything and from one another, to make the counts right.
        white.extend(
            ["a1", "a8", "o1", "o8"]
                .iter()
                .take(4usize.saturating_sub(white.len())),
        );
        black.extend(
            ["o15", "k15", "e15"]
                .iter()
                .take(white.len() + 1 - black.len()),
        );
        let mut moves = String::new();
        for (k, b) in black.iter().enumerate() {
            moves.push_str(b);
            if let Some(w) = white.get(k) {
                moves.push_str(w);
            }
        }
        Position::new(&Board::with_moves(15, &moves).unwrap(), Rule::Freestyle)
    }

    fn names(pos: &Position, moves: &[usize]) -> Vec<String> {
        let mut v: Vec<String> = moves.iter().map(|&m| pos.pos(m).to_notation(15)).collect();
        v.sort();
        v
    }

    /// Whether a white stone on `m` leaves black no four-three or better.
    fn stops(pos: &mut Position, m: usize) -> bool {
        pos.play(m);
        let stopped = pos.count_at_least(Stone::Black, Threat::FourThree) == 0;
        pos.undo();
        stopped
    }

    #[test]
    fn the_answers_to_a_four_three_are_exactly_the_points_that_spoil_it() {
        let mut pos = facing_four_three(&[]);
        assert_eq!(pos.to_move(), Stone::White);
        assert_eq!(pos.count(Stone::Black, Threat::FourThree), 1);
        let mut out = Vec::new();
        assert!(to_four_three(&pos, Stone::Black, &mut out));
        assert_eq!(names(&pos, &out), ["e11", "h11", "h12", "i11"]);
        let mut all = Vec::new();
        pos.all_empty(&mut all);
        for m in all {
            assert_eq!(
                stops(&mut pos, m),
                out.contains(&m),
                "{}",
                pos.pos(m).to_notation(15)
            );
        }
    }

    #[test]
    fn the_answers_to_an_open_three_are_exactly_the_points_that_stop_it() {
        // Black h8 h9 h10, open at both ends; white (to move) has nothing near.
        let board = Board::with_moves(15, "h8a1h9a8h10").unwrap();
        let mut pos = Position::new(&board, Rule::Freestyle);
        let mut out = Vec::new();
        assert!(to_three(&mut pos, Stone::Black, &mut out));
        assert_eq!(names(&pos, &out), ["h11", "h7"]);
        let mut all = Vec::new();
        pos.all_empty(&mut all);
        for m in all {
            pos.play(m);
            let stops = pos.count_at_least(Stone::Black, Threat::FlexFour) == 0;
            pos.undo();
            assert_eq!(stops, out.contains(&m), "{}", pos.pos(m).to_notation(15));
        }
    }

    #[test]
    fn two_threes_apart_have_no_single_answer() {
        let board = Board::with_moves(15, "h8a1h9a8h10o1c3o8d3a15e3").unwrap();
        let mut pos = Position::new(&board, Rule::Freestyle);
        let mut out = Vec::new();
        assert!(!to_three(&mut pos, Stone::Black, &mut out));
        assert!(out.is_empty());
    }

    #[test]
    fn stones_that_turn_the_block_into_a_four_are_answers_too() {
        // White j12 k12: a white stone on g12, i12 or l12 makes h12, where white must block
        // the four, a four of white's own.
        let pos = facing_four_three(&["j12", "k12"]);
        let mut out = Vec::new();
        assert!(to_four_three(&pos, Stone::Black, &mut out));
        let listed = names(&pos, &out);
        for m in ["e11", "h11", "h12", "i11", "g12", "i12", "l12"] {
            assert!(
                listed.contains(&m.to_string()),
                "{m} missing from {listed:?}"
            );
        }
    }

    /// The white stones after which every four-three point of black's has a block that is a
    /// four of white's (or black has none left): each must be among the answers.
    fn answers_by_trial(pos: &mut Position) -> Vec<usize> {
        let mut all = Vec::new();
        pos.all_empty(&mut all);
        all.into_iter()
            .filter(|&m| {
                pos.play(m);
                let mut points = Vec::new();
                pos.points_with(Stone::Black, Threat::FourThree, &mut points);
                let stopped = points.iter().all(|&p| {
                    five_point(pos, p, Stone::Black)
                        .is_some_and(|f| pos.threat(f, Stone::White) >= Threat::Four)
                });
                pos.undo();
                stopped
            })
            .collect()
    }

    #[test]
    fn a_stone_that_spoils_one_four_three_and_turns_the_others_block_into_a_four_is_an_answer() {
        // From a game against Rapfi at 1 s: black's k11 leaves two four-three points, k12 (a
        // four to h9, an open three up the k column) and l10 (a four to j10, an open three to
        // i13). White's k9 closes the k column under k12's three and makes j10 a four of
        // white's (k9 j10 i11 h12): no single answer does both the same way. Our search left
        // k9 out and claimed a win in eight plies that Rapfi's k9 refuted.
        let moves = "c7i11h10g11h7h8e10d4j11e11g8f9i10f7f10g10h11j9h13h12g12f11k10i12i13j13k11";
        let mut pos = Position::new(&Board::with_moves(15, moves).unwrap(), Rule::Freestyle);
        let mut points = Vec::new();
        pos.points_with(Stone::Black, Threat::FourThree, &mut points);
        assert_eq!(names(&pos, &points), ["k12", "l10"]);
        let mut out = Vec::new();
        assert!(to_four_three(&pos, Stone::Black, &mut out));
        let listed = names(&pos, &out);
        assert!(
            listed.contains(&"k9".to_string()),
            "k9 missing from {listed:?}"
        );
        for m in answers_by_trial(&mut pos) {
            assert!(
                out.contains(&m),
                "{} missing from {listed:?}",
                pos.pos(m).to_notation(15)
            );
        }
    }

    #[test]
    fn every_stone_that_stops_the_four_three_by_trial_is_an_answer() {
        for white in [&[][..], &["j12", "k12"], &["b2", "c3", "d4"]] {
            let mut pos = facing_four_three(white);
            let mut out = Vec::new();
            assert!(to_four_three(&pos, Stone::Black, &mut out));
            for m in answers_by_trial(&mut pos) {
                assert!(out.contains(&m), "{}", pos.pos(m).to_notation(15));
            }
        }
    }

    #[test]
    fn a_block_that_is_already_a_four_leaves_the_moves_unrestricted() {
        let pos = facing_four_three(&["i12", "j12", "k12"]);
        let mut out = Vec::new();
        assert!(!to_four_three(&pos, Stone::Black, &mut out));
    }

    #[test]
    fn the_defenders_own_fours_are_answers() {
        // White b2 c3 d4 on a diagonal, open at both ends: a1 and e5 make white fours.
        let pos = facing_four_three(&["b2", "c3", "d4"]);
        let mut out = Vec::new();
        assert!(to_four_three(&pos, Stone::Black, &mut out));
        let mut fours = Vec::new();
        pos.points_with(Stone::White, Threat::Four, &mut fours);
        assert!(!fours.is_empty());
        assert!(fours.iter().all(|f| out.contains(f)));
    }

    #[test]
    fn a_forbidden_double_four_point_is_no_threat_to_answer() {
        // Black h9 h10 h11 (white h8 below) and e12 f12 g12 (white d12 left): h12 makes two
        // fours. In freestyle white must answer it; in renju it is forbidden to black, so it
        // asks nothing of white.
        let moves = "h9h8h10d12h11a1e12a15f12o1g12";
        let board = Board::with_moves(15, moves).unwrap();
        let mut out = Vec::new();
        let mut pos = Position::new(&board, Rule::Freestyle);
        assert!(pos.has_playable(Stone::Black, Threat::FlexFour));
        assert!(to_three(&mut pos, Stone::Black, &mut out));
        assert!(names(&pos, &out).contains(&"h12".to_string()));
        let mut pos = Position::new(&board, Rule::Renju);
        assert_eq!(pos.count(Stone::Black, Threat::FlexFour), 1);
        assert!(!pos.has_playable(Stone::Black, Threat::FlexFour));
        assert!(!to_three(&mut pos, Stone::Black, &mut out));
        assert!(out.is_empty());
    }

    #[test]
    fn black_in_renju_is_not_restricted() {
        let board = Board::with_moves(15, "h8h7h9a1h10a8f11o1g11").unwrap();
        let pos = Position::new(&board, Rule::Renju);
        let mut out = Vec::new();
        assert!(!to_four_three(&pos, Stone::Black, &mut out));
    }
}
