//! The states and the frame order every plugin follows. [`super::GamePlugin`] registers them
//! all, so any system may use `in_state(..)` as a run condition.

use bevy::prelude::*;

/// The screens of the game. The board is drawn behind all of them.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The main menu: choose mode, level, rule and size.
    #[default]
    Menu,
    /// A game in progress.
    Playing,
    /// The game has ended; the result dialog is shown.
    GameOver,
    /// A recorded game is shown move by move.
    Replay,
    /// A past position of the game on the board, picked in its move list (see
    /// [`super::PastPosition`]): the game waits behind it, its clocks stopped, and no stone
    /// can be placed until the player goes back to it.
    PastPosition,
    /// The engine analyses the position shown (of the game or the replay); moves played
    /// form a side line that the game's record never sees (see [`super::SideLine`]).
    Analysis,
    /// A puzzle: find the forced win (see [`super::PuzzlePosition`]).
    Puzzle,
    /// The online lobby: create, join or watch a game on the server (see `online`).
    Lobby,
    /// An online game, played or watched: the board shows what the server says.
    Online,
}

/// The window open over the screens, if any (one at a time).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialog {
    /// None.
    #[default]
    None,
    /// The players and their results.
    Players,
    /// The finished games, import and export.
    Games,
    /// The settings.
    Settings,
    /// "Restart?" for a long game in progress, "Resign?".
    Confirm(Confirm),
}

/// A command that ends the game in progress or throws it away, which the player may be asked
/// to confirm first ([`Confirm::needed`]; the question is [`Dialog::Confirm`]). What it means
/// for the game (its [`super::GameCommand`], whether to ask) is written beside the commands,
/// in `game.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Confirm {
    /// Start the game again ([`super::GameCommand::Restart`]).
    Restart,
    /// Give the game up ([`super::GameCommand::Resign`]).
    Resign,
}

/// A game is on screen: being played, or just ended (derived from [`Screen`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<Self> {
        matches!(screen, Screen::Playing | Screen::GameOver).then_some(InGame)
    }
}

/// The order of work in a frame: read input, apply moves through the rules, update the view.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Turn pointer, keys, menus and the AI's answers into requests.
    Input,
    /// Apply requests to the board.
    ApplyMoves,
    /// Start or cancel the AI for the new position.
    Think,
    /// Bring sprites and text up to date.
    View,
}

/// Whether everything the scene draws and plays with has loaded (screenshots and the web
/// page's spinner wait for it).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SceneReady(pub bool);
