//! The look: the theme's colours ([`palette`]), and for egui the fonts, the visuals from the
//! palette, and the widgets every screen and window is built with ([`widgets`]), in one place.

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

mod fonts;
pub mod palette;
mod visuals;
pub mod widgets;

pub use palette::{Palette, ViewOptions};

/// The order of the egui passes: the style first, then the panels (they take their room from
/// the window's edges), then the screens' contents, then the windows over them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    /// Fonts and visuals.
    Style,
    /// The bars along the window's edges.
    Panels,
    /// What the screen shows (the main menu, the result).
    Screens,
    /// The windows over it.
    Windows,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(palette::plugin);
    if !super::has_renderer(app) {
        return;
    }
    if !app.is_plugin_added::<EguiPlugin>() {
        app.add_plugins(EguiPlugin::default());
    }
    app.configure_sets(
        EguiPrimaryContextPass,
        (
            UiSystems::Style,
            UiSystems::Panels,
            UiSystems::Screens,
            UiSystems::Windows,
        )
            .chain(),
    )
    .add_systems(
        EguiPrimaryContextPass,
        (
            fonts::install_fonts.run_if(run_once),
            fonts::full_cjk_when_needed,
            visuals::apply_visuals.run_if(resource_changed::<Palette>),
        )
            .chain()
            .in_set(UiSystems::Style),
    );
}
