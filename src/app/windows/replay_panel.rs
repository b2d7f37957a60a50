//! The replay panel, drawn without Bevy: the game's header, the steps through it (buttons and a
//! slider), "Continue from here", Analyse and Close; and its review.

use bevy_egui::egui;

use crate::app::analysis::review_part::{ReviewShown, review_contents};
use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::opening::{opening_label, record_lines};
use crate::app::i18n::{Lang, fill, players_text, result_text, rule_label};
use crate::app::theme::widgets::{dialog_window, icon_button, primary_button};
use crate::app::{ReplayStep as Step, ReviewRequest};
use gomoku_engine::record::GameRecord;

/// The replay panel's id (tests find it by it).
pub const REPLAY_WINDOW: &str = "replay_window";

/// The gap kept between the panel and the window's edges, in points.
const GAP: f32 = 8.0;
/// The panel's widest, below the board or over it, in points.
const NARROW_WIDTH: f32 = 420.0;
/// The least height of the review's scrolling part, however little room is left, in points.
const MIN_REVIEW: f32 = 80.0;

/// What the player asked of the replay panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayAsk {
    /// A new game from the position shown.
    Continue,
    /// Analysis mode on or off.
    Analyse,
    /// Back to the menu.
    Close,
    /// A review asked for, or stopped.
    Review(ReviewRequest),
}

/// Draws the replay panel for `record` with `at` of its moves shown: the replay's controls at
/// the top, its review below them, scrolling in the room left. Beside the board; below it in
/// an upright window; over it, and folding away, when there is no room of its own. A step, the
/// slider, the graph or a marked move changes `at`. Returns what else was asked.
pub fn show_replay_panel(
    ctx: &egui::Context,
    lang: Lang,
    layout: Option<&BoardLayout>,
    record: &GameRecord,
    at: &mut usize,
    review: ReviewShown<'_>,
) -> Vec<ReplayAsk> {
    let mut asks = Vec::new();
    let screen = ctx.content_rect();
    let (room, over_board) = panel_room(screen, layout);
    dialog_window(lang.t("Replay"), REPLAY_WINDOW)
        .anchor(egui::Align2::LEFT_TOP, room.min - screen.min)
        .collapsible(over_board)
        .min_width(room.width())
        .max_width(room.width())
        .show(ctx, |ui| {
            controls(ui, lang, record, at, &mut asks);
            ui.separator();
            ui.label(egui::RichText::new(lang.t("Review")).strong());
            // The window's top stays where it is anchored: what is left of the room below
            // the controls is the review's.
            let bottom = room.bottom() - ui.spacing().window_margin.bottomf() - 1.0;
            let height = (bottom - ui.cursor().top()).max(MIN_REVIEW);
            let scroll = ui.spacing().scroll;
            let bar = scroll.bar_width + scroll.bar_inner_margin + scroll.bar_outer_margin;
            // The least height too: inside a window a scroll area otherwise takes the window's
            // default height, not the room there is.
            egui::ScrollArea::vertical()
                .id_salt("review")
                .max_height(height)
                .min_scrolled_height(height)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    // The scroll bar floats over the contents' right edge: keep it clear.
                    let width = ui.available_width() - bar;
                    ui.set_max_width(width);
                    if let Some(request) = review_contents(ui, lang, review, record, at, height) {
                        asks.push(ReplayAsk::Review(request));
                    }
                });
        });
    asks
}

/// The room the panel may fill on `screen`, and whether it lies over the board: the column
/// beside the board, the room below it in an upright window, or over it.
fn panel_room(screen: egui::Rect, layout: Option<&BoardLayout>) -> (egui::Rect, bool) {
    let (side, below) = layout.map_or((0.0, 0.0), |l| (l.side_panel, l.bottom_panel));
    let under_bar = screen.top() + TOP_BAR + 4.0;
    let bottom = screen.bottom() - GAP;
    if side > 0.0 {
        let left = screen.right() - side + 2.0 * GAP;
        let rect = egui::Rect::from_min_max(
            egui::pos2(left, under_bar),
            egui::pos2(screen.right() - GAP, bottom),
        );
        return (rect, false);
    }
    let width = (screen.width() - 2.0 * GAP).min(NARROW_WIDTH);
    let left = screen.center().x - width / 2.0;
    let top = if below > 0.0 {
        screen.bottom() - below + 4.0
    } else {
        under_bar
    };
    let rect = egui::Rect::from_min_max(egui::pos2(left, top), egui::pos2(left + width, bottom));
    (rect, below <= 0.0)
}

