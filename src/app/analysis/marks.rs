//! Analysis mode on the board: the expected line as numbered translucent stones (the forced
//! win's line when the solvers proved one; numbered on from the game's moves when the stones
//! show theirs), and the three best moves with their values (the side to move's chance to win
//! after each, in percent: a disc, or a tag on a stone of the line).

use bevy::prelude::*;

use super::AnalysisShown;
use crate::app::assets::GameAssets;
use crate::app::board::text::BoardText;
use crate::app::board::{BoardLayout, sizes, z};
use crate::app::theme::{Palette, ViewOptions};
use crate::app::{AppSystems, Board, Screen};
use gomoku_engine::{Pos, Stone};

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
/// A value on a stone of the line: a tag in the stone's lower half (it stays off the
/// neighbouring points, which a tag under the stone covered), its centre this far below the
/// point and this large, in cells; the stone's number moves up to make room.
const TAG_BELOW: f32 = 0.24;
const TAG_SIZE: Vec2 = Vec2::new(0.6, 0.26);
/// A tag's font size, as a fraction of a cell (within [`VALUE_FONT_PX`]).
const TAG_FONT: f32 = 0.22;
/// How far up the number of a stone with a tag sits, and its size, in cells.
const TAGGED_NUMBER_UP: f32 = 0.13;
const TAGGED_NUMBER_FONT: f32 = 0.34;
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
    view: Res<ViewOptions>,
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
    // The best moves' values, each with its rank's colour.
    let values: Vec<(Pos, String, Color)> = report.map_or_else(Vec::new, |r| {
        r.lines
            .iter()
            .enumerate()
            .filter(|(_, l)| b.is_empty_at(l.best))
            .map(|(rank, l)| {
                let value = format!("{:.0}%", l.win_probability * 100.0);
                (
                    l.best,
                    value,
                    RANK_COLOURS[rank.min(RANK_COLOURS.len() - 1)],
                )
            })
            .collect()
    });
    // The line: translucent stones of the colour to play, numbered.
    let mut colour = b.to_move();
    for (i, &p) in line.iter().take(MAX_LINE_STONES).enumerate() {
        if !b.is_empty_at(p) {
            break;
        }
        let at = layout.to_world(p);
        let tag = values.iter().find(|(best, ..)| *best == p);
        let n = line_number(b.moves().len(), i, view.move_numbers).to_string();
        let digits = n.len() as f32;
        let (number_font, number_at) = if tag.is_some() {
            (TAGGED_NUMBER_FONT, cell * TAGGED_NUMBER_UP)
        } else {
            (sizes::NUMBER_FONT, 0.0)
        };
        let number = BoardText::new(
            n,
            (cell * (number_font - sizes::NUMBER_FONT_PER_DIGIT * digits))
                .clamp(sizes::NUMBER_FONT_PX.0, sizes::NUMBER_FONT_PX.1),
            palette.number_colour(colour, false, false),
        );
        let mut stone = commands.spawn((
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
        ));
        stone.with_child((number, Transform::from_xyz(0.0, number_at, 0.3)));
        if let Some((_, value, tag_colour)) = tag {
            let font = (cell * TAG_FONT).clamp(VALUE_FONT_PX.0, VALUE_FONT_PX.1);
            stone.with_children(|parent| {
                parent
                    .spawn((
                        Name::new("Analysis value"),
                        Sprite {
                            image: textures.disc.clone(),
                            color: *tag_colour,
                            custom_size: Some(TAG_SIZE * cell),
                            ..default()
                        },
                        Transform::from_xyz(0.0, -cell * TAG_BELOW, 0.4),
                    ))
                    .with_child((
                        BoardText::new(value.clone(), font, Color::WHITE),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
            });
        }
        colour = colour.opponent();
    }
    // The other best moves: a disc with the value (those on the line carry a tag).
    let on_line = |p: Pos| line.iter().take(MAX_LINE_STONES).any(|&q| q == p);
    for (p, value, colour) in values.into_iter().filter(|(p, ..)| !on_line(*p)) {
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
                Transform::from_translation(layout.to_world(p).extend(z::GHOST + 1.0)),
            ))
            .with_child((
                BoardText::new(value, value_size, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
    }
}

/// The number on the line's stone `i` (0 first) after `played` moves: the game's own move
/// numbers go on where the board shows them (else two stones would carry each number),
/// else the line counts from 1.
fn line_number(played: usize, i: usize, move_numbers: bool) -> usize {
    if move_numbers { played + i + 1 } else { i + 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_move_numbers_shown_the_line_goes_on_from_the_games_last_number() {
        assert_eq!(
            line_number(3, 0, true),
            4,
            "after three moves, the line's first is 4"
        );
        assert_eq!(line_number(3, 6, true), 10);
        assert_eq!(line_number(3, 0, false), 1, "without them it counts from 1");
    }

    #[test]
    fn a_value_tag_stays_on_its_own_stone() {
        let radius = sizes::STONE / 2.0;
        for corner in [Vec2::new(1.0, 1.0), Vec2::new(1.0, -1.0)] {
            let at = Vec2::new(0.0, -TAG_BELOW) + corner * TAG_SIZE / 2.0;
            assert!(
                at.length() < radius,
                "the tag's corner {at} leaves the stone"
            );
        }
        // The number above it, at its size, clears the tag.
        let number_bottom = TAGGED_NUMBER_UP - (TAGGED_NUMBER_FONT - 0.07) / 2.0;
        assert!(number_bottom >= -TAG_BELOW + TAG_SIZE.y / 2.0 - 0.02);
    }
}
