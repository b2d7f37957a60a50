//! `make bench`: figures for the engine, not verdicts.
//!
//! 1. Nodes per second and the depth reached at 0.2 s and 1 s on fixed middle-game positions,
//!    and the depth reached at fixed node counts (the same on every machine: selectivity as a
//!    figure of its own, apart from speed).
//! 2. The same with 1, 2 and all threads (Lazy SMP).
//! 3. Time and nodes to solve each puzzle of `crates/engine/tests/puzzles.txt` (forced wins).
//! 4. The engine binary on a busy machine: replies to forced positions at 200 ms per move
//!    beside a spinning thread on every core, the slowest against the turn time.
//! 5. A match at a fixed time per move against the seed-style one-ply AI, both colours, all
//!    rules.
//!
//! `cargo bench --bench engine -- [--games N] [--ms MS] [--skip-match] [--depth-only]
//! [--speed-only]` (`--depth-only`: the depths at fixed node counts and nothing else;
//! `--speed-only`: those and 1., to compare two builds' speed on the same positions)

#[path = "../tests/support/brain_load.rs"]
mod brain_load;

use std::time::{Duration, Instant};

use brain_load::{Brain, Busy, FORCED};
use gomoku_engine::search::one_ply;
use gomoku_engine::search::searcher::{Limits, Report, Searcher};
use gomoku_engine::{Board, ForbiddenPolicy, Game, Outcome, Rule, Stone};
use rand::SeedableRng;
use rand::rngs::SmallRng;

const MIDDLE_GAMES: &[(&str, Rule)] = &[
    ("h8 i9 i8 g8 j8 k8 h9 h10 j10 g7 f6 j9", Rule::Freestyle),
    ("h8 h9 i9 g7 j10 k11 i10 i11 j9 h11 g11 k8", Rule::Standard),
    ("h8 i7 i9 g9 j8 j10 k9 h10 l10 g11 k7 i8", Rule::Renju),
    ("h8 g9 j9 i10 h10 h9 g10 f11 i8 j7 g8", Rule::Renju),
];

/// Early positions (balanced openings of `scripts/openings/`) for the depth at fixed nodes.
const OPENINGS: &[(&str, Rule)] = &[
    ("j10 f6 j6", Rule::Freestyle),
    ("h10 f9 h7 i8 f10", Rule::Freestyle),
    ("i8 f9 j8 g10 h10", Rule::Freestyle),
    ("i8 g6 i7 h8 g9", Rule::Freestyle),
    ("f10 i8 h10 g7 i7", Rule::Standard),
    ("j10 j6 f6 i8 g9", Rule::Renju),
];

const TT_BYTES: usize = 64 << 20;

fn board_of(moves: &str) -> Board {
    Board::with_moves(15, moves).unwrap()
}

/// One search of a bench position from a fresh table: the report and the seconds it took.
fn search(moves: &str, rule: Rule, time: Duration, threads: usize) -> (Report, f64) {
    let board = board_of(moves);
    let mut s = Searcher::new(&board, rule, TT_BYTES);
    let t0 = Instant::now();
    let r = s.think(Limits {
        threads,
        ..Limits::time(time)
    });
    (r, t0.elapsed().as_secs_f64())
}

/// Node counts of the fixed-node searches (about a move at 0.2 s and at 1 s).
const FIXED_NODES: [u64; 2] = [200_000, 1_000_000];

/// The depth each bench position reaches at [`FIXED_NODES`], from a fresh table: how deep the
/// same work sees, whatever the machine's speed.
fn depth_at_fixed_nodes() {
    println!("== one thread: depth at 200k and 1M nodes (average over the unsolved positions)");
    let mut sums = [0u32; 2];
    let mut counted = 0;
    for (moves, rule) in MIDDLE_GAMES.iter().chain(OPENINGS) {
        let mut depths = [0u8; 2];
        let mut best = String::new();
        let mut solved = false;
        for (k, &n) in FIXED_NODES.iter().enumerate() {
            let mut s = Searcher::new(&board_of(moves), *rule, TT_BYTES);
            let r = s.think(Limits::nodes(n));
            depths[k] = r.depth;
            solved |= r.solved;
            best = r.best.map(|p| p.to_notation(15)).unwrap_or_default();
        }
        if !solved {
            counted += 1;
            sums[0] += depths[0] as u32;
            sums[1] += depths[1] as u32;
        }
        println!(
            "{rule:>9} {moves:<45} depth {:>2} / {:>2} best {best:<4}{}",
            depths[0],
            depths[1],
            if solved { " (solved)" } else { "" }
        );
    }
    let n = counted.max(1) as f64;
    println!(
        "average depth {:.2} at 200k nodes, {:.2} at 1M nodes",
        sums[0] as f64 / n,
        sums[1] as f64 / n
    );
}

fn nodes_per_second() {
    println!("== one thread: depth at 0.2 s and 1 s, nodes per second at 1 s");
    let mut total_nodes = 0u64;
    let mut total_time = 0.0;
    for (moves, rule) in MIDDLE_GAMES {
        let (quick, _) = search(moves, *rule, Duration::from_millis(200), 1);
        let (r, secs) = search(moves, *rule, Duration::from_secs(1), 1);
        total_nodes += r.nodes;
        total_time += secs;
        println!(
            "{rule:>9} {moves:<45} depth {:>2} / {:>2} score {:>6} best {:<4} {:>9.0} nodes/s",
            quick.depth,
            r.depth,
            r.score,
            r.best.map(|p| p.to_notation(15)).unwrap_or_default(),
            r.nodes as f64 / secs
        );
    }
    println!("average {:.0} nodes/s", total_nodes as f64 / total_time);
}

