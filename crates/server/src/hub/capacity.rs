//! Room for the players who are playing when the server is full, and the games waiting for an
//! opponent that one network may have ([`MAX_WAITING_PER_NETWORK`]).
//!
//! The listener keeps the last places of the server's total ([`crate::limits::Caps::reserve`])
//! for one request each or a seated player's WebSocket. A WebSocket admitted there is
//! *pending*: its first message must be a hello with the token of a player who holds a seat
//! in a live game. Then it stays, and the idle lobby connection or spectator that spoke last
//! longest ago, among the networks holding most of them, is closed with 1013
//! ([`CloseReason::MADE_ROOM`]) so that the reserve is there for the next one. Any other
//! pending connection is closed with 1013 ([`CloseReason::FULL`]) before it costs anything
//! (a hello without a token would make a new player).

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Instant;

use super::{After, Hub};
use crate::closing::CloseReason;
use crate::limits::network;
use gomoku_net::{ClientMessage, RoomStatus};

/// Games waiting for an opponent that players from one network (an IPv4 /24, an IPv6 /64) may
/// have between them: four addresses' worth.
pub(super) const MAX_WAITING_PER_NETWORK: usize = 4 * super::MAX_WAITING_PER_ADDRESS;

impl Hub {
    /// Why one more game waiting for an opponent from `address` is refused, when its network
    /// has [`MAX_WAITING_PER_NETWORK`] already (rooms it opened, and the quick-match queue).
    pub(super) fn network_waiting_full(&self, address: IpAddr, trusted: bool) -> Option<String> {
        if trusted {
            return None;
        }
        let net = network(address);
        let rooms = self
            .rooms
            .values()
            .filter(|r| r.status == RoomStatus::Waiting)
            .filter(|r| r.opened_from.is_some_and(|a| network(a) == net))
            .count();
        let queued = self
            .queue
            .iter()
            .filter(|w| {
                self.conns
                    .get(&w.conn)
                    .is_some_and(|c| network(c.address) == net)
            })
            .count();
        let near = rooms + queued;
        (near >= MAX_WAITING_PER_NETWORK).then(|| {
            format!(
                "{near} games from your network are waiting for an opponent (at most \
                 {MAX_WAITING_PER_NETWORK}); try again when one has begun"
            )
        })
    }

    /// Handles the first message of a connection admitted into the reserve.
    pub(super) fn handle_pending(&mut self, conn: u64, msg: ClientMessage, now: Instant) -> After {
        let with_token = matches!(&msg, ClientMessage::Hello { token: Some(_), .. });
        if !with_token {
            self.close_conn(conn, CloseReason::FULL);
            return After::Continue;
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.pending = false;
        }
        let after = self.handle(conn, msg, now);
        let seated = self
            .player_of(conn)
            .map(|p| p.id)
            .is_some_and(|id| self.holds_seat(id));
        if seated {
            if let Some(closed) = self.make_room() {
                eprintln!(
                    "gomoku-server: full: closed connection {closed} to make room for a seated \
                     player"
                );
            }
        } else {
            self.close_conn(conn, CloseReason::FULL);
        }
        after
    }

    /// Whether player `id` holds a seat in a game not yet finished (here, or on another
    /// server sharing the storage).
    fn holds_seat(&mut self, id: i64) -> bool {
        let here = self.rooms.values().any(|r| {
            r.finished_at.is_none() && r.seats.iter().flatten().any(|s| s.player.id == id)
        });
        here || (self.storage.shared()
            && self
                .storage
                .seats_of(id)
                .is_ok_and(|seats| !seats.is_empty()))
    }

    /// Closes the idle lobby connection or spectator that spoke last longest ago, among the
    /// networks holding most of them; returns its number (`None` when there is none: every
    /// connection is a player's in a game, or in the queue).
    fn make_room(&mut self) -> Option<u64> {
        let queued: Vec<u64> = self.queue.iter().map(|w| w.conn).collect();
        let idle: Vec<(u64, IpAddr, Instant)> = self
            .conns
            .iter()
            .filter(|(id, c)| {
                c.relay.is_none()
                    && !c.pending
                    && c.closing.reason().is_none()
                    && !queued.contains(id)
                    && c.rooms
                        .iter()
                        .all(|code| self.rooms.get(code).is_none_or(|r| r.watchers.contains(id)))
            })
            .map(|(id, c)| (*id, network(c.address), c.last_seen))
            .collect();
        let mut by_network: HashMap<IpAddr, usize> = HashMap::new();
        for (_, net, _) in &idle {
            *by_network.entry(*net).or_default() += 1;
        }
        let most = by_network.values().copied().max()?;
        let (victim, _, _) = idle
            .into_iter()
            .filter(|(_, net, _)| by_network.get(net) == Some(&most))
            .min_by_key(|(id, _, seen)| (*seen, *id))?;
        self.close_conn(victim, CloseReason::MADE_ROOM);
        Some(victim)
    }
}
