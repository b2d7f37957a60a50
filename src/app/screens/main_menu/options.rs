//! The main menu's options for the chosen mode: the players, the colour, the AI's level (each
//! with a line saying how it plays), the rule (with what it means), the opening rule, the board
//! (a picture of each size), what a forbidden move does and the clock. Every row is always there, greyed
//! out where it does not apply, and each keeps its height, so nothing moves when an option
//! changes.

use bevy_egui::egui;

use super::action::MenuAction;
use crate::app::i18n::opening::{opening_label, opening_summary};
use crate::app::i18n::{Lang, fill, rule_label, time_control_name};
use crate::app::play::clock::TIME_CONTROLS;
use crate::app::theme::style::BUTTON_RADIUS;
use crate::app::{Dialog, GameSetup, Mode, PlayerProfiles, UserSettings};
use crate::players::ProfileId;
use gomoku_engine::opening::{Opening, OpeningRule};
use gomoku_engine::search::levels::Level;
use gomoku_engine::{ForbiddenPolicy, Rule, Stone};

/// The board sizes offered (20x20 is the board of Gomocup's freestyle league).
const SIZES: [u8; 4] = [13, 15, 19, 20];
/// The player drop-downs' width: names are cut to it, so the menu keeps its width.
const PLAYER_COMBO_WIDTH: f32 = 160.0;

/// The option rows, in a grid `width` wide.
pub(super) fn option_rows(
    ui: &mut egui::Ui,
    lang: Lang,
    settings: &UserSettings,
    s: &mut GameSetup,
    profiles: &mut PlayerProfiles,
    action: &mut Option<MenuAction>,
    width: f32,
) {
    let labels = [
        lang.t("Player"),
        lang.t("Black player"),
        lang.t("First player"),
        lang.t("White player"),
        lang.t("Second player"),
        lang.t("You play"),
        lang.t("AI level"),
        lang.t("Rule"),
        lang.t("Opening"),
        lang.t("Board"),
        lang.t("Forbidden move"),
    ];
    let font = egui::TextStyle::Body.resolve(ui.style());
    let label_width = labels
        .iter()
        .map(|l| {
            ui.painter()
                .layout_no_wrap((*l).to_owned(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max)
        .ceil();
    let spacing = egui::vec2(14.0, ui.spacing().item_spacing.y + 2.0);
    let field = width - label_width - spacing.x;
    egui::Grid::new("setup")
        .num_columns(2)
        .min_col_width(label_width)
        .spacing(spacing)
        .show(ui, |ui| {
            players_rows(ui, lang, s, profiles, action);
            level_rows(ui, lang, settings, s, field);
            rule_rows(ui, lang, s, field);
            opening_row(ui, lang, s);
            board_row(ui, lang, s);
            forbidden_row(ui, lang, s);
            time_control_row(ui, lang, s);
        });
}

/// A choice among several, in the accent colour when `selected`.
fn chip(ui: &mut egui::Ui, selected: bool, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(
        egui::Button::new(text)
            .selected(selected)
            .frame_when_inactive(true)
            .corner_radius(BUTTON_RADIUS),
    )
}

/// A row's label, greyed out when the row does not apply.
fn row_label(ui: &mut egui::Ui, applies: bool, text: &str) {
    ui.add_enabled(applies, egui::Label::new(text));
}

/// A row's label at the top of a row taller than its controls' line (the line of controls
/// and a description under it), level with the controls.
fn top_row_label(ui: &mut egui::Ui, applies: bool, text: &str) {
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let pad = ((ui.spacing().interact_size.y - line) / 2.0).max(0.0);
    ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.add_space(pad);
        row_label(ui, applies, text);
    });
}

/// A description under a row, in small print, `width` wide, in room for the longest of
/// `all` (the descriptions the row can show), so the rows below never move.
fn description(ui: &mut egui::Ui, enabled: bool, width: f32, text: &str, all: &[String]) {
    let font = egui::TextStyle::Small.resolve(ui.style());
    let height = all
        .iter()
        .map(|t| {
            ui.painter()
                .layout(t.clone(), font.clone(), egui::Color32::WHITE, width)
                .size()
                .y
        })
        .fold(0.0, f32::max);
    let size = egui::vec2(width, height);
    ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.set_min_size(size);
        ui.add_enabled(
            enabled,
            egui::Label::new(egui::RichText::new(text).font(font).weak()).wrap(),
        );
    });
}

