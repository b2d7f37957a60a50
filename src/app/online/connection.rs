//! The connection to the server: one WebSocket ([`ewebsock`]: a thread on the desktop, the
//! browser's WebSocket on the web), the handshake (`hello` with the player's token, or a name
//! for a new player), and automatic retry when the server cannot be reached or the connection
//! drops: at once after a connection that was up drops, then after delays that grow from a
//! fraction of a second to about a second and a half (see [`retry_range`]), each drawn at
//! random so that the clients of a restarted server do not all come back in the same instant.
//! What the server sends comes out as [`FromServer`] messages; the [`Link`] state says where
//! the connection stands and [`LinkStatus`] what went wrong, as a [`LinkProblem`] the screens
//! say in the player's language.

use std::fmt;
use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use rand::rngs::SmallRng;
use rand::{Rng, RngExt};

use super::notice::Refusal;
use super::{FromServer, OnlineAccount, OnlineSystems, ToServer};
use crate::app::PlayerProfiles;
use crate::app::i18n::{Lang, fill};
use crate::players::settings::Language;
use gomoku_net::{
    AccountInfo, ClientMessage, ErrorCode, PROTOCOL_VERSION, Password, PlayerInfo, ServerMessage,
    SignOutWhich,
};

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
    /// Close the connection and open a new one at once (with the [`NextGreeting`] if one is
    /// set): signing in to another account, or as a new player.
    Reconnect,
}

/// How the next connection begins instead of a `hello`: signing in with a password, or with a
/// pairing code shown by another device. Taken by the connection that sends it (a connection
/// after it says hello with the session token the welcome gave).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Greeting {
    /// Sign in to the account called `name`.
    SignIn {
        /// The account's name.
        name: String,
        /// Its password (never shown, never logged).
        password: Password,
    },
    /// Sign in with a pairing code.
    Pair {
        /// The code as typed.
        code: String,
    },
}

/// The greeting the next connection sends instead of a `hello`, if any.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct NextGreeting(pub Option<Greeting>);

/// Why this device is no longer signed in to its account on the server in use: its token was
/// dropped, and the player chooses what comes next (sign in, pair, or play as a new player).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignedOut {
    /// The session was ended: from another device, by a password changed elsewhere, or here
    /// (the server's words, in English, for the log).
    Ended(String),
    /// The server no longer knows the token this device kept.
    Unknown,
    /// The player signed out here.
    Here,
    /// The account was deleted.
    Deleted,
}

/// What went wrong with the connection, as the player is told it: what happened and what they
/// can do ([`LinkProblem::text`]). The technical detail goes to the log, not to the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkProblem {
    /// The address set is not a WebSocket address (it is shown).
    BadAddress(String),
    /// Nothing answered at the address: it is wrong, or the server is down.
    Unreachable,
    /// The socket opened but the server did not welcome the player in time.
    NoAnswer,
    /// The connection was up and dropped (the server went away, or the network did).
    Dropped,
    /// The server refused the handshake: what it said, by its code.
    Refused(ErrorCode),
    /// Something was asked for while not connected: it was not sent.
    NotSent,
}

impl LinkProblem {
    /// What the player is told, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LinkProblem::BadAddress(address) => fill(
                lang.t("The server address {address} is not a WebSocket address: check it in the settings (it looks like ws://host:7878/ws)."),
                &[("address", address)],
            ),
            LinkProblem::Unreachable => lang
                .t("The server cannot be reached: check its address in the settings; the server may be down.")
                .to_owned(),
            LinkProblem::NoAnswer => lang
                .t("The server does not answer: check its address in the settings; the server may be down.")
                .to_owned(),
            LinkProblem::Dropped => lang.t("The connection to the server was lost.").to_owned(),
            LinkProblem::Refused(code) => {
                let why = Refusal {
                    code: *code,
                    request: Some("hello".to_owned()),
                    message: String::new(),
                    names: None,
                };
                fill(
                    lang.t("The server refused the connection: {why}"),
                    &[("why", &why.text(lang))],
                )
            }
            LinkProblem::NotSent => lang
                .t("Not connected to the server: that was not sent.")
                .to_owned(),
        }
    }
}

