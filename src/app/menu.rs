//! Menus and dialogs in egui: the top bar (status and game buttons), the main menu (mode, level,
//! rule, size, players), the game-over dialog, and the windows it opens (players, games,
//! settings), one at a time.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use super::ai::AiThinking;
use super::i18n::{Lang, counted, fill};
use super::layout::TOP_BAR;
use super::persist::{PlayerProfiles, StorageProblem, StorageProblems, UserSettings};
use super::theme::Palette;
use super::turn::{ActiveSetup, GamePlayers};
use super::{
    Board, BoardLayout, GameCommand, GameSetup, Mode, Screen, StatusLine, history_ui,
    is_long_game_in_progress, profiles_ui, replay_ui, settings_ui,
};
use crate::engine::{Outcome, Rule, Stone};

/// The window open over the menus, if any.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialog {
    /// None.
    #[default]
    None,
    /// The players and their results.
    Players,
    /// The finished games, import and export.
    Games,
    /// The settings.
    Settings,
    /// "Restart?" for a long game in progress.
    ConfirmRestart,
}

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<EguiPlugin>() {
        app.add_plugins(EguiPlugin::default());
    }
    app.init_state::<Dialog>()
        .add_plugins((
            profiles_ui::plugin,
            history_ui::plugin,
            replay_ui::plugin,
            settings_ui::plugin,
        ))
        .add_systems(
            EguiPrimaryContextPass,
            (
                super::fonts::install_fonts.run_if(run_once),
                super::fonts::full_cjk_when_needed,
                apply_visuals.run_if(resource_changed::<Palette>),
                top_bar,
                side_panel.run_if(not(in_state(Screen::Replay))),
                super::main_menu::main_menu
                    .run_if(in_state(Screen::Menu).and_then(in_state(Dialog::None))),
                game_over_dialog.run_if(in_state(Screen::GameOver)),
                confirm_restart.run_if(in_state(Dialog::ConfirmRestart)),
                storage_problems.run_if(|p: Res<StorageProblems>| !p.0.is_empty()),
            )
                .chain(),
        );
}

/// "Restart?": a long game in progress is not thrown away by one click. It is kept in the
/// games as unfinished either way.
fn confirm_restart(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    board: Res<Board>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(lang.t("Restart?"))
        .id(egui::Id::new("confirm_restart"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(fill(
                lang.t("The game in progress ({n} moves) will be kept in Games as unfinished."),
                &[("n", &board.board().moves().len())],
            ));
            ui.horizontal(|ui| {
                if ui
                    .button(egui::RichText::new(lang.t("Restart")).strong())
                    .clicked()
                {
                    commands.write(GameCommand::Restart);
                    dialog.set(Dialog::None);
                }
                if ui.button(lang.t("Keep playing")).clicked() {
                    dialog.set(Dialog::None);
                }
            });
        });
    Ok(())
}

