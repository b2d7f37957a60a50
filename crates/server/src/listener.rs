//! The accept loop: each TCP connection is counted against its address's share and the
//! server's ([`super::limits::Connections`]; over a cap it is answered `429` and closed at
//! once), and served by hyper with a deadline for its request headers, so half-sent requests
//! cannot hold a connection open. The address travels with the request as a [`Peer`].

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use super::limits::{Admitted, Connections, Refused};

/// The connection a request came on: its address, and its place in the count (kept by the
/// WebSocket after an upgrade, so the count covers the whole life of the connection).
#[derive(Debug, Clone)]
pub struct Peer {
    /// Counted until every clone is dropped.
    pub admitted: Arc<Admitted>,
    /// Whether the address is exempt from the per-address limits.
    pub trusted: bool,
}

impl Peer {
    /// The client's address.
    pub fn address(&self) -> IpAddr {
        self.admitted.address()
    }
}

/// How long to wait after the system refuses to accept (out of file descriptors).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Accepts connections on `listener` for `app` until the process ends.
pub async fn accept(
    listener: TcpListener,
    app: Router,
    connections: Arc<Connections>,
    header_timeout: Duration,
    trusted: impl Fn(IpAddr) -> bool,
) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // EMFILE and the like: the connection waits in the backlog; try again soon.
                if !is_connection_error(&e) {
                    eprintln!("gomoku-server: accept: {e}");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                }
                continue;
            }
        };
        let trusted = trusted(peer.ip());
        let admitted = if trusted {
            connections.admit_trusted(peer.ip())
        } else {
            connections.admit(peer.ip())
        };
        let admitted = match admitted {
            Ok(a) => Arc::new(a),
            Err(why) => {
                refuse(stream, peer, why);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let peer = Peer { admitted, trusted };
        let service = app
            .clone()
            .map_request(move |mut request: hyper::Request<Incoming>| {
                request.extensions_mut().insert(peer.clone());
                request
            });
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades();
            // A client that vanished or sent garbage: nothing to do but forget it.
            let _ = connection.await;
        });
    }
}

/// Answers a connection over a cap with `429` (if the socket takes it at once) and closes it.
fn refuse(stream: TcpStream, peer: SocketAddr, why: Refused) {
    let body = match why {
        Refused::Address => "too many connections from your address\n",
        Refused::Server => "the server is full; try again soon\n",
    };
    let response = format!(
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
         Retry-After: 10\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(response.as_bytes());
    if why == Refused::Server {
        eprintln!(
            "gomoku-server: full: refused a connection from {}",
            peer.ip()
        );
    }
}

fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    )
}
