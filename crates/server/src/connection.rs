//! One WebSocket connection: frames in, parsed at the edge and rate-limited, handed to the hub;
//! the hub's messages out through a bounded queue of shared texts (a message for a crowd is
//! written once and shared, not copied per spectator). A connection ends with a close frame
//! whose status code says why: 1009 a message too big, 1007 text that is not UTF-8, 1008 a
//! flood, a slow reader or no hello.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;

use super::Shared;
use super::closing::{CloseReason, Closing};
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
/// How many frames a closing connection's peer may still send while its close frame goes out
/// (an honest client sends a few; a flooder is dropped after these).
const LINGER_FRAMES: u32 = 256;

/// Serves one upgraded WebSocket until it closes.
pub async fn run(socket: WebSocket, shared: Arc<Shared>, peer: Peer) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let closing = Arc::new(Closing::default());
    let id = shared.hub().connect(
        tx,
        closing.clone(),
        peer.address(),
        peer.trusted,
        peer.admitted.in_reserve(),
    );
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
            () = closing.asked() => break,
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
        if matches!(frame, Message::Close(_)) {
            break;
        }
        // Every frame counts against the rate, control frames and binary ones too: a flood of
        // WebSocket pings costs the server as much as one of messages.
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
            Message::Close(_) | Message::Ping(_) | Message::Pong(_) => continue,
        };
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
        let is_hello = msg.is_greeting();
        let after = if crate::accounts::flow::takes(&msg) {
            crate::accounts::flow::run(&shared, id, msg).await
        } else {
            shared.hub().handle(id, msg, now)
        };
        if after == After::Close {
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
            // A flooder keeps sending: what it sends meanwhile is read at most up to
            // LINGER_FRAMES, not for the whole linger (reading it would cost everyone else the
            // core; the flooder then meets a reset instead of the close frame).
            let _ = tokio::time::timeout(CLOSE_LINGER, async {
                let mut frames = 0;
                while let Some(Ok(_)) = stream.next().await {
                    frames += 1;
                    if frames >= LINGER_FRAMES {
                        break;
                    }
                }
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
