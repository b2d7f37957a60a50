//! The replay panel, drawn without Bevy: the game's header, the steps through it (buttons and a
//! slider), "Continue from here", Analyse and Close; and its review.

use bevy_egui::egui;

use crate::app::analysis::review_part::{ReviewShown, review_contents};
use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::opening::{opening_label, record_lines};
use crate::app::i18n::{Lang, fill, players_text, result_text, rule_label};
use crate::app::theme::widgets::{dialog_window, primary_button, scroll_within};
use crate::app::{ReplayStep as Step, ReviewRequest};
use crate::engine::record::GameRecord;

/// The replay panel's id (tests find it by it).
pub const REPLAY_WINDOW: &str = "replay_window";

/// The review window's width when there is no room beside the board, in points.
const NARROW_WIDTH: f32 = 280.0;
/// The height the review window's title bar and margins take, in points.
const WINDOW_CHROME: f32 = 70.0;

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

/// Draws the replay panel for `record` with `at` of its moves shown, beside the board (below
/// it when there is no side panel); a step, the slider, the graph or a marked move changes
/// `at`. Returns what else was asked.
pub fn show_replay_panel(
    ctx: &egui::Context,
    lang: Lang,
    layout: Option<&BoardLayout>,
    record: &GameRecord,
    at: &mut usize,
    review: ReviewShown<'_>,
) -> Vec<ReplayAsk> {
    let mut asks = Vec::new();
    let n = record.moves.len();
    // Beside the board where the side panel would be; below it in a narrow window.
    let side = layout.map_or(0.0, |l| l.side_panel);
    let (anchor, offset, width) = if side > 0.0 {
        (egui::Align2::RIGHT_TOP, [-8.0, TOP_BAR + 4.0], side - 24.0)
    } else {
        (egui::Align2::CENTER_BOTTOM, [0.0, -12.0], 320.0)
    };
    dialog_window(lang.t("Replay"), REPLAY_WINDOW)
        .anchor(anchor, offset)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            ui.label(header(record, lang));
            ui.label(format!(
                "{}  {}",
                record.date.replace('T', " ").trim_end_matches('Z'),
                result_text(record, lang)
            ));
            if let Some(opening) = &record.opening {
                ui.separator();
                ui.label(fill(
                    lang.t("Opening: {rule}"),
                    &[("rule", &lang.t(opening_label(opening.rule)))],
                ));
                for line in record_lines(record, lang) {
                    ui.label(line);
                }
                ui.separator();
            }
            // Rows that wrap: in the column beside the board (216 points at 1280x800) the
            // buttons and the count do not fit on one line, and a row that overflows would
            // widen the window past its title bar.
            ui.horizontal_wrapped(|ui| {
                let mut step = None;
                if ui
                    .add_enabled(*at > 0, egui::Button::new("|<"))
                    .on_hover_text("Home")
                    .clicked()
                {
                    step = Some(Step::First);
                }
                if ui
                    .add_enabled(*at > 0, egui::Button::new("<"))
                    .on_hover_text("Left")
                    .clicked()
                {
                    step = Some(Step::Back);
                }
                if ui
                    .add_enabled(*at < n, egui::Button::new(">"))
                    .on_hover_text("Right")
                    .clicked()
                {
                    step = Some(Step::Forward);
                }
                if ui
                    .add_enabled(*at < n, egui::Button::new(">|"))
                    .on_hover_text("End")
                    .clicked()
                {
                    step = Some(Step::Last);
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
                        lang.t(
                            "A new game from this position, with the players chosen in the menu",
                        ),
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
        });
    // Under the replay window beside the board; in a narrow window over the board's top left
    // corner, where it can be folded away.
    let narrow = side <= 0.0;
    let screen = ctx.content_rect();
    // Beside the board: under the replay window (as it was laid out last frame), scrolling
    // in the room left below it.
    let replay_bottom = ctx
        .memory(|m| m.area_rect(egui::Id::new(REPLAY_WINDOW)))
        .map_or(screen.height() / 2.0, |r| r.bottom());
    let (anchor, offset, width) = if narrow {
        (egui::Align2::LEFT_TOP, [8.0, TOP_BAR + 4.0], NARROW_WIDTH)
    } else {
        (
            egui::Align2::RIGHT_TOP,
            [-8.0, replay_bottom + 12.0],
            side - 24.0,
        )
    };
    let room = if narrow {
        screen.height() - TOP_BAR - WINDOW_CHROME
    } else {
        screen.bottom() - replay_bottom - 20.0 - WINDOW_CHROME
    };
    dialog_window(lang.t("Review"), "review_window")
        .anchor(anchor, offset)
        .collapsible(narrow)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            scroll_within(ui, room, |ui| {
                if let Some(request) = review_contents(ui, lang, review, record, at) {
                    asks.push(ReplayAsk::Review(request));
                }
            });
        });
    asks
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
    use super::*;
    use crate::engine::Rule;
    use crate::engine::record::{ImportDefaults, import};
    use crate::players::settings::Language;

    #[test]
    fn an_imported_position_string_is_headed_as_an_imported_game() {
        let defaults = ImportDefaults {
            size: 15,
            rule: Rule::Freestyle,
            policy: Default::default(),
        };
        let record = import("h8i9j10", defaults, "2026-11-22T14:00:00Z".into()).unwrap();
        let text = header(&record, Lang(Language::English));
        assert_eq!(text, "Imported game - Freestyle, 15x15");
    }
}
