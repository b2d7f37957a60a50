//! The questions before a command that ends the game in progress or throws it away (Restart,
//! Resign): a click asks with [`AskFirst`]; the command goes at once when nothing is lost
//! ([`Confirm::needed`]), else only once the player says yes in the question's window.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::i18n::{Lang, fill};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, primary_button};
use crate::app::{ActiveSetup, AppSystems, AskFirst, Board, Confirm, Dialog, GameCommand};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, ask.in_set(AppSystems::Input));
    // egui needs a renderer; headless tests run without one.
    if crate::app::has_renderer(app) {
        app.add_systems(
            EguiPrimaryContextPass,
            question
                .run_if(|d: Res<State<Dialog>>| matches!(d.get(), Dialog::Confirm(_)))
                .in_set(UiSystems::Windows),
        );
    }
}

/// Sends each command asked for, or opens its question when the player should confirm it.
fn ask(
    mut asked: MessageReader<AskFirst>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<GameCommand>,
) {
    for &AskFirst(what) in asked.read() {
        if what.needed(&board.0, &active.0) {
            dialog.set(Dialog::Confirm(what));
        } else {
            commands.write(what.command());
        }
    }
}

/// The open question: what the command costs, the command, or "Keep playing". A long game
/// restarted is kept in the games as unfinished; a resignation can be taken back with Undo.
fn question(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    board: Res<Board>,
    open: Res<State<Dialog>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let Dialog::Confirm(what) = *open.get() else {
        return Ok(());
    };
    let (title, id, text, yes) = match what {
        Confirm::Restart => (
            lang.t("Restart?"),
            "confirm_restart",
            fill(
                lang.t("The game in progress ({n} moves) will be kept in Games as unfinished."),
                &[("n", &board.board().moves().len())],
            ),
            lang.t("Restart"),
        ),
        Confirm::Resign => (
            lang.t("Resign?"),
            "confirm_resign",
            lang.t("The game ends and your opponent wins.").to_owned(),
            lang.t("Resign"),
        ),
    };
    let ctx = contexts.ctx_mut()?;
    dialog_window(title, id).show(ctx, |ui| {
        ui.label(text);
        ui.horizontal(|ui| {
            if ui.add(primary_button(yes)).clicked() {
                commands.write(what.command());
                dialog.set(Dialog::None);
            }
            if ui.button(lang.t("Keep playing")).clicked() {
                dialog.set(Dialog::None);
            }
        });
    });
    Ok(())
}
