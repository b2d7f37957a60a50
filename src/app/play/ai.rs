//! The AI player: when the AI is to move, the engine thinks on the async compute pool while
//! frames go on; its move comes back as a [`MoveRequest`], the same path a click takes.
//!
//! Where the pool has no thread of its own (the web build), the engine thinks in slices
//! instead: each frame does a few milliseconds of the search ([`AiExecution::FrameSlices`]).
//!
//! A search belongs to the position it started on: when the board changes under it (undo,
//! restart, a new game), the mode changes, or the game leaves the Playing screen, it is
//! cancelled (its stop flag is raised and the task dropped).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use rand::rngs::SmallRng;

use crate::app::{ActiveSetup, AppSystems, Board, Mode, MoveRequest, Screen, UserSettings};
use crate::engine::search::levels::{self, Level, Thinking};
use crate::engine::{Board as EngineBoard, Pos, Rule};
use crate::players::settings::MAX_MASTER_SECS;

/// The function the AI thinks with: the position, the rule, the level, and a stop flag it
/// must watch. Replaceable (tests use slow or scripted brains).
#[derive(Resource, Clone)]
pub struct AiBrain(
    pub Arc<dyn Fn(EngineBoard, Rule, Level, Arc<AtomicBool>) -> Option<Pos> + Send + Sync>,
);

impl Default for AiBrain {
    fn default() -> Self {
        AiBrain(Arc::new(|board, rule, level, stop| {
            let mut rng: SmallRng = rand::make_rng();
            levels::choose_move(&board, rule, level, stop, &mut rng)
        }))
    }
}

/// When the AI plays itself, each move stays on the board at least this long (seconds) before
/// the next, so people can follow the game.
const AI_VS_AI_PACE: f64 = 0.6;

/// How the AI's thinking is run.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AiExecution {
    /// On the async compute pool, in parallel with the frames (desktop), using [`AiBrain`].
    Task,
    /// A few milliseconds of work each frame on the main thread (the web build, whose pool
    /// runs on the page's only thread).
    FrameSlices,
}

impl Default for AiExecution {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            AiExecution::FrameSlices
        } else {
            AiExecution::Task
        }
    }
}

/// Work each frame may do when thinking in slices.
const FRAME_BUDGET_MS: u128 = 6;
/// Nodes per slice (a slice takes well under a millisecond on the desktop).
const SLICE_NODES: u64 = 400;

/// The work behind a search.
enum Job {
    Task(Task<Option<Pos>>),
    Slices(Box<Thinking>),
}

/// A search in progress.
pub struct Search {
    job: Job,
    stop: Arc<AtomicBool>,
    /// The position the search is for.
    hash: u64,
    /// When it started (app time, seconds).
    started: f64,
    /// Its answer, held back while pacing an AI-against-AI game.
    answer: Option<Option<Pos>>,
}

impl Drop for Search {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The AI's search, while it thinks.
#[derive(Resource, Default)]
pub struct AiThinking(pub Option<Search>);

impl AiThinking {
    /// Whether a search is running.
    pub fn is_thinking(&self) -> bool {
        self.0.is_some()
    }

    /// The stop flag of the running search (tests watch it to see a cancel).
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.0.as_ref().map(|s| s.stop.clone())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiBrain>()
        .init_resource::<AiExecution>()
        .init_resource::<AiThinking>()
        .add_systems(Update, poll_search.in_set(AppSystems::Input))
        .add_systems(Update, start_or_cancel.in_set(AppSystems::Think))
        .add_systems(OnExit(Screen::Playing), cancel);
}

fn ai_to_move(board: &Board, active: &ActiveSetup) -> bool {
    !board.outcome().is_over() && active.0.mode.ai_plays(board.to_move())
}

/// Cancels a search that no longer fits the game, and starts one when the AI is to move.
fn start_or_cancel(
    time: Res<Time>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    brain: Res<AiBrain>,
    execution: Res<AiExecution>,
    screen: Res<State<Screen>>,
    settings: Option<Res<UserSettings>>,
    mut thinking: ResMut<AiThinking>,
) {
    let wanted = *screen.get() == Screen::Playing && ai_to_move(&board, &active);
    let hash = board.board().hash();
    if let Some(search) = &thinking.0
        && (!wanted || search.hash != hash)
    {
        thinking.0 = None;
    }
    if !wanted || thinking.0.is_some() {
        return;
    }
    thinking.0 = Some(Search::start(
        board.board(),
        board.rule(),
        timed_level(active.0.level, settings.as_deref()),
        &brain,
        *execution,
        time.elapsed_secs_f64(),
    ));
}

impl Search {
    /// Starts thinking about `position`, as the game's AI does.
    pub(super) fn start(
        position: &EngineBoard,
        rule: Rule,
        level: Level,
        brain: &AiBrain,
        execution: AiExecution,
        now: f64,
    ) -> Search {
        let stop = Arc::new(AtomicBool::new(false));
        let hash = position.hash();
        let job = match execution {
            AiExecution::Task => {
                let (brain, flag, position) = (brain.0.clone(), stop.clone(), position.clone());
                Job::Task(AsyncComputeTaskPool::get().spawn(async move {
                    yield_to_frames();
                    brain(position, rule, level, flag)
                }))
            }
            AiExecution::FrameSlices => {
                let mut rng: SmallRng = rand::make_rng();
                Job::Slices(Box::new(Thinking::start(
                    position,
                    rule,
                    level,
                    stop.clone(),
                    &mut rng,
                )))
            }
        };
        Search {
            job,
            stop,
            hash,
            started: now,
            answer: None,
        }
    }

