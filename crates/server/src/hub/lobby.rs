//! Everything before and around a game: hello, rooms, joining, quick match, watching,
//! resuming a seat, the list of games and the leaderboard.

use std::time::Instant;

use super::account::clean_device;
use super::{
    After, Hub, MAX_WAITING_PER_ADDRESS, MAX_WAITING_PER_PLAYER, Waiting, info, normal_code,
};
use crate::limits::after;
use crate::names::{clean_name, guest_name};
use crate::rating::Glicko;
use crate::room::{Room, Seat};
use crate::storage::accounts::{HOW_NEW, NewSession};
use crate::storage::{GameRecord, PlayerRecord, SeatRecord};
use gomoku_engine::Stone;
use gomoku_net::{
    ColourChoice, ErrorCode, GameSummary, PROTOCOL_VERSION, RoomSettings, RoomStatus, SeatInfo,
    ServerMessage,
};

/// The most players a leaderboard message lists.
const MAX_LEADERBOARD: u32 = 100;
/// How long a copy of the leaderboard is served before it is read again.
const LEADERBOARD_FOR: std::time::Duration = std::time::Duration::from_secs(5);
/// The most games a list of games holds.
const MAX_LISTED: usize = 200;
/// Guest names tried for a player whose name is taken.
const GUEST_TRIES: u32 = 40;

/// The numbers guest names are drawn from: four digits first, more when those are crowded.
fn guest_range(attempt: u32) -> std::ops::Range<u32> {
    if attempt < 10 {
        1000..10_000
    } else if attempt < 20 {
        10_000..100_000
    } else {
        100_000..1_000_000
    }
}

