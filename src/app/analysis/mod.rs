//! Analysis mode: the engine searches the position shown, on and on, while the player looks
//! ([`search`]); the board shows the three best moves with their values and the expected line
//! as numbered translucent stones ([`marks`]); the panel beside it shows the win-probability
//! bar, the lines and a forced win when the solvers prove one ([`panel`]). Moves played
//! meanwhile form a side line (see [`SideLine`]); one click, `A` or Esc goes back.
//!
//! Game review ([`review`], shown by [`review_part`] in the replay panel): every move of a
//! game marked by the engine in the background, with a graph and a summary per player.
//!
//! Puzzles ([`puzzles`], shown by [`puzzle_panel`]): find the forced win, from the built-in
//! set or the player's own missed wins.
//!
//! Here: switching analysis mode on and off ([`AnalysisCommand`], the `A` and Esc keys).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::app::{
    AnalysisCommand, AppSystems, Board, Dialog, GameOpening, Replay, Screen, SideLine,
    can_analyse_from,
};

pub mod marks;
pub mod panel;
pub mod puzzle_marks;
pub mod puzzle_panel;
pub mod puzzles;
pub mod review;
pub mod review_part;
pub mod search;

pub use search::{AnalysisRun, AnalysisShown};

/// Asks to open analysis mode once the game (or the replay) is on screen (`--analyse`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OpenAnalysis;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((search::plugin, review::plugin, puzzles::plugin))
        .add_systems(
            Update,
            open_at_start
                .run_if(resource_exists::<OpenAnalysis>)
                .in_set(AppSystems::Input)
                .before(switch),
        )
        .add_systems(
            Update,
            (
                keys.run_if(
                    resource_exists::<ButtonInput<KeyCode>>.and_then(in_state(Dialog::None)),
                ),
                switch,
            )
                .chain()
                .in_set(AppSystems::Input),
        );
    // Sprites and egui need a renderer; headless tests run without one.
    if super::has_renderer(app) {
        app.add_plugins((
            marks::plugin,
            panel::plugin,
            puzzle_panel::plugin,
            puzzle_marks::plugin,
        ));
    }
}

/// Opens analysis mode as soon as a game or a replay is on screen.
fn open_at_start(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    mut requests: MessageWriter<AnalysisCommand>,
) {
    if can_analyse_from(*screen.get()) {
        commands.remove_resource::<OpenAnalysis>();
        requests.write(AnalysisCommand::Toggle);
    }
}

/// `A` switches analysis mode on and off; Esc leaves it.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    screen: Res<State<Screen>>,
    mut commands: MessageWriter<AnalysisCommand>,
) {
    if egui.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyA) {
        commands.write(AnalysisCommand::Toggle);
    } else if keys.just_pressed(KeyCode::Escape) && *screen.get() == Screen::Analysis {
        commands.write(AnalysisCommand::Leave);
    }
}

/// Goes into analysis mode from a game or a replay (not during an opening, whose colours are
/// not settled), and back to where it came from.
fn switch(
    mut commands: Commands,
    mut requests: MessageReader<AnalysisCommand>,
    screen: Res<State<Screen>>,
    board: Res<Board>,
    opening: Res<GameOpening>,
    side_line: Option<Res<SideLine>>,
    mut replay: Option<ResMut<Replay>>,
    mut next: ResMut<NextState<Screen>>,
) {
    for request in requests.read() {
        let current = *screen.get();
        let on = current == Screen::Analysis;
        match (request, on) {
            (AnalysisCommand::Toggle, false) => {
                let from_game = current != Screen::Replay;
                if !can_analyse_from(current) || (from_game && opening.running().is_some()) {
                    continue;
                }
                commands.insert_resource(SideLine {
                    back_to: current,
                    start: board.0.clone(),
                });
                next.set(Screen::Analysis);
            }
            (AnalysisCommand::Toggle | AnalysisCommand::Leave, true) => {
                let back_to = side_line.as_ref().map_or(Screen::Playing, |s| s.back_to);
                if back_to == Screen::Replay
                    && let Some(replay) = replay.as_mut()
                {
                    // The replay viewer shows its move again once the game is put back.
                    replay.set_changed();
                }
                next.set(back_to);
            }
            (AnalysisCommand::Leave, false) => {}
        }
        // One switch a frame: the state changes at the end of it.
        break;
    }
}
