//! The 26 standard renju openings: the first three stones, black on the centre, white next to
//! it (directly: orthogonally, 13 "direct" openings D1..D13; indirectly: diagonally, 13
//! "indirect" openings I1..I13), black's second stone within the central 5x5 square. Up to the
//! board's symmetries these are all the positions those three constraints allow, so a legal
//! third stone always makes one of the 26; the table names which.
//!
//! Sources followed: the constraints and the classification from Wikipedia's "Renju opening
//! pattern" page (en.wikipedia.org/wiki/Renju_opening_pattern, which also gives the numbering
//! and the Japanese names); the point each number stands for from three public tables that
//! agree with each other (the AzGomoku README's evaluation table, and two open-source renju
//! programs' opening lists), each relative to black on `h8` with white on `h9` (direct) or
//! `i9` (indirect).

use std::fmt;

use super::symmetry;
use crate::board::Pos;

/// Whether white's first stone touches black's orthogonally or diagonally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// White is orthogonally next to the centre ("D" openings).
    Direct,
    /// White is diagonally next to the centre ("I" openings).
    Indirect,
}

/// One of the 26 openings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RenjuOpening {
    /// Direct or indirect.
    pub family: Family,
    /// 1 to 13 within its family.
    pub number: u8,
}

/// Offsets `(dx, dy)` (`dy` down, as board rows go) of black's third stone from the centre,
/// with white above the centre (direct, index 0 = D1) ...
const DIRECT: [(i32, i32); 13] = [
    (0, -2),
    (1, -2),
    (2, -2),
    (1, -1),
    (2, -1),
    (1, 0),
    (2, 0),
    (0, 1),
    (1, 1),
    (2, 1),
    (0, 2),
    (1, 2),
    (2, 2),
];
/// ... or white up and to the right of the centre (indirect, index 0 = I1).
const INDIRECT: [(i32, i32); 13] = [
    (2, -2),
    (2, -1),
    (2, 0),
    (2, 1),
    (2, 2),
    (1, 0),
    (1, 1),
    (1, 2),
    (0, 1),
    (0, 2),
    (-1, 1),
    (-1, 2),
    (-2, 2),
];
/// White's offset from the centre in the table's orientation, per family.
const WHITE_DIRECT: (i32, i32) = (0, -1);
const WHITE_INDIRECT: (i32, i32) = (1, -1);

const DIRECT_NAMES: [&str; 13] = [
    "Kansei",
    "Keigetsu",
    "Sosei",
    "Kagetsu",
    "Zangetsu",
    "Ugetsu",
    "Kinsei",
    "Shogetsu",
    "Kyugetsu",
    "Shingetsu",
    "Zuisei",
    "Sangetsu",
    "Yusei",
];
const INDIRECT_NAMES: [&str; 13] = [
    "Chosei", "Kyogetsu", "Kosei", "Suigetsu", "Ryusei", "Ungetsu", "Hogetsu", "Rangetsu",
    "Gingetsu", "Myojo", "Shagetsu", "Meigetsu", "Suisei",
];

impl RenjuOpening {
    /// All 26, the direct ones first.
    pub fn all() -> Vec<RenjuOpening> {
        [Family::Direct, Family::Indirect]
            .into_iter()
            .flat_map(|family| (1..=13).map(move |number| RenjuOpening { family, number }))
            .collect()
    }

    /// The code players use: `D4`, `I13`.
    pub fn code(self) -> String {
        let letter = match self.family {
            Family::Direct => 'D',
            Family::Indirect => 'I',
        };
        format!("{letter}{}", self.number)
    }

    /// The traditional Japanese name (`Kagetsu` for D4).
    pub fn name(self) -> &'static str {
        let i = (self.number - 1) as usize;
        match self.family {
            Family::Direct => DIRECT_NAMES[i],
            Family::Indirect => INDIRECT_NAMES[i],
        }
    }

    /// The three stones (black, white, black) on a board of side `size` (at least 5), turned
    /// by symmetry `k` (0..8; 0 gives the table's orientation, white above or above-right).
    pub fn stones(self, size: u8, k: usize) -> [Pos; 3] {
        let c = (size / 2) as i32;
        let (white, third) = match self.family {
            Family::Direct => (WHITE_DIRECT, DIRECT[(self.number - 1) as usize]),
            Family::Indirect => (WHITE_INDIRECT, INDIRECT[(self.number - 1) as usize]),
        };
        let at = |off: (i32, i32)| {
            let (dx, dy) = symmetry::apply_offset(k, off);
            Pos::new((c + dx) as u8, (c + dy) as u8)
        };
        [at((0, 0)), at(white), at(third)]
    }
}

impl fmt::Display for RenjuOpening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.code(), self.name())
    }
}

