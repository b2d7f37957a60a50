//! The AI's decisions in an opening, from a fixed-budget search: a balanced opening to
//! propose (varied by a seed), swap or colour from the search's score, swap2's "place two
//! more" when both colours are near even, and Soosõrv-8's declaration, offers and pick.
//!
//! Every decision judges positions by the search's score for black ([`Judge::black_score`]):
//! positive means black is better. A chooser takes black when that score is positive and
//! white otherwise.

use std::time::Duration;

use super::machine::Opening;
use super::renju26::{self, RenjuOpening};
use super::rule::OpeningRule;
use super::step::{Action, Choice, Task};
use super::symmetry;
use crate::board::{Board, Pos, Stone};
use crate::rules::{self, Rule};
use crate::search::candidates;
use crate::search::openings::{Rng, random_opening};
use crate::search::searcher::{Limits, Searcher};

/// Scores at most this far from even (evaluation units, 640 to a unit of log-odds) count as
/// near even: swap2's "place two more" is chosen below it, and proposals aim within it.
pub const NEAR_EVEN: i32 = 160;

/// Transposition table of the opening searches (they are short).
const TT_BYTES: usize = 4 << 20;

/// How long one evaluation may search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// A node count: the same answer on every machine (tests, reproducible play).
    Nodes(u64),
    /// A time limit (the protocol's clock).
    Time(Duration),
}

impl Budget {
    /// A share of the budget for one of `parts` evaluations (never below a small floor).
    pub fn split(self, parts: usize) -> Budget {
        let parts = parts.max(1) as u64;
        match self {
            Budget::Nodes(n) => Budget::Nodes((n / parts).max(500)),
            Budget::Time(t) => Budget::Time((t / parts as u32).max(Duration::from_millis(5))),
        }
    }

    fn limits(self) -> Limits {
        match self {
            Budget::Nodes(n) => Limits::nodes(n),
            Budget::Time(t) => Limits::time(t),
        }
    }
}

/// Judges positions by searching each with a fresh table, so a verdict does not depend on
/// what was judged before and any judge with the same budget gives the same score.
pub struct Judge {
    rule: Rule,
    budget: Budget,
}

impl Judge {
    /// A judge under `rule` spending `budget` on each position.
    pub fn new(rule: Rule, budget: Budget) -> Judge {
        Judge { rule, budget }
    }

    /// The search's best move for the side to move and its score for black.
    pub fn search(&mut self, board: &Board) -> (Option<Pos>, i32) {
        let report = Searcher::new(board, self.rule, TT_BYTES).think(self.budget.limits());
        let score = match board.to_move() {
            Stone::Black => report.score,
            Stone::White => -report.score,
        };
        (report.best, score)
    }

    /// The search's score of `board` for black.
    pub fn black_score(&mut self, board: &Board) -> i32 {
        self.search(board).1
    }

    /// The score for black after `p` is played on `board`.
    fn score_after(&mut self, board: &Board, p: Pos) -> i32 {
        let mut b = board.clone();
        b.place(p).expect("a candidate is an empty point");
        self.black_score(&b)
    }
}

/// The colour a chooser takes on `board`: black when the search favours black.
pub fn colour_for(judge: &mut Judge, board: &Board) -> Choice {
    if judge.black_score(board) > 0 {
        Choice::Black
    } else {
        Choice::White
    }
}

/// An opening's first three stones for `rule`: one the search judges near even (or the
/// nearest to even it tried), varied by `seed`. Empty for [`OpeningRule::None`].
pub fn propose(
    rule: OpeningRule,
    game_rule: Rule,
    size: u8,
    seed: u64,
    budget: Budget,
) -> Vec<Pos> {
    let mut judge = Judge::new(game_rule, budget);
    let mut rng = Rng::new(seed);
    let candidates: Vec<Vec<Pos>> = match rule {
        OpeningRule::None => return Vec::new(),
        OpeningRule::Soosorv8 => {
            let mut all = RenjuOpening::all();
            shuffle(&mut all, &mut rng);
            all.into_iter()
                .map(|o| o.stones(size, rng.range(0, 7) as usize).to_vec())
                .collect()
        }
        OpeningRule::Swap1 | OpeningRule::Swap2 => {
            let radius = if size >= 9 { 2 } else { 1 };
            (0..24)
                .map(|_| random_opening(size, 3, radius, &mut rng))
                .collect()
        }
    };
    let mut best: Option<(i32, Vec<Pos>)> = None;
    for moves in candidates {
        let Ok(board) = board_of(size, &moves) else {
            continue;
        };
        let score = judge.black_score(&board).abs();
        if score <= NEAR_EVEN {
            return moves;
        }
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, moves));
        }
    }
    best.map(|(_, m)| m).unwrap_or_default()
}

