//! The brain's answers to the Yixin/Gomocup `SWAP2BOARD` command, decided without I/O (the
//! protocol prints them; the ordinary move it may add comes from its thinker).
//!
//! The command (Gomocup's 2020 swap2 extension, as Rapfi and Yixin answer it): the manager
//! lists 0, 3 or 5 stones in the order they were played (black first).
//!
//! - 0 stones: the brain proposes the opening, three points.
//! - 3 stones: `SWAP` (the brain takes black; the opponent moves next as white), one move (the
//!   brain stays white and plays the fourth), or two moves (the fourth and fifth: the choice
//!   of colour goes back to the opponent). Under swap1 (`INFO rule 5`) never two moves.
//! - 5 stones: `SWAP` (the brain takes black) or one move (the brain plays white's sixth).
//!
//! The brain takes black when its search scores the position above even for black, and
//! places two more when the score is within [`NEAR_EVEN`](super::ai::NEAR_EVEN).

use super::ai::{self, Budget, Judge};
use super::rule::OpeningRule;
use crate::board::{Board, Pos};
use crate::rules::Rule;

/// What the brain answers to `SWAP2BOARD`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swap2Decision {
    /// The opening's three stones (on an empty board).
    Propose(Vec<Pos>),
    /// Take black.
    Swap,
    /// Stay white and play the next move (the thinker's).
    Move,
    /// Place the fourth and fifth stones and hand the choice back.
    PlaceTwo(Vec<Pos>),
}

/// The decision with the search's score for black that led to it (`None` for a proposal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reasoned {
    /// What to answer.
    pub decision: Swap2Decision,
    /// The search's score for black of the position given.
    pub black_score: Option<i32>,
}

/// Why a `SWAP2BOARD` position cannot be answered.
pub fn check_stone_count(count: usize) -> Result<(), String> {
    match count {
        0 | 3 | 5 => Ok(()),
        n => Err(format!("SWAP2BOARD takes 0, 3 or 5 stones, got {n}")),
    }
}

/// The brain's answer on `board` (0, 3 or 5 stones played in order) under `rule`, with
/// `opening` the rule `INFO rule` set (swap1 never places two more), spending about `budget`
/// in all; `seed` varies the proposal.
pub fn swap2_decision(
    board: &Board,
    rule: Rule,
    opening: OpeningRule,
    budget: Budget,
    seed: u64,
) -> Reasoned {
    let count = board.stone_count();
    if count == 0 {
        let kind = if opening == OpeningRule::Swap1 {
            OpeningRule::Swap1
        } else {
            OpeningRule::Swap2
        };
        return Reasoned {
            decision: Swap2Decision::Propose(ai::propose(
                kind,
                rule,
                board.size(),
                seed,
                budget.split(24),
            )),
            black_score: None,
        };
    }
    let mut judge = Judge::new(rule, budget.split(3));
    let score = judge.black_score(board);
    let decision = if count == 3 && opening != OpeningRule::Swap1 && score.abs() <= ai::NEAR_EVEN {
        let mut fine = Judge::new(rule, budget.split(40));
        let two = ai::place_two_with(&mut judge, &mut fine, board);
        if two.len() == 2 {
            Swap2Decision::PlaceTwo(two)
        } else if score > 0 {
            Swap2Decision::Swap
        } else {
            Swap2Decision::Move
        }
    } else if score > 0 {
        Swap2Decision::Swap
    } else {
        Swap2Decision::Move
    };
    Reasoned {
        decision,
        black_score: Some(score),
    }
}
