//! The colours of the interface around the board, one set per theme: the bars, the windows,
//! the buttons in each state, the text, the accent and the keyboard focus. They come from the
//! board's own colours (walnut and brass with the wood, slate and the cyan of the dark theme's
//! markers, the Okabe-Ito blue and vermillion of the high-contrast theme); the tests in
//! `palette.rs` check that every text is readable on every fill it is drawn on.

use bevy::prelude::*;

use crate::players::settings::Theme;

/// The interface's colours for one theme.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UiColours {
    /// Whether the interface is dark (light text on dark fills).
    pub dark: bool,
    /// The bars along the window's edges and the panel beside the board.
    pub panel: Color,
    /// Windows, dialogs and the main menu's cards.
    pub window: Color,
    /// Buttons and the boxes of checkboxes at rest.
    pub raised: Color,
    /// Buttons under the pointer.
    pub hovered: Color,
    /// Buttons held down (and the one with the keyboard focus): sunk, darker than at rest
    /// on dark themes.
    pub pressed: Color,
    /// Outlines of windows and widgets at rest, separators.
    pub border: Color,
    /// Text.
    pub text: Color,
    /// Secondary text: descriptions, notes.
    pub weak_text: Color,
    /// The main action and what is chosen: primary buttons, selected choices, slider fill.
    pub accent: Color,
    /// Text on the accent.
    pub on_accent: Color,
    /// The ring around the widget with the keyboard focus (and under the pointer).
    pub focus: Color,
    /// Text fields.
    pub field: Color,
    /// The soft shadow under windows and popups.
    pub shadow: Color,
    /// Laid over the board behind the main menu (mixed in linear light: 0.9 leaves the
    /// board at about a third of its brightness).
    pub scrim: Color,
    /// The main menu's title, over the scrim.
    pub title: Color,
    /// Other text over the scrim (the title's second line).
    pub on_scrim: Color,
    /// Error messages.
    pub error: Color,
}

impl UiColours {
    /// The interface's colours for `theme`.
    pub fn of(theme: Theme) -> UiColours {
        match theme {
            // Walnut panels, cream text and brass, the colours of the board and its grid.
            Theme::Wood => UiColours {
                dark: true,
                panel: Color::srgb(0.15, 0.11, 0.08),
                window: Color::srgb(0.20, 0.15, 0.11),
                raised: Color::srgb(0.29, 0.22, 0.16),
                hovered: Color::srgb(0.37, 0.28, 0.20),
                pressed: Color::srgb(0.24, 0.18, 0.13),
                border: Color::srgb(0.42, 0.32, 0.22),
                text: Color::srgb(0.96, 0.91, 0.82),
                weak_text: Color::srgb(0.83, 0.75, 0.64),
                accent: Color::srgb(0.91, 0.67, 0.31),
                on_accent: Color::srgb(0.16, 0.10, 0.05),
                focus: Color::srgb(1.0, 0.82, 0.48),
                field: Color::srgb(0.11, 0.08, 0.06),
                shadow: Color::srgba(0.0, 0.0, 0.0, 0.5),
                scrim: Color::srgba(0.09, 0.07, 0.05, 0.9),
                title: Color::srgb(0.97, 0.80, 0.52),
                on_scrim: Color::srgb(0.93, 0.87, 0.77),
                error: Color::srgb(1.0, 0.47, 0.40),
            },
            // Slate, and the cyan of the dark board's markers.
            Theme::Dark => UiColours {
                dark: true,
                panel: Color::srgb(0.075, 0.085, 0.10),
                window: Color::srgb(0.11, 0.125, 0.15),
                raised: Color::srgb(0.18, 0.20, 0.24),
                hovered: Color::srgb(0.24, 0.27, 0.32),
                pressed: Color::srgb(0.14, 0.16, 0.19),
                border: Color::srgb(0.28, 0.31, 0.36),
                text: Color::srgb(0.90, 0.93, 0.96),
                weak_text: Color::srgb(0.66, 0.71, 0.77),
                accent: Color::srgb(0.35, 0.80, 0.95),
                on_accent: Color::srgb(0.02, 0.09, 0.13),
                focus: Color::srgb(0.55, 0.90, 1.0),
                field: Color::srgb(0.05, 0.055, 0.065),
                shadow: Color::srgba(0.0, 0.0, 0.0, 0.6),
                scrim: Color::srgba(0.03, 0.035, 0.045, 0.9),
                title: Color::srgb(0.55, 0.90, 1.0),
                on_scrim: Color::srgb(0.84, 0.88, 0.92),
                error: Color::srgb(1.0, 0.50, 0.44),
            },
            // Black on white with thick black outlines; Okabe-Ito blue for what is chosen and
            // vermillion for the focus, apart for every kind of colour blindness.
            Theme::HighContrast => UiColours {
                dark: false,
                panel: Color::WHITE,
                window: Color::WHITE,
                raised: Color::srgb(0.93, 0.93, 0.93),
                hovered: Color::srgb(0.99, 0.95, 0.80),
                pressed: Color::srgb(0.94, 0.89, 0.26),
                border: Color::BLACK,
                text: Color::BLACK,
                weak_text: Color::srgb(0.18, 0.18, 0.18),
                accent: Color::srgb(0.0, 0.35, 0.60),
                on_accent: Color::WHITE,
                focus: Color::srgb(0.84, 0.37, 0.0),
                field: Color::WHITE,
                shadow: Color::srgba(0.0, 0.0, 0.0, 0.55),
                scrim: Color::srgba(0.0, 0.0, 0.0, 0.92),
                title: Color::WHITE,
                on_scrim: Color::WHITE,
                error: Color::srgb(0.70, 0.0, 0.0),
            },
        }
    }
}