/// The replay's controls: the game's header, the steps through it, the slider, and "Continue
/// from here", Analyse and Close.
fn controls(
    ui: &mut egui::Ui,
    lang: Lang,
    record: &GameRecord,
    at: &mut usize,
    asks: &mut Vec<ReplayAsk>,
) {
    let n = record.moves.len();
    ui.label(header(record, lang));
    ui.label(format!(
        "{}  {}",
        record.date.replace('T', " ").trim_end_matches('Z'),
        result_text(record, lang)
    ));
    if let Some(opening) = &record.opening {
        // Folded to one line: its steps, a line each, would take the room the review below
        // scrolls in.
        let title = fill(
            lang.t("Opening: {rule}"),
            &[("rule", &lang.t(opening_label(opening.rule)))],
        );
        egui::CollapsingHeader::new(title)
            .id_salt("replay_opening_steps")
            .default_open(false)
            .show(ui, |ui| {
                for line in record_lines(record, lang) {
                    ui.label(line);
                }
            });
    }
    // Rows that wrap: in the column beside the board (216 points at 1280x800) the buttons
    // and the count do not fit on one line, and a row that overflows would widen the window
    // past its title bar.
    ui.horizontal_wrapped(|ui| {
        let steps = [
            ("|<", lang.t("First move"), "Home", Step::First, *at > 0),
            ("<", lang.t("Previous move"), "Left", Step::Back, *at > 0),
            (">", lang.t("Next move"), "Right", Step::Forward, *at < n),
            (">|", lang.t("Last move"), "End", Step::Last, *at < n),
        ];
        let mut step = None;
        for (icon, name, key, to, enabled) in steps {
            // The icon alone on the button; its name for screen readers and in the hover text.
            let button = icon_button(icon, name).icon_only(true);
            let hover = format!("{name} ({key})");
            if ui
                .add_enabled(enabled, button)
                .on_hover_text(hover)
                .clicked()
            {
                step = Some(to);
            }
        }
        if let Some(step) = step {
            *at = step.apply(*at, n);
        }
        ui.label(fill(lang.t("Move {at} of {n}"), &[("at", &*at), ("n", &n)]));
    });
    ui.spacing_mut().slider_width = ui.available_width().max(80.0);
    ui.add(egui::Slider::new(at, 0..=n).show_value(false));
    ui.horizontal_wrapped(|ui| {
        if ui
            .add(primary_button(lang.t("Continue from here")))
            .on_hover_text(
                lang.t("A new game from this position, with the players chosen in the menu"),
            )
            .clicked()
        {
            asks.push(ReplayAsk::Continue);
        }
        if ui.button(lang.t("Analyse")).on_hover_text("A").clicked() {
            asks.push(ReplayAsk::Analyse);
        }
        if ui.button(lang.t("Close")).clicked() {
            asks.push(ReplayAsk::Close);
        }
    });
}

