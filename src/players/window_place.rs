//! Where the game's window was and how large, kept between runs on the desktop so that it
//! opens as the player left it.

use serde::{Deserialize, Serialize};

use crate::store::Document;

/// The largest window side and the farthest corner the document may hold, in pixels: past
/// these it was edited by hand or damaged.
const MAX_SIDE: u32 = 16_384;
const MAX_COORDINATE: i32 = 100_000;

/// The window as it was left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowPlace {
    /// The top-left corner of the window's frame on the desktop, in physical pixels; `None`
    /// where the system does not tell (Wayland).
    pub position: Option<(i32, i32)>,
    /// The inside of the window (without the frame), in logical pixels.
    pub size: (u32, u32),
    /// Whether it was maximized; `position` and `size` are then its place before that.
    #[serde(default)]
    pub maximized: bool,
}

impl Document for WindowPlace {
    const KEY: &'static str = "window.json";
    const FORMAT: &'static str = "gomoku-window";
    const VERSION: u32 = 1;

    /// A size of at least a pixel and no larger than any screen, a corner on some desktop.
    fn check(&self) -> Result<(), String> {
        let (width, height) = self.size;
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(format!(
                "a window of {width}x{height} does not fit any screen"
            ));
        }
        if let Some((x, y)) = self.position
            && (x.abs() > MAX_COORDINATE || y.abs() > MAX_COORDINATE)
        {
            return Err(format!("the window's corner ({x}, {y}) is off any desktop"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Loaded, Store};

    #[test]
    fn a_place_is_kept_and_read_back() {
        let store = Store::in_memory();
        let place = WindowPlace {
            position: Some((-1200, 40)),
            size: (1024, 700),
            maximized: true,
        };
        store.save(&place).unwrap();
        assert_eq!(store.load::<WindowPlace>(), Loaded::Found(place));
    }

    #[test]
    fn impossible_places_are_refused() {
        let place = |position, size| WindowPlace {
            position,
            size,
            maximized: false,
        };
        assert!(place(Some((0, 0)), (800, 600)).check().is_ok());
        assert!(place(None, (800, 600)).check().is_ok());
        assert!(place(Some((0, 0)), (0, 600)).check().is_err());
        assert!(place(Some((0, 0)), (800, 90_000)).check().is_err());
        assert!(place(Some((0, -2_000_000)), (800, 600)).check().is_err());
    }
}
