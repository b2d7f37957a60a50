//! The game folders the tuners read: `RULE:DIR` arguments, each folder's `game*.txt` files (one
//! position string each, as `scripts/match.py --save` writes them), and their settings from the
//! environment.

use std::path::{Path, PathBuf};

use gomoku_engine::board::{Board, Pos, Stone, parse_moves};
use gomoku_engine::rules::{self, Rule};

/// Calls `add(text, rule, held_out)` for every game file named by the program's `RULE:DIR`
/// arguments, holding out every fifth game that `add` accepts (it returns whether it did).
/// Returns how many games were accepted; a missing or bad argument ends the program with a
/// message.
pub fn read_games(program: &str, mut add: impl FnMut(&str, Rule, bool) -> bool) -> usize {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: {program} RULE:DIR [RULE:DIR ...]  (RULE: freestyle, standard, renju)");
        std::process::exit(2);
    }
    let mut games = 0;
    for arg in &args {
        let Some((rule, dir)) = arg.split_once(':') else {
            eprintln!("{arg}: expected RULE:DIR");
            std::process::exit(2);
        };
        let rule: Rule = match rule.parse() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(2);
            }
        };
        let files = match game_files(Path::new(dir)) {
            Ok(files) => files,
            Err(e) => {
                eprintln!("{arg}: cannot read the folder {dir}: {e}");
                std::process::exit(2);
            }
        };
        for file in files {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            if add(text.trim(), rule, games % 5 == 4) {
                games += 1;
            }
        }
    }
    games
}

/// The `game*.txt` files of a folder, in name order; an error if the folder cannot be read (a
/// mistyped or relative path would otherwise leave its games out without a word).
fn game_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("game"))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// A finished game's moves before the winning one, and the winner: `None` unless the position
/// string is legal and its last move makes five for the side that plays it.
#[allow(dead_code)] // the policy tuner reads the moves only
pub fn decided_game(text: &str, rule: Rule) -> Option<(Vec<Pos>, Stone)> {
    let moves = parse_moves(text, 15).ok()?;
    let (&last, before) = moves.split_last()?;
    let mut board = Board::new(15).ok()?;
    for &m in before {
        board.place(m).ok()?;
    }
    let winner = board.to_move();
    (board.is_empty_at(last) && rules::would_win(&board, last, winner, rule))
        .then(|| (before.to_vec(), winner))
}

/// The environment variable `name` read as a `T`, or `default` when it is unset or not one.
pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
