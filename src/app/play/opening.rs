//! The opening's steps: applies [`OpeningRequest`]s (a person's points and buttons, routed
//! clicks from `turn`, the AI's decisions) through the engine's opening, shows its stones on
//! the board, says what happened and what is due, and once it is over hands the game on: the
//! board holds the opening's position and the players take the colours it gave them.
//!
//! `turn` owns the rest of the game's course; like it, this is a place where the board changes
//! (the opening's stones), after `turn` has routed this frame's clicks.

use bevy::prelude::*;

use super::turn;
use crate::app::i18n::{Lang, fill, opening};
use crate::app::{
    ActiveSetup, AppSystems, Board, GameOpening, GamePlayers, MoveRefused, MoveSource,
    OpeningRequest, Refusal, StatusLine, StonePlaced,
};
use gomoku_engine::opening::{Action, OpeningError};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        apply_opening_requests
            .after(turn::apply_move_requests)
            .before(turn::follow_outcome)
            .in_set(AppSystems::ApplyMoves),
    );
}

/// The point an action is played on, if it has one.
fn point_of(action: Action) -> Option<gomoku_engine::Pos> {
    match action {
        Action::Place(p) | Action::Pick(p) => Some(p),
        Action::Choose(_) | Action::Declare(_) => None,
    }
}

/// Takes the requested steps, each for the player the request acts for; a refused step
/// changes nothing and says why on the status line.
fn apply_opening_requests(
    mut world: Commands,
    mut requests: MessageReader<OpeningRequest>,
    lang: Res<Lang>,
    mut game_opening: ResMut<GameOpening>,
    mut board: ResMut<Board>,
    mut active: ResMut<ActiveSetup>,
    mut players: ResMut<GamePlayers>,
    mut status: ResMut<StatusLine>,
) {
    for &OpeningRequest { action, from } in requests.read() {
        let Some(play) = game_opening.0.as_mut().filter(|p| p.is_running()) else {
            continue;
        };
        let refuse = |world: &mut Commands, why: Refusal| {
            if let Some(at) = point_of(action) {
                world.trigger(MoveRefused { at, why });
            }
        };
        let Some(actor) = play.actor_for(from) else {
            // The AI's answer for a step that is no longer its own is simply dropped.
            if from == MoveSource::Person
                && let Some(step) = play.step()
            {
                let e = OpeningError::OutOfTurn {
                    got: step.actor.other(),
                    step,
                };
                status.0 = opening::error_text(&e, play, *lang);
                refuse(&mut world, Refusal::NotYourTurn);
            }
            continue;
        };
        let seated = play.swap_players(*players);
        if let Err(e) = play.opening.apply(actor, action) {
            if from == MoveSource::Ai {
                warn!("the AI's opening step {action} was refused: {e}");
            }
            status.0 = opening::error_text(&e, play, *lang);
            let why = match e {
                OpeningError::OutOfTurn { .. } => Refusal::NotYourTurn,
                _ => Refusal::Opening,
            };
            refuse(&mut world, why);
            continue;
        }
        board.0 = play.game();
        if let Some(at) = point_of(action)
            && let Some(stone) = board.0.board().get(at)
        {
            world.trigger(StonePlaced {
                at,
                stone,
                redone: false,
            });
        }
        status.0 = opening::after_step_text(play, *lang);
        if !play.is_running() {
            // The opening is over: the colours are decided and the game goes on.
            active.0.mode = play.playing_mode();
            *players = play.swap_players(seated);
            let next = turn::describe(&board.0, active.0.mode, None, *lang);
            status.0 = fill(
                lang.t("{opening} {next}"),
                &[("opening", &status.0), ("next", &next)],
            );
        }
    }
}
