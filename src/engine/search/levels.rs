//! AI levels for the game: from a beginner that makes human-like mistakes to full strength.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::one_ply;
use super::searcher::{Limits, Searcher};
use crate::engine::board::{Board, Pos};
use crate::engine::rules::Rule;

/// An AI level, 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Level(u8);

/// How a level plays.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Style {
    /// One-ply scores, a weighted random choice among the best `spread` (weights fall by
    /// `falloff` per rank).
    OnePly { spread: usize, falloff: f64 },
    /// The full search for this long, at most this many nodes.
    Search { time: Duration, nodes: u64 },
}

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

    fn style(self) -> Style {
        match self.0 {
            1 => Style::OnePly {
                spread: 6,
                falloff: 0.6,
            },
            2 => Style::OnePly {
                spread: 2,
                falloff: 0.3,
            },
            3 => Style::Search {
                time: Duration::from_millis(300),
                nodes: 60_000,
            },
            4 => Style::Search {
                time: Duration::from_secs(1),
                nodes: u64::MAX,
            },
            _ => Style::Search {
                time: Duration::from_secs(3),
                nodes: u64::MAX,
            },
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

/// Memory for the game's transposition table.
const GAME_TT_BYTES: usize = 32 << 20;

/// The move the AI plays at `level`, or `None` when no legal point is left. The search stops
/// early when `stop` is raised.
///
/// Every level takes a five and blocks a five. Weak levels choose at random among the best few
/// one-ply moves, weighted towards the best; searching levels vary their first moves so two
/// games do not repeat.
pub fn choose_move(
    board: &Board,
    rule: Rule,
    level: Level,
    stop: Arc<AtomicBool>,
    rng: &mut impl Rng,
) -> Option<Pos> {
    match level.style() {
        Style::OnePly { spread, falloff } => one_ply_choice(board, rule, spread, falloff, rng),
        Style::Search { time, nodes } => {
            if board.stone_count() < OPENING_STONES
                && let Some(p) = opening_choice(board, rule, &stop, rng)
            {
                return Some(p);
            }
            let mut searcher = Searcher::new(board, rule, GAME_TT_BYTES);
            let limits = Limits {
                time: Some(time),
                nodes: Some(nodes),
                stop,
                ..Limits::default()
            };
            searcher.think(limits).best
        }
    }
}

/// Stones on the board before which the searching levels vary their moves.
const OPENING_STONES: usize = 8;

/// A varied opening move: the most natural few points, each checked by a short search, and a
/// random choice among those that score within a small margin of the best. `None` when the
/// position is already sharp (a forced or winning move exists): the full search decides then.
fn opening_choice(
    board: &Board,
    rule: Rule,
    stop: &Arc<AtomicBool>,
    rng: &mut impl Rng,
) -> Option<Pos> {
    const CANDIDATES: usize = 5;
    const MARGIN: i32 = 60;
    let scored = one_ply::scored_moves(board, rule);
    if scored.first()?.1 >= one_ply::FORCING_SCORE / 10 {
        return None;
    }
    let mut checked: Vec<(Pos, i32)> = Vec::new();
    for &(p, _) in scored.iter().take(CANDIDATES) {
        let mut after = board.clone();
        after.place(p).ok()?;
        let mut s = Searcher::new(&after, rule, 1 << 20);
        let reply = s.think(Limits {
            time: None,
            nodes: Some(4_000),
            stop: stop.clone(),
            ..Limits::default()
        });
        // The opponent's score after our move, from our side.
        checked.push((p, -reply.score));
    }
    let best = checked.iter().map(|&(_, s)| s).max()?;
    let good: Vec<Pos> = checked
        .iter()
        .filter(|&&(_, s)| s >= best - MARGIN)
        .map(|&(p, _)| p)
        .collect();
    Some(good[rng.random_range(0..good.len())])
}

fn one_ply_choice(
    board: &Board,
    rule: Rule,
    spread: usize,
    falloff: f64,
    rng: &mut impl Rng,
) -> Option<Pos> {
    let scored = one_ply::scored_moves(board, rule);
    let (best_pos, best) = *scored.first()?;
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
