//! The panel beside an online game (below it in a window taller than wide), drawn from plain
//! data ([`PanelView`]): both players with their clocks, whose move it is, the invite code
//! while the room waits, the connection's trouble, the server's notice, and the game's actions
//! (resign, offer a draw, ask for a takeback) kept in sight at its foot. What the player asks
//! for comes back as [`PanelAction`] values (`panel` carries them out), so the panel can be
//! drawn without Bevy (the glyph test draws it on a game's first frame).

use bevy_egui::egui;

use super::clocks::OnlineClocks;
use super::{Link, LinkStatus, OnlineGame, rating_label};
use crate::app::board::BoardLayout;
use crate::app::board::layout::SIDE_PANEL;
use crate::app::i18n::{Lang, fill, rule_label, stone_name};
use crate::app::screens::player_cards::{CardState, PlayerCard, PlayerCards, show_cards};
use crate::app::theme::style::INVITE_CODE;
use crate::app::theme::widgets::{button, error_colour, icon_button, primary_button, show_panel};
use gomoku_engine::Stone;
use gomoku_net::{ClientMessage, EndReason, GameResult, PlayerInfo, RoomState, RoomStatus};

/// What the panel shows, read from the resources by `panel`.
pub(super) struct PanelView<'a> {
    /// The language.
    pub lang: Lang,
    /// Where the connection stands.
    pub link: Link,
    /// Its details (what went wrong).
    pub status: &'a LinkStatus,
    /// The game on screen.
    pub game: &'a OnlineGame,
    /// Its clocks as shown now.
    pub clocks: &'a OnlineClocks,
    /// The server's last refusal or notice.
    pub notice: Option<&'a str>,
}

/// What the player asked for in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum PanelAction {
    /// A message for the server (a draw offered, a takeback asked for).
    Send(ClientMessage),
    /// Ask "Resign?".
    Resign,
    /// Put the server's notice away.
    DismissNotice,
    /// Back to the lobby.
    BackToLobby,
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

/// Draws the panel beside the board, or below it in a window taller than wide (the layout
/// keeps its room there: `BoardLayout::fit_with_panel`), never over the board. The game's
/// actions stay at the panel's foot; what is above them scrolls when the panel is short. What
/// the player asks for goes into `actions`.
pub(super) fn show_online_panel(
    ctx: &egui::Context,
    layout: Option<&BoardLayout>,
    view: &PanelView,
    actions: &mut Vec<PanelAction>,
) {
    let (side, below) = layout.map_or((SIDE_PANEL, 0.0), |l| (l.side_panel, l.bottom_panel));
    let (panel, portrait) = if below > 0.0 {
        (
            egui::Panel::bottom("online_panel_below").exact_size(below),
            true,
        )
    } else {
        let width = if side > 0.0 { side } else { SIDE_PANEL };
        (egui::Panel::right("online_panel").exact_size(width), false)
    };
    show_panel(ctx, panel, |ui| {
        egui::Panel::bottom("online_actions")
            .frame(egui::Frame::NONE)
            .show_separator_line(false)
            .show(ui, |ui| {
                ui.separator();
                action_buttons(ui, view, actions);
                ui.add_space(6.0);
            });
        egui::ScrollArea::vertical()
            .id_salt("online_panel_info")
            .auto_shrink([false, false])
            .show(ui, |ui| panel_info(ui, view, portrait, actions));
    });
}

