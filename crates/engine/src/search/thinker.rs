//! The full search as the protocol's [`Thinker`]: keeps one searcher and one transposition
//! table for the whole session, and spends the manager's time budget on each move (more on a
//! hard move when a game clock leaves room: see [`ProtocolLimits::move_cap`]).

use std::sync::Arc;

use web_time::Instant;

use super::searcher::{Limits, Report, Searcher};
use super::tt::TranspositionTable;
use crate::board::{Board, Pos};
use crate::rules::Rule;
use crate::thinking::{Limits as ProtocolLimits, Thinker};

/// Transposition table memory when the manager sets no limit.
const DEFAULT_TT_BYTES: usize = 128 << 20;

/// The engine binary's thinker.
#[derive(Default)]
pub struct SearchThinker {
    /// The table and the size it was made for.
    table: Option<(Arc<TranspositionTable>, usize)>,
    searcher: Option<Searcher>,
    /// The last search's report (for logging).
    pub last: Option<Report>,
    elapsed: std::time::Duration,
    size: u8,
}

impl SearchThinker {
    /// The table's size for `limits`: half of the memory the engine may use (the rest is the
    /// program and the search's own tables), or the default when there is no limit.
    fn tt_bytes(limits: &ProtocolLimits) -> usize {
        if limits.memory == 0 {
            DEFAULT_TT_BYTES
        } else {
            ((limits.memory / 2) as usize).clamp(1 << 20, 1 << 30)
        }
    }

    /// The table for `limits`, made anew only when its size changes.
    fn table(&mut self, limits: &ProtocolLimits) -> Arc<TranspositionTable> {
        let wanted = Self::tt_bytes(limits);
        match &self.table {
            Some((t, bytes)) if *bytes == wanted => t.clone(),
            _ => {
                // Drop the old table (and the searcher holding it) before making the new one.
                self.table = None;
                self.searcher = None;
                let t = Arc::new(TranspositionTable::with_bytes(wanted));
                self.table = Some((t.clone(), wanted));
                t
            }
        }
    }
}

impl Thinker for SearchThinker {
    fn prepare(&mut self, limits: &ProtocolLimits) {
        super::position::build_tables();
        self.table(limits);
    }

    fn think(&mut self, board: &Board, rule: Rule, limits: &ProtocolLimits) -> Option<Pos> {
        // The clock starts now: setting up counts against the move's time.
        let started = Instant::now();
        let budget = limits.move_budget(board.stone_count());
        let cap = limits.move_cap(board.stone_count());
        let table = self.table(limits);
        match &mut self.searcher {
            Some(s) => s.set_position(board, rule),
            slot => *slot = Some(Searcher::with_table(board, rule, table)),
        }
        let searcher = self.searcher.as_mut().expect("set above");
        // With a game clock the search aims at the budget and may take up to the cap on a
        // hard move (see `TimeManager`); with the turn limit only, both are the same.
        let spent = started.elapsed();
        let report = searcher.think(Limits {
            threads: limits.threads,
            target: Some(budget.saturating_sub(spent)),
            ..Limits::time(cap.saturating_sub(spent))
        });
        self.elapsed = started.elapsed();
        self.size = board.size();
        let best = report.best;
        self.last = Some(report);
        best
    }

    fn summary(&self) -> Option<String> {
        let r = self.last.as_ref()?;
        Some(r.info(self.elapsed, self.size).to_string())
    }
}
