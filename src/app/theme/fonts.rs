//! The fonts of the menus: egui's own, then a CJK subset that covers the interface's Chinese
//! (embedded, small), then, only when a player's name needs a character the subset lacks
//! (common surname characters among them), a full CJK font of the system (desktop; `scripts/deps.sh` installs
//! WenQuanYi Micro Hei on Debian). Without one such names keep their boxes and all else works.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::{GameHistory, PlayerProfiles};

/// The CJK font subset (see `assets/fonts/README.md`), used after egui's own fonts.
const CJK_SUBSET: &[u8] = include_bytes!("../../../assets/fonts/gomoku-cjk.ttf");
/// The subset's name among egui's fonts.
const SUBSET_NAME: &str = "gomoku-cjk";
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

/// Every family falls back on the CJK subset after egui's own fonts.
pub(crate) fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        SUBSET_NAME.to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_SUBSET)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(SUBSET_NAME.to_owned());
    }
    fonts
}

/// Installs the fonts (once, at start).
pub(super) fn install_fonts(mut contexts: EguiContexts) -> Result {
    contexts.ctx_mut()?.set_fonts(font_definitions());
    Ok(())
}

/// Adds the system's full CJK font when a name needs it: looks at the names once the fonts
/// are installed, and again whenever the players or the games change.
pub(super) fn full_cjk_when_needed(
    mut contexts: EguiContexts,
    profiles: Res<PlayerProfiles>,
    history: Res<GameHistory>,
    mut pending: Local<bool>,
) -> Result {
    *pending |= profiles.is_changed() || history.is_changed();
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
    let Some(needed) = needs_full_font(ctx, names) else {
        // The fonts are not installed yet: next frame.
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
/// in); `None` until the fonts are installed.
fn needs_full_font<'a>(
    ctx: &egui::Context,
    mut names: impl Iterator<Item = &'a str>,
) -> Option<bool> {
    let font = egui::FontId::proportional(14.0);
    ctx.fonts_mut(|f| {
        let fonts = &f.definitions().font_data;
        if !fonts.contains_key(SUBSET_NAME) {
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
        ctx.set_fonts(font_definitions());
        run_frames(&ctx, 1, |_| {});
        let font = egui::FontId::proportional(14.0);
        let shown = |ctx: &egui::Context, s: &str| ctx.fonts_mut(|f| f.has_glyphs(&font, s));
        assert!(shown(&ctx, "玩家"), "the subset covers the interface");
        let needs =
            |ctx: &egui::Context, names: &[&str]| needs_full_font(ctx, names.iter().copied());
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
