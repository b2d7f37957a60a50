//! Accounts in the SQLite file: sessions, passwords, failed sign-ins, pairing codes, the
//! account's games and deleting it ([`AccountStore`] for [`SqliteStorage`]).

use rusqlite::{OptionalExtension, params};

use super::accounts::{
    Account, AccountStore, Ending, NewSession, SessionOf, SessionRow, deleted_key, digest,
};
use super::rows::finished_game;
use super::sqlite::{NOW_MS, PLAYER_COLUMNS, SqliteStorage, err, name_taken, player_from_row};
use super::{StorageError, StoreResult};
use crate::names::name_key;
use crate::rating::Glicko;
use gomoku_net::{DELETED_PLAYER, FinishedGame};

/// The player columns, then the password hash, then failed sign-ins within the window (`?2`).
fn account_columns() -> String {
    format!(
        "{PLAYER_COLUMNS}, password_hash, \
         CASE WHEN failed_since_ms > {NOW_MS} - ?2 THEN failed_signins ELSE 0 END"
    )
}

fn account_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        player: player_from_row(row)?,
        password_hash: row.get(6)?,
        failures: row.get(7)?,
    })
}

impl SqliteStorage {
    fn insert_session(&self, id: i64, session: &NewSession) -> StoreResult<i64> {
        self.db
            .prepare_cached(&format!(
                "INSERT INTO sessions (player_id, token_hash, device, how, created_ms, \
                 last_seen_ms) VALUES (?1, ?2, ?3, ?4, {NOW_MS}, {NOW_MS})"
            ))
            .map_err(err)?
            .execute(params![
                id,
                digest(session.token),
                session.device,
                session.how
            ])
            .map_err(err)?;
        Ok(self.db.last_insert_rowid())
    }

    /// Deletes the sessions chosen by `filter` (SQL on `player_id = ?1` and `?2`) and returns
    /// their numbers.
    fn delete_sessions(&self, id: i64, filter: &str, other: i64) -> StoreResult<Vec<i64>> {
        let mut st = self
            .db
            .prepare(&format!(
                "DELETE FROM sessions WHERE player_id = ?1 AND {filter} RETURNING id"
            ))
            .map_err(err)?;
        let rows = st
            .query_map(params![id, other], |r| r.get(0))
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }
}

