//! The tool's text: the review table and summary, a forced win, the best moves.

use gomoku_engine::analysis::{ForcedWin, MoveReview, PvLine, Review};
use gomoku_engine::board::{Pos, Stone};

/// The review table's heading (the win probabilities are the mover's, before and after).
pub fn review_heading() -> String {
    format!(
        "{:>4}  {:<6} {:<5} {:<5} {:>7} {:>7}  {:<11} remark",
        "#", "colour", "move", "best", "win%", "after", "mark"
    )
}

/// One row of the review table.
pub fn review_row(m: &MoveReview, size: u8) -> String {
    format!(
        "{:>4}  {:<6} {:<5} {:<5} {:>7.1} {:>7.1}  {:<11} {}",
        m.number,
        colour(m.colour),
        m.played.to_notation(size),
        m.best.map_or("-".to_owned(), |b| b.to_notation(size)),
        m.win_before * 100.0,
        m.win_after * 100.0,
        m.class.name(),
        m.remark(size).unwrap_or_default()
    )
    .trim_end()
    .to_owned()
}

/// The summary lines of a review.
pub fn review_summary(review: &Review) -> String {
    format!(
        "black: {}\nwhite: {}",
        review.summary(Stone::Black),
        review.summary(Stone::White)
    )
}

/// A forced win for `side` in words, with its line.
pub fn forced_win(side: Stone, win: &ForcedWin, size: u8) -> String {
    format!(
        "{} wins by {} in {} moves: {}",
        colour_name(side),
        win.kind.name(),
        win.attacking_moves(),
        line(&win.line, size)
    )
}

/// One of the best moves.
pub fn pv_line(rank: usize, l: &PvLine, size: u8) -> String {
    format!(
        "{:>2}. {:<4} score {:>6}{}  win {:>5.1}%  depth {:>2}  nodes {:>8}  pv {}",
        rank,
        l.best.to_notation(size),
        l.score,
        if l.solved { " (solved)" } else { "" },
        l.win_probability * 100.0,
        l.depth,
        l.nodes,
        line(&l.pv, size)
    )
}

/// Moves in notation, separated by spaces.
pub fn line(moves: &[Pos], size: u8) -> String {
    moves
        .iter()
        .map(|p| p.to_notation(size))
        .collect::<Vec<_>>()
        .join(" ")
}

fn colour(s: Stone) -> &'static str {
    match s {
        Stone::Black => "black",
        Stone::White => "white",
    }
}

/// `Black` or `White`.
pub fn colour_name(s: Stone) -> String {
    s.to_string()
}
