//! Turns: applies move requests and game commands through the rules, says what happened, and
//! moves between the Playing and GameOver screens.

use bevy::prelude::*;

use super::{AppSystems, Board, GameCommand, GameSetup, Mode, MoveRequest, MoveSource, Screen};
use crate::engine::{Game, MoveError, Outcome, Pos, Stone};

/// What the status line shows: whose turn it is and what just happened.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusLine(pub String);

/// The result of the last move request, for the view, the sounds and the tests.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub enum MoveOutcome {
    /// Nothing requested yet.
    #[default]
    None,
    /// The move was played.
    Played(Pos),
    /// The move was refused by the rules.
    Refused(Pos, MoveError),
    /// A person clicked while the AI is to move.
    NotYourTurn(Pos),
}

/// The setup the current game was started with (the menu may already show another).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ActiveSetup(pub GameSetup);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Board>()
        .init_resource::<StatusLine>()
        .init_resource::<MoveOutcome>()
        .init_resource::<ActiveSetup>()
        .add_systems(Startup, start_from_setup)
        .add_systems(
            Update,
            (
                apply_commands,
                apply_move_requests.run_if(in_state(Screen::Playing)),
                follow_outcome,
                log_status.run_if(resource_changed::<StatusLine>),
            )
                .chain()
                .in_set(AppSystems::ApplyMoves),
        );
}

/// Builds a game from a setup, playing its opening moves; a refused opening move is reported
/// and the game starts from the moves before it.
fn game_from_setup(setup: &GameSetup) -> Game {
    let mut game = Game::with_size(setup.size, setup.rule, setup.policy).unwrap_or_default();
    for (i, &p) in setup.moves.iter().enumerate() {
        if let Err(e) = game.play(p) {
            error!(
                "opening move {} ({}) refused: {e}",
                i + 1,
                p.to_notation(game.board().size())
            );
            break;
        }
    }
    game
}

fn start_from_setup(
    setup: Res<GameSetup>,
    mut active: ResMut<ActiveSetup>,
    mut board: ResMut<Board>,
    mut status: ResMut<StatusLine>,
) {
    active.0 = setup.clone();
    board.0 = game_from_setup(&setup);
    status.0 = describe(&board.0, setup.mode, None);
}

fn apply_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut board: ResMut<Board>,
    active: Res<ActiveSetup>,
    mut status: ResMut<StatusLine>,
    mut outcome: ResMut<MoveOutcome>,
) {
    for &MoveRequest { at: p, from } in requests.read() {
        let mover = board.0.to_move();
        let ai_to_move = active.0.mode.ai_plays(mover) && !board.0.outcome().is_over();
        if from == MoveSource::Person && ai_to_move {
            *outcome = MoveOutcome::NotYourTurn(p);
            continue;
        }
        match board.0.play(p) {
            Ok(_) => {
                *outcome = MoveOutcome::Played(p);
                status.0 = describe(&board.0, active.0.mode, Some((mover, p)));
            }
            Err(e) => {
                *outcome = MoveOutcome::Refused(p, e);
                if let MoveError::Forbidden(_, kind) = e {
                    let at = p.to_notation(board.0.board().size());
                    status.0 = format!("{at} is forbidden for Black: {kind}");
                }
            }
        }
    }
}

fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    setup: Res<GameSetup>,
    mut active: ResMut<ActiveSetup>,
    mut board: ResMut<Board>,
    mut status: ResMut<StatusLine>,
    mut outcome: ResMut<MoveOutcome>,
    mut next: ResMut<NextState<Screen>>,
) {
    for command in commands.read() {
        let mode = active.0.mode;
        match command {
            GameCommand::Undo => {
                // After a resignation, undo takes back only the resignation.
                if !board.0.withdraw_resignation() && undo_to_person(&mut board.0, mode) == 0 {
                    continue;
                }
            }
            GameCommand::Redo => {
                if redo_to_person(&mut board.0, mode) == 0 {
                    continue;
                }
            }
            GameCommand::Restart => board.0 = game_from_setup(&active.0),
            GameCommand::NewGame => {
                active.0 = setup.clone();
                board.0 = game_from_setup(&setup);
            }
            GameCommand::Resign => {
                if board.0.resign().is_err() {
                    continue;
                }
            }
        }
        *outcome = MoveOutcome::None;
        status.0 = describe(&board.0, active.0.mode, None);
        if !board.0.outcome().is_over() {
            next.set(Screen::Playing);
        }
    }
}

/// Writes each new status line to the log (the browser's console on the web, where the
/// end-to-end test reads it).
fn log_status(status: Res<StatusLine>) {
    info!("status: {}", status.0);
}

/// Enters GameOver when the game has ended.
fn follow_outcome(
    board: Res<Board>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if board.is_changed() && board.outcome().is_over() && *screen.get() == Screen::Playing {
        next.set(Screen::GameOver);
    }
}

/// Takes back one move, and more while the AI is to move, so the person plays again (against
/// the AI that is their move and the AI's reply). Returns how many moves were taken back.
pub fn undo_to_person(game: &mut Game, mode: Mode) -> usize {
    let mut n = 0;
    while game.undo().is_some() {
        n += 1;
        if !mode.ai_plays(game.to_move()) || mode == Mode::AiVsAi {
            break;
        }
    }
    n
}

/// Replays taken-back moves up to the person's next turn. Returns how many were replayed.
pub fn redo_to_person(game: &mut Game, mode: Mode) -> usize {
    let mut n = 0;
    while game.redo().is_some() {
        n += 1;
        if !mode.ai_plays(game.to_move()) || mode == Mode::AiVsAi || game.outcome().is_over() {
            break;
        }
    }
    n
}

/// Who plays `stone`, for the status line.
fn player_name(stone: Stone, mode: Mode) -> String {
    if mode.ai_plays(stone) && mode != Mode::AiVsAi {
        format!("{stone} (AI)")
    } else {
        stone.to_string()
    }
}

/// The status line for a game in `mode`, after `last` (who played where), if any.
pub fn describe(game: &Game, mode: Mode, last: Option<(Stone, Pos)>) -> String {
    let size = game.board().size();
    let played = last
        .map(|(s, p)| format!("{} played {}. ", player_name(s, mode), p.to_notation(size)))
        .unwrap_or_default();
    match game.outcome() {
        Outcome::Ongoing => format!("{played}{} to move", player_name(game.to_move(), mode)),
        Outcome::Five { winner, .. } => {
            format!(
                "{played}{} wins with five in a row",
                player_name(*winner, mode)
            )
        }
        Outcome::Forbidden { at, kind } => format!(
            "Black played the forbidden {} ({kind}). White wins",
            at.to_notation(size)
        ),
        Outcome::Resigned { loser } => format!(
            "{} resigned. {} wins",
            player_name(*loser, mode),
            player_name(loser.opponent(), mode)
        ),
        Outcome::Draw => format!("{played}The board is full: a draw"),
    }
}
