//! The pointer: the intersection under it (for the ghost stone), and clicks and taps as move
//! requests. The keys are in `keyboard`.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::layout::window_to_world;
use super::{BoardLayout, PointerSystems};
use crate::app::{ActiveSetup, AppSystems, Board, GameOpening, Hover, MoveRequest, Screen};

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

/// Finds the intersection under the pointer, if a person may play there now.
fn track_pointer(
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    egui: Option<Res<EguiWantsInput>>,
    screen: Res<State<Screen>>,
    mut hover: ResMut<Hover>,
    mut last_cursor: Local<Option<Vec2>>,
) {
    // Only a moving pointer takes the ghost over from the keyboard cursor.
    let cursor = windows.single().ok().and_then(|w| w.cursor_position());
    if cursor == *last_cursor && !board.is_changed() && !opening.is_changed() {
        return;
    }
    *last_cursor = cursor;
    // On analysis mode's side line a person plays both sides.
    // Online, the server says whose turn it is (and refuses a move out of turn).
    let analysing = matches!(
        screen.get(),
        Screen::Analysis | Screen::Puzzle | Screen::Online
    );
    let person_to_move = analysing || !active.0.mode.ai_plays(board.to_move());
    let point = windows.single().ok().and_then(|w| {
        let cursor = w.cursor_position()?;
        layout.pick(window_to_world(cursor, w.size()))
    });
    let legal = point.filter(|&p| {
        let free = match opening.running() {
            Some(play) if !analysing => play.person_may_click(p),
            _ => person_to_move && board.board().is_empty_at(p) && !board.outcome().is_over(),
        };
        free && !egui_has_pointer(&egui)
    });
    hover.set_if_neq(Hover(legal));
}

/// A left click (or a tap) on the board requests that move for the person to move.
fn click_to_request(
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Option<Res<Touches>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    egui: Option<Res<EguiWantsInput>>,
    mut requests: MessageWriter<MoveRequest>,
) {
    if egui_has_pointer(&egui) {
        return;
    }
    let Ok(window) = windows.single() else { return };
    let mut request = |screen_pos: Vec2| {
        if let Some(p) = layout.pick(window_to_world(screen_pos, window.size())) {
            requests.write(MoveRequest::person(p));
        }
    };
    if mouse.just_pressed(MouseButton::Left)
        && let Some(cursor) = window.cursor_position()
    {
        request(cursor);
    }
    if let Some(touches) = touches {
        for touch in touches.iter_just_released() {
            request(touch.position());
        }
    }
}

fn clear_hover(mut hover: ResMut<Hover>) {
    hover.set_if_neq(Hover(None));
}
