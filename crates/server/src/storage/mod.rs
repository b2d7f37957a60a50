//! Where the server keeps what must survive a crash: players, games and every move.
//!
//! One interface, [`Storage`]; SQLite ([`SqliteStorage`]) is the embedded default for one
//! server, PostgreSQL ([`PostgresStorage`]) the shared store for several. A move is
//! written (and committed) before anyone is told it was played, so a server killed at any
//! moment restarts with every acknowledged move. Each clock change is stamped with the time it
//! was stored and the server stamps a heartbeat every second, so a restart charges the side to
//! move for the time it used before the crash but not for the time the server was down.

pub mod accounts;
mod owner;
mod postgres;
mod rows;
mod sqlite;
mod sqlite_accounts;

use std::fmt;

pub use accounts::AccountStore;
pub use postgres::{LEASE_MS, PostgresStorage};
pub use sqlite::SqliteStorage;

use super::config::Database;

use super::rating::Glicko;
use gomoku_engine::{Pos, Stone};
use gomoku_net::{GameResult, GameSummary, RoomSettings, RoomStatus, SeatInfo};

/// A stored player (its token is only ever compared, never read back out).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRecord {
    /// The player's number.
    pub id: i64,
    /// The cleaned name.
    pub name: String,
    /// The rating.
    pub rating: Glicko,
    /// Rated games played.
    pub games: u32,
}

/// A stored seat: who sits there and the seat's secret token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRecord {
    /// The player.
    pub player_id: i64,
    /// The seat's token.
    pub token: String,
}

/// A game as stored: enough to rebuild its room after a restart.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The code.
    pub code: String,
    /// Rule, size, clock, rating.
    pub settings: RoomSettings,
    /// Listed for spectators.
    pub public: bool,
    /// Waiting, playing or finished.
    pub status: RoomStatus,
    /// Black's seat, once taken.
    pub black: Option<SeatRecord>,
    /// White's seat, once taken.
    pub white: Option<SeatRecord>,
    /// The moves, in order.
    pub moves: Vec<Pos>,
    /// Time left for black and white, in milliseconds, as of the last stored change.
    pub clock_ms: [u64; 2],
    /// When that change was stored (Unix milliseconds, stamped by the storage; ignored when
    /// creating).
    pub clock_at_ms: Option<i64>,
    /// When the server that decided this game was last known alive (Unix milliseconds, the
    /// storage's clock): a restart or a takeover charges the side to move up to then, not for
    /// the time nobody held the game. Ignored when creating.
    pub alive_ms: Option<i64>,
    /// The server that decided it before this one took it over (a shared storage).
    pub taken_from: Option<String>,
}

/// A player waiting for quick match on one of the servers sharing the storage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    /// The server it is connected to.
    pub server: String,
    /// Its connection there.
    pub conn: u64,
    /// The player.
    pub player: i64,
}

/// An unfinished game whose record cannot be played on: set aside at start, its players told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedGame {
    /// Its code (empty when not even that could be read).
    pub code: String,
    /// What is wrong with it.
    pub why: String,
}

/// An unfinished game as stored: playable, or damaged.
pub type Unfinished = Result<GameRecord, DamagedGame>;

/// Something the storage could not do.
#[derive(Debug)]
pub struct StorageError(pub String);

/// The text of a [`StorageError`] for a name another player has.
const NAME_TAKEN: &str = "name taken: ";
/// The text of a [`StorageError`] for a game another server now decides.
const NOT_OWNER: &str = "another server now decides game ";

impl StorageError {
    /// Another player has a name that folds to the same key as `name`.
    pub fn name_taken(name: &str) -> StorageError {
        StorageError(format!("{NAME_TAKEN}{name}"))
    }

    /// Whether this is [`StorageError::name_taken`].
    pub fn is_name_taken(&self) -> bool {
        self.0.starts_with(NAME_TAKEN)
    }

    /// Another server took game `code` over (this one was paused or cut off from the
    /// database for longer than the lease): nothing was stored, and this server must let the
    /// game go.
    pub fn not_owner(code: &str) -> StorageError {
        StorageError(format!("{NOT_OWNER}{code}"))
    }

