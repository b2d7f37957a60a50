//! Game review: every move of a game measured against the engine's choice with a fixed budget
//! (nodes, so the same game always gets the same review), marked (see [`super::classify`]),
//! and a summary per player. A [`Reviewer`] reviews one move per [`Reviewer::step`], so a
//! caller can show progress, do other work in between, or stop; [`review_game`] runs it to the
//! end with a progress callback and a stop flag. The review is plain data and serialises to
//! JSON to be kept with the game's record.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use super::classify::{self, MoveClass, MoveFacts};
use super::solve::{self, ForcedWin};
use super::threats::{missed_block_text, missed_blocks};
use super::win_probability::{DECIDED_SCORE, win_probability};
use crate::board::{Board, Pos, Stone};
use crate::game::Game;
use crate::record::{GameRecord, RecordError};
use crate::rules::Rule;
use crate::search::searcher::{Limits, Searcher};

/// The `format` field of a stored review.
pub const FORMAT: &str = "gomoku-review";
/// The review version this build writes and reads.
pub const VERSION: u32 = 1;

/// A move after which the search still gives its player at least this chance gets
/// [`DEEPER_CHECK_BUDGET`] times the solvers' nodes for the check that it keeps a forced win,
/// before it can be marked a missed win. (On 96 games against Rapfi, the marks Rapfi called
/// false had 75% to 98% after the move, the true ones 15% to 64%;
/// `docs/matches/2026-11-28-kept-win/`.)
const DEEPER_CHECK_ABOVE: f64 = 0.7;
const DEEPER_CHECK_BUDGET: u64 = 5;

/// What a review spends on each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewOptions {
    /// Nodes of the search of each position.
    pub nodes: u64,
    /// Nodes of each threat solver (VCF, VCT) per position.
    pub solver_nodes: u64,
    /// The searcher's transposition table, in bytes.
    pub table_bytes: usize,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            nodes: 20_000,
            solver_nodes: 20_000,
            table_bytes: 16 << 20,
        }
    }
}

/// One reviewed move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// Who played it.
    pub colour: Stone,
    /// The move played.
    pub played: Pos,
    /// The engine's choice in the position before it.
    pub best: Option<Pos>,
    /// The engine's line from the position before the move.
    pub best_line: Vec<Pos>,
    /// The search's score before the move, for the player.
    pub score: i32,
    /// The player's win probability before the move.
    pub win_before: f64,
    /// The player's win probability after it.
    pub win_after: f64,
    /// The mark.
    pub class: MoveClass,
    /// The move's accuracy in percent (see [`classify::move_accuracy`]).
    pub accuracy: f64,
    /// The player's forced win before the move, if the solvers found one.
    pub forced_win: Option<ForcedWin>,
    /// The points that would have stopped the opponent's four or open three, when the move
    /// ignored one.
    pub missed_block: Vec<Pos>,
}

impl MoveReview {
    /// A short remark on the move (`missed block at h8`, `missed VCF: j10`), if there is one.
    pub fn remark(&self, size: u8) -> Option<String> {
        if let Some(text) = missed_block_text(&self.missed_block, size) {
            return Some(text);
        }
        match (&self.forced_win, self.class) {
            (Some(win), MoveClass::MissedWin) => Some(format!(
                "missed {}: {}",
                win.kind.name(),
                win.first.to_notation(size)
            )),
            _ => None,
        }
    }
}

/// One player's moves in numbers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerSummary {
    /// Moves reviewed.
    pub moves: usize,
    /// The average of the moves' accuracies, in percent (100 with no moves).
    pub accuracy: f64,
    /// Moves marked best.
    pub best: usize,
    /// Moves marked good.
    pub good: usize,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
    /// Missed wins.
    pub missed_wins: usize,
}

impl PlayerSummary {
    /// The summary of `colour`'s moves among `moves`.
    pub fn of(moves: &[MoveReview], colour: Stone) -> PlayerSummary {
        let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.colour == colour).collect();
        let count = |c: MoveClass| mine.iter().filter(|m| m.class == c).count();
        let accuracy = if mine.is_empty() {
            100.0
        } else {
            mine.iter().map(|m| m.accuracy).sum::<f64>() / mine.len() as f64
        };
        PlayerSummary {
            moves: mine.len(),
            accuracy: rounded(accuracy),
            best: count(MoveClass::Best),
            good: count(MoveClass::Good),
            inaccuracies: count(MoveClass::Inaccuracy),
            mistakes: count(MoveClass::Mistake),
            blunders: count(MoveClass::Blunder),
            missed_wins: count(MoveClass::MissedWin),
        }
    }
}

impl fmt::Display for PlayerSummary {
    /// `accuracy 87.5%, 2 inaccuracies, 1 mistake, 0 blunders, 1 missed win (20 moves)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "accuracy {:.1}%, {}, {}, {}, {} ({})",
            self.accuracy,
            plural(self.inaccuracies, "inaccuracy", "inaccuracies"),
            plural(self.mistakes, "mistake", "mistakes"),
            plural(self.blunders, "blunder", "blunders"),
            plural(self.missed_wins, "missed win", "missed wins"),
            plural(self.moves, "move", "moves"),
        )
    }
}

