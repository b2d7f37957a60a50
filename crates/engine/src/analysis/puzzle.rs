//! Puzzles from games: every position where the side to move had a forced win (proved by the
//! solvers) and played a move that let it go. The answer is checked by the solvers too: any
//! first move after which the side still wins by force (or has won) is right.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::classify::MoveClass;
use super::review::Review;
use super::solve::{self, WinKind};
use crate::board::{Board, Pos, Stone};
use crate::game::{Game, MoveError};
use crate::record::{GameRecord, RecordError};
use crate::rules::{ForbiddenPolicy, Rule};

/// Nodes each solver may use to check an answer, by default.
pub const CHECK_NODES: u64 = 50_000;

/// A position with a forced win to find.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The rule.
    pub rule: Rule,
    /// The board side.
    pub size: u8,
    /// The moves that lead to the position, black first.
    pub moves: Vec<Pos>,
    /// The side to move, who wins.
    pub to_move: Stone,
    /// A winning first move (others may win too).
    pub answer: Pos,
    /// A line of the win from `answer`.
    pub line: Vec<Pos>,
    /// A win by fours or by threats.
    pub kind: WinKind,
    /// The number (from 1) of the game's move that missed the win, when it came from a game.
    pub from_move: Option<usize>,
}

/// How hard a puzzle is, from the length and kind of its win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Difficulty {
    /// A short win by fours.
    Easy,
    /// A longer win by fours, or a short win by threats.
    Medium,
    /// A long win, or one that needs quiet threats and fours.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];
}

/// Extra weight of a win by threats over one by fours of the same length: the quiet move is
/// the hard part (it does not force the reply, so the player has to see every defence).
const QUIET_THREAT_WEIGHT: usize = 3;

impl Puzzle {
    /// The attacker's moves in the win's line (every other move, the first and the five
    /// included).
    pub fn attacking_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// A number that grows with how hard the puzzle is: the attacker's moves, more for a win
    /// by threats. Puzzles are offered in this order.
    pub fn difficulty_score(&self) -> usize {
        self.attacking_moves()
            + match self.kind {
                WinKind::Vcf => 0,
                WinKind::Vct => QUIET_THREAT_WEIGHT,
            }
    }

    /// Easy (up to four moves of fours), medium (five or six) or hard (longer, or threats
    /// that need more than a short line).
    pub fn difficulty(&self) -> Difficulty {
        match self.difficulty_score() {
            0..=4 => Difficulty::Easy,
            5..=6 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }

    /// The puzzle's position.
    pub fn board(&self) -> Result<Board, RecordError> {
        self.game().map(|g| g.board().clone())
    }

    fn game(&self) -> Result<Game, RecordError> {
        Game::from_moves(self.size, self.rule, ForbiddenPolicy::Refuse, &self.moves)
            .map_err(|e| RecordError::from_setup(e, self.size))
    }
}

/// The verdict on an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The side still wins by force after it (or has won).
    Wins,
    /// The solvers find no forced win after it.
    DoesNotWin,
    /// The move cannot be played there.
    Illegal(MoveError),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Wins => f.write_str("right: it wins"),
            Verdict::DoesNotWin => f.write_str("wrong: the win slips away"),
            Verdict::Illegal(e) => write!(f, "not a legal move: {e}"),
        }
    }
}

/// Whether `answer` solves `puzzle`: after it the side to move still has a forced win the
/// solvers prove within `nodes`, or has made five.
pub fn check_answer(puzzle: &Puzzle, answer: Pos, nodes: u64) -> Result<Verdict, RecordError> {
    let mut game = puzzle.game()?;
    if let Err(e) = game.play(answer) {
        return Ok(Verdict::Illegal(e));
    }
    if game.outcome().winner() == Some(puzzle.to_move) {
        return Ok(Verdict::Wins);
    }
    Ok(
        if solve::keeps_forced_win(game.board(), puzzle.rule, nodes) {
            Verdict::Wins
        } else {
            Verdict::DoesNotWin
        },
    )
}

/// The puzzles of a reviewed game: one per move marked missed win.
pub fn puzzles_from_review(record: &GameRecord, review: &Review) -> Vec<Puzzle> {
    review
        .moves
        .iter()
        .filter(|m| m.class == MoveClass::MissedWin)
        .filter_map(|m| {
            let win = m.forced_win.as_ref()?;
            let moves = record.moves.get(..m.number - 1)?.to_vec();
            Some(Puzzle {
                rule: record.rule,
                size: record.size,
                moves,
                to_move: m.colour,
                answer: win.first,
                line: win.line.clone(),
                kind: win.kind,
                from_move: Some(m.number),
            })
        })
        .collect()
}
