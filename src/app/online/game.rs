//! The online game: the room the player sits in (or watches), mirrored on the board as the
//! server sends it. Moves asked for on the board go to the server; the board changes only when
//! the server's next state says so. After a reconnection the seat is resumed with its token.

use bevy::prelude::*;
use web_time::Instant;

use super::{FromServer, LinkStatus, OnlineAccount, OnlineSystems, ToServer};
use crate::app::board::PointerSystems;
use crate::app::{AppSystems, Board, Hover, MoveRequest, Screen, StonePlaced};
use crate::engine::{ForbiddenPolicy, Game, Stone};
use crate::net::{
    ClientMessage, EndReason, ErrorCode, RoomState, RoomStatus, SeatInfo, ServerMessage,
};

/// The room on the online screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct OnlineGame {
    /// The seat the player holds in it, if playing.
    pub seat: Option<SeatInfo>,
    /// The game watched, if spectating.
    pub watching: Option<String>,
    /// Its latest state from the server.
    pub room: Option<RoomState>,
    /// When that state arrived (the clocks count down from it).
    pub received: Option<Instant>,
}

impl OnlineGame {
    /// The code of the game on screen.
    pub fn code(&self) -> Option<&str> {
        self.seat
            .as_ref()
            .map(|s| s.code.as_str())
            .or(self.watching.as_deref())
    }

    /// The player's colour, when playing.
    pub fn colour(&self) -> Option<Stone> {
        self.seat.as_ref().map(|s| s.colour)
    }

    /// Whether the game is on and it is the player's move.
    pub fn my_turn(&self) -> bool {
        match (&self.room, self.colour()) {
            (Some(r), Some(c)) => r.status == RoomStatus::Playing && r.to_move == c,
            _ => false,
        }
    }

    /// Turns to watching the public game `code`; returns the message that asks for it.
    pub fn watch(&mut self, code: &str) -> ClientMessage {
        self.seat = None;
        self.room = None;
        self.watching = Some(code.to_owned());
        ClientMessage::Watch {
            code: code.to_owned(),
        }
    }

    /// Turns to the seat held in `seat`'s game; returns the message that takes it up again.
    pub fn resume(&mut self, seat: SeatInfo) -> ClientMessage {
        self.room = None;
        self.watching = None;
        let message = ClientMessage::Resume {
            code: seat.code.clone(),
            seat_token: seat.seat_token.clone(),
        };
        self.seat = Some(seat);
        message
    }

    /// A seat action for this game (`make` gets the code and the seat token).
    pub fn seat_action(
        &self,
        make: impl FnOnce(String, String) -> ClientMessage,
    ) -> Option<ClientMessage> {
        let seat = self.seat.as_ref()?;
        Some(make(seat.code.clone(), seat.seat_token.clone()))
    }
}

/// The last refusal or notice from the server, shown until the next one (or dismissed).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct OnlineNotice(pub Option<(ErrorCode, String)>);

/// An online game the player sat in has ended: its final state and the player's colour.
#[derive(Event, Debug, Clone, PartialEq)]
pub struct OnlineGameFinished {
    /// The final state.
    pub room: RoomState,
    /// The player's colour.
    pub colour: Stone,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineGame>()
        .init_resource::<OnlineNotice>()
        .add_systems(
            Update,
            (
                follow_server,
                request_moves.run_if(in_state(Screen::Online)),
            )
                .chain()
                .in_set(OnlineSystems::React),
        )
        .add_systems(
            Update,
            no_ghost_out_of_turn
                .after(PointerSystems)
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Online)),
        )
        .add_systems(
            Update,
            mirror_board
                .run_if(
                    in_state(Screen::Online)
                        .and_then(resource_changed::<OnlineGame>.or_else(state_changed::<Screen>)),
                )
                .in_set(AppSystems::ApplyMoves),
        );
}

