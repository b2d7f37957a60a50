//! `make load`: many bot pairs play at once against a local `gomoku-server`, then the figures:
//! moves a second, the move round trip's p50 and p99 (sending a move until the mover sees the
//! new state, which the server sends only after storing the move), the server's memory, and a
//! check of the database that every acknowledged move is stored exactly once.
//!
//! `server_load --server PATH [--games N] [--moves M] [--think MS] [--spectators S]
//! [--flooders F]` (500 games of up to 60 moves by default, each move played at once or, with
//! `--think`, after a pause drawn between half and one and a half times MS, as people play; with S spectators watching the first game and leaving
//! all at once halfway, and F connections flooding the server with messages while the games
//! are played). Also printed: the server's memory per game and per connection, the first
//! game's round trip (the crowd's players), and how soon the flooders were cut off. Loopback
//! only; the server gets its own database in a temporary directory.
//!
//! `--servers N`: the same games over one to N servers on one PostgreSQL database (a private
//! throwaway cluster), black on one server and white on the next, so every move crosses
//! between servers; one line of figures for each number of servers ([`cluster`]).

#[path = "../../tests/server_support/mod.rs"]
mod server_support;

mod cluster;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use gomoku_net::{RoomStatus, ServerMessage};
use rand::RngExt;
use rand::rngs::StdRng;
use serde_json::json;
use server_support::{Client, Server, move_msg, seat_msg, settings, temp_dir};

/// The servers' flags: all bots come from one address, which is trusted (no per-address
/// limits); the rate limit stays as a public server has it (bots send one move at a time).
const LOAD_FLAGS: [&str; 6] = [
    "--grace",
    "600",
    "--trust",
    "127.0.0.1",
    "--max-connections",
    "50000",
];

/// What one game's bots saw.
pub(crate) struct Report {
    code: String,
    acknowledged: u32,
    round_trips: Vec<Duration>,
    refused: u32,
}

fn main() {
    let mut server_bin = None;
    let (mut games, mut moves) = (500usize, 60u32);
    let (mut spectators, mut flooders) = (0usize, 0usize);
    let mut think = Duration::ZERO;
    let mut servers = 0usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| fail(&format!("{a} needs a value")))
        };
        match a.as_str() {
            "--server" => server_bin = Some(PathBuf::from(value())),
            "--servers" => servers = value().parse().unwrap_or_else(|_| fail("--servers N")),
            "--games" => games = value().parse().unwrap_or_else(|_| fail("--games N")),
            "--moves" => moves = value().parse().unwrap_or_else(|_| fail("--moves M")),
            "--spectators" => {
                spectators = value().parse().unwrap_or_else(|_| fail("--spectators S"))
            }
            "--flooders" => flooders = value().parse().unwrap_or_else(|_| fail("--flooders F")),
            "--think" => {
                think =
                    Duration::from_millis(value().parse().unwrap_or_else(|_| fail("--think MS")))
            }
            other => fail(&format!("unknown option {other}")),
        }
    }
    let server_bin = server_bin.unwrap_or_else(|| fail("--server PATH is required"));
    if servers > 0 {
        return cluster::run(&server_bin, servers, games, moves, think);
    }
    let db = temp_dir("load").join("load.sqlite");
    // All bots come from one address: it is trusted (no per-address limits). The rate limit
    // stays as a public server has it (bots send one move at a time); flooders meet it.
    let server = Server::start_binary(&server_bin, &db, &LOAD_FLAGS);
    let base = resident_kib(server.pid());
    println!(
        "server {} (pid {}), {games} games of up to {moves} moves, {} ms to think a move",
        server.addr,
        server.pid(),
        think.as_millis()
    );

    let barrier = Arc::new(Barrier::new(games + 1));
    let crowd = Arc::new(Crowd::default());
    crowd.pid.store(server.pid(), Ordering::Relaxed);
    let handles: Vec<_> = (0..games)
        .map(|i| {
            let (addr, barrier) = (server.addr.clone(), barrier.clone());
            let crowd = (i == 0 && spectators > 0).then(|| (spectators, crowd.clone()));
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || play([&addr, &addr], i, moves, think, &barrier, crowd))
                .expect("spawn a bot thread")
        })
        .collect();
    barrier.wait();
    // Every game is set up and waiting for its first move: what the games and their
    // connections cost, idle.
    let seated = resident_kib(server.pid());
    let flood = Arc::new(AtomicBool::new(true));
    let flood_handles: Vec<_> = (0..flooders)
        .map(|_| {
            let (addr, flood) = (server.addr.clone(), flood.clone());
            std::thread::spawn(move || flood_until_cut(&addr, &flood))
        })
        .collect();
    let started = Instant::now();
    let reports: Vec<Report> = handles
        .into_iter()
        .map(|h| h.join().unwrap_or_else(|_| fail("a bot failed")))
        .collect();
    let elapsed = started.elapsed();
    flood.store(false, Ordering::Relaxed);
    let cut: Vec<Option<Duration>> = flood_handles
        .into_iter()
        .map(|h| h.join().unwrap_or(None))
        .collect();
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
    if let (Some(base), Some(seated)) = (base, seated) {
        let added = seated.saturating_sub(base) as f64;
        println!(
            "idle cost: {:.1} KiB a game, {:.1} KiB a connection ({games} games, {} connections, \
             {:.1} MiB over the empty server)",
            added / games as f64,
            added / (2 * games) as f64,
            2 * games,
            added / 1024.0
        );
    }
    if spectators > 0 {
        let mut first = reports[0].round_trips.clone();
        first.sort();
        let at = |p: f64| first[((first.len() - 1) as f64 * p) as usize];
        println!(
            "crowd: {spectators} spectators on game 0, leaving at once after move {}: its \
             players' round trip p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; server memory {} \
             KiB with the crowd, {} KiB after it left",
            moves / 2,
            ms(at(0.5)),
            ms(at(0.99)),
            ms(*first.last().expect("moves were played")),
            crowd.watched_kib.load(Ordering::Relaxed),
            crowd.after_kib.load(Ordering::Relaxed),
        );
    }
    if flooders > 0 {
        let times: Vec<f64> = cut.iter().flatten().map(|d| ms(*d)).collect();
        println!(
            "flood: {} of {flooders} flooding connections cut off (close 1008), after {:.0} ms \
             at most",
            times.len(),
            times.iter().copied().fold(0.0, f64::max)
        );
    }
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

