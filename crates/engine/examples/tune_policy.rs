//! Fits the move-ordering policy's weights to the moves chosen in games (softmax regression).
//!
//! ```text
//! cargo run --release -p gomoku-engine --example tune_policy -- \
//!     freestyle:PATH renju:PATH ...
//! ```
//!
//! Each PATH names games as position strings (`h8i9...`): a study's `games.tsv.gz` (as
//! `scripts/match.py --save` and `scripts/games_archive.py` write it), a study folder holding
//! one, `STUDY/MATCH` for one match of it, or an old folder of `game*.txt` files. Every position with at least five stones and no five
//! to make or to stop becomes a sample: the candidates the search would consider there (every
//! legal point within two of a stone, or only the fours when an open three must be answered),
//! each described by its policy features, and the move that was played. The model gives each
//! candidate the probability `softmax(sum of weight x feature)`; it is fitted by Adam on the
//! full batch of four games in five (an L2 penalty, `TUNE_L2`, 1e-4 by default) and measured on
//! the fifth: how often the played move is ranked first, how often it is among the first 12
//! (the search's width where nothing is threatened), against the ordering the search used
//! before (hand-set pattern values). The weights are printed as the `POLICY_WEIGHTS` array of
//! `crates/engine/src/search/policy.rs`, in policy units (`UNITS_PER_LOGIT` to a logit of 1).

#[path = "common/games.rs"]
mod games;

use gomoku_engine::board::{Board, Pos, parse_moves};
use gomoku_engine::rules::Rule;
use gomoku_engine::search::eval::feature_name;
use gomoku_engine::search::policy::{
    POLICY_FEATURES, POLICY_WEIGHTS, UNITS_PER_LOGIT, policy_features,
};
use gomoku_engine::search::position::Position;
use gomoku_engine::search::threat::Threat;

/// One position: its candidates' features (flat), where each candidate's features start, the
/// played candidate, each candidate's old ordering score, and whether it is held out.
struct Sample {
    feats: Vec<u8>,
    starts: Vec<u32>,
    played: usize,
    old: Vec<i32>,
    held_out: bool,
}

fn main() {
    let mut samples = Vec::new();
    let games = games::read_games("tune_policy", |text, rule, held_out| {
        add_game(text, rule, held_out, &mut samples)
    });
    let held = samples.iter().filter(|s| s.held_out).count();
    println!(
        "{games} games, {} positions ({held} held out)",
        samples.len()
    );
    if samples.len() < 100 {
        eprintln!("too few positions to fit");
        std::process::exit(1);
    }
    let current: Vec<f64> = POLICY_WEIGHTS
        .iter()
        .map(|&w| w as f64 / UNITS_PER_LOGIT)
        .collect();
    report("hand-set pattern values", &samples, |s, c| s.old[c] as f64);
    report("current policy", &samples, |s, c| score(s, c, &current));
    let w = fit(&samples);
    report("fitted policy", &samples, |s, c| score(s, c, &w));
    let units: Vec<i32> = w
        .iter()
        .map(|x| (x * UNITS_PER_LOGIT).round() as i32)
        .collect();
    println!("\n{:<40} {:>8} {:>8}", "feature", "current", "fitted");
    for k in 0..POLICY_FEATURES {
        println!("{:<40} {:>8} {:>8}", name(k), POLICY_WEIGHTS[k], units[k]);
    }
    println!("\npub const POLICY_WEIGHTS: [i32; POLICY_FEATURES] = [");
    for chunk in units.chunks(7) {
        let line: Vec<String> = chunk.iter().map(|w| w.to_string()).collect();
        println!("    {}, //", line.join(", "));
    }
    println!("];");
}

fn name(k: usize) -> String {
    use gomoku_engine::search::eval::POINT_FEATURES;
    if k < 2 * POINT_FEATURES {
        // The evaluation names its features by role; here the roles are "ours" and "theirs".
        feature_name(k)
            .replacen("mover", "own", 1)
            .replacen("waiter", "their", 1)
    } else {
        let c = k - 2 * POINT_FEATURES;
        let to = if c < 3 {
            "their last move"
        } else {
            "our last move"
        };
        format!("distance {} to {to}", ["1", "2", "3-4"][c % 3])
    }
}

fn score(s: &Sample, c: usize, w: &[f64]) -> f64 {
    let (a, b) = (s.starts[c] as usize, s.starts[c + 1] as usize);
    s.feats[a..b].iter().map(|&k| w[k as usize]).sum()
}

