//! One WebSocket connection: frames in, parsed at the edge and rate-limited, handed to the hub;
//! the hub's messages out through a bounded queue.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;

use super::Shared;
use super::hub::After;
use super::rate::RateLimit;
use crate::net::{ClientMessage, ErrorCode, MAX_MESSAGE_BYTES};

/// Messages queued for a connection before it counts as too slow and is closed.
const OUTBOX: usize = 256;
/// Messages dropped in a row by the rate limit before the connection is closed.
const MAX_DROPPED: u32 = 100;
/// How long a new connection has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(5);
/// How long the last queued messages may take to leave after the connection ends.
const WRITER_DRAIN: Duration = Duration::from_secs(5);

/// Serves one upgraded WebSocket until it closes.
pub async fn run(socket: WebSocket, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<String>(OUTBOX);
    let id = shared.hub().connect(tx);
    let writer = tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
        let _ = sink.close().await;
    });
    let mut limit = RateLimit::new(shared.config.rate, shared.config.burst, Instant::now());
    let mut dropped = 0;
    let opened = Instant::now();
    let mut greeted = false;
    loop {
        // A connection must say hello soon; after that it may stay quiet as long as it likes.
        let next = if greeted {
            stream.next().await
        } else {
            let left = HELLO_WITHIN.saturating_sub(opened.elapsed());
            match tokio::time::timeout(left, stream.next()).await {
                Ok(next) => next,
                Err(_) => break,
            }
        };
        let Some(Ok(frame)) = next else {
            break;
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
            dropped += 1;
            if dropped > MAX_DROPPED {
                break;
            }
            shared.hub().error(
                id,
                ErrorCode::RateLimited,
                "too many messages; this one was dropped",
                None,
            );
            continue;
        }
        dropped = 0;
        if text.len() > MAX_MESSAGE_BYTES {
            shared.hub().error(
                id,
                ErrorCode::TooLarge,
                &format!("messages are limited to {MAX_MESSAGE_BYTES} bytes"),
                None,
            );
            continue;
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
            break;
        }
        greeted |= is_hello && shared.hub().greeted(id);
    }
    shared.hub().disconnect(id, Instant::now());
    // The hub dropped the queue's sender: the writer sends what is left and closes, unless
    // the peer has stopped reading.
    let mut writer = writer;
    if tokio::time::timeout(WRITER_DRAIN, &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}