    /// Whether this is [`StorageError::not_owner`].
    pub fn is_not_owner(&self) -> bool {
        self.0.starts_with(NOT_OWNER)
    }
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StorageError {}

/// The storage's result.
pub type StoreResult<T> = Result<T, StorageError>;

/// The storage interface the server runs on. Every method commits before it returns.
pub trait Storage: AccountStore + Send {
    /// The player whose name folds to the same key as `name`, if any.
    fn player_named(&mut self, name: &str) -> StoreResult<Option<i64>>;
    /// Games between players `a` and `b` (either colour) finished in the last `within_secs`
    /// seconds whose result moved ratings.
    fn rated_games_between(&mut self, a: i64, b: i64, within_secs: u64) -> StoreResult<u32>;
    /// Marks an unfinished game as damaged (it is not restored again; its players are told).
    fn set_aside(&mut self, code: &str, why: &str) -> StoreResult<()>;
    /// The player numbered `id`.
    fn player(&mut self, id: i64) -> StoreResult<Option<PlayerRecord>>;
    /// Renames a player ([`StorageError::name_taken`] as for a new one).
    fn rename_player(&mut self, id: i64, name: &str) -> StoreResult<()>;
    /// Whether a game (of any status) already has this code.
    fn code_taken(&mut self, code: &str) -> StoreResult<bool>;
    /// Stores a new game (no moves yet).
    fn create_game(&mut self, game: &GameRecord) -> StoreResult<()>;
    /// Seats a player in a waiting game and marks it playing.
    fn start_game(&mut self, code: &str, colour: Stone, seat: &SeatRecord) -> StoreResult<()>;
    /// Appends move number `ply` (0-based) and the clocks after it.
    fn add_move(&mut self, code: &str, ply: u32, at: Pos, clock_ms: [u64; 2]) -> StoreResult<()>;
    /// Keeps the first `keep` moves (a takeback) and stores the clocks.
    fn truncate_moves(&mut self, code: &str, keep: u32, clock_ms: [u64; 2]) -> StoreResult<()>;
    /// Marks a game finished with its result; with `ratings`, stores both players' new
    /// ratings in the same transaction (and notes that this game moved them).
    fn finish_game(
        &mut self,
        code: &str,
        result: &GameResult,
        clock_ms: [u64; 2],
        ratings: Option<[(i64, Glicko); 2]>,
    ) -> StoreResult<()>;
    /// The games waiting or playing that this server now decides, with their moves; a
    /// damaged one as [`DamagedGame`]. Alone on its database (SQLite) that is every one; on
    /// a shared one, those no live server decides, which this server takes over (called at
    /// start, and again every second or so when [`Storage::shared`]).
    fn unfinished_games(&mut self) -> StoreResult<Vec<Unfinished>>;
    /// The best rated players with at least one rated game.
    fn leaderboard(&mut self, limit: u32) -> StoreResult<Vec<PlayerRecord>>;
    /// The moves of a game (any status), for checks and history.
    fn moves(&mut self, code: &str) -> StoreResult<Vec<Pos>>;
    /// Notes that the server is alive now (called every second or so).
    fn heartbeat(&mut self) -> StoreResult<()>;
    /// Whether the database answers (the operator's `/health`).
    fn check(&mut self) -> StoreResult<()>;
    /// Whether other servers share this storage (their games are taken over when they stop).
    fn shared(&self) -> bool {
        false
    }

    /// This server's name among those sharing the storage.
    fn server(&self) -> Option<&str> {
        None
    }

    /// The live server deciding unfinished game `code`, when the storage is shared.
    fn owner_of(&mut self, _code: &str) -> StoreResult<Option<String>> {
        Ok(None)
    }

    /// The unfinished games this server decides, as the storage has it (a server that was
    /// cut off lets go of the others).
    fn owned_games(&mut self) -> StoreResult<Vec<String>> {
        Ok(Vec::new())
    }

    /// The seats player `player` holds in unfinished games on every server sharing the
    /// storage (a server alone knows them from memory).
    fn seats_of(&mut self, _player: i64) -> StoreResult<Vec<SeatInfo>> {
        Ok(Vec::new())
    }

    /// Quick match on a shared storage: takes the longest-waiting other player asking for
    /// `settings` on any live server, or else enters `player` (this server's connection
    /// `conn`) as waiting. Both in one step, so two players asking at once find each other.
    fn queue_match(
        &mut self,
        _settings: &RoomSettings,
        _player: i64,
        _conn: u64,
    ) -> StoreResult<Option<Waiting>> {
        Err(StorageError(
            "quick match through the storage needs a shared one".into(),
        ))
    }

    /// Takes this server's connection `conn` out of the shared quick-match queue.
    fn queue_leave(&mut self, _conn: u64) -> StoreResult<()> {
        Ok(())
    }

    /// The public unfinished games on every server sharing the storage, by code.
    fn public_games(&mut self, _limit: u32) -> StoreResult<Vec<GameSummary>> {
        Ok(Vec::new())
    }
}

/// Opens the storage `db` names: a SQLite file for this server alone, or a PostgreSQL
/// database shared with other servers.
pub fn open(db: &Database) -> StoreResult<Box<dyn Storage>> {
    Ok(match db {
        Database::Sqlite(path) => Box::new(SqliteStorage::open(path)?),
        Database::Postgres(url) => Box::new(PostgresStorage::open(url)?),
    })
}
