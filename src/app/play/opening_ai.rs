//! The AI's opening steps: when the step due is the AI's, the engine's opening AI
//! ([`ai::decide`]) works out its actions on the async compute pool while frames go on, as
//! the search for a move does (`play::ai`). They come back as [`OpeningRequest`]s, one at a
//! time, [`OpeningAiSettings::pace`] apart, so people see the stones go down one by one.
//!
//! A decision belongs to the opening as it stood when it started: when the opening changes
//! under it (undo, restart, a new game) or the game leaves the Playing screen, it is dropped.
//! Where the pool has no thread of its own (the web build) the decision runs on the page's
//! thread; its budget is kept small there.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use rand::RngExt;
use rand::rngs::SmallRng;

use crate::app::{ActiveSetup, AppSystems, GameOpening, OpeningRequest, Screen};
use gomoku_engine::opening::ai::{self, Budget};
use gomoku_engine::opening::{Action, Opening};
use gomoku_engine::search::levels::Level;

/// How long each position the opening AI judges may be searched at each level (1 to 5), in
/// milliseconds. A decision judges from one position (a choice) to a few dozen (offers).
const LEVEL_MS: [u64; 5] = [5, 10, 20, 40, 80];
/// The same on the web, where the decision holds up the page while it runs.
const WEB_LEVEL_MS: [u64; 5] = [5, 5, 5, 10, 10];
/// Seconds each of the AI's opening steps stays on the board before its next one.
const STEP_PACE: f64 = 0.35;

/// How the AI decides its opening steps. Replaceable (tests use a tiny budget, a fixed seed
/// and no pause between steps).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct OpeningAiSettings {
    /// The search budget for each position judged; `None`: from the AI's level.
    pub budget: Option<Budget>,
    /// The seed that varies the openings it proposes; `None`: a new one each decision.
    pub seed: Option<u64>,
    /// Seconds between the AI's steps.
    pub pace: f64,
}

impl Default for OpeningAiSettings {
    fn default() -> Self {
        OpeningAiSettings {
            budget: None,
            seed: None,
            pace: STEP_PACE,
        }
    }
}

impl OpeningAiSettings {
    /// The budget for a decision at `level`.
    pub fn budget_for(&self, level: Level) -> Budget {
        self.budget.unwrap_or_else(|| {
            let table = if cfg!(target_arch = "wasm32") {
                WEB_LEVEL_MS
            } else {
                LEVEL_MS
            };
            let i = usize::from(level.number().clamp(1, Level::MAX)) - 1;
            Budget::Time(Duration::from_millis(table[i]))
        })
    }
}

/// A decision in progress, then its actions as they are handed on.
struct Decision {
    /// The opening as it will stand once the actions handed on so far are taken.
    expects: Opening,
    job: Option<Task<Vec<Action>>>,
    actions: VecDeque<Action>,
    /// When the last action was handed on (app time, seconds).
    last_sent: Option<f64>,
}

/// The AI's opening decision, while it works on one or hands its actions on.
#[derive(Resource, Default)]
pub struct OpeningThinking(Option<Decision>);

impl OpeningThinking {
    /// Whether the AI is deciding (or placing what it decided).
    pub fn is_thinking(&self) -> bool {
        self.0.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpeningAiSettings>()
        .init_resource::<OpeningThinking>()
        .add_systems(Update, hand_on_actions.in_set(AppSystems::Input))
        .add_systems(Update, start_or_drop.in_set(AppSystems::Think))
        .add_systems(OnExit(Screen::Playing), drop_decision);
}

/// Drops a decision that no longer fits the opening, and starts one when the AI is due.
fn start_or_drop(
    screen: Res<State<Screen>>,
    opening: Res<GameOpening>,
    active: Res<ActiveSetup>,
    settings: Res<OpeningAiSettings>,
    mut thinking: ResMut<OpeningThinking>,
) {
    let due = opening
        .running()
        .filter(|play| *screen.get() == Screen::Playing && play.ai_to_act());
    if let Some(decision) = &thinking.0
        && due.is_none_or(|play| play.opening != decision.expects)
    {
        thinking.0 = None;
    }
    let Some(play) = due else { return };
    if thinking.0.is_some() {
        return;
    }
    let budget = settings.budget_for(active.0.level);
    let seed = settings.seed.unwrap_or_else(|| {
        let mut rng: SmallRng = rand::make_rng();
        rng.random()
    });
    let position = play.opening.clone();
    let job = AsyncComputeTaskPool::get().spawn(async move { ai::decide(&position, seed, budget) });
    thinking.0 = Some(Decision {
        expects: play.opening.clone(),
        job: Some(job),
        actions: VecDeque::new(),
        last_sent: None,
    });
}

/// Takes the decision when it is ready and hands its actions on, one each pace.
fn hand_on_actions(
    time: Res<Time>,
    settings: Res<OpeningAiSettings>,
    mut thinking: ResMut<OpeningThinking>,
    mut requests: MessageWriter<OpeningRequest>,
) {
    let Some(decision) = thinking.0.as_mut() else {
        return;
    };
    if let Some(job) = &mut decision.job {
        let Some(actions) = check_ready(job) else {
            return;
        };
        decision.job = None;
        if actions.is_empty() {
            warn!("the AI found no opening step");
        }
        decision.actions = actions.into();
    }
    let now = time.elapsed_secs_f64();
    if decision.last_sent.is_some_and(|t| now - t < settings.pace) {
        return;
    }
    let Some(action) = decision.actions.pop_front() else {
        thinking.0 = None;
        return;
    };
    let Some(actor) = decision.expects.step().map(|s| s.actor) else {
        thinking.0 = None;
        return;
    };
    if let Err(e) = decision.expects.apply(actor, action) {
        warn!("the AI's opening step {action} does not fit: {e}");
        thinking.0 = None;
        return;
    }
    decision.last_sent = Some(now);
    requests.write(OpeningRequest::ai(action));
}

fn drop_decision(mut thinking: ResMut<OpeningThinking>) {
    thinking.0 = None;
}
