//! Helpers shared by the integration tests.
#![allow(dead_code)]

use gomoku::engine::analysis::{MoveClass, Review};
use gomoku::engine::{Board, Pos, Stone};

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

/// The interface in English whatever the machine's locale (the tests read status lines).
#[cfg(feature = "game")]
pub fn english() -> gomoku::app::SettingsOverride {
    gomoku::app::SettingsOverride {
        language: Some(gomoku::players::settings::Language::English),
        theme: None,
    }
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

/// Driving a headless game App as a player would.
#[cfg(feature = "game")]
pub mod app {
    use bevy::prelude::*;
    use gomoku::app::{Board, GameCommand, MoveRequest};

    /// The person clicks the point named `notation`; one frame runs.
    pub fn click(app: &mut App, notation: &str) {
        app.world_mut()
            .write_message(MoveRequest::person(super::at(notation)));
        app.update();
    }

    /// A game command (undo, restart, ...); one frame runs.
    pub fn command(app: &mut App, c: GameCommand) {
        app.world_mut().write_message(c);
        app.update();
    }

    /// The game on the board.
    pub fn board(app: &App) -> &Board {
        app.world().resource::<Board>()
    }
}
