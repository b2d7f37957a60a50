//! The replay viewer: step through a recorded game (buttons, a slider, and the keyboard: Left,
//! Right, Home, End), and "Continue from here" to play on from any position. A game that began
//! with an opening rule lists the opening's steps above the moves. Its review is in the same
//! panel (drawn by [`replay_panel`](super::replay_panel)).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::replay_panel::{ReplayAsk, show_replay_panel};
use crate::app::analysis::review::GameReview;
use crate::app::analysis::review_part::ReviewShown;
use crate::app::board::BoardLayout;
use crate::app::i18n::Lang;
use crate::app::theme::UiSystems;
use crate::app::{
    AnalysisCommand, AppSystems, GameCommand, GameHistory, GameSetup, OpenNewestReplay, Replay,
    ReplayStep as Step, ReviewRequest, Screen,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        replay_panel
            .run_if(in_state(Screen::Replay).and_then(resource_exists::<Replay>))
            .in_set(UiSystems::Windows),
    )
    .add_systems(
        Update,
        open_newest.run_if(resource_exists::<OpenNewestReplay>),
    )
    .add_systems(
        Update,
        replay_keys
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Replay).and_then(resource_exists::<Replay>)),
    );
}

/// Opens the newest readable saved game in the replay viewer, at its end.
fn open_newest(
    mut commands: Commands,
    history: Res<GameHistory>,
    mut next: ResMut<NextState<Screen>>,
) {
    commands.remove_resource::<OpenNewestReplay>();
    let newest = (0..history.len())
        .rev()
        .find_map(|i| history.game(i).and_then(Result::ok));
    match newest {
        Some(record) => {
            let at = record.moves.len();
            commands.insert_resource(Replay { record, at });
            next.set(Screen::Replay);
        }
        None => warn!("--replay: there is no saved game to replay"),
    }
}

fn replay_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut replay: ResMut<Replay>,
) {
    let Some(keys) = keys else { return };
    if egui.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    let steps = [
        (KeyCode::ArrowLeft, Step::Back),
        (KeyCode::ArrowRight, Step::Forward),
        (KeyCode::Home, Step::First),
        (KeyCode::End, Step::Last),
        (KeyCode::ArrowUp, Step::First),
        (KeyCode::ArrowDown, Step::Last),
    ];
    let n = replay.record.moves.len();
    let at = steps
        .into_iter()
        .filter(|(key, _)| keys.just_pressed(*key))
        .fold(replay.at, |at, (_, step)| step.apply(at, n));
    // Only a step that moves changes the replay (the board is set up again on a change).
    if at != replay.at {
        replay.at = at;
    }
}

/// The replay panel. It works on a copy of the moves shown and changes the replay only when
/// they change: the replay handed on as `&mut` would be marked changed every frame, and the
/// board set up again every frame (the winning five's glow starting over, never lit).
fn replay_panel(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    history: Res<GameHistory>,
    review: Res<GameReview>,
    layout: Option<Res<BoardLayout>>,
    mut replay: ResMut<Replay>,
    mut setup: ResMut<GameSetup>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
    mut analysis: MessageWriter<AnalysisCommand>,
    mut reviews: MessageWriter<ReviewRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut at = replay.at;
    let shown = ReviewShown::of(&history, &review, &replay.record);
    let asks = show_replay_panel(
        ctx,
        *lang,
        layout.as_deref(),
        &replay.record,
        &mut at,
        shown,
    );
    if at != replay.at {
        replay.at = at;
    }
    for ask in asks {
        match ask {
            ReplayAsk::Continue => {
                *setup = replay.continue_setup(&setup);
                commands.write(GameCommand::NewGame);
            }
            ReplayAsk::Analyse => {
                analysis.write(AnalysisCommand::Toggle);
            }
            ReplayAsk::Close => next.set(Screen::Menu),
            ReplayAsk::Review(request) => {
                reviews.write(request);
            }
        }
    }
    Ok(())
}
