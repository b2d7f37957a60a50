//! The connection to the server: one WebSocket ([`ewebsock`]: a thread on the desktop, the
//! browser's WebSocket on the web), the handshake (`hello` with the player's token, or a name
//! for a new player), and automatic retry with backoff when the server cannot be reached or
//! the connection drops. What the server sends comes out as [`FromServer`] messages; the
//! [`Link`] state says where the connection stands and [`LinkStatus`] what went wrong.

use std::time::Duration;

use bevy::prelude::*;

use super::{FromServer, OnlineAccount, OnlineSystems, ToServer};
use crate::app::PlayerProfiles;
use crate::net::{ClientMessage, ErrorCode, PROTOCOL_VERSION, ServerMessage};

/// Where the connection to the server stands.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Link {
    /// Not connected, and not trying.
    #[default]
    Offline,
    /// Opening the socket and saying hello.
    Connecting,
    /// Connected: the server has welcomed the player.
    Online,
    /// The connection failed or dropped; the next attempt starts when [`LinkStatus`]'s
    /// delay has passed.
    Retrying,
}

/// Asks the connection to start or stop.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineCommand {
    /// Connect to the account's server (and keep reconnecting until told to stop).
    Connect,
    /// Close the connection and stop retrying.
    Disconnect,
}

/// What the player is told about the connection.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct LinkStatus {
    /// The address of the server in use (fixed when the connection starts).
    pub address: String,
    /// What went wrong last, until the server welcomes the player again.
    pub problem: Option<String>,
    /// Failed attempts in a row.
    pub failures: u32,
    /// The delay before the next attempt, while [`Link::Retrying`].
    pub retry: Timer,
    /// The player's number on the server, once welcomed.
    pub player_id: Option<i64>,
}

/// The delay before attempt `failures + 1`: 0.5 s, doubling up to 15 s.
pub fn backoff(failures: u32) -> Duration {
    let ms = 500u64.saturating_mul(1 << failures.min(5));
    Duration::from_millis(ms.min(15_000))
}

/// The socket, while there is one. Not `Send` on the web: a non-send resource.
#[derive(Default)]
struct Socket {
    sender: Option<ewebsock::WsSender>,
    receiver: Option<ewebsock::WsReceiver>,
}

impl Socket {
    fn close(&mut self) {
        if let Some(mut s) = self.sender.take() {
            s.close();
        }
        self.receiver = None;
    }

    /// Sends a message as a JSON text frame.
    fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        let sender = self.sender.as_mut().ok_or("there is no connection")?;
        let text = serde_json::to_string(message).map_err(|e| e.to_string())?;
        sender.send(ewebsock::WsMessage::Text(text));
        Ok(())
    }
}

/// The largest message taken from the server (a 19x19 game's full state is ~10 KiB).
const MAX_INCOMING_BYTES: usize = 1 << 20;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Link>()
        .init_resource::<LinkStatus>()
        .insert_non_send(Socket::default())
        .add_message::<OnlineCommand>()
        .add_systems(OnEnter(Link::Connecting), open)
        .add_systems(OnEnter(Link::Offline), close)
        .add_systems(OnEnter(Link::Retrying), close_and_wait)
        .add_systems(
            Update,
            (
                follow_commands,
                poll.run_if(in_state(Link::Connecting).or_else(in_state(Link::Online))),
                wait_to_retry.run_if(in_state(Link::Retrying)),
            )
                .chain()
                .in_set(OnlineSystems::Receive),
        )
        .add_systems(
            Update,
            (
                send.run_if(in_state(Link::Online)),
                refuse_unsent.run_if(not(in_state(Link::Online))),
            )
                .in_set(OnlineSystems::Send),
        );
}

fn follow_commands(
    mut commands: MessageReader<OnlineCommand>,
    link: Res<State<Link>>,
    mut next: ResMut<NextState<Link>>,
    mut status: ResMut<LinkStatus>,
) {
    for command in commands.read() {
        match command {
            OnlineCommand::Connect => {
                if matches!(link.get(), Link::Offline | Link::Retrying) {
                    status.failures = 0;
                    next.set(Link::Connecting);
                }
            }
            OnlineCommand::Disconnect => {
                status.problem = None;
                next.set(Link::Offline);
            }
        }
    }
}