fn board_of(size: u8, moves: &[Pos]) -> Result<Board, ()> {
    let mut b = Board::new(size).map_err(|_| ())?;
    for &p in moves {
        b.place(p).map_err(|_| ())?;
    }
    Ok(b)
}

fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.range(0, i as i32) as usize;
        v.swap(i, j);
    }
}

/// Black's candidate moves on `board` (black to move), one of each set of mirror images,
/// not forbidden, with the score for black after each, best for black first.
pub fn black_moves(judge: &mut Judge, board: &Board) -> Vec<(Pos, i32)> {
    let mut kept: Vec<Pos> = Vec::new();
    let mut pool = candidates(board, 2);
    if pool.len() < 8 {
        pool = board.points().filter(|&p| board.is_empty_at(p)).collect();
    }
    for p in pool {
        if judge.rule.has_forbidden(Stone::Black) && rules::forbidden_kind(board, p).is_some() {
            continue;
        }
        if kept.iter().any(|&q| symmetry::equivalent(board, p, q)) {
            continue;
        }
        kept.push(p);
    }
    let mut scored: Vec<(Pos, i32)> = kept
        .into_iter()
        .map(|p| (p, judge.score_after(board, p)))
        .collect();
    scored.sort_by_key(|&(p, s)| (-s, p));
    scored
}

/// Soosõrv: the number of fifth-move offers the player with white declares: the one that
/// leaves black's expected result nearest even (the other player may swap next, so the
/// declarer gets the worse side of whatever it leaves). `fifths` is [`black_moves`]' list.
pub fn declare_count(fifths: &[(Pos, i32)], max: u8) -> u8 {
    (1..=max.min(fifths.len().max(1) as u8))
        .min_by_key(|&n| (value_with_offers(fifths, n).abs(), std::cmp::Reverse(n)))
        .unwrap_or(1)
}

/// Black's expected result with `n` offers: white picks the worst of black's `n` best.
pub fn value_with_offers(fifths: &[(Pos, i32)], n: u8) -> i32 {
    let n = (n as usize).clamp(1, fifths.len().max(1));
    fifths.get(n - 1).map_or(0, |&(_, s)| s)
}

/// Swap2's two more stones (white's fourth, black's fifth) on a three-stone `board`: white's
/// best move by the search, then the black move after which the position is nearest even,
/// so that the other player's choice of colour is hard.
pub fn place_two(judge: &mut Judge, board: &Board) -> Vec<Pos> {
    let mut fine = Judge::new(judge.rule, judge.budget);
    place_two_with(judge, &mut fine, board)
}

/// [`place_two`] with `mover` finding white's fourth and `fine` judging each candidate fifth
/// (a larger budget for the one move, smaller ones for the many candidates).
pub fn place_two_with(mover: &mut Judge, fine: &mut Judge, board: &Board) -> Vec<Pos> {
    let mut b = board.clone();
    let mut out = Vec::new();
    if b.moves().len() == 3 {
        let Some(w) = mover.search(&b).0 else {
            return out;
        };
        b.place(w).expect("the search plays an empty point");
        out.push(w);
    }
    let renju = fine.rule.has_forbidden(Stone::Black);
    let mut pool = candidates(&b, 1);
    pool.retain(|&p| !(renju && rules::forbidden_kind(&b, p).is_some()));
    let best = pool
        .into_iter()
        .map(|p| (fine.score_after(&b, p).abs(), p))
        .min();
    if let Some((_, p)) = best {
        out.push(p);
    }
    out
}

