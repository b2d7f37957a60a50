//! The game's window: its title in the player's language and, on the desktop, a size that fits
//! the screen, the place where the player left it, and the game's icon.
//!
//! - [`fit`]: where a window goes on the screens (arithmetic only).
//! - `placement`: places the window at start and remembers its place (desktop).
//! - `icon`: the window's icon (desktop).
//! - `title`: the title follows the language.
//! - `renderer`: whether the machine can draw the game at all, asked before the window opens
//!   (desktop).

pub mod fit;
#[cfg(not(target_arch = "wasm32"))]
mod icon;
#[cfg(not(target_arch = "wasm32"))]
mod placement;
#[cfg(not(target_arch = "wasm32"))]
pub mod renderer;
mod title;

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowPosition, WindowResizeConstraints};

/// The window's size when nothing else decides it (a capture run without `--window`), in
/// logical pixels.
pub const DEFAULT_SIZE: (u32, u32) = (1200, 900);

/// Present in ordinary desktop runs: the window opens where and as large as the player left
/// it (or fitted to the main screen the first time, or when that place is on no screen now)
/// and its place is saved as it changes. Runs given a size (`--window`) or that capture the
/// screen go without it: their window keeps its size, and the player's place is left alone.
/// Needs Bevy's `WindowPlugin` and a [`super::Storage`].
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct RememberWindowPlace;

/// Present when the game draws with a software renderer (Mesa's llvmpipe, on a machine with no
/// graphics card driver): the board is then drawn without multisampling, which took about half
/// the processor's work for every frame there (see `board::view`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct SoftwareRenderer;

/// The primary window as the game opens it: `size` in logical pixels when given, else
/// [`DEFAULT_SIZE`]. A window whose place is remembered (`remembered`) starts hidden, until it
/// has been moved to that place.
pub fn primary_window(size: Option<(u32, u32)>, remembered: bool) -> Window {
    Window {
        title: "Gomoku".into(),
        // The application id (Wayland) and window class (X11) of the desktop entry
        // `gomoku.desktop`, which the system shows the game's icon and name for.
        name: Some("gomoku".into()),
        // The web page's canvas, filling the page and following its size.
        canvas: Some("#game".into()),
        fit_canvas_to_parent: true,
        resolution: size.unwrap_or(DEFAULT_SIZE).into(),
        position: WindowPosition::Centered(MonitorSelection::Primary),
        visible: !remembered,
        // A desktop window stays usable; in the browser the page decides (a phone is narrower
        // than 480).
        resize_constraints: if cfg!(target_arch = "wasm32") {
            WindowResizeConstraints::default()
        } else {
            WindowResizeConstraints {
                min_width: fit::MIN_SIZE.x,
                min_height: fit::MIN_SIZE.y,
                ..default()
            }
        },
        ..default()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(title::plugin);
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins((icon::plugin, placement::plugin));
}
