//! Runs egui windows without Bevy or a renderer, for tests of their layout and state.

use bevy_egui::egui;

/// The screen the tests draw on (the size the game's screenshots are made at).
pub const SCREEN: egui::Rect = egui::Rect {
    min: egui::Pos2::ZERO,
    max: egui::Pos2::new(1280.0, 1024.0),
};

/// Runs `frames` egui frames on [`SCREEN`], each drawing with `draw`.
pub fn run_frames(ctx: &egui::Context, frames: usize, mut draw: impl FnMut(&egui::Context)) {
    for _ in 0..frames {
        let input = egui::RawInput {
            screen_rect: Some(SCREEN),
            ..Default::default()
        };
        ctx.begin_pass(input);
        draw(ctx);
        // No renderer takes the font atlas: let it go.
        ctx.end_pass().textures_delta.clear();
    }
}

/// Where the window with `id` was drawn in the last frame.
pub fn window_rect(ctx: &egui::Context, id: &str) -> Option<egui::Rect> {
    ctx.memory(|m| m.area_rect(egui::Id::new(id)))
}
