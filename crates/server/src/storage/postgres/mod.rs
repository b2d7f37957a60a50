//! PostgreSQL: one player base for any number of servers (`--db postgres://...`).
//!
//! The tables are SQLite's, plus who decides each game: `games.owner` names the server that
//! holds the room, and `servers` holds every server's heartbeat. Every write that changes a
//! game checks, in its own transaction, that this server still owns it: a server that was
//! paused or cut off while another took its games over can never store a move for them
//! ([`StorageError::not_owner`]). A server owns the games it makes, and takes over the
//! unfinished games of servers whose heartbeat is older than [`LEASE_MS`].

mod accounts;
mod schema;
mod thread;

use postgres::Row;
use postgres::error::SqlState;
use rand::RngExt;

use super::rows::{RawGame, status_from_name, status_name};
use super::{
    GameRecord, PlayerRecord, SeatRecord, Storage, StorageError, StoreResult, Unfinished, Waiting,
};
use crate::names::name_key;
use crate::rating::Glicko;
use gomoku_engine::{Pos, Stone};
use gomoku_net::{GameResult, GameSummary, RoomSettings, SeatInfo, TimeControl};
use schema::NOW_MS;
use thread::{Connection, pg};

/// A server whose heartbeat is older than this is gone: its games are taken over. Heartbeats
/// come every second, so this is ten missed in a row.
pub const LEASE_MS: i64 = 10_000;
/// A gone server's row is deleted after this long (its games were taken over long before).
const FORGET_SERVER_MS: i64 = 24 * 3600 * 1000;

const PLAYER_COLUMNS: &str = "id, name, rating, deviation, volatility, games";

/// The columns [`raw_game`] reads, from `games g`.
const GAME_COLUMNS: &str = "g.code, g.rule, g.size, g.base_secs, g.increment_secs, g.rated, \
     g.public, g.status, g.black_id, g.black_token, g.white_id, g.white_token, g.black_ms, \
     g.white_ms, g.clock_at_ms, g.damaged";

/// Players, games and moves in a PostgreSQL database shared by several servers.
pub struct PostgresStorage {
    db: Connection,
    /// This server's name in `servers` and `games.owner`: new at every start.
    server: String,
}

fn player_from_row(row: &Row) -> Result<PlayerRecord, postgres::Error> {
    Ok(PlayerRecord {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        rating: Glicko {
            rating: row.try_get(2)?,
            deviation: row.try_get(3)?,
            volatility: row.try_get(4)?,
        },
        games: row.try_get::<_, i32>(5)?.max(0) as u32,
    })
}

/// A stored millisecond count (never negative in a sound record).
fn millis(v: i64) -> u64 {
    v.max(0) as u64
}

/// A unique-key violation on the players' names.
fn name_taken(e: &postgres::Error) -> bool {
    e.as_db_error().is_some_and(|d| {
        *d.code() == SqlState::UNIQUE_VIOLATION && d.constraint() == Some("players_name_key")
    })
}

fn raw_game(row: &Row, alive_ms: Option<i64>) -> Result<RawGame, String> {
    let read = || -> Result<RawGame, postgres::Error> {
        let size: i32 = row.try_get(2)?;
        let secs = |v: Option<i32>| v.map(|s| s.max(0) as u32);
        Ok(RawGame {
            code: row.try_get(0)?,
            rule: row.try_get(1)?,
            size: u8::try_from(size).unwrap_or(0),
            base_secs: secs(row.try_get(3)?),
            increment_secs: secs(row.try_get(4)?),
            rated: row.try_get(5)?,
            public: row.try_get(6)?,
            status: row.try_get(7)?,
            black: (row.try_get(8)?, row.try_get(9)?),
            white: (row.try_get(10)?, row.try_get(11)?),
            clock_ms: [millis(row.try_get(12)?), millis(row.try_get(13)?)],
            clock_at_ms: row.try_get(14)?,
            damaged: row.try_get(15)?,
            alive_ms,
        })
    };
    read().map_err(|e| format!("unreadable row: {e}"))
}

