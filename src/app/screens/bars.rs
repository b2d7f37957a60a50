//! The bars around the board: the top bar (the game buttons, and the status line when there is
//! no panel) and the panel beside the board, or below it in portrait (the player cards, the
//! rule and clock, the status, the move list and, at the end, the result).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::move_list::{MoveList, show_move_list};
use super::opening::opening_contents;
use super::player_cards::{PlayerCards, show_cards};
use super::{GameView, game_over_contents, status_label};
use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::opening::{opening_label, seat_name};
use crate::app::i18n::{Lang, fill, rule_label, stone_name, time_control_name};
use crate::app::play::opening_ai::OpeningThinking;
use crate::app::theme::widgets::{icon_button, show_panel};
use crate::app::theme::{UiSystems, icons};
use crate::app::{
    AnalysisCommand, AskFirst, Board, Confirm, Dialog, GameCommand, GameOpening, GamePlayers,
    GameSetup, InGame, LookBack, Mode, OpeningRequest, PastPosition, PlayerProfiles, ReviewRequest,
    Screen, SideLine, UserSettings, can_analyse_from, seat_player,
};
use gomoku_engine::opening::OpeningRule;
use gomoku_engine::{Rule, Stone};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            top_bar,
            side_panel.run_if(not(in_state(Screen::Replay)
                .or_else(in_state(Screen::Analysis))
                .or_else(in_state(Screen::Puzzle))
                .or_else(in_state(Screen::Lobby))
                .or_else(in_state(Screen::Online)))),
        )
            .chain()
            .in_set(UiSystems::Panels),
    );
}

/// A top bar narrower than this (in points) shows its icons without their names.
const NARROW_BAR: f32 = 660.0;
/// The room the status line takes in the top bar when there is no panel for it.
const STATUS_ROOM: f32 = 240.0;

