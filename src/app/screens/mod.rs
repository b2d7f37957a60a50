//! What each [`Screen`] shows around the board, in egui: the bars ([`bars`]) with the player
//! cards ([`player_cards`]) and the move list ([`move_list`]), the main menu ([`main_menu`]),
//! the opening's guide ([`opening`]) and the result of a finished game ([`game_over`]). The
//! windows opened over them are in `windows`.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::i18n::{Lang, result_headline};
use crate::app::play::ai::AiThinking;
use crate::app::theme::widgets::primary_button;
use crate::app::{ActiveSetup, Board, GameCommand, ReviewRequest, Screen, StatusLine};

pub mod bars;
pub mod game_over;
pub mod main_menu;
pub mod move_list;
pub mod opening;
pub mod player_cards;

pub(super) fn plugin(app: &mut App) {
    // What the cards say is worked out headless too (the tests read it).
    app.add_plugins(player_cards::plugin);
    // egui needs a renderer; headless tests run without one.
    if super::has_renderer(app) {
        app.add_plugins((
            bars::plugin,
            main_menu::plugin,
            game_over::plugin,
            opening::plugin,
            move_list::plugin,
        ));
    }
}

/// The game as the screens show it: the language, the board, its set-up, the status line, the
/// AI's thinking and the screen, read together.
#[derive(SystemParam)]
pub struct GameView<'w> {
    /// The player's language.
    pub lang: Res<'w, Lang>,
    /// The game on the board.
    pub board: Res<'w, Board>,
    /// Its set-up.
    pub active: Res<'w, ActiveSetup>,
    /// What the status line says.
    pub status: Res<'w, StatusLine>,
    /// The AI's search, while it thinks.
    pub thinking: Res<'w, AiThinking>,
    /// The screen shown.
    pub screen: Res<'w, State<Screen>>,
}

/// The status line, or a spinner while the AI thinks.
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

/// The result with "Play again", "Menu" and "Undo": in the side panel, or in a window over the
/// board when there is none.
fn game_over_contents(
    ui: &mut egui::Ui,
    lang: Lang,
    board: &Board,
    active: &ActiveSetup,
    next: &mut NextState<Screen>,
    commands: &mut MessageWriter<GameCommand>,
    reviews: &mut MessageWriter<ReviewRequest>,
) {
    ui.heading(result_headline(board.outcome(), active.0.mode, lang));
    ui.label(lang.counted(board.board().moves().len() as u64, "{n} move", "{n} moves"));
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        if ui.add(primary_button(lang.t("Play again"))).clicked() {
            commands.write(GameCommand::Restart);
            next.set(Screen::Playing);
        }
        if ui.button(lang.t("Menu")).clicked() {
            next.set(Screen::Menu);
        }
        if ui.button(lang.t("Undo")).clicked() {
            commands.write(GameCommand::Undo);
        }
        if ui
            .button(lang.t("Review"))
            .on_hover_text(lang.t("The engine marks every move of the game"))
            .clicked()
        {
            reviews.write(ReviewRequest::FinishedGame);
        }
    });
}
