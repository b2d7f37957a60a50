//! Themes: the colours the board, the markers and the menus are drawn with, chosen in the
//! settings and applied live. The high-contrast theme tells markers apart by shape as well as
//! colour (dot, large disc, cross) and uses a palette safe for colour-blind players. The
//! interface around the board has its colours here too ([`UiColours`]).

use bevy::prelude::*;

use super::ui_colours::UiColours;
use crate::app::UserSettings;
use crate::players::settings::Theme;

/// The colours of the current theme.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    /// The theme these colours are for.
    pub theme: Theme,
    /// Around the board.
    pub background: Color,
    /// Multiplied with the wood texture (or the board's plain colour).
    pub board_tint: Color,
    /// Whether the board shows the wood texture (else a plain colour, for contrast).
    pub board_textured: bool,
    /// Grid lines, star points.
    pub grid: Color,
    /// Coordinates.
    pub label: Color,
    /// The last move's dot (and its number).
    pub last_move: Color,
    /// The winning five's markers.
    pub win: Color,
    /// Crosses on black's forbidden points.
    pub forbidden: Color,
    /// An outline around stones, when the theme has one.
    pub stone_rim: Option<Color>,
    /// Move numbers on black and on white stones.
    pub number_on_black: Color,
    /// Move numbers on white stones.
    pub number_on_white: Color,
    /// The last move's number on a black stone (the last-move colour, light enough to read).
    pub last_number_on_black: Color,
    /// The last move's number on a white stone (the last-move colour, dark enough to read).
    pub last_number_on_white: Color,
    /// Move numbers on the stones of the lit winning five (dark, to read on [`Self::win`]).
    pub number_on_win: Color,
    /// The keyboard cursor.
    pub cursor: Color,
    /// The AI's suggested move.
    pub hint: Color,
    /// Particles of the win burst.
    pub particles: [Color; 3],
    /// The interface around the board: bars, windows, buttons, text.
    pub ui: UiColours,
}

impl Palette {
    /// The colours of `theme`.
    pub fn of(theme: Theme) -> Palette {
        match theme {
            Theme::Wood => Palette {
                theme,
                background: Color::srgb(0.17, 0.15, 0.13),
                board_tint: Color::WHITE,
                board_textured: true,
                grid: Color::srgb(0.24, 0.16, 0.08),
                label: Color::srgba(0.24, 0.16, 0.08, 0.9),
                last_move: Color::srgb(0.86, 0.18, 0.14),
                win: Color::srgba(1.0, 0.84, 0.2, 0.85),
                forbidden: Color::srgba(0.85, 0.1, 0.1, 0.7),
                stone_rim: None,
                number_on_black: Color::srgb(0.95, 0.95, 0.95),
                number_on_white: Color::srgb(0.1, 0.1, 0.1),
                last_number_on_black: Color::srgb(1.0, 0.45, 0.4),
                last_number_on_white: Color::srgb(0.72, 0.1, 0.08),
                number_on_win: Color::srgb(0.2, 0.1, 0.02),
                cursor: Color::srgb(0.1, 0.35, 0.85),
                hint: Color::srgba(0.1, 0.55, 0.95, 0.75),
                particles: [
                    Color::srgb(1.0, 0.84, 0.2),
                    Color::srgb(1.0, 0.55, 0.2),
                    Color::srgb(1.0, 1.0, 0.85),
                ],
                ui: UiColours::of(theme),
            },
            Theme::Dark => Palette {
                theme,
                background: Color::srgb(0.06, 0.07, 0.08),
                board_tint: Color::srgb(0.30, 0.33, 0.38),
                board_textured: true,
                grid: Color::srgb(0.70, 0.74, 0.78),
                label: Color::srgba(0.70, 0.74, 0.78, 0.85),
                last_move: Color::srgb(1.0, 0.42, 0.32),
                win: Color::srgba(0.35, 0.85, 1.0, 0.85),
                forbidden: Color::srgba(1.0, 0.35, 0.3, 0.8),
                stone_rim: Some(Color::srgba(0.75, 0.78, 0.82, 0.55)),
                number_on_black: Color::srgb(0.95, 0.95, 0.95),
                number_on_white: Color::srgb(0.1, 0.1, 0.1),
                last_number_on_black: Color::srgb(1.0, 0.42, 0.32),
                last_number_on_white: Color::srgb(0.72, 0.1, 0.08),
                number_on_win: Color::srgb(0.02, 0.1, 0.16),
                cursor: Color::srgb(0.35, 0.85, 1.0),
                hint: Color::srgba(0.35, 0.85, 1.0, 0.7),
                particles: [
                    Color::srgb(0.35, 0.85, 1.0),
                    Color::srgb(0.75, 0.55, 1.0),
                    Color::srgb(1.0, 1.0, 1.0),
                ],
                ui: UiColours::of(theme),
            },
            // Okabe-Ito colours: blue, orange, vermillion, yellow stay apart for every kind
            // of colour blindness; black and white carry the rest.
            Theme::HighContrast => Palette {
                theme,
                background: Color::BLACK,
                board_tint: Color::srgb(0.99, 0.95, 0.80),
                board_textured: false,
                grid: Color::BLACK,
                label: Color::BLACK,
                last_move: Color::srgb(0.0, 0.45, 0.70),
                win: Color::srgba(0.90, 0.62, 0.0, 0.95),
                forbidden: Color::srgb(0.84, 0.37, 0.0),
                stone_rim: Some(Color::BLACK),
                number_on_black: Color::WHITE,
                number_on_white: Color::BLACK,
                // Okabe-Ito sky blue on black, their blue darkened on white.
                last_number_on_black: Color::srgb(0.34, 0.71, 0.91),
                last_number_on_white: Color::srgb(0.0, 0.35, 0.60),
                // Black on the orange glow (the last move's blue would not read on it).
                number_on_win: Color::BLACK,
                cursor: Color::srgb(0.0, 0.45, 0.70),
                hint: Color::srgba(0.0, 0.45, 0.70, 0.8),
                particles: [
                    Color::srgb(0.90, 0.62, 0.0),
                    Color::srgb(0.0, 0.45, 0.70),
                    Color::srgb(0.94, 0.89, 0.26),
                ],
                ui: UiColours::of(theme),
            },
        }
    }
}

