//! Analyses a position given as a position string and prints the best lines of play.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example analyse_position -- "h8i9j10i8" [RULE] [SECONDS]
//! ```
//!
//! The position string lists the moves from black's first (`h8i9j10i8`: columns `a`.. from the
//! left, rows from 1 at the bottom of a 15x15 board). RULE is `freestyle` (the default),
//! `standard` or `renju`; SECONDS the time for each line (1 by default). Prints the board,
//! then the three best moves for the side to move, each with its score, that side's chance to win
//! and the line of play the engine expects.

use std::process::ExitCode;
use std::time::Duration;

use gomoku_engine::analysis::multipv::multi_pv;
use gomoku_engine::board::parse_moves;
use gomoku_engine::search::searcher::{Limits, Searcher};
use gomoku_engine::{Board, ForbiddenPolicy, Game, Rule};

const SIZE: u8 = 15;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("analyse_position: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| "h8i9j10i8".to_string());
    let rule: Rule = args
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(Rule::Freestyle);
    let seconds: f64 = match args.next() {
        Some(a) => a
            .parse()
            .map_err(|e| format!("'{a}' is not a number of seconds: {e}"))?,
        None => 1.0,
    };
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(format!("{seconds} seconds: give between 0 and 3,600"));
    }

    // Every move through the rules, so an illegal or forbidden move is refused with its reason.
    let moves = parse_moves(&text, SIZE).map_err(|e| format!("'{text}': {e}"))?;
    let mut game = Game::new(
        Board::new(SIZE).map_err(|e| e.to_string())?,
        rule,
        ForbiddenPolicy::Refuse,
    );
    for (i, &m) in moves.iter().enumerate() {
        game.play(m).map_err(|e| {
            format!(
                "move {} ({}): {}",
                i + 1,
                m.to_notation(SIZE),
                e.describe(SIZE)
            )
        })?;
    }
    println!("{}", game.board());
    if game.outcome().is_over() {
        println!("The game is over: {:?}", game.outcome());
        return Ok(());
    }

    let board = game.board().clone();
    let mut searcher = Searcher::new(&board, rule, 64 << 20);
    let limits = Limits::time(Duration::from_secs_f64(seconds));
    println!("{:?} to move, {rule:?}:", board.to_move());
    for (i, line) in multi_pv(&mut searcher, &board, rule, 3, &limits, |_| None)
        .iter()
        .enumerate()
    {
        let pv: Vec<String> = line.pv.iter().map(|p| p.to_notation(SIZE)).collect();
        println!(
            "{}. {:>4}  score {:6}  wins {:5.1}%  depth {:2}  line {}",
            i + 1,
            line.best.to_notation(SIZE),
            line.score,
            100.0 * line.win_probability,
            line.depth,
            pv.join(" ")
        );
    }
    Ok(())
}
