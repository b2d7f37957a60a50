//! Plays the engine against itself at a fixed node count and saves the games for the tuners.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example self_play -- OUT_DIR
//! ```
//!
//! Each game starts from a line of an openings file (`SELFPLAY_OPENINGS`, by default
//! `scripts/openings/rapfi-freestyle.txt`), then up to `SELFPLAY_RANDOM` (3) random moves near
//! the stones so that no two games are alike, then the engine plays both sides with
//! `SELFPLAY_NODES` (8,000) nodes a move until a five or a full board. Games are written to
//! `OUT_DIR/gameNNNNNN.txt` as position strings, one file a game as it ends (a run stopped
//! part way keeps every finished game), so `tune_eval` and `label_positions` read the folder as
//! they read a study's archive; `scripts/games_archive.py pack` turns the folder into one
//! `games.tsv.gz` to keep. Other settings:
//! `SELFPLAY_GAMES` (1,000), `SELFPLAY_SEED` (1: run one process per core with its own seed and
//! `SELFPLAY_FIRST`, the first game's number, so their files do not collide) and
//! `SELFPLAY_RULE` (freestyle, standard or renju). The engine's table carries over from move to
//! move and game to game, as in a match.
//!
//! With `SELFPLAY_LABELS=FILE` every searched position of a decided game is also written to
//! `FILE` with the search's score, in `label_positions`' format (`rule game won score moves`),
//! for `tune_eval`'s `TUNE_LABELS` (it keeps the quiet ones): labels that cost nothing extra.

#[path = "common/games.rs"]
#[allow(dead_code)] // only `env_or` is used here
mod games;

use std::io::Write;
use std::path::Path;

use gomoku_engine::board::{Board, Pos, Stone, parse_moves};
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::searcher::{Limits, Searcher};

