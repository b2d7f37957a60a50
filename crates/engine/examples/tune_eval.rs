//! Fits the evaluation's weights to the results of games (logistic regression, "Texel tuning").
//!
//! ```text
//! cargo run --release -p gomoku-engine --example tune_eval -- \
//!     freestyle:PATH standard:PATH renju:PATH ...
//! ```
//!
//! Each PATH names games as position strings (`h8i9...`): a study's `games.tsv.gz` (as
//! `scripts/match.py --save` and `scripts/games_archive.py` write it), a study folder holding
//! one, `STUDY/MATCH` for one match of it, or an old folder of `game*.txt` files; a game counts only if its last move makes five, so
//! its winner is known. Every quiet position of a game (at least five stones on the board, no
//! five to make or to stop, no open four to make for the side to move: what the search's leaves
//! look like) becomes a sample: the evaluation's features for the side to move, labelled 1 if
//! the side to move went on to win and 0 if it lost.
//!
//! The model is `P(win) = logistic(sum of weight x feature + c x colour)`, where colour is +1
//! when black is to move and -1 otherwise (it absorbs the first player's advantage and is not
//! part of the evaluation). It is fitted by gradient descent (Adam, full batch, features scaled
//! to unit variance, an L2 penalty on the weights per count, `TUNE_L2`, 2e-4 by default) on
//! four games in five; the fifth is held out. The current evaluation is measured the same way
//! (its one scale fitted), so the report compares the two on the held-out games. The new weights are printed as the `WEIGHTS` array of
//! `crates/engine/src/search/eval.rs`, in evaluation units (`UNITS_PER_LOG_ODDS` to a log-odds of 1).
//!
//! Options, by environment variable:
//! - `TUNE_COMBOS=1` also fits a correction for each combination of a point's four line
//!   patterns (`eval::COMBO_WEIGHTS`, printed after `WEIGHTS`), for the mover and the waiter.
//! - `TUNE_LABELS=FILE[,FILE...]` reads positions labelled by a deeper search instead of
//!   games: our own (`examples/label_positions.rs`), or any Gomocup brain's
//!   (`scripts/label_with_brain.py`; give its scale as `TUNE_LABEL_SCALE`). The fit's target
//!   blends the game's result (weight `TUNE_LAMBDA`, 0.3 by default) with the label through the
//!   logistic function. The log-losses are measured against the results, and the held-out one
//!   against the targets too (how well the fit predicts the labels).
//! - `TUNE_PRODUCTS=0` leaves the products of threat-class counts out of the fit (their
//!   weights come out as zero), for a linear refit to compare with.
//! - `TUNE_DUMP=FILE` writes every sample for fits made elsewhere (a network, say), one a line:
//!   `held_out target result colour index:count ...` (held_out 1 or 0; the target and the
//!   result as above; colour +1 when black is to move; the features that are not zero, the
//!   corrections by combination at `FEATURES + role x COMBOS + n` with `TUNE_COMBOS=1`).

#[path = "common/games.rs"]
mod games;

use gomoku_engine::analysis::win_probability::logistic;
use gomoku_engine::board::Board;
use gomoku_engine::rules::Rule;
use gomoku_engine::search::eval::{
    COMBOS, FEATURES, LINEAR_FEATURES, PRODUCT_SCALE, PRODUCT_WEIGHTS, UNITS_PER_LOG_ODDS, WEIGHTS,
    combo_index, feature_name,
};
use gomoku_engine::search::position::Position;
use gomoku_engine::search::threat::Threat;

/// One quiet position: features, the colour term, the label, and the current evaluation.
struct Sample {
    /// The features that are not zero: (index, count). Indices below `FEATURES` are the
    /// evaluation's features; with `TUNE_COMBOS=1`, `FEATURES + role * COMBOS + n` counts the
    /// points of combination `n` for the mover (role 0) and the waiter (role 1).
    x: Vec<(usize, f64)>,
    colour: f64,
    /// The fit's target: the result, or a blend of it with a search's score.
    won: f64,
    /// The game's result for the side to move (the held-out log-loss is measured on it).
    result: f64,
    current: f64,
    held_out: bool,
}

