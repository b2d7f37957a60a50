//! The transposition table: what earlier searches learnt about positions, by Zobrist hash, in a
//! fixed amount of memory (always-replace buckets of two: depth-preferred and newest).

/// How a stored score bounds the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One stored result.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The full hash, to tell positions that share a slot apart.
    pub key: u64,
    /// The best move found (a padded index), or `u16::MAX`.
    pub best: u16,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// The depth searched.
    pub depth: i8,
    /// How the score bounds the true one.
    pub bound: Bound,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    best: u16::MAX,
    score: 0,
    depth: -128,
    bound: Bound::Upper,
};

/// The table.
pub struct TranspositionTable {
    slots: Vec<[Entry; 2]>,
    mask: usize,
}

impl TranspositionTable {
    /// A table using about `bytes` of memory (at least a few thousand entries).
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let per_slot = std::mem::size_of::<[Entry; 2]>();
        let want = (bytes / per_slot).max(1024);
        let len = want.next_power_of_two() / 2;
        let len = len.max(1024);
        TranspositionTable {
            slots: vec![[EMPTY_ENTRY; 2]; len],
            mask: len - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill([EMPTY_ENTRY; 2]);
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        slot.iter()
            .find(|e| e.key == key && e.depth > -128)
            .copied()
    }

    /// Stores a result: the first way keeps the deepest, the second the newest.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if slot[0].key == entry.key || entry.depth >= slot[0].depth {
            if slot[0].key != entry.key {
                slot[1] = slot[0];
            }
            slot[0] = entry;
        } else {
            slot[1] = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut tt = TranspositionTable::with_bytes(1 << 16);
        let e = Entry {
            key: 12345,
            best: 7,
            score: 42,
            depth: 3,
            bound: Bound::Exact,
        };
        tt.store(e);
        let got = tt.probe(12345).unwrap();
        assert_eq!((got.best, got.score, got.depth), (7, 42, 3));
        assert!(tt.probe(54321).is_none());
        tt.clear();
        assert!(tt.probe(12345).is_none());
    }
}
