//! The main menu's big choices: who plays (a card each: Play the AI, Two players, Watch the
//! AI), and the doors to the rest of the game (puzzles, online play, the games, the players,
//! the settings).

use bevy_egui::egui;

use super::action::MenuAction;
use crate::app::i18n::Lang;
use crate::app::theme::icons;
use crate::app::theme::style::WINDOW_RADIUS;
use crate::app::theme::widgets::icon_button;
use crate::app::{Dialog, GameSetup, Mode};
use gomoku_engine::Stone;

/// The mode cards, `size` each, one below the other (`vertical`) or side by side.
pub(super) fn mode_cards(
    ui: &mut egui::Ui,
    lang: Lang,
    s: &mut GameSetup,
    size: egui::Vec2,
    vertical: bool,
) {
    let cards = [
        (
            icons::COMPUTER,
            lang.t("Play the AI"),
            lang.t("You against the computer, at five levels"),
            matches!(s.mode, Mode::VsAi { .. }),
            Mode::VsAi {
                human: Stone::Black,
            },
        ),
        (
            icons::TWO_PLAYERS,
            lang.t("Two players"),
            lang.t("Two people at one screen"),
            s.mode == Mode::TwoPlayers,
            Mode::TwoPlayers,
        ),
        (
            icons::WATCH,
            lang.t("Watch the AI"),
            lang.t("The computer plays itself"),
            s.mode == Mode::AiVsAi,
            Mode::AiVsAi,
        ),
    ];
    let layout = if vertical {
        egui::Layout::top_down(egui::Align::Min)
    } else {
        egui::Layout::left_to_right(egui::Align::Min)
    };
    ui.with_layout(layout, |ui| {
        for (icon, title, description, selected, mode) in cards {
            if card(ui, size, selected, icon, title, description, vertical).clicked() && !selected {
                s.mode = mode;
            }
        }
    });
}

/// One big selectable card: an icon, a title and a line saying what it is. In the accent
/// colour when `selected`.
fn card(
    ui: &mut egui::Ui,
    size: egui::Vec2,
    selected: bool,
    icon: &str,
    title: &str,
    description: &str,
    wide: bool,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let enabled = ui.is_enabled();
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::WidgetType::Button, enabled, selected, title)
    });
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let style = ui.style();
    let visuals = style.interact_selectable(&response, selected);
    let (text, weak) = if selected {
        let on = style.visuals.selection.stroke.color;
        (on, on)
    } else {
        (visuals.text_color(), style.visuals.weak_text_color())
    };
    let painter = ui.painter();
    let frame = rect.expand(visuals.expansion);
    painter.rect(
        frame,
        WINDOW_RADIUS,
        visuals.weak_bg_fill,
        visuals.bg_stroke,
        egui::StrokeKind::Inside,
    );
    let pad = 14.0;
    let icon_size = if wide {
        (size.y * 0.42).clamp(22.0, 34.0)
    } else {
        26.0
    };
    let icon_galley =
        painter.layout_no_wrap(icon.to_owned(), egui::FontId::proportional(icon_size), text);
    let text_width = if wide {
        rect.width() - icon_size - pad * 3.0
    } else {
        rect.width() - pad * 2.0
    };
    let title_galley = painter.layout(
        title.to_owned(),
        {
            let body = egui::TextStyle::Body.resolve(style);
            egui::FontId::proportional(body.size + 2.0)
        },
        text,
        text_width,
    );
    let description_galley = painter.layout(
        description.to_owned(),
        egui::TextStyle::Small.resolve(style),
        weak,
        text_width,
    );
    if wide {
        let icon_pos = egui::pos2(
            rect.left() + pad,
            rect.center().y - icon_galley.size().y / 2.0,
        );
        painter.galley(icon_pos, icon_galley, text);
        let left = rect.left() + pad * 2.0 + icon_size;
        let height = title_galley.size().y + 2.0 + description_galley.size().y;
        let top = rect.center().y - height / 2.0;
        let below = top + title_galley.size().y + 2.0;
        painter.galley(egui::pos2(left, top), title_galley, text);
        painter.galley(egui::pos2(left, below), description_galley, weak);
    } else {
        let mut y = rect.top() + pad * 0.8;
        painter.galley(egui::pos2(rect.left() + pad, y), icon_galley.clone(), text);
        y += icon_galley.size().y + 4.0;
        painter.galley(egui::pos2(rect.left() + pad, y), title_galley.clone(), text);
        y += title_galley.size().y + 2.0;
        painter.galley(egui::pos2(rect.left() + pad, y), description_galley, weak);
    }
    response
}

/// The doors to the rest of the game, `columns` to a row, each `width` wide.
pub(super) fn entries(
    ui: &mut egui::Ui,
    lang: Lang,
    action: &mut Option<MenuAction>,
    columns: usize,
    width: f32,
) {
    let doors = [
        (
            icons::PUZZLES,
            lang.t("Puzzles"),
            lang.t("Find the forced win"),
            MenuAction::Puzzles,
        ),
        (
            icons::ONLINE,
            lang.t("Play online"),
            lang.t("Play people on a Gomoku server, or watch their games"),
            MenuAction::Online,
        ),
        (
            icons::GAMES,
            lang.t("Games"),
            lang.t("The finished games: replay, review, import and export"),
            MenuAction::Open(Dialog::Games),
        ),
        (
            icons::PLAYER,
            lang.t("Players"),
            lang.t("Profiles, results and ranks"),
            MenuAction::Open(Dialog::Players),
        ),
        (
            icons::SETTINGS,
            lang.t("Settings"),
            lang.t("Language, theme, sound and the board"),
            MenuAction::Open(Dialog::Settings),
        ),
    ];
    egui::Grid::new("menu_entries")
        .num_columns(columns)
        .spacing(ui.spacing().item_spacing)
        .show(ui, |ui| {
            for (i, (icon, label, hover, door)) in doors.into_iter().enumerate() {
                let button = icon_button(icon, label)
                    .min_size(egui::vec2(width, 36.0))
                    .left_aligned();
                if ui.add(button).on_hover_text(hover).clicked() {
                    *action = Some(door);
                }
                if (i + 1) % columns == 0 {
                    ui.end_row();
                }
            }
        });
}
