//! The fonts of the menus: egui's own, then a CJK subset (built in, small) with the interface's
//! Simplified Chinese, the letters of Vietnamese and every language's own name, then the glyphs
//! of the language in use that the subset lacks (Japanese, Korean and Traditional Chinese have
//! a small font each: `font_files`), then, only when a player's name needs a character these
//! lack (common surname characters among them), a full CJK font of the system (desktop;
//! `scripts/deps.sh` installs WenQuanYi Micro Hei on Debian). Without one such names keep their
//! boxes and all else works. Vietnamese is written in the subset's letters first: egui's own
//! font lacks its stacked accents (ệ, ữ), and a word drawn in two fonts would not match.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::font_files::{FontFile, LanguageFontFiles, OwnGlyphs, language_font};
use crate::app::i18n::Lang;
use crate::app::{GameHistory, PlayerProfiles};
use crate::players::settings::Language;

/// The CJK font subset (see `assets/fonts/README.md`), used after egui's own fonts.
const CJK_SUBSET: &[u8] = include_bytes!("../../../assets/fonts/gomoku-cjk.ttf");
/// The subset's name among egui's fonts.
const SUBSET_NAME: &str = "gomoku-cjk";
/// The name of a language's own glyphs among egui's fonts.
const LANGUAGE_NAME: &str = "gomoku-language";
/// The full font's name among egui's fonts.
const FULL_NAME: &str = "gomoku-cjk-full";

/// Full CJK fonts found on common Linux systems (Debian's fonts-wqy-microhei,
/// fonts-wqy-zenhei, fonts-noto-cjk, fonts-arphic-uming), with the face to use.
#[cfg(not(target_arch = "wasm32"))]
const SYSTEM_CJK_FONTS: &[(&str, u32)] = &[
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),
];

/// The fonts for `language` as the game ships them (its own glyphs built in on the desktop;
/// on the web, without them: see [`definitions_with`]).
pub fn font_definitions(language: Language) -> egui::FontDefinitions {
    let own = super::font_files::built_in_language_font(language).map(egui::FontData::from_static);
    definitions_with(language, own)
}

/// egui's fonts, then the CJK subset (first for Vietnamese), then `own`, the glyphs of the
/// language the subset lacks, in every family.
fn definitions_with(language: Language, own: Option<egui::FontData>) -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        SUBSET_NAME.to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_SUBSET)),
    );
    if let Some(own) = own {
        fonts
            .font_data
            .insert(LANGUAGE_NAME.to_owned(), std::sync::Arc::new(own));
    }
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family.clone()).or_default();
        if language == Language::Vietnamese && family == egui::FontFamily::Proportional {
            list.insert(0, SUBSET_NAME.to_owned());
        } else {
            list.push(SUBSET_NAME.to_owned());
        }
        if fonts.font_data.contains_key(LANGUAGE_NAME) {
            fonts
                .families
                .entry(family)
                .or_default()
                .push(LANGUAGE_NAME.to_owned());
        }
    }
    fonts
}

/// What the installed fonts are for: the language, and whether its own glyphs are in (on the
/// web they come once fetched). Read by the web page's readiness: the loader stays until the
/// language's glyphs are there.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InstalledFonts {
    /// The language the fonts were installed for; `None` before the first frame.
    pub language: Option<Language>,
    /// Whether the language's own font is among them.
    pub own: bool,
    /// Whether nothing more is awaited for the language (its own glyphs are in, or it needs
    /// none, or they could not be had).
    pub complete: bool,
}

/// Installs the fonts for the language in use: at start, when the language changes, and when
/// a fetched language font arrives.
pub(super) fn install_fonts(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    server: Option<Res<AssetServer>>,
    files: Option<Res<Assets<FontFile>>>,
    asked: Option<ResMut<LanguageFontFiles>>,
    mut installed: ResMut<InstalledFonts>,
) -> Result {
    let language = lang.0;
    if installed.language == Some(language) && installed.complete {
        return Ok(());
    }
    let own = language_font(
        language,
        server.as_deref(),
        files.as_deref(),
        asked.map(|a| a.into_inner()),
    );
    let (own, complete) = match own {
        OwnGlyphs::Ready(font) => (Some(font), true),
        OwnGlyphs::Coming => (None, false),
        OwnGlyphs::Missing => (None, true),
    };
    let wanted = InstalledFonts {
        language: Some(language),
        own: own.is_some(),
        complete,
    };
    if *installed == wanted {
        // Still waiting for the language's glyphs.
        return Ok(());
    }
    contexts
        .ctx_mut()?
        .set_fonts(definitions_with(language, own));
    *installed = wanted;
    Ok(())
}

