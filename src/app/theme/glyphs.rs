//! Every glyph the interface can show is in egui's font atlas before a frame draws it.
//!
//! egui rasterises a glyph the first time a frame lays it out, once per font size and, for
//! Latin text, per quarter-pixel position (subpixel binning); the renderer gets the new part of
//! the atlas with that frame. When the upload came a frame late, the frame drew holes where the
//! new glyphs go, and with the game's frame pacing (no frame while nothing moves) the holes
//! stayed on screen for seconds: "Your opponent s move", "O  er a draw", the clock as "4:5"
//! when an online game began. So every character of the interface's strings in the language in
//! use (its table's, with the English keys' and the languages' own names), the ligatures egui's shaping
//! makes ("ff" of "Offer"), at every subpixel position, in every font the interface writes in,
//! is laid out from the first frames on (a few milliseconds a frame, the most used fonts
//! first) and again when the fonts, the language, the style or the scale change (and when egui
//! starts a new atlas), so that the frames after it meet no new glyph of the interface. What
//! stays lazy is text the players type (names), and what a very dense screen leaves no room
//! for in the atlas. (`theme` also has the atlas's changes reach the renderer in the frame
//! that makes them.)

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use web_time::Instant;

use super::style::{CARD_CLOCK, CARD_NAME, INVITE_CODE};
use crate::app::i18n::{Lang, native_name, table};
use crate::players::settings::Language;

/// Every character written in the interface's sources beside the other languages' tables:
/// ASCII, the punctuation and symbols, Simplified Chinese (what `scripts/make_font.py` kept in
/// the base subset; a test in `tests/i18n.rs` keeps it complete).
const SOURCE_CHARACTERS: &str = include_str!("../../../assets/fonts/characters.txt");

/// The ligatures egui's default font makes of Latin letters, glyphs of their own.
const LIGATURES: [&str; 5] = ["ff", "fi", "fl", "ffi", "ffl"];

/// The subpixel positions egui tells apart for Latin glyphs (a quarter pixel each).
const SUBPIXEL_BINS: u8 = 4;

/// The atlas share past which no more is preloaded: egui starts a new atlas (and loses the
/// preloaded glyphs) when it is 80% full, and the players' names need room too.
const MAX_FILL: f32 = 0.6;

/// How long a frame may spend preloading (the rest waits for the next frames, which egui is
/// asked for): the whole takes about 0.1 s natively, more on the web, too long for the first
/// frame of a page.
const FRAME_BUDGET: Duration = Duration::from_millis(4);

/// What the glyphs are preloaded for: the language, the scale and the fonts of the style.
#[derive(Debug, Clone, PartialEq)]
struct Target {
    lang: Lang,
    pixels_per_point: f32,
    fonts: Vec<egui::FontId>,
}

/// The preloading under way: what for, the steps left (the next last), and how full the atlas
/// was after the last step (less now means egui started a new atlas: it starts again).
#[derive(Debug, Default)]
pub(super) struct Preloading {
    target: Option<Target>,
    steps: Vec<Step>,
    fill: f32,
}

/// One step: a few characters of one font, or its ligatures.
#[derive(Debug, Clone, PartialEq)]
struct Step {
    font: egui::FontId,
    chars: Vec<char>,
    ligatures: bool,
}

/// Preloads the interface's glyphs, a few milliseconds a frame, from the first frame on and
/// again whenever the language, the scale or the style's fonts change or egui starts a new
/// atlas (it runs after the fonts and the style are set, before any screen is drawn).
pub(super) fn preload_interface_glyphs(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    mut preloading: Local<Preloading>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let target = Target {
        lang: *lang,
        pixels_per_point: ctx.pixels_per_point(),
        fonts: style_fonts(&ctx.global_style()),
    };
    let fill = ctx.fonts(|f| f.font_atlas_fill_ratio());
    if preloading.target.as_ref() != Some(&target) || fill < preloading.fill {
        preloading.steps = steps(&ctx.global_style(), *lang);
        preloading.steps.reverse();
        preloading.target = Some(target);
    }
    if preloading.steps.is_empty() {
        return Ok(());
    }
    let started = Instant::now();
    preloading.fill = run_steps(ctx, &mut preloading.steps, || {
        started.elapsed() < FRAME_BUDGET
    });
    if preloading.steps.is_empty() {
        debug!(
            "interface glyphs preloaded: the font atlas is {:.0}% full",
            preloading.fill * 100.0
        );
    } else {
        ctx.request_repaint();
    }
    Ok(())
}

