//! Accounts in PostgreSQL: sessions, passwords, failed sign-ins, pairing codes, the account's
//! games and deleting it ([`AccountStore`] for [`PostgresStorage`]), shared by every server
//! of the cluster: a session ended on one server is gone for all of them.

use postgres::Row;

use super::{PLAYER_COLUMNS, PostgresStorage, game_moves, name_taken, player_from_row};
use crate::names::name_key;
use crate::rating::Glicko;
use crate::storage::accounts::{
    Account, AccountStore, Ending, NewSession, SessionOf, SessionRow, deleted_key, digest,
};
use crate::storage::rows::{RawFinished, finished_game};
use crate::storage::{StorageError, StoreResult};
use gomoku_net::{DELETED_PLAYER, FinishedGame};

use super::schema::NOW_MS;
use super::thread::pg;

/// The player columns, then the password hash, then failed sign-ins within the window (`$2`).
fn account_columns() -> String {
    format!(
        "{PLAYER_COLUMNS}, password_hash, \
         CASE WHEN failed_since_ms > {NOW_MS} - $2 THEN failed_signins ELSE 0 END"
    )
}

fn account_from_row(row: &Row) -> Result<Account, postgres::Error> {
    Ok(Account {
        player: player_from_row(row)?,
        password_hash: row.try_get(6)?,
        failures: row.try_get::<_, i32>(7)?.max(0) as u32,
    })
}

/// The SQL that picks an account's sessions to end (on `player_id = $1` and `$2`).
fn ending_filter(which: Ending) -> (&'static str, i64) {
    match which {
        Ending::One(s) => ("id = $2", s),
        Ending::AllBut(s) => ("id <> $2", s),
        Ending::All => ("$2::bigint IS NOT NULL", 0),
    }
}

fn delete_sessions(
    c: &mut impl postgres::GenericClient,
    id: i64,
    which: Ending,
) -> Result<Vec<i64>, postgres::Error> {
    let (filter, other) = ending_filter(which);
    c.query(
        &format!("DELETE FROM sessions WHERE player_id = $1 AND {filter} RETURNING id"),
        &[&id, &other],
    )?
    .iter()
    .map(|r| r.try_get(0))
    .collect()
}

fn insert_session(
    c: &mut impl postgres::GenericClient,
    id: i64,
    token_hash: &str,
    device: &str,
    how: &str,
) -> Result<i64, postgres::Error> {
    c.query_one(
        &format!(
            "INSERT INTO sessions (player_id, token_hash, device, how, created_ms, last_seen_ms) \
             VALUES ($1, $2, $3, $4, {NOW_MS}, {NOW_MS}) RETURNING id"
        ),
        &[&id, &token_hash, &device, &how],
    )?
    .try_get(0)
}

/// A session to store, owned, for the database thread.
struct Owned {
    token_hash: String,
    device: String,
    how: String,
}

impl Owned {
    fn of(session: &NewSession) -> Owned {
        Owned {
            token_hash: digest(session.token),
            device: session.device.to_string(),
            how: session.how.to_string(),
        }
    }
}

