//! Fits the mapping from search score to win probability (`crates/engine/src/analysis/win_probability.rs`)
//! to the results of games.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example fit_win_probability -- \
//!     freestyle:PATH standard:PATH renju:PATH ...
//! ```
//!
//! Each PATH names games as position strings (`h8i9...`): a study's `games.tsv.gz` (as
//! `scripts/match.py --save` and `scripts/games_archive.py` write it), a study folder holding
//! one, `STUDY/MATCH` for one match of it, or an old folder of `game*.txt` files; a game counts only if its last move makes five, so
//! its winner is known. Every `FIT_STRIDE`-th position (3 by default) with at least five stones
//! is searched with `FIT_NODES` nodes (1,000 by default) and labelled 1 if the side to move went
//! on to win, 0 if it lost; decided scores (proven wins and losses) are left out, they map to 1
//! and 0 by definition. Per rule, `P(win) = logistic(a x score + b x colour)` (colour +1 when
//! black is to move, -1 when white is) is fitted by Newton's method on four games in five; the
//! fifth is held out to report the log-loss. The printed constants go into
//! `crates/engine/src/analysis/win_probability.rs` as `WinModel`s (`1 / a` units per log-odds, `b`).

#[path = "common/games.rs"]
mod games;

use gomoku_engine::analysis::win_probability::{is_decided, logistic, model};
use gomoku_engine::board::{Board, Stone};
use gomoku_engine::rules::Rule;
use gomoku_engine::search::searcher::{Limits, Searcher};

/// One searched position.
struct Sample {
    rule: Rule,
    score: f64,
    colour: f64,
    won: f64,
    held_out: bool,
}

fn main() {
    let nodes = games::env_or("FIT_NODES", 1_000u64);
    let stride = games::env_or("FIT_STRIDE", 3usize).max(1);
    let mut searcher = Searcher::new(
        &Board::new(15).expect("a board size"),
        Rule::Freestyle,
        1 << 22,
    );
    let mut samples = Vec::new();
    let games = games::read_games("fit_win_probability", |text, rule, held_out| {
        add_game(
            text,
            rule,
            held_out,
            nodes,
            stride,
            &mut searcher,
            &mut samples,
        )
    });
    println!(
        "{games} games, {} positions searched with {nodes} nodes (every {stride}th position)",
        samples.len()
    );
    for rule in Rule::ALL {
        let of_rule: Vec<&Sample> = samples.iter().filter(|s| s.rule == rule).collect();
        if of_rule.len() < 100 {
            println!("{rule}: {} positions, too few to fit", of_rule.len());
            continue;
        }
        let train: Vec<&Sample> = of_rule.iter().copied().filter(|s| !s.held_out).collect();
        let held: Vec<&Sample> = of_rule.iter().copied().filter(|s| s.held_out).collect();
        let (a, b) = fit(&train);
        let current = model(rule);
        let current_ab = (
            1.0 / current.score_units_per_log_odds,
            current.black_log_odds,
        );
        println!(
            "{rule}: {} positions ({} held out); fitted: {:.0} units per log-odds, black {:+.3}; \
             log-loss held out {:.4} (current constants {:.4}, a coin {:.4})",
            of_rule.len(),
            held.len(),
            1.0 / a,
            b,
            log_loss(&held, (a, b)),
            log_loss(&held, current_ab),
            std::f64::consts::LN_2,
        );
        println!(
            "    WinModel {{ score_units_per_log_odds: {:.1}, black_log_odds: {:.3} }}",
            1.0 / a,
            b
        );
    }
}

/// Adds the searched positions of a game; false when the game has no known winner.
fn add_game(
    text: &str,
    rule: Rule,
    held_out: bool,
    nodes: u64,
    stride: usize,
    searcher: &mut Searcher,
    out: &mut Vec<Sample>,
) -> bool {
    let Some((before, winner)) = games::decided_game(text, rule) else {
        return false;
    };
    let mut board = Board::new(15).expect("a board size");
    for (ply, &m) in before.iter().enumerate() {
        if ply >= 5 && ply % stride == 0 {
            searcher.set_position(&board, rule);
            let score = searcher.think(Limits::nodes(nodes)).score;
            if !is_decided(score) {
                let me = board.to_move();
                out.push(Sample {
                    rule,
                    score: score as f64,
                    colour: if me == Stone::Black { 1.0 } else { -1.0 },
                    won: if me == winner { 1.0 } else { 0.0 },
                    held_out,
                });
            }
        }
        board.place(m).expect("checked above");
    }
    true
}

/// Logistic regression of the result on (score, colour), no intercept, by Newton's method.
fn fit(samples: &[&Sample]) -> (f64, f64) {
    let (mut a, mut b) = (1.0 / 640.0, 0.0);
    for _ in 0..50 {
        let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for s in samples {
            let p = logistic(a * s.score + b * s.colour);
            let err = p - s.won;
            let w = p * (1.0 - p);
            ga += err * s.score;
            gb += err * s.colour;
            haa += w * s.score * s.score;
            hab += w * s.score * s.colour;
            hbb += w * s.colour * s.colour;
        }
        let det = haa * hbb - hab * hab;
        if det.abs() < 1e-12 {
            break;
        }
        let da = (hbb * ga - hab * gb) / det;
        let db = (haa * gb - hab * ga) / det;
        a -= da;
        b -= db;
        if da.abs() < 1e-12 && db.abs() < 1e-9 {
            break;
        }
    }
    (a, b)
}

/// The average log-loss of the model `(a, b)` on `samples`.
fn log_loss(samples: &[&Sample], (a, b): (f64, f64)) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = logistic(a * s.score + b * s.colour).clamp(1e-9, 1.0 - 1e-9);
            -(s.won * p.ln() + (1.0 - s.won) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}
