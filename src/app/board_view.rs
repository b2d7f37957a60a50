//! The board on screen: wood, grid, star points, coordinates, stones, the last-move marker, the
//! winning line, the ghost stone under the pointer and the status line.

use bevy::prelude::*;

use super::turn::ActiveSetup;
use super::{AppSystems, Board, BoardLayout, Hover, SceneReady, Screen};
use crate::engine::{Outcome, Pos, Stone};

/// The pictures the board is drawn with (made by `scripts/make_assets.py`).
#[derive(Resource)]
struct Textures {
    wood: Handle<Image>,
    black: Handle<Image>,
    white: Handle<Image>,
    disc: Handle<Image>,
}

/// Everything drawn for the empty board; rebuilt when the layout changes.
#[derive(Component)]
struct Decor;

/// A stone's sprite, for the stone on this point.
#[derive(Component)]
struct StoneSprite(Pos, Stone);

/// Markers over stones (last move, winning line); rebuilt with the stones.
#[derive(Component)]
struct Marker;

/// The translucent stone that follows the pointer.
#[derive(Component)]
struct Ghost;

const Z_BOARD: f32 = 0.0;
const Z_GRID: f32 = 1.0;
const Z_GHOST: f32 = 5.0;
const Z_STONE: f32 = 10.0;
const Z_MARKER: f32 = 11.0;

const GRID_COLOR: Color = Color::srgb(0.24, 0.16, 0.08);
const LAST_MOVE_COLOR: Color = Color::srgb(0.86, 0.18, 0.14);
const WIN_COLOR: Color = Color::srgba(1.0, 0.84, 0.2, 0.85);
const FORBIDDEN_COLOR: Color = Color::srgba(0.85, 0.1, 0.1, 0.7);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.17, 0.15, 0.13)))
        .add_systems(Startup, (load_textures, spawn_scene))
        .add_systems(
            Update,
            (
                rebuild_decor.run_if(resource_changed::<BoardLayout>),
                sync_stones
                    .run_if(resource_changed::<Board>.or_else(resource_changed::<BoardLayout>)),
                show_ghost,
                mark_ready,
            )
                .chain()
                .in_set(AppSystems::View)
                .run_if(resource_exists::<BoardLayout>),
        );
}

fn load_textures(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Textures {
        wood: assets.load("textures/board_wood.png"),
        black: assets.load("textures/stone_black.png"),
        white: assets.load("textures/stone_white.png"),
        disc: assets.load("textures/disc.png"),
    });
}

/// Marks the scene ready once every texture has loaded.
fn mark_ready(assets: Res<AssetServer>, textures: Res<Textures>, mut ready: ResMut<SceneReady>) {
    if ready.0 {
        return;
    }
    let all = [
        &textures.wood,
        &textures.black,
        &textures.white,
        &textures.disc,
    ];
    if all.iter().all(|h| assets.is_loaded_with_dependencies(*h)) {
        ready.0 = true;
    }
}

fn spawn_scene(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d));
    commands.spawn((
        Name::new("Ghost stone"),
        Ghost,
        Sprite::default(),
        Transform::from_xyz(0.0, 0.0, Z_GHOST),
        Visibility::Hidden,
    ));
}

fn stone_image(textures: &Textures, stone: Stone) -> Handle<Image> {
    match stone {
        Stone::Black => textures.black.clone(),
        Stone::White => textures.white.clone(),
    }
}

/// The star points of a board side (the centre, and the 4-4 points on boards of 13 or more).
fn star_points(size: u8) -> Vec<Pos> {
    let c = size / 2;
    let mut pts = vec![Pos::new(c, c)];
    if size >= 13 {
        let e = 3;
        let f = size - 4;
        pts.extend([
            Pos::new(e, e),
            Pos::new(e, f),
            Pos::new(f, e),
            Pos::new(f, f),
        ]);
    }
    pts
}

