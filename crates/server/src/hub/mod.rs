//! The server's shared state: connections, rooms, the quick-match queue and the storage.
//!
//! One `Hub` sits behind one mutex; each message is handled whole under it, so a room never
//! sees two actions at once and a move is committed to the storage before anyone hears of it.
//! Messages out go through each connection's bounded queue; a connection that cannot keep up
//! loses its queue and is closed.

pub mod account;
mod capacity;
mod lobby;
mod play;
mod remote;
mod restore;

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;

use super::closing::{CloseReason, Closing};
use super::limits::Attempts;
use super::metrics::{Gauges, Metrics};
use super::room::Room;
use super::storage::{PlayerRecord, Storage};
use super::tokens::Tokens;
use gomoku_net::{ClientMessage, ErrorCode, PlayerInfo, RoomSettings, ServerMessage};

/// How often the storage is told the server is alive (what a restart charges the clocks up
/// to).
const HEARTBEAT: Duration = Duration::from_secs(1);
/// How often a room's audience hears the spectator count while it changes: a crowd coming and
/// going costs one small message every few seconds, not the whole room per spectator.
const SPECTATORS_EVERY: Duration = Duration::from_secs(2);
/// How long an answer to whether the database answers is reused.
const HEALTH_FOR: Duration = Duration::from_secs(1);
/// How often the per-address counts forget ended windows.
const PRUNE_EVERY: Duration = Duration::from_secs(60);
/// Failed attempts to join by code one address may make in [`FAILED_JOIN_WINDOW`].
const MAX_FAILED_JOINS: u32 = 20;
/// The window failed joins are counted in.
const FAILED_JOIN_WINDOW: Duration = Duration::from_secs(600);
/// New players one address may make in [`NEW_PLAYER_WINDOW`].
const MAX_NEW_PLAYERS: u32 = 30;
/// The window new players are counted in.
const NEW_PLAYER_WINDOW: Duration = Duration::from_secs(3600);
/// Games one player may have waiting for an opponent (rooms made, and the quick-match queue).
const MAX_WAITING_PER_PLAYER: usize = 3;
/// Games waiting for an opponent that players from one address may have.
const MAX_WAITING_PER_ADDRESS: usize = 12;

/// Timing the hub works by.
#[derive(Debug, Clone, Copy)]
pub struct HubConfig {
    /// How long a seat may stay disconnected before it forfeits (or its waiting room closes).
    pub grace: Duration,
    /// How long a finished room stays in memory for late watchers.
    pub finished_ttl: Duration,
    /// New players one network (an IPv4 /24, an IPv6 /64) may make in an hour.
    pub new_players_per_network: u32,
}

/// One client connection.
struct Conn {
    /// Its outgoing queue; `None` once it overflowed (the connection is being closed).
    tx: Option<mpsc::Sender<Utf8Bytes>>,
    /// Asks the connection to close, and says why.
    closing: Arc<Closing>,
    /// The client's address.
    address: IpAddr,
    /// Whether the address is exempt from the per-address limits.
    trusted: bool,
    /// Admitted into the places kept for seated players while the server was full, and not
    /// yet shown to hold a seat (see [`capacity`]).
    pending: bool,
    /// When it last sent a message (the idle are closed first to make room).
    last_seen: Instant,
    /// Whether it has said `hello`.
    greeted: bool,
    /// The player speaking, unless anonymous.
    player: Option<PlayerRecord>,
    /// The account's session this connection speaks in (ended sessions close it).
    session: Option<i64>,
    /// Since when a message it sent about a game another server decides has had no answer
    /// (one that gets none in time is closed, to come back and see; see `remote`).
    awaiting: Option<Instant>,
    /// Rooms it sits in or watches.
    rooms: HashSet<String>,
    /// For a client of another server's: that server and its connection number there (what
    /// is sent to it goes there).
    relay: Option<(String, u64)>,
    /// For a client of this server's: the servers its messages were relayed to (told when it
    /// ends).
    relayed_to: HashSet<String>,
}

/// A player waiting for an opponent.
struct Waiting {
    conn: u64,
    player: PlayerRecord,
    settings: RoomSettings,
}

/// What the connection should do after a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum After {
    /// Keep reading.
    Continue,
    /// Close the connection (after sending what is queued).
    Close,
}