/// Follows the server: seats handed out, room states, refusals, and the welcome after a
/// reconnection (the seat or the watched game is taken up again).
fn follow_server(
    mut world: Commands,
    mut messages: MessageReader<FromServer>,
    mut game: ResMut<OnlineGame>,
    mut notice: ResMut<OnlineNotice>,
    mut account: ResMut<OnlineAccount>,
    status: Res<LinkStatus>,
    mut out: MessageWriter<ToServer>,
    mut next: ResMut<NextState<Screen>>,
) {
    for FromServer(message) in messages.read() {
        match message {
            ServerMessage::Welcome { seats, .. } => {
                account.server_mut(&status.address).seats = seats.clone();
                let finished = game
                    .room
                    .as_ref()
                    .is_some_and(|r| r.status == RoomStatus::Finished);
                if let Some(seat) = game.seat.clone().filter(|_| !finished) {
                    out.write(ToServer(ClientMessage::Resume {
                        code: seat.code,
                        seat_token: seat.seat_token,
                    }));
                } else if let Some(code) = game.watching.clone().filter(|_| !finished) {
                    out.write(ToServer(ClientMessage::Watch { code }));
                }
            }
            ServerMessage::Seat { seat } => {
                // On the console (the browser's too): what the end-to-end test waits for.
                info!("online: seated as {:?} in game {}", seat.colour, seat.code);
                account.keep_seat(&status.address, seat.clone());
                if game.code() != Some(seat.code.as_str()) {
                    game.room = None;
                }
                game.seat = Some(seat.clone());
                game.watching = None;
                notice.0 = None;
                next.set(Screen::Online);
            }
            ServerMessage::Room { room } => {
                if game.code() != Some(room.code.as_str()) {
                    continue;
                }
                let was_finished = game
                    .room
                    .as_ref()
                    .is_some_and(|r| r.status == RoomStatus::Finished);
                let moves_before = game.room.as_ref().map_or(0, |r| r.moves.len());
                if room.moves.len() > moves_before
                    && let Some(last) = room.moves.last()
                {
                    info!(
                        "online: move {} at {}",
                        room.moves.len(),
                        last.to_notation(room.settings.size)
                    );
                }
                game.received = Some(Instant::now());
                game.room = Some(room.clone());
                if room.status == RoomStatus::Finished && !was_finished {
                    let (winner, reason) = room
                        .result
                        .as_ref()
                        .map_or((None, None), |r| (r.winner, Some(r.reason)));
                    info!(
                        "online: game {} finished after {} moves: winner {winner:?}, {reason:?}",
                        room.code,
                        room.moves.len(),
                    );
                    account.forget_seat(&status.address, &room.code);
                    if let Some(colour) = game.colour() {
                        world.trigger(OnlineGameFinished {
                            room: room.clone(),
                            colour,
                        });
                    }
                }
            }
            ServerMessage::Error { code, message, .. } => {
                notice.0 = Some((*code, message.clone()));
                // A seat the server no longer knows (the game is gone) is forgotten.
                if matches!(code, ErrorCode::UnknownRoom | ErrorCode::WrongToken)
                    && let Some(seat) = &game.seat
                {
                    let code = seat.code.clone();
                    account.forget_seat(&status.address, &code);
                }
            }
            _ => {}
        }
    }
}

/// The ghost stone shows only on the player's own turn (a spectator has none).
fn no_ghost_out_of_turn(game: Res<OnlineGame>, mut hover: ResMut<Hover>) {
    if !game.my_turn() {
        hover.set_if_neq(Hover(None));
    }
}

/// A person's click on the board asks the server for that move; the board waits for the
/// server's answer. The server refuses moves out of turn (the refusal is shown).
fn request_moves(
    mut requests: MessageReader<MoveRequest>,
    game: Res<OnlineGame>,
    mut out: MessageWriter<ToServer>,
) {
    for request in requests.read() {
        let Some(room) = &game.room else { continue };
        let ply = room.moves.len() as u32;
        let (x, y) = (request.at.x, request.at.y);
        if let Some(m) = game.seat_action(|code, seat_token| ClientMessage::Move {
            code,
            seat_token,
            ply,
            x,
            y,
        }) {
            out.write(ToServer(m));
        }
    }
}

/// The engine's game for a room's state: its moves replayed through the rules, and the
/// result when it was not made on the board (a resignation, a flag, an abandoned seat).
pub fn game_of(room: &RoomState) -> Result<Game, String> {
    let s = &room.settings;
    let mut game = Game::from_moves(s.size, s.rule, ForbiddenPolicy::Refuse, &room.moves)
        .map_err(|e| format!("the server's moves do not replay: {e}"))?;
    if let Some(result) = &room.result
        && let Some(winner) = result.winner
        && matches!(
            result.reason,
            EndReason::Resigned | EndReason::Timeout | EndReason::Abandoned
        )
        && !game.outcome().is_over()
    {
        let _ = game.resign_as(winner.opponent());
    }
    Ok(game)
}

/// Shows the room's position on the board (the stone just played is announced for the sound
/// and the animation).
fn mirror_board(
    mut world: Commands,
    game: Res<OnlineGame>,
    mut board: ResMut<Board>,
    mut notice: ResMut<OnlineNotice>,
) {
    let Some(room) = &game.room else {
        return;
    };
    let shown = board.0.board().moves();
    if shown == &room.moves[..] && board.0.board().size() == room.settings.size {
        if game.is_changed() {
            // The result may have changed without a move (resignation, flag).
            if let Ok(g) = game_of(room)
                && g.outcome() != board.0.outcome()
            {
                board.0 = g;
            }
        }
        return;
    }
    let one_more = room.moves.len() == shown.len() + 1 && room.moves.starts_with(shown);
    match game_of(room) {
        Ok(g) => {
            board.0 = g;
            if one_more && let Some(&at) = room.moves.last() {
                let stone = if room.moves.len() % 2 == 1 {
                    Stone::Black
                } else {
                    Stone::White
                };
                world.trigger(StonePlaced {
                    at,
                    stone,
                    redone: false,
                });
            }
        }
        Err(e) => {
            error!("{e}");
            notice.0 = Some((ErrorCode::BadMessage, e));
        }
    }
}
