//! From a search score to the probability that the side to move wins.
//!
//! The model is `P(win) = logistic(score / SCORE_UNITS_PER_LOG_ODDS + colour x BLACK_LOG_ODDS)`
//! with `colour` +1 when black is to move and -1 when white is, one pair of constants per rule.
//! The constants were fitted (logistic regression) to the results of self-play games: every
//! position of each game with at least five stones was searched at a small fixed node budget
//! and labelled 1 if the side to move went on to win, 0 if it lost. To repeat the fit:
//!
//! ```text
//! FIT_STRIDE=1 cargo run --release -p gomoku-engine --example fit_win_probability -- \
//!     freestyle:/tmp/selfplay/fs freestyle:/tmp/selfplay/fs2 freestyle:/tmp/selfplay/fs3 \
//!     renju:/tmp/selfplay/rj1
//! ```
//!
//! (about 5 minutes on one core; the example prints each rule's constants and its held-out
//! log-loss beside the current constants').
//!
//! Solved scores (a proven win or loss, and a best move refuted by a threat sequence) are not
//! part of the fit: they map to 1 and 0.

use serde::{Deserialize, Serialize};

use crate::board::Stone;
use crate::rules::Rule;
use crate::search::searcher::WIN;

/// Scores at least this far from zero are decided: a proven win (`WIN - n`), a proven loss, or
/// a best move the opponent refutes by a threat sequence (just above a proven loss).
pub const DECIDED_SCORE: i32 = WIN - 2_000;

/// The fitted model of one rule.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WinModel {
    /// Search-score units per log-odds of winning for the side to move.
    pub score_units_per_log_odds: f64,
    /// Log-odds of winning added when black is to move (taken away when white is).
    pub black_log_odds: f64,
}

/// Freestyle: fitted on 44,102 positions of 2,581 self-play games (the folders `fs`, `fs2`,
/// `fs3` of the 2026-11 self-play runs, 200 ms a move), every position searched at 1,000 nodes
/// (`FIT_STRIDE=1`). Held-out log-loss 0.487 (a coin: 0.693).
pub const FREESTYLE: WinModel = WinModel {
    score_units_per_log_odds: 604.2,
    black_log_odds: 0.339,
};

/// Standard (exactly five): there were no standard self-play games to fit, so it takes the
/// freestyle constants (the two rules differ only by overlines).
pub const STANDARD: WinModel = FREESTYLE;

/// Renju: fitted on 9,833 positions of 593 self-play games (`rj1`) in the same run as
/// freestyle. Held-out log-loss 0.567; the colour term is the least certain number here (fitted
/// on the renju games alone, with another one game in five held out, it came out -0.008 with
/// 574 units), so refit when more renju games are at hand.
pub const RENJU: WinModel = WinModel {
    score_units_per_log_odds: 552.7,
    black_log_odds: 0.223,
};

/// The model of `rule`.
pub fn model(rule: Rule) -> WinModel {
    match rule {
        Rule::Freestyle => FREESTYLE,
        Rule::Standard => STANDARD,
        Rule::Renju => RENJU,
    }
}

/// Whether `score` is a decided result rather than an estimate.
pub fn is_decided(score: i32) -> bool {
    score.abs() >= DECIDED_SCORE
}

/// The probability that the side to move (`to_move`) wins, from the search's `score` for it.
pub fn win_probability(score: i32, to_move: Stone, rule: Rule) -> f64 {
    if score >= DECIDED_SCORE {
        return 1.0;
    }
    if score <= -DECIDED_SCORE {
        return 0.0;
    }
    let m = model(rule);
    let colour = if to_move == Stone::Black { 1.0 } else { -1.0 };
    logistic(score as f64 / m.score_units_per_log_odds + colour * m.black_log_odds)
}

/// The logistic function.
pub fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_scores_are_certain_and_the_rest_is_monotone() {
        for rule in Rule::ALL {
            assert_eq!(win_probability(WIN - 5, Stone::White, rule), 1.0);
            assert_eq!(win_probability(-(WIN - 6), Stone::Black, rule), 0.0);
            let mut last = 0.0;
            for score in (-3_000..=3_000).step_by(100) {
                let p = win_probability(score, Stone::Black, rule);
                assert!(p > 0.0 && p < 1.0 && p > last, "{rule} {score} {p}");
                last = p;
            }
        }
    }
}
