//! The answers to a threat: the few moves that can stop an opponent who threatens to win by
//! force, found exactly from the line patterns, with no move played.
//!
//! - **An open three** (or any point where the opponent would make an open four or two fours):
//!   a stone that leaves the opponent no such point, or a four of our own ([`to_three`]).
//! - **A four-three point** (where one stone would make a four and an open three at once). It
//!   wins unless answered now: the four's block is forced, and the open three then becomes an
//!   open four. The answers ([`to_four_three`]) are a stone that spoils the point (on it, on the
//!   four's line or on the three's, so that it no longer makes a four and an open three), a
//!   stone that makes the four's five point a four of our own (the forced block then answers
//!   with a four and wins the tempo back), and a four of our own.
//!
//! Every other move loses to the threat, which the search would find only a few plies later,
//! so the search (and the threat solver, against threes) answers with these moves only. That
//! keeps a line of such threats narrow, and lets the search read it deeper.

use super::super::board::Stone;
use super::super::pattern::{HALF, Pattern};
use super::super::rules::Rule;
use super::position::{Position, Threat};

/// Most threat points of the attacker that an answer is checked against (past them, an answer
/// to the first few is kept; the search refutes what does not hold).
const CHECKED_POINTS: usize = 4;

/// Writes to `out` the moves of the side to move (the defender) that may stop `attacker`'s
/// four-three points, and returns whether it did. The attacker must have such a point and no
/// five or open-four point. Returns `false` (nothing restricted) when the four's block would
/// already be a four of the defender's, so that the threat is no threat, or when the attacker
/// is black in renju, whose four-three points may be forbidden.
pub fn to_four_three(pos: &Position, attacker: Stone, out: &mut Vec<usize>) -> bool {
    out.clear();
    let defender = attacker.opponent();
    if pos.rule() == Rule::Renju && attacker == Stone::Black {
        return false;
    }
    let mut points = Vec::new();
    pos.points_with(attacker, Threat::FourThree, &mut points);
    points.truncate(CHECKED_POINTS);
    let Some(&first) = points.first() else {
        return false;
    };
    let patterns = pos.patterns(first, attacker);
    // The four's five point, once the attacker has played `first`.
    let Some(four_dir) = (0..4).find(|&d| patterns[d] == Pattern::Four) else {
        return false;
    };
    let five = line_points(pos, first, four_dir)
        .find(|&(j, k)| pos.pattern_with_stone(j, four_dir, -k, attacker, true) == Pattern::Five);
    if let Some((five, _)) = five {
        if pos.threat(five, defender) >= Threat::Four {
            return false;
        }
        // Stones that make the five point a four of the defender's.
        for d in 0..4 {
            for (j, k) in line_points(pos, five, d) {
                if pos.pattern_with_stone(five, d, k, defender, true) >= Pattern::Four {
                    out.push(j);
                }
            }
        }
    }
    // Stones that spoil every checked point: on the first point, or on one of its lines that
    // carry the four or the open three.
    spoiling_points(
        pos,
        attacker,
        &points,
        Pattern::OpenThree,
        Threat::FourThree,
        out,
    );
    add_fours(pos, defender, out);
    !out.is_empty()
}

/// Writes to `out` the moves of the side to move (the defender) that may stop `attacker`'s
/// open threes and other points where it would make an open four or two fours (it must have
/// some, and no five point): every point where a stone of the defender's leaves it none of
/// them, and the defender's own fours. Returns `false`, with `out` empty, when no single stone
/// stops them all (two threes apart: only fours can answer, and the search's fallback lists
/// every four of both sides).
pub fn to_three(pos: &Position, attacker: Stone, out: &mut Vec<usize>) -> bool {
    out.clear();
    let mut points = Vec::new();
    pos.points_with(attacker, Threat::FlexFour, &mut points);
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
    if stops_all(pos, attacker, points, first, threat) {
        out.push(first);
    }
    for (d, &p) in pos.patterns(first, attacker).iter().enumerate() {
        if p < line {
            continue;
        }
        for (j, _) in line_points(pos, first, d) {
            if stops_all(pos, attacker, points, j, threat) {
                out.push(j);
            }
        }
    }
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
    use crate::engine::board::Board;

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
        assert!(to_three(&pos, Stone::Black, &mut out));
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
        let pos = Position::new(&board, Rule::Freestyle);
        let mut out = Vec::new();
        assert!(!to_three(&pos, Stone::Black, &mut out));
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
    fn black_in_renju_is_not_restricted() {
        let board = Board::with_moves(15, "h8h7h9a1h10a8f11o1g11").unwrap();
        let pos = Position::new(&board, Rule::Renju);
        let mut out = Vec::new();
        assert!(!to_four_three(&pos, Stone::Black, &mut out));
    }
}