/// The game buttons, and the status line when there is no side panel.
fn top_bar(
    mut contexts: EguiContexts,
    view: GameView,
    profiles: Res<PlayerProfiles>,
    settings: Res<UserSettings>,
    layout: Option<Res<BoardLayout>>,
    opening: Res<GameOpening>,
    mut next: ResMut<NextState<Screen>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<GameCommand>,
    mut ask: MessageWriter<AskFirst>,
    mut analysis: MessageWriter<AnalysisCommand>,
    side_line: Option<Res<SideLine>>,
) -> Result {
    let GameView {
        lang,
        board,
        active,
        status,
        thinking,
        screen,
    } = view;
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let in_game = InGame::compute(*screen.get()).is_some();
    // A narrow bar (what the side panel leaves of it) shows the icons alone, the names in
    // their hover text.
    let panel = layout.as_ref().map_or(0.0, |l| l.side_panel);
    let has_side_panel = layout.is_some_and(|l| l.has_panel());
    let status_room = if has_side_panel { 0.0 } else { STATUS_ROOM };
    let narrow = ctx.content_rect().width() - panel < NARROW_BAR + status_room;
    let tip = |name: &str, key: &str| {
        if narrow {
            format!("{name} ({key})")
        } else {
            key.to_owned()
        }
    };
    let named = |r: egui::Response, name: &str| if narrow { r.on_hover_text(name) } else { r };
    let button = |icon, name| icon_button(icon, name).icon_only(narrow);
    let bar = egui::Panel::top("top_bar").exact_size(TOP_BAR - 8.0);
    show_panel(ctx, bar, |ui| {
        ui.horizontal_centered(|ui| {
            let menu = ui.add(button(icons::MENU, lang.t("Menu")));
            if menu.on_hover_text(tip(lang.t("Menu"), "Esc")).clicked() {
                next.set(Screen::Menu);
                dialog.set(Dialog::None);
            }
            // Online, the game's own panel has its actions (the server decides them); the
            // local game's buttons would only sit there greyed out.
            if matches!(screen.get(), Screen::Lobby | Screen::Online) {
                return;
            }
            ui.separator();
            let game = &board.0;
            let can_undo = in_game && !game.board().moves().is_empty();
            let can_redo = in_game && game.can_redo();
            let undo = ui.add_enabled(can_undo, button(icons::UNDO, lang.t("Undo")));
            if undo.on_hover_text(tip(lang.t("Undo"), "Ctrl+Z")).clicked() {
                commands.write(GameCommand::Undo);
            }
            let redo = ui.add_enabled(can_redo, button(icons::REDO, lang.t("Redo")));
            if redo.on_hover_text(tip(lang.t("Redo"), "Ctrl+Y")).clicked() {
                commands.write(GameCommand::Redo);
            }
            let restart = ui.add_enabled(in_game, button(icons::RESTART, lang.t("Restart")));
            if named(restart, lang.t("Restart")).clicked() {
                ask.write(AskFirst(Confirm::Restart));
            }
            // Not in the opening: the colours are not decided yet.
            let can_resign = in_game
                && !game.outcome().is_over()
                && active.0.mode != Mode::AiVsAi
                && opening.running().is_none();
            let resign = ui.add_enabled(can_resign, button(icons::RESIGN, lang.t("Resign")));
            if named(resign, lang.t("Resign")).clicked() {
                ask.write(AskFirst(Confirm::Resign));
            }
            // Analysis mode: from the game or the replay (not in the opening), and back.
            let analysing = *screen.get() == Screen::Analysis;
            let can_analyse = analysing
                || (can_analyse_from(*screen.get())
                    && (*screen.get() == Screen::Replay || opening.running().is_none()));
            let label = if analysing && side_line.is_some_and(|s| s.back_to == Screen::Replay) {
                lang.t("Back to the replay")
            } else if analysing {
                lang.t("Back to the game")
            } else {
                lang.t("Analyse")
            };
            let analyse = button(icons::ANALYSE, label).selected(analysing);
            if ui
                .add_enabled(can_analyse, analyse)
                .on_hover_text(tip(label, "A"))
                .clicked()
            {
                analysis.write(AnalysisCommand::Toggle);
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

/// The panel beside the board (below it in portrait): the player cards, the rule and the
/// clock, the status, the move list and, at the end, the result. While an opening runs: who
/// sits where, and the opening's steps and choices.
fn side_panel(
    mut contexts: EguiContexts,
    view: GameView,
    players: Res<GamePlayers>,
    profiles: Res<PlayerProfiles>,
    layout: Option<Res<BoardLayout>>,
    opening: Res<GameOpening>,
    opening_thinking: Res<OpeningThinking>,
    cards: Res<PlayerCards>,
    past: Option<Res<PastPosition>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<GameCommand>,
    mut requests: MessageWriter<OpeningRequest>,
    mut reviews: MessageWriter<ReviewRequest>,
    mut looks: MessageWriter<LookBack>,
) -> Result {
    let GameView {
        lang,
        board,
        active,
        status,
        thinking,
        screen,
    } = view;
    let lang = *lang;
    let Some((panel, portrait)) = layout.and_then(|l| {
        if l.side_panel > 0.0 {
            Some((
                egui::Panel::right("side_panel").exact_size(l.side_panel),
                false,
            ))
        } else if l.bottom_panel > 0.0 {
            Some((
                egui::Panel::bottom("bottom_panel").exact_size(l.bottom_panel),
                true,
            ))
        } else {
            None
        }
    }) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = *screen.get();
    show_panel(ctx, panel, |ui| {
        ui.add_space(8.0);
        if let Some(play) = opening.running() {
            ui.heading(players_line(&active.0, &players, &profiles, true, lang));
            ui.label(rule_line(&board, &active.0, lang));
            ui.separator();
            status_label(ui, lang, &status, &thinking);
            if screen == Screen::Playing {
                ui.separator();
                let busy = opening_thinking.is_thinking();
                opening_contents(ui, lang, play, busy, &mut requests);
            }
            return;
        }
        show_cards(ui, &cards, portrait, lang);
        ui.label(rule_line(&board, &active.0, lang));
        if active.0.opening != OpeningRule::None {
            ui.label(fill(
                lang.t("Opening: {rule}"),
                &[("rule", &lang.t(opening_label(active.0.opening)))],
            ));
        }
        ui.separator();
        // The cards show the AI's thinking; the status says what happened.
        ui.label(egui::RichText::new(&status.0).strong());
        let person_is_black = !active.0.mode.ai_plays(Stone::Black);
        if screen == Screen::Playing
            && person_is_black
            && board.rule() == Rule::Renju
            && board.to_move() == Stone::Black
        {
            ui.small(lang.t("Red crosses: points forbidden to Black."));
        }
        if screen == Screen::GameOver {
            egui::Panel::bottom("game_over_part")
                .frame(egui::Frame::NONE)
                .show_separator_line(false)
                .show(ui, |ui| {
                    ui.separator();
                    game_over_contents(
                        ui,
                        lang,
                        &board,
                        &active,
                        &mut next,
                        &mut commands,
                        &mut reviews,
                    );
                    ui.add_space(6.0);
                });
        }
        ui.separator();
        let past = past.filter(|_| screen == Screen::PastPosition);
        let list = match &past {
            Some(past) => MoveList {
                moves: &past.moves,
                size: board.board().size(),
                shown: past.at,
            },
            None => MoveList {
                moves: board.board().moves(),
                size: board.board().size(),
                shown: board.board().moves().len(),
            },
        };
        let height = ui.available_height() - 8.0;
        show_move_list(ui, &list, height, lang, &mut looks);
    });
    Ok(())
}

/// "Freestyle rule, 15x15 · 5 min + 3 s": the rule, the board and the clock.
fn rule_line(board: &Board, setup: &GameSetup, lang: Lang) -> String {
    let rule = fill(
        lang.t("{rule} rule, {n}x{n}"),
        &[
            ("rule", &lang.t(rule_label(board.rule()))),
            ("n", &board.board().size()),
        ],
    );
    match setup.time {
        Some(_) => format!("{rule} · {}", time_control_name(setup.time, lang)),
        None => rule,
    }
}

/// "Ann (Black) vs AI 3 (Club)" and the like, with the game's players; in the opening
/// (`seats`) by seat: "Ann (First player) vs AI 3 (Club)".
fn players_line(
    setup: &GameSetup,
    players: &GamePlayers,
    profiles: &PlayerProfiles,
    seats: bool,
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
                (
                    "colour",
                    &if seats {
                        lang.t(seat_name(seat_player(human)))
                    } else {
                        lang.t(stone_name(human))
                    },
                ),
                ("ai", &level),
            ],
        ),
        Mode::TwoPlayers if seats => fill(
            lang.t("{first} (first) vs {second} (second)"),
            &[
                ("first", &name(Stone::Black)),
                ("second", &name(Stone::White)),
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
