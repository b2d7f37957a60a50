//! The full search: threat-driven move generation ordered by a fitted policy (see
//! [`policy`]), principal variation search with iterative deepening, a transposition table,
//! killer and history ordering, late-move reductions (at the root too), reverse futility
//! pruning, singular extensions, internal iterative reductions, a quiescence search of chained
//! fours below the horizon, a VCF solver at the root and at the leaves, and time control that
//! always has a move ready.
//!
//! Every search first completes a shallow search (depth [`SHALLOW_DEPTH`], which sees the
//! forced answers to fours and open threes) whatever the clock says, so a busy machine never
//! gets a move chosen without search; only then do the threat solvers and the deeper iterations
//! get their time.
//!
//! The search can run all at once ([`Searcher::think`]), on several threads (Lazy SMP: helper
//! threads search the same root over the shared transposition table, the deepest finished
//! iteration gives the move), or in slices of bounded work ([`Searcher::step`]) for a
//! single-threaded host such as the web build: each slice re-runs the current depth with the
//! transposition table it has filled so far, so work carries over.
//!
//! Two hooks serve analysis (`crate::analysis`), and change nothing when unused:
//! [`Searcher::exclude_root_moves`] leaves a set of root moves out (multi-PV re-runs the search
//! without the best moves found so far), and [`Searcher::on_iteration`] hands a
//! [`SearchInfo`] to a callback after every finished iteration.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::answers;
use super::correction::Correction;
use super::info::SearchInfo;
use super::policy;
use super::position::Position;
use super::run_queue::RunQueue;
use super::threat::Threat;
use super::time_manager::TimeManager;
use super::tt::{Bound, Entry, TranspositionTable};
use super::vcf::Vcf;
use super::vct::Vct;
use crate::board::{Board, Pos, Stone};
use crate::rules::Rule;

/// A score for a won position (less the moves it takes).
pub const WIN: i32 = 30_000;
/// The depth every search completes before the clock or the threat solvers are looked at.
pub const SHALLOW_DEPTH: u8 = 2;
const WIN_THRESHOLD: i32 = WIN - 1_000;
const NO_MOVE: u16 = u16::MAX;
/// Wins and losses within this many plies end the search at once (see
/// [`Searcher::complete_iteration`]).
const CERTAIN_PLIES: i32 = 4;
/// The root threat solvers' time: this fraction of the move's.
const ROOT_SOLVER_SHARE: u32 = 24;
/// How much earlier a search stops when its thread spent all its time waiting for a core
/// (in proportion to the share it waited; see [`Searcher::leave_room_for_waiting`]).
const STARVED_RESERVE: Duration = Duration::from_millis(60);
const MAX_PLY: usize = 128;
/// Moves searched at the root and one ply below it (the opponent's replies to each root move),
/// and at other nodes without a threat to answer (best first by the policy; every move of high
/// pattern value is kept too). A reply that refutes a root move may rank far down the policy's
/// order; cut at the inner width, the root scored such a move as sound where a search from the
/// position after it found the refutation at once (`docs/matches/2026-11-29-turning-points/`).
const ROOT_WIDTH: usize = 40;
/// The root's window when nothing is known: every score inside.
const FULL_WINDOW: (i32, i32) = (-WIN - 1, WIN + 1);
/// Aspiration windows: from this depth the root is searched in a window of
/// `ASPIRATION_DELTA` either side of the last iteration's score; each failure widens it by
/// half and `ASPIRATION_STEP` (`docs/matches/2026-12-03-time-scaling/`).
const ASPIRATION_DEPTH: u8 = 5;
const ASPIRATION_DELTA: i32 = 150;
const ASPIRATION_STEP: i32 = 20;
const WIDTH: usize = 10;
/// Node budget of the VCF at the leaves.
const LEAF_VCF_NODES: u64 = 600;
/// Node budgets of the opponent's VCF and VCT tried after a root move before it may become the
/// best: a move after which the opponent wins by fours (or threats) scores as lost.
const DEFENCE_VCF_NODES: u64 = 2_000;
const DEFENCE_VCT_NODES: u64 = 1_000;
const DEFENCE_VCT_DEPTH: u8 = 4;
/// The longest win by threats the root looks for (attacking moves).
const ROOT_VCT_DEPTH: u8 = 11;
/// The score of a root move the opponent refutes by a threat sequence: below every move that
/// is not refuted, above a proven loss.
const REFUTED: i32 = -(WIN_THRESHOLD - 1);
/// How far below alpha (per ply of depth left) a quiet move near the horizon is not tried.
const FUTILITY_MARGIN: i32 = 120;
/// Reverse futility pruning: at most this many plies from the horizon, a node whose static
/// evaluation beats beta by this margin per ply (with no threat against the side to move)
/// returns it without a search.
const RFP_DEPTH: i32 = 5;
const RFP_MARGIN: i32 = 150;
/// Singular extension: from this depth, the table's move is searched a ply deeper when every
/// other move, searched to half the depth, falls short of the table's score by
/// `SINGULAR_MARGIN` a ply. Never a four: its block is forced and costs no depth, so an
/// extended four cost none either, and chains of fours were searched to no horizon (one
/// position's 12th iteration ran past 6 million nodes).
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_MARGIN: i32 = 10;
/// Late-move reductions: from the `LMR_FIRST`th move on (counted from 0), a move is searched
/// `LMR_BASE + ln(depth) ln(n) / LMR_DIVISOR` plies shallower first; a ply less in PV nodes and
/// for a killer, `LMR_THREAT_LESS` less for a move that makes or stops an open three (a four
/// too), never the block of a four. A reduced move that beats alpha is searched again at full
/// depth. Fours were once never reduced: on a crowded board where both sides have many, every
/// one of them was searched at full depth in every iteration, and a short win could take an
/// iteration more than it needs (see the test with the mate in 11).
const LMR_FIRST: usize = 2;
const LMR_BASE: f32 = 0.75;
const LMR_DIVISOR: f32 = 1.0;
const LMR_THREAT_LESS: f32 = 1.5;
/// Late-move reductions at the root (its moves sorted by the last iteration's scores): from the
/// `ROOT_LMR_FIRST`th on, `ln(depth) ln(n) / ROOT_LMR_DIVISOR` plies shallower first.
const ROOT_LMR_FIRST: usize = 3;
const ROOT_LMR_DIVISOR: f32 = 2.5;
/// Internal iterative reduction: from this depth, a node without a move from the table (none
/// to search first) is searched a ply shallower.
const IIR_DEPTH: i32 = 4;
/// History counts this much less than the policy in move ordering.
const HISTORY_DIVISOR: i32 = 16;
/// The ordering bonus of the counter move: the reply that last refuted the opponent's last
/// move (below the killers' 5,000, above any policy score).
const COUNTER_BONUS: i32 = 4_000;
/// Policy-based reductions: a late move whose policy score trails the best candidate's by
/// more than `POLICY_FREE_LOGITS` is searched `POLICY_REDUCTION_SLOPE` plies shallower per
/// logit beyond that, at most `POLICY_REDUCTION_MAX` plies more.
const POLICY_FREE_LOGITS: f32 = 1.0;
const POLICY_REDUCTION_SLOPE: f32 = 0.75;
const POLICY_REDUCTION_MAX: f32 = 3.0;
/// Points of at least this pattern value are searched whatever the width.
const KEEP_VALUE: i32 = 200;
/// From this many plies left, a move that gives the side to move a new four-three or
/// double-three point is searched whatever the width. Such a move makes no three or four and
/// the ordering may rank it low, yet it starts many wins (the opponent must answer a point
/// that would make two threats). At every depth the extra moves cost 49 Elo in self-play
/// (78-106-16); from six plies left nothing measurable (93-94-13), and Rapfi's win of
/// `docs/matches/2026-11-29-threat-points/` is found at 0.2 s instead of never.
/// The root keeps such moves at every depth (see [`Searcher::prepare_root_moves`]).
const THREAT_POINT_DEPTH: i32 = 6;
/// Defences that stray: at a node answering a threat (an open three or a four-three point of
/// the opponent's), a move that does not stop it (it gives the opponent no four there), more
/// than `STRAY_DISTANCE` from the opponent's last move, is searched `STRAY_REDUCTION` plies
/// shallower, and half as many more when it is that far from our own last move too. Far from
/// both, it is not searched at all below `STRAY_PRUNE_DEPTH` plies left once a move that does
/// not lose is found. Such moves (a four of ours elsewhere, mostly) only delay the threat, yet
/// each one was searched as deeply as a block, and a defender with a few of them multiplied
/// the tree of every attack. Rapfi reduces and prunes such "distracting" defences too.
/// Measured: 168–174 of Rapfi's 381 announced wins found at 0.2 s instead of 159–162, and
/// +26 ± 33 Elo against main at 0.1 s over 400 games (`docs/matches/2026-11-29-stray-defences/`).
const STRAY_DISTANCE: i32 = 4;
const STRAY_REDUCTION: i32 = 2;
const STRAY_PRUNE_DEPTH: i32 = 4;
/// The most fours the quiescence search plays in one line (both sides' together).
const QUIESCE_FOURS: u8 = 6;
/// Nodes one quiescence search (from one leaf) may visit: on a crowded board, where both sides
/// have many fours, the lines of fours multiply (the depth-2 search of one late position of a
/// game against Rapfi visited 2.5 million nodes from 3,600 leaves, 0.9 s).
const QUIESCE_NODES: u64 = 400;
/// The same in the shallow search, which the clock cannot stop.
const SHALLOW_QUIESCE_NODES: u64 = 40;
/// The depth a quiescence search's result is stored with in the table: below every result
/// of the main search, which may use it only at its horizon.
const QUIESCE_TT_DEPTH: i8 = -1;

/// What bounds a search.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Wall-clock time for the move: the search never goes past it.
    pub time: Option<Duration>,
    /// The time the move should take when a game clock leaves a choice (below `time`): the
    /// search takes more when its best move changes or its score falls, less when one move
    /// stays the best (see [`TimeManager`]). `None`: the whole of `time`.
    pub target: Option<Duration>,
    /// Nodes for the move (deterministic, for tests and benchmarks).
    pub nodes: Option<u64>,
    /// Deepest iteration, in plies.
    pub depth: u8,
    /// Raised by another thread to stop the search at once.
    pub stop: Arc<AtomicBool>,
    /// A node cap for the threat solvers that run before the search (they cannot be
    /// interrupted between slices, so a sliced search keeps them short).
    pub solver_nodes: Option<u64>,
    /// Threads searching (1 and up; [`Searcher::think`] only, the web build uses one).
    pub threads: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Some(Duration::from_secs(1)),
            target: None,
            nodes: None,
            depth: 40,
            stop: Arc::new(AtomicBool::new(false)),
            solver_nodes: None,
            threads: 1,
        }
    }
}

impl Limits {
    /// Limits of a fixed time.
    pub fn time(t: Duration) -> Limits {
        Limits {
            time: Some(t),
            ..Limits::default()
        }
    }