/// What the panel tells: the game (rule, clock), both players' cards (side by side below the
/// board, `portrait`), whose move it is or the result, the invite code while the room waits,
/// the connection's trouble and the server's notice (whose "x" puts it away).
fn panel_info(ui: &mut egui::Ui, view: &PanelView, portrait: bool, actions: &mut Vec<PanelAction>) {
    let lang = view.lang;
    let me = view.game.colour();
    let heading = if me.is_some() {
        lang.t("Online game")
    } else {
        lang.t("Watching")
    };
    ui.add_space(if portrait { 4.0 } else { 8.0 });
    let room = view.game.room.as_ref();
    let game_lines = room.map(|room| {
        let rule = fill(
            lang.t("{rule} rule, {n}x{n}"),
            &[
                ("rule", &lang.t(rule_label(room.settings.rule))),
                ("n", &room.settings.size),
            ],
        );
        let time = match room.settings.time {
            Some(t) => fill(
                lang.t("{min} min + {inc} s"),
                &[("min", &(t.base_secs / 60)), ("inc", &t.increment_secs)],
            ),
            None => lang.t("Untimed").to_owned(),
        };
        (rule, time)
    });
    if portrait {
        // One line below the board: room is short there.
        ui.horizontal_wrapped(|ui| {
            ui.strong(heading);
            if let Some((rule, time)) = &game_lines {
                ui.label(format!("{rule} · {time}"));
            }
        });
    } else {
        ui.heading(heading);
    }
    match view.link {
        Link::Online => {}
        Link::Connecting | Link::Retrying | Link::Offline => {
            ui.label(
                egui::RichText::new(reconnecting_text(view.status, lang)).color(error_colour(ui)),
            );
        }
    }
    let Some(room) = room else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(lang.t("Waiting for the server..."));
        });
        return;
    };
    if let (false, Some((rule, time))) = (portrait, &game_lines) {
        ui.label(rule);
        ui.label(time);
        ui.separator();
    }
    show_cards(
        ui,
        &online_cards(room, view.clocks, me, lang),
        portrait,
        lang,
    );
    disconnected_lines(ui, room, lang);
    ui.separator();
    match room.status {
        RoomStatus::Waiting => {
            ui.label(lang.t("Invite code:"));
            ui.label(
                egui::RichText::new(&room.code)
                    .monospace()
                    .size(INVITE_CODE)
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
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(text).strong());
                ui.label(fill(lang.t("Move {n}"), &[("n", &room.moves.len())]));
            });
            if me.is_some() && room.draw_offer == me {
                ui.small(lang.t("You offered a draw."));
            }
            if me.is_some() && room.takeback_request == me {
                ui.small(lang.t("You asked for a takeback."));
            }
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
    if let Some(message) = view.notice
        && notice_row(ui, lang, message)
    {
        actions.push(PanelAction::DismissNotice);
    }
}

