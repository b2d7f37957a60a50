//! Position strings: the moves in standard notation run together, as web tools write them
//! (`h8i9j10`). They carry no size or rule; the caller supplies those.

use super::{GameRecord, ImportDefaults, RecordError, imported_record};
use crate::board::{Pos, parse_moves};

/// The moves as one position string on a board of side `size`.
pub fn to_position_string(moves: &[Pos], size: u8) -> String {
    moves.iter().map(|p| p.to_notation(size)).collect()
}

/// Reads a position string (spaces and commas between moves are allowed too) and checks every
/// move under the default rule.
pub fn from_position_string(
    text: &str,
    defaults: ImportDefaults,
    date: String,
) -> Result<GameRecord, RecordError> {
    let moves = parse_moves(text.trim(), defaults.size).map_err(|e| {
        RecordError::new(format!(
            "not a position string on a {0}x{0} board: {e}",
            defaults.size
        ))
    })?;
    if moves.is_empty() {
        return Err(RecordError::new("the position string has no moves"));
    }
    imported_record(moves, defaults.size, defaults, date)
}
