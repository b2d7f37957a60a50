//! Runs egui windows without Bevy or a renderer, for tests of their layout and state, of the
//! keyboard (key presses fed in as input) and of what screen readers are told (the AccessKit
//! tree egui builds once it is enabled).

use bevy_egui::egui;
use bevy_egui::egui::accesskit;

/// The screen the tests draw on (the size the game's screenshots are made at).
pub const SCREEN: egui::Rect = egui::Rect {
    min: egui::Pos2::ZERO,
    max: egui::Pos2::new(1280.0, 1024.0),
};

/// A context drawing as the game does (its fonts, the wood theme's style) in a window
/// `height` points tall.
pub fn styled_context(height: f32) -> egui::Context {
    styled_context_in(height, crate::players::settings::Language::English)
}

/// A context drawing as the game does in `language` (its fonts for it, the wood theme's style)
/// in a window `height` points tall.
pub fn styled_context_in(
    height: f32,
    language: crate::players::settings::Language,
) -> egui::Context {
    use crate::app::theme::style::{style, type_scale};
    use crate::app::theme::ui_colours::UiColours;
    use crate::players::settings::Theme;
    let ctx = egui::Context::default();
    ctx.set_fonts(crate::app::theme::fonts::font_definitions(language));
    ctx.set_theme(egui::Theme::Dark);
    ctx.set_style_of(
        egui::Theme::Dark,
        style(&UiColours::of(Theme::Wood), type_scale(height)),
    );
    ctx
}

/// Runs `frames` egui frames on [`SCREEN`], each drawing with `draw`.
pub fn run_frames(ctx: &egui::Context, frames: usize, mut draw: impl FnMut(&egui::Context)) {
    for _ in 0..frames {
        run_frame(ctx, SCREEN, Vec::new(), &mut draw);
    }
}

/// Runs one frame on `screen` with these input `events` (key presses: [`key`]); returns its
/// output.
pub fn run_frame(
    ctx: &egui::Context,
    screen: egui::Rect,
    events: Vec<egui::Event>,
    draw: impl FnOnce(&egui::Context),
) -> egui::FullOutput {
    let input = egui::RawInput {
        screen_rect: Some(screen),
        events,
        ..Default::default()
    };
    ctx.begin_pass(input);
    draw(ctx);
    let mut output = ctx.end_pass();
    // No renderer takes the font atlas: let it go.
    output.textures_delta.clear();
    output
}

/// A key pressed and let go, without modifiers (or with Shift).
pub fn key(key: egui::Key, shift: bool) -> Vec<egui::Event> {
    let modifiers = if shift {
        egui::Modifiers::SHIFT
    } else {
        egui::Modifiers::NONE
    };
    [true, false]
        .into_iter()
        .map(|pressed| egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers,
        })
        .collect()
}

/// Where the window with `id` was drawn in the last frame.
pub fn window_rect(ctx: &egui::Context, id: &str) -> Option<egui::Rect> {
    ctx.memory(|m| m.area_rect(egui::Id::new(id)))
}

/// A control as a screen reader knows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Accessible {
    /// What it is (button, combo box, label ...).
    pub role: accesskit::Role,
    /// Its name (a label's text is its value).
    pub name: Option<String>,
    /// Where it is, in points.
    pub rect: egui::Rect,
    /// Whether it is greyed out.
    pub disabled: bool,
    /// Whether it is chosen, for the choices that can be.
    pub selected: Option<bool>,
    /// Whether it has the keyboard focus.
    pub focused: bool,
}

/// The controls of a frame's AccessKit tree (the context must have had
/// `enable_accesskit()` before the frame).
pub fn accessible(output: &egui::FullOutput) -> Vec<Accessible> {
    let Some(update) = &output.platform_output.accesskit_update else {
        return Vec::new();
    };
    update
        .nodes
        .iter()
        .map(|(id, node)| {
            let rect = node.bounds().map_or(egui::Rect::NOTHING, |b| {
                egui::Rect::from_min_max(
                    egui::pos2(b.x0 as f32, b.y0 as f32),
                    egui::pos2(b.x1 as f32, b.y1 as f32),
                )
            });
            Accessible {
                role: node.role(),
                name: node.label().or(node.value()).map(str::to_owned),
                rect,
                disabled: node.is_disabled(),
                selected: node.toggled().map(|t| t == accesskit::Toggled::True),
                focused: *id == update.focus,
            }
        })
        .collect()
}

/// The buttons among `controls` whose name says nothing a screen reader could read out (no
/// letter: "<", "x", "|<", or none at all).
pub fn unnamed_buttons(controls: &[Accessible]) -> Vec<&Accessible> {
    controls
        .iter()
        .filter(|c| c.role == accesskit::Role::Button)
        .filter(|c| {
            !c.name
                .as_deref()
                .unwrap_or_default()
                .chars()
                .any(char::is_alphabetic)
        })
        .collect()
}

/// How many of `controls` are buttons.
pub fn button_count(controls: &[Accessible]) -> usize {
    controls
        .iter()
        .filter(|c| c.role == accesskit::Role::Button)
        .count()
}

/// The control named `name` among `controls`.
pub fn named<'a>(controls: &'a [Accessible], name: &str) -> Option<&'a Accessible> {
    controls.iter().find(|c| c.name.as_deref() == Some(name))
}
