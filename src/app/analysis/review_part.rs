//! The review's part of the replay panel: "Review this game", the progress of a review under
//! way (with Cancel), and once done a summary per player, an evaluation graph over the game (a
//! click jumps to that move) and the mark of the move shown.

use bevy_egui::egui;

use super::review::GameReview;
use crate::app::i18n::{Lang, fill, stone_name};
use crate::app::theme::widgets::{error_colour, primary_button};
use crate::app::{GameHistory, ReviewRequest};
use gomoku_engine::Stone;
use gomoku_engine::analysis::{MoveClass, Review, ReviewError};
use gomoku_engine::record::GameRecord;

/// The graph's height where there is room, in points.
const GRAPH_HEIGHT: f32 = 90.0;
/// The graph's least height, in points.
const MIN_GRAPH_HEIGHT: f32 = 40.0;

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

/// What there is to show of a game's review.
#[derive(Debug, Clone, Copy)]
pub enum ReviewShown<'a> {
    /// Under way: `done` of `total` moves reviewed.
    Progress {
        /// Moves reviewed.
        done: usize,
        /// Moves in the game.
        total: usize,
    },
    /// Made (kept with the game in the history, or the last one made).
    Done(&'a Review),
    /// It could not be made.
    Failed {
        /// Why.
        error: &'a ReviewError,
        /// Whether another game's review is under way.
        busy: bool,
    },
    /// None yet; `busy` when another game is being reviewed.
    Nothing {
        /// Whether another game's review is under way.
        busy: bool,
    },
}

impl<'a> ReviewShown<'a> {
    /// What there is of `record`'s review: under way, kept with the game, made last, or none.
    pub fn of(history: &'a GameHistory, review: &'a GameReview, record: &GameRecord) -> Self {
        if let Some((done, total)) = review.progress_of(record) {
            return ReviewShown::Progress { done, total };
        }
        let busy = review.is_running();
        match (history.review_of(record), review.last_of(record)) {
            (Some(r), _) | (None, Some(Ok(r))) => ReviewShown::Done(r),
            (None, Some(Err(error))) => ReviewShown::Failed { error, busy },
            (None, None) => ReviewShown::Nothing { busy },
        }
    }
}

/// The review's part of the replay panel: its progress, the review, or the button that asks
/// for one, in a part `height` points tall that scrolls (the graph is made lower to be seen
/// whole in it). A click on the graph or a marked move changes `at`; returns the review asked
/// for or stopped.
pub fn review_contents(
    ui: &mut egui::Ui,
    lang: Lang,
    shown: ReviewShown<'_>,
    record: &GameRecord,
    at: &mut usize,
    height: f32,
) -> Option<ReviewRequest> {
    let mut request = None;
    // Where the graph must end: a wide row above it (the summary) may overflow the width.
    let room = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(ui.available_width(), height));
    match shown {
        ReviewShown::Progress { done, total } => {
            ui.label(fill(
                lang.t("Reviewing move {done} of {n}..."),
                &[("done", &done), ("n", &total)],
            ));
            ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32));
            if ui.button(lang.t("Cancel")).clicked() {
                request = Some(ReviewRequest::Cancel);
            }
        }
        ReviewShown::Done(review) => show_review(ui, lang, review, record, at, room),
        ReviewShown::Failed { error, busy } => {
            ui.colored_label(
                error_colour(ui),
                fill(
                    lang.t("No review: {error}"),
                    &[("error", &lang.message(&error.to_string()))],
                ),
            );
            request = ask_button(ui, lang, record, busy);
        }
        ReviewShown::Nothing { busy } => {
            ui.label(lang.t("The engine marks every move, from best to blunder."));
            request = ask_button(ui, lang, record, busy);
        }
    }
    request
}

/// "Review this game" (greyed out while another game is being reviewed).
fn ask_button(
    ui: &mut egui::Ui,
    lang: Lang,
    record: &GameRecord,
    busy: bool,
) -> Option<ReviewRequest> {
    let button = ui.add_enabled(!busy, primary_button(lang.t("Review this game")));
    if busy {
        ui.small(lang.t("Another game is being reviewed."));
    }
    button
        .clicked()
        .then(|| ReviewRequest::Game(Box::new(record.clone())))
}

/// The summaries, the graph (within `room`, the part of the panel in sight, where it can be)
/// and the mark of the move shown.
fn show_review(
    ui: &mut egui::Ui,
    lang: Lang,
    review: &Review,
    record: &GameRecord,
    at: &mut usize,
    room: egui::Rect,
) {
    summary_grid(ui, lang, review);
    if !review.complete {
        ui.small(lang.t("The review was stopped before the end."));
    }
    let moves = record.moves.len();
    // Clear of the fade at the bottom of a part that scrolls on.
    let fade = ui.spacing().scroll.fade.size;
    let graph_size = egui::vec2(
        room.width(),
        (room.bottom() - fade - ui.cursor().top()).clamp(MIN_GRAPH_HEIGHT, GRAPH_HEIGHT),
    );
    graph(ui, lang, review, graph_size, moves, at);
    let size = review.size;
    marked_moves(ui, review, moves, at);
    match at.checked_sub(1).and_then(|i| review.moves.get(i)) {
        Some(m) => {
            let text = fill(
                lang.t("Move {n}, {colour} {at}: {mark}"),
                &[
                    ("n", &m.number),
                    ("colour", &lang.t(stone_name(m.colour))),
                    ("at", &m.played.to_notation(size)),
                    ("mark", &lang.t(m.class.name())),
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
fn marked_moves(ui: &mut egui::Ui, review: &Review, moves: usize, at: &mut usize) {
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
            let button = egui::Button::new(text).selected(*at == m.number);
            if ui.add(button).clicked() {
                *at = m.number.min(moves);
            }
        }
    });
}

/// Each player's accuracy and marks: a column per player, a row per figure (rows as tall as
/// their text, close together, for the graph below to be in sight beside the board).
fn summary_grid(ui: &mut egui::Ui, lang: Lang, review: &Review) {
    let (black, white) = (review.summary(Stone::Black), review.summary(Stone::White));
    let row = ui.text_style_height(&egui::TextStyle::Body);
    egui::Grid::new("review_summary")
        .num_columns(3)
        .min_row_height(row)
        .spacing([6.0, 2.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(egui::RichText::new(lang.t(stone_name(Stone::Black))).strong());
            ui.label(egui::RichText::new(lang.t(stone_name(Stone::White))).strong());
            ui.end_row();
            ui.label(egui::RichText::new(lang.t("Accuracy")).small());
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
                ui.label(egui::RichText::new(head).small());
                ui.label(of.0.to_string());
                ui.label(of.1.to_string());
                ui.end_row();
            }
        });
}

/// Black's chance to win after each move, over the whole game, in a box of `size`; the
/// marked moves are dots in their mark's colour, the move shown a line. A click goes to the
/// move under it.
fn graph(
    ui: &mut egui::Ui,
    lang: Lang,
    review: &Review,
    size: egui::Vec2,
    moves: usize,
    at: &mut usize,
) {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::WidgetType::Other, true, lang.t("Evaluation graph"))
    });
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
    let shown = x_of(*at);
    painter.line_segment(
        [
            egui::pos2(shown, rect.top()),
            egui::pos2(shown, rect.bottom()),
        ],
        egui::Stroke::new(2.0, egui::Color32::from_rgb(30, 120, 220)),
    );
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let i = ((pos.x - rect.left()) / rect.width() * n as f32).round() as usize;
        *at = i.min(review.moves.len()).min(moves);
    }
}
