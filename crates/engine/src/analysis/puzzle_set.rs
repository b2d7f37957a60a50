//! The built-in puzzles: forced wins for each rule, from short wins by fours to wins by
//! threats, made and checked by `scripts/make_puzzles.py` (every answer is checked by the
//! engine's solvers too, in `tests/engine.rs`). The text is the test suite's
//! `crates/engine/tests/puzzles.txt`, built into the program.

use super::puzzle::Puzzle;
use super::solve::WinKind;
use crate::board::{Stone, parse_moves};
use crate::rules::Rule;

/// The set as text: one puzzle a line, `name | rule | moves | kind | solution`.
const TEXT: &str = include_str!("../../tests/puzzles.txt");

/// A built-in puzzle and its name (`fs-b-01`: freestyle, black to win, number 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedPuzzle {
    /// The name.
    pub name: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// Every built-in puzzle, easiest first (see [`Puzzle::difficulty_score`]; puzzles as hard
/// as each other keep the file's order). Lines that do not read are left out.
pub fn built_in() -> Vec<NamedPuzzle> {
    let mut set = parse(TEXT);
    set.sort_by_key(|p| p.puzzle.difficulty_score());
    set
}

/// The puzzles of a set's text; lines that do not read are left out.
pub fn parse(text: &str) -> Vec<NamedPuzzle> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(parse_line)
        .collect()
}

fn parse_line(line: &str) -> Option<NamedPuzzle> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [name, rule, moves, kind, solution] = fields.as_slice() else {
        return None;
    };
    let size = 15;
    let rule: Rule = rule.parse().ok()?;
    let moves = parse_moves(moves, size).ok()?;
    let line = parse_moves(solution, size).ok()?;
    let kind = match *kind {
        "vcf" => WinKind::Vcf,
        "vct" => WinKind::Vct,
        _ => return None,
    };
    let to_move = if moves.len().is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    };
    Some(NamedPuzzle {
        name: (*name).to_owned(),
        puzzle: Puzzle {
            rule,
            size,
            moves,
            to_move,
            answer: *line.first()?,
            line,
            kind,
            from_move: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::puzzle::Difficulty;

    #[test]
    fn the_built_in_set_reads_whole_with_every_rule() {
        let set = built_in();
        let lines = TEXT
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(set.len(), lines);
        for rule in Rule::ALL {
            assert!(set.iter().any(|p| p.puzzle.rule == rule), "{rule}");
        }
        assert!(set.iter().any(|p| p.puzzle.kind == WinKind::Vct));
    }

    #[test]
    fn the_built_in_set_goes_from_easy_to_hard() {
        let set = built_in();
        let scores: Vec<usize> = set.iter().map(|p| p.puzzle.difficulty_score()).collect();
        assert!(scores.is_sorted(), "{scores:?}");
        let first = &set[0].puzzle;
        assert_eq!(first.kind, WinKind::Vcf);
        assert_eq!(first.difficulty(), Difficulty::Easy);
        assert_eq!(set.last().unwrap().puzzle.difficulty(), Difficulty::Hard);
        // Every difficulty has puzzles, and a win by threats is never called easy.
        for d in Difficulty::ALL {
            assert!(set.iter().any(|p| p.puzzle.difficulty() == d), "{d:?}");
        }
        assert!(
            set.iter()
                .filter(|p| p.puzzle.kind == WinKind::Vct)
                .all(|p| p.puzzle.difficulty() != Difficulty::Easy)
        );
    }
}
