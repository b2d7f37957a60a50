//! What the player asks of the account ([`AccountCommand`]: sign in, pair a device, protect
//! the account with a password, the devices signed in, download the games, delete it), carried
//! out against the server, and what the server answers kept in [`AccountState`] for the
//! Account window. After every welcome as a player the account's finished games are fetched,
//! page after page, and merged into the local history (see [`super::my_games`]): a player
//! signing in on another device finds the games played on the first.

use std::time::Duration;

use bevy::prelude::*;

use super::my_games::{Export, export, merge};
use super::{
    FromServer, Greeting, LinkStatus, NextGreeting, OnlineAccount, OnlineCommand, OnlineSystems,
    ToServer,
};
use crate::app::GameHistory;
use crate::app::i18n::Lang;
use gomoku_net::{
    ClientMessage, DELETED_PLAYER, FinishedGame, Password, ServerMessage, SessionInfo, SignOutWhich,
};

/// What the player asks of the account.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum AccountCommand {
    /// Sign in to the account called `name` with its password (a new connection).
    SignIn {
        /// The account's name.
        name: String,
        /// Its password.
        password: Password,
    },
    /// Sign in with a pairing code shown on another device (a new connection).
    Pair {
        /// The code as typed.
        code: String,
    },
    /// Play as a new player (under the name set): this device's token for the server is
    /// dropped and a new connection made.
    NewPlayer,
    /// Protect the account with a password, or change it.
    SetPassword {
        /// The password now, when it has one.
        current: Option<Password>,
        /// The new one.
        password: Password,
    },
    /// Ask for a code that signs another device in.
    PairingCode,
    /// Ask for the devices signed in.
    Sessions,
    /// Sign devices out.
    SignOut(SignOutWhich),
    /// Fetch every finished game of the account and write them out.
    DownloadGames,
    /// Delete the account.
    DeleteAccount {
        /// The account's name, typed again.
        name: String,
        /// Its password, when it has one.
        password: Option<Password>,
    },
}

/// A pairing code on show, and how long it still works.
#[derive(Debug, Clone, PartialEq)]
pub struct PairingShown {
    /// The code, as the server wrote it (`ABCD-EFGH`).
    pub code: String,
    /// The time left.
    pub left: Timer,
}

/// What came of the player's last request, for the Account window to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountNews {
    /// The password is set; this many other devices were signed out.
    PasswordSet(u32),
    /// This many devices were signed out.
    SignedOut(u32),
    /// The games were written: the files (paths on the desktop, names on the web) and how
    /// many games.
    Downloaded {
        /// Where they went.
        files: Vec<String>,
        /// How many games.
        games: usize,
    },
    /// The games could not be written (why, in English).
    NotDownloaded(String),
}

/// The account's games being fetched, page by page.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fetch {
    /// The games so far, newest first.
    pub games: Vec<FinishedGame>,
    /// Whether they are written out at the end (else only merged into the history).
    pub download: bool,
}

/// Where a desktop export goes: the data folder's `exports` folder unless this is inserted
/// (the tests write into a folder of their own).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ExportDir(pub std::path::PathBuf);

/// What the server last said about the account, for the Account window.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct AccountState {
    /// The pairing code on show.
    pub pairing: Option<PairingShown>,
    /// The devices signed in, once asked for.
    pub sessions: Option<Vec<SessionInfo>>,
    /// What came of the last request.
    pub news: Option<AccountNews>,
    /// The games being fetched.
    pub fetch: Option<Fetch>,
    /// The games the last fetch added to the local history.
    pub merged: usize,
    /// The last export (its files and contents), for the tests and the log.
    pub export: Option<Export>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AccountCommand>()
        .init_resource::<AccountState>()
        .add_systems(
            Update,
            (follow_commands, follow_server, count_down)
                .chain()
                .in_set(OnlineSystems::React),
        );
}

fn follow_commands(
    mut commands: MessageReader<AccountCommand>,
    mut state: ResMut<AccountState>,
    mut account: ResMut<OnlineAccount>,
    mut greeting: ResMut<NextGreeting>,
    mut link: MessageWriter<OnlineCommand>,
    mut out: MessageWriter<ToServer>,
) {
    for command in commands.read() {
        let message = match command.clone() {
            AccountCommand::SignIn { name, password } => {
                greeting.0 = Some(Greeting::SignIn {
                    name: name.trim().to_owned(),
                    password,
                });
                link.write(OnlineCommand::Reconnect);
                continue;
            }
            AccountCommand::Pair { code } => {
                greeting.0 = Some(Greeting::Pair { code });
                link.write(OnlineCommand::Reconnect);
                continue;
            }
            AccountCommand::NewPlayer => {
                let address = account.address();
                let server = account.server_mut(&address);
                server.player_token = None;
                server.seats.clear();
                greeting.0 = None;
                link.write(OnlineCommand::Reconnect);
                continue;
            }
            AccountCommand::SetPassword { current, password } => {
                ClientMessage::SetPassword { current, password }
            }
            AccountCommand::PairingCode => ClientMessage::PairingCode,
            AccountCommand::Sessions => ClientMessage::Sessions,
            AccountCommand::SignOut(which) => ClientMessage::SignOut { which },
            AccountCommand::DownloadGames => {
                state.news = None;
                match state.fetch.as_mut() {
                    // A fetch on its way (the one after the welcome) is written out too.
                    Some(fetch) => {
                        fetch.download = true;
                        continue;
                    }
                    None => {
                        state.fetch = Some(Fetch {
                            games: Vec::new(),
                            download: true,
                        });
                        ClientMessage::MyGames { before: None }
                    }
                }
            }
            AccountCommand::DeleteAccount { name, password } => {
                ClientMessage::DeleteAccount { name, password }
            }
        };
        out.write(ToServer(message));
    }
}

