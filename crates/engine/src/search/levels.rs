//! AI levels for the game: from a beginner that makes human-like mistakes to full strength.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use super::one_ply;
use super::searcher::{Limits, Progress, Searcher};
use crate::board::{Board, Pos};
use crate::rules::Rule;

/// An AI level, 1 (beginner) to [`Level::MAX`] (full strength), and for the searching levels
/// optionally a chosen time per move (milliseconds; 0 keeps the level's own) and the threads
/// to search with (0 or 1: one; never saved, it belongs to the machine, not the level).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Level(u8, u32, #[serde(skip)] u8);

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
        Level(n.clamp(1, Self::MAX), 0, 0)
    }

    /// The same level thinking `ms` milliseconds per move (searching levels only; 0 keeps the
    /// level's own time).
    pub fn with_move_time(self, ms: u32) -> Level {
        Level(self.0, ms, self.2)
    }

    /// The same level searching on `threads` threads (searching levels only; at most 255).
    pub fn with_threads(self, threads: usize) -> Level {
        Level(self.0, self.1, threads.clamp(1, 255) as u8)
    }

    /// The threads a searching level uses.
    pub fn threads(self) -> usize {
        usize::from(self.2.max(1))
    }

    /// The time a searching level spends per move.
    pub fn move_time(self) -> Option<Duration> {
        match self.style() {
            Style::Search { time, .. } => Some(time),
            Style::OnePly { .. } => None,
        }
    }

    /// The level's number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=Self::MAX).map(Level::new)
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
        let style = self.own_style();
        match style {
            // A chosen time is full strength for that time: no node cap.
            Style::Search { .. } if self.1 > 0 => Style::Search {
                time: Duration::from_millis(u64::from(self.1)),
                nodes: u64::MAX,
            },
            _ => style,
        }
    }

    fn own_style(self) -> Style {
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
        Level(3, 0, 0)
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
/// one-ply moves, weighted towards the best; searching levels vary their opening moves so two
/// games do not repeat.
pub fn choose_move(
    board: &Board,
    rule: Rule,
    level: Level,
    stop: Arc<AtomicBool>,
    rng: &mut impl Rng,
) -> Option<Pos> {
    Thinking::start(board, rule, level, stop, rng).finish()
}

/// Stones on the board before which the searching levels vary their moves.
const OPENING_STONES: usize = 8;
/// Opening candidates checked by a short search.
const OPENING_CANDIDATES: usize = 5;
/// How far below the best an opening candidate may score and still be chosen.
const OPENING_MARGIN: i32 = 60;
/// Nodes for each opening candidate's check.
const OPENING_CHECK_NODES: u64 = 1_500;

/// The AI thinking about one move, in steps of bounded work (for hosts with one thread, such
/// as the web build, where each frame does a step).
pub struct Thinking {
    state: State,
    rng: SmallRng,
    /// The nodes of the searches that are over (the opening checks, the full search).
    nodes: u64,
}

enum State {
    /// The answer is known.
    Done(Option<Pos>),
    /// Checking opening candidates one by one with short searches.
    Opening {
        board: Board,
        rule: Rule,
        level: Level,
        stop: Arc<AtomicBool>,
        todo: Vec<Pos>,
        checked: Vec<(Pos, i32)>,
    },
    /// The full search, in slices.
    Searching(Box<Searcher>),
}

impl Thinking {
    /// Starts thinking about `board` at `level`.
    pub fn start(
        board: &Board,
        rule: Rule,
        level: Level,
        stop: Arc<AtomicBool>,
        rng: &mut impl Rng,
    ) -> Thinking {
        let mut rng = SmallRng::seed_from_u64(rng.random());
        let state = match level.style() {
            Style::OnePly { spread, falloff } => {
                State::Done(one_ply_choice(board, rule, spread, falloff, &mut rng))
            }
            Style::Search { .. } => {
                let scored = one_ply::scored_moves(board, rule);
                let quiet = scored
                    .first()
                    .is_some_and(|&(_, s)| s < one_ply::FORCING_SCORE / 10);
                if board.stone_count() < OPENING_STONES && quiet {
                    State::Opening {
                        board: board.clone(),
                        rule,
                        level,
                        stop,
                        todo: scored
                            .iter()
                            .take(OPENING_CANDIDATES)
                            .map(|&(p, _)| p)
                            .collect(),
                        checked: Vec::new(),
                    }
                } else {
                    Self::search(board, rule, level, stop)
                }
            }
        };
        Thinking {
            state,
            rng,
            nodes: 0,
        }
    }

    fn search(board: &Board, rule: Rule, level: Level, stop: Arc<AtomicBool>) -> State {
        let Style::Search { time, nodes } = level.style() else {
            unreachable!("only searching levels search");
        };
        let mut searcher = Box::new(Searcher::new(board, rule, GAME_TT_BYTES));
        searcher.begin(Limits {
            time: Some(time),
            nodes: Some(nodes),
            stop,
            solver_nodes: Some(SOLVER_NODES),
            threads: level.threads(),
            ..Limits::default()
        });
        State::Searching(searcher)
    }

    /// Thinks to the end at once (with the level's threads) and returns the move.
    pub fn finish(mut self) -> Option<Pos> {
        loop {
            if let State::Searching(searcher) = &mut self.state {
                return searcher.finish();
            }
            if let Some(result) = self.step(u64::MAX) {
                return result;
            }
        }
    }

    /// Nodes searched so far (0 for the levels that do not search).
    pub fn nodes(&self) -> u64 {
        match &self.state {
            State::Searching(searcher) => self.nodes + searcher.report().nodes,
            _ => self.nodes,
        }
    }

    /// Does about `slice_nodes` of work (on this thread only); returns the move when thinking
    /// is over.
    pub fn step(&mut self, slice_nodes: u64) -> Option<Option<Pos>> {
        match &mut self.state {
            State::Done(result) => Some(*result),
            State::Opening {
                board,
                rule,
                level,
                stop,
                todo,
                checked,
            } => {
                if let Some(p) = todo.pop() {
                    let mut after = board.clone();
                    if after.place(p).is_ok() {
                        let mut s = Searcher::new(&after, *rule, 1 << 20);
                        let reply = s.think(Limits {
                            time: None,
                            nodes: Some(OPENING_CHECK_NODES),
                            stop: stop.clone(),
                            ..Limits::default()
                        });
                        // The opponent's score after our move, from our side.
                        checked.push((p, -reply.score));
                        self.nodes += reply.nodes;
                    }
                    return None;
                }
                let best = checked.iter().map(|&(_, s)| s).max();
                let good: Vec<Pos> = checked
                    .iter()
                    .filter(|&&(_, s)| best.is_some_and(|b| s >= b - OPENING_MARGIN))
                    .map(|&(p, _)| p)
                    .collect();
                if good.is_empty() {
                    self.state = Self::search(board, *rule, *level, stop.clone());
                    return None;
                }
                let pick = good[self.rng.random_range(0..good.len())];
                self.state = State::Done(Some(pick));
                Some(Some(pick))
            }
            State::Searching(searcher) => {
                if searcher.step(slice_nodes) == Progress::Done {
                    let best = searcher.report().best;
                    self.nodes += searcher.report().nodes;
                    self.state = State::Done(best);
                    return Some(best);
                }
                None
            }
        }
    }
}

/// Node cap of the root threat solvers in the game (keeps each step of the web build short).
const SOLVER_NODES: u64 = 8_000;

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

#[cfg(test)]
mod time_tests {
    use super::*;

    #[test]
    fn a_chosen_time_applies_to_searching_levels_only() {
        assert_eq!(Level::new(5).move_time(), Some(Duration::from_secs(3)));
        let timed = Level::new(5).with_move_time(10_000);
        assert_eq!(timed.move_time(), Some(Duration::from_secs(10)));
        assert_eq!(timed.number(), 5);
        assert_eq!(Level::new(1).with_move_time(10_000).move_time(), None);
        assert_eq!(Level::new(3).move_time(), Some(Duration::from_millis(300)));
        assert!(Level::all().all(|l| l.with_move_time(0) == l));
    }

    #[test]
    fn threads_belong_to_the_machine_and_are_not_saved() {
        let l = Level::new(5).with_move_time(2_000).with_threads(3);
        assert_eq!(l.threads(), 3);
        assert_eq!(Level::new(5).threads(), 1);
        let saved = serde_json::to_string(&l).unwrap();
        assert_eq!(saved, "[5,2000]");
        let back: Level = serde_json::from_str(&saved).unwrap();
        assert_eq!(back, Level::new(5).with_move_time(2_000));
    }

    #[test]
    fn a_level_searches_on_its_threads() {
        let board = Board::with_moves(15, "h8 h9 i9 g7 j10 k11 i10 i11 j9 h11 g11 k8").unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let mut rng = SmallRng::seed_from_u64(1);
        let level = Level::new(5).with_move_time(300).with_threads(2);
        let started = std::time::Instant::now();
        let p = choose_move(&board, Rule::Standard, level, stop, &mut rng).expect("a move");
        assert!(board.is_empty_at(p));
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the helpers stopped"
        );
    }
}
