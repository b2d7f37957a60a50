//! The lobby screen: its window (drawn by `lobby_view` from what the lobby knows), and what the
//! player asks for there carried out: requests go to the server as [`ToServer`] messages; the
//! seat it hands out opens the online game (`game`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::lobby_view::{
    LOBBY_WIDTH, LobbyAction, LobbyForm, LobbyView, lobby_contents, lobby_frame,
};
use super::{
    Link, LinkStatus, Lobby, OnlineAccount, OnlineCommand, OnlineGame, OnlineNotice, ToServer,
};
use crate::app::i18n::Lang;
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::dialog_width;
use crate::app::{Dialog, PlayerProfiles, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LobbyForm>().add_systems(
        EguiPrimaryContextPass,
        lobby_window
            .run_if(in_state(Screen::Lobby).and_then(in_state(Dialog::None)))
            .run_if(not(super::account_ui::account_open))
            .in_set(UiSystems::Screens),
    );
}

fn lobby_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    link: Res<State<Link>>,
    status: Res<LinkStatus>,
    lobby: Res<Lobby>,
    mut form: ResMut<LobbyForm>,
    mut account: ResMut<OnlineAccount>,
    profiles: Option<Res<PlayerProfiles>>,
    mut game: ResMut<OnlineGame>,
    mut notice: ResMut<OnlineNotice>,
    mut out: MessageWriter<ToServer>,
    mut commands: MessageWriter<OnlineCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut account_form: Option<ResMut<super::account_view::AccountForm>>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    // At most 560 points wide, and no wider than the window leaves room for (an upright
    // phone-sized window had the lobby run off both its sides).
    let width = dialog_width(ctx, LOBBY_WIDTH);
    let seats = account
        .server(&status.address)
        .map(|s| s.seats.clone())
        .unwrap_or_default();
    let notice_text = notice.text(lang);
    let mut actions = Vec::new();
    {
        let view = LobbyView {
            lang,
            link: *link.get(),
            status: &status,
            address: account.address(),
            name: &account.0.name,
            name_hint: account.name(profiles.as_deref()),
            notice: notice_text.as_deref(),
            queued: lobby.queued.is_some(),
            seats: &seats,
            games: &lobby.games,
            narrow: width < LOBBY_WIDTH,
        };
        lobby_frame(ctx, lang, width, |ui| {
            lobby_contents(ui, &view, &mut form, &mut actions);
        });
    }
    for action in actions {
        match action {
            LobbyAction::Send(message) => {
                out.write(ToServer(message));
            }
            LobbyAction::Resume(seat) => {
                out.write(ToServer(game.resume(seat)));
            }
            LobbyAction::Watch(code) => {
                out.write(ToServer(game.watch(&code)));
                next.set(Screen::Online);
            }
            LobbyAction::Connect => {
                commands.write(OnlineCommand::Disconnect);
                commands.write(OnlineCommand::Connect);
            }
            LobbyAction::Settings => dialog.set(Dialog::Settings),
            LobbyAction::Menu => next.set(Screen::Menu),
            LobbyAction::Name(name) => account.0.name = name,
            LobbyAction::ClearNotice => notice.0 = None,
            LobbyAction::Account => {
                if let Some(form) = account_form.as_mut() {
                    form.open = true;
                }
            }
        }
    }
    Ok(())
}
