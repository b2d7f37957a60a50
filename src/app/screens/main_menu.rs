//! The main menu: who plays, the AI's level, rule, opening rule, size, forbidden-move policy and
//! clock;
//! "New game",
//! "Back to the game" and the buttons to the other windows. Every row is always there (greyed
//! out when it does not apply), so the window keeps its size and place when an option changes
//! and no button moves under the pointer.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::i18n::opening::{opening_label, opening_summary};
use crate::app::i18n::{Lang, fill, rule_label, time_control_name};
use crate::app::play::clock::TIME_CONTROLS;
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, primary_button};
use crate::app::{
    ActiveSetup, Board, Dialog, GameCommand, GameOnBoard, GameOpening, GameSetup, Mode,
    PlayerProfiles, PuzzleCommand, Screen, UserSettings,
};
use crate::engine::opening::{Opening, OpeningRule};
use crate::engine::search::levels::Level;
use crate::engine::{ForbiddenPolicy, Rule, Stone};
use crate::players::ProfileId;

/// What a click in the main menu asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MenuAction {
    /// Start a new game with the menu's set-up.
    NewGame,
    /// Go back to the game on the board, on this screen.
    Back(Screen),
    /// Open a window.
    Open(Dialog),
    /// Open puzzle mode.
    Puzzles,
    /// Open the online lobby.
    Online,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu
            .run_if(in_state(Screen::Menu).and_then(in_state(Dialog::None)))
            .in_set(UiSystems::Screens),
    );
}

/// The main menu system.
fn main_menu(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    settings: Res<UserSettings>,
    mut setup: ResMut<GameSetup>,
    mut profiles: ResMut<PlayerProfiles>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    board: Res<Board>,
    on_board: Res<GameOnBoard>,
    mut next: ResMut<NextState<Screen>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<GameCommand>,
    mut puzzles: MessageWriter<PuzzleCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The game's seats, not the colours its opening gave.
    let differs = opening.seated(&active.0).without_position() != setup.without_position()
        && !board.board().moves().is_empty();
    let back = on_board.back_to(&board.0);
    let s = setup.bypass_change_detection();
    let before = s.clone();
    let action = show_main_menu(ctx, *lang, &settings, s, &mut profiles, differs, back);
    if *s != before {
        s.clear_position();
        setup.set_changed();
    }
    match action {
        Some(MenuAction::NewGame) => {
            commands.write(GameCommand::NewGame);
            next.set(Screen::Playing);
        }
        Some(MenuAction::Back(screen)) => next.set(screen),
        Some(MenuAction::Open(d)) => dialog.set(d),
        Some(MenuAction::Puzzles) => {
            puzzles.write(PuzzleCommand::Open);
        }
        Some(MenuAction::Online) => next.set(Screen::Lobby),
        None => {}
    }
    Ok(())
}

/// Draws the menu; returns what was clicked. `differs`: the set-up is not the game's on the
/// board; `back`: where "Back to the game" goes, if there is a game.
fn show_main_menu(
    ctx: &egui::Context,
    lang: Lang,
    settings: &UserSettings,
    s: &mut GameSetup,
    profiles: &mut PlayerProfiles,
    differs: bool,
    back: Option<Screen>,
) -> Option<MenuAction> {
    let mut action = None;
    dialog_window(lang.t("Gomoku"), "main_menu").show(ctx, |ui| {
        egui::Grid::new("setup")
            .num_columns(2)
            .spacing([16.0, 10.0])
            .show(ui, |ui| {
                setup_rows(ui, lang, settings, s, profiles, &mut action);
            });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.add(primary_button(lang.t("New game"))).clicked() {
                action = Some(MenuAction::NewGame);
            }
            if let Some(back) = back
                && ui.button(lang.t("Back to the game")).clicked()
            {
                action = Some(MenuAction::Back(back));
            }
            if ui
                .button(lang.t("Play online"))
                .on_hover_text(lang.t("Play people on a Gomoku server, or watch their games"))
                .clicked()
            {
                action = Some(MenuAction::Online);
            }
        });
        // The note keeps its room when it is not shown.
        ui.add_visible(
            differs,
            egui::Label::new(
                egui::RichText::new(lang.t("A new game starts with these settings.")).small(),
            ),
        );
        ui.separator();
        ui.horizontal(|ui| {
            for (label, d) in [
                (lang.t("Players"), Dialog::Players),
                (lang.t("Games"), Dialog::Games),
                (lang.t("Settings"), Dialog::Settings),
            ] {
                if ui.button(label).clicked() {
                    action = Some(MenuAction::Open(d));
                }
            }
            if ui.button(lang.t("Puzzles")).clicked() {
                action = Some(MenuAction::Puzzles);
            }
        });
    });
    action
}

