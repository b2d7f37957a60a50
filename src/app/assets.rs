//! The pictures and sounds, in one [`GameAssets`] resource loaded at start: the board and stone
//! textures (made by `scripts/make_assets.py`) when there is a renderer, the sounds (made by
//! `scripts/make_sounds.py`) when there is audio. The scene counts as ready ([`SceneReady`])
//! only once every one of them has loaded; a file that cannot be loaded is reported by name
//! and keeps the scene from ever counting as ready.

use bevy::asset::LoadState;
use bevy::audio::AudioSource;
use bevy::prelude::*;

use super::SceneReady;

/// The board's pictures.
#[derive(Debug, Clone)]
pub struct Textures {
    /// The wooden board.
    pub wood: Handle<Image>,
    /// A black stone.
    pub black: Handle<Image>,
    /// A white stone.
    pub white: Handle<Image>,
    /// A white disc, tinted for markers, star points and shadows.
    pub disc: Handle<Image>,
}

/// The sounds.
#[derive(Debug, Clone)]
pub struct Sounds {
    /// Four stone clicks, one picked at random for each move.
    pub stones: [Handle<AudioSource>; 4],
    /// A win.
    pub win: Handle<AudioSource>,
    /// A loss or a draw.
    pub loss: Handle<AudioSource>,
    /// A refused move.
    pub refused: Handle<AudioSource>,
    /// A button or a window.
    pub button: Handle<AudioSource>,
}

/// Every asset the game uses, loaded once at start.
#[derive(Resource, Debug, Clone)]
pub struct GameAssets {
    /// The textures, when there is a renderer.
    pub textures: Option<Textures>,
    /// The sounds, when there is audio.
    pub sounds: Option<Sounds>,
    /// Every handle above with the file it comes from, to follow their loading.
    files: Vec<(String, UntypedHandle)>,
}

/// How far the loading of the assets is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AssetsStatus {
    /// Some are still loading.
    Loading,
    /// All have loaded.
    Ready,
    /// Nothing is loading any more, and these files could not be loaded (with the reason).
    Failed(Vec<String>),
}

impl GameAssets {
    /// Starts loading the textures (`textures`) and the sounds (`sounds`).
    pub fn load(server: &AssetServer, textures: bool, sounds: bool) -> GameAssets {
        let mut files = Vec::new();
        let mut load_image = |path: &str| {
            let handle: Handle<Image> = server.load(path.to_owned());
            files.push((path.to_owned(), handle.clone().untyped()));
            handle
        };
        let textures = textures.then(|| Textures {
            wood: load_image("textures/board_wood.png"),
            black: load_image("textures/stone_black.png"),
            white: load_image("textures/stone_white.png"),
            disc: load_image("textures/disc.png"),
        });
        let mut load_sound = |path: String| {
            let handle: Handle<AudioSource> = server.load(path.clone());
            files.push((path, handle.clone().untyped()));
            handle
        };
        let sounds = sounds.then(|| Sounds {
            stones: [1, 2, 3, 4].map(|i| load_sound(format!("sounds/stone_{i}.wav"))),
            win: load_sound("sounds/win.wav".into()),
            loss: load_sound("sounds/loss.wav".into()),
            refused: load_sound("sounds/refused.wav".into()),
            button: load_sound("sounds/button.wav".into()),
        });
        GameAssets {
            textures,
            sounds,
            files,
        }
    }

    /// Whether all have loaded, or which could not be.
    pub fn status(&self, server: &AssetServer) -> AssetsStatus {
        let failed: Vec<String> = self
            .files
            .iter()
            .filter_map(|(path, handle)| match server.load_state(handle.id()) {
                LoadState::Failed(e) => Some(format!("{path} ({e})")),
                _ => None,
            })
            .collect();
        let loading = self.files.iter().any(|(_, handle)| {
            matches!(
                server.load_state(handle.id()),
                LoadState::Loading | LoadState::NotLoaded
            )
        });
        if loading {
            // Every file that fails is named at once, when the others are done.
            AssetsStatus::Loading
        } else if !failed.is_empty() {
            AssetsStatus::Failed(failed)
        } else if self
            .files
            .iter()
            .all(|(_, handle)| server.is_loaded_with_dependencies(handle.id()))
        {
            AssetsStatus::Ready
        } else {
            AssetsStatus::Loading
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    let textures = app.is_plugin_added::<bevy::sprite::SpritePlugin>();
    let sounds = app.is_plugin_added::<bevy::audio::AudioPlugin>();
    if !textures && !sounds {
        return;
    }
    app.add_systems(
        PreStartup,
        move |mut commands: Commands, server: Res<AssetServer>| {
            commands.insert_resource(GameAssets::load(&server, textures, sounds));
        },
    )
    .add_systems(
        Last,
        follow_loading.run_if(|ready: Res<SceneReady>| !ready.0),
    );
}

/// Marks the scene ready once every asset has loaded; names the ones that cannot be.
fn follow_loading(
    server: Res<AssetServer>,
    assets: Res<GameAssets>,
    mut ready: ResMut<SceneReady>,
    mut reported: Local<bool>,
) {
    match assets.status(&server) {
        AssetsStatus::Ready => ready.0 = true,
        AssetsStatus::Loading => {}
        AssetsStatus::Failed(files) if !*reported => {
            *reported = true;
            error!(
                "the game's assets are incomplete: cannot load {} (the assets folder is \
                 looked for beside the game, or at BEVY_ASSET_ROOT)",
                files.join(", ")
            );
        }
        AssetsStatus::Failed(_) => {}
    }
}
