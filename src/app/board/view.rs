//! The board on screen: wood, grid, star points, coordinates, stones (with their numbers), the
//! last-move marker, the winning line, forbidden points, the keyboard cursor, the AI's hint and
//! the ghost stone under the pointer. Colours come from the theme's [`Palette`]; the easing of
//! new stones, the win and the ghost is in `animation`.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::text::BoardText;
use super::{BoardLayout, FreshStones, Ghost, KeyCursor, Pulse, Settle, ViewSystems, sizes, z};
use crate::app::assets::{GameAssets, Textures};
use crate::app::play::hint::HintMove;
use crate::app::theme::{Palette, ViewOptions};
use crate::app::window::SoftwareRenderer;
use crate::app::{ActiveSetup, AppSystems, Board, GameOpening, Hover, Screen};
use gomoku_engine::{Outcome, Pos, Stone};

/// Everything drawn for the empty board; rebuilt when the layout changes.
#[derive(Component)]
struct Decor;

/// A stone's sprite, for the stone on this point.
#[derive(Component)]
struct StoneSprite(Pos, Stone);

/// Markers over stones (last move, winning line); rebuilt with the stones.
#[derive(Component)]
struct Marker;

/// The square around the keyboard cursor.
#[derive(Component)]
struct CursorMark;

/// The ring on the AI's suggested move.
#[derive(Component)]
struct HintMark;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Palette::default().background))
        .add_systems(Startup, spawn_scene)
        .add_systems(
            Update,
            (
                rebuild_decor.run_if(
                    resource_changed::<BoardLayout>
                        .or_else(resource_changed::<Palette>)
                        .or_else(resource_changed::<ViewOptions>),
                ),
                sync_stones.run_if(
                    resource_changed::<Board>
                        .or_else(resource_changed::<BoardLayout>)
                        .or_else(resource_changed::<Palette>)
                        .or_else(resource_changed::<ViewOptions>)
                        .or_else(resource_changed::<GameOpening>)
                        .or_else(state_changed::<Screen>),
                ),
                show_ghost,
                show_cursor_and_hint,
            )
                .chain()
                .in_set(AppSystems::View)
                .in_set(ViewSystems)
                .run_if(resource_exists::<BoardLayout>.and_then(resource_exists::<GameAssets>)),
        );
}

/// The camera. With a software renderer it draws without multisampling, which took about half
/// of every frame's work there (the grid is laid on whole pixels, so it stays even without it).
fn spawn_scene(mut commands: Commands, software: Option<Res<SoftwareRenderer>>) {
    let msaa = if software.is_some() {
        Msaa::Off
    } else {
        Msaa::default()
    };
    commands.spawn((Name::new("Camera"), Camera2d, msaa));
    commands.spawn((
        Name::new("Ghost stone"),
        Ghost,
        Sprite {
            color: Color::srgba(1.0, 1.0, 1.0, 0.0),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, z::GHOST),
        Visibility::Hidden,
    ));
}

fn stone_image(textures: &Textures, stone: Stone) -> Handle<Image> {
    match stone {
        Stone::Black => textures.black.clone(),
        Stone::White => textures.white.clone(),
    }
}

/// A line `width` wide centred on `at` (world units, along one axis) laid on whole pixels of a
/// window `pixels` = (its physical pixels along that axis, physical pixels per world unit):
/// its centre and width, rounded so that it covers whole pixels, as thick as every other line
/// of its width wherever it falls (without multisampling, a line 1.8 pixels wide was drawn 1
/// or 2 pixels wide by where it fell). The camera's origin is the window's centre.
fn on_pixels(at: f32, width: f32, pixels: Option<(f32, f32)>) -> (f32, f32) {
    let Some((extent, scale)) = pixels else {
        return (at, width);
    };
    let wide = (width * scale).round().max(1.0);
    let low = (at * scale + extent / 2.0 - wide / 2.0).round();
    ((low + wide / 2.0 - extent / 2.0) / scale, wide / scale)
}