/// The grid's rows, each always shown and greyed out where it does not apply.
fn setup_rows(
    ui: &mut egui::Ui,
    lang: Lang,
    settings: &UserSettings,
    s: &mut GameSetup,
    profiles: &mut PlayerProfiles,
    action: &mut Option<MenuAction>,
) {
    ui.label(lang.t("Players"));
    ui.vertical(|ui| {
        let vs_ai = matches!(s.mode, Mode::VsAi { .. });
        if ui.radio(vs_ai, lang.t("Against the AI")).clicked() && !vs_ai {
            s.mode = Mode::VsAi {
                human: Stone::Black,
            };
        }
        ui.radio_value(&mut s.mode, Mode::TwoPlayers, lang.t("Two players"));
        ui.radio_value(&mut s.mode, Mode::AiVsAi, lang.t("AI against AI"));
    });
    ui.end_row();

    let people = s.mode != Mode::AiVsAi;
    // The grid's first column is as wide as its widest label, whichever of these is shown.
    let seats = s.opening != OpeningRule::None;
    let who = match (s.mode, seats) {
        (Mode::TwoPlayers, false) => lang.t("Black player"),
        (Mode::TwoPlayers, true) => lang.t("First player"),
        _ => lang.t("Player"),
    };
    ui.add_enabled(people, egui::Label::new(who));
    ui.add_enabled_ui(people, |ui| {
        ui.horizontal(|ui| {
            let picked = profile_combo(ui, "active", profiles, profiles.active, None, lang);
            if let Some(Some(id)) = picked {
                let _ = profiles.pick(id);
            }
            if ui.small_button(lang.t("Players...")).clicked() {
                *action = Some(MenuAction::Open(Dialog::Players));
            }
        });
    });
    ui.end_row();

    let two = s.mode == Mode::TwoPlayers;
    let second = if seats {
        lang.t("Second player")
    } else {
        lang.t("White player")
    };
    ui.add_enabled(two, egui::Label::new(second));
    ui.add_enabled_ui(two, |ui| {
        let picked = profile_combo(
            ui,
            "opponent",
            profiles,
            profiles.opponent,
            Some(lang.t("Guest")),
            lang,
        );
        if let Some(id) = picked {
            let _ = profiles.pick_opponent(id);
        }
    });
    ui.end_row();

    let vs_ai = matches!(s.mode, Mode::VsAi { .. });
    ui.add_enabled(vs_ai, egui::Label::new(lang.t("You play")));
    ui.add_enabled_ui(vs_ai, |ui| {
        ui.horizontal(|ui| {
            let mut shown = match s.mode {
                Mode::VsAi { human } => human,
                _ => Stone::Black,
            };
            // With an opening rule the colours are decided in it: the choice is who opens.
            let (first, second) = if seats {
                (lang.t("First (you open)"), lang.t("Second (the AI opens)"))
            } else {
                (lang.t("Black (first)"), lang.t("White"))
            };
            ui.radio_value(&mut shown, Stone::Black, first);
            ui.radio_value(&mut shown, Stone::White, second);
            if let Mode::VsAi { human } = &mut s.mode {
                *human = shown;
            }
        });
    });
    ui.end_row();

    let ai = s.mode != Mode::TwoPlayers;
    ui.add_enabled(ai, egui::Label::new(lang.t("AI level")));
    ui.add_enabled_ui(ai, |ui| {
        let level_text = |l: Level| {
            let values: [(&str, &dyn std::fmt::Display); 3] = [
                ("n", &l.number()),
                ("name", &lang.t(l.name())),
                ("secs", &settings.master_move_secs),
            ];
            if l.number() == Level::MAX {
                fill(lang.t("{n} - {name} (up to {secs} s per move)"), &values)
            } else {
                fill(lang.t("{n} - {name}"), &values)
            }
        };
        egui::ComboBox::from_id_salt("level")
            .selected_text(level_text(s.level))
            .width(LEVEL_COMBO_WIDTH)
            .show_ui(ui, |ui| {
                for level in Level::all() {
                    ui.selectable_value(&mut s.level, level, level_text(level));
                }
            });
    });
    ui.end_row();

    ui.label(lang.t("Rule"));
    ui.horizontal(|ui| {
        for rule in Rule::ALL {
            ui.radio_value(&mut s.rule, rule, lang.t(rule_label(rule)));
        }
    });
    ui.end_row();

    opening_row(ui, lang, s);

    ui.label(lang.t("Board"));
    ui.horizontal(|ui| {
        for size in [13u8, 15, 19] {
            ui.radio_value(&mut s.size, size, format!("{size}x{size}"));
        }
    });
    ui.end_row();

    let renju = s.rule == Rule::Renju;
    ui.add_enabled(renju, egui::Label::new(lang.t("Forbidden move")));
    ui.add_enabled_ui(renju, |ui| {
        ui.horizontal(|ui| {
            ui.radio_value(&mut s.policy, ForbiddenPolicy::Refuse, lang.t("is refused"));
            ui.radio_value(
                &mut s.policy,
                ForbiddenPolicy::Lose,
                lang.t("loses the game"),
            );
        });
    });
    ui.end_row();

    time_control_row(ui, lang, s);
}

