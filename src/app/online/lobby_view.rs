//! The lobby's contents, drawn from plain data ([`LobbyView`] and the form): the connection
//! (server, name, what went wrong), a new room or a quick match, joining by invite code, the
//! player's games to go back to, and the public games to watch. What the player asks for comes
//! back as [`LobbyAction`] values (`lobby_ui` carries them out), so the layout can be drawn
//! and measured without Bevy.
//!
//! The layout does not move under the pointer: both lists scroll inside areas of a fixed
//! size, shown even when empty, so a game appearing in a list (or the player's games arriving
//! with the welcome) leaves the window's size and the invite-code field where they were; the
//! connection's state and the server's notice have room kept for three lines, so connecting,
//! a dropped connection or a refusal do not move them either.

use bevy_egui::egui;

use super::lobby::{TIME_PRESETS, default_room_settings};
use super::{Link, LinkStatus, rating_label};
use crate::app::i18n::{Lang, fill, rule_label, stone_name};
use crate::app::theme::widgets::{
    dialog_room, dialog_window, error_colour, primary_button, scroll_when_tall,
};
use gomoku_engine::Rule;
use gomoku_net::{
    ClientMessage, ColourChoice, GameSummary, MAX_NAME_CHARS, ONLINE_SIZES, RoomSettings,
    RoomStatus, SeatInfo, TimeControl,
};

/// The lobby's width where there is room, in points.
pub(super) const LOBBY_WIDTH: f32 = 560.0;
/// The lobby window's id.
pub(super) const LOBBY_WINDOW: &str = "lobby";
/// The invite-code field's id (tests find it by that id).
pub(super) const INVITE_FIELD: &str = "lobby_invite_code";
/// The rows the player's games get before they scroll (one shown, the next half).
const SEAT_ROWS: f32 = 1.5;
/// The rows the games to watch get before they scroll: what the screen leaves below the rest
/// of the lobby, within these bounds (the rest is measured on the frame before, and lists
/// change nothing of it, so the lobby keeps its size whatever they hold).
const GAME_ROWS: std::ops::RangeInclusive<f32> = 2.0..=6.0;
/// Where the lobby keeps the height of its contents without the games to watch.
const REST_HEIGHT: &str = "lobby_rest_height";
/// The lines of text kept for the connection's state and the server's notice.
const STATUS_LINES: f32 = 3.0;

/// What the lobby's form holds.
#[derive(bevy::prelude::Resource, Debug, Clone)]
pub(super) struct LobbyForm {
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

/// What the lobby shows, read from the resources by `lobby_ui`.
pub(super) struct LobbyView<'a> {
    /// The language.
    pub lang: Lang,
    /// Where the connection stands.
    pub link: Link,
    /// Its details (what went wrong, the player the server knows).
    pub status: &'a LinkStatus,
    /// The server address shown.
    pub address: String,
    /// The name set for online play (empty for the profile's).
    pub name: &'a str,
    /// The name played under when none is set.
    pub name_hint: String,
    /// The server's last refusal or notice.
    pub notice: Option<&'a str>,
    /// Whether the player waits in the quick-match queue.
    pub queued: bool,
    /// The player's games not yet over on this server.
    pub seats: &'a [SeatInfo],
    /// The public games to watch.
    pub games: &'a [GameSummary],
    /// Whether the window is narrower than [`LOBBY_WIDTH`] (the games are then wrapped
    /// blocks, not a grid).
    pub narrow: bool,
}

/// What the player asked for in the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum LobbyAction {
    /// A message for the server.
    Send(ClientMessage),
    /// Take this seat up again.
    Resume(SeatInfo),
    /// Watch the game with this code.
    Watch(String),
    /// Connect again now.
    Connect,
    /// Open the settings.
    Settings,
    /// Back to the menu.
    Menu,
    /// The name to play under, as typed.
    Name(String),
    /// Put the server's notice away (a new request is on its way).
    ClearNotice,
    /// Open the Account window.
    Account,
}

/// "5 min + 3 s", or "Untimed".
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
        (Link::Offline, _) => match &status.signed_out {
            Some(why) => {
                problem(
                    ui,
                    super::account_view::signed_out_text(why, lang).to_owned(),
                );
            }
            None => {
                ui.label(lang.t("Not connected."));
            }
        },
    }
}

/// A list `rows` rows tall and as wide as the window whatever it holds: it scrolls when longer
/// or wider (long names), and leaves blank space when shorter, so that neither the window nor
/// what follows the list moves.
fn list_area(ui: &mut egui::Ui, id: &str, rows: f32, add: impl FnOnce(&mut egui::Ui)) {
    let height = rows * row_height(ui);
    egui::ScrollArea::both()
        .id_salt(id)
        .auto_shrink([false, false])
        .min_scrolled_height(height)
        .max_height(height)
        .show(ui, add);
}

