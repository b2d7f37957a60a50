//! What the server sends: answers, the full state of a room after every change, and errors.

use serde::{Deserialize, Serialize};

use super::RoomSettings;
use gomoku_engine::{Pos, Stone};

/// A player as others see it (never its token).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// The player's number on this server.
    pub id: i64,
    /// The cleaned name.
    pub name: String,
    /// Glicko-2 rating, on the familiar 1500 scale.
    pub rating: f64,
    /// Rating deviation: how unsure the rating still is.
    pub deviation: f64,
    /// Rated games played.
    pub games: u32,
    /// Whether the rating is still provisional (too few games, or too long ago, for the
    /// deviation to have come down): shown as such (`1500?`).
    #[serde(default)]
    pub provisional: bool,
}

/// The deviation above which a rating is provisional (Glicko-2's convention on chess servers:
/// a deviation over 110 means the rating is still a guess).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A seat the client holds: keep `seat_token` to act in the game and to come back to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The game's code (also its invite code).
    pub code: String,
    /// The seat's colour.
    pub colour: Stone,
    /// The seat's secret token.
    pub seat_token: String,
}

/// This connection's session of its account, in the welcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountInfo {
    /// The session's number (as in [`SessionInfo`]).
    pub session: i64,
    /// Whether the account is protected by a password (it can then be signed in to anywhere
    /// with its name).
    pub password: bool,
}

/// A session signed in to the account: one device, or one browser.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionInfo {
    /// Its number.
    pub id: i64,
    /// What the client said it is, when it began.
    pub device: String,
    /// How it began: `"new"` (the account was made on it), `"password"` or `"pairing"`.
    pub how: String,
    /// When it began (Unix milliseconds).
    pub created_ms: i64,
    /// When it last said hello (Unix milliseconds).
    pub last_seen_ms: i64,
    /// Whether it is the session asking.
    pub current: bool,
}

/// A finished game of the account, for its history and its download.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// Its place in the account's list (for the next page).
    pub id: i64,
    /// The game's code.
    pub code: String,
    /// Rule, size, clock and rating.
    pub settings: RoomSettings,
    /// Black's name ([`super::DELETED_PLAYER`] for an account deleted since).
    pub black: String,
    /// White's name.
    pub white: String,
    /// The moves, black's first.
    pub moves: Vec<Pos>,
    /// How it ended.
    pub result: GameResult,
    /// When it ended (Unix milliseconds).
    pub finished_ms: i64,
}

/// Where a room stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoomStatus {
    /// One seat is free.
    Waiting,
    /// Both seats are taken and the game is on.
    Playing,
    /// The game has ended; `result` says how.
    Finished,
}

/// The clocks as they are when the message is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// The colour whose clock is running, if any.
    pub running: Option<Stone>,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// A winning row (`line` in the result).
    Five,
    /// Black played a forbidden point (not used while forbidden moves are refused).
    Forbidden,
    /// The loser resigned.
    Resigned,
    /// The loser's clock ran out.
    Timeout,
    /// The loser stayed disconnected past the grace period.
    Abandoned,
    /// The players agreed a draw.
    DrawAgreed,
    /// The board filled up without a five.
    BoardFull,
    /// The room was closed before the game began.
    Cancelled,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner, or `None` for a draw (or a cancelled room).
    pub winner: Option<Stone>,
    /// Why.
    pub reason: EndReason,
    /// The winning row, in order, for [`EndReason::Five`].
    pub line: Vec<Pos>,
}

