//! The PostgreSQL connection lives on a thread of its own: the blocking client runs a small
//! tokio runtime of its own, which may not be started from inside the server's. The hub hands
//! the thread one job at a time and waits for its answer, as it waits for SQLite's disk.
//!
//! A broken connection (the database restarted, the network dropped) fails the job it broke,
//! and the next job connects again: a server outlives its database's restarts.

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use postgres::{Client, Config, NoTls};

use crate::storage::{StorageError, StoreResult};

/// How long connecting may take before the job fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one statement may run: a database that stops answering costs a player a refused
/// move with a clear error, not a server that hangs.
const STATEMENT_TIMEOUT_MS: u32 = 5_000;

/// What runs on the connection's thread.
type Job = Box<dyn FnOnce(&mut Session) + Send>;

/// The connection as the thread holds it: connected on demand.
pub(super) struct Session {
    config: Config,
    client: Option<Client>,
}

impl Session {
    /// The live connection, made (and checked) if there is none.
    pub(super) fn client(&mut self) -> StoreResult<&mut Client> {
        if self.client.as_ref().is_none_or(Client::is_closed) {
            self.client = None;
            let mut client = self
                .config
                .connect(NoTls)
                .map_err(|e| StorageError(format!("cannot reach PostgreSQL: {e}")))?;
            client
                .batch_execute(&format!(
                    "SET statement_timeout = {STATEMENT_TIMEOUT_MS}; \
                     SET lock_timeout = {STATEMENT_TIMEOUT_MS}"
                ))
                .map_err(pg)?;
            self.client = Some(client);
        }
        Ok(self.client.as_mut().expect("connected above"))
    }
}

/// A PostgreSQL error as the storage's.
pub(super) fn pg(e: postgres::Error) -> StorageError {
    match e.as_db_error() {
        Some(db) => StorageError(format!("PostgreSQL: {}", db.message())),
        None => StorageError(format!("PostgreSQL: {e}")),
    }
}

/// The handle the storage keeps: jobs in, answers out.
pub(super) struct Connection {
    jobs: mpsc::Sender<Job>,
}

impl Connection {
    /// Parses `url`, starts the thread and connects once (so a wrong URL or an unreachable
    /// database is said at start, not at the first move).
    pub(super) fn open(url: &str, application: &str) -> StoreResult<Connection> {
        let mut config: Config = url
            .parse()
            .map_err(|e| StorageError(format!("not a PostgreSQL URL: {e}")))?;
        config
            .connect_timeout(CONNECT_TIMEOUT)
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(30))
            .application_name(application);
        let (jobs, inbox) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("postgres".into())
            .spawn(move || {
                let mut session = Session {
                    config,
                    client: None,
                };
                for job in inbox {
                    // A job that panicked (a bug) fails alone: its caller hears the thread
                    // dropped its answer, and the next job starts on a fresh connection.
                    let ran = panic::catch_unwind(AssertUnwindSafe(|| job(&mut session)));
                    if ran.is_err() {
                        session.client = None;
                    }
                }
            })
            .map_err(|e| StorageError(format!("cannot start the database thread: {e}")))?;
        let connection = Connection { jobs };
        connection.run(|s| s.client().map(|_| ()))?;
        Ok(connection)
    }

    /// Runs `job` on the connection's thread and waits for its answer.
    pub(super) fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Session) -> StoreResult<T> + Send + 'static,
    ) -> StoreResult<T> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.jobs
            .send(Box::new(move |session: &mut Session| {
                let _ = reply.send(job(session));
            }))
            .map_err(|_| StorageError("the database thread has stopped".into()))?;
        answer
            .recv()
            .map_err(|_| StorageError("the database job failed; see the log".into()))?
    }

    /// Runs `query` on the live connection (connecting first if needed).
    pub(super) fn with<T: Send + 'static>(
        &self,
        query: impl FnOnce(&mut Client) -> Result<T, postgres::Error> + Send + 'static,
    ) -> StoreResult<T> {
        self.run(move |s| {
            let client = s.client()?;
            query(client).map_err(pg)
        })
    }
}