/// Adds the system's full CJK font when a name needs it: looks at the names once the fonts
/// are installed, and again whenever they are installed anew (a language changed) or the
/// players or the games change.
pub(super) fn full_cjk_when_needed(
    mut contexts: EguiContexts,
    installed: Res<InstalledFonts>,
    profiles: Res<PlayerProfiles>,
    history: Res<GameHistory>,
    mut pending: Local<bool>,
) -> Result {
    *pending |= installed.is_changed() || profiles.is_changed() || history.is_changed();
    if !*pending {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let names = profiles.list.iter().map(|p| p.name.as_str()).chain(
        history
            .games
            .iter()
            .flat_map(|g| [&*g.record.black, &*g.record.white]),
    );
    let Some(needed) = needs_full_font(ctx, names, installed.own) else {
        // The fonts are not in egui yet (they are from the next frame on): next frame.
        return Ok(());
    };
    *pending = false;
    if needed {
        match system_cjk_font() {
            Some(data) => add_full_font(ctx, data),
            None => warn!("a name needs CJK characters this system has no font for"),
        }
    }
    Ok(())
}

/// Whether a name holds a character the installed fonts lack (false once the full font is
/// in); `None` until the fonts are in egui (with the language's own glyphs when `own`).
fn needs_full_font<'a>(
    ctx: &egui::Context,
    mut names: impl Iterator<Item = &'a str>,
    own: bool,
) -> Option<bool> {
    let font = egui::FontId::proportional(14.0);
    ctx.fonts_mut(|f| {
        let fonts = &f.definitions().font_data;
        if !fonts.contains_key(SUBSET_NAME) || (own && !fonts.contains_key(LANGUAGE_NAME)) {
            return None;
        }
        Some(!fonts.contains_key(FULL_NAME) && names.any(|name| !f.has_glyphs(&font, name)))
    })
}

/// Adds `data` after every other font of each family.
fn add_full_font(ctx: &egui::Context, data: egui::FontData) {
    let families = [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
        .into_iter()
        .map(|family| egui::epaint::text::InsertFontFamily {
            family,
            priority: egui::epaint::text::FontPriority::Lowest,
        })
        .collect();
    ctx.add_font(egui::epaint::text::FontInsert::new(
        FULL_NAME, data, families,
    ));
}

/// The first full CJK font found on this system.
fn system_cjk_font() -> Option<egui::FontData> {
    #[cfg(not(target_arch = "wasm32"))]
    for &(path, index) in SYSTEM_CJK_FONTS {
        if let Ok(bytes) = std::fs::read(path) {
            info!("names need more CJK characters: using {path}");
            let mut data = egui::FontData::from_owned(bytes);
            data.index = index;
            return Some(data);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::run_frames;

    /// Characters of names the subset lacks (wang, xin, da), escaped: every character written
    /// in `src/app` goes into the subset (scripts/make_font.py).
    const RARE: &str = "\u{738b}\u{946b}\u{9f98}";

    #[test]
    fn a_name_outside_the_subset_brings_in_the_full_font() {
        let ctx = egui::Context::default();
        ctx.set_fonts(font_definitions(Language::English));
        run_frames(&ctx, 1, |_| {});
        let font = egui::FontId::proportional(14.0);
        let shown = |ctx: &egui::Context, s: &str| ctx.fonts_mut(|f| f.has_glyphs(&font, s));
        assert!(shown(&ctx, "玩家"), "the subset covers the interface");
        let needs = |ctx: &egui::Context, names: &[&str]| {
            needs_full_font(ctx, names.iter().copied(), false)
        };
        let bare = egui::Context::default();
        run_frames(&bare, 1, |_| {});
        assert_eq!(needs(&bare, &[RARE]), None, "not installed yet");
        assert_eq!(needs(&ctx, &["Ann", "玩家 1"]), Some(false));
        assert_eq!(needs(&ctx, &[RARE, "Ann"]), Some(true));
        let Some(data) = system_cjk_font() else {
            eprintln!("no full CJK font on this system (scripts/deps.sh installs one)");
            return;
        };
        add_full_font(&ctx, data);
        run_frames(&ctx, 1, |_| {});
        assert!(shown(&ctx, RARE), "the full font covers the names");
        assert_eq!(needs(&ctx, &[RARE, "Ann"]), Some(false));
    }
}
