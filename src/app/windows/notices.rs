//! Notices over the screens: "Restart?" before a long game in progress is thrown away, and
//! the problems met with the saved files, until the player has read them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::i18n::{Lang, fill};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, primary_button};
use crate::app::{Board, Dialog, GameCommand, StorageProblem, StorageProblems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            confirm_restart.run_if(in_state(Dialog::ConfirmRestart)),
            storage_problems.run_if(|p: Res<StorageProblems>| !p.0.is_empty()),
        )
            .chain()
            .in_set(UiSystems::Windows),
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
    dialog_window(lang.t("Restart?"), "confirm_restart").show(ctx, |ui| {
        ui.label(fill(
            lang.t("The game in progress ({n} moves) will be kept in Games as unfinished."),
            &[("n", &board.board().moves().len())],
        ));
        ui.horizontal(|ui| {
            if ui.add(primary_button(lang.t("Restart"))).clicked() {
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

/// Problems with the saved files, until the player has read them.
fn storage_problems(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    mut problems: ResMut<StorageProblems>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    dialog_window(lang.t("Saved data"), "storage_problems")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
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