/// Prints how often the played move ranks first, and within the first 12, on the held-out
/// positions.
fn report(what: &str, samples: &[Sample], f: impl Fn(&Sample, usize) -> f64) {
    let (mut n, mut first, mut top12, mut rank_sum) = (0usize, 0usize, 0usize, 0usize);
    for s in samples.iter().filter(|s| s.held_out) {
        let played = f(s, s.played);
        // Ties rank the played move last among them (no credit for a flat ordering).
        let rank = (0..s.old.len())
            .filter(|&c| c != s.played && f(s, c) >= played)
            .count();
        n += 1;
        first += (rank == 0) as usize;
        top12 += (rank < 12) as usize;
        rank_sum += rank;
    }
    let n = n.max(1) as f64;
    println!(
        "{what:<24} held out: played move first {:.1}%, in the first 12 {:.1}%, mean rank {:.2}",
        100.0 * first as f64 / n,
        100.0 * top12 as f64 / n,
        rank_sum as f64 / n
    );
}

/// Softmax regression by Adam on the full batch of the fitting positions.
fn fit(samples: &[Sample]) -> Vec<f64> {
    let n = POLICY_FEATURES;
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.held_out).collect();
    let mut w = vec![0.0; n];
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (lr, b1, b2) = (0.05, 0.9, 0.999);
    let l2 = games::env_or("TUNE_L2", 1e-4);
    let steps = games::env_or("TUNE_STEPS", 300usize);
    let mut logits = Vec::new();
    for t in 1..=steps {
        let mut grad = vec![0.0; n];
        let mut loss = 0.0;
        for s in &train {
            let cands = s.old.len();
            logits.clear();
            logits.extend((0..cands).map(|c| score(s, c, &w)));
            let top = logits.iter().cloned().fold(f64::MIN, f64::max);
            let total: f64 = logits.iter().map(|z| (z - top).exp()).sum();
            loss -= logits[s.played] - top - total.ln();
            for (c, z) in logits.iter().enumerate() {
                let p = (z - top).exp() / total - (c == s.played) as u8 as f64;
                let (a, b) = (s.starts[c] as usize, s.starts[c + 1] as usize);
                for &k in &s.feats[a..b] {
                    grad[k as usize] += p;
                }
            }
        }
        for k in 0..n {
            let g = grad[k] / train.len() as f64 + l2 * w[k];
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            v[k] = b2 * v[k] + (1.0 - b2) * g * g;
            let mh = m[k] / (1.0 - b1.powi(t as i32));
            let vh = v[k] / (1.0 - b2.powi(t as i32));
            w[k] -= lr * mh / (vh.sqrt() + 1e-9);
        }
        if t % 50 == 0 {
            eprintln!("step {t}: log-loss {:.4}", loss / train.len() as f64);
        }
    }
    w
}

/// Adds a game's positions; false when it cannot be read.
fn add_game(text: &str, rule: Rule, held_out: bool, out: &mut Vec<Sample>) -> bool {
    let Ok(moves) = parse_moves(text, 15) else {
        return false;
    };
    let Ok(mut board) = Board::new(15) else {
        return false;
    };
    for &m in &moves {
        if board.stone_count() >= 5 {
            add_position(&board, rule, m, held_out, out);
        }
        if board.place(m).is_err() {
            return false;
        }
    }
    true
}

fn add_position(board: &Board, rule: Rule, played: Pos, held_out: bool, out: &mut Vec<Sample>) {
    let mut pos = Position::new(board, rule);
    let me = pos.to_move();
    let them = me.opponent();
    if pos.count(me, Threat::Five) > 0 || pos.count(them, Threat::Five) > 0 {
        return;
    }
    let mut cands = Vec::new();
    if pos.count(them, Threat::FlexFour) > 0 {
        let mut ours = Vec::new();
        pos.points_with(me, Threat::Four, &mut ours);
        pos.points_with(them, Threat::Four, &mut cands);
        for m in ours {
            if !cands.contains(&m) {
                cands.push(m);
            }
        }
    } else {
        pos.candidates(&mut cands);
    }
    cands.retain(|&i| pos.is_legal(i, me));
    let target = pos.index(played);
    let Some(played) = cands.iter().position(|&i| i == target) else {
        return;
    };
    if cands.len() < 2 {
        return;
    }
    let distance = |a: Option<usize>, b: usize| {
        a.map(|a| {
            let (p, q) = (pos.pos(a), pos.pos(b));
            (p.x as i32 - q.x as i32)
                .abs()
                .max((p.y as i32 - q.y as i32).abs())
        })
    };
    let mut s = Sample {
        feats: Vec::new(),
        starts: vec![0],
        played,
        old: Vec::new(),
        held_out,
    };
    for &i in &cands {
        let last = distance(pos.recent_move(0), i);
        let mine = distance(pos.recent_move(1), i);
        s.feats.extend(
            policy_features(
                (&pos.patterns(i, me), pos.threat(i, me)),
                (&pos.patterns(i, them), pos.threat(i, them)),
                last,
                mine,
            )
            .map(|k| k as u8),
        );
        s.starts.push(s.feats.len() as u32);
        s.old
            .push(pos.point_value(i, me) * 2 + pos.point_value(i, them) * 3 / 2);
    }
    out.push(s);
}
