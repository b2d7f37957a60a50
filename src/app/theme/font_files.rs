//! A language's own glyphs, as a font file: built into the desktop game, fetched by the web
//! page only when the language is chosen (its glyphs would weigh on every download otherwise).
//! Japanese, Korean and Traditional Chinese have one each, made by `scripts/make_font.py` with
//! the characters of their tables that the base subset lacks; the other languages need none.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use crate::players::settings::Language;

/// The file under the assets folder with the glyphs `language` needs beyond the base subset
/// (`assets/fonts/gomoku-cjk.ttf`), if it needs any.
pub fn language_font_file(language: Language) -> Option<&'static str> {
    match language {
        Language::Japanese => Some("fonts/gomoku-ja.ttf"),
        Language::Korean => Some("fonts/gomoku-ko.ttf"),
        Language::TraditionalChinese => Some("fonts/gomoku-zh-tw.ttf"),
        Language::English
        | Language::Chinese
        | Language::Vietnamese
        | Language::Russian
        | Language::Czech => None,
    }
}

/// The bytes of `language`'s own font when the game has them built in (the desktop game; the
/// web page fetches them instead).
#[cfg(not(target_arch = "wasm32"))]
pub fn built_in_language_font(language: Language) -> Option<&'static [u8]> {
    match language {
        Language::Japanese => Some(include_bytes!("../../../assets/fonts/gomoku-ja.ttf")),
        Language::Korean => Some(include_bytes!("../../../assets/fonts/gomoku-ko.ttf")),
        Language::TraditionalChinese => {
            Some(include_bytes!("../../../assets/fonts/gomoku-zh-tw.ttf"))
        }
        Language::English
        | Language::Chinese
        | Language::Vietnamese
        | Language::Russian
        | Language::Czech => None,
    }
}

/// The bytes of `language`'s own font when the game has them built in: never on the web, which
/// fetches them when the language is chosen.
#[cfg(target_arch = "wasm32")]
pub fn built_in_language_font(_language: Language) -> Option<&'static [u8]> {
    None
}

/// A font file's bytes, loaded as an asset.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct FontFile(pub Vec<u8>);

/// Loads `.ttf` files as [`FontFile`]s, bytes as they are (egui reads them).
#[derive(Default, TypePath)]
pub struct FontFileLoader;

impl AssetLoader for FontFileLoader {
    type Asset = FontFile;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _context: &mut LoadContext<'_>,
    ) -> Result<FontFile, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(FontFile(bytes))
    }

    fn extensions(&self) -> &[&str] {
        &["ttf"]
    }
}

/// The language fonts asked for, by language (each fetched once).
#[derive(Resource, Debug, Default)]
pub struct LanguageFontFiles(pub Vec<(Language, Handle<FontFile>)>);

/// Registers the loader (with Bevy's `AssetPlugin` there).
pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<AssetPlugin>() {
        return;
    }
    app.init_asset::<FontFile>()
        .init_asset_loader::<FontFileLoader>()
        .init_resource::<LanguageFontFiles>();
}

/// Where `language`'s own glyphs are.
pub(super) enum OwnGlyphs {
    /// Here, as egui font data.
    Ready(bevy_egui::egui::FontData),
    /// On their way (fetched).
    Coming,
    /// None: the language needs none, or they could not be fetched.
    Missing,
}

/// `language`'s own glyphs: built in, or fetched (asked for on the first call, ready once
/// loaded).
pub(super) fn language_font(
    language: Language,
    server: Option<&AssetServer>,
    files: Option<&Assets<FontFile>>,
    asked: Option<&mut LanguageFontFiles>,
) -> OwnGlyphs {
    use bevy_egui::egui::FontData;
    if let Some(bytes) = built_in_language_font(language) {
        return OwnGlyphs::Ready(FontData::from_static(bytes));
    }
    let (Some(file), Some(server), Some(files), Some(asked)) =
        (language_font_file(language), server, files, asked)
    else {
        return OwnGlyphs::Missing;
    };
    let handle = match asked.0.iter().find(|(l, _)| *l == language) {
        Some((_, handle)) => handle.clone(),
        None => {
            info!("fetching the glyphs of {language:?}: {file}");
            let handle = server.load::<FontFile>(file.to_owned());
            asked.0.push((language, handle.clone()));
            handle
        }
    };
    if let Some(font) = files.get(&handle) {
        return OwnGlyphs::Ready(FontData::from_owned(font.0.clone()));
    }
    match server.load_state(handle.id()) {
        bevy::asset::LoadState::Failed(e) => {
            warn!(
                "the glyphs of {language:?} could not be fetched ({file}: {e}): its text shows boxes"
            );
            OwnGlyphs::Missing
        }
        _ => OwnGlyphs::Coming,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_font_is_a_file_of_the_assets_and_built_into_the_desktop_game() {
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        for language in Language::ALL {
            let file = language_font_file(language);
            let built_in = built_in_language_font(language);
            assert_eq!(file.is_some(), built_in.is_some(), "{language:?}");
            if let (Some(file), Some(bytes)) = (file, built_in) {
                assert_eq!(std::fs::read(assets.join(file)).unwrap(), bytes, "{file}");
            }
        }
    }

    /// The web page's way: the file fetched through Bevy's asset server (here from the
    /// assets folder), whole.
    #[test]
    fn the_loader_reads_a_language_font_whole() {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin {
                file_path: concat!(env!("CARGO_MANIFEST_DIR"), "/assets").to_owned(),
                ..default()
            },
        ))
        .add_plugins(plugin);
        let server = app.world().resource::<AssetServer>().clone();
        let file = language_font_file(Language::Korean).unwrap();
        let handle = server.load::<FontFile>(file);
        for _ in 0..1000 {
            app.update();
            if app.world().resource::<Assets<FontFile>>().contains(&handle) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let loaded = app.world().resource::<Assets<FontFile>>().get(&handle);
        let want = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("assets")
                .join(file),
        )
        .unwrap();
        assert_eq!(loaded.map(|f| f.0.len()), Some(want.len()));
    }
}