    /// Works on the search (a frame's slice, or a look at the task); its answer once it has
    /// one: the move, or `None` when there was none.
    pub(super) fn poll(&mut self) -> Option<Option<Pos>> {
        if self.answer.is_none() {
            self.answer = match &mut self.job {
                Job::Task(task) => check_ready(task),
                Job::Slices(thinking) => {
                    let start = Instant::now();
                    loop {
                        if let Some(answer) = thinking.step(SLICE_NODES) {
                            break Some(answer);
                        }
                        if start.elapsed().as_millis() >= FRAME_BUDGET_MS {
                            break None;
                        }
                    }
                }
            };
        }
        self.answer
    }

    /// The position the search is for.
    pub(super) fn hash(&self) -> u64 {
        self.hash
    }
}

/// The level with the player's chosen time per move for the strongest level, and the threads
/// chosen for the AI (all cores but one unless chosen; one on the web).
pub fn timed_level(level: Level, settings: Option<&UserSettings>) -> Level {
    let Some(s) = settings else {
        return level;
    };
    let level = level.with_threads(s.ai_threads());
    if level.number() == Level::MAX {
        level.with_move_time(s.master_move_secs.clamp(1, MAX_MASTER_SECS) * 1000)
    } else {
        level
    }
}

/// Lowers the priority of the thread the search runs on (nice 19 on Linux), so that on a busy
/// machine the frames (and a software renderer's threads) come first and the search takes the
/// time left over. The async compute pool runs nothing but searches, so its threads stay
/// lowered (an unprivileged process cannot raise a priority back).
fn yield_to_frames() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use thread_priority::{ThreadPriority, ThreadPriorityValue};
        if let Ok(value) = ThreadPriorityValue::try_from(0u8)
            && let Err(e) =
                thread_priority::set_current_thread_priority(ThreadPriority::Crossplatform(value))
        {
            debug!("the search keeps its priority: {e:?}");
        }
    }
}

/// Takes the AI's move when its search has finished.
fn poll_search(
    time: Res<Time>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    mut thinking: ResMut<AiThinking>,
    mut requests: MessageWriter<MoveRequest>,
) {
    let Some(search) = thinking.0.as_mut() else {
        return;
    };
    let Some(result) = search.poll() else {
        return;
    };
    let pacing =
        active.0.mode == Mode::AiVsAi && time.elapsed_secs_f64() - search.started < AI_VS_AI_PACE;
    if pacing {
        return;
    }
    let still_current = search.hash == board.board().hash();
    thinking.0 = None;
    match result {
        Some(p) if still_current => {
            requests.write(MoveRequest::ai(p));
        }
        Some(_) => {}
        None => warn!("the AI found no move"),
    }
}

fn cancel(mut thinking: ResMut<AiThinking>) {
    thinking.0 = None;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::settings::Settings;

    #[test]
    fn the_ai_searches_on_the_threads_chosen_in_the_settings() {
        let mut s = Settings {
            search_threads: 1,
            ..Settings::default()
        };
        let level = timed_level(Level::new(4), Some(&UserSettings(s)));
        assert_eq!(level.threads(), 1);
        s.search_threads = 0;
        let level = timed_level(Level::new(5), Some(&UserSettings(s)));
        assert_eq!(level.threads(), s.ai_threads(), "all cores but one");
        assert_eq!(
            level.move_time(),
            Some(std::time::Duration::from_secs(u64::from(
                s.master_move_secs
            )))
        );
        assert_eq!(timed_level(Level::new(5), None).threads(), 1);
    }
}
