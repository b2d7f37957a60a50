//! What the interface covers of the window: every panel and window egui drew in its last pass
//! (`theme::held`), in window pixels. The pointer gives the board no click there.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::theme::UiSystems;
use crate::app::theme::held::held;

/// The rectangles of the window the interface covered in its last pass: panels, windows,
/// menus (logical pixels, y down, as a cursor is given).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct UiCover(pub Vec<Rect>);

impl UiCover {
    /// Whether the interface covers the window's point `at`.
    pub fn covers(&self, at: Vec2) -> bool {
        self.0.iter().any(|r| r.contains(at))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiCover>();
    // egui needs a renderer; headless tests set the cover themselves.
    if crate::app::has_renderer(app) {
        app.add_systems(EguiPrimaryContextPass, read_cover.after(UiSystems::Focus));
    }
}

/// Reads what egui drew once every panel and window has been shown.
fn read_cover(mut contexts: EguiContexts, mut cover: ResMut<UiCover>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let rects = held(ctx)
        .into_iter()
        .map(|r| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y))
        .collect();
    cover.set_if_neq(UiCover(rects));
    Ok(())
}
