//! Puzzle mode's marks on the board: after the second hint, or once the puzzle failed, the
//! winning move breathes on its point, the way the AI's suggestion does in a game.

use bevy::prelude::*;

use super::puzzles::Puzzles;
use crate::app::assets::GameAssets;
use crate::app::board::BoardLayout;
use crate::app::board::view::hint_marker;
use crate::app::theme::Palette;
use crate::app::{AppSystems, Screen};

/// The marker of the hinted (or missed) winning move.
#[derive(Component)]
struct PuzzleMark;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        redraw
            .run_if(
                resource_changed::<Puzzles>
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
    puzzles: Res<Puzzles>,
    layout: Res<BoardLayout>,
    assets: Res<GameAssets>,
    palette: Res<Palette>,
    screen: Res<State<Screen>>,
    old: Query<Entity, With<PuzzleMark>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(textures) = &assets.textures else {
        return;
    };
    if *screen.get() != Screen::Puzzle {
        return;
    }
    let Some(p) = puzzles.marked_move() else {
        return;
    };
    commands.spawn((
        Name::new("Puzzle mark"),
        PuzzleMark,
        hint_marker(textures, &palette, &layout, p),
    ));
}
