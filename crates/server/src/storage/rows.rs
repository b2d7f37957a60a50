//! A stored game's columns as both backends read them, and what they mean: one reading of
//! rules, statuses and seats, so SQLite and PostgreSQL restore a game the same way.

use super::{DamagedGame, GameRecord, SeatRecord, StorageError, StoreResult, Unfinished};
use gomoku_engine::Pos;
use gomoku_net::{FinishedGame, GameResult, RoomSettings, RoomStatus, TimeControl};

/// A status as stored.
pub(super) fn status_name(s: RoomStatus) -> &'static str {
    match s {
        RoomStatus::Waiting => "Waiting",
        RoomStatus::Playing => "Playing",
        RoomStatus::Finished => "Finished",
    }
}

/// A stored status of an unfinished game.
pub(super) fn status_from_name(s: &str) -> Option<RoomStatus> {
    match s {
        "Playing" => Some(RoomStatus::Playing),
        "Waiting" => Some(RoomStatus::Waiting),
        _ => None,
    }
}

/// An unfinished game's columns, before they are checked.
pub(super) struct RawGame {
    pub code: String,
    pub rule: String,
    pub size: u8,
    pub base_secs: Option<u32>,
    pub increment_secs: Option<u32>,
    pub rated: bool,
    pub public: bool,
    pub status: String,
    pub black: (Option<i64>, Option<String>),
    pub white: (Option<i64>, Option<String>),
    pub clock_ms: [u64; 2],
    pub clock_at_ms: i64,
    pub damaged: Option<String>,
    /// When the server deciding it was last known alive.
    pub alive_ms: Option<i64>,
}

impl RawGame {
    /// The game (without its moves), or why it cannot be played on.
    pub(super) fn decode(self) -> Unfinished {
        let damaged = |why: String| {
            Err(DamagedGame {
                code: self.code.clone(),
                why,
            })
        };
        if let Some(why) = &self.damaged {
            return damaged(why.clone());
        }
        let rule = match self.rule.parse() {
            Ok(rule) => rule,
            Err(e) => return damaged(format!("unknown rule: {e}")),
        };
        let Some(status) = status_from_name(&self.status) else {
            return damaged(format!("unknown status '{}'", self.status));
        };
        let seat = |(id, token): (Option<i64>, Option<String>)| match (id, token) {
            (Some(player_id), Some(token)) => Some(SeatRecord { player_id, token }),
            _ => None,
        };
        Ok(GameRecord {
            code: self.code,
            settings: RoomSettings {
                rule,
                size: self.size,
                time: self.base_secs.map(|base_secs| TimeControl {
                    base_secs,
                    increment_secs: self.increment_secs.unwrap_or(0),
                }),
                rated: self.rated,
            },
            public: self.public,
            status,
            black: seat(self.black),
            white: seat(self.white),
            moves: Vec::new(),
            clock_ms: self.clock_ms,
            clock_at_ms: Some(self.clock_at_ms),
            alive_ms: self.alive_ms,
            taken_from: None,
        })
    }
}

/// A finished game's columns, before they are checked.
pub(super) struct RawFinished {
    /// Its place in the list (SQLite's rowid, PostgreSQL's `seq`).
    pub id: i64,
    pub code: String,
    pub rule: String,
    pub size: u8,
    pub base_secs: Option<u32>,
    pub increment_secs: Option<u32>,
    pub rated: bool,
    pub black: String,
    pub white: String,
    /// The result as stored (JSON).
    pub result: Option<String>,
    /// When it ended (Unix seconds).
    pub finished_secs: i64,
}

/// A finished game for the account's list, or why its record cannot be read.
pub(super) fn finished_game(raw: RawFinished, moves: Vec<Pos>) -> StoreResult<FinishedGame> {
    let bad = |why: String| StorageError(format!("game {}: {why}", raw.code));
    let rule = raw
        .rule
        .parse()
        .map_err(|e| bad(format!("unknown rule: {e}")))?;
    let result: GameResult = serde_json::from_str(raw.result.as_deref().unwrap_or_default())
        .map_err(|e| bad(format!("unreadable result: {e}")))?;
    Ok(FinishedGame {
        id: raw.id,
        code: raw.code.clone(),
        settings: RoomSettings {
            rule,
            size: raw.size,
            time: raw.base_secs.map(|base_secs| TimeControl {
                base_secs,
                increment_secs: raw.increment_secs.unwrap_or(0),
            }),
            rated: raw.rated,
        },
        black: raw.black,
        white: raw.white,
        moves,
        result,
        finished_ms: raw.finished_secs.saturating_mul(1000),
    })
}
