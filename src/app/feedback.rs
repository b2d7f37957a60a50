//! What happened in the game, as events: `play::turn` triggers them the moment it changes the
//! board, and the sound, the animations and the records observe them. Each outcome is its own
//! event, so two in one frame (two stones, a stone and the win) are both heard and both shown.

use bevy::prelude::*;

use super::{GamePlayers, GameSetup};
use gomoku_engine::opening::OpeningRecord;
use gomoku_engine::{Game, MoveError, Outcome, Pos, Stone};

/// A stone went on the board: a move played, or a taken-back move played again.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StonePlaced {
    /// Where.
    pub at: Pos,
    /// Whose.
    pub stone: Stone,
    /// Whether it was a taken-back move played again (Redo), not a new move.
    pub redone: bool,
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The rules refuse it (a taken point, a forbidden point, the game is over).
    Rules(MoveError),
    /// A person asked while the AI is to move.
    NotYourTurn,
    /// The opening refused the step (its message is on the status line).
    Opening,
}

/// A move was asked for and refused.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRefused {
    /// The point asked for.
    pub at: Pos,
    /// Why.
    pub why: Refusal,
}

/// A game in play ended (by a move, a resignation, or a finishing move played again). Not
/// triggered for a game that was over from its opening moves.
#[derive(Event, Debug, Clone)]
pub struct GameEnded {
    /// The game as it ended.
    pub game: Game,
    /// Its set-up.
    pub setup: GameSetup,
    /// Its players.
    pub players: GamePlayers,
    /// The opening it began with, if any.
    pub opening: Option<OpeningRecord>,
}

impl GameEnded {
    /// How it ended.
    pub fn outcome(&self) -> &Outcome {
        self.game.outcome()
    }
}

/// The finishing move (or the resignation) of the game in play was taken back: the game goes
/// on, and whatever its end changed is undone.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameReopened;

/// The replay viewer stepped onto a position with a winning five, its winning move played
/// again (the view celebrates it as it does a win in play; nothing is recorded).
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct ReplayReachedWin {
    /// The winning line.
    pub line: Vec<Pos>,
}

/// A long game in progress was replaced by a new game or a restart; the history keeps it.
#[derive(Event, Debug, Clone)]
pub struct GameAbandoned {
    /// The game as it stood.
    pub game: Game,
    /// Its set-up.
    pub setup: GameSetup,
    /// Its players.
    pub players: GamePlayers,
    /// The opening it began with, if it was over.
    pub opening: Option<OpeningRecord>,
}
