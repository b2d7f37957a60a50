//! The player cards beside the board: for each side its stone, name, rank title and rating,
//! its clock in a timed game, and a marker on the side to move that no one can miss (an
//! accent frame and bar, "To move"); while the AI thinks its card pulses a ring round the
//! stone and animates its dots. At the end the winner's card says so.
//!
//! What the cards say is worked out every frame into [`PlayerCards`] (without a renderer too,
//! so the tests read it); [`show_cards`] draws them in egui.

use bevy::prelude::*;
use bevy_egui::egui;

use super::GameView;
use crate::app::i18n::{Lang, fill, title_name};
use crate::app::theme::style::{CARD_CLOCK, CARD_NAME};
use crate::app::theme::widgets::error_colour;
use crate::app::{
    ActiveSetup, AppSystems, GameClock, GameOpening, GamePlayers, PlayerProfiles, Screen,
};
use crate::players::Title;
use crate::players::rank::ai_rating;
use gomoku_engine::search::levels::Level;
use gomoku_engine::{Game, Stone};

/// Under this much time left a running clock shows tenths and turns red (milliseconds).
const SHORT_TIME_MS: u64 = 10_000;
/// The stone's diameter on a card, in points.
const STONE_SIZE: f32 = 26.0;
/// The width of the bar that marks the side to move.
const MARKER_BAR: f32 = 4.0;
/// How long one pulse of the thinking ring takes, in seconds.
const PULSE_SECS: f64 = 1.2;

/// What one side's card shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerCard {
    /// The side's colour.
    pub stone: Stone,
    /// The player's name ("Ann", "Guest", "AI 3 (Club)").
    pub name: String,
    /// The rank title and rating ("Club player · 1540"), or "Unrated" for a guest.
    pub rank: String,
    /// What the side is doing now.
    pub state: CardState,
    /// The time left on its clock in a timed game, in milliseconds.
    pub clock: Option<u64>,
}

/// What a side is doing, as its card marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardState {
    /// Waiting for the other side.
    Waiting,
    /// Its move: a person's, or the AI's before it starts thinking.
    ToMove,
    /// The AI is thinking of its move.
    Thinking,
    /// It won the game.
    Won,
}

/// Both sides' cards, black's first; empty while an opening decides the colours.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerCards(pub Vec<PlayerCard>);

impl PlayerCards {
    /// The card of `stone`, if the cards are shown.
    pub fn of(&self, stone: Stone) -> Option<&PlayerCard> {
        self.0.iter().find(|c| c.stone == stone)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerCards>()
        .add_systems(Update, update_cards.in_set(AppSystems::View));
}

/// Works out the cards for the game on the board.
fn update_cards(
    view: GameView,
    players: Res<GamePlayers>,
    profiles: Res<PlayerProfiles>,
    opening: Res<GameOpening>,
    clock: Res<GameClock>,
    mut cards: ResMut<PlayerCards>,
) {
    // The game on the board: played, over, looked back at, or waiting behind the menu.
    let playing = matches!(
        view.screen.get(),
        Screen::Menu | Screen::Playing | Screen::GameOver | Screen::PastPosition
    );
    let wanted = if playing && opening.running().is_none() {
        let thinking = view.thinking.is_thinking();
        [Stone::Black, Stone::White]
            .map(|stone| {
                let who = Who::of(stone, &view.active, &players, &profiles, *view.lang);
                PlayerCard {
                    stone,
                    name: who.0,
                    rank: who.1,
                    state: state_of(stone, &view.board.0, &view.active, thinking),
                    clock: clock.0.as_ref().map(|c| c.left(stone)),
                }
            })
            .to_vec()
    } else {
        Vec::new()
    };
    cards.set_if_neq(PlayerCards(wanted));
}

/// A card's name and rank line.
struct Who(String, String);

impl Who {
    /// Who plays `stone` in the game: the AI at its level, or the player's profile (a guest
    /// without one).
    fn of(
        stone: Stone,
        active: &ActiveSetup,
        players: &GamePlayers,
        profiles: &PlayerProfiles,
        lang: Lang,
    ) -> Who {
        let rank = |rating: i32| format!("{} · {rating}", lang.t(title_name(Title::of(rating))),);
        if active.0.mode.ai_plays(stone) {
            let level: Level = active.0.level;
            let name = fill(
                lang.t("AI {n} ({name})"),
                &[("n", &level.number()), ("name", &lang.t(level.name()))],
            );
            return Who(name, rank(ai_rating(level.number())));
        }
        match players.of_stone(stone).and_then(|id| profiles.get(id).ok()) {
            Some(p) => Who(p.name.clone(), rank(p.rating)),
            None => Who(lang.t("Guest").to_owned(), lang.t("Unrated").to_owned()),
        }
    }
}

/// What `stone`'s side is doing in `game`.
fn state_of(stone: Stone, game: &Game, active: &ActiveSetup, thinking: bool) -> CardState {
    match game.outcome().winner() {
        Some(winner) if winner == stone => return CardState::Won,
        _ if game.outcome().is_over() => return CardState::Waiting,
        _ => {}
    }
    if game.to_move() != stone {
        CardState::Waiting
    } else if thinking && active.0.mode.ai_plays(stone) {
        CardState::Thinking
    } else {
        CardState::ToMove
    }
}

/// The time on a clock: `m:ss`, with tenths under ten seconds (`0:09.4`).
pub fn clock_label(ms: u64) -> String {
    if ms < SHORT_TIME_MS {
        format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100)
    } else {
        clock_text(ms)
    }
}