/// Connections, rooms, queue and storage.
pub struct Hub {
    storage: Box<dyn Storage>,
    tokens: Tokens,
    config: HubConfig,
    conns: HashMap<u64, Conn>,
    rooms: HashMap<String, Room>,
    queue: Vec<Waiting>,
    next_conn: u64,
    last_heartbeat: Option<Instant>,
    last_prune: Option<Instant>,
    /// When the storage last failed a heartbeat: no takeover until the other servers, cut
    /// off from it as well, have had the lease to be heard again.
    heartbeat_failed_at: Option<Instant>,
    /// When the last tick ran (a long gap means this process was paused).
    last_tick: Option<Instant>,
    failed_joins: Attempts,
    new_players: Attempts,
    /// Failed sign-ins, pairings and confirming passwords, per address and network.
    failed_sign_ins: Attempts,
    /// Games that could not be restored at start, by code, with why (told to their players).
    damaged: HashMap<String, String>,
    /// The last answer to whether the storage answers, and when it was asked.
    health: Option<(Instant, Result<(), String>)>,
    /// The other servers sharing the storage, when it is shared.
    cluster: Option<crate::cluster::Outbox>,
    /// Clients of other servers by (server, connection there): their connection here.
    remote: HashMap<(String, u64), u64>,
    /// The server deciding each game this server's clients were relayed to (forgotten when
    /// that server stops).
    owners: HashMap<String, String>,
    /// The operator's counters.
    metrics: Arc<Metrics>,
    /// The best players as last read, and when (dropped when a rated result is stored).
    leaderboard: Option<(Instant, Vec<PlayerRecord>)>,
}

impl Hub {
    /// A new connection from `address` with its outgoing queue and its way to be closed;
    /// returns its number. One admitted into the `reserve` (the server was full) must show a
    /// seat in a live game in its hello, or is closed.
    pub fn connect(
        &mut self,
        tx: mpsc::Sender<Utf8Bytes>,
        closing: Arc<Closing>,
        address: IpAddr,
        trusted: bool,
        reserve: bool,
    ) -> u64 {
        self.next_conn += 1;
        self.conns.insert(
            self.next_conn,
            Conn {
                tx: Some(tx),
                closing,
                address,
                trusted,
                pending: reserve,
                last_seen: Instant::now(),
                greeted: false,
                player: None,
                session: None,
                awaiting: None,
                rooms: HashSet::new(),
                relay: None,
                relayed_to: HashSet::new(),
            },
        );
        self.next_conn
    }

    /// A connection has gone: its seats start their grace period, it leaves the queue.
    pub fn disconnect(&mut self, conn: u64, now: Instant) {
        let queued = self.queue.iter().any(|w| w.conn == conn);
        self.queue.retain(|w| w.conn != conn);
        let Some(c) = self.conns.remove(&conn) else {
            return;
        };
        if queued && let Err(e) = self.storage.queue_leave(conn) {
            eprintln!("gomoku-server: leaving the quick-match queue: {e}");
        }
        match &c.relay {
            Some(key) => {
                self.remote.remove(key);
            }
            None => self.relay_gone(conn, c.relayed_to.clone()),
        }
        for code in c.rooms {
            // A seat's connection changes the room; a spectator's only the count, told later.
            if let Some(room) = self.rooms.get_mut(&code)
                && room.unbind(conn, now)
            {
                self.broadcast(&code, now);
            }
        }
    }

