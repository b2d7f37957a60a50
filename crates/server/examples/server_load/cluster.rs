//! `--servers N`: the load over one, two, ... N servers sharing one PostgreSQL database.
//!
//! For each number of servers: a fresh database in a private throwaway cluster
//! (scripts/pg_cluster.sh), that many servers on it, and the games with black on server
//! `i % n` and white on server `(i + 1) % n` (with two or more servers every game's moves
//! cross between servers: one player is relayed). Printed side by side: moves a second, the
//! move round trip's p50 and p99, and the database check (every acknowledged move stored
//! once). All on this machine: the servers, the database and the bots share its cores.

use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use super::server_support::{Server, temp_dir};
use super::{LOAD_FLAGS, Report, fail, ms, play};

pub(crate) fn run(server_bin: &Path, max: usize, games: usize, moves: u32, think: Duration) {
    let dir = temp_dir("cluster-load");
    let script = super::server_support::pg::cluster_script();
    let out = Command::new("bash")
        .arg(&script)
        .arg("start")
        .arg(dir.join("pg"))
        .args(["--watch", &std::process::id().to_string()])
        .output()
        .unwrap_or_else(|e| fail(&format!("scripts/pg_cluster.sh: {e}")));
    if !out.status.success() {
        fail(&format!(
            "could not start PostgreSQL (scripts/deps.sh --postgres installs it): {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let cluster = String::from_utf8_lossy(&out.stdout).trim().to_string();
    println!(
        "{games} games of up to {moves} moves, {} ms to think a move, on 1 to {max} servers \
         sharing one PostgreSQL database",
        think.as_millis()
    );
    println!("servers | moves/s | round trip p50 | p99     | max      | database");
    let mut failed = false;
    for n in 1..=max {
        let url = database(&cluster, n);
        let servers: Vec<Server> = (0..n)
            .map(|i| {
                Server::start_binary_postgres(
                    server_bin,
                    &url,
                    &dir.join(format!("{n}-{i}.log")),
                    &LOAD_FLAGS,
                )
            })
            .collect();
        let addrs: Vec<String> = servers.iter().map(|s| s.addr.clone()).collect();
        let barrier = Arc::new(Barrier::new(games + 1));
        let handles: Vec<_> = (0..games)
            .map(|i| {
                let (black, white) = (addrs[i % n].clone(), addrs[(i + 1) % n].clone());
                let barrier = barrier.clone();
                std::thread::Builder::new()
                    .stack_size(256 * 1024)
                    .spawn(move || play([&black, &white], i, moves, think, &barrier, None))
                    .expect("spawn a bot thread")
            })
            .collect();
        barrier.wait();
        let started = Instant::now();
        let reports: Vec<Report> = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| fail("a bot failed")))
            .collect();
        let elapsed = started.elapsed();
        let mut trips: Vec<Duration> = reports.iter().flat_map(|r| r.round_trips.clone()).collect();
        trips.sort();
        if trips.is_empty() {
            fail("no move was acknowledged");
        }
        let total: u32 = reports.iter().map(|r| r.acknowledged).sum();
        let refused: u32 = reports.iter().map(|r| r.refused).sum();
        let pct = |p: f64| trips[((trips.len() - 1) as f64 * p) as usize];
        let (lost, bad) = check(&url, &reports);
        println!(
            "{n:7} | {:7.0} | {:11.2} ms | {:5.2} ms | {:6.2} ms | {} games: {lost} with a move \
             count unlike the acknowledged one, {bad} with a duplicated or missing ply, {refused} \
             refused moves",
            total as f64 / elapsed.as_secs_f64(),
            ms(pct(0.5)),
            ms(pct(0.99)),
            ms(*trips.last().expect("moves")),
            reports.len()
        );
        failed |= lost + bad + refused as usize > 0;
        drop(servers);
    }
    if failed {
        std::process::exit(1);
    }
}

/// A fresh database for the round with `n` servers.
fn database(cluster: &str, n: usize) -> String {
    let name = format!("load_{}_{n}", std::process::id());
    let mut client = postgres::Client::connect(cluster, postgres::NoTls)
        .unwrap_or_else(|e| fail(&format!("PostgreSQL: {e}")));
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap_or_else(|e| fail(&format!("PostgreSQL: {e}")));
    format!("{}/{name}", cluster.rsplit_once('/').expect("a URL").0)
}

/// Games whose stored moves differ in number from the acknowledged ones, and games with a
/// duplicated or missing ply.
fn check(url: &str, reports: &[Report]) -> (usize, usize) {
    let mut db = postgres::Client::connect(url, postgres::NoTls)
        .unwrap_or_else(|e| fail(&format!("PostgreSQL: {e}")));
    let (mut lost, mut bad) = (0, 0);
    for r in reports {
        let row = db
            .query_one(
                "SELECT count(*), count(DISTINCT ply), max(ply) FROM moves WHERE code = $1",
                &[&r.code],
            )
            .unwrap_or_else(|e| fail(&format!("PostgreSQL: {e}")));
        let (count, distinct, max): (i64, i64, Option<i32>) = (row.get(0), row.get(1), row.get(2));
        if count != i64::from(r.acknowledged) {
            lost += 1;
        }
        if distinct != count || max.map_or(0, |m| i64::from(m) + 1) != count {
            bad += 1;
        }
    }
    (lost, bad)
}