fn main() {
    let mut samples = Vec::new();
    let games = match std::env::var("TUNE_LABELS") {
        Ok(files) => read_labels(&files, &mut samples),
        Err(_) => games::read_games("tune_eval", |text, rule, held_out| {
            add_game(text, rule, held_out, &mut samples)
        }),
    };
    if let Ok(path) = std::env::var("TUNE_DUMP")
        && let Err(e) = dump(&path, &samples)
    {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    }
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
    let current = fit(&samples, 2, |s| vec![(0, s.current), (1, s.colour)], 3000);
    println!(
        "current evaluation: log-loss {:.4} (fitting), {:.4} (held out), {:.4} (held out, \
         against the targets); a log-odds of 1 is {:.0} units",
        current.train_loss,
        current.held_loss,
        current.held_target_loss,
        1.0 / current.weights[0]
    );
    let colour = FEATURES + 2 * COMBOS;
    let mut row = |s: &Sample| {
        let mut v = s.x.clone();
        v.push((colour, s.colour));
        v
    };
    let fitted = fit(&samples, colour + 1, &mut row, 6000);
    println!(
        "fitted evaluation: log-loss {:.4} (fitting), {:.4} (held out), {:.4} (held out, \
         against the targets); colour term {:.3}",
        fitted.train_loss, fitted.held_loss, fitted.held_target_loss, fitted.weights[colour]
    );
    // Linear weights in evaluation units, products in 1/PRODUCT_SCALE of one.
    let scale = |k: usize| {
        UNITS_PER_LOG_ODDS
            * if k < LINEAR_FEATURES {
                1.0
            } else {
                PRODUCT_SCALE as f64
            }
    };
    let new: Vec<i32> = fitted.weights[..FEATURES]
        .iter()
        .enumerate()
        .map(|(k, w)| (w * scale(k)).round() as i32)
        .collect();
    let current = |k: usize| {
        if k < LINEAR_FEATURES {
            WEIGHTS[k]
        } else {
            PRODUCT_WEIGHTS[k - LINEAR_FEATURES]
        }
    };
    println!(
        "\n{:<32} {:>8} {:>8} {:>10}",
        "feature", "current", "fitted", "mean count"
    );
    for (k, fitted) in new.iter().enumerate() {
        let count = |s: &Sample| s.x.iter().find(|e| e.0 == k).map_or(0.0, |e| e.1);
        let mean = samples.iter().map(count).sum::<f64>() / samples.len() as f64;
        println!(
            "{:<36} {:>8} {:>8} {:>10.3}",
            feature_name(k),
            current(k),
            fitted,
            mean
        );
    }
    println!("\npub const WEIGHTS: [i32; LINEAR_FEATURES] = [");
    for chunk in new[..LINEAR_FEATURES].chunks(7) {
        let line: Vec<String> = chunk.iter().map(|w| w.to_string()).collect();
        println!("    {}, //", line.join(", "));
    }
    println!("];");
    println!("\npub const PRODUCT_WEIGHTS: [i32; PRODUCTS] = [");
    for chunk in new[LINEAR_FEATURES..].chunks(7) {
        let line: Vec<String> = chunk.iter().map(|w| w.to_string()).collect();
        println!("    {}, //", line.join(", "));
    }
    println!("];");
    if combos_on() {
        let units = |w: f64| (w * UNITS_PER_LOG_ODDS).round() as i32;
        println!("\npub const COMBO_WEIGHTS: [[i32; 2]; COMBOS] = [");
        for n in 0..COMBOS {
            let (m, w) = (
                units(fitted.weights[FEATURES + n]),
                units(fitted.weights[FEATURES + COMBOS + n]),
            );
            println!("    [{m}, {w}],");
        }
        println!("];");
    }
}

