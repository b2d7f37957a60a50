//! Messages that come from the engine and the store (import errors, unreadable files) in the
//! player's language. They are built in English where they arise; here each known shape is a
//! template, matched against the text, and its parts are translated in turn (a message often
//! wraps another: "line 3: move 2 (h8) is not legal: the point is already taken"). Each
//! language's table has the translation of every shape. Parts with no shape (a move, a file
//! name, a parser's own detail) stay as they are.

use super::Lang;
use crate::players::settings::Language;

/// The English shapes of the messages, tried in this order; `{name}` stands for any text.
pub const SHAPES: &[&str] = &[
    "line {n}: {rest}",
    "missed block at {a} or {b}",
    "missed block at {at}",
    "missed {kind}: {at}",
    "the game has no moves to review",
    "the review was stopped",
    "the game does not replay: {why}",
    "move {n} ({at}) is not legal: {why}",
    "({x}, {y}) is already taken",
    "({x}, {y}) is off the board",
    "the point is already taken",
    "the point is off the board",
    "the game is over",
    "forbidden for black: {kind}",
    "'{text}' is not a move: {why}",
    "empty move",
    "a move starts with a column letter",
    "the column letter must be followed by a row number",
    "column '{c}' is off a {n}x{m} board (a..{last})",
    "row {r} is off a {n}x{m} board (1..{last})",
    "a row number without a column letter",
    "unexpected character '{c}'",
    "not a position string on a {n}x{m} board: {why}",
    "the position string has no moves",
    "there is nothing to import: the text is empty",
    "the .psq file is empty",
    "the text is {n} KB, more than a game record can be ({m} KB at most)",
    "the .psq file has no moves",
    "expected the header 'Piskvorky WxH, ...', found '{h}'",
    "expected the board size as WxH, found '{d}'",
    "the board size '{d}' is not two numbers",
    "only square boards are supported, this one is {w}x{h}",
    "a {w}x{h} board is not supported (sides {a} to {b})",
    "'{line}' is not a move: expected x,y,time with whole numbers",
    "move '{line}' is off the {n}x{m} board (coordinates 1 to {last})",
    "not a Gomoku record: the format is '{f}', expected '{e}'",
    "the record has format version {v}, newer than this Gomoku reads ({w}); update the game to open it",
    "the moves: {why}",
    "the result says {a} ({b}) but the moves give {c} ({d})",
    "not a valid record: {detail}",
    "board size {n} is not supported (use {a} to {b})",
    "the file ends early (line {n}), it was cut short",
    "not valid JSON: {e}",
    "the format is '{f}', expected '{e}'",
    "format version {v}, this Gomoku reads versions 1 to {w}",
    "the document has no data",
    "the data does not fit: {e}",
    "{p} could not be read: {e}",
    "{p} could not be saved ({what}): {e}",
    "{p} could not be moved aside: {e}",
    "{p}; moving it aside failed: {e}",
    "{k} is not saved: the existing file could not be read or moved aside, and it is not overwritten",
    "player {n}: {why}",
    "the name is empty",
    "the name is longer than {n} characters",
    "the name holds control characters",
    "the name has spaces around it",
    "there is already a player called '{n}'",
    "the id {n} is not unique",
    "the volume {v} is not between 0 and 1",
    "{n} s per move is not between 1 and {m}",
    "{n} threads are more than {m}",
    "the board size {n} is not supported",
    "there is no AI level {n}",
    "the moves are more than any board holds",
    "the {c} player's name is longer than {n} characters",
    "the {c} player's name holds control characters",
    "the date is not a date",
    "black",
    "white",
    "creating the folder",
    "writing",
    "replacing",
    "double-three",
    "double-four",
    "overline",
];

impl Lang {
    /// A message from the engine or the store in this language.
    pub fn message(self, text: &str) -> String {
        match self.0 {
            Language::English => text.to_owned(),
            _ => translate(self, text, 0),
        }
    }
}

fn translate(lang: Lang, text: &str, depth: usize) -> String {
    if depth > 8 {
        return text.to_owned();
    }
    for shape in SHAPES {
        if let Some(parts) = matches(shape, text) {
            let mut out = lang.t(shape).to_owned();
            for (name, value) in parts {
                out = out.replace(&format!("{{{name}}}"), &translate(lang, value, depth + 1));
            }
            return out;
        }
    }
    text.to_owned()
}

/// The template's literal pieces and placeholder names, in order.
fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push(Piece::Text(&rest[..open]));
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
        out.push(Piece::Hole(&rest[open + 1..close]));
        rest = &rest[(close + 1).min(rest.len())..];
    }
    out.push(Piece::Text(rest));
    out
}

enum Piece<'a> {
    Text(&'a str),
    Hole(&'a str),
}

/// Matches `text` against `template`, returning each placeholder's text.
fn matches<'t>(template: &str, text: &'t str) -> Option<Vec<(String, &'t str)>> {
    let pieces = pieces(template);
    let mut at = 0;
    let mut holes = Vec::new();
    let mut pending: Option<&str> = None;
    for (i, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Text(lit) => {
                let rest = &text[at..];
                match pending.take() {
                    None => {
                        rest.strip_prefix(lit)?;
                        at += lit.len();
                    }
                    Some(name) => {
                        let last = i == pieces.len() - 1;
                        let found = if last {
                            // The final literal ends the text.
                            rest.strip_suffix(lit).map(|r| r.len())?
                        } else if lit.is_empty() {
                            return None;
                        } else {
                            rest.find(lit)?
                        };
                        if found == 0 {
                            return None;
                        }
                        holes.push((name.to_owned(), &rest[..found]));
                        at += found + lit.len();
                    }
                }
            }
            Piece::Hole(name) => pending = Some(name),
        }
    }
    (at == text.len()).then_some(holes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zh(text: &str) -> String {
        Lang(Language::Chinese).message(text)
    }

    #[test]
    fn nested_messages_are_translated_part_by_part() {
        assert_eq!(
            zh("line 3: move 2 (h8) is not legal: the point is already taken"),
            "第 3 行：第 2 手（h8）不合规则：该点已有棋子"
        );
        assert_eq!(
            zh("move 9 (h8) is not legal: forbidden for black: double-three"),
            "第 9 手（h8）不合规则：黑棋禁手：三三"
        );
        assert_eq!(
            zh(
                "not a position string on a 15x15 board: 'z3' is not a move: column 'z' is off a 15x15 board (a..o)"
            ),
            "不是 15x15 棋盘上的局面字符串：“z3”不是一手棋：列“z”超出 15x15 棋盘（a..o）"
        );
        // Unknown text stays as it is.
        assert_eq!(zh("something else"), "something else");
        assert_eq!(
            Lang(Language::English).message("the game is over"),
            "the game is over"
        );
    }
}
