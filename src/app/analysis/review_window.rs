//! The review beside the replay: "Review this game", the progress of a review under way (with
//! Cancel), and once done a summary per player, an evaluation graph over the game (a click
//! jumps to that move) and the mark of the move shown.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::review::GameReview;
use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::{Lang, fill, stone_name};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, error_colour, primary_button, scroll_within};
use crate::app::windows::replay::REPLAY_WINDOW;
use crate::app::{GameHistory, Replay, ReviewRequest, Screen};
use crate::engine::Stone;
use crate::engine::analysis::{MoveClass, Review};
use crate::engine::record::GameRecord;

/// The graph's height, in points.
const GRAPH_HEIGHT: f32 = 90.0;
/// The window's width when there is no room beside the board, in points.
const NARROW_WIDTH: f32 = 280.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        review_window
            .run_if(in_state(Screen::Replay).and_then(resource_exists::<Replay>))
            .in_set(UiSystems::Windows),
    );
}

/// A mark's name, to translate.
pub fn class_label(class: MoveClass) -> &'static str {
    match class {
        MoveClass::Best => "best",
        MoveClass::Good => "good",
        MoveClass::Inaccuracy => "inaccuracy",
        MoveClass::Mistake => "mistake",
        MoveClass::Blunder => "blunder",
        MoveClass::MissedWin => "missed win",
    }
}

/// A mark's colour on the graph and in the text (none for the unremarkable).
fn class_colour(class: MoveClass) -> Option<egui::Color32> {
    match class {
        MoveClass::Best | MoveClass::Good => None,
        MoveClass::Inaccuracy => Some(egui::Color32::from_rgb(230, 190, 40)),
        MoveClass::Mistake => Some(egui::Color32::from_rgb(240, 130, 30)),
        MoveClass::Blunder => Some(egui::Color32::from_rgb(220, 50, 40)),
        MoveClass::MissedWin => Some(egui::Color32::from_rgb(170, 70, 220)),
    }
}

fn review_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    history: Res<GameHistory>,
    review: Res<GameReview>,
    layout: Option<Res<BoardLayout>>,
    mut replay: ResMut<Replay>,
    mut requests: MessageWriter<ReviewRequest>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let side = layout.map_or(0.0, |l| l.side_panel);
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
    // The window works on a copy and changes the replay only when a move is picked: the
    // replay handed on as `&mut` would be marked changed every frame, and the board set up
    // again every frame (the winning five's glow starting over, never lit).
    let record = replay.record.clone();
    let mut shown = Replay {
        record: record.clone(),
        at: replay.at,
    };
    dialog_window(lang.t("Review"), "review_window")
        .anchor(anchor, offset)
        .collapsible(narrow)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            scroll_within(ui, room, |ui| {
                review_contents(
                    ui,
                    lang,
                    &history,
                    &review,
                    &record,
                    &mut shown,
                    &mut requests,
                )
            });
        });
    if shown.at != replay.at {
        replay.at = shown.at;
    }
    Ok(())
}

/// The height the review window's title bar and margins take, in points.
const WINDOW_CHROME: f32 = 70.0;

/// The review window's contents: its progress, the review, or the button that asks for one.
fn review_contents(
    ui: &mut egui::Ui,
    lang: Lang,
    history: &GameHistory,
    review: &GameReview,
    record: &GameRecord,
    replay: &mut Replay,
    requests: &mut MessageWriter<ReviewRequest>,
) {
    if let Some((done, total)) = review.progress_of(record) {
        ui.label(fill(
            lang.t("Reviewing move {done} of {n}..."),
            &[("done", &done), ("n", &total)],
        ));
        ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32));
        if ui.button(lang.t("Cancel")).clicked() {
            requests.write(ReviewRequest::Cancel);
        }
        return;
    }
    let kept = history.review_of(record);
    let last = review.last_of(record);
    let shown = kept.or(match last {
        Some(Ok(r)) => Some(r),
        _ => None,
    });
    match (shown, last) {
        (Some(r), _) => show_review(ui, lang, r, replay),
        (None, Some(Err(e))) => {
            ui.colored_label(
                error_colour(ui),
                fill(
                    lang.t("No review: {error}"),
                    &[("error", &lang.message(&e.to_string()))],
                ),
            );
        }
        _ => {
            ui.label(lang.t("The engine marks every move, from best to blunder."));
        }
    }
    if shown.is_none() {
        let busy = review.is_running();
        let button = ui.add_enabled(!busy, primary_button(lang.t("Review this game")));
        if button.clicked() {
            requests.write(ReviewRequest::Game(Box::new(record.clone())));
        }
        if busy {
            ui.small(lang.t("Another game is being reviewed."));
        }
    }
}