/// Follows what the server says about the account; fetches and merges its games.
#[allow(clippy::too_many_arguments)]
fn follow_server(
    mut messages: MessageReader<FromServer>,
    mut state: ResMut<AccountState>,
    mut status: ResMut<LinkStatus>,
    mut account: ResMut<OnlineAccount>,
    mut history: ResMut<GameHistory>,
    lang: Option<Res<Lang>>,
    export_dir: Option<Res<ExportDir>>,
    mut out: MessageWriter<ToServer>,
) {
    let deleted = lang.map_or(DELETED_PLAYER, |l| l.t("deleted player"));
    for FromServer(message) in messages.read() {
        match message {
            ServerMessage::Welcome {
                player: Some(_), ..
            } => {
                // A new session: what was shown of the old one goes; the games come again.
                let download = state.fetch.as_ref().is_some_and(|f| f.download);
                state.pairing = None;
                state.sessions = None;
                state.fetch = Some(Fetch {
                    games: Vec::new(),
                    download,
                });
                out.write(ToServer(ClientMessage::MyGames { before: None }));
            }
            ServerMessage::MyGames { games, more } => {
                let Some(fetch) = state.fetch.as_mut() else {
                    continue;
                };
                fetch.games.extend(games.iter().cloned());
                if *more && let Some(last) = games.last() {
                    out.write(ToServer(ClientMessage::MyGames {
                        before: Some(last.id),
                    }));
                    continue;
                }
                let fetch = state.fetch.take().unwrap_or_default();
                let me = status
                    .player
                    .as_ref()
                    .map(|p| p.name.clone())
                    .unwrap_or_default();
                let address = status.address.clone();
                let known = &mut account.server_mut(&address).games;
                let added = merge(&mut history.0, known, &fetch.games, &me, deleted);
                info!(
                    "online: {} games of the account, {added} new in the history",
                    fetch.games.len()
                );
                state.merged = added;
                if fetch.download {
                    let export = export(&fetch.games, &me, deleted);
                    state.news = Some(write(&export, export_dir.as_deref()));
                    state.export = Some(export);
                }
            }
            ServerMessage::PairingCode {
                code,
                expires_in_secs,
            } => {
                state.pairing = Some(PairingShown {
                    code: code.clone(),
                    left: Timer::new(
                        Duration::from_secs(u64::from(*expires_in_secs)),
                        TimerMode::Once,
                    ),
                });
            }
            ServerMessage::Sessions { sessions } => state.sessions = Some(sessions.clone()),
            ServerMessage::SignedOut { sessions } => {
                state.news = Some(AccountNews::SignedOut(*sessions));
                if status.signed_out.is_none() {
                    out.write(ToServer(ClientMessage::Sessions));
                }
            }
            ServerMessage::PasswordSet { signed_out } => {
                state.news = Some(AccountNews::PasswordSet(*signed_out));
                if let Some(a) = status.account.as_mut() {
                    a.password = true;
                }
                if state.sessions.is_some() {
                    out.write(ToServer(ClientMessage::Sessions));
                }
            }
            ServerMessage::SessionEnded { .. } | ServerMessage::AccountDeleted => {
                *state = AccountState::default();
            }
            _ => {}
        }
    }
}

/// Writes the export where it goes: files in the export folder on the desktop, downloads in
/// the browser.
fn write(export: &Export, dir: Option<&ExportDir>) -> AccountNews {
    #[cfg(not(target_arch = "wasm32"))]
    let written = match dir
        .map(|d| d.0.clone())
        .or_else(|| crate::store::FileBackend::platform().map(|b| b.dir().join("exports")))
    {
        Some(dir) => super::my_games::write_export(&dir, export),
        None => Err("no data folder to write into".to_owned()),
    };
    #[cfg(target_arch = "wasm32")]
    let written = {
        let _ = dir;
        super::my_games::write_export(export)
    };
    match written {
        Ok(files) => {
            info!("online: {} games written to {files:?}", export.games);
            AccountNews::Downloaded {
                files,
                games: export.games,
            }
        }
        Err(e) => {
            warn!("online: the games were not written: {e}");
            AccountNews::NotDownloaded(e)
        }
    }
}

fn count_down(time: Res<Time<Real>>, mut state: ResMut<AccountState>) {
    let done = match state.pairing.as_mut() {
        Some(p) => p.left.tick(time.delta()).is_finished(),
        None => false,
    };
    if done {
        state.pairing = None;
    }
}