/// In English, as the log and the tests read it.
impl fmt::Display for LinkProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang(Language::English)))
    }
}

/// What the player is told about the connection.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct LinkStatus {
    /// The address of the server in use (fixed when the connection starts).
    pub address: String,
    /// What went wrong last, until the server welcomes the player again.
    pub problem: Option<LinkProblem>,
    /// Failed attempts in a row since the last welcome.
    pub failures: u32,
    /// The delay before the next attempt, while [`Link::Retrying`].
    pub retry: Timer,
    /// The player's number on the server, once welcomed.
    pub player_id: Option<i64>,
    /// The player as the server welcomed it: its name there is the one shown online (the
    /// server may have given another than the one asked for, when that one was taken), its
    /// rating the one the server last told (after each rated game).
    pub player: Option<PlayerInfo>,
    /// Whether the server has welcomed the player on the connection in use: when it drops,
    /// the first attempt to come back goes at once.
    pub welcomed: bool,
    /// A name the server said another player has: not asked for again on the next hellos
    /// (the player keeps the name the server knows) until the player picks another.
    pub name_refused: Option<String>,
    /// This connection's session of the player's account, as the welcome said (whether a
    /// password protects it).
    pub account: Option<AccountInfo>,
    /// Why this device was signed out, until the player connects again: no connection is
    /// made by itself meanwhile (it would make a new player).
    pub signed_out: Option<SignedOut>,
}

impl LinkStatus {
    /// The server welcomed `player`: the trouble is over and the retries start afresh.
    pub fn welcome(&mut self, player: Option<PlayerInfo>) {
        self.problem = None;
        self.failures = 0;
        self.player_id = player.as_ref().map(|p| p.id);
        self.player = player;
        self.welcomed = true;
    }

    /// Draws the delay before the next attempt and counts the failure (a connection that was
    /// welcomed and dropped is not a failure: its first retry goes at once).
    pub fn schedule_retry(&mut self, rng: &mut impl Rng) -> Duration {
        let after_drop = std::mem::take(&mut self.welcomed);
        let delay = retry_delay(self.failures, after_drop, rng);
        if !after_drop {
            self.failures = self.failures.saturating_add(1);
        }
        self.retry = Timer::new(delay, TimerMode::Once);
        delay
    }
}

/// The delays before the attempt after a welcomed connection dropped, in milliseconds: at
/// once, give or take the jitter.
const AFTER_DROP_MS: (u64, u64) = (0, 100);
/// The delays before the first retry after a failed attempt, in milliseconds; each further
/// failure doubles both ends, up to [`MAX_RETRY_MS`].
const FIRST_RETRY_MS: (u64, u64) = (200, 500);
/// The longest the delays grow, in milliseconds: a client is back within about 1.5 s of
/// its server, and the jitter keeps the clients of a restarted server apart.
const MAX_RETRY_MS: (u64, u64) = (1_000, 1_500);
/// How long a socket may take to open and the server to welcome the player.
const WELCOME_TIMEOUT: Duration = Duration::from_secs(8);

/// The shortest and longest delay before the next attempt: after `failures` failed attempts
/// in a row, or at once (`after_drop`) when a welcomed connection has just dropped.
pub fn retry_range(failures: u32, after_drop: bool) -> (Duration, Duration) {
    let (low, high) = if after_drop {
        AFTER_DROP_MS
    } else {
        let doubled = |ms: u64| ms.saturating_mul(1 << failures.min(16));
        (
            doubled(FIRST_RETRY_MS.0).min(MAX_RETRY_MS.0),
            doubled(FIRST_RETRY_MS.1).min(MAX_RETRY_MS.1),
        )
    };
    (Duration::from_millis(low), Duration::from_millis(high))
}