impl Hub {
    pub(super) fn hello(
        &mut self,
        conn: u64,
        version: u32,
        name: Option<String>,
        token: Option<String>,
        device: Option<&str>,
        now: Instant,
    ) -> After {
        if let Err(after) = self.greeting_allowed(conn, version, "hello") {
            return after;
        }
        let name = match name.as_deref().map(clean_name).transpose() {
            Ok(n) => n,
            Err(e) => {
                self.error(conn, ErrorCode::BadName, &e, Some("hello"));
                return After::Continue;
            }
        };
        let device = device.map(|d| clean_device(Some(d)));
        let mut notice = None;
        match (token, name) {
            (Some(token), name) => match self.storage.session_of(&token, device.as_deref()) {
                Ok(Some(found)) => {
                    let mut player = found.player;
                    if let Some(name) = name.filter(|n| *n != player.name) {
                        match self.storage.rename_player(player.id, &name) {
                            Ok(()) => player.name = name,
                            Err(e) if e.is_name_taken() => {
                                notice = Some(format!(
                                    "another player is called '{name}' (or a name too like \
                                     it); you are still '{}'",
                                    player.name
                                ));
                            }
                            Err(e) => return self.storage_error(conn, "hello", e),
                        }
                    }
                    self.welcome(conn, player, found.session, found.password, None);
                }
                Ok(None) => {
                    self.error(
                        conn,
                        ErrorCode::UnknownPlayer,
                        "no session has this token: it was signed out, or the account \
                         deleted; sign in, pair this device or make a new player",
                        Some("hello"),
                    );
                    return After::Continue;
                }
                Err(e) => return self.storage_error(conn, "hello", e),
            },
            (None, Some(name)) => {
                if let Some(wait) = self.new_player_limit(conn, now) {
                    self.error(
                        conn,
                        ErrorCode::Limit,
                        &format!(
                            "too many new players from your address; try again {}",
                            after(wait)
                        ),
                        Some("hello"),
                    );
                    return After::Continue;
                }
                match self.create_player(&name, device.as_deref().unwrap_or_default()) {
                    Ok((p, session, token, asked_taken)) => {
                        if asked_taken {
                            notice = Some(format!(
                                "another player is called '{name}' (or a name too like it); \
                                 you play as '{}' until you choose another",
                                p.name
                            ));
                        }
                        self.welcome(conn, p, session, false, Some(token));
                    }
                    Err(e) => return self.storage_error(conn, "hello", e),
                }
            }
            (None, None) => {
                let welcome = ServerMessage::Welcome {
                    version: PROTOCOL_VERSION,
                    player: None,
                    token: None,
                    seats: Vec::new(),
                    account: None,
                };
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.greeted = true;
                }
                self.send(conn, &welcome);
            }
        }
        if let Some(notice) = notice {
            self.error(conn, ErrorCode::NameTaken, &notice, Some("hello"));
        }
        After::Continue
    }

    /// When the connection's address may make a new player again, if it has made too many.
    fn new_player_limit(&mut self, conn: u64, now: Instant) -> Option<std::time::Duration> {
        let c = self.conns.get(&conn)?;
        if c.trusted {
            return None;
        }
        let address = c.address;
        let wait = self.new_players.blocked(address, now);
        if wait.is_none() {
            self.new_players.count(address, now);
        }
        wait
    }

    /// Stores a new player called `name`, or a guest name when another player has that name
    /// (the flag says so), with its first session on `device`; returns it with the session's
    /// number and token.
    fn create_player(
        &mut self,
        name: &str,
        device: &str,
    ) -> Result<(PlayerRecord, i64, String, bool), crate::storage::StorageError> {
        let token = self.tokens.secret();
        let session = NewSession {
            token: &token,
            device,
            how: HOW_NEW,
        };
        let rating = Glicko::default();
        let mut tries = std::iter::once(name.to_string())
            .chain((0..GUEST_TRIES).map(|i| guest_name(self.tokens.number(guest_range(i)))));
        let mut taken = false;
        loop {
            let Some(candidate) = tries.next() else {
                return Err(crate::storage::StorageError(
                    "no free guest name was found".into(),
                ));
            };
            match self.storage.create_player(&candidate, &session, rating) {
                Ok((id, session)) => {
                    let player = PlayerRecord {
                        id,
                        name: candidate,
                        rating,
                        games: 0,
                    };
                    return Ok((player, session, token, taken));
                }
                Err(e) if e.is_name_taken() => taken = true,
                Err(e) => return Err(e),
            }
        }
    }

    pub(super) fn storage_error(
        &mut self,
        conn: u64,
        request: &str,
        e: crate::storage::StorageError,
    ) -> After {
        self.metrics.database_error();
        eprintln!("gomoku-server: {request}: {e}");
        self.error(
            conn,
            ErrorCode::Storage,
            "the server could not store this; nothing changed",
            Some(request),
        );
        After::Continue
    }

    /// The seats player `id` holds in games not yet finished.
    pub(super) fn open_seats(&mut self, id: i64) -> Vec<SeatInfo> {
        if self.storage.shared() {
            // Seats in games other servers decide too.
            match self.storage.seats_of(id) {
                Ok(seats) => return seats,
                Err(e) => eprintln!("gomoku-server: seats of player {id}: {e}"),
            }
        }
        let mut out = Vec::new();
        for room in self.rooms.values() {
            if room.status == RoomStatus::Finished {
                continue;
            }
            for colour in [Stone::Black, Stone::White] {
                if let Some(seat) = &room.seats[colour.index()]
                    && seat.player.id == id
                {
                    out.push(SeatInfo {
                        code: room.code.clone(),
                        colour,
                        seat_token: seat.token.clone(),
                    });
                }
            }
        }
        out
    }

    /// The speaking player as stored now (its rating may have changed since hello), or a
    /// refusal sent to the connection.
    fn require_player(&mut self, conn: u64, request: &str) -> Option<PlayerRecord> {
        let Some(p) = self.player_of(conn).cloned() else {
            self.error(
                conn,
                ErrorCode::NotLoggedIn,
                "say hello with a name or a player token first",
                Some(request),
            );
            return None;
        };
        Some(self.storage.player(p.id).ok().flatten().unwrap_or(p))
    }

    /// Whether the player (and its address) may have one more game waiting for an opponent;
    /// otherwise the refusal says which limit and is sent.
    fn check_waiting(&mut self, conn: u64, player: i64, request: &str) -> bool {
        let Some(c) = self.conns.get(&conn) else {
            return false;
        };
        let (address, trusted) = (c.address, c.trusted);
        let waiting = self
            .rooms
            .values()
            .filter(|r| r.status == RoomStatus::Waiting);
        let (mut mine, mut here) = (0, 0);
        for room in waiting {
            if room.seats.iter().flatten().any(|s| s.player.id == player) {
                mine += 1;
            }
            if room.opened_from == Some(address) {
                here += 1;
            }
        }
        mine += self.queue.iter().filter(|w| w.player.id == player).count();
        here += self
            .queue
            .iter()
            .filter(|w| {
                self.conns
                    .get(&w.conn)
                    .is_some_and(|c| c.address == address)
            })
            .count();
        let message = if mine >= MAX_WAITING_PER_PLAYER {
            format!(
                "you already have {mine} games waiting for an opponent (at most \
                 {MAX_WAITING_PER_PLAYER}); play or cancel one first"
            )
        } else if !trusted && here >= MAX_WAITING_PER_ADDRESS {
            format!(
                "{here} games from your address are waiting for an opponent (at most \
                 {MAX_WAITING_PER_ADDRESS}); try again when one has begun"
            )
        } else if let Some(full) = self.network_waiting_full(address, trusted) {
            full
        } else {
            return true;
        };
        self.error(conn, ErrorCode::Limit, &message, Some(request));
        false
    }

    fn check_settings(&mut self, conn: u64, settings: &RoomSettings, request: &str) -> bool {
        match settings.validate() {
            Ok(()) => true,
            Err(e) => {
                self.error(conn, ErrorCode::BadSettings, &e, Some(request));
                false
            }
        }
    }

    /// A code no game has used: short for a public game (it is listed anyway), long enough
    /// for a private one that guessing is hopeless.
    fn fresh_code(&mut self, public: bool) -> Result<String, crate::storage::StorageError> {
        loop {
            let code = if public {
                self.tokens.code()
            } else {
                self.tokens.private_code()
            };
            if !self.rooms.contains_key(&code) && !self.storage.code_taken(&code)? {
                return Ok(code);
            }
        }
    }

    pub(super) fn create_room(
        &mut self,
        conn: u64,
        settings: RoomSettings,
        colour: ColourChoice,
        public: bool,
        now: Instant,
    ) {
        let Some(player) = self.require_player(conn, "create_room") else {
            return;
        };
        if !self.check_settings(conn, &settings, "create_room")
            || !self.check_waiting(conn, player.id, "create_room")
        {
            return;
        }
        let colour = match colour {
            ColourChoice::Black => Stone::Black,
            ColourChoice::White => Stone::White,
            ColourChoice::Random if self.tokens.coin() => Stone::Black,
            ColourChoice::Random => Stone::White,
        };
        if let Err(e) = self.open_room(settings, public, [(colour, conn, player)], now) {
            self.storage_error(conn, "create_room", e);
        }
    }

    /// Makes a room with the given seats (one: waiting; two: playing), stores it, binds the
    /// connections and tells them their seats.
    fn open_room<const N: usize>(
        &mut self,
        settings: RoomSettings,
        public: bool,
        seats: [(Stone, u64, PlayerRecord); N],
        now: Instant,
    ) -> Result<(), crate::storage::StorageError> {
        let code = self.fresh_code(public)?;
        let mut room = Room::new(code.clone(), settings, public);
        let mut record = GameRecord {
            code: code.clone(),
            settings,
            public,
            status: if N == 2 {
                RoomStatus::Playing
            } else {
                RoomStatus::Waiting
            },
            black: None,
            white: None,
            moves: Vec::new(),
            clock_ms: settings.time.map_or([0, 0], |t| {
                let ms = u64::from(t.base_secs) * 1000;
                [ms, ms]
            }),
            clock_at_ms: None,
            alive_ms: None,
            taken_from: None,
        };
        let mut told = Vec::new();
        for (colour, conn, player) in &seats {
            let token = self.tokens.secret();
            let stored = SeatRecord {
                player_id: player.id,
                token: token.clone(),
            };
            match colour {
                Stone::Black => record.black = Some(stored),
                Stone::White => record.white = Some(stored),
            }
            room.seats[colour.index()] = Some(Seat::new(info(player), token.clone(), now));
            told.push((
                *conn,
                SeatInfo {
                    code: code.clone(),
                    colour: *colour,
                    seat_token: token,
                },
            ));
        }
        self.storage.create_game(&record)?;
        if N == 2 {
            room.start(now);
        }
        for (conn, seat) in &told {
            room.bind(seat.colour, *conn, now);
        }
        room.opened_from = told
            .first()
            .and_then(|(conn, _)| self.conns.get(conn))
            .map(|c| c.address);
        self.rooms.insert(code.clone(), room);
        for (conn, seat) in told {
            if let Some(c) = self.conns.get_mut(&conn) {
                c.rooms.insert(code.clone());
            }
            self.send(conn, &ServerMessage::Seat { seat });
        }
        eprintln!("gomoku-server: game {code} opened ({N} seated)");
        self.broadcast(&code, now);
        Ok(())
    }

    pub(super) fn join_room(&mut self, conn: u64, code: &str, now: Instant) {
        let Some(player) = self.require_player(conn, "join_room") else {
            return;
        };
        let code = normal_code(code);
        let (address, trusted) = self
            .conns
            .get(&conn)
            .map_or((None, false), |c| (Some(c.address), c.trusted));
        let address = address.filter(|_| !trusted);
        if let Some(a) = address
            && let Some(wait) = self.failed_joins.blocked(a, now)
        {
            self.error(
                conn,
                ErrorCode::Limit,
                &format!(
                    "too many codes that led nowhere from your address; try again {}",
                    after(wait)
                ),
                Some("join_room"),
            );
            return;
        }
        // A private game that cannot be joined answers as one that does not exist: a guesser
        // learns nothing. A public game is listed anyway.
        let open = self
            .rooms
            .get(&code)
            .filter(|r| r.status == RoomStatus::Waiting || r.public);
        let Some(room) = open else {
            if let Some(a) = address {
                self.failed_joins.count(a, now);
            }
            self.error(
                conn,
                ErrorCode::UnknownRoom,
                &format!("no game waiting for an opponent has the code {code}"),
                Some("join_room"),
            );
            return;
        };
        if room.status != RoomStatus::Waiting {
            self.error(
                conn,
                ErrorCode::RoomFull,
                "both seats of this game are taken",
                Some("join_room"),
            );
            return;
        }
        if room
            .seats
            .iter()
            .flatten()
            .any(|s| s.player.id == player.id)
        {
            self.error(
                conn,
                ErrorCode::RoomFull,
                "you already sit in this game; resume your seat instead",
                Some("join_room"),
            );
            return;
        }
        let colour = if room.seats[0].is_none() {
            Stone::Black
        } else {
            Stone::White
        };
        let token = self.tokens.secret();
        let stored = SeatRecord {
            player_id: player.id,
            token: token.clone(),
        };
        if let Err(e) = self.storage.start_game(&code, colour, &stored) {
            self.storage_error(conn, "join_room", e);
            return;
        }
        let room = self.rooms.get_mut(&code).expect("looked up above");
        room.seats[colour.index()] = Some(Seat::new(info(&player), token.clone(), now));
        room.bind(colour, conn, now);
        room.start(now);
        if let Some(c) = self.conns.get_mut(&conn) {
            c.rooms.insert(code.clone());
        }
        let seat = SeatInfo {
            code: code.clone(),
            colour,
            seat_token: token,
        };
        self.send(conn, &ServerMessage::Seat { seat });
        eprintln!("gomoku-server: game {code} begins");
        self.broadcast(&code, now);
    }

    pub(super) fn quick_match(&mut self, conn: u64, settings: RoomSettings, now: Instant) {
        let Some(player) = self.require_player(conn, "quick_match") else {
            return;
        };
        self.queue.retain(|w| w.conn != conn);
        if !self.check_settings(conn, &settings, "quick_match")
            || !self.check_waiting(conn, player.id, "quick_match")
        {
            return;
        }
        if self.storage.shared() {
            return self.quick_match_shared(conn, player, settings, now);
        }
        let partner = self
            .queue
            .iter()
            .position(|w| w.settings == settings && w.player.id != player.id);
        let Some(i) = partner else {
            return self.enqueue(conn, player, settings);
        };
        let other = self.queue.remove(i);
        self.pair_up((conn, player), (other.conn, other.player), settings, now);
    }

    /// Puts `player` in the quick-match queue and tells it so.
    fn enqueue(&mut self, conn: u64, player: PlayerRecord, settings: RoomSettings) {
        self.queue.push(Waiting {
            conn,
            player,
            settings,
        });
        self.send(conn, &ServerMessage::Queued { settings });
    }

    /// Opens a quick-match game between two players (connection and player), colours by a
    /// coin; a storage failure is told to the first.
    fn pair_up(
        &mut self,
        asking: (u64, PlayerRecord),
        waiting: (u64, PlayerRecord),
        settings: RoomSettings,
        now: Instant,
    ) {
        let conn = asking.0;
        let (black, white) = if self.tokens.coin() {
            (asking, waiting)
        } else {
            (waiting, asking)
        };
        let seats = [
            (Stone::Black, black.0, black.1),
            (Stone::White, white.0, white.1),
        ];
        if let Err(e) = self.open_room(settings, true, seats, now) {
            self.storage_error(conn, "quick_match", e);
        }
    }

    /// Quick match through the queue every server shares: the partner may wait on another
    /// server, whose client then plays here through it.
    fn quick_match_shared(
        &mut self,
        conn: u64,
        player: PlayerRecord,
        settings: RoomSettings,
        now: Instant,
    ) {
        let partner = match self.storage.queue_match(&settings, player.id, conn) {
            Ok(p) => p,
            Err(e) => {
                self.storage_error(conn, "quick_match", e);
                return;
            }
        };
        let Some(partner) = partner else {
            return self.enqueue(conn, player, settings);
        };
        let here = self.cluster.as_ref().map(|c| c.me().to_string());
        let other_conn = if here.as_deref() == Some(partner.server.as_str()) {
            self.queue.retain(|w| w.conn != partner.conn);
            partner.conn
        } else {
            self.tell_matched(&partner.server, partner.conn);
            self.remote_conn(
                &partner.server,
                partner.conn,
                Some(partner.player),
                super::remote::ELSEWHERE,
            )
        };
        let other_player = match self.conns.get(&other_conn).and_then(|c| c.player.clone()) {
            Some(p) => p,
            None => match self.storage.player(partner.player) {
                Ok(Some(p)) => p,
                Ok(None) | Err(_) => {
                    // The partner is gone from the storage: wait for another.
                    return self.enqueue(conn, player, settings);
                }
            },
        };
        self.pair_up((conn, player), (other_conn, other_player), settings, now);
    }

    /// Adds a spectator: it gets the whole room now, and from then on what changes (the
    /// others hear the new count within a few seconds, not now).
    pub(super) fn watch(&mut self, conn: u64, code: &str, now: Instant) {
        let code = normal_code(code);
        match self.rooms.get_mut(&code) {
            Some(room) if room.public => {
                room.watchers.insert(conn);
                let state = room.state(now);
                self.send(conn, &ServerMessage::Room { room: state });
            }
            _ => {
                self.error(
                    conn,
                    ErrorCode::UnknownRoom,
                    &format!("no public game has the code {code}"),
                    Some("watch"),
                );
                return;
            }
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.rooms.insert(code);
        }
    }

    /// Removes a spectator (the count is told later, with others' comings and goings).
    pub(super) fn unwatch(&mut self, conn: u64, code: &str) {
        let code = normal_code(code);
        // The connection keeps the room in its list: it may also hold a seat there, which its
        // end must still unbind.
        if let Some(room) = self.rooms.get_mut(&code) {
            room.watchers.remove(&conn);
        }
    }

    pub(super) fn resume(&mut self, conn: u64, code: &str, token: &str, now: Instant) {
        let code = normal_code(code);
        if let Some(why) = self.damaged.get(&code) {
            let message = format!(
                "game {code} could not be restored after the server restarted (its stored \
                 record is damaged: {why}); it was set aside"
            );
            self.error(conn, ErrorCode::Damaged, &message, Some("resume"));
            return;
        }
        let Some(room) = self.rooms.get_mut(&code) else {
            self.error(
                conn,
                ErrorCode::UnknownRoom,
                &format!("no game has the code {code}"),
                Some("resume"),
            );
            return;
        };
        let colour = match room.seat_of(token) {
            Ok(c) => c,
            Err(r) => {
                self.error(conn, r.0, &r.1, Some("resume"));
                return;
            }
        };
        room.bind(colour, conn, now);
        if let Some(c) = self.conns.get_mut(&conn) {
            c.rooms.insert(code.clone());
        }
        let seat = SeatInfo {
            code: code.clone(),
            colour,
            seat_token: token.to_string(),
        };
        self.send(conn, &ServerMessage::Seat { seat });
        self.broadcast(&code, now);
    }

    pub(super) fn list_games(&mut self, conn: u64) {
        if self.storage.shared() {
            // Every server's games, from the storage they share.
            match self.storage.public_games(MAX_LISTED as u32) {
                Ok(games) => self.send(conn, &ServerMessage::Games { games }),
                Err(e) => {
                    self.storage_error(conn, "list_games", e);
                }
            }
            return;
        }
        let mut rooms: Vec<&Room> = self
            .rooms
            .values()
            .filter(|r| r.public && r.status != RoomStatus::Finished)
            .collect();
        rooms.sort_by(|a, b| a.code.cmp(&b.code));
        let name = |r: &Room, c: Stone| r.seats[c.index()].as_ref().map(|s| s.player.name.clone());
        let games = rooms
            .into_iter()
            .take(MAX_LISTED)
            .map(|r| GameSummary {
                code: r.code.clone(),
                settings: r.settings,
                status: r.status,
                black: name(r, Stone::Black),
                white: name(r, Stone::White),
                moves: r.game.board().moves().len() as u32,
            })
            .collect();
        self.send(conn, &ServerMessage::Games { games });
    }

    /// The best players, from a copy kept for a few seconds (or until a rated result): a
    /// crowd asking for it costs one query, not one each.
    pub(super) fn leaderboard(&mut self, conn: u64, limit: u32, now: Instant) {
        let limit = limit.clamp(1, MAX_LEADERBOARD) as usize;
        let fresh = self
            .leaderboard
            .as_ref()
            .is_some_and(|(at, _)| now.saturating_duration_since(*at) < LEADERBOARD_FOR);
        if !fresh {
            match self.storage.leaderboard(MAX_LEADERBOARD) {
                Ok(players) => self.leaderboard = Some((now, players)),
                Err(e) => {
                    self.storage_error(conn, "leaderboard", e);
                    return;
                }
            }
        }
        let players = self
            .leaderboard
            .as_ref()
            .map(|(_, all)| all.iter().take(limit).map(info).collect())
            .unwrap_or_default();
        self.send(conn, &ServerMessage::Leaderboard { players });
    }
}
