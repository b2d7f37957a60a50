//! A stored game's columns as both backends read them, and what they mean: one reading of
//! rules, statuses and seats, so SQLite and PostgreSQL restore a game the same way.

use super::{DamagedGame, GameRecord, SeatRecord, Unfinished};
use gomoku_net::{RoomSettings, RoomStatus, TimeControl};

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