/// Writes the samples to `path` (see `TUNE_DUMP` above).
fn dump(path: &str, samples: &[Sample]) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    for s in samples {
        let xs: Vec<String> = s.x.iter().map(|(k, v)| format!("{k}:{v}")).collect();
        writeln!(
            f,
            "{} {} {} {} {}",
            u8::from(s.held_out),
            s.won,
            s.result,
            s.colour,
            xs.join(" ")
        )?;
    }
    f.flush()
}

/// Whether the fit adds the corrections by combination (`TUNE_COMBOS=1`).
fn combos_on() -> bool {
    std::env::var("TUNE_COMBOS").is_ok_and(|v| v == "1")
}

/// The features fitted: every one, or the linear ones only with `TUNE_PRODUCTS=0` (the
/// products' weights then come out as zero).
fn fitted_features() -> usize {
    if std::env::var("TUNE_PRODUCTS").is_ok_and(|v| v == "0") {
        LINEAR_FEATURES
    } else {
        FEATURES
    }
}

/// Reads positions labelled by `examples/label_positions.rs` from the comma-separated `files`:
/// each sample's label blends the game's result (weight `TUNE_LAMBDA`, 0.3 by default) with the
/// search's score through the logistic function (`TUNE_LABEL_SCALE` units to a log-odds of 1,
/// [`UNITS_PER_LOG_ODDS`] by default). Returns the number of games the positions came from.
fn read_labels(files: &str, out: &mut Vec<Sample>) -> usize {
    let lambda = games::env_or("TUNE_LAMBDA", 0.3);
    let scale = games::env_or("TUNE_LABEL_SCALE", UNITS_PER_LOG_ODDS);
    let mut games = std::collections::HashSet::new();
    for file in files.split(',') {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        });
        for line in text.lines() {
            let mut parts = line.splitn(5, ' ');
            let (Some(rule), Some(game), Some(won), Some(score)) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let moves = parts.next().unwrap_or("");
            let (Ok(rule), Ok(game), Ok(won), Ok(score)) = (
                rule.parse::<Rule>(),
                game.parse::<usize>(),
                won.parse::<f64>(),
                score.parse::<f64>(),
            ) else {
                continue;
            };
            let Ok(board) = Board::with_moves(15, moves) else {
                continue;
            };
            games.insert((file.to_string(), game));
            let before = out.len();
            let winner = if won > 0.5 {
                board.to_move()
            } else {
                board.to_move().opponent()
            };
            add_position(&board, rule, winner, game % 5 == 4, out);
            if let Some(s) = out.get_mut(before) {
                let searched = logistic(score.clamp(-8.0 * scale, 8.0 * scale) / scale);
                s.won = lambda * won + (1.0 - lambda) * searched;
            }
        }
    }
    games.len()
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
    winner: gomoku_engine::Stone,
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
    let mut x: Vec<(usize, f64)> = (0..fitted_features())
        .filter(|&k| f[k] > 0)
        .map(|k| (k, f[k] as f64))
        .collect();
    if combos_on() {
        let mut counts = vec![0u32; 2 * COMBOS];
        let mut empty = Vec::new();
        pos.all_empty(&mut empty);
        for i in empty {
            for (role, colour) in [me, them].into_iter().enumerate() {
                let n = combo_index(&pos.patterns(i, colour));
                if n > 0 {
                    counts[role * COMBOS + n] += 1;
                }
            }
        }
        x.extend(
            counts
                .iter()
                .enumerate()
                .filter(|e| *e.1 > 0)
                .map(|(k, &c)| (FEATURES + k, c as f64)),
        );
    }
    out.push(Sample {
        x,
        colour: if me == gomoku_engine::Stone::Black {
            1.0
        } else {
            -1.0
        },
        won: if me == winner { 1.0 } else { 0.0 },
        result: if me == winner { 1.0 } else { 0.0 },
        current: pos.evaluate() as f64,
        held_out,
    });
}

