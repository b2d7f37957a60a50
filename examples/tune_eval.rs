//! Fits the evaluation's weights to the results of games (logistic regression, "Texel tuning").
//!
//! ```text
//! cargo run --release --no-default-features --example tune_eval -- \
//!     freestyle:GAMES_DIR standard:GAMES_DIR renju:GAMES_DIR ...
//! ```
//!
//! Each folder holds games as position strings (`h8i9...`, one game per `.txt` file, as
//! `scripts/match.py --save` writes them); a game counts only if its last move makes five, so
//! its winner is known. Every quiet position of a game (at least five stones on the board, no
//! five to make or to stop, no open four to make for the side to move: what the search's leaves
//! look like) becomes a sample: the evaluation's features for the side to move, labelled 1 if
//! the side to move went on to win and 0 if it lost.
//!
//! The model is `P(win) = logistic(sum of weight x feature + c x colour)`, where colour is +1
//! when black is to move and -1 otherwise (it absorbs the first player's advantage and is not
//! part of the evaluation). It is fitted by gradient descent (Adam, full batch, features scaled
//! to unit variance, an L2 penalty on the weights per count, `TUNE_L2`, 2e-4 by default) on four games in five; the fifth is held out. The
//! current evaluation is measured the same way (its one scale fitted), so the report compares
//! the two on the held-out games. The new weights are printed as the `WEIGHTS` array of
//! `src/engine/search/eval.rs`, in evaluation units (`UNITS_PER_LOG_ODDS` to a log-odds of 1).

#[path = "common/games.rs"]
mod games;

use gomoku::engine::analysis::win_probability::logistic;
use gomoku::engine::board::Board;
use gomoku::engine::rules::Rule;
use gomoku::engine::search::eval::{FEATURES, UNITS_PER_LOG_ODDS, WEIGHTS, feature_name};
use gomoku::engine::search::position::{Position, Threat};

/// One quiet position: features, the colour term, the label, and the current evaluation.
struct Sample {
    x: [f64; FEATURES],
    colour: f64,
    won: f64,
    current: f64,
    held_out: bool,
}

fn main() {
    let mut samples = Vec::new();
    let games = games::read_games("tune_eval", |text, rule, held_out| {
        add_game(text, rule, held_out, &mut samples)
    });
    let held = samples.iter().filter(|s| s.held_out).count();
    println!(
        "{games} games, {} quiet positions ({held} held out)",
        samples.len()
    );
    if samples.len() < 100 {
        eprintln!("too few positions to fit");
        std::process::exit(1);
    }

    // The current evaluation: fit its scale and the colour term only.
    let current = fit(&samples, |s| vec![s.current, s.colour], 3000);
    println!(
        "current evaluation: log-loss {:.4} (fitting), {:.4} (held out); a log-odds of 1 is {:.0} units",
        current.train_loss,
        current.held_loss,
        1.0 / current.weights[0]
    );
    let mut row = |s: &Sample| {
        let mut v = s.x.to_vec();
        v.push(s.colour);
        v
    };
    let fitted = fit(&samples, &mut row, 6000);
    println!(
        "fitted evaluation: log-loss {:.4} (fitting), {:.4} (held out); colour term {:.3}",
        fitted.train_loss, fitted.held_loss, fitted.weights[FEATURES]
    );
    let new: Vec<i32> = fitted.weights[..FEATURES]
        .iter()
        .map(|w| (w * UNITS_PER_LOG_ODDS).round() as i32)
        .collect();
    println!(
        "\n{:<32} {:>8} {:>8} {:>10}",
        "feature", "current", "fitted", "mean count"
    );
    for k in 0..FEATURES {
        let mean = samples.iter().map(|s| s.x[k]).sum::<f64>() / samples.len() as f64;
        println!(
            "{:<36} {:>8} {:>8} {:>10.3}",
            feature_name(k),
            WEIGHTS[k],
            new[k],
            mean
        );
    }
    println!("\npub const WEIGHTS: [i32; FEATURES] = [");
    for chunk in new.chunks(7) {
        let line: Vec<String> = chunk.iter().map(|w| w.to_string()).collect();
        println!("    {}, //", line.join(", "));
    }
    println!("];");
}

