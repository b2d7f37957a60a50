//! The three rule sets: what wins, and which points are forbidden to black in renju.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::{Board, DIRECTIONS, Pos, Stone};

/// Which five wins, and whether black has forbidden points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Rule {
    /// Five or more in a row wins, for both colours.
    #[default]
    Freestyle,
    /// Exactly five wins, for both colours; an overline wins for nobody.
    Standard,
    /// Black wins only with exactly five and may not make a double-three, double-four or
    /// overline; white wins with five or more and has no forbidden points.
    Renju,
}

impl Rule {
    /// Every rule, in menu order.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// Whether `len` stones in a row of colour `stone` win.
    pub fn wins_with(self, stone: Stone, len: usize) -> bool {
        match (self, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => len >= 5,
            (Rule::Standard, _) | (Rule::Renju, Stone::Black) => len == 5,
        }
    }

    /// Whether this rule forbids some points to `stone`.
    pub fn has_forbidden(self, stone: Stone) -> bool {
        self == Rule::Renju && stone == Stone::Black
    }

    /// The short lowercase name used on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = String;

    fn from_str(s: &str) -> Result<Rule, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "gomoku" => Ok(Rule::Freestyle),
            "standard" | "exact" | "exactly-five" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            other => Err(format!(
                "unknown rule '{other}' (use freestyle, standard or renju)"
            )),
        }
    }
}

/// Why a point is forbidden to black in renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForbiddenKind {
    /// Two or more threes at once.
    DoubleThree,
    /// Two or more fours at once (possibly in one line).
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForbiddenKind::DoubleThree => "double-three",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::Overline => "overline",
        })
    }
}

/// What happens when black plays a forbidden point in renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ForbiddenPolicy {
    /// The move is refused with its reason and black plays again (friendly).
    #[default]
    Refuse,
    /// The move is played and black loses (the tournament rule).
    Lose,
}

/// Consecutive stones of `stone` from `p` (not counting `p`) in direction `dir`.
pub fn run_from(board: &Board, p: Pos, dir: (i8, i8), stone: Stone) -> usize {
    let mut n = 0;
    while let Some(q) = p.offset(dir, n as i32 + 1, board.size()) {
        if board.get(q) != Some(stone) {
            break;
        }
        n += 1;
    }
    n
}

/// The stones in a row through `p` along `dir` (including `p`), as (backward, forward) counts.
fn run_around(board: &Board, p: Pos, dir: (i8, i8), stone: Stone) -> (usize, usize) {
    let back = run_from(board, p, (-dir.0, -dir.1), stone);
    let fwd = run_from(board, p, dir, stone);
    (back, fwd)
}

/// The winning line through the stone on `p`, if that stone makes a winning row under `rule`.
/// The cells are listed in order along the line.
pub fn winning_line(board: &Board, p: Pos, rule: Rule) -> Option<Vec<Pos>> {
    let stone = board.get(p)?;
    DIRECTIONS.iter().find_map(|&dir| {
        let (back, fwd) = run_around(board, p, dir, stone);
        rule.wins_with(stone, back + fwd + 1).then(|| {
            (-(back as i32)..=fwd as i32)
                .map(|k| {
                    p.offset(dir, k, board.size())
                        .expect("the run lies on the board")
                })
                .collect()
        })
    })
}

/// Whether `stone` placed on the empty point `p` would win under `rule`.
pub fn would_win(board: &Board, p: Pos, stone: Stone, rule: Rule) -> bool {
    DIRECTIONS.iter().any(|&dir| {
        let (back, fwd) = run_around(board, p, dir, stone);
        rule.wins_with(stone, back + fwd + 1)
    })
}

/// Why black may not play the empty point `p` under renju, or `None` when black may (including
/// every move that makes exactly five). Only meaningful for renju and black.
pub fn forbidden_kind(board: &Board, p: Pos) -> Option<ForbiddenKind> {
    if !board.is_empty_at(p) {
        return None;
    }
    let mut scratch = board.clone();
    forbidden_at(&mut scratch, p)
}

/// Every point black may not play under renju, with the reason, row by row from the top.
pub fn forbidden_points(board: &Board) -> Vec<(Pos, ForbiddenKind)> {
    let mut scratch = board.clone();
    board
        .points()
        .filter(|&p| board.is_empty_at(p))
        .filter_map(|p| forbidden_at(&mut scratch, p).map(|k| (p, k)))
        .collect()
}

/// [`forbidden_kind`] on a board the caller lends for scratch work (left as it was), to save
/// the copy: for searches that check many points.
pub fn forbidden_on_scratch(board: &mut Board, p: Pos) -> Option<ForbiddenKind> {
    if !board.is_empty_at(p) {
        return None;
    }
    forbidden_at(board, p)
}

/// The renju analysis of black on the empty point `p` of a scratch board (restored on return).
fn forbidden_at(b: &mut Board, p: Pos) -> Option<ForbiddenKind> {
    b.set_stone(p, Stone::Black);
    let verdict = classify_black_move(b, p);
    b.remove_stone(p);
    verdict
}