/// The game's actions, in rows that wrap: resign, offer a draw and ask for a takeback while
/// the player's game goes on, and back to the lobby.
fn action_buttons(ui: &mut egui::Ui, view: &PanelView, actions: &mut Vec<PanelAction>) {
    let lang = view.lang;
    let me = view.game.colour();
    let room = view.game.room.as_ref();
    let status = room.map(|r| r.status);
    ui.horizontal_wrapped(|ui| {
        if let (Some(room), Some(_), Some(RoomStatus::Playing)) = (room, me, status) {
            let playing = view.link == Link::Online;
            if ui
                .add_enabled(playing, egui::Button::new(lang.t("Resign")))
                .clicked()
            {
                actions.push(PanelAction::Resign);
            }
            let offered = room.draw_offer == me;
            if ui
                .add_enabled(
                    playing && !offered,
                    egui::Button::new(lang.t("Offer a draw")),
                )
                .clicked()
                && let Some(m) = view
                    .game
                    .seat_action(|code, seat_token| ClientMessage::OfferDraw { code, seat_token })
            {
                actions.push(PanelAction::Send(m));
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
                && let Some(m) = view
                    .game
                    .seat_action(|code, seat_token| ClientMessage::AskTakeback { code, seat_token })
            {
                actions.push(PanelAction::Send(m));
            }
        }
        let back = if status == Some(RoomStatus::Finished) {
            primary_button(lang.t("Back to the lobby"))
        } else {
            button(lang.t("Back to the lobby"))
        };
        if ui.add(back).clicked() {
            actions.push(PanelAction::BackToLobby);
        }
    });
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
    use crate::app::theme::widgets::dialog_window;
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

    /// Runs one frame drawing `draw` on a 1280x800 screen; returns the font atlas's changes
    /// (where and how large, in pixels: the new glyphs).
    fn frame(ctx: &egui::Context, draw: impl FnOnce(&egui::Context)) -> Vec<String> {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            ..Default::default()
        };
        ctx.begin_pass(input);
        draw(ctx);
        let mut delta = ctx.end_pass().textures_delta;
        let changes = delta
            .set
            .iter()
            .flat_map(|(id, deltas)| deltas.iter().map(move |d| (id, d)))
            .map(|(id, d)| format!("{id:?} at {:?}, {:?}", d.pos, d.image.size()))
            .collect();
        // No renderer takes them: let them go.
        delta.clear();
        changes
    }

    /// The panel in `room`, seen by `me`, with `link`, `clocks` and `notice`.
    fn draw_panel(
        ctx: &egui::Context,
        lang: Lang,
        layout: &BoardLayout,
        (room, me, link, clocks, notice): &(
            RoomState,
            Option<Stone>,
            Link,
            OnlineClocks,
            Option<&str>,
        ),
    ) {
        let status = LinkStatus {
            problem: (*link != Link::Online).then_some(crate::app::online::LinkProblem::Dropped),
            ..LinkStatus::default()
        };
        let seat = me.map(|colour| gomoku_net::SeatInfo {
            code: room.code.clone(),
            colour,
            seat_token: "t".to_owned(),
        });
        let game = OnlineGame {
            watching: seat.is_none().then(|| room.code.clone()),
            seat,
            room: Some(room.clone()),
            ..OnlineGame::default()
        };
        let view = PanelView {
            lang,
            link: *link,
            status: &status,
            game: &game,
            clocks,
            notice: *notice,
        };
        show_online_panel(ctx, Some(layout), &view, &mut Vec::new());
    }

    /// The panel's states from a game's first frame on: waiting with the invite code, the
    /// first move to play (each side's view and a spectator's), clocks showing every figure,
    /// offers, a dropped connection, a notice, and each way a game ends.
    fn game_states() -> Vec<(
        RoomState,
        Option<Stone>,
        Link,
        OnlineClocks,
        Option<&'static str>,
    )> {
        let player = |id: i64, name: &str, provisional: bool| PlayerInfo {
            id,
            name: name.to_owned(),
            rating: 1500.0 + id as f64 * 37.4,
            deviation: if provisional { 300.0 } else { 50.0 },
            games: 3,
            provisional,
        };
        let waiting = RoomState {
            code: "K7QX2M".to_owned(),
            settings: crate::app::online::default_room_settings(),
            public: true,
            status: RoomStatus::Waiting,
            black: Some(player(1, "Ann", true)),
            white: None,
            connected: [true, false],
            moves: vec![],
            to_move: Stone::Black,
            clock: None,
            draw_offer: None,
            takeback_request: None,
            result: None,
            spectators: 0,
        };
        let playing = RoomState {
            status: RoomStatus::Playing,
            white: Some(player(2, "Bob", false)),
            connected: [true, true],
            ..waiting.clone()
        };
        let clocks = |black_ms: u64, white_ms: u64| OnlineClocks {
            timed: true,
            black_ms,
            white_ms,
            running: Some(Stone::Black),
        };
        let full = clocks(300_000, 300_000);
        let mut states = vec![
            (waiting, Some(Stone::Black), Link::Online, full, None),
            (
                playing.clone(),
                Some(Stone::Black),
                Link::Online,
                full,
                None,
            ),
            (
                playing.clone(),
                Some(Stone::White),
                Link::Online,
                full,
                None,
            ),
            (playing.clone(), None, Link::Online, full, None),
        ];
        // Every figure on both clocks, tenths under ten seconds, and every move number.
        for (i, (black_ms, white_ms)) in [
            (298_765, 241_032),
            (187_654, 123_456),
            (59_999, 9_876),
            (3_600_000, 7_543),
        ]
        .into_iter()
        .enumerate()
        {
            let mut room = playing.clone();
            room.moves = (0..(i * 23 + 9) as u8)
                .map(|n| gomoku_engine::Pos::new(n % 15, n / 15))
                .collect();
            room.to_move = if room.moves.len().is_multiple_of(2) {
                Stone::Black
            } else {
                Stone::White
            };
            room.spectators = i as u32 * 4 + 1;
            states.push((
                room,
                Some(Stone::White),
                Link::Online,
                clocks(black_ms, white_ms),
                None,
            ));
        }
        let mut offers = playing.clone();
        offers.moves = vec![gomoku_engine::Pos::new(7, 7), gomoku_engine::Pos::new(8, 8)];
        offers.draw_offer = Some(Stone::Black);
        offers.takeback_request = Some(Stone::Black);
        offers.connected = [true, false];
        states.push((offers.clone(), Some(Stone::Black), Link::Online, full, None));
        states.push((
            offers,
            Some(Stone::Black),
            Link::Retrying,
            full,
            Some("It is not your turn."),
        ));
        for (winner, reason) in [
            (Some(Stone::Black), EndReason::Five),
            (Some(Stone::White), EndReason::Forbidden),
            (Some(Stone::White), EndReason::Resigned),
            (Some(Stone::Black), EndReason::Timeout),
            (Some(Stone::Black), EndReason::Abandoned),
            (None, EndReason::DrawAgreed),
            (None, EndReason::BoardFull),
            (None, EndReason::Cancelled),
        ] {
            let mut room = playing.clone();
            room.status = RoomStatus::Finished;
            room.result = Some(GameResult {
                winner,
                reason,
                line: vec![],
            });
            states.push((room, Some(Stone::Black), Link::Online, full, None));
        }
        states
    }

    #[test]
    fn the_panel_s_text_is_in_the_font_atlas_before_a_game_s_first_frame() {
        for language in [Language::English, Language::Chinese] {
            let lang = Lang(language);
            let ctx = styled_context(800.0);
            // The frames before the game (the menu, the lobby): the fonts are installed and
            // the interface's glyphs preloaded, and the atlas goes to the renderer.
            frame(&ctx, |_| {});
            frame(&ctx, |ctx| {
                crate::app::theme::glyphs::preload(ctx, lang);
            });
            frame(&ctx, |_| {});
            // Each state's first frame: no glyph is new, so none can be missing on screen.
            let layout = BoardLayout::fit_with_panel(15, bevy::math::Vec2::new(1280.0, 800.0));
            for (i, state) in game_states().iter().enumerate() {
                let changes = frame(&ctx, |ctx| draw_panel(ctx, lang, &layout, state));
                assert!(
                    changes.is_empty(),
                    "{language:?}: new glyphs on the first frame of state {i} ({:?}, {:?}): {changes:?}",
                    state.0.status,
                    state.0.result.as_ref().map(|r| r.reason)
                );
            }
        }
    }

    /// The window sizes the panel is tried at: desktops, small windows, and windows taller
    /// than wide.
    const WINDOWS: [(f32, f32); 9] = [
        (1280.0, 800.0),
        (1224.0, 918.0),
        (907.0, 680.0),
        (800.0, 600.0),
        (640.0, 600.0),
        (640.0, 480.0),
        (640.0, 760.0),
        (540.0, 960.0),
        (390.0, 844.0),
    ];

    /// A bevy rectangle as egui's.
    fn egui_rect(r: bevy::math::Rect) -> egui::Rect {
        egui::Rect::from_min_max(egui::pos2(r.min.x, r.min.y), egui::pos2(r.max.x, r.max.y))
    }

    #[test]
    fn the_panel_never_lies_over_the_board_and_its_actions_stay_in_sight() {
        use crate::app::board::UiCover;
        use crate::app::board::pointer::board_point;
        use crate::app::capture::egui_harness::{accessible, named};
        use crate::app::theme::held::held;
        use bevy::math::{Rect, Vec2};
        for language in [Language::English, Language::Chinese] {
            let lang = Lang(language);
            for (w, h) in WINDOWS {
                let window = Vec2::new(w, h);
                let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
                let layout = BoardLayout::fit_with_panel(15, window);
                let board = egui_rect(layout.board_rect(window));
                let ctx = styled_context(h);
                ctx.enable_accesskit();
                for (i, state) in game_states().iter().enumerate() {
                    let at = format!("{language:?}, {w}x{h}, state {i}");
                    let mut output = None;
                    let mut cover = Vec::new();
                    for _ in 0..4 {
                        output = Some(run_frame(&ctx, screen, Vec::new(), |ctx| {
                            draw_panel(ctx, lang, &layout, state);
                            cover = held(ctx);
                        }));
                    }
                    let panel = *cover.first().expect("the panel is held");
                    let cover = UiCover(
                        cover
                            .iter()
                            .map(|r| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y))
                            .collect(),
                    );
                    let controls = accessible(&output.expect("drawn"));
                    let shown: Vec<_> = controls
                        .iter()
                        .filter(|c| c.name.as_deref().is_some_and(|n| !n.is_empty()))
                        .filter(|c| c.rect.is_positive() && screen.intersects(c.rect))
                        .collect();
                    assert!(shown.len() > 5, "{at}: {controls:#?}");
                    for c in shown {
                        assert!(
                            !c.rect.intersects(board.shrink(0.5)),
                            "{at}: {:?} at {:?} lies over the board {board:?}",
                            c.name,
                            c.rect
                        );
                        // A click on it, wherever on it, plays nothing.
                        for corner in [c.rect.center(), c.rect.min, c.rect.max] {
                            let cursor = Vec2::new(corner.x, corner.y);
                            assert_eq!(
                                board_point(&layout, window, &cover, cursor),
                                None,
                                "{at}: a click on {:?} at {cursor} reaches the board",
                                c.name
                            );
                        }
                    }
                    // Every action the player has is in sight, whole.
                    let (room, me) = (&state.0, state.1);
                    let mut wanted = vec![lang.t("Back to the lobby")];
                    if me.is_some() && room.status == RoomStatus::Playing {
                        wanted.extend([
                            lang.t("Resign"),
                            lang.t("Offer a draw"),
                            lang.t("Ask for a takeback"),
                        ]);
                    }
                    for name in wanted {
                        let button = named(&controls, name)
                            .unwrap_or_else(|| panic!("{at}: no {name:?} in {controls:#?}"));
                        assert!(
                            panel.contains_rect(button.rect) && screen.contains_rect(button.rect),
                            "{at}: {name:?} at {:?} is cut off (the panel: {panel:?})",
                            button.rect
                        );
                    }
                }
            }
        }
    }
}