/// The lobby's contents; what the player asks for goes into `actions`.
pub(super) fn lobby_contents(
    ui: &mut egui::Ui,
    view: &LobbyView,
    form: &mut LobbyForm,
    actions: &mut Vec<LobbyAction>,
) {
    let lang = view.lang;
    let online = view.link == Link::Online;
    let top = ui.cursor().top();
    let games_height = games_to_watch_height(ui);
    // The connection.
    ui.horizontal(|ui| {
        ui.label(lang.t("Server"));
        ui.label(egui::RichText::new(&view.address).monospace());
        if ui.small_button(lang.t("Settings")).clicked() {
            actions.push(LobbyAction::Settings);
        }
    });
    // Where the connection stands and the server's notice, in room kept for three lines:
    // connecting, connected, a dropped connection tried again or a refusal leave the rest in
    // place (only a longer trouble takes more).
    ui.vertical(|ui| {
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        ui.set_min_height(STATUS_LINES * line);
        connection_lines(ui, view.link, view.status, &view.name_hint, lang);
        if let Some(message) = view.notice {
            ui.label(egui::RichText::new(message).color(error_colour(ui)));
        }
    });
    ui.horizontal(|ui| {
        ui.label(lang.t("Your name"));
        let mut name = view.name.to_owned();
        let edit = egui::TextEdit::singleline(&mut name)
            .hint_text(&view.name_hint)
            .char_limit(MAX_NAME_CHARS)
            .desired_width(180.0);
        if ui.add(edit).changed() {
            actions.push(LobbyAction::Name(name));
        }
        if matches!(view.link, Link::Offline | Link::Retrying)
            && view.status.signed_out.is_none()
            && ui.button(lang.t("Connect")).clicked()
        {
            actions.push(LobbyAction::Connect);
        }
        if ui
            .button(lang.t("Account"))
            .on_hover_text(lang.t(
                "Your account on this server: a password, other devices, your games; or sign in to an account you already have",
            ))
            .clicked()
        {
            actions.push(LobbyAction::Account);
        }
    });
    ui.separator();

    new_game(ui, view, form, actions);
    ui.horizontal(|ui| {
        ui.label(lang.t("Invite code"));
        ui.add(
            egui::TextEdit::singleline(&mut form.code)
                .id(egui::Id::new(INVITE_FIELD))
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
            actions.push(LobbyAction::ClearNotice);
            actions.push(LobbyAction::Send(ClientMessage::JoinRoom { code }));
        }
    });

    // The player's games to go back to.
    ui.separator();
    ui.heading(lang.t("Your games"));
    list_area(ui, "lobby_seats", SEAT_ROWS, |ui| {
        if view.seats.is_empty() {
            ui.label(lang.t("No game to go back to."));
        }
        for seat in view.seats {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&seat.code).monospace());
                ui.label(lang.t(stone_name(seat.colour)));
                if ui
                    .add_enabled(online, egui::Button::new(lang.t("Resume")))
                    .clicked()
                {
                    actions.push(LobbyAction::Resume(seat.clone()));
                }
            });
        }
    });

    // Games to watch.
    ui.separator();
    ui.horizontal(|ui| {
        ui.heading(lang.t("Games to watch"));
        if ui
            .add_enabled(online, egui::Button::new(lang.t("Refresh")))
            .clicked()
        {
            actions.push(LobbyAction::Send(ClientMessage::ListGames));
        }
    });
    list_area(ui, "lobby_games", games_height / row_height(ui), |ui| {
        games_to_watch(ui, view, actions);
    });
    ui.separator();
    if ui.button(lang.t("Menu")).clicked() {
        actions.push(LobbyAction::Menu);
    }
    let rest = ui.cursor().top() - top - games_height;
    ui.ctx()
        .data_mut(|d| d.insert_temp(egui::Id::new(REST_HEIGHT), rest));
}

/// A list's row: a button's height and the gap below it.
fn row_height(ui: &egui::Ui) -> f32 {
    ui.spacing().interact_size.y + ui.spacing().item_spacing.y
}

/// The height of the games to watch: the room the screen leaves below the rest of the lobby
/// (as measured on the last frame; four rows before that), in [`GAME_ROWS`].
fn games_to_watch_height(ui: &egui::Ui) -> f32 {
    let row = row_height(ui);
    let rest = ui
        .ctx()
        .data(|d| d.get_temp::<f32>(egui::Id::new(REST_HEIGHT)));
    let rows = rest.map_or(4.0, |rest| {
        ((dialog_room(ui.ctx()) - rest) / row)
            .floor()
            .clamp(*GAME_ROWS.start(), *GAME_ROWS.end())
    });
    rows * row
}

