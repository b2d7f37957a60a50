//! The analysis tool, without a window: reviews a game move by move, solves a position (is
//! there a forced win, and what is it), and lists a position's best moves. The same engine
//! code as the game's analysis (`gomoku_engine::analysis`). Run with no arguments, or `--help`,
//! for its commands and their options.

mod args;
mod input;
mod out;
mod print;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gomoku_engine::analysis::{ReviewOptions, SearchInfo, forced_win, multi_pv, review_game};
use gomoku_engine::search::searcher::{Limits, Searcher};

use args::{Analyse, Args, Command, Review, Solve};
use clap::{CommandFactory, Parser};

/// The search's nodes per listed move in `analyse`, and the solvers' in `solve`, by default.
const ANALYSE_NODES: u64 = 100_000;
const SOLVE_NODES: u64 = 200_000;
/// The transposition table of `analyse`.
const TABLE_BYTES: usize = 64 << 20;

fn main() -> ExitCode {
    // `--help` prints the commands and their options and ends here with success; a bad command
    // line is named and ends it with code 2.
    let args = Args::parse();
    let result = match &args.command {
        None => out::say(Args::command().render_help().to_string().trim_end()),
        Some(Command::Review(r)) => review(r),
        Some(Command::Solve(s)) => solve(s),
        Some(Command::Analyse(a)) => analyse(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku-analyse: {e}");
            ExitCode::FAILURE
        }
    }
}

fn review(args: &Review) -> Result<(), String> {
    let record = input::game_record(&args.input, args.position.rule, args.position.size)?;
    let options = ReviewOptions {
        nodes: args.nodes,
        solver_nodes: args.solver_nodes,
        ..ReviewOptions::default()
    };
    out::say(format_args!(
        "review of {} moves ({}, {}x{}), {} nodes a position",
        record.moves.len(),
        record.rule,
        record.size,
        record.size,
        options.nodes
    ))?;
    out::say(print::review_heading())?;
    let size = record.size;
    let stop = Arc::new(AtomicBool::new(false));
    let mut write_error = None;
    let review = review_game(&record, options, stop.clone(), |p| {
        if let Err(e) = out::say(print::review_row(p.last, size)) {
            write_error.get_or_insert(e);
            stop.store(true, Ordering::Relaxed);
        }
        // With nobody left to read the table, the review goes on only for its JSON file.
        if out::gone() && args.json.is_none() {
            stop.store(true, Ordering::Relaxed);
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let review = match review {
        Ok(review) => review,
        // Stopped above: the reader went, and nothing else wanted the review.
        Err(_) if out::gone() && args.json.is_none() => return Ok(()),
        Err(e) => return Err(e.to_string()),
    };
    out::say(print::review_summary(&review))?;
    if let Some(path) = &args.json {
        std::fs::write(path, review.to_json() + "\n")
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        out::say(format_args!("review written to {path}"))?;
    }
    Ok(())
}

fn solve(args: &Solve) -> Result<(), String> {
    let input = args.input.as_deref().unwrap_or_default();
    let game = input::position(input, args.position.rule, args.position.size)?;
    if game.outcome().is_over() {
        return Err("the game is over: there is nothing to solve".to_owned());
    }
    let board = game.board();
    let side = board.to_move();
    let nodes = args.nodes;
    match forced_win(board, game.rule(), nodes) {
        Some(win) => out::say(print::forced_win(side, &win, board.size()))?,
        None => out::say(format_args!(
            "no forced win found for {} ({} nodes per solver)",
            print::colour_name(side),
            nodes
        ))?,
    }
    Ok(())
}

fn analyse(args: &Analyse) -> Result<(), String> {
    let input = args.input.as_deref().unwrap_or_default();
    let game = input::position(input, args.position.rule, args.position.size)?;
    if game.outcome().is_over() {
        return Err("the game is over: there is nothing to analyse".to_owned());
    }
    let board = game.board();
    let limits = match args.time {
        Some(t) => Limits::time(t),
        None => Limits::nodes(args.nodes),
    };
    out::say(format_args!(
        "{} to move ({}, {} stones)",
        print::colour_name(board.to_move()),
        game.rule(),
        board.stone_count()
    ))?;
    let mut searcher = Searcher::new(board, game.rule(), TABLE_BYTES);
    let lines = multi_pv(
        &mut searcher,
        board,
        game.rule(),
        args.multipv,
        &limits,
        |line| {
            Some(Box::new(move |info: &SearchInfo| {
                // A failure to write shows again, as an error, with the lines at the end.
                let _ = out::say(format_args!("info line {} {info}", line + 1));
            }))
        },
    );
    if lines.is_empty() {
        return Err("no move to analyse".to_owned());
    }
    for (i, l) in lines.iter().enumerate() {
        out::say(print::pv_line(i + 1, l, board.size()))?;
    }
    Ok(())
}