impl PostgresStorage {
    /// Connects to `url`, makes or checks the schema, and enters this server in `servers`.
    pub fn open(url: &str) -> StoreResult<PostgresStorage> {
        let mut rng: rand::rngs::StdRng = rand::make_rng();
        // Letters, digits and '_': it names the server's notification channel too.
        let server = format!("s{:08x}_{}", rng.random::<u32>(), std::process::id());
        let db = Connection::open(url, &format!("gomoku-server {server}"))?;
        db.run(|s| schema::prepare(s.client()?))?;
        let storage = PostgresStorage { db, server };
        storage.enter()?;
        Ok(storage)
    }

    /// This server's name in the database.
    pub fn server_name(&self) -> &str {
        &self.server
    }

    fn enter(&self) -> StoreResult<()> {
        let me = self.server.clone();
        self.db.with(move |c| {
            c.execute(
                &format!(
                    "INSERT INTO servers (id, started_ms, alive_ms) VALUES ($1, {NOW_MS}, {NOW_MS}) \
                     ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms"
                ),
                &[&me],
            )?;
            c.execute(
                &format!("DELETE FROM servers WHERE alive_ms < {NOW_MS} - $1"),
                &[&FORGET_SERVER_MS],
            )?;
            // Mail nobody took within a minute was for a server that stopped.
            c.execute(
                &format!("DELETE FROM cluster_mail WHERE at_ms < {NOW_MS} - 60000"),
                &[],
            )?;
            Ok(())
        })
    }

    /// Runs a write to game `code` that must only happen while this server owns it: `update`
    /// is an `UPDATE games ... WHERE code = $1 AND owner = $2 ...` with its further
    /// parameters, then `more` runs in the same transaction.
    fn owned_write(
        &self,
        code: &str,
        update: String,
        params: Vec<Box<dyn postgres::types::ToSql + Sync + Send>>,
        more: impl FnOnce(&mut postgres::Transaction<'_>) -> Result<(), postgres::Error>
        + Send
        + 'static,
    ) -> StoreResult<()> {
        let code = code.to_string();
        let me = self.server.clone();
        self.db.run(move |s| {
            let client = s.client()?;
            let mut tx = client.transaction().map_err(pg)?;
            let mut all: Vec<&(dyn postgres::types::ToSql + Sync)> = vec![&code, &me];
            all.extend(
                params
                    .iter()
                    .map(|p| &**p as &(dyn postgres::types::ToSql + Sync)),
            );
            let n = tx.execute(&update, &all).map_err(pg)?;
            if n != 1 {
                let owner: Option<Option<String>> = tx
                    .query_opt("SELECT owner FROM games WHERE code = $1", &[&code])
                    .map_err(pg)?
                    .map(|r| r.try_get(0))
                    .transpose()
                    .map_err(pg)?;
                return Err(match owner {
                    Some(Some(o)) if o != me => StorageError::not_owner(&code),
                    Some(_) => StorageError(format!("game {code} is not in a state to take this")),
                    None => StorageError(format!("no game {code}")),
                });
            }
            more(&mut tx).map_err(pg)?;
            tx.commit().map_err(pg)
        })
    }
}

type Param = Box<dyn postgres::types::ToSql + Sync + Send>;

impl Storage for PostgresStorage {
    fn player_named(&mut self, name: &str) -> StoreResult<Option<i64>> {
        let key = name_key(name);
        self.db.with(move |c| {
            c.query_opt("SELECT id FROM players WHERE name_key = $1", &[&key])?
                .map(|r| r.try_get(0))
                .transpose()
        })
    }

    fn rated_games_between(&mut self, a: i64, b: i64, within_secs: u64) -> StoreResult<u32> {
        let within = within_secs.min(i64::MAX as u64) as i64;
        self.db.with(move |c| {
            let n: i64 = c
                .query_one(
                    "SELECT count(*) FROM games WHERE rating_applied \
                     AND finished >= extract(epoch FROM now())::bigint - $3 \
                     AND ((black_id = $1 AND white_id = $2) OR (black_id = $2 AND white_id = $1))",
                    &[&a, &b, &within],
                )?
                .try_get(0)?;
            Ok(n as u32)
        })
    }

