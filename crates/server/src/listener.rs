//! The accept loop: each TCP connection is counted against its address's share, its network's
//! and the server's ([`super::limits::Connections`]; over a cap it is answered `429` and closed
//! at once), and served by hyper with a deadline for its request headers, so half-sent
//! requests cannot hold a connection open (and past the half-open cap the oldest of them makes
//! room). A connection admitted into the places kept for seated players and first pages is
//! served one request, then closed. The address travels with the request as a [`Peer`].
//!
//! A connection from a trusted proxy (`--trusted-proxy`) counts in the server's total only;
//! each request on it counts against the share of the client its forwarding headers name
//! ([`super::limits::forwarded`]), and over that share is answered `429` itself.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use super::limits::{Admitted, Connections, Refused, forwarded};

/// The connection a request came on: its address, and its place in the count (kept by the
/// WebSocket after an upgrade, so the count covers the whole life of the connection).
#[derive(Debug, Clone)]
pub struct Peer {
    /// The TCP connection, counted until every clone is dropped.
    pub admitted: Arc<Admitted>,
    /// For a request through a trusted proxy, the client behind it, counted in its address's
    /// share as long as the request (and its WebSocket) lives.
    pub behind: Option<Arc<Admitted>>,
    /// Whether the client's address is exempt from the per-address limits.
    pub trusted: bool,
}

impl Peer {
    /// The client's address: behind a trusted proxy the one its headers name.
    pub fn address(&self) -> IpAddr {
        self.behind.as_ref().unwrap_or(&self.admitted).address()
    }
}

/// Whom the listener believes.
#[derive(Debug, Clone, Default)]
pub struct Trust {
    /// Exempt from the per-address limits (`--trust`), as the configuration compares them.
    pub exempt: Vec<IpAddr>,
    /// Proxies whose forwarding headers name the client (`--trusted-proxy`).
    pub proxies: Vec<IpAddr>,
}

impl Trust {
    /// Whom the configuration's `--trust` and `--trusted-proxy` name.
    pub fn of(config: &super::config::Config) -> Trust {
        Trust {
            exempt: config.trusted.clone(),
            proxies: config.trusted_proxies.clone(),
        }
    }

    fn exempts(&self, address: IpAddr) -> bool {
        let address = super::limits::canonical(address);
        self.exempt
            .iter()
            .any(|t| super::limits::canonical(*t) == address)
    }

    fn is_proxy(&self, address: IpAddr) -> bool {
        forwarded::is_one_of(&self.proxies, address)
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
    trust: Trust,
) {
    let trust = Arc::new(trust);
    let mut told = Told::default();
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
        let proxy = trust.is_proxy(peer.ip());
        let trusted = trust.exempts(peer.ip());
        let admitted = if proxy {
            connections.admit_proxy(peer.ip())
        } else if trusted {
            connections.admit_trusted(peer.ip())
        } else {
            connections.admit(peer.ip())
        };
        let admitted = match admitted {
            Ok(a) => Arc::new(a),
            Err(why) => {
                refuse(stream, peer, why, &mut told);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let reserve = admitted.in_reserve();
        let (app, connections, trust) = (app.clone(), connections.clone(), trust.clone());
        let kept = admitted.clone();
        let service = tower::service_fn(move |mut request: hyper::Request<Incoming>| {
            admitted.headers_came();
            let app = app.clone();
            let mut found = Peer {
                admitted: admitted.clone(),
                behind: None,
                trusted,
            };
            if proxy {
                let client =
                    forwarded::client_address(request.headers(), peer.ip(), |a| trust.is_proxy(a));
                found.trusted = trust.exempts(client);
                match connections.admit_behind(client, found.trusted) {
                    Ok(behind) => found.behind = Some(Arc::new(behind)),
                    Err(why) => {
                        let refused = too_many(why);
                        return futures_util::future::Either::Left(std::future::ready(Ok(refused)));
                    }
                }
            }
            request.extensions_mut().insert(found);
            let served = futures_util::FutureExt::map(app.oneshot(request), move |response| {
                response.map(|mut response| {
                    // A place in the reserve is for one request (or a WebSocket).
                    if reserve && response.status() != StatusCode::SWITCHING_PROTOCOLS {
                        response
                            .headers_mut()
                            .insert(header::CONNECTION, HeaderValue::from_static("close"));
                    }
                    response
                })
            });
            futures_util::future::Either::Right(served)
        });
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades();
            // A client that vanished or sent garbage: nothing to do but forget it. One still
            // sending its headers when newer ones need its place is dropped.
            tokio::select! {
                _ = connection => {}
                () = kept.made_room() => {}
            }
        });
    }
}

/// What a refusal says.
fn refusal(why: Refused) -> &'static str {
    match why {
        Refused::Address => "too many connections from your address\n",
        Refused::Network => "too many connections from your network\n",
        Refused::Server => "the server is full; try again soon\n",
    }
}

/// The `429` for a request through a trusted proxy whose client holds its share already (the
/// proxy's connection stays open for its other clients).
fn too_many(why: Refused) -> Response {
    let mut response = (StatusCode::TOO_MANY_REQUESTS, refusal(why)).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    response
}

/// Answers a connection over a cap with `429` (if the socket takes it at once) and closes it.
fn refuse(stream: TcpStream, peer: SocketAddr, why: Refused, told: &mut Told) {
    let body = refusal(why);
    let response = format!(
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\
         Retry-After: 10\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(response.as_bytes());
    if why == Refused::Address {
        return;
    }
    if let Some(before) = told.tell(std::time::Instant::now()) {
        let more = if before > 0 {
            format!(" ({before} more refused since the last line)")
        } else {
            String::new()
        };
        eprintln!(
            "gomoku-server: {}: refused a connection from {}{more}",
            if why == Refused::Server {
                "full"
            } else {
                "network's share full"
            },
            peer.ip()
        );
    }
}

/// How often the log tells of refused connections: a crowd refused costs a line every
/// [`TELL_EVERY`], not one a connection.
const TELL_EVERY: Duration = Duration::from_secs(10);

/// When the log last told of a refused connection, and how many it has not told of since.
#[derive(Debug, Default)]
struct Told {
    last: Option<std::time::Instant>,
    untold: u64,
}

impl Told {
    /// Whether to log a refusal at `now`: then how many went untold before it.
    fn tell(&mut self, now: std::time::Instant) -> Option<u64> {
        match self.last {
            Some(t) if now.saturating_duration_since(t) < TELL_EVERY => {
                self.untold += 1;
                None
            }
            _ => {
                self.last = Some(now);
                Some(std::mem::take(&mut self.untold))
            }
        }
    }
}

fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_logged_once_in_a_while_with_how_many_were_not() {
        let t = std::time::Instant::now();
        let mut told = Told::default();
        assert_eq!(told.tell(t), Some(0));
        assert_eq!(told.tell(t + Duration::from_secs(1)), None);
        assert_eq!(told.tell(t + Duration::from_secs(9)), None);
        assert_eq!(told.tell(t + Duration::from_secs(10)), Some(2));
        assert_eq!(told.tell(t + Duration::from_secs(30)), Some(0));
    }
}