/// Who plays: the player (or the first, or black), then the colour against the AI or the
/// second player. The second row's place holds whichever applies.
fn players_rows(
    ui: &mut egui::Ui,
    lang: Lang,
    s: &mut GameSetup,
    profiles: &mut PlayerProfiles,
    action: &mut Option<MenuAction>,
) {
    let people = s.mode != Mode::AiVsAi;
    let seats = s.opening != OpeningRule::None;
    let who = match (s.mode, seats) {
        (Mode::TwoPlayers, false) => lang.t("Black player"),
        (Mode::TwoPlayers, true) => lang.t("First player"),
        _ => lang.t("Player"),
    };
    row_label(ui, people, who);
    ui.add_enabled_ui(people, |ui| {
        ui.horizontal(|ui| {
            let picked = profile_combo(ui, "active", profiles, profiles.active, None, lang);
            if let Some(Some(id)) = picked {
                let _ = profiles.pick(id);
            }
            if ui.button(lang.t("Players...")).clicked() {
                *action = Some(MenuAction::Open(Dialog::Players));
            }
        });
    });
    ui.end_row();

    if s.mode == Mode::TwoPlayers {
        let second = if seats {
            lang.t("Second player")
        } else {
            lang.t("White player")
        };
        ui.label(second);
        let picked = profile_combo(
            ui,
            "opponent",
            profiles,
            profiles.opponent,
            Some(lang.t("Guest")),
            lang,
        );
        if let Some(id) = picked {
            let _ = profiles.pick_opponent(id);
        }
    } else {
        let vs_ai = matches!(s.mode, Mode::VsAi { .. });
        row_label(ui, vs_ai, lang.t("You play"));
        ui.add_enabled_ui(vs_ai, |ui| {
            ui.horizontal(|ui| {
                let shown = match s.mode {
                    Mode::VsAi { human } => human,
                    _ => Stone::Black,
                };
                // With an opening rule the colours are decided in it: the choice is who opens.
                let (first, second) = if seats {
                    (lang.t("First (you open)"), lang.t("Second (the AI opens)"))
                } else {
                    (lang.t("Black (first)"), lang.t("White"))
                };
                for (stone, text) in [(Stone::Black, first), (Stone::White, second)] {
                    if chip(ui, shown == stone, text).clicked()
                        && let Mode::VsAi { human } = &mut s.mode
                    {
                        *human = stone;
                    }
                }
            });
        });
    }
    ui.end_row();
}

/// The AI's level: a chip per level, and what the chosen one is like.
fn level_rows(
    ui: &mut egui::Ui,
    lang: Lang,
    settings: &UserSettings,
    s: &mut GameSetup,
    width: f32,
) {
    let ai = s.mode != Mode::TwoPlayers;
    let name = |l: Level| {
        fill(
            lang.t("{n} - {name}"),
            &[("n", &l.number()), ("name", &lang.t(l.name()))],
        )
    };
    let text = |l: Level| {
        fill(
            lang.t("{name}: {text}"),
            &[
                ("name", &lang.t(l.name())),
                ("text", &level_description(lang, l, settings)),
            ],
        )
    };
    let all: Vec<String> = Level::all().map(text).collect();
    top_row_label(ui, ai, lang.t("AI level"));
    ui.add_enabled_ui(ai, |ui| {
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                for level in Level::all() {
                    let selected = s.level == level;
                    let response = chip(ui, selected, level.number().to_string());
                    let enabled = ui.is_enabled();
                    response.widget_info(|| {
                        egui::WidgetInfo::selected(
                            egui::WidgetType::Button,
                            enabled,
                            selected,
                            name(level),
                        )
                    });
                    let response = response.on_hover_text(format!(
                        "{}\n{}",
                        name(level),
                        level_description(lang, level, settings)
                    ));
                    if response.clicked() {
                        s.level = level;
                    }
                }
            });
            description(ui, ai, width, &text(s.level), &all);
        });
    });
    ui.end_row();
}

/// How a level plays, in a line.
fn level_description(lang: Lang, level: Level, settings: &UserSettings) -> String {
    match level.number() {
        1 => lang.t("Plays loosely and often misses threats.").to_owned(),
        2 => lang
            .t("Sees the obvious moves but still makes mistakes.")
            .to_owned(),
        3 => lang.t("Reads a few moves ahead. A fair game.").to_owned(),
        4 => lang.t("Searches deep. A strong opponent.").to_owned(),
        _ => fill(
            lang.t("Full strength, up to {secs} s per move."),
            &[("secs", &settings.master_move_secs)],
        ),
    }
}