    /// Limits of a fixed node count and no clock (the same answer every run).
    pub fn nodes(n: u64) -> Limits {
        Limits {
            time: None,
            nodes: Some(n),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The move to play.
    pub best: Option<Pos>,
    /// Its score for the side to move (`WIN - n` for a win in `n` plies).
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u8,
    /// Nodes searched (alpha-beta and VCF).
    pub nodes: u64,
    /// The expected line of play.
    pub pv: Vec<Pos>,
    /// Whether a forced win (or loss) was proven.
    pub solved: bool,
    /// The threads whose work the report sums (1 unless helpers searched too).
    pub threads: usize,
}

impl Report {
    /// What the report tells a watcher after `time` on a board of side `size`.
    pub fn info(&self, time: Duration, size: u8) -> SearchInfo {
        SearchInfo {
            depth: self.depth,
            score: self.score,
            solved: self.solved,
            nodes: self.nodes,
            time,
            threads: self.threads.max(1),
            pv: self.pv.clone(),
            size,
        }
    }
}

/// The state of a search in slices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// More slices would search deeper.
    Thinking,
    /// The search is over; the report holds the move.
    Done,
}

/// The searcher. Keeps its transposition table between moves.
pub struct Searcher {
    pos: Position,
    tt: Arc<TranspositionTable>,
    vcf: Vcf,
    leaf_vcf: Vcf,
    defence_vcf: Vcf,
    defence_vct: Vct,
    vct: Vct,
    history: Vec<[i32; 2]>,
    /// What the search found of the static evaluation's errors (see [`Correction`]).
    correction: Correction,
    killers: Vec<[u16; 2]>,
    /// Per opponent's move (padded index) and colour to move: the reply that last cut off
    /// after it (`NO_MOVE` for none).
    counters: Vec<[u16; 2]>,
    /// Per ply: the best policy score (with the distance terms) among the generated moves.
    top_policy: Vec<i32>,
    /// Per ply, the move list's buffer, kept between nodes so move generation does not
    /// allocate.
    move_lists: Vec<Vec<usize>>,
    /// Per ply, the move a singular-extension search leaves out (`NO_MOVE` for none).
    left_out: Vec<u16>,
    /// The scored candidates' buffer of move generation.
    scored: Vec<(usize, i32)>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// The deadline the limits set; `deadline` may come earlier on a crowded machine.
    hard_deadline: Option<Instant>,
    /// When the time manager ends the search (before `deadline`), if the limits gave a target.
    soft_deadline: Option<Instant>,
    time_manager: Option<TimeManager>,
    /// The searching thread's waiting for a core since the search began.
    run_queue: Option<RunQueue>,
    /// Clock readings so far in this search.
    clock_checks: u32,
    /// Whether the root's list was widened to every candidate (see [`Searcher::widen_root`]).
    root_widened: bool,
    stop: Arc<AtomicBool>,
    aborted: bool,
    /// Set while the shallow search runs: only the stop flag ends it.
    clock_free: bool,
    /// The node count at which the clock is read next.
    next_clock_check: u64,
    /// The node count at which the running quiescence search stops trying fours.
    quiesce_end: u64,
    // Iterative deepening state, kept across slices.
    started: Option<Instant>,
    limits: Limits,
    next_depth: u8,
    report: Report,
    root_moves: Vec<(usize, i32)>,
    /// Nodes the root's VCT may use (over all its depths).
    vct_budget: u64,
    /// Root moves checked against the opponent's threat sequences: (move, refuted).
    checked: Vec<(usize, bool)>,
    done: bool,
    /// Root moves left out of the search (padded indices; see [`Searcher::exclude_root_moves`]).
    excluded: Vec<usize>,
    /// Called after every finished iteration (see [`Searcher::on_iteration`]).
    on_iteration: Option<IterationCallback>,
}

/// A watcher of a search's iterations.
pub type IterationCallback = Box<dyn FnMut(&SearchInfo) + Send + Sync>;

impl Searcher {
    /// A searcher for `board` under `rule` with a transposition table of about `tt_bytes`.
    pub fn new(board: &Board, rule: Rule, tt_bytes: usize) -> Searcher {
        Searcher::with_table(
            board,
            rule,
            Arc::new(TranspositionTable::with_bytes(tt_bytes)),
        )
    }

    /// A searcher for `board` under `rule` over a transposition table that may be shared with
    /// other searchers (and kept from game to game: its entries are keyed by position).
    pub fn with_table(board: &Board, rule: Rule, tt: Arc<TranspositionTable>) -> Searcher {
        let pos = Position::new(board, rule);
        let cells = {
            let s = board.size() as usize + 10;
            s * s
        };
        Searcher {
            pos,
            tt,
            vcf: Vcf::new(200_000),
            leaf_vcf: Vcf::new(LEAF_VCF_NODES),
            defence_vcf: Vcf::new(DEFENCE_VCF_NODES),
            defence_vct: Vct::new(DEFENCE_VCT_NODES),
            vct: Vct::new(300_000),
            history: vec![[0; 2]; cells],
            correction: Correction::default(),
            killers: vec![[NO_MOVE; 2]; MAX_PLY + 1],
            counters: vec![[NO_MOVE; 2]; cells],
            top_policy: vec![0; MAX_PLY + 1],
            move_lists: vec![Vec::new(); MAX_PLY + 1],
            left_out: vec![NO_MOVE; MAX_PLY + 2],
            scored: Vec::new(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            hard_deadline: None,
            soft_deadline: None,
            time_manager: None,
            run_queue: None,
            clock_checks: 0,
            root_widened: false,
            stop: Arc::new(AtomicBool::new(false)),
            aborted: false,
            clock_free: false,
            next_clock_check: 0,
            quiesce_end: 0,
            started: None,
            limits: Limits::default(),
            next_depth: 1,
            report: Report::default(),
            root_moves: Vec::new(),
            checked: Vec::new(),
            vct_budget: 300_000,
            done: true,
            excluded: Vec::new(),
            on_iteration: None,
        }
    }

    /// Leaves `moves` out of the root of the following searches (until called again; an empty
    /// list searches every move, and [`Searcher::set_position`] clears it). The threat solvers'
    /// wins that begin with a left-out move are not taken either. Used by multi-PV; with no
    /// moves left out the search is exactly the ordinary one.
    pub fn exclude_root_moves(&mut self, moves: &[Pos]) {
        self.excluded = moves
            .iter()
            .filter(|&&p| p.x < self.pos.size() && p.y < self.pos.size())
            .map(|&p| self.pos.index(p))
            .collect();
    }

    /// Calls `callback` after every finished iteration of the following searches (on the
    /// thread that runs [`Searcher::step`]; helper threads do not call it), or no one (`None`).
    pub fn on_iteration(&mut self, callback: Option<IterationCallback>) {
        self.on_iteration = callback;
    }

    /// Whether the root move `i` may be searched (it is not left out).
    fn allowed_at_root(&self, i: usize) -> bool {
        !self.excluded.contains(&i)
    }

    /// Sets a new position to search (keeps the transposition table if the rule is the same).
    pub fn set_position(&mut self, board: &Board, rule: Rule) {
        if rule != self.pos.rule() || board.size() != self.pos.size() {
            *self = Searcher::with_table(board, rule, self.tt.clone());
        } else {
            self.pos = Position::new(board, rule);
            self.vcf.clear();
            self.leaf_vcf.clear();
            self.defence_vcf.clear();
            self.defence_vct.clear();
            self.vct.clear();
            for h in &mut self.history {
                *h = [h[0] / 4, h[1] / 4];
            }
        }
        self.excluded.clear();
        self.done = true;
    }

    /// Searches the position within `limits` (on `limits.threads` threads) and returns what it
    /// found.
    pub fn think(&mut self, limits: Limits) -> Report {
        self.begin(limits);
        self.finish();
        self.report.clone()
    }

    /// Searches a begun search to its end, on the threads its limits ask for, and returns its
    /// move.
    pub fn finish(&mut self) -> Option<Pos> {
        let threads = self.limits.threads.max(1);
        if threads > 1 && !self.done {
            self.search_with_helpers(threads);
        } else {
            while self.step(u64::MAX) == Progress::Thinking {}
        }
        self.report.best
    }

    /// Lazy SMP: helper threads search the same root moves over the shared table (every other
    /// one starting a ply deeper, so they fill the table ahead of this thread) until this
    /// thread is done; the deepest finished iteration of any thread gives the move.
    #[cfg(not(target_arch = "wasm32"))]
    fn search_with_helpers(&mut self, threads: usize) {
        let helpers_stop = Arc::new(AtomicBool::new(false));
        let helpers: Vec<Searcher> = (1..threads)
            .map(|id| self.helper(id, helpers_stop.clone()))
            .collect();
        let reports: Vec<Report> = std::thread::scope(|s| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut h| {
                    s.spawn(move || {
                        while h.step(u64::MAX) == Progress::Thinking {}
                        h.report
                    })
                })
                .collect();
            while self.step(u64::MAX) == Progress::Thinking {}
            helpers_stop.store(true, Ordering::Relaxed);
            running.into_iter().filter_map(|r| r.join().ok()).collect()
        });
        let mut nodes = self.report.nodes;
        let threads = 1 + reports.len();
        for r in reports {
            nodes += r.nodes;
            if r.depth > self.report.depth && r.best.is_some() {
                self.report = r;
            }
        }
        self.report.nodes = nodes;
        self.report.threads = threads;
    }

    /// One thread only where threads cannot be started.
    #[cfg(target_arch = "wasm32")]
    fn search_with_helpers(&mut self, _threads: usize) {
        while self.step(u64::MAX) == Progress::Thinking {}
    }

    /// A helper for a parallel search begun by this searcher: same position, root moves and
    /// limits, its own stop flag.
    #[cfg(not(target_arch = "wasm32"))]
    fn helper(&self, id: usize, stop: Arc<AtomicBool>) -> Searcher {
        let mut h = Searcher::with_table(self.pos.board(), self.pos.rule(), self.tt.clone());
        h.history.clone_from(&self.history);
        h.correction.clone_from(&self.correction);
        h.limits = Limits {
            stop: stop.clone(),
            threads: 1,
            ..self.limits.clone()
        };
        h.stop = stop;
        h.deadline = self.deadline;
        h.hard_deadline = self.deadline;
        // Its thread is not this one: it keeps the deadline and stops with this searcher.
        h.run_queue = None;
        h.leaf_vcf.deadline = self.deadline;
        h.defence_vcf.deadline = self.deadline;
        h.defence_vct.deadline = self.deadline;
        h.checked.clone_from(&self.checked);
        h.started = self.started;
        h.root_moves.clone_from(&self.root_moves);
        h.excluded.clone_from(&self.excluded);
        h.next_depth = self.next_depth + (id % 2) as u8;
        h.report = Report {
            nodes: 0,
            ..self.report.clone()
        };
        h.done = false;
        h
    }

