//! Starting up: every game the storage holds as waiting or playing comes back as a room, its
//! moves replayed through the engine, its clocks stopped while the server was down and still
//! stopped until the side to move is back. A game whose record is damaged is set aside (a log
//! line names it, its players are told when they come back) and never stops the others.

use std::collections::HashMap;
use std::time::Instant;

use super::{Hub, HubConfig, info};
use crate::clock::Clock;
use crate::limits::Attempts;
use crate::room::{Room, Seat};
use crate::storage::{GameRecord, Storage, StorageError};
use crate::tokens::Tokens;
use gomoku_engine::Stone;
use gomoku_net::RoomStatus;

impl Hub {
    /// A hub over `storage`, with every unfinished game it holds back in play. Each seat
    /// starts disconnected, so its grace period runs from now.
    pub fn new(
        mut storage: Box<dyn Storage>,
        config: HubConfig,
        now: Instant,
    ) -> Result<Hub, StorageError> {
        let mut rooms = HashMap::new();
        let mut damaged = HashMap::new();
        let games = storage.unfinished_games()?;
        restore_all(&mut *storage, games, now, &mut rooms, &mut damaged);
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
            last_prune: None,
            heartbeat_failed_at: None,
            last_tick: None,
            failed_joins: Attempts::new(super::MAX_FAILED_JOINS, super::FAILED_JOIN_WINDOW),
            new_players: Attempts::new(super::MAX_NEW_PLAYERS, super::NEW_PLAYER_WINDOW)
                .per_network(config.new_players_per_network),
            failed_sign_ins: Attempts::new(
                super::account::MAX_FAILED_PER_ADDRESS,
                super::account::SIGN_IN_WINDOW,
            )
            .per_network(super::account::MAX_FAILED_PER_NETWORK),
            damaged,
            health: None,
            cluster: None,
            remote: HashMap::new(),
            owners: HashMap::new(),
            metrics: Default::default(),
            leaderboard: None,
        })
    }
}

impl Hub {
    /// Takes over the games of servers that stopped (on a storage other servers share): each
    /// comes back as after a restart, its seats given the grace period from now.
    pub(super) fn take_over(&mut self, now: Instant) {
        let games = match self.storage.unfinished_games() {
            Ok(games) => games,
            Err(e) => {
                self.metrics.database_error();
                eprintln!("gomoku-server: looking for games to take over: {e}");
                return;
            }
        };
        if games.is_empty() {
            return;
        }
        let mut stopped: Vec<String> = games
            .iter()
            .flatten()
            .filter_map(|g| g.taken_from.clone())
            .collect();
        stopped.sort();
        stopped.dedup();
        let before = self.rooms.len();
        restore_all(
            &mut *self.storage,
            games,
            now,
            &mut self.rooms,
            &mut self.damaged,
        );
        eprintln!(
            "gomoku-server: took over {} games of a server that stopped ({})",
            self.rooms.len() - before,
            if stopped.is_empty() {
                "none named".to_string()
            } else {
                stopped.join(", ")
            }
        );
        // The clients that other servers relayed to the stopped one connect again and find
        // their games here; the stopped one, if it was only paused, lets them go.
        if let Some(cluster) = &self.cluster {
            for server in stopped {
                cluster.send_all(&crate::cluster::Envelope::Stopped { server });
            }
        }
    }
}

/// Restores `games` into `rooms`; a damaged one is set aside and noted in `damaged`.
fn restore_all(
    storage: &mut dyn Storage,
    games: Vec<crate::storage::Unfinished>,
    now: Instant,
    rooms: &mut HashMap<String, Room>,
    damaged: &mut HashMap<String, String>,
) {
    for g in games {
        let restored = g.and_then(|g| {
            let code = g.code.clone();
            restore(storage, g, now).map_err(|why| crate::storage::DamagedGame { code, why })
        });
        match restored {
            Ok(room) => {
                rooms.insert(room.code.clone(), room);
            }
            Err(bad) => {
                eprintln!(
                    "gomoku-server: game {} could not be restored and is set aside: {}",
                    if bad.code.is_empty() { "?" } else { &bad.code },
                    bad.why
                );
                if !bad.code.is_empty() {
                    if let Err(e) = storage.set_aside(&bad.code, &bad.why) {
                        eprintln!("gomoku-server: game {}: {e}", bad.code);
                    }
                    damaged.insert(bad.code, bad.why);
                }
            }
        }
    }
}

/// One stored game as a room, or what is wrong with its record.
fn restore(storage: &mut dyn Storage, g: GameRecord, now: Instant) -> Result<Room, String> {
    g.settings.validate()?;
    let mut room = Room::new(g.code.clone(), g.settings, g.public);
    for (i, &p) in g.moves.iter().enumerate() {
        if let Err(e) = room.game.play(p) {
            return Err(format!(
                "stored move {} is refused by the rules: {e}",
                i + 1
            ));
        }
    }
    if room.game.outcome().is_over() {
        return Err("its stored moves end the game, but it is not marked finished".into());
    }
    for (colour, seat) in [(Stone::Black, &g.black), (Stone::White, &g.white)] {
        let Some(seat) = seat else { continue };
        let player = storage
            .player(seat.player_id)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("player {} is missing", seat.player_id))?;
        room.seats[colour.index()] = Some(Seat::new(info(&player), seat.token.clone(), now));
    }
    if g.status == RoomStatus::Playing && room.seats.iter().any(Option::is_none) {
        return Err("it is marked as being played but a seat is empty".into());
    }
    if let Some(tc) = g.settings.time {
        let mut left = g.clock_ms;
        if g.status == RoomStatus::Playing {
            // The side to move used the time from the last stored change until the server
            // was last alive; the time it was down is not charged.
            let used = match (g.alive_ms, g.clock_at_ms) {
                (Some(alive), Some(at)) => alive.saturating_sub(at).max(0) as u64,
                _ => 0,
            };
            let side = room.game.to_move().index();
            left[side] = left[side].saturating_sub(used);
        }
        room.clock = Some(Clock::resumed(tc, left[0], left[1]));
    }
    if g.status == RoomStatus::Playing {
        // Nobody is connected yet: the clock waits for the side to move to come back.
        room.resume_after_restart();
    }
    Ok(room)
}
