//! Menus and dialogs in egui: the top bar (status and game buttons), the main menu (mode, level,
//! rule, size) and the game-over dialog.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use super::ai::AiThinking;
use super::layout::TOP_BAR;
use super::turn::ActiveSetup;
use super::{Board, BoardLayout, GameCommand, GameSetup, Mode, Screen, StatusLine};
use crate::engine::search::levels::Level;
use crate::engine::{ForbiddenPolicy, Outcome, Rule, Stone};

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<EguiPlugin>() {
        app.add_plugins(EguiPlugin::default());
    }
    app.add_systems(
        EguiPrimaryContextPass,
        (
            top_bar,
            side_panel,
            main_menu.run_if(in_state(Screen::Menu)),
            game_over_dialog.run_if(in_state(Screen::GameOver)),
        )
            .chain(),
    );
}

/// A full-window root ui for panels.
fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The game buttons, and the status line when there is no side panel.
fn top_bar(
    mut contexts: EguiContexts,
    status: Res<StatusLine>,
    thinking: Res<AiThinking>,
    board: Res<Board>,
    layout: Option<Res<BoardLayout>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let in_game = *screen.get() != Screen::Menu;
    let has_side_panel = layout.is_some_and(|l| l.side_panel > 0.0);
    egui::Panel::top("top_bar")
        .exact_size(TOP_BAR - 8.0)
        .show(&mut root, |ui| {
            ui.horizontal_centered(|ui| {
                if ui.button("Menu").clicked() {
                    next.set(Screen::Menu);
                }
                ui.separator();
                let game = &board.0;
                let can_undo = in_game && !game.board().moves().is_empty();
                let can_redo = in_game && !game.board().redo_moves().is_empty();
                let undo = ui.add_enabled(can_undo, egui::Button::new("Undo"));
                if undo.on_hover_text("Ctrl+Z").clicked() {
                    commands.write(GameCommand::Undo);
                }
                let redo = ui.add_enabled(can_redo, egui::Button::new("Redo"));
                if redo.on_hover_text("Ctrl+Y").clicked() {
                    commands.write(GameCommand::Redo);
                }
                if ui
                    .add_enabled(in_game, egui::Button::new("Restart"))
                    .clicked()
                {
                    commands.write(GameCommand::Restart);
                }
                let can_resign = in_game && !game.outcome().is_over();
                if ui
                    .add_enabled(can_resign, egui::Button::new("Resign"))
                    .clicked()
                {
                    commands.write(GameCommand::Resign);
                }
                if !has_side_panel {
                    ui.separator();
                    status_label(ui, &status, &thinking);
                }
            });
        });
    Ok(())
}

fn status_label(ui: &mut egui::Ui, status: &StatusLine, thinking: &AiThinking) {
    if thinking.is_thinking() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("AI thinking...");
        });
    } else {
        ui.label(egui::RichText::new(&status.0).strong());
    }
}

/// The panel beside the board: the players, the rule, the status and, at the end, the result.
fn side_panel(
    mut contexts: EguiContexts,
    status: Res<StatusLine>,
    thinking: Res<AiThinking>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    layout: Option<Res<BoardLayout>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let Some(width) = layout.map(|l| l.side_panel).filter(|w| *w > 0.0) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::Panel::right("side_panel")
        .exact_size(width)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading(players_line(&active.0));
            ui.label(format!(
                "{} rule, {n}x{n}",
                rule_label(board.rule()),
                n = board.board().size()
            ));
            ui.separator();
            status_label(ui, &status, &thinking);
            ui.label(format!("Move {}", board.board().moves().len()));
            let person_is_black = !active.0.mode.ai_plays(Stone::Black);
            if *screen.get() == Screen::Playing
                && person_is_black
                && board.rule() == Rule::Renju
                && board.to_move() == Stone::Black
            {
                ui.small("Red crosses: points forbidden to Black.");
            }
            if *screen.get() == Screen::GameOver {
                ui.separator();
                game_over_contents(ui, &board, &active, &mut next, &mut commands);
            }
        });
    Ok(())
}

/// "You (Black) against the AI, level 3 (Club)" and the like.
fn players_line(setup: &GameSetup) -> String {
    match setup.mode {
        Mode::VsAi { human } => format!("You ({human}) vs AI {}", setup.level.name()),
        Mode::TwoPlayers => "Two players".to_string(),
        Mode::AiVsAi => format!("AI vs AI, {}", setup.level.name()),
    }
}

