//! The panel beside an online game: both players with their clocks, whose move it is, the
//! invite code while the room waits, the connection's trouble, and the game's actions
//! (resign, offer a draw, ask for a takeback) with the dialogs that answer the opponent's
//! offers. Every action goes to the server; the panel shows what the server says.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::clocks::OnlineClocks;
use super::{Link, LinkStatus, OnlineGame, OnlineNotice, ToServer, rating_label};
use crate::app::board::BoardLayout;
use crate::app::i18n::{Lang, fill, rule_label, stone_name};
use crate::app::screens::player_cards::{CardState, PlayerCard, PlayerCards, show_cards};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{
    button, dialog_window, error_colour, icon_button, primary_button, root_ui,
};
use crate::app::{Dialog, Screen};
use crate::engine::Stone;
use crate::net::{ClientMessage, EndReason, GameResult, PlayerInfo, RoomState, RoomStatus};

/// The narrowest the panel gets when the layout leaves it no room.
const MIN_PANEL: f32 = 260.0;

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

/// "Black wins: five in a row" and the like.
fn result_line(result: &GameResult, lang: Lang) -> String {
    let how = match result.reason {
        EndReason::Five => lang.t("five in a row"),
        EndReason::Forbidden => lang.t("forbidden move"),
        EndReason::Resigned => lang.t("resignation"),
        EndReason::Timeout => lang.t("on time"),
        EndReason::Abandoned => lang.t("opponent left"),
        EndReason::DrawAgreed => return lang.t("Draw by agreement").to_owned(),
        EndReason::BoardFull => return lang.t("Draw: the board is full").to_owned(),
        EndReason::Cancelled => return lang.t("The room was closed").to_owned(),
    };
    let winner = match result.winner {
        Some(Stone::Black) => lang.t("Black wins"),
        Some(Stone::White) => lang.t("White wins"),
        None => lang.t("Draw"),
    };
    format!("{winner} ({how})")
}

/// Both seats as the local game's player cards (black's first): the stone, the name (with
/// "(you)"), the server's rating, the clock, the marker on the side to move and the winner.
fn online_cards(
    room: &RoomState,
    clocks: &OnlineClocks,
    me: Option<Stone>,
    lang: Lang,
) -> PlayerCards {
    let card = |stone: Stone| {
        let player = match stone {
            Stone::Black => &room.black,
            Stone::White => &room.white,
        };
        let (name, rank) = match player {
            Some(p) if me == Some(stone) => (
                format!("{} {}", p.name, lang.t("(you)")),
                rating_text(p, lang),
            ),
            Some(p) => (p.name.clone(), rating_text(p, lang)),
            None => (
                lang.t("Waiting for an opponent...").to_owned(),
                String::new(),
            ),
        };
        let state = match (room.status, &room.result) {
            (RoomStatus::Finished, Some(r)) if r.winner == Some(stone) => CardState::Won,
            (RoomStatus::Playing, _) if room.to_move == stone => CardState::ToMove,
            _ => CardState::Waiting,
        };
        PlayerCard {
            stone,
            name,
            rank,
            state,
            clock: clocks.timed.then(|| clocks.left(stone)),
        }
    };
    PlayerCards(vec![card(Stone::Black), card(Stone::White)])
}

/// "Rating 1500", or "Rating 1500?" while it is provisional.
fn rating_text(player: &PlayerInfo, lang: Lang) -> String {
    fill(
        lang.t("Rating {rating}"),
        &[("rating", &rating_label(player))],
    )
}

/// What went wrong with the connection and that the game is coming back by itself.
fn reconnecting_text(status: &LinkStatus, lang: Lang) -> String {
    match &status.problem {
        Some(problem) => fill(
            lang.t("{why} Reconnecting by itself..."),
            &[("why", &problem.text(lang))],
        ),
        None => lang.t("Reconnecting...").to_owned(),
    }
}

