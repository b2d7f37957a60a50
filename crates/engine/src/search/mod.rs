//! Move choice: the seed-style one-ply evaluator, and the full search (incremental patterns,
//! a VCF solver, principal variation search with a transposition table).

pub mod answers;
pub mod correction;
pub mod eval;
pub mod info;
pub mod levels;
pub mod one_ply;
pub mod openings;
pub mod policy;
pub mod position;
pub mod run_queue;
pub mod searcher;
pub mod thinker;
pub mod threat;
pub mod time_manager;
pub mod tt;
pub mod vcf;
pub mod vct;
pub mod worker;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Board, Pos};

/// A hasher for keys that are Zobrist hashes already: it passes them through.
#[derive(Debug, Default, Clone, Copy)]
pub struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map keyed by Zobrist hashes.
pub type ZobristMap<V> = HashMap<u64, V, BuildHasherDefault<ZobristHasher>>;

/// Empty points within `radius` (king moves) of any stone; the centre on an empty board.
pub fn candidates(board: &Board, radius: i32) -> Vec<Pos> {
    if board.stone_count() == 0 {
        return vec![board.center()];
    }
    let size = board.size() as usize;
    let mut near = vec![false; size * size];
    for (m, _) in board.stones() {
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let (x, y) = (m.x as i32 + dx, m.y as i32 + dy);
                if (0..size as i32).contains(&x) && (0..size as i32).contains(&y) {
                    near[y as usize * size + x as usize] = true;
                }
            }
        }
    }
    let close: Vec<Pos> = board
        .points()
        .filter(|&p| near[p.y as usize * size + p.x as usize] && board.is_empty_at(p))
        .collect();
    if close.is_empty() {
        board.points().filter(|&p| board.is_empty_at(p)).collect()
    } else {
        close
    }
}