/// The rule: a chip per rule, and what the chosen one means.
fn rule_rows(ui: &mut egui::Ui, lang: Lang, s: &mut GameSetup, width: f32) {
    let text = |rule: Rule| match rule {
        Rule::Freestyle => lang.t("Five or more in a row wins."),
        Rule::Standard => lang.t("Exactly five in a row wins; six or more do not."),
        Rule::Renju => lang.t("Black may not make a double-three, a double-four or an overline."),
    };
    let all: Vec<String> = Rule::ALL.iter().map(|&r| text(r).to_owned()).collect();
    top_row_label(ui, true, lang.t("Rule"));
    ui.vertical(|ui| {
        ui.horizontal(|ui| {
            for rule in Rule::ALL {
                if chip(ui, s.rule == rule, lang.t(rule_label(rule))).clicked() {
                    s.rule = rule;
                }
            }
        });
        description(ui, true, width, text(s.rule), &all);
    });
    ui.end_row();
}

/// The opening rules, each offered when the rule and board can take it (Soosõrv-8: renju);
/// one that no longer fits after a change of rule or size falls back to none.
fn opening_row(ui: &mut egui::Ui, lang: Lang, s: &mut GameSetup) {
    let fits = |o: OpeningRule| Opening::new(o, s.rule, s.size).is_ok();
    if !fits(s.opening) {
        s.opening = OpeningRule::None;
    }
    ui.label(lang.t("Opening"));
    ui.horizontal(|ui| {
        for o in OpeningRule::ALL {
            let fits = fits(o);
            let response = ui.add_enabled_ui(fits, |ui| {
                chip(ui, s.opening == o, lang.t(opening_label(o)))
            });
            let response = if fits {
                response.inner.on_hover_text(lang.t(opening_summary(o)))
            } else {
                response
                    .inner
                    .on_disabled_hover_text(lang.t("Soosõrv-8 is played under the renju rule."))
            };
            if response.clicked() {
                s.opening = o;
            }
        }
    });
    ui.end_row();
}

/// The board sizes, each with a picture of its grid drawn to scale.
fn board_row(ui: &mut egui::Ui, lang: Lang, s: &mut GameSetup) {
    ui.label(lang.t("Board"));
    ui.horizontal(|ui| {
        // A picture beside each name where the four fit so; in a narrower menu the names
        // alone (a picture over each would make the menu taller than a small window).
        let beside = TileShape::measure(ui, true);
        let gaps = ui.spacing().item_spacing.x * (SIZES.len() - 1) as f32;
        let shape = if beside.tile.x * SIZES.len() as f32 + gaps <= ui.available_width() {
            beside
        } else {
            TileShape::measure(ui, false)
        };
        for size in SIZES {
            if board_tile(ui, &shape, s.size == size, size).clicked() {
                s.size = size;
            }
        }
    });
    ui.end_row();
}

/// Points between two lines of a tile's picture.
const STEP: f32 = 1.5;
/// Points between a tile's picture and its name.
const GAP: f32 = 4.0;

/// The shape the board tiles share: every tile as large as the largest picture and the widest
/// name, with the picture beside the name or (`pictured` false) the name alone.
struct TileShape {
    pictured: bool,
    tile: egui::Vec2,
}

impl TileShape {
    fn measure(ui: &egui::Ui, pictured: bool) -> TileShape {
        let largest = STEP * (SIZES[SIZES.len() - 1] as f32 + 1.0);
        let font = egui::TextStyle::Button.resolve(ui.style());
        let names = SIZES.map(|size| {
            ui.painter()
                .layout_no_wrap(board_name(size), font.clone(), egui::Color32::PLACEHOLDER)
                .size()
        });
        let widest = names.iter().map(|n| n.x).fold(0.0, f32::max);
        let tallest = names.iter().map(|n| n.y).fold(0.0, f32::max);
        let pad = ui.spacing().button_padding;
        let tile = if pictured {
            egui::vec2(
                pad.x * 2.0 + largest + GAP + widest,
                (pad.y * 2.0 + largest.max(tallest)).max(ui.spacing().interact_size.y),
            )
        } else {
            egui::vec2(
                pad.x * 2.0 + widest,
                (pad.y * 2.0 + tallest).max(ui.spacing().interact_size.y),
            )
        };
        TileShape { pictured, tile }
    }
}

/// A board size's name on its tile.
fn board_name(size: u8) -> String {
    format!("{size}\u{d7}{size}")
}

