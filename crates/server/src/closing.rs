//! How a connection is closed, and why: the status code and reason of its close frame
//! ([`CloseReason`]), and the [`Closing`] that the hub (a slow reader, a game moved away) and
//! the connection's own reader and writer share to ask for it and to read it.

use std::sync::Mutex;

use axum::extract::ws::close_code;
use tokio::sync::Notify;
use tokio::sync::futures::Notified;

/// Why a connection is being closed: the status code and reason of its close frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CloseReason {
    /// The WebSocket status code.
    pub code: u16,
    /// A short text for people.
    pub reason: &'static str,
}

impl CloseReason {
    /// 1008: it read too slowly; its queue of messages filled up.
    pub const SLOW: CloseReason = CloseReason {
        code: close_code::POLICY,
        reason: "too slow: messages were not read",
    };
    /// 1008: too many messages too fast.
    pub const FLOOD: CloseReason = CloseReason {
        code: close_code::POLICY,
        reason: "too many messages",
    };
    /// 1008: no hello in time.
    pub const NO_HELLO: CloseReason = CloseReason {
        code: close_code::POLICY,
        reason: "the first message must be hello, within 5 s",
    };
    /// 1008: the hub ended the conversation (another protocol version).
    pub const REFUSED: CloseReason = CloseReason {
        code: close_code::POLICY,
        reason: "refused; see the last error",
    };
    /// 1009: a message over the size limit.
    pub const TOO_BIG: CloseReason = CloseReason {
        code: close_code::SIZE,
        reason: "message too big (8 KiB at most)",
    };
    /// 1007: a text frame that is not UTF-8.
    pub const NOT_UTF8: CloseReason = CloseReason {
        code: close_code::INVALID,
        reason: "text frames must be UTF-8",
    };
    /// 1012: a message about a game another server decides got no answer in time (that
    /// server paused, or the answer was lost while the database was down); connecting again
    /// shows where the game stands.
    pub const NO_ANSWER: CloseReason = CloseReason {
        code: close_code::RESTART,
        reason: "no answer from the server deciding the game; connect again",
    };
    /// 1008: the connection's session ended (signed out, the password changed elsewhere, the
    /// account deleted); its last message said so. Connecting again needs a sign-in.
    pub const SIGNED_OUT: CloseReason = CloseReason {
        code: close_code::POLICY,
        reason: "signed out",
    };
    /// 1012: the game this connection was in is now decided by another server; connecting
    /// again finds it there.
    pub const MOVED: CloseReason = CloseReason {
        code: close_code::RESTART,
        reason: "the game moved to another server; connect again",
    };
    /// 1013: the server is full, and this connection holds no seat in a live game (what the
    /// places kept for seated players are for).
    pub const FULL: CloseReason = CloseReason {
        code: close_code::AGAIN,
        reason: "the server is full; try again soon",
    };
    /// 1013: the server is full, and this idle or watching connection was closed to make room
    /// for a player in a game.
    pub const MADE_ROOM: CloseReason = CloseReason {
        code: close_code::AGAIN,
        reason: "the server is full: closed to make room for a player in a game; try again soon",
    };
    /// 1002: a frame the WebSocket protocol does not allow.
    pub const PROTOCOL: CloseReason = CloseReason {
        code: close_code::PROTOCOL,
        reason: "WebSocket protocol error",
    };
}

/// Shared between the hub, the reader and the writer of one connection: the hub asks the
/// connection to end (a slow reader), and whoever ends it says why.
#[derive(Debug, Default)]
pub struct Closing {
    wake: Notify,
    reason: Mutex<Option<CloseReason>>,
}

impl Closing {
    /// Asks the connection to close with `reason` (the first reason given wins).
    pub fn close(&self, reason: CloseReason) {
        let mut r = self.reason.lock().unwrap_or_else(|e| e.into_inner());
        r.get_or_insert(reason);
        drop(r);
        self.wake.notify_one();
    }

    /// Why the connection is closing, once someone has asked it to.
    pub fn reason(&self) -> Option<CloseReason> {
        *self.reason.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Completes when the connection is asked to close (at once if it was asked before
    /// anyone waited).
    pub fn asked(&self) -> Notified<'_> {
        self.wake.notified()
    }
}