/// The fonts of the style's text styles, in their order.
fn style_fonts(style: &egui::Style) -> Vec<egui::FontId> {
    style.text_styles.values().cloned().collect()
}

/// Whether egui draws `c` at a single position (CJK ideographs and kana: no subpixel binning).
fn ideograph(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
        || ('\u{3400}'..='\u{4DBF}').contains(&c)
        || ('\u{3040}'..='\u{30FF}').contains(&c)
}

/// The characters of the interface's strings in `lang`: printable ASCII, the punctuation and
/// symbols the sources write (`×`, `·`, `…`), and the letters of the English keys, of the
/// language's table and of every language's own name (the settings list them all).
fn interface_characters(lang: Lang) -> Vec<char> {
    let symbols = SOURCE_CHARACTERS
        .chars()
        .filter(|c| !c.is_control() && (c.is_ascii() || !c.is_alphabetic()));
    let english = table(Language::Chinese).iter().map(|(key, _)| *key);
    let own = table(lang.0).iter().map(|(_, text)| *text);
    let names = Language::ALL.into_iter().map(native_name);
    let mut chars: Vec<char> = symbols
        .chain(
            english
                .chain(own)
                .chain(names)
                .flat_map(str::chars)
                .filter(|c| !c.is_control()),
        )
        .collect();
    chars.sort_unstable();
    chars.dedup();
    chars
}

/// The fonts the interface writes in, each with the characters it needs, the most used
/// first: the style's text styles (monospace shows codes, addresses and numbers: ASCII), the
/// clocks and names of the player cards, and the invite code of a waiting room.
fn preload_list(style: &egui::Style, lang: Lang) -> Vec<(egui::FontId, Vec<char>)> {
    let text = interface_characters(lang);
    let ascii: Vec<char> = (' '..='~').collect();
    let mut list: Vec<(egui::FontId, Vec<char>)> = Vec::new();
    let mut add = |font: egui::FontId, chars: &[char]| {
        if !list.iter().any(|(f, _)| *f == font) {
            list.push((font, chars.to_vec()));
        }
    };
    let font = |text_style: egui::TextStyle| style.text_styles.get(&text_style).cloned();
    let clock: Vec<char> = "0123456789:.".chars().collect();
    // The most used first: should the atlas fill up, the rest is made when first shown.
    for text_style in [
        egui::TextStyle::Body,
        egui::TextStyle::Button,
        egui::TextStyle::Small,
    ] {
        if let Some(font) = font(text_style) {
            add(font, &text);
        }
    }
    add(egui::FontId::monospace(CARD_CLOCK), &clock);
    add(egui::FontId::proportional(CARD_NAME), &text);
    if let Some(heading) = font(egui::TextStyle::Heading) {
        add(heading, &text);
    }
    for font in style.text_styles.values() {
        if font.family == egui::FontFamily::Monospace {
            add(font.clone(), &ascii);
        }
    }
    add(egui::FontId::monospace(INVITE_CODE), &ascii);
    list
}

/// The steps of preloading for `lang` with `style`: each font of [`preload_list`], a few
/// characters at a time, then its ligatures.
fn steps(style: &egui::Style, lang: Lang) -> Vec<Step> {
    let mut steps = Vec::new();
    for (font, chars) in preload_list(style, lang) {
        for chunk in chars.chunks(CHUNK) {
            steps.push(Step {
                font: font.clone(),
                chars: chunk.to_vec(),
                ligatures: false,
            });
        }
        steps.push(Step {
            font,
            chars: Vec::new(),
            ligatures: true,
        });
    }
    steps
}

/// Lays out the last of `steps` and the ones before it while `more` says so (one at least),
/// until the atlas is [`MAX_FILL`] full (then none is left); returns how full it is.
fn run_steps(ctx: &egui::Context, steps: &mut Vec<Step>, more: impl Fn() -> bool) -> f32 {
    let pixels_per_point = ctx.pixels_per_point();
    ctx.fonts_mut(|fonts| {
        while let Some(step) = steps.pop() {
            if fonts.font_atlas_fill_ratio() > MAX_FILL {
                warn!(
                    "the font atlas is full: some glyphs of {:?} are made when first shown",
                    step.font
                );
                steps.clear();
                break;
            }
            let ligatures: &[&str] = if step.ligatures { &LIGATURES } else { &[] };
            fonts.layout_job(preload_job(
                &step.font,
                &step.chars,
                ligatures,
                pixels_per_point,
            ));
            if !more() {
                break;
            }
        }
        fonts.font_atlas_fill_ratio()
    })
}

