//! Seat actions in a game (move, resign, draw, takeback) and their storage: each action is
//! checked by the room, stored, and only then told to anyone; a storage failure undoes it.

use std::time::Instant;

use axum::extract::ws::Utf8Bytes;

use super::{Hub, info, normal_code, to_text};
use crate::rating;
use crate::room::{Change, Refusal, Room};
use gomoku_engine::{Pos, Stone};
use gomoku_net::{ClientMessage, EndReason, ErrorCode, ServerMessage};

impl Hub {
    /// A message that acts for a seat: checked against the seat's token by the room.
    pub(super) fn seat_action(&mut self, conn: u64, msg: ClientMessage, now: Instant) {
        let kind = msg.kind();
        let (code, token) = match &msg {
            ClientMessage::Move {
                code, seat_token, ..
            }
            | ClientMessage::Resign { code, seat_token }
            | ClientMessage::OfferDraw { code, seat_token }
            | ClientMessage::AcceptDraw { code, seat_token }
            | ClientMessage::DeclineDraw { code, seat_token }
            | ClientMessage::AskTakeback { code, seat_token }
            | ClientMessage::GrantTakeback { code, seat_token }
            | ClientMessage::DeclineTakeback { code, seat_token } => {
                (normal_code(code), seat_token.clone())
            }
            _ => return,
        };
        if !self.rooms.contains_key(&code) {
            self.error(
                conn,
                ErrorCode::UnknownRoom,
                &format!("no game has the code {code}"),
                Some(kind),
            );
            return;
        }
        // A clock that ran out ends the game before anything else is looked at.
        if self.rooms[&code].due(now, self.config.grace).is_some() {
            self.finish_by_time(&code, now);
        }
        let result = self.apply(&code, now, |room| match msg {
            ClientMessage::Move { ply, x, y, .. } => room.play(&token, ply, Pos::new(x, y), now),
            ClientMessage::Resign { .. } => room.resign(&token, now),
            ClientMessage::OfferDraw { .. } => room.offer_draw(&token, now),
            ClientMessage::AcceptDraw { .. } => room.accept_draw(&token, now),
            ClientMessage::DeclineDraw { .. } => room.decline_draw(&token),
            ClientMessage::AskTakeback { .. } => room.ask_takeback(&token),
            ClientMessage::GrantTakeback { .. } => room.grant_takeback(&token, now),
            ClientMessage::DeclineTakeback { .. } => room.decline_takeback(&token),
            _ => Ok(Vec::new()),
        });
        if let Err(Refusal(code, message)) = result {
            self.error(conn, code, &message, Some(kind));
        }
    }

    /// Ends a game whose clock ran out or whose player stayed away too long.
    pub(super) fn finish_by_time(&mut self, code: &str, now: Instant) {
        let grace = self.config.grace;
        if let Err(Refusal(_, message)) = self.apply(code, now, |room| {
            Ok(room.expire(now, grace).into_iter().collect())
        }) {
            eprintln!("gomoku-server: game {code} could not be ended: {message}");
        }
    }

    /// Runs `action` on the room, stores what it changed and tells the room; if the storage
    /// fails the room is put back as it was and the refusal says so.
    fn apply(
        &mut self,
        code: &str,
        now: Instant,
        action: impl FnOnce(&mut Room) -> Result<Vec<Change>, Refusal>,
    ) -> Result<(), Refusal> {
        let room = self
            .rooms
            .get_mut(code)
            .expect("the caller checked the code");
        let before = room.clone();
        let changes = action(room)?;
        if changes.is_empty() {
            return Ok(());
        }
        let rated = match self.store(code, &changes) {
            Ok(rated) => rated,
            Err(e) => return Err(self.not_stored(code, before, e)),
        };
        if changes.contains(&Change::Finished) {
            self.log_finish(code);
        }
        self.broadcast(code, now);
        if let Some(ids) = rated {
            self.tell_ratings(ids);
        }
        if changes.iter().any(|c| matches!(c, Change::Moved { .. })) {
            self.metrics
                .moved(Instant::now().saturating_duration_since(now));
        }
        Ok(())
    }

