//! The layer that speaks between servers sharing one PostgreSQL database: PostgreSQL's own
//! `LISTEN`/`NOTIFY`, no protocol of our own beyond the [`Envelope`] texts.
//!
//! Each game is decided by one server (`games.owner`). A client connected to another server
//! is relayed: its server passes its messages about that game to the owner
//! ([`Envelope::Client`]), and the owner's answers come back ([`Envelope::Deliver`]) to be
//! written to the client's socket. A server that takes over the games of one that stopped
//! says so to all ([`Envelope::Stopped`]): the clients relayed to the stopped server are told
//! to connect again, and find their games at the new owner.
//!
//! Each server listens on the channel `gomoku_<its name>` and on `gomoku_all`. A
//! notification's text is at most [`MAX_NOTIFY`] bytes; a longer one (a long game's whole
//! state to many watchers) goes into the table `cluster_mail` and the notification names its
//! row.

mod envelope;
mod notify;

pub use envelope::Envelope;
pub use notify::{Outbox, listen};

/// The longest text sent as a notification itself (PostgreSQL's limit is 8000 bytes).
pub const MAX_NOTIFY: usize = 7_900;
/// The channel every server listens on.
pub const ALL: &str = "gomoku_all";

/// The channel server `name` listens on.
pub fn channel(name: &str) -> String {
    format!("gomoku_{name}")
}
