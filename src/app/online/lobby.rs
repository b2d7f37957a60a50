//! What the lobby knows: the public games to watch (asked for on entering the lobby, and every
//! few seconds while it is shown) and whether the player waits in the quick-match queue. The
//! lobby screen connects to the server when it opens.

use std::time::Duration;

use bevy::prelude::*;

use super::{
    FromServer, Link, LinkStatus, OnlineAccount, OnlineCommand, OnlineGame, OnlineSystems, ToServer,
};
use crate::app::Screen;
use gomoku_net::{ClientMessage, GameSummary, RoomSettings, ServerMessage, TimeControl};

/// How often the list of games is asked for again while the lobby is shown.
const REFRESH: Duration = Duration::from_secs(5);

/// The lobby's view of the server.
#[derive(Resource, Debug, Clone, Default)]
pub struct Lobby {
    /// The public games, newest first.
    pub games: Vec<GameSummary>,
    /// The settings the player waits in the quick-match queue for.
    pub queued: Option<RoomSettings>,
    /// The time until the list is asked for again.
    refresh: Timer,
}

/// A game to join once connected (`--join CODE`, `?join=CODE` on the web): the seat this
/// machine holds in it is resumed, or its free seat taken. Taken once.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct JoinOnConnect(pub Option<String>);

/// Ask for a quick match with [`default_room_settings`] once connected (`--quick-match`,
/// `?quick-match` on the web); a player with an unfinished game on the server is taken back to
/// it instead. Asked once.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QuickMatchOnConnect(pub bool);

/// The lobby form's settings before the player changes them: freestyle on 15x15, 5 min + 3 s,
/// rated.
pub fn default_room_settings() -> RoomSettings {
    RoomSettings {
        rule: gomoku_engine::Rule::Freestyle,
        size: 15,
        time: TIME_PRESETS[1],
        rated: true,
    }
}

/// The time controls offered: untimed, 5 min + 3 s, 10 min + 5 s, 15 min + 10 s.
pub const TIME_PRESETS: [Option<TimeControl>; 4] = [
    None,
    Some(TimeControl {
        base_secs: 300,
        increment_secs: 3,
    }),
    Some(TimeControl {
        base_secs: 600,
        increment_secs: 5,
    }),
    Some(TimeControl {
        base_secs: 900,
        increment_secs: 10,
    }),
];

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>()
        .add_systems(OnEnter(Screen::Lobby), (connect, ask_for_games))
        .init_resource::<JoinOnConnect>()
        .init_resource::<QuickMatchOnConnect>()
        .add_systems(
            OnEnter(Link::Online),
            (
                ask_for_games.run_if(in_state(Screen::Lobby)),
                join_on_connect,
                quick_match_on_connect,
            ),
        )
        .add_systems(OnExit(Link::Online), |mut lobby: ResMut<Lobby>| {
            lobby.queued = None;
        })
        .add_systems(
            Update,
            (
                follow_server,
                refresh.run_if(in_state(Screen::Lobby).and_then(in_state(Link::Online))),
            )
                .in_set(OnlineSystems::React),
        )
        .add_systems(
            Update,
            connect_for_the_account_window
                .run_if(resource_exists::<super::OpenAccount>.and_then(in_state(Screen::Lobby)))
                .before(OnlineSystems::Receive),
        );
}

/// Connects on entering the lobby, unless this device was signed out: a hello without a token
/// would make a new player, and the player chooses (sign in, pair, or a new player). Opened
/// on the Account window (`--account`, `?account`), the lobby waits for the first frame, when
/// the saved account is read ([`connect_for_the_account_window`]).
fn connect(
    status: Res<LinkStatus>,
    open: Option<Res<super::OpenAccount>>,
    mut commands: MessageWriter<OnlineCommand>,
) {
    if status.signed_out.is_none() && open.is_none() {
        commands.write(OnlineCommand::Connect);
    }
}

/// Opened on the Account window (`--account`, `?account`): connects only when this device has a
/// player on the server; a device with none waits for the player to sign in, pair or choose a
/// new player. Once, in the first frame in the lobby.
fn connect_for_the_account_window(
    status: Res<LinkStatus>,
    account: Res<OnlineAccount>,
    mut done: Local<bool>,
    mut commands: MessageWriter<OnlineCommand>,
) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    let has_player = account
        .server(&account.address())
        .is_some_and(|s| s.player_token.is_some());
    if status.signed_out.is_none() && has_player {
        commands.write(OnlineCommand::Connect);
    }
}

fn ask_for_games(
    link: Res<State<Link>>,
    mut lobby: ResMut<Lobby>,
    mut out: MessageWriter<ToServer>,
) {
    lobby.refresh = Timer::new(REFRESH, TimerMode::Repeating);
    if *link.get() == Link::Online {
        out.write(ToServer(ClientMessage::ListGames));
    }
}

fn join_on_connect(
    mut join: ResMut<JoinOnConnect>,
    account: Res<OnlineAccount>,
    status: Res<LinkStatus>,
    mut game: ResMut<OnlineGame>,
    mut out: MessageWriter<ToServer>,
) {
    let Some(code) = join.0.take() else { return };
    let held = account
        .server(&status.address)
        .and_then(|s| s.seats.iter().find(|s| s.code == code).cloned());
    match held {
        Some(seat) => {
            out.write(ToServer(game.resume(seat)));
        }
        None => {
            out.write(ToServer(ClientMessage::JoinRoom { code }));
        }
    }
}

fn quick_match_on_connect(
    mut quick: ResMut<QuickMatchOnConnect>,
    account: Res<OnlineAccount>,
    status: Res<LinkStatus>,
    mut game: ResMut<OnlineGame>,
    mut out: MessageWriter<ToServer>,
) {
    // Not while the player sits in a game (a reconnection lands back in it).
    if !std::mem::take(&mut quick.0) || game.code().is_some() {
        return;
    }
    // A player with an unfinished game goes back to it (the one taken up last; the welcome
    // listed them just before) instead of queueing for another: a reloaded `?quick-match`
    // page queued while the game waited under "Your games".
    let message = match account.latest_seat(&status.address) {
        Some(seat) => {
            info!("online: quick match resumes game {} first", seat.code);
            game.resume(seat.clone())
        }
        None => ClientMessage::QuickMatch {
            settings: default_room_settings(),
        },
    };
    out.write(ToServer(message));
}

fn refresh(time: Res<Time<Real>>, mut lobby: ResMut<Lobby>, mut out: MessageWriter<ToServer>) {
    if lobby.refresh.tick(time.delta()).just_finished() {
        out.write(ToServer(ClientMessage::ListGames));
    }
}

fn follow_server(mut messages: MessageReader<FromServer>, mut lobby: ResMut<Lobby>) {
    for FromServer(message) in messages.read() {
        match message {
            ServerMessage::Games { games } => lobby.games = games.clone(),
            ServerMessage::Queued { settings } => lobby.queued = Some(*settings),
            ServerMessage::QueueLeft | ServerMessage::Seat { .. } => lobby.queued = None,
            _ => {}
        }
    }
}
