//! The AI player: when the AI is to move, the engine thinks on the async compute pool while
//! frames go on; its move comes back as a [`MoveRequest`], the same path a click takes.
//!
//! Where the pool has no thread of its own (the web build), the engine thinks in slices
//! instead: each frame does a few milliseconds of the search ([`AiExecution::FrameSlices`]).
//!
//! A search belongs to the position it started on: when the board changes under it (undo,
//! restart, a new game), the mode changes, or the game leaves the Playing screen, it is
//! cancelled (its stop flag is raised and the task dropped). While the game's opening runs
//! the AI takes its steps instead (`opening_ai`). In a timed game it thinks within a share
//! of the time its clock has left (`clock`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bevy::prelude::*;

use super::clock::level_on_the_clock;
use super::{AiBrain, AiExecution, Search};
use crate::app::{
    ActiveSetup, AppSystems, Board, GameClock, GameOpening, Mode, MoveRequest, Screen, UserSettings,
};
use crate::players::settings::MAX_MASTER_SECS;
use gomoku_engine::search::levels::Level;

/// When the AI plays itself, each move stays on the board at least this long (seconds) before
/// the next, so people can follow the game.
const AI_VS_AI_PACE: f64 = 0.6;

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
        self.0.as_ref().map(Search::stop_flag)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>()
        .add_systems(Update, poll_search.in_set(AppSystems::Input))
        .add_systems(Update, start_or_cancel.in_set(AppSystems::Think))
        .add_systems(OnExit(Screen::Playing), cancel);
}

/// Whether the AI is to play a move (in the opening its steps are `opening_ai`'s).
fn ai_to_move(board: &Board, active: &ActiveSetup, opening: &GameOpening) -> bool {
    opening.running().is_none()
        && !board.outcome().is_over()
        && active.0.mode.ai_plays(board.to_move())
}

/// Cancels a search that no longer fits the game, and starts one when the AI is to move.
fn start_or_cancel(
    time: Res<Time>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    brain: Res<AiBrain>,
    execution: Res<AiExecution>,
    screen: Res<State<Screen>>,
    settings: Option<Res<UserSettings>>,
    clock: Res<GameClock>,
    mut thinking: ResMut<AiThinking>,
) {
    let wanted = *screen.get() == Screen::Playing && ai_to_move(&board, &active, &opening);
    let hash = board.board().hash();
    if let Some(search) = &thinking.0
        && (!wanted || search.hash() != hash)
    {
        thinking.0 = None;
    }
    if !wanted || thinking.0.is_some() {
        return;
    }
    // In a timed game, within its share of the time it has left.
    let level = level_on_the_clock(
        timed_level(active.0.level, settings.as_deref()),
        &clock,
        board.to_move(),
        board.board().stone_count(),
    );
    thinking.0 = Some(Search::start(
        board.board(),
        board.rule(),
        level,
        &brain,
        *execution,
        time.elapsed_secs_f64(),
    ));
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
        active.0.mode == Mode::AiVsAi && time.elapsed_secs_f64() - search.started() < AI_VS_AI_PACE;
    if pacing {
        return;
    }
    let still_current = search.hash() == board.board().hash();
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
