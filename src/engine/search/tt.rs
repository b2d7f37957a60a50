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
    /// The search that stored it (set by the table).
    pub age: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    best: u16::MAX,
    score: 0,
    depth: -128,
    bound: Bound::Upper,
    age: 0,
};

/// The table.
pub struct TranspositionTable {
    slots: Vec<[Entry; 2]>,
    mask: usize,
    /// The current search; deep entries of earlier searches give way to new ones.
    generation: u8,
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
            generation: 0,
        }
    }

    /// Starts a new search: what earlier searches stored stays readable, but no longer holds
    /// the depth-preferred way against new results.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
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
    pub fn store(&mut self, mut entry: Entry) {
        entry.age = self.generation;
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if slot[0].key == entry.key || entry.depth >= slot[0].depth || slot[0].age != entry.age {
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
            age: 0,
        };
        tt.store(e);
        let got = tt.probe(12345).unwrap();
        assert_eq!((got.best, got.score, got.depth), (7, 42, 3));
        assert!(tt.probe(54321).is_none());
        tt.clear();
        assert!(tt.probe(12345).is_none());
    }

    #[test]
    fn old_deep_entries_give_way_in_a_new_search() {
        let mut tt = TranspositionTable::with_bytes(1 << 16);
        let len = tt.slots.len() as u64;
        let entry = |key: u64, depth: i8| Entry {
            key,
            best: 1,
            score: 0,
            depth,
            bound: Bound::Exact,
            age: 0,
        };
        tt.store(entry(5, 9));
        // Same slot, shallower: goes to the second way in the same search.
        tt.store(entry(5 + len, 2));
        assert_eq!(tt.slots[5][0].key, 5);
        tt.new_search();
        tt.store(entry(5 + 2 * len, 2));
        assert_eq!(
            tt.slots[5][0].key,
            5 + 2 * len,
            "the old deep entry gave way"
        );
        assert!(
            tt.probe(5).is_some(),
            "and is still readable in the second way"
        );
    }
}
