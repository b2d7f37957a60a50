//! The online server: WebSocket connections on axum, rooms and clocks, quick match, ratings,
//! and SQLite storage. The rules are the engine's: a room plays every move through
//! [`gomoku_engine::Game`], never through a copy of its own.
//!
//! - [`config`]: flags and environment.
//! - [`listener`]: the accept loop: connections counted per address ([`limits`]), a deadline
//!   for request headers.
//! - [`connection`]: one socket: size and rate limits, parsing into [`gomoku_net`] types,
//!   close frames that say why ([`closing`], which the hub uses to close one).
//! - [`hub`]: connections, rooms and queue behind one lock; storage before acknowledgement.
//! - [`room`]: one game's state machine; [`clock`], [`rating`] (Glicko-2), [`names`],
//!   [`tokens`], [`rate`] its small helpers.
//! - [`storage`]: the storage interface, SQLite for one server and PostgreSQL for several.
//! - [`cluster`]: several servers on one PostgreSQL database: each game decided by one of
//!   them, the others relaying their clients to it through `LISTEN`/`NOTIFY`.

pub mod accounts;
pub mod clock;
pub mod closing;
pub mod cluster;
pub mod config;
pub mod connection;
pub mod hub;
pub mod limits;
pub mod listener;
pub mod memory;
pub mod metrics;
pub mod names;
pub mod rate;
pub mod rating;
pub mod room;
pub mod storage;
pub mod tokens;

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use axum::Extension;
use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::net::TcpListener;
use tower::ServiceExt;

pub use config::Config;
use hub::{Hub, HubConfig};
use limits::Connections;
use listener::Peer;

use gomoku_net::{MAX_MESSAGE_BYTES, WS_PATH};

/// How often clocks and absences are checked.
const TICK: Duration = Duration::from_millis(50);
/// How long a finished game stays in memory for late watchers.
const FINISHED_TTL: Duration = Duration::from_secs(600);
/// A WebSocket's read buffer: messages are at most 8 KiB, so the 128 KiB default only costs
/// memory for every idle connection.
const WS_READ_BUFFER: usize = 4 * 1024;
/// What a WebSocket may hold unsent beyond its queue before writes fail (a reader that
/// stopped reading).
const WS_MAX_WRITE_BUFFER: usize = 256 * 1024;

/// What every connection shares.
pub struct Shared {
    /// The settings.
    pub config: Config,
    hub: Mutex<Hub>,
    /// Connections by address.
    pub connections: Arc<Connections>,
    /// Password hashing, off the hub and one at a time.
    pub passwords: Arc<accounts::Passwords>,
    /// The origins of the server's own pages (known once it listens).
    own_origins: OnceLock<Vec<String>>,
}

impl Shared {
    /// The hub, locked. A panic while it was held does not stop the server (the hub's
    /// invariants are restored action by action).
    pub fn hub(&self) -> MutexGuard<'_, Hub> {
        self.hub.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Opens the storage and restores the unfinished games, ready to [`serve`].
pub fn prepare(config: Config) -> Result<Arc<Shared>, String> {
    let storage = storage::open(&config.db).map_err(|e| e.to_string())?;
    let hub_config = HubConfig {
        grace: config.grace,
        finished_ttl: FINISHED_TTL,
        new_players_per_network: config.new_players_per_network,
    };
    // On a shared database: this server's name, and the thread that speaks to the others.
    let cluster = match (&config.db, storage.server()) {
        (config::Database::Postgres(url), Some(me)) => {
            eprintln!("gomoku-server: one of several servers, named {me}");
            Some((
                url.clone(),
                me.to_string(),
                cluster::Outbox::start(url, me)?,
            ))
        }
        _ => None,
    };
    let mut hub = Hub::new(storage, hub_config, Instant::now()).map_err(|e| e.to_string())?;
    if let Some((_, _, outbox)) = &cluster {
        hub.set_cluster(outbox.clone());
    }
    let caps = connection_caps(&config, limits::descriptors::limit());
    eprintln!(
        "gomoku-server: connections: at most {} in all ({} of them kept for seated players \
         coming back and first pages), {} waiting for their request headers, {} from one \
         address, {} from one network (/24, /64)",
        caps.total, caps.reserve, caps.half_open, caps.per_address, caps.per_network
    );
    let connections = Connections::new(caps);
    let shared = Arc::new(Shared {
        config,
        hub: Mutex::new(hub),
        connections,
        passwords: accounts::Passwords::new(),
        own_origins: OnceLock::new(),
    });
    if let Some((url, me, _)) = cluster {
        let to_hub = shared.clone();
        cluster::listen(&url, &me, move |envelope| {
            to_hub.hub().cluster_message(envelope, Instant::now());
        })?;
    }
    Ok(shared)
}

/// The connection caps for `config` when the process may hold `descriptors` file
/// descriptors: `--max-connections`, lowered (with a log line) to what the descriptors allow.
pub fn connection_caps(config: &Config, descriptors: u64) -> limits::Caps {
    let allowed = limits::descriptors::connections_allowed(descriptors);
    let total = if config.max_connections > allowed {
        eprintln!(
            "gomoku-server: --max-connections {} lowered to {allowed}: the file descriptor \
             limit is {descriptors} ({} kept for the database, files and /health)",
            config.max_connections,
            limits::descriptors::headroom(descriptors)
        );
        allowed
    } else {
        config.max_connections
    };
    limits::Caps::of(total, config.max_per_address, config.network_share)
}

/// Serves WebSocket clients on `listener` until the process ends.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>) -> std::io::Result<()> {
    let ticker = shared.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(TICK);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut crowd = memory::AfterCrowd::default();
        loop {
            every.tick().await;
            ticker.hub().tick(Instant::now());
            if crowd.crowd_left(ticker.connections.open()) {
                tokio::task::spawn_blocking(memory::give_back);
            }
        }
    });
    let port = listener.local_addr()?.port();
    let _ = shared.own_origins.set(shared.config.own_origins(port));
    listener::accept(
        listener,
        router(shared.clone()),
        shared.connections.clone(),
        shared.config.header_timeout,
        listener::Trust::of(&shared.config),
    )
    .await;
    Ok(())
}

