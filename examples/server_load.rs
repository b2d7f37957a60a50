//! `make load`: many bot pairs play at once against a local `gomoku-server`, then the figures:
//! moves a second, the move round trip's p50 and p99 (sending a move until the mover sees the
//! new state, which the server sends only after storing the move), the server's memory, and a
//! check of the database that every acknowledged move is stored exactly once.
//!
//! `server_load --server PATH [--games N] [--moves M]` (500 games of up to 60 moves by
//! default). Loopback only; the server gets its own database in a temporary directory.

#[path = "../tests/server_support/mod.rs"]
mod server_support;

use std::path::PathBuf;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use gomoku::net::{RoomStatus, ServerMessage};
use rand::RngExt;
use rand::rngs::StdRng;
use serde_json::json;
use server_support::{Client, Server, move_msg, seat_msg, settings, temp_dir};

/// What one game's bots saw.
struct Report {
    code: String,
    acknowledged: u32,
    round_trips: Vec<Duration>,
    refused: u32,
}

fn main() {
    let mut server_bin = None;
    let (mut games, mut moves) = (500usize, 60u32);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{a} needs a value")))
        };
        match a.as_str() {
            "--server" => server_bin = Some(PathBuf::from(value())),
            "--games" => games = value().parse().unwrap_or_else(|_| fail("--games N")),
            "--moves" => moves = value().parse().unwrap_or_else(|_| fail("--moves M")),
            other => fail(&format!("unknown option {other}")),
        }
    }
    let server_bin = server_bin.unwrap_or_else(|| fail("--server PATH is required"));
    let db = temp_dir("load").join("load.sqlite");
    // Bots answer at once: the per-connection rate limit is lifted for them.
    let server = Server::start_binary(
        &server_bin,
        &db,
        &["--rate", "10000", "--burst", "10000", "--grace", "600"],
    );
    println!(
        "server {} (pid {}), {games} games of up to {moves} moves",
        server.addr,
        server.pid()
    );

    let barrier = Arc::new(Barrier::new(games + 1));
    let handles: Vec<_> = (0..games)
        .map(|i| {
            let (addr, barrier) = (server.addr.clone(), barrier.clone());
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || play(&addr, i, moves, &barrier))
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
    let memory = server_memory(server.pid());

    let mut trips: Vec<Duration> = reports.iter().flat_map(|r| r.round_trips.clone()).collect();
    trips.sort();
    let total: u32 = reports.iter().map(|r| r.acknowledged).sum();
    let refused: u32 = reports.iter().map(|r| r.refused).sum();
    let pct = |p: f64| trips[((trips.len() - 1) as f64 * p) as usize];
    println!(
        "{total} moves in {:.2} s: {:.0} moves/s; round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        ms(pct(0.5)),
        ms(pct(0.99)),
        ms(*trips.last().expect("moves were played")),
    );
    println!("server memory: {memory}");
    println!("refused moves: {refused}");

    // The database against what the bots were told.
    let conn = rusqlite::Connection::open(&db).expect("open the load database");
    let mut lost = 0;
    let mut bad = 0;
    for r in &reports {
        let (count, distinct, max): (u32, u32, Option<u32>) = conn
            .query_row(
                "SELECT COUNT(*), COUNT(DISTINCT ply), MAX(ply) FROM moves WHERE code = ?1",
                [&r.code],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .expect("count moves");
        if count != r.acknowledged {
            lost += 1;
        }
        if distinct != count || max.map_or(0, |m| m + 1) != count {
            bad += 1;
        }
    }
    println!(
        "database: {} games, {lost} with a move count unlike the acknowledged one, {bad} with a \
         duplicated or missing ply",
        reports.len()
    );
    if lost + bad + refused > 0 {
        std::process::exit(1);
    }
}

/// One game: two bots in one thread, alternating random legal moves until `moves` or a five,
/// then black resigns.
fn play(addr: &str, i: usize, moves: u32, barrier: &Barrier) -> Report {
    let connect = || Client::connect(addr, None).unwrap_or_else(|e| fail(&e));
    let mut black = connect();
    black.hello(&format!("bot {i} b"));
    black.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, None, false), "colour": "Black", "public": false}));
    let b = black.seat();
    let mut white = connect();
    white.hello(&format!("bot {i} w"));
    white.send(json!({"type": "join_room", "code": b.code}));
    let w = white.seat();
    black.room_until(|r| r.status == RoomStatus::Playing);
    white.room_until(|r| r.status == RoomStatus::Playing);
    let mut rng: StdRng = rand::make_rng();
    let mut taken = [[false; 15]; 15];
    let mut report = Report {
        code: b.code.clone(),
        acknowledged: 0,
        round_trips: Vec::with_capacity(moves as usize),
        refused: 0,
    };
    barrier.wait();
    let mut finished = false;
    for ply in 0..moves {
        let (x, y) = loop {
            let (x, y) = (rng.random_range(0..15usize), rng.random_range(0..15usize));
            if !taken[y][x] {
                taken[y][x] = true;
                break (x, y);
            }
        };
        let (mover, seat, other) = if ply % 2 == 0 {
            (&mut black, &b, &mut white)
        } else {
            (&mut white, &w, &mut black)
        };
        let t0 = Instant::now();
        mover.send(move_msg(seat, ply, x as u8, y as u8));
        let want = ply as usize + 1;
        let state = mover.recv_until(|m| match m {
            ServerMessage::Room { room } if room.moves.len() == want => Some(Some(room.clone())),
            ServerMessage::Error { .. } => Some(None),
            _ => None,
        });
        let Some(state) = state else {
            report.refused += 1;
            break;
        };
        report.round_trips.push(t0.elapsed());
        report.acknowledged += 1;
        other.room_until(|r| r.moves.len() == want);
        if state.status == RoomStatus::Finished {
            finished = true;
            break;
        }
    }
    if !finished {
        black.send(seat_msg("resign", &b));
        black.room_until(|r| r.status == RoomStatus::Finished);
    }
    black.close();
    white.close();
    report
}

/// The server's resident memory now and at its peak, from /proc (Linux).
fn server_memory(pid: u32) -> String {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return "unknown (no /proc)".into();
    };
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_string())
            .unwrap_or_else(|| "?".into())
    };
    format!("resident {} (peak {})", field("VmRSS:"), field("VmHWM:"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn fail(message: &str) -> ! {
    eprintln!("server_load: {message}");
    std::process::exit(2);
}
