//! The game's shared vocabulary: the board, who plays, how a game is set up, the requests that
//! change it, and what the status line says. Every plugin speaks it; only `play::turn` changes
//! the board.

use bevy::prelude::*;

use super::states::{Confirm, Screen};
use crate::players::{ProfileId, Profiles};
use gomoku_engine::clock::{Clocks, TimeControl};
use gomoku_engine::opening::{Action, OpeningRule};
use gomoku_engine::search::levels::Level;
use gomoku_engine::{ForbiddenPolicy, Game, Pos, Rule, Stone};

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
///
/// With an opening rule the colours are the opening's to decide, so the mode names seats:
/// Black stands for the first player (who opens), White for the second. Against the AI,
/// `Mode::VsAi { human: Stone::Black }` is "I open" and `Stone::White` "the AI opens".
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// Who plays (by seat when there is an opening rule).
    pub mode: Mode,
    /// The AI's level.
    pub level: Level,
    /// Board side.
    pub size: u8,
    /// Rule.
    pub rule: Rule,
    /// What a forbidden move does.
    pub policy: ForbiddenPolicy,
    /// The opening rule: how the first stones are placed and the colours decided.
    pub opening: OpeningRule,
    /// The opening's first steps, played before the players take over (from the command
    /// line); each is taken by the player due.
    pub opening_steps: Vec<Action>,
    /// Moves to play (after the opening, if there is one) before the players take over.
    pub moves: Vec<Pos>,
    /// The clock: `None` for an untimed game.
    pub time: Option<TimeControl>,
}

impl GameSetup {
    /// The set-up without the steps and moves it starts from: what the menu shows.
    pub fn without_position(&self) -> GameSetup {
        GameSetup {
            opening_steps: Vec::new(),
            moves: Vec::new(),
            ..self.clone()
        }
    }

    /// Forgets the steps and moves it starts from (they start one game only).
    pub fn clear_position(&mut self) {
        self.opening_steps.clear();
        self.moves.clear();
    }
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            mode: Mode::default(),
            level: Level::default(),
            size: gomoku_engine::board::DEFAULT_SIZE,
            rule: Rule::default(),
            policy: ForbiddenPolicy::default(),
            opening: OpeningRule::None,
            opening_steps: Vec::new(),
            moves: Vec::new(),
            time: None,
        }
    }
}

/// The setup the current game was started with (the menu may already show another).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ActiveSetup(pub GameSetup);

/// The clocks of the game on the board when it is timed (`None` when it is not). `play::clock`
/// runs them while the game is played on screen; the turn plugin ends the game when one runs
/// out ([`GameCommand::TimeUp`]).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct GameClock(pub Option<Clocks>);

/// What the status line shows: whose turn it is and what just happened.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusLine(pub String);

/// Counts the games started in this run: a new game, a restart or "continue from here" each
/// start a new one. Undo and redo stay in the same game.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameSerial(pub u64);

/// A game in progress with at least this many moves played (after its opening moves) is long:
/// Restart asks first, and a new game or a restart keeps it in the history as unfinished.
pub const LONG_GAME_MOVES: usize = 10;

/// Whether `game`, started from `setup`, is a long game still in progress (see
/// [`LONG_GAME_MOVES`]).
pub fn is_long_game_in_progress(game: &Game, setup: &GameSetup) -> bool {
    !game.outcome().is_over() && game.board().moves().len() >= setup.moves.len() + LONG_GAME_MOVES
}

/// Whether the board holds a game to go back to from the menu: one has been played in this run
/// (even if restarted to an empty board), or the one left unfinished last time was put back.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameOnBoard(pub bool);

impl GameOnBoard {
    /// The screen "Back to the game" (or Esc on the menu) goes to, if there is a game.
    pub fn back_to(self, board: &Game) -> Option<Screen> {
        if board.outcome().is_over() {
            Some(Screen::GameOver)
        } else if self.0 || !board.board().moves().is_empty() {
            Some(Screen::Playing)
        } else {
            None
        }
    }
}

