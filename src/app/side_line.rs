//! Analysis's shared vocabulary: the position analysis mode started from and the screen it
//! goes back to ([`SideLine`]), the requests that switch it on and off ([`AnalysisCommand`]),
//! the requests to review a game ([`ReviewRequest`]), and the puzzle's position on the board
//! ([`PuzzlePosition`]) with puzzle mode's requests ([`PuzzleCommand`]).
//! While the [`Screen::Analysis`] screen is on, the board shows the side line: the turn plugin
//! puts the game aside on the way in and back on the way out, so nothing played there reaches
//! the game or its record.

use bevy::prelude::*;

use super::states::Screen;
use gomoku_engine::Game;
use gomoku_engine::record::GameRecord;

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

/// The position of the puzzle being solved, which the board shows on the Puzzle screen (the
/// game is put aside meanwhile, as for the replay viewer).
#[derive(Resource, Debug, Clone, Default)]
pub struct PuzzlePosition(pub Game);

/// Where the puzzles come from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PuzzleSource {
    /// The built-in set.
    #[default]
    BuiltIn,
    /// The missed wins of the player's reviewed games.
    MyGames,
}

/// Requests of puzzle mode.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Open puzzle mode (at the puzzle last shown).
    Open,
    /// The next puzzle.
    Next,
    /// The puzzle before.
    Previous,
    /// The same puzzle from its start.
    Retry,
    /// One more hint.
    Hint,
    /// Puzzles from another source.
    Source(PuzzleSource),
    /// Back to the menu.
    Leave,
}
