//! The transposition table: what earlier searches learnt about positions, by Zobrist hash, in a
//! fixed amount of memory (buckets of two: depth-preferred and newest).
//!
//! The table is shared by every thread of a parallel search without locks. Each entry is two
//! atomic words: the packed data, and the key XOR the data. A reader that sees a half-written
//! entry (one word of one store, the other of another) finds that the XOR no longer gives its
//! key and treats the entry as missing, so a race costs a lookup, never a wrong result.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The full hash, to tell positions that share a slot apart.
    pub key: u64,
    /// The best move found (a padded index), or `u16::MAX`.
    pub best: u16,
    /// The score, mate scores relative to this node (it must fit in an `i16`).
    pub score: i32,
    /// The depth searched (-127 and deeper; -128 marks an empty entry).
    pub depth: i8,
    /// How the score bounds the true one.
    pub bound: Bound,
    /// The search that stored it (set by the table).
    pub age: u8,
}

impl Entry {
    /// The entry packed in one word: move, score, depth, bound and age.
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let score = self.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        u64::from(self.best)
            | u64::from(score as u16) << 16
            | u64::from((self.depth as i16 + 128) as u8) << 32
            | bound << 40
            | u64::from(self.age) << 48
    }

    /// The entry of a packed word under `key`; `None` for an empty word.
    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 40) & 0xff {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key,
            best: data as u16,
            score: i32::from((data >> 16) as u16 as i16),
            depth: (i16::from((data >> 32) as u8) - 128) as i8,
            bound,
            age: (data >> 48) as u8,
        })
    }
}

/// One slot: two entries of two words each (see the module documentation).
#[derive(Default)]
struct Slot([AtomicU64; 4]);

impl Slot {
    /// What way `w` holds, with the key its two words give (a torn entry gives a key that
    /// no position asked for, so probes miss it).
    fn read(&self, w: usize) -> Option<Entry> {
        let data = self.0[2 * w + 1].load(Ordering::Relaxed);
        let check = self.0[2 * w].load(Ordering::Relaxed);
        Entry::unpack(check ^ data, data)
    }

    fn write(&self, w: usize, e: &Entry) {
        let data = e.pack();
        self.0[2 * w + 1].store(data, Ordering::Relaxed);
        self.0[2 * w].store(e.key ^ data, Ordering::Relaxed);
    }
}

/// The table. Shared between threads by reference (`Arc`); every method takes `&self`.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
    /// The current search; deep entries of earlier searches give way to new ones.
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table using about `bytes` of memory (at least a few thousand entries).
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let per_slot = std::mem::size_of::<Slot>();
        let want = (bytes / per_slot).max(1024);
        let len = want.next_power_of_two() / 2;
        let len = len.max(1024);
        let mut slots = Vec::with_capacity(len);
        slots.resize_with(len, Slot::default);
        TranspositionTable {
            slots,
            mask: len - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// The memory the entries use, in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Starts a new search: what earlier searches stored stays readable, but no longer holds
    /// the depth-preferred way against new results.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            for word in &slot.0 {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        (0..2)
            .filter_map(|w| slot.read(w))
            .find(|e| e.key == key && e.depth > -128)
    }

    /// Stores a result: the first way keeps the deepest, the second the newest.
    pub fn store(&self, mut entry: Entry) {
        entry.age = self.generation.load(Ordering::Relaxed);
        let slot = &self.slots[entry.key as usize & self.mask];
        let first = slot.read(0);
        let replaces_first = match first {
            None => true,
            Some(f) => f.key == entry.key || entry.depth >= f.depth || f.age != entry.age,
        };
        if replaces_first {
            if let Some(f) = first.filter(|f| f.key != entry.key) {
                slot.write(1, &f);
            }
            slot.write(0, &entry);
        } else {
            slot.write(1, &entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i8) -> Entry {
        Entry {
            key,
            best: 1,
            score: 0,
            depth,
            bound: Bound::Exact,
            age: 0,
        }
    }

    #[test]
    fn stores_and_finds() {
        let tt = TranspositionTable::with_bytes(1 << 16);
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
    fn every_field_comes_back_as_stored() {
        let tt = TranspositionTable::with_bytes(1 << 16);
        for (i, (score, depth, bound)) in [
            (-30_001, -127, Bound::Upper),
            (30_000, 127, Bound::Lower),
            (0, 0, Bound::Exact),
            (-5, -1, Bound::Exact),
        ]
        .into_iter()
        .enumerate()
        {
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1);
            let e = Entry {
                key,
                best: u16::MAX - i as u16,
                score,
                depth,
                bound,
                age: 0,
            };
            tt.store(e);
            assert_eq!(tt.probe(key), Some(e));
        }
    }

    #[test]
    fn old_deep_entries_give_way_in_a_new_search() {
        let tt = TranspositionTable::with_bytes(1 << 16);
        let len = tt.slots.len() as u64;
        tt.store(entry(5, 9));
        // Same slot, shallower: goes to the second way in the same search.
        tt.store(entry(5 + len, 2));
        assert_eq!(tt.slots[5].read(0).unwrap().key, 5);
        tt.new_search();
        tt.store(entry(5 + 2 * len, 2));
        assert_eq!(
            tt.slots[5].read(0).unwrap().key,
            5 + 2 * len,
            "the old deep entry gave way"
        );
        assert!(
            tt.probe(5).is_some(),
            "and is still readable in the second way"
        );
    }

    #[test]
    fn threads_writing_at_once_never_read_a_mixed_entry() {
        // Four threads store entries whose fields all derive from their key into a small
        // table, and probe their own keys and each other's: every entry found must be one
        // that was stored whole under that key.
        let tt = TranspositionTable::with_bytes(1 << 12);
        let consistent = |e: &Entry| {
            e.best == (e.key % 1000) as u16 && e.score == (e.key % 20_000) as i32 - 10_000
        };
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for n in 0..200_000u64 {
                        let key = (n * 4 + t).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                        tt.store(Entry {
                            key,
                            best: (key % 1000) as u16,
                            score: (key % 20_000) as i32 - 10_000,
                            depth: (n % 20) as i8,
                            bound: Bound::Lower,
                            age: 0,
                        });
                        // A key another thread has just stored (or is storing).
                        let theirs = (n * 4 + (t + 1) % 4).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                        for k in [key, theirs] {
                            if let Some(e) = tt.probe(k) {
                                assert!(e.key == k && consistent(&e), "{e:?}");
                            }
                        }
                    }
                });
            }
        });
    }
}