/// The main menu: who plays, the AI's level, rule, size and forbidden-move policy.
fn main_menu(
    mut contexts: EguiContexts,
    mut setup: ResMut<GameSetup>,
    active: Res<ActiveSetup>,
    board: Res<Board>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Gomoku")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            let s = setup.bypass_change_detection();
            let mut changed = false;
            egui::Grid::new("setup")
                .num_columns(2)
                .spacing([16.0, 10.0])
                .show(ui, |ui| {
                    ui.label("Players");
                    ui.vertical(|ui| {
                        let vs_ai = matches!(s.mode, Mode::VsAi { .. });
                        if ui.radio(vs_ai, "Against the AI").clicked() && !vs_ai {
                            s.mode = Mode::VsAi {
                                human: Stone::Black,
                            };
                            changed = true;
                        }
                        changed |= ui
                            .radio_value(&mut s.mode, Mode::TwoPlayers, "Two players")
                            .changed();
                        changed |= ui
                            .radio_value(&mut s.mode, Mode::AiVsAi, "AI against AI")
                            .changed();
                    });
                    ui.end_row();
                    if let Mode::VsAi { human } = &mut s.mode {
                        ui.label("You play");
                        ui.horizontal(|ui| {
                            changed |= ui
                                .radio_value(human, Stone::Black, "Black (first)")
                                .changed();
                            changed |= ui.radio_value(human, Stone::White, "White").changed();
                        });
                        ui.end_row();
                    }
                    if s.mode != Mode::TwoPlayers {
                        ui.label("AI level");
                        egui::ComboBox::from_id_salt("level")
                            .selected_text(s.level.to_string())
                            .show_ui(ui, |ui| {
                                for level in Level::all() {
                                    changed |= ui
                                        .selectable_value(&mut s.level, level, level.to_string())
                                        .changed();
                                }
                            });
                        ui.end_row();
                    }
                    ui.label("Rule");
                    ui.horizontal(|ui| {
                        for rule in Rule::ALL {
                            changed |= ui
                                .radio_value(&mut s.rule, rule, rule_label(rule))
                                .changed();
                        }
                    });
                    ui.end_row();
                    ui.label("Board");
                    ui.horizontal(|ui| {
                        for size in [13u8, 15, 19] {
                            changed |= ui
                                .radio_value(&mut s.size, size, format!("{size}x{size}"))
                                .changed();
                        }
                    });
                    ui.end_row();
                    if s.rule == Rule::Renju {
                        ui.label("Forbidden move");
                        ui.horizontal(|ui| {
                            changed |= ui
                                .radio_value(&mut s.policy, ForbiddenPolicy::Refuse, "is refused")
                                .changed();
                            changed |= ui
                                .radio_value(&mut s.policy, ForbiddenPolicy::Lose, "loses the game")
                                .changed();
                        });
                        ui.end_row();
                    }
                });
            if changed {
                s.moves.clear();
                setup.set_changed();
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui
                    .button(egui::RichText::new("New game").strong())
                    .clicked()
                {
                    commands.write(GameCommand::NewGame);
                    next.set(Screen::Playing);
                }
                let resumable = !board.board().moves().is_empty() || board.outcome().is_over();
                if resumable && ui.button("Back to the game").clicked() {
                    let screen = if board.outcome().is_over() {
                        Screen::GameOver
                    } else {
                        Screen::Playing
                    };
                    next.set(screen);
                }
            });
            if *setup != active.0 && !board.board().moves().is_empty() {
                ui.small("A new game starts with these settings.");
            }
        });
    Ok(())
}

fn rule_label(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Freestyle",
        Rule::Standard => "Standard",
        Rule::Renju => "Renju",
    }
}

/// The result, with "Play again" and "Menu", floating over the board when there is no side
/// panel.
fn game_over_dialog(
    mut contexts: EguiContexts,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    layout: Option<Res<BoardLayout>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    if layout.is_some_and(|l| l.side_panel > 0.0) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            game_over_contents(ui, &board, &active, &mut next, &mut commands);
        });
    Ok(())
}

fn game_over_contents(
    ui: &mut egui::Ui,
    board: &Board,
    active: &ActiveSetup,
    next: &mut NextState<Screen>,
    commands: &mut MessageWriter<GameCommand>,
) {
    ui.heading(result_headline(board.outcome(), active.0.mode));
    ui.label(format!("{} moves", board.board().moves().len()));
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(egui::RichText::new("Play again").strong())
            .clicked()
        {
            commands.write(GameCommand::Restart);
            next.set(Screen::Playing);
        }
        if ui.button("Menu").clicked() {
            next.set(Screen::Menu);
        }
        if ui.button("Undo").clicked() {
            commands.write(GameCommand::Undo);
        }
    });
}

/// "You win!", "White wins", "Draw" ... from the person's side when playing the AI.
pub fn result_headline(outcome: &Outcome, mode: Mode) -> String {
    let Some(winner) = outcome.winner() else {
        return "Draw".to_string();
    };
    match mode {
        Mode::VsAi { human } if human == winner => "You win!".to_string(),
        Mode::VsAi { .. } => "The AI wins".to_string(),
        _ => format!("{winner} wins"),
    }
}
