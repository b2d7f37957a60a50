//! Helpers shared by the integration tests.
#![allow(dead_code)]

use gomoku_engine::analysis::{MoveClass, Review};
use gomoku_engine::{Board, Pos, Stone};

/// A position from a diagram: `X` black, `O` white, `.` empty, `?` the point under test (empty),
/// spaces ignored. The diagram's top-left corner goes to (`left`, `top`) of a board of `size`.
/// Returns the board (with `to_move` to play) and the `?` point, if any.
pub fn diagram_at(size: u8, left: u8, top: u8, text: &str, to_move: Stone) -> (Board, Option<Pos>) {
    let mut stones = Vec::new();
    let mut mark = None;
    let rows = text.lines().map(str::trim).filter(|l| !l.is_empty());
    for (dy, row) in rows.enumerate() {
        for (dx, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let p = Pos::new(left + dx as u8, top + dy as u8);
            match ch {
                'X' => stones.push((p, Stone::Black)),
                'O' => stones.push((p, Stone::White)),
                '?' => mark = Some(p),
                '.' => {}
                other => panic!("unexpected '{other}' in diagram"),
            }
        }
    }
    (
        Board::from_setup(size, &stones, to_move).expect("a valid diagram"),
        mark,
    )
}

/// A diagram placed at (2, 2) of a 15x15 board with black to move.
pub fn diagram(text: &str) -> (Board, Pos) {
    let (b, mark) = diagram_at(15, 2, 2, text, Stone::Black);
    (b, mark.expect("the diagram marks a point with '?'"))
}

/// How many of `colour`'s moves a review marks as blunders (the tally its summary should give).
pub fn blunders_marked(review: &Review, colour: Stone) -> usize {
    review
        .moves
        .iter()
        .filter(|m| m.colour == colour && m.class == MoveClass::Blunder)
        .count()
}

/// A point of a 15x15 board by its name (`h8`).
pub fn at(notation: &str) -> Pos {
    Pos::parse(notation, 15).unwrap()
}
