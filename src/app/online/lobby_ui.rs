//! The lobby screen: the connection (server, name, what went wrong), a new room (rule, board,
//! time, colour, public or not) or a quick match, joining by invite code, the player's games
//! to go back to, and the public games to watch. The requests go to the server as
//! [`ToServer`] messages; the seat it hands out opens the online game (`game`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::lobby::{TIME_PRESETS, default_room_settings};
use super::{
    Link, LinkStatus, Lobby, OnlineAccount, OnlineCommand, OnlineGame, OnlineNotice, ToServer,
    rating_label,
};
use crate::app::i18n::{Lang, fill, rule_label};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{
    dialog_width, dialog_window, error_colour, primary_button, scroll_when_tall,
};
use crate::app::{Dialog, PlayerProfiles, Screen};
use crate::engine::Rule;
use crate::net::{
    ClientMessage, ColourChoice, GameSummary, MAX_NAME_CHARS, ONLINE_SIZES, RoomSettings,
    RoomStatus, TimeControl,
};

/// What the lobby's form holds.
#[derive(Resource, Debug, Clone)]
struct LobbyForm {
    rule: Rule,
    size: u8,
    time: Option<TimeControl>,
    colour: ColourChoice,
    public: bool,
    code: String,
}

impl Default for LobbyForm {
    fn default() -> Self {
        let settings = default_room_settings();
        LobbyForm {
            rule: settings.rule,
            size: settings.size,
            time: settings.time,
            colour: ColourChoice::Random,
            public: true,
            code: String::new(),
        }
    }
}

