//! Line patterns: what a stone on a point makes along one line (five, open four, four, open
//! three, three, open two, two), looked up in tables built once from a precise definition.
//!
//! A line is the point itself and five cells on each side. Each neighbour is empty, own, or
//! blocked (an opponent stone or the board's edge). The tables are indexed by the ten
//! neighbours in base 3, one table for "five or more wins" and one for "exactly five wins".

use std::sync::OnceLock;

use super::board::{Board, DIRECTIONS, Pos, Stone};
use super::rules::Rule;

/// What a stone makes along one line, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pattern {
    /// Nothing that can still become five here (or an overline where only five wins).
    None,
    /// Two that one move turns into a three.
    Two,
    /// Two that one move turns into an open three.
    OpenTwo,
    /// Three that one move turns into a four (a "sleeping" three).
    Three,
    /// Three that one move turns into an open four.
    OpenThree,
    /// Four: exactly one point completes five.
    Four,
    /// Open four (or two fours in one line): two points complete five, it cannot be stopped.
    OpenFour,
    /// Five in a row, by the rule's count.
    Five,
}

/// Cells either side of the centre that a pattern looks at.
pub const HALF: usize = 5;
const WIDTH: usize = 2 * HALF + 1;
const TABLE_LEN: usize = 59049; // 3^10

const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCKED: u8 = 2;

/// The pattern table for "exactly five wins" (`exact`) or "five or more wins", indexed by
/// [`line_code`].
pub fn table(exact: bool) -> &'static [Pattern] {
    &tables()[exact as usize]
}

/// The table index of a line given as the ten neighbours of the centre, left to right
/// (0 empty, 1 own, 2 blocked).
pub fn line_code(neighbours: [u8; 2 * HALF]) -> usize {
    neighbours
        .iter()
        .rev()
        .fold(0, |acc, &c| acc * 3 + c as usize)
}

/// Pattern tables: `[0]` when five or more wins, `[1]` when exactly five wins.
fn tables() -> &'static [Vec<Pattern>; 2] {
    static TABLES: OnceLock<[Vec<Pattern>; 2]> = OnceLock::new();
    TABLES.get_or_init(|| [build_table(false), build_table(true)])
}

/// Builds a table level by level: fives and fours from the line itself, then threes from the
/// fours one more stone makes, then twos from the threes.
fn build_table(exact: bool) -> Vec<Pattern> {
    let fours: Vec<Pattern> = (0..TABLE_LEN)
        .map(|code| four_level(&mut decode(code), exact))
        .collect();
    let threes = next_level(&fours);
    next_level(&threes)
}

/// Five, open four or four when the line already is one; otherwise nothing.
fn four_level(line: &mut [u8; WIDTH], exact: bool) -> Pattern {
    let (lo, hi) = run(line, HALF);
    let len = hi - lo + 1;
    if len >= 5 {
        return if is_win(len, exact) {
            Pattern::Five
        } else {
            Pattern::None
        };
    }
    match five_points(line, exact) {
        0 => Pattern::None,
        1 => Pattern::Four,
        _ => Pattern::OpenFour,
    }
}

/// Names each line that is nothing yet by the best one more stone makes of it.
fn next_level(prev: &[Pattern]) -> Vec<Pattern> {
    (0..TABLE_LEN)
        .map(|code| {
            if prev[code] != Pattern::None {
                return prev[code];
            }
            let line = decode(code);
            (0..WIDTH)
                .filter(|&e| line[e] == EMPTY && e.abs_diff(HALF) <= 4)
                .map(|e| demote(prev[code + digit_weight(e)]))
                .max()
                .unwrap_or(Pattern::None)
        })
        .collect()
}

/// What a line is when one more stone makes it `after`.
fn demote(after: Pattern) -> Pattern {
    match after {
        Pattern::OpenFour => Pattern::OpenThree,
        Pattern::Four => Pattern::Three,
        Pattern::OpenThree => Pattern::OpenTwo,
        Pattern::Three => Pattern::Two,
        _ => Pattern::None,
    }
}

