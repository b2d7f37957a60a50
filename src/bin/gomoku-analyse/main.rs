//! The analysis tool, without a window: reviews a game move by move, solves a position (is
//! there a forced win, and what is it), and lists a position's best moves. The same engine
//! code as the game's analysis (`gomoku::engine::analysis`). Run with no arguments for usage.

mod args;
mod input;
mod print;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use gomoku::engine::analysis::{ReviewOptions, SearchInfo, forced_win, multi_pv, review_game};
use gomoku::engine::search::searcher::{Limits, Searcher};

use args::{Args, Command};

/// The search's nodes per listed move in `analyse`, and the solvers' in `solve`, by default.
const ANALYSE_NODES: u64 = 100_000;
const SOLVE_NODES: u64 = 200_000;
/// The transposition table of `analyse`.
const TABLE_BYTES: usize = 64 << 20;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match args::parse(&argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("gomoku-analyse: {e}\n\n{}", args::USAGE);
            return ExitCode::from(2);
        }
    };
    let result = match args.command {
        Command::Help => {
            println!("{}", args::USAGE);
            Ok(())
        }
        Command::Review => review(&args),
        Command::Solve => solve(&args),
        Command::Analyse => analyse(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku-analyse: {e}");
            ExitCode::FAILURE
        }
    }
}

fn review(args: &Args) -> Result<(), String> {
    let record = input::game_record(&args.input, args.rule, args.size)?;
    let defaults = ReviewOptions::default();
    let options = ReviewOptions {
        nodes: args.nodes.unwrap_or(defaults.nodes),
        solver_nodes: args.solver_nodes.unwrap_or(defaults.solver_nodes),
        ..defaults
    };
    println!(
        "review of {} moves ({}, {}x{}), {} nodes a position",
        record.moves.len(),
        record.rule,
        record.size,
        record.size,
        options.nodes
    );
    println!("{}", print::review_heading());
    let size = record.size;
    let stop = Arc::new(AtomicBool::new(false));
    let review = review_game(&record, options, stop, |p| {
        println!("{}", print::review_row(p.last, size));
    })
    .map_err(|e| e.to_string())?;
    println!("{}", print::review_summary(&review));
    if let Some(out) = &args.json {
        std::fs::write(out, review.to_json() + "\n")
            .map_err(|e| format!("cannot write {out}: {e}"))?;
        println!("review written to {out}");
    }
    Ok(())
}

fn solve(args: &Args) -> Result<(), String> {
    let game = input::position(&args.input, args.rule, args.size)?;
    if game.outcome().is_over() {
        return Err("the game is over: there is nothing to solve".to_owned());
    }
    let board = game.board();
    let side = board.to_move();
    let nodes = args.nodes.unwrap_or(SOLVE_NODES);
    match forced_win(board, game.rule(), nodes) {
        Some(win) => println!("{}", print::forced_win(side, &win, board.size())),
        None => println!(
            "no forced win found for {} ({} nodes per solver)",
            print::colour_name(side),
            nodes
        ),
    }
    Ok(())
}

fn analyse(args: &Args) -> Result<(), String> {
    let game = input::position(&args.input, args.rule, args.size)?;
    if game.outcome().is_over() {
        return Err("the game is over: there is nothing to analyse".to_owned());
    }
    let board = game.board();
    let limits = match args.time {
        Some(t) => Limits::time(t),
        None => Limits::nodes(args.nodes.unwrap_or(ANALYSE_NODES)),
    };
    println!(
        "{} to move ({}, {} stones)",
        print::colour_name(board.to_move()),
        game.rule(),
        board.stone_count()
    );
    let mut searcher = Searcher::new(board, game.rule(), TABLE_BYTES);
    let lines = multi_pv(
        &mut searcher,
        board,
        game.rule(),
        args.multipv,
        &limits,
        |line| {
            Some(Box::new(move |info: &SearchInfo| {
                println!("info line {} {info}", line + 1);
            }))
        },
    );
    if lines.is_empty() {
        return Err("no move to analyse".to_owned());
    }
    for (i, l) in lines.iter().enumerate() {
        println!("{}", print::pv_line(i + 1, l, board.size()));
    }
    Ok(())
}
