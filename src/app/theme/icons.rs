//! The icons on the buttons: symbols of egui's own fonts (Noto Emoji and its icon font), which
//! every build has. Written as escapes: the CJK font subset takes every character written in
//! `src/app` (`scripts/make_font.py`), and these are not its to carry. Each one is checked to
//! have a glyph in the tests below.

/// The menu (three bars).
pub const MENU: &str = "\u{2630}";
/// Undo (an anticlockwise arrow).
pub const UNDO: &str = "\u{27F2}";
/// Redo (a clockwise arrow).
pub const REDO: &str = "\u{27F3}";
/// Restart, play again (two arrows in a circle).
pub const RESTART: &str = "\u{1F504}";
/// Resign (a flag).
pub const RESIGN: &str = "\u{2691}";
/// Analyse (a magnifying glass).
pub const ANALYSE: &str = "\u{1F50D}";
/// Review a game (a rising chart).
pub const REVIEW: &str = "\u{1F4C8}";
/// Start a game, play (a triangle).
pub const PLAY: &str = "\u{25B6}";
/// Back to the game (an arrow turning back).
pub const BACK: &str = "\u{2BAA}";
/// Play the AI (a computer).
pub const COMPUTER: &str = "\u{1F4BB}";
/// Two players (two people).
pub const TWO_PLAYERS: &str = "\u{1F465}";
/// Watch the AI (a television).
pub const WATCH: &str = "\u{1F4FA}";
/// Puzzles (a target).
pub const PUZZLES: &str = "\u{1F3AF}";
/// Play online (a globe).
pub const ONLINE: &str = "\u{1F310}";
/// The saved games (a scroll).
pub const GAMES: &str = "\u{1F4DC}";
/// The players (a person).
pub const PLAYER: &str = "\u{1F464}";
/// The settings (a gear).
pub const SETTINGS: &str = "\u{2699}";

/// Every icon, for the test that the fonts have them.
#[cfg(test)]
pub(crate) const ALL: [&str; 17] = [
    MENU,
    UNDO,
    REDO,
    RESTART,
    RESIGN,
    ANALYSE,
    REVIEW,
    PLAY,
    BACK,
    COMPUTER,
    TWO_PLAYERS,
    WATCH,
    PUZZLES,
    ONLINE,
    GAMES,
    PLAYER,
    SETTINGS,
];

#[cfg(test)]
mod tests {
    use bevy_egui::egui;

    use super::*;
    use crate::app::capture::egui_harness::run_frames;

    /// Where `text`'s first character was put in the font atlas (egui's `has_glyphs` takes
    /// Noto Emoji's glyphs for missing ones: that font also draws the replacement box).
    fn atlas_place(ctx: &egui::Context, text: &str) -> ([u16; 2], [u16; 2]) {
        let font = egui::FontId::proportional(16.0);
        let galley =
            ctx.fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE));
        let uv = galley.rows[0].row.glyphs[0].uv_rect;
        (uv.min, uv.max)
    }

    #[test]
    fn every_icon_has_a_glyph_in_the_fonts() {
        let ctx = egui::Context::default();
        ctx.set_fonts(super::super::fonts::font_definitions(
            crate::players::settings::Language::English,
        ));
        run_frames(&ctx, 1, |_| {});
        // A character of a private plane: no font has it, it is drawn as the box.
        let missing = atlas_place(&ctx, "\u{10FFFD}");
        let boxes: Vec<String> = ALL
            .iter()
            .filter(|icon| atlas_place(&ctx, icon) == missing)
            .map(|icon| format!("{icon} U+{:04X}", icon.chars().next().unwrap() as u32))
            .collect();
        assert!(boxes.is_empty(), "drawn as boxes: {boxes:?}");
        // The puzzle piece is in none of the fonts: the test does see boxes.
        assert_eq!(atlas_place(&ctx, "\u{1F9E9}"), missing);
    }
}
