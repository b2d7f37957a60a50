//! One WebSocket connection: frames in, parsed at the edge and rate-limited, handed to the hub;
//! the hub's messages out through a bounded queue of shared texts (a message for a crowd is
//! written once and shared, not copied per spectator). A connection ends with a close frame
//! whose status code says why: 1009 a message too big, 1007 text that is not UTF-8, 1008 a
//! flood, a slow reader or no hello.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc};

use super::Shared;
use super::hub::After;
use super::listener::Peer;
use super::rate::{Flood, RateLimit};
use gomoku_net::{ClientMessage, ErrorCode, MAX_MESSAGE_BYTES};

/// Messages queued for a connection before it counts as too slow and is closed.
pub const OUTBOX: usize = 256;
/// How long a new connection has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(5);
/// How long the last queued messages may take to leave after the connection ends.
const WRITER_DRAIN: Duration = Duration::from_secs(5);
/// How long a connection the server closes is still read (and what it sends dropped) while
/// its close frame goes out, at most.
const CLOSE_LINGER: Duration = Duration::from_secs(2);

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
    /// 1012: the game this connection was in is now decided by another server; connecting
    /// again finds it there.
    pub const MOVED: CloseReason = CloseReason {
        code: close_code::RESTART,
        reason: "the game moved to another server; connect again",
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

    fn reason(&self) -> Option<CloseReason> {
        *self.reason.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Serves one upgraded WebSocket until it closes.
pub async fn run(socket: WebSocket, shared: Arc<Shared>, peer: Peer) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let closing = Arc::new(Closing::default());
    let id = shared
        .hub()
        .connect(tx, closing.clone(), peer.address(), peer.trusted);
    let writer_closing = closing.clone();
    let writer = tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(Message::Text(text)).await.is_err() {
                return;
            }
        }
        let frame = writer_closing.reason().map(|r| CloseFrame {
            code: r.code,
            reason: r.reason.into(),
        });
        let _ = sink.send(Message::Close(frame)).await;
        let _ = sink.close().await;
    });
    let mut limit = RateLimit::new(shared.config.rate, shared.config.burst, Instant::now());
    let mut flood = Flood::default();
    let opened = Instant::now();
    let mut greeted = false;
    loop {
        // A connection must say hello soon; after that it may stay quiet as long as it likes.
        let deadline = (!greeted).then(|| HELLO_WITHIN.saturating_sub(opened.elapsed()));
        let next = tokio::select! {
            next = read(&mut stream, deadline) => next,
            () = closing.wake.notified() => break,
        };
        let frame = match next {
            Read::Frame(frame) => frame,
            Read::Ended => break,
            Read::Failed(reason) | Read::Late(reason) => {
                closing.close(reason);
                break;
            }
        };
        let now = Instant::now();
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                shared.hub().error(
                    id,
                    ErrorCode::BadMessage,
                    "only JSON text frames are understood",
                    None,
                );
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !limit.allow(now) {
            match flood.dropped(now) {
                Some(true) => shared.hub().error(
                    id,
                    ErrorCode::RateLimited,
                    "too many messages; they are dropped, and a connection that goes on \
                     is closed",
                    None,
                ),
                Some(false) => {}
                None => {
                    closing.close(CloseReason::FLOOD);
                    break;
                }
            }
            continue;
        }
        if text.len() > MAX_MESSAGE_BYTES {
            closing.close(CloseReason::TOO_BIG);
            break;
        }
        let msg: ClientMessage = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                shared.hub().error(
                    id,
                    ErrorCode::BadMessage,
                    &format!("unreadable message: {e}"),
                    None,
                );
                continue;
            }
        };
        let is_hello = matches!(msg, ClientMessage::Hello { .. });
        if shared.hub().handle(id, msg, now) == After::Close {
            closing.close(CloseReason::REFUSED);
            break;
        }
        greeted |= is_hello && shared.hub().greeted(id);
    }
    shared.hub().disconnect(id, Instant::now());
    // The hub dropped the queue's sender: the writer sends what is left and the close frame,
    // unless the peer has stopped reading. When the server closes, what the peer still sends
    // is read and dropped until it answers the close (or a moment passes): closing a socket
    // with unread data resets it, and the peer would never see the close frame's reason.
    let mut writer = writer;
    let drain = async {
        if closing.reason().is_some() {
            let _ = tokio::time::timeout(CLOSE_LINGER, async {
                while let Some(Ok(_)) = stream.next().await {}
            })
            .await;
        }
    };
    let (written, ()) = tokio::join!(tokio::time::timeout(WRITER_DRAIN, &mut writer), drain);
    if written.is_err() {
        writer.abort();
    }
}

/// What reading the next frame gave.
enum Read {
    Frame(Message),
    /// The peer closed or the connection dropped.
    Ended,
    /// A frame that breaks a limit or the protocol.
    Failed(CloseReason),
    /// No hello in time.
    Late(CloseReason),
}

async fn read(
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    deadline: Option<Duration>,
) -> Read {
    let next = match deadline {
        None => stream.next().await,
        Some(left) => match tokio::time::timeout(left, stream.next()).await {
            Ok(next) => next,
            Err(_) => return Read::Late(CloseReason::NO_HELLO),
        },
    };
    match next {
        None => Read::Ended,
        Some(Ok(frame)) => Read::Frame(frame),
        Some(Err(e)) => match close_reason(e) {
            Some(reason) => Read::Failed(reason),
            None => Read::Ended,
        },
    }
}

/// The close frame a read error deserves, if the connection can still hear one.
fn close_reason(e: axum::Error) -> Option<CloseReason> {
    let inner = e.into_inner();
    let e = inner.downcast_ref::<tungstenite::Error>()?;
    match e {
        tungstenite::Error::Capacity(_) => Some(CloseReason::TOO_BIG),
        tungstenite::Error::Utf8(_) => Some(CloseReason::NOT_UTF8),
        tungstenite::Error::Protocol(_) => Some(CloseReason::PROTOCOL),
        _ => None,
    }
}