/// Everything a client needs to draw a room: sent in full after every change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomState {
    /// The game's code.
    pub code: String,
    /// Rule, size, clock and rating.
    pub settings: RoomSettings,
    /// Whether spectators may watch it.
    pub public: bool,
    /// Waiting, playing or finished.
    pub status: RoomStatus,
    /// Who plays black, once seated.
    pub black: Option<PlayerInfo>,
    /// Who plays white, once seated.
    pub white: Option<PlayerInfo>,
    /// Whether black's and white's seats have a live connection.
    pub connected: [bool; 2],
    /// The moves so far, black's first.
    pub moves: Vec<Pos>,
    /// The colour to move.
    pub to_move: Stone,
    /// The clocks, for a timed game.
    pub clock: Option<ClockState>,
    /// Who has offered a draw, if anyone.
    pub draw_offer: Option<Stone>,
    /// Who has asked for a takeback, if anyone.
    pub takeback_request: Option<Stone>,
    /// How it ended, once finished.
    pub result: Option<GameResult>,
    /// How many connections are watching.
    pub spectators: u32,
}

/// What changed in a room since the last [`ServerMessage::Room`] or [`ServerMessage::RoomUpdate`]
/// a spectator received: the moves after the first `keep` (a takeback keeps fewer than it had),
/// and everything else that may change during a game. Seats get the whole room instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomUpdate {
    /// The game's code.
    pub code: String,
    /// How many of the moves the spectator has stay on the board.
    pub keep: u32,
    /// The moves played after those, in order.
    pub added: Vec<Pos>,
    /// Waiting, playing or finished.
    pub status: RoomStatus,
    /// Whether black's and white's seats have a live connection.
    pub connected: [bool; 2],
    /// The colour to move.
    pub to_move: Stone,
    /// The clocks, for a timed game.
    pub clock: Option<ClockState>,
    /// Who has offered a draw, if anyone.
    pub draw_offer: Option<Stone>,
    /// Who has asked for a takeback, if anyone.
    pub takeback_request: Option<Stone>,
    /// How it ended, once finished.
    pub result: Option<GameResult>,
}

impl RoomUpdate {
    /// Applies the update to `room` (the state it follows). An update that does not follow
    /// (it keeps more moves than `room` has, or is for another game) changes nothing and is
    /// an error: ask for the whole room again (watch it again).
    pub fn apply(&self, room: &mut RoomState) -> Result<(), String> {
        if self.code != room.code {
            return Err(format!(
                "an update for game {} does not apply to game {}",
                self.code, room.code
            ));
        }
        let keep = self.keep as usize;
        if keep > room.moves.len() {
            return Err(format!(
                "an update keeping {keep} moves does not follow a game of {} moves",
                room.moves.len()
            ));
        }
        room.moves.truncate(keep);
        room.moves.extend_from_slice(&self.added);
        room.status = self.status;
        room.connected = self.connected;
        room.to_move = self.to_move;
        room.clock = self.clock;
        room.draw_offer = self.draw_offer;
        room.takeback_request = self.takeback_request;
        room.result = self.result.clone();
        Ok(())
    }
}

/// A public game in the list of games to watch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's code.
    pub code: String,
    /// Rule, size, clock and rating.
    pub settings: RoomSettings,
    /// Waiting or playing.
    pub status: RoomStatus,
    /// Black's name, once seated.
    pub black: Option<String>,
    /// White's name, once seated.
    pub white: Option<String>,
    /// Moves played.
    pub moves: u32,
}

