//! The view's easing: a placed stone drops in and settles, its shadow closes in under it, the
//! winning five glows and pulses in order along the line, a burst of particles celebrates a
//! win, and the ghost stone fades in and out. Nothing here touches the game: the board is
//! already updated when an animation starts, and input is never held back.

use std::f32::consts::TAU;

use bevy::prelude::*;
use rand::RngExt;
use rand::rngs::SmallRng;

use super::{
    BoardLayout, DropShadow, FreshStones, Ghost, Particle, Pulse, Settle, ViewSystems, sizes, z,
};
use crate::app::assets::GameAssets;
use crate::app::theme::Palette;
use crate::app::{AppSystems, GameEnded, Hover, ReplayReachedWin, StonePlaced};
use gomoku_engine::{Outcome, Pos};

/// How long a stone takes to settle, in seconds.
pub const SETTLE_SECS: f32 = 0.2;
/// How much larger a dropping stone starts.
const SETTLE_GROWTH: f32 = 0.3;
/// A dropping stone's opacity as it starts.
const SETTLE_ALPHA: f32 = 0.35;
/// How far a dropping stone's shadow starts from it, in cells (down and to the right).
const SHADOW_OFFSET: f32 = 0.18;
/// How much larger the shadow starts.
const SHADOW_GROWTH: f32 = 0.25;
/// The shadow's opacity as it starts.
const SHADOW_ALPHA: f32 = 0.35;
/// The winning five's glow, at its faintest and its fullest (opacity) once lit: the move
/// numbers on it must read on both.
pub const WIN_GLOW_ALPHA: (f32, f32) = (0.8, 1.0);
/// Each stone of the winning five lights up (and bursts) this long after the one before.
const WIN_STAGGER_SECS: f32 = 0.09;
/// A stone of the winning five stops pulsing this long after it lit up: at the end of its
/// fourth wave, when the wave is at rest (its size is then its resting size). A still board
/// is then drawn only when something happens, not thirty times a second for ever.
const WIN_PULSE_SECS: f32 = (3.0 + 0.75) / WIN_WAVE_HZ;
/// Waves per second along the winning five.
const WIN_WAVE_HZ: f32 = 0.9;
/// Breaths per second of a hint's marker.
const BREATH_HZ: f32 = 0.7;
/// A hint's marker breathes this long, five breaths, then rests half-way (as large and as
/// opaque as it is on average while breathing), so that a hint left on the board does not keep
/// the game drawing thirty frames a second.
const BREATHING_SECS: f32 = 5.0 / BREATH_HZ;
/// How long the win burst lasts at most.
const PARTICLE_SECS: f32 = 1.6;
/// Sparks from each stone of the winning five.
const SPARKS_PER_STONE: usize = 10;
/// The sparks' speed, in cells per second (least and most).
const SPARK_SPEED: (f32, f32) = (1.5, 5.0);
/// The sparks' gravity, in cells per second per second.
const SPARK_GRAVITY: f32 = 6.0;
/// The ghost stone's opacity over a point.
const GHOST_ALPHA: f32 = 0.5;
/// How fast the ghost fades (per second).
const GHOST_FADE: f32 = 18.0;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(drop_in)
        .add_observer(burst_on_win)
        .add_observer(burst_in_replay)
        .add_systems(
            Update,
            (
                settle_stones,
                close_shadows,
                pulse_markers,
                move_particles.run_if(resource_exists::<BoardLayout>),
                fade_ghost,
            )
                .in_set(AppSystems::View)
                .after(ViewSystems),
        );
}

/// A stone placed drops in: the view gives it [`Settle`] when it draws it, and its shadow
/// starts closing in now. Every stone placed in a frame drops, not only the last.
fn drop_in(
    placed: On<StonePlaced>,
    mut commands: Commands,
    time: Res<Time>,
    layout: Option<Res<BoardLayout>>,
    assets: Option<Res<GameAssets>>,
    mut fresh: ResMut<FreshStones>,
) {
    let p = placed.at;
    fresh.0.push(p);
    let Some(layout) = layout else {
        return;
    };
    let image = assets
        .and_then(|a| a.textures.as_ref().map(|t| t.disc.clone()))
        .unwrap_or_default();
    commands.spawn((
        Name::new("Drop shadow"),
        DropShadow::new(time.elapsed_secs(), layout.to_world(p), layout.cell),
        Sprite {
            image,
            color: Color::srgba(0.0, 0.0, 0.0, 0.0),
            custom_size: Some(Vec2::splat(layout.cell * sizes::SHADOW)),
            ..default()
        },
        Transform::from_translation(layout.to_world(p).extend(z::STONE - 0.5)),
    ));
}

fn ease_out_cubic(t: f32) -> f32 {
    1.0 - (1.0 - t.clamp(0.0, 1.0)).powi(3)
}

