//! egui's whole style from the theme's palette: type sizes for play at a distance, roomy
//! spacing, rounded frames with soft shadows, and the colours of every widget state (at rest,
//! under the pointer, pressed or focused, open). Every window, bar and menu takes its look from
//! here, none sets its own.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Palette;
use super::ui_colours::UiColours;

/// Body text, in logical points: readable at arm's length on a 1080p screen (egui's own is
/// 13). Hi-DPI screens scale it with the window's scale factor; windows lower than
/// [`FULL_SIZE_HEIGHT`] take it a little smaller ([`type_scale`]).
pub const BODY: f32 = 16.0;
/// Headings (a window's result line, the panel's players).
pub const HEADING: f32 = 22.0;
/// Small print: notes, descriptions.
pub const SMALL: f32 = 13.0;
/// The players' names on the player cards (not scaled with the window).
pub const CARD_NAME: f32 = 15.0;
/// The figures of the player cards' clocks, in monospace (not scaled with the window).
pub const CARD_CLOCK: f32 = 20.0;
/// The invite code of an online room waiting for its opponent, in monospace (not scaled with
/// the window).
pub const INVITE_CODE: f32 = 26.0;
/// The rounding of windows and cards.
pub const WINDOW_RADIUS: u8 = 14;
/// The rounding of egui's own widgets: fields, drop-downs, and checkboxes (kept square
/// enough to tell from the round radio buttons).
pub const WIDGET_RADIUS: u8 = 4;
/// The rounding of the game's buttons and choices (`widgets.rs`, the main menu).
pub const BUTTON_RADIUS: u8 = 8;

/// Windows at least this tall (in points) show the type at its full size.
pub const FULL_SIZE_HEIGHT: f32 = 760.0;
/// The smallest share of the full size the type shrinks to in low windows.
const SMALLEST_TYPE: f32 = 0.85;

/// How large the type and the controls are in a window `height` points tall: full size from
/// [`FULL_SIZE_HEIGHT`] up, down to 85% in an 800x600 window, so the windows fit it.
pub fn type_scale(height: f32) -> f32 {
    let scale = (height / FULL_SIZE_HEIGHT).clamp(SMALLEST_TYPE, 1.0);
    (scale * 20.0).round() / 20.0
}

/// Applies the palette's style to egui, again whenever the palette changes or the window's
/// height changes the type's size.
pub(super) fn apply_style(
    mut contexts: EguiContexts,
    palette: Res<Palette>,
    mut applied: Local<Option<(Palette, f32)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let scale = type_scale(ctx.content_rect().height());
    if *applied == Some((*palette, scale)) {
        return Ok(());
    }
    *applied = Some((*palette, scale));
    let theme = if palette.ui.dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    ctx.set_theme(theme);
    ctx.set_style_of(theme, style(&palette.ui, scale));
    Ok(())
}

/// The egui colour of a palette colour.
pub fn colour32(c: Color) -> egui::Color32 {
    let c = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (c.red * 255.0).round() as u8,
        (c.green * 255.0).round() as u8,
        (c.blue * 255.0).round() as u8,
        (c.alpha * 255.0).round() as u8,
    )
}

/// The complete style for the interface colours `ui`, with the type and the controls at
/// `scale` of their full size.
pub fn style(ui: &UiColours, scale: f32) -> egui::Style {
    let mut style = egui::Style {
        text_styles: text_styles(scale),
        spacing: spacing(scale),
        visuals: visuals(ui),
        ..egui::Style::default()
    };
    // Labels are text to read, not to select (a drag over the menu selects nothing).
    style.interaction.selectable_labels = false;
    style
}

fn text_styles(scale: f32) -> std::collections::BTreeMap<egui::TextStyle, egui::FontId> {
    use egui::FontFamily::{Monospace, Proportional};
    let size = |points: f32| (points * scale * 2.0).round() / 2.0;
    [
        (
            egui::TextStyle::Small,
            egui::FontId::new(size(SMALL), Proportional),
        ),
        (
            egui::TextStyle::Body,
            egui::FontId::new(size(BODY), Proportional),
        ),
        (
            egui::TextStyle::Button,
            egui::FontId::new(size(BODY), Proportional),
        ),
        (
            egui::TextStyle::Heading,
            egui::FontId::new(size(HEADING), Proportional),
        ),
        (
            egui::TextStyle::Monospace,
            egui::FontId::new(size(BODY - 1.0), Monospace),
        ),
    ]
    .into()
}

