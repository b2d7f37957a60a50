//! The pictures and sounds built into the desktop binary, served by Bevy's `embedded://` asset
//! source: the game needs no `assets/` folder beside it. (The web build loads them over HTTP
//! instead, so they do not weigh on its download.)

use std::path::{Path, PathBuf};

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;

/// `(path under assets/, the file's bytes)` for every file [`super::GameAssets`] loads.
macro_rules! embed {
    ($($file:literal),* $(,)?) => {
        &[$(($file, include_bytes!(concat!("../../../assets/", $file)))),*]
    };
}

/// Every picture and sound, as built in.
pub(super) const FILES: &[(&str, &[u8])] = embed![
    "textures/board_wood.png",
    "textures/stone_black.png",
    "textures/stone_white.png",
    "textures/disc.png",
    "sounds/stone_1.wav",
    "sounds/stone_2.wav",
    "sounds/stone_3.wav",
    "sounds/stone_4.wav",
    "sounds/win.wav",
    "sounds/loss.wav",
    "sounds/refused.wav",
    "sounds/button.wav",
];

/// Puts the built-in files in Bevy's embedded asset source (`embedded://textures/disc.png`).
/// Needs Bevy's `AssetPlugin`.
pub(super) fn register(app: &App) {
    let registry = app.world().resource::<EmbeddedAssetRegistry>();
    for (file, bytes) in FILES {
        let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(file);
        registry.insert_asset(source, Path::new(file), *bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{SOUND_FILES, TEXTURE_FILES};
    use super::*;

    #[test]
    fn every_file_the_game_loads_is_built_in_once() {
        let loaded: Vec<&str> = TEXTURE_FILES.iter().chain(&SOUND_FILES).copied().collect();
        let built_in: Vec<&str> = FILES.iter().map(|(file, _)| *file).collect();
        assert_eq!(loaded, built_in);
        assert!(FILES.iter().all(|(_, bytes)| bytes.len() > 100));
    }
}