/// The star points of a board side: the centre; on boards of 13 or more also the 4-4 points;
/// on 19x19 and larger also the side points between them (the usual nine). A board with an
/// even number of lines (20x20) has no middle line: only its four 4-4 points.
fn star_points(size: u8) -> Vec<Pos> {
    let c = size / 2;
    if size.is_multiple_of(2) && size >= 13 {
        let lines = [3, size - 4];
        return lines
            .iter()
            .flat_map(|&x| lines.iter().map(move |&y| Pos::new(x, y)))
            .collect();
    }
    if size < 13 {
        return vec![Pos::new(c, c)];
    }
    let lines: &[u8] = if size >= 19 {
        &[3, c, size - 4]
    } else {
        &[3, size - 4]
    };
    let mut pts = vec![Pos::new(c, c)];
    for &x in lines {
        for &y in lines {
            if (x, y) != (c, c) {
                pts.push(Pos::new(x, y));
            }
        }
    }
    pts
}

fn rebuild_decor(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    assets: Res<GameAssets>,
    palette: Res<Palette>,
    view: Res<ViewOptions>,
    old: Query<Entity, With<Decor>>,
    window: Query<&Window, With<PrimaryWindow>>,
) {
    let Some(textures) = &assets.textures else {
        return;
    };
    for e in &old {
        commands.entity(e).despawn();
    }
    let l = *layout;
    let n = l.size;
    let pixels = window.single().ok().map(|w| {
        let scale = w.scale_factor();
        (
            Vec2::new(w.physical_width() as f32, w.physical_height() as f32),
            scale,
        )
    });
    commands.spawn((
        Name::new("Wood"),
        Decor,
        Sprite {
            image: if palette.board_textured {
                textures.wood.clone()
            } else {
                Handle::default()
            },
            color: palette.board_tint,
            custom_size: Some(Vec2::splat(l.board_side())),
            ..default()
        },
        Transform::from_translation(l.centre.extend(z::BOARD)),
    ));
    let width = (l.cell / sizes::CELLS_PER_LINE).clamp(sizes::LINE_PX.0, sizes::LINE_PX.1);
    let line_width = |i: u8| {
        if i == 0 || i == n - 1 {
            width * sizes::EDGE_LINE
        } else {
            width
        }
    };
    // Each line's centre and width across it, on whole pixels: the columns (x), the rows (y).
    let columns: Vec<(f32, f32)> = (0..n)
        .map(|i| {
            let x = l.to_world(Pos::new(i, 0)).x;
            on_pixels(
                x,
                line_width(i),
                pixels.map(|(size, scale)| (size.x, scale)),
            )
        })
        .collect();
    let rows: Vec<(f32, f32)> = (0..n)
        .map(|i| {
            let y = l.to_world(Pos::new(0, i)).y;
            on_pixels(
                y,
                line_width(i),
                pixels.map(|(size, scale)| (size.y, scale)),
            )
        })
        .collect();
    // From the outer edge of one edge line to that of the other.
    let across = |lines: &[(f32, f32)]| {
        let (a, b) = (lines[0], lines[lines.len() - 1]);
        let low = (a.0 - a.1 / 2.0).min(b.0 - b.1 / 2.0);
        let high = (a.0 + a.1 / 2.0).max(b.0 + b.1 / 2.0);
        ((low + high) / 2.0, high - low)
    };
    let (rows_centre, rows_span) = across(&rows);
    let (columns_centre, columns_span) = across(&columns);
    for i in 0..n {
        let (x, column_width) = columns[i as usize];
        let (y, row_width) = rows[i as usize];
        commands.spawn((
            Decor,
            Sprite::from_color(palette.grid, Vec2::new(column_width, rows_span)),
            Transform::from_xyz(x, rows_centre, z::GRID),
        ));
        commands.spawn((
            Decor,
            Sprite::from_color(palette.grid, Vec2::new(columns_span, row_width)),
            Transform::from_xyz(columns_centre, y, z::GRID),
        ));
        if !view.coordinates {
            continue;
        }
        let size =
            (l.cell * sizes::LABEL_FONT).clamp(sizes::LABEL_FONT_PX.0, sizes::LABEL_FONT_PX.1);
        let col = l.to_world(Pos::new(i, n - 1)) - Vec2::new(0.0, l.cell * sizes::LABEL_OFFSET);
        commands.spawn((
            Decor,
            BoardText::new(((b'a' + i) as char).to_string(), size, palette.label),
            Transform::from_translation(col.extend(z::GRID)),
        ));
        let row = l.to_world(Pos::new(0, i)) - Vec2::new(l.cell * sizes::LABEL_OFFSET, 0.0);
        commands.spawn((
            Decor,
            BoardText::new((n - i).to_string(), size, palette.label),
            Transform::from_translation(row.extend(z::GRID)),
        ));
    }
    for p in star_points(n) {
        commands.spawn((
            Decor,
            Sprite {
                image: textures.disc.clone(),
                color: palette.grid,
                custom_size: Some(Vec2::splat((l.cell * sizes::STAR).max(sizes::STAR_MIN_PX))),
                ..default()
            },
            Transform::from_translation(l.to_world(p).extend(z::GRID + 0.5)),
        ));
    }
}

