//! Looking back at the game on the board: [`LookBack`] requests (a click in the move list, the
//! banner's button, the keys) open a past position on the [`Screen::PastPosition`] screen,
//! step through the game there, and go back to it. The turn plugin shows the position; here
//! only the request is followed. Going back: Esc, the banner's button, or the game's last
//! move in the list (or stepping past the last position shown).
//!
//! Keys on a past position: Left and Right step a move, Home and End go to the start and back
//! to the game, Esc goes back to the game.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::app::{
    AppSystems, Board, Dialog, GameOpening, InGame, LookBack, PastPosition, ReplayStep, Screen,
};

/// Asks to show the position after this many moves once the game is on screen
/// (`--past-move N`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenPastMove(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            open_past_move.run_if(in_state(InGame).and_then(resource_exists::<OpenPastMove>)),
            past_position_keys.run_if(
                in_state(Screen::PastPosition)
                    .and_then(in_state(Dialog::None))
                    .and_then(resource_exists::<ButtonInput<KeyCode>>),
            ),
            look_back.run_if(in_state(InGame).or_else(in_state(Screen::PastPosition))),
        )
            .chain()
            .in_set(AppSystems::Input),
    );
}

/// Follows the requests: from the game, a past position opens; on one, the position changes or
/// the game comes back.
fn look_back(
    mut commands: Commands,
    mut looks: MessageReader<LookBack>,
    board: Res<Board>,
    opening: Res<GameOpening>,
    screen: Res<State<Screen>>,
    past: Option<ResMut<PastPosition>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let screen = *screen.get();
    let mut past = past.filter(|_| screen == Screen::PastPosition);
    for &look in looks.read() {
        match past.as_mut() {
            Some(past) => match past.target(look) {
                Some(at) if past.at != at => past.at = at,
                Some(_) => {}
                None => next.set(past.back_to),
            },
            None => {
                // The opening's stones are not moves to look back at until it is over.
                if opening.running().is_some() {
                    continue;
                }
                let moves = board.board().moves().to_vec();
                let at = match look {
                    LookBack::Show(at) => at,
                    LookBack::Step(ReplayStep::Back) => moves.len().saturating_sub(1),
                    LookBack::Step(ReplayStep::First) => 0,
                    LookBack::Step(_) | LookBack::Return => continue,
                };
                if at >= moves.len() {
                    // The game's own position: it is on the board already.
                    continue;
                }
                commands.insert_resource(PastPosition {
                    moves,
                    at,
                    back_to: screen,
                });
                next.set(Screen::PastPosition);
                // One past position at a time: the rest waits for the screen.
                break;
            }
        }
    }
}

/// `--past-move N`: the move list's click on move N, once. A finished game first goes to its
/// end's screen (a click there comes back to it), so the request waits for it.
fn open_past_move(
    mut commands: Commands,
    open: Res<OpenPastMove>,
    board: Res<Board>,
    screen: Res<State<Screen>>,
    mut looks: MessageWriter<LookBack>,
) {
    if board.outcome().is_over() && *screen.get() != Screen::GameOver {
        return;
    }
    looks.write(LookBack::Show(open.0));
    commands.remove_resource::<OpenPastMove>();
}

/// The keys on a past position.
fn past_position_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut looks: MessageWriter<LookBack>,
) {
    if egui.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    let steps = [
        (KeyCode::ArrowLeft, LookBack::Step(ReplayStep::Back)),
        (KeyCode::ArrowRight, LookBack::Step(ReplayStep::Forward)),
        (KeyCode::Home, LookBack::Step(ReplayStep::First)),
        (KeyCode::End, LookBack::Step(ReplayStep::Last)),
        (KeyCode::Escape, LookBack::Return),
    ];
    for (key, look) in steps {
        if keys.just_pressed(key) {
            looks.write(look);
        }
    }
}
