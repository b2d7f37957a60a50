//! Where the board sits in the window: intersection <-> world position, fitted to the window.

use bevy::prelude::*;

use crate::app::Screen;
use gomoku_engine::Pos;

/// The board's placement in world units (the 2D camera's units are logical pixels, origin at
/// the window's centre, y up).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    /// Board side in points.
    pub size: u8,
    /// Distance between neighbouring intersections.
    pub cell: f32,
    /// Where the board's centre is (leaves room for the bar at the top and the side panel).
    pub centre: Vec2,
    /// Width of the information panel at the right (zero when the window is too narrow, and
    /// the game-over dialog floats over the board instead).
    pub side_panel: f32,
    /// Height of the information panel below the board in portrait windows (a phone held
    /// upright); zero in landscape.
    pub bottom_panel: f32,
}

/// Room kept above the board for the button bar, in logical pixels.
pub const TOP_BAR: f32 = 44.0;

/// Width of the information panel beside the board in landscape windows, in logical pixels.
pub const SIDE_PANEL: f32 = 240.0;

/// The least room kept below the board for the panel in portrait windows, in logical pixels.
pub const MIN_BOTTOM_PANEL: f32 = 160.0;

impl BoardLayout {
    /// The largest board that fits a window of `window` logical pixels, with a margin around
    /// the grid for the coordinates. A window taller than wide (a phone held upright) puts the
    /// board across the full width under the top bar and the panel below it; a wide one puts
    /// the panel at the right when there is room. A window nearly square and wider than tall
    /// has the board alone (the game's few words go in the top bar and in windows over it).
    pub fn fit(size: u8, window: Vec2) -> BoardLayout {
        let height = (window.y - TOP_BAR).max(1.0);
        if window.x - SIDE_PANEL >= height * 0.9 {
            return Self::beside(size, window);
        }
        if window.y > window.x {
            return Self::below(size, window);
        }
        let width = window.x.max(1.0);
        let cell = (width.min(height) / margins(size)).max(1.0);
        BoardLayout {
            size,
            cell,
            centre: Vec2::new(0.0, -TOP_BAR / 2.0),
            side_panel: 0.0,
            bottom_panel: 0.0,
        }
    }

    /// As [`fit`](Self::fit), but the panel always has a place of its own, beside the board
    /// or below it (in a window taller than wide): an online game's panel holds what the
    /// server says and the game's actions, and must never lie over the board.
    pub fn fit_with_panel(size: u8, window: Vec2) -> BoardLayout {
        let fitted = Self::fit(size, window);
        if fitted.has_panel() {
            fitted
        } else if window.y > window.x {
            Self::below(size, window)
        } else {
            Self::beside(size, window)
        }
    }

    /// The panel at the right, the board in the room left of it under the top bar.
    fn beside(size: u8, window: Vec2) -> BoardLayout {
        let height = (window.y - TOP_BAR).max(1.0);
        let width = (window.x - SIDE_PANEL).max(1.0);
        let cell = (width.min(height) / margins(size)).max(1.0);
        BoardLayout {
            size,
            cell,
            centre: Vec2::new(-SIDE_PANEL / 2.0, -TOP_BAR / 2.0),
            side_panel: SIDE_PANEL,
            bottom_panel: 0.0,
        }
    }

    /// The board across the width under the top bar, the panel in the room below it (at least
    /// [`MIN_BOTTOM_PANEL`]).
    fn below(size: u8, window: Vec2) -> BoardLayout {
        let height = (window.y - TOP_BAR).max(1.0);
        let room = (height - MIN_BOTTOM_PANEL).max(1.0);
        let cell = (window.x.max(1.0).min(room) / margins(size)).max(1.0);
        let area = cell * margins(size);
        BoardLayout {
            size,
            cell,
            centre: Vec2::new(0.0, window.y / 2.0 - TOP_BAR - area / 2.0),
            side_panel: 0.0,
            bottom_panel: (height - area).max(0.0),
        }
    }

    /// Where the board and its margin lie in a window of `window` logical pixels (y down, as
    /// a cursor is given): nothing of the interface is laid out over it.
    pub fn board_rect(&self, window: Vec2) -> Rect {
        let centre = Vec2::new(
            self.centre.x + window.x / 2.0,
            window.y / 2.0 - self.centre.y,
        );
        Rect::from_center_size(centre, Vec2::splat(self.cell * margins(self.size)))
    }

