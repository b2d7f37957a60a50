//! The embedded default: one SQLite file, WAL journal, every statement with bound parameters.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::accounts::{HOW_NEW, digest};
use super::owner::OwnerLock;
use super::rows::{RawGame, status_name};
use super::{
    DamagedGame, GameRecord, PlayerRecord, SeatRecord, Storage, StorageError, StoreResult,
    Unfinished,
};
use crate::names::name_key;
use crate::rating::Glicko;
use gomoku_engine::{Pos, Stone};
use gomoku_net::GameResult;

/// The schema's version, kept in SQLite's `user_version`; a newer database is refused, an
/// older one is migrated forward ([`migrate`]) in one transaction.
const SCHEMA_VERSION: u32 = 3;

/// The schema, made when missing. `moves` has one row per ply: its key refuses a duplicate.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT,
    token TEXT NOT NULL UNIQUE,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL DEFAULT (unixepoch()),
    password_hash TEXT,
    failed_signins INTEGER NOT NULL DEFAULT 0,
    failed_since_ms INTEGER NOT NULL DEFAULT 0,
    deleted_ms INTEGER
);
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    rule TEXT NOT NULL,
    size INTEGER NOT NULL,
    base_secs INTEGER,
    increment_secs INTEGER,
    rated INTEGER NOT NULL,
    public INTEGER NOT NULL,
    status TEXT NOT NULL,
    black_id INTEGER REFERENCES players(id),
    black_token TEXT,
    white_id INTEGER REFERENCES players(id),
    white_token TEXT,
    black_ms INTEGER NOT NULL,
    white_ms INTEGER NOT NULL,
    clock_at_ms INTEGER NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)),
    result TEXT,
    created INTEGER NOT NULL DEFAULT (unixepoch()),
    finished INTEGER,
    damaged TEXT,
    rating_applied INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_status ON games(status);
CREATE UNIQUE INDEX IF NOT EXISTS players_name_key ON players(name_key);
CREATE INDEX IF NOT EXISTS games_pair ON games(black_id, white_id, finished);
CREATE TABLE IF NOT EXISTS heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES games(code),
    ply INTEGER NOT NULL,
    x INTEGER NOT NULL,
    y INTEGER NOT NULL,
    black_ms INTEGER NOT NULL,
    white_ms INTEGER NOT NULL,
    PRIMARY KEY (code, ply)
);
CREATE INDEX IF NOT EXISTS games_black ON games(black_id, status);
CREATE INDEX IF NOT EXISTS games_white ON games(white_id, status);
";

/// Schema 3's sessions and pairing codes (made by [`SCHEMA`] and by the migration from 2).
const ACCOUNT_TABLES: &str = "
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    token_hash TEXT NOT NULL UNIQUE,
    device TEXT NOT NULL,
    how TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    last_seen_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_player ON sessions(player_id);
CREATE TABLE IF NOT EXISTS pairings (
    code_hash TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    expires_ms INTEGER NOT NULL
);
";

/// Players, games and moves in one SQLite file.
pub struct SqliteStorage {
    pub(super) db: Connection,
    /// The file is this server's alone while it runs (none for a database in memory).
    _owner: Option<OwnerLock>,
}

pub(super) fn err(e: rusqlite::Error) -> StorageError {
    StorageError(e.to_string())
}

fn colour_columns(c: Stone) -> (&'static str, &'static str) {
    match c {
        Stone::Black => ("black_id", "black_token"),
        Stone::White => ("white_id", "white_token"),
    }
}

pub(super) fn player_from_row(row: &Row<'_>) -> rusqlite::Result<PlayerRecord> {
    Ok(PlayerRecord {
        id: row.get(0)?,
        name: row.get(1)?,
        rating: Glicko {
            rating: row.get(2)?,
            deviation: row.get(3)?,
            volatility: row.get(4)?,
        },
        games: row.get(5)?,
    })
}

/// Now in Unix milliseconds, by SQLite's clock (one clock for stamps and heartbeats).
pub(super) const NOW_MS: &str = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";

pub(super) const PLAYER_COLUMNS: &str = "id, name, rating, deviation, volatility, games";

