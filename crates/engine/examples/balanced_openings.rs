//! Writes a set of openings the search judges near even, one per line in move notation, for
//! engine matches (`scripts/match.py --openings FILE`).
//!
//! `cargo run --release -p gomoku-engine --example balanced_openings -- \
//!     [--rule freestyle|standard|renju] [--size 15] [--count 100] [--stones 3-5] \
//!     [--radius 2] [--max-score 120] [--nodes 100000] [--seed 1]`

use std::process::ExitCode;

use gomoku_engine::rules::Rule;
use gomoku_engine::search::openings::{OpeningSpec, balanced_openings};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("balanced_openings: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut spec = OpeningSpec {
        size: 15,
        rule: Rule::Freestyle,
        stones: (3, 5),
        radius: 2,
        max_score: 120,
        nodes: 100_000,
    };
    let (mut count, mut seed) = (100usize, 1u64);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--rule" => {
                spec.rule = match value.as_str() {
                    "freestyle" => Rule::Freestyle,
                    "standard" => Rule::Standard,
                    "renju" => Rule::Renju,
                    other => return Err(format!("unknown rule {other}")),
                }
            }
            "--size" => spec.size = number(&value)? as u8,
            "--count" => count = number(&value)? as usize,
            "--stones" => {
                let (lo, hi) = value.split_once('-').unwrap_or((&value, &value));
                spec.stones = (number(lo)? as usize, number(hi)? as usize);
            }
            "--radius" => spec.radius = number(&value)? as u8,
            "--max-score" => spec.max_score = number(&value)? as i32,
            "--nodes" => spec.nodes = number(&value)?,
            "--seed" => seed = number(&value)?,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    println!(
        "# {count} openings judged near even ({:?}, {}x{}, {}-{} stones within {} of the centre, \
         |score| <= {} after {} nodes, seed {seed}); each line: the stones from black, then \
         black's score",
        spec.rule,
        spec.size,
        spec.size,
        spec.stones.0,
        spec.stones.1,
        spec.radius,
        spec.max_score,
        spec.nodes
    );
    for o in balanced_openings(&spec, count, count * 100, seed) {
        let moves: Vec<String> = o.moves.iter().map(|p| p.to_notation(spec.size)).collect();
        println!("{} # {:+}", moves.join(" "), o.black_score);
    }
    Ok(())
}