/// `m:ss` (or `h:mm:ss`), rounded up to the second, as clocks show time.
fn clock_text(ms: u64) -> String {
    let secs = ms.div_ceil(1000);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// How often a running clock showing `ms` shows something new (milliseconds): each second,
/// or each tenth once time is short. While only a clock moves, frames come that often.
pub fn clock_label_period(ms: u64) -> u64 {
    if ms <= SHORT_TIME_MS { 100 } else { 1000 }
}

/// Draws the cards: one above the other, or side by side when `side_by_side` (the panel below
/// the board in portrait).
pub fn show_cards(ui: &mut egui::Ui, cards: &PlayerCards, side_by_side: bool, lang: Lang) {
    if side_by_side {
        ui.columns(cards.0.len().max(1), |columns| {
            for (ui, card) in columns.iter_mut().zip(&cards.0) {
                show_card(ui, card, lang);
            }
        });
    } else {
        for card in &cards.0 {
            show_card(ui, card, lang);
            ui.add_space(4.0);
        }
    }
}

/// One card.
fn show_card(ui: &mut egui::Ui, card: &PlayerCard, lang: Lang) {
    let visuals = ui.visuals().clone();
    // The theme's accent (the selection's fill; its stroke is the text drawn on that fill,
    // dark on most themes, which read as nothing on a dark card).
    let accent = visuals.selection.bg_fill;
    let marked = matches!(card.state, CardState::ToMove | CardState::Thinking);
    let (fill, stroke) = if marked {
        (
            visuals.selection.bg_fill.gamma_multiply(0.35),
            egui::Stroke::new(2.0, accent),
        )
    } else {
        // The same width: the card keeps its size when the turn passes.
        (
            visuals.faint_bg_color,
            egui::Stroke::new(2.0, visuals.widgets.noninteractive.bg_stroke.color),
        )
    };
    let frame = egui::Frame::group(ui.style())
        .fill(fill)
        .stroke(stroke)
        .corner_radius(6.0)
        .inner_margin(egui::Margin {
            left: 10,
            right: 8,
            top: 6,
            bottom: 6,
        });
    let shown = frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(STONE_SIZE, STONE_SIZE), egui::Sense::hover());
            paint_stone(ui, rect, card, accent);
            ui.vertical(|ui| {
                name_and_clock(ui, card, marked);
                // The rank under the name and clock, across the card: what the clock shows
                // never cuts it short.
                ui.add(egui::Label::new(egui::RichText::new(&card.rank).small()).truncate());
                state_line(ui, card, accent, lang);
            });
        });
    });
    if marked {
        // A bar down the left edge: the side to move, even at a glance from across the room.
        let r = shown.response.rect;
        let bar = egui::Rect::from_min_max(r.min, egui::pos2(r.min.x + MARKER_BAR, r.max.y));
        ui.painter().rect_filled(
            bar,
            egui::CornerRadius {
                nw: 6,
                sw: 6,
                ne: 0,
                se: 0,
            },
            accent,
        );
    }
}

