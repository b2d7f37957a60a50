//! Puzzle mode's panel: which puzzle, who is to win and how, the verdict on the last move (a
//! failed one names the winning move missed, which the board marks), the hints (the second
//! also marks the move on the board), the player's counts and streak, and the way between
//! puzzles and back.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::puzzles::Puzzles;
use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::{Lang, fill, rule_label, stone_name};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, error_colour, icon_button, primary_button};
use crate::app::{PlayerProfiles, PuzzleCommand, PuzzleSource, Screen};
use crate::players::Profile;
use gomoku_engine::analysis::Difficulty;
use gomoku_engine::analysis::puzzle_play::{Answer, PuzzleState};

/// The colour of a right move or a solved puzzle.
const RIGHT: egui::Color32 = egui::Color32::from_rgb(60, 170, 80);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        puzzle_panel
            .run_if(in_state(Screen::Puzzle))
            .in_set(UiSystems::Windows),
    );
}

fn puzzle_panel(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    puzzles: Res<Puzzles>,
    profiles: Res<PlayerProfiles>,
    layout: Option<Res<BoardLayout>>,
    mut commands: MessageWriter<PuzzleCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let side = layout.map_or(0.0, |l| l.side_panel);
    let asked = show_puzzle_panel(ctx, *lang, &puzzles, profiles.active(), side);
    commands.write_batch(asked);
    Ok(())
}

/// Draws the panel beside the board (`side` points wide; below the board when there is no
/// side panel); returns what was asked.
fn show_puzzle_panel(
    ctx: &egui::Context,
    lang: Lang,
    puzzles: &Puzzles,
    profile: Option<&Profile>,
    side: f32,
) -> Vec<PuzzleCommand> {
    let mut commands = Vec::new();
    let (anchor, offset, width) = if side > 0.0 {
        (egui::Align2::RIGHT_TOP, [-8.0, TOP_BAR + 4.0], side - 24.0)
    } else {
        (egui::Align2::CENTER_BOTTOM, [0.0, -12.0], 320.0)
    };
    dialog_window(lang.t("Puzzles"), "puzzle_panel")
        .anchor(anchor, offset)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            // Rows that wrap: a row wider than the panel widens it past its title bar.
            ui.horizontal_wrapped(|ui| {
                let mut source = puzzles.source;
                ui.selectable_value(&mut source, PuzzleSource::BuiltIn, lang.t("Built-in"));
                ui.selectable_value(&mut source, PuzzleSource::MyGames, lang.t("From my games"));
                if source != puzzles.source {
                    commands.push(PuzzleCommand::Source(source));
                }
            });
            ui.separator();
            let Some(play) = &puzzles.play else {
                ui.label(lang.t(
                    "No puzzles here yet: review your games, and every win you missed becomes one.",
                ));
                leave_button(ui, lang, &mut commands);
                return;
            };
            let p = play.puzzle();
            let (i, n, rule) = (
                puzzles.index + 1,
                puzzles.list.len(),
                lang.t(rule_label(p.rule)),
            );
            ui.horizontal_wrapped(|ui| {
                match puzzles.source {
                    PuzzleSource::BuiltIn => {
                        ui.label(fill(
                            lang.t("Puzzle {i} of {n}, {rule}"),
                            &[("i", &i), ("n", &n), ("rule", &rule)],
                        ));
                    }
                    PuzzleSource::MyGames => {
                        let game = puzzles
                            .list
                            .get(puzzles.index)
                            .map_or("", |named| named.name.as_str());
                        let at = p.from_move.unwrap_or(0);
                        ui.label(fill(
                            lang.t("Puzzle {i} of {n} (game {game}, move {at}), {rule}"),
                            &[
                                ("i", &i),
                                ("n", &n),
                                ("game", &game),
                                ("at", &at),
                                ("rule", &rule),
                            ],
                        ));
                    }
                }
                let difficulty = p.difficulty();
                ui.colored_label(
                    difficulty_colour(difficulty),
                    egui::RichText::new(difficulty_label(lang, difficulty)).strong(),
                );
            });
            ui.heading(fill(
                lang.t("{colour} to play and win"),
                &[("colour", &lang.t(stone_name(p.to_move)))],
            ));
            ui.separator();
            match (play.state(), puzzles.last) {
                (PuzzleState::Solved, _) => {
                    ui.colored_label(RIGHT, egui::RichText::new(lang.t("Solved!")).strong());
                }
                (PuzzleState::Failed, _) => {
                    ui.colored_label(
                        error_colour(ui),
                        egui::RichText::new(lang.t("Wrong: the win slips away.")).strong(),
                    );
                    // The move the board marks: the one missed, at the move that failed.
                    let missed = play.missed().unwrap_or(p.answer);
                    ui.label(fill(
                        lang.t("A winning move was {at}."),
                        &[("at", &missed.to_notation(p.size))],
                    ));
                }
                (PuzzleState::ToPlay, Some(Answer::Right { defence })) => {
                    ui.colored_label(
                        RIGHT,
                        fill(
                            lang.t("Right. The defence: {at}. Go on."),
                            &[("at", &defence.to_notation(p.size))],
                        ),
                    );
                }
                _ => {
                    ui.label(lang.t("Find the winning move."));
                }
            }
            if let Some((at, why)) = &puzzles.refused {
                ui.colored_label(
                    error_colour(ui),
                    format!("{}: {}", at.to_notation(p.size), lang.message(why)),
                );
            }
            if let Some(win) = &puzzles.hint {
                if puzzles.hints >= 1 {
                    ui.label(fill(
                        lang.t("Hint: a {kind}, {n} moves of yours"),
                        &[("kind", &win.kind.name()), ("n", &win.attacking_moves())],
                    ));
                }
                if puzzles.hints >= 2 {
                    ui.label(fill(
                        lang.t("Hint: play {at}"),
                        &[("at", &win.first.to_notation(p.size))],
                    ));
                }
            }
            ui.horizontal_wrapped(|ui| {
                let to_play = play.state() == PuzzleState::ToPlay;
                if ui
                    .add_enabled(
                        to_play && puzzles.hints < 2,
                        egui::Button::new(lang.t("Hint")),
                    )
                    .clicked()
                {
                    commands.push(PuzzleCommand::Hint);
                }
                if ui.button(lang.t("Retry")).clicked() {
                    commands.push(PuzzleCommand::Retry);
                }
                let previous = lang.t("Previous puzzle");
                let back = icon_button("<", previous).icon_only(true);
                if ui.add(back).on_hover_text(previous).clicked() {
                    commands.push(PuzzleCommand::Previous);
                }
                if ui.add(primary_button(lang.t("Next puzzle"))).clicked() {
                    commands.push(PuzzleCommand::Next);
                }
            });
            ui.separator();
            if let Some(profile) = profile {
                let s = profile.puzzles;
                ui.label(fill(
                    lang.t(
                        "{name}: {solved} solved, {failed} failed, streak {streak} (best {best})",
                    ),
                    &[
                        ("name", &profile.name),
                        ("solved", &s.solved),
                        ("failed", &s.failed),
                        ("streak", &s.streak),
                        ("best", &s.best_streak),
                    ],
                ));
            }
            leave_button(ui, lang, &mut commands);
        });
    commands
}

