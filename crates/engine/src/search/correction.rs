//! Correction of the static evaluation by what the search finds ("correction history"): when
//! the search of a quiet node scores it differently from its static evaluation, the difference
//! is remembered under two keys that many positions of the same search share, and the static
//! evaluation of later positions with those keys moves by what was remembered. The evaluation's
//! weights are fitted to games in general; these tables fit it, while the search runs, to the
//! positions of the game in play.
//!
//! The keys: the threat signature (how many points give each colour each threat, counted
//! coarsely, and who is to move), and the last two moves (the opponent's last move and ours
//! before it). A position's correction is the mean of its two entries.

use super::position::Position;
use super::threat::Threat;

/// Entries per table (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries hold evaluation units times this.
const GRAIN: i32 = 64;
/// The largest correction, and the largest difference an update reads, in evaluation units.
pub const LIMIT: i32 = 300;
/// An update moves an entry `depth + 1` 256ths of the way to its difference (at most this
/// many 256ths), so deeper searches weigh more.
const MAX_WEIGHT: i32 = 16;

/// The threat classes in the signature, each with the cap of its count (the low class, points
/// of some twos, is counted in sixes).
const SIGNATURE: [(Threat, u32); 6] = [
    (Threat::Low, 7),
    (Threat::Three, 3),
    (Threat::DoubleThree, 2),
    (Threat::Four, 3),
    (Threat::FourThree, 1),
    (Threat::FlexFour, 1),
];

/// A position's entries in the correction tables.
#[derive(Debug, Clone, Copy)]
pub struct Keys {
    threats: usize,
    moves: usize,
}

/// The correction tables of one searcher (kept from move to move, as its history is).
#[derive(Debug, Clone)]
pub struct Correction {
    /// By threat signature.
    threats: Vec<i32>,
    /// By the last two moves.
    moves: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            threats: vec![0; ENTRIES],
            moves: vec![0; ENTRIES],
        }
    }
}

/// A 64-bit finaliser (MurmurHash3's), so that near keys land far apart.
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl Correction {
    /// The entry of `pos`'s threat signature.
    fn threats_key(pos: &Position) -> usize {
        let me = pos.to_move();
        let mut h = me.index() as u64;
        for stone in [me, me.opponent()] {
            for (class, cap) in SIGNATURE {
                let count = match class {
                    Threat::Low => pos.count(stone, class) / 6,
                    _ => pos.count(stone, class),
                };
                h = h * 8 + count.min(cap) as u64;
            }
        }
        (mix(h) as usize) & (ENTRIES - 1)
    }

    /// The entry of `pos`'s last two moves.
    fn moves_key(pos: &Position) -> usize {
        let last = pos.recent_move(0).map_or(0, |m| m + 1) as u64;
        let before = pos.recent_move(1).map_or(0, |m| m + 1) as u64;
        let h = (last << 20) ^ (before << 1) ^ pos.to_move().index() as u64;
        (mix(h ^ 0x9e37_79b9) as usize) & (ENTRIES - 1)
    }

    /// The entries of `pos` in the two tables. A node of the search reads them once and uses
    /// them for its correction and for its update (the position is the same at both).
    pub fn keys(pos: &Position) -> Keys {
        Keys {
            threats: Self::threats_key(pos),
            moves: Self::moves_key(pos),
        }
    }

    /// The correction of `pos`'s static evaluation, in evaluation units (at most [`LIMIT`]
    /// either way).
    pub fn value(&self, pos: &Position) -> i32 {
        self.value_at(Self::keys(pos))
    }

    /// The correction of the position whose entries are `keys`.
    pub fn value_at(&self, keys: Keys) -> i32 {
        (self.threats[keys.threats] + self.moves[keys.moves]) / 2 / GRAIN
    }

    /// A search `depth` plies deep scored `pos` `diff` evaluation units above its static
    /// evaluation (without the correction).
    #[cfg(test)]
    pub fn update(&mut self, pos: &Position, depth: i32, diff: i32) {
        self.update_at(Self::keys(pos), depth, diff);
    }

    /// Learns that a search `depth` plies deep scored the position whose entries are `keys`
    /// `diff` evaluation units above its static evaluation (without the correction).
    pub fn update_at(&mut self, keys: Keys, depth: i32, diff: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = diff.clamp(-LIMIT, LIMIT) * GRAIN;
        for entry in [&mut self.threats[keys.threats], &mut self.moves[keys.moves]] {
            *entry = ((*entry * (256 - weight) + target * weight) / 256)
                .clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
        }
    }

    /// How many entries hold a correction.
    #[cfg(test)]
    pub fn entries_set(&self) -> usize {
        self.threats
            .iter()
            .chain(&self.moves)
            .filter(|&&e| e != 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::Rule;

    fn position(moves: &str) -> Position {
        Position::new(
            &Board::with_moves(15, moves).expect("legal"),
            Rule::Freestyle,
        )
    }

    #[test]
    fn updates_move_the_correction_towards_what_the_search_found() {
        let pos = position("h8 i9 h9");
        let mut c = Correction::default();
        assert_eq!(c.value(&pos), 0);
        c.update(&pos, 4, 200);
        let first = c.value(&pos);
        assert!(first > 0 && first < 200, "{first}");
        for _ in 0..500 {
            c.update(&pos, 20, 200);
        }
        let settled = c.value(&pos);
        assert!((190..=200).contains(&settled), "{settled}");
        // Far beyond the limit it stops at the limit.
        for _ in 0..500 {
            c.update(&pos, 20, -10_000);
        }
        let floor = c.value(&pos);
        assert!((-LIMIT..=-LIMIT + 2).contains(&floor), "{floor}");
    }

    #[test]
    fn a_position_with_other_keys_keeps_its_own_correction() {
        let pos = position("h8 i9 h9");
        // Another threat signature (an open three for black) and other last moves.
        let other = position("h8 i9 h9 j10 h10");
        let mut c = Correction::default();
        for _ in 0..100 {
            c.update(&pos, 8, 250);
        }
        assert!(c.value(&pos) > 200);
        assert_eq!(c.value(&other), 0);
    }
}
