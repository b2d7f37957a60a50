//! Starting up: every game the storage holds as waiting or playing comes back as a room, its
//! moves replayed through the engine, its clocks stopped while the server was down.

use std::collections::HashMap;
use std::time::Instant;

use super::{Hub, HubConfig, info};
use crate::engine::Stone;
use crate::net::RoomStatus;
use crate::server::clock::Clock;
use crate::server::room::{Room, Seat};
use crate::server::storage::{Storage, StorageError};
use crate::server::tokens::Tokens;

impl Hub {
    /// A hub over `storage`, with every unfinished game it holds back in play. Each seat
    /// starts disconnected, so its grace period runs from now.
    pub fn new(
        mut storage: Box<dyn Storage>,
        config: HubConfig,
        now: Instant,
    ) -> Result<Hub, StorageError> {
        let alive_ms = storage.last_heartbeat()?;
        let mut rooms = HashMap::new();
        for g in storage.unfinished_games()? {
            g.settings
                .validate()
                .map_err(|e| StorageError(format!("game {}: {e}", g.code)))?;
            let mut room = Room::new(g.code.clone(), g.settings, g.public);
            for (i, &p) in g.moves.iter().enumerate() {
                if let Err(e) = room.game.play(p) {
                    return Err(StorageError(format!(
                        "game {}: stored move {} is refused by the rules: {e}",
                        g.code,
                        i + 1
                    )));
                }
            }
            for (colour, seat) in [(Stone::Black, &g.black), (Stone::White, &g.white)] {
                let Some(seat) = seat else { continue };
                let player = storage.player(seat.player_id)?.ok_or_else(|| {
                    StorageError(format!(
                        "game {}: player {} is missing",
                        g.code, seat.player_id
                    ))
                })?;
                room.seats[colour.index()] =
                    Some(Seat::new(info(&player), seat.token.clone(), now));
            }
            if let Some(tc) = g.settings.time {
                let mut left = g.clock_ms;
                if g.status == RoomStatus::Playing {
                    // The side to move used the time from the last stored change until the
                    // server was last alive; the time it was down is not charged.
                    let used = match (alive_ms, g.clock_at_ms) {
                        (Some(alive), Some(at)) => alive.saturating_sub(at).max(0) as u64,
                        _ => 0,
                    };
                    let side = room.game.to_move().index();
                    left[side] = left[side].saturating_sub(used);
                }
                room.clock = Some(Clock::resumed(tc, left[0], left[1]));
            }
            if g.status == RoomStatus::Playing {
                room.start(now);
            }
            rooms.insert(g.code, room);
        }
        if !rooms.is_empty() {
            eprintln!("gomoku-server: resumed {} unfinished games", rooms.len());
        }
        Ok(Hub {
            storage,
            tokens: Tokens::default(),
            config,
            conns: HashMap::new(),
            rooms,
            queue: Vec::new(),
            next_conn: 0,
            last_heartbeat: None,
        })
    }
}
