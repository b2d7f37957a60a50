//! The opening's guide while it runs: the rule, the steps taken so far, and what the step due
//! needs from a person: buttons for a choice of colour (and swap2's "place two more") or for
//! Soosõrv's number of fifth-move offers, a word on where to click otherwise, a spinner while
//! the AI decides. In the side panel when there is one, else in a window over the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::board::BoardLayout;
use crate::app::i18n::opening::{opening_label, play_lines};
use crate::app::i18n::{Lang, fill};
use crate::app::play::opening_ai::OpeningThinking;
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, primary_button};
use crate::app::{Dialog, GameOpening, OpeningPlay, OpeningRequest, Screen, opening_runs};
use gomoku_engine::opening::{Action, Choice, Task};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        opening_window
            .run_if(
                in_state(Screen::Playing)
                    .and_then(in_state(Dialog::None))
                    .and_then(opening_runs),
            )
            .in_set(UiSystems::Windows),
    );
}

/// The guide in a window, when there is no side panel to hold it.
fn opening_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    opening: Res<GameOpening>,
    thinking: Res<OpeningThinking>,
    layout: Option<Res<BoardLayout>>,
    mut requests: MessageWriter<OpeningRequest>,
) -> Result {
    if layout.is_some_and(|l| l.has_panel()) {
        return Ok(());
    }
    let Some(play) = opening.running() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    dialog_window(lang.t("Opening"), "opening_window")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .show(ctx, |ui| {
            opening_contents(ui, *lang, play, thinking.is_thinking(), &mut requests);
        });
    Ok(())
}

/// The guide's contents: the rule, the steps so far, and the step due's buttons or word.
pub fn opening_contents(
    ui: &mut egui::Ui,
    lang: Lang,
    play: &OpeningPlay,
    ai_thinking: bool,
    requests: &mut MessageWriter<OpeningRequest>,
) {
    ui.label(
        egui::RichText::new(fill(
            lang.t("Opening: {rule}"),
            &[("rule", &lang.t(opening_label(play.opening.rule())))],
        ))
        .strong(),
    );
    for line in play_lines(play, lang) {
        ui.label(line);
    }
    let Some(step) = play.step() else {
        return;
    };
    ui.add_space(4.0);
    if play.ai_to_act() {
        ui.horizontal(|ui| {
            if ai_thinking {
                ui.spinner();
            }
            ui.label(lang.t("AI thinking..."));
        });
        return;
    }
    let mut send = |action| {
        requests.write(OpeningRequest::person(action));
    };
    match &step.task {
        Task::Choose { options } => {
            ui.horizontal_wrapped(|ui| {
                for &choice in options {
                    let text = match choice {
                        Choice::Black => lang.t("Take Black"),
                        Choice::White => lang.t("Take White"),
                        Choice::PlaceTwo => lang.t("Place two more stones"),
                    };
                    if ui.add(primary_button(text)).clicked() {
                        send(Action::Choose(choice));
                    }
                }
            });
        }
        Task::Declare { max } => {
            ui.label(lang.t("Fifth-move offers:"));
            ui.horizontal_wrapped(|ui| {
                for n in 1..=*max {
                    if ui.add(primary_button(&n.to_string())).clicked() {
                        send(Action::Declare(n));
                    }
                }
            });
        }
        Task::Place { .. } => {
            ui.label(lang.t("Click the board to place the stone."));
        }
        Task::Offer { .. } => {
            ui.label(lang.t("Click the board to offer a fifth move."));
        }
        Task::Pick { .. } => {
            ui.label(lang.t("Click one of the numbered offers to pick it."));
        }
    }
    ui.small(lang.t("Undo takes back the last step."));
}
