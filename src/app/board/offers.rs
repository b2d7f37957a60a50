//! The Soosõrv opening's fifth-move offers on the board: each a see-through black stone with
//! its number, and a ring in the hint's colour while one of them is to be picked.

use bevy::prelude::*;

use super::text::BoardText;
use super::{BoardLayout, ViewSystems, sizes, z};
use crate::app::assets::GameAssets;
use crate::app::theme::Palette;
use crate::app::{AppSystems, GameOpening, Screen};
use gomoku_engine::opening::Task;

/// How opaque an offered stone is.
const OFFER_ALPHA: f32 = 0.45;
/// The ring around an offer while one is to be picked, as a fraction of a cell.
const PICK_RING: f32 = 1.08;
/// An offer's number, as a fraction of a cell.
const NUMBER_FONT: f32 = 0.42;

/// A sprite of an offer (the stone, its number or its ring).
#[derive(Component)]
struct OfferMark;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_offers
            .run_if(
                resource_changed::<GameOpening>
                    .or_else(resource_changed::<BoardLayout>)
                    .or_else(resource_changed::<Palette>)
                    .or_else(state_changed::<Screen>),
            )
            .in_set(AppSystems::View)
            .in_set(ViewSystems)
            .run_if(resource_exists::<BoardLayout>.and_then(resource_exists::<GameAssets>)),
    );
}

fn show_offers(
    mut commands: Commands,
    opening: Res<GameOpening>,
    layout: Res<BoardLayout>,
    assets: Res<GameAssets>,
    palette: Res<Palette>,
    screen: Res<State<Screen>>,
    old: Query<Entity, With<OfferMark>>,
) {
    let Some(textures) = &assets.textures else {
        return;
    };
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(play) = opening.running() else {
        return;
    };
    if *screen.get() == Screen::Replay {
        return;
    }
    let picking = matches!(play.step().map(|s| s.task), Some(Task::Pick { .. }));
    let cell = layout.cell;
    for (i, &p) in play.opening.offers().iter().enumerate() {
        let at = layout.to_world(p);
        if picking {
            commands.spawn((
                Name::new("Offer ring"),
                OfferMark,
                Sprite {
                    image: textures.disc.clone(),
                    color: palette.hint,
                    custom_size: Some(Vec2::splat(cell * PICK_RING)),
                    ..default()
                },
                Transform::from_translation(at.extend(z::GHOST)),
            ));
        }
        commands.spawn((
            Name::new(format!("Offer {}", i + 1)),
            OfferMark,
            Sprite {
                image: textures.black.clone(),
                color: Color::srgba(1.0, 1.0, 1.0, OFFER_ALPHA),
                custom_size: Some(Vec2::splat(cell * sizes::STONE)),
                ..default()
            },
            Transform::from_translation(at.extend(z::STONE)),
            children![(
                BoardText::new(
                    (i + 1).to_string(),
                    (cell * NUMBER_FONT).clamp(sizes::NUMBER_FONT_PX.0, sizes::NUMBER_FONT_PX.1),
                    palette.number_on_black,
                ),
                Transform::from_xyz(0.0, 0.0, 0.3),
            )],
        ));
    }
}
