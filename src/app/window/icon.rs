//! The window's icon on the desktop: the board with a black and a white stone, drawn by
//! `scripts/make_icons.py` (`desktop/gomoku.png`, also the desktop entry's icon). X11 and
//! Windows show it in the title bar and the task bar; Wayland shows the icon of the desktop
//! entry named by the window's application id instead.

use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::NonSendMarker;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;
use winit::window::Icon;

/// The icon, as built into the binary.
const ICON_PNG: &[u8] = include_bytes!("../../../desktop/gomoku.png");

/// Present once the window has its icon.
#[derive(Resource)]
struct IconShown;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_icon.run_if(not(resource_exists::<IconShown>)));
}

/// Gives the window its icon once the system has made it (winit's windows are reached on the
/// main thread only).
fn show_icon(
    mut commands: Commands,
    windows: Query<Entity, With<PrimaryWindow>>,
    _main_thread: NonSendMarker,
) {
    let Ok(entity) = windows.single() else {
        return;
    };
    WINIT_WINDOWS.with_borrow(|winit| {
        let Some(window) = winit.get_window(entity) else {
            return;
        };
        match icon() {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(e) => warn!("the window has no icon: {e}"),
        }
        commands.insert_resource(IconShown);
    });
}

/// The icon as winit takes it.
fn icon() -> Result<Icon, String> {
    let image = Image::from_buffer(
        ICON_PNG,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::MAIN_WORLD,
    )
    .map_err(|e| format!("desktop/gomoku.png cannot be read: {e}"))?;
    let (width, height) = (image.width(), image.height());
    let rgba = image
        .convert(bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb)
        .and_then(|image| image.data)
        .ok_or("desktop/gomoku.png is not an RGBA picture")?;
    Icon::from_rgba(rgba, width, height).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_icon_is_a_square_picture_winit_takes() {
        assert!(icon().is_ok());
        let image = Image::from_buffer(
            ICON_PNG,
            ImageType::Extension("png"),
            CompressedImageFormats::NONE,
            true,
            ImageSampler::Default,
            RenderAssetUsages::MAIN_WORLD,
        )
        .unwrap();
        assert_eq!((image.width(), image.height()), (256, 256));
    }
}
