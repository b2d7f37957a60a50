//! The result of a finished game, floating over the board when there is no side panel (with
//! one, the side panel shows it).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::game_over_contents;
use crate::app::board::BoardLayout;
use crate::app::i18n::Lang;
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::dialog_window;
use crate::app::{ActiveSetup, Board, GameCommand, ReviewRequest, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        game_over_dialog
            .run_if(in_state(Screen::GameOver))
            .in_set(UiSystems::Screens),
    );
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
    mut reviews: MessageWriter<ReviewRequest>,
) -> Result {
    if layout.is_some_and(|l| l.has_panel()) {
        return Ok(());
    }
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    dialog_window(lang.t("Game over"), "game_over")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .show(ctx, |ui| {
            game_over_contents(
                ui,
                lang,
                &board,
                &active,
                &mut next,
                &mut commands,
                &mut reviews,
            );
        });
    Ok(())
}
