//! The panel beside an online game, or below it in a window taller than wide (drawn by
//! `panel_view`), with what the player asks for there carried out, and the dialogs that answer
//! the opponent's offers (draw, takeback) or ask "Resign?". Every action goes to the server;
//! the panel shows what the server says.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::clocks::OnlineClocks;
use super::panel_view::{PanelAction, PanelView, show_online_panel};
use super::{Link, LinkStatus, OnlineGame, OnlineNotice, ToServer};
use crate::app::board::BoardLayout;
use crate::app::i18n::Lang;
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, primary_button};
use crate::app::{Dialog, Screen};
use gomoku_net::{ClientMessage, RoomStatus};

/// Whether the "Resign?" question is open.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ConfirmResign(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ConfirmResign>()
        .add_systems(OnExit(Screen::Online), |mut c: ResMut<ConfirmResign>| {
            c.0 = false;
        })
        .add_systems(
            EguiPrimaryContextPass,
            online_panel
                .run_if(in_state(Screen::Online))
                .in_set(UiSystems::Screens),
        )
        .add_systems(
            EguiPrimaryContextPass,
            answers
                .run_if(in_state(Screen::Online).and_then(in_state(Dialog::None)))
                .in_set(UiSystems::Windows),
        );
}

fn online_panel(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    game: Res<OnlineGame>,
    clocks: Res<OnlineClocks>,
    link: Res<State<Link>>,
    status: Res<LinkStatus>,
    mut notice: ResMut<OnlineNotice>,
    layout: Option<Res<BoardLayout>>,
    mut confirm: ResMut<ConfirmResign>,
    mut out: MessageWriter<ToServer>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let notice_text = notice.text(*lang);
    let view = PanelView {
        lang: *lang,
        link: *link.get(),
        status: &status,
        game: &game,
        clocks: &clocks,
        notice: notice_text.as_deref(),
    };
    let mut actions = Vec::new();
    show_online_panel(ctx, layout.as_deref(), &view, &mut actions);
    for action in actions {
        match action {
            PanelAction::Send(message) => {
                out.write(ToServer(message));
            }
            PanelAction::Resign => confirm.0 = true,
            PanelAction::DismissNotice => notice.0 = None,
            PanelAction::BackToLobby => next.set(Screen::Lobby),
        }
    }
    Ok(())
}

/// The questions: "Resign?", and the opponent's draw offer or takeback request.
fn answers(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    game: Res<OnlineGame>,
    mut confirm: ResMut<ConfirmResign>,
    mut out: MessageWriter<ToServer>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let Some(room) = game
        .room
        .as_ref()
        .filter(|r| r.status == RoomStatus::Playing)
    else {
        confirm.0 = false;
        return Ok(());
    };
    let Some(me) = game.colour() else {
        return Ok(());
    };
    let mut send = |make: fn(String, String) -> ClientMessage| {
        if let Some(m) = game.seat_action(make) {
            out.write(ToServer(m));
        }
    };
    if confirm.0 {
        dialog_window(lang.t("Resign?"), "online_resign").show(ctx, |ui| {
            ui.label(lang.t("The game ends and your opponent wins."));
            ui.horizontal(|ui| {
                if ui.add(primary_button(lang.t("Resign"))).clicked() {
                    send(|code, seat_token| ClientMessage::Resign { code, seat_token });
                    confirm.0 = false;
                }
                if ui.button(lang.t("Cancel")).clicked() {
                    confirm.0 = false;
                }
            });
        });
        return Ok(());
    }
    if room.draw_offer == Some(me.opponent()) {
        dialog_window(lang.t("Draw offered"), "online_draw").show(ctx, |ui| {
            ui.label(lang.t("Your opponent offers a draw."));
            ui.horizontal(|ui| {
                if ui.add(primary_button(lang.t("Accept"))).clicked() {
                    send(|code, seat_token| ClientMessage::AcceptDraw { code, seat_token });
                }
                if ui.button(lang.t("Decline")).clicked() {
                    send(|code, seat_token| ClientMessage::DeclineDraw { code, seat_token });
                }
            });
        });
    } else if room.takeback_request == Some(me.opponent()) {
        dialog_window(lang.t("Takeback asked"), "online_takeback").show(ctx, |ui| {
            ui.label(lang.t("Your opponent asks to take back their last move."));
            ui.horizontal(|ui| {
                if ui.add(primary_button(lang.t("Grant"))).clicked() {
                    send(|code, seat_token| ClientMessage::GrantTakeback { code, seat_token });
                }
                if ui.button(lang.t("Decline")).clicked() {
                    send(|code, seat_token| ClientMessage::DeclineTakeback { code, seat_token });
                }
            });
        });
    }
    Ok(())
}
