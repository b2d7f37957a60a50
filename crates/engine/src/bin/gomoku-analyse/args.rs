//! The command line: a subcommand, one input, and options.

use std::time::Duration;

use gomoku_engine::board::DEFAULT_SIZE;
use gomoku_engine::rules::Rule;

/// What to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Review every move of a game.
    Review,
    /// Look for a forced win.
    Solve,
    /// The best moves of a position.
    Analyse,
    /// Print the usage.
    Help,
}

/// The parsed command line.
#[derive(Debug, Clone)]
pub struct Args {
    pub command: Command,
    /// The file or position string.
    pub input: String,
    /// The rule for inputs that do not carry one (position strings, `.psq`).
    pub rule: Rule,
    /// The board side for position strings.
    pub size: u8,
    /// The search's nodes (per position, or per listed move).
    pub nodes: Option<u64>,
    /// The threat solvers' nodes (review).
    pub solver_nodes: Option<u64>,
    /// The search's time per listed move (analyse).
    pub time: Option<Duration>,
    /// How many moves to list (analyse).
    pub multipv: usize,
    /// Where to write the review as JSON.
    pub json: Option<String>,
}

/// The usage text.
pub const USAGE: &str = "\
usage:
  gomoku-analyse review FILE [--nodes N] [--solver-nodes N] [--json OUT] [--rule R] [--size S]
  gomoku-analyse solve POSITION [--nodes N] [--rule R] [--size S]
  gomoku-analyse analyse POSITION [--multipv K] [--nodes N | --ms T] [--rule R] [--size S]

FILE and POSITION: a .psq file, our JSON record, a file holding a position string, or a
position string itself (\"h8i9j10\" or \"h8 i9 j10\"). A JSON record carries its own rule and
size; for the others --rule (freestyle, standard, renju; default freestyle) and --size
(default 15) say them.

review   marks every move best, good, inaccuracy, mistake, blunder or missed win, prints a
         table and a summary per player, and writes the review as JSON with --json.
         --nodes: search per position (default 20000); --solver-nodes: VCF/VCT per position.
solve    is there a forced win (VCF, then VCT) for the side to move, and its line.
         --nodes: per solver (default 200000).
analyse  the K best moves (default 3) with values, win probability and lines, and the
         search's information as it goes. --nodes (default 100000) or --ms: per listed move.";

/// Parses the arguments after the program's name.
pub fn parse(args: &[String]) -> Result<Args, String> {
    let mut iter = args.iter();
    let command = match iter.next().map(String::as_str) {
        None | Some("help" | "--help" | "-h") => Command::Help,
        Some("review") => Command::Review,
        Some("solve") => Command::Solve,
        Some("analyse" | "analyze") => Command::Analyse,
        Some(other) => return Err(format!("unknown command '{other}'")),
    };
    let mut parsed = Args {
        command,
        input: String::new(),
        rule: Rule::Freestyle,
        size: DEFAULT_SIZE,
        nodes: None,
        solver_nodes: None,
        time: None,
        multipv: 3,
        json: None,
    };
    if parsed.command == Command::Help {
        return Ok(parsed);
    }
    let mut input = None;
    while let Some(arg) = iter.next() {
        let mut value = |name: &str| {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--rule" => parsed.rule = value("--rule")?.parse()?,
            "--size" => parsed.size = number(&value("--size")?, "--size")?,
            "--nodes" => parsed.nodes = Some(positive(&value("--nodes")?, "--nodes")?),
            "--solver-nodes" => {
                parsed.solver_nodes = Some(positive(&value("--solver-nodes")?, "--solver-nodes")?)
            }
            "--ms" => parsed.time = Some(Duration::from_millis(positive(&value("--ms")?, "--ms")?)),
            "--multipv" => parsed.multipv = positive(&value("--multipv")?, "--multipv")? as usize,
            "--json" => parsed.json = Some(value("--json")?),
            flag if flag.starts_with("--") => return Err(format!("unknown option '{flag}'")),
            other if input.is_none() => input = Some(other.to_owned()),
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    if parsed.nodes.is_some() && parsed.time.is_some() {
        return Err("give --nodes or --ms, not both".to_owned());
    }
    parsed.input = match (input, &parsed.command) {
        (Some(i), _) => i,
        // An empty board is a position too.
        (None, Command::Solve | Command::Analyse) => String::new(),
        (None, _) => return Err("review needs a FILE".to_owned()),
    };
    Ok(parsed)
}

fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name}: '{text}' is not a number"))
}

fn positive(text: &str, name: &str) -> Result<u64, String> {
    match number::<u64>(text, name)? {
        0 => Err(format!("{name} must be at least 1")),
        n => Ok(n),
    }
}
