//! The Bevy side of the game: plugins over one shared [`Board`] resource.
//!
//! Data flows one way: input, menus and the AI -> [`MoveRequest`] / [`GameCommand`] -> turn
//! (rules) -> [`Board`] -> view. Nothing but the turn plugin changes the board.

mod ai;
mod animation;
mod audio;
mod board_view;
#[cfg(test)]
mod egui_harness;
mod fonts;
pub mod frame_report;
mod hint;
mod history_ui;
pub mod i18n;
mod input;
pub mod keyboard;
pub mod layout;
mod main_menu;
pub mod menu;
pub mod messages;
mod pace;
pub mod persist;
mod profiles_ui;
mod replay_ui;
pub mod screenshot;
mod settings_ui;
pub mod theme;
mod turn;
#[cfg(target_arch = "wasm32")]
mod web;

use bevy::prelude::*;

use crate::engine::search::levels::Level;
use crate::engine::{ForbiddenPolicy, Game, Pos, Rule, Stone};

pub use ai::{AiBrain, AiExecution, AiThinking};
pub use hint::HintMove;
pub use input::Hover;
pub use layout::BoardLayout;
pub use pace::{KeepDrawing, Motion};
pub use turn::{
    GameAbandoned, GamePlayers, GameSerial, LONG_GAME_MOVES, MoveOutcome, StatusLine,
    is_long_game_in_progress,
};

/// The game in play: the engine's game (board, rule, outcome). Only the turn plugin changes it.
#[derive(Resource, Deref, Debug, Clone, Default)]
pub struct Board(pub(crate) Game);

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A person against the AI; the person plays `human`.
    VsAi {
        /// The person's colour.
        human: Stone,
    },
    /// Two people at one machine.
    TwoPlayers,
    /// The AI against itself, to watch.
    AiVsAi,
}

impl Default for Mode {
    fn default() -> Self {
        Mode::VsAi {
            human: Stone::Black,
        }
    }
}

impl Mode {
    /// Whether the AI plays `stone` in this mode.
    pub fn ai_plays(self, stone: Stone) -> bool {
        match self {
            Mode::VsAi { human } => human != stone,
            Mode::TwoPlayers => false,
            Mode::AiVsAi => true,
        }
    }
}

/// How a new game is set up (from the command line or the menu).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// Who plays.
    pub mode: Mode,
    /// The AI's level.
    pub level: Level,
    /// Board side.
    pub size: u8,
    /// Rule.
    pub rule: Rule,
    /// What a forbidden move does.
    pub policy: ForbiddenPolicy,
    /// Moves to play from an empty board before the players take over.
    pub moves: Vec<Pos>,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            mode: Mode::default(),
            level: Level::default(),
            size: crate::engine::board::DEFAULT_SIZE,
            rule: Rule::default(),
            policy: ForbiddenPolicy::default(),
            moves: Vec::new(),
        }
    }
}

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
}

/// Who asks for a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveSource {
    /// A person, by click, tap or key: refused while the AI is to move.
    Person,
    /// The AI's search.
    Ai,
}

/// A request to play a point for the side to move, from a click, a key or the AI.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRequest {
    /// The point.
    pub at: Pos,
    /// Who asks.
    pub from: MoveSource,
}

impl MoveRequest {
    /// A person's request.
    pub fn person(at: Pos) -> MoveRequest {
        MoveRequest {
            at,
            from: MoveSource::Person,
        }
    }

    /// The AI's request.
    pub fn ai(at: Pos) -> MoveRequest {
        MoveRequest {
            at,
            from: MoveSource::Ai,
        }
    }
}

/// Requests that change the game other than by a move.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back a move (against the AI: back to the person's last turn).
    Undo,
    /// Play a taken-back move again.
    Redo,
    /// Start the current game again from its opening position.
    Restart,
    /// Start a new game from the current [`GameSetup`].
    NewGame,
    /// The person to move gives up.
    Resign,
}

/// Asks to open the newest saved game in the replay viewer at start (`--replay`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OpenNewestReplay;

/// A recorded game in the replay viewer, and how many of its moves are shown.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The game.
    pub record: crate::engine::record::GameRecord,
    /// Moves shown (0 to all).
    pub at: usize,
}

/// A step through the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayStep {
    /// The empty board.
    First,
    /// One move back.
    Back,
    /// One move on.
    Forward,
    /// The final position.
    Last,
}

impl Replay {
    /// Moves the replay by `step`, staying within the game.
    pub fn step(&mut self, step: ReplayStep) {
        let n = self.record.moves.len();
        self.at = match step {
            ReplayStep::First => 0,
            ReplayStep::Back => self.at.saturating_sub(1),
            ReplayStep::Forward => (self.at + 1).min(n),
            ReplayStep::Last => n,
        };
    }

    /// The set-up that plays on from the position shown, with the menu's players and level.
    pub fn continue_setup(&self, menu: &GameSetup) -> GameSetup {
        GameSetup {
            size: self.record.size,
            rule: self.record.rule,
            policy: self.record.policy,
            moves: self.record.moves[..self.at].to_vec(),
            ..menu.clone()
        }
    }
}

/// Whether everything the scene draws with has loaded (screenshots wait for it).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SceneReady(pub bool);

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

/// The whole game. Add it after Bevy's `DefaultPlugins` (or `MinimalPlugins` and
/// `StatesPlugin` in tests). Starts on the menu unless a [`Screen`] state was inserted first.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        let setup_given = app.world().contains_resource::<GameSetup>();
        if !app.world().contains_resource::<persist::RestoreLastSetup>() {
            app.insert_resource(persist::RestoreLastSetup(!setup_given));
        }
        app.init_resource::<GameSetup>()
            .init_resource::<SceneReady>()
            .init_state::<Screen>()
            .add_message::<MoveRequest>()
            .add_message::<GameCommand>()
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
                persist::plugin,
                i18n::plugin,
                turn::plugin,
                ai::plugin,
                layout::plugin,
                input::plugin,
                keyboard::plugin,
                hint::plugin,
                theme::plugin,
                pace::plugin,
            ));
        // The view and the menus need a renderer; headless tests run without one.
        if app.is_plugin_added::<bevy::sprite::SpritePlugin>() {
            app.add_plugins((board_view::plugin, animation::plugin, menu::plugin));
        }
        if app.is_plugin_added::<bevy::audio::AudioPlugin>() {
            app.add_plugins(audio::plugin);
        }
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(web::plugin);
    }
}
