//! The board on screen and the hands on it: where it sits in the window ([`layout`]), how it
//! is drawn ([`view`], and the opening's offers: [`offers`]) and eased ([`animation`]), and
//! how a person points at it ([`pointer`](mod@pointer), never through what the interface
//! covers: [`cover`]) or plays it from the keys ([`keyboard`]).
//!
//! What the board's children share lives here: the drawing layers, the board's proportions,
//! the keyboard cursor, the stones that have just been placed, and the components of what
//! moves (a stone settling, its shadow, a pulsing marker, a spark).

use bevy::prelude::*;

pub mod animation;
pub mod cover;
pub mod keyboard;
pub mod layout;
pub mod offers;
pub mod pointer;
pub mod text;
pub mod view;

pub use cover::UiCover;
pub use layout::BoardLayout;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyCursor>()
        .init_resource::<FreshStones>()
        .add_plugins((
            layout::plugin,
            cover::plugin,
            pointer::plugin,
            keyboard::plugin,
            animation::plugin,
        ))
        // Without a view nobody draws them; the next frame's stones are its own.
        .add_systems(Last, |mut fresh: ResMut<FreshStones>| fresh.0.clear());
    // Sprites and the board's text need a renderer; headless tests run without one.
    if super::has_renderer(app) {
        app.add_plugins((view::plugin, offers::plugin, text::plugin));
    }
}

/// Where the keyboard cursor is, once an arrow key has been pressed.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeyCursor(pub Option<gomoku_engine::Pos>);

/// The stones placed since the view last drew the board: they drop in, the others are simply
/// there. `animation` fills it as stones are placed, `view` empties it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct FreshStones(pub Vec<gomoku_engine::Pos>);

/// The pointer's systems, after the layout has been fitted to the window.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointerSystems;

/// The board's own drawing systems; the animations run after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ViewSystems;

/// The translucent stone that follows the pointer.
#[derive(Component)]
pub struct Ghost;

// What moves on the board: `view` attaches these, `animation` moves them, `pace` watches
// them to know whether frames must go on.

/// A stone dropping in: starts larger and transparent, settles to its place.
#[derive(Component, Debug, Default)]
pub struct Settle {
    /// When it started (app seconds); set on the first frame it is seen.
    started: Option<f32>,
}

/// The shadow under a dropping stone: wide and offset, closing in, then gone.
#[derive(Component, Debug)]
pub struct DropShadow {
    started: f32,
    at: Vec2,
    cell: f32,
}

impl DropShadow {
    /// A shadow for a stone at `at` dropped at time `started`.
    pub fn new(started: f32, at: Vec2, cell: f32) -> DropShadow {
        DropShadow { started, at, cell }
    }
}

/// A marker that pulses: the winning five in order along the line, or the hint breathing.
#[derive(Component, Debug)]
pub struct Pulse {
    started: f32,
    /// Place along the winning line (0 first), or `None` for a plain breathing pulse.
    order: Option<usize>,
}

impl Pulse {
    /// The marker at `order` along a winning line that appeared at `started`.
    pub fn new(started: f32, order: usize) -> Pulse {
        Pulse {
            started,
            order: Some(order),
        }
    }

    /// A slow breathing pulse (the hint), from the frame it is first drawn in, for a few
    /// breaths (then it rests: see `animation`).
    pub fn breathing() -> Pulse {
        Pulse {
            // Not started yet: the first frame that draws it says when.
            started: f32::NAN,
            order: None,
        }
    }
}

/// A spark of the win burst. It is placed from its stone of the five in the layout of the
/// moment, so it stays centred on the five when the layout changes under it (a replay of
/// another board size, a resized window).
#[derive(Component, Debug)]
pub struct Particle {
    /// The stone of the five it flies from.
    from: gomoku_engine::Pos,
    /// Where it is from that stone, in cells.
    offset: Vec2,
    /// Its velocity, in cells per second.
    velocity: Vec2,
    born: f32,
    life: f32,
}

/// Drawing layers, back to front.
pub mod z {
    /// The wood.
    pub const BOARD: f32 = 0.0;
    /// Grid lines, coordinates and star points.
    pub const GRID: f32 = 1.0;
    /// The ghost stone and the hint.
    pub const GHOST: f32 = 5.0;
    /// Stones (a dropping stone's shadow just under).
    pub const STONE: f32 = 10.0;
    /// Markers over the stones; the keyboard cursor one above.
    pub const MARKER: f32 = 11.0;
    /// The sparks of the win burst, over everything.
    pub const PARTICLES: f32 = 20.0;
}

/// The board's proportions, as fractions of the distance between two points (a cell).
pub mod sizes {
    /// A stone's diameter (the ghost stone's too).
    pub const STONE: f32 = 0.96;
    /// The outline drawn around stones in themes that have one.
    pub const STONE_RIM: f32 = 0.98;
    /// The shadow under a dropping stone.
    pub const SHADOW: f32 = 0.9;
    /// A star point (at least [`STAR_MIN_PX`] pixels).
    pub const STAR: f32 = 0.2;
    /// The smallest star point, in pixels.
    pub const STAR_MIN_PX: f32 = 4.0;
    /// The grid's line width is a cell divided by this (kept within [`LINE_PX`]).
    pub const CELLS_PER_LINE: f32 = 28.0;
    /// The grid's line width in pixels, at least and at most.
    pub const LINE_PX: (f32, f32) = (1.0, 2.5);
    /// How much thicker the outer lines of the grid are.
    pub const EDGE_LINE: f32 = 1.6;
    /// The coordinates' font size (kept within [`LABEL_FONT_PX`]).
    pub const LABEL_FONT: f32 = 0.32;
    /// The coordinates' font size in pixels, at least and at most.
    pub const LABEL_FONT_PX: (f32, f32) = (8.0, 18.0);
    /// How far the coordinates sit outside the grid.
    pub const LABEL_OFFSET: f32 = 0.62;
    /// A move number's font size, less [`NUMBER_FONT_PER_DIGIT`] for each digit.
    pub const NUMBER_FONT: f32 = 0.5;
    /// What each digit of a move number takes off its font size.
    pub const NUMBER_FONT_PER_DIGIT: f32 = 0.07;
    /// A move number's font size in pixels, at least and at most.
    pub const NUMBER_FONT_PX: (f32, f32) = (6.0, 22.0);
    /// The markers of the winning five.
    pub const WIN_MARKER: f32 = 0.42;
    /// The last move's dot.
    pub const LAST_MOVE_DOT: f32 = 0.22;
    /// One arm of a forbidden point's cross (long, thick; at least [`THICK_MIN_PX`] thick).
    pub const CROSS_ARM: (f32, f32) = (0.42, 0.07);
    /// Half the side of the keyboard cursor's square.
    pub const CURSOR_HALF: f32 = 0.48;
    /// The keyboard cursor's line width (at least [`THICK_MIN_PX`]).
    pub const CURSOR_LINE: f32 = 0.07;
    /// The thinnest cross arm or cursor line, in pixels.
    pub const THICK_MIN_PX: f32 = 2.0;
    /// The hint's disc.
    pub const HINT: f32 = 0.5;
    /// A spark of the win burst (at least [`THICK_MIN_PX`]).
    pub const SPARK: f32 = 0.09;
}
