//! The hint: when the player asks for it in the settings, the engine also thinks on the
//! person's turn against the AI and the board shows the move it would play. It runs like the
//! AI (a task, or frame slices on the web) and never delays the person's move.

use bevy::prelude::*;

use super::{AiBrain, AiExecution, Search};
use crate::app::{ActiveSetup, AppSystems, Board, GameOpening, Mode, Screen, UserSettings};
use gomoku_engine::Pos;
use gomoku_engine::search::levels::Level;

/// The level the hint thinks at.
const HINT_LEVEL: u8 = 4;

/// The AI's suggested move for the person to move, when there is one.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HintMove(pub Option<Pos>);

/// The search behind the hint, while it runs.
#[derive(Resource, Default)]
pub struct HintSearch(Option<Search>);

impl HintSearch {
    /// Whether a hint is being searched for.
    pub fn is_searching(&self) -> bool {
        self.0.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HintMove>()
        .init_resource::<HintSearch>()
        .add_systems(Update, think_about_hint.in_set(AppSystems::Think));
}

fn wanted(
    settings: Option<&UserSettings>,
    active: &ActiveSetup,
    opening: &GameOpening,
    board: &Board,
) -> bool {
    let Mode::VsAi { human } = active.0.mode else {
        return false;
    };
    if opening.running().is_some() {
        return false;
    }
    settings.is_some_and(|s| s.hint) && !board.outcome().is_over() && board.to_move() == human
}

fn think_about_hint(
    time: Res<Time>,
    settings: Option<Res<UserSettings>>,
    screen: Res<State<Screen>>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    board: Res<Board>,
    brain: Res<AiBrain>,
    execution: Res<AiExecution>,
    mut search: ResMut<HintSearch>,
    mut hint: ResMut<HintMove>,
    mut answered: Local<Option<u64>>,
) {
    let hash = board.board().hash();
    let want =
        *screen.get() == Screen::Playing && wanted(settings.as_deref(), &active, &opening, &board);
    if !want || answered.is_some_and(|h| h != hash) {
        hint.set_if_neq(HintMove(None));
        *answered = None;
    }
    if search.0.as_ref().is_some_and(|s| !want || s.hash() != hash) {
        search.0 = None;
    }
    if !want || *answered == Some(hash) {
        return;
    }
    let s = search.0.get_or_insert_with(|| {
        Search::start(
            board.board(),
            board.rule(),
            Level::new(HINT_LEVEL),
            &brain,
            *execution,
            time.elapsed_secs_f64(),
        )
    });
    if let Some(answer) = s.poll() {
        search.0 = None;
        *answered = Some(hash);
        hint.set_if_neq(HintMove(answer));
    }
}