/// The name, and the clock at the right in a room as wide as its widest usual figures
/// ([`WIDEST_CLOCK`]): the name has the same room whatever the clock shows. The row is as
/// tall as the clock in an untimed game too, so the cards keep one size.
fn name_and_clock(ui: &mut egui::Ui, card: &PlayerCard, running: bool) {
    let clock_size = |ui: &egui::Ui, label: &str| {
        egui::WidgetText::from(clock_text_of(label))
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Body,
            )
            .size()
    };
    let widest = clock_size(ui, WIDEST_CLOCK);
    ui.horizontal(|ui| {
        ui.set_min_height(widest.y);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if let Some(ms) = card.clock {
                let label = clock_label(ms);
                let width = widest.x.max(clock_size(ui, &label).x);
                let room = egui::vec2(width, widest.y);
                let right = egui::Layout::right_to_left(egui::Align::Center);
                ui.allocate_ui_with_layout(room, right, |ui| {
                    ui.set_min_size(room);
                    clock(ui, &label, ms, running);
                });
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let name = egui::RichText::new(&card.name).strong().size(CARD_NAME);
                ui.add(egui::Label::new(name).truncate());
            });
        });
    });
}

/// The widest figures a clock shows in a game of less than an hour: tenths under ten seconds
/// (wider than "mm:ss").
const WIDEST_CLOCK: &str = "0:00.0";

/// A clock's figures as the card writes them.
fn clock_text_of(label: &str) -> egui::RichText {
    egui::RichText::new(label).monospace().size(CARD_CLOCK)
}

/// The clock: large figures, strong while it runs, red when little time is left.
fn clock(ui: &mut egui::Ui, label: &str, ms: u64, running: bool) {
    let mut text = clock_text_of(label);
    if running {
        text = text.strong();
    } else {
        text = text.weak();
    }
    if running && ms < SHORT_TIME_MS {
        text = text.color(error_colour(ui));
    }
    ui.label(text);
}

/// The card's stone, with a ring pulsing round it while the AI thinks.
fn paint_stone(ui: &egui::Ui, rect: egui::Rect, card: &PlayerCard, accent: egui::Color32) {
    let painter = ui.painter();
    let centre = rect.center();
    let radius = STONE_SIZE / 2.0 - 2.0;
    let (fill, rim) = match card.stone {
        Stone::Black => (egui::Color32::from_gray(20), egui::Color32::from_gray(150)),
        Stone::White => (egui::Color32::from_gray(240), egui::Color32::from_gray(120)),
    };
    painter.circle(centre, radius, fill, egui::Stroke::new(1.0, rim));
    if card.state == CardState::Thinking {
        let phase = (ui.input(|i| i.time) / PULSE_SECS).fract() as f32;
        let ring = radius + 1.0 + phase * 5.0;
        let colour = accent.gamma_multiply(1.0 - phase);
        painter.circle_stroke(centre, ring, egui::Stroke::new(2.0, colour));
        // No repaint asked: frames come at the thinking pace (app::pace); an egui request, of
        // any delay, makes bevy_egui draw at once, every frame.
    }
}

/// "To move", "Thinking" with dots coming and going, "Wins", or nothing (the line keeps its
/// room, so the cards keep their size).
fn state_line(ui: &mut egui::Ui, card: &PlayerCard, accent: egui::Color32, lang: Lang) {
    let text = match card.state {
        CardState::Waiting => "",
        CardState::ToMove => lang.t("To move"),
        CardState::Thinking => lang.t("Thinking"),
        CardState::Won => lang.t("Wins"),
    };
    ui.horizontal(|ui| {
        let label = egui::RichText::new(text).strong().color(accent);
        ui.add_visible(card.state != CardState::Waiting, egui::Label::new(label));
        if card.state == CardState::Thinking {
            thinking_dots(ui, accent);
        }
    });
}

