//! The online game: the room the player sits in (or watches), mirrored on the board as the
//! server sends it. Moves asked for on the board go to the server; the board changes only when
//! the server's next state says so. After a reconnection the seat is resumed with its token.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use web_time::Instant;

use super::notice::{Notice, NoticeKind, OnlineNotice, Position, Refusal};
use super::{FromServer, LinkStatus, OnlineAccount, OnlineSystems, ToServer};
use crate::app::board::PointerSystems;
use crate::app::{AppSystems, Board, Hover, MoveRequest, Screen, StonePlaced};
use gomoku_engine::{ForbiddenPolicy, Game, Stone};
use gomoku_net::{
    ClientMessage, EndReason, ErrorCode, RoomState, RoomStatus, RoomUpdate, SeatInfo, ServerMessage,
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
    /// Whether the whole room has been asked for again (after a reconnection, or an update
    /// that did not follow): updates wait for it.
    pub asked_again: bool,
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
        self.asked_again = false;
        self.watching = Some(code.to_owned());
        ClientMessage::Watch {
            code: code.to_owned(),
        }
    }

    /// Turns to the seat held in `seat`'s game; returns the message that takes it up again.
    pub fn resume(&mut self, seat: SeatInfo) -> ClientMessage {
        self.room = None;
        self.asked_again = false;
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
        // Every frame on the screen, not only when the room changes: whatever else set the
        // board meanwhile, it shows the server's position again (comparing the moves is cheap).
        .add_systems(
            Update,
            mirror_board
                .run_if(in_state(Screen::Online))
                .in_set(AppSystems::ApplyMoves),
        );
}

/// What following the server touches: the game on screen, the notice, the account's seats,
/// the messages back and the screen.
#[derive(SystemParam)]
struct Follow<'w, 's> {
    world: Commands<'w, 's>,
    game: ResMut<'w, OnlineGame>,
    notice: ResMut<'w, OnlineNotice>,
    account: ResMut<'w, OnlineAccount>,
    status: Res<'w, LinkStatus>,
    out: MessageWriter<'w, ToServer>,
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
}

/// Follows the server: seats handed out, room states and the updates of a watched room,
/// refusals, and the welcome after a reconnection (the seat or the watched game is taken up
/// again).
fn follow_server(mut messages: MessageReader<FromServer>, mut follow: Follow) {
    for FromServer(message) in messages.read() {
        match message {
            ServerMessage::Welcome { seats, .. } => follow.welcomed(seats),
            ServerMessage::Seat { seat } => follow.seated(seat),
            ServerMessage::Room { room } => follow.whole_room(room),
            ServerMessage::RoomUpdate { update } => follow.update(update),
            ServerMessage::Spectators { code, count } => follow.spectators(code, *count),
            ServerMessage::Error {
                code,
                message,
                request,
            } => follow.refused(*code, message, request.as_deref()),
            _ => {}
        }
    }
}

/// The messages a seat sends about its game: refusing one of them with `UnknownRoom` or
/// `WrongToken` says the seat is gone.
const SEAT_REQUESTS: [&str; 9] = [
    "resume",
    "move",
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "ask_takeback",
    "grant_takeback",
    "decline_takeback",
];

impl Follow<'_, '_> {
    /// The welcome (after a reconnection too): the seats the server lists are kept (in the
    /// order this machine took them up), and the game on screen is asked for again, unless it
    /// is over.
    fn welcomed(&mut self, seats: &[SeatInfo]) {
        self.account.set_seats(&self.status.address, seats);
        let finished = self
            .game
            .room
            .as_ref()
            .is_some_and(|r| r.status == RoomStatus::Finished);
        if !finished {
            self.ask_again();
        }
    }

    /// Asks for the whole room on screen: the seat resumed, or the game watched again.
    fn ask_again(&mut self) {
        let message = if let Some(seat) = self.game.seat.clone() {
            ClientMessage::Resume {
                code: seat.code,
                seat_token: seat.seat_token,
            }
        } else if let Some(code) = self.game.watching.clone() {
            ClientMessage::Watch { code }
        } else {
            return;
        };
        self.game.asked_again = true;
        self.out.write(ToServer(message));
    }

    /// A seat handed out (or handed back after a reconnection): its game goes on screen.
    fn seated(&mut self, seat: &SeatInfo) {
        // On the console (the browser's too): what the end-to-end test waits for.
        info!("online: seated as {:?} in game {}", seat.colour, seat.code);
        self.account.keep_seat(&self.status.address, seat.clone());
        if self.game.code() != Some(seat.code.as_str()) {
            self.game.room = None;
        }
        self.game.seat = Some(seat.clone());
        self.game.watching = None;
        self.notice.0 = None;
        // Only when not there yet: entering the screen again would put the local game back
        // on the board (and the online position would not be drawn again until it changed).
        NextState::set_if_neq(&mut self.next, Screen::Online);
    }

    /// The whole room on screen (after every change for a seat, once for a spectator).
    fn whole_room(&mut self, room: &RoomState) {
        if self.game.code() == Some(room.code.as_str()) {
            self.game.asked_again = false;
            self.show(room.clone());
        }
    }

