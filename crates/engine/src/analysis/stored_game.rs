//! A game as a history keeps it: its JSON record ([`StoredRecord`]) and, once the game has been
//! reviewed, its [`Review`] in a `review` field after the record's own fields:
//!
//! ```json
//! { "format": "gomoku-record", "version": 1, "black": "Ann", ..., "date": "2026-11-22T13:45:00Z",
//!   "review": { "format": "gomoku-review", "version": 1, "rule": "Freestyle", ... } }
//! ```
//!
//! Games never reviewed (and all older ones) have no `review` field; the record's reader
//! ([`crate::record::json`]) ignores it.

use serde::{Deserialize, Serialize};

use super::review::Review;
use crate::board::{Pos, parse_moves};
use crate::record::json::StoredRecord;
use crate::record::{GameRecord, RecordError};

/// A stored game record and the game's review, if it has one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredGame {
    /// The record, its fields those of the stored game.
    #[serde(flatten)]
    pub record: StoredRecord,
    /// The game's review, once it has been reviewed (absent in older records and in games
    /// never reviewed; a build that does not know it ignores it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Review>,
}

impl StoredGame {
    /// The stored form of a record, not reviewed.
    pub fn from_record(record: &GameRecord) -> StoredGame {
        StoredGame {
            record: StoredRecord::from_record(record),
            review: None,
        }
    }

    /// The record, checked by replaying it (see [`StoredRecord::to_record`]).
    pub fn to_record(&self) -> Result<GameRecord, RecordError> {
        self.record.to_record()
    }

    /// Whether this is the stored form of `record` (same players, date and moves).
    pub fn is_of(&self, record: &GameRecord) -> bool {
        self.record.is_of(record)
    }

    /// The review kept with the game, when it is one of this game: same rule and size, its
    /// moves the game's, every point on the board (a hand-edited file may pair them wrongly).
    pub fn review(&self) -> Option<&Review> {
        let review = self.review.as_ref()?;
        let record = &self.record;
        let moves = parse_moves(&record.moves, record.size).ok()?;
        let on_board = |p: &Pos| p.x < record.size && p.y < record.size;
        let fits = review.rule == record.rule
            && review.size == record.size
            && review.moves.len() <= moves.len()
            && review.moves.iter().enumerate().all(|(i, m)| {
                m.number == i + 1
                    && m.played == moves[i]
                    && m.best
                        .iter()
                        .chain(&m.best_line)
                        .chain(&m.missed_block)
                        .all(on_board)
                    && m.forced_win
                        .as_ref()
                        .is_none_or(|w| on_board(&w.first) && w.line.iter().all(on_board))
            });
        fits.then_some(review)
    }
}
