//! What an account keeps beside its player: sessions (one secret token per signed-in device,
//! stored only as its SHA-256), the password (an Argon2id PHC string, never the password),
//! failed sign-ins (counted in the database, so every server of a cluster sees them), one-time
//! pairing codes (stored as their SHA-256 too), the account's finished games, and deleting it.
//! One interface, [`AccountStore`], for both backends.

use sha2::{Digest, Sha256};

use super::{PlayerRecord, StoreResult};
use gomoku_net::FinishedGame;

/// The SHA-256 of a secret, as 64 hex digits: what the database keeps of a session token or a
/// pairing code. A stolen database copy holds no token that works.
pub fn digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A session to store: its secret token (kept as its digest), what the client said it is,
/// and how it began.
#[derive(Debug, Clone, Copy)]
pub struct NewSession<'a> {
    /// The session's secret token, in clear (only its digest is stored).
    pub token: &'a str,
    /// What the client is ("Desktop, linux"), already cleaned.
    pub device: &'a str,
    /// How it began: [`HOW_NEW`], [`HOW_PASSWORD`] or [`HOW_PAIRING`].
    pub how: &'a str,
}

/// A session that began with the account.
pub const HOW_NEW: &str = "new";
/// A session that began by signing in with the password.
pub const HOW_PASSWORD: &str = "password";
/// A session that began with a pairing code.
pub const HOW_PAIRING: &str = "pairing";

/// The session a token belongs to, and its player.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionOf {
    /// The player.
    pub player: PlayerRecord,
    /// The session's number.
    pub session: i64,
    /// Whether the account has a password.
    pub password: bool,
}

/// An account as signing in needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Account {
    /// The player.
    pub player: PlayerRecord,
    /// The stored Argon2id PHC string, when the account has a password.
    pub password_hash: Option<String>,
    /// Failed sign-ins within the window asked about.
    pub failures: u32,
}

/// A stored session, for the account's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// Its number.
    pub id: i64,
    /// What the client said it is.
    pub device: String,
    /// How it began.
    pub how: String,
    /// When it began (Unix milliseconds).
    pub created_ms: i64,
    /// When it last said hello (Unix milliseconds).
    pub last_seen_ms: i64,
}

/// Which of an account's sessions to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// This one (if it is the account's).
    One(i64),
    /// Every one but this.
    AllBut(i64),
    /// Every one.
    All,
}

/// The accounts' part of the storage. Every method commits before it returns.
pub trait AccountStore {
    /// Stores a new player called `name` with its first session; returns the player's and
    /// the session's numbers. [`super::StorageError::name_taken`] when another player's name
    /// folds to the same key.
    fn create_player(
        &mut self,
        name: &str,
        session: &NewSession,
        rating: crate::rating::Glicko,
    ) -> StoreResult<(i64, i64)>;
    /// The session holding `token` and its player, noting that it was seen now (and under
    /// `device`, when given). Deleted accounts have no sessions.
    fn session_of(&mut self, token: &str, device: Option<&str>) -> StoreResult<Option<SessionOf>>;
    /// The account whose name folds to the same key as `name`, with its failed sign-ins in
    /// the last `window_ms`.
    fn account_named(&mut self, name: &str, window_ms: i64) -> StoreResult<Option<Account>>;
    /// Account `id`, as [`AccountStore::account_named`].
    fn account(&mut self, id: i64, window_ms: i64) -> StoreResult<Option<Account>>;
    /// Counts a failed sign-in to account `id` (the count starts again once `window_ms` has
    /// passed since its first failure).
    fn sign_in_failed(&mut self, id: i64, window_ms: i64) -> StoreResult<()>;
    /// Starts a session for player `id` (a sign-in or a pairing); forgets its failed
    /// sign-ins. Returns the session's number.
    fn create_session(&mut self, id: i64, session: &NewSession) -> StoreResult<i64>;
    /// Player `id`'s sessions, the newest first.
    fn sessions(&mut self, id: i64) -> StoreResult<Vec<SessionRow>>;
    /// Ends sessions of player `id`; returns the numbers of those that ended.
    fn end_sessions(&mut self, id: i64, which: Ending) -> StoreResult<Vec<i64>>;
    /// Sets player `id`'s password (its Argon2id PHC string) and ends every session but
    /// `keep`, in one transaction; returns the numbers of the sessions that ended.
    fn set_password(&mut self, id: i64, hash: &str, keep: i64) -> StoreResult<Vec<i64>>;
    /// Stores a pairing code for player `id`, valid for `valid_ms` (the player's older codes
    /// and every expired code are dropped).
    fn add_pairing(&mut self, id: i64, code: &str, valid_ms: i64) -> StoreResult<()>;
    /// Uses up a pairing code: the player it signs in, if it exists and has not expired.
    fn redeem_pairing(&mut self, code: &str) -> StoreResult<Option<i64>>;
    /// Player `id`'s finished games (both seats taken), newest first, older than `before`
    /// when given, at most `limit`.
    fn finished_games(
        &mut self,
        id: i64,
        before: Option<i64>,
        limit: usize,
    ) -> StoreResult<Vec<FinishedGame>>;
    /// Games not finished (waiting or playing) in which player `id` sits.
    fn open_games_of(&mut self, id: i64) -> StoreResult<u32>;
    /// Deletes player `id`'s account: its name becomes [`gomoku_net::DELETED_PLAYER`] and is
    /// freed, its password, sessions and pairing codes go, it leaves the leaderboard; its
    /// finished games and everyone's ratings stay. Returns the sessions that ended.
    fn delete_account(&mut self, id: i64) -> StoreResult<Vec<i64>>;
}

/// The unique name key a deleted account keeps: it holds a control character, which no
/// cleaned name has, so no player's name clashes with it.
pub fn deleted_key(id: i64) -> String {
    format!("\u{7}deleted {id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_is_sha256_in_hex() {
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