/// The form of a new room and its buttons (create, quick match or the queue's wait).
fn new_game(
    ui: &mut egui::Ui,
    view: &LobbyView,
    form: &mut LobbyForm,
    actions: &mut Vec<LobbyAction>,
) {
    let lang = view.lang;
    let online = view.link == Link::Online;
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
            actions.push(LobbyAction::ClearNotice);
            actions.push(LobbyAction::Send(ClientMessage::CreateRoom {
                settings: form.settings(),
                colour: form.colour,
                public: form.public,
            }));
        }
        if view.queued {
            ui.spinner();
            ui.label(lang.t("Waiting for an opponent..."));
            if ui.button(lang.t("Cancel")).clicked() {
                actions.push(LobbyAction::Send(ClientMessage::CancelQuickMatch));
            }
        } else if ui
            .add_enabled(online, egui::Button::new(lang.t("Quick match")))
            .on_hover_text(
                lang.t("Play the next player who asks for the same rule, board and time"),
            )
            .clicked()
        {
            actions.push(LobbyAction::ClearNotice);
            actions.push(LobbyAction::Send(ClientMessage::QuickMatch {
                settings: form.settings(),
            }));
        }
    });
}

/// The public games: one game's code, players, settings, move and buttons as cells of a
/// grid, or as a wrapped block of its own in a narrow window.
fn games_to_watch(ui: &mut egui::Ui, view: &LobbyView, actions: &mut Vec<LobbyAction>) {
    let lang = view.lang;
    let online = view.link == Link::Online;
    if view.games.is_empty() {
        ui.label(lang.t("No public games right now."));
    }
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
                actions.push(LobbyAction::Watch(g.code.clone()));
            }
            if g.status == RoomStatus::Waiting
                && ui
                    .add_enabled(online, egui::Button::new(lang.t("Join")))
                    .clicked()
            {
                actions.push(LobbyAction::Send(ClientMessage::JoinRoom {
                    code: g.code.clone(),
                }));
            }
        });
    };
    if view.narrow {
        for g in view.games {
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
            for g in view.games {
                game_cells(ui, g);
                ui.end_row();
            }
        });
}

