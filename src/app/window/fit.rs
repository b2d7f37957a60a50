//! Where the window goes and how large it is: fitted to a screen, or put back where the player
//! left it when that place is still on a screen. Arithmetic on rectangles only: positions in
//! the desktop's physical pixels (screens may differ in scale factor), window sizes in logical
//! pixels.

use bevy::math::{IVec2, UVec2, Vec2};

use crate::players::WindowPlace;

/// The smallest window the game lays out well, in logical pixels (smaller still on a screen
/// smaller than this).
pub const MIN_SIZE: Vec2 = Vec2::splat(480.0);
/// The share of a screen's height a new window takes, leaving room for the system's bars.
const SHARE_OF_HEIGHT: f32 = 0.85;
/// The share of a screen's width a new window may take.
const SHARE_OF_WIDTH: f32 = 0.9;
/// A new window's width for its height: the board beside the side panel.
const ASPECT: f32 = 4.0 / 3.0;
/// Room kept for the window's frame (borders, title bar) when a size is fitted to a screen, in
/// logical pixels.
const FRAME: Vec2 = Vec2::new(8.0, 40.0);
/// How much of the window's title bar must lie on a screen for its old place to count (to
/// grab and move it), in logical pixels: this wide, and its top this far above the screen's
/// bottom.
const GRIP: Vec2 = Vec2::new(80.0, 40.0);

/// A screen on the desktop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScreenArea {
    /// Its top-left corner on the desktop, in physical pixels.
    pub corner: IVec2,
    /// Its size in physical pixels.
    pub size: UVec2,
    /// Physical pixels per logical pixel.
    pub scale: f32,
}

impl ScreenArea {
    fn logical_size(&self) -> Vec2 {
        self.size.as_vec2() / self.scale
    }

    fn far_corner(&self) -> IVec2 {
        self.corner + self.size.as_ivec2()
    }

    /// The largest window that fits on it with its frame, in logical pixels.
    fn room(&self) -> Vec2 {
        (self.logical_size() - FRAME).max(Vec2::ONE)
    }

    /// `size` (logical) within [`MIN_SIZE`] and what fits on this screen, in whole pixels.
    fn clamp_size(&self, size: Vec2) -> UVec2 {
        let room = self.room();
        size.clamp(MIN_SIZE.min(room), room).round().as_uvec2()
    }

    /// A restored window's size: as the player left it when the screen holds it whole (a
    /// window manager without frames lets a window fill the screen); else as [`clamp_size`]
    /// fits it with its frame.
    ///
    /// [`clamp_size`]: Self::clamp_size
    fn restored_size(&self, size: Vec2) -> UVec2 {
        if size.cmple(self.logical_size()).all() && size.cmpge(MIN_SIZE).all() {
            size.round().as_uvec2()
        } else {
            self.clamp_size(size)
        }
    }

    /// A window of `size` (logical) with its frame, in physical pixels.
    fn frame_of(&self, size: UVec2) -> IVec2 {
        ((size.as_vec2() + FRAME) * self.scale).round().as_ivec2()
    }

    /// The corner that centres a window of `size` (logical) on this screen.
    fn centre(&self, size: UVec2) -> IVec2 {
        self.corner + ((self.size.as_ivec2() - self.frame_of(size)) / 2).max(IVec2::ZERO)
    }
}

/// Where the window goes and how large it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// The top-left corner of its frame on the desktop, in physical pixels.
    pub corner: IVec2,
    /// Its inside, in logical pixels.
    pub size: UVec2,
    /// Whether it is maximized (over that place).
    pub maximized: bool,
}

/// A new window on `screen`: most of its height, four to three as the board and the panel
/// like it, at least [`MIN_SIZE`] and never larger than the screen, centred.
pub fn fitted(screen: &ScreenArea) -> Placement {
    let logical = screen.logical_size();
    let height = logical.y * SHARE_OF_HEIGHT;
    let width = (height * ASPECT).min(logical.x * SHARE_OF_WIDTH);
    let size = screen.clamp_size(Vec2::new(width, height));
    Placement {
        corner: screen.centre(size),
        size,
        maximized: false,
    }
}