fn spacing(scale: f32) -> egui::style::Spacing {
    egui::style::Spacing {
        item_spacing: egui::vec2(10.0, (8.0 * scale).round()),
        window_margin: egui::Margin::same(18),
        button_padding: egui::vec2(12.0, 5.0),
        menu_margin: egui::Margin::same(8),
        indent: 20.0,
        interact_size: egui::vec2(40.0, (30.0 * scale).round()),
        slider_width: 170.0,
        combo_width: 160.0,
        text_edit_width: 260.0,
        icon_width: 20.0,
        icon_width_inner: 10.0,
        icon_spacing: 8.0,
        tooltip_width: 360.0,
        menu_width: 220.0,
        combo_height: 320.0,
        ..egui::style::Spacing::default()
    }
}

fn visuals(ui: &UiColours) -> egui::Visuals {
    let c = colour32;
    let mut v = if ui.dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    // The high-contrast theme draws every outline thick.
    let (thin, thick) = if ui.dark { (1.0, 1.5) } else { (2.0, 3.0) };
    let radius = egui::CornerRadius::same(WIDGET_RADIUS);
    let text = egui::Stroke::new(1.5, c(ui.text));
    let state = |fill: Color, stroke: egui::Stroke, expansion: f32| egui::style::WidgetVisuals {
        bg_fill: c(fill),
        weak_bg_fill: c(fill),
        bg_stroke: stroke,
        corner_radius: radius,
        fg_stroke: text,
        expansion,
    };
    v.widgets.noninteractive = egui::style::WidgetVisuals {
        fg_stroke: egui::Stroke::new(1.0, c(ui.text)),
        ..state(ui.window, egui::Stroke::new(thin, c(ui.border)), 0.0)
    };
    v.widgets.inactive = state(ui.raised, egui::Stroke::new(thin, c(ui.border)), 0.0);
    // Under the pointer: lighter, outlined in the focus colour. Pressed (and focused, which
    // egui draws alike; the focus ring of `focus_ring.rs` tells them apart): sunk.
    v.widgets.hovered = state(ui.hovered, egui::Stroke::new(thin, c(ui.focus)), 1.0);
    v.widgets.active = state(ui.pressed, egui::Stroke::new(thick, c(ui.focus)), 1.0);
    v.widgets.open = state(ui.hovered, egui::Stroke::new(thin, c(ui.focus)), 0.0);
    v.selection = egui::style::Selection {
        bg_fill: c(ui.accent),
        stroke: egui::Stroke::new(1.5, c(ui.on_accent)),
    };
    v.override_text_color = None;
    v.weak_text_color = Some(c(ui.weak_text));
    v.hyperlink_color = c(ui.accent);
    v.faint_bg_color = c(ui.raised).gamma_multiply(0.5);
    v.extreme_bg_color = c(ui.field);
    v.text_edit_bg_color = Some(c(ui.field));
    v.code_bg_color = c(ui.raised);
    v.warn_fg_color = c(ui.focus);
    v.error_fg_color = c(ui.error);
    v.window_corner_radius = egui::CornerRadius::same(WINDOW_RADIUS);
    v.window_shadow = egui::Shadow {
        offset: [0, 10],
        blur: 30,
        spread: 0,
        color: c(ui.shadow),
    };
    v.window_fill = c(ui.window);
    // No band behind the top window's title: it is drawn only as wide as the title, short
    // of the window's edge in windows that size themselves.
    v.window_highlight_topmost = false;
    v.window_stroke = egui::Stroke::new(thin, c(ui.border));
    v.menu_corner_radius = egui::CornerRadius::same(10);
    v.panel_fill = c(ui.panel);
    v.popup_shadow = egui::Shadow {
        offset: [0, 6],
        blur: 18,
        spread: 0,
        color: c(ui.shadow),
    };
    v.text_cursor.stroke = egui::Stroke::new(2.0, c(ui.focus));
    v.slider_trailing_fill = true;
    v.handle_shape = egui::style::HandleShape::Circle;
    v.interact_cursor = Some(egui::CursorIcon::PointingHand);
    v
}