/// Why a stone cannot be one of the first three of a standard renju opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatternError {
    /// The first stone is not on the centre.
    NotCentre,
    /// The second stone does not touch the first.
    NotAdjacent,
    /// The third stone is outside the central 5x5 square.
    OutsideFiveByFive,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PatternError::NotCentre => "the first stone of a renju opening goes on the centre",
            PatternError::NotAdjacent => {
                "the second stone of a renju opening goes next to the centre (one of its eight \
                 neighbours)"
            }
            PatternError::OutsideFiveByFive => {
                "the third stone of a renju opening goes within the central 5x5 square"
            }
        })
    }
}

/// Whether `p` may be stone number `index` (0, 1 or 2) of a standard opening on a board of
/// side `size`. Only the stone's own constraint is checked: the earlier stones are assumed
/// to have passed theirs.
pub fn check_stone(index: usize, p: Pos, size: u8) -> Result<(), PatternError> {
    let c = (size / 2) as i32;
    let (dx, dy) = (p.x as i32 - c, p.y as i32 - c);
    let ring = dx.abs().max(dy.abs());
    match index {
        0 if ring != 0 => Err(PatternError::NotCentre),
        1 if ring != 1 => Err(PatternError::NotAdjacent),
        2 if ring > 2 => Err(PatternError::OutsideFiveByFive),
        _ => Ok(()),
    }
}

/// Which of the 26 openings the first three stones make, if they make one (on any board of
/// side at least 5, around its centre `size / 2`).
pub fn identify(stones: &[Pos], size: u8) -> Option<RenjuOpening> {
    let [b1, w2, b3] = stones else {
        return None;
    };
    for (i, &p) in [*b1, *w2, *b3].iter().enumerate() {
        check_stone(i, p, size).ok()?;
    }
    if w2 == b3 {
        return None;
    }
    let c = (size / 2) as i32;
    let off = |p: &Pos| (p.x as i32 - c, p.y as i32 - c);
    (0..symmetry::COUNT).find_map(|k| {
        let w = symmetry::apply_offset(k, off(w2));
        let t = symmetry::apply_offset(k, off(b3));
        let (family, table) = if w == WHITE_DIRECT {
            (Family::Direct, &DIRECT)
        } else if w == WHITE_INDIRECT {
            (Family::Indirect, &INDIRECT)
        } else {
            return None;
        };
        let i = table.iter().position(|&o| o == t)?;
        Some(RenjuOpening {
            family,
            number: i as u8 + 1,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_moves;

    fn id(moves: &str) -> Option<String> {
        identify(&parse_moves(moves, 15).unwrap(), 15).map(|o| o.code())
    }

    #[test]
    fn known_openings_by_their_moves() {
        assert_eq!(id("h8 h9 h10").as_deref(), Some("D1"));
        assert_eq!(id("h8 h9 i9").as_deref(), Some("D4"));
        assert_eq!(id("h8 h9 j6").as_deref(), Some("D13"));
        assert_eq!(id("h8 i9 j10").as_deref(), Some("I1"));
        assert_eq!(id("h8 i9 f6").as_deref(), Some("I13"));
        assert_eq!(id("h8 i9 h7").as_deref(), Some("I9"));
        // The same openings turned and mirrored.
        assert_eq!(id("h8 g8 f8").as_deref(), Some("D1"));
        assert_eq!(id("h8 h7 g7").as_deref(), Some("D4"));
        assert_eq!(id("h8 g7 j10").as_deref(), Some("I13"));
        assert_eq!(id("h8 g9 h7").as_deref(), Some("I9"));
        // Not openings.
        assert_eq!(id("h8 h10 h9"), None);
        assert_eq!(id("h9 h8 h10"), None);
        assert_eq!(id("h8 h9 h11"), None);
    }

    #[test]
    fn every_legal_third_stone_is_exactly_one_of_the_26() {
        let mut seen = std::collections::HashSet::new();
        let c = 7i32;
        for (wx, wy) in [
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
        ] {
            for dx in -2..=2 {
                for dy in -2..=2 {
                    if (dx, dy) == (0, 0) || (dx, dy) == (wx, wy) {
                        continue;
                    }
                    let stones = [
                        Pos::new(7, 7),
                        Pos::new((c + wx) as u8, (c + wy) as u8),
                        Pos::new((c + dx) as u8, (c + dy) as u8),
                    ];
                    let o = identify(&stones, 15).expect("a legal opening");
                    seen.insert(o);
                }
            }
        }
        assert_eq!(seen.len(), 26);
    }

    #[test]
    fn the_table_stones_identify_as_themselves_under_every_symmetry() {
        for o in RenjuOpening::all() {
            for k in 0..symmetry::COUNT {
                assert_eq!(identify(&o.stones(15, k), 15), Some(o), "{o} k={k}");
            }
        }
        assert_eq!(RenjuOpening::all().len(), 26);
        let d4 = RenjuOpening {
            family: Family::Direct,
            number: 4,
        };
        assert_eq!(d4.to_string(), "D4 (Kagetsu)");
    }
}