/// What went wrong, as a stable code beside the human-readable message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ErrorCode {
    /// Not valid JSON, not a known message, or a field missing, extra or of the wrong type.
    BadMessage,
    /// A binary frame, or a message over the size limit.
    TooLarge,
    /// The client speaks another protocol version.
    VersionMismatch,
    /// Too many messages too fast; this one was dropped.
    RateLimited,
    /// The first message must be `hello`, once.
    Handshake,
    /// The action needs a player (say `hello` with a name or a token).
    NotLoggedIn,
    /// No player has this token.
    UnknownPlayer,
    /// The name is empty or too long after cleaning.
    BadName,
    /// The settings are not offered.
    BadSettings,
    /// No room has this code (or it is private).
    UnknownRoom,
    /// The room has no free seat, or you already sit in it.
    RoomFull,
    /// The seat token does not belong to a seat of this room.
    WrongToken,
    /// It is the other colour's turn.
    NotYourTurn,
    /// The move's `ply` is not the number of moves on the board (a repeated or late message).
    StalePly,
    /// The rules refuse the move (off the board, taken, forbidden to black in renju).
    IllegalMove,
    /// The game is not being played (waiting for an opponent, or over).
    NotPlaying,
    /// There is no offer or request to answer, or the action is not yours to take now.
    NothingToAnswer,
    /// The server could not store the change; nothing changed.
    Storage,
    /// A limit for this player or this address was reached (games waiting for an opponent,
    /// failed attempts to join by code, connections); the message says which and when to try
    /// again.
    Limit,
    /// Another player already has this name (compared without case and with look-alike
    /// characters folded).
    NameTaken,
    /// The game's stored record is damaged and could not be restored after a restart; it was
    /// set aside.
    Damaged,
    /// The name or the password is wrong (the same answer for both).
    SignInFailed,
    /// The pairing code is wrong, used or expired.
    PairingFailed,
    /// The new password is too short or too long.
    BadPassword,
    /// The password given to confirm (changing it, deleting the account) is wrong.
    WrongPassword,
    /// The account still sits in games not finished (deleting it waits for them).
    GamesUnfinished,
}

impl ErrorCode {
    /// Every code, in the order they are declared (a client that says each in its own words
    /// can check it has them all).
    pub const ALL: [ErrorCode; 26] = [
        ErrorCode::BadMessage,
        ErrorCode::TooLarge,
        ErrorCode::VersionMismatch,
        ErrorCode::RateLimited,
        ErrorCode::Handshake,
        ErrorCode::NotLoggedIn,
        ErrorCode::UnknownPlayer,
        ErrorCode::BadName,
        ErrorCode::BadSettings,
        ErrorCode::UnknownRoom,
        ErrorCode::RoomFull,
        ErrorCode::WrongToken,
        ErrorCode::NotYourTurn,
        ErrorCode::StalePly,
        ErrorCode::IllegalMove,
        ErrorCode::NotPlaying,
        ErrorCode::NothingToAnswer,
        ErrorCode::Storage,
        ErrorCode::Limit,
        ErrorCode::NameTaken,
        ErrorCode::Damaged,
        ErrorCode::SignInFailed,
        ErrorCode::PairingFailed,
        ErrorCode::BadPassword,
        ErrorCode::WrongPassword,
        ErrorCode::GamesUnfinished,
    ];
}

