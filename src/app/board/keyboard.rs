//! The keys: the arrow keys move a cursor over the board, Enter or Space plays there, Ctrl+Z and
//! Ctrl+Y undo and redo, and Esc goes to the menu (or closes the open window, or goes back to
//! the game from the menu).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::KeyCursor;
use crate::app::{
    ActiveSetup, AppSystems, Board, Dialog, GameCommand, GameOnBoard, GameOpening, Hover, InGame,
    MoveRequest, Screen,
};
use gomoku_engine::Pos;

pub(super) fn plugin(app: &mut App) {
    let keys = resource_exists::<ButtonInput<KeyCode>>;
    app.add_systems(
        Update,
        (
            move_cursor.run_if(
                in_state(Screen::Playing)
                    .or_else(in_state(Screen::Analysis))
                    .or_else(in_state(Screen::Puzzle))
                    .or_else(in_state(Screen::Online)),
            ),
            shortcuts.run_if(
                in_state(InGame)
                    .or_else(in_state(Screen::Analysis))
                    .and_then(in_state(Dialog::None)),
            ),
            close_window.run_if(not(in_state(Dialog::None))),
            escape.run_if(in_state(Dialog::None)),
        )
            .run_if(keys)
            .in_set(AppSystems::Input),
    );
}

fn egui_has_keyboard(egui: &Option<Res<EguiWantsInput>>) -> bool {
    egui.as_ref().is_some_and(|w| w.wants_any_keyboard_input())
}

/// The arrow keys move the cursor (the first press moves it from the last move, or the centre,
/// so every press moves); Enter or Space asks to play there, or without a cursor shows it on
/// the last move or the centre.
fn move_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    screen: Res<State<Screen>>,
    mut cursor: ResMut<KeyCursor>,
    mut hover: ResMut<Hover>,
    mut requests: MessageWriter<MoveRequest>,
) {
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
    // On analysis mode's side line a person plays both sides; online, the server says whose
    // turn it is (and the online game hides the cursor's ghost out of turn).
    let analysing = matches!(
        screen.get(),
        Screen::Analysis | Screen::Puzzle | Screen::Online
    );
    let person_to_move =
        !board.outcome().is_over() && (analysing || !active.0.mode.ai_plays(board.to_move()));
    if moved {
        let legal = cursor.0.filter(|&p| match opening.running() {
            Some(play) if !analysing => play.person_may_click(p),
            _ => person_to_move && board.board().is_empty_at(p),
        });
        hover.set_if_neq(Hover(legal));
    }
}

/// Esc with a window open closes it.
fn close_window(keys: Res<ButtonInput<KeyCode>>, mut dialog: ResMut<NextState<Dialog>>) {
    if keys.just_pressed(KeyCode::Escape) {
        dialog.set(Dialog::None);
    }
}

/// Esc with no window open: from a game (or a replay) to the menu; from the menu back to the
/// game.
fn escape(
    keys: Res<ButtonInput<KeyCode>>,
    board: Res<Board>,
    on_board: Res<GameOnBoard>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    match screen.get() {
        Screen::Playing | Screen::GameOver | Screen::Replay | Screen::Puzzle | Screen::Lobby => {
            next.set(Screen::Menu)
        }
        // An online game goes back to the lobby (the seat stays the player's).
        Screen::Online => next.set(Screen::Lobby),
        // Analysis mode goes back to the game itself (`analysis`), a past position too
        // (`play::look_back`).
        Screen::Analysis | Screen::PastPosition => {}
        Screen::Menu => {
            if let Some(back) = on_board.back_to(&board.0) {
                next.set(back);
            }
        }
    }
}

/// Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes.
fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut commands: MessageWriter<GameCommand>,
) {
    if egui_has_keyboard(&egui) {
        return;
    }
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if !ctrl {
        return;
    }
    if keys.just_pressed(KeyCode::KeyY) || (shift && keys.just_pressed(KeyCode::KeyZ)) {
        commands.write(GameCommand::Redo);
    } else if keys.just_pressed(KeyCode::KeyZ) {
        commands.write(GameCommand::Undo);
    }
}
