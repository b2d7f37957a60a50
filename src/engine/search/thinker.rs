//! The full search as the protocol's [`Thinker`]: keeps one searcher (and its transposition
//! table) for the whole game, and spends the manager's time budget on each move.

use crate::engine::board::{Board, Pos};
use crate::engine::protocol::{Limits as ProtocolLimits, Thinker};
use crate::engine::rules::Rule;

use super::searcher::{Limits, Report, Searcher};

/// Transposition table memory when the manager sets no limit.
const DEFAULT_TT_BYTES: usize = 128 << 20;

/// The engine binary's thinker.
#[derive(Default)]
pub struct SearchThinker {
    searcher: Option<(Searcher, usize)>,
    /// The last search's report (for logging).
    pub last: Option<Report>,
    elapsed: std::time::Duration,
    size: u8,
}

impl SearchThinker {
    fn tt_bytes(limits: &ProtocolLimits) -> usize {
        if limits.memory == 0 {
            DEFAULT_TT_BYTES
        } else {
            // Half of what we may use, the rest is the program and the search's own tables.
            ((limits.memory / 2) as usize).clamp(1 << 20, 1 << 30)
        }
    }
}

impl Thinker for SearchThinker {
    fn think(&mut self, board: &Board, rule: Rule, limits: &ProtocolLimits) -> Option<Pos> {
        let bytes = Self::tt_bytes(limits);
        match &mut self.searcher {
            Some((s, b)) if *b == bytes => s.set_position(board, rule),
            slot => *slot = Some((Searcher::new(board, rule, bytes), bytes)),
        }
        let (searcher, _) = self.searcher.as_mut().expect("set above");
        let started = web_time::Instant::now();
        let report = searcher.think(Limits::time(limits.move_budget()));
        self.elapsed = started.elapsed();
        self.size = board.size();
        let best = report.best;
        self.last = Some(report);
        best
    }

    fn summary(&self) -> Option<String> {
        let r = self.last.as_ref()?;
        let ms = self.elapsed.as_millis().max(1);
        let pv: Vec<String> = r.pv.iter().map(|p| p.to_notation(self.size)).collect();
        Some(format!(
            "depth {} score {}{} nodes {} speed {}k/s time {} ms pv {}",
            r.depth,
            r.score,
            if r.solved { " (solved)" } else { "" },
            r.nodes,
            r.nodes as u128 / ms,
            ms,
            pv.join(" ")
        ))
    }
}
