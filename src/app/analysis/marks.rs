//! Analysis mode on the board: the expected line as numbered translucent stones (the forced
//! win's line when the solvers proved one), and the three best moves with their values (the
//! side to move's chance to win after each, in percent: a disc, or a tag under a stone of the
//! line).

use bevy::prelude::*;

use super::AnalysisShown;
use crate::app::assets::GameAssets;
use crate::app::board::text::BoardText;
use crate::app::board::{BoardLayout, sizes, z};
use crate::app::theme::Palette;
use crate::app::{AppSystems, Board, Screen};
use crate::engine::{Pos, Stone};

/// The longest line drawn, in moves.
const MAX_LINE_STONES: usize = 12;
/// How opaque a stone of the line is.
const LINE_ALPHA: f32 = 0.55;
/// A best move's disc, as a fraction of a cell.
const BEST_DISC: f32 = 0.62;
/// A value's font size, as a fraction of a cell (within [`VALUE_FONT_PX`]).
const VALUE_FONT: f32 = 0.28;
/// A value's font size in pixels, at least and at most.
const VALUE_FONT_PX: (f32, f32) = (8.0, 16.0);
/// How far below its point a value on a stone of the line sits, as a fraction of a cell.
const VALUE_BELOW: f32 = 0.5;
/// The discs of the best, second and third moves.
const RANK_COLOURS: [Color; 3] = [
    Color::srgba(0.10, 0.60, 0.25, 0.85),
    Color::srgba(0.15, 0.45, 0.80, 0.80),
    Color::srgba(0.45, 0.45, 0.50, 0.80),
];

/// What analysis mode draws on the board.
#[derive(Component)]
struct AnalysisMark;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        redraw
            .run_if(
                resource_changed::<AnalysisShown>
                    .or_else(resource_changed::<BoardLayout>)
                    .or_else(resource_changed::<Palette>)
                    .or_else(state_changed::<Screen>),
            )
            .run_if(resource_exists::<BoardLayout>.and_then(resource_exists::<GameAssets>))
            .in_set(AppSystems::View),
    );
}

fn redraw(
    mut commands: Commands,
    shown: Res<AnalysisShown>,
    board: Res<Board>,
    layout: Res<BoardLayout>,
    assets: Res<GameAssets>,
    palette: Res<Palette>,
    screen: Res<State<Screen>>,
    old: Query<Entity, With<AnalysisMark>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(textures) = &assets.textures else {
        return;
    };
    if *screen.get() != Screen::Analysis {
        return;
    }
    let b = board.board();
    let cell = layout.cell;
    let value_size = (cell * VALUE_FONT).clamp(VALUE_FONT_PX.0, VALUE_FONT_PX.1);
    let forced = shown.forced_win(b.moves());
    let report = shown.report.as_ref();
    let line: Vec<Pos> = match (&forced, report) {
        (Some(win), _) => win.line.clone(),
        (None, Some(r)) => r.lines.first().map(|l| l.pv.clone()).unwrap_or_default(),
        (None, None) => Vec::new(),
    };
    // The line: translucent stones of the colour to play, numbered.
    let mut colour = b.to_move();
    for (i, &p) in line.iter().take(MAX_LINE_STONES).enumerate() {
        if !b.is_empty_at(p) {
            break;
        }
        let at = layout.to_world(p);
        commands
            .spawn((
                Name::new("Analysis line stone"),
                AnalysisMark,
                Sprite {
                    image: match colour {
                        Stone::Black => textures.black.clone(),
                        Stone::White => textures.white.clone(),
                    },
                    color: Color::srgba(1.0, 1.0, 1.0, LINE_ALPHA),
                    custom_size: Some(Vec2::splat(cell * sizes::STONE)),
                    ..default()
                },
                Transform::from_translation(at.extend(z::GHOST + 1.0)),
            ))
            .with_children(|parent| {
                let n = (i + 1).to_string();
                let digits = n.len() as f32;
                parent.spawn((
                    BoardText::new(
                        n,
                        (cell * (sizes::NUMBER_FONT - sizes::NUMBER_FONT_PER_DIGIT * digits))
                            .clamp(sizes::NUMBER_FONT_PX.0, sizes::NUMBER_FONT_PX.1),
                        palette.number_colour(colour, false, false),
                    ),
                    Transform::from_xyz(0.0, 0.0, 0.3),
                ));
            });
        colour = colour.opponent();
    }
    // The best moves: a disc with the value, or the value under the line's first stone.
    let Some(report) = report else { return };
    for (rank, l) in report.lines.iter().enumerate() {
        if !b.is_empty_at(l.best) {
            continue;
        }
        let value = format!("{:.0}%", l.win_probability * 100.0);
        let at = layout.to_world(l.best);
        let colour = RANK_COLOURS[rank.min(RANK_COLOURS.len() - 1)];
        // On a stone of the line the value goes under it; elsewhere it is a disc of its own.
        if line.iter().take(MAX_LINE_STONES).any(|&p| p == l.best) {
            let below = at - Vec2::new(0.0, cell * VALUE_BELOW);
            commands
                .spawn((
                    Name::new("Analysis value"),
                    AnalysisMark,
                    Sprite {
                        image: textures.disc.clone(),
                        color: colour,
                        custom_size: Some(Vec2::new(cell * 0.7, cell * 0.34)),
                        ..default()
                    },
                    Transform::from_translation(below.extend(z::MARKER + 2.0)),
                ))
                .with_child((
                    BoardText::new(value, value_size, Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            continue;
        }
        commands
            .spawn((
                Name::new("Analysis best move"),
                AnalysisMark,
                Sprite {
                    image: textures.disc.clone(),
                    color: colour,
                    custom_size: Some(Vec2::splat(cell * BEST_DISC)),
                    ..default()
                },
                Transform::from_translation(at.extend(z::GHOST + 1.0)),
            ))
            .with_child((
                BoardText::new(value, value_size, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
    }
}
