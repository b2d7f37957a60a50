//! Piskvork's `.psq` game files.
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,1250
//! 9,9,830
//! -1
//! ```
//!
//! The first line gives the board (`WIDTHxHEIGHT`); every move line is `x,y,time` with 1-based
//! coordinates from the top-left and the thinking time in milliseconds. The moves end at the
//! first line that is not a move (Piskvork writes the engines' names and a result there).

use super::{GameRecord, ImportDefaults, RecordError, imported_record};
use crate::board::{MAX_SIZE, MIN_SIZE, Pos};

/// The game as a `.psq` file (times are written as 0).
pub fn to_psq(record: &GameRecord) -> String {
    let mut out = format!("Piskvorky {0}x{0}, 11:11, 0\n", record.size);
    for p in &record.moves {
        out.push_str(&format!("{},{},0\n", p.x + 1, p.y + 1));
    }
    out.push_str("-1\n");
    out
}

/// Reads a `.psq` file; the rule comes from `defaults` (the file does not say).
pub fn from_psq(
    text: &str,
    defaults: ImportDefaults,
    date: String,
) -> Result<GameRecord, RecordError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (n, header) = lines
        .next()
        .ok_or_else(|| RecordError::new("the .psq file is empty"))?;
    let size = parse_header(header).map_err(|reason| RecordError::at_line(n, reason))?;
    let mut moves = Vec::new();
    for (n, line) in lines {
        if line.is_empty() {
            continue;
        }
        match parse_move_line(line, size) {
            MoveLine::Move(p) => moves.push(p),
            MoveLine::End => break,
            MoveLine::Bad(reason) => return Err(RecordError::at_line(n, reason)),
        }
    }
    if moves.is_empty() {
        return Err(RecordError::new("the .psq file has no moves"));
    }
    imported_record(moves, size, defaults, date).map_err(|e| RecordError { line: None, ..e })
}

/// The board side from `Piskvorky 15x15, 11:11, 0`.
fn parse_header(header: &str) -> Result<u8, String> {
    let rest = header
        .strip_prefix("Piskvorky")
        .or_else(|| header.strip_prefix("piskvorky"))
        .ok_or_else(|| format!("expected the header 'Piskvorky WxH, ...', found '{header}'"))?;
    let dims = rest.trim().split(',').next().unwrap_or("").trim();
    let (w, h) = dims
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected the board size as WxH, found '{dims}'"))?;
    let (w, h): (u32, u32) = match (w.trim().parse(), h.trim().parse()) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(format!("the board size '{dims}' is not two numbers")),
    };
    if w != h {
        return Err(format!(
            "only square boards are supported, this one is {w}x{h}"
        ));
    }
    if !(u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&w) {
        return Err(format!(
            "a {w}x{w} board is not supported (sides {MIN_SIZE} to {MAX_SIZE})"
        ));
    }
    Ok(w as u8)
}

enum MoveLine {
    Move(Pos),
    End,
    Bad(String),
}

/// One line after the header: a move `x,y[,time]`, or the end of the moves (`-1`, or the
/// engines' names that Piskvork writes after them, which start with a letter).
fn parse_move_line(line: &str, size: u8) -> MoveLine {
    if line == "-1" || line.starts_with(|c: char| c.is_alphabetic()) {
        return MoveLine::End;
    }
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let numbers: Vec<Option<i64>> = fields.iter().map(|f| f.parse().ok()).collect();
    if !(2..=3).contains(&fields.len()) || numbers.iter().any(Option::is_none) {
        return MoveLine::Bad(format!(
            "'{line}' is not a move: expected x,y,time with whole numbers"
        ));
    }
    let (x, y) = (numbers[0].unwrap_or(0), numbers[1].unwrap_or(0));
    let s = i64::from(size);
    if !(1..=s).contains(&x) || !(1..=s).contains(&y) {
        return MoveLine::Bad(format!(
            "move '{line}' is off the {size}x{size} board (coordinates 1 to {size})"
        ));
    }
    MoveLine::Move(Pos::new((x - 1) as u8, (y - 1) as u8))
}
