//! The online tests' App: a headless game whose online account points at a server, and the
//! waits and looks they share (`app_online` against the real server, `app_online_fake` against
//! a scripted one).
#![allow(dead_code)]

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::online::{Link, OnlineAccount, OnlineGame, QuickMatchOnConnect};
use gomoku::app::{GamePlugin, Screen, Storage};
use gomoku::players::online::OnlineSettings;
use gomoku::store::Store;
use gomoku_net::RoomState;

/// A headless game App whose online account points at `addr` under `name`, sent to the lobby
/// (which starts connecting).
pub fn lobby_app(addr: &str, name: &str) -> App {
    let account = OnlineSettings {
        address: format!("ws://{addr}/ws"),
        name: name.to_owned(),
        ..OnlineSettings::default()
    };
    app_with_account(account, false)
}

/// A headless game App started with `account` (what another App kept: the same machine
/// started again, a web page reloaded), sent to the lobby, asking for a quick match once
/// connected when `quick_match` (`--quick-match`, `?quick-match`).
pub fn app_with_account(account: OnlineSettings, quick_match: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(crate::common::english())
        .add_plugins(GamePlugin)
        .insert_resource(QuickMatchOnConnect(quick_match));
    app.update();
    app.world_mut().resource_mut::<OnlineAccount>().0 = account;
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lobby);
    app.update();
    app
}

/// Where the App's connection stands.
pub fn link(app: &App) -> Link {
    *app.world().resource::<State<Link>>().get()
}

/// The room the App shows, if any.
pub fn room(app: &App) -> Option<&RoomState> {
    app.world().resource::<OnlineGame>().room.as_ref()
}

/// Updates the App until `done`, failing the test after 15 s.
pub fn wait_for(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !done(app) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}
