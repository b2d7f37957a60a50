//! Analysis: what the engine thinks of a position and of a whole game, for players who want to
//! learn from their games. Plain Rust over the search, no Bevy and no I/O: the game's analysis
//! screens, the review tool (`crates/engine/src/bin/gomoku-analyse/`) and the tests share it.
//!
//! - [`multipv`]: the k best moves with their values and lines.
//! - [`SearchInfo`] and [`Searcher::on_iteration`](crate::search::searcher::Searcher::on_iteration):
//!   the search's information (depth, value, nodes, time, line) after every iteration.
//! - [`win_probability`](mod@win_probability): search scores as the side to move's chance to win, fitted to games.
//! - [`solve`]: forced wins (VCF, VCT) and whether a move keeps one (checked answer by answer
//!   in `kept_win`).
//! - [`review`]: every move of a game marked best, good, inaccuracy, mistake, blunder or missed
//!   win (see [`classify`]), with the missed blocks named ([`threats`]) and a summary per player;
//!   [`stored_game`]: a game's record kept with its review.
//! - [`live`]: one position searched deeper and deeper, for the game's analysis mode.
//! - [`puzzle`]: the missed wins of a game as puzzles, and the check of an answer;
//!   [`puzzle_set`]: the built-in puzzles; [`puzzle_play`]: solving one move by move.

pub mod classify;
mod kept_win;
pub mod live;
pub mod multipv;
pub mod puzzle;
pub mod puzzle_play;
pub mod puzzle_set;
pub mod review;
pub mod solve;
pub mod stored_game;
pub mod threats;
pub mod win_probability;
pub mod worker;

pub use crate::search::info::SearchInfo;
pub use classify::MoveClass;
pub use live::{LiveAnalysis, LiveReport};
pub use multipv::{PvLine, multi_pv};
pub use puzzle::{Difficulty, Puzzle, Verdict, check_answer, puzzles_from_review};
pub use review::{
    MoveReview, PlayerSummary, Review, ReviewError, ReviewOptions, Reviewer, review_game,
};
pub use solve::{ForcedWin, WinKind, forced_win, keeps_forced_win};
pub use stored_game::StoredGame;
pub use win_probability::win_probability;
