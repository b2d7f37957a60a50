//! The Account window on the lobby screen (it takes the lobby's place while open, and opens by
//! itself when this device is signed out): drawn by `account_view`, what the player asks for
//! sent on as [`AccountCommand`] messages.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::account_actions::{AccountCommand, AccountState};
use super::account_view::{
    ACCOUNT_WIDTH, AccountAction, AccountForm, AccountView, account_contents, account_frame,
};
use super::{Link, LinkStatus, OnlineNotice};
use crate::app::i18n::Lang;
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::dialog_width;
use crate::app::{Dialog, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AccountForm>()
        .add_systems(
            Startup,
            |open: Option<Res<super::OpenAccount>>, mut form: ResMut<AccountForm>| {
                form.open |= open.is_some();
            },
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                open_when_signed_out,
                account_window.run_if(|form: Res<AccountForm>| form.open),
            )
                .chain()
                .run_if(in_state(Screen::Lobby).and_then(in_state(Dialog::None)))
                .in_set(UiSystems::Screens),
        );
}

/// Whether the Account window is open (the lobby is not drawn meanwhile).
pub(super) fn account_open(form: Option<Res<AccountForm>>) -> bool {
    form.is_some_and(|f| f.open)
}

/// A device signed out shows the Account window (once, in the lobby: when it happens there,
/// or on coming back to it from a game): sign in, pair or a new player.
fn open_when_signed_out(
    status: Res<LinkStatus>,
    mut form: ResMut<AccountForm>,
    mut shown: Local<bool>,
) {
    match (&status.signed_out, *shown) {
        (Some(_), false) => {
            form.open = true;
            *shown = true;
        }
        (None, true) => *shown = false,
        _ => {}
    }
}

fn account_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    link: Res<State<Link>>,
    status: Res<LinkStatus>,
    state: Res<AccountState>,
    notice: Res<OnlineNotice>,
    mut form: ResMut<AccountForm>,
    mut commands: MessageWriter<AccountCommand>,
) -> Result {
    let lang = *lang;
    // The devices signed in are asked for once a session, when the window shows it.
    let session = status.account.as_ref().map(|a| a.session);
    if *link.get() == Link::Online && session.is_some() && form.sessions_asked != session {
        form.sessions_asked = session;
        commands.write(AccountCommand::Sessions);
    }
    let ctx = contexts.ctx_mut()?;
    let width = dialog_width(ctx, ACCOUNT_WIDTH);
    let notice_text = notice.text(lang);
    let mut actions = Vec::new();
    {
        let view = AccountView {
            lang,
            link: *link.get(),
            status: &status,
            state: &state,
            notice: notice_text.as_deref(),
        };
        account_frame(ctx, lang, width, |ui| {
            account_contents(ui, &view, &mut form, &mut actions);
        });
    }
    for action in actions {
        match action {
            AccountAction::Command(command) => {
                commands.write(command);
            }
            AccountAction::Close => {
                form.forget_secrets();
                form.open = false;
                form.sessions_asked = None;
                form.name_focused = false;
            }
        }
    }
    Ok(())
}
