//! Analysis mode's panel, beside the board (below it in a narrow window): the win-probability
//! bar, a forced win when the solvers proved one, the three best moves with their values and
//! lines, the side line's buttons and the way back to the game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::search::ShownWin;
use super::{AnalysisRun, AnalysisShown};
use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::{Lang, fill, stone_name};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, primary_button};
use crate::app::{AnalysisCommand, Board, GameCommand, MoveRequest, Screen, SideLine, StatusLine};
use gomoku_engine::Stone;
use gomoku_engine::analysis::LiveReport;

/// The win-probability bar's height, in points.
const BAR_HEIGHT: f32 = 16.0;
/// The most moves of a line written out.
const LINE_MOVES: usize = 8;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        analysis_panel
            .run_if(in_state(Screen::Analysis))
            .in_set(UiSystems::Windows),
    );
}

fn analysis_panel(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    board: Res<Board>,
    status: Res<StatusLine>,
    shown: Res<AnalysisShown>,
    run: Res<AnalysisRun>,
    side_line: Option<Res<SideLine>>,
    layout: Option<Res<BoardLayout>>,
    mut analysis: MessageWriter<AnalysisCommand>,
    mut commands: MessageWriter<GameCommand>,
    mut moves: MessageWriter<MoveRequest>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let side = layout.map_or(0.0, |l| l.side_panel);
    let (anchor, offset, width) = if side > 0.0 {
        (egui::Align2::RIGHT_TOP, [-8.0, TOP_BAR + 4.0], side - 24.0)
    } else {
        (egui::Align2::CENTER_BOTTOM, [0.0, -12.0], 320.0)
    };
    let back_to_replay = side_line
        .as_ref()
        .is_some_and(|s| s.back_to == Screen::Replay);
    dialog_window(lang.t("Analysis"), "analysis_panel")
        .anchor(anchor, offset)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&status.0).strong());
            let report = shown.report.as_ref();
            win_bar(ui, lang, report, ui.available_width());
            let b = board.board();
            match report {
                Some(r) => {
                    let searching = run.is_running() && !run.is_done();
                    depth_row(ui, lang, r.depth(), r.nodes, searching);
                }
                None if board.outcome().is_over() => {
                    ui.label(lang.t("The game is over in this position."));
                }
                None => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(lang.t("Analysing..."));
                    });
                }
            }
            if let Some(win) = shown.forced_win(b.moves()) {
                ui.separator();
                forced_win(ui, lang, &win, b.to_move(), b.size(), &mut moves);
            }
            if let Some(r) = report {
                ui.separator();
                best_moves(ui, lang, r, b.size());
            }
            ui.separator();
            let played = side_line.as_ref().map_or(0, |s| s.moves_played(&board.0));
            ui.label(fill(
                lang.t("Side line: {n} moves (the game is not changed)"),
                &[("n", &played)],
            ));
            ui.horizontal_wrapped(|ui| {
                let back = ui.add_enabled(played > 0, egui::Button::new(lang.t("Take back")));
                if back.on_hover_text("Ctrl+Z").clicked() {
                    commands.write(GameCommand::Undo);
                }
                let redo = ui.add_enabled(board.can_redo(), egui::Button::new(lang.t("Redo")));
                if redo.on_hover_text("Ctrl+Y").clicked() {
                    commands.write(GameCommand::Redo);
                }
            });
            ui.add_space(4.0);
            let label = if back_to_replay {
                lang.t("Back to the replay")
            } else {
                lang.t("Back to the game")
            };
            if ui
                .add(primary_button(label))
                .on_hover_text("A, Esc")
                .clicked()
            {
                analysis.write(AnalysisCommand::Leave);
            }
        });
    Ok(())
}

/// How deep the search has gone, with a spinner while it goes on; wrapped, as a row wider
/// than the panel widens it past its title bar.
fn depth_row(
    ui: &mut egui::Ui,
    lang: Lang,
    depth: impl std::fmt::Display,
    nodes: u64,
    searching: bool,
) {
    ui.horizontal_wrapped(|ui| {
        if searching {
            ui.spinner();
        }
        ui.label(fill(
            lang.t("Depth {depth}, {nodes} nodes a line"),
            &[("depth", &depth), ("nodes", &compact(nodes))],
        ));
    });
}

