//! Where the board sits in the window: intersection <-> world position, fitted to the window.

use bevy::prelude::*;

use crate::engine::Pos;

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
}

/// Room kept above the board for the button bar, in logical pixels.
pub const TOP_BAR: f32 = 44.0;

/// Width of the information panel beside the board in landscape windows, in logical pixels.
pub const SIDE_PANEL: f32 = 240.0;

impl BoardLayout {
    /// The largest board that fits a window of `window` logical pixels, with a margin around
    /// the grid for the coordinates.
    pub fn fit(size: u8, window: Vec2) -> BoardLayout {
        let height = (window.y - TOP_BAR).max(1.0);
        let side_panel = if window.x - SIDE_PANEL >= height * 0.9 {
            SIDE_PANEL
        } else {
            0.0
        };
        let width = (window.x - side_panel).max(1.0);
        let cell = (width.min(height) / (size as f32 + 1.4)).max(1.0);
        BoardLayout {
            size,
            cell,
            centre: Vec2::new(-side_panel / 2.0, -TOP_BAR / 2.0),
            side_panel,
        }
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
    layout: Option<ResMut<BoardLayout>>,
) {
    let Ok(window) = windows.single() else { return };
    let fitted = BoardLayout::fit(board.board().size(), window.size());
    match layout {
        Some(mut l) => {
            l.set_if_neq(fitted);
        }
        None => commands.insert_resource(fitted),
    }
}