/// Who plays the game on the board: the profiles picked when it started (`None` for a guest or
/// the AI). Picking or creating a player mid-game chooses the next game's players; this game's
/// result still goes to these.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GamePlayers {
    /// Black's profile.
    pub black: Option<ProfileId>,
    /// White's profile.
    pub white: Option<ProfileId>,
}

impl GamePlayers {
    /// The players of a game in `mode` started now: the active profile as the person (black in
    /// two-player games), the second player as white.
    pub fn of(mode: Mode, profiles: Option<&Profiles>) -> GamePlayers {
        let active = profiles.and_then(|p| p.active().map(|p| p.id));
        let opponent = profiles.and_then(|p| p.opponent().map(|p| p.id));
        match mode {
            Mode::VsAi {
                human: Stone::Black,
            } => GamePlayers {
                black: active,
                white: None,
            },
            Mode::VsAi {
                human: Stone::White,
            } => GamePlayers {
                black: None,
                white: active,
            },
            Mode::TwoPlayers => GamePlayers {
                black: active,
                white: opponent,
            },
            Mode::AiVsAi => GamePlayers::default(),
        }
    }

    /// The profile playing `stone`.
    pub fn of_stone(&self, stone: Stone) -> Option<ProfileId> {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.white,
        }
    }
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
    /// This side's clock ran out: it loses on time.
    TimeUp(Stone),
}

// What the question of a `Confirm` window means for the game (the question itself is part of
// the `Dialog` state, in `states.rs`).
impl Confirm {
    /// The command the player is asked about.
    pub fn command(self) -> GameCommand {
        match self {
            Confirm::Restart => GameCommand::Restart,
            Confirm::Resign => GameCommand::Resign,
        }
    }

    /// Whether the player is asked before the command on `game`, started from `setup`: a
    /// resignation ends the game, so always; a restart only throws away a long game in
    /// progress ([`is_long_game_in_progress`]).
    pub fn needed(self, game: &Game, setup: &GameSetup) -> bool {
        match self {
            Confirm::Restart => is_long_game_in_progress(game, setup),
            Confirm::Resign => true,
        }
    }
}

/// A click on a button whose command may be asked about first (Restart, Resign): the command
/// is sent at once, or its question opens ([`Confirm`]).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AskFirst(pub Confirm);

/// Asks to open the newest saved game in the replay viewer at start (`--replay`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OpenNewestReplay;

/// A recorded game in the replay viewer, and how many of its moves are shown.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The game.
    pub record: gomoku_engine::record::GameRecord,
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

impl ReplayStep {
    /// How many of a game's `moves` are shown after this step from `at`, staying within the
    /// game.
    pub fn apply(self, at: usize, moves: usize) -> usize {
        match self {
            ReplayStep::First => 0,
            ReplayStep::Back => at.saturating_sub(1),
            ReplayStep::Forward => (at + 1).min(moves),
            ReplayStep::Last => moves,
        }
    }
}

impl Replay {
    /// Moves the replay by `step`, staying within the game.
    pub fn step(&mut self, step: ReplayStep) {
        self.at = step.apply(self.at, self.record.moves.len());
    }

    /// The set-up that plays on from the position shown, with the menu's players and level.
    pub fn continue_setup(&self, menu: &GameSetup) -> GameSetup {
        GameSetup {
            size: self.record.size,
            rule: self.record.rule,
            policy: self.record.policy,
            // The position is set: no opening is played again.
            opening: OpeningRule::None,
            opening_steps: Vec::new(),
            moves: self.record.moves[..self.at].to_vec(),
            ..menu.clone()
        }
    }
}

/// The empty intersection where the person to move would play, under the pointer or the
/// keyboard cursor (the ghost stone shows it), if any.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hover(pub Option<Pos>);