fn settle_stones(
    mut commands: Commands,
    time: Res<Time>,
    mut stones: Query<(Entity, &mut Settle, &mut Transform, &mut Sprite)>,
) {
    let now = time.elapsed_secs();
    for (e, mut settle, mut transform, mut sprite) in &mut stones {
        let started = *settle.started.get_or_insert(now);
        let t = ease_out_cubic((now - started) / SETTLE_SECS);
        transform.scale = Vec3::splat(1.0 + SETTLE_GROWTH * (1.0 - t));
        sprite.color = sprite
            .color
            .with_alpha(SETTLE_ALPHA + (1.0 - SETTLE_ALPHA) * t);
        if now - started >= SETTLE_SECS {
            transform.scale = Vec3::ONE;
            sprite.color = sprite.color.with_alpha(1.0);
            commands.entity(e).remove::<Settle>();
        }
    }
}

fn close_shadows(
    mut commands: Commands,
    time: Res<Time>,
    mut shadows: Query<(Entity, &DropShadow, &mut Transform, &mut Sprite)>,
) {
    let now = time.elapsed_secs();
    for (e, shadow, mut transform, mut sprite) in &mut shadows {
        let t = (now - shadow.started) / SETTLE_SECS;
        if t >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        let eased = ease_out_cubic(t);
        let offset = Vec2::new(1.0, -1.0) * shadow.cell * SHADOW_OFFSET * (1.0 - eased);
        transform.translation = (shadow.at + offset).extend(transform.translation.z);
        transform.scale = Vec3::splat(1.0 + SHADOW_GROWTH * (1.0 - eased));
        sprite.color = Color::srgba(0.0, 0.0, 0.0, SHADOW_ALPHA * (1.0 - eased));
    }
}

fn pulse_markers(
    mut commands: Commands,
    time: Res<Time>,
    mut markers: Query<(Entity, &mut Pulse, &mut Transform, &mut Sprite)>,
) {
    let now = time.elapsed_secs();
    for (entity, mut pulse, mut transform, mut sprite) in &mut markers {
        let (scale, alpha, done) = match pulse.order {
            Some(i) => win_pulse(now - pulse.started - i as f32 * WIN_STAGGER_SECS),
            None => {
                if pulse.started.is_nan() {
                    pulse.started = now;
                }
                breath(now - pulse.started)
            }
        };
        if done {
            commands.entity(entity).remove::<Pulse>();
        }
        transform.scale = Vec3::splat(scale);
        sprite.color = sprite.color.with_alpha(alpha);
    }
}

/// A hint's marker `since` seconds after it appeared: its scale, its opacity, and whether it
/// has done breathing (then at rest half-way, where each breath ends).
fn breath(since: f32) -> (f32, f32, bool) {
    let done = since >= BREATHING_SECS;
    let since = since.min(BREATHING_SECS);
    let wave = 0.5 + 0.5 * (TAU * since * BREATH_HZ).sin();
    (0.85 + 0.25 * wave, 0.35 + 0.4 * wave, done)
}

/// A stone of the winning five `since` seconds after its turn to light up: its scale, its
/// alpha, and whether it is done pulsing (it then stays as it is). Each stone lights up 90 ms
/// after the one before, then all pulse as a wave running along the line, four times.
fn win_pulse(since: f32) -> (f32, f32, bool) {
    let done = since >= WIN_PULSE_SECS;
    let since = since.min(WIN_PULSE_SECS);
    let appear = ease_out_cubic(since / 0.25);
    let wave = (0.5 + 0.5 * (TAU * (since * WIN_WAVE_HZ)).sin()).powi(2);
    (
        (0.6 + 0.4 * appear) * (1.0 + 0.22 * wave),
        appear * (WIN_GLOW_ALPHA.0 + (WIN_GLOW_ALPHA.1 - WIN_GLOW_ALPHA.0) * wave),
        done,
    )
}

/// A game won with a five bursts into sparks along the line.
fn burst_on_win(
    ended: On<GameEnded>,
    commands: Commands,
    time: Res<Time>,
    layout: Option<Res<BoardLayout>>,
    palette: Res<Palette>,
) {
    if let Outcome::Five { line, .. } = ended.outcome() {
        burst(commands, &time, layout.as_deref(), &palette, line);
    }
}

/// The replay viewer coming to the winning five bursts as the win did.
fn burst_in_replay(
    won: On<ReplayReachedWin>,
    commands: Commands,
    time: Res<Time>,
    layout: Option<Res<BoardLayout>>,
    palette: Res<Palette>,
) {
    burst(commands, &time, layout.as_deref(), &palette, &won.line);
}