/// A selectable tile with a picture of a `size` board (its grid drawn to scale, so the sizes
/// compare) beside its name, or its name alone, as `shape` says.
fn board_tile(ui: &mut egui::Ui, shape: &TileShape, selected: bool, size: u8) -> egui::Response {
    let largest = STEP * (SIZES[SIZES.len() - 1] as f32 + 1.0);
    let text = board_name(size);
    let galley = ui.painter().layout_no_wrap(
        text.clone(),
        egui::TextStyle::Button.resolve(ui.style()),
        egui::Color32::PLACEHOLDER,
    );
    let pad = ui.spacing().button_padding;
    let tile = shape.tile;
    let (rect, response) = ui.allocate_exact_size(tile, egui::Sense::click());
    let enabled = ui.is_enabled();
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::WidgetType::Button, enabled, selected, &text)
    });
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact_selectable(&response, selected);
        let painter = ui.painter();
        painter.rect(
            rect.expand(visuals.expansion),
            BUTTON_RADIUS,
            visuals.weak_bg_fill,
            visuals.bg_stroke,
            egui::StrokeKind::Inside,
        );
        let ink = visuals.text_color();
        let text_pos = if shape.pictured {
            let centre = egui::pos2(rect.left() + pad.x + largest / 2.0, rect.center().y);
            board_picture(painter, centre, size, ink);
            egui::pos2(
                rect.left() + pad.x + largest + GAP,
                rect.center().y - galley.size().y / 2.0,
            )
        } else {
            rect.center() - galley.size() / 2.0
        };
        painter.galley(text_pos, galley, ink);
    }
    response
}

/// A `size` board's grid drawn to scale around `centre`.
fn board_picture(painter: &egui::Painter, centre: egui::Pos2, size: u8, ink: egui::Color32) {
    let picture = STEP * (size as f32 + 1.0);
    let square = egui::Rect::from_center_size(centre, egui::vec2(picture, picture));
    painter.rect_filled(square, 2.0, ink.gamma_multiply(0.18));
    let grid = egui::Stroke::new(0.6, ink.gamma_multiply(0.7));
    let first = square.min + egui::vec2(STEP, STEP);
    let span = STEP * (size as f32 - 1.0);
    for i in 0..size {
        let d = STEP * i as f32;
        painter.line_segment(
            [first + egui::vec2(d, 0.0), first + egui::vec2(d, span)],
            grid,
        );
        painter.line_segment(
            [first + egui::vec2(0.0, d), first + egui::vec2(span, d)],
            grid,
        );
    }
}

/// What a forbidden move does (renju only).
fn forbidden_row(ui: &mut egui::Ui, lang: Lang, s: &mut GameSetup) {
    let renju = s.rule == Rule::Renju;
    row_label(ui, renju, lang.t("Forbidden move"));
    ui.add_enabled_ui(renju, |ui| {
        ui.horizontal(|ui| {
            for (policy, text) in [
                (ForbiddenPolicy::Refuse, lang.t("is refused")),
                (ForbiddenPolicy::Lose, lang.t("loses the game")),
            ] {
                if chip(ui, s.policy == policy, text).clicked() {
                    s.policy = policy;
                }
            }
        });
    });
    ui.end_row();
}

/// The clock of local games: untimed, or one of the time controls offered (for two players,
/// against the AI and AI against AI alike).
fn time_control_row(ui: &mut egui::Ui, lang: Lang, s: &mut GameSetup) {
    row_label(ui, true, lang.t("Clock"));
    ui.horizontal_wrapped(|ui| {
        let choices = std::iter::once(None).chain(TIME_CONTROLS.into_iter().map(Some));
        for time in choices {
            let chosen = chip(ui, s.time == time, time_control_name(time, lang)).on_hover_text(
                lang.t("Each side's time for the game, and the seconds added after each move"),
            );
            if chosen.clicked() {
                s.time = time;
            }
        }
    });
    ui.end_row();
}

/// A drop-down of the profiles; `none` adds an entry for nobody. Returns the choice when one
/// was made.
fn profile_combo(
    ui: &mut egui::Ui,
    id: &str,
    profiles: &PlayerProfiles,
    current: Option<ProfileId>,
    none: Option<&str>,
    lang: Lang,
) -> Option<Option<ProfileId>> {
    let name_of = |id: Option<ProfileId>| {
        id.and_then(|id| profiles.get(id).ok())
            .map(|p| p.name.clone())
            .unwrap_or_else(|| none.unwrap_or(lang.t("Guest")).to_owned())
    };
    let mut picked = None;
    egui::ComboBox::from_id_salt(id)
        .selected_text(name_of(current))
        .width(PLAYER_COMBO_WIDTH)
        .truncate()
        .show_ui(ui, |ui| {
            if let Some(none) = none
                && ui.selectable_label(current.is_none(), none).clicked()
            {
                picked = Some(None);
            }
            for p in &profiles.list {
                if ui
                    .selectable_label(current == Some(p.id), &p.name)
                    .clicked()
                {
                    picked = Some(Some(p.id));
                }
            }
        });
    picked
}
