//! Clients of other servers, and this server's clients in games other servers decide (see
//! [`crate::cluster`]).
//!
//! - A message of this server's client about a game another server decides is relayed to
//!   that server ([`Hub::try_relay`]), which answers through this one.
//! - A client of another server appears here as a connection whose outlet is that server
//!   ([`Conn::relay`]): the hub treats it as any other, and what it sends it goes back as an
//!   envelope. Many such connections on one server hear a room's news in one envelope.

use std::collections::HashSet;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;

use super::{Conn, Hub, normal_code};
use crate::closing::{CloseReason, Closing};
use crate::cluster::{Envelope, Outbox};
use gomoku_net::{ClientMessage, ErrorCode};

/// Connections listed in one envelope at most (a crowd of watchers on one server hears a
/// room's news in a few envelopes, each well under the size a notification takes).
const CONNS_PER_ENVELOPE: usize = 400;

/// Games whose deciding server is remembered at most (then forgotten all at once and asked
/// again): a move of a relayed player costs no database query.
const MAX_OWNERS_KNOWN: usize = 20_000;
/// How long a client's message relayed to the server deciding its game may go unanswered
/// before the client is closed (1012) to come back and see where the game stands: the owner
/// paused, or its answer lost while the database was down.
const RELAY_ANSWER_WITHIN: Duration = Duration::from_secs(5);
/// A gap between ticks longer than this means this process itself was paused: what it was
/// waiting for gets its full time again from now.
const PAUSED_AFTER: Duration = Duration::from_secs(1);
/// After a failed heartbeat, how long before this server may take games over: the others
/// lost the database too, and need the lease (and a second) to be heard again.
const TAKEOVER_AFTER_OUTAGE: Duration =
    Duration::from_millis(crate::storage::LEASE_MS as u64 + 2_000);

/// The game a message is about, if it is about one.
fn room_code(msg: &ClientMessage) -> Option<&str> {
    match msg {
        ClientMessage::JoinRoom { code }
        | ClientMessage::Watch { code }
        | ClientMessage::Unwatch { code }
        | ClientMessage::Resume { code, .. }
        | ClientMessage::Move { code, .. }
        | ClientMessage::Resign { code, .. }
        | ClientMessage::OfferDraw { code, .. }
        | ClientMessage::AcceptDraw { code, .. }
        | ClientMessage::DeclineDraw { code, .. }
        | ClientMessage::AskTakeback { code, .. }
        | ClientMessage::GrantTakeback { code, .. }
        | ClientMessage::DeclineTakeback { code, .. } => Some(code),
        _ => None,
    }
}

impl Hub {
    /// Connects the hub to the other servers sharing its storage.
    pub fn set_cluster(&mut self, outbox: Outbox) {
        self.cluster = Some(outbox);
    }

    /// This server's name among several.
    fn me(&self) -> Option<String> {
        self.cluster.as_ref().map(|c| c.me().to_string())
    }

    /// Passes `msg` from this server's client `conn` to the server deciding its game, when
    /// that is another server; false when the message is for this server to answer.
    pub(super) fn try_relay(&mut self, conn: u64, msg: &ClientMessage) -> bool {
        let (Some(me), Some(code)) = (self.me(), room_code(msg)) else {
            return false;
        };
        let code = normal_code(code);
        if self.rooms.contains_key(&code) {
            return false;
        }
        let Some(c) = self.conns.get(&conn) else {
            return false;
        };
        if c.relay.is_some() {
            // Relayed here already: this server answers (an unknown game, if it let go).
            return false;
        }
        let owner = match self.owners.get(&code) {
            Some(owner) => Some(owner.clone()),
            None => match self.storage.owner_of(&code) {
                Ok(owner) => owner,
                Err(e) => {
                    self.metrics.database_error();
                    eprintln!("gomoku-server: who decides game {code}: {e}");
                    return false;
                }
            },
        };
        let owner = match owner {
            Some(owner) if owner != me => owner,
            // No such game, or its server just stopped (taken over within a second by the
            // tick): answered here. No takeover from this path: a client sending unknown codes
            // would make every message a claim query under the hub's lock.
            _ => return false,
        };
        let Ok(message) = serde_json::to_string(msg) else {
            return false;
        };
        if self.owners.len() >= MAX_OWNERS_KNOWN {
            self.owners.clear();
        }
        self.owners.insert(code, owner.clone());
        let c = self.conns.get_mut(&conn).expect("looked up above");
        c.relayed_to.insert(owner.clone());
        if !matches!(msg, ClientMessage::Unwatch { .. }) {
            c.awaiting.get_or_insert(Instant::now());
        }
        let envelope = Envelope::Client {
            from: me,
            conn,
            player: c.player.as_ref().map(|p| p.id),
            address: c.address,
            message,
        };
        if let Some(cluster) = &self.cluster {
            cluster.send(&owner, &envelope);
        }
        self.metrics.relayed();
        true
    }

