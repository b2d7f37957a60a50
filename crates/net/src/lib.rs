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

pub use client::{ClientMessage, ColourChoice, RoomSettings, TimeControl};
pub use server::{
    ClockState, EndReason, ErrorCode, GameResult, GameSummary, PROVISIONAL_DEVIATION, PlayerInfo,
    RoomState, RoomStatus, RoomUpdate, SeatInfo, ServerMessage,
};

/// The protocol version this build speaks. A client with another version is refused.
pub const PROTOCOL_VERSION: u32 = 2;

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