/// A delay drawn at random within [`retry_range`].
pub fn retry_delay(failures: u32, after_drop: bool, rng: &mut impl Rng) -> Duration {
    let (low, high) = retry_range(failures, after_drop);
    rng.random_range(low..=high)
}

/// The socket, while there is one. Not `Send` on the web: a non-send resource.
#[derive(Default)]
struct Socket {
    sender: Option<ewebsock::WsSender>,
    receiver: Option<ewebsock::WsReceiver>,
    /// Whether this socket has opened (a failure before is "cannot be reached", after it
    /// "dropped").
    opened: bool,
    /// The server's refusal of this socket's hello, kept over the close that follows it.
    refused: Option<ErrorCode>,
    /// The time left for the server to welcome the player on this socket.
    deadline: Option<Timer>,
    /// Whether this socket began with a sign-in or a pairing rather than a hello.
    greeting: bool,
    /// Whether this socket asked to sign its own session out.
    leaving: bool,
}

impl Socket {
    fn close(&mut self) {
        if let Some(mut s) = self.sender.take() {
            s.close();
        }
        self.receiver = None;
        self.opened = false;
        self.refused = None;
        self.deadline = None;
        self.greeting = false;
        self.leaving = false;
    }

    /// Why the socket is gone: the server's refusal if it said one, else whether it ever
    /// opened.
    fn lost(&mut self) -> LinkProblem {
        match self.refused.take() {
            Some(code) => LinkProblem::Refused(code),
            None if self.opened => LinkProblem::Dropped,
            None => LinkProblem::Unreachable,
        }
    }

    /// Sends a message as a JSON text frame.
    fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        let sender = self.sender.as_mut().ok_or("there is no connection")?;
        let text = serde_json::to_string(message).map_err(|e| e.to_string())?;
        sender.send(ewebsock::WsMessage::Text(text));
        Ok(())
    }

    /// The events the socket has brought since the last call.
    fn drain(&self) -> Vec<ewebsock::WsEvent> {
        let mut events = Vec::new();
        if let Some(receiver) = &self.receiver {
            while let Some(event) = receiver.try_recv() {
                events.push(event);
            }
        }
        events
    }
}

/// The largest message taken from the server (a 19x19 game's full state is ~10 KiB).
const MAX_INCOMING_BYTES: usize = 1 << 20;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Link>()
        .init_resource::<LinkStatus>()
        .init_resource::<NextGreeting>()
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
                wait_for_welcome.run_if(in_state(Link::Connecting)),
                wait_to_retry.run_if(in_state(Link::Retrying)),
            )
                .chain()
                .in_set(OnlineSystems::Receive),
        )
        .add_systems(
            Update,
            (send.run_if(welcomed), refuse_unsent.run_if(not(welcomed)))
                .in_set(OnlineSystems::Send),
        );
}