impl LobbyForm {
    fn settings(&self) -> RoomSettings {
        RoomSettings {
            rule: self.rule,
            size: self.size,
            time: self.time,
            rated: true,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LobbyForm>().add_systems(
        EguiPrimaryContextPass,
        lobby_window
            .run_if(in_state(Screen::Lobby).and_then(in_state(Dialog::None)))
            .in_set(UiSystems::Screens),
    );
}

/// "5 min + 3 s", or "Untimed".
/// The lobby's width where there is room, in points.
const LOBBY_WIDTH: f32 = 560.0;

fn time_text(time: Option<TimeControl>, lang: Lang) -> String {
    match time {
        Some(t) => fill(
            lang.t("{min} min + {inc} s"),
            &[("min", &(t.base_secs / 60)), ("inc", &t.increment_secs)],
        ),
        None => lang.t("Untimed").to_owned(),
    }
}

/// Where the connection stands: the name and rating the server knows the player by (the
/// name may not be the one asked for), or what went wrong and that it is tried again.
fn connection_lines(ui: &mut egui::Ui, link: Link, status: &LinkStatus, asked: &str, lang: Lang) {
    let problem = |ui: &mut egui::Ui, text: String| {
        ui.label(egui::RichText::new(text).color(error_colour(ui)));
    };
    match (link, &status.player) {
        (Link::Online, Some(player)) => {
            let label = ui.label(fill(
                lang.t("Connected as {name}, rating {rating}"),
                &[("name", &player.name), ("rating", &rating_label(player))],
            ));
            if player.provisional {
                label.on_hover_text(lang.t(
                    "A rating followed by ? is provisional: it settles after more rated games.",
                ));
            }
        }
        (Link::Online, None) => {
            ui.label(fill(lang.t("Connected as {name}"), &[("name", &asked)]));
        }
        (Link::Connecting, _) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(lang.t("Connecting..."));
            });
            // The last attempt's trouble stays in view between two attempts.
            if let Some(p) = &status.problem {
                problem(ui, p.text(lang));
            }
        }
        (Link::Retrying, _) => {
            let why = status
                .problem
                .as_ref()
                .map(|p| p.text(lang))
                .unwrap_or_default();
            let secs = status.retry.remaining_secs().ceil();
            problem(
                ui,
                fill(
                    lang.t("{why} Trying again by itself in {n} s."),
                    &[("why", &why), ("n", &secs)],
                ),
            );
        }
        (Link::Offline, _) => {
            ui.label(lang.t("Not connected."));
        }
    }
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
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let online = *link.get() == Link::Online;
    let mut send = |m: ClientMessage| {
        out.write(ToServer(m));
    };
    // At most 560 points wide, and no wider than the window leaves room for (an upright
    // phone-sized window had the lobby run off both its sides).
    let width = dialog_width(ctx, LOBBY_WIDTH);
    let narrow = width < LOBBY_WIDTH;
    lobby_frame(ctx, lang, width, |ui| {
        // The connection.
        ui.horizontal(|ui| {
            ui.label(lang.t("Server"));
            ui.label(egui::RichText::new(account.address()).monospace());
            if ui.small_button(lang.t("Settings")).clicked() {
                dialog.set(Dialog::Settings);
            }
        });
        connection_lines(
            ui,
            *link.get(),
            &status,
            &account.name(profiles.as_deref()),
            lang,
        );
        ui.horizontal(|ui| {
            ui.label(lang.t("Your name"));
            let mut name = account.0.name.clone();
            let hint = account.name(profiles.as_deref());
            let edit = egui::TextEdit::singleline(&mut name)
                .hint_text(hint)
                .char_limit(MAX_NAME_CHARS)
                .desired_width(180.0);
            if ui.add(edit).changed() {
                account.0.name = name;
            }
            if matches!(*link.get(), Link::Offline | Link::Retrying)
                && ui.button(lang.t("Connect")).clicked()
            {
                commands.write(OnlineCommand::Disconnect);
                commands.write(OnlineCommand::Connect);
            }
        });
        if let Some((_, message)) = &notice.0 {
            ui.label(egui::RichText::new(message).color(error_colour(ui)));
        }
        ui.separator();

        // A new game.
        ui.heading(lang.t("New game"));
        egui::Grid::new("lobby_new_game")
            .num_columns(2)
            .spacing([16.0, 8.0])
            .show(ui, |ui| {
                ui.label(lang.t("Rule"));
                ui.horizontal_wrapped(|ui| {
                    for rule in Rule::ALL {
                        ui.radio_value(&mut form.rule, rule, lang.t(rule_label(rule)));
                    }
                });
                ui.end_row();
                ui.label(lang.t("Board"));
                ui.horizontal_wrapped(|ui| {
                    for size in ONLINE_SIZES {
                        ui.radio_value(&mut form.size, size, format!("{size}x{size}"));
                    }
                });
                ui.end_row();
                ui.label(lang.t("Time"));
                ui.horizontal_wrapped(|ui| {
                    for preset in TIME_PRESETS {
                        ui.radio_value(&mut form.time, preset, time_text(preset, lang));
                    }
                });
                ui.end_row();
                ui.label(lang.t("Your colour"));
                ui.horizontal_wrapped(|ui| {
                    ui.radio_value(&mut form.colour, ColourChoice::Black, lang.t("Black"));
                    ui.radio_value(&mut form.colour, ColourChoice::White, lang.t("White"));
                    ui.radio_value(&mut form.colour, ColourChoice::Random, lang.t("Random"));
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut form.public, lang.t("Public: anyone may watch"));
                ui.end_row();
            });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(online, primary_button(lang.t("Create a room")))
                .clicked()
            {
                notice.0 = None;
                send(ClientMessage::CreateRoom {
                    settings: form.settings(),
                    colour: form.colour,
                    public: form.public,
                });
            }
            match lobby.queued {
                Some(_) => {
                    ui.spinner();
                    ui.label(lang.t("Waiting for an opponent..."));
                    if ui.button(lang.t("Cancel")).clicked() {
                        send(ClientMessage::CancelQuickMatch);
                    }
                }
                None => {
                    if ui
                        .add_enabled(online, egui::Button::new(lang.t("Quick match")))
                        .on_hover_text(
                            lang.t(
                                "Play the next player who asks for the same rule, board and time",
                            ),
                        )
                        .clicked()
                    {
                        notice.0 = None;
                        send(ClientMessage::QuickMatch {
                            settings: form.settings(),
                        });
                    }
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label(lang.t("Invite code"));
            ui.add(
                egui::TextEdit::singleline(&mut form.code)
                    .char_limit(16)
                    .desired_width(100.0),
            );
            let code = form.code.trim().to_uppercase();
            if ui
                .add_enabled(
                    online && !code.is_empty(),
                    egui::Button::new(lang.t("Join")),
                )
                .clicked()
            {
                notice.0 = None;
                send(ClientMessage::JoinRoom { code });
            }
        });

        // The player's games to go back to.
        let address = status.address.clone();
        let seats = account
            .server(&address)
            .map(|s| s.seats.clone())
            .unwrap_or_default();
        if !seats.is_empty() {
            ui.separator();
            ui.heading(lang.t("Your games"));
            for seat in seats {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(&seat.code).monospace());
                    ui.label(lang.t(crate::app::i18n::stone_name(seat.colour)));
                    if ui
                        .add_enabled(online, egui::Button::new(lang.t("Resume")))
                        .clicked()
                    {
                        send(game.resume(seat.clone()));
                    }
                });
            }
        }

        // Games to watch.
        ui.separator();
        ui.horizontal(|ui| {
            ui.heading(lang.t("Games to watch"));
            if ui
                .add_enabled(online, egui::Button::new(lang.t("Refresh")))
                .clicked()
            {
                send(ClientMessage::ListGames);
            }
        });
        if lobby.games.is_empty() {
            ui.label(lang.t("No public games right now."));
        }
        // One game's code, players, settings, move and buttons: cells of a grid, or a
        // wrapped block of its own in a narrow window.
        let mut game_cells = |ui: &mut egui::Ui, g: &GameSummary| {
            ui.label(egui::RichText::new(&g.code).monospace());
            let who = |n: &Option<String>| {
                n.clone()
                    .unwrap_or_else(|| lang.t("(free seat)").to_owned())
            };
            ui.label(fill(
                lang.t("{black} (Black) vs {white} (White)"),
                &[("black", &who(&g.black)), ("white", &who(&g.white))],
            ));
            ui.label(format!(
                "{}, {}x{}, {}",
                lang.t(rule_label(g.settings.rule)),
                g.settings.size,
                g.settings.size,
                time_text(g.settings.time, lang)
            ));
            ui.label(fill(lang.t("Move {n}"), &[("n", &g.moves)]));
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(online, egui::Button::new(lang.t("Watch")))
                    .clicked()
                {
                    send(game.watch(&g.code));
                    next.set(Screen::Online);
                }
                if g.status == RoomStatus::Waiting
                    && ui
                        .add_enabled(online, egui::Button::new(lang.t("Join")))
                        .clicked()
                {
                    send(ClientMessage::JoinRoom {
                        code: g.code.clone(),
                    });
                }
            });
        };
        egui::ScrollArea::vertical()
            .max_height(180.0)
            .show(ui, |ui| {
                if narrow {
                    for g in &lobby.games {
                        ui.horizontal_wrapped(|ui| game_cells(ui, g));
                        ui.separator();
                    }
                    return;
                }
                egui::Grid::new("lobby_games")
                    .num_columns(5)
                    .spacing([12.0, 6.0])
                    .striped(true)
                    .show(ui, |ui| {
                        for g in &lobby.games {
                            game_cells(ui, g);
                            ui.end_row();
                        }
                    });
            });
        ui.separator();
        if ui.button(lang.t("Menu")).clicked() {
            next.set(Screen::Menu);
        }
    });
    Ok(())
}

