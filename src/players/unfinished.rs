//! The game in progress, kept after every move so that closing the game (or the browser tab)
//! mid-game loses nothing: the next start offers it back.

use serde::{Deserialize, Serialize};

use super::settings::LastSetup;
use crate::store::Document;
use gomoku_engine::clock::Clocks;

/// The game on the board when it is not finished.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct UnfinishedGame {
    /// How it was set up.
    pub setup: LastSetup,
    /// Its moves in standard notation, separated by spaces; empty when there is none.
    pub moves: String,
    /// Its clocks in a timed game, as they stood when it was saved (after its last move, or
    /// when they stopped); `None` for an untimed game (and in files from before the clocks).
    pub clock: Option<Clocks>,
}

impl Document for UnfinishedGame {
    const KEY: &'static str = "current-game.json";
    const FORMAT: &'static str = "gomoku-current-game";
    const VERSION: u32 = 1;

    /// A set-up the game offers and no more moves than the largest board holds.
    fn check(&self) -> Result<(), String> {
        self.setup.check()?;
        if self.moves.len() > MAX_MOVES_TEXT {
            return Err("the moves are more than any board holds".to_owned());
        }
        if let Some(clock) = &self.clock {
            clock.check().map_err(|e| format!("the clocks: {e}"))?;
        }
        Ok(())
    }
}

/// The longest moves text of a game: every point of a 22x22 board, four characters each.
const MAX_MOVES_TEXT: usize = 22 * 22 * 4;