/// Dark menus for the wood and dark themes; light ones with strong text for high contrast.
fn apply_visuals(mut contexts: EguiContexts, palette: Res<Palette>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let visuals = if palette.dark_menus {
        egui::Visuals::dark()
    } else {
        let mut v = egui::Visuals::light();
        v.override_text_color = Some(egui::Color32::BLACK);
        v.widgets.noninteractive.bg_stroke.color = egui::Color32::BLACK;
        v.widgets.inactive.bg_stroke = egui::Stroke::new(1.0, egui::Color32::BLACK);
        v.window_stroke = egui::Stroke::new(2.0, egui::Color32::BLACK);
        v
    };
    let theme = if palette.dark_menus {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    ctx.set_theme(theme);
    ctx.set_visuals_of(theme, visuals);
    Ok(())
}

/// Problems with the saved files, until the player has read them.
fn storage_problems(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    mut problems: ResMut<StorageProblems>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(lang.t("Saved data"))
        .id(egui::Id::new("storage_problems"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            for p in &problems.0 {
                ui.label(match p {
                    StorageProblem::Unreadable {
                        file,
                        reason,
                        kept_as: Some(kept),
                    } => fill(
                        lang.t("{file} could not be read ({reason}). It was kept as {kept} and a fresh one is used."),
                        &[("file", file), ("reason", &lang.message(reason)), ("kept", kept)],
                    ),
                    StorageProblem::Unreadable {
                        file,
                        reason,
                        kept_as: None,
                    } => fill(
                        lang.t("{file} could not be read ({reason}) nor moved aside: it is left as it is and nothing is written over it."),
                        &[("file", file), ("reason", &lang.message(reason))],
                    ),
                    StorageProblem::NotSaved { reason } => {
                        fill(lang.t("Not saved: {reason}"), &[("reason", &lang.message(reason))])
                    }
                });
            }
            if ui.button(lang.t("OK")).clicked() {
                problems.0.clear();
            }
        });
    Ok(())
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
    lang: Res<Lang>,
    status: Res<StatusLine>,
    thinking: Res<AiThinking>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    profiles: Res<PlayerProfiles>,
    settings: Res<UserSettings>,
    layout: Option<Res<BoardLayout>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let in_game = matches!(screen.get(), Screen::Playing | Screen::GameOver);
    let has_side_panel = layout.is_some_and(|l| l.side_panel > 0.0);
    egui::Panel::top("top_bar")
        .exact_size(TOP_BAR - 8.0)
        .show(&mut root, |ui| {
            ui.horizontal_centered(|ui| {
                if ui.button(lang.t("Menu")).on_hover_text("Esc").clicked() {
                    next.set(Screen::Menu);
                    dialog.set(Dialog::None);
                }
                ui.separator();
                let game = &board.0;
                let can_undo = in_game && !game.board().moves().is_empty();
                let can_redo = in_game && game.can_redo();
                let undo = ui.add_enabled(can_undo, egui::Button::new(lang.t("Undo")));
                if undo.on_hover_text("Ctrl+Z").clicked() {
                    commands.write(GameCommand::Undo);
                }
                let redo = ui.add_enabled(can_redo, egui::Button::new(lang.t("Redo")));
                if redo.on_hover_text("Ctrl+Y").clicked() {
                    commands.write(GameCommand::Redo);
                }
                if ui
                    .add_enabled(in_game, egui::Button::new(lang.t("Restart")))
                    .clicked()
                {
                    if is_long_game_in_progress(game, &active.0) {
                        dialog.set(Dialog::ConfirmRestart);
                    } else {
                        commands.write(GameCommand::Restart);
                    }
                }
                let can_resign =
                    in_game && !game.outcome().is_over() && active.0.mode != Mode::AiVsAi;
                if ui
                    .add_enabled(can_resign, egui::Button::new(lang.t("Resign")))
                    .clicked()
                {
                    commands.write(GameCommand::Resign);
                }
                if settings.limited_undo
                    && matches!(active.0.mode, Mode::VsAi { .. })
                    && let Some(p) = profiles.active()
                {
                    ui.separator();
                    ui.label(fill(lang.t("Undos left: {n}"), &[("n", &p.undo.left)]));
                }
                if !has_side_panel {
                    ui.separator();
                    status_label(ui, lang, &status, &thinking);
                }
            });
        });
    Ok(())
}

fn status_label(ui: &mut egui::Ui, lang: Lang, status: &StatusLine, thinking: &AiThinking) {
    if thinking.is_thinking() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(lang.t("AI thinking..."));
        });
    } else {
        ui.label(egui::RichText::new(&status.0).strong());
    }
}