/// The clock of local games: untimed, or one of the time controls offered (for two players,
/// against the AI and AI against AI alike).
fn time_control_row(ui: &mut egui::Ui, lang: Lang, s: &mut GameSetup) {
    ui.label(lang.t("Clock")).on_hover_text(
        lang.t("Each side's time for the game, and the seconds added after each move"),
    );
    egui::ComboBox::from_id_salt("time_control")
        .selected_text(time_control_name(s.time, lang))
        .width(LEVEL_COMBO_WIDTH)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut s.time, None, time_control_name(None, lang));
            for t in TIME_CONTROLS {
                ui.selectable_value(&mut s.time, Some(t), time_control_name(Some(t), lang));
            }
        });
    ui.end_row();
}

/// The opening rules, each offered when the rule and board can take it (Soosõrv-8: renju);
/// one that no longer fits after a change of rule or size falls back to none.
fn opening_row(ui: &mut egui::Ui, lang: Lang, s: &mut GameSetup) {
    let fits = |o: OpeningRule| Opening::new(o, s.rule, s.size).is_ok();
    if !fits(s.opening) {
        s.opening = OpeningRule::None;
    }
    ui.label(lang.t("Opening"));
    ui.horizontal(|ui| {
        for o in OpeningRule::ALL {
            let fits = fits(o);
            let radio = ui.add_enabled(
                fits,
                egui::RadioButton::new(s.opening == o, lang.t(opening_label(o))),
            );
            let radio = if fits {
                radio.on_hover_text(lang.t(opening_summary(o)))
            } else {
                radio.on_disabled_hover_text(lang.t("Soosõrv-8 is played under the renju rule."))
            };
            if radio.clicked() {
                s.opening = o;
            }
        }
    });
    ui.end_row();
}

/// The level drop-down's width: the longest level's text fits, so the menu keeps its width.
const LEVEL_COMBO_WIDTH: f32 = 260.0;

/// A drop-down of the profiles; `none` adds an entry for nobody. Returns the choice when one
/// was made.
fn profile_combo(
    ui: &mut egui::Ui,
    id: &str,
    profiles: &PlayerProfiles,
    current: Option<ProfileId>,
    none: Option<&str>,
    lang: Lang,
) -> Option<Option<ProfileId>> {
    let name_of = |id: Option<ProfileId>| {
        id.and_then(|id| profiles.get(id).ok())
            .map(|p| p.name.clone())
            .unwrap_or_else(|| none.unwrap_or(lang.t("Guest")).to_owned())
    };
    let mut picked = None;
    egui::ComboBox::from_id_salt(id)
        .selected_text(name_of(current))
        .width(PLAYER_COMBO_WIDTH)
        .truncate()
        .show_ui(ui, |ui| {
            if let Some(none) = none
                && ui.selectable_label(current.is_none(), none).clicked()
            {
                picked = Some(None);
            }
            for p in &profiles.list {
                if ui
                    .selectable_label(current == Some(p.id), &p.name)
                    .clicked()
                {
                    picked = Some(Some(p.id));
                }
            }
        });
    picked
}

/// The player drop-downs' width: names are cut to it, so the menu keeps its width.
const PLAYER_COMBO_WIDTH: f32 = 160.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{run_frames, window_rect};
    use crate::players::settings::Language;

    #[test]
    fn the_menu_keeps_its_place_when_an_option_changes() {
        let lang = Lang(Language::English);
        let settings = UserSettings::default();
        let mut profiles = PlayerProfiles::default();
        profiles.ensure_active("Player 1", "2026-11-22T14:00:00Z".into());
        let setups = [
            GameSetup::default(),
            GameSetup {
                mode: Mode::TwoPlayers,
                rule: Rule::Renju,
                ..GameSetup::default()
            },
            GameSetup {
                mode: Mode::AiVsAi,
                rule: Rule::Standard,
                size: 19,
                ..GameSetup::default()
            },
        ];
        let ctx = egui::Context::default();
        let mut rects = Vec::new();
        for (i, setup) in setups.iter().enumerate() {
            let mut s = setup.clone();
            let (differs, back) = (i == 1, (i == 2).then_some(Screen::Playing));
            run_frames(&ctx, 4, |ctx| {
                show_main_menu(ctx, lang, &settings, &mut s, &mut profiles, differs, back);
            });
            rects.push(window_rect(&ctx, "main_menu").expect("shown"));
        }
        for rect in &rects[1..] {
            assert_eq!(rects[0].min, rect.min, "the menu moved: {rects:?}");
        }
    }
}