    /// Starts a search in slices; call [`Searcher::step`] until it says `Done`.
    pub fn begin(&mut self, limits: Limits) {
        self.started = Some(Instant::now());
        self.tt.new_search();
        self.stop = limits.stop.clone();
        self.deadline = limits.time.map(|t| Instant::now() + t);
        self.hard_deadline = self.deadline;
        self.time_manager = limits
            .target
            .filter(|&t| limits.time.is_some_and(|cap| t < cap))
            .map(TimeManager::new);
        self.soft_deadline = self
            .time_manager
            .as_ref()
            .map(|tm| Instant::now() + tm.allowed());
        self.run_queue = Some(RunQueue::start());
        self.clock_checks = 0;
        self.leaf_vcf.deadline = self.deadline;
        self.defence_vcf.deadline = self.deadline;
        self.defence_vct.deadline = self.deadline;
        // With a node budget, the root solvers get a share of it (so results do not depend on
        // the clock); otherwise fixed budgets, cut short by their deadline.
        let (mut vcf_nodes, mut vct_nodes) = match limits.nodes {
            Some(n) => ((n / 4).max(100), (n / 4).max(100)),
            None => (200_000, 300_000),
        };
        let (mut defence_vcf_nodes, mut defence_vct_nodes) = (DEFENCE_VCF_NODES, DEFENCE_VCT_NODES);
        if let Some(cap) = limits.solver_nodes {
            vcf_nodes = vcf_nodes.min(cap);
            vct_nodes = vct_nodes.min(cap);
            // The defence checks run for the few root moves that become the best.
            let per_move = (cap / 8).max(50);
            defence_vcf_nodes = defence_vcf_nodes.min(per_move);
            defence_vct_nodes = defence_vct_nodes.min(per_move);
        }
        self.defence_vcf.set_node_limit(defence_vcf_nodes);
        self.defence_vct.set_node_limit(defence_vct_nodes);
        self.vcf.set_node_limit(vcf_nodes);
        self.vct_budget = vct_nodes;
        self.nodes = 0;
        self.next_clock_check = 0;
        self.vcf.nodes = 0;
        self.leaf_vcf.nodes = 0;
        self.defence_vcf.nodes = 0;
        self.defence_vct.reset_nodes();
        self.vct.reset_nodes();
        self.limits = limits;
        self.next_depth = 1;
        self.done = false;
        self.report = Report {
            threads: 1,
            ..Report::default()
        };
        self.root_moves.clear();
        self.root_widened = false;
        self.checked.clear();
        // A legal move is ready before anything else.
        self.report.best = self.fallback_move();
        self.prepare_root();
        self.report.nodes = self.total_nodes();
    }

    /// The report so far (its move is always legal once the search has begun).
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Searches for at most about `slice_nodes` nodes, then returns.
    pub fn step(&mut self, slice_nodes: u64) -> Progress {
        if self.done {
            return Progress::Done;
        }
        let total_limit = self.limits.nodes.unwrap_or(u64::MAX);
        while !self.done {
            if self.next_depth > self.limits.depth || self.out_of_budget(total_limit) {
                self.done = true;
                break;
            }
            let slice_end = self.total_nodes().saturating_add(slice_nodes);
            self.node_limit = slice_end.min(total_limit);
            self.aborted = false;
            let depth = self.next_depth;
            let (score, best) = self.search_root_aspirated(depth);
            if !self.aborted && score <= REFUTED && self.widen_root() {
                // Every root move lost: the ones the width left out are searched too.
                continue;
            }
            if self.aborted {
                if self.out_of_budget(total_limit) {
                    self.done = true;
                    // The unfinished iteration searched the previous best move first; a move
                    // that then scored better (fully searched) is the better choice.
                    if let Some(b) = best {
                        self.report.best = Some(self.pos.pos(b));
                        self.report.score = score;
                    }
                }
                // Otherwise the slice ran out: the next slice re-runs this depth.
                self.report.nodes = self.total_nodes();
                return if self.done {
                    Progress::Done
                } else {
                    Progress::Thinking
                };
            }
            self.complete_iteration(depth, score, best);
            if self.total_nodes() >= slice_end {
                break;
            }
        }
        self.report.nodes = self.total_nodes();
        if self.done {
            Progress::Done
        } else {
            Progress::Thinking
        }
    }

    fn total_nodes(&self) -> u64 {
        self.nodes
            + self.vcf.nodes
            + self.leaf_vcf.nodes
            + self.defence_vcf.nodes
            + self.defence_vct.total_nodes()
            + self.vct.total_nodes()
    }

    fn out_of_budget(&self, total_limit: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.total_nodes() >= total_limit
            || self.past_deadline()
    }

    /// Whether the clock says stop: the deadline, or the time manager's (if any).
    fn past_deadline(&self) -> bool {
        let now = Instant::now();
        self.deadline.is_some_and(|d| now >= d) || self.soft_deadline.is_some_and(|d| now >= d)
    }

    /// A legal move for the side to move, found without searching.
    fn fallback_move(&mut self) -> Option<Pos> {
        let me = self.pos.to_move();
        let mut cands = Vec::new();
        self.pos.candidates(&mut cands);
        cands.sort_by_key(|&i| {
            std::cmp::Reverse(self.pos.point_value(i, me) + self.pos.point_value(i, me.opponent()))
        });
        cands.retain(|&i| self.allowed_at_root(i));
        let found = cands.iter().copied().find(|&i| self.pos.is_legal(i, me));
        let found = found.or_else(|| {
            self.pos.all_empty(&mut cands);
            cands.retain(|&i| self.allowed_at_root(i));
            cands.iter().copied().find(|&i| self.pos.is_legal(i, me))
        });
        found.map(|i| self.pos.pos(i))
    }

    /// Root preparation: immediate wins and forced replies, then a VCF, before any search.
    fn prepare_root(&mut self) {
        let me = self.pos.to_move();
        let them = me.opponent();
        if self.pos.count(me, Threat::Five) > 0 {
            let mut fives = Vec::new();
            self.pos.points_with(me, Threat::Five, &mut fives);
            fives.retain(|&i| self.allowed_at_root(i));
            if let Some(&five) = fives.first() {
                self.finish_with(five, WIN - 1);
                return;
            }
        }
        if self.pos.count(them, Threat::Five) > 0 {
            let mut blocks = Vec::new();
            self.pos.points_with(them, Threat::Five, &mut blocks);
            let legal: Vec<usize> = blocks
                .iter()
                .copied()
                .filter(|&i| self.pos.is_legal(i, me) && self.allowed_at_root(i))
                .collect();
            if let Some(&b) = legal.first() {
                self.report.best = Some(self.pos.pos(b));
            }
            if blocks.len() >= 2 || legal.is_empty() {
                // Lost whatever we do: block one anyway.
                self.report.score = -(WIN - 2);
                self.report.solved = true;
                self.done = true;
            }
            // Otherwise the block is forced but the search still scores it.
            return;
        }
        let mut moves = Vec::new();
        self.pos.candidates(&mut moves);
        if moves.len() == 1 && self.pos.is_legal(moves[0], me) && self.allowed_at_root(moves[0]) {
            // Nothing to choose (the first move of the game).
            self.report.best = Some(self.pos.pos(moves[0]));
            self.report.depth = 1;
            self.done = true;
            return;
        }
        // A complete shallow search first: its move stands whatever happens to the clock.
        self.shallow_search();
        // The threat solvers at the root may use a small share of the time, the rest is the
        // search's (which finds most of their wins too): a 24th scored 55-58% against a sixth
        // in 400 games at 0.1 s, and a 96th did as well.
        let solver_deadline = self
            .limits
            .target
            .or(self.limits.time)
            .map(|t| Instant::now() + t / ROOT_SOLVER_SHARE)
            .map(|d| self.deadline.map_or(d, |end| d.min(end)));
        self.vcf.deadline = solver_deadline;
        self.vct.deadline = solver_deadline;
        if let Some(line) = self.vcf.solve(&mut self.pos, 14)
            && self.allowed_at_root(line[0])
        {
            self.report.pv = line.iter().map(|&i| self.pos.pos(i)).collect();
            let plies = line.len() as i32;
            self.finish_with(line[0], WIN - plies);
            return;
        }
        // A win by threes and fours (the search would find it too, later and deeper).
        if let Some(m) = self.root_vct()
            && self.allowed_at_root(m)
        {
            self.report.pv = vec![self.pos.pos(m)];
            self.finish_with(m, WIN - 40);
        }
    }

    /// Iterations 1 to [`SHALLOW_DEPTH`] over every root move, finished whatever the clock and
    /// the node budget say (only the stop flag ends them early); the next iteration is the
    /// first that the clock may cut short. A win or loss seen here is not the end: the threat
    /// solvers and the deeper iterations still give its line (and the longest defence).
    fn shallow_search(&mut self) {
        self.prepare_root_moves();
        self.clock_free = true;
        self.node_limit = u64::MAX;
        for depth in 1..=SHALLOW_DEPTH {
            self.aborted = false;
            let (score, best) = self.search_root(depth, FULL_WINDOW);
            if self.aborted {
                break;
            }
            self.complete_iteration(depth, score, best);
            if self.done {
                break;
            }
        }
        self.done = false;
        self.report.solved = false;
        self.clock_free = false;
    }

    /// Adds every legal candidate the root's list left out (once a search); whether any was
    /// added. A position where every listed move loses may still hold a defence there.
    fn widen_root(&mut self) -> bool {
        if self.root_widened {
            return false;
        }
        self.root_widened = true;
        let me = self.pos.to_move();
        let mut all = Vec::new();
        self.pos.candidates(&mut all);
        self.pos.far_openers(me, &mut all);
        let before = self.root_moves.len();
        for m in all {
            if self.allowed_at_root(m)
                && self.pos.is_legal(m, me)
                && !self.root_moves.iter().any(|&(r, _)| r == m)
            {
                self.root_moves.push((m, 0));
            }
        }
        self.root_moves.len() > before
    }

    /// Records a finished iteration.
    fn complete_iteration(&mut self, depth: u8, score: i32, best: Option<usize>) {
        self.report.depth = depth;
        self.report.score = score;
        if let Some(b) = best {
            self.report.best = Some(self.pos.pos(b));
        }
        self.report.pv = self.principal_variation();
        self.next_depth = depth + 1;
        self.report.solved = score.abs() >= WIN_THRESHOLD;
        // A win or loss within a few plies (a five or an open four on the board) is certain;
        // a longer one that the search sees may rest on a defence its move lists left out, so
        // the deeper iterations go on and may still find that defence.
        if score.abs() >= WIN - CERTAIN_PLIES {
            self.done = true;
        }
        if let (Some(tm), Some(started)) = (&mut self.time_manager, self.started) {
            self.soft_deadline = Some(started + tm.iteration(self.report.best, score));
        }
        if self.on_iteration.is_some() {
            let time = self.started.map(|t| t.elapsed()).unwrap_or_default();
            let mut info = self.report.info(time, self.pos.size());
            info.nodes = self.total_nodes();
            if let Some(callback) = &mut self.on_iteration {
                callback(&info);
            }
        }
    }

    /// Our win by threats, shortest first: deeper and deeper threat sequences until one is
    /// found or the solver's budget runs out.
    fn root_vct(&mut self) -> Option<usize> {
        self.vct
            .solve_deepening(&mut self.pos, 3..=ROOT_VCT_DEPTH, self.vct_budget)
    }

    fn finish_with(&mut self, i: usize, score: i32) {
        self.report.nodes = self.total_nodes();
        self.report.best = Some(self.pos.pos(i));
        self.report.score = score;
        self.report.solved = true;
        self.report.depth = self.report.depth.max(1);
        self.done = true;
    }

    /// The move a table entry holds for the current position, if it has one and its point is
    /// empty (another position with the same key may have stored a taken point).
    fn table_move(&self, e: &Entry) -> Option<usize> {
        (e.best != NO_MOVE && self.pos.is_empty(e.best as usize)).then_some(e.best as usize)
    }

