//! The engine behind analysis mode: a [`LiveAnalysis`] of the position on the board, run on
//! the async compute pool (round after round, each deeper), in a Web Worker on the web (the
//! same rounds, each report sent back as it comes), or, where neither can run it, one small
//! round per frame. A new position stops the run under way (its stop flag, or the end of its
//! worker) and starts another; leaving analysis mode stops it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::app::play::{AiExecution, yield_to_frames};
use crate::app::{AppSystems, Board, Screen};
use gomoku_engine::analysis::solve::WinKind;
use gomoku_engine::analysis::{ForcedWin, LiveAnalysis, LiveReport};
use gomoku_engine::{Pos, Stone};

/// A round's nodes per line when analysing in frame slices: the first and the largest.
const FRAME_ROUND_NODES: (u64, u64) = (500, 8_000);

/// What analysis mode shows: the engine's latest report on the position on the board, and
/// the forced win it proved last, followed as the side line plays it.
#[derive(Resource, Debug, Clone, Default)]
pub struct AnalysisShown {
    /// The latest report, for the position on the board (`None` until the first round).
    pub report: Option<LiveReport>,
    /// The last forced win proved: the moves it was proved after, and the win.
    forced: Option<(Vec<Pos>, ForcedWin)>,
}

/// A forced win as the board shows it: who wins, how, and its moves still to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownWin {
    /// The winner.
    pub winner: Stone,
    /// By fours or by threats.
    pub kind: WinKind,
    /// The line from the position on the board, the winner's move first when it is to move.
    pub line: Vec<Pos>,
}

impl ShownWin {
    /// The winner's moves left in the line ("VCF in 7").
    pub fn attacking_moves(&self, to_move: Stone) -> usize {
        let mine = if to_move == self.winner { 0 } else { 1 };
        self.line.iter().skip(mine).step_by(2).count()
    }
}

impl AnalysisShown {
    /// The forced win on the board: the one proved for this position, or one proved earlier
    /// whose line the side line has followed so far.
    pub fn forced_win(&self, moves: &[Pos]) -> Option<ShownWin> {
        let (from, win) = self.forced.as_ref()?;
        let played = moves.strip_prefix(from.as_slice())?;
        let rest = win.line.strip_prefix(played)?;
        if rest.is_empty() {
            return None;
        }
        // The winner moved first after `from`.
        let winner = if from.len().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        };
        Some(ShownWin {
            winner,
            kind: win.kind,
            line: rest.to_vec(),
        })
    }
}

/// The analysis under way, if any.
#[derive(Resource, Default)]
pub struct AnalysisRun(Option<Run>);

impl AnalysisRun {
    /// Whether the engine is analysing.
    pub fn is_running(&self) -> bool {
        self.0.is_some()
    }
}