    /// The room this layout keeps for the interface in a window of `window` logical pixels
    /// (y down): the top bar, and the panel beside or below the board. A pointer there is the
    /// interface's, never the board's.
    pub fn held_rects(&self, window: Vec2) -> Vec<Rect> {
        let mut rects = vec![Rect::new(0.0, 0.0, window.x, TOP_BAR)];
        if self.side_panel > 0.0 {
            rects.push(Rect::new(
                window.x - self.side_panel,
                0.0,
                window.x,
                window.y,
            ));
        }
        if self.bottom_panel > 0.0 {
            rects.push(Rect::new(
                0.0,
                window.y - self.bottom_panel,
                window.x,
                window.y,
            ));
        }
        rects
    }

    /// Whether the information panel has a place of its own (beside or below the board).
    pub fn has_panel(&self) -> bool {
        self.side_panel > 0.0 || self.bottom_panel > 0.0
    }

    /// The world position of intersection `p`.
    pub fn to_world(&self, p: Pos) -> Vec2 {
        let half = (self.size as f32 - 1.0) / 2.0;
        self.centre
            + Vec2::new(
                (p.x as f32 - half) * self.cell,
                (half - p.y as f32) * self.cell,
            )
    }

    /// The intersection nearest to `world`, if it lies within half a cell of one.
    pub fn pick(&self, world: Vec2) -> Option<Pos> {
        let half = (self.size as f32 - 1.0) / 2.0;
        let rel = (world - self.centre) / self.cell;
        let (fx, fy) = (rel.x + half, half - rel.y);
        let (x, y) = (fx.round(), fy.round());
        let inside = (0.0..self.size as f32).contains(&x) && (0.0..self.size as f32).contains(&y);
        let close = (fx - x).abs() <= 0.5 && (fy - y).abs() <= 0.5;
        (inside && close).then(|| Pos::new(x as u8, y as u8))
    }

    /// The side of the square wooden board (the grid, and room for the coordinates).
    pub fn board_side(&self) -> f32 {
        self.cell * (self.size as f32 + 1.2)
    }
}

/// The board's side and the margin kept around it, in cells (the wood and the coordinates).
fn margins(size: u8) -> f32 {
    size as f32 + 1.4
}

/// Converts a cursor position in the window (logical pixels, origin top-left, y down) to world
/// units for the default 2D camera.
pub fn window_to_world(cursor: Vec2, window: Vec2) -> Vec2 {
    Vec2::new(cursor.x - window.x / 2.0, window.y / 2.0 - cursor.y)
}

/// Keeps [`BoardLayout`] fitted to the primary window and the board size.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        fit_to_window
            .in_set(crate::app::AppSystems::Input)
            .before(super::PointerSystems),
    );
}

