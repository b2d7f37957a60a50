//! Analysis's shared vocabulary: the position analysis mode started from and the screen it
//! goes back to ([`SideLine`]), the requests that switch it on and off ([`AnalysisCommand`]),
//! and the requests to review a game ([`ReviewRequest`]).
//! While the [`Screen::Analysis`] screen is on, the board shows the side line: the turn plugin
//! puts the game aside on the way in and back on the way out, so nothing played there reaches
//! the game or its record.

use bevy::prelude::*;

use super::Screen;
use crate::engine::Game;
use crate::engine::record::GameRecord;

/// Where analysis mode started: the position, and the screen to go back to.
#[derive(Resource, Debug, Clone)]
pub struct SideLine {
    /// The screen analysis mode was opened from (Playing, GameOver or Replay).
    pub back_to: Screen,
    /// The position it started from (the game's, or the replay's move shown).
    pub start: Game,
}

impl SideLine {
    /// Moves of the side line played since analysis mode began.
    pub fn moves_played(&self, board: &Game) -> usize {
        board
            .board()
            .moves()
            .len()
            .saturating_sub(self.start.board().moves().len())
    }
}

/// Switches analysis mode on or off.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// On if it is off (from a game or a replay), off if it is on.
    Toggle,
    /// Back to the game (or the replay) from analysis mode.
    Leave,
}

/// Whether analysis mode may start from `screen`.
pub fn can_analyse_from(screen: Screen) -> bool {
    matches!(screen, Screen::Playing | Screen::GameOver | Screen::Replay)
}

/// Asks for a game's review, or stops the one under way.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum ReviewRequest {
    /// The game just finished (the newest saved game, if it is the one on the board): it
    /// opens in the replay viewer and its review begins.
    FinishedGame,
    /// This game (the one in the replay viewer).
    Game(Box<GameRecord>),
    /// Stop the review under way.
    Cancel,
}
