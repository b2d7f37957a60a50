//! What a click in the main menu asks for (the menu carries it out).

use crate::app::{Dialog, Screen};

/// What a click in the main menu asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MenuAction {
    /// Start a new game with the menu's set-up.
    NewGame,
    /// Go back to the game on the board, on this screen.
    Back(Screen),
    /// Open a window.
    Open(Dialog),
    /// Open puzzle mode.
    Puzzles,
    /// Open the online lobby.
    Online,
}