/// Lays out the interface's characters in `lang` in every font of the interface (see
/// [`preload_list`]) at once, until the atlas is [`MAX_FILL`] full; returns how full it is
/// (what the frames' steps come to, for tests).
#[cfg(test)]
pub(crate) fn preload(ctx: &egui::Context, lang: Lang) -> f32 {
    let mut steps = steps(&ctx.global_style(), lang);
    steps.reverse();
    run_steps(ctx, &mut steps, || true)
}

/// How many characters are laid out between two looks at the atlas's room.
const CHUNK: usize = 32;

/// A text of `chars` and `ligatures` in `font`, each on a line of its own, at every subpixel
/// position (a line starts at its leading space).
fn preload_job(
    font: &egui::FontId,
    chars: &[char],
    ligatures: &[&str],
    pixels_per_point: f32,
) -> egui::text::LayoutJob {
    let format = egui::TextFormat::simple(font.clone(), egui::Color32::WHITE);
    let mut job = egui::text::LayoutJob::default();
    let mut line = |text: &str, bins: u8| {
        for bin in 0..bins {
            let leading = f32::from(bin) / f32::from(SUBPIXEL_BINS) / pixels_per_point;
            job.append(&format!("{text}\n"), leading, format.clone());
        }
    };
    let mut buffer = [0; 4];
    for &c in chars {
        let bins = if ideograph(c) { 1 } else { SUBPIXEL_BINS };
        line(c.encode_utf8(&mut buffer), bins);
    }
    for ligature in ligatures {
        line(ligature, SUBPIXEL_BINS);
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{styled_context, styled_context_in};

    /// Preloads for `lang` in a new context at `pixels_per_point`; returns how full the atlas
    /// is afterwards, and in the next frame (less means egui started a new atlas).
    fn preloaded(lang: Lang, pixels_per_point: f32) -> (f32, f32) {
        let ctx = styled_context_in(800.0, lang.0);
        let input = || {
            let mut input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(1280.0, 800.0) / pixels_per_point,
                )),
                ..Default::default()
            };
            input
                .viewports
                .entry(egui::ViewportId::ROOT)
                .or_default()
                .native_pixels_per_point = Some(pixels_per_point);
            input
        };
        let mut fill = 0.0;
        for frame in 0..3 {
            ctx.begin_pass(input());
            if frame == 1 {
                fill = preload(&ctx, lang);
            }
            ctx.end_pass().textures_delta.clear();
        }
        let after = {
            ctx.begin_pass(input());
            let after = ctx.fonts(|f| f.font_atlas_fill_ratio());
            ctx.end_pass().textures_delta.clear();
            after
        };
        (fill, after)
    }

    #[test]
    fn the_preloaded_glyphs_leave_room_in_the_atlas_and_stay_there() {
        for language in Language::ALL {
            for pixels_per_point in [1.0, 1.5, 2.0, 3.0] {
                let (fill, after) = preloaded(Lang(language), pixels_per_point);
                let what = format!("{language:?} at {pixels_per_point} pixels per point");
                assert!(fill > 0.1, "{what}: nothing preloaded");
                // egui starts a new atlas past 80%: the preloading stops at 60% or a little
                // past it.
                assert!(fill < 0.7, "{what}: the atlas is {fill} full");
                assert!(after >= fill, "{what}: the atlas was started anew");
            }
        }
    }

    #[test]
    fn preloading_a_step_a_frame_ends_where_preloading_at_once_does() {
        let lang = Lang(Language::Chinese);
        let at_once = preloaded(lang, 1.0).0;
        let ctx = styled_context(800.0);
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
        let input = || egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        ctx.begin_pass(input());
        ctx.end_pass().textures_delta.clear();
        ctx.begin_pass(input());
        let mut steps = steps(&ctx.global_style(), lang);
        let count = steps.len();
        steps.reverse();
        ctx.end_pass().textures_delta.clear();
        let mut frames = 0;
        let mut fill = 0.0;
        while !steps.is_empty() {
            ctx.begin_pass(input());
            fill = run_steps(&ctx, &mut steps, || false);
            ctx.end_pass().textures_delta.clear();
            frames += 1;
        }
        assert_eq!(frames, count, "one step a frame");
        assert_eq!(fill, at_once);
    }
}