/// "White disconnected" under the cards, for a seated player whose connection is gone.
fn disconnected_lines(ui: &mut egui::Ui, room: &RoomState, lang: Lang) {
    if room.status == RoomStatus::Finished {
        return;
    }
    let seats = [
        (Stone::Black, room.black.is_some(), room.connected[0]),
        (Stone::White, room.white.is_some(), room.connected[1]),
    ];
    for (stone, seated, connected) in seats {
        if seated && !connected {
            let text = format!("{} {}", lang.t(stone_name(stone)), lang.t("disconnected"));
            ui.label(egui::RichText::new(text).color(error_colour(ui)));
        }
    }
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
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let width = layout.map_or(MIN_PANEL, |l| l.side_panel.max(MIN_PANEL));
    let me = game.colour();
    egui::Panel::right("online_panel")
        .exact_size(width)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading(if me.is_some() {
                lang.t("Online game")
            } else {
                lang.t("Watching")
            });
            match *link.get() {
                Link::Online => {}
                Link::Connecting | Link::Retrying | Link::Offline => {
                    ui.label(
                        egui::RichText::new(reconnecting_text(&status, lang))
                            .color(error_colour(ui)),
                    );
                }
            }
            let Some(room) = &game.room else {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(lang.t("Waiting for the server..."));
                });
                if ui.button(lang.t("Back to the lobby")).clicked() {
                    next.set(Screen::Lobby);
                }
                return;
            };
            ui.label(fill(
                lang.t("{rule} rule, {n}x{n}"),
                &[
                    ("rule", &lang.t(rule_label(room.settings.rule))),
                    ("n", &room.settings.size),
                ],
            ));
            ui.label(match room.settings.time {
                Some(t) => fill(
                    lang.t("{min} min + {inc} s"),
                    &[("min", &(t.base_secs / 60)), ("inc", &t.increment_secs)],
                ),
                None => lang.t("Untimed").to_owned(),
            });
            ui.separator();
            show_cards(ui, &online_cards(room, &clocks, me, lang), false, lang);
            disconnected_lines(ui, room, lang);
            ui.separator();
            match room.status {
                RoomStatus::Waiting => {
                    ui.label(lang.t("Invite code:"));
                    ui.label(
                        egui::RichText::new(&room.code)
                            .monospace()
                            .size(26.0)
                            .strong(),
                    );
                    ui.label(lang.t("Give it to your opponent: they join with it in the lobby."));
                }
                RoomStatus::Playing => {
                    let text = match me {
                        Some(c) if c == room.to_move => lang.t("Your move"),
                        Some(_) => lang.t("Your opponent's move"),
                        None => lang.t(stone_name(room.to_move)),
                    };
                    ui.label(egui::RichText::new(text).strong());
                    ui.label(fill(lang.t("Move {n}"), &[("n", &room.moves.len())]));
                }
                RoomStatus::Finished => {
                    if let Some(result) = &room.result {
                        ui.heading(result_line(result, lang));
                    }
                    ui.label(fill(lang.t("Move {n}"), &[("n", &room.moves.len())]));
                    if me.is_some() {
                        ui.small(lang.t("The game is kept in your games."));
                    }
                }
            }
            if room.spectators > 0 {
                ui.small(fill(lang.t("Spectators: {n}"), &[("n", &room.spectators)]));
            }
            if let Some((_, message)) = notice.0.clone()
                && notice_row(ui, lang, &message)
            {
                notice.0 = None;
            }
            ui.separator();
            let playing = room.status == RoomStatus::Playing && *link.get() == Link::Online;
            if me.is_some() && room.status == RoomStatus::Playing {
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .add_enabled(playing, egui::Button::new(lang.t("Resign")))
                        .clicked()
                    {
                        confirm.0 = true;
                    }
                    let offered = room.draw_offer == me;
                    if ui
                        .add_enabled(
                            playing && !offered,
                            egui::Button::new(lang.t("Offer a draw")),
                        )
                        .clicked()
                        && let Some(m) = game.seat_action(|code, seat_token| {
                            ClientMessage::OfferDraw { code, seat_token }
                        })
                    {
                        out.write(ToServer(m));
                    }
                    let my_moves = me.is_some_and(|c| {
                        let first = usize::from(c == Stone::White);
                        room.moves.len() > first
                    });
                    let asked = room.takeback_request == me;
                    if ui
                        .add_enabled(
                            playing && my_moves && !asked,
                            egui::Button::new(lang.t("Ask for a takeback")),
                        )
                        .clicked()
                        && let Some(m) = game.seat_action(|code, seat_token| {
                            ClientMessage::AskTakeback { code, seat_token }
                        })
                    {
                        out.write(ToServer(m));
                    }
                });
                if room.draw_offer == me {
                    ui.small(lang.t("You offered a draw."));
                }
                if room.takeback_request == me {
                    ui.small(lang.t("You asked for a takeback."));
                }
            }
            ui.add_space(6.0);
            let back = if room.status == RoomStatus::Finished {
                primary_button(lang.t("Back to the lobby"))
            } else {
                button(lang.t("Back to the lobby"))
            };
            if ui.add(back).clicked() {
                next.set(Screen::Lobby);
            }
        });
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