fn rebuild_decor(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    textures: Res<Textures>,
    old: Query<Entity, With<Decor>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let l = *layout;
    let n = l.size;
    commands.spawn((
        Name::new("Wood"),
        Decor,
        Sprite {
            image: textures.wood.clone(),
            custom_size: Some(Vec2::splat(l.board_side())),
            ..default()
        },
        Transform::from_translation(l.centre.extend(Z_BOARD)),
    ));
    let span = l.cell * (n as f32 - 1.0);
    let width = (l.cell / 28.0).clamp(1.0, 2.5);
    for i in 0..n {
        let a = l.to_world(Pos::new(i, 0));
        let b = l.to_world(Pos::new(0, i));
        let edge = if i == 0 || i == n - 1 { 1.6 } else { 1.0 };
        commands.spawn((
            Decor,
            Sprite::from_color(GRID_COLOR, Vec2::new(width * edge, span + width * edge)),
            Transform::from_xyz(a.x, l.centre.y, Z_GRID),
        ));
        commands.spawn((
            Decor,
            Sprite::from_color(GRID_COLOR, Vec2::new(span + width * edge, width * edge)),
            Transform::from_xyz(l.centre.x, b.y, Z_GRID),
        ));
        let font = TextFont::from_font_size((l.cell * 0.32).clamp(8.0, 18.0));
        let label_color = TextColor(GRID_COLOR.with_alpha(0.9));
        let col = l.to_world(Pos::new(i, n - 1)) - Vec2::new(0.0, l.cell * 0.62);
        commands.spawn((
            Decor,
            Text2d::new(((b'a' + i) as char).to_string()),
            font.clone(),
            label_color,
            Transform::from_translation(col.extend(Z_GRID)),
        ));
        let row = l.to_world(Pos::new(0, i)) - Vec2::new(l.cell * 0.62, 0.0);
        commands.spawn((
            Decor,
            Text2d::new((n - i).to_string()),
            font,
            label_color,
            Transform::from_translation(row.extend(Z_GRID)),
        ));
    }
    for p in star_points(n) {
        commands.spawn((
            Decor,
            Sprite {
                image: textures.disc.clone(),
                color: GRID_COLOR,
                custom_size: Some(Vec2::splat((l.cell * 0.2).max(4.0))),
                ..default()
            },
            Transform::from_translation(l.to_world(p).extend(Z_GRID + 0.5)),
        ));
    }
}

fn sync_stones(
    mut commands: Commands,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    screen: Res<State<Screen>>,
    layout: Res<BoardLayout>,
    textures: Res<Textures>,
    mut stones: Query<(Entity, &StoneSprite, &mut Transform, &mut Sprite)>,
    markers: Query<Entity, With<Marker>>,
) {
    let b = board.board();
    let size = Vec2::splat(layout.cell * 0.96);
    let mut present = std::collections::HashSet::new();
    for (e, stone, mut transform, mut sprite) in &mut stones {
        if b.get(stone.0) == Some(stone.1) {
            transform.translation = layout.to_world(stone.0).extend(Z_STONE);
            sprite.custom_size = Some(size);
            present.insert(stone.0);
        } else {
            commands.entity(e).despawn();
        }
    }
    for (p, s) in b.stones() {
        if present.contains(&p) {
            continue;
        }
        commands.spawn((
            Name::new(format!("{s} stone {}", p.to_notation(b.size()))),
            StoneSprite(p, s),
            Sprite {
                image: stone_image(&textures, s),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_translation(layout.to_world(p).extend(Z_STONE)),
        ));
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let mut marker = |p: Pos, color: Color, scale: f32| {
        commands.spawn((
            Marker,
            Sprite {
                image: textures.disc.clone(),
                color,
                custom_size: Some(Vec2::splat(layout.cell * scale)),
                ..default()
            },
            Transform::from_translation(layout.to_world(p).extend(Z_MARKER)),
        ));
    };
    if let Outcome::Five { line, .. } = board.outcome() {
        for &p in line {
            marker(p, WIN_COLOR, 0.42);
        }
    }
    if let Some(p) = b.last_move() {
        marker(p, LAST_MOVE_COLOR, 0.22);
    }
    // Black's forbidden points, when a person plays black and it is black's turn: red crosses.
    let person_is_black = !active.0.mode.ai_plays(Stone::Black);
    if *screen.get() == Screen::Playing && person_is_black {
        let arm = Vec2::new(layout.cell * 0.42, (layout.cell * 0.07).max(2.0));
        for (p, _) in board.forbidden_points() {
            let at = layout.to_world(p).extend(Z_MARKER);
            for angle in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
                commands.spawn((
                    Marker,
                    Sprite::from_color(FORBIDDEN_COLOR, arm),
                    Transform::from_translation(at).with_rotation(Quat::from_rotation_z(angle)),
                ));
            }
        }
    }
}

fn show_ghost(
    hover: Res<Hover>,
    board: Res<Board>,
    layout: Res<BoardLayout>,
    textures: Res<Textures>,
    mut ghost: Query<(&mut Transform, &mut Sprite, &mut Visibility), With<Ghost>>,
) {
    let Ok((mut transform, mut sprite, mut visibility)) = ghost.single_mut() else {
        return;
    };
    match hover.0 {
        Some(p) => {
            transform.translation = layout.to_world(p).extend(Z_GHOST);
            sprite.image = stone_image(&textures, board.to_move());
            sprite.custom_size = Some(Vec2::splat(layout.cell * 0.96));
            sprite.color = Color::srgba(1.0, 1.0, 1.0, 0.5);
            visibility.set_if_neq(Visibility::Visible);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}