/// Adds a game's quiet positions; false when the game has no known winner.
fn add_game(text: &str, rule: Rule, held_out: bool, out: &mut Vec<Sample>) -> bool {
    let Some((before, winner)) = games::decided_game(text, rule) else {
        return false;
    };
    let mut board = Board::new(15).expect("15 is a board size");
    for &m in &before {
        if board.stone_count() >= 5 {
            add_position(&board, rule, winner, held_out, out);
        }
        board.place(m).expect("checked above");
    }
    true
}

fn add_position(
    board: &Board,
    rule: Rule,
    winner: gomoku::engine::Stone,
    held_out: bool,
    out: &mut Vec<Sample>,
) {
    let pos = Position::new(board, rule);
    let me = pos.to_move();
    let them = me.opponent();
    let quiet = pos.count(me, Threat::Five) == 0
        && pos.count(them, Threat::Five) == 0
        && pos.count(me, Threat::FlexFour) == 0;
    if !quiet {
        return;
    }
    let f = pos.eval_features();
    out.push(Sample {
        x: std::array::from_fn(|k| f[k] as f64),
        colour: if me == gomoku::engine::Stone::Black {
            1.0
        } else {
            -1.0
        },
        won: if me == winner { 1.0 } else { 0.0 },
        current: pos.evaluate() as f64,
        held_out,
    });
}

/// A fitted logistic model.
struct Fit {
    weights: Vec<f64>,
    train_loss: f64,
    held_loss: f64,
}

/// Logistic regression of the label on `row(sample)` (no intercept: the model is symmetric in
/// the colours), by Adam on the full batch of the fitting samples.
fn fit(samples: &[Sample], mut row: impl FnMut(&Sample) -> Vec<f64>, steps: usize) -> Fit {
    let rows: Vec<(Vec<f64>, f64, bool)> = samples
        .iter()
        .map(|s| (row(s), s.won, s.held_out))
        .collect();
    let n = rows[0].0.len();
    let train: Vec<&(Vec<f64>, f64, bool)> = rows.iter().filter(|r| !r.2).collect();
    // Scale each feature to unit variance (features that never vary keep weight 0).
    let scale: Vec<f64> = (0..n)
        .map(|k| {
            let mean = train.iter().map(|r| r.0[k]).sum::<f64>() / train.len() as f64;
            let var =
                train.iter().map(|r| (r.0[k] - mean).powi(2)).sum::<f64>() / train.len() as f64;
            if var > 1e-12 { var.sqrt() } else { 0.0 }
        })
        .collect();
    let mut w = vec![0.0; n];
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (lr, b1, b2) = (0.02, 0.9, 0.999);
    let l2 = std::env::var("TUNE_L2")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2e-4);
    for t in 1..=steps {
        let mut grad = vec![0.0; n];
        for r in &train {
            let z: f64 = (0..n).map(|k| w[k] * r.0[k] * inv(scale[k])).sum();
            let err = logistic(z) - r.1;
            for k in 0..n {
                grad[k] += err * r.0[k] * inv(scale[k]);
            }
        }
        for k in 0..n {
            // The penalty is on the weight per count (rare features pay more to be large).
            let g = grad[k] / train.len() as f64 + l2 * w[k] * inv(scale[k]).powi(2);
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            v[k] = b2 * v[k] + (1.0 - b2) * g * g;
            let mh = m[k] / (1.0 - b1.powi(t as i32));
            let vh = v[k] / (1.0 - b2.powi(t as i32));
            w[k] -= lr * mh / (vh.sqrt() + 1e-9);
        }
    }
    let weights: Vec<f64> = (0..n).map(|k| w[k] * inv(scale[k])).collect();
    let loss = |held: bool| {
        let set: Vec<_> = rows.iter().filter(|r| r.2 == held).collect();
        let total: f64 = set
            .iter()
            .map(|r| {
                let z: f64 = (0..n).map(|k| weights[k] * r.0[k]).sum();
                let p = logistic(z).clamp(1e-9, 1.0 - 1e-9);
                -(r.1 * p.ln() + (1.0 - r.1) * (1.0 - p).ln())
            })
            .sum();
        total / set.len().max(1) as f64
    };
    Fit {
        train_loss: loss(false),
        held_loss: loss(true),
        weights,
    }
}

fn inv(s: f64) -> f64 {
    if s > 0.0 { 1.0 / s } else { 0.0 }
}