impl SqliteStorage {
    /// Opens (or makes) the database at `path`, for this server alone: another server
    /// running on it is named in the error.
    pub fn open(path: &Path) -> StoreResult<SqliteStorage> {
        let owner = OwnerLock::take(path)?;
        let db = Connection::open(path)
            .map_err(|e| StorageError(format!("cannot open {}: {e}", path.display())))?;
        let mut storage = Self::setup(db)?;
        storage._owner = Some(owner);
        Ok(storage)
    }

    /// A database in memory (tests).
    pub fn in_memory() -> StoreResult<SqliteStorage> {
        Self::setup(Connection::open_in_memory().map_err(err)?)
    }

    fn setup(db: Connection) -> StoreResult<SqliteStorage> {
        // WAL with synchronous=NORMAL: a commit survives the process being killed (the
        // operating system has the write); FULL would also survive a power cut, slower.
        db.pragma_update(None, "journal_mode", "WAL").map_err(err)?;
        db.pragma_update(None, "synchronous", "NORMAL")
            .map_err(err)?;
        db.pragma_update(None, "foreign_keys", "ON").map_err(err)?;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(err)?;
        let version: u32 = db
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(err)?;
        if version > SCHEMA_VERSION {
            return Err(StorageError(format!(
                "the database is from a newer server (schema {version}; this one knows \
                 {SCHEMA_VERSION}); it is left untouched"
            )));
        }
        if version == 1 {
            migrate_1_to_2(&db)?;
        }
        if (1..=2).contains(&version) {
            migrate_2_to_3(&db)?;
        }
        db.execute_batch(SCHEMA).map_err(err)?;
        db.execute_batch(ACCOUNT_TABLES).map_err(err)?;
        db.pragma_update(None, "user_version", SCHEMA_VERSION)
            .map_err(err)?;
        Ok(SqliteStorage { db, _owner: None })
    }

    /// When the server was last known alive (Unix milliseconds, SQLite's clock).
    pub fn last_heartbeat(&mut self) -> StoreResult<Option<i64>> {
        self.db
            .query_row("SELECT at_ms FROM heartbeat WHERE id = 1", [], |r| r.get(0))
            .optional()
            .map_err(err)
    }

    pub(super) fn game_moves(&self, code: &str) -> StoreResult<Vec<Pos>> {
        let mut st = self
            .db
            .prepare_cached("SELECT x, y FROM moves WHERE code = ?1 ORDER BY ply")
            .map_err(err)?;
        let rows = st
            .query_map(params![code], |r| Ok(Pos::new(r.get(0)?, r.get(1)?)))
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }
}

/// Schema 1 to 2: players' names get a unique folded key (a later player whose name folds
/// to an earlier one's is renamed "NAME #ID", and the log says so); games get the columns for a
/// damaged record set aside and for whether the result moved ratings.
fn migrate_1_to_2(db: &Connection) -> StoreResult<()> {
    let tx = db.unchecked_transaction().map_err(err)?;
    tx.execute_batch(
        "ALTER TABLE players ADD COLUMN name_key TEXT;
         ALTER TABLE games ADD COLUMN damaged TEXT;
         ALTER TABLE games ADD COLUMN rating_applied INTEGER NOT NULL DEFAULT 0;
         UPDATE games SET rating_applied = 1 WHERE status = 'Finished' AND rated = 1;",
    )
    .map_err(err)?;
    let players: Vec<(i64, String)> = {
        let mut st = tx
            .prepare("SELECT id, name FROM players ORDER BY id")
            .map_err(err)?;
        let rows = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)?
    };
    let mut taken = std::collections::HashSet::new();
    for (id, name) in players {
        let mut name = name;
        let mut key = name_key(&name);
        if !taken.insert(key.clone()) {
            let renamed = format!("{name} #{id}");
            eprintln!(
                "gomoku-server: migration: player {id}'s name '{name}' is another's; now                  '{renamed}'"
            );
            name = renamed;
            key = name_key(&name);
            taken.insert(key.clone());
        }
        tx.execute(
            "UPDATE players SET name = ?2, name_key = ?3 WHERE id = ?1",
            params![id, name, key],
        )
        .map_err(err)?;
    }
    tx.commit().map_err(err)
}