fn sync_stones(
    mut commands: Commands,
    time: Res<Time>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    screen: Res<State<Screen>>,
    layout: Res<BoardLayout>,
    assets: Res<GameAssets>,
    palette: Res<Palette>,
    view: Res<ViewOptions>,
    mut fresh_stones: ResMut<FreshStones>,
    stones: Query<(Entity, &StoneSprite)>,
    markers: Query<Entity, With<Marker>>,
    mut numbered: Local<Numbered>,
    mut lit_since: Local<Option<(Vec<Pos>, f32)>>,
) {
    let Some(textures) = &assets.textures else {
        return;
    };
    let fresh_stones = std::mem::take(&mut fresh_stones.0);
    let b = board.board();
    // A new layout, theme or numbering redraws every stone; a move only adds or removes some
    // (and redraws the stones whose numbers change colour: the last move's, the five's).
    let redraw = layout.is_changed() || palette.is_changed() || view.is_changed();
    let five: &[Pos] = match board.outcome() {
        Outcome::Five { line, .. } => line,
        _ => &[],
    };
    let now_numbered = if view.move_numbers {
        Numbered {
            last: b.last_move(),
            five: five.to_vec(),
        }
    } else {
        Numbered::default()
    };
    let before = std::mem::replace(&mut *numbered, now_numbered);
    let restyled = |p: Pos| before.style(p) != numbered.style(p);
    let mut present = std::collections::HashSet::new();
    for (e, stone) in &stones {
        if !redraw && b.get(stone.0) == Some(stone.1) && !restyled(stone.0) {
            present.insert(stone.0);
        } else {
            commands.entity(e).despawn();
        }
    }
    let last = b.last_move();
    let now = time.elapsed_secs();
    for (p, s) in b.stones() {
        if present.contains(&p) {
            continue;
        }
        let number = b.moves().iter().position(|&m| m == p).map(|i| i + 1);
        // Stones just placed drop in (`animation` has started their shadows); the board
        // itself is already updated.
        let fresh = !redraw && fresh_stones.contains(&p);
        spawn_stone(
            &mut commands,
            &layout,
            textures,
            &palette,
            &view,
            p,
            s,
            number,
            numbered.style(p),
            fresh,
        );
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let marker = |p: Pos, color: Color, scale: f32| {
        (
            Marker,
            Sprite {
                image: textures.disc.clone(),
                color,
                custom_size: Some(Vec2::splat(layout.cell * scale)),
                ..default()
            },
            Transform::from_translation(layout.to_world(p).extend(z::MARKER)),
        )
    };
    if !five.is_empty() {
        // The glow starts when the five is first lit; the same five drawn again (a new theme,
        // a resize, the board set up again) keeps it going rather than starting over, and a
        // redraw shows a new five lit at once.
        let started = match &*lit_since {
            Some((line, since)) if line.as_slice() == five => *since,
            _ if redraw => now - 10.0,
            _ => now,
        };
        *lit_since = Some((five.to_vec(), started));
        for (i, &p) in five.iter().enumerate() {
            commands.spawn((
                marker(p, palette.win, sizes::WIN_MARKER),
                Pulse::new(started, i),
            ));
        }
    }
    if five.is_empty() {
        *lit_since = None;
    }
    if let Some(p) = last
        && !view.move_numbers
    {
        let mut dot = marker(p, palette.last_move, sizes::LAST_MOVE_DOT);
        dot.2.translation.z += 0.5;
        commands.spawn(dot);
    }
    // Black's forbidden points, when a person plays black and it is black's turn (in the
    // opening: when a person places the next black stone or offer): crosses.
    let person_is_black = match opening.running() {
        Some(play) => play.person_to_act() && play.wants_a_point(),
        None => !active.0.mode.ai_plays(Stone::Black),
    };
    if *screen.get() == Screen::Playing && person_is_black {
        let arm = Vec2::new(
            layout.cell * sizes::CROSS_ARM.0,
            (layout.cell * sizes::CROSS_ARM.1).max(sizes::THICK_MIN_PX),
        );
        for (p, _) in board.forbidden_points() {
            let at = layout.to_world(p).extend(z::MARKER);
            for angle in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
                commands.spawn((
                    Marker,
                    Sprite::from_color(palette.forbidden, arm),
                    Transform::from_translation(at).with_rotation(Quat::from_rotation_z(angle)),
                ));
            }
        }
    }
}