    fn principal_variation(&mut self) -> Vec<Pos> {
        let mut pv = Vec::new();
        let mut played = 0;
        while played < 24 {
            let Some(e) = self.tt.probe(self.pos.hash()) else {
                break;
            };
            let Some(m) = self.table_move(&e) else {
                break;
            };
            pv.push(self.pos.pos(m));
            self.pos.play(m);
            played += 1;
        }
        for _ in 0..played {
            self.pos.undo();
        }
        pv
    }

    fn check_time(&mut self) {
        if self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
            return;
        }
        if self.clock_free {
            return;
        }
        if self.total_nodes() >= self.node_limit {
            self.aborted = true;
        } else if self.nodes >= self.next_clock_check {
            // Every 256 nodes or so (a count that steps by more than one at times would miss
            // exact multiples).
            self.next_clock_check = self.nodes + 256;
            self.clock_checks += 1;
            if self.clock_checks.is_multiple_of(16) {
                self.leave_room_for_waiting();
            }
            if self.past_deadline() {
                self.aborted = true;
            }
        }
    }

    /// Moves the deadline earlier by the share of time this thread has waited for a core
    /// (times [`STARVED_RESERVE`], at most a quarter of the move's time): a thread that waits
    /// may be off the core for milliseconds just when its time is up.
    fn leave_room_for_waiting(&mut self) {
        let (Some(queue), Some(hard), Some(time)) =
            (&self.run_queue, self.hard_deadline, self.limits.time)
        else {
            return;
        };
        let reserve = STARVED_RESERVE.mul_f64(queue.waiting_share()).min(time / 4);
        let deadline = Some(hard.checked_sub(reserve).unwrap_or(hard));
        self.deadline = deadline;
        self.defence_vcf.deadline = deadline;
        self.defence_vct.deadline = deadline;
        self.leaf_vcf.deadline = deadline;
    }

    /// The root searched at `depth` in a window around the last iteration's score (from
    /// [`ASPIRATION_DEPTH`] on), widened and searched again while the score falls outside it.
    fn search_root_aspirated(&mut self, depth: u8) -> (i32, Option<usize>) {
        let last = self.report.score;
        if depth < ASPIRATION_DEPTH || last.abs() >= WIN_THRESHOLD {
            return self.search_root(depth, FULL_WINDOW);
        }
        let mut delta = ASPIRATION_DELTA;
        let (mut lo, mut hi) = (last - delta, last + delta);
        // A move that beat the window after the first move searched lower: the move to play
        // if the time runs out before the wider search says more.
        let mut beat_the_first = None;
        loop {
            let first = self.root_moves.first().map(|&(m, _)| m);
            let (score, best) = self.search_root(depth, (lo, hi));
            if self.aborted {
                return match (best, beat_the_first) {
                    (None, Some(fail_high)) => fail_high,
                    _ => (score, best),
                };
            }
            if lo < score && score < hi {
                return (score, best);
            }
            if score >= hi
                && let Some(b) = best
            {
                // Searched first in the wider window.
                if let Some(i) = self.root_moves.iter().position(|&(m, _)| m == b) {
                    self.root_moves[..=i].rotate_right(1);
                }
                if first != Some(b) {
                    beat_the_first = Some((score, best));
                }
            }
            delta += delta / 2 + ASPIRATION_STEP;
            match widened((lo, hi), score, delta) {
                Some(window) => (lo, hi) = window,
                None => return (score, best),
            }
        }
    }

    /// The root searched at `depth` in the window `(lo, hi)`: the best score and move. A
    /// score at or outside the window is a bound only (and then neither the root's order nor
    /// the table learns from it).
    fn search_root(&mut self, depth: u8, (lo, hi): (i32, i32)) -> (i32, Option<usize>) {
        if self.root_moves.is_empty() {
            self.prepare_root_moves();
        }
        let me = self.pos.to_move();
        let mut alpha = lo;
        let beta = hi;
        let mut best: Option<usize> = None;
        let mut best_score = -WIN - 1;
        let mut first_score = None;
        let moves: Vec<usize> = self.root_moves.iter().map(|&(m, _)| m).collect();
        for (n, &m) in moves.iter().enumerate() {
            if !self.pos.is_legal(m, me) {
                continue;
            }
            self.pos.play(m);
            self.nodes += 1;
            let score = if n == 0 {
                -self.negamax(depth as i32 - 1, -beta, -alpha, 1)
            } else {
                let reduce = root_reduction(depth as i32, n);
                let mut s = -self.negamax(depth as i32 - 1 - reduce, -alpha - 1, -alpha, 1);
                if reduce > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(depth as i32 - 1, -alpha - 1, -alpha, 1);
                }
                if s > alpha && !self.aborted {
                    -self.negamax(depth as i32 - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            self.pos.undo();
            if self.aborted {
                break;
            }
            // A move becomes the best only if the opponent has no threat sequence after it.
            let score = if score > best_score && self.refuted(m) {
                REFUTED
            } else {
                score
            };
            if let Some(entry) = self.root_moves.iter_mut().find(|e| e.0 == m) {
                entry.1 = score;
            }
            first_score.get_or_insert(score);
            if score > best_score {
                best_score = score;
                best = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                // Above the aspiration window: searched again with a wider one.
                break;
            }
        }
        if self.aborted {
            // A partial iteration: its best move counts only if it beat the first (the
            // previous iteration's best), both fully searched, by a score that is not only
            // a bound below the window.
            let beaten = first_score.is_some_and(|f| best_score > f) && best_score > lo;
            return (best_score, best.filter(|_| beaten));
        }
        let inside = lo < best_score && best_score < hi;
        if !inside {
            return (best_score, best);
        }
        // Best first next time.
        self.root_moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        if let Some(b) = best {
            self.tt.store(Entry {
                key: self.pos.hash(),
                best: b as u16,
                score: best_score,
                depth: depth as i8,
                bound: Bound::Exact,
                age: 0,
            });
        }
        (best_score, best)
    }

    /// The root moves, best first: the table's move for the position leads (the last move's
    /// search may have proven a line through it), and every move that gives the side to move
    /// a new four-three or double-three point is kept whatever the width (a quiet move that
    /// starts a win by threats may rank far down the policy's order).
    fn prepare_root_moves(&mut self) {
        let tt_move = self
            .tt
            .probe(self.pos.hash())
            .and_then(|e| self.table_move(&e));
        let (moves, _) = self.generate(0, tt_move, true);
        self.root_moves = moves
            .into_iter()
            .filter(|&m| self.allowed_at_root(m))
            .map(|m| (m, 0))
            .collect();
    }

    /// Whether the opponent wins by fours (or, within a small budget, by threats) after the
    /// root move `m`; checked once per move and search.
    fn refuted(&mut self, m: usize) -> bool {
        if let Some(&(_, r)) = self.checked.iter().find(|c| c.0 == m) {
            return r;
        }
        self.pos.play(m);
        let refuted = self.defence_vcf.solve(&mut self.pos, 12).is_some()
            || self
                .defence_vct
                .solve(&mut self.pos, DEFENCE_VCT_DEPTH)
                .is_some();
        self.pos.undo();
        self.checked.push((m, refuted));
        refuted
    }

    /// The moves worth searching at `ply`, best first (`tt_move` leads), and whether they are
    /// only the answers to a threat (see [`answers`]): all of them are searched, none pruned.
    /// With `threat_points`, the width also keeps every move that gives the side to move a new
    /// four-three or double-three point (see [`THREAT_POINT_DEPTH`]).
    fn generate(
        &mut self,
        ply: usize,
        tt_move: Option<usize>,
        threat_points: bool,
    ) -> (Vec<usize>, bool) {
        let me = self.pos.to_move();
        let them = me.opponent();
        let mut moves = std::mem::take(&mut self.move_lists[ply.min(MAX_PLY)]);
        moves.clear();
        if self.pos.count(them, Threat::Five) > 0 {
            self.pos.points_with(them, Threat::Five, &mut moves);
            return (moves, true);
        }
        // Our fours, kept whatever the width: against open threes that no single stone stops,
        // they are the only defence (a line of them may win first).
        let mut keep_fours = false;
        let answers = if self.pos.has_playable(them, Threat::FlexFour) {
            // They threaten an open four: the points that stop it, and our own fours; when
            // their open-four points lie apart, every point of theirs that makes a four, and
            // our fours.
            let exact = answers::to_three(&mut self.pos, them, &mut moves);
            if !exact {
                self.pos.answers_to_three(them, &mut moves);
                keep_fours = true;
            }
            exact
        } else if self.pos.count(them, Threat::FourThree) > 0 {
            let exact = answers::to_four_three(&self.pos, them, &mut moves);
            if !exact {
                self.pos.candidates(&mut moves);
            }
            exact
        } else {
            self.pos.candidates(&mut moves);
            false
        };
        let killers = self.killers[ply.min(MAX_PLY)];
        let c = me.index();
        let counter = self.counter_move(me);
        let recent = self.recent_points();
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        let mut top = i32::MIN;
        scored.extend(moves.iter().map(|&m| {
            let mut s = self.policy_score(m, me, recent);
            top = top.max(s);
            s += self.history[m][c].min(2_000) / HISTORY_DIVISOR;
            if Some(m) == tt_move {
                s += 1_000_000;
            } else if killers.contains(&(m as u16)) {
                s += 5_000;
            } else if counter == m as u16 {
                s += COUNTER_BONUS;
            }
            (m, s)
        }));
        let order = |&(m, s): &(usize, i32)| (std::cmp::Reverse(s), m);
        // Quiet positions: keep the most promising points only, and every point of high pattern
        // value wherever the policy ranks it (only the kept points are sorted).
        let width = match (answers, ply) {
            (true, _) => usize::MAX,
            (false, 0 | 1) => ROOT_WIDTH,
            (false, _) => WIDTH,
        };
        if scored.len() > width {
            scored.select_nth_unstable_by_key(width, order);
            let (_, rest) = scored.split_at_mut(width);
            let mut kept = width;
            for k in 0..rest.len() {
                if self.pattern_value(rest[k].0, me, them) >= KEEP_VALUE
                    || (keep_fours && self.pos.threat(rest[k].0, me) >= Threat::Four)
                    || (threat_points && self.pos.makes_double_threat_point(rest[k].0, me))
                {
                    rest.swap(k, kept - width);
                    kept += 1;
                }
            }
            scored.truncate(kept);
            scored[..width].sort_unstable_by_key(order);
            scored[width..].sort_unstable_by_key(order);
        } else {
            scored.sort_unstable_by_key(order);
        }
        moves.clear();
        moves.extend(scored.iter().map(|&(m, _)| m));
        self.scored = scored;
        self.top_policy[ply.min(MAX_PLY)] = top;
        (moves, answers)
    }

    fn negamax(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.check_time();
        if self.aborted {
            return 0;
        }
        let me = self.pos.to_move();
        let them = me.opponent();
        if let Some(result) = self.immediate_result(ply) {
            return result;
        }
        let their_fives = self.pos.count(them, Threat::Five);
        if self.pos.is_full() || ply >= MAX_PLY {
            return 0;
        }
        // At the horizon, a position where the opponent threatens an open four is not quiet:
        // its defences are searched one ply further.
        let facing_three = self.pos.has_playable(them, Threat::FlexFour);
        if depth <= 0 && their_fives == 0 && !(facing_three && depth == 0) {
            return self.quiesce_leaf(alpha, beta, ply);
        }
        let alpha_orig = alpha;
        let key = self.pos.hash();
        let excluded = self.left_out[ply];
        let mut tt_move = None;
        let mut tt_hit = None;
        if let Some(e) = self.tt.probe(key).filter(|_| excluded == NO_MOVE) {
            tt_move = self.table_move(&e);
            if tt_move.is_some() {
                tt_hit = Some(e);
            }
            if e.depth as i32 >= depth
                && let Some(score) = table_cutoff(&e, ply, alpha, beta)
            {
                return score;
            }
        }
        // The block of a four is forced: it does not use up depth. (Answers to open threes
        // were extended too, once: reading threat sequences deeper that way cost two plies of
        // ordinary depth and lost matches.)
        let forced = their_fives == 1;
        let mut best = -WIN - 1;
        let mut best_move = NO_MOVE;
        let mut searched = 0;
        let pv_node = beta - alpha > 1;
        let threatened = their_fives > 0 || facing_three;
        let raw_eval = self.pos.evaluate();
        let correction_keys = Correction::keys(&self.pos);
        let static_eval = raw_eval + self.correction.value_at(correction_keys);
        if !pv_node && !threatened && self.pos.count_at_least(them, Threat::FourThree) == 0 {
            // Far above beta near the horizon, with nothing threatened: the opponent will not
            // catch up in the few plies left.
            if depth <= RFP_DEPTH
                && static_eval - RFP_MARGIN * depth >= beta
                && static_eval.abs() < WIN_THRESHOLD
            {
                return static_eval;
            }
        }
        let mut depth = depth;
        if tt_move.is_none() && depth >= IIR_DEPTH && excluded == NO_MOVE {
            depth -= 1;
        }
        // Singular extension: the table's move, when every other move falls well short of
        // its score in a shallower search, is searched a ply deeper.
        let mut singular = NO_MOVE;
        if let Some(e) = tt_hit.filter(|e| {
            ply > 0
                && depth >= SINGULAR_DEPTH
                && !forced
                && self.pos.threat(e.best as usize, me) < Threat::Four
                && e.depth as i32 >= depth - 3
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.score.abs() < WIN_THRESHOLD
        }) {
            let target = from_tt(e.score, ply) - SINGULAR_MARGIN * depth;
            self.left_out[ply] = e.best;
            let v = self.negamax(depth / 2, target - 1, target, ply);
            self.left_out[ply] = NO_MOVE;
            if self.aborted {
                return 0;
            }
            if v < target {
                singular = e.best;
            }
        }
        let (moves, answers) = self.generate(ply, tt_move, depth >= THREAT_POINT_DEPTH);
        // Only the answers to a four-three: none is pruned, and if all lose, the loss stands.
        let defending = answers && !threatened;
        let threatened = threatened || defending;
        let killers_here = self.killers[ply.min(MAX_PLY)];
        let top_policy = self.top_policy[ply.min(MAX_PLY)];
        let recent = self.recent_points();
        for (n, &m) in moves.iter().enumerate() {
            if !self.pos.is_legal(m, me) || m as u16 == excluded {
                continue;
            }
            let (mine, theirs) = (self.pos.threat(m, me), self.pos.threat(m, them));
            let quiet = mine < Threat::Three && theirs < Threat::Three;
            if quiet && searched > 0 && !pv_node && !threatened {
                // Late quiet moves near the horizon: the first few are searched, the rest only
                // when the position is not already far below alpha.
                if depth <= 3 && n as i32 >= 3 + 2 * depth * depth {
                    continue;
                }
                if depth <= 2 && static_eval + FUTILITY_MARGIN * depth <= alpha {
                    continue;
                }
            }
            // A defence that blocks nothing, far from the last moves (a four of ours elsewhere,
            // say): it only delays. Pruned near the horizon once a move that does not lose
            // is found, else searched shallower.
            let stray = if threatened && !forced && searched > 0 {
                self.stray(m, them, recent)
            } else {
                Stray::default()
            };
            if stray.from_theirs
                && stray.from_mine
                && depth < STRAY_PRUNE_DEPTH
                && best > -WIN_THRESHOLD
            {
                continue;
            }
            let new_depth = if forced || m as u16 == singular {
                depth
            } else {
                depth - 1
            };
            let trailing = if n >= LMR_FIRST && depth >= 2 {
                top_policy - self.policy_score(m, me, recent)
            } else {
                0
            };
            self.pos.play(m);
            let mut score;
            if searched == 0 {
                score = -self.negamax(new_depth, -beta, -alpha, ply + 1);
            } else {
                let reduce = if n >= LMR_FIRST && depth >= 2 && !forced {
                    let mut r = LMR_BASE + (depth as f32).ln() * (n as f32).ln() / LMR_DIVISOR;
                    if !quiet {
                        r -= LMR_THREAT_LESS;
                    }
                    if pv_node {
                        r -= 1.0;
                    }
                    if killers_here.contains(&(m as u16)) {
                        r -= 1.0;
                    }
                    r += policy_reduction(trailing);
                    (r as i32).clamp(0, (new_depth - 1).max(0))
                } else {
                    0
                };
                let reduce = (reduce + stray.reduction()).clamp(0, (new_depth - 1).max(0));
                score = -self.negamax(new_depth - reduce, -alpha - 1, -alpha, ply + 1);
                if score > alpha && !self.aborted && (reduce > 0 || score < beta) {
                    score = -self.negamax(new_depth, -beta, -alpha, ply + 1);
                }
            }
            self.pos.undo();
            searched += 1;
            if self.aborted {
                return 0;
            }
            raise(score, m, &mut best, &mut best_move, &mut alpha);
            if alpha >= beta {
                if quiet {
                    let k = &mut self.killers[ply.min(MAX_PLY)];
                    if k[0] != m as u16 {
                        k[1] = k[0];
                        k[0] = m as u16;
                    }
                }
                self.history[m][me.index()] += depth * depth;
                if let Some(last) = self.pos.recent_move(0) {
                    self.counters[last][me.index()] = m as u16;
                }
                break;
            }
        }
        self.move_lists[ply.min(MAX_PLY)] = moves;
        if best <= -WIN_THRESHOLD
            && alpha < beta
            && excluded == NO_MOVE
            && their_fives == 0
            && !facing_three
            && !defending
        {
            // Every move searched loses; the width and the pruning left moves out, and a loss
            // scored without them may be false (a defence where the attacker has no threat).
            // Every candidate, and every far point that starts two lines for the mover, is
            // searched before the loss stands (those searched already come back from the table).
            let mut all = Vec::new();
            self.pos.candidates(&mut all);
            self.pos.far_openers(me, &mut all);
            for m in all {
                if !self.pos.is_legal(m, me) {
                    continue;
                }
                self.pos.play(m);
                let mut score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
                }
                self.pos.undo();
                searched += 1;
                if self.aborted {
                    return 0;
                }
                raise(score, m, &mut best, &mut best_move, &mut alpha);
                if alpha >= beta {
                    break;
                }
            }
        }
        if searched == 0 && excluded != NO_MOVE {
            // A singular-extension search with no other move: the left-out move is singular.
            return alpha_orig;
        }
        if searched == 0 {
            // No legal move worth playing here (every block is forbidden, say): lost.
            return -(WIN - ply as i32 - 1);
        }
        let bound = bound_of(best, alpha_orig, beta);
        if excluded == NO_MOVE
            && !threatened
            && best.abs() < WIN_THRESHOLD
            && best_move != NO_MOVE
            && self.pos.threat(best_move as usize, me) < Threat::Four
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.correction
                .update_at(correction_keys, depth, best - raw_eval);
        }
        if excluded != NO_MOVE {
            // A search without one of the moves says nothing about the position: not stored.
            return best;
        }
        self.tt.store(Entry {
            key,
            best: best_move,
            score: to_tt(best, ply),
            depth: depth.clamp(-127, 127) as i8,
            bound,
            age: 0,
        });
        best
    }

    /// The result decided before any move: a five to make (won), two fives of theirs to stop
    /// (lost), or a winning four to play when they have no five (won in two).
    fn immediate_result(&mut self, ply: usize) -> Option<i32> {
        let me = self.pos.to_move();
        let them = me.opponent();
        if self.pos.count(me, Threat::Five) > 0 {
            return Some(WIN - ply as i32);
        }
        let their_fives = self.pos.count(them, Threat::Five);
        if their_fives >= 2 {
            return Some(-(WIN - ply as i32 - 1));
        }
        if their_fives == 0 && self.pos.count(me, Threat::FlexFour) > 0 && self.has_winning_four(me)
        {
            return Some(WIN - ply as i32 - 2);
        }
        // A four-three or a double three, when they have no four to answer with: the four's
        // block (or the block of one three) cannot make a four of theirs, and the other three
        // becomes an open four. (In renju black's may be forbidden or false: left to the search.)
        if their_fives == 0
            && self.pos.count_at_least(them, Threat::Four) == 0
            && (self.pos.count(me, Threat::FourThree) > 0
                || self.pos.count(me, Threat::DoubleThree) > 0)
            && !(self.pos.rule() == Rule::Renju && me == Stone::Black)
        {
            return Some(WIN - ply as i32 - 4);
        }
        None
    }

    /// The quiescence search from a leaf of the main search. Most leaves of a game's middle
    /// have a four to play (three in four at 1 s, where lines of fours took over half the
    /// nodes): those go through the table, their result kept below every main-search entry
    /// and used again when the position comes back by another order of moves. A leaf
    /// without a four is only its static evaluation, cheaper than a probe.
    fn quiesce_leaf(&mut self, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.pos.count_at_least(self.pos.to_move(), Threat::Four) == 0 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        let key = self.pos.hash();
        let stored = self.tt.probe(key);
        if let Some(score) = stored
            .filter(|e| e.depth >= QUIESCE_TT_DEPTH)
            .and_then(|e| table_cutoff(&e, ply, alpha, beta))
        {
            return score;
        }
        let v = self.quiesce(alpha, beta, ply, 0);
        // A deeper result for the position (one that did not decide this window) is kept.
        if !self.aborted && stored.is_none_or(|e| e.depth <= QUIESCE_TT_DEPTH) {
            self.tt.store(Entry {
                key,
                best: NO_MOVE,
                score: to_tt(v, ply),
                depth: QUIESCE_TT_DEPTH,
                bound: bound_of(v, alpha, beta),
                age: 0,
            });
        }
        v
    }

    /// The quiescence search below the horizon: the static evaluation, unless a line of fours
    /// for the side to move (each answered by its forced block) does better. The first four
    /// may be anywhere; each later one must be near the attacker's previous four, so the line
    /// stays a chain (the shape of every win by fours) and the search stays small.
    ///
    /// Each four must also build on something (an open two or a three beside it, or more):
    /// plain fours took most of the quiescence's nodes and rarely lead anywhere; without them
    /// the main search reads deeper and finds more wins. Not in renju, where a plain four of
    /// white's wins when its block is forbidden to black: there the filter lost against Rapfi
    /// (32.8% over 64 games at 0.2 s where main scored 50.0%; 39.8% with white's fours kept).
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, fours_played: u8) -> i32 {
        self.nodes += 1;
        self.check_time();
        if self.aborted {
            return 0;
        }
        let me = self.pos.to_move();
        let them = me.opponent();
        if let Some(result) = self.immediate_result(ply) {
            return result;
        }
        let their_fives = self.pos.count(them, Threat::Five);
        if self.pos.is_full() || ply + 2 >= MAX_PLY || fours_played >= QUIESCE_FOURS {
            return self.static_value();
        }
        if fours_played == 0 {
            let budget = if self.clock_free {
                SHALLOW_QUIESCE_NODES
            } else {
                QUIESCE_NODES
            };
            self.quiesce_end = self.nodes + budget;
        }
        if their_fives == 1 {
            // Their four (made while blocking ours) must be blocked at once.
            let mut blocks = Vec::new();
            self.pos.points_with(them, Threat::Five, &mut blocks);
            let b = blocks[0];
            if !self.pos.is_legal(b, me) {
                return -(WIN - ply as i32 - 1);
            }
            self.pos.play(b);
            let v = -self.quiesce(-beta, -alpha, ply + 1, fours_played + 1);
            self.pos.undo();
            return v;
        }
        if fours_played == 0
            && self.pos.count(me, Threat::FourThree) > 0
            && self.leaf_vcf.solve(&mut self.pos, 6).is_some()
        {
            return WIN - ply as i32 - 11;
        }
        let stand = self.static_value();
        if stand >= beta {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        let mut fours = Vec::new();
        self.pos.points_with(me, Threat::Four, &mut fours);
        // Only fours that build on something (see `Position::makes_four_plus`); in renju all.
        if self.pos.rule() != Rule::Renju {
            fours.retain(|&m| self.pos.makes_four_plus(m, me));
        }
        if fours_played > 0 {
            // Near our previous four (two moves back: the last move is their block).
            if let Some(prev) = self.pos.recent_move(1) {
                let a = self.pos.pos(prev);
                fours.retain(|&m| chained(a, self.pos.pos(m)));
            }
        }
        for m in fours {
            if self.nodes >= self.quiesce_end {
                break;
            }
            if !self.pos.is_legal(m, me) {
                continue;
            }
            self.pos.play(m);
            self.nodes += 1;
            let v = if self.pos.count(me, Threat::Five) >= 2 {
                WIN - ply as i32 - 2
            } else {
                let mut fives = Vec::new();
                self.pos.points_with(me, Threat::Five, &mut fives);
                let b = fives[0];
                if !self.pos.is_legal(b, them) {
                    WIN - ply as i32 - 2
                } else {
                    self.pos.play(b);
                    let v = self.quiesce(alpha, beta, ply + 2, fours_played + 1);
                    self.pos.undo();
                    v
                }
            };
            self.pos.undo();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// How far the defence `m` strays from the `recent` points when it does not stop the
    /// threat of `them` it answers (it gives them no four there); a block never strays.
    fn stray(&self, m: usize, them: Stone, recent: [Option<Pos>; 2]) -> Stray {
        if self.pos.threat(m, them) >= Threat::Four {
            return Stray::default();
        }
        stray_from(recent, self.pos.pos(m))
    }

    /// The reply that last cut off after the opponent's last move (`NO_MOVE` for none).
    fn counter_move(&self, me: Stone) -> u16 {
        self.pos
            .recent_move(0)
            .map_or(NO_MOVE, |last| self.counters[last][me.index()])
    }

    /// The points of the last move and the one before it (`None` where there is none).
    fn recent_points(&self) -> [Option<Pos>; 2] {
        [self.pos.recent_move(0), self.pos.recent_move(1)].map(|r| r.map(|r| self.pos.pos(r)))
    }

    /// The policy's score of the empty point `m` for `me` with the distance terms to the
    /// `recent` points ([`Searcher::recent_points`]), as move generation scores it before
    /// history and killers.
    fn policy_score(&self, m: usize, me: Stone, recent: [Option<Pos>; 2]) -> i32 {
        let p = self.pos.pos(m);
        let [last, mine] = recent.map(|r| r.map(|r| king_distance(r, p)));
        self.pos.policy_value(m, me) + policy::distance_policy(last, mine)
    }

    /// The hand-set pattern value of `m` for move ordering (both colours' lines): points worth
    /// [`KEEP_VALUE`] or more are never cut by the search's width.
    fn pattern_value(&self, m: usize, me: Stone, them: Stone) -> i32 {
        self.pos.point_value(m, me) * 2 + self.pos.point_value(m, them) * 3 / 2
    }

    fn static_value(&self) -> i32 {
        (self.pos.evaluate() + self.correction.value(&self.pos))
            .clamp(-WIN_THRESHOLD + 1, WIN_THRESHOLD - 1)
    }

    /// Whether `me` has a legal move that leaves two points to make five (an open four, or
    /// two fours that do not share their five point).
    fn has_winning_four(&mut self, me: Stone) -> bool {
        let mut pts = Vec::new();
        self.pos.points_with(me, Threat::FlexFour, &mut pts);
        pts.into_iter().any(|i| {
            if !self.pos.is_legal(i, me) {
                return false;
            }
            self.pos.play(i);
            let wins = self.pos.count(me, Threat::Five) >= 2;
            self.pos.undo();
            wins
        })
    }
}

/// The extra reduction of a late move whose policy score trails the best candidate's by
/// `trailing` policy units (see [`POLICY_REDUCTION_SLOPE`]).
fn policy_reduction(trailing: i32) -> f32 {
    let logits = trailing as f32 / policy::UNITS_PER_LOGIT as f32;
    ((logits - POLICY_FREE_LOGITS) * POLICY_REDUCTION_SLOPE).clamp(0.0, POLICY_REDUCTION_MAX)
}

/// The score a table entry gives a node searched with the window (`alpha`, `beta`) at `ply`,
/// when its bound decides it there (the caller checks the entry is deep enough).
fn table_cutoff(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(e.score, ply);
    match e.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// The bound a search result `v` of the window (`alpha`, `beta`) is.
fn bound_of(v: i32, alpha: i32, beta: i32) -> Bound {
    if v <= alpha {
        Bound::Upper
    } else if v >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    }
}

/// The aspiration window after a root search in `(lo, hi)` scored `score` at or outside it:
/// opened by `delta` beyond the score on the side it fell out (fully for a win or a loss), or
/// `None` when that side is open already (the score is then the root's true score).
fn widened((lo, hi): (i32, i32), score: i32, delta: i32) -> Option<(i32, i32)> {
    let decided = score.abs() >= WIN_THRESHOLD;
    if score <= lo && lo > FULL_WINDOW.0 {
        let lo = if decided {
            FULL_WINDOW.0
        } else {
            (score - delta).max(FULL_WINDOW.0)
        };
        Some((lo, hi))
    } else if score >= hi && hi < FULL_WINDOW.1 {
        let hi = if decided {
            FULL_WINDOW.1
        } else {
            (score + delta).min(FULL_WINDOW.1)
        };
        Some((lo, hi))
    } else {
        None
    }
}

/// How much shallower the root's `n`th move (counted from 0) is searched first at `depth`.
fn root_reduction(depth: i32, n: usize) -> i32 {
    if n < ROOT_LMR_FIRST || depth < 3 {
        return 0;
    }
    let r = (depth as f32).ln() * (n as f32).ln() / ROOT_LMR_DIVISOR;
    (r as i32).clamp(0, depth - 2)
}

/// How far a move strays from the last two moves (see [`stray_from`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Stray {
    /// More than [`STRAY_DISTANCE`] from the opponent's last move (or there is none).
    from_theirs: bool,
    /// More than [`STRAY_DISTANCE`] from our own last move (or there is none).
    from_mine: bool,
}

impl Stray {
    /// The extra reduction of a defence that strays so (see [`STRAY_REDUCTION`]).
    fn reduction(self) -> i32 {
        STRAY_REDUCTION * self.from_theirs as i32 + STRAY_REDUCTION / 2 * self.from_mine as i32
    }
}

/// How far the point `p` strays from `recent` (the opponent's last move, then ours: see
/// [`Searcher::recent_points`]).
fn stray_from(recent: [Option<Pos>; 2], p: Pos) -> Stray {
    let far = |r: Option<Pos>| r.is_none_or(|r| king_distance(r, p) > STRAY_DISTANCE);
    Stray {
        from_theirs: far(recent[0]),
        from_mine: far(recent[1]),
    }
}

/// The king-move distance between two points.
fn king_distance(a: Pos, b: Pos) -> i32 {
    (a.x as i32 - b.x as i32)
        .abs()
        .max((a.y as i32 - b.y as i32).abs())
}

/// Whether `b` continues a chain of fours from `a`: within two points, or on one line within
/// four.
fn chained(a: Pos, b: Pos) -> bool {
    let dx = (a.x as i32 - b.x as i32).abs();
    let dy = (a.y as i32 - b.y as i32).abs();
    dx.max(dy) <= 2 || ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4)
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

/// Takes a searched move's score into its node: a better score becomes the node's best (with
/// its move), and raises alpha.
#[inline(always)]
fn raise(score: i32, m: usize, best: &mut i32, best_move: &mut u16, alpha: &mut i32) {
    if score > *best {
        *best = score;
        *best_move = m as u16;
    }
    *alpha = (*alpha).max(score);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_moves_that_lose_to_a_threat_sequence_are_refuted() {
        // White's open three e5 f5 g5: black must stop it at d5 or h5 (or lose to the open
        // four); every other root move lets white win by fours.
        let board = Board::with_moves(15, "h8 e5 a1 f5 a15 g5").unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let moves = s.generate(0, None, false).0;
        let kept: Vec<usize> = moves.iter().copied().filter(|&m| !s.refuted(m)).collect();
        let named: Vec<String> = kept.iter().map(|&m| s.pos.pos(m).to_notation(15)).collect();
        assert!(!kept.is_empty(), "{named:?}");
        assert!(named.iter().all(|n| n == "d5" || n == "h5"), "{named:?}");
        for m in kept {
            s.pos.play(m);
            assert!(Vcf::new(100_000).solve(&mut s.pos, 20).is_none());
            s.pos.undo();
        }
        // And the search plays one of them.
        let r = s.think(Limits::time(Duration::from_millis(200)));
        let best = r.best.expect("a move").to_notation(15);
        assert!(best == "d5" || best == "h5", "{best}");
    }

    #[test]
    fn an_aspiration_window_opens_on_the_side_the_score_fell_out() {
        // Below the window: only its lower edge moves, past the score.
        assert_eq!(widened((-150, 150), -400, 245), Some((-645, 150)));
        // Above it: only the upper edge.
        assert_eq!(widened((-150, 150), 300, 245), Some((-150, 545)));
        // A win or a loss opens that side fully.
        assert_eq!(
            widened((-150, 150), WIN - 9, 245),
            Some((-150, FULL_WINDOW.1))
        );
        assert_eq!(
            widened((-150, 150), -(WIN - 9), 245),
            Some((FULL_WINDOW.0, 150))
        );
        // A side open already: the score stands.
        assert_eq!(widened((FULL_WINDOW.0, 150), -(WIN - 9), 245), None);
        assert_eq!(widened((-150, FULL_WINDOW.1), 29_000, 245), None);
    }

    #[test]
    fn a_root_score_far_from_the_last_iterations_is_searched_again_until_it_stands() {
        // The last iteration said +5,000 for a balanced opening: the window around it fails
        // low and opens until the score is inside it, and the iteration gives a real score
        // and a move, the same as a search with every score in its window.
        let board = Board::with_moves(15, "c7 i11 h10 g11 h7 h8 e10 d4 j11").unwrap();
        let depth = ASPIRATION_DEPTH + 1;
        let limits = || Limits {
            solver_nodes: Some(20_000),
            ..Limits::nodes(u64::MAX)
        };
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        s.begin(limits());
        s.report.score = 5_000;
        let (score, best) = s.search_root_aspirated(depth);
        assert!(!s.aborted);
        assert!(score.abs() < 2_000, "{score}");
        let mut full = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        full.begin(limits());
        let (full_score, full_best) = full.search_root(depth, FULL_WINDOW);
        assert!(best.is_some() && full_best.is_some());
        assert!(
            (score - full_score).abs() < ASPIRATION_DELTA,
            "{score} {full_score}"
        );
    }

    /// A game Rapfi won: after black's i13, white's g7 makes a double-three point and wins in
    /// eleven plies (g7 f6 d10 f8 g13 ...). d10 makes a four-three point, no three, and the
    /// ordering ranks it eleventh: outside the width, it was never searched.
    const AFTER_I13: &str = "c7 i11 h10 g11 h7 h8 e10 d4 j11 e11 g8 f9 i10 h9 f11 f10 g9 h12 i13";

    #[test]
    fn a_win_that_starts_with_a_double_three_point_is_found() {
        let board = Board::with_moves(15, AFTER_I13).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 16 << 20);
        let r = s.think(Limits::nodes(600_000));
        assert_eq!(r.best.expect("a move").to_notation(15), "g7");
        assert!(r.score >= WIN_THRESHOLD, "{}", r.score);
    }

    #[test]
    fn moves_that_make_double_threat_points_pass_the_width_deep_in_the_tree() {
        let board = Board::with_moves(15, &format!("{AFTER_I13} g7 f6")).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let d10 = s.pos.index(Pos::parse("d10", 15).unwrap());
        let narrow = s.generate(2, None, false).0;
        assert!(!narrow.contains(&d10));
        let kept = s.generate(2, None, true).0;
        assert!(kept.contains(&d10));
        // The ten best come first, in the same order; each move added makes such a point.
        assert_eq!(kept[..WIDTH], narrow[..WIDTH]);
        let me = s.pos.to_move();
        for &m in kept.iter().filter(|m| !narrow.contains(m)) {
            assert!(s.pos.makes_double_threat_point(m, me));
        }
    }

    /// Move 39 of a game against Rapfi (`docs/matches/2026-12-02-correction-scale/`,
    /// `sum-vs-rapfi-200-0`, game 135): black's j13 wins in 12 plies (j13 i12 l12 m13 h13 h12
    /// g12 j3 k2 i13 ...), as Rapfi confirms (mate in 12 after j13). j13 makes only a two and
    /// a new four-three point; the policy ranks it past the root's width, so black played f10
    /// and lost a game it had claimed two moves earlier
    /// (`docs/matches/2026-12-03-root-threat-points/`).
    const BEFORE_J13: &str = "i9 i4 m9 l8 l4 n10 h3 h5 k11 l10 l11 g6 f7 k10 j10 m10 o10 h8 j11 i11 j9 j12 k13 k12 k8 l7 h9 g9 l9 k9 j8 j7 h10 g11 k7 l6 m11 n11";

    #[test]
    fn a_root_move_that_makes_a_double_threat_point_is_searched_whatever_its_rank() {
        let board = Board::with_moves(15, BEFORE_J13).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 16 << 20);
        let j13 = s.pos.index(Pos::parse("j13", 15).unwrap());
        assert!(!s.generate(0, None, false).0.contains(&j13));
        s.prepare_root_moves();
        assert!(s.root_moves.iter().any(|&(m, _)| m == j13));
        let r = s.think(Limits::nodes(400_000));
        assert_eq!(r.best.expect("a move").to_notation(15), "j13");
        assert!(r.score >= WIN_THRESHOLD && r.solved, "{}", r.score);
    }

    #[test]
    fn the_tables_move_leads_the_root_so_a_proven_line_is_played_on() {
        // Two moves earlier black proves a win; after its move and the reply its line expects,
        // the next search (the same table) starts with the line's next move.
        let earlier = BEFORE_J13.rsplitn(3, ' ').nth(2).unwrap();
        let tt = Arc::new(TranspositionTable::with_bytes(16 << 20));
        let board = Board::with_moves(15, earlier).unwrap();
        let mut s = Searcher::with_table(&board, Rule::Freestyle, tt.clone());
        let r = s.think(Limits::nodes(600_000));
        assert!(
            r.score >= WIN_THRESHOLD && r.pv.len() >= 3,
            "{} {:?}",
            r.score,
            r.pv
        );
        let line: Vec<String> = r.pv.iter().map(|p| p.to_notation(15)).collect();
        let board = Board::with_moves(15, &format!("{earlier} {} {}", line[0], line[1])).unwrap();
        let mut s = Searcher::with_table(&board, Rule::Freestyle, tt);
        s.prepare_root_moves();
        let first = s.pos.pos(s.root_moves[0].0).to_notation(15);
        assert_eq!(first, line[2], "{line:?}");
    }

    #[test]
    fn the_replies_to_a_root_move_are_cut_at_the_roots_width() {
        // One ply below the root a refutation far down the policy's order is still searched;
        // deeper nodes keep the inner width. Both lists start with the same best moves.
        let board = Board::with_moves(15, &format!("{AFTER_I13} g7 f6")).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let replies = s.generate(1, None, false).0;
        let deeper = s.generate(2, None, false).0;
        assert!(replies.len() > deeper.len(), "{} replies", replies.len());
        assert!(replies.len() > WIDTH && replies.len() <= ROOT_WIDTH + deeper.len());
        assert_eq!(replies[..WIDTH], deeper[..WIDTH]);
    }

    #[test]
    fn a_crowded_board_full_of_fours_still_shows_a_short_win() {
        // Move 35 of a game against Rapfi: black wins in 11 plies (c8, then fours and a
        // three), which Rapfi reports at depth 10 after 6,000 nodes. Both sides have many fours
        // here; while a four was never reduced, each iteration searched every one of them at
        // full depth, and the win took the 10th iteration (over 700,000 nodes). Now the 9th
        // finds it.
        let board = Board::with_moves(
            15,
            "h4 f7 h7 d4 e7 d5 a3 d7 d6 c5 f6 g5 e6 e5 f5 g6 e8 e3 b6 c6 h6 f2 g1 h8 g8 i6 \
             h3 h5 g4 i2 i5 a5 b5 j4",
        )
        .unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 128 << 20);
        let r = s.think(Limits::nodes(450_000));
        assert!(
            r.score >= WIN_THRESHOLD,
            "score {} depth {}",
            r.score,
            r.depth
        );
        assert_eq!(r.best, Some(Pos::parse("c8", 15).unwrap()));
    }

    #[test]
    fn deepening_does_not_stall_on_chains_of_fours() {
        // One move after one of Rapfi's balanced openings. While a four could be a singular
        // extension (and its forced block costs no depth), 3 million nodes ended at depth 11
        // here (the brain's 12th iteration ran past 6 million); now 1.5 million reach 15.
        let board = Board::with_moves(15, "i10 k9 l6 j6 m7 j11 i8 i11").unwrap();
        // The brain's table size: with a smaller one the same nodes reach less deep.
        let mut s = Searcher::new(&board, Rule::Freestyle, 128 << 20);
        let r = s.think(Limits::nodes(1_500_000));
        assert!(r.depth >= 13, "depth {}", r.depth);
    }

    #[test]
    fn the_shallow_search_stays_small_on_a_crowded_board() {
        // Move 87 of a game against Rapfi (freestyle): both sides have many fours, and the
        // quiescence searches of the shallow search (which the clock cannot stop) visited 2.5
        // million nodes, 0.9 s at 0.2 s a move. Each quiescence search now has a node budget.
        let board = Board::with_moves(
            15,
            "e8 h4 g5 h2 g3 i7 e3 g6 h7 k5 j6 k4 h3 f3 k3 j5 j4 i5 l5 i6 i4 e4 d5 f4 d4 f5 f6 \
             f2 f1 h5 g4 d3 c2 g2 e2 e7 f8 d7 e5 g7 c7 d8 c5 j2 i2 c6 i9 h9 g10 i10 c4 b2 f9 \
             f10 b8 b6 d9 h11 g8 g12 f13 d11 g11 h12 h8 i8 c10 h10 h13 b11 e6 f7 c9 e9 c11 c8 \
             e13 k8 j9 d13 d12 b10 f12 l9 j7 e14",
        )
        .unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 16 << 20);
        let r = s.think(Limits::nodes(1_000));
        assert!(r.best.is_some());
        assert!(r.nodes < 600_000, "{} nodes", r.nodes);
    }

    /// A game lost at 1 s after claiming a win: white to move after 43 moves. White's e11
    /// (after f12 f13 g8 f7) leaves two open threes that no single stone stops, and black wins
    /// first by fours (f5 f6 h7 g7 g6 e4 ...); the answers were cut at the width with black's
    /// fours among those cut, and white's win was claimed (29984) where Rapfi scores white -480.
    const BEFORE_FALSE_WIN: &str = "i13 l12 k12 g10 l13 j11 k13 j13 k11 k10 j12 h14 i12 i11 \
        h12 g12 g11 j14 k14 k15 i7 h10 j6 l10 j7 f10 e10 j9 j10 i10 h11 g9 f8 h9 f9 l9 l8 m12 \
        l11 f11 i8 f14 d11";

    #[test]
    fn against_threes_no_stone_stops_our_fours_are_kept_past_the_width() {
        let moves = format!("{BEFORE_FALSE_WIN} f12 f13 g8 f7 g14 i14 m8 n7 e11");
        let board = Board::with_moves(15, &moves).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let (moves, exact) = s.generate(4, None, false);
        assert!(!exact);
        let named: Vec<String> = moves
            .iter()
            .map(|&m| s.pos.pos(m).to_notation(15))
            .collect();
        let mut fours = Vec::new();
        s.pos.points_with(Stone::Black, Threat::Four, &mut fours);
        assert!(fours.len() >= 2);
        for f in fours {
            let f = s.pos.pos(f).to_notation(15);
            assert!(named.contains(&f), "{f} missing from {named:?}");
        }
    }

    #[test]
    fn no_win_is_claimed_where_the_defender_wins_first_by_fours() {
        let board = Board::with_moves(15, BEFORE_FALSE_WIN).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 16 << 20);
        let r = s.think(Limits::nodes(800_000));
        assert!(r.score < WIN_THRESHOLD, "{} {:?}", r.score, r.best);
    }

    /// A game lost at 0.2 s after claiming a win: after these 14 moves black wins by `f8`
    /// (Rapfi: mate in 25, `f8 j8 g9 h8 i9 ...`), three points from the nearest stone and so
    /// outside the candidates (within two), where it starts two lines at once (with `i8` and
    /// `i11`). Every candidate lost, the loss stood, and white claimed a win by `k9` one move
    /// earlier.
    const BEFORE_FAR_DEFENCE: &str = "k11 n11 o14 k10 i11 l9 i9 l11 i8 i10 j10 l12 l8 k9";

    #[test]
    fn the_far_points_that_start_two_lines_are_listed_and_no_others() {
        let board = Board::with_moves(15, BEFORE_FAR_DEFENCE).unwrap();
        let s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        // The same rule read off the board itself: empty, no stone within two (king moves),
        // and a stone of `me` three points away on two lines or more.
        let expected = |me: Stone| -> Vec<usize> {
            let mut out = Vec::new();
            for y in 0..15u8 {
                for x in 0..15u8 {
                    let p = Pos::new(x, y);
                    let stone_at = |dx: i8, dy: i8, k: i32| {
                        p.offset((dx, dy), k, 15).and_then(|q| board.get(q))
                    };
                    let near =
                        (-2..=2i8).any(|dy| (-2..=2i8).any(|dx| stone_at(dx, dy, 1).is_some()));
                    let lines = [(1, 0), (0, 1), (1, 1), (1, -1)]
                        .iter()
                        .filter(|&&(dx, dy)| {
                            stone_at(dx, dy, 3) == Some(me) || stone_at(dx, dy, -3) == Some(me)
                        })
                        .count();
                    if !near && lines >= 2 {
                        out.push(s.pos.index(p));
                    }
                }
            }
            out.sort_unstable();
            out
        };
        for me in [Stone::Black, Stone::White] {
            let mut far = Vec::new();
            s.pos.far_openers(me, &mut far);
            far.sort_unstable();
            assert_eq!(far, expected(me), "{me:?}");
        }
        let mut far = Vec::new();
        s.pos.far_openers(Stone::Black, &mut far);
        let f8 = s.pos.index(Pos::parse("f8", 15).unwrap());
        assert!(far.contains(&f8), "{far:?}");
        let mut near = Vec::new();
        s.pos.candidates(&mut near);
        assert!(far.iter().all(|m| !near.contains(m)));
        // White has no stone three points from f8.
        let mut theirs = Vec::new();
        s.pos.far_openers(Stone::White, &mut theirs);
        assert!(!theirs.contains(&f8), "{theirs:?}");
        assert!(far.len() < 6, "{far:?}");
    }

    #[test]
    fn a_loss_stands_only_once_the_far_points_are_searched() {
        // White's claim one move earlier is gone, and black finds a defence.
        let before = BEFORE_FAR_DEFENCE.rsplit_once(' ').unwrap().0;
        let mut s = Searcher::new(
            &Board::with_moves(15, before).unwrap(),
            Rule::Freestyle,
            16 << 20,
        );
        let r = s.think(Limits::nodes(600_000));
        assert!(r.score < WIN_THRESHOLD, "{} {:?}", r.score, r.best);
        let board = Board::with_moves(15, BEFORE_FAR_DEFENCE).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 16 << 20);
        let r = s.think(Limits::nodes(600_000));
        assert!(r.score > -WIN_THRESHOLD, "{} {:?}", r.score, r.best);
    }

    #[test]
    fn the_quiescence_search_sees_a_win_by_fours_past_the_horizon() {
        // Black wins by fours (d9 d8 b7 b4 e10 a6 f11): at depth 0 the static evaluation alone
        // would not know it.
        let moves = "f6 e7 c8 b8 d6 d4 d5 h8 b6 h6 b3 b2 h5 a2 h9 e6 b5 g7 d7 c4";
        let board = Board::with_moves(15, moves).unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let v = s.quiesce(-WIN - 1, WIN + 1, 0, 0);
        assert!(v >= WIN_THRESHOLD, "{v}");
    }

    #[test]
    fn the_search_corrects_the_static_evaluation_it_stands_on() {
        // A quiet middle game: a search leaves corrections behind...
        let board = Board::with_moves(15, "h8 i9 g9 h10 i8 g8 h7").unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        assert_eq!(s.correction.entries_set(), 0);
        s.think(Limits::nodes(20_000));
        assert!(s.correction.entries_set() > 0);
        // ...and the quiescence search stands on the corrected evaluation.
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let before = s.static_value();
        for _ in 0..200 {
            s.correction.update(&s.pos, 10, 250);
        }
        assert!(
            s.static_value() >= before + 240,
            "{before} {}",
            s.static_value()
        );
    }

    #[test]
    fn the_quiescence_search_never_scores_below_the_static_evaluation() {
        // Standing pat is always allowed: fours can only add to it.
        for moves in [
            "h8 h9 i9 g7 j10 k11 i10 i11 j9 h11 g11 k8",
            "h8 i9 g9 h10 i8 g8 h7",
        ] {
            let board = Board::with_moves(15, moves).unwrap();
            let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
            let stand = s.static_value();
            assert!(s.quiesce(-WIN - 1, WIN + 1, 0, 0) >= stand, "{moves}");
        }
    }

    #[test]
    fn a_leafs_quiescence_result_is_kept_in_the_table_and_used_again() {
        // Black to move with fours to play (k8, l8) that do not win: the lines are searched once.
        let board = Board::with_moves(15, "h8 h9 i8 i9 j8 g8").unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let me = s.pos.to_move();
        assert!(s.pos.count_at_least(me, Threat::Four) > 0);
        let (alpha, beta) = (-WIN - 1, WIN + 1);
        let direct = s.quiesce(alpha, beta, 0, 0);
        let first = s.quiesce_leaf(alpha, beta, 0);
        assert_eq!(first, direct);
        let stored = s.tt.probe(s.pos.hash()).expect("stored");
        assert_eq!(
            (stored.depth, stored.bound, stored.score),
            (QUIESCE_TT_DEPTH, Bound::Exact, first)
        );
        // The second time the table answers: no line of fours is played again.
        let nodes = s.nodes;
        assert_eq!(s.quiesce_leaf(alpha, beta, 0), first);
        assert_eq!(s.nodes, nodes);
        // A deeper result for the position is not replaced by a quiescence search's.
        let deeper = Entry {
            key: s.pos.hash(),
            best: NO_MOVE,
            score: first - 500,
            depth: 3,
            bound: Bound::Lower,
            age: 0,
        };
        s.tt.store(deeper);
        // It does not decide this window: the lines are searched, and it stays.
        assert!(s.quiesce_leaf(first - 400, first - 399, 0) >= first - 399);
        assert!(s.nodes > nodes);
        let kept = s.tt.probe(s.pos.hash()).expect("kept");
        assert_eq!(
            (kept.depth, kept.bound, kept.score),
            (3, Bound::Lower, deeper.score)
        );
    }

    #[test]
    fn a_search_on_several_threads_finishes_with_a_searched_move() {
        // A quiet position (no win by threats for the threat solvers to end the search with).
        let board = Board::with_moves(15, "h8 h9 i9 g7 j10 k11 i10 i11").unwrap();
        let mut s = Searcher::new(&board, Rule::Standard, 1 << 22);
        let r = s.think(Limits {
            threads: 3,
            ..Limits::time(Duration::from_millis(300))
        });
        let best = r.best.expect("a move");
        assert!(board.is_empty_at(best));
        assert!(r.depth > SHALLOW_DEPTH, "depth {}", r.depth);
        assert_eq!(r.threads, 3, "both helpers searched and were joined");
    }

    #[test]
    fn the_shallow_search_finishes_even_with_no_time_at_all() {
        // Their open three must be stopped (d5 or h5); with no time the shallow search's move
        // still does it.
        let board = Board::with_moves(15, "h8 e5 a1 f5 a15 g5").unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let r = s.think(Limits::time(Duration::ZERO));
        assert!(r.depth >= SHALLOW_DEPTH, "depth {}", r.depth);
        let best = r.best.expect("a move").to_notation(15);
        assert!(best == "d5" || best == "h5", "{best}");
    }

    #[test]
    fn a_move_is_still_played_when_every_move_loses() {
        // White has two open threes: no single black move stops both.
        let board = Board::with_moves(15, "a1 e5 a15 f5 o1 g5 o15 j9 o8 j10 a8 j11").unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let moves = s.generate(0, None, false).0;
        assert!(moves.iter().all(|&m| s.refuted(m)));
        let r = s.think(Limits::time(Duration::from_millis(200)));
        assert!(board.is_empty_at(r.best.expect("a move")));
    }

    #[test]
    fn a_defence_that_blocks_nothing_far_from_the_last_moves_strays() {
        // White's open three h8 i8 j8 (j8 last); black's open three b2 c2 d2, and black's last
        // move n13 far from both.
        let board = Board::with_moves(15, "b2 h8 c2 i8 d2 a15 n13 j8").unwrap();
        let s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let recent = s.recent_points();
        let stray = |name: &str| {
            let m = s.pos.index(Pos::parse(name, 15).unwrap());
            s.stray(m, Stone::White, recent)
        };
        let both = Stray {
            from_theirs: true,
            from_mine: true,
        };
        // The blocks of the three never stray, though both are over four points from n13.
        assert_eq!(stray("g8"), Stray::default());
        assert_eq!(stray("k8"), Stray::default());
        // Black's open four at e2 blocks nothing and is far from both last moves.
        assert_eq!(stray("e2"), both);
        assert_eq!(both.reduction(), STRAY_REDUCTION + STRAY_REDUCTION / 2);
        // o13, beside our n13: strays from their j8 only. j10, two points from j8 and four
        // from n13: not at all.
        let theirs_only = Stray {
            from_theirs: true,
            from_mine: false,
        };
        assert_eq!(stray("o13"), theirs_only);
        assert_eq!(theirs_only.reduction(), STRAY_REDUCTION);
        assert_eq!(stray("j10"), Stray::default());
    }

    #[test]
    fn policy_reductions_grow_with_the_trail_and_stop_at_their_cap() {
        let unit = policy::UNITS_PER_LOGIT as i32;
        assert_eq!(policy_reduction(0), 0.0);
        assert_eq!(policy_reduction(unit), 0.0);
        assert_eq!(policy_reduction(3 * unit), 1.5);
        assert!(policy_reduction(4 * unit) > policy_reduction(3 * unit));
        assert_eq!(policy_reduction(100 * unit), POLICY_REDUCTION_MAX);
    }

    #[test]
    fn the_counter_move_is_ordered_after_the_killers_and_before_the_rest() {
        let board = Board::with_moves(15, "h8 i9 h9 h10 g10 i8 i10 j9 k9 f7 g8 g9").unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        let me = s.pos.to_move();
        let plain = s.generate(1, None, false).0;
        // The last candidate kept by the width becomes the counter move to white's last move.
        let last = s.pos.recent_move(0).expect("moves were played");
        let counter = plain[WIDTH - 1];
        s.counters[last][me.index()] = counter as u16;
        let ordered = s.generate(1, None, false).0;
        assert_eq!(ordered[0], counter);
        // A killer still comes first.
        s.killers[1] = [plain[WIDTH - 2] as u16, NO_MOVE];
        let ordered = s.generate(1, None, false).0;
        assert_eq!(ordered[..2], [plain[WIDTH - 2], counter]);
    }

    #[test]
    fn a_cut_off_reply_becomes_the_counter_move() {
        let board = Board::with_moves(15, "h8 i9 h9 h10 g10 i8 i10 j9 k9 f7 g8 g9").unwrap();
        let mut s = Searcher::new(&board, Rule::Freestyle, 1 << 20);
        s.think(Limits::nodes(20_000));
        assert!(s.counters.iter().any(|c| c.iter().any(|&m| m != NO_MOVE)));
    }
}