enum Job {
    /// On the pool; held only to keep the task alive (the stop flag ends it).
    Task(#[allow(dead_code)] Task<()>),
    Frames(Box<LiveAnalysis>),
    /// Job `id` in a Web Worker; `done` once its last round came.
    #[cfg(target_arch = "wasm32")]
    Worker {
        id: u64,
        done: bool,
    },
}

struct Run {
    hash: u64,
    moves: Vec<Pos>,
    stop: Arc<AtomicBool>,
    latest: Arc<Mutex<Option<LiveReport>>>,
    done: Arc<AtomicBool>,
    job: Job,
}

impl Drop for Run {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        #[cfg(target_arch = "wasm32")]
        if let Job::Worker { id, done: false } = self.job {
            crate::app::play::worker::cancel(id);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisShown>()
        .init_resource::<AnalysisRun>()
        .add_systems(
            Update,
            follow_position
                .run_if(in_state(Screen::Analysis))
                .in_set(AppSystems::Think),
        )
        .add_systems(OnExit(Screen::Analysis), stop);
}

fn stop(mut run: ResMut<AnalysisRun>, mut shown: ResMut<AnalysisShown>) {
    run.0 = None;
    *shown = AnalysisShown::default();
}

fn start(board: &Board, execution: AiExecution) -> Run {
    let stop = Arc::new(AtomicBool::new(false));
    let latest = Arc::new(Mutex::new(None));
    let done = Arc::new(AtomicBool::new(false));
    let position = board.board().clone();
    let rule = board.rule();
    let job = match execution {
        AiExecution::Task => {
            let (stop, latest, done) = (stop.clone(), latest.clone(), done.clone());
            Job::Task(AsyncComputeTaskPool::get().spawn(async move {
                yield_to_frames();
                let mut live = LiveAnalysis::new(&position, rule, stop);
                while let Some(report) = live.round() {
                    if let Ok(mut slot) = latest.lock() {
                        *slot = Some(report.clone());
                    }
                }
                done.store(true, Ordering::Relaxed);
            }))
        }
        #[cfg(target_arch = "wasm32")]
        AiExecution::Worker => {
            ask_worker(&position, rule).unwrap_or_else(|| frames(&position, rule, stop.clone()))
        }
        #[cfg(target_arch = "wasm32")]
        AiExecution::FrameSlices => frames(&position, rule, stop.clone()),
        #[cfg(not(target_arch = "wasm32"))]
        AiExecution::FrameSlices | AiExecution::Worker => frames(&position, rule, stop.clone()),
    };
    Run {
        hash: board.board().hash(),
        moves: board.board().moves().to_vec(),
        stop,
        latest,
        done,
        job,
    }
}

/// Small rounds, one a frame.
fn frames(
    position: &gomoku_engine::Board,
    rule: gomoku_engine::Rule,
    stop: Arc<AtomicBool>,
) -> Job {
    let (first, last) = FRAME_ROUND_NODES;
    Job::Frames(Box::new(LiveAnalysis::with_budget(
        position, rule, stop, first, last,
    )))
}

/// The analysis as a job for a Web Worker, at the desktop's depth; `None` if no worker takes
/// it.
#[cfg(target_arch = "wasm32")]
fn ask_worker(position: &gomoku_engine::Board, rule: gomoku_engine::Rule) -> Option<Job> {
    use crate::app::play::worker;
    use gomoku_engine::analysis::worker::{Job as WorkerJob, JobRequest};
    let request = JobRequest {
        id: worker::next_id(),
        job: WorkerJob::Analyse {
            size: position.size(),
            rule,
            moves: position.moves().to_vec(),
            budget: None,
        },
    };
    worker::ask_job(&request).ok()?;
    Some(Job::Worker {
        id: request.id,
        done: false,
    })
}

/// The newest report of the worker's job, marking it done with its last; when the worker
/// failed, the analysis goes on in frames instead.
#[cfg(target_arch = "wasm32")]
fn worker_report(
    run: &mut Run,
    position: &gomoku_engine::Board,
    rule: gomoku_engine::Rule,
) -> Option<LiveReport> {
    use crate::app::play::worker;
    use gomoku_engine::analysis::worker::Update;
    let Job::Worker { id, done } = &mut run.job else {
        return None;
    };
    let mut newest = None;
    let mut failed = worker::broken().is_some() && !*done;
    for update in worker::take_updates(*id) {
        match update {
            Update::Analysis { report, .. } => {
                // On the console: the web end-to-end test reads the rounds from it.
                info!(
                    "analysis: round {} in the worker, depth {}, {} nodes a line{}{}",
                    report.rounds,
                    report.depth(),
                    report.nodes,
                    if report.forced_win.is_some() {
                        ", a forced win"
                    } else {
                        ""
                    },
                    if report.done { ", done" } else { "" }
                );
                *done |= report.done;
                newest = Some(report);
            }
            Update::Failed { error, .. } => {
                warn!("the analysis worker failed: {error}");
                failed = true;
            }
            _ => {}
        }
    }
    if failed && newest.is_none() {
        run.job = frames(position, rule, run.stop.clone());
    }
    newest
}

/// Starts analysing each new position, and brings its reports to the screen.
fn follow_position(
    board: Res<Board>,
    execution: Res<AiExecution>,
    mut run: ResMut<AnalysisRun>,
    mut shown: ResMut<AnalysisShown>,
) {
    let hash = board.board().hash();
    if run.0.as_ref().is_some_and(|r| r.hash != hash) {
        run.0 = None;
    }
    if shown.report.as_ref().is_some_and(|r| r.hash != hash) {
        shown.report = None;
    }
    if board.outcome().is_over() {
        run.0 = None;
        return;
    }
    let r = run.0.get_or_insert_with(|| start(&board, *execution));
    let report = match &mut r.job {
        Job::Frames(live) => live.round().cloned(),
        Job::Task(_) => r.latest.lock().ok().and_then(|mut slot| slot.take()),
        #[cfg(target_arch = "wasm32")]
        Job::Worker { .. } => None,
    };
    #[cfg(target_arch = "wasm32")]
    let report = report.or_else(|| worker_report(r, board.board(), board.rule()));
    if let Some(report) = report {
        if let Some(win) = &report.forced_win {
            shown.forced = Some((r.moves.clone(), win.clone()));
        }
        shown.report = Some(report);
    }
}

impl AnalysisRun {
    /// Whether the run for the position on the board has gone as deep as it goes.
    pub fn is_done(&self) -> bool {
        self.0.as_ref().is_some_and(|r| match &r.job {
            Job::Frames(live) => live.is_done(),
            Job::Task(_) => r.done.load(Ordering::Relaxed),
            #[cfg(target_arch = "wasm32")]
            Job::Worker { done, .. } => *done,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::board::parse_moves;

    #[test]
    fn a_forced_win_is_followed_along_its_line_and_counts_the_winners_moves() {
        let start = parse_moves("h8 h9 i8 i9", 15).unwrap();
        let line = parse_moves("j8 j9 k8 a1 l8", 15).unwrap();
        let shown = AnalysisShown {
            report: None,
            forced: Some((
                start.clone(),
                ForcedWin {
                    kind: WinKind::Vcf,
                    first: line[0],
                    line: line.clone(),
                },
            )),
        };
        let win = shown.forced_win(&start).unwrap();
        assert_eq!(
            (win.winner, win.attacking_moves(Stone::Black)),
            (Stone::Black, 3)
        );
        // After black's first move: white to move, two of black's moves left.
        let after: Vec<Pos> = start.iter().chain(&line[..1]).copied().collect();
        let win = shown.forced_win(&after).unwrap();
        assert_eq!(win.line, line[1..].to_vec());
        assert_eq!(win.attacking_moves(Stone::White), 2);
        // Off the line, the win is not shown.
        let off: Vec<Pos> = start.iter().chain(&line[1..2]).copied().collect();
        assert!(shown.forced_win(&off).is_none());
    }
}