impl Palette {
    /// The colour of a move number on a `stone`: the last move's in the last-move colour, and
    /// every number on the lit winning five (`lit`) dark on the glow.
    pub fn number_colour(&self, stone: gomoku_engine::Stone, last: bool, lit: bool) -> Color {
        if lit {
            return self.number_on_win;
        }
        match (stone, last) {
            (gomoku_engine::Stone::Black, false) => self.number_on_black,
            (gomoku_engine::Stone::White, false) => self.number_on_white,
            (gomoku_engine::Stone::Black, true) => self.last_number_on_black,
            (gomoku_engine::Stone::White, true) => self.last_number_on_white,
        }
    }
}

impl Default for Palette {
    fn default() -> Self {
        Palette::of(Theme::default())
    }
}

/// What the board shows besides the stones, from the settings.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewOptions {
    /// Numbers on the stones.
    pub move_numbers: bool,
    /// Coordinates around the board.
    pub coordinates: bool,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            move_numbers: false,
            coordinates: true,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Palette>()
        .init_resource::<ViewOptions>()
        .add_systems(
            PreUpdate,
            follow_settings.run_if(resource_exists_and_changed::<UserSettings>),
        );
}

fn follow_settings(
    settings: Res<UserSettings>,
    mut palette: ResMut<Palette>,
    mut view: ResMut<ViewOptions>,
    mut clear: Option<ResMut<ClearColor>>,
) {
    let wanted = Palette::of(settings.theme);
    if *palette != wanted {
        *palette = wanted;
        if let Some(clear) = clear.as_mut() {
            clear.0 = wanted.background;
        }
    }
    view.set_if_neq(ViewOptions {
        move_numbers: settings.move_numbers,
        coordinates: settings.coordinates,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Stone;

    /// WCAG contrast ratio between two colours.
    fn contrast(a: Color, b: Color) -> f32 {
        let luminance = |c: Color| {
            let l = c.to_linear();
            0.2126 * l.red + 0.7152 * l.green + 0.0722 * l.blue
        };
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// `top` with its alpha laid over the opaque `below`.
    fn over(top: Color, below: Color) -> Color {
        let (t, b) = (top.to_srgba(), below.to_srgba());
        let mix = |x: f32, y: f32| x * t.alpha + y * (1.0 - t.alpha);
        Color::srgb(
            mix(t.red, b.red),
            mix(t.green, b.green),
            mix(t.blue, b.blue),
        )
    }

    #[test]
    fn the_interface_is_readable_in_every_theme() {
        for theme in Theme::ALL {
            let ui = Palette::of(theme).ui;
            // WCAG AAA for text and AA for other marks in the high-contrast theme; AA and the
            // 3:1 of interface components elsewhere.
            let (text, marks) = if theme == Theme::HighContrast {
                (7.0, 4.5)
            } else {
                (4.5, 3.0)
            };
            let fills = [
                ("panel", ui.panel),
                ("window", ui.window),
                ("raised", ui.raised),
                ("hovered", ui.hovered),
                ("pressed", ui.pressed),
            ];
            let check = |what: &str, fg: Color, bg: Color, wanted: f32| {
                let ratio = contrast(fg, bg);
                assert!(
                    ratio >= wanted,
                    "{theme:?}: {what} has contrast {ratio:.2}, below {wanted}"
                );
            };
            for (name, fill) in fills {
                check(&format!("text on {name}"), ui.text, fill, text);
                check(&format!("weak text on {name}"), ui.weak_text, fill, 4.5);
            }
            // The focus ring is drawn around the widget, on what surrounds it.
            for (name, fill) in [("panel", ui.panel), ("window", ui.window)] {
                check(&format!("the focus ring on {name}"), ui.focus, fill, 3.0);
                check(&format!("errors on {name}"), ui.error, fill, text);
                check(&format!("the accent on {name}"), ui.accent, fill, marks);
            }
            check("text on the accent", ui.on_accent, ui.accent, text);
            check("a field's text", ui.text, ui.field, text);
            if theme == Theme::HighContrast {
                check("outlines", ui.border, ui.window, 7.0);
            }
            // The menu's title sits on the scrim over the board: over its lightest part (a
            // white stone) and its darkest (the window's background).
            let palette = Palette::of(theme);
            for below in [Color::srgb(0.95, 0.95, 0.95), palette.background] {
                let backdrop = over(ui.scrim, below);
                check("the title over the board", ui.title, backdrop, text);
                check("text over the board", ui.on_scrim, backdrop, text);
            }
        }
    }

    /// The stone pictures' faces, roughly.
    fn face(s: Stone) -> Color {
        match s {
            Stone::Black => Color::srgb(0.08, 0.08, 0.08),
            Stone::White => Color::srgb(0.92, 0.92, 0.92),
        }
    }

    #[test]
    fn move_numbers_are_readable_on_their_stones() {
        for theme in Theme::ALL {
            let palette = Palette::of(theme);
            // WCAG AA for text in the high-contrast theme, its large-text level elsewhere.
            let wanted = if theme == Theme::HighContrast {
                4.5
            } else {
                3.0
            };
            for stone in [Stone::Black, Stone::White] {
                for last in [false, true] {
                    let ratio = contrast(palette.number_colour(stone, last, false), face(stone));
                    assert!(
                        ratio >= wanted,
                        "{theme:?}: number on {stone:?} (last: {last}) has contrast {ratio:.2}"
                    );
                }
            }
        }
    }

    #[test]
    fn move_numbers_on_the_lit_five_are_readable_in_every_theme() {
        use crate::app::board::animation::WIN_GLOW_ALPHA;
        // The five's glow over the stone, from its faintest to its fullest (WCAG AA for text).
        for theme in Theme::ALL {
            let palette = Palette::of(theme);
            for stone in [Stone::Black, Stone::White] {
                for last in [false, true] {
                    for alpha in [WIN_GLOW_ALPHA.0, WIN_GLOW_ALPHA.1] {
                        let lit = over(palette.win.with_alpha(alpha), face(stone));
                        let number = palette.number_colour(stone, last, true);
                        let ratio = contrast(number, lit);
                        assert!(
                            ratio >= 4.5,
                            "{theme:?}: number on the lit {stone:?} (last: {last}, glow {alpha}) \
                             has contrast {ratio:.2}"
                        );
                    }
                }
            }
        }
    }
}