/// Whether the server has welcomed the player on the open socket: messages can go. This is
/// true in the very frame the welcome is read, while the link's state turns to
/// [`Link::Online`] only in the next one; what the game asks for on the welcome (its seat
/// again, after a reconnection) goes at once rather than being refused as not connected.
fn welcomed(link: Res<State<Link>>, status: Res<LinkStatus>) -> bool {
    match link.get() {
        Link::Online => true,
        Link::Connecting => status.welcomed,
        Link::Offline | Link::Retrying => false,
    }
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
                    status.signed_out = None;
                    next.set(Link::Connecting);
                }
            }
            OnlineCommand::Reconnect => {
                status.failures = 0;
                status.problem = None;
                status.signed_out = None;
                status.welcomed = false;
                next.set(Link::Connecting);
            }
            OnlineCommand::Disconnect => {
                status.problem = None;
                status.welcomed = false;
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
    event_loop: Option<Res<EventLoopProxyWrapper>>,
) {
    socket.close();
    status.address = account.address();
    status.player_id = None;
    status.player = None;
    status.account = None;
    status.welcomed = false;
    let address = status.address.clone();
    if !(address.starts_with("ws://") || address.starts_with("wss://")) {
        status.problem = Some(LinkProblem::BadAddress(address));
        next.set(Link::Retrying);
        return;
    }
    let options = ewebsock::Options {
        max_incoming_frame_size: MAX_INCOMING_BYTES,
        ..default()
    };
    info!("connecting to {address}");
    // What the socket brings wakes the game at once: a still game waits seconds between frames
    // (app::pace), and the server's messages must not wait for them.
    let connected = match event_loop {
        Some(proxy) => {
            let proxy = std::sync::Mutex::new((**proxy).clone());
            ewebsock::connect_with_wakeup(address.clone(), options, move || {
                if let Ok(proxy) = proxy.lock() {
                    let _ = proxy.send_event(WinitUserEvent::WakeUp);
                }
            })
        }
        None => ewebsock::connect(address.clone(), options),
    };
    match connected {
        Ok((sender, receiver)) => {
            socket.sender = Some(sender);
            socket.receiver = Some(receiver);
            socket.deadline = Some(Timer::new(WELCOME_TIMEOUT, TimerMode::Once));
        }
        Err(e) => {
            warn!("cannot connect to {address}: {e}");
            status.problem = Some(LinkProblem::Unreachable);
            next.set(Link::Retrying);
        }
    }
}

fn close(mut socket: NonSendMut<Socket>) {
    socket.close();
}

fn close_and_wait(mut socket: NonSendMut<Socket>, mut status: ResMut<LinkStatus>) {
    socket.close();
    let mut rng: SmallRng = rand::make_rng();
    let delay = status.schedule_retry(&mut rng);
    debug!("trying {} again in {delay:?}", status.address);
}

/// A socket that gets no welcome in time is given up, and tried again.
fn wait_for_welcome(
    time: Res<Time<Real>>,
    mut socket: NonSendMut<Socket>,
    mut status: ResMut<LinkStatus>,
    mut next: ResMut<NextState<Link>>,
) {
    let Some(deadline) = socket.deadline.as_mut() else {
        return;
    };
    if deadline.tick(time.delta()).just_finished() {
        warn!("{} did not welcome the player in time", status.address);
        let problem = match socket.lost() {
            LinkProblem::Dropped => LinkProblem::NoAnswer,
            other => other,
        };
        status.problem = Some(problem);
        next.set(Link::Retrying);
    }
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

/// The hello for the account's server: its token if it has one, and `name` (a new player's
/// name, or the one to play under from now on).
fn hello(account: &OnlineAccount, address: &str, name: Option<String>) -> ClientMessage {
    ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        name,
        token: account.server(address).and_then(|s| s.player_token.clone()),
        device: Some(device_label()),
    }
}

/// What this client is, for the account's list of sessions.
fn device_label() -> String {
    if cfg!(target_arch = "wasm32") {
        "Web".to_owned()
    } else {
        format!("Desktop, {}", std::env::consts::OS)
    }
}

/// What the server's answer to the hello does to the connection.
enum Handshake {
    /// The player is welcomed: the link is up (the message goes on to the game).
    Welcomed,
    /// Passed on to the game.
    Forward,
    /// A sign-in or a pairing was refused, or the saved token is unknown: the connection
    /// stops until the player chooses what to do (passed on to the game).
    Stop,
}

/// The first message for `greeting`.
fn greet(greeting: Greeting) -> ClientMessage {
    let device = Some(device_label());
    match greeting {
        Greeting::SignIn { name, password } => ClientMessage::SignIn {
            version: PROTOCOL_VERSION,
            name,
            password,
            device,
        },
        Greeting::Pair { code } => ClientMessage::Pair {
            version: PROTOCOL_VERSION,
            code,
            device,
        },
    }
}

