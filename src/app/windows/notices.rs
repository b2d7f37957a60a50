//! Notices over the screens: the problems met with the saved files, until the player has read
//! them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::i18n::{Lang, fill};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::dialog_window;
use crate::app::{StorageProblem, StorageProblems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        storage_problems
            .run_if(|p: Res<StorageProblems>| !p.0.is_empty())
            .in_set(UiSystems::Windows),
    );
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
