//! The threat solver alone on a set of positions: how many wins by threats it proves within a
//! node budget, and what they cost.
//!
//! ```text
//! python3 scripts/opponent_mates.py --positions MATCH_DIR > positions.txt
//! cargo run --release -p gomoku-engine --example vct_probe < positions.txt
//! ```
//!
//! Each input line is `name plies moves` (the moves as one position string, `h8i9...`); the
//! side to move is the one whose win is sought. Env: `VCT_NODES` (the budget per position, one
//! million by default), `VCT_DEPTH` (the deepest attack, 15), `VCT_RULE` (0, 1 or 4). The
//! solver deepens two attacking moves at a time over one budget, as at the search's root
//! ([`Vct::solve_deepening`]).

#[path = "common/games.rs"]
#[allow(dead_code)] // only its settings reader is used here
mod games;

use std::io::BufRead;

use gomoku_engine::search::position::Position;
use gomoku_engine::search::vct::Vct;
use gomoku_engine::{Board, Rule};

fn main() {
    let budget: u64 = games::env_or("VCT_NODES", 1_000_000);
    let depth: u8 = games::env_or("VCT_DEPTH", 15);
    let rule = match games::env_or("VCT_RULE", 0u8) {
        1 => Rule::Standard,
        4 => Rule::Renju,
        _ => Rule::Freestyle,
    };
    let (mut found, mut total, mut cost) = (0, 0, 0u64);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (name, moves) = match fields.as_slice() {
            [name, _, moves] => (*name, *moves),
            [name, _] => (*name, ""),
            _ => continue,
        };
        let board = match Board::with_moves(15, moves) {
            Ok(board) => board,
            Err(e) => {
                eprintln!("{name}: {e}");
                continue;
            }
        };
        let mut pos = Position::new(&board, rule);
        let mut vct = Vct::new(budget);
        let win = vct.solve_deepening(&mut pos, 1..=depth, budget);
        total += 1;
        let first = win.map(|m| pos.pos(m).to_notation(15));
        if first.is_some() {
            found += 1;
            cost += vct.total_nodes();
        }
        println!(
            "{name}: {} in {} nodes ({} of them the solver's own, the rest its VCF checks)",
            first.as_deref().unwrap_or("no win found"),
            vct.total_nodes(),
            vct.nodes
        );
    }
    println!("found {found} of {total} within {budget} nodes each ({cost} nodes on those found)");
}
