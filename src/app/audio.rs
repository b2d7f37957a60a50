//! Sound: a stone's click (one of four, at a slightly varied pitch, so repeated moves do not
//! sound the same), the win and loss, a refused move, and buttons. Each sound answers an event
//! of [`super::feedback`], so every outcome is heard, two in one frame too. The sounds are
//! ours, made by `scripts/make_sounds.py`, and held in [`GameAssets`]. Volume and mute come
//! from the settings. Browsers only start audio after the first click or key;
//! `web/index.html` resumes it then.

use bevy::audio::Volume;
use bevy::prelude::*;
use rand::RngExt;
use rand::rngs::SmallRng;

use super::assets::{GameAssets, Sounds};
use super::{
    AppSystems, Dialog, GameCommand, GameEnded, Mode, MoveRefused, StonePlaced, UserSettings,
};

/// A sound playing (it despawns when done).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoundEffect {
    /// A stone's click.
    Stone,
    /// A won game.
    Win,
    /// A lost or drawn game.
    Loss,
    /// A refused move.
    Refused,
    /// A button or a window.
    Button,
}

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::audio::AudioPlugin>() {
        return;
    }
    app.add_observer(click_on_stone)
        .add_observer(buzz_on_refusal)
        .add_observer(sound_the_result)
        .add_systems(
            Update,
            (
                follow_volume.run_if(resource_exists_and_changed::<UserSettings>),
                play_buttons,
            )
                .in_set(AppSystems::View),
        );
}

/// The master volume from the settings (0 when muted).
fn follow_volume(settings: Res<UserSettings>, mut volume: ResMut<GlobalVolume>) {
    let v = if settings.muted { 0.0 } else { settings.volume };
    volume.volume = Volume::Linear(v.clamp(0.0, 1.0));
}

fn play(
    commands: &mut Commands,
    effect: SoundEffect,
    sound: &Handle<AudioSource>,
    volume: f32,
    speed: f32,
) {
    commands.spawn((
        Name::new("Sound"),
        effect,
        AudioPlayer::new(sound.clone()),
        PlaybackSettings::DESPAWN
            .with_volume(Volume::Linear(volume))
            .with_speed(speed),
    ));
}

/// The sounds, once loaded.
fn sounds<'a>(assets: &'a Option<Res<GameAssets>>) -> Option<&'a Sounds> {
    assets.as_ref().and_then(|a| a.sounds.as_ref())
}

/// A stone's click for each move played (a move taken back and played again is silent).
fn click_on_stone(
    placed: On<StonePlaced>,
    mut commands: Commands,
    assets: Option<Res<GameAssets>>,
) {
    let Some(sounds) = sounds(&assets).filter(|_| !placed.redone) else {
        return;
    };
    let mut rng: SmallRng = rand::make_rng();
    let i = rng.random_range(0..sounds.stones.len());
    let speed = rng.random_range(0.96..1.04);
    play(
        &mut commands,
        SoundEffect::Stone,
        &sounds.stones[i],
        0.9,
        speed,
    );
}

/// A soft buzz for a refused move.
fn buzz_on_refusal(
    _refused: On<MoveRefused>,
    mut commands: Commands,
    assets: Option<Res<GameAssets>>,
) {
    if let Some(sounds) = sounds(&assets) {
        play(
            &mut commands,
            SoundEffect::Refused,
            &sounds.refused,
            0.55,
            1.0,
        );
    }
}

/// The win or loss sound when a game ends: from the person's side against the AI, a win
/// sound for any finished game between people or AIs.
fn sound_the_result(ended: On<GameEnded>, mut commands: Commands, assets: Option<Res<GameAssets>>) {
    let Some(sounds) = sounds(&assets) else {
        return;
    };
    let (effect, sound) = match (ended.setup.mode, ended.outcome().winner()) {
        (Mode::VsAi { human }, Some(w)) if w != human => (SoundEffect::Loss, &sounds.loss),
        (_, None) => (SoundEffect::Loss, &sounds.loss),
        _ => (SoundEffect::Win, &sounds.win),
    };
    play(&mut commands, effect, sound, 0.8, 1.0);
}

/// A soft tick for game commands and for opening and closing windows.
fn play_buttons(
    mut commands: Commands,
    mut game_commands: MessageReader<GameCommand>,
    dialog: Res<State<Dialog>>,
    assets: Option<Res<GameAssets>>,
) {
    let dialog_changed = dialog.is_changed() && !dialog.is_added();
    if (game_commands.read().count() > 0 || dialog_changed)
        && let Some(sounds) = sounds(&assets)
    {
        play(&mut commands, SoundEffect::Button, &sounds.button, 0.6, 1.0);
    }
}