    fn set_aside(&mut self, code: &str, why: &str) -> StoreResult<()> {
        let (code, why) = (code.to_string(), why.to_string());
        self.db.with(move |c| {
            c.execute(
                "UPDATE games SET damaged = $2 WHERE code = $1",
                &[&code, &why],
            )
            .map(|_| ())
        })
    }

    fn player(&mut self, id: i64) -> StoreResult<Option<PlayerRecord>> {
        self.db.with(move |c| {
            c.query_opt(
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"),
                &[&id],
            )?
            .as_ref()
            .map(player_from_row)
            .transpose()
        })
    }

    fn rename_player(&mut self, id: i64, name: &str) -> StoreResult<()> {
        let (name, key) = (name.to_string(), name_key(name));
        let shown = name.clone();
        let r = self.db.run(move |s| {
            Ok(s.client()?.execute(
                "UPDATE players SET name = $2, name_key = $3 WHERE id = $1",
                &[&id, &name, &key],
            ))
        })?;
        match r {
            Ok(_) => Ok(()),
            Err(e) if name_taken(&e) => Err(StorageError::name_taken(&shown)),
            Err(e) => Err(pg(e)),
        }
    }

    fn code_taken(&mut self, code: &str) -> StoreResult<bool> {
        let code = code.to_string();
        self.db.with(move |c| {
            Ok(
                c.query_opt("SELECT 1 FROM games WHERE code = $1", &[&code])?
                    .is_some(),
            )
        })
    }

    fn create_game(&mut self, g: &GameRecord) -> StoreResult<()> {
        let s = g.settings;
        let seat = |s: &Option<SeatRecord>| {
            (
                s.as_ref().map(|s| s.player_id),
                s.as_ref().map(|s| s.token.clone()),
            )
        };
        let (black, white) = (seat(&g.black), seat(&g.white));
        let row: Vec<Param> = vec![
            Box::new(g.code.clone()),
            Box::new(s.rule.name().to_string()),
            Box::new(i32::from(s.size)),
            Box::new(s.time.map(|t| t.base_secs as i32)),
            Box::new(s.time.map(|t| t.increment_secs as i32)),
            Box::new(s.rated),
            Box::new(g.public),
            Box::new(status_name(g.status).to_string()),
            Box::new(black.0),
            Box::new(black.1),
            Box::new(white.0),
            Box::new(white.1),
            Box::new(g.clock_ms[0] as i64),
            Box::new(g.clock_ms[1] as i64),
            Box::new(self.server.clone()),
        ];
        self.db.with(move |c| {
            let params: Vec<&(dyn postgres::types::ToSql + Sync)> = row
                .iter()
                .map(|p| &**p as &(dyn postgres::types::ToSql + Sync))
                .collect();
            c.execute(
                &format!(
                    "INSERT INTO games (code, rule, size, base_secs, increment_secs, rated, \
                     public, status, black_id, black_token, white_id, white_token, black_ms, \
                     white_ms, owner, clock_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
                     $10, $11, $12, $13, $14, $15, {NOW_MS})"
                ),
                &params,
            )
            .map(|_| ())
        })
    }

    fn start_game(&mut self, code: &str, colour: Stone, seat: &SeatRecord) -> StoreResult<()> {
        let (id_col, token_col) = match colour {
            Stone::Black => ("black_id", "black_token"),
            Stone::White => ("white_id", "white_token"),
        };
        self.owned_write(
            code,
            format!(
                "UPDATE games SET {id_col} = $3, {token_col} = $4, status = 'Playing', \
                 clock_at_ms = {NOW_MS} WHERE code = $1 AND owner = $2 \
                 AND status = 'Waiting' AND {id_col} IS NULL"
            ),
            vec![Box::new(seat.player_id), Box::new(seat.token.clone())],
            |_| Ok(()),
        )
        .map_err(|e| {
            if e.is_not_owner() {
                e
            } else {
                StorageError(format!("game {code} has no free {colour} seat"))
            }
        })
    }

