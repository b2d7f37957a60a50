//! The replay viewer: step through a recorded game (buttons, a slider, and the keyboard: Left,
//! Right, Home, End), and "Continue from here" to play on from any position. A game that began
//! with an opening rule lists the opening's steps above the moves.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::opening::{opening_label, record_lines};
use crate::app::i18n::{Lang, fill, players_text, result_text, rule_label};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, primary_button};
use crate::app::{
    AnalysisCommand, AppSystems, GameCommand, GameHistory, GameSetup, OpenNewestReplay, Replay,
    ReplayStep as Step, Screen,
};
use crate::engine::record::GameRecord;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        replay_window
            .run_if(in_state(Screen::Replay).and_then(resource_exists::<Replay>))
            .in_set(UiSystems::Windows),
    )
    .add_systems(
        Update,
        open_newest.run_if(resource_exists::<OpenNewestReplay>),
    )
    .add_systems(
        Update,
        replay_keys
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Replay).and_then(resource_exists::<Replay>)),
    );
}

/// Opens the newest readable saved game in the replay viewer, at its end.
fn open_newest(
    mut commands: Commands,
    history: Res<GameHistory>,
    mut next: ResMut<NextState<Screen>>,
) {
    commands.remove_resource::<OpenNewestReplay>();
    let newest = (0..history.len())
        .rev()
        .find_map(|i| history.game(i).and_then(Result::ok));
    match newest {
        Some(record) => {
            let at = record.moves.len();
            commands.insert_resource(Replay { record, at });
            next.set(Screen::Replay);
        }
        None => warn!("--replay: there is no saved game to replay"),
    }
}

fn replay_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut replay: ResMut<Replay>,
) {
    let Some(keys) = keys else { return };
    if egui.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    let steps = [
        (KeyCode::ArrowLeft, Step::Back),
        (KeyCode::ArrowRight, Step::Forward),
        (KeyCode::Home, Step::First),
        (KeyCode::End, Step::Last),
        (KeyCode::ArrowUp, Step::First),
        (KeyCode::ArrowDown, Step::Last),
    ];
    for (key, step) in steps {
        if keys.just_pressed(key) {
            replay.step(step);
        }
    }
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

/// The replay window's id: the review window is laid out under it.
pub const REPLAY_WINDOW: &str = "replay_window";

fn replay_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    mut replay: ResMut<Replay>,
    mut setup: ResMut<GameSetup>,
    mut next: ResMut<NextState<Screen>>,
    layout: Option<Res<BoardLayout>>,
    mut commands: MessageWriter<GameCommand>,
    mut analysis: MessageWriter<AnalysisCommand>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let n = replay.record.moves.len();
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
            let r = &replay.record;
            ui.label(header(r, lang));
            ui.label(format!(
                "{}  {}",
                r.date.replace('T', " ").trim_end_matches('Z'),
                result_text(r, lang)
            ));
            if let Some(opening) = &r.opening {
                ui.separator();
                ui.label(fill(
                    lang.t("Opening: {rule}"),
                    &[("rule", &lang.t(opening_label(opening.rule)))],
                ));
                for line in record_lines(r, lang) {
                    ui.label(line);
                }
                ui.separator();
            }
            // Rows that wrap: in the column beside the board (216 points at 1280x800) the
            // buttons and the count do not fit on one line, and a row that overflows would
            // widen the window past its title bar.
            ui.horizontal_wrapped(|ui| {
                let mut step = None;
                let at = replay.at;
                if ui
                    .add_enabled(at > 0, egui::Button::new("|<"))
                    .on_hover_text("Home")
                    .clicked()
                {
                    step = Some(Step::First);
                }
                if ui
                    .add_enabled(at > 0, egui::Button::new("<"))
                    .on_hover_text("Left")
                    .clicked()
                {
                    step = Some(Step::Back);
                }
                if ui
                    .add_enabled(at < n, egui::Button::new(">"))
                    .on_hover_text("Right")
                    .clicked()
                {
                    step = Some(Step::Forward);
                }
                if ui
                    .add_enabled(at < n, egui::Button::new(">|"))
                    .on_hover_text("End")
                    .clicked()
                {
                    step = Some(Step::Last);
                }
                if let Some(step) = step {
                    replay.step(step);
                }
                ui.label(fill(
                    lang.t("Move {at} of {n}"),
                    &[("at", &replay.at), ("n", &n)],
                ));
            });
            let mut shown = replay.at;
            ui.spacing_mut().slider_width = ui.available_width().max(80.0);
            if ui
                .add(egui::Slider::new(&mut shown, 0..=n).show_value(false))
                .changed()
            {
                replay.at = shown;
            }
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
                    *setup = replay.continue_setup(&setup);
                    commands.write(GameCommand::NewGame);
                }
                if ui.button(lang.t("Analyse")).on_hover_text("A").clicked() {
                    analysis.write(AnalysisCommand::Toggle);
                }
                if ui.button(lang.t("Close")).clicked() {
                    next.set(Screen::Menu);
                }
            });
        });
    Ok(())
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
