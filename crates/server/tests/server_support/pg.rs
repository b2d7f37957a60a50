//! A private PostgreSQL cluster for a test binary (scripts/pg_cluster.sh: its own folder, a
//! free port on 127.0.0.1, stopped and removed when the test process ends) and a fresh, empty
//! database in it for each test.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// The repository's `scripts/pg_cluster.sh`, found above the crate that runs it (the server's
/// tests and load example, or the game's online test).
pub fn cluster_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("scripts/pg_cluster.sh"))
        .find(|script| script.is_file())
        .expect("scripts/pg_cluster.sh above the crate's folder")
}

fn script(command: &str, dir: &Path) -> std::process::Output {
    Command::new("bash")
        .arg(cluster_script())
        .arg(command)
        .arg(dir)
        .args(["--watch", &std::process::id().to_string()])
        .output()
        .expect("run scripts/pg_cluster.sh")
}

/// Starts a cluster of its own in `dir` (which must not exist), gone when the test process
/// ends; its URL.
pub fn start_cluster(dir: &Path) -> String {
    let out = script("start", dir);
    assert!(
        out.status.success(),
        "could not start a PostgreSQL cluster for the tests (scripts/deps.sh --postgres \
         installs PostgreSQL): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("a URL")
        .trim()
        .to_string()
}

/// Stops the cluster in `dir` and removes it.
pub fn stop_cluster(dir: &Path) {
    let out = Command::new("bash")
        .arg(cluster_script())
        .arg("stop")
        .arg(dir)
        .output()
        .expect("run scripts/pg_cluster.sh");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Stops the cluster in `dir` at once (a crash, an outage: its connections cut).
pub fn halt(dir: &Path) {
    let out = script_plain("halt", dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Starts the cluster in `dir` again, on the same port and data.
pub fn resume(dir: &Path) {
    let out = script_plain("resume", dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn script_plain(command: &str, dir: &Path) -> std::process::Output {
    Command::new("bash")
        .arg(cluster_script())
        .arg(command)
        .arg(dir)
        .output()
        .expect("run scripts/pg_cluster.sh")
}

/// A new empty database in the cluster whose `postgres` database is at `base`; its URL.
pub fn database_in(base: &str, name: &str) -> String {
    let mut client = postgres::Client::connect(base, postgres::NoTls).expect("reach the cluster");
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .expect("make a database");
    format!(
        "{}/{name}",
        base.rsplit_once('/').expect("a URL with a database").0
    )
}

/// The test binary's cluster's URL (its `postgres` database), started on first use.
fn cluster() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("gomoku-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        start_cluster(&dir)
    })
}

/// A new empty database in the test cluster; its URL.
pub fn database(name: &str) -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    let base = cluster();
    let db = format!(
        "{}_{}_{}",
        name.to_ascii_lowercase()
            .replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    );
    let mut client = postgres::Client::connect(base, postgres::NoTls).expect("reach the cluster");
    client
        .batch_execute(&format!("CREATE DATABASE {db}"))
        .expect("make a database");
    format!(
        "{}/{db}",
        base.rsplit_once('/').expect("a URL with a database").0
    )
}

/// The moves stored for game `code` in the database at `url`, in order.
pub fn stored_moves(url: &str, code: &str) -> Vec<gomoku_engine::Pos> {
    connect(url)
        .query(
            "SELECT x, y FROM moves WHERE code = $1 ORDER BY ply",
            &[&code],
        )
        .expect("read the moves")
        .iter()
        .map(|r| gomoku_engine::Pos::new(r.get::<_, i16>(0) as u8, r.get::<_, i16>(1) as u8))
        .collect()
}

/// A client of the database at `url` (to look at what the servers stored).
pub fn connect(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).expect("connect to the test database")
}