    /// Handles one parsed message from `conn`.
    pub fn handle(&mut self, conn: u64, msg: ClientMessage, now: Instant) -> After {
        match self.conns.get_mut(&conn) {
            Some(c) if c.pending => return self.handle_pending(conn, msg, now),
            Some(c) => c.last_seen = now,
            None => {}
        }
        let kind = msg.kind();
        let greeted = self.conns.get(&conn).is_some_and(|c| c.greeted);
        match (&msg, greeted) {
            (m, true) if m.is_greeting() => {
                self.error(
                    conn,
                    ErrorCode::Handshake,
                    "hello was already said",
                    Some(kind),
                );
                return After::Continue;
            }
            (m, false) if m.is_greeting() => {}
            (_, false) => {
                self.error(
                    conn,
                    ErrorCode::Handshake,
                    "the first message must be hello",
                    Some(kind),
                );
                return After::Continue;
            }
            _ => {}
        }
        if self.try_relay(conn, &msg) {
            return After::Continue;
        }
        match msg {
            ClientMessage::Hello {
                version,
                name,
                token,
                device,
            } => return self.hello(conn, version, name, token, device.as_deref(), now),
            ClientMessage::Pair {
                version,
                code,
                device,
            } => return self.pair(conn, version, &code, device.as_deref(), now),
            ClientMessage::SignIn { .. }
            | ClientMessage::SetPassword { .. }
            | ClientMessage::DeleteAccount { .. } => {
                // Their passwords are checked off the hub, by the connection
                // (`accounts::flow`); one that reaches here came another way.
                self.error(
                    conn,
                    ErrorCode::BadMessage,
                    "this request is only taken from a client's own connection",
                    Some(kind),
                );
            }
            ClientMessage::PairingCode => self.pairing_code(conn),
            ClientMessage::Sessions => self.list_sessions(conn),
            ClientMessage::SignOut { which } => return self.sign_out(conn, which),
            ClientMessage::MyGames { before } => self.my_games(conn, before),
            ClientMessage::CreateRoom {
                settings,
                colour,
                public,
            } => self.create_room(conn, settings, colour, public, now),
            ClientMessage::JoinRoom { code } => self.join_room(conn, &code, now),
            ClientMessage::QuickMatch { settings } => self.quick_match(conn, settings, now),
            ClientMessage::CancelQuickMatch => {
                self.queue.retain(|w| w.conn != conn);
                if let Err(e) = self.storage.queue_leave(conn) {
                    eprintln!("gomoku-server: leaving the quick-match queue: {e}");
                }
                self.send(conn, &ServerMessage::QueueLeft);
            }
            ClientMessage::Watch { code } => self.watch(conn, &code, now),
            ClientMessage::Unwatch { code } => self.unwatch(conn, &code),
            ClientMessage::Resume { code, seat_token } => {
                self.resume(conn, &code, &seat_token, now)
            }
            ClientMessage::ListGames => self.list_games(conn),
            ClientMessage::Leaderboard { limit } => self.leaderboard(conn, limit, now),
            ClientMessage::Ping => self.send(conn, &ServerMessage::Pong),
            seat_action => self.seat_action(conn, seat_action, now),
        }
        After::Continue
    }

    /// Sends `msg` to `conn`. A connection whose queue is full loses it (and is closed).
    fn send(&mut self, conn: u64, msg: &ServerMessage) {
        self.send_text(conn, to_text(msg));
    }

    fn send_text(&mut self, conn: u64, text: impl Into<Utf8Bytes>) {
        let text = text.into();
        if self.conns.get(&conn).is_some_and(|c| c.relay.is_some()) {
            self.send_many(&[conn], &text);
            return;
        }
        if let Some(c) = self.conns.get_mut(&conn)
            && let Some(tx) = &c.tx
            && tx.try_send(text).is_err()
        {
            // Too slow (or gone): it loses its queue and is closed; nobody else waits for it.
            c.tx = None;
            c.closing.close(CloseReason::SLOW);
        }
    }

    /// Refuses a message: nothing changed.
    pub fn error(&mut self, conn: u64, code: ErrorCode, message: &str, request: Option<&str>) {
        self.send(
            conn,
            &ServerMessage::Error {
                code,
                message: message.to_string(),
                request: request.map(str::to_string),
            },
        );
    }

    /// Tells a room's seats its whole state, and its spectators what changed since they last
    /// heard (the whole room only when the players changed). Each text is written once and
    /// shared by every connection it goes to; the seats are served first.
    fn broadcast(&mut self, code: &str, now: Instant) {
        let Some(room) = self.rooms.get_mut(code) else {
            return;
        };
        let state = room.state(now);
        let seats: Vec<u64> = room.seat_conns().collect();
        let watchers: Vec<u64> = room.watchers.iter().copied().collect();
        let update = if watchers.is_empty() {
            None
        } else {
            room.spectator_update(&state)
        };
        room.spectators_heard(&state, now);
        let whole: Utf8Bytes = to_text(&ServerMessage::Room { room: state }).into();
        let for_watchers = (!watchers.is_empty()).then(|| match update {
            Some(update) => to_text(&ServerMessage::RoomUpdate { update }).into(),
            None => whole.clone(),
        });
        self.send_many(&seats, &whole);
        if let Some(text) = for_watchers {
            self.send_many(&watchers, &text);
        }
    }

    /// Tells the audience of rooms whose spectator count changed the new count, at most
    /// every [`SPECTATORS_EVERY`].
    fn tell_spectator_counts(&mut self, now: Instant) {
        let due: Vec<String> = self
            .rooms
            .iter()
            .filter(|(_, r)| r.spectator_count_due(now, SPECTATORS_EVERY))
            .map(|(code, _)| code.clone())
            .collect();
        for code in due {
            let Some(room) = self.rooms.get_mut(&code) else {
                continue;
            };
            let count = room.watchers.len() as u32;
            room.spectator_count_told(count, now);
            let text: Utf8Bytes = to_text(&ServerMessage::Spectators {
                code: code.clone(),
                count,
            })
            .into();
            let audience: Vec<u64> = room
                .seat_conns()
                .chain(room.watchers.iter().copied())
                .collect();
            self.send_many(&audience, &text);
        }
    }

