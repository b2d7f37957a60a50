//! Game review in the background: the engine's [`Reviewer`] marks a game move by move with a
//! fixed budget on the async compute pool (in a Web Worker on the web, each move sent back as
//! it is reviewed; one small move a frame where neither can run it), while the game stays
//! usable. Its progress is shown, it can be
//! stopped ([`ReviewRequest::Cancel`]), and a finished review is kept with the game's record in
//! the history.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::app::play::{AiExecution, yield_to_frames};
use crate::app::{AppSystems, Board, GameHistory, Replay, ReviewRequest, Screen};
use gomoku_engine::analysis::{MoveReview, Review, ReviewError, ReviewOptions, Reviewer};
use gomoku_engine::record::GameRecord;

/// The budget of each position a review searches; tests choose smaller ones.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewBudget(pub ReviewOptions);

impl Default for ReviewBudget {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            // One move a frame on the page's only thread: keep each one short.
            ReviewBudget(ReviewOptions {
                nodes: 4_000,
                solver_nodes: 4_000,
                table_bytes: 8 << 20,
            })
        } else {
            ReviewBudget(ReviewOptions::default())
        }
    }
}

/// What a review has done so far.
#[derive(Debug, Clone, Default)]
struct Progress {
    /// The moves reviewed.
    moves: Vec<MoveReview>,
    /// The end: the review, or why there is none.
    result: Option<Result<Review, ReviewError>>,
}

enum Work {
    /// On the pool; held only to keep the task alive (the stop flag ends it).
    Task(#[allow(dead_code)] Task<()>),
    Frames(Box<Reviewer>),
    /// Job `id` in a Web Worker, with the frames' reviewer to go on with if the worker fails.
    #[cfg(target_arch = "wasm32")]
    Worker {
        id: u64,
        fallback: Box<Reviewer>,
    },
    /// The frames' review has ended (its result is in the progress).
    Ended,
}

/// A review under way.
struct Job {
    record: GameRecord,
    total: usize,
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Progress>>,
    work: Work,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        #[cfg(target_arch = "wasm32")]
        if let Work::Worker { id, .. } = self.work {
            crate::app::play::worker::cancel(id);
        }
    }
}

/// The review under way, if any, and the last one that could not be kept in the history (a
/// game that is not saved there) or failed.
#[derive(Resource, Default)]
pub struct GameReview {
    job: Option<Job>,
    last: Option<(GameRecord, Result<Review, ReviewError>)>,
}

impl GameReview {
    /// `(done, total)` moves when `record` is being reviewed.
    pub fn progress_of(&self, record: &GameRecord) -> Option<(usize, usize)> {
        let job = self.job.as_ref().filter(|j| same_game(&j.record, record))?;
        let done = job.progress.lock().map_or(0, |p| p.moves.len());
        Some((done, job.total))
    }

    /// Whether a review is under way.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The outcome of the last review of `record` that is not in the history: a review of a
    /// game not saved there, or why it could not be made.
    pub fn last_of(&self, record: &GameRecord) -> Option<&Result<Review, ReviewError>> {
        self.last
            .as_ref()
            .filter(|(r, _)| same_game(r, record))
            .map(|(_, result)| result)
    }
}

/// Whether two records are the same game.
fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.moves == b.moves && a.date == b.date && a.black == b.black && a.white == b.white
}

/// Asks to review the game in the replay viewer once it is open (`--review`), unless it has
/// a review already.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OpenReview;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .init_resource::<ReviewBudget>()
        .add_systems(
            Update,
            review_at_start
                .run_if(resource_exists::<OpenReview>.and_then(in_state(Screen::Replay)))
                .run_if(resource_exists::<Replay>)
                .in_set(AppSystems::Input)
                .before(take_requests),
        )
        .add_systems(
            Update,
            (
                take_requests.in_set(AppSystems::Input),
                follow_job.in_set(AppSystems::Think),
            ),
        );
}

fn review_at_start(
    mut commands: Commands,
    replay: Res<Replay>,
    history: Res<GameHistory>,
    mut requests: MessageWriter<ReviewRequest>,
) {
    commands.remove_resource::<OpenReview>();
    if history.review_of(&replay.record).is_none() {
        requests.write(ReviewRequest::Game(Box::new(replay.record.clone())));
    }
}

/// The game on the board as the history saved it, when it has just finished there.
fn finished_game(history: &GameHistory, board: &Board) -> Option<GameRecord> {
    let record = history.game(history.len().checked_sub(1)?)?.ok()?;
    (record.moves == board.board().moves()).then_some(record)
}

fn take_requests(
    mut commands: Commands,
    mut requests: MessageReader<ReviewRequest>,
    history: Res<GameHistory>,
    board: Res<Board>,
    budget: Res<ReviewBudget>,
    execution: Res<AiExecution>,
    mut review: ResMut<GameReview>,
    mut next: ResMut<NextState<Screen>>,
) {
    for request in requests.read() {
        let record = match request {
            ReviewRequest::Cancel => {
                review.job = None;
                continue;
            }
            ReviewRequest::Game(record) => (**record).clone(),
            ReviewRequest::FinishedGame => {
                let Some(record) = finished_game(&history, &board) else {
                    warn!("no finished game to review");
                    continue;
                };
                let at = record.moves.len();
                commands.insert_resource(Replay {
                    record: record.clone(),
                    at,
                });
                next.set(Screen::Replay);
                record
            }
        };
        review.last = None;
        review.job = None;
        match Reviewer::new(&record, budget.0) {
            Ok(reviewer) => review.job = Some(start(record, reviewer, *execution)),
            Err(e) => review.last = Some((record, Err(e))),
        }
    }
}