fn burst(
    mut commands: Commands,
    time: &Time,
    layout: Option<&BoardLayout>,
    palette: &Palette,
    line: &[Pos],
) {
    let Some(layout) = layout else {
        return;
    };
    let mut rng: SmallRng = rand::make_rng();
    let now = time.elapsed_secs();
    for (i, &p) in line.iter().enumerate() {
        let origin = layout.to_world(p);
        for k in 0..SPARKS_PER_STONE {
            let angle = rng.random_range(0.0..TAU);
            let speed = rng.random_range(SPARK_SPEED.0..SPARK_SPEED.1);
            let color = palette.particles[(i + k) % palette.particles.len()];
            commands.spawn((
                Name::new("Spark"),
                Particle {
                    from: p,
                    offset: Vec2::ZERO,
                    velocity: Vec2::from_angle(angle) * speed,
                    born: now + i as f32 * WIN_STAGGER_SECS,
                    life: rng.random_range(0.7..PARTICLE_SECS),
                },
                Sprite::from_color(
                    color,
                    Vec2::splat((layout.cell * sizes::SPARK).max(sizes::THICK_MIN_PX)),
                ),
                Transform::from_translation(origin.extend(z::PARTICLES)),
                Visibility::Hidden,
            ));
        }
    }
}

fn move_particles(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    mut particles: Query<(
        Entity,
        &mut Particle,
        &mut Transform,
        &mut Sprite,
        &mut Visibility,
    )>,
) {
    let now = time.elapsed_secs();
    let dt = time.delta_secs();
    let gravity = Vec2::new(0.0, -SPARK_GRAVITY);
    let size = Vec2::splat((layout.cell * sizes::SPARK).max(sizes::THICK_MIN_PX));
    for (e, mut particle, mut transform, mut sprite, mut visibility) in &mut particles {
        let age = now - particle.born;
        if age > particle.life {
            commands.entity(e).despawn();
            continue;
        }
        if age >= 0.0 {
            visibility.set_if_neq(Visibility::Visible);
            particle.velocity = particle.velocity * (1.0 - 1.5 * dt) + gravity * dt;
            let step = particle.velocity * dt;
            particle.offset += step;
            sprite.color = sprite.color.with_alpha(1.0 - age / particle.life);
        }
        // From its stone where the layout puts it now.
        let at = layout.to_world(particle.from) + particle.offset * layout.cell;
        transform.translation = at.extend(z::PARTICLES);
        sprite.custom_size = Some(size);
    }
}

/// Eases the ghost stone's opacity towards half when there is a point under the pointer (or
/// the keyboard cursor), and to nothing otherwise.
fn fade_ghost(
    time: Res<Time>,
    hover: Res<Hover>,
    mut ghost: Query<(&mut Sprite, &mut Visibility), With<Ghost>>,
) {
    let Ok((mut sprite, mut visibility)) = ghost.single_mut() else {
        return;
    };
    let target = if hover.0.is_some() { GHOST_ALPHA } else { 0.0 };
    let alpha = sprite.color.alpha();
    let k = 1.0 - (-time.delta_secs() * GHOST_FADE).exp();
    let next = alpha + (target - alpha) * k;
    sprite.color = sprite.color.with_alpha(next);
    if next < 0.01 && target == 0.0 {
        visibility.set_if_neq(Visibility::Hidden);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;

    #[test]
    fn the_winning_five_and_a_hint_stop_pulsing_at_rest_so_a_still_board_goes_idle() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                250,
            )))
            .add_systems(Update, pulse_markers);
        let last = app
            .world_mut()
            .spawn((Pulse::new(0.0, 4), Transform::default(), Sprite::default()))
            .id();
        let hint = app
            .world_mut()
            .spawn((Pulse::breathing(), Transform::default(), Sprite::default()))
            .id();
        app.update();
        assert!(
            app.world().get::<Pulse>(last).is_some(),
            "it pulses at first"
        );
        for _ in 0..24 {
            app.update();
        }
        assert!(
            app.world().get::<Pulse>(last).is_none(),
            "still pulsing after 6 s"
        );
        let scale = app.world().get::<Transform>(last).unwrap().scale.x;
        assert!((scale - 1.0).abs() < 0.01, "at its resting size: {scale}");
        assert!(
            app.world().get::<Pulse>(hint).is_some(),
            "a hint breathes on a while"
        );
        // 6.25 s in: a hint breathes five breaths (7.1 s), then rests.
        for _ in 0..5 {
            app.update();
        }
        assert!(
            app.world().get::<Pulse>(hint).is_none(),
            "still breathing after 7.5 s"
        );
        let scale = app.world().get::<Transform>(hint).unwrap().scale.x;
        assert!((scale - 0.975).abs() < 0.01, "at rest half-way: {scale}");
    }
}