fn threads() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts = vec![1, 2, cores];
    counts.dedup();
    println!("== threads (1 s per position; this machine has {cores} cores)");
    for threads in counts {
        let (mut nodes, mut secs, mut depths) = (0u64, 0.0, Vec::new());
        for (moves, rule) in MIDDLE_GAMES {
            let (r, t) = search(moves, *rule, Duration::from_secs(1), threads);
            nodes += r.nodes;
            secs += t;
            depths.push(r.depth.to_string());
        }
        println!(
            "{threads:>3} threads: {:>9.0} nodes/s, depths {}",
            nodes as f64 / secs,
            depths.join(" ")
        );
    }
}

fn replies_under_load() {
    const TURN_MS: u64 = 200;
    const ROUNDS: usize = 5;
    let busy = Busy::every_core(Duration::from_secs(120));
    println!(
        "== the engine binary beside {} busy threads: {ROUNDS} rounds of {} forced positions at {TURN_MS} ms",
        busy.threads(),
        FORCED.len()
    );
    let mut brain = Brain::start(env!("CARGO_BIN_EXE_gomoku-brain"));
    brain.send(&["START 15", &format!("INFO timeout_turn {TURN_MS}")]);
    let mut times = Vec::new();
    let mut wrong = 0;
    for _ in 0..ROUNDS {
        for f in FORCED {
            brain.send(&[&format!("INFO rule {}", f.rule)]);
            let a = brain.board(f.own, f.theirs, Duration::from_secs(5));
            wrong += usize::from(!a.point.is_some_and(|p| f.accepts(p)));
            times.push(a.took);
        }
    }
    drop(busy);
    times.sort();
    let ms = |d: &Duration| d.as_secs_f64() * 1000.0;
    println!(
        "replies: median {:.0} ms, slowest {:.0} ms of {TURN_MS} ms, {} over; {wrong} wrong of {}",
        ms(&times[times.len() / 2]),
        ms(times.last().expect("replies")),
        times
            .iter()
            .filter(|t| **t > Duration::from_millis(TURN_MS))
            .count(),
        times.len()
    );
}

fn puzzles() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/puzzles.txt"))
        .unwrap_or_default();
    let list: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    println!("== puzzles: {} forced wins (10 s each at most)", list.len());
    let mut solved = 0;
    for line in &list {
        let mut parts = line.split('|').map(str::trim);
        let (name, rule, moves) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let rule: Rule = rule.parse().unwrap();
        let board = board_of(moves);
        let mut s = Searcher::new(&board, rule, TT_BYTES);
        let t0 = Instant::now();
        let r = s.think(Limits::time(Duration::from_secs(10)));
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let ok = r.solved && r.score > 0;
        solved += ok as usize;
        println!(
            "{:<28} {:>9} {:>8.1} ms {:>9} nodes {} {}",
            name,
            rule.name(),
            ms,
            r.nodes,
            r.best.map(|p| p.to_notation(15)).unwrap_or_default(),
            if ok { "solved" } else { "NOT SOLVED" }
        );
    }
    println!("solved {solved} of {}", list.len());
}

fn play_match(games_per_pairing: usize, ms: u64) {
    println!("== match: search at {ms} ms per move against the one-ply AI");
    let mut rng = SmallRng::seed_from_u64(2026);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for rule in Rule::ALL {
        for engine_colour in [Stone::Black, Stone::White] {
            for g in 0..games_per_pairing {
                let mut game = Game::with_size(15, rule, ForbiddenPolicy::Lose).unwrap();
                // A different opening each game: the one-ply AI's random tie-breaks and one
                // random first move near the centre.
                let first = one_ply::choose_move(game.board(), rule, &mut rng).unwrap();
                game.play(first).unwrap();
                let mut searcher: Option<Searcher> = None;
                while !game.outcome().is_over() {
                    let board = game.board().clone();
                    let p = if board.to_move() == engine_colour {
                        let s =
                            searcher.get_or_insert_with(|| Searcher::new(&board, rule, TT_BYTES));
                        s.set_position(&board, rule);
                        s.think(Limits::time(Duration::from_millis(ms))).best
                    } else {
                        one_ply::choose_move(&board, rule, &mut rng)
                    };
                    let p = p.expect("a move");
                    game.play(p).expect("a legal move");
                }
                let result = match game.outcome().winner() {
                    Some(w) if w == engine_colour => {
                        wins += 1;
                        "win"
                    }
                    Some(_) => {
                        losses += 1;
                        "LOSS"
                    }
                    None => {
                        draws += 1;
                        "draw"
                    }
                };
                let how = match game.outcome() {
                    Outcome::Forbidden { kind, .. } => format!(" (forbidden {kind})"),
                    _ => String::new(),
                };
                println!(
                    "{:>9} engine {:<5} game {}: {result}{how} in {} moves",
                    rule.name(),
                    engine_colour.to_string(),
                    g + 1,
                    game.board().moves().len()
                );
            }
        }
    }
    println!("engine: {wins} wins, {losses} losses, {draws} draws");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str, default: u64| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    depth_at_fixed_nodes();
    if args.iter().any(|a| a == "--depth-only") {
        return;
    }
    nodes_per_second();
    if args.iter().any(|a| a == "--speed-only") {
        return;
    }
    threads();
    puzzles();
    replies_under_load();
    if !args.iter().any(|a| a == "--skip-match") {
        play_match(value("--games", 2) as usize, value("--ms", 1000));
    }
}