/// Opens the socket to the account's server; the hello goes when it is open.
fn open(
    mut socket: NonSendMut<Socket>,
    account: Res<OnlineAccount>,
    mut status: ResMut<LinkStatus>,
    mut next: ResMut<NextState<Link>>,
) {
    socket.close();
    status.address = account.address();
    status.player_id = None;
    let address = status.address.clone();
    if !(address.starts_with("ws://") || address.starts_with("wss://")) {
        status.problem = Some(format!(
            "{address:?} is not a WebSocket address (ws://host:port/ws)"
        ));
        next.set(Link::Retrying);
        return;
    }
    let options = ewebsock::Options {
        max_incoming_frame_size: MAX_INCOMING_BYTES,
        ..default()
    };
    info!("connecting to {address}");
    match ewebsock::connect(address, options) {
        Ok((sender, receiver)) => {
            socket.sender = Some(sender);
            socket.receiver = Some(receiver);
        }
        Err(e) => {
            status.problem = Some(e);
            next.set(Link::Retrying);
        }
    }
}

fn close(mut socket: NonSendMut<Socket>) {
    socket.close();
}

fn close_and_wait(mut socket: NonSendMut<Socket>, mut status: ResMut<LinkStatus>) {
    socket.close();
    let delay = backoff(status.failures);
    status.failures = status.failures.saturating_add(1);
    status.retry = Timer::new(delay, TimerMode::Once);
}

fn wait_to_retry(
    time: Res<Time<Real>>,
    mut status: ResMut<LinkStatus>,
    mut next: ResMut<NextState<Link>>,
) {
    if status.retry.tick(time.delta()).is_finished() {
        next.set(Link::Connecting);
    }
}

/// The hello for the account's server: its token if it has one, and the name.
fn hello(account: &OnlineAccount, address: &str, name: String) -> ClientMessage {
    ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        name: Some(name),
        token: account.server(address).and_then(|s| s.player_token.clone()),
    }
}

/// Reads what the socket brought: the handshake, the server's messages, and failures.
fn poll(
    mut socket: NonSendMut<Socket>,
    mut account: ResMut<OnlineAccount>,
    profiles: Option<Res<PlayerProfiles>>,
    link: Res<State<Link>>,
    mut status: ResMut<LinkStatus>,
    mut next: ResMut<NextState<Link>>,
    mut out: MessageWriter<FromServer>,
) {
    let mut events = Vec::new();
    if let Some(receiver) = &socket.receiver {
        while let Some(event) = receiver.try_recv() {
            events.push(event);
        }
    }
    let address = status.address.clone();
    for event in events {
        match event {
            ewebsock::WsEvent::Opened => {
                let hello = hello(&account, &address, account.name(profiles.as_deref()));
                if let Err(e) = socket.send(&hello) {
                    status.problem = Some(e);
                    next.set(Link::Retrying);
                    return;
                }
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                let message = match serde_json::from_str::<ServerMessage>(&text) {
                    Ok(m) => m,
                    Err(e) => {
                        warn!("an unreadable message from the server was dropped: {e}");
                        continue;
                    }
                };
                match &message {
                    ServerMessage::Welcome { token, player, .. } => {
                        if let Some(token) = token {
                            account.server_mut(&address).player_token = Some(token.clone());
                        }
                        status.player_id = player.as_ref().map(|p| p.id);
                        status.problem = None;
                        status.failures = 0;
                        next.set(Link::Online);
                    }
                    ServerMessage::Error {
                        code: ErrorCode::UnknownPlayer,
                        ..
                    } if *link.get() == Link::Connecting => {
                        // The server does not know the token (a new database): start afresh.
                        warn!("the server does not know the saved player; saying hello anew");
                        account.server_mut(&address).player_token = None;
                        account.server_mut(&address).seats.clear();
                        let hello = hello(&account, &address, account.name(profiles.as_deref()));
                        let _ = socket.send(&hello);
                        continue;
                    }
                    ServerMessage::Error { message, .. } if *link.get() == Link::Connecting => {
                        status.problem = Some(message.clone());
                    }
                    _ => {}
                }
                out.write(FromServer(message));
            }
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => {
                warn!("the connection to {address} failed: {e}");
                status.problem = Some(e);
                next.set(Link::Retrying);
                return;
            }
            ewebsock::WsEvent::Closed => {
                status.problem = Some("the server closed the connection".to_owned());
                next.set(Link::Retrying);
                return;
            }
        }
    }
}

fn send(
    mut socket: NonSendMut<Socket>,
    mut messages: MessageReader<ToServer>,
    mut status: ResMut<LinkStatus>,
) {
    for ToServer(message) in messages.read() {
        if let Err(e) = socket.send(message) {
            status.problem = Some(e);
        }
    }
}

/// Messages asked for while the connection is down are dropped, and the player told.
fn refuse_unsent(mut messages: MessageReader<ToServer>, mut status: ResMut<LinkStatus>) {
    for ToServer(message) in messages.read() {
        warn!("not connected: {} was not sent", message.kind());
        if status.problem.is_none() {
            status.problem = Some("not connected to the server".to_owned());
        }
    }
}