/// The window where the player left it (`place`), on the screen that still shows its title
/// bar, shrunk to fit that screen and moved fully onto it; `None` when no screen shows it
/// (the screen it was on is gone). Without a known position it is centred on the first of
/// `screens` (the main one). `None` too when there are no screens.
pub fn restored(place: &WindowPlace, screens: &[ScreenArea]) -> Option<Placement> {
    let wanted = Vec2::new(place.size.0 as f32, place.size.1 as f32);
    let Some((x, y)) = place.position else {
        let screen = screens.first()?;
        let size = screen.restored_size(wanted);
        return Some(Placement {
            corner: screen.centre(size),
            size,
            maximized: place.maximized,
        });
    };
    let corner = IVec2::new(x, y);
    // The screen showing the widest piece of the title bar.
    let (screen, _) = screens
        .iter()
        .filter_map(|screen| {
            let grip = (GRIP * screen.scale).as_ivec2();
            let width = screen.frame_of(place_size(place)).x;
            let shown =
                (corner.x + width).min(screen.far_corner().x) - corner.x.max(screen.corner.x);
            let top_on_screen =
                corner.y >= screen.corner.y && corner.y + grip.y <= screen.far_corner().y;
            (top_on_screen && shown >= grip.x).then_some((screen, shown))
        })
        .max_by_key(|(_, shown)| *shown)?;
    let size = screen.restored_size(wanted);
    let last = (screen.far_corner() - screen.frame_of(size)).max(screen.corner);
    Some(Placement {
        corner: corner.clamp(screen.corner, last),
        size,
        maximized: place.maximized,
    })
}

