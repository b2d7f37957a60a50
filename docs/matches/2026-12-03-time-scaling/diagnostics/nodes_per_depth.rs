//! Scratch: nodes to finish each depth on positions given one a line (not committed).
use gomoku::engine::board::Board;
use gomoku::engine::rules::Rule;
use gomoku::engine::search::searcher::{Limits, Searcher};
use std::io::BufRead;
use std::sync::{Arc, Mutex};

fn main() {
    let nodes: u64 = std::env::var("PROBE_NODES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000_000);
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let board = match Board::with_moves(15, line.trim()) { Ok(b) => b, Err(_) => continue };
        let mut s = Searcher::new(&board, Rule::Freestyle, 128 << 20);
        let log = Arc::new(Mutex::new(Vec::new()));
        let l2 = log.clone();
        s.on_iteration(Some(Box::new(move |i| l2.lock().unwrap().push((i.depth, i.nodes, i.time.as_millis())))));
        let r = s.think(Limits::nodes(nodes));
        let v = log.lock().unwrap();
        let parts: Vec<String> = v.iter().map(|(d, n, _)| format!("{d}:{n}")).collect();
        println!("{} solved={} best={:?} | {}", r.depth, r.solved, r.best.map(|p| p.to_notation(15)), parts.join(" "));
    }
}