/// The summaries, the graph and the mark of the move shown.
fn show_review(ui: &mut egui::Ui, lang: Lang, review: &Review, replay: &mut Replay) {
    summary_grid(ui, lang, review);
    if !review.complete {
        ui.small(lang.t("The review was stopped before the end."));
    }
    graph(ui, review, replay);
    let size = review.size;
    marked_moves(ui, review, replay);
    match replay.at.checked_sub(1).and_then(|i| review.moves.get(i)) {
        Some(m) => {
            let text = fill(
                lang.t("Move {n}, {colour} {at}: {mark}"),
                &[
                    ("n", &m.number),
                    ("colour", &lang.t(stone_name(m.colour))),
                    ("at", &m.played.to_notation(size)),
                    ("mark", &lang.t(class_label(m.class))),
                ],
            );
            match class_colour(m.class) {
                Some(c) => ui.colored_label(c, egui::RichText::new(text).strong()),
                None => ui.label(egui::RichText::new(text).strong()),
            };
            if let Some(remark) = m.remark(size) {
                ui.label(lang.message(&remark));
            }
            if let Some(best) = m.best.filter(|b| *b != m.played) {
                ui.label(fill(
                    lang.t("The engine's choice: {at}"),
                    &[("at", &best.to_notation(size))],
                ));
            }
        }
        None => {
            ui.small(lang.t("Click the graph to go to a move."));
        }
    }
}

/// The marked moves (inaccuracies and worse) as buttons in their mark's colour: a click goes
/// to the move.
fn marked_moves(ui: &mut egui::Ui, review: &Review, replay: &mut Replay) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for m in &review.moves {
            let Some(colour) = class_colour(m.class) else {
                continue;
            };
            let text = egui::RichText::new(format!(
                "{} {}",
                m.number,
                m.played.to_notation(review.size)
            ))
            .small()
            .color(colour);
            let button = egui::Button::new(text).selected(replay.at == m.number);
            if ui.add(button).clicked() {
                replay.at = m.number.min(replay.record.moves.len());
            }
        }
    });
}

/// Each player's accuracy and marks: a column per player, a row per figure.
fn summary_grid(ui: &mut egui::Ui, lang: Lang, review: &Review) {
    let (black, white) = (review.summary(Stone::Black), review.summary(Stone::White));
    egui::Grid::new("review_summary")
        .num_columns(3)
        .spacing([10.0, 2.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(egui::RichText::new(lang.t(stone_name(Stone::Black))).strong());
            ui.label(egui::RichText::new(lang.t(stone_name(Stone::White))).strong());
            ui.end_row();
            ui.label(lang.t("Accuracy"));
            ui.label(egui::RichText::new(format!("{:.0}%", black.accuracy)).strong());
            ui.label(egui::RichText::new(format!("{:.0}%", white.accuracy)).strong());
            ui.end_row();
            for (head, of) in [
                (
                    lang.t("Inaccuracies"),
                    (black.inaccuracies, white.inaccuracies),
                ),
                (lang.t("Mistakes"), (black.mistakes, white.mistakes)),
                (lang.t("Blunders"), (black.blunders, white.blunders)),
                (
                    lang.t("Missed wins"),
                    (black.missed_wins, white.missed_wins),
                ),
            ] {
                ui.label(head);
                ui.label(of.0.to_string());
                ui.label(of.1.to_string());
                ui.end_row();
            }
        });
}

/// Black's chance to win after each move, over the whole game; the marked moves are dots in
/// their mark's colour, the move shown a line. A click goes to the move under it.
fn graph(ui: &mut egui::Ui, review: &Review, replay: &mut Replay) {
    let width = ui.available_width();
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(width, GRAPH_HEIGHT), egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, egui::Color32::from_rgb(235, 235, 230));
    let n = review.moves.len().max(1);
    let x_of = |i: usize| rect.left() + rect.width() * i as f32 / n as f32;
    let y_of = |p: f64| rect.bottom() - rect.height() * p as f32;
    // Black's share below the line is dark, as on the analysis bar.
    let black_after = |i: usize| -> f64 {
        let m = &review.moves[i];
        if m.colour == Stone::Black {
            m.win_after
        } else {
            1.0 - m.win_after
        }
    };
    let first = review.moves.first().map_or(0.5, |m| {
        if m.colour == Stone::Black {
            m.win_before
        } else {
            1.0 - m.win_before
        }
    });
    let mut points = vec![egui::pos2(x_of(0), y_of(first))];
    points.extend((0..review.moves.len()).map(|i| egui::pos2(x_of(i + 1), y_of(black_after(i)))));
    for pair in points.windows(2) {
        // The area under the line, one strip per move (a convex quad each).
        painter.add(egui::Shape::convex_polygon(
            vec![
                pair[0],
                pair[1],
                egui::pos2(pair[1].x, rect.bottom()),
                egui::pos2(pair[0].x, rect.bottom()),
            ],
            egui::Color32::from_rgb(60, 60, 60),
            egui::Stroke::NONE,
        ));
    }
    painter.line_segment(
        [
            egui::pos2(rect.left(), y_of(0.5)),
            egui::pos2(rect.right(), y_of(0.5)),
        ],
        egui::Stroke::new(1.0, egui::Color32::GRAY),
    );
    for (i, m) in review.moves.iter().enumerate() {
        if let Some(c) = class_colour(m.class) {
            painter.circle_filled(points[i + 1], 3.5, c);
        }
    }
    let at = x_of(replay.at);
    painter.line_segment(
        [egui::pos2(at, rect.top()), egui::pos2(at, rect.bottom())],
        egui::Stroke::new(2.0, egui::Color32::from_rgb(30, 120, 220)),
    );
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let i = ((pos.x - rect.left()) / rect.width() * n as f32).round() as usize;
        replay.at = i.min(review.moves.len()).min(replay.record.moves.len());
    }
}
