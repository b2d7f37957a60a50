//! The main menu's title: the game's name, large, beside a small board on which stones drop in
//! one by one until Black's five lights up. The stones settle in under two seconds each time
//! the menu opens; frames are asked for only until then.

use bevy::prelude::Color;
use bevy_egui::egui;

use crate::app::i18n::Lang;
use crate::app::theme::Palette;
use crate::app::theme::style::colour32;
use crate::players::settings::Language;

/// Lines of the small board.
const LINES: usize = 7;
/// The stones in the order they drop, (column, row) from the top left, black first: Black
/// makes an open four on the diagonal and White can block only one end.
const STONES: [(u8, u8); 9] = [
    (3, 3),
    (4, 3),
    (2, 4),
    (2, 3),
    (4, 2),
    (3, 4),
    (1, 5),
    (5, 1),
    (0, 6),
];
/// Black's five: the stones at these places in [`STONES`].
const FIVE: [usize; 5] = [0, 2, 4, 6, 8];
/// Seconds between two stones.
const INTERVAL: f32 = 0.13;
/// Seconds a stone takes to drop and settle.
const DROP: f32 = 0.28;
/// Seconds the five takes to light up once the last stone is down.
const GLOW: f32 = 0.25;
/// Seconds from the first stone to the end of the glow.
pub const DURATION: f32 = INTERVAL * (STONES.len() - 1) as f32 + DROP + GLOW;
/// The wood's colour before the theme's tint (the texture's average).
const WOOD: [f32; 3] = [0.86, 0.68, 0.43];

/// Draws the title, `height` points tall, across the ui's width; `since` is how many seconds
/// the menu has been open.
pub(super) fn title(ui: &mut egui::Ui, lang: Lang, palette: &Palette, height: f32, since: f32) {
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), height),
        egui::Sense::hover(),
    );
    let art = egui::Rect::from_min_size(rect.min, egui::vec2(height, height));
    board_art(ui.painter(), art, palette, since);
    if since < DURATION {
        ui.ctx().request_repaint();
    }
    // The game's name in the language, then as the rest of the world knows it.
    let (name, other) = match lang.0 {
        Language::English => (lang.t("Gomoku"), "五子棋"),
        _ => (lang.t("Gomoku"), "Gomoku"),
    };
    let text_left = art.right() + height * 0.25;
    let name_size = (height * 0.52).round();
    let line = format!("{other} \u{b7} {}", lang.t("Five in a row"));
    let painter = ui.painter();
    let name_galley = painter.layout_no_wrap(
        name.to_owned(),
        egui::FontId::proportional(name_size),
        colour32(palette.ui.title),
    );
    let line_galley = painter.layout_no_wrap(
        line,
        egui::FontId::proportional((height * 0.2).round().max(13.0)),
        colour32(palette.ui.on_scrim),
    );
    let total = name_galley.size().y + line_galley.size().y;
    let top = rect.center().y - total / 2.0;
    // A soft shadow, then the name drawn three times a hair apart: the light font made bold.
    let name_pos = egui::pos2(text_left, top);
    painter.galley_with_override_text_color(
        name_pos + egui::vec2(0.0, 2.0),
        name_galley.clone(),
        colour32(palette.ui.shadow),
    );
    for dx in [0.0, 0.6, 1.2] {
        painter.galley(
            name_pos + egui::vec2(dx, 0.0),
            name_galley.clone(),
            colour32(palette.ui.title),
        );
    }
    painter.galley(
        egui::pos2(text_left + 2.0, top + name_galley.size().y),
        line_galley,
        colour32(palette.ui.on_scrim),
    );
}

/// The small board with its stones as they are `since` seconds after the menu opened.
fn board_art(painter: &egui::Painter, rect: egui::Rect, palette: &Palette, since: f32) {
    // The board's colour as the theme draws it: the wood tinted, or its plain colour.
    let tint = palette.board_tint.to_srgba();
    let wood = if palette.board_textured {
        Color::srgb(
            WOOD[0] * tint.red,
            WOOD[1] * tint.green,
            WOOD[2] * tint.blue,
        )
    } else {
        palette.board_tint
    };
    let radius = (rect.width() * 0.08) as u8;
    painter.rect_filled(
        rect.translate(egui::vec2(0.0, 3.0)),
        radius,
        colour32(palette.ui.shadow),
    );
    painter.rect_filled(rect, radius, colour32(wood));
    let cell = rect.width() / (LINES as f32 + 0.4);
    let origin = rect.min + egui::vec2(cell * 0.7, cell * 0.7);
    let grid = egui::Stroke::new((cell * 0.05).max(1.0), colour32(palette.grid));
    let span = cell * (LINES - 1) as f32;
    for i in 0..LINES {
        let d = cell * i as f32;
        painter.line_segment(
            [origin + egui::vec2(d, 0.0), origin + egui::vec2(d, span)],
            grid,
        );
        painter.line_segment(
            [origin + egui::vec2(0.0, d), origin + egui::vec2(span, d)],
            grid,
        );
    }
    let glow = ((since - (DURATION - GLOW)) / GLOW).clamp(0.0, 1.0);
    for (i, &(x, y)) in STONES.iter().enumerate() {
        let t = ((since - INTERVAL * i as f32) / DROP).clamp(0.0, 1.0);
        if t <= 0.0 {
            continue;
        }
        let centre = origin + egui::vec2(cell * x as f32, cell * y as f32);
        let black = i % 2 == 0;
        stone(painter, palette, centre, cell * 0.46, black, t);
        if glow > 0.0 && FIVE.contains(&i) {
            painter.circle_filled(
                centre,
                cell * 0.16,
                colour32(palette.win).gamma_multiply(glow),
            );
        }
    }
}

/// One stone, `t` of the way (0 to 1) through its drop: it falls from above, growing clear,
/// and settles a little large before it rests.
fn stone(
    painter: &egui::Painter,
    palette: &Palette,
    centre: egui::Pos2,
    radius: f32,
    black: bool,
    t: f32,
) {
    let ease = 1.0 - (1.0 - t).powi(3);
    let lift = (1.0 - ease) * radius * 1.6;
    let scale = 1.0 + 0.12 * (1.0 - t) * t * 4.0;
    let alpha = ease;
    let r = radius * scale;
    let at = centre - egui::vec2(0.0, lift);
    painter.circle_filled(
        centre + egui::vec2(r * 0.12, r * 0.16),
        r,
        egui::Color32::from_black_alpha((70.0 * alpha) as u8),
    );
    let (face, shine) = if black {
        (
            egui::Color32::from_rgb(22, 22, 24),
            egui::Color32::from_white_alpha(40),
        )
    } else {
        (
            egui::Color32::from_rgb(238, 236, 230),
            egui::Color32::from_white_alpha(200),
        )
    };
    painter.circle_filled(at, r, face.gamma_multiply(alpha));
    painter.circle_filled(
        at - egui::vec2(r * 0.3, r * 0.3),
        r * 0.35,
        shine.gamma_multiply(alpha),
    );
    let rim = palette
        .stone_rim
        .map(colour32)
        .unwrap_or(egui::Color32::from_black_alpha(if black { 0 } else { 60 }));
    painter.circle_stroke(at, r, egui::Stroke::new(1.0, rim.gamma_multiply(alpha)));
}
