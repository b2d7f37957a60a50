//! Sound: a stone's click (one of four, at a slightly varied pitch, so repeated moves do not
//! sound the same), the win and loss, a refused move, and buttons. The sounds are ours, made
//! by `scripts/make_sounds.py`. Volume and mute come from the settings. Browsers only start
//! audio after the first click or key; `web/index.html` resumes it then.

use bevy::audio::Volume;
use bevy::prelude::*;
use rand::RngExt;
use rand::rngs::SmallRng;

use super::menu::Dialog;
use super::persist::UserSettings;
use super::turn::ActiveSetup;
use super::{AppSystems, Board, GameCommand, Mode, MoveOutcome, Screen};

/// The sounds, loaded at start.
#[derive(Resource)]
struct Sounds {
    stones: [Handle<AudioSource>; 4],
    win: Handle<AudioSource>,
    loss: Handle<AudioSource>,
    refused: Handle<AudioSource>,
    button: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds).add_systems(
        Update,
        (
            follow_volume.run_if(resource_exists_and_changed::<UserSettings>),
            play_move_sounds.run_if(resource_changed::<MoveOutcome>),
            play_result.run_if(state_changed::<Screen>),
            play_buttons,
        )
            .in_set(AppSystems::View),
    );
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Sounds {
        stones: [1, 2, 3, 4].map(|i| assets.load(format!("sounds/stone_{i}.wav"))),
        win: assets.load("sounds/win.wav"),
        loss: assets.load("sounds/loss.wav"),
        refused: assets.load("sounds/refused.wav"),
        button: assets.load("sounds/button.wav"),
    });
}

/// The master volume from the settings (0 when muted).
fn follow_volume(settings: Res<UserSettings>, mut volume: ResMut<GlobalVolume>) {
    let v = if settings.muted { 0.0 } else { settings.volume };
    volume.volume = Volume::Linear(v.clamp(0.0, 1.0));
}

fn play(commands: &mut Commands, sound: &Handle<AudioSource>, volume: f32, speed: f32) {
    commands.spawn((
        Name::new("Sound"),
        AudioPlayer::new(sound.clone()),
        PlaybackSettings::DESPAWN
            .with_volume(Volume::Linear(volume))
            .with_speed(speed),
    ));
}

fn play_move_sounds(mut commands: Commands, outcome: Res<MoveOutcome>, sounds: Res<Sounds>) {
    let mut rng: SmallRng = rand::make_rng();
    match *outcome {
        MoveOutcome::Played(_) => {
            let i = rng.random_range(0..sounds.stones.len());
            let speed = rng.random_range(0.96..1.04);
            play(&mut commands, &sounds.stones[i], 0.9, speed);
        }
        MoveOutcome::Refused(..) | MoveOutcome::NotYourTurn(_) => {
            play(&mut commands, &sounds.refused, 0.55, 1.0);
        }
        MoveOutcome::None => {}
    }
}

/// The win or loss sound when a game ends: from the person's side against the AI, a win
/// sound for any finished game between people or AIs.
fn play_result(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    sounds: Res<Sounds>,
) {
    if *screen.get() != Screen::GameOver {
        return;
    }
    let sound = match (active.0.mode, board.outcome().winner()) {
        (Mode::VsAi { human }, Some(w)) if w != human => &sounds.loss,
        (_, None) => &sounds.loss,
        _ => &sounds.win,
    };
    play(&mut commands, sound, 0.8, 1.0);
}

/// A soft tick for game commands and for opening and closing windows.
fn play_buttons(
    mut commands: Commands,
    mut game_commands: MessageReader<GameCommand>,
    dialog: Option<Res<State<Dialog>>>,
    sounds: Res<Sounds>,
) {
    let dialog_changed = dialog.is_some_and(|d| d.is_changed() && !d.is_added());
    if game_commands.read().count() > 0 || dialog_changed {
        play(&mut commands, &sounds.button, 0.6, 1.0);
    }
}
