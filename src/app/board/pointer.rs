//! The pointer: the intersection under it (for the ghost stone), and clicks and taps as move
//! requests. With the "tap twice" setting a tap only shows the stone, and a second tap on the
//! same point plays it. The keys are in `keyboard`.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::layout::window_to_world;
use super::{BoardLayout, PointerSystems};
use crate::app::{
    ActiveSetup, AppSystems, Board, GameOpening, Hover, MoveRequest, Screen, UserSettings,
};
use gomoku_engine::Pos;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_pointer, click_to_request)
            .chain()
            .in_set(AppSystems::Input)
            .in_set(PointerSystems)
            .run_if(
                resource_exists::<BoardLayout>.and_then(
                    in_state(Screen::Playing)
                        .or_else(in_state(Screen::Analysis))
                        .or_else(in_state(Screen::Puzzle))
                        .or_else(in_state(Screen::Online)),
                ),
            ),
    )
    .add_systems(OnExit(Screen::Playing), clear_hover)
    .add_systems(OnExit(Screen::Analysis), clear_hover)
    .add_systems(OnExit(Screen::Puzzle), clear_hover)
    .add_systems(OnExit(Screen::Online), clear_hover);
}

/// Whether egui (a menu or a button) is using the pointer.
fn egui_has_pointer(wants: &Option<Res<EguiWantsInput>>) -> bool {
    wants.as_ref().is_some_and(|w| w.wants_any_pointer_input())
}

/// Who may play where now: the game, the set-up, the opening and the screen.
#[derive(SystemParam)]
struct PlayGate<'w> {
    board: Res<'w, Board>,
    active: Res<'w, ActiveSetup>,
    opening: Res<'w, GameOpening>,
    screen: Res<'w, State<Screen>>,
}

impl PlayGate<'_> {
    /// Whether the person may put a stone on `p` now (the rules may still refuse it).
    fn allows(&self, p: Pos) -> bool {
        // On analysis mode's side line a person plays both sides. Online, the server says
        // whose turn it is (and refuses a move out of turn).
        let analysing = matches!(
            self.screen.get(),
            Screen::Analysis | Screen::Puzzle | Screen::Online
        );
        let board = &self.board;
        let person_to_move = analysing || !self.active.0.mode.ai_plays(board.to_move());
        match self.opening.running() {
            Some(play) if !analysing => play.person_may_click(p),
            _ => person_to_move && board.board().is_empty_at(p) && !board.outcome().is_over(),
        }
    }
}

/// Finds the intersection under the pointer, if a person may play there now.
fn track_pointer(
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    gate: PlayGate,
    egui: Option<Res<EguiWantsInput>>,
    mut hover: ResMut<Hover>,
    mut last_cursor: Local<Option<Vec2>>,
) {
    // Only a moving pointer takes the ghost over from the keyboard cursor.
    let cursor = windows.single().ok().and_then(|w| w.cursor_position());
    if cursor == *last_cursor && !gate.board.is_changed() && !gate.opening.is_changed() {
        return;
    }
    *last_cursor = cursor;
    let point = windows.single().ok().and_then(|w| {
        let cursor = w.cursor_position()?;
        layout.pick(window_to_world(cursor, w.size()))
    });
    let legal = point.filter(|&p| gate.allows(p) && !egui_has_pointer(&egui));
    hover.set_if_neq(Hover(legal));
}

/// A left click on the board requests that move for the person to move. So does a tap, or,
/// with the "tap twice" setting, a second tap on the point the first one showed.
#[allow(clippy::too_many_arguments)]
fn click_to_request(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    egui: Option<Res<EguiWantsInput>>,
    settings: Option<Res<UserSettings>>,
    gate: PlayGate,
    mut hover: ResMut<Hover>,
    mut shown: Local<Option<Pos>>,
    mut requests: MessageWriter<MoveRequest>,
) {
    // A move, an undo or a new game forgets the stone the last tap showed.
    if gate.board.is_changed() || gate.opening.is_changed() {
        *shown = None;
    }
    if egui_has_pointer(&egui) {
        return;
    }
    let Ok(window) = windows.single() else { return };
    let pick = |screen_pos: Vec2| layout.pick(window_to_world(screen_pos, window.size()));
    if mouse.is_some_and(|m| m.just_pressed(MouseButton::Left))
        && let Some(p) = window.cursor_position().and_then(pick)
    {
        *shown = None;
        requests.write(MoveRequest::person(p));
    }
    let Some(touches) = touches else { return };
    let tap_twice = settings.is_some_and(|s| s.tap_twice);
    for p in touches
        .iter_just_released()
        .filter_map(|t| pick(t.position()))
    {
        if tap_twice && *shown != Some(p) {
            let allowed = gate.allows(p);
            *shown = allowed.then_some(p);
            hover.set_if_neq(Hover(*shown));
            continue;
        }
        *shown = None;
        requests.write(MoveRequest::person(p));
    }
}

fn clear_hover(mut hover: ResMut<Hover>) {
    hover.set_if_neq(Hover(None));
}