    /// The connection standing here for server `server`'s client `conn` (made on first use).
    pub(super) fn remote_conn(
        &mut self,
        server: &str,
        conn: u64,
        player: Option<i64>,
        address: IpAddr,
    ) -> u64 {
        let key = (server.to_string(), conn);
        if let Some(&id) = self.remote.get(&key) {
            return id;
        }
        let player = player.and_then(|id| match self.storage.player(id) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("gomoku-server: player {id} of a relayed client: {e}");
                None
            }
        });
        self.next_conn += 1;
        let id = self.next_conn;
        self.conns.insert(
            id,
            Conn {
                tx: None,
                closing: Arc::new(Closing::default()),
                address,
                // Its own server counted it against its address's limits already.
                trusted: true,
                pending: false,
                last_seen: std::time::Instant::now(),
                greeted: true,
                player,
                // Its session lives with its own server, which closes it when it ends.
                session: None,
                awaiting: None,
                rooms: HashSet::new(),
                relay: Some(key.clone()),
                relayed_to: HashSet::new(),
            },
        );
        self.remote.insert(key, id);
        id
    }

    /// Whether this server may take over games now: not until [`TAKEOVER_AFTER_OUTAGE`]
    /// has passed since its own last failed heartbeat (a database outage stops every
    /// server's heartbeat; the first one back must not take the others' games).
    pub(super) fn may_take_over(&self, now: Instant) -> bool {
        self.heartbeat_failed_at
            .is_none_or(|t| now.saturating_duration_since(t) >= TAKEOVER_AFTER_OUTAGE)
    }

    /// Every message relayed gets an answer: the clients whose messages could not be sent
    /// (the database is down) are told so at once, and those whose messages have waited
    /// [`RELAY_ANSWER_WITHIN`] for the owner's answer are closed to come back. After a pause
    /// of this process, the waits start again (the answers may be in the queue).
    pub(super) fn relay_upkeep(&mut self, now: Instant) {
        let paused = self
            .last_tick
            .is_some_and(|t| now.saturating_duration_since(t) > PAUSED_AFTER);
        self.last_tick = Some(now);
        if paused {
            for c in self.conns.values_mut() {
                if c.awaiting.is_some() {
                    c.awaiting = Some(now);
                }
            }
        }
        let undelivered = self
            .cluster
            .as_ref()
            .map(Outbox::undelivered)
            .unwrap_or_default();
        for conn in undelivered {
            if let Some(c) = self.conns.get_mut(&conn) {
                c.awaiting = None;
                self.metrics.database_error();
                self.error(
                    conn,
                    ErrorCode::Storage,
                    "the server deciding this game cannot be reached now (the database is \
                     down): nothing changed; try again in a moment",
                    None,
                );
            }
        }
        let unanswered: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| {
                c.awaiting
                    .is_some_and(|t| now.saturating_duration_since(t) >= RELAY_ANSWER_WITHIN)
            })
            .map(|(id, _)| *id)
            .collect();
        for conn in unanswered {
            eprintln!(
                "gomoku-server: connection {conn}: no answer from the server deciding its game \
                 in {} s; closed to come back",
                RELAY_ANSWER_WITHIN.as_secs()
            );
            if let Some(c) = self.conns.get_mut(&conn) {
                c.awaiting = None;
            }
            self.close_conn(conn, CloseReason::NO_ANSWER);
        }
    }

    /// Handles an envelope from another server (or from this one, to all).
    pub fn cluster_message(&mut self, envelope: Envelope, now: Instant) {
        match envelope {
            Envelope::Client {
                from,
                conn,
                player,
                address,
                message,
            } => {
                let msg: ClientMessage = match serde_json::from_str(&message) {
                    Ok(m) => m,
                    Err(e) => {
                        eprintln!("gomoku-server: cluster: a relayed message from {from}: {e}");
                        return;
                    }
                };
                let id = self.remote_conn(&from, conn, player, address);
                self.handle(id, msg, now);
            }
            Envelope::SignedOut { sessions, reason } => {
                self.close_sessions(&sessions, &reason, None);
            }
            Envelope::Deliver { from, conns, text } => {
                let text = Utf8Bytes::from(text);
                for conn in conns {
                    match self.conns.get_mut(&conn) {
                        Some(c) if c.relay.is_none() => {
                            c.awaiting = None;
                            c.relayed_to.insert(from.clone());
                            self.send_text(conn, text.clone());
                        }
                        // Ended before the news came: the sender hears so and unbinds it.
                        _ => self.tell_gone(&from, conn),
                    }
                }
            }
            Envelope::Matched { from, conn } => {
                // Paired by another server: this one no longer holds it as waiting.
                self.queue.retain(|w| w.conn != conn);
                match self.conns.get_mut(&conn) {
                    Some(c) => {
                        c.relayed_to.insert(from);
                    }
                    None => self.tell_gone(&from, conn),
                }
            }
            Envelope::Close { conns } => {
                for conn in conns {
                    self.close_conn(conn, CloseReason::MOVED);
                }
            }
            Envelope::Gone { from, conn } => {
                if let Some(id) = self.remote.remove(&(from, conn)) {
                    self.disconnect(id, now);
                }
            }
            Envelope::Stopped { server } => self.server_stopped(&server, now),
        }
    }

    /// `server`'s games were taken over. If it is this one (it was paused or cut off), it lets
    /// go of every game it no longer decides; otherwise the clients relayed to it connect
    /// again, and its clients' stand-ins here leave their seats as a lost connection does.
    fn server_stopped(&mut self, server: &str, now: Instant) {
        if self.me().as_deref() == Some(server) {
            match self.storage.owned_games() {
                Ok(owned) => {
                    let owned: HashSet<String> = owned.into_iter().collect();
                    let lost: Vec<String> = self
                        .rooms
                        .iter()
                        .filter(|(code, r)| r.finished_at.is_none() && !owned.contains(*code))
                        .map(|(code, _)| code.clone())
                        .collect();
                    for code in lost {
                        self.let_go(&code);
                    }
                }
                Err(e) => eprintln!("gomoku-server: which games are still mine: {e}"),
            }
            return;
        }
        self.owners.retain(|_, owner| owner != server);
        let relayed: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.relay.is_none() && c.relayed_to.contains(server))
            .map(|(id, _)| *id)
            .collect();
        for conn in relayed {
            self.close_conn(conn, CloseReason::MOVED);
        }
        let stand_ins: Vec<u64> = self
            .remote
            .iter()
            .filter(|((s, _), _)| s == server)
            .map(|(_, id)| *id)
            .collect();
        self.remote.retain(|(s, _), _| s != server);
        for id in stand_ins {
            self.disconnect(id, now);
        }
    }

    /// Closes `conn` with `reason`: its socket here, or through the server it belongs to.
    pub(super) fn close_conn(&mut self, conn: u64, reason: CloseReason) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        match &c.relay {
            Some((server, remote)) => {
                if let Some(cluster) = &self.cluster {
                    cluster.send(
                        server,
                        &Envelope::Close {
                            conns: vec![*remote],
                        },
                    );
                }
            }
            None => c.closing.close(reason),
        }
    }

    /// A connection of this server's has ended: the servers it was relayed to hear so.
    pub(super) fn relay_gone(&mut self, conn: u64, relayed_to: HashSet<String>) {
        let (Some(me), Some(cluster)) = (self.me(), &self.cluster) else {
            return;
        };
        for server in relayed_to {
            cluster.send(
                &server,
                &Envelope::Gone {
                    from: me.clone(),
                    conn,
                },
            );
        }
    }

    /// Tells `server` that this server's connection `conn` has ended.
    fn tell_gone(&self, server: &str, conn: u64) {
        if let (Some(me), Some(cluster)) = (self.me(), &self.cluster) {
            cluster.send(server, &Envelope::Gone { from: me, conn });
        }
    }

    /// Tells another server its client `conn` was paired here by quick match.
    pub(super) fn tell_matched(&mut self, server: &str, conn: u64) {
        if let (Some(me), Some(cluster)) = (self.me(), &self.cluster) {
            cluster.send(server, &Envelope::Matched { from: me, conn });
        }
    }

    /// Sends `text` to each of `conns`: sockets here one by one, clients of other servers in
    /// one envelope per server.
    pub(super) fn send_many(&mut self, conns: &[u64], text: &Utf8Bytes) {
        let mut by_server: Vec<(String, Vec<u64>)> = Vec::new();
        for &conn in conns {
            let relay = self.conns.get(&conn).and_then(|c| c.relay.clone());
            match relay {
                None => self.send_text(conn, text.clone()),
                Some((server, remote)) => match by_server.iter_mut().find(|(s, _)| *s == server) {
                    Some((_, list)) => list.push(remote),
                    None => by_server.push((server, vec![remote])),
                },
            }
        }
        let (Some(me), Some(cluster)) = (self.me(), &self.cluster) else {
            return;
        };
        for (server, list) in by_server {
            for chunk in list.chunks(CONNS_PER_ENVELOPE) {
                cluster.send(
                    &server,
                    &Envelope::Deliver {
                        from: me.clone(),
                        conns: chunk.to_vec(),
                        text: text.as_str().to_string(),
                    },
                );
            }
        }
    }
}

/// The address a client paired from another server's queue is known by here (its own server
/// holds its real address and limits).
pub(super) const ELSEWHERE: IpAddr = IpAddr::V6(Ipv6Addr::UNSPECIFIED);
