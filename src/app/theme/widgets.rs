//! The pieces every screen and window is built from: the dialog window, the primary button and
//! the buttons with an icon, the error colour, and the panels along the window's edges. Their
//! colours and shapes come from the style (`style.rs`); nothing here picks a colour of its own.

use bevy_egui::egui;

/// The colour of error messages: the theme's (readable on its windows and panels, see the
/// contrast test in `palette.rs`).
pub fn error_colour(ui: &egui::Ui) -> egui::Color32 {
    ui.visuals().error_fg_color
}

/// A window as the game's dialogs are: titled, known by `id` (tests find it by that id), in
/// the middle of the screen, neither collapsible nor resizable. Callers change what differs
/// (`.anchor(..)`, `.open(..)`, `.resizable(true)`); contents that can be taller than a
/// small window go in [`scroll_when_tall`].
pub fn dialog_window<'open>(title: &str, id: &str) -> egui::Window<'open> {
    egui::Window::new(title)
        .id(egui::Id::new(id))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
}

/// Room a dialog's title bar and margins take, and the least gap kept around it, in points.
const WINDOW_CHROME: f32 = 110.0;

/// The least height a scrolling part of a dialog gets, however low the window.
const MIN_ROOM: f32 = 120.0;
/// The gap a dialog keeps to the window's sides, in points.
const SIDE_GAP: f32 = 48.0;

/// A dialog's contents, scrolling when they are taller than the screen leaves room for (the
/// window keeps the size of its contents otherwise).
pub fn scroll_when_tall<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let room = dialog_room(ui.ctx());
    scroll_within(ui, room, add)
}

/// The height a dialog's contents have before they scroll: the screen's less the title bar and
/// margins.
pub fn dialog_room(ctx: &egui::Context) -> f32 {
    ctx.content_rect().height() - WINDOW_CHROME
}

/// Contents that scroll when taller than `room` (at least [`MIN_ROOM`]) and keep their own
/// height otherwise.
pub fn scroll_within<R>(ui: &mut egui::Ui, room: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let room = room.max(MIN_ROOM);
    // The least height too: inside a window a scroll area otherwise takes the window's
    // default height (a third of a 1280x800 screen), not the room there is.
    egui::ScrollArea::vertical()
        .max_height(room)
        .min_scrolled_height(room)
        .show(ui, add)
        .inner
}

/// A dialog's width: `widest` where the window has room, narrower in a narrow window.
pub fn dialog_width(ctx: &egui::Context, widest: f32) -> f32 {
    widest.min(ctx.content_rect().width() - SIDE_GAP)
}

/// The button of a window's main action ("New game", "Play again"): in the accent colour.
pub fn primary_button(text: &str) -> IconButton<'_> {
    IconButton {
        icon: None,
        text,
        primary: true,
        min_size: egui::Vec2::ZERO,
        left_aligned: false,
        selected: false,
        icon_only: false,
    }
}

/// A plain button, as [`primary_button`] is a main one (for code that picks one of the two).
pub fn button(text: &str) -> IconButton<'_> {
    IconButton {
        icon: None,
        text,
        primary: false,
        min_size: egui::Vec2::ZERO,
        left_aligned: false,
        selected: false,
        icon_only: false,
    }
}

/// A button with an icon before its text. Screen readers get the text alone as its name.
pub fn icon_button<'a>(icon: &'a str, text: &'a str) -> IconButton<'a> {
    IconButton {
        icon: Some(icon),
        text,
        primary: false,
        min_size: egui::Vec2::ZERO,
        left_aligned: false,
        selected: false,
        icon_only: false,
    }
}

/// A button with an optional icon, plain or in the accent colour (see [`icon_button`],
/// [`primary_button`]).
#[derive(Debug, Clone, Copy)]
pub struct IconButton<'a> {
    icon: Option<&'a str>,
    text: &'a str,
    primary: bool,
    min_size: egui::Vec2,
    left_aligned: bool,
    selected: bool,
    icon_only: bool,
}