/// The AI's actions for the step due in `opening` (all of them while the same player acts:
/// three stones, a choice and the stones it brings, the fourth move and the declaration, all
/// the offers). Empty when the opening is over. `seed` varies proposals; `budget` is spent on
/// each position judged.
pub fn decide(opening: &Opening, seed: u64, budget: Budget) -> Vec<Action> {
    let mut o = opening.clone();
    let Some(first) = o.step() else {
        return Vec::new();
    };
    let mut judge = Judge::new(o.game_rule(), budget);
    let mut out = Vec::new();
    while let Some(step) = o.step().filter(|s| s.actor == first.actor) {
        let actions = decide_step(&o, &step.task, &mut judge, seed);
        if actions.is_empty() {
            break;
        }
        for a in actions {
            if o.apply(step.actor, a).is_err() {
                return out;
            }
            out.push(a);
        }
    }
    out
}

/// Actions for one task (possibly several, in order).
fn decide_step(o: &Opening, task: &Task, judge: &mut Judge, seed: u64) -> Vec<Action> {
    let board = o.board();
    let count = board.moves().len();
    match task {
        Task::Place { .. } if count < 3 => opening_stones(o, judge, seed)
            .into_iter()
            .map(Action::Place)
            .collect(),
        // Soosõrv's fourth move: white's best.
        Task::Place { .. } if o.rule() == OpeningRule::Soosorv8 => judge
            .search(board)
            .0
            .map(Action::Place)
            .into_iter()
            .collect(),
        Task::Place { .. } => place_two(judge, board)
            .into_iter()
            .map(Action::Place)
            .collect(),
        Task::Choose { options } if options.contains(&Choice::PlaceTwo) => {
            let score = judge.black_score(board);
            if score.abs() <= NEAR_EVEN {
                let mut v = vec![Action::Choose(Choice::PlaceTwo)];
                v.extend(place_two(judge, board).into_iter().map(Action::Place));
                v
            } else if score > 0 {
                vec![Action::Choose(Choice::Black)]
            } else {
                vec![Action::Choose(Choice::White)]
            }
        }
        Task::Choose { .. } if o.rule() == OpeningRule::Soosorv8 && o.declared() > 0 => {
            let fifths = black_moves(judge, board);
            let v = value_with_offers(&fifths, o.declared());
            vec![Action::Choose(if v > 0 {
                Choice::Black
            } else {
                Choice::White
            })]
        }
        Task::Choose { .. } => vec![Action::Choose(colour_for(judge, board))],
        Task::Declare { max } => {
            let fifths = black_moves(judge, board);
            vec![Action::Declare(declare_count(&fifths, *max))]
        }
        Task::Offer { declared, .. } => {
            let given = o.offers();
            black_moves(judge, board)
                .into_iter()
                .map(|(p, _)| p)
                .filter(|&p| !given.iter().any(|&q| symmetry::equivalent(board, p, q)))
                .take(*declared as usize - given.len())
                .map(Action::Place)
                .collect()
        }
        Task::Pick { offers } => offers
            .iter()
            .map(|&p| (judge.score_after(board, p), p))
            .min()
            .map(|(_, p)| Action::Pick(p))
            .into_iter()
            .collect(),
    }
}

/// The opening's first three stones, those still to place: a proposal on an empty board,
/// else legal points that complete what is there (the centre outwards).
fn opening_stones(o: &Opening, judge: &mut Judge, seed: u64) -> Vec<Pos> {
    let board = o.board();
    let size = board.size();
    if board.moves().is_empty() {
        let budget = judge.budget;
        return propose(o.rule(), o.game_rule(), size, seed, budget);
    }
    let mut b = board.clone();
    let mut out = Vec::new();
    let c = board.center();
    let mut ring: Vec<Pos> = b.points().collect();
    ring.sort_by_key(|p| {
        let d = (p.x as i32 - c.x as i32)
            .abs()
            .max((p.y as i32 - c.y as i32).abs());
        (d, *p)
    });
    while b.moves().len() < 3 {
        let i = b.moves().len();
        let next = ring.iter().copied().find(|&p| {
            b.is_empty_at(p)
                && (o.rule() != OpeningRule::Soosorv8 || renju26::check_stone(i, p, size).is_ok())
        });
        let Some(p) = next else { break };
        b.place(p).expect("an empty point");
        out.push(p);
    }
    out
}

#[cfg(test)]
#[path = "ai_tests.rs"]
mod tests;