/// Schema 2 to 3: accounts. Players get a password, a count of failed sign-ins and a
/// deletion stamp; each player's token becomes the first session (kept as its digest, and the
/// token in clear is wiped from `players`).
fn migrate_2_to_3(db: &Connection) -> StoreResult<()> {
    let tx = db.unchecked_transaction().map_err(err)?;
    tx.execute_batch(
        "ALTER TABLE players ADD COLUMN password_hash TEXT;
         ALTER TABLE players ADD COLUMN failed_signins INTEGER NOT NULL DEFAULT 0;
         ALTER TABLE players ADD COLUMN failed_since_ms INTEGER NOT NULL DEFAULT 0;
         ALTER TABLE players ADD COLUMN deleted_ms INTEGER;",
    )
    .map_err(err)?;
    tx.execute_batch(ACCOUNT_TABLES).map_err(err)?;
    let players: Vec<(i64, String, i64)> = {
        let mut st = tx
            .prepare("SELECT id, token, created FROM players ORDER BY id")
            .map_err(err)?;
        let rows = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)?
    };
    let count = players.len();
    for (id, token, created) in players {
        let hash = digest(&token);
        tx.execute(
            &format!(
                "INSERT INTO sessions (player_id, token_hash, device, how, created_ms, \
                 last_seen_ms) VALUES (?1, ?2, '', ?3, ?4, {NOW_MS})"
            ),
            params![id, hash, HOW_NEW, created * 1000],
        )
        .map_err(err)?;
        tx.execute(
            "UPDATE players SET token = ?2 WHERE id = ?1",
            params![id, hash],
        )
        .map_err(err)?;
    }
    eprintln!("gomoku-server: migration: {count} players' tokens became their first sessions");
    tx.commit().map_err(err)
}

/// A unique-key violation on the players' names.
pub(super) fn name_taken(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, Some(m))
            if f.code == rusqlite::ErrorCode::ConstraintViolation && m.contains("name_key")
    )
}

impl Storage for SqliteStorage {
    fn player_named(&mut self, name: &str) -> StoreResult<Option<i64>> {
        self.db
            .prepare_cached("SELECT id FROM players WHERE name_key = ?1")
            .map_err(err)?
            .query_row(params![name_key(name)], |r| r.get(0))
            .optional()
            .map_err(err)
    }

    fn rated_games_between(&mut self, a: i64, b: i64, within_secs: u64) -> StoreResult<u32> {
        self.db
            .prepare_cached(
                "SELECT COUNT(*) FROM games WHERE rating_applied = 1 \
                 AND finished >= unixepoch() - ?3 \
                 AND ((black_id = ?1 AND white_id = ?2) OR (black_id = ?2 AND white_id = ?1))",
            )
            .map_err(err)?
            .query_row(params![a, b, within_secs as i64], |r| r.get(0))
            .map_err(err)
    }

    fn set_aside(&mut self, code: &str, why: &str) -> StoreResult<()> {
        self.db
            .execute(
                "UPDATE games SET damaged = ?2 WHERE code = ?1",
                params![code, why],
            )
            .map_err(err)?;
        Ok(())
    }

    fn player(&mut self, id: i64) -> StoreResult<Option<PlayerRecord>> {
        self.db
            .prepare_cached(&format!(
                "SELECT {PLAYER_COLUMNS} FROM players WHERE id = ?1"
            ))
            .map_err(err)?
            .query_row(params![id], player_from_row)
            .optional()
            .map_err(err)
    }

    fn rename_player(&mut self, id: i64, name: &str) -> StoreResult<()> {
        let r = self.db.execute(
            "UPDATE players SET name = ?2, name_key = ?3 WHERE id = ?1",
            params![id, name, name_key(name)],
        );
        match r {
            Ok(_) => Ok(()),
            Err(e) if name_taken(&e) => Err(StorageError::name_taken(name)),
            Err(e) => Err(err(e)),
        }
    }