impl AccountStore for PostgresStorage {
    fn create_player(
        &mut self,
        name: &str,
        session: &NewSession,
        rating: Glicko,
    ) -> StoreResult<(i64, i64)> {
        let (name, key) = (name.to_string(), name_key(name));
        let shown = name.clone();
        let s = Owned::of(session);
        let r = self.db.run(move |conn| {
            let client = conn.client()?;
            let attempt = (|| -> Result<(i64, i64), postgres::Error> {
                let mut tx = client.transaction()?;
                let id: i64 = tx
                    .query_one(
                        "INSERT INTO players (name, name_key, token, rating, deviation, \
                         volatility) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                        &[
                            &name,
                            &key,
                            &s.token_hash,
                            &rating.rating,
                            &rating.deviation,
                            &rating.volatility,
                        ],
                    )?
                    .try_get(0)?;
                let session = insert_session(&mut tx, id, &s.token_hash, &s.device, &s.how)?;
                tx.commit()?;
                Ok((id, session))
            })();
            Ok(attempt)
        })?;
        match r {
            Ok(ids) => Ok(ids),
            Err(e) if name_taken(&e) => Err(StorageError::name_taken(&shown)),
            Err(e) => Err(pg(e)),
        }
    }

    fn session_of(&mut self, token: &str, device: Option<&str>) -> StoreResult<Option<SessionOf>> {
        let hash = digest(token);
        let device = device.map(str::to_string);
        self.db.with(move |c| {
            let Some(row) = c.query_opt(
                "SELECT p.id, p.name, p.rating, p.deviation, p.volatility, p.games, s.id, \
                 p.password_hash IS NOT NULL FROM sessions s JOIN players p \
                 ON p.id = s.player_id WHERE s.token_hash = $1 AND p.deleted_ms IS NULL",
                &[&hash],
            )?
            else {
                return Ok(None);
            };
            let found = SessionOf {
                player: player_from_row(&row)?,
                session: row.try_get(6)?,
                password: row.try_get(7)?,
            };
            c.execute(
                &format!(
                    "UPDATE sessions SET last_seen_ms = {NOW_MS}, \
                     device = COALESCE($2, device) WHERE id = $1"
                ),
                &[&found.session, &device],
            )?;
            Ok(Some(found))
        })
    }

    fn account_named(&mut self, name: &str, window_ms: i64) -> StoreResult<Option<Account>> {
        let key = name_key(name);
        self.db.with(move |c| {
            c.query_opt(
                &format!(
                    "SELECT {} FROM players WHERE name_key = $1 AND deleted_ms IS NULL",
                    account_columns()
                ),
                &[&key, &window_ms],
            )?
            .as_ref()
            .map(account_from_row)
            .transpose()
        })
    }

    fn account(&mut self, id: i64, window_ms: i64) -> StoreResult<Option<Account>> {
        self.db.with(move |c| {
            c.query_opt(
                &format!(
                    "SELECT {} FROM players WHERE id = $1 AND deleted_ms IS NULL",
                    account_columns()
                ),
                &[&id, &window_ms],
            )?
            .as_ref()
            .map(account_from_row)
            .transpose()
        })
    }

    fn sign_in_failed(&mut self, id: i64, window_ms: i64) -> StoreResult<()> {
        self.db.with(move |c| {
            c.execute(
                &format!(
                    "UPDATE players SET \
                     failed_signins = CASE WHEN failed_since_ms > {NOW_MS} - $2 \
                     THEN failed_signins + 1 ELSE 1 END, \
                     failed_since_ms = CASE WHEN failed_since_ms > {NOW_MS} - $2 \
                     THEN failed_since_ms ELSE {NOW_MS} END WHERE id = $1"
                ),
                &[&id, &window_ms],
            )
            .map(|_| ())
        })
    }

    fn create_session(&mut self, id: i64, session: &NewSession) -> StoreResult<i64> {
        let s = Owned::of(session);
        self.db.with(move |c| {
            let mut tx = c.transaction()?;
            let session = insert_session(&mut tx, id, &s.token_hash, &s.device, &s.how)?;
            tx.execute(
                "UPDATE players SET failed_signins = 0, failed_since_ms = 0 WHERE id = $1",
                &[&id],
            )?;
            tx.commit()?;
            Ok(session)
        })
    }

    fn sessions(&mut self, id: i64) -> StoreResult<Vec<SessionRow>> {
        self.db.with(move |c| {
            c.query(
                "SELECT id, device, how, created_ms, last_seen_ms FROM sessions \
                 WHERE player_id = $1 ORDER BY created_ms DESC, id DESC",
                &[&id],
            )?
            .iter()
            .map(|r| {
                Ok(SessionRow {
                    id: r.try_get(0)?,
                    device: r.try_get(1)?,
                    how: r.try_get(2)?,
                    created_ms: r.try_get(3)?,
                    last_seen_ms: r.try_get(4)?,
                })
            })
            .collect()
        })
    }

    fn end_sessions(&mut self, id: i64, which: Ending) -> StoreResult<Vec<i64>> {
        self.db.with(move |c| delete_sessions(c, id, which))
    }

    fn set_password(&mut self, id: i64, hash: &str, keep: i64) -> StoreResult<Vec<i64>> {
        let hash = hash.to_string();
        self.db.with(move |c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "UPDATE players SET password_hash = $2, failed_signins = 0, \
                 failed_since_ms = 0 WHERE id = $1",
                &[&id, &hash],
            )?;
            let ended = delete_sessions(&mut tx, id, Ending::AllBut(keep))?;
            tx.execute("DELETE FROM pairings WHERE player_id = $1", &[&id])?;
            tx.commit()?;
            Ok(ended)
        })
    }

    fn add_pairing(&mut self, id: i64, code: &str, valid_ms: i64) -> StoreResult<()> {
        let hash = digest(code);
        self.db.with(move |c| {
            let mut tx = c.transaction()?;
            tx.execute(
                &format!("DELETE FROM pairings WHERE player_id = $1 OR expires_ms < {NOW_MS}"),
                &[&id],
            )?;
            tx.execute(
                &format!(
                    "INSERT INTO pairings (code_hash, player_id, expires_ms) \
                     VALUES ($1, $2, {NOW_MS} + $3)"
                ),
                &[&hash, &id, &valid_ms],
            )?;
            tx.commit()
        })
    }

    fn redeem_pairing(&mut self, code: &str) -> StoreResult<Option<i64>> {
        let hash = digest(code);
        self.db.with(move |c| {
            c.query_opt(
                &format!(
                    "DELETE FROM pairings WHERE code_hash = $1 AND expires_ms >= {NOW_MS} \
                     RETURNING player_id"
                ),
                &[&hash],
            )?
            .map(|r| r.try_get(0))
            .transpose()
        })
    }

    fn finished_games(
        &mut self,
        id: i64,
        before: Option<i64>,
        limit: usize,
    ) -> StoreResult<Vec<FinishedGame>> {
        let before = before.unwrap_or(i64::MAX);
        let limit = limit as i64;
        let rows = self.db.with(move |c| {
            let rows = c.query(
                "SELECT g.seq, g.code, g.rule, g.size, g.base_secs, g.increment_secs, g.rated, \
                 b.name, w.name, g.result, COALESCE(g.finished, g.created) \
                 FROM games g JOIN players b ON b.id = g.black_id \
                 JOIN players w ON w.id = g.white_id \
                 WHERE g.status = 'Finished' AND (g.black_id = $1 OR g.white_id = $1) \
                 AND g.seq < $2 ORDER BY g.seq DESC LIMIT $3",
                &[&id, &before, &limit],
            )?;
            let mut out = Vec::with_capacity(rows.len());
            for r in &rows {
                let code: String = r.try_get(1)?;
                let size: i32 = r.try_get(3)?;
                let secs = |v: Option<i32>| v.map(|s| s.max(0) as u32);
                let moves = game_moves(c, &code)?;
                out.push((
                    RawFinished {
                        id: r.try_get(0)?,
                        code,
                        rule: r.try_get(2)?,
                        size: u8::try_from(size).unwrap_or(0),
                        base_secs: secs(r.try_get(4)?),
                        increment_secs: secs(r.try_get(5)?),
                        rated: r.try_get(6)?,
                        black: r.try_get(7)?,
                        white: r.try_get(8)?,
                        result: r.try_get(9)?,
                        finished_secs: r.try_get(10)?,
                    },
                    moves,
                ));
            }
            Ok(out)
        })?;
        rows.into_iter()
            .map(|(raw, moves)| finished_game(raw, moves))
            .collect()
    }

    fn open_games_of(&mut self, id: i64) -> StoreResult<u32> {
        self.db.with(move |c| {
            let n: i64 = c
                .query_one(
                    "SELECT count(*) FROM games WHERE status <> 'Finished' AND damaged IS NULL \
                     AND (black_id = $1 OR white_id = $1)",
                    &[&id],
                )?
                .try_get(0)?;
            Ok(n.clamp(0, u32::MAX as i64) as u32)
        })
    }

    fn delete_account(&mut self, id: i64) -> StoreResult<Vec<i64>> {
        let key = deleted_key(id);
        self.db.with(move |c| {
            let mut tx = c.transaction()?;
            let ended = delete_sessions(&mut tx, id, Ending::All)?;
            tx.execute("DELETE FROM pairings WHERE player_id = $1", &[&id])?;
            tx.execute(
                &format!(
                    "UPDATE players SET name = $2, name_key = $3, token = $3, \
                     password_hash = NULL, deleted_ms = {NOW_MS} WHERE id = $1"
                ),
                &[&id, &DELETED_PLAYER, &key],
            )?;
            tx.commit()?;
            Ok(ended)
        })
    }
}
