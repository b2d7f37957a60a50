//! AI levels for the game: from a beginner that makes human-like mistakes to full strength.

use std::fmt;
use std::sync::atomic::AtomicBool;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::one_ply;
use crate::engine::board::{Board, Pos};
use crate::engine::rules::Rule;

/// An AI level, 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Level(u8);

impl Level {
    /// The strongest level.
    pub const MAX: u8 = 5;

    /// A level, clamped to 1..=MAX.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, Self::MAX))
    }

    /// The level's number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=Self::MAX).map(Level)
    }

    /// A short English name for menus.
    pub fn name(self) -> &'static str {
        match self.0 {
            1 => "Beginner",
            2 => "Casual",
            3 => "Club",
            4 => "Expert",
            _ => "Master",
        }
    }

    /// How many of the best-scored moves a level picks among, and how strongly it prefers the
    /// best of them (weights fall by this factor per rank).
    fn choice_spread(self) -> (usize, f64) {
        match self.0 {
            1 => (6, 0.6),
            2 => (3, 0.35),
            _ => (1, 0.0),
        }
    }
}

impl Default for Level {
    fn default() -> Self {
        Level(3)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

/// The move the AI plays at `level`, or `None` when no legal point is left. The search stops
/// early when `stop` is set.
///
/// Weak levels choose at random among the best few moves, weighted towards the best, but never
/// miss a five or a forced block (those moves score far above the rest and are always taken).
pub fn choose_move(
    board: &Board,
    rule: Rule,
    level: Level,
    _stop: &AtomicBool,
    rng: &mut impl Rng,
) -> Option<Pos> {
    let scored = one_ply::scored_moves(board, rule);
    let (best_pos, best) = *scored.first()?;
    let (spread, falloff) = level.choice_spread();
    // Forcing moves (a five, blocking a five, an open four) are never given up.
    if spread <= 1 || best >= one_ply::FORCING_SCORE {
        return one_ply::choose_move(board, rule, rng).or(Some(best_pos));
    }
    let pool: Vec<(Pos, f64)> = scored
        .iter()
        .take(spread)
        .filter(|&&(_, s)| s * 4 >= best)
        .enumerate()
        .map(|(rank, &(p, _))| (p, falloff.powi(rank as i32)))
        .collect();
    let total: f64 = pool.iter().map(|&(_, w)| w).sum();
    let mut pick = rng.random_range(0.0..total);
    for &(p, w) in &pool {
        if pick < w {
            return Some(p);
        }
        pick -= w;
    }
    Some(best_pos)
}