/// "Ann (Black) vs AI 3 (White) - Freestyle, 15x15"; "Imported game - ..." for a record that
/// names no players.
fn header(record: &GameRecord, lang: Lang) -> String {
    format!(
        "{} - {}, {n}x{n}",
        players_text(record, lang),
        lang.t(rule_label(record.rule)),
        n = record.size
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::app::capture::egui_harness::{
        Accessible, accessible, button_count, named, run_frame, styled_context, unnamed_buttons,
        window_rect,
    };
    use crate::players::settings::Language;
    use gomoku_engine::Rule;
    use gomoku_engine::analysis::{Review, ReviewOptions, review_game};
    use gomoku_engine::record::{ImportDefaults, import};

    /// A short game White wins with a five, as the screenshots' saved game.
    fn game() -> GameRecord {
        let defaults = ImportDefaults {
            size: 15,
            rule: Rule::Freestyle,
            policy: Default::default(),
        };
        import(
            "h8f5i9g5j7h5a15i5e5j5",
            defaults,
            "2026-11-22T14:00:00Z".into(),
        )
        .unwrap()
    }

    /// The game's review, on a small budget.
    fn reviewed(record: &GameRecord) -> Review {
        let options = ReviewOptions {
            nodes: 3_000,
            solver_nodes: 10_000,
            table_bytes: 4 << 20,
        };
        review_game(record, options, Arc::new(AtomicBool::new(false)), |_| {}).unwrap()
    }

    /// The panel drawn for a few frames in a `w`x`h` window with the board laid out as the
    /// game lays it out: the screen, the panel's rect, and its controls.
    fn drawn(
        lang: Lang,
        w: f32,
        h: f32,
        review: ReviewShown<'_>,
    ) -> (egui::Rect, egui::Rect, Vec<Accessible>) {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
        let layout = BoardLayout::fit(15, bevy::math::Vec2::new(w, h));
        let record = game();
        let ctx = styled_context(h);
        ctx.enable_accesskit();
        let mut at = record.moves.len();
        let mut output = None;
        for _ in 0..6 {
            output = Some(run_frame(&ctx, screen, Vec::new(), |ctx| {
                show_replay_panel(ctx, lang, Some(&layout), &record, &mut at, review);
            }));
        }
        let panel = window_rect(&ctx, REPLAY_WINDOW).expect("shown");
        (screen, panel, accessible(&output.expect("drawn")))
    }

    #[test]
    fn the_reviewed_game_fits_the_panel_beside_the_board() {
        let record = game();
        let review = reviewed(&record);
        for language in [Language::English, Language::Chinese] {
            let lang = Lang(language);
            for (w, h) in [(907.0, 680.0), (1280.0, 800.0), (800.0, 600.0)] {
                let at = format!("{language:?} at {w}x{h}");
                let (screen, panel, controls) = drawn(lang, w, h, ReviewShown::Done(&review));
                assert!(
                    screen.contains_rect(panel),
                    "{at}: the panel {panel:?} is cut off"
                );
                assert!(
                    panel.width() <= crate::app::board::layout::SIDE_PANEL - 24.0 + 0.5,
                    "{at}: the contents widened the panel to {panel:?}"
                );
                // Where the review is seen: inside the panel's margins, left of the room kept
                // for the scroll bar, above the fade at the bottom of a part that scrolls on.
                let style = egui::style::ScrollStyle::floating();
                let bar = style.bar_width + style.bar_inner_margin + style.bar_outer_margin;
                let margin = 18.0;
                let visible = egui::Rect::from_min_max(
                    egui::pos2(panel.left() + margin - 0.5, panel.top()),
                    egui::pos2(
                        panel.right() - margin - bar + 0.5,
                        panel.bottom() - margin - style.fade.size + 0.5,
                    ),
                );
                let graph = named(&controls, lang.t("Evaluation graph")).expect("a graph");
                assert!(
                    visible.contains_rect(graph.rect),
                    "{at}: the graph {:?} is not all in sight in {visible:?}",
                    graph.rect
                );
                let close = named(&controls, lang.t("Close")).expect("Close");
                let accuracy = named(&controls, lang.t("Accuracy")).expect("the summary");
                for part in [graph, accuracy] {
                    assert!(
                        part.rect.top() >= close.rect.bottom(),
                        "{at}: {:?} at {:?} is over the replay's controls (Close at {:?})",
                        part.name,
                        part.rect,
                        close.rect
                    );
                }
            }
        }
    }

    #[test]
    fn in_a_narrow_or_upright_window_the_panel_stays_on_screen() {
        let record = game();
        let review = reviewed(&record);
        for (w, h) in [(800.0, 600.0), (540.0, 960.0), (640.0, 600.0)] {
            let lang = Lang(Language::English);
            let (screen, panel, controls) = drawn(lang, w, h, ReviewShown::Done(&review));
            assert!(screen.contains_rect(panel), "{w}x{h}: {panel:?}");
            let close = named(&controls, lang.t("Close")).expect("Close");
            let accuracy = named(&controls, lang.t("Accuracy")).expect("the summary");
            assert!(
                accuracy.rect.top() >= close.rect.bottom(),
                "{w}x{h}: the review at {:?} is over the controls ({:?})",
                accuracy.rect,
                close.rect
            );
        }
    }

    #[test]
    fn every_button_has_a_name_a_screen_reader_can_say() {
        let record = game();
        let review = reviewed(&record);
        for language in [Language::English, Language::Chinese] {
            let (_, _, controls) = drawn(Lang(language), 1280.0, 800.0, ReviewShown::Done(&review));
            assert!(button_count(&controls) >= 7, "{controls:#?}");
            let unnamed = unnamed_buttons(&controls);
            assert!(
                unnamed.is_empty(),
                "{language:?}: buttons whose name says nothing: {unnamed:#?}"
            );
        }
    }

    /// The game as a swap2 opening began it: the first player placed three stones, the
    /// second placed two more, the first chose white.
    fn game_with_an_opening() -> GameRecord {
        use gomoku_engine::Pos;
        use gomoku_engine::opening::machine::RecordedStep;
        use gomoku_engine::opening::{Action, Choice, OpeningRecord, OpeningRule, Player};
        let mut record = game();
        let step = |actor, action| RecordedStep { actor, action };
        let place = |notation: &str| Action::Place(Pos::parse(notation, 15).unwrap());
        record.opening = Some(OpeningRecord {
            rule: OpeningRule::Swap2,
            steps: vec![
                step(Player::First, place("h8")),
                step(Player::First, place("f5")),
                step(Player::First, place("i9")),
                step(Player::Second, Action::Choose(Choice::PlaceTwo)),
                step(Player::Second, place("g5")),
                step(Player::Second, place("j7")),
                step(Player::First, Action::Choose(Choice::White)),
            ],
        });
        record
    }

    #[test]
    fn an_opening_s_steps_leave_the_review_its_room() {
        let plain = game();
        let opened = game_with_an_opening();
        let lang = Lang(Language::English);
        assert!(
            record_lines(&opened, lang).len() >= 3,
            "the opening replays: {:?}",
            record_lines(&opened, lang)
        );
        let review = reviewed(&plain);
        for (w, h) in [
            (907.0, 680.0),
            (800.0, 600.0),
            (1280.0, 800.0),
            (540.0, 960.0),
        ] {
            // Where the review's part begins, with and without the opening's steps.
            let review_top = |record: &GameRecord| {
                let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
                let layout = BoardLayout::fit(15, bevy::math::Vec2::new(w, h));
                let ctx = styled_context(h);
                ctx.enable_accesskit();
                let mut at = record.moves.len();
                let mut output = None;
                for _ in 0..6 {
                    output = Some(run_frame(&ctx, screen, Vec::new(), |ctx| {
                        let shown = ReviewShown::Done(&review);
                        show_replay_panel(ctx, lang, Some(&layout), record, &mut at, shown);
                    }));
                }
                let controls = accessible(&output.expect("drawn"));
                named(&controls, lang.t("Review"))
                    .expect("the review")
                    .rect
                    .top()
            };
            let (without, with) = (review_top(&plain), review_top(&opened));
            // One row more for the opening (its title, folded), no more.
            assert!(
                with - without <= 40.0,
                "{w}x{h}: the opening's steps push the review down {} points",
                with - without
            );
        }
    }

    #[test]
    fn an_imported_position_string_is_headed_as_an_imported_game() {
        let text = header(&game(), Lang(Language::English));
        assert_eq!(text, "Imported game - Freestyle, 15x15");
    }
}