/// Black's and White's chances: their names and percentages above one bar, black from the
/// left.
fn win_bar(ui: &mut egui::Ui, lang: Lang, report: Option<&LiveReport>, width: f32) {
    let black = report.and_then(LiveReport::black_win_probability);
    let percent = |p: Option<f64>| p.map_or("-".to_owned(), |p| format!("{:.0}%", p * 100.0));
    ui.horizontal(|ui| {
        ui.label(format!(
            "{} {}",
            lang.t(stone_name(Stone::Black)),
            percent(black)
        ));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(format!(
                "{} {}",
                lang.t(stone_name(Stone::White)),
                percent(black.map(|p| 1.0 - p))
            ));
        });
    });
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, BAR_HEIGHT), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    // A frame lighter than any window, so that Black's share shows on a dark window too.
    painter.rect_filled(rect, 4.0, egui::Color32::from_gray(170));
    let inner = rect.shrink(2.0);
    painter.rect_filled(inner, 3.0, egui::Color32::from_rgb(240, 240, 235));
    let mut left = inner;
    left.set_width(inner.width() * black.unwrap_or(0.5) as f32);
    painter.rect_filled(left, 3.0, egui::Color32::from_gray(12));
}

/// "Black wins: VCF in 7", the line, and a button that plays its next move on the side line.
fn forced_win(
    ui: &mut egui::Ui,
    lang: Lang,
    win: &ShownWin,
    to_move: Stone,
    size: u8,
    moves: &mut MessageWriter<MoveRequest>,
) {
    let headline = fill(
        match win.winner {
            Stone::Black => lang.t("Black wins: {kind} in {n}"),
            Stone::White => lang.t("White wins: {kind} in {n}"),
        },
        &[
            ("kind", &win.kind.name()),
            ("n", &win.attacking_moves(to_move)),
        ],
    );
    ui.label(
        egui::RichText::new(headline)
            .strong()
            .color(egui::Color32::from_rgb(200, 60, 40)),
    );
    ui.label(line_text(&win.line, size));
    if let Some(&next) = win.line.first()
        && ui
            .button(fill(
                lang.t("Play {at}"),
                &[("at", &next.to_notation(size))],
            ))
            .on_hover_text(lang.t("Steps through the win on the side line"))
            .clicked()
    {
        moves.write(MoveRequest::person(next));
    }
}

/// The best moves: rank, move, the mover's chance after it, and its line.
fn best_moves(ui: &mut egui::Ui, lang: Lang, report: &LiveReport, size: u8) {
    ui.label(egui::RichText::new(lang.t("Best moves")).strong());
    // Rows of fixed columns, the line cut to the room left (the whole line on hover): a
    // grid would grow past the window's width and leave its title bar behind.
    for (i, l) in report.lines.iter().enumerate() {
        ui.horizontal(|ui| {
            let cell = |ui: &mut egui::Ui, width: f32, text: String| {
                let height = ui.spacing().interact_size.y;
                ui.allocate_ui_with_layout(
                    egui::vec2(width, height),
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.set_min_width(width);
                        ui.label(text);
                    },
                );
            };
            cell(
                ui,
                MOVE_COLUMN,
                format!("{}. {}", i + 1, l.best.to_notation(size)),
            );
            cell(
                ui,
                PERCENT_COLUMN,
                format!("{:.0}%", l.win_probability * 100.0),
            );
            let line = egui::RichText::new(line_text(&l.pv, size)).small();
            ui.add(egui::Label::new(line).truncate());
        });
    }
}

/// The width of the best moves' first column ("1. h10").
const MOVE_COLUMN: f32 = 52.0;
/// The width of their chances' column ("100%").
const PERCENT_COLUMN: f32 = 40.0;

/// A line in notation, at most [`LINE_MOVES`] moves.
fn line_text(line: &[gomoku_engine::Pos], size: u8) -> String {
    let mut text: Vec<String> = line
        .iter()
        .take(LINE_MOVES)
        .map(|p| p.to_notation(size))
        .collect();
    if line.len() > LINE_MOVES {
        text.push("...".into());
    }
    text.join(" ")
}

/// A node count in few characters: `850`, `12k`, `2.0M`.
fn compact(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{}k", n / 1_000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::board::layout::SIDE_PANEL;
    use crate::app::capture::egui_harness::{run_frame, styled_context, window_rect};
    use crate::players::settings::Language;

    #[test]
    fn the_search_line_keeps_the_panel_as_wide_as_its_title_bar() {
        let width = SIDE_PANEL - 24.0;
        for language in [Language::English, Language::Chinese] {
            for (w, h) in [(800.0, 600.0), (907.0, 680.0), (1280.0, 800.0)] {
                let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
                let ctx = styled_context(h);
                for _ in 0..4 {
                    run_frame(&ctx, screen, Vec::new(), |ctx| {
                        dialog_window("Analysis", "analysis_panel")
                            .min_width(width)
                            .max_width(width)
                            .show(ctx, |ui| {
                                depth_row(ui, Lang(language), 12, 2_000_000, true);
                            });
                    });
                }
                let rect = window_rect(&ctx, "analysis_panel").expect("shown");
                assert!(
                    rect.width() <= width + 0.5,
                    "{language:?} at {w}x{h}: the row widened the panel to {rect:?}"
                );
            }
        }
    }
}