/// A difficulty's name in the interface's language.
fn difficulty_label(lang: Lang, d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => lang.t("Easy"),
        Difficulty::Medium => lang.t("Medium"),
        Difficulty::Hard => lang.t("Hard"),
    }
}

/// The colour a difficulty is written in.
fn difficulty_colour(d: Difficulty) -> egui::Color32 {
    match d {
        Difficulty::Easy => RIGHT,
        Difficulty::Medium => egui::Color32::from_rgb(215, 150, 40),
        Difficulty::Hard => egui::Color32::from_rgb(205, 70, 60),
    }
}

fn leave_button(ui: &mut egui::Ui, lang: Lang, commands: &mut Vec<PuzzleCommand>) {
    if ui.button(lang.t("Menu")).on_hover_text("Esc").clicked() {
        commands.push(PuzzleCommand::Leave);
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::app::board::layout::SIDE_PANEL;
    use crate::app::capture::egui_harness::{
        Accessible, accessible, button_count, run_frame, styled_context, unnamed_buttons,
        window_rect,
    };
    use crate::players::settings::Language;
    use gomoku_engine::analysis::puzzle::CHECK_NODES;
    use gomoku_engine::analysis::puzzle_play::PuzzlePlay;
    use gomoku_engine::analysis::puzzle_set::built_in;

    /// The first built-in puzzle, being solved.
    fn puzzles() -> Puzzles {
        let mut puzzles = Puzzles::default();
        puzzles.list = built_in();
        puzzles.play = PuzzlePlay::new(puzzles.list[0].puzzle.clone(), CHECK_NODES).ok();
        puzzles
    }

    /// The panel drawn for a few frames in a `w`x`h` window: its rect, and its controls.
    fn drawn(lang: Lang, w: f32, h: f32) -> (egui::Rect, Vec<Accessible>) {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
        let ctx = styled_context(h);
        ctx.enable_accesskit();
        let puzzles = puzzles();
        let mut output = None;
        for _ in 0..4 {
            output = Some(run_frame(&ctx, screen, Vec::new(), |ctx| {
                show_puzzle_panel(ctx, lang, &puzzles, None, SIDE_PANEL);
            }));
        }
        let rect = window_rect(&ctx, "puzzle_panel").expect("shown");
        (rect, accessible(&output.expect("drawn")))
    }

    #[test]
    fn every_button_has_a_name_a_screen_reader_can_say() {
        for language in [Language::English, Language::Chinese] {
            let (_, controls) = drawn(Lang(language), 1280.0, 800.0);
            assert!(button_count(&controls) >= 5, "{controls:#?}");
            let unnamed = unnamed_buttons(&controls);
            assert!(
                unnamed.is_empty(),
                "{language:?}: buttons whose name says nothing: {unnamed:#?}"
            );
        }
    }

    #[test]
    fn the_panel_is_no_wider_than_its_title_bar() {
        for language in [Language::English, Language::Chinese] {
            for (w, h) in [(907.0, 680.0), (1280.0, 800.0)] {
                let (rect, _) = drawn(Lang(language), w, h);
                assert!(
                    rect.width() <= SIDE_PANEL - 24.0 + 0.5,
                    "{language:?} at {w}x{h}: the contents widened the panel to {rect:?}"
                );
            }
        }
    }
}