    fn code_taken(&mut self, code: &str) -> StoreResult<bool> {
        self.db
            .prepare_cached("SELECT 1 FROM games WHERE code = ?1")
            .map_err(err)?
            .exists(params![code])
            .map_err(err)
    }

    fn create_game(&mut self, g: &GameRecord) -> StoreResult<()> {
        let s = g.settings;
        self.db
            .execute(
                "INSERT INTO games (code, rule, size, base_secs, increment_secs, rated, public, \
                 status, black_id, black_token, white_id, white_token, black_ms, white_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                params![
                    g.code,
                    s.rule.name(),
                    s.size,
                    s.time.map(|t| t.base_secs),
                    s.time.map(|t| t.increment_secs),
                    s.rated,
                    g.public,
                    status_name(g.status),
                    g.black.as_ref().map(|s| s.player_id),
                    g.black.as_ref().map(|s| s.token.as_str()),
                    g.white.as_ref().map(|s| s.player_id),
                    g.white.as_ref().map(|s| s.token.as_str()),
                    g.clock_ms[0],
                    g.clock_ms[1],
                ],
            )
            .map_err(err)?;
        Ok(())
    }

    fn start_game(&mut self, code: &str, colour: Stone, seat: &SeatRecord) -> StoreResult<()> {
        let (id_col, token_col) = colour_columns(colour);
        let n = self
            .db
            .execute(
                &format!(
                    "UPDATE games SET {id_col} = ?2, {token_col} = ?3, status = 'Playing', \
                     clock_at_ms = {NOW_MS} WHERE code = ?1 AND status = 'Waiting' AND {id_col} IS NULL"
                ),
                params![code, seat.player_id, seat.token],
            )
            .map_err(err)?;
        if n != 1 {
            return Err(StorageError(format!(
                "game {code} has no free {colour} seat"
            )));
        }
        Ok(())
    }

    fn add_move(&mut self, code: &str, ply: u32, at: Pos, clock_ms: [u64; 2]) -> StoreResult<()> {
        let tx = self.db.transaction().map_err(err)?;
        tx.execute(
            "INSERT INTO moves (code, ply, x, y, black_ms, white_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![code, ply, at.x, at.y, clock_ms[0], clock_ms[1]],
        )
        .map_err(err)?;
        tx.execute(
            &format!(
                "UPDATE games SET black_ms = ?2, white_ms = ?3, clock_at_ms = {NOW_MS} \
                 WHERE code = ?1"
            ),
            params![code, clock_ms[0], clock_ms[1]],
        )
        .map_err(err)?;
        tx.commit().map_err(err)
    }

    fn truncate_moves(&mut self, code: &str, keep: u32, clock_ms: [u64; 2]) -> StoreResult<()> {
        let tx = self.db.transaction().map_err(err)?;
        tx.execute(
            "DELETE FROM moves WHERE code = ?1 AND ply >= ?2",
            params![code, keep],
        )
        .map_err(err)?;
        tx.execute(
            &format!(
                "UPDATE games SET black_ms = ?2, white_ms = ?3, clock_at_ms = {NOW_MS} \
                 WHERE code = ?1"
            ),
            params![code, clock_ms[0], clock_ms[1]],
        )
        .map_err(err)?;
        tx.commit().map_err(err)
    }

    fn finish_game(
        &mut self,
        code: &str,
        result: &GameResult,
        clock_ms: [u64; 2],
        ratings: Option<[(i64, Glicko); 2]>,
    ) -> StoreResult<()> {
        let json = serde_json::to_string(result).map_err(|e| StorageError(e.to_string()))?;
        let tx = self.db.transaction().map_err(err)?;
        tx.execute(
            "UPDATE games SET status = 'Finished', result = ?2, black_ms = ?3, white_ms = ?4, \
             finished = unixepoch(), rating_applied = ?5 WHERE code = ?1",
            params![code, json, clock_ms[0], clock_ms[1], ratings.is_some()],
        )
        .map_err(err)?;
        for (id, g) in ratings.into_iter().flatten() {
            tx.execute(
                "UPDATE players SET rating = ?2, deviation = ?3, volatility = ?4, \
                 games = games + 1 WHERE id = ?1",
                params![id, g.rating, g.deviation, g.volatility],
            )
            .map_err(err)?;
        }
        tx.commit().map_err(err)
    }

    fn unfinished_games(&mut self) -> StoreResult<Vec<Unfinished>> {
        let alive_ms = self.last_heartbeat()?;
        let mut st = self
            .db
            .prepare(
                "SELECT code, rule, size, base_secs, increment_secs, rated, public, status, \
                 black_id, black_token, white_id, white_token, black_ms, white_ms, clock_at_ms, \
                 damaged FROM games WHERE status != 'Finished' ORDER BY created",
            )
            .map_err(err)?;
        let rows = st
            .query_map([], |r| {
                Ok(RawGame {
                    code: r.get(0)?,
                    rule: r.get(1)?,
                    size: r.get(2)?,
                    base_secs: r.get(3)?,
                    increment_secs: r.get(4)?,
                    rated: r.get(5)?,
                    public: r.get(6)?,
                    status: r.get(7)?,
                    black: (r.get(8)?, r.get(9)?),
                    white: (r.get(10)?, r.get(11)?),
                    clock_ms: [r.get(12)?, r.get(13)?],
                    clock_at_ms: r.get(14)?,
                    damaged: r.get(15)?,
                    alive_ms,
                })
            })
            .map_err(err)?;
        let mut out = Vec::new();
        for row in rows {
            // A row SQLite cannot even read (a wrong type in a column) is one damaged game,
            // named when its code can be read; it does not stop the others.
            out.push(match row {
                Ok(raw) => raw.decode(),
                Err(e) => Err(DamagedGame {
                    code: String::new(),
                    why: format!("unreadable row: {e}"),
                }),
            });
        }
        drop(st);
        for g in out.iter_mut() {
            if let Ok(game) = g {
                match self.game_moves(&game.code) {
                    Ok(moves) => game.moves = moves,
                    Err(e) => {
                        *g = Err(DamagedGame {
                            code: game.code.clone(),
                            why: format!("its moves cannot be read: {e}"),
                        })
                    }
                }
            }
        }
        Ok(out)
    }

    fn leaderboard(&mut self, limit: u32) -> StoreResult<Vec<PlayerRecord>> {
        let mut st = self
            .db
            .prepare_cached(&format!(
                "SELECT {PLAYER_COLUMNS} FROM players WHERE games > 0 AND deleted_ms IS NULL \
                 ORDER BY rating DESC, id LIMIT ?1"
            ))
            .map_err(err)?;
        let rows = st.query_map(params![limit], player_from_row).map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    fn moves(&mut self, code: &str) -> StoreResult<Vec<Pos>> {
        self.game_moves(code)
    }

    fn heartbeat(&mut self) -> StoreResult<()> {
        self.db
            .prepare_cached(&format!(
                "INSERT INTO heartbeat (id, at_ms) VALUES (1, {NOW_MS}) \
                 ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms"
            ))
            .map_err(err)?
            .execute([])
            .map_err(err)?;
        Ok(())
    }

    fn check(&mut self) -> StoreResult<()> {
        self.db.query_row("SELECT 1", [], |_| Ok(())).map_err(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Rule;
    use gomoku_net::{RoomSettings, RoomStatus, TimeControl};

    use crate::storage::AccountStore;

    fn new_player(s: &mut SqliteStorage, name: &str, token: &str) -> StoreResult<i64> {
        let session = crate::storage::accounts::NewSession {
            token,
            device: "",
            how: HOW_NEW,
        };
        s.create_player(name, &session, Glicko::default())
            .map(|(id, _)| id)
    }

    fn game(code: &str, black: i64) -> GameRecord {
        GameRecord {
            code: code.into(),
            settings: RoomSettings {
                rule: Rule::Renju,
                size: 15,
                time: Some(TimeControl {
                    base_secs: 300,
                    increment_secs: 3,
                }),
                rated: true,
            },
            public: true,
            status: RoomStatus::Waiting,
            black: Some(SeatRecord {
                player_id: black,
                token: "seat-b".into(),
            }),
            white: None,
            moves: Vec::new(),
            clock_ms: [300_000, 300_000],
            clock_at_ms: None,
            alive_ms: None,
            taken_from: None,
        }
    }

    #[test]
    fn a_damaged_game_is_reported_alone_and_set_aside() {
        let mut s = SqliteStorage::in_memory().unwrap();
        let a = new_player(&mut s, "Ann", "tok-a").unwrap();
        s.create_game(&game("GOOD01", a)).unwrap();
        s.create_game(&game("BADRUL", a)).unwrap();
        s.create_game(&game("BADSTA", a)).unwrap();
        s.db.execute("UPDATE games SET rule = 'Chess' WHERE code = 'BADRUL'", [])
            .unwrap();
        s.db.execute("UPDATE games SET status = 'Lost' WHERE code = 'BADSTA'", [])
            .unwrap();
        let all = s.unfinished_games().unwrap();
        let good: Vec<&str> = all.iter().flatten().map(|g| g.code.as_str()).collect();
        assert_eq!(good, ["GOOD01"]);
        let bad: Vec<&str> = all
            .iter()
            .filter_map(|g| g.as_ref().err())
            .map(|d| d.code.as_str())
            .collect();
        assert_eq!(bad, ["BADRUL", "BADSTA"]);
        s.set_aside("BADRUL", "unknown rule").unwrap();
        let again = s.unfinished_games().unwrap();
        let set_aside = again
            .iter()
            .find_map(|g| g.as_ref().err().filter(|d| d.code == "BADRUL"));
        assert_eq!(set_aside.map(|d| d.why.as_str()), Some("unknown rule"));
    }

    #[test]
    fn a_schema_1_database_is_migrated_and_clashing_names_renamed() {
        let db = Connection::open_in_memory().unwrap();
        db.execute_batch(
            "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, \
             token TEXT NOT NULL UNIQUE, rating REAL NOT NULL, deviation REAL NOT NULL, \
             volatility REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0, \
             created INTEGER NOT NULL DEFAULT (unixepoch()));
             CREATE TABLE games (code TEXT PRIMARY KEY, rule TEXT NOT NULL, size INTEGER NOT NULL, \
             base_secs INTEGER, increment_secs INTEGER, rated INTEGER NOT NULL, \
             public INTEGER NOT NULL, status TEXT NOT NULL, black_id INTEGER, black_token TEXT, \
             white_id INTEGER, white_token TEXT, black_ms INTEGER NOT NULL, \
             white_ms INTEGER NOT NULL, clock_at_ms INTEGER NOT NULL DEFAULT 0, result TEXT, \
             created INTEGER NOT NULL DEFAULT (unixepoch()), finished INTEGER);
             INSERT INTO players (name, token, rating, deviation, volatility) VALUES \
             ('Ann', 't1', 1500, 350, 0.06), ('ann', 't2', 1500, 350, 0.06), \
             ('Bob', 't3', 1500, 350, 0.06);
             PRAGMA user_version = 1;",
        )
        .unwrap();
        let mut s = SqliteStorage::setup(db).unwrap();
        let names: Vec<String> = (1..=3)
            .map(|id| s.player(id).unwrap().unwrap().name)
            .collect();
        assert_eq!(names, ["Ann", "ann #2", "Bob"]);
        assert!(new_player(&mut s, "ANN", "t4").unwrap_err().is_name_taken());
        // Each player's token is now its first session, kept as its digest only.
        assert_eq!(s.session_of("t3", None).unwrap().unwrap().player.id, 3);
        let clear: u32 =
            s.db.query_row(
                "SELECT COUNT(*) FROM players WHERE token IN ('t1', 't2', 't3')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(clear, 0);
        let version: u32 =
            s.db.pragma_query_value(None, "user_version", |r| r.get(0))
                .unwrap();
        assert_eq!(version, SCHEMA_VERSION);
    }

    #[test]
    fn a_newer_database_is_refused() {
        let db = Connection::open_in_memory().unwrap();
        db.pragma_update(None, "user_version", 99).unwrap();
        let e = SqliteStorage::setup(db).err().expect("refused");
        assert!(e.to_string().contains("newer server"), "{e}");
    }
}