/// A game's review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// Always [`FORMAT`].
    pub format: String,
    /// The review version ([`VERSION`]).
    pub version: u32,
    /// The game's rule.
    pub rule: Rule,
    /// The board side.
    pub size: u8,
    /// The budget it was made with.
    pub options: ReviewOptions,
    /// Whether every move was reviewed (false when it was stopped early).
    pub complete: bool,
    /// The reviewed moves, in order.
    pub moves: Vec<MoveReview>,
    /// Black's moves in numbers.
    pub black: PlayerSummary,
    /// White's moves in numbers.
    pub white: PlayerSummary,
}

impl Review {
    /// The review as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a review serialises")
    }

    /// A review read back from [`Review::to_json`]'s text.
    pub fn from_json(text: &str) -> Result<Review, ReviewError> {
        let review: Review = serde_json::from_str(text)
            .map_err(|e| ReviewError::Format(format!("not a game review: {e}")))?;
        if review.format != FORMAT || review.version > VERSION {
            return Err(ReviewError::Format(format!(
                "not a game review this version reads (format '{}', version {})",
                review.format, review.version
            )));
        }
        Ok(review)
    }

    /// The summary of `colour`.
    pub fn summary(&self, colour: Stone) -> &PlayerSummary {
        match colour {
            Stone::Black => &self.black,
            Stone::White => &self.white,
        }
    }
}

/// Every number in a review is finite (rounded probabilities and percentages, never NaN), so
/// its equality is total: a review can be kept in records compared with `==`.
impl Eq for Review {}

