//! The PostgreSQL schema and its versions. The version is a row in `gomoku_schema`; a newer
//! database is refused, an older one migrated forward in the transaction that checks it (and
//! the log says so). Servers starting at the same moment take turns through an advisory lock.

use postgres::Client;

use super::thread::pg;
use crate::storage::{StorageError, StoreResult};

/// The schema this server writes.
pub(super) const SCHEMA_VERSION: i32 = 2;

/// The advisory lock servers hold while they check the schema (any fixed number).
const SCHEMA_LOCK: i64 = 0x676f_6d6f_6b75; // "gomoku"

/// Now in Unix milliseconds by the database's clock: one clock for every server's stamps.
pub(super) const NOW_MS: &str = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

/// Version 1: players, games with the server deciding each one (`owner`), moves (one row a
/// ply: the key refuses a duplicate), the servers' heartbeats, and the messages between
/// servers too long for a notification (`cluster_mail`), and the players waiting for quick
/// match on any server (`match_queue`).
const SCHEMA_1: &str = "
CREATE TABLE gomoku_schema (version INTEGER NOT NULL);
CREATE TABLE players (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    created BIGINT NOT NULL DEFAULT extract(epoch FROM now())::bigint
);
CREATE UNIQUE INDEX players_name_key ON players (name_key);
CREATE INDEX players_rating ON players (rating DESC, id) WHERE games > 0;
CREATE TABLE servers (
    id TEXT PRIMARY KEY,
    started_ms BIGINT NOT NULL,
    alive_ms BIGINT NOT NULL
);
CREATE TABLE games (
    code TEXT PRIMARY KEY,
    rule TEXT NOT NULL,
    size INTEGER NOT NULL,
    base_secs INTEGER,
    increment_secs INTEGER,
    rated BOOLEAN NOT NULL,
    public BOOLEAN NOT NULL,
    status TEXT NOT NULL,
    black_id BIGINT REFERENCES players (id),
    black_token TEXT,
    white_id BIGINT REFERENCES players (id),
    white_token TEXT,
    black_ms BIGINT NOT NULL,
    white_ms BIGINT NOT NULL,
    clock_at_ms BIGINT NOT NULL,
    result TEXT,
    created BIGINT NOT NULL DEFAULT extract(epoch FROM now())::bigint,
    finished BIGINT,
    damaged TEXT,
    rating_applied BOOLEAN NOT NULL DEFAULT false,
    owner TEXT
);
CREATE INDEX games_open ON games (status) WHERE status <> 'Finished';
CREATE INDEX games_pair ON games (black_id, white_id, finished);
CREATE TABLE moves (
    code TEXT NOT NULL REFERENCES games (code),
    ply INTEGER NOT NULL,
    x SMALLINT NOT NULL,
    y SMALLINT NOT NULL,
    black_ms BIGINT NOT NULL,
    white_ms BIGINT NOT NULL,
    PRIMARY KEY (code, ply)
);
CREATE TABLE cluster_mail (
    id BIGSERIAL PRIMARY KEY,
    body TEXT NOT NULL,
    at_ms BIGINT NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
);
CREATE TABLE match_queue (
    id BIGSERIAL PRIMARY KEY,
    server TEXT NOT NULL,
    conn BIGINT NOT NULL,
    player BIGINT NOT NULL REFERENCES players (id),
    settings TEXT NOT NULL
);
CREATE INDEX match_queue_settings ON match_queue (settings, id);
INSERT INTO gomoku_schema (version) VALUES (1);
";

/// Version 2: accounts. Players get a password, a count of failed sign-ins and a deletion
/// stamp (a deleted account's name key is its own, see `deleted_key`); sessions (each
/// token kept as its SHA-256) and pairing codes; games a sequence number for the account's
/// list. The players' tokens become their first sessions in [`migrate_1_to_2`].
const SCHEMA_2: &str = "
ALTER TABLE players ADD COLUMN password_hash TEXT,
    ADD COLUMN failed_signins INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN failed_since_ms BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN deleted_ms BIGINT;
