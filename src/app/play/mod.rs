//! The game's course: [`turn`] applies moves and commands through the rules and says what
//! happened; [`opening`] takes the opening's steps and [`opening_ai`] decides the AI's;
//! [`ai`] thinks for the computer's side; [`hint`] thinks for the person's, when asked;
//! [`clock`] runs the clocks of a timed game; [`look_back`] shows the game's past positions
//! from its move list. What both of them think with is here: the engine's entry point ([`AiBrain`]), how
//! it runs ([`AiExecution`]) and a search in progress ([`Search`]).
//!
//! A search runs on the async compute pool while frames go on; in the web build, whose pool has
//! no thread of its own, it runs in a Web Worker ([`AiExecution::Worker`], see [`worker`]), or
//! where that fails in slices: each frame does a few milliseconds of it
//! ([`AiExecution::FrameSlices`]). Dropping a search stops it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::platform::time::Instant;
use bevy::prelude::*;
#[cfg(target_arch = "wasm32")]
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use rand::rngs::SmallRng;

use gomoku_engine::search::levels::{self, Level, Thinking};
use gomoku_engine::{Board as EngineBoard, Pos, Rule};

pub mod ai;
pub mod clock;
pub mod hint;
pub mod look_back;
pub mod opening;
pub mod opening_ai;
pub mod turn;
#[cfg(target_arch = "wasm32")]
pub mod worker;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiBrain>()
        .init_resource::<AiExecution>()
        .add_plugins((
            turn::plugin,
            opening::plugin,
            opening_ai::plugin,
            ai::plugin,
            hint::plugin,
            clock::plugin,
            look_back::plugin,
        ));
}

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

/// How the AI's thinking is run.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AiExecution {
    /// On the async compute pool, in parallel with the frames (desktop), using [`AiBrain`].
    Task,
    /// A few milliseconds of work each frame on the main thread (the web build's fallback:
    /// its pool runs on the page's only thread).
    FrameSlices,
    /// The AI's searches in a Web Worker running the engine alone (the web build), falling
    /// back to [`AiExecution::FrameSlices`] where workers fail; analysis and review think in
    /// slices. Off the web the AI's searches run as with [`AiExecution::Task`].
    Worker,
}

impl Default for AiExecution {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            AiExecution::Worker
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
    /// On a thread of its own, at the game's priority (desktop): the async compute pool's
    /// threads are lowered for analysis and reviews (see [`yield_to_frames`]), and a lowered
    /// search lost its promised time to any busy program (the master level's 3 s took 5).
    #[cfg(not(target_arch = "wasm32"))]
    Thread(Option<std::thread::JoinHandle<Option<Pos>>>),
    /// On the async compute pool (the web, where the pool is the page's thread).
    #[cfg(target_arch = "wasm32")]
    Task(Task<Option<Pos>>),
    Slices(Box<Thinking>),
    /// Request `id` to the Web Worker, with what it takes to think here instead if the
    /// worker fails.
    #[cfg(target_arch = "wasm32")]
    Worker {
        id: u64,
        position: EngineBoard,
        rule: Rule,
        level: Level,
    },
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
        #[cfg(target_arch = "wasm32")]
        if let Job::Worker { id, .. } = self.job {
            worker::cancel(id);
        }
    }
}

impl Search {
    /// Starts thinking about `position` with `brain` (or in slices, by `execution`).
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
        #[cfg(target_arch = "wasm32")]
        let execution = match execution {
            AiExecution::Worker => {
                return Search {
                    job: Self::ask_worker(position, rule, level, &stop),
                    stop,
                    hash,
                    started: now,
                    answer: None,
                };
            }
            other => other,
        };
        let job = match execution {
            AiExecution::Task | AiExecution::Worker => {
                let (brain, flag, owned) = (brain.0.clone(), stop.clone(), position.clone());
                let think = move || brain(owned, rule, level, flag);
                #[cfg(not(target_arch = "wasm32"))]
                let job = match std::thread::Builder::new()
                    .name("gomoku-ai".into())
                    .spawn(think)
                {
                    Ok(thread) => Job::Thread(Some(thread)),
                    Err(e) => {
                        warn!("no thread for the AI ({e}): it thinks between frames");
                        Self::slices(position, rule, level, &stop)
                    }
                };
                #[cfg(target_arch = "wasm32")]
                let job = Job::Task(AsyncComputeTaskPool::get().spawn(async move { think() }));
                job
            }
            AiExecution::FrameSlices => Self::slices(position, rule, level, &stop),
        };
        Search {
            job,
            stop,
            hash,
            started: now,
            answer: None,
        }
    }

    /// Thinking in slices on this thread.
    fn slices(position: &EngineBoard, rule: Rule, level: Level, stop: &Arc<AtomicBool>) -> Job {
        let mut rng: SmallRng = rand::make_rng();
        Job::Slices(Box::new(Thinking::start(
            position,
            rule,
            level,
            stop.clone(),
            &mut rng,
        )))
    }

    /// Asks the Web Worker, or thinks in slices if it cannot be asked.
    #[cfg(target_arch = "wasm32")]
    fn ask_worker(position: &EngineBoard, rule: Rule, level: Level, stop: &Arc<AtomicBool>) -> Job {
        let request = gomoku_engine::search::worker::ThinkRequest {
            id: worker::next_id(),
            size: position.size(),
            rule,
            moves: position.moves().to_vec(),
            level,
            seed: {
                use rand::Rng;
                let mut rng: SmallRng = rand::make_rng();
                rng.next_u64()
            },
        };
        match worker::ask(&request) {
            Ok(()) => Job::Worker {
                id: request.id,
                position: position.clone(),
                rule,
                level,
            },
            Err(_) => Self::slices(position, rule, level, stop),
        }
    }

    /// Works on the search (a frame's slice, or a look at the task or the worker); its answer
    /// once it has one: the move, or `None` when there was none.
    pub(super) fn poll(&mut self) -> Option<Option<Pos>> {
        #[cfg(target_arch = "wasm32")]
        if let Job::Worker {
            id,
            position,
            rule,
            level,
        } = &self.job
        {
            match worker::take(*id) {
                Some(answer) if answer.error.is_none() => self.answer = Some(answer.best),
                Some(_) => {}
                None if worker::broken().is_none() => return None,
                None => {}
            }
            if self.answer.is_none() {
                // The worker failed: think here instead.
                self.job = Self::slices(position, *rule, *level, &self.stop);
            }
        }
        if self.answer.is_none() {
            self.answer = match &mut self.job {
                #[cfg(not(target_arch = "wasm32"))]
                Job::Thread(slot) => match slot.take_if(|t| t.is_finished()).map(|t| t.join()) {
                    Some(Ok(answer)) => Some(answer),
                    Some(Err(_)) => {
                        error!("the AI's search failed: it plays no move");
                        Some(None)
                    }
                    None => None,
                },
                #[cfg(target_arch = "wasm32")]
                Job::Task(task) => check_ready(task),
                #[cfg(target_arch = "wasm32")]
                Job::Worker { .. } => None,
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

    /// When it started (app time, seconds).
    pub(super) fn started(&self) -> f64 {
        self.started
    }

    /// Its stop flag.
    pub(super) fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }
}

/// Lowers the priority of the thread a background search runs on (nice 19 on Linux: analysis
/// and reviews), so that on a busy machine the frames (and a software renderer's threads) come
/// first and the search takes the time left over. The async compute pool runs nothing but
/// those searches, so its threads stay lowered (an unprivileged process cannot raise a
/// priority back). The AI's moves keep their priority: they have a time to keep.
pub(crate) fn yield_to_frames() {
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