/// Which stones' numbers are drawn apart: the last move's, and those on the lit winning five.
#[derive(Debug, Default, PartialEq)]
struct Numbered {
    last: Option<Pos>,
    five: Vec<Pos>,
}

impl Numbered {
    /// How the number on `p` is drawn: (the last move's, on the lit five).
    fn style(&self, p: Pos) -> (bool, bool) {
        (self.last == Some(p), self.five.contains(&p))
    }
}

/// One stone with its outline (if the theme has one) and its number (if shown), drawn as
/// `style` says (the last move's, on the lit five: see [`Numbered`]).
fn spawn_stone(
    commands: &mut Commands,
    layout: &BoardLayout,
    textures: &Textures,
    palette: &Palette,
    view: &ViewOptions,
    p: Pos,
    s: Stone,
    number: Option<usize>,
    (last, lit): (bool, bool),
    settle: bool,
) {
    let cell = layout.cell;
    let size = layout.size;
    let mut stone = commands.spawn((
        Name::new(format!("{s} stone {}", p.to_notation(size))),
        StoneSprite(p, s),
        Sprite {
            image: stone_image(textures, s),
            custom_size: Some(Vec2::splat(cell * sizes::STONE)),
            ..default()
        },
        Transform::from_translation(layout.to_world(p).extend(z::STONE)),
    ));
    if settle {
        stone.insert(Settle::default());
    }
    stone.with_children(|parent| {
        if let Some(rim) = palette.stone_rim {
            parent.spawn((
                Sprite {
                    image: textures.disc.clone(),
                    color: rim,
                    custom_size: Some(Vec2::splat(cell * sizes::STONE_RIM)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, -0.2),
            ));
        }
        if let Some(n) = number.filter(|_| view.move_numbers) {
            let color = palette.number_colour(s, last, lit);
            let digits = n.to_string().len() as f32;
            parent.spawn((
                BoardText::new(
                    n.to_string(),
                    (cell * (sizes::NUMBER_FONT - sizes::NUMBER_FONT_PER_DIGIT * digits))
                        .clamp(sizes::NUMBER_FONT_PX.0, sizes::NUMBER_FONT_PX.1),
                    color,
                ),
                Transform::from_xyz(0.0, 0.0, 0.3),
            ));
        }
    });
}

/// The keyboard cursor's square and the AI's suggested move.
fn show_cursor_and_hint(
    mut commands: Commands,
    cursor: Res<KeyCursor>,
    hint: Res<HintMove>,
    layout: Res<BoardLayout>,
    palette: Res<Palette>,
    assets: Res<GameAssets>,
    screen: Res<State<Screen>>,
    old_cursor: Query<Entity, With<CursorMark>>,
    old_hint: Query<Entity, With<HintMark>>,
) {
    let Some(textures) = &assets.textures else {
        return;
    };
    let playing = *screen.get() == Screen::Playing;
    if cursor.is_changed() || layout.is_changed() || palette.is_changed() || screen.is_changed() {
        for e in &old_cursor {
            commands.entity(e).despawn();
        }
        if let Some(p) = cursor.0.filter(|_| playing) {
            let c = layout.to_world(p);
            let half = layout.cell * sizes::CURSOR_HALF;
            let w = (layout.cell * sizes::CURSOR_LINE).max(sizes::THICK_MIN_PX);
            for (offset, size) in [
                (Vec2::new(0.0, half), Vec2::new(half * 2.0 + w, w)),
                (Vec2::new(0.0, -half), Vec2::new(half * 2.0 + w, w)),
                (Vec2::new(half, 0.0), Vec2::new(w, half * 2.0 + w)),
                (Vec2::new(-half, 0.0), Vec2::new(w, half * 2.0 + w)),
            ] {
                commands.spawn((
                    CursorMark,
                    Sprite::from_color(palette.cursor, size),
                    Transform::from_translation((c + offset).extend(z::MARKER + 1.0)),
                ));
            }
        }
    }
    if hint.is_changed() || layout.is_changed() || palette.is_changed() || screen.is_changed() {
        for e in &old_hint {
            commands.entity(e).despawn();
        }
        if let Some(p) = hint.0.filter(|_| playing) {
            commands.spawn((HintMark, hint_marker(textures, &palette, &layout, p)));
        }
    }
}

/// A suggested move's marker on `p`: a disc in the hint colour, breathing.
pub fn hint_marker(
    textures: &Textures,
    palette: &Palette,
    layout: &BoardLayout,
    p: Pos,
) -> impl Bundle {
    (
        Pulse::breathing(),
        Sprite {
            image: textures.disc.clone(),
            color: palette.hint,
            custom_size: Some(Vec2::splat(layout.cell * sizes::HINT)),
            ..default()
        },
        Transform::from_translation(layout.to_world(p).extend(z::GHOST)),
    )
}

fn show_ghost(
    hover: Res<Hover>,
    board: Res<Board>,
    layout: Res<BoardLayout>,
    assets: Res<GameAssets>,
    mut ghost: Query<(&mut Transform, &mut Sprite, &mut Visibility), With<Ghost>>,
) {
    let Some(textures) = &assets.textures else {
        return;
    };
    let Ok((mut transform, mut sprite, mut visibility)) = ghost.single_mut() else {
        return;
    };
    // The ghost's opacity eases in `animation`; here it only moves and changes colour.
    if let Some(p) = hover.0 {
        transform.translation = layout.to_world(p).extend(z::GHOST);
        sprite.image = stone_image(textures, board.to_move());
        sprite.custom_size = Some(Vec2::splat(layout.cell * sizes::STONE));
        visibility.set_if_neq(Visibility::Visible);
    }
}

#[cfg(test)]
mod star_tests {
    use super::*;

    #[test]
    fn nine_star_points_on_19x19_five_on_15x15_and_13x13_one_below() {
        assert_eq!(star_points(19).len(), 9);
        assert!(star_points(19).contains(&Pos::new(9, 3)));
        assert!(star_points(19).contains(&Pos::new(15, 15)));
        assert_eq!(star_points(15).len(), 5);
        assert!(star_points(15).contains(&Pos::new(11, 3)));
        assert_eq!(star_points(13).len(), 5);
        assert_eq!(star_points(9), vec![Pos::new(4, 4)]);
    }

    #[test]
    fn a_grid_line_covers_whole_pixels_wherever_it_falls() {
        // An 800-pixel window at scale 1, and one of 801 (its centre is half a pixel in).
        for extent in [800.0, 801.0] {
            for at in [-10.3, 0.0, 0.26, 7.5, 123.77] {
                let (centre, width) = on_pixels(at, 1.8, Some((extent, 1.0)));
                assert_eq!(width, 2.0);
                let low = centre - width / 2.0 + extent / 2.0;
                assert_eq!(low, low.round(), "{extent} {at}: from {low}");
                assert!((centre - at).abs() <= 0.5 + 1e-4, "{at} moved to {centre}");
            }
        }
        // At scale 1.5 the width is whole physical pixels: 1.8 x 1.5 = 2.7 -> 3.
        let (centre, width) = on_pixels(10.1, 1.8, Some((1200.0, 1.5)));
        assert!((width - 2.0).abs() < 1e-5, "{width}");
        let low = (centre - width / 2.0) * 1.5 + 600.0;
        assert!((low - low.round()).abs() < 1e-3, "{low}");
        // Without a window (headless), as asked.
        assert_eq!(on_pixels(3.3, 1.8, None), (3.3, 1.8));
    }

    #[test]
    fn a_20x20_board_has_its_four_4_4_points_placed_evenly() {
        let points = star_points(20);
        assert_eq!(points.len(), 4);
        for p in [(3, 3), (3, 16), (16, 3), (16, 16)] {
            assert!(points.contains(&Pos::new(p.0, p.1)), "{p:?}: {points:?}");
        }
    }
}