/// The panel beside the board: the players, the rule, the status and, at the end, the result.
fn side_panel(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    status: Res<StatusLine>,
    thinking: Res<AiThinking>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    players: Res<GamePlayers>,
    profiles: Res<PlayerProfiles>,
    layout: Option<Res<BoardLayout>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let lang = *lang;
    let Some(width) = layout.map(|l| l.side_panel).filter(|w| *w > 0.0) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::Panel::right("side_panel")
        .exact_size(width)
        .show(&mut root, |ui| {
            ui.add_space(8.0);
            ui.heading(players_line(&active.0, &players, &profiles, lang));
            ui.label(fill(
                lang.t("{rule} rule, {n}x{n}"),
                &[
                    ("rule", &lang.t(rule_label(board.rule()))),
                    ("n", &board.board().size()),
                ],
            ));
            ui.separator();
            status_label(ui, lang, &status, &thinking);
            ui.label(fill(
                lang.t("Move {n}"),
                &[("n", &board.board().moves().len())],
            ));
            let person_is_black = !active.0.mode.ai_plays(Stone::Black);
            if *screen.get() == Screen::Playing
                && person_is_black
                && board.rule() == Rule::Renju
                && board.to_move() == Stone::Black
            {
                ui.small(lang.t("Red crosses: points forbidden to Black."));
            }
            if *screen.get() == Screen::GameOver {
                ui.separator();
                game_over_contents(ui, lang, &board, &active, &mut next, &mut commands);
            }
        });
    Ok(())
}

/// "Ann (Black) vs AI 3 (Club)" and the like, with the game's players.
fn players_line(
    setup: &GameSetup,
    players: &GamePlayers,
    profiles: &PlayerProfiles,
    lang: Lang,
) -> String {
    let name = |stone: Stone| {
        players
            .of_stone(stone)
            .and_then(|id| profiles.get(id).ok())
            .map(|p| p.name.clone())
            .unwrap_or_else(|| lang.t("Guest").to_owned())
    };
    let level = fill(
        lang.t("AI {n} ({name})"),
        &[
            ("n", &setup.level.number()),
            ("name", &lang.t(setup.level.name())),
        ],
    );
    match setup.mode {
        Mode::VsAi { human } => fill(
            lang.t("{person} ({colour}) vs {ai}"),
            &[
                ("person", &name(human)),
                ("colour", &lang.t(stone_name(human))),
                ("ai", &level),
            ],
        ),
        Mode::TwoPlayers => fill(
            lang.t("{black} (Black) vs {white} (White)"),
            &[
                ("black", &name(Stone::Black)),
                ("white", &name(Stone::White)),
            ],
        ),
        Mode::AiVsAi => fill(lang.t("AI vs AI, {level}"), &[("level", &level)]),
    }
}

/// "Black" or "White".
pub fn stone_name(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "Black",
        Stone::White => "White",
    }
}

/// The rule's name.
pub fn rule_label(rule: Rule) -> &'static str {
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
    lang: Res<Lang>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    layout: Option<Res<BoardLayout>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    if layout.is_some_and(|l| l.side_panel > 0.0) {
        return Ok(());
    }
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(lang.t("Game over"))
        .id(egui::Id::new("game_over"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            game_over_contents(ui, lang, &board, &active, &mut next, &mut commands);
        });
    Ok(())
}

fn game_over_contents(
    ui: &mut egui::Ui,
    lang: Lang,
    board: &Board,
    active: &ActiveSetup,
    next: &mut NextState<Screen>,
    commands: &mut MessageWriter<GameCommand>,
) {
    ui.heading(result_headline(board.outcome(), active.0.mode, lang));
    ui.label(counted(
        board.board().moves().len() as u64,
        lang.t("{n} move"),
        lang.t("{n} moves"),
    ));
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(egui::RichText::new(lang.t("Play again")).strong())
            .clicked()
        {
            commands.write(GameCommand::Restart);
            next.set(Screen::Playing);
        }
        if ui.button(lang.t("Menu")).clicked() {
            next.set(Screen::Menu);
        }
        if ui.button(lang.t("Undo")).clicked() {
            commands.write(GameCommand::Undo);
        }
    });
}

/// "You win!", "White wins", "Draw" ... from the person's side when playing the AI.
pub fn result_headline(outcome: &Outcome, mode: Mode, lang: Lang) -> String {
    let Some(winner) = outcome.winner() else {
        return lang.t("Draw").to_string();
    };
    match mode {
        Mode::VsAi { human } if human == winner => lang.t("You win!").to_string(),
        Mode::VsAi { .. } => lang.t("The AI wins").to_string(),
        _ => match winner {
            Stone::Black => lang.t("Black wins").to_string(),
            Stone::White => lang.t("White wins").to_string(),
        },
    }
}