/// The lobby's window, `width` wide, around its contents; they scroll when they are taller
/// than the window leaves room for (at 800x600 the title and the Menu button were cut off).
fn lobby_frame(ctx: &egui::Context, lang: Lang, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    dialog_window(lang.t("Play online"), LOBBY_WINDOW).show(ctx, |ui| {
        ui.set_width(width);
        scroll_when_tall(ui, add);
    });
}

/// The lobby window's id.
const LOBBY_WINDOW: &str = "lobby";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{run_frame, styled_context, window_rect};
    use crate::players::settings::Language;

    #[test]
    fn a_lobby_taller_than_the_window_keeps_its_title_and_menu_button_in_view() {
        for (w, h) in [(800.0, 600.0), (907.0, 680.0), (540.0, 960.0)] {
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
            let ctx = styled_context(h);
            for _ in 0..4 {
                run_frame(&ctx, screen, Vec::new(), |ctx| {
                    let width = dialog_width(ctx, LOBBY_WIDTH);
                    // As tall as the lobby with a few games to watch.
                    lobby_frame(ctx, Lang(Language::English), width, |ui| {
                        for i in 0..30 {
                            ui.label(format!("Row {i}"));
                        }
                        let _ = ui.button("Menu");
                    });
                });
            }
            let rect = window_rect(&ctx, LOBBY_WINDOW).expect("shown");
            // Title bar and all: the rows scroll inside it.
            assert!(screen.contains_rect(rect), "{w}x{h}: {rect:?}");
        }
    }
}