fn start(record: GameRecord, reviewer: Reviewer, execution: AiExecution) -> Job {
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(Mutex::new(Progress::default()));
    let total = reviewer.total();
    let mut reviewer = reviewer.with_stop(stop.clone());
    let work = match execution {
        AiExecution::Task => {
            let progress = progress.clone();
            Work::Task(AsyncComputeTaskPool::get().spawn(async move {
                yield_to_frames();
                while let Some(m) = reviewer.step() {
                    let m = m.clone();
                    if let Ok(mut p) = progress.lock() {
                        p.moves.push(m);
                    }
                }
                let result = if reviewer.done() < reviewer.total() {
                    Err(ReviewError::Stopped)
                } else {
                    Ok(reviewer.finish())
                };
                if let Ok(mut p) = progress.lock() {
                    p.result = Some(result);
                }
            }))
        }
        #[cfg(target_arch = "wasm32")]
        AiExecution::Worker => ask_worker(&record, reviewer),
        #[cfg(target_arch = "wasm32")]
        AiExecution::FrameSlices => Work::Frames(Box::new(reviewer)),
        #[cfg(not(target_arch = "wasm32"))]
        AiExecution::FrameSlices | AiExecution::Worker => Work::Frames(Box::new(reviewer)),
    };
    Job {
        record,
        total,
        stop,
        progress,
        work,
    }
}

/// The review as a job for a Web Worker, at the desktop's budget; in frames with `reviewer`
/// if no worker takes it.
#[cfg(target_arch = "wasm32")]
fn ask_worker(record: &GameRecord, reviewer: Reviewer) -> Work {
    use crate::app::play::worker;
    use gomoku_engine::analysis::worker::{Job as WorkerJob, JobRequest};
    use gomoku_engine::record::json::StoredRecord;
    let request = JobRequest {
        id: worker::next_id(),
        job: WorkerJob::Review {
            record: Box::new(StoredRecord::from_record(record)),
            options: ReviewOptions::default(),
        },
    };
    match worker::ask_job(&request) {
        Ok(()) => Work::Worker {
            id: request.id,
            fallback: Box::new(reviewer),
        },
        Err(_) => Work::Frames(Box::new(reviewer)),
    }
}

/// Takes the worker's updates into the progress; when the worker failed, the review starts
/// again in frames.
#[cfg(target_arch = "wasm32")]
fn follow_worker(job: &mut Job) {
    use crate::app::play::worker;
    use gomoku_engine::analysis::worker::Update;
    let Work::Worker { id, .. } = &job.work else {
        return;
    };
    let mut failed = worker::broken().is_some();
    let mut ended = false;
    for update in worker::take_updates(*id) {
        let Ok(mut p) = job.progress.lock() else {
            return;
        };
        match update {
            Update::ReviewedMove { review, .. } => p.moves.push(review),
            Update::Reviewed { review, .. } => {
                p.result = Some(Ok(review));
                ended = true;
            }
            Update::Failed { error, .. } => {
                warn!("the review worker failed: {error}");
                failed = true;
            }
            Update::Analysis { .. } => {}
        }
    }
    if ended {
        job.work = Work::Ended;
    } else if failed
        && let Work::Worker { fallback, .. } = std::mem::replace(&mut job.work, Work::Ended)
    {
        if let Ok(mut p) = job.progress.lock() {
            p.moves.clear();
        }
        job.work = Work::Frames(fallback);
    }
}

/// Moves the review on (a move a frame in slices), and keeps it with its game once done.
fn follow_job(mut review: ResMut<GameReview>, mut history: ResMut<GameHistory>) {
    let Some(job) = review.job.as_mut() else {
        return;
    };
    #[cfg(target_arch = "wasm32")]
    follow_worker(job);
    if let Work::Frames(reviewer) = &mut job.work
        && reviewer.step().is_none()
    {
        let complete = reviewer.done() == reviewer.total();
        if let Work::Frames(reviewer) = std::mem::replace(&mut job.work, Work::Ended)
            && let Ok(mut p) = job.progress.lock()
        {
            p.result = Some(if complete {
                Ok(reviewer.finish())
            } else {
                Err(ReviewError::Stopped)
            });
        }
    }
    if let Work::Frames(reviewer) = &job.work
        && let Ok(mut p) = job.progress.lock()
        && reviewer.done() > p.moves.len()
    {
        let new = reviewer.reviewed()[p.moves.len()..].to_vec();
        p.moves.extend(new);
    }
    let result = job.progress.lock().ok().and_then(|mut p| p.result.take());
    let Some(result) = result else {
        return;
    };
    let Some(job) = review.job.take() else {
        return;
    };
    if let Ok(r) = &result
        && history.set_review(&job.record, r.clone())
    {
        info!("review kept with the game of {}", job.record.date);
        return;
    }
    review.last = Some((job.record.clone(), result));
}
