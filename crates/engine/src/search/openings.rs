//! Balanced openings: a few stones near the centre that the search judges close to even.
//!
//! Random openings are mostly lost for one side (in freestyle, two or four stones with black to
//! move usually are), so a match over them is decided by the colours and says little about
//! the engines. A set judged near even by a fixed-budget search is the same on every machine
//! (a seeded generator, a node budget instead of a clock) and makes every game count.

use std::collections::HashSet;

use super::searcher::{Limits, Searcher};
use crate::board::{Board, Pos, Stone};
use crate::rules::Rule;

/// A small deterministic random generator (xorshift64*): the same openings from a seed on every
/// machine, without a dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        let span = (hi - lo + 1).max(1) as u64;
        lo + (self.next_u64() % span) as i32
    }
}

/// What openings to make.
#[derive(Debug, Clone)]
pub struct OpeningSpec {
    /// Board size.
    pub size: u8,
    /// The rule the search judges them under.
    pub rule: Rule,
    /// Fewest and most stones (black first, colours alternating).
    pub stones: (usize, usize),
    /// Stones lie within this many points of the centre (in both directions).
    pub radius: u8,
    /// Kept when the search's score is at most this far from even (evaluation units, 640 to
    /// a unit of log-odds).
    pub max_score: i32,
    /// The search's node budget per candidate.
    pub nodes: u64,
}

/// An opening and the search's verdict.
#[derive(Debug, Clone)]
pub struct JudgedOpening {
    /// The stones, black first.
    pub moves: Vec<Pos>,
    /// The score for black (positive: black is better).
    pub black_score: i32,
}

/// A random opening of `stones` stones around the centre (no two on one point).
pub fn random_opening(size: u8, stones: usize, radius: u8, rng: &mut Rng) -> Vec<Pos> {
    let c = (size / 2) as i32;
    let r = radius as i32;
    let mut moves: Vec<Pos> = Vec::with_capacity(stones);
    while moves.len() < stones {
        let p = Pos {
            x: (c + rng.range(-r, r)) as u8,
            y: (c + rng.range(-r, r)) as u8,
        };
        if !moves.contains(&p) {
            moves.push(p);
        }
    }
    moves
}

/// The search's score of a position for black, after `nodes` nodes.
pub fn judge(board: &Board, rule: Rule, nodes: u64) -> i32 {
    let mut searcher = Searcher::new(board, rule, 1 << 24);
    let report = searcher.think(Limits::nodes(nodes));
    match board.to_move() {
        Stone::Black => report.score,
        Stone::White => -report.score,
    }
}

/// Up to `count` openings the search judges near even, none a mirror or rotation of another,
/// from at most `tries` random candidates.
pub fn balanced_openings(
    spec: &OpeningSpec,
    count: usize,
    tries: usize,
    seed: u64,
) -> Vec<JudgedOpening> {
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..tries {
        if out.len() >= count {
            break;
        }
        let (lo, hi) = spec.stones;
        let stones = rng.range(lo as i32, hi.max(lo) as i32) as usize;
        let moves = random_opening(spec.size, stones, spec.radius, &mut rng);
        if !seen.insert(canonical(&moves, spec.size)) {
            continue;
        }
        let Some(board) = board_of(spec.size, &moves) else {
            continue;
        };
        let black_score = judge(&board, spec.rule, spec.nodes);
        if black_score.abs() <= spec.max_score {
            out.push(JudgedOpening { moves, black_score });
        }
    }
    out
}

/// The board after `moves` played alternately from black, if they can be played.
pub fn board_of(size: u8, moves: &[Pos]) -> Option<Board> {
    let mut board = Board::new(size).ok()?;
    for &p in moves {
        board.place(p).ok()?;
    }
    Some(board)
}

/// The same opening under the board's eight symmetries gives one key: the smallest of the
/// eight sorted stone lists (black's and white's stones apart).
fn canonical(moves: &[Pos], size: u8) -> Vec<(u8, u8, u8)> {
    let n = size - 1;
    let maps: [fn(u8, u8, u8) -> (u8, u8); 8] = [
        |x, y, _| (x, y),
        |x, y, n| (n - x, y),
        |x, y, n| (x, n - y),
        |x, y, n| (n - x, n - y),
        |x, y, _| (y, x),
        |x, y, n| (n - y, x),
        |x, y, n| (y, n - x),
        |x, y, n| (n - y, n - x),
    ];
    maps.iter()
        .map(|f| {
            let mut v: Vec<(u8, u8, u8)> = moves
                .iter()
                .enumerate()
                .map(|(k, p)| {
                    let (x, y) = f(p.x, p.y, n);
                    ((k % 2) as u8, x, y)
                })
                .collect();
            v.sort_unstable();
            v
        })
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_openings() {
        let spec = OpeningSpec {
            size: 15,
            rule: Rule::Freestyle,
            stones: (3, 4),
            radius: 2,
            max_score: 400,
            nodes: 2_000,
        };
        let a = balanced_openings(&spec, 3, 40, 7);
        let b = balanced_openings(&spec, 3, 40, 7);
        assert!(!a.is_empty());
        assert_eq!(
            a.iter().map(|o| o.moves.clone()).collect::<Vec<_>>(),
            b.iter().map(|o| o.moves.clone()).collect::<Vec<_>>()
        );
        for o in &a {
            assert!(o.black_score.abs() <= 400, "{}", o.black_score);
            assert!((3..=4).contains(&o.moves.len()));
        }
    }

    #[test]
    fn mirrored_openings_share_a_key() {
        let a = [Pos { x: 7, y: 7 }, Pos { x: 8, y: 6 }, Pos { x: 6, y: 8 }];
        let mirrored = [Pos { x: 7, y: 7 }, Pos { x: 6, y: 6 }, Pos { x: 8, y: 8 }];
        let swapped_colours = [Pos { x: 8, y: 6 }, Pos { x: 7, y: 7 }, Pos { x: 6, y: 8 }];
        assert_eq!(canonical(&a, 15), canonical(&mirrored, 15));
        assert_ne!(canonical(&a, 15), canonical(&swapped_colours, 15));
    }

    #[test]
    fn a_lost_opening_is_not_kept() {
        // Black to move with an open three already: won for black, far from even.
        let moves = [
            Pos { x: 6, y: 7 },
            Pos { x: 1, y: 1 },
            Pos { x: 7, y: 7 },
            Pos { x: 1, y: 13 },
            Pos { x: 8, y: 7 },
            Pos { x: 13, y: 1 },
        ];
        let board = board_of(15, &moves).unwrap();
        assert!(judge(&board, Rule::Freestyle, 5_000) > 400);
    }
}