/// A message from the server to a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`.
    Welcome {
        /// The server's protocol version.
        version: u32,
        /// The player speaking, unless anonymous.
        player: Option<PlayerInfo>,
        /// A new session's secret token: sent once, when the player is made or signs in.
        /// Keep it.
        token: Option<String>,
        /// The seats this player holds in games not yet finished, to resume.
        seats: Vec<SeatInfo>,
        /// This connection's session, for a player.
        #[serde(default)]
        account: Option<AccountInfo>,
    },
    /// The password is set; `signed_out` other sessions were signed out.
    PasswordSet {
        /// How many.
        signed_out: u32,
    },
    /// A one-time code that signs another device in ([`super::ClientMessage::Pair`]).
    PairingCode {
        /// The code, to be shown.
        code: String,
        /// How long it works, in seconds.
        expires_in_secs: u32,
    },
    /// The sessions signed in to the account, the newest first.
    Sessions {
        /// The sessions.
        sessions: Vec<SessionInfo>,
    },
    /// The answer to `sign_out`: how many sessions ended (when this one is among them, the
    /// connection is closed after this message).
    SignedOut {
        /// How many.
        sessions: u32,
    },
    /// This connection's session ended (signed out from another device, the password changed
    /// elsewhere, or the account deleted): its token no longer works and the connection is
    /// closed after this message.
    SessionEnded {
        /// Why, for people.
        reason: String,
    },
    /// A page of the account's finished games, newest first.
    MyGames {
        /// The games.
        games: Vec<FinishedGame>,
        /// Whether older games remain (ask with `before` set to the last one's `id`).
        more: bool,
    },
    /// The account is deleted; the connection is closed after this message.
    AccountDeleted,
    /// A seat the client now holds (after create, join, quick match or resume).
    Seat {
        /// The seat.
        seat: SeatInfo,
    },
    /// A room's full state, after every change, to its players and spectators.
    Room {
        /// The state.
        room: RoomState,
    },
    /// What changed in a watched room (spectators get this after the first whole room).
    RoomUpdate {
        /// The change.
        update: RoomUpdate,
    },
    /// How many are watching a room now (sent at most every few seconds while it changes).
    Spectators {
        /// The game's code.
        code: String,
        /// How many connections are watching.
        count: u32,
    },
    /// The client waits in the quick-match queue.
    Queued {
        /// The settings it waits for.
        settings: RoomSettings,
    },
    /// The client has left the quick-match queue.
    QueueLeft,
    /// The public games now.
    Games {
        /// Waiting and playing public games, newest first.
        games: Vec<GameSummary>,
    },
    /// The best rated players.
    Leaderboard {
        /// Highest rating first.
        players: Vec<PlayerInfo>,
    },
    /// The player speaking on this connection as the server knows it now: sent to both
    /// players when a rated game has moved their ratings (the welcome's `player`, updated).
    Player {
        /// The player, with the new rating.
        player: PlayerInfo,
    },
    /// A message was refused; nothing changed.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// What went wrong, for people.
        message: String,
        /// The `type` of the refused message, when it could be read.
        request: Option<String>,
    },
    /// The answer to `ping`.
    Pong,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `code` stands in [`ErrorCode::ALL`]. A code added to the enum does not build here
    /// until it is given a place: the next one, and the same place in `ALL`.
    fn place(code: ErrorCode) -> usize {
        match code {
            ErrorCode::BadMessage => 0,
            ErrorCode::TooLarge => 1,
            ErrorCode::VersionMismatch => 2,
            ErrorCode::RateLimited => 3,
            ErrorCode::Handshake => 4,
            ErrorCode::NotLoggedIn => 5,
            ErrorCode::UnknownPlayer => 6,
            ErrorCode::BadName => 7,
            ErrorCode::BadSettings => 8,
            ErrorCode::UnknownRoom => 9,
            ErrorCode::RoomFull => 10,
            ErrorCode::WrongToken => 11,
            ErrorCode::NotYourTurn => 12,
            ErrorCode::StalePly => 13,
            ErrorCode::IllegalMove => 14,
            ErrorCode::NotPlaying => 15,
            ErrorCode::NothingToAnswer => 16,
            ErrorCode::Storage => 17,
            ErrorCode::Limit => 18,
            ErrorCode::NameTaken => 19,
            ErrorCode::Damaged => 20,
            ErrorCode::SignInFailed => 21,
            ErrorCode::PairingFailed => 22,
            ErrorCode::BadPassword => 23,
            ErrorCode::WrongPassword => 24,
            ErrorCode::GamesUnfinished => 25,
        }
    }

    #[test]
    fn every_error_code_is_listed_once() {
        for (i, code) in ErrorCode::ALL.into_iter().enumerate() {
            assert_eq!(place(code), i, "{code:?}");
        }
    }

    #[test]
    fn a_player_s_new_rating_reads_as_it_is_written() {
        let text = r#"{"type":"player","player":{"id":3,"name":"Ann","rating":1662.0,"deviation":290.0,"games":1,"provisional":true}}"#;
        let message: ServerMessage = serde_json::from_str(text).expect("a player message");
        let ServerMessage::Player { player } = &message else {
            panic!("{message:?}");
        };
        assert_eq!((player.id, player.rating), (3, 1662.0));
        assert_eq!(serde_json::to_string(&message).unwrap(), text);
    }
}