/// The routes: the WebSocket at [`WS_PATH`], `/health`, and with `--web` the web build's
/// files at `/` (a `.gz` or `.br` beside a file is sent to browsers that take it).
pub fn router(shared: Arc<Shared>) -> Router {
    let web = shared.config.web.clone();
    let router = Router::new()
        .route(WS_PATH, get(upgrade))
        .route("/health", get(health))
        .route("/metrics", get(metrics_page))
        .with_state(shared);
    match web {
        Some(dir) => {
            let files = tower_http::services::ServeDir::new(dir)
                .precompressed_br()
                .precompressed_gzip();
            router.fallback_service(ServiceExt::<axum::extract::Request>::map_response(
                files, revalidate,
            ))
        }
        None => router,
    }
}

/// The web build's files keep their names from one build to the next, so a browser may keep
/// them but must ask whether they changed before using them: with `Last-Modified` that costs a
/// returning visitor a `304 Not Modified` per unchanged file, no download.
fn revalidate<B>(mut response: axum::http::Response<B>) -> axum::http::Response<B> {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-cache"),
    );
    response
}

/// `/health`: 200 "ok" while the database answers, 503 with why when it does not (a load
/// balancer then sends players elsewhere).
async fn health(State(shared): State<Arc<Shared>>) -> Response {
    let checked =
        tokio::task::spawn_blocking(move || shared.hub().storage_ok(Instant::now())).await;
    match checked {
        Ok(Ok(())) => "ok".into_response(),
        Ok(Err(e)) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("database unreachable: {e}"),
        )
            .into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("health check failed: {e}"),
        )
            .into_response(),
    }
}

/// `/metrics`: connections, rooms, games in play, moves, move latency, database errors, in
/// Prometheus' text format.
async fn metrics_page(State(shared): State<Arc<Shared>>) -> Response {
    let (metrics, mut gauges) = {
        let hub = shared.hub();
        (hub.metrics(), hub.gauges())
    };
    gauges.connections = shared.connections.open();
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        metrics.render(gauges),
    )
        .into_response()
}

/// Upgrades to a WebSocket after checking a browser's `Origin` against the allowed list.
async fn upgrade(
    ws: WebSocketUpgrade,
    headers: HeaderMap,
    State(shared): State<Arc<Shared>>,
    Extension(peer): Extension<Peer>,
) -> Response {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let own = shared.own_origins.get().map_or(&[][..], |o| &o[..]);
        let allowed = origin
            .to_str()
            .is_ok_and(|o| shared.config.origin_allowed(o, own));
        if !allowed {
            return (StatusCode::FORBIDDEN, "this origin may not connect").into_response();
        }
    }
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .read_buffer_size(WS_READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(WS_MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| connection::run(socket, shared, peer))
}