ALTER TABLE games ADD COLUMN seq BIGSERIAL;
CREATE INDEX games_black ON games (black_id, seq);
CREATE INDEX games_white ON games (white_id, seq);
CREATE TABLE sessions (
    id BIGSERIAL PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    token_hash TEXT NOT NULL UNIQUE,
    device TEXT NOT NULL,
    how TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    last_seen_ms BIGINT NOT NULL
);
CREATE INDEX sessions_player ON sessions (player_id);
CREATE TABLE pairings (
    code_hash TEXT PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    expires_ms BIGINT NOT NULL
);
UPDATE gomoku_schema SET version = 2;
";

/// Schema 1 to 2 (in the transaction that checks the version): [`SCHEMA_2`], then each
/// player's token becomes its first session and is wiped from `players`.
fn migrate_1_to_2(tx: &mut postgres::Transaction) -> StoreResult<()> {
    tx.batch_execute(SCHEMA_2).map_err(pg)?;
    let players = tx
        .query("SELECT id, token, created FROM players ORDER BY id", &[])
        .map_err(pg)?;
    for row in &players {
        let id: i64 = row.try_get(0).map_err(pg)?;
        let token: String = row.try_get(1).map_err(pg)?;
        let created: i64 = row.try_get(2).map_err(pg)?;
        let hash = crate::storage::accounts::digest(&token);
        tx.execute(
            &format!(
                "INSERT INTO sessions (player_id, token_hash, device, how, created_ms, \
                 last_seen_ms) VALUES ($1, $2, '', 'new', $3, {NOW_MS})"
            ),
            &[&id, &hash, &(created * 1000)],
        )
        .map_err(pg)?;
        tx.execute("UPDATE players SET token = $2 WHERE id = $1", &[&id, &hash])
            .map_err(pg)?;
    }
    eprintln!(
        "gomoku-server: migrated the database to schema 2 (accounts): {} players' tokens \
         became their first sessions",
        players.len()
    );
    Ok(())
}

/// Makes the schema on an empty database, migrates an older one, refuses a newer one.
pub(super) fn prepare(client: &mut Client) -> StoreResult<()> {
    let mut tx = client.transaction().map_err(pg)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
        .map_err(pg)?;
    let exists: bool = tx
        .query_one("SELECT to_regclass('gomoku_schema') IS NOT NULL", &[])
        .map_err(pg)?
        .try_get(0)
        .map_err(pg)?;
    let version: i32 = if exists {
        tx.query_one("SELECT max(version) FROM gomoku_schema", &[])
            .map_err(pg)?
            .try_get::<_, Option<i32>>(0)
            .map_err(pg)?
            .unwrap_or(0)
    } else {
        0
    };
    if version > SCHEMA_VERSION {
        return Err(StorageError(format!(
            "the database is from a newer server (schema {version}; this one knows \
             {SCHEMA_VERSION}); it is left untouched"
        )));
    }
    if version == 0 {
        if exists {
            return Err(StorageError(
                "the database's gomoku_schema table is empty; it is left untouched".into(),
            ));
        }
        let foreign: i64 = tx
            .query_one(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = \
                 current_schema() AND table_name IN ('players', 'games', 'moves', 'servers', 'cluster_mail', 'match_queue')",
                &[],
            )
            .map_err(pg)?
            .try_get(0)
            .map_err(pg)?;
        if foreign > 0 {
            return Err(StorageError(
                "the database has tables named like this server's but no gomoku_schema \
                 version; it is left untouched (give the server a database of its own)"
                    .into(),
            ));
        }
        tx.batch_execute(SCHEMA_1).map_err(pg)?;
        eprintln!("gomoku-server: made the database's tables (schema {SCHEMA_VERSION})");
    }
    // Later versions migrate here, one step at a time, each saying so in the log.
    if version <= 1 {
        migrate_1_to_2(&mut tx)?;
    }
    tx.commit().map_err(pg)
}