fn fit_to_window(
    mut commands: Commands,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    board: Res<crate::app::Board>,
    screen: Option<Res<State<Screen>>>,
    layout: Option<ResMut<BoardLayout>>,
) {
    let Ok(window) = windows.single() else { return };
    let (size, window) = (board.board().size(), window.size());
    // Online the panel always has its own place (see `fit_with_panel`).
    let fitted = if screen.is_some_and(|s| *s.get() == Screen::Online) {
        BoardLayout::fit_with_panel(size, window)
    } else {
        BoardLayout::fit(size, window)
    };
    match layout {
        Some(mut l) => {
            l.set_if_neq(fitted);
        }
        None => commands.insert_resource(fitted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board's edges in window pixels: (left, top, right, bottom), y down.
    fn edges(l: &BoardLayout, window: Vec2) -> (f32, f32, f32, f32) {
        let half = l.cell * (l.size as f32 + 1.4) / 2.0;
        let c = Vec2::new(l.centre.x + window.x / 2.0, window.y / 2.0 - l.centre.y);
        (c.x - half, c.y - half, c.x + half, c.y + half)
    }

    #[test]
    fn a_phone_upright_has_the_board_across_the_width_and_the_panel_below() {
        let window = Vec2::new(390.0, 844.0);
        let l = BoardLayout::fit(15, window);
        assert_eq!(l.side_panel, 0.0);
        let (left, top, right, bottom) = edges(&l, window);
        assert!(
            left.abs() < 0.01 && (right - 390.0).abs() < 0.01,
            "{left} {right}"
        );
        assert!((top - TOP_BAR).abs() < 0.01, "{top}");
        assert!((bottom + l.bottom_panel - 844.0).abs() < 0.01);
        assert!(l.bottom_panel >= MIN_BOTTOM_PANEL, "{}", l.bottom_panel);
        assert!(l.has_panel());
    }

    #[test]
    fn a_phone_on_its_side_keeps_the_landscape_layout() {
        let window = Vec2::new(844.0, 390.0);
        let l = BoardLayout::fit(15, window);
        assert_eq!((l.side_panel, l.bottom_panel), (SIDE_PANEL, 0.0));
        let (left, top, right, bottom) = edges(&l, window);
        assert!(top >= TOP_BAR - 0.01 && bottom <= 390.01);
        assert!(left >= 0.0 && right <= 844.0 - SIDE_PANEL + 0.01);
    }

    #[test]
    fn wide_windows_keep_the_panel_at_the_right() {
        for window in [Vec2::new(1280.0, 800.0), Vec2::new(800.0, 600.0)] {
            let l = BoardLayout::fit(15, window);
            assert_eq!((l.side_panel, l.bottom_panel), (SIDE_PANEL, 0.0));
            let (left, top, right, bottom) = edges(&l, window);
            assert!(top >= TOP_BAR - 0.01 && bottom <= window.y + 0.01);
            assert!(left >= 0.0 && right <= window.x - SIDE_PANEL + 0.01);
            // The board is as tall as the room under the bar.
            assert!((bottom - top - (window.y - TOP_BAR)).abs() < 0.01);
        }
    }

    /// The window sizes the game is tried at: common desktops, a small laptop, and windows
    /// taller than wide (a phone held upright).
    const WINDOWS: [(f32, f32); 10] = [
        (1280.0, 800.0),
        (1920.0, 1080.0),
        (1224.0, 918.0),
        (907.0, 680.0),
        (800.0, 600.0),
        (640.0, 600.0),
        (640.0, 480.0),
        (640.0, 760.0),
        (540.0, 960.0),
        (900.0, 960.0),
    ];

    #[test]
    fn the_board_and_the_room_kept_for_the_interface_never_overlap() {
        for (w, h) in WINDOWS {
            let window = Vec2::new(w, h);
            for size in [13, 15, 19, 20] {
                for (how, l) in [
                    ("fit", BoardLayout::fit(size, window)),
                    ("fit_with_panel", BoardLayout::fit_with_panel(size, window)),
                ] {
                    let at = format!("{how} {size}x{size} in {w}x{h}");
                    let board = l.board_rect(window);
                    let screen = Rect::new(0.0, 0.0, w, h);
                    assert!(
                        screen.contains(board.min) && screen.contains(board.max),
                        "{at}: the board {board:?} leaves the window"
                    );
                    for held in l.held_rects(window) {
                        let overlap = held.intersect(board);
                        assert!(
                            overlap.width() <= 0.01 || overlap.height() <= 0.01,
                            "{at}: {held:?} lies over the board {board:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn online_the_panel_always_has_a_place_of_its_own() {
        for (w, h) in WINDOWS {
            let l = BoardLayout::fit_with_panel(15, Vec2::new(w, h));
            assert!(l.has_panel(), "{w}x{h}: {l:?}");
            // Below the board when the window is taller than wide, as the local game has it.
            assert_eq!(l.bottom_panel > 0.0, h > w, "{w}x{h}: {l:?}");
            // Where the local game has a panel, the same layout.
            let local = BoardLayout::fit(15, Vec2::new(w, h));
            if local.has_panel() {
                assert_eq!(l, local, "{w}x{h}");
            }
        }
    }

    #[test]
    fn a_nearly_square_upright_window_keeps_room_for_the_panel() {
        let window = Vec2::new(900.0, 960.0);
        let l = BoardLayout::fit(15, window);
        assert!(l.bottom_panel >= MIN_BOTTOM_PANEL - 0.01);
        let (left, _, right, _) = edges(&l, window);
        assert!(left >= 0.0 && right <= 900.0);
    }
}