    /// A change to the watched room: applied to the room shown, or, when it does not follow
    /// from it, the whole room asked for again (the board stays as it is meanwhile).
    fn update(&mut self, update: &RoomUpdate) {
        if self.game.code() != Some(update.code.as_str()) || self.game.asked_again {
            return;
        }
        let applied = match self.game.room.clone() {
            Some(mut room) => update.apply(&mut room).map(|()| room),
            None => Err("an update came before the room".to_owned()),
        };
        match applied {
            Ok(room) => self.show(room),
            Err(e) => {
                warn!("online: {e}; asking for the whole game again");
                self.ask_again();
            }
        }
    }

    /// The number of spectators of the room shown.
    fn spectators(&mut self, code: &str, count: u32) {
        if self.game.code() != Some(code) {
            return;
        }
        if let Some(room) = self.game.room.as_mut() {
            room.spectators = count;
        }
    }

    /// A new state of the room on screen: shown, its moves logged, and its end announced.
    fn show(&mut self, room: RoomState) {
        let was_finished = self
            .game
            .room
            .as_ref()
            .is_some_and(|r| r.status == RoomStatus::Finished);
        let moves_before = self.game.room.as_ref().map_or(0, |r| r.moves.len());
        if room.moves.len() > moves_before
            && let Some(last) = room.moves.last()
        {
            info!(
                "online: move {} at {}",
                room.moves.len(),
                last.to_notation(room.settings.size)
            );
        }
        self.game.received = Some(Instant::now());
        if room.status == RoomStatus::Finished && !was_finished {
            self.finished(&room);
        }
        // A refusal about the position before (a move out of turn) goes with it.
        self.notice.follow_position(&room);
        self.game.room = Some(room);
    }

    /// The game on screen has ended: logged, its seat forgotten, and, for a player, kept.
    fn finished(&mut self, room: &RoomState) {
        let (winner, reason) = room
            .result
            .as_ref()
            .map_or((None, None), |r| (r.winner, Some(r.reason)));
        info!(
            "online: game {} finished after {} moves: winner {winner:?}, {reason:?}",
            room.code,
            room.moves.len(),
        );
        self.account.forget_seat(&self.status.address, &room.code);
        if let Some(colour) = self.game.colour() {
            self.world.trigger(OnlineGameFinished {
                room: room.clone(),
                colour,
            });
        }
    }

    /// A refusal, shown to the player on the screen it came on, about the position of the
    /// game shown there (if any); the server's own words go to the log. A seat the server no
    /// longer knows (the game is gone, or its record was damaged and set aside) is forgotten;
    /// when resuming it was refused, the player goes back to the lobby, where the refusal is
    /// shown.
    fn refused(&mut self, code: ErrorCode, message: &str, request: Option<&str>) {
        info!(
            "online: the server refused {}: {code:?}, {message}",
            request.unwrap_or("a message")
        );
        // A name taken: the one asked for, and the one the server knows the player by.
        let names = match (code, &self.status.name_refused, &self.status.player) {
            (ErrorCode::NameTaken, Some(asked), Some(player)) => {
                Some((asked.clone(), player.name.clone()))
            }
            _ => None,
        };
        let screen = *self.screen.get();
        self.notice.0 = Some(Notice {
            kind: NoticeKind::Refused(Refusal {
                code,
                request: request.map(str::to_owned),
                message: message.to_owned(),
                names,
            }),
            screen,
            position: self
                .game
                .room
                .as_ref()
                .filter(|_| screen == Screen::Online)
                .map(Position::of),
        });
        if matches!(request, Some("watch" | "resume")) {
            self.game.asked_again = false;
        }
        let seat_gone = matches!(
            code,
            ErrorCode::UnknownRoom | ErrorCode::WrongToken | ErrorCode::Damaged
        ) && request.is_some_and(|r| SEAT_REQUESTS.contains(&r));
        let Some(seat) = self.game.seat.clone().filter(|_| seat_gone) else {
            return;
        };
        warn!("online: the seat in game {} is gone: {message}", seat.code);
        self.account.forget_seat(&self.status.address, &seat.code);
        if request == Some("resume") {
            *self.game = OnlineGame::default();
            NextState::set_if_neq(&mut self.next, Screen::Lobby);
            if let Some(notice) = self.notice.0.as_mut() {
                notice.screen = Screen::Lobby;
                notice.position = None;
            }
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
    replay(room).map_err(|e| format!("the server's moves do not replay: {e}"))
}

/// [`game_of`], its error in the engine's words alone.
fn replay(room: &RoomState) -> Result<Game, String> {
    let s = &room.settings;
    let mut game = Game::from_moves(s.size, s.rule, ForbiddenPolicy::Refuse, &room.moves)
        .map_err(|e| e.to_string())?;
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
/// and the animation). A board that already shows it is left alone.
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
    match replay(room) {
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
        // Said once, when the state arrives, not again on every frame after it.
        Err(e) if game.is_changed() => {
            error!("the server's moves do not replay: {e}");
            notice.0 = Some(Notice {
                kind: NoticeKind::Unreplayable(e),
                screen: Screen::Online,
                position: Some(Position::of(room)),
            });
        }
        Err(_) => {}
    }
}