impl<'a> IconButton<'a> {
    /// With this icon before the text.
    pub fn icon(mut self, icon: &'a str) -> Self {
        self.icon = Some(icon);
        self
    }

    /// In the accent colour, as the main action.
    pub fn primary(mut self) -> Self {
        self.primary = true;
        self
    }

    /// At least this size.
    pub fn min_size(mut self, size: egui::Vec2) -> Self {
        self.min_size = size;
        self
    }

    /// Shown as chosen (a mode that is on), in the accent colour.
    pub fn selected(mut self, selected: bool) -> Self {
        self.selected = selected;
        self
    }

    /// The icon alone when `icon_only` (a narrow bar): the text is still the button's name for
    /// screen readers; callers say it in the hover text.
    pub fn icon_only(mut self, icon_only: bool) -> Self {
        self.icon_only = icon_only && self.icon.is_some();
        self
    }

    /// The icon and text at the left of a button wider than they are (a list of entries).
    pub fn left_aligned(mut self) -> Self {
        self.left_aligned = true;
        self
    }
}

impl egui::Widget for IconButton<'_> {
    fn ui(self, ui: &mut egui::Ui) -> egui::Response {
        let selection = ui.visuals().selection;
        let colour = |t: egui::RichText| {
            if self.primary {
                t.color(selection.stroke.color)
            } else {
                t
            }
        };
        let text = colour(egui::RichText::new(self.text));
        let mut atoms = match self.icon {
            Some(icon) if self.icon_only => egui::Atoms::new(colour(egui::RichText::new(icon))),
            Some(icon) => egui::Atoms::new((colour(egui::RichText::new(icon)), text)),
            None => egui::Atoms::new(text),
        };
        if self.left_aligned {
            atoms.push_right(egui::Atom::grow());
        }
        let button = egui::Button::new(atoms);
        // Only a chosen button is marked: a plain one is no toggle for screen readers.
        let button = if self.primary {
            button.fill(selection.bg_fill)
        } else if self.selected {
            button.selected(true)
        } else {
            button
        };
        let response = ui.add(
            button
                .min_size(self.min_size)
                .corner_radius(super::style::BUTTON_RADIUS),
        );
        let enabled = ui.is_enabled();
        let selected = self.selected;
        response.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::WidgetType::Button, enabled, self.text);
            info.selected = selected.then_some(true);
            info
        });
        response
    }
}

/// Shows `panel` along the window's edge and keeps its rectangle as held by the interface
/// (`held`): a click on it is never the board's, whatever lies under it. Every panel is shown
/// through here.
pub fn show_panel<R>(
    ctx: &egui::Context,
    panel: egui::Panel,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let mut root = root_ui(ctx);
    let shown = panel.show(&mut root, add);
    super::held::hold(ctx, shown.response.rect);
    shown.inner
}

/// A full-window root ui for a panel.
fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{run_frame, styled_context, window_rect};

    #[test]
    fn a_dialog_taller_than_the_window_scrolls_inside_it() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
        for (rows, tall) in [(60, true), (3, false)] {
            let ctx = styled_context(screen.height());
            for _ in 0..4 {
                run_frame(&ctx, screen, Vec::new(), |ctx| {
                    dialog_window("Tall", "tall").show(ctx, |ui| {
                        scroll_when_tall(ui, |ui| {
                            for i in 0..rows {
                                ui.label(format!("Row {i}"));
                            }
                        });
                    });
                });
            }
            let rect = window_rect(&ctx, "tall").expect("shown");
            assert!(screen.contains_rect(rect), "{rows} rows: {rect:?}");
            // Tall: as tall as the screen leaves room for; short: as its rows.
            assert_eq!(rect.height() > 400.0, tall, "{rows} rows: {rect:?}");
        }
    }
}