/// The lobby's window, `width` wide, around its contents; they scroll when they are taller
/// than the window leaves room for (at 800x600 the title and the Menu button were cut off).
pub(super) fn lobby_frame(
    ctx: &egui::Context,
    lang: Lang,
    width: f32,
    add: impl FnOnce(&mut egui::Ui),
) {
    dialog_window(lang.t("Play online"), LOBBY_WINDOW).show(ctx, |ui| {
        ui.set_width(width);
        scroll_when_tall(ui, add);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{run_frame, styled_context, window_rect};
    use crate::app::theme::widgets::dialog_width;
    use crate::players::settings::Language;
    use gomoku_engine::Stone;

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

    fn summary(i: usize) -> GameSummary {
        GameSummary {
            code: format!("G{i:05}"),
            settings: default_room_settings(),
            status: if i.is_multiple_of(2) {
                RoomStatus::Playing
            } else {
                RoomStatus::Waiting
            },
            black: Some(format!("Black player {i}")),
            white: i.is_multiple_of(2).then(|| format!("White player {i}")),
            moves: i as u32 * 7,
        }
    }

    fn seat(i: usize) -> SeatInfo {
        SeatInfo {
            code: format!("S{i:05}"),
            colour: Stone::Black,
            seat_token: "t".to_owned(),
        }
    }

    /// What the connection shows: the link, its status and the server's notice.
    type Connection = (Link, LinkStatus, Option<&'static str>);

    /// Connected as Ann, no notice.
    fn connected() -> Connection {
        let status = LinkStatus {
            player: Some(gomoku_net::PlayerInfo {
                id: 1,
                name: "Ann".to_owned(),
                rating: 1500.0,
                deviation: 300.0,
                games: 0,
                provisional: true,
            }),
            ..LinkStatus::default()
        };
        (Link::Online, status, None)
    }

    /// Draws the lobby with these lists and this connection for a few frames; returns where
    /// the invite-code field and the window were.
    fn drawn(
        ctx: &egui::Context,
        screen: egui::Rect,
        lang: Lang,
        seats: &[SeatInfo],
        games: &[GameSummary],
        (link, status, notice): &Connection,
    ) -> (egui::Rect, egui::Rect) {
        let mut form = LobbyForm::default();
        // A window settles in its second frame; a few more for good measure.
        for _ in 0..6 {
            run_frame(ctx, screen, Vec::new(), |ctx| {
                let width = dialog_width(ctx, LOBBY_WIDTH);
                let view = LobbyView {
                    lang,
                    link: *link,
                    status,
                    address: "ws://127.0.0.1:7878/ws".to_owned(),
                    name: "Ann",
                    name_hint: "Ann".to_owned(),
                    notice: *notice,
                    queued: false,
                    seats,
                    games,
                    narrow: width < LOBBY_WIDTH,
                };
                lobby_frame(ctx, lang, width, |ui| {
                    lobby_contents(ui, &view, &mut form, &mut Vec::new());
                });
            });
        }
        let field = ctx
            .read_response(egui::Id::new(INVITE_FIELD))
            .expect("the invite field is drawn")
            .rect;
        (field, window_rect(ctx, LOBBY_WINDOW).expect("shown"))
    }

    #[test]
    fn the_invite_field_stays_put_when_games_appear_in_the_lists() {
        let many_games: Vec<GameSummary> = (0..12).map(summary).collect();
        let many_seats: Vec<SeatInfo> = (0..5).map(seat).collect();
        for (w, h) in [(1280.0, 1024.0), (1280.0, 800.0), (540.0, 960.0)] {
            for language in [Language::English, Language::Chinese] {
                let lang = Lang(language);
                let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
                // One window, the lists filling up and emptying while it is shown.
                let ctx = styled_context(h);
                let empty = drawn(&ctx, screen, lang, &[], &[], &connected());
                for (seats, games) in [
                    (&[][..], &many_games[..1]),
                    (&many_seats[..1], &many_games[..3]),
                    (&many_seats[..], &many_games[..]),
                    (&[][..], &[][..]),
                ] {
                    let now = drawn(&ctx, screen, lang, seats, games, &connected());
                    let what = format!(
                        "{w}x{h} {language:?}, {} seats and {} games",
                        seats.len(),
                        games.len()
                    );
                    assert_eq!(now.0, empty.0, "the invite field moved: {what}");
                    assert_eq!(now.1, empty.1, "the window changed: {what}");
                }
            }
        }
    }

    #[test]
    fn on_a_common_screen_the_lobby_fits_whole_with_room_for_games_to_watch() {
        let games: Vec<GameSummary> = (0..12).map(summary).collect();
        for (w, h) in [(1200.0, 900.0), (1280.0, 1024.0), (1920.0, 1080.0)] {
            for language in [Language::English, Language::Chinese] {
                let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
                let ctx = styled_context(h);
                let (_, window) = drawn(&ctx, screen, Lang(language), &[], &games, &connected());
                let rest: f32 = ctx
                    .data(|d| d.get_temp(egui::Id::new(REST_HEIGHT)))
                    .expect("measured");
                let spacing = ctx.global_style().spacing.clone();
                let row = spacing.interact_size.y + spacing.item_spacing.y;
                let rows = ((dialog_room(&ctx) - rest) / row).floor();
                let what = format!("{w}x{h} {language:?}: {rest} points besides the games");
                assert!(rows >= *GAME_ROWS.start(), "the lobby scrolls: {what}");
                assert!(screen.contains_rect(window), "{what}: {window:?}");
            }
        }
    }

    #[test]
    fn the_invite_field_stays_put_while_the_connection_comes_and_goes() {
        let dropped = LinkStatus {
            problem: Some(crate::app::online::LinkProblem::Dropped),
            ..LinkStatus::default()
        };
        let (_, online, _) = connected();
        let states: [Connection; 5] = [
            (Link::Connecting, LinkStatus::default(), None),
            (Link::Online, online.clone(), Some("This room is full.")),
            (Link::Retrying, dropped.clone(), None),
            (Link::Connecting, dropped, None),
            (Link::Offline, LinkStatus::default(), None),
        ];
        for (w, h) in [(1280.0, 1024.0), (1280.0, 800.0)] {
            for language in [Language::English, Language::Chinese] {
                let lang = Lang(language);
                let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
                let ctx = styled_context(h);
                let first = drawn(&ctx, screen, lang, &[], &[], &connected());
                for (i, state) in states.iter().enumerate() {
                    let now = drawn(&ctx, screen, lang, &[], &[], state);
                    let what = format!("{w}x{h} {language:?}, state {i} ({:?})", state.0);
                    assert_eq!(now.0, first.0, "the invite field moved: {what}");
                    assert_eq!(now.1, first.1, "the window changed: {what}");
                }
            }
        }
    }
}