/// Whether `message` ends this device's session: ended elsewhere, the account deleted, or
/// signed out here (`leaving`: this connection asked to sign out itself).
fn ended(message: &ServerMessage, leaving: bool) -> Option<SignedOut> {
    match message {
        ServerMessage::SessionEnded { reason } => Some(if leaving {
            SignedOut::Here
        } else {
            SignedOut::Ended(reason.clone())
        }),
        ServerMessage::AccountDeleted => Some(SignedOut::Deleted),
        ServerMessage::SignedOut { .. } if leaving => Some(SignedOut::Here),
        _ => None,
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
    mut greeting: ResMut<NextGreeting>,
) {
    let address = status.address.clone();
    let name = account.name(profiles.as_deref());
    // The link's state changes only next frame: a welcome ends the handshake for the
    // messages after it in this frame already.
    let mut connecting = *link.get() == Link::Connecting;
    for event in socket.drain() {
        let problem = match event {
            ewebsock::WsEvent::Opened => {
                socket.opened = true;
                let ask =
                    (status.name_refused.as_deref() != Some(name.as_str())).then(|| name.clone());
                let first = match greeting.0.take() {
                    Some(g) => {
                        socket.greeting = true;
                        greet(g)
                    }
                    None => hello(&account, &address, ask),
                };
                socket.send(&first).err().map(|e| {
                    warn!("the hello to {address} was not sent: {e}");
                    LinkProblem::Dropped
                })
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                let message = match serde_json::from_str::<ServerMessage>(&text) {
                    Ok(m) => m,
                    Err(e) => {
                        warn!("an unreadable message from the server was dropped: {e}");
                        continue;
                    }
                };
                if let ServerMessage::Error {
                    code: ErrorCode::NameTaken,
                    message: refusal,
                    ..
                } = &message
                {
                    // The server kept the player's name on the welcome and says why: the
                    // name is not asked for again (the notice is shown once).
                    info!("online: {refusal}");
                    status.name_refused = Some(name.clone());
                }
                if let ServerMessage::Player { player } = &message
                    && status.player_id == Some(player.id)
                {
                    // A rated game moved the player's rating: the lobby shows the new one.
                    info!("online: rating now {}", super::rating_label(player));
                    status.player = Some(player.clone());
                }
                if let Some(why) = ended(&message, socket.leaving) {
                    // The session is over: its token no longer works. It is dropped, and no
                    // connection is made by itself (a hello without a token makes a new
                    // player): the player chooses.
                    warn!("online: signed out on this device ({why:?})");
                    let server = account.server_mut(&address);
                    server.player_token = None;
                    server.seats.clear();
                    status.signed_out = Some(why);
                    status.problem = None;
                    status.welcomed = false;
                    out.write(FromServer(message));
                    next.set(Link::Offline);
                    return;
                }
                let step = if connecting {
                    let mut hello = Hello {
                        socket: &mut socket,
                        account: &mut account,
                        address: &address,
                        name: &name,
                    };
                    hello.answer(&message, &mut status)
                } else {
                    Handshake::Forward
                };
                match step {
                    Handshake::Welcomed => {
                        connecting = false;
                        next.set(Link::Online);
                    }
                    Handshake::Stop => {
                        // The refusal goes on to the notice (an unknown token is said by the
                        // lobby as a sign-out); nothing is tried again by itself (the same
                        // password would be refused again).
                        if status.signed_out.is_none() {
                            out.write(FromServer(message));
                        }
                        next.set(Link::Offline);
                        return;
                    }
                    Handshake::Forward => {}
                }
                out.write(FromServer(message));
                None
            }
            ewebsock::WsEvent::Message(_) => None,
            ewebsock::WsEvent::Error(e) => {
                warn!("the connection to {address} failed: {e}");
                Some(socket.lost())
            }
            ewebsock::WsEvent::Closed => {
                info!("{address} closed the connection");
                Some(socket.lost())
            }
        };
        if let Some(problem) = problem {
            status.problem = Some(problem);
            next.set(Link::Retrying);
            return;
        }
    }
}

/// The handshake on one socket: what it needs to follow the server's answer to the hello.
struct Hello<'a> {
    socket: &'a mut Socket,
    account: &'a mut OnlineAccount,
    address: &'a str,
    /// The name asked for.
    name: &'a str,
}

