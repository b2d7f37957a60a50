//! Helpers shared by the game's integration tests.
#![allow(dead_code)]

// The engine's own test helpers (diagrams, points by name, review tallies), not a copy of them.
#[path = "../../crates/engine/tests/common/mod.rs"]
mod engine;

#[allow(unused_imports)] // each test binary uses some of them
pub use engine::{at, blunders_marked};

/// The interface in English whatever the machine's locale (the tests read status lines).
pub fn english() -> gomoku::app::SettingsOverride {
    gomoku::app::SettingsOverride {
        language: Some(gomoku::players::settings::Language::English),
        theme: None,
    }
}

/// Driving a headless game App as a player would.
pub mod app {
    use bevy::prelude::*;
    use gomoku::app::{Board, GameCommand, MoveRequest};

    /// The person clicks the point named `notation`; one frame runs.
    pub fn click(app: &mut App, notation: &str) {
        app.world_mut()
            .write_message(MoveRequest::person(super::at(notation)));
        app.update();
    }

    /// The person clicks the window at `cursor` (window coordinates) with the left mouse
    /// button: pressed in one frame, released in the next.
    pub fn mouse_click(app: &mut App, cursor: Vec2) {
        let mut windows = app.world_mut().query::<&mut Window>();
        windows
            .single_mut(app.world_mut())
            .expect("one window")
            .set_cursor_position(Some(cursor));
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.update();
        let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
        buttons.release(MouseButton::Left);
        buttons.clear();
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
