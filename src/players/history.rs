//! Every finished game, kept in the order played.

use serde::{Deserialize, Serialize};

use crate::store::Document;
use gomoku_engine::analysis::{Review, StoredGame};
use gomoku_engine::record::{GameRecord, RecordError};

/// The finished games, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct History {
    /// The games as stored.
    pub games: Vec<StoredGame>,
}

impl Document for History {
    const KEY: &'static str = "history.json";
    const FORMAT: &'static str = "gomoku-history";
    const VERSION: u32 = 1;
}

impl History {
    /// Adds a finished game.
    pub fn add(&mut self, record: &GameRecord) {
        self.games.push(StoredGame::from_record(record));
    }

    /// The game at `index`, checked by replaying it.
    pub fn game(&self, index: usize) -> Option<Result<GameRecord, RecordError>> {
        self.games.get(index).map(StoredGame::to_record)
    }

    /// The review kept with `record`'s stored game, if it has one.
    pub fn review_of(&self, record: &GameRecord) -> Option<&Review> {
        self.games
            .iter()
            .rev()
            .find(|g| g.is_of(record))
            .and_then(StoredGame::review)
    }

    /// Keeps `review` with `record`'s stored game (the newest, if stored twice); returns
    /// whether the game was found.
    pub fn set_review(&mut self, record: &GameRecord, review: Review) -> bool {
        match self.games.iter_mut().rev().find(|g| g.is_of(record)) {
            Some(stored) => {
                stored.review = Some(review);
                true
            }
            None => false,
        }
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}