impl Hello<'_> {
    /// Follows the server's answer to the hello: the welcome (the token kept, the player
    /// shown), or a refusal. A token the server does not know (a new database) is dropped and
    /// the player made anew; a name another player has is given up for the one the server
    /// knows the player by.
    fn answer(&mut self, message: &ServerMessage, status: &mut LinkStatus) -> Handshake {
        match message {
            ServerMessage::Welcome {
                token,
                player,
                account,
                ..
            } => {
                if let Some(token) = token {
                    self.account.server_mut(self.address).player_token = Some(token.clone());
                }
                if let Some(p) = player.as_ref().filter(|p| p.name != self.name) {
                    info!("online: the server knows the player as {:?}", p.name);
                    if self.socket.greeting {
                        // Signed in to an account: its name is the one played under here
                        // from now on (the next hello would rename it otherwise).
                        self.account.0.name = p.name.clone();
                    }
                }
                if let Some(p) = player.as_ref().filter(|_| self.socket.greeting) {
                    info!(
                        "online: signed in as {}, rating {}",
                        p.name,
                        super::rating_label(p)
                    );
                }
                status.welcome(player.clone());
                status.account = account.clone();
                status.signed_out = None;
                Handshake::Welcomed
            }
            ServerMessage::Error {
                code: ErrorCode::UnknownPlayer,
                ..
            } => {
                // Signed out while away (from another device, or the account deleted), or a
                // server that lost its players: the player chooses to sign in, pair this
                // device or play as a new player.
                warn!("the server does not know the saved player: signed out on this device");
                let server = self.account.server_mut(self.address);
                server.player_token = None;
                server.seats.clear();
                status.signed_out = Some(SignedOut::Unknown);
                status.problem = None;
                Handshake::Stop
            }
            ServerMessage::Error {
                code: ErrorCode::SignInFailed | ErrorCode::PairingFailed,
                message,
                ..
            }
            | ServerMessage::Error {
                code: ErrorCode::Limit,
                message,
                ..
            } if self.socket.greeting => {
                info!("online: the sign-in was refused: {message}");
                status.problem = None;
                Handshake::Stop
            }
            ServerMessage::Error { code, message, .. } => {
                info!("online: the server refused the hello: {message}");
                self.socket.refused = Some(*code);
                Handshake::Forward
            }
            _ => Handshake::Forward,
        }
    }
}

fn send(
    mut socket: NonSendMut<Socket>,
    mut messages: MessageReader<ToServer>,
    mut status: ResMut<LinkStatus>,
) {
    for ToServer(message) in messages.read() {
        if matches!(
            message,
            ClientMessage::SignOut {
                which: SignOutWhich::This | SignOutWhich::Everywhere
            }
        ) {
            socket.leaving = true;
        }
        if let Err(e) = socket.send(message) {
            warn!("{} was not sent: {e}", message.kind());
            status.problem = Some(LinkProblem::NotSent);
        }
    }
}