    /// Ends games whose clock ran out or whose player stayed away, and forgets finished rooms
    /// after a while. Called a few times a second.
    pub fn tick(&mut self, now: Instant) {
        if self
            .last_heartbeat
            .is_none_or(|t| now.saturating_duration_since(t) >= HEARTBEAT)
        {
            self.last_heartbeat = Some(now);
            if let Err(e) = self.storage.heartbeat() {
                self.metrics.database_error();
                self.heartbeat_failed_at = Some(now);
                eprintln!("gomoku-server: heartbeat: {e}");
            }
            if self.storage.shared() && self.may_take_over(now) {
                self.take_over(now);
            }
        }
        self.relay_upkeep(now);
        let grace = self.config.grace;
        let expired: Vec<String> = self
            .rooms
            .iter_mut()
            .filter(|(_, room)| room.due(now, grace).is_some())
            .map(|(code, _)| code.clone())
            .collect();
        for code in expired {
            self.finish_by_time(&code, now);
        }
        self.tell_spectator_counts(now);
        if self
            .last_prune
            .is_none_or(|t| now.saturating_duration_since(t) >= PRUNE_EVERY)
        {
            self.last_prune = Some(now);
            self.failed_joins.prune(now);
            self.new_players.prune(now);
            self.failed_sign_ins.prune(now);
        }
        let ttl = self.config.finished_ttl;
        self.rooms.retain(|_, room| {
            room.finished_at
                .is_none_or(|t| now.saturating_duration_since(t) < ttl)
        });
    }

    /// Whether `conn` has said hello successfully.
    pub fn greeted(&self, conn: u64) -> bool {
        self.conns.get(&conn).is_some_and(|c| c.greeted)
    }

    fn player_of(&self, conn: u64) -> Option<&PlayerRecord> {
        self.conns.get(&conn).and_then(|c| c.player.as_ref())
    }

    /// Whether the storage answers (for `/health`), asked at most once a second: a crowd of
    /// health checks costs the database one query a second.
    pub fn storage_ok(&mut self, now: Instant) -> Result<(), String> {
        if let Some((at, answer)) = &self.health
            && now.saturating_duration_since(*at) < HEALTH_FOR
        {
            return answer.clone();
        }
        let answer = self.storage.check().map_err(|e| e.to_string());
        self.health = Some((now, answer.clone()));
        answer
    }

    /// Lets go of a room another server took over while this one was cut off: its seats and
    /// watchers here are closed so that their clients connect again and find the game where
    /// it is now decided.
    fn let_go(&mut self, code: &str) {
        let Some(room) = self.rooms.remove(code) else {
            return;
        };
        eprintln!("gomoku-server: game {code} is now decided by another server; let go");
        let audience: Vec<u64> = room
            .seat_conns()
            .chain(room.watchers.iter().copied())
            .collect();
        for conn in audience {
            if let Some(c) = self.conns.get_mut(&conn) {
                c.rooms.remove(code);
            }
            self.close_conn(conn, CloseReason::MOVED);
        }
    }

    /// The operator's counters (shared with `/metrics`).
    pub fn metrics(&self) -> Arc<Metrics> {
        self.metrics.clone()
    }

    /// The gauges `/metrics` shows, but the connections (counted by the listener).
    pub fn gauges(&self) -> Gauges {
        Gauges {
            connections: 0,
            rooms: self.rooms.len(),
            games_in_play: self
                .rooms
                .values()
                .filter(|r| r.status == gomoku_net::RoomStatus::Playing)
                .count(),
        }
    }

    /// How many games are waiting or being played (for logs and the load test).
    pub fn active_games(&self) -> usize {
        self.rooms
            .values()
            .filter(|r| r.finished_at.is_none())
            .count()
    }
}

/// A server message as its JSON text.
fn to_text(msg: &ServerMessage) -> String {
    serde_json::to_string(msg).expect("server messages serialise")
}

/// A stored player as the protocol shows it.
fn info(p: &PlayerRecord) -> PlayerInfo {
    PlayerInfo {
        id: p.id,
        name: p.name.clone(),
        rating: p.rating.rating.round(),
        deviation: p.rating.deviation.round(),
        games: p.games,
        provisional: p.rating.deviation > gomoku_net::PROVISIONAL_DEVIATION,
    }
}

/// An invite code as typed: upper case, without spaces or hyphens (a long code may be
/// written in groups).
fn normal_code(code: &str) -> String {
    code.chars()
        .filter(|c| !(c.is_whitespace() || *c == '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}