/// Why a game could not be reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewError {
    /// The record's moves do not replay under its rule.
    Record(RecordError),
    /// The record has no moves.
    NoMoves,
    /// The review was stopped before the end.
    Stopped,
    /// A stored review could not be read.
    Format(String),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Record(e) => write!(f, "the game does not replay: {e}"),
            ReviewError::NoMoves => f.write_str("the game has no moves to review"),
            ReviewError::Stopped => f.write_str("the review was stopped"),
            ReviewError::Format(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for ReviewError {}

/// What the engine finds in one position of the game (for the side to move).
#[derive(Debug, Clone)]
struct PositionEval {
    /// The search's score.
    score: i32,
    /// The search's move (the solvers' when they prove a win the search did not see).
    best: Option<Pos>,
    /// The search's line.
    line: Vec<Pos>,
    /// The solvers' forced win.
    forced_win: Option<ForcedWin>,
    /// The side to move's win probability.
    win: f64,
}

/// A review in progress: one move per [`Reviewer::step`].
pub struct Reviewer {
    rule: Rule,
    size: u8,
    moves: Vec<Pos>,
    options: ReviewOptions,
    searcher: Searcher,
    /// The game after the moves reviewed so far.
    game: Game,
    /// The evaluation of the position before the next move to review.
    before: Option<PositionEval>,
    reviewed: Vec<MoveReview>,
    stop: Arc<AtomicBool>,
}

impl Reviewer {
    /// A review of `record` with `options`; the record's moves are checked first.
    pub fn new(record: &GameRecord, options: ReviewOptions) -> Result<Reviewer, ReviewError> {
        if record.moves.is_empty() {
            return Err(ReviewError::NoMoves);
        }
        record.replay().map_err(ReviewError::Record)?;
        let game = record.replay_to(0).map_err(ReviewError::Record)?;
        let searcher = Searcher::new(game.board(), record.rule, options.table_bytes);
        Ok(Reviewer {
            rule: record.rule,
            size: record.size,
            moves: record.moves.clone(),
            options,
            searcher,
            game,
            before: None,
            reviewed: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The same review, stopped (between moves or within a search) once `stop` is raised.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Reviewer {
        self.stop = stop;
        self
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// How many moves the review covers.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// How many moves are reviewed so far.
    pub fn done(&self) -> usize {
        self.reviewed.len()
    }

    /// The moves reviewed so far.
    pub fn reviewed(&self) -> &[MoveReview] {
        &self.reviewed
    }

    /// Reviews the next move (about two positions' budget for the first, one for the rest)
    /// and returns it; `None` once every move is reviewed or when the stop flag is raised (the
    /// move is then left unreviewed).
    pub fn step(&mut self) -> Option<&MoveReview> {
        let index = self.reviewed.len();
        let played = *self.moves.get(index)?;
        if self.stopped() {
            return None;
        }
        let before_board = self.game.board().clone();
        let before = match self.before.take() {
            Some(e) => e,
            None => self.evaluate(),
        };
        let colour = self.game.to_move();
        if self.game.play(played).is_err() {
            // Checked when the review began: cannot happen; end the review here all the same.
            self.moves.truncate(index);
            return None;
        }
        let after = self.evaluate();
        if self.stopped() {
            // The searches were cut short: their figures mean nothing. Back to before the move.
            self.game.undo();
            self.before = Some(before);
            return None;
        }
        let after_board = self.game.board();
        let mover_won = self.game.outcome().winner() == Some(colour);
        // The player's chances after the move: the opponent's, turned round (a finished game's
        // evaluation is already final).
        let mut win_after = 1.0 - after.win;
        let missed_win = before.forced_win.is_some()
            && !(mover_won
                || after.score <= -DECIDED_SCORE
                || solve::keeps_forced_win(after_board, self.rule, self.kept_win_nodes(win_after)));
        if before.forced_win.is_some() && !missed_win {
            win_after = 1.0;
        }
        let lost_before = before.win == 0.0;
        let lost_the_game = !lost_before && win_after == 0.0;
        let facts = MoveFacts {
            before: before.win,
            after: win_after,
            engine_choice: before.best == Some(played),
            missed_win,
            lost_the_game,
        };
        let class = classify::classify(&facts);
        let loss = if class == MoveClass::Best {
            0.0
        } else {
            classify::win_probability_loss(before.win, win_after)
        };
        // With a forced win of one's own, the win comes before any block.
        let missed_block = if before.forced_win.is_some() {
            Vec::new()
        } else {
            missed_blocks(&before_board, self.rule, played)
        };
        self.reviewed.push(MoveReview {
            number: index + 1,
            colour,
            played,
            best: before.best,
            best_line: before.line,
            score: before.score,
            win_before: rounded(before.win),
            win_after: rounded(win_after),
            class,
            accuracy: rounded(classify::move_accuracy(loss)),
            forced_win: before.forced_win,
            missed_block,
        });
        self.before = Some(after);
        self.reviewed.last()
    }

    /// The review of the moves reviewed so far.
    pub fn finish(self) -> Review {
        let complete = self.reviewed.len() == self.moves.len();
        Review {
            format: FORMAT.to_owned(),
            version: VERSION,
            rule: self.rule,
            size: self.size,
            options: self.options,
            complete,
            black: PlayerSummary::of(&self.reviewed, Stone::Black),
            white: PlayerSummary::of(&self.reviewed, Stone::White),
            moves: self.reviewed,
        }
    }

    /// The solvers' nodes for checking that a move keeps a forced win: more when the search
    /// still gives its player `win_after` of at least [`DEEPER_CHECK_ABOVE`].
    fn kept_win_nodes(&self, win_after: f64) -> u64 {
        let nodes = self.options.solver_nodes;
        if win_after >= DEEPER_CHECK_ABOVE {
            nodes.saturating_mul(DEEPER_CHECK_BUDGET)
        } else {
            nodes
        }
    }

    /// Searches the current position for the side to move.
    fn evaluate(&mut self) -> PositionEval {
        let board: &Board = self.game.board();
        let to_move = board.to_move();
        if self.game.outcome().is_over() {
            let win = match self.game.outcome().winner() {
                Some(w) if w == to_move => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            return PositionEval {
                score: 0,
                best: None,
                line: Vec::new(),
                forced_win: None,
                win,
            };
        }
        let forced_win = solve::forced_win(board, self.rule, self.options.solver_nodes);
        self.searcher.set_position(board, self.rule);
        let report = self.searcher.think(Limits {
            stop: self.stop.clone(),
            ..Limits::nodes(self.options.nodes)
        });
        let searched_win = report.score >= DECIDED_SCORE;
        let (best, line) = match &forced_win {
            Some(win) if !searched_win => (Some(win.first), win.line.clone()),
            _ => (report.best, report.pv.clone()),
        };
        let win = if forced_win.is_some() {
            1.0
        } else {
            win_probability(report.score, to_move, self.rule)
        };
        PositionEval {
            score: report.score,
            best,
            line,
            forced_win,
            win,
        }
    }
}

/// Progress of [`review_game`]: `done` of `total` moves, the last one reviewed.
#[derive(Debug, Clone, Copy)]
pub struct ReviewProgress<'a> {
    /// Moves reviewed.
    pub done: usize,
    /// Moves in the game.
    pub total: usize,
    /// The move just reviewed.
    pub last: &'a MoveReview,
}

/// Reviews every move of `record`, calling `progress` after each; ends with
/// [`ReviewError::Stopped`] once `stop` is raised (the search under way stops at once).
pub fn review_game(
    record: &GameRecord,
    options: ReviewOptions,
    stop: Arc<AtomicBool>,
    mut progress: impl FnMut(ReviewProgress<'_>),
) -> Result<Review, ReviewError> {
    let mut reviewer = Reviewer::new(record, options)?.with_stop(stop);
    let total = reviewer.total();
    loop {
        let Some(last) = reviewer.step() else {
            if reviewer.done() < reviewer.total() {
                return Err(ReviewError::Stopped);
            }
            break;
        };
        let last = last.clone();
        progress(ReviewProgress {
            done: reviewer.done(),
            total,
            last: &last,
        });
    }
    Ok(reviewer.finish())
}

/// `x` to four decimals: what the review keeps (and what survives a trip through JSON).
fn rounded(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}
