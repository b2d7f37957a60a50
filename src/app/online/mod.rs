//! Online play against people through a `gomoku-server` (see `docs/online-protocol.md`).
//!
//! The server is authoritative: the board shows only what it confirms. One job per file:
//!
//! - [`account`]: the server address, the player's name, and the tokens the server gave
//!   (player and seats), kept in the data directory (`online.json`).
//! - [`connection`]: the WebSocket ([`ewebsock`]) and its [`Link`] state: connecting, the
//!   handshake, automatic retry (at once after a drop, then with growing, jittered delays
//!   capped at 1.5 s), and what went wrong, said so that the player knows what to do.
//! - [`lobby`]: what the lobby knows (public games, the quick-match queue, refusals) and the
//!   seats the server hands out.
//! - [`game`]: the room the player sits in or watches, mirrored on the board (a spectator
//!   gets the room once, then what changes); moves go to the server; a seat is resumed, or
//!   the watched game asked for again, after a reconnection.
//! - [`notice`]: what the server refused, in the player's language by its code, kept with
//!   the screen and the position it is about and put away when they change.
//! - [`clocks`]: the clocks counted down between two states from the server.
//! - [`history`]: a finished online game lands in the local history.
//! - [`account_actions`]: what the player asks of the account (sign in, pair a device, a
//!   password, the devices signed in, download the games, delete it) and what the server
//!   answers; the account's finished games merged into the local history after each welcome
//!   ([`my_games`]: the records, the merge, the files written out).
//! - [`account_view`] and [`account_ui`]: the Account window, drawn from plain data, and the
//!   system that shows it from the lobby.
//! - [`lobby_view`] and [`lobby_ui`]: the lobby's contents, drawn from plain data (its lists
//!   scroll in areas of a fixed height, so nothing moves under the pointer), and the screen
//!   that shows them and carries out what the player asks for.
//! - [`panel_view`] and [`panel`]: the contents of the panel beside an online game, drawn from
//!   plain data, and the panel with its dialogs (draw, takeback, resign).
//!
//! Nothing here panics on a network message: what cannot be read is reported and dropped.

pub mod account;
pub mod account_actions;
mod account_ui;
mod account_view;
pub mod clocks;
pub mod connection;
pub mod game;
pub mod history;
pub mod lobby;
mod lobby_ui;
mod lobby_view;
pub mod my_games;
pub mod notice;
mod panel;
mod panel_view;

use bevy::prelude::*;

use gomoku_net::{ClientMessage, PlayerInfo, ServerMessage};

pub use account::{OnlineAccount, default_address};
pub use account_actions::{AccountCommand, AccountNews, AccountState, ExportDir};
pub use clocks::OnlineClocks;
pub use connection::{
    Greeting, Link, LinkProblem, LinkStatus, NextGreeting, OnlineCommand, SignedOut,
};
pub use game::OnlineGame;
pub use lobby::{JoinOnConnect, Lobby, QuickMatchOnConnect, default_room_settings};
pub use notice::{Notice, NoticeKind, OnlineNotice, Refusal};

/// An online rating as shown: rounded, and followed by `?` while it is provisional
/// (`1500?`), in every language.
pub fn rating_label(player: &PlayerInfo) -> String {
    let rating = format!("{:.0}", player.rating);
    if player.provisional {
        format!("{rating}?")
    } else {
        rating
    }
}

/// Present at start to open the lobby's Account window (`--account`, `?account` on the web).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OpenAccount;

/// A message for the server; [`connection`] sends it while the link is up.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct ToServer(pub ClientMessage);

/// A message the server sent, read and checked.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct FromServer(pub ServerMessage);

/// The order of the online work within [`crate::app::AppSystems::Input`]: read the socket,
/// then let the lobby and the game react, then send what they asked for.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OnlineSystems {
    /// Socket events become [`FromServer`] messages and [`Link`] changes.
    Receive,
    /// The lobby and the game follow the server.
    React,
    /// [`ToServer`] messages go out.
    Send,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToServer>()
        .add_message::<FromServer>()
        .configure_sets(
            Update,
            (
                OnlineSystems::Receive,
                OnlineSystems::React,
                OnlineSystems::Send,
            )
                .chain()
                .in_set(super::AppSystems::Input),
        )
        .add_plugins((
            account::plugin,
            connection::plugin,
            lobby::plugin,
            game::plugin,
            notice::plugin,
            clocks::plugin,
            history::plugin,
            account_actions::plugin,
        ));
    if super::has_renderer(app) {
        app.add_plugins((lobby_ui::plugin, panel::plugin, account_ui::plugin));
    }
}