/// The saved size as a vector.
fn place_size(place: &WindowPlace) -> UVec2 {
    UVec2::new(place.size.0, place.size.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(x: i32, y: i32, width: u32, height: u32, scale: f32) -> ScreenArea {
        ScreenArea {
            corner: IVec2::new(x, y),
            size: UVec2::new(width, height),
            scale,
        }
    }

    fn place(x: i32, y: i32, width: u32, height: u32) -> WindowPlace {
        WindowPlace {
            position: Some((x, y)),
            size: (width, height),
            maximized: false,
        }
    }

    /// Whether the window with its frame lies wholly on `screen`.
    fn on(screen: &ScreenArea, p: &Placement) -> bool {
        let far = p.corner + screen.frame_of(p.size);
        p.corner.cmpge(screen.corner).all() && far.cmple(screen.far_corner()).all()
    }

    #[test]
    fn a_new_window_takes_most_of_the_screen_and_is_centred() {
        let full_hd = screen(0, 0, 1920, 1080, 1.0);
        let p = fitted(&full_hd);
        assert_eq!(p.size, UVec2::new(1224, 918));
        assert!(on(&full_hd, &p));
        // Centred: as much room left as right.
        let right = 1920 - (p.corner.x + full_hd.frame_of(p.size).x);
        assert!((p.corner.x - right).abs() <= 1, "{p:?}");
    }

    #[test]
    fn a_small_screen_gets_a_window_that_fits_it() {
        for small in [screen(0, 0, 1024, 600, 1.0), screen(0, 0, 800, 480, 1.0)] {
            let p = fitted(&small);
            assert!(on(&small, &p), "{small:?}: {p:?}");
            assert!(p.size.y <= 560, "{p:?}");
        }
        // 1024x600: 85% of the height, four to three.
        assert_eq!(
            fitted(&screen(0, 0, 1024, 600, 1.0)).size,
            UVec2::new(680, 510)
        );
        // A screen of 800x480 is below the minimum: the window is as large as fits.
        assert_eq!(
            fitted(&screen(0, 0, 800, 480, 1.0)).size,
            UVec2::new(544, 440)
        );
    }

    #[test]
    fn a_hidpi_screen_gets_the_same_logical_window() {
        let retina = screen(0, 0, 3840, 2160, 2.0);
        let p = fitted(&retina);
        assert_eq!(p.size, UVec2::new(1224, 918));
        assert!(on(&retina, &p));
    }

    #[test]
    fn a_window_comes_back_where_it_was() {
        let screens = [screen(0, 0, 1920, 1080, 1.0)];
        let p = restored(&place(100, 50, 1000, 800), &screens).unwrap();
        assert_eq!(
            p,
            Placement {
                corner: IVec2::new(100, 50),
                size: UVec2::new(1000, 800),
                maximized: false,
            }
        );
        let maximized = WindowPlace {
            maximized: true,
            ..place(100, 50, 1000, 800)
        };
        assert!(restored(&maximized, &screens).unwrap().maximized);
    }

    #[test]
    fn a_window_on_a_second_screen_comes_back_there() {
        // The second screen is left of the main one, at a scale factor of 2.
        let screens = [
            screen(0, 0, 1920, 1080, 1.0),
            screen(-2560, 0, 2560, 1440, 2.0),
        ];
        let p = restored(&place(-2000, 100, 800, 600), &screens).unwrap();
        assert_eq!(p.corner, IVec2::new(-2000, 100));
        assert_eq!(p.size, UVec2::new(800, 600));
        assert!(on(&screens[1], &p));
    }

    #[test]
    fn a_window_on_an_unplugged_screen_is_not_restored() {
        let laptop = [screen(0, 0, 1366, 768, 1.0)];
        // It was on a screen right of the laptop's.
        assert_eq!(restored(&place(1500, 100, 1000, 700), &laptop), None);
        // Only its last few pixels would show, or its title bar is above the screen.
        assert_eq!(restored(&place(1330, 100, 1000, 700), &laptop), None);
        assert_eq!(restored(&place(100, -300, 1000, 700), &laptop), None);
        assert_eq!(restored(&place(100, 750, 1000, 700), &laptop), None);
        assert_eq!(restored(&place(100, 100, 1000, 700), &[]), None);
    }

    #[test]
    fn a_window_half_off_its_screen_or_too_large_for_it_is_brought_onto_it() {
        let laptop = screen(0, 0, 1366, 768, 1.0);
        let p = restored(&place(900, 400, 1000, 700), &[laptop]).unwrap();
        assert!(on(&laptop, &p), "{p:?}");
        assert_eq!(p.size, UVec2::new(1000, 700));
        // Saved on a larger screen.
        let p = restored(&place(10, 10, 2400, 1400), &[laptop]).unwrap();
        assert!(on(&laptop, &p), "{p:?}");
        assert_eq!(p.size, UVec2::new(1358, 728));
        // Shrunk by hand below the minimum (or a damaged file): back to the minimum.
        let p = restored(&place(10, 10, 100, 50), &[laptop]).unwrap();
        assert_eq!(p.size, UVec2::new(480, 480));
    }

    #[test]
    fn a_window_as_large_as_its_screen_comes_back_as_large() {
        // Under a window manager without frames (or none) the window filled the screen.
        let screen = screen(0, 0, 1280, 800, 1.0);
        let p = restored(&place(0, 0, 1280, 800), &[screen]).unwrap();
        assert_eq!(p.size, UVec2::new(1280, 800));
        assert_eq!(p.corner, IVec2::ZERO);
    }

    #[test]
    fn without_a_known_position_the_window_is_centred_on_the_main_screen() {
        let screens = [
            screen(0, 0, 1920, 1080, 1.0),
            screen(1920, 0, 1920, 1080, 1.0),
        ];
        let wayland = WindowPlace {
            position: None,
            size: (1000, 700),
            maximized: false,
        };
        let p = restored(&wayland, &screens).unwrap();
        assert_eq!(p.size, UVec2::new(1000, 700));
        assert!(on(&screens[0], &p));
    }
}
