//! The online protocol: the messages a client and the server exchange, as plain serde types.
//!
//! No sockets and no Bevy here, so the server, the game (desktop and wasm) and the tests share
//! one definition. Every message is one JSON text frame, an object whose `type` field names
//! it. The client opens with [`ClientMessage::Hello`] carrying [`PROTOCOL_VERSION`]; the
//! server answers [`ServerMessage::Welcome`] or an error. `docs/book/src/developers/online-protocol.md` describes
//! the conversation.
//!
//! Points use the engine's coordinates: `x` the column from the left, `y` the row from the top,
//! both 0-based. Colours, rules and other enumerations are written as their Rust names
//! (`"Black"`, `"Renju"`).

mod client;
mod server;

pub use client::{ClientMessage, ColourChoice, Password, RoomSettings, SignOutWhich, TimeControl};
pub use server::{
    AccountInfo, ClockState, EndReason, ErrorCode, FinishedGame, GameResult, GameSummary,
    PROVISIONAL_DEVIATION, PlayerInfo, RoomState, RoomStatus, RoomUpdate, SeatInfo, ServerMessage,
    SessionInfo,
};

/// The protocol version this build speaks. A client with another version is refused, with a
/// message saying which version the server speaks. Version 3 added accounts: passwords,
/// pairing codes, sessions, the account's games and deleting it.
pub const PROTOCOL_VERSION: u32 = 3;

/// The shortest password, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;

/// The longest password, in characters.
pub const MAX_PASSWORD_CHARS: usize = 128;

/// The longest device label in the list of sessions, in characters (longer ones are cut).
pub const MAX_DEVICE_CHARS: usize = 48;

/// The name finished games show for a player who deleted the account (no one can take it).
pub const DELETED_PLAYER: &str = "deleted player";

/// Finished games in one [`ServerMessage::MyGames`] page.
pub const MY_GAMES_PAGE: usize = 50;

/// The largest message the server accepts, in bytes. Larger frames close the connection.
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// The longest player name, in characters (after cleaning).
pub const MAX_NAME_CHARS: usize = 24;

/// The board sizes online games are played on (20x20 is Gomocup's freestyle board).
pub const ONLINE_SIZES: [u8; 4] = [13, 15, 19, 20];

/// The longest time control's base time, and the largest increment per move, in seconds (the
/// engine's limits for any game).
pub use gomoku_engine::clock::{MAX_BASE_SECS, MAX_INCREMENT_SECS};

/// The WebSocket path on the server.
pub const WS_PATH: &str = "/ws";