/// A fitted logistic model.
struct Fit {
    weights: Vec<f64>,
    train_loss: f64,
    held_loss: f64,
    /// Held-out log-loss against the fit's own targets (with `TUNE_LABELS`, the labels).
    held_target_loss: f64,
}

/// Logistic regression of the label on the sparse `row(sample)` of `n` features (no intercept:
/// the model is symmetric in the colours), by Adam on the full batch of the fitting samples.
fn fit(
    samples: &[Sample],
    n: usize,
    mut row: impl FnMut(&Sample) -> Vec<(usize, f64)>,
    steps: usize,
) -> Fit {
    let rows: Vec<(Vec<(usize, f64)>, f64, bool, f64)> = samples
        .iter()
        .map(|s| (row(s), s.won, s.held_out, s.result))
        .collect();
    let train: Vec<&(Vec<(usize, f64)>, f64, bool, f64)> = rows.iter().filter(|r| !r.2).collect();
    // Scale each feature to unit variance (features that never vary keep weight 0).
    let (mut sum, mut squares) = (vec![0.0; n], vec![0.0; n]);
    for r in &train {
        for &(k, v) in &r.0 {
            sum[k] += v;
            squares[k] += v * v;
        }
    }
    let count = train.len() as f64;
    let scale: Vec<f64> = (0..n)
        .map(|k| {
            let mean = sum[k] / count;
            let var = squares[k] / count - mean * mean;
            if var > 1e-12 { var.sqrt() } else { 0.0 }
        })
        .collect();
    let inv_scale: Vec<f64> = scale.iter().map(|&s| inv(s)).collect();
    let mut w = vec![0.0; n];
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (lr, b1, b2) = (0.02, 0.9, 0.999);
    let l2 = games::env_or("TUNE_L2", 2e-4);
    for t in 1..=steps {
        let mut grad = vec![0.0; n];
        // The weights per count this step.
        let per_count: Vec<f64> = (0..n).map(|k| w[k] * inv_scale[k]).collect();
        for r in &train {
            let z: f64 = r.0.iter().map(|&(k, x)| per_count[k] * x).sum();
            let err = logistic(z) - r.1;
            for &(k, x) in &r.0 {
                grad[k] += err * x;
            }
        }
        for k in 0..n {
            // The penalty is on the weight per count (rare features pay more to be large).
            let g = grad[k] * inv_scale[k] / count + l2 * w[k] * inv_scale[k].powi(2);
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            v[k] = b2 * v[k] + (1.0 - b2) * g * g;
            let mh = m[k] / (1.0 - b1.powi(t as i32));
            let vh = v[k] / (1.0 - b2.powi(t as i32));
            w[k] -= lr * mh / (vh.sqrt() + 1e-9);
        }
    }
    let weights: Vec<f64> = (0..n).map(|k| w[k] * inv_scale[k]).collect();
    // Log-loss on the fitting or held-out samples, against the results or the targets.
    let loss = |held: bool, against_targets: bool| {
        let set: Vec<_> = rows.iter().filter(|r| r.2 == held).collect();
        let total: f64 = set
            .iter()
            .map(|r| {
                let z: f64 = r.0.iter().map(|&(k, x)| weights[k] * x).sum();
                let p = logistic(z).clamp(1e-9, 1.0 - 1e-9);
                let y = if against_targets { r.1 } else { r.3 };
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum();
        total / set.len().max(1) as f64
    };
    Fit {
        train_loss: loss(false, false),
        held_loss: loss(true, false),
        held_target_loss: loss(true, true),
        weights,
    }
}

fn inv(s: f64) -> f64 {
    if s > 0.0 { 1.0 / s } else { 0.0 }
}