    /// A change the storage refused: the room is put back as it was (or let go, when another
    /// server decides the game now), and the refusal says so.
    fn not_stored(&mut self, code: &str, before: Room, e: crate::storage::StorageError) -> Refusal {
        self.metrics.database_error();
        if e.is_not_owner() {
            self.let_go(code);
            return Refusal(
                ErrorCode::Storage,
                "this game is now decided by another server; connect again to go on".into(),
            );
        }
        eprintln!("gomoku-server: game {code}: {e}");
        self.rooms.insert(code.to_string(), before);
        Refusal(
            ErrorCode::Storage,
            "the server could not store this; nothing changed".into(),
        )
    }

    /// Tells each player of a rated game that has just moved their ratings the new one, on
    /// every connection this server holds for them (their seats, and their other connections
    /// here: a lobby open in another window).
    fn tell_ratings(&mut self, ids: [i64; 2]) {
        for id in ids {
            let player = match self.storage.player(id) {
                Ok(Some(p)) => p,
                Ok(None) => continue,
                Err(e) => {
                    self.metrics.database_error();
                    eprintln!("gomoku-server: the new rating of player {id}: {e}");
                    continue;
                }
            };
            let conns: Vec<u64> = self
                .conns
                .iter_mut()
                .filter(|(_, c)| c.player.as_ref().is_some_and(|p| p.id == id))
                .map(|(conn, c)| {
                    c.player = Some(player.clone());
                    *conn
                })
                .collect();
            let text: Utf8Bytes = to_text(&ServerMessage::Player {
                player: info(&player),
            })
            .into();
            self.send_many(&conns, &text);
        }
    }

    /// Stores the changes; returns the players whose ratings the game moved, if it did.
    fn store(
        &mut self,
        code: &str,
        changes: &[Change],
    ) -> Result<Option<[i64; 2]>, crate::storage::StorageError> {
        let mut rated = None;
        for change in changes {
            match change {
                Change::Moved { ply, at, clock_ms } => {
                    self.storage.add_move(code, *ply, *at, *clock_ms)?
                }
                Change::TookBack { keep, clock_ms } => {
                    self.storage.truncate_moves(code, *keep, *clock_ms)?
                }
                Change::Finished => rated = self.store_finish(code)?,
                Change::Offers => {}
            }
        }
        Ok(rated)
    }

    /// Stores the result and, for a rated game between two players, both new ratings;
    /// returns the two players when their ratings moved.
    fn store_finish(
        &mut self,
        code: &str,
    ) -> Result<Option<[i64; 2]>, crate::storage::StorageError> {
        let room = &self.rooms[code];
        let result = room.result.clone().expect("a finished room has a result");
        let clock_ms = room
            .clock
            .as_ref()
            .map_or([0, 0], |c| c.millis(Instant::now()));
        let ids = [Stone::Black, Stone::White]
            .map(|c| room.seats[c.index()].as_ref().map(|s| s.player.id));
        let rated = room.settings.rated && result.reason != EndReason::Cancelled;
        let plies = room.game.board().moves().len();
        let mut ratings = None;
        if rated && let [Some(b), Some(w)] = ids {
            let pair_games = self
                .storage
                .rated_games_between(b, w, rating::PAIR_WINDOW_SECS)?;
            if let Some(why) = rating::unrated_because(plies, result.reason, pair_games) {
                eprintln!("gomoku-server: game {code} does not move ratings: {why}");
                self.storage.finish_game(code, &result, clock_ms, None)?;
                return Ok(None);
            }
            let (pb, pw) = (self.storage.player(b)?, self.storage.player(w)?);
            if let (Some(pb), Some(pw)) = (pb, pw) {
                let score = match result.winner {
                    Some(Stone::Black) => 1.0,
                    Some(Stone::White) => 0.0,
                    None => 0.5,
                };
                ratings = Some([
                    (b, rating::rated(pb.rating, pw.rating, score)),
                    (w, rating::rated(pw.rating, pb.rating, 1.0 - score)),
                ]);
            }
        }
        if ratings.is_some() {
            self.leaderboard = None;
        }
        self.storage.finish_game(code, &result, clock_ms, ratings)?;
        Ok(ratings.map(|r| r.map(|(id, _)| id)))
    }

    fn log_finish(&self, code: &str) {
        if let Some(room) = self.rooms.get(code)
            && let Some(r) = &room.result
        {
            let winner = r.winner.map_or("nobody".to_string(), |w| w.to_string());
            eprintln!(
                "gomoku-server: game {code} over after {} moves: {winner} wins ({:?})",
                room.game.board().moves().len(),
                r.reason
            );
        }
    }
}