/// Messages asked for while the connection is down are dropped, and the player told.
fn refuse_unsent(mut messages: MessageReader<ToServer>, mut status: ResMut<LinkStatus>) {
    for ToServer(message) in messages.read() {
        warn!("not connected: {} was not sent", message.kind());
        if status.problem.is_none() {
            status.problem = Some(LinkProblem::NotSent);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_first_retry_comes_soon_and_the_delays_grow_to_a_cap() {
        assert_eq!(retry_range(0, false), (ms(200), ms(500)));
        assert_eq!(retry_range(1, false), (ms(400), ms(1_000)));
        assert_eq!(retry_range(2, false), (ms(800), ms(1_500)));
        for failures in [3, 4, 10, 31, 32, 1_000, u32::MAX] {
            assert_eq!(retry_range(failures, false), (ms(1_000), ms(1_500)));
        }
        // A connection that was up and dropped is tried again at once.
        assert_eq!(retry_range(0, true), (ms(0), ms(100)));
        // Never longer than 1.5 s, whatever happened before.
        for failures in 0..40 {
            for after_drop in [false, true] {
                let (low, high) = retry_range(failures, after_drop);
                assert!(low <= high && high <= ms(1_500), "{failures} {after_drop}");
            }
        }
    }

    #[test]
    fn the_delays_are_drawn_across_their_range() {
        let mut rng = SmallRng::seed_from_u64(7);
        for (failures, after_drop) in [(0, false), (1, false), (5, false), (0, true)] {
            let (low, high) = retry_range(failures, after_drop);
            let drawn: Vec<Duration> = (0..200)
                .map(|_| retry_delay(failures, after_drop, &mut rng))
                .collect();
            assert!(drawn.iter().all(|d| (low..=high).contains(d)), "{drawn:?}");
            // Spread out, not one value: the low and the high quarter are both drawn.
            let quarter = (high - low) / 4;
            assert!(drawn.iter().any(|d| *d < low + quarter), "{drawn:?}");
            assert!(drawn.iter().any(|d| *d > high - quarter), "{drawn:?}");
        }
    }

    #[test]
    fn a_welcome_starts_the_retries_afresh() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut status = LinkStatus::default();
        // Failed attempts: the delays grow to the cap.
        let mut delays = Vec::new();
        for _ in 0..6 {
            delays.push(status.schedule_retry(&mut rng));
        }
        assert_eq!(status.failures, 6);
        assert!(delays[0] <= ms(500), "{delays:?}");
        assert!(
            delays[5] >= ms(1_000) && delays[5] <= ms(1_500),
            "{delays:?}"
        );
        assert_eq!(status.retry.duration(), delays[5]);
        // Welcomed, then dropped: at once, and the count starts again.
        status.problem = Some(LinkProblem::Unreachable);
        status.welcome(None);
        assert_eq!((status.failures, status.problem.clone()), (0, None));
        assert!(status.schedule_retry(&mut rng) <= ms(100));
        assert_eq!(status.failures, 0);
        // The server is not back yet: the next attempts wait as the first ones did.
        let next = status.schedule_retry(&mut rng);
        assert!(next >= ms(200) && next <= ms(500), "{next:?}");
        assert_eq!(status.failures, 1);
    }

    #[test]
    fn problems_say_what_the_player_can_do_in_both_languages() {
        let zh = Lang(Language::Chinese);
        for problem in [
            LinkProblem::BadAddress("localhost:7878".to_owned()),
            LinkProblem::Unreachable,
            LinkProblem::NoAnswer,
            LinkProblem::Dropped,
            LinkProblem::Refused(ErrorCode::VersionMismatch),
            LinkProblem::NotSent,
        ] {
            let english = problem.to_string();
            let chinese = problem.text(zh);
            assert_ne!(english, chinese, "{problem:?} is translated");
            assert!(!chinese.is_ascii(), "{chinese}");
            for developer in ["URL", "error:", "make server", "IO"] {
                assert!(!english.contains(developer), "{english}");
            }
        }
        let unreachable = LinkProblem::Unreachable.to_string();
        assert!(unreachable.contains("check its address"), "{unreachable}");
        assert!(unreachable.contains("may be down"), "{unreachable}");
        let bad = LinkProblem::BadAddress("localhost:7878".to_owned());
        assert!(bad.to_string().contains("localhost:7878"));
        assert!(bad.text(zh).contains("localhost:7878"));
        assert!(bad.text(zh).contains("ws://"));
    }
}
