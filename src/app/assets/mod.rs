//! The pictures and sounds, in one [`GameAssets`] resource loaded at start: the board and stone
//! textures (made by `scripts/make_assets.py`) when there is a renderer, the sounds (made by
//! `scripts/make_sounds.py`) when there is audio. The scene counts as ready ([`SceneReady`])
//! only once every one of them has loaded.
//!
//! On the desktop they come from copies built into the binary ([`AssetOrigin::Embedded`]), so
//! the game runs from anywhere as one file; `--assets DIR` reads them from a folder instead.
//! The web build loads them over HTTP from `assets/` beside the page.
//!
//! A file that cannot be loaded, or a sound that is not a WAV file a player can play, is
//! named in an error; on the desktop the game then exits with an error instead of running
//! without it (or waiting for it for ever).

use bevy::asset::LoadState;
use bevy::audio::AudioSource;
use bevy::prelude::*;

use super::SceneReady;

#[cfg(not(target_arch = "wasm32"))]
mod embedded;
mod wav;

/// The board's pictures, as paths under the assets folder.
const TEXTURE_FILES: [&str; 4] = [
    "textures/board_wood.png",
    "textures/stone_black.png",
    "textures/stone_white.png",
    "textures/disc.png",
];

/// The sounds, as paths under the assets folder: four stone clicks, then the win, the loss,
/// the refusal and the button.
const SOUND_FILES: [&str; 8] = [
    "sounds/stone_1.wav",
    "sounds/stone_2.wav",
    "sounds/stone_3.wav",
    "sounds/stone_4.wav",
    "sounds/win.wav",
    "sounds/loss.wav",
    "sounds/refused.wav",
    "sounds/button.wav",
];

/// Where the pictures and sounds are read from. Insert one before [`super::GamePlugin`] to
/// choose; the default is [`AssetOrigin::Embedded`] on the desktop and
/// [`AssetOrigin::Folder`] on the web.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssetOrigin {
    /// The copies built into the binary (desktop only).
    Embedded,
    /// The folder of Bevy's `AssetPlugin` (`assets/` beside the web page, or `--assets DIR`).
    Folder,
}

impl Default for AssetOrigin {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            AssetOrigin::Folder
        } else {
            AssetOrigin::Embedded
        }
    }
}

impl AssetOrigin {
    /// The asset path of `file` (a path under the assets folder) from this origin.
    fn path(self, file: &str) -> String {
        match self {
            AssetOrigin::Embedded => format!("embedded://{file}"),
            AssetOrigin::Folder => file.to_owned(),
        }
    }
}

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
    files: Vec<(&'static str, UntypedHandle)>,
}

/// How far the loading of the assets is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AssetsStatus {
    /// Some are still loading.
    Loading,
    /// All have loaded.
    Ready,
    /// Nothing is loading any more, and these files could not be loaded or are damaged (each
    /// with the reason).
    Failed(Vec<String>),
}

