//! The command line: a subcommand, one input, and its options, read by clap.

use std::time::Duration;

use clap::{Args as ClapArgs, Parser, Subcommand};
use gomoku_engine::analysis::ReviewOptions;
use gomoku_engine::board::{DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
use gomoku_engine::rules::Rule;

/// What `gomoku-analyse --help` ends with.
const AFTER_HELP: &str = "\
FILE and POSITION: a .psq file, our JSON record, a file holding a position string, or a
position string itself (\"h8i9j10\" or \"h8 i9 j10\"). A JSON record carries its own rule and
size; for the others --rule (freestyle, standard, renju; default freestyle) and --size
(default 15) say them.";

/// The parsed command line.
#[derive(Debug, Parser)]
#[command(
    name = "gomoku-analyse",
    about = "Reviews a game, solves a position (is there a forced win?), lists its best moves",
    after_help = AFTER_HELP,
    // Every command's options in the one help, as they always were.
    flatten_help = true,
    // An option given twice takes its last value, as it always did.
    args_override_self = true,
)]
pub struct Args {
    /// None: print the help (on standard output, with success, as it always was).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// marks every move best, good, inaccuracy, mistake, blunder or missed win, prints a
    /// table and a summary per player, and writes the review as JSON with --json
    #[command(verbatim_doc_comment, after_help = AFTER_HELP)]
    Review(Review),
    /// is there a forced win (VCF, then VCT) for the side to move, and its line
    #[command(verbatim_doc_comment, after_help = AFTER_HELP)]
    Solve(Solve),
    /// the K best moves (default 3) with values, win probability and lines, and the
    /// search's information as it goes
    #[command(alias = "analyze", verbatim_doc_comment, after_help = AFTER_HELP)]
    Analyse(Analyse),
}

/// Review every move of a game.
#[derive(Debug, ClapArgs)]
pub struct Review {
    /// the game: a file, or a position string
    #[arg(value_name = "FILE")]
    pub input: String,
    /// the search's nodes per position
    #[arg(long, value_name = "N", default_value_t = ReviewOptions::default().nodes,
        value_parser = positive)]
    pub nodes: u64,
    /// the threat solvers' (VCF/VCT) nodes per position
    #[arg(long, value_name = "N", default_value_t = ReviewOptions::default().solver_nodes,
        value_parser = positive)]
    pub solver_nodes: u64,
    /// where to write the review as JSON
    #[arg(long, value_name = "OUT")]
    pub json: Option<String>,
    #[command(flatten)]
    pub position: Position,
}

/// Look for a forced win.
#[derive(Debug, ClapArgs)]
pub struct Solve {
    /// the position: a file, or a position string (none: the empty board)
    #[arg(value_name = "POSITION")]
    pub input: Option<String>,
    /// the nodes per solver
    #[arg(long, value_name = "N", default_value_t = crate::SOLVE_NODES, value_parser = positive)]
    pub nodes: u64,
    #[command(flatten)]
    pub position: Position,
}

/// The best moves of a position.
#[derive(Debug, ClapArgs)]
pub struct Analyse {
    /// the position: a file, or a position string (none: the empty board)
    #[arg(value_name = "POSITION")]
    pub input: Option<String>,
    /// how many moves to list
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = positive_usize)]
    pub multipv: usize,
    /// the search's nodes per listed move
    #[arg(long, value_name = "N", default_value_t = crate::ANALYSE_NODES, value_parser = positive)]
    pub nodes: u64,
    /// the search's time per listed move, in milliseconds, instead of
    /// --nodes
    #[arg(long = "ms", value_name = "T", value_parser = milliseconds, conflicts_with = "nodes",
        verbatim_doc_comment)]
    pub time: Option<Duration>,
    #[command(flatten)]
    pub position: Position,
}

/// How to read an input that does not say it itself (a position string, a `.psq` file).
#[derive(Debug, ClapArgs)]
pub struct Position {
    /// the rule: freestyle, standard or renju
    #[arg(long, value_name = "R", default_value = "freestyle", value_parser = rule)]
    pub rule: Rule,
    /// the board's side, 5 to 22
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SIZE,
        value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    pub size: u8,
}

fn rule(text: &str) -> Result<Rule, String> {
    text.parse()
}

/// A count of at least 1.
fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a number".to_owned()),
    }
}

fn positive_usize(text: &str) -> Result<usize, String> {
    positive(text).map(|n| n as usize)
}

fn milliseconds(text: &str) -> Result<Duration, String> {
    positive(text).map(Duration::from_millis)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use clap::error::ErrorKind;

    fn parse(line: &str) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("gomoku-analyse").chain(line.split_whitespace()))
    }

    #[test]
    fn each_command_takes_its_options() {
        Args::command().debug_assert();
        let Some(Command::Review(r)) =
            parse("review g.psq --nodes 5 --solver-nodes 6 --json o.json --rule renju --size 19")
                .unwrap()
                .command
        else {
            panic!("review")
        };
        assert_eq!(
            (r.input.as_str(), r.nodes, r.solver_nodes, r.json.as_deref()),
            ("g.psq", 5, 6, Some("o.json"))
        );
        assert_eq!((r.position.rule, r.position.size), (Rule::Renju, 19));
        let Some(Command::Solve(s)) = parse("solve").unwrap().command else {
            panic!("solve")
        };
        assert_eq!(
            (s.input, s.nodes),
            (None, crate::SOLVE_NODES),
            "the empty board"
        );
        assert_eq!(
            (s.position.rule, s.position.size),
            (Rule::Freestyle, DEFAULT_SIZE)
        );
        let Some(Command::Analyse(a)) = parse("analyze h8 --multipv 2 --ms 50").unwrap().command
        else {
            panic!("analyse")
        };
        assert_eq!((a.multipv, a.time), (2, Some(Duration::from_millis(50))));
    }

    #[test]
    fn bad_lines_are_named() {
        for (line, kind, said) in [
            ("review", ErrorKind::MissingRequiredArgument, "<FILE>"),
            ("frobnicate", ErrorKind::InvalidSubcommand, "'frobnicate'"),
            (
                "analyse h8 --nodes 5 --ms 5",
                ErrorKind::ArgumentConflict,
                "'--ms <T>'",
            ),
            (
                "analyse h8 --nodes many",
                ErrorKind::ValueValidation,
                "not a number",
            ),
            (
                "analyse h8 --multipv 0",
                ErrorKind::ValueValidation,
                "at least 1",
            ),
            (
                "solve --size 30",
                ErrorKind::ValueValidation,
                "'--size <S>'",
            ),
            (
                "solve --rule chess",
                ErrorKind::ValueValidation,
                "unknown rule 'chess'",
            ),
            ("solve --ms 5", ErrorKind::UnknownArgument, "'--ms'"),
            ("solve h8 i9", ErrorKind::UnknownArgument, "'i9'"),
        ] {
            let e = parse(line).unwrap_err();
            assert_eq!(e.kind(), kind, "{line}: {e}");
            assert_eq!(e.exit_code(), 2, "{line}");
            assert!(e.to_string().contains(said), "{line}: {e}");
        }
    }
}
