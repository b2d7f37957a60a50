//! THE MEASURING BUILD (not the engine's code): the commit's `correction.rs` with knobs.
//! `GK_CORR=threat`, `moves` or `threat,moves` chooses the tables (none: main's search);
//! `GK_CORR_LIMIT` (300) and `GK_CORR_W` (16) the limit and the largest update weight.
//! Correction of the static evaluation by what the search found: when a node's search scores
//! its position differently from the static evaluation, the difference is remembered under a
//! few keys that many positions of the same search share, and the evaluation of later
//! positions with the same keys moves by the remembered difference. The evaluation is fitted to
//! games in general; these tables fit it, during a search, to the positions of this game.
//!
//! Two keys: the threat signature (how many points give each colour each threat, coarsely, and
//! who is to move), and the last two moves (what the opponent just did and what we did before).

use super::position::{Position, THREATS, Threat};

/// Entries per table (a power of two).
const ENTRIES: usize = 1 << 14;
/// Stored values are in evaluation units times this.
const GRAIN: i32 = 64;
fn knob(name: &str, default: i32) -> i32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn limits() -> (i32, i32) {
    static KNOB: std::sync::OnceLock<(i32, i32)> = std::sync::OnceLock::new();
    *KNOB.get_or_init(|| (knob("GK_CORR_LIMIT", 300), knob("GK_CORR_W", 16)))
}

/// The caps of each threat class's count in the threat signature.
const COUNT_CAPS: [u32; THREATS] = [0, 7, 3, 2, 3, 1, 1, 0];

/// Which tables a search uses (a measuring knob: `GK_CORR=threat,moves`).
fn enabled() -> (bool, bool) {
    static KNOB: std::sync::OnceLock<(bool, bool)> = std::sync::OnceLock::new();
    *KNOB.get_or_init(|| {
        let v = std::env::var("GK_CORR").unwrap_or_default();
        (v.contains("threat"), v.contains("moves"))
    })
}

/// The correction tables of one searcher.
#[derive(Debug, Clone)]
pub struct Correction {
    threat: Vec<i32>,
    moves: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            threat: vec![0; ENTRIES],
            moves: vec![0; ENTRIES],
        }
    }
}

fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl Correction {
    fn threat_key(pos: &Position) -> usize {
        let me = pos.to_move();
        let mut h = me.index() as u64;
        for stone in [me, me.opponent()] {
            for (t, &cap) in COUNT_CAPS.iter().enumerate() {
                if cap == 0 {
                    continue;
                }
                let class = THREAT_CLASSES[t];
                let c = if class == Threat::Low {
                    pos.count(stone, class) / 6
                } else {
                    pos.count(stone, class)
                };
                h = h * 8 + c.min(cap) as u64;
            }
        }
        (mix(h) as usize) & (ENTRIES - 1)
    }

    fn moves_key(pos: &Position) -> usize {
        let last = pos.recent_move(0).map_or(0, |m| m + 1) as u64;
        let before = pos.recent_move(1).map_or(0, |m| m + 1) as u64;
        let h = (last << 20) ^ (before << 1) ^ pos.to_move().index() as u64;
        (mix(h ^ 0x9e37_79b9) as usize) & (ENTRIES - 1)
    }

    /// The correction of `pos`'s static evaluation, in evaluation units.
    pub fn value(&self, pos: &Position) -> i32 {
        let (threat, moves) = enabled();
        let mut v = 0;
        if threat {
            v += self.threat[Self::threat_key(pos)];
        }
        if moves {
            v += self.moves[Self::moves_key(pos)];
        }
        if threat && moves {
            v /= 2;
        }
        v / GRAIN
    }

    /// A search of `depth` scored `pos` at `diff` evaluation units above its static evaluation.
    pub fn update(&mut self, pos: &Position, depth: i32, diff: i32) {
        let (threat, moves) = enabled();
        let (limit, max_weight) = limits();
        let weight = (depth + 1).min(max_weight);
        let target = diff.clamp(-limit, limit) * GRAIN;
        let blend = |e: &mut i32| {
            *e = ((*e * (256 - weight) + target * weight) / 256)
                .clamp(-limit * GRAIN, limit * GRAIN);
        };
        if threat {
            blend(&mut self.threat[Self::threat_key(pos)]);
        }
        if moves {
            blend(&mut self.moves[Self::moves_key(pos)]);
        }
    }
}

const THREAT_CLASSES: [Threat; THREATS] = [
    Threat::None,
    Threat::Low,
    Threat::Three,
    Threat::DoubleThree,
    Threat::Four,
    Threat::FourThree,
    Threat::FlexFour,
    Threat::Five,
];

#[cfg(test)]
impl Correction {
    pub fn entries_set(&self) -> usize {
        self.threat.iter().chain(&self.moves).filter(|&&e| e != 0).count()
    }
}