/// A notice from the server in the error colour, with a button that puts it away (an "x" a
/// screen reader names); returns whether it was put away.
fn notice_row(ui: &mut egui::Ui, lang: Lang, message: &str) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(message).color(error_colour(ui)));
        let name = lang.t("Dismiss");
        ui.add(icon_button("x", name).icon_only(true))
            .on_hover_text(name)
            .clicked()
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{accessible, run_frame, styled_context};
    use crate::players::settings::Language;

    fn player(rating: f64, provisional: bool) -> PlayerInfo {
        PlayerInfo {
            id: 1,
            name: "Ann".to_owned(),
            rating,
            deviation: if provisional { 300.0 } else { 50.0 },
            games: 3,
            provisional,
        }
    }

    #[test]
    fn a_provisional_rating_is_shown_as_such_in_both_languages() {
        let (en, zh) = (Lang(Language::English), Lang(Language::Chinese));
        assert_eq!(rating_text(&player(1500.4, true), en), "Rating 1500?");
        assert_eq!(rating_text(&player(1623.6, false), en), "Rating 1624");
        assert_eq!(rating_text(&player(1500.0, true), zh), "积分 1500?");
    }

    #[test]
    fn the_cards_show_the_ratings_as_the_server_rates_them() {
        let room = RoomState {
            code: "K7QX2M".to_owned(),
            settings: crate::app::online::default_room_settings(),
            public: true,
            status: RoomStatus::Playing,
            black: Some(player(1712.0, false)),
            white: Some(player(1500.0, true)),
            connected: [true, true],
            moves: vec![],
            to_move: Stone::Black,
            clock: None,
            draw_offer: None,
            takeback_request: None,
            result: None,
            spectators: 0,
        };
        let en = Lang(Language::English);
        let cards = online_cards(&room, &OnlineClocks::default(), Some(Stone::Black), en);
        let ranks: Vec<&str> = cards.0.iter().map(|c| c.rank.as_str()).collect();
        assert_eq!(ranks, ["Rating 1712", "Rating 1500?"]);
    }

    #[test]
    fn reconnecting_says_what_went_wrong_and_that_it_comes_back_by_itself() {
        let en = Lang(Language::English);
        let mut status = LinkStatus::default();
        assert_eq!(reconnecting_text(&status, en), "Reconnecting...");
        status.problem = Some(crate::app::online::LinkProblem::Dropped);
        assert_eq!(
            reconnecting_text(&status, en),
            "The connection to the server was lost. Reconnecting by itself..."
        );
    }

    #[test]
    fn the_notice_s_x_has_a_name_a_screen_reader_can_say() {
        for language in [Language::English, Language::Chinese] {
            let lang = Lang(language);
            let ctx = styled_context(800.0);
            ctx.enable_accesskit();
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
            let output = run_frame(&ctx, screen, Vec::new(), |ctx| {
                dialog_window("Online", "online_test").show(ctx, |ui| {
                    notice_row(ui, lang, "The server went away.");
                });
            });
            let controls = accessible(&output);
            let x = controls
                .iter()
                .find(|c| c.role == egui::accesskit::Role::Button)
                .expect("the notice's button");
            assert_eq!(x.name.as_deref(), Some(lang.t("Dismiss")), "{language:?}");
        }
    }
}
