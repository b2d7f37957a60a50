//! Labels the quiet positions of finished games with the score of a deeper search, for the
//! evaluation's fit (`crates/engine/examples/tune_eval.rs`, `--labels FILE`): a static evaluation fitted to what
//! the search finds predicts the search, and the labels are far less noisy than a game's result
//! (every position of a game shares one result).
//!
//! ```text
//! LABEL_NODES=20000 LABEL_SHARD=0/2 cargo run --release -p gomoku-engine \
//!     --example label_positions -- RULE:PATH ... > labels-0.txt
//! ```
//!
//! Each line: `rule game result score moves`: the rule's name, the game's number in the
//! order read (every fifth is held out by the fit, as in the tuner), 1 if the side to move went
//! on to win and 0 if it lost, the search's score for the side to move (evaluation units), and
//! the moves before the position (`h8 i9 ...`). `LABEL_NODES` is the search's node budget (20,000
//! by default); `LABEL_SHARD=K/N` labels only the games whose number is K modulo N, so N
//! processes can share the work; `LABEL_EVERY=E` takes every E-th quiet position of a game (1 by
//! default).

#[path = "common/games.rs"]
mod games;

use std::io::Write;

use gomoku_engine::board::Board;
use gomoku_engine::rules::Rule;
use gomoku_engine::search::position::Position;
use gomoku_engine::search::searcher::{Limits, Searcher};
use gomoku_engine::search::threat::Threat;

fn main() {
    let nodes = games::env_or("LABEL_NODES", 20_000u64);
    let every = games::env_or("LABEL_EVERY", 1usize).max(1);
    let (shard, shards) = std::env::var("LABEL_SHARD")
        .ok()
        .and_then(|s| {
            let (k, n) = s.split_once('/')?;
            Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?))
        })
        .filter(|&(k, n)| n > 0 && k < n)
        .unwrap_or((0, 1));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut searchers: Vec<(Rule, Searcher)> = Vec::new();
    let mut number = 0usize;
    let mut labelled = 0usize;
    let started = std::time::Instant::now();
    games::read_games("label_positions", |text, rule, _held_out| {
        let Some((before, winner)) = games::decided_game(text, rule) else {
            return false;
        };
        let game = number;
        number += 1;
        if game % shards != shard {
            return true;
        }
        let mut board = Board::new(15).expect("15 is a board size");
        let mut quiet_seen = 0usize;
        for (k, &m) in before.iter().enumerate() {
            if board.stone_count() >= 5 && quiet(&board, rule) {
                quiet_seen += 1;
                if quiet_seen.is_multiple_of(every) {
                    let searcher = searcher_for(&mut searchers, &board, rule);
                    searcher.set_position(&board, rule);
                    let report = searcher.think(Limits::nodes(nodes));
                    let won = u8::from(board.to_move() == winner);
                    let moves: Vec<String> =
                        before[..k].iter().map(|p| p.to_notation(15)).collect();
                    let _ = writeln!(
                        out,
                        "{rule} {game} {won} {} {}",
                        report.score,
                        moves.join(" ")
                    );
                    labelled += 1;
                }
            }
            board.place(m).expect("checked by decided_game");
        }
        let _ = out.flush();
        true
    });
    eprintln!(
        "{labelled} positions labelled at {nodes} nodes in {:.0} s",
        started.elapsed().as_secs_f64()
    );
}

/// The searcher kept for `rule` (its table carries over from position to position).
fn searcher_for<'a>(
    searchers: &'a mut Vec<(Rule, Searcher)>,
    board: &Board,
    rule: Rule,
) -> &'a mut Searcher {
    if let Some(k) = searchers.iter().position(|(r, _)| *r == rule) {
        return &mut searchers[k].1;
    }
    searchers.push((rule, Searcher::new(board, rule, 32 << 20)));
    &mut searchers.last_mut().expect("just pushed").1
}

/// The tuner's quiet positions: no five to make or to stop, no open four to make.
fn quiet(board: &Board, rule: Rule) -> bool {
    let pos = Position::new(board, rule);
    let me = pos.to_move();
    let them = me.opponent();
    pos.count(me, Threat::Five) == 0
        && pos.count(them, Threat::Five) == 0
        && pos.count(me, Threat::FlexFour) == 0
}
