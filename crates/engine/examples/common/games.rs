//! The games the tuners read: `RULE:PATH` arguments, each naming a study's compact archive
//! (`games.tsv.gz`, as `scripts/games_archive.py` and `scripts/match.py --save` write it), a
//! folder holding one, the folder a packed match had (`STUDY/MATCH`: that match's games from
//! the study's archive), or an old folder of `game*.txt` files (one position string each); and
//! their settings from the environment.

use std::io::Read;
use std::path::{Path, PathBuf};

use flate2::read::MultiGzDecoder;
use gomoku_engine::board::{Board, Pos, Stone, parse_moves};
use gomoku_engine::rules::{self, Rule};

/// The file name of a study's games.
const ARCHIVE: &str = "games.tsv.gz";
/// The archive's header row.
const COLUMNS: &str = "match\tgame\trule\tresult\tmoves";

/// Calls `add(text, rule, held_out)` for every game named by the program's `RULE:PATH`
/// arguments, holding out every fifth game that `add` accepts (it returns whether it did).
/// Returns how many games were accepted; a missing or bad argument ends the program with a
/// message.
pub fn read_games(program: &str, mut add: impl FnMut(&str, Rule, bool) -> bool) -> usize {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: {program} RULE:PATH [RULE:PATH ...]  (RULE: freestyle, standard, renju;");
        eprintln!(
            "       PATH: a games.tsv.gz, a study folder, STUDY/MATCH, or a folder of game*.txt)"
        );
        std::process::exit(2);
    }
    let mut games = 0;
    for arg in &args {
        let Some((rule, path)) = arg.split_once(':') else {
            eprintln!("{arg}: expected RULE:PATH");
            std::process::exit(2);
        };
        let rule: Rule = match rule.parse() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(2);
            }
        };
        let texts = match game_texts(Path::new(path), rule) {
            Ok(texts) => texts,
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(2);
            }
        };
        for text in texts {
            if add(text.trim(), rule, games % 5 == 4) {
                games += 1;
            }
        }
    }
    games
}

/// The position strings `path` names under `rule`, in the archive's order (match, then game)
/// or the folder's name order; an error saying what is wrong if it names no games (a mistyped
/// or relative path would otherwise leave its games out without a word). An archive's games
/// of another rule are left out.
fn game_texts(path: &Path, rule: Rule) -> Result<Vec<String>, String> {
    if path.is_file() {
        return archive_games(path, None, rule);
    }
    if path.join(ARCHIVE).is_file() {
        return archive_games(&path.join(ARCHIVE), None, rule);
    }
    if path.is_dir() {
        return folder_games(path);
    }
    // A packed match (`STUDY/MATCH`, `STUDY/final/MATCH`): its folder is gone, its games are in
    // the study's archive under the folder's path.
    for study in path.ancestors().skip(1) {
        if study.join(ARCHIVE).is_file() {
            let name = path
                .strip_prefix(study)
                .map_err(|e| e.to_string())?
                .to_string_lossy()
                .replace('\\', "/");
            let archive = study.join(ARCHIVE);
            let games = archive_games(&archive, Some(&name), rule)?;
            if games.is_empty() {
                return Err(format!(
                    "no {rule:?} games of a match {name} in {}",
                    archive.display()
                ));
            }
            return Ok(games);
        }
    }
    Err(format!(
        "no games at {}: not an archive, a study or a folder of game*.txt",
        path.display()
    ))
}

/// The games of an archive under `rule` (a row with no rule is taken as `rule`), those of
/// match `only` when given.
fn archive_games(path: &Path, only: Option<&str>, rule: Rule) -> Result<Vec<String>, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut text = String::new();
    MultiGzDecoder::new(file)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: not a gzip archive of text: {e}", path.display()))?;
    let mut lines = text.lines();
    if lines.next() != Some(COLUMNS) {
        return Err(format!(
            "{}: not a games archive (its header is not {COLUMNS:?})",
            path.display()
        ));
    }
    let mut games = Vec::new();
    for (n, line) in lines.enumerate().filter(|(_, l)| !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [matched, _game, row_rule, _result, moves] = fields[..] else {
            return Err(format!(
                "{} row {}: expected 5 fields, found {}",
                path.display(),
                n + 2,
                fields.len()
            ));
        };
        let same_rule = row_rule.is_empty() || row_rule.parse::<Rule>() == Ok(rule);
        if same_rule && only.is_none_or(|m| m == matched) {
            games.push(moves.to_string());
        }
    }
    Ok(games)
}

/// The `game*.txt` files of a folder, in name order, read.
fn folder_games(dir: &Path) -> Result<Vec<String>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the folder {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("game"))
        })
        .collect();
    files.sort();
    Ok(files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect())
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