    fn add_move(&mut self, code: &str, ply: u32, at: Pos, clock_ms: [u64; 2]) -> StoreResult<()> {
        let c = code.to_string();
        self.owned_write(
            code,
            format!(
                "UPDATE games SET black_ms = $3, white_ms = $4, clock_at_ms = {NOW_MS} \
                 WHERE code = $1 AND owner = $2 AND status = 'Playing'"
            ),
            vec![Box::new(clock_ms[0] as i64), Box::new(clock_ms[1] as i64)],
            move |tx| {
                tx.execute(
                    "INSERT INTO moves (code, ply, x, y, black_ms, white_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                    &[
                        &c,
                        &(ply as i32),
                        &i16::from(at.x),
                        &i16::from(at.y),
                        &(clock_ms[0] as i64),
                        &(clock_ms[1] as i64),
                    ],
                )
                .map(|_| ())
            },
        )
    }

    fn truncate_moves(&mut self, code: &str, keep: u32, clock_ms: [u64; 2]) -> StoreResult<()> {
        let c = code.to_string();
        self.owned_write(
            code,
            format!(
                "UPDATE games SET black_ms = $3, white_ms = $4, clock_at_ms = {NOW_MS} \
                 WHERE code = $1 AND owner = $2 AND status = 'Playing'"
            ),
            vec![Box::new(clock_ms[0] as i64), Box::new(clock_ms[1] as i64)],
            move |tx| {
                tx.execute(
                    "DELETE FROM moves WHERE code = $1 AND ply >= $2",
                    &[&c, &(keep as i32)],
                )
                .map(|_| ())
            },
        )
    }

    fn finish_game(
        &mut self,
        code: &str,
        result: &GameResult,
        clock_ms: [u64; 2],
        ratings: Option<[(i64, Glicko); 2]>,
    ) -> StoreResult<()> {
        let json = serde_json::to_string(result).map_err(|e| StorageError(e.to_string()))?;
        self.owned_write(
            code,
            "UPDATE games SET status = 'Finished', result = $3, black_ms = $4, white_ms = $5, \
             finished = extract(epoch FROM now())::bigint, rating_applied = $6 \
             WHERE code = $1 AND owner = $2 AND status <> 'Finished'"
                .to_string(),
            vec![
                Box::new(json),
                Box::new(clock_ms[0] as i64),
                Box::new(clock_ms[1] as i64),
                Box::new(ratings.is_some()),
            ],
            move |tx| {
                for (id, g) in ratings.into_iter().flatten() {
                    tx.execute(
                        "UPDATE players SET rating = $2, deviation = $3, volatility = $4, \
                         games = games + 1 WHERE id = $1",
                        &[&id, &g.rating, &g.deviation, &g.volatility],
                    )?;
                }
                Ok(())
            },
        )
    }

    /// Takes over the unfinished games nobody alive decides (all of them on a database no
    /// other server uses; none that a live server holds), with their moves.
    fn unfinished_games(&mut self) -> StoreResult<Vec<Unfinished>> {
        let me = self.server.clone();
        self.db.run(move |s| {
            let client = s.client()?;
            let mut tx = client.transaction().map_err(pg)?;
            let claimed = tx
                .query(
                    &format!(
                        "WITH orphans AS ( \
                           SELECT g.code, g.owner, s.alive_ms FROM games g \
                           LEFT JOIN servers s ON s.id = g.owner \
                           WHERE g.status <> 'Finished' AND g.owner IS DISTINCT FROM $1 \
                             AND (s.alive_ms IS NULL OR s.alive_ms < {NOW_MS} - $2) \
                           FOR UPDATE OF g SKIP LOCKED) \
                         UPDATE games g SET owner = $1 FROM orphans o WHERE g.code = o.code \
                         RETURNING {GAME_COLUMNS}, o.alive_ms, o.owner"
                    ),
                    &[&me, &LEASE_MS],
                )
                .map_err(pg)?;
            let mut out = Vec::new();
            for row in &claimed {
                let alive: Option<i64> = row.try_get(16).unwrap_or(None);
                let before: Option<String> = row.try_get(17).unwrap_or(None);
                let game = match raw_game(row, alive) {
                    Ok(raw) => raw.decode().map(|mut g| {
                        g.taken_from = before;
                        g
                    }),
                    Err(why) => Err(super::DamagedGame {
                        code: row.try_get(0).unwrap_or_default(),
                        why,
                    }),
                };
                out.push(game);
            }
            for g in out.iter_mut() {
                if let Ok(game) = g {
                    match game_moves(&mut tx, &game.code) {
                        Ok(moves) => game.moves = moves,
                        Err(e) => {
                            *g = Err(super::DamagedGame {
                                code: game.code.clone(),
                                why: format!("its moves cannot be read: {e}"),
                            })
                        }
                    }
                }
            }
            tx.commit().map_err(pg)?;
            Ok(out)
        })
    }

    fn leaderboard(&mut self, limit: u32) -> StoreResult<Vec<PlayerRecord>> {
        let limit = i64::from(limit);
        self.db.with(move |c| {
            c.query(
                &format!(
                    "SELECT {PLAYER_COLUMNS} FROM players WHERE games > 0 AND deleted_ms IS NULL \
                     ORDER BY rating DESC, id LIMIT $1"
                ),
                &[&limit],
            )?
            .iter()
            .map(player_from_row)
            .collect()
        })
    }

    fn moves(&mut self, code: &str) -> StoreResult<Vec<Pos>> {
        let code = code.to_string();
        self.db.with(move |c| game_moves(c, &code))
    }

    fn heartbeat(&mut self) -> StoreResult<()> {
        let me = self.server.clone();
        let n = self.db.with(move |c| {
            c.execute(
                &format!("UPDATE servers SET alive_ms = {NOW_MS} WHERE id = $1"),
                &[&me],
            )
        })?;
        if n == 0 {
            // Deleted by hand (or after a day's pause): entered again.
            self.enter()?;
        }
        Ok(())
    }

    fn check(&mut self) -> StoreResult<()> {
        self.db.with(|c| c.execute("SELECT 1", &[]).map(|_| ()))
    }

    fn shared(&self) -> bool {
        true
    }

    fn server(&self) -> Option<&str> {
        Some(&self.server)
    }

    fn owner_of(&mut self, code: &str) -> StoreResult<Option<String>> {
        let code = code.to_string();
        self.db.with(move |c| {
            c.query_opt(
                &format!(
                    "SELECT g.owner FROM games g JOIN servers s ON s.id = g.owner \
                     WHERE g.code = $1 AND g.status <> 'Finished' AND g.damaged IS NULL \
                     AND s.alive_ms >= {NOW_MS} - $2"
                ),
                &[&code, &LEASE_MS],
            )?
            .map(|r| r.try_get(0))
            .transpose()
        })
    }

    fn owned_games(&mut self) -> StoreResult<Vec<String>> {
        let me = self.server.clone();
        self.db.with(move |c| {
            c.query(
                "SELECT code FROM games WHERE owner = $1 AND status <> 'Finished'",
                &[&me],
            )?
            .iter()
            .map(|r| r.try_get(0))
            .collect()
        })
    }

    fn seats_of(&mut self, player: i64) -> StoreResult<Vec<SeatInfo>> {
        self.db.with(move |c| {
            let mut out = Vec::new();
            for r in c.query(
                "SELECT code, black_id, black_token, white_id, white_token FROM games \
                 WHERE status <> 'Finished' AND damaged IS NULL \
                 AND (black_id = $1 OR white_id = $1) ORDER BY created, code",
                &[&player],
            )? {
                let code: String = r.try_get(0)?;
                for (colour, id, token) in [(Stone::Black, 1, 2), (Stone::White, 3, 4)] {
                    if r.try_get::<_, Option<i64>>(id)? == Some(player)
                        && let Some(seat_token) = r.try_get::<_, Option<String>>(token)?
                    {
                        out.push(SeatInfo {
                            code: code.clone(),
                            colour,
                            seat_token,
                        });
                    }
                }
            }
            Ok(out)
        })
    }

    fn queue_match(
        &mut self,
        settings: &RoomSettings,
        player: i64,
        conn: u64,
    ) -> StoreResult<Option<Waiting>> {
        let key = serde_json::to_string(settings).map_err(|e| StorageError(e.to_string()))?;
        let me = self.server.clone();
        let conn = conn as i64;
        self.db.run(move |s| {
            let client = s.client()?;
            let mut tx = client.transaction().map_err(pg)?;
            // One pairing at a time for these settings: two players arriving together on two
            // servers find each other instead of both waiting.
            tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&key])
                .map_err(pg)?;
            let partner = tx
                .query_opt(
                    &format!(
                        "DELETE FROM match_queue WHERE id = ( \
                           SELECT q.id FROM match_queue q JOIN servers s ON s.id = q.server \
                           WHERE q.settings = $1 AND q.player <> $2 \
                           AND s.alive_ms >= {NOW_MS} - $3 ORDER BY q.id LIMIT 1) \
                         RETURNING server, conn, player"
                    ),
                    &[&key, &player, &LEASE_MS],
                )
                .map_err(pg)?;
            let found = match partner {
                Some(r) => Some(Waiting {
                    server: r.try_get(0).map_err(pg)?,
                    conn: r.try_get::<_, i64>(1).map_err(pg)? as u64,
                    player: r.try_get(2).map_err(pg)?,
                }),
                None => {
                    tx.execute(
                        "DELETE FROM match_queue WHERE server = $1 AND conn = $2",
                        &[&me, &conn],
                    )
                    .map_err(pg)?;
                    tx.execute(
                        "INSERT INTO match_queue (server, conn, player, settings) \
                         VALUES ($1, $2, $3, $4)",
                        &[&me, &conn, &player, &key],
                    )
                    .map_err(pg)?;
                    None
                }
            };
            tx.commit().map_err(pg)?;
            Ok(found)
        })
    }

    fn queue_leave(&mut self, conn: u64) -> StoreResult<()> {
        let me = self.server.clone();
        let conn = conn as i64;
        self.db.with(move |c| {
            c.execute(
                "DELETE FROM match_queue WHERE server = $1 AND conn = $2",
                &[&me, &conn],
            )
            .map(|_| ())
        })
    }

    fn public_games(&mut self, limit: u32) -> StoreResult<Vec<GameSummary>> {
        let limit = i64::from(limit);
        let rows = self.db.with(move |c| {
            c.query(
                "SELECT g.code, g.rule, g.size, g.base_secs, g.increment_secs, g.rated, \
                 g.status, pb.name, pw.name, \
                 (SELECT count(*) FROM moves m WHERE m.code = g.code) \
                 FROM games g LEFT JOIN players pb ON pb.id = g.black_id \
                 LEFT JOIN players pw ON pw.id = g.white_id \
                 WHERE g.public AND g.status <> 'Finished' AND g.damaged IS NULL \
                 ORDER BY g.code LIMIT $1",
                &[&limit],
            )
        })?;
        let mut out = Vec::new();
        for r in &rows {
            let read = || -> Result<Option<GameSummary>, postgres::Error> {
                let rule: String = r.try_get(1)?;
                let status: String = r.try_get(6)?;
                let (Ok(rule), Some(status)) = (rule.parse(), status_from_name(&status)) else {
                    return Ok(None);
                };
                let secs = |v: Option<i32>| v.map(|s| s.max(0) as u32);
                let increment_secs = secs(r.try_get(4)?).unwrap_or(0);
                Ok(Some(GameSummary {
                    code: r.try_get(0)?,
                    settings: RoomSettings {
                        rule,
                        size: u8::try_from(r.try_get::<_, i32>(2)?).unwrap_or(0),
                        time: secs(r.try_get(3)?).map(|base_secs| TimeControl {
                            base_secs,
                            increment_secs,
                        }),
                        rated: r.try_get(5)?,
                    },
                    status,
                    black: r.try_get(7)?,
                    white: r.try_get(8)?,
                    moves: r.try_get::<_, i64>(9)?.max(0) as u32,
                }))
            };
            if let Some(g) = read().map_err(pg)? {
                out.push(g);
            }
        }
        Ok(out)
    }
}

/// A game's moves in order.
fn game_moves(
    c: &mut impl postgres::GenericClient,
    code: &str,
) -> Result<Vec<Pos>, postgres::Error> {
    c.query(
        "SELECT x, y FROM moves WHERE code = $1 ORDER BY ply",
        &[&code],
    )?
    .iter()
    .map(|r| {
        let (x, y): (i16, i16) = (r.try_get(0)?, r.try_get(1)?);
        Ok(Pos::new(x.clamp(0, 255) as u8, y.clamp(0, 255) as u8))
    })
    .collect()
}