/// With a black stone already on `p`: five (allowed), else overline, double-four, double-three.
fn classify_black_move(b: &mut Board, p: Pos) -> Option<ForbiddenKind> {
    let lens = DIRECTIONS.map(|dir| {
        let (back, fwd) = run_around(b, p, dir, Stone::Black);
        back + fwd + 1
    });
    if lens.contains(&5) {
        return None;
    }
    if lens.iter().any(|&l| l > 5) {
        return Some(ForbiddenKind::Overline);
    }
    let fours = DIRECTIONS.map(|dir| four_count(b, p, dir));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(ForbiddenKind::DoubleFour);
    }
    let mut threes = 0;
    for (i, &dir) in DIRECTIONS.iter().enumerate() {
        if fours[i] == 0 && is_real_three(b, p, dir) {
            threes += 1;
            if threes >= 2 {
                return Some(ForbiddenKind::DoubleThree);
            }
        }
    }
    None
}

/// The empty points within four of `p` along `dir`, with their offsets `k` from `p`.
fn empty_neighbours(b: &Board, p: Pos, dir: (i8, i8)) -> Vec<(i32, Pos)> {
    (-4..=4)
        .filter(|&k| k != 0)
        .filter_map(|k| p.offset(dir, k, b.size()).map(|q| (k, q)))
        .filter(|&(_, q)| b.is_empty_at(q))
        .collect()
}

/// Offsets `k` (along `dir` from `p`) of the empty points where black would complete exactly five
/// in that line, five that contains `p`. Black is on `p`.
fn five_points(b: &mut Board, p: Pos, dir: (i8, i8)) -> Vec<i32> {
    let mut ks = Vec::new();
    for (k, q) in empty_neighbours(b, p, dir) {
        b.set_stone(q, Stone::Black);
        let (back, fwd) = run_around(b, q, dir, Stone::Black);
        b.remove_stone(q);
        let (lo, hi) = (k - back as i32, k + fwd as i32);
        if back + fwd + 1 == 5 && lo <= 0 && 0 <= hi {
            ks.push(k);
        }
    }
    ks
}

/// How many fours black's stone on `p` makes along `dir`: a straight four counts once, two
/// separate five points in one line (`X.XXX.X`, `XX.XX.XX`) count twice.
fn four_count(b: &mut Board, p: Pos, dir: (i8, i8)) -> usize {
    let ks = five_points(b, p, dir);
    match ks.as_slice() {
        [a, c] if (c - a).abs() == 5 => 1,
        _ => ks.len(),
    }
}

/// Whether the stones through `p` along `dir` form a straight four (`.XXXX.` whose both ends
/// make exactly five). Black is on `p`.
fn is_straight_four(b: &mut Board, p: Pos, dir: (i8, i8)) -> bool {
    let ks = five_points(b, p, dir);
    matches!(ks.as_slice(), [a, c] if (c - a).abs() == 5)
}

/// Whether black's stone on `p` makes a real three along `dir`: some empty point of the line
/// turns it into a straight four containing `p`, and black may legally play that point.
fn is_real_three(b: &mut Board, p: Pos, dir: (i8, i8)) -> bool {
    for (k, q) in empty_neighbours(b, p, dir) {
        b.set_stone(q, Stone::Black);
        let straight = is_straight_four(b, q, dir) && four_contains(b, q, dir, k);
        b.remove_stone(q);
        if straight && forbidden_at(b, q).is_none() {
            return true;
        }
    }
    false
}

/// Whether the row of black stones through `q` along `dir` reaches back to `p`, which lies
/// `k` steps from `p` to `q`.
fn four_contains(b: &Board, q: Pos, dir: (i8, i8), k: i32) -> bool {
    let (back, fwd) = run_around(b, q, dir, Stone::Black);
    // p is at offset -k from q.
    -(back as i32) <= -k && -k <= fwd as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_moves;

    #[test]
    fn rule_names_round_trip() {
        for r in Rule::ALL {
            assert_eq!(r.name().parse::<Rule>().unwrap(), r);
        }
        assert!("chess".parse::<Rule>().unwrap_err().contains("chess"));
    }

    #[test]
    fn exactly_five_and_overline_per_rule() {
        assert!(Rule::Freestyle.wins_with(Stone::Black, 6));
        assert!(!Rule::Standard.wins_with(Stone::White, 6));
        assert!(!Rule::Renju.wins_with(Stone::Black, 6));
        assert!(Rule::Renju.wins_with(Stone::White, 6));
    }

    #[test]
    fn winning_line_lists_the_five() {
        let mut b = Board::default();
        for m in parse_moves("a1 a2 b1 b2 c1 c2 d1 d2 e1", 15).unwrap() {
            b.place(m).unwrap();
        }
        let line = winning_line(&b, b.last_move().unwrap(), Rule::Freestyle).unwrap();
        assert_eq!(line.len(), 5);
        assert_eq!(line[0], Pos::parse("a1", 15).unwrap());
    }
}
