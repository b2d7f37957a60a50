//! Reading the game or position to analyse: a file in one of the record formats, or a
//! position string on the command line.

use std::path::Path;

use gomoku_engine::Game;
use gomoku_engine::board::parse_moves;
use gomoku_engine::record::{
    GameRecord, ImportDefaults, MAX_IMPORT_BYTES, RecordError, import, too_long,
};
use gomoku_engine::rules::{ForbiddenPolicy, Rule};

/// The game named by `input`: a file's record, or a position string.
pub fn game_record(input: &str, rule: Rule, size: u8) -> Result<GameRecord, String> {
    let defaults = ImportDefaults {
        size,
        rule,
        policy: ForbiddenPolicy::Refuse,
    };
    let path = Path::new(input);
    if path.is_file() {
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if bytes > MAX_IMPORT_BYTES as u64 {
            return Err(format!("{input}: {}", too_long(bytes as usize)));
        }
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {input}: {e}"))?;
        return import(&text, defaults, String::new()).map_err(|e| format!("{input}: {e}"));
    }
    if looks_like_a_path(input) {
        return Err(format!("cannot read {input}: no such file"));
    }
    import(input, defaults, String::new()).map_err(|e| format!("'{input}': {e}"))
}

/// The position named by `input` (the end of a file's game, or a position string; an empty
/// string is the empty board), checked under its rule.
pub fn position(input: &str, rule: Rule, size: u8) -> Result<Game, String> {
    if input.trim().is_empty() {
        return Game::from_moves(size, rule, ForbiddenPolicy::Refuse, &[])
            .map_err(|e| RecordError::from_setup(e, size).to_string());
    }
    if Path::new(input).is_file() || looks_like_a_path(input) {
        let record = game_record(input, rule, size)?;
        return record.replay().map_err(|e| format!("{input}: {e}"));
    }
    let moves = parse_moves(input, size)
        .map_err(|e| format!("'{input}' is not a position string on a {size}x{size} board: {e}"))?;
    Game::from_moves(size, rule, ForbiddenPolicy::Refuse, &moves)
        .map_err(|e| format!("'{input}': {}", RecordError::from_setup(e, size)))
}

/// Whether `input` names a file rather than moves (a folder, or a file name's extension).
fn looks_like_a_path(input: &str) -> bool {
    input.contains('/') || input.contains('\\') || input.contains('.')
}
