//! Keyboard play: the arrow keys move a cursor over the board, Enter or Space plays there, and
//! Esc goes to the menu (or closes the open window, or goes back to the game from the menu).
//! Ctrl+Z / Ctrl+Y are in `input`.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::menu::Dialog;
use super::turn::{ActiveSetup, GameOnBoard};
use super::{AppSystems, Board, Hover, MoveRequest, Screen};
use crate::engine::Pos;

/// Where the keyboard cursor is, once an arrow key has been pressed.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeyCursor(pub Option<Pos>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyCursor>().add_systems(
        Update,
        (move_cursor.run_if(in_state(Screen::Playing)), escape).in_set(AppSystems::Input),
    );
}

fn egui_has_keyboard(egui: &Option<Res<EguiWantsInput>>) -> bool {
    egui.as_ref().is_some_and(|w| w.wants_any_keyboard_input())
}

/// The arrow keys move the cursor (the first press moves it from the last move, or the centre,
/// so every press moves); Enter or Space asks to play there, or without a cursor shows it on
/// the last move or the centre.
fn move_cursor(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    mut cursor: ResMut<KeyCursor>,
    mut hover: ResMut<Hover>,
    mut requests: MessageWriter<MoveRequest>,
) {
    let Some(keys) = keys else { return };
    if egui_has_keyboard(&egui) {
        return;
    }
    let size = board.board().size();
    let steps = [
        (KeyCode::ArrowLeft, (-1, 0)),
        (KeyCode::ArrowRight, (1, 0)),
        (KeyCode::ArrowUp, (0, -1)),
        (KeyCode::ArrowDown, (0, 1)),
    ];
    let start = || {
        board
            .board()
            .last_move()
            .unwrap_or_else(|| board.board().center())
    };
    let mut moved = false;
    for (key, (dx, dy)) in steps {
        if !keys.just_pressed(key) {
            continue;
        }
        moved = true;
        let p = cursor
            .0
            .filter(|p| p.x < size && p.y < size)
            .unwrap_or_else(start);
        cursor.0 = Some(Pos::new(
            (p.x as i32 + dx).clamp(0, size as i32 - 1) as u8,
            (p.y as i32 + dy).clamp(0, size as i32 - 1) as u8,
        ));
    }
    let play = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]);
    if play && cursor.0.is_none() {
        // Nothing to play yet: show where the cursor starts.
        cursor.0 = Some(start());
        moved = true;
    } else if play && let Some(p) = cursor.0 {
        requests.write(MoveRequest::person(p));
    }
    let person_to_move = !board.outcome().is_over() && !active.0.mode.ai_plays(board.to_move());
    if moved {
        let legal = cursor
            .0
            .filter(|&p| person_to_move && board.board().is_empty_at(p));
        hover.set_if_neq(Hover(legal));
    }
}

/// Esc: close the open window; else from a game (or a replay) to the menu; else from the menu
/// back to the game.
fn escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    board: Res<Board>,
    on_board: Res<GameOnBoard>,
    screen: Res<State<Screen>>,
    dialog: Option<Res<State<Dialog>>>,
    mut next_dialog: Option<ResMut<NextState<Dialog>>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(keys) = keys else { return };
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    if let (Some(dialog), Some(next_dialog)) = (dialog, next_dialog.as_mut())
        && *dialog.get() != Dialog::None
    {
        next_dialog.set(Dialog::None);
        return;
    }
    match screen.get() {
        Screen::Playing | Screen::GameOver | Screen::Replay => next.set(Screen::Menu),
        Screen::Menu => {
            if let Some(back) = on_board.back_to(&board.0) {
                next.set(back);
            }
        }
    }
}