/// The crowd's figures, from the thread of the game it watches.
#[derive(Default)]
struct Crowd {
    pid: AtomicU32,
    watched_kib: AtomicU64,
    after_kib: AtomicU64,
}

/// One connection sending pings as fast as it can until the server cuts it off or `flood`
/// ends; how long the server took to cut it off.
fn flood_until_cut(addr: &str, flood: &AtomicBool) -> Option<Duration> {
    let mut c = Client::connect(addr, None).ok()?;
    c.send(json!({"type": "hello", "version": 3}));
    let t0 = Instant::now();
    while flood.load(Ordering::Relaxed) {
        if !c.try_send_raw(r#"{"type":"ping"}"#) {
            return Some(t0.elapsed());
        }
        if t0.elapsed() > Duration::from_secs(30) {
            return None;
        }
    }
    None
}

/// One game: two bots in one thread, alternating random legal moves until `moves` or a five,
/// then black resigns. With a crowd, that many spectators watch it and leave at once halfway.
fn play(
    addrs: [&str; 2],
    i: usize,
    moves: u32,
    think: Duration,
    barrier: &Barrier,
    crowd: Option<(usize, Arc<Crowd>)>,
) -> Report {
    let connect_to = |addr: &str| Client::connect(addr, None).unwrap_or_else(|e| fail(&e));
    let connect = || connect_to(addrs[0]);
    let mut black = connect();
    black.hello(&format!("bot {i} b"));
    black.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, None, false), "colour": "Black", "public": false}));
    let b = black.seat();
    let mut white = connect_to(addrs[1]);
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
    let mut fans: Vec<Client> = match &crowd {
        Some((n, _)) => (0..*n)
            .map(|_| {
                let mut c = connect();
                c.send(json!({"type": "hello", "version": 3}));
                c.send(json!({"type": "watch", "code": b.code}));
                c
            })
            .collect(),
        None => Vec::new(),
    };
    barrier.wait();
    let mut finished = false;
    for ply in 0..moves {
        if ply == moves / 2
            && let Some((_, figures)) = &crowd
        {
            let pid = figures.pid.load(Ordering::Relaxed);
            figures
                .watched_kib
                .store(resident_kib(pid).unwrap_or(0), Ordering::Relaxed);
            let leaving = std::mem::take(&mut fans);
            std::thread::spawn(move || drop(leaving));
        }
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
        if !think.is_zero() {
            std::thread::sleep(think.mul_f64(rng.random_range(0.5..1.5)));
        }
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
    if let Some((_, figures)) = &crowd {
        std::thread::sleep(Duration::from_secs(3));
        let pid = figures.pid.load(Ordering::Relaxed);
        figures
            .after_kib
            .store(resident_kib(pid).unwrap_or(0), Ordering::Relaxed);
    }
    report
}

/// A process's resident memory in KiB, from /proc (Linux).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
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
