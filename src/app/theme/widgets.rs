//! The pieces every screen and window is built from: the dialog window, the primary button,
//! the error colour, and the root the panels are laid out in.

use bevy_egui::egui;

/// The colour of error messages in windows.
pub const ERROR_COLOUR: egui::Color32 = egui::Color32::from_rgb(220, 60, 60);

/// A window as the game's dialogs are: titled, known by `id` (tests find it by that id), in
/// the middle of the screen, neither collapsible nor resizable. Callers change what differs
/// (`.anchor(..)`, `.open(..)`, `.resizable(true)`).
pub fn dialog_window<'open>(title: &str, id: &str) -> egui::Window<'open> {
    egui::Window::new(title)
        .id(egui::Id::new(id))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
}

/// The button of a window's main action, in strong text ("New game", "Play again").
pub fn primary_button(text: &str) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(text).strong())
}

/// A full-window root ui for panels.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}
