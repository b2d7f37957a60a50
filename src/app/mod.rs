//! The Bevy side of the game: plugins over one shared [`Board`] resource.
//!
//! Data flows one way: input, menus and the AI -> [`MoveRequest`] / [`GameCommand`] -> turn
//! (rules) -> [`Board`] -> view. Nothing but the turn plugin changes the board; it says what
//! happened with the events of [`feedback`], which the sound, the animations and the records
//! observe.
//!
//! The folders are the game's rooms, one job each; each folder's `mod.rs` adds its children's
//! plugins and owns what they share:
//!
//! - [`board`]: the board on screen and the hands on it: layout, view, animation, pointer,
//!   keyboard.
//! - [`play`]: the game's course: turns through the rules, the AI, the hint.
//! - [`screens`]: what each [`Screen`] shows around the board: the bars, the main menu, the
//!   game-over result.
//! - [`windows`]: the [`Dialog`] windows over the screens: players, games, settings, replay,
//!   and the notices.
//! - [`theme`]: colours, egui fonts, visuals and the widgets every window is built with.
//! - [`analysis`]: analysis mode: the engine's view of the position shown, on a side line.
//! - [`i18n`]: the player's language and every label.
//! - [`capture`]: scripted runs that save a screenshot or measure frame times.
//! - [`window`]: the game's window: its title, and on the desktop its size and place, kept
//!   between runs, and its icon.
//! - [`records`]: loading and saving what the player keeps; [`audio`]: the sounds;
//!   [`pace`]: how often frames are drawn; [`assets`]: the pictures and sounds;
//!   [`startup_log`]: what the game prints (quiet unless `--verbose`); [`egui_keys`]: the
//!   keyboard as egui gets it.
//!
//! The vocabulary all of them share lives here, in this module (written in `game.rs`,
//! `opening.rs`, `states.rs`, `feedback.rs`, `side_line.rs`, `past_position.rs` and
//! `documents.rs`, re-exported): children import it from
//! `crate::app`, never from a sibling's files. New rooms (`online/`, `analysis/`) go beside
//! these the same way.

pub mod analysis;
pub mod assets;
pub mod audio;
pub mod board;
pub mod capture;
mod documents;
pub mod egui_keys;
pub mod feedback;
mod game;
pub mod i18n;
pub mod online;
mod opening;
pub mod pace;
mod past_position;
pub mod play;
pub mod records;
pub mod screens;
mod side_line;
pub mod startup_log;
mod states;
pub mod theme;
#[cfg(target_arch = "wasm32")]
mod web;
pub mod window;
pub mod windows;

use bevy::prelude::*;

pub use documents::{
    CurrentGame, GameHistory, LeaveSavedGame, PendingUndoCredit, PlayerProfiles, RestoreLastSetup,
    ResumedGame, SettingsOverride, Storage, StorageProblem, StorageProblems, UserSettings,
};
pub use feedback::{
    GameAbandoned, GameEnded, GameReopened, MoveRefused, Refusal, ReplayReachedWin, StonePlaced,
};
pub use game::{
    ActiveSetup, AskFirst, Board, GameClock, GameCommand, GameOnBoard, GamePlayers, GameSerial,
    GameSetup, Hover, LONG_GAME_MOVES, Mode, MoveRequest, MoveSource, OpenNewestReplay, Replay,
    ReplayStep, StatusLine, is_long_game_in_progress,
};
pub use opening::{
    GameOpening, OpeningPlay, OpeningRequest, opening_runs, seat_player, seat_stone,
};
pub use past_position::{LookBack, PastPosition};
pub use side_line::{
    AnalysisCommand, PuzzleCommand, PuzzlePosition, PuzzleSource, ReviewRequest, SideLine,
    can_analyse_from,
};
pub use states::{AppSystems, Confirm, Dialog, InGame, SceneReady, Screen};

/// The whole game. Add it after Bevy's `DefaultPlugins` (or `MinimalPlugins` and
/// `StatesPlugin` in tests). Starts on the menu unless a [`Screen`] state was inserted first,
/// with no window open unless a [`Dialog`] state was.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        // The screen and window to start on may be given (`--mode`, `--show`): those are kept
        // (initialising them again only warns).
        if !app.world().contains_resource::<State<Screen>>() {
            app.init_state::<Screen>();
        }
        if !app.world().contains_resource::<State<Dialog>>() {
            app.init_state::<Dialog>();
        }
        let setup_given = app.world().contains_resource::<GameSetup>();
        if !app.world().contains_resource::<RestoreLastSetup>() {
            app.insert_resource(RestoreLastSetup(!setup_given));
        }
        app.init_resource::<GameSetup>()
            .init_resource::<ActiveSetup>()
            .init_resource::<StatusLine>()
            .init_resource::<GamePlayers>()
            .init_resource::<GameSerial>()
            .init_resource::<GameOnBoard>()
            .init_resource::<GameOpening>()
            .init_resource::<GameClock>()
            .init_resource::<Hover>()
            .init_resource::<SceneReady>()
            .add_computed_state::<InGame>()
            .add_message::<MoveRequest>()
            .add_message::<GameCommand>()
            .add_message::<AskFirst>()
            .add_message::<OpeningRequest>()
            .add_message::<AnalysisCommand>()
            .add_message::<ReviewRequest>()
            .add_message::<PuzzleCommand>()
            .add_message::<LookBack>()
            .init_resource::<PuzzlePosition>()
            .configure_sets(
                Update,
                (
                    AppSystems::Input,
                    AppSystems::ApplyMoves,
                    AppSystems::Think,
                    AppSystems::View,
                )
                    .chain(),
            )
            .add_plugins((
                records::plugin,
                i18n::plugin,
                play::plugin,
                board::plugin,
                theme::plugin,
                assets::plugin,
                pace::plugin,
                egui_keys::plugin,
                screens::plugin,
                windows::plugin,
                audio::plugin,
                analysis::plugin,
                online::plugin,
                window::plugin,
            ));
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(web::plugin);
    }
}

/// Whether the app draws (Bevy's renderer and sprites are there); headless tests run without.
/// The view, the animations and the egui screens and windows need it.
pub(crate) fn has_renderer(app: &App) -> bool {
    app.is_plugin_added::<bevy::sprite::SpritePlugin>()
}