fn main() {
    let Some(out) = std::env::args().nth(1) else {
        eprintln!("usage: self_play OUT_DIR");
        std::process::exit(2);
    };
    let games = games::env_or("SELFPLAY_GAMES", 1_000usize);
    let nodes = games::env_or("SELFPLAY_NODES", 8_000u64);
    let random = games::env_or("SELFPLAY_RANDOM", 3u64);
    let first = games::env_or("SELFPLAY_FIRST", 0usize);
    let mut rng = XorShift(games::env_or("SELFPLAY_SEED", 1u64).max(1));
    let rule: Rule = match std::env::var("SELFPLAY_RULE")
        .unwrap_or_else(|_| "freestyle".into())
        .parse()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("SELFPLAY_RULE: {e}");
            std::process::exit(2);
        }
    };
    let openings_file = std::env::var("SELFPLAY_OPENINGS")
        .unwrap_or_else(|_| "scripts/openings/rapfi-freestyle.txt".into());
    let openings = match read_openings(&openings_file) {
        Ok(o) if !o.is_empty() => o,
        Ok(_) => {
            eprintln!("{openings_file}: no openings");
            std::process::exit(2);
        }
        Err(e) => {
            eprintln!("{openings_file}: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("{out}: {e}");
        std::process::exit(2);
    }
    let mut labels = match std::env::var("SELFPLAY_LABELS") {
        Ok(path) => match std::fs::File::create(&path) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        },
        Err(_) => None,
    };
    let mut searcher = Searcher::new(&Board::new(15).expect("15 is a board size"), rule, 32 << 20);
    let started = std::time::Instant::now();
    let (mut decided, mut moves_played) = (0usize, 0usize);
    for g in 0..games {
        let opening = &openings[rng.below(openings.len() as u64) as usize];
        let Some(game) = play_game(&mut searcher, opening, rule, nodes, random, &mut rng) else {
            continue;
        };
        moves_played += game.moves.len();
        decided += usize::from(game.decided);
        let text: String = game.moves.iter().map(|p| p.to_notation(15)).collect();
        if let (Some(labels), true) = (labels.as_mut(), game.decided) {
            let winner = (game.moves.len() - 1) % 2; // 0 when black made the five
            for (ply, score) in &game.scores {
                let moves: Vec<String> = game.moves[..*ply]
                    .iter()
                    .map(|p| p.to_notation(15))
                    .collect();
                let won = u8::from(ply % 2 == winner);
                let line = format!("{rule} {} {won} {score} {}", first + g, moves.join(" "));
                if let Err(e) = writeln!(labels, "{line}") {
                    eprintln!("labels: {e}");
                    std::process::exit(1);
                }
            }
            // Each game's labels whole on disk, so a run stopped part way loses no game's half.
            if let Err(e) = labels.flush() {
                eprintln!("labels: {e}");
                std::process::exit(1);
            }
        }
        let path = Path::new(&out).join(format!("game{:06}.txt", first + g));
        if let Err(e) = std::fs::File::create(&path).and_then(|mut f| writeln!(f, "{text}")) {
            eprintln!("{}: {e}", path.display());
            std::process::exit(1);
        }
        if (g + 1) % 100 == 0 {
            eprintln!(
                "{} games ({decided} decided), {moves_played} moves, {:.0} s",
                g + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    eprintln!(
        "{games} games ({decided} decided) at {nodes} nodes a move in {:.0} s",
        started.elapsed().as_secs_f64()
    );
}

/// A finished game: every move, the last one a five when `decided`, and the search's score of
/// each position it searched (by the number of moves before it).
struct Game {
    moves: Vec<Pos>,
    decided: bool,
    scores: Vec<(usize, i32)>,
}

/// One game from `opening` (`None` if the opening or a random move cannot be played).
fn play_game(
    searcher: &mut Searcher,
    opening: &[Pos],
    rule: Rule,
    nodes: u64,
    random: u64,
    rng: &mut XorShift,
) -> Option<Game> {
    let mut board = Board::new(15).ok()?;
    for &m in opening {
        board.place(m).ok()?;
    }
    for _ in 0..rng.below(random + 1) {
        let m = random_move(&board, rule, rng)?;
        if rules::would_win(&board, m, board.to_move(), rule) {
            return None;
        }
        board.place(m).ok()?;
    }
    let mut scores = Vec::new();
    loop {
        if board.stone_count() == 15 * 15 {
            return Some(Game {
                moves: board.moves().to_vec(),
                decided: false,
                scores,
            });
        }
        searcher.set_position(&board, rule);
        let report = searcher.think(Limits::nodes(nodes));
        let m = report.best?;
        scores.push((board.stone_count(), report.score));
        let wins = rules::would_win(&board, m, board.to_move(), rule);
        board.place(m).ok()?;
        if wins {
            return Some(Game {
                moves: board.moves().to_vec(),
                decided: true,
                scores,
            });
        }
    }
}

/// An empty point within two of a stone, chosen at random (never one forbidden to black in
/// renju).
fn random_move(board: &Board, rule: Rule, rng: &mut XorShift) -> Option<Pos> {
    let near: Vec<Pos> = board
        .points()
        .filter(|&p| board.is_empty_at(p))
        .filter(|&p| {
            board.moves().iter().any(|s| {
                (i32::from(s.x) - i32::from(p.x)).abs() <= 2
                    && (i32::from(s.y) - i32::from(p.y)).abs() <= 2
            })
        })
        .filter(|&p| {
            !(rule == Rule::Renju
                && board.to_move() == Stone::Black
                && rules::forbidden_kind(board, p).is_some())
        })
        .collect();
    (!near.is_empty()).then(|| near[rng.below(near.len() as u64) as usize])
}

/// The openings file's lines as moves (`#` lines and blank lines skipped).
fn read_openings(path: &str) -> Result<Vec<Vec<Pos>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| parse_moves(&l.replace(' ', ""), 15).map_err(|e| format!("{l}: {e}")))
        .collect()
}

/// A small seeded generator (xorshift64): the same seed plays the same games.
struct XorShift(u64);

impl XorShift {
    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}