/// How much an own stone on line index `i` adds to a table code.
fn digit_weight(i: usize) -> usize {
    let j = if i < HALF { i } else { i - 1 };
    3usize.pow(j as u32)
}

/// The line for a table code: the ten neighbours, left to right skipping the centre (which
/// holds an own stone), are the base-3 digits from the lowest.
fn decode(mut code: usize) -> [u8; WIDTH] {
    let mut line = [EMPTY; WIDTH];
    for (i, cell) in line.iter_mut().enumerate() {
        if i == HALF {
            *cell = OWN;
            continue;
        }
        *cell = (code % 3) as u8;
        code /= 3;
    }
    line
}

fn encode(line: &[u8; WIDTH]) -> usize {
    line.iter()
        .enumerate()
        .rev()
        .filter(|&(i, _)| i != HALF)
        .fold(0, |acc, (_, &c)| acc * 3 + c as usize)
}

/// The run of own stones through index `i`, as (first, last) indices.
fn run(line: &[u8; WIDTH], i: usize) -> (usize, usize) {
    let mut lo = i;
    while lo > 0 && line[lo - 1] == OWN {
        lo -= 1;
    }
    let mut hi = i;
    while hi + 1 < WIDTH && line[hi + 1] == OWN {
        hi += 1;
    }
    (lo, hi)
}

fn is_win(len: usize, exact: bool) -> bool {
    if exact { len == 5 } else { len >= 5 }
}

/// Empty points that complete a winning row through the centre.
fn five_points(line: &mut [u8; WIDTH], exact: bool) -> usize {
    let mut n = 0;
    for e in 1..WIDTH - 1 {
        if line[e] != EMPTY || e.abs_diff(HALF) > 4 {
            continue;
        }
        line[e] = OWN;
        let (lo, hi) = run(line, e);
        if lo <= HALF && HALF <= hi && is_win(hi - lo + 1, exact) {
            n += 1;
        }
        line[e] = EMPTY;
    }
    n
}

/// What `stone` on `p` makes along `dir` under `rule` (the point itself is taken to hold
/// `stone`, whatever it holds now).
pub fn pattern_at(board: &Board, p: Pos, dir: (i8, i8), stone: Stone, rule: Rule) -> Pattern {
    let mut line = [BLOCKED; WIDTH];
    for (i, cell) in line.iter_mut().enumerate() {
        let k = i as i32 - HALF as i32;
        *cell = match p.offset(dir, k, board.size()) {
            _ if k == 0 => OWN,
            None => BLOCKED,
            Some(q) => match board.get(q) {
                None => EMPTY,
                Some(s) if s == stone => OWN,
                Some(_) => BLOCKED,
            },
        };
    }
    let exact = !rule.wins_with(stone, 6);
    tables()[exact as usize][encode(&line)]
}

/// The patterns `stone` on `p` makes along the four directions.
pub fn patterns_at(board: &Board, p: Pos, stone: Stone, rule: Rule) -> [Pattern; 4] {
    DIRECTIONS.map(|dir| pattern_at(board, p, dir, stone, rule))
}

/// The reference definition the tables are checked against in tests.
#[cfg(test)]
mod reference {
    use super::*;

    /// The precise definition: a pattern is named by the best thing one more stone makes of it.
    pub(super) fn classify(line: &mut [u8; WIDTH], exact: bool) -> Pattern {
        classify_to(line, exact, Pattern::Two)
    }

