//! Text on the board (move numbers on the stones, the coordinates beside the grid, the
//! analysis's values), drawn by egui's painter at the place of the entity that carries it.
//!
//! Bevy's own text would bring a second font stack into the game (parley, swash and Unicode
//! segmentation data) for a few digits and letters: a tenth of the web build. egui already
//! has one, so the board's text goes through it, on a layer under every window.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::theme::style::colour32;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, paint_board_text);
}

/// A short text drawn centred on this entity's place, over the board's sprites and under
/// egui's windows. It follows the entity's [`GlobalTransform`] and is drawn only while the
/// entity is visible; texts further forward (larger z) are drawn last.
#[derive(Component, Debug, Clone, PartialEq)]
#[require(Transform, Visibility)]
pub struct BoardText {
    /// What is written.
    pub text: String,
    /// The text's size in world units (which the board's camera shows as logical pixels).
    pub size: f32,
    /// Its colour.
    pub colour: Color,
}

impl BoardText {
    /// `text` of `size` in `colour`.
    pub fn new(text: impl Into<String>, size: f32, colour: Color) -> BoardText {
        BoardText {
            text: text.into(),
            size,
            colour,
        }
    }
}

/// The egui layer the board's text is painted on: the background, under every window.
fn layer() -> egui::LayerId {
    egui::LayerId::new(egui::Order::Background, egui::Id::new("board text"))
}

/// The font of the board's text at `size` points. Whole points only: egui keeps a set of
/// glyphs for every size it is asked for, and a window being resized asks for many.
pub fn board_font(size: f32) -> egui::FontId {
    egui::FontId::monospace(size.round().max(1.0))
}

fn paint_board_text(
    mut contexts: EguiContexts,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    texts: Query<(&BoardText, &GlobalTransform, &InheritedVisibility)>,
) -> Result {
    let Some((camera, camera_at)) = cameras.iter().find(|(c, _)| c.is_active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut shown: Vec<_> = texts
        .iter()
        .filter(|(_, _, visible)| visible.get())
        .collect();
    shown.sort_by(|a, b| a.1.translation().z.total_cmp(&b.1.translation().z));
    let painter = ctx.layer_painter(layer());
    // egui's points are the window's logical pixels divided by egui's zoom.
    let zoom = ctx.zoom_factor();
    for (text, at, _) in shown {
        let Ok(place) = camera.world_to_viewport(camera_at, at.translation()) else {
            continue;
        };
        painter.text(
            egui::pos2(place.x, place.y) / zoom,
            egui::Align2::CENTER_CENTER,
            &text.text,
            board_font(text.size / zoom),
            colour32(text.colour),
        );
    }
    Ok(())
}