impl AccountStore for SqliteStorage {
    fn create_player(
        &mut self,
        name: &str,
        session: &NewSession,
        rating: Glicko,
    ) -> StoreResult<(i64, i64)> {
        let tx = self.db.unchecked_transaction().map_err(err)?;
        let token_hash = digest(session.token);
        let r = tx.execute(
            "INSERT INTO players (name, name_key, token, rating, deviation, volatility) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                name,
                name_key(name),
                token_hash,
                rating.rating,
                rating.deviation,
                rating.volatility
            ],
        );
        match r {
            Ok(_) => {}
            Err(e) if name_taken(&e) => return Err(StorageError::name_taken(name)),
            Err(e) => return Err(err(e)),
        }
        let id = tx.last_insert_rowid();
        let session = self.insert_session(id, session)?;
        tx.commit().map_err(err)?;
        Ok((id, session))
    }

    fn session_of(&mut self, token: &str, device: Option<&str>) -> StoreResult<Option<SessionOf>> {
        let hash = digest(token);
        let found = self
            .db
            .prepare_cached(
                "SELECT p.id, p.name, p.rating, p.deviation, p.volatility, p.games, s.id, \
                 p.password_hash IS NOT NULL FROM sessions s JOIN players p \
                 ON p.id = s.player_id WHERE s.token_hash = ?1 AND p.deleted_ms IS NULL",
            )
            .map_err(err)?
            .query_row(params![hash], |r| {
                Ok(SessionOf {
                    player: player_from_row(r)?,
                    session: r.get(6)?,
                    password: r.get(7)?,
                })
            })
            .optional()
            .map_err(err)?;
        if let Some(s) = &found {
            self.db
                .prepare_cached(&format!(
                    "UPDATE sessions SET last_seen_ms = {NOW_MS}, \
                     device = COALESCE(?2, device) WHERE id = ?1"
                ))
                .map_err(err)?
                .execute(params![s.session, device])
                .map_err(err)?;
        }
        Ok(found)
    }

    fn account_named(&mut self, name: &str, window_ms: i64) -> StoreResult<Option<Account>> {
        self.db
            .prepare_cached(&format!(
                "SELECT {} FROM players WHERE name_key = ?1 AND deleted_ms IS NULL",
                account_columns()
            ))
            .map_err(err)?
            .query_row(params![name_key(name), window_ms], account_from_row)
            .optional()
            .map_err(err)
    }

    fn account(&mut self, id: i64, window_ms: i64) -> StoreResult<Option<Account>> {
        self.db
            .prepare_cached(&format!(
                "SELECT {} FROM players WHERE id = ?1 AND deleted_ms IS NULL",
                account_columns()
            ))
            .map_err(err)?
            .query_row(params![id, window_ms], account_from_row)
            .optional()
            .map_err(err)
    }

    fn sign_in_failed(&mut self, id: i64, window_ms: i64) -> StoreResult<()> {
        self.db
            .prepare_cached(&format!(
                "UPDATE players SET \
                 failed_signins = CASE WHEN failed_since_ms > {NOW_MS} - ?2 \
                 THEN failed_signins + 1 ELSE 1 END, \
                 failed_since_ms = CASE WHEN failed_since_ms > {NOW_MS} - ?2 \
                 THEN failed_since_ms ELSE {NOW_MS} END WHERE id = ?1"
            ))
            .map_err(err)?
            .execute(params![id, window_ms])
            .map_err(err)?;
        Ok(())
    }

    fn create_session(&mut self, id: i64, session: &NewSession) -> StoreResult<i64> {
        let tx = self.db.unchecked_transaction().map_err(err)?;
        let session = self.insert_session(id, session)?;
        tx.execute(
            "UPDATE players SET failed_signins = 0, failed_since_ms = 0 WHERE id = ?1",
            params![id],
        )
        .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(session)
    }

    fn sessions(&mut self, id: i64) -> StoreResult<Vec<SessionRow>> {
        let mut st = self
            .db
            .prepare_cached(
                "SELECT id, device, how, created_ms, last_seen_ms FROM sessions \
                 WHERE player_id = ?1 ORDER BY created_ms DESC, id DESC",
            )
            .map_err(err)?;
        let rows = st
            .query_map(params![id], |r| {
                Ok(SessionRow {
                    id: r.get(0)?,
                    device: r.get(1)?,
                    how: r.get(2)?,
                    created_ms: r.get(3)?,
                    last_seen_ms: r.get(4)?,
                })
            })
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    fn end_sessions(&mut self, id: i64, which: Ending) -> StoreResult<Vec<i64>> {
        match which {
            Ending::One(s) => self.delete_sessions(id, "id = ?2", s),
            Ending::AllBut(s) => self.delete_sessions(id, "id <> ?2", s),
            Ending::All => self.delete_sessions(id, "?2 = ?2", 0),
        }
    }

    fn set_password(&mut self, id: i64, hash: &str, keep: i64) -> StoreResult<Vec<i64>> {
        let tx = self.db.unchecked_transaction().map_err(err)?;
        tx.execute(
            "UPDATE players SET password_hash = ?2, failed_signins = 0, failed_since_ms = 0 \
             WHERE id = ?1",
            params![id, hash],
        )
        .map_err(err)?;
        let ended = self.delete_sessions(id, "id <> ?2", keep)?;
        tx.execute("DELETE FROM pairings WHERE player_id = ?1", params![id])
            .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(ended)
    }

    fn add_pairing(&mut self, id: i64, code: &str, valid_ms: i64) -> StoreResult<()> {
        let tx = self.db.unchecked_transaction().map_err(err)?;
        tx.execute(
            &format!("DELETE FROM pairings WHERE player_id = ?1 OR expires_ms < {NOW_MS}"),
            params![id],
        )
        .map_err(err)?;
        tx.execute(
            &format!(
                "INSERT INTO pairings (code_hash, player_id, expires_ms) \
                 VALUES (?1, ?2, {NOW_MS} + ?3)"
            ),
            params![digest(code), id, valid_ms],
        )
        .map_err(err)?;
        tx.commit().map_err(err)
    }

    fn redeem_pairing(&mut self, code: &str) -> StoreResult<Option<i64>> {
        self.db
            .prepare_cached(&format!(
                "DELETE FROM pairings WHERE code_hash = ?1 AND expires_ms >= {NOW_MS} \
                 RETURNING player_id"
            ))
            .map_err(err)?
            .query_row(params![digest(code)], |r| r.get(0))
            .optional()
            .map_err(err)
    }

    fn finished_games(
        &mut self,
        id: i64,
        before: Option<i64>,
        limit: usize,
    ) -> StoreResult<Vec<FinishedGame>> {
        let rows: Vec<super::rows::RawFinished> = {
            let mut st = self
                .db
                .prepare_cached(
                    "SELECT g.rowid, g.code, g.rule, g.size, g.base_secs, g.increment_secs, \
                     g.rated, b.name, w.name, g.result, COALESCE(g.finished, g.created) \
                     FROM games g JOIN players b ON b.id = g.black_id \
                     JOIN players w ON w.id = g.white_id \
                     WHERE g.status = 'Finished' AND (g.black_id = ?1 OR g.white_id = ?1) \
                     AND g.rowid < ?2 ORDER BY g.rowid DESC LIMIT ?3",
                )
                .map_err(err)?;
            let rows = st
                .query_map(params![id, before.unwrap_or(i64::MAX), limit as i64], |r| {
                    Ok(super::rows::RawFinished {
                        id: r.get(0)?,
                        code: r.get(1)?,
                        rule: r.get(2)?,
                        size: r.get(3)?,
                        base_secs: r.get(4)?,
                        increment_secs: r.get(5)?,
                        rated: r.get(6)?,
                        black: r.get(7)?,
                        white: r.get(8)?,
                        result: r.get(9)?,
                        finished_secs: r.get(10)?,
                    })
                })
                .map_err(err)?;
            rows.collect::<Result<_, _>>().map_err(err)?
        };
        let mut out = Vec::with_capacity(rows.len());
        for raw in rows {
            let moves = self.game_moves(&raw.code)?;
            out.push(finished_game(raw, moves)?);
        }
        Ok(out)
    }

    fn open_games_of(&mut self, id: i64) -> StoreResult<u32> {
        self.db
            .prepare_cached(
                "SELECT COUNT(*) FROM games WHERE status <> 'Finished' AND damaged IS NULL \
                 AND (black_id = ?1 OR white_id = ?1)",
            )
            .map_err(err)?
            .query_row(params![id], |r| r.get(0))
            .map_err(err)
    }

    fn delete_account(&mut self, id: i64) -> StoreResult<Vec<i64>> {
        let tx = self.db.unchecked_transaction().map_err(err)?;
        let ended = self.delete_sessions(id, "?2 = ?2", 0)?;
        tx.execute("DELETE FROM pairings WHERE player_id = ?1", params![id])
            .map_err(err)?;
        tx.execute(
            &format!(
                "UPDATE players SET name = ?2, name_key = ?3, token = ?3, password_hash = NULL, \
                 deleted_ms = {NOW_MS} WHERE id = ?1"
            ),
            params![id, DELETED_PLAYER, deleted_key(id)],
        )
        .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(ended)
    }
}