    /// Classifies, looking no lower than `floor` (which bounds the recursion).
    fn classify_to(line: &mut [u8; WIDTH], exact: bool, floor: Pattern) -> Pattern {
        let (lo, hi) = run(line, HALF);
        let len = hi - lo + 1;
        if len >= 5 {
            return if is_win(len, exact) {
                Pattern::Five
            } else {
                Pattern::None
            };
        }
        match five_points(line, exact) {
            0 => {}
            1 => return Pattern::Four,
            _ => return Pattern::OpenFour,
        }
        if floor >= Pattern::Four {
            return Pattern::None;
        }
        let next_floor = if floor <= Pattern::OpenTwo {
            Pattern::Three
        } else {
            Pattern::Four
        };
        let mut best = Pattern::None;
        for e in 0..WIDTH {
            if line[e] != EMPTY || e.abs_diff(HALF) > 4 {
                continue;
            }
            line[e] = OWN;
            let after = classify_to(line, exact, next_floor);
            line[e] = EMPTY;
            let named = match after {
                Pattern::OpenFour => Pattern::OpenThree,
                Pattern::Four => Pattern::Three,
                Pattern::OpenThree => Pattern::OpenTwo,
                Pattern::Three => Pattern::Two,
                _ => Pattern::None,
            };
            best = best.max(named);
        }
        if best < floor { Pattern::None } else { best }
    }
}

#[cfg(test)]
mod tests {
    use super::reference::classify;
    use super::*;

    fn line_of(text: &str) -> Pattern {
        // `X` own, `O` blocked, `.` empty, `*` the centre (own); padded with blocked cells.
        let centre = text.find('*').expect("a centre");
        let mut line = [BLOCKED; WIDTH];
        for (i, ch) in text.chars().enumerate() {
            let j = i as i32 - centre as i32 + HALF as i32;
            if (0..WIDTH as i32).contains(&j) {
                line[j as usize] = match ch {
                    'X' | '*' => OWN,
                    '.' => EMPTY,
                    _ => BLOCKED,
                };
            }
        }
        let free = tables()[0][encode(&line)];
        assert_eq!(
            free,
            classify(&mut line.clone(), false),
            "table matches definition"
        );
        free
    }

    #[test]
    fn tables_match_the_definition_for_every_line() {
        for exact in [false, true] {
            let table = &tables()[exact as usize];
            for (code, &pattern) in table.iter().enumerate() {
                assert_eq!(pattern, classify(&mut decode(code), exact), "code {code}");
            }
        }
    }

    #[test]
    fn line_code_matches_encode() {
        for code in [0, 5, 777, 31000, TABLE_LEN - 1] {
            let line = decode(code);
            let mut n = [0u8; 2 * HALF];
            n[..HALF].copy_from_slice(&line[..HALF]);
            n[HALF..].copy_from_slice(&line[HALF + 1..]);
            assert_eq!(line_code(n), code);
        }
    }

    #[test]
    fn table_codes_round_trip() {
        for code in [0, 1, 100, 4242, TABLE_LEN - 1] {
            assert_eq!(encode(&decode(code)), code);
        }
    }

    #[test]
    fn named_shapes() {
        assert_eq!(line_of("..XX*X.."), Pattern::OpenFour);
        assert_eq!(line_of("OXX*X.."), Pattern::Four);
        assert_eq!(line_of("..X.*XX.."), Pattern::Four);
        assert_eq!(line_of("X.X*X.X"), Pattern::OpenFour); // two fours in one line
        assert_eq!(line_of("...X*X..."), Pattern::OpenThree);
        assert_eq!(line_of("..X.*X..."), Pattern::OpenThree);
        assert_eq!(line_of("OX*X...."), Pattern::Three);
        assert_eq!(line_of("O.X*X.O"), Pattern::Three);
        assert_eq!(line_of("...*X..."), Pattern::OpenTwo);
        assert_eq!(line_of("O*X...."), Pattern::Two);
        assert_eq!(line_of("O*X..O"), Pattern::None);
        assert_eq!(line_of("XX*XX"), Pattern::Five);
        assert_eq!(line_of("XXX*XX"), Pattern::Five);
    }

    #[test]
    fn exact_five_tables_treat_overlines_as_nothing() {
        let mut line = [BLOCKED; WIDTH];
        for c in line.iter_mut().take(HALF + 1).skip(HALF - 5) {
            *c = OWN;
        }
        // Six in a row.
        assert_eq!(tables()[1][encode(&line)], Pattern::None);
        assert_eq!(tables()[0][encode(&line)], Pattern::Five);
    }
}
