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
use crate::app::theme::widgets::{dialog_window, error_colour, primary_button};
use crate::app::{PlayerProfiles, PuzzleCommand, PuzzleSource, Screen};
use crate::engine::analysis::Difficulty;
use crate::engine::analysis::puzzle_play::{Answer, PuzzleState};

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
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let side = layout.map_or(0.0, |l| l.side_panel);
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
            ui.horizontal(|ui| {
                let mut source = puzzles.source;
                ui.selectable_value(&mut source, PuzzleSource::BuiltIn, lang.t("Built-in"));
                ui.selectable_value(&mut source, PuzzleSource::MyGames, lang.t("From my games"));
                if source != puzzles.source {
                    commands.write(PuzzleCommand::Source(source));
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
                    commands.write(PuzzleCommand::Hint);
                }
                if ui.button(lang.t("Retry")).clicked() {
                    commands.write(PuzzleCommand::Retry);
                }
                if ui.button("<").clicked() {
                    commands.write(PuzzleCommand::Previous);
                }
                if ui.add(primary_button(lang.t("Next puzzle"))).clicked() {
                    commands.write(PuzzleCommand::Next);
                }
            });
            ui.separator();
            if let Some(profile) = profiles.active() {
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
    Ok(())
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

fn leave_button(ui: &mut egui::Ui, lang: Lang, commands: &mut MessageWriter<PuzzleCommand>) {
    if ui.button(lang.t("Menu")).on_hover_text("Esc").clicked() {
        commands.write(PuzzleCommand::Leave);
    }
}
