//! The look: the theme's colours ([`palette`], with the interface's in [`ui_colours`]), and for
//! egui the fonts (with every glyph of the interface in the atlas before it is drawn,
//! `glyphs`), the whole style from the palette ([`style`]), the icons ([`icons`]) and the
//! widgets every screen and window is built with ([`widgets`]), in one place.

use bevy::asset::AssetEventSystems;
use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPostUpdateSet, EguiPrimaryContextPass};

mod focus_ring;
pub(crate) mod font_files;
pub mod fonts;
pub(crate) mod glyphs;
pub mod held;
pub mod icons;
pub mod palette;
pub mod style;
pub mod ui_colours;
pub mod widgets;

pub use palette::{Palette, ViewOptions};

/// The order of the egui passes: the style first, then the panels (they take their room from
/// the window's edges), then the screens' contents, then the windows over them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    /// Fonts and the style.
    Style,
    /// The bars along the window's edges.
    Panels,
    /// What the screen shows (the main menu, the result).
    Screens,
    /// The windows over it.
    Windows,
    /// The ring around the control with the keyboard focus, over all of them.
    Focus,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(palette::plugin);
    if !super::has_renderer(app) {
        return;
    }
    if !app.is_plugin_added::<EguiPlugin>() {
        app.add_plugins(EguiPlugin::default());
    }
    app.add_plugins(font_files::plugin)
        .init_resource::<fonts::InstalledFonts>();
    app.configure_sets(
        EguiPrimaryContextPass,
        (
            UiSystems::Style,
            UiSystems::Panels,
            UiSystems::Screens,
            UiSystems::Windows,
            UiSystems::Focus,
        )
            .chain(),
    )
    .add_systems(
        EguiPrimaryContextPass,
        (
            fonts::install_fonts,
            fonts::full_cjk_when_needed,
            style::apply_style.run_if(resource_changed::<Palette>),
            glyphs::preload_interface_glyphs,
        )
            .chain()
            .in_set(UiSystems::Style),
    )
    // The font atlas's new glyphs reach the renderer with the frame that first draws them:
    // bevy_egui's texture update (a modified image) must come before the assets' events are
    // sent, or the image is extracted a frame late and that frame draws holes (which stayed on
    // screen for as long as no frame followed: seconds on a still screen, see `pace`).
    .configure_sets(
        PostUpdate,
        EguiPostUpdateSet::PostProcessOutput.before(AssetEventSystems),
    )
    .add_systems(
        EguiPrimaryContextPass,
        focus_ring::focus_ring.in_set(UiSystems::Focus),
    );
}
