//! The engine plays a whole game against itself and prints it.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example self_game -- [RULE] [NODES]
//! ```
//!
//! RULE is `freestyle` (the default), `standard` or `renju`; NODES is each move's search budget
//! (20,000 by default). A fixed node budget makes the game the same on every machine and every
//! run. Prints each move with its score, then the final board and the result.

use std::process::ExitCode;

use gomoku_engine::search::searcher::{Limits, Searcher};
use gomoku_engine::{ForbiddenPolicy, Game, Outcome, Rule};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let rule: Rule = match args.next().map(|a| a.parse()).transpose() {
        Ok(rule) => rule.unwrap_or(Rule::Freestyle),
        Err(e) => {
            eprintln!("self_game: {e}");
            return ExitCode::from(2);
        }
    };
    let nodes: u64 = match args.next().map(|a| a.parse()).transpose() {
        Ok(nodes) => nodes.unwrap_or(20_000),
        Err(e) => {
            eprintln!("self_game: the node budget must be a whole number: {e}");
            return ExitCode::from(2);
        }
    };

    let mut game = Game::with_size(15, rule, ForbiddenPolicy::Refuse).expect("15 is a board size");
    // One searcher for both sides: its transposition table carries over between moves.
    let mut searcher = Searcher::new(game.board(), rule, 16 << 20);
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        searcher.set_position(game.board(), rule);
        let report = searcher.think(Limits::nodes(nodes));
        let Some(best) = report.best else {
            break; // no move left: the board is full
        };
        let notation = best.to_notation(game.board().size());
        println!(
            "{:3}. {:?} {notation:>4}  score {:6}  depth {:2}  nodes {}",
            moves.len() + 1,
            game.to_move(),
            report.score,
            report.depth,
            report.nodes
        );
        if let Err(e) = game.play(best) {
            eprintln!("self_game: the engine chose {notation}, which the rules refuse: {e:?}");
            return ExitCode::FAILURE;
        }
        moves.push(notation);
    }

    println!("\n{}", game.board());
    match game.outcome() {
        Outcome::Five { winner, .. } => {
            println!("{winner:?} wins with five in {} moves", moves.len())
        }
        Outcome::Draw => println!("a draw: the board is full"),
        other => println!("over: {other:?}"),
    }
    println!("position string: {}", moves.concat());
    ExitCode::SUCCESS
}