impl GameAssets {
    /// Starts loading the textures (`textures`) and the sounds (`sounds`) from `origin`.
    pub fn load(
        server: &AssetServer,
        origin: AssetOrigin,
        textures: bool,
        sounds: bool,
    ) -> GameAssets {
        let mut files = Vec::new();
        let mut load_image = |file: &'static str| {
            let handle: Handle<Image> = server.load(origin.path(file));
            files.push((file, handle.clone().untyped()));
            handle
        };
        let textures = textures.then(|| {
            let [wood, black, white, disc] = TEXTURE_FILES.map(&mut load_image);
            Textures {
                wood,
                black,
                white,
                disc,
            }
        });
        let mut load_sound = |file: &'static str| {
            let handle: Handle<AudioSource> = server.load(origin.path(file));
            files.push((file, handle.clone().untyped()));
            handle
        };
        let sounds = sounds.then(|| {
            let [s1, s2, s3, s4, win, loss, refused, button] = SOUND_FILES.map(&mut load_sound);
            Sounds {
                stones: [s1, s2, s3, s4],
                win,
                loss,
                refused,
                button,
            }
        });
        GameAssets {
            textures,
            sounds,
            files,
        }
    }

    /// Whether all have loaded (and every sound is a playable WAV file: `sounds`, the loaded
    /// sounds, when there is audio), or which could not be.
    pub fn status(
        &self,
        server: &AssetServer,
        sounds: Option<&Assets<AudioSource>>,
    ) -> AssetsStatus {
        let loading = self.files.iter().any(|(_, handle)| {
            matches!(
                server.load_state(handle.id()),
                LoadState::Loading | LoadState::NotLoaded
            )
        });
        if loading {
            // Every file that fails is named at once, when the others are done.
            return AssetsStatus::Loading;
        }
        let failed: Vec<String> = self
            .files
            .iter()
            .filter_map(|(file, handle)| match server.load_state(handle.id()) {
                LoadState::Failed(e) => Some(format!("{file} ({e})")),
                _ => {
                    let sound = sounds?.get(handle.id().try_typed::<AudioSource>().ok()?)?;
                    let problem = wav::problem(&sound.bytes)?;
                    Some(format!("{file} ({problem})"))
                }
            })
            .collect();
        if !failed.is_empty() {
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

/// The game's assets could not all be loaded (the files, each with the reason). Triggered
/// once; on the desktop the game then exits with an error.
#[derive(Event, Debug, Clone, PartialEq, Eq)]
pub struct AssetsFailed(pub Vec<String>);

/// Whether the loading is over, for the systems that follow it.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
enum Loading {
    /// Some assets are still loading.
    #[default]
    Underway,
    /// Every asset loaded, or some failed and were reported.
    Over,
}

pub(super) fn plugin(app: &mut App) {
    let textures = app.is_plugin_added::<bevy::sprite::SpritePlugin>();
    let sounds = app.is_plugin_added::<bevy::audio::AudioPlugin>();
    if !textures && !sounds {
        return;
    }
    app.init_resource::<AssetOrigin>();
    #[cfg(not(target_arch = "wasm32"))]
    if *app.world().resource::<AssetOrigin>() == AssetOrigin::Embedded {
        embedded::register(app);
    }
    app.init_state::<Loading>()
        .add_systems(
            PreStartup,
            move |mut commands: Commands, server: Res<AssetServer>, origin: Res<AssetOrigin>| {
                info!(
                    "the pictures and sounds are {}",
                    match *origin {
                        AssetOrigin::Embedded => "built into the game",
                        AssetOrigin::Folder => "read from the assets folder",
                    }
                );
                commands.insert_resource(GameAssets::load(&server, *origin, textures, sounds));
            },
        )
        .add_systems(Last, follow_loading.run_if(in_state(Loading::Underway)));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_observer(exit_without_assets);
}

/// Marks the scene ready once every asset has loaded; names the ones that cannot be.
fn follow_loading(
    mut commands: Commands,
    server: Res<AssetServer>,
    assets: Res<GameAssets>,
    sounds: Option<Res<Assets<AudioSource>>>,
    mut ready: ResMut<SceneReady>,
    mut loading: ResMut<NextState<Loading>>,
) {
    match assets.status(&server, sounds.as_deref()) {
        AssetsStatus::Loading => {}
        AssetsStatus::Ready => {
            ready.0 = true;
            loading.set(Loading::Over);
        }
        AssetsStatus::Failed(files) => {
            error!(
                "the game's assets are incomplete: cannot load {}",
                files.join(", ")
            );
            commands.trigger(AssetsFailed(files));
            loading.set(Loading::Over);
        }
    }
}

/// On the desktop a game without its pictures or sounds does not run: it exits with an error
/// (the files were named).
#[cfg(not(target_arch = "wasm32"))]
fn exit_without_assets(_: On<AssetsFailed>, mut exit: MessageWriter<AppExit>) {
    exit.write(AppExit::error());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asset_paths_name_their_origin() {
        assert_eq!(
            AssetOrigin::Embedded.path("sounds/win.wav"),
            "embedded://sounds/win.wav"
        );
        assert_eq!(AssetOrigin::Folder.path("sounds/win.wav"), "sounds/win.wav");
    }
}
