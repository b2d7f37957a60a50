//! egui's visuals from the theme's palette.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Palette;

/// Dark menus for the wood and dark themes; light ones with strong text for high contrast.
pub(super) fn apply_visuals(mut contexts: EguiContexts, palette: Res<Palette>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let visuals = if palette.dark_menus {
        egui::Visuals::dark()
    } else {
        let mut v = egui::Visuals::light();
        v.override_text_color = Some(egui::Color32::BLACK);
        v.widgets.noninteractive.bg_stroke.color = egui::Color32::BLACK;
        v.widgets.inactive.bg_stroke = egui::Stroke::new(1.0, egui::Color32::BLACK);
        v.window_stroke = egui::Stroke::new(2.0, egui::Color32::BLACK);
        v
    };
    let theme = if palette.dark_menus {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    ctx.set_theme(theme);
    ctx.set_visuals_of(theme, visuals);
    Ok(())
}