/// Three dots lighting up one after the other.
fn thinking_dots(ui: &mut egui::Ui, colour: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(24.0, 10.0), egui::Sense::hover());
    let time = ui.input(|i| i.time);
    for i in 0..3 {
        let phase = ((time * 2.5 - f64::from(i) * 0.35).sin() * 0.5 + 0.5) as f32;
        let centre = egui::pos2(rect.min.x + 4.0 + 8.0 * i as f32, rect.center().y);
        ui.painter().circle_filled(
            centre,
            2.0 + phase,
            colour.gamma_multiply(0.3 + 0.7 * phase),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::run_frames;
    use crate::players::settings::Language;

    #[test]
    fn a_card_keeps_its_size_whatever_the_side_is_doing() {
        let ctx = egui::Context::default();
        let lang = Lang(Language::English);
        let mut sizes = Vec::new();
        for state in [
            CardState::Waiting,
            CardState::ToMove,
            CardState::Thinking,
            CardState::Won,
        ] {
            for clock in [None, Some(9_500), Some(300_000)] {
                let card = PlayerCard {
                    stone: Stone::White,
                    name: "A name long enough to be cut at the card's edge".into(),
                    rank: "Candidate master · 1950".into(),
                    state,
                    clock,
                };
                let cards = PlayerCards(vec![card]);
                let mut rect = egui::Rect::NOTHING;
                run_frames(&ctx, 2, |ctx| {
                    egui::Area::new(egui::Id::new("cards")).show(ctx, |ui| {
                        ui.set_width(224.0);
                        rect = ui
                            .scope(|ui| show_cards(ui, &cards, false, lang))
                            .response
                            .rect;
                    });
                });
                sizes.push((state, clock, rect.size()));
            }
        }
        let first = sizes[0].2;
        assert!(first.y > STONE_SIZE, "{sizes:?}");
        for (state, clock, size) in &sizes {
            assert!(
                (size.y - first.y).abs() < 0.5 && size.x <= first.x + 0.5,
                "{state:?} {clock:?}: {size:?} against {first:?}"
            );
        }
    }

    /// The cards of a timed game (Black's clock showing `black_ms`) in a panel `width` wide
    /// at the right of a 1224x918 window: where each card's name and rank lines are.
    fn card_texts(width: f32, black_ms: Option<u64>) -> Vec<(String, egui::Rect)> {
        use crate::app::capture::egui_harness::{accessible, run_frame, styled_context};
        use crate::app::theme::widgets::show_panel;
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1224.0, 918.0));
        let lang = Lang(Language::English);
        let card = |stone, name: &str, rank: &str, state, clock| PlayerCard {
            stone,
            name: name.to_owned(),
            rank: rank.to_owned(),
            state,
            clock,
        };
        let cards = PlayerCards(vec![
            card(
                Stone::Black,
                "Ann",
                "Beginner · 1000",
                CardState::ToMove,
                black_ms,
            ),
            card(
                Stone::White,
                "AI 3 (Club)",
                "Club player · 1600",
                CardState::Waiting,
                black_ms.map(|_| 300_000),
            ),
        ]);
        let ctx = styled_context(screen.height());
        ctx.enable_accesskit();
        let mut output = None;
        for _ in 0..3 {
            output = Some(run_frame(&ctx, screen, Vec::new(), |ctx| {
                let panel = egui::Panel::right("side_panel").exact_size(width);
                show_panel(ctx, panel, |ui| show_cards(ui, &cards, false, lang));
            }));
        }
        let wanted = [
            "Ann",
            "Beginner · 1000",
            "AI 3 (Club)",
            "Club player · 1600",
        ];
        accessible(&output.expect("drawn"))
            .into_iter()
            .filter_map(|c| Some((c.name?, c.rect)))
            .filter(|(name, _)| wanted.contains(&name.as_str()))
            .collect()
    }

    #[test]
    fn what_a_card_says_does_not_depend_on_its_clock() {
        use crate::app::board::layout::SIDE_PANEL;
        // However wide the clock's figures, the names and ranks keep their room.
        let minutes = card_texts(SIDE_PANEL, Some(300_000));
        assert_eq!(minutes.len(), 4, "{minutes:?}");
        for ms in [1_200_000, 59_000, 9_400, 400, 0] {
            assert_eq!(card_texts(SIDE_PANEL, Some(ms)), minutes, "{ms} ms left");
        }
        // And the ranks are whole beside the board, as in a panel with room to spare.
        let wide = card_texts(600.0, Some(9_400));
        for (name, rect) in &minutes {
            if name.contains('·') {
                let (_, whole) = wide.iter().find(|(n, _)| n == name).expect("drawn");
                assert!(
                    (rect.width() - whole.width()).abs() < 0.5,
                    "{name} is cut short: {rect:?} against {whole:?}"
                );
            }
        }
    }

    #[test]
    fn clocks_read_as_clocks() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(299_001), "5:00");
        assert_eq!(clock_text(59_000), "0:59");
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(3_600_000 + 61_000), "1:01:01");
    }

    #[test]
    fn clocks_show_tenths_when_time_is_short() {
        assert_eq!(clock_label(300_000), "5:00");
        assert_eq!(clock_label(10_000), "0:10");
        assert_eq!(clock_label(9_450), "0:09.4");
        assert_eq!(clock_label(0), "0:00.0");
    }

    #[test]
    fn a_running_clock_shows_something_new_each_period() {
        for ms in [300_000, 299_999, 299_001, 10_001, 10_000, 9_999, 9_450, 120] {
            let period = clock_label_period(ms);
            assert_ne!(clock_label(ms), clock_label(ms - period), "{ms}");
        }
        assert_eq!(clock_label_period(300_000), 1000);
        assert_eq!(clock_label_period(9_450), 100);
    }
}
