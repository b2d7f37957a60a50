//! Our own JSON record: a format name, a version, and the game in readable fields.
//!
//! ```json
//! { "format": "gomoku-record", "version": 1, "black": "Ann", "white": "AI level 3",
//!   "mode": { "VsAi": { "level": 3, "human": "Black" } }, "rule": "Renju",
//!   "policy": "Refuse", "size": 15, "moves": "h8 i9 j10",
//!   "result": { "winner": null, "ending": "Unfinished" }, "date": "2026-11-22T13:45:00Z" }
//! ```
//!
//! A game kept with its review (a game's history keeps them so) also has a `review` field
//! after the others: [`crate::analysis::StoredGame`] reads and writes it. A record read here
//! ignores it.
//!
//! A game that began with an opening rule also has an `opening` field: the rule and its steps,
//! each with who acted and what they did. Records without it (all older ones) began freely.
//!
//! ```json
//! "opening": { "rule": "Swap2", "steps": [
//!   { "actor": "First", "action": { "Place": { "x": 7, "y": 7 } } }, ...,
//!   { "actor": "Second", "action": { "Choose": "PlaceTwo" } }, ... ] }
//! ```

use serde::{Deserialize, Serialize};

use super::{GameRecord, RecordError, RecordMode, RecordResult};
use crate::board::parse_moves;
use crate::opening::OpeningRecord;
use crate::rules::{ForbiddenPolicy, Rule};

/// The `format` field of a record.
pub const FORMAT: &str = "gomoku-record";
/// The newest record version this build reads and the one it writes.
pub const VERSION: u32 = 1;

/// A game record as it is stored: the moves as notation text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRecord {
    /// Always [`FORMAT`].
    pub format: String,
    /// The record version, at most [`VERSION`].
    pub version: u32,
    /// The black player's name.
    pub black: String,
    /// The white player's name.
    pub white: String,
    /// Who played.
    pub mode: RecordMode,
    /// The rule.
    pub rule: Rule,
    /// What a forbidden move did.
    pub policy: ForbiddenPolicy,
    /// Board side.
    pub size: u8,
    /// The moves in standard notation, separated by spaces.
    pub moves: String,
    /// How it ended.
    pub result: RecordResult,
    /// When it ended (UTC).
    pub date: String,
    /// The opening rule and its steps, if the game began with one (absent in older records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningRecord>,
}

impl StoredRecord {
    /// The stored form of a record.
    pub fn from_record(record: &GameRecord) -> StoredRecord {
        StoredRecord {
            format: FORMAT.to_owned(),
            version: VERSION,
            black: record.black.clone(),
            white: record.white.clone(),
            mode: record.mode.clone(),
            rule: record.rule,
            policy: record.policy,
            size: record.size,
            moves: record.moves_text(),
            result: record.result,
            date: record.date.clone(),
            opening: record.opening.clone(),
        }
    }

    /// Whether this is the stored form of `record` (same players, date and moves).
    pub fn is_of(&self, record: &GameRecord) -> bool {
        self.date == record.date
            && self.black == record.black
            && self.white == record.white
            && self.moves == record.moves_text()
    }

    /// The record, with its format, version, moves and result checked by replaying it.
    pub fn to_record(&self) -> Result<GameRecord, RecordError> {
        if self.format != FORMAT {
            return Err(RecordError::new(format!(
                "not a Gomoku record: the format is '{}', expected '{FORMAT}'",
                self.format
            )));
        }
        if self.version > VERSION {
            return Err(RecordError::new(format!(
                "the record has format version {}, newer than this Gomoku reads ({VERSION}); \
                 update the game to open it",
                self.version
            )));
        }
        for (colour, name) in [("black", &self.black), ("white", &self.white)] {
            check_name(name)
                .map_err(|why| RecordError::new(format!("the {colour} player's name {why}")))?;
        }
        if self.date.chars().count() > MAX_DATE_CHARS {
            return Err(RecordError::new("the date is not a date"));
        }
        let moves = parse_moves(&self.moves, self.size)
            .map_err(|e| RecordError::new(format!("the moves: {e}")))?;
        let record = GameRecord {
            black: self.black.clone(),
            white: self.white.clone(),
            mode: self.mode.clone(),
            rule: self.rule,
            policy: self.policy,
            size: self.size,
            moves,
            result: self.result,
            date: self.date.clone(),
            opening: self.opening.clone(),
        };
        if let Some(o) = &record.opening
            && o.steps.len() > MAX_OPENING_STEPS
        {
            return Err(RecordError::new(format!(
                "the opening has {} steps, more than any opening rule takes",
                o.steps.len()
            )));
        }
        record.replay_opening()?;
        let game = record.replay()?;
        let replayed = RecordResult::from_outcome(game.outcome());
        if replayed != record.result.as_replayed() {
            return Err(RecordError::new(format!(
                "the result says {:?} ({:?}) but the moves give {:?} ({:?})",
                record.result.winner, record.result.ending, replayed.winner, replayed.ending
            )));
        }
        Ok(record)
    }
}

/// The longest player name a record keeps (a profile's is at most 24 characters).
pub const MAX_RECORD_NAME_CHARS: usize = 64;
/// The most steps an opening takes (Soosõrv-8: three stones, a swap, the fourth, the
/// declaration, a swap, eight offers and the pick), with room to spare.
const MAX_OPENING_STEPS: usize = 32;
/// The longest date a record keeps (`2026-11-22T14:00:00Z` is 20).
const MAX_DATE_CHARS: usize = 40;

/// Why a player's name cannot be in a record, if it cannot.
fn check_name(name: &str) -> Result<(), String> {
    if name.chars().count() > MAX_RECORD_NAME_CHARS {
        return Err(format!("is longer than {MAX_RECORD_NAME_CHARS} characters"));
    }
    if name.chars().any(char::is_control) {
        return Err("holds control characters".to_owned());
    }
    Ok(())
}

/// The record as pretty-printed JSON.
pub fn to_json(record: &GameRecord) -> String {
    serde_json::to_string_pretty(&StoredRecord::from_record(record))
        .expect("a record always serialises")
}

/// Reads a JSON record, checking every move.
pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
    let stored: StoredRecord = serde_json::from_str(text)
        .map_err(|e| RecordError::at_line(e.line(), format!("not a valid record: {e}")))?;
    stored.to_record()
}
