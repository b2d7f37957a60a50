//! The main menu, as the game's title screen: the name over a small board where stones settle,
//! the big choices of who plays ([`choices`]), the options for that game ([`options`]), "New
//! game" and "Back to the game", and the doors to puzzles, online play, the games, the players
//! and the settings. It covers the window over the board (dimmed behind it), fits windows from
//! a phone held upright to 1080p, scrolls when a window is smaller still, and works with the
//! keyboard alone: "New game" has the focus when the menu opens (Enter starts), Tab and the
//! arrow keys move between the controls, Enter or Space picks, Esc goes back to the game.
//! Every row is always there (greyed out when it does not apply), so nothing moves under the
//! pointer when an option changes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::Lang;
use crate::app::theme::style::colour32;
use crate::app::theme::widgets::{icon_button, primary_button};
use crate::app::theme::{Palette, UiSystems, icons};
use crate::app::{
    ActiveSetup, Board, Dialog, GameCommand, GameOnBoard, GameOpening, GameSetup, PlayerProfiles,
    PuzzleCommand, Screen, UserSettings,
};

mod action;
mod choices;
mod options;
mod title;

use action::MenuAction;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu
            .run_if(in_state(Screen::Menu))
            .in_set(UiSystems::Screens),
    );
}

/// The widest the menu's content grows, in points.
const MAX_WIDTH: f32 = 1040.0;
/// Narrower than this, the menu is one column (a phone held upright).
const TWO_COLUMNS: f32 = 700.0;
/// The widest in windows at least [`LARGE_HEIGHT`] tall (1080p), with a larger title and
/// cards.
const MAX_WIDTH_LARGE: f32 = 1160.0;
/// From this height on, the menu is large.
const LARGE_HEIGHT: f32 = 1000.0;
/// Lower than this, the menu is compact (a smaller title and cards).
const COMPACT_HEIGHT: f32 = 720.0;
/// The gap between the menu's blocks.
const GAP: f32 = 16.0;
/// The least gap between the top bar and the menu's title.
const UNDER_THE_BAR: f32 = 8.0;
/// How much of the scrim is laid over the menu again while a window is open over it.
const UNDER_A_WINDOW: f32 = 0.6;

/// What the menu shows besides the set-up it changes.
struct MenuView<'a> {
    lang: Lang,
    settings: &'a UserSettings,
    palette: &'a Palette,
    /// The set-up is not the game's on the board.
    differs: bool,
    /// Where "Back to the game" goes, if there is a game.
    back: Option<Screen>,
    /// Whether it takes input (not while a window is open over it).
    interactive: bool,
    /// The width of the panel beside the board, if the window has one.
    side_panel: f32,
}

/// The main menu system: drawn on the menu screen, under the windows opened from it.
fn main_menu(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    settings: Res<UserSettings>,
    palette: Res<Palette>,
    mut setup: ResMut<GameSetup>,
    mut profiles: ResMut<PlayerProfiles>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    board: Res<Board>,
    on_board: Res<GameOnBoard>,
    open: Res<State<Dialog>>,
    mut next: ResMut<NextState<Screen>>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut commands: MessageWriter<GameCommand>,
    mut puzzles: MessageWriter<PuzzleCommand>,
    layout: Option<Res<BoardLayout>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The game's seats, not the colours its opening gave.
    let differs = opening.seated(&active.0).without_position() != setup.without_position()
        && !board.board().moves().is_empty();
    let view = MenuView {
        lang: *lang,
        settings: &settings,
        palette: &palette,
        differs,
        back: on_board.back_to(&board.0),
        interactive: *open.get() == Dialog::None,
        side_panel: layout.map_or(0.0, |l| l.side_panel),
    };
    let s = setup.bypass_change_detection();
    let before = s.clone();
    let action = show_main_menu(ctx, &view, s, &mut profiles);
    if *s != before {
        s.clear_position();
        setup.set_changed();
    }
    match action {
        Some(MenuAction::NewGame) => {
            commands.write(GameCommand::NewGame);
            next.set(Screen::Playing);
        }
        Some(MenuAction::Back(screen)) => next.set(screen),
        Some(MenuAction::Open(d)) => dialog.set(d),
        Some(MenuAction::Puzzles) => {
            puzzles.write(PuzzleCommand::Open);
        }
        Some(MenuAction::Online) => next.set(Screen::Lobby),
        None => {}
    }
    Ok(())
}

/// Draws the menu over the whole window; returns what was clicked.
fn show_main_menu(
    ctx: &egui::Context,
    view: &MenuView,
    s: &mut GameSetup,
    profiles: &mut PlayerProfiles,
) -> Option<MenuAction> {
    let mut action = None;
    let screen = ctx.content_rect();
    let id = egui::Id::new("main_menu");
    let layer = egui::LayerId::new(egui::Order::Middle, id);
    let opening = !ctx.memory(|m| m.areas().visible_last_frame(&layer));
    let now = ctx.input(|i| i.time) as f32;
    let opened_at = ctx.data_mut(|d| {
        let at = d.get_temp_mut_or(id, now);
        if opening {
            *at = now;
        }
        *at
    });
    egui::Area::new(id)
        .order(egui::Order::Middle)
        .fixed_pos(screen.min)
        .interactable(view.interactive)
        .show(ctx, |ui| {
            ui.set_min_size(screen.size());
            ui.set_max_size(screen.size());
            ui.painter()
                .rect_filled(screen, 0.0, colour32(view.palette.ui.scrim));
            if !view.interactive {
                // Under a window: no input and no keyboard focus, but not faded (the rows
                // that do not apply still are, once).
                let faded = ui.visuals().disabled_alpha;
                ui.visuals_mut().disabled_alpha = 1.0;
                ui.disable();
                ui.visuals_mut().disabled_alpha = faded;
            }
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let since = now - opened_at;
                    let start = contents(ui, view, s, profiles, &mut action, screen, since);
                    if opening && view.interactive {
                        start.request_focus();
                    }
                });
            keep_focus_under_windows(ui.ctx(), id, opening, view.interactive);
            if !view.interactive {
                // A veil, so the window over the menu stands out.
                let veil = colour32(view.palette.ui.scrim).gamma_multiply(UNDER_A_WINDOW);
                ui.painter().rect_filled(screen, 0.0, veil);
            }
        });
    if view.interactive {
        // Keyboard focus and clicks stay in the menu, not the bars hidden under it.
        ctx.memory_mut(|m| m.set_modal_layer(layer));
    }
    action
}

/// Gives the focus back where it was when a window opened over the menu closes (the button
/// that opened it, say), instead of starting again from the first control: the control with
/// the focus is remembered each frame the menu takes input, and asked for again on the first
/// frame it takes input after a window.
fn keep_focus_under_windows(ctx: &egui::Context, menu: egui::Id, opening: bool, interactive: bool) {
    let remembered = menu.with("focus_before_window");
    let was_interactive = menu.with("was_interactive");
    let before = ctx.data(|d| d.get_temp::<bool>(was_interactive));
    ctx.data_mut(|d| d.insert_temp(was_interactive, interactive));
    if opening {
        // A new visit: "New game" has the focus (or gets it once the window over it closes).
        ctx.data_mut(|d| d.remove::<egui::Id>(remembered));
        return;
    }
    if !interactive {
        return;
    }
    if before == Some(false) {
        if let Some(focus) = ctx.data(|d| d.get_temp::<egui::Id>(remembered)) {
            ctx.memory_mut(|m| m.request_focus(focus));
        }
    } else if let Some(focus) = ctx.memory(|m| m.focused()) {
        ctx.data_mut(|d| d.insert_temp(remembered, focus));
    }
}

/// The menu's contents, laid out for the window `screen`; returns "New game"'s response.
fn contents(
    ui: &mut egui::Ui,
    view: &MenuView,
    s: &mut GameSetup,
    profiles: &mut PlayerProfiles,
    action: &mut Option<MenuAction>,
    screen: egui::Rect,
    since: f32,
) -> egui::Response {
    let lang = view.lang;
    let room = menu_room(screen, view.side_panel);
    let margin = if room.width() < TWO_COLUMNS {
        12.0
    } else {
        24.0
    };
    let widest = if screen.height() >= LARGE_HEIGHT {
        MAX_WIDTH_LARGE
    } else {
        MAX_WIDTH
    };
    let width = (room.width() - 2.0 * margin).min(widest);
    let two_columns = width >= TWO_COLUMNS - 2.0 * margin;
    let compact = screen.height() < COMPACT_HEIGHT;
    // Centred across, and down when there is room (the height is last frame's: it does not
    // change with the options).
    let height_id = egui::Id::new("main_menu_height");
    let last_height = ui.ctx().data(|d| d.get_temp::<f32>(height_id));
    let top = room.top() - screen.top()
        + last_height.map_or(UNDER_THE_BAR, |h| {
            ((room.height() - h) / 2.0).max(UNDER_THE_BAR)
        });
    let left = room.left() + (room.width() - width) / 2.0;
    let origin = egui::pos2(left, ui.max_rect().top() + top);
    let mut column = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(egui::Rect::from_min_size(
                origin,
                egui::vec2(width, f32::INFINITY),
            ))
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    let ui = &mut column;
    let large = screen.height() >= LARGE_HEIGHT;
    let title_height = match (compact, large, two_columns) {
        (true, _, _) => 60.0,
        (false, true, true) => 124.0,
        (false, _, true) => 100.0,
        // One column (a phone held upright): as compact, to leave the room under the top
        // bar to the rows.
        (false, _, false) => 60.0,
    };
    // One column: closer rows, for the same reason.
    let gap = if two_columns { GAP } else { GAP / 2.0 };
    title::title(ui, lang, view.palette, title_height, since);
    ui.add_space(gap);
    let start;
    if two_columns {
        let left_width = (width * 0.32).clamp(240.0, 330.0);
        let right_width = width - left_width - GAP;
        let card_height = match (compact, large) {
            (true, _) => 60.0,
            (false, true) => 84.0,
            (false, false) => 74.0,
        };
        let below = ui.cursor().min;
        let mut left_ui = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(egui::Rect::from_min_size(
                    below,
                    egui::vec2(left_width, f32::INFINITY),
                ))
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        choices::mode_cards(
            &mut left_ui,
            lang,
            s,
            egui::vec2(left_width, card_height),
            true,
        );
        let mut right_ui = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(egui::Rect::from_min_size(
                    below + egui::vec2(left_width + GAP, 0.0),
                    egui::vec2(right_width, f32::INFINITY),
                ))
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        start = game_card(&mut right_ui, view, s, profiles, action, right_width);
        // The doors come after "New game" in the keyboard's order, under the cards.
        left_ui.add_space(GAP);
        choices::entries(&mut left_ui, lang, action, 1, left_width);
        let used = left_ui.min_rect().union(right_ui.min_rect());
        ui.advance_cursor_after_rect(used);
    } else {
        let card = egui::vec2((width - 2.0 * ui.spacing().item_spacing.x) / 3.0, 112.0);
        choices::mode_cards(ui, lang, s, card, false);
        ui.add_space(gap);
        start = game_card(ui, view, s, profiles, action, width);
        ui.add_space(gap);
        let half = (width - ui.spacing().item_spacing.x) / 2.0;
        choices::entries(ui, lang, action, 2, half);
    }
    let height = ui.min_rect().height();
    ui.ctx().data_mut(|d| d.insert_temp(height_id, height));
    ui.add_space(margin);
    start
}

/// The part of the window the menu is laid out in: under the top bar (its buttons stay in
/// view, dimmed), and left of the side panel when the menu's two columns fit there (over the
/// whole width otherwise, rather than half over the panel).
fn menu_room(screen: egui::Rect, side_panel: f32) -> egui::Rect {
    let below = screen.with_min_y(screen.top() + TOP_BAR);
    let beside = below.with_max_x(below.right() - side_panel);
    if side_panel > 0.0 && beside.width() >= TWO_COLUMNS {
        beside
    } else {
        below
    }
}

/// The card with the game's options, "New game" and "Back to the game", `width` wide;
/// returns "New game"'s response.
fn game_card(
    ui: &mut egui::Ui,
    view: &MenuView,
    s: &mut GameSetup,
    profiles: &mut PlayerProfiles,
    action: &mut Option<MenuAction>,
    width: f32,
) -> egui::Response {
    let lang = view.lang;
    let frame = egui::Frame::window(ui.style()).inner_margin(egui::Margin::same(16));
    let inner = width - 32.0 - 2.0 * frame.stroke.width;
    frame
        .show(ui, |ui| {
            ui.set_width(inner);
            options::option_rows(ui, lang, view.settings, s, profiles, action, inner);
            ui.add_space(6.0);
            let start = ui
                .horizontal(|ui| {
                    let start = ui.add(
                        primary_button(lang.t("New game"))
                            .icon(icons::PLAY)
                            .min_size(egui::vec2(180.0, 42.0)),
                    );
                    if start.clicked() {
                        *action = Some(MenuAction::NewGame);
                    }
                    if let Some(back) = view.back
                        && ui
                            .add(
                                icon_button(icons::BACK, lang.t("Back to the game"))
                                    .min_size(egui::vec2(0.0, 42.0)),
                            )
                            .on_hover_text("Esc")
                            .clicked()
                    {
                        *action = Some(MenuAction::Back(back));
                    }
                    start
                })
                .inner;
            // The note keeps its room when it is not shown.
            ui.add_visible(
                view.differs,
                egui::Label::new(
                    egui::RichText::new(lang.t("A new game starts with these settings.")).small(),
                ),
            );
            start
        })
        .inner
}

/// The egui colour of a palette colour.
#[cfg(test)]
mod tests {
    use bevy_egui::egui::accesskit;

    use super::*;
    use crate::app::Mode;
    use crate::app::capture::egui_harness::{
        Accessible, SCREEN, accessible, key, named, run_frame, styled_context,
    };
    use crate::players::settings::Language;
    use gomoku_engine::Rule;

    /// Profiles with one player, as after the first start.
    fn profiles() -> PlayerProfiles {
        let mut profiles = PlayerProfiles::default();
        profiles.ensure_active("Player 1", "2026-11-22T14:00:00Z".into());
        profiles
    }

    /// Runs the menu for `frames` frames on `screen` (key presses in the first), returns the
    /// controls screen readers see in the last frame and the action asked for in any.
    fn menu_frames(
        ctx: &egui::Context,
        screen: egui::Rect,
        view: &MenuView,
        s: &mut GameSetup,
        profiles: &mut PlayerProfiles,
        frames: usize,
        keys: Vec<egui::Event>,
    ) -> (Vec<Accessible>, Option<MenuAction>) {
        ctx.enable_accesskit();
        let mut last = (Vec::new(), None);
        for frame in 0..frames {
            let events = if frame == 0 { keys.clone() } else { Vec::new() };
            let mut action = last.1;
            let output = run_frame(ctx, screen, events, |ctx| {
                action = action.or(show_main_menu(ctx, view, s, profiles));
            });
            last = (accessible(&output), action);
        }
        last
    }

    fn view<'a>(settings: &'a UserSettings, palette: &'a Palette) -> MenuView<'a> {
        MenuView {
            lang: Lang(Language::English),
            settings,
            palette,
            differs: false,
            back: None,
            interactive: true,
            side_panel: 0.0,
        }
    }

    fn rect_of(controls: &[Accessible], name: &str) -> egui::Rect {
        named(controls, name)
            .unwrap_or_else(|| panic!("no control named {name:?} in {controls:#?}"))
            .rect
    }

    #[test]
    fn the_menu_keeps_its_place_when_an_option_changes() {
        let settings = UserSettings::default();
        let palette = Palette::default();
        let mut profiles = profiles();
        let setups = [
            GameSetup::default(),
            GameSetup {
                mode: Mode::TwoPlayers,
                rule: Rule::Renju,
                ..GameSetup::default()
            },
            GameSetup {
                mode: Mode::AiVsAi,
                rule: Rule::Standard,
                size: 19,
                ..GameSetup::default()
            },
        ];
        let ctx = styled_context(SCREEN.height());
        let landmarks = ["Play the AI", "AI level", "Board", "New game", "Settings"];
        let mut places = Vec::new();
        for (i, setup) in setups.iter().enumerate() {
            let mut s = setup.clone();
            let view = MenuView {
                differs: i == 1,
                back: (i == 2).then_some(Screen::Playing),
                ..view(&settings, &palette)
            };
            let (controls, _) = menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 4, vec![]);
            let rects: Vec<egui::Rect> = landmarks.iter().map(|n| rect_of(&controls, n)).collect();
            places.push(rects);
        }
        for rects in &places[1..] {
            assert_eq!(&places[0], rects, "the menu moved: {landmarks:?}");
        }
    }

    #[test]
    fn the_menu_fits_small_wide_and_upright_windows() {
        let settings = UserSettings::default();
        let palette = Palette::default();
        let mut profiles = profiles();
        for (w, h) in [
            (800.0, 600.0),
            (540.0, 960.0),
            (1280.0, 800.0),
            (1920.0, 1080.0),
        ] {
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
            let ctx = styled_context(h);
            let mut s = GameSetup::default();
            let view = MenuView {
                back: Some(Screen::Playing),
                ..view(&settings, &palette)
            };
            let (controls, _) = menu_frames(&ctx, screen, &view, &mut s, &mut profiles, 4, vec![]);
            let buttons: Vec<&Accessible> = controls
                .iter()
                .filter(|c| c.role == accesskit::Role::Button)
                .collect();
            assert!(buttons.len() > 20, "{w}x{h}: {buttons:#?}");
            for b in buttons {
                assert!(
                    screen.contains_rect(b.rect),
                    "{w}x{h}: {:?} at {:?} is outside the window",
                    b.name,
                    b.rect
                );
            }
        }
    }

    #[test]
    fn the_menu_leaves_the_top_bar_and_the_side_panel_uncovered() {
        use crate::app::board::layout::SIDE_PANEL;
        let settings = UserSettings::default();
        let palette = Palette::default();
        let mut profiles = profiles();
        for (w, h) in [(800.0, 600.0), (907.0, 680.0), (1280.0, 800.0)] {
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
            let ctx = styled_context(h);
            let mut s = GameSetup::default();
            let view = MenuView {
                back: Some(Screen::Playing),
                side_panel: SIDE_PANEL,
                ..view(&settings, &palette)
            };
            let (controls, _) = menu_frames(&ctx, screen, &view, &mut s, &mut profiles, 4, vec![]);
            // The title (at least 60 points tall, then a gap) is under the top bar: the first
            // card under it.
            let first = rect_of(&controls, "Play the AI");
            assert!(
                first.top() >= TOP_BAR + 60.0 + GAP,
                "{w}x{h}: the title is over the top bar (the first card at {first:?})"
            );
            // Where the menu fits beside the side panel (its two columns), it leaves it be.
            if w - SIDE_PANEL >= TWO_COLUMNS {
                let interactive = [accesskit::Role::Button, accesskit::Role::ComboBox];
                for c in controls.iter().filter(|c| interactive.contains(&c.role)) {
                    assert!(
                        c.rect.right() <= w - SIDE_PANEL,
                        "{w}x{h}: {:?} at {:?} covers the side panel",
                        c.name,
                        c.rect
                    );
                }
            }
        }
    }

    #[test]
    fn every_control_has_a_name_for_screen_readers() {
        let settings = UserSettings::default();
        let palette = Palette::default();
        let mut profiles = profiles();
        let ctx = styled_context(SCREEN.height());
        let mut s = GameSetup::default();
        let view = MenuView {
            back: Some(Screen::Playing),
            ..view(&settings, &palette)
        };
        let (controls, _) = menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 3, vec![]);
        let interactive = [
            accesskit::Role::Button,
            accesskit::Role::ComboBox,
            accesskit::Role::CheckBox,
            accesskit::Role::RadioButton,
        ];
        let mut seen = 0;
        for c in controls.iter().filter(|c| interactive.contains(&c.role)) {
            seen += 1;
            let name = c.name.as_deref().unwrap_or_default();
            assert!(!name.trim().is_empty(), "a control without a name: {c:?}");
            assert!(
                icons::ALL.iter().all(|icon| !name.contains(icon)),
                "an icon in the name {name:?}: screen readers get the text alone"
            );
        }
        assert!(seen > 20, "only {seen} controls");
        // The choices say which is chosen, the level chips say which level they are.
        assert_eq!(
            named(&controls, "Play the AI").unwrap().selected,
            Some(true)
        );
        assert_eq!(
            named(&controls, "Two players").unwrap().selected,
            Some(false)
        );
        assert_eq!(named(&controls, "3 - Club").unwrap().selected, Some(true));
        assert_eq!(named(&controls, "15\u{d7}15").unwrap().selected, Some(true));
        assert!(
            named(&controls, "loses the game").unwrap().disabled,
            "renju only"
        );
    }

    #[test]
    fn a_20x20_board_is_offered_beside_13_15_and_19_in_one_row() {
        let settings = UserSettings::default();
        let palette = Palette::default();
        let mut profiles = profiles();
        for (w, h) in [(800.0, 600.0), (540.0, 960.0), (1280.0, 800.0)] {
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
            let ctx = styled_context(h);
            let mut s = GameSetup::default();
            let view = view(&settings, &palette);
            let (controls, _) = menu_frames(&ctx, screen, &view, &mut s, &mut profiles, 4, vec![]);
            let tiles: Vec<egui::Rect> = [13, 15, 19, 20]
                .iter()
                .map(|n| rect_of(&controls, &format!("{n}\u{d7}{n}")))
                .collect();
            for (i, tile) in tiles.iter().enumerate() {
                assert!(screen.contains_rect(*tile), "{w}x{h}: {tile:?}");
                assert_eq!(tile.top(), tiles[0].top(), "{w}x{h}: one row");
                if i > 0 {
                    assert!(tile.left() > tiles[i - 1].right(), "{w}x{h}: side by side");
                }
            }
        }
        // Picked with the keyboard, as any option.
        let ctx = styled_context(SCREEN.height());
        let mut s = GameSetup::default();
        let view = view(&settings, &palette);
        menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 2, vec![]);
        tab_to(&ctx, &view, &mut s, &mut profiles, "20\u{d7}20");
        let enter = key(egui::Key::Enter, false);
        menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 1, enter);
        assert_eq!(s.size, 20);
        let (controls, _) = menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 2, vec![]);
        assert_eq!(named(&controls, "20\u{d7}20").unwrap().selected, Some(true));
        assert_eq!(
            named(&controls, "15\u{d7}15").unwrap().selected,
            Some(false)
        );
    }

    /// Presses Tab until the control named `name` has the focus; nothing is picked meanwhile.
    /// The name of the control that has the keyboard focus.
    fn focused_name(controls: &[Accessible]) -> Option<String> {
        controls
            .iter()
            .find(|c| c.focused)
            .and_then(|c| c.name.clone())
    }

    fn tab_to(
        ctx: &egui::Context,
        view: &MenuView,
        s: &mut GameSetup,
        profiles: &mut PlayerProfiles,
        name: &str,
    ) {
        for _ in 0..60 {
            let tab = key(egui::Key::Tab, false);
            let (controls, action) = menu_frames(ctx, SCREEN, view, s, profiles, 1, tab);
            assert_eq!(action, None);
            if focused_name(&controls).as_deref() == Some(name) {
                return;
            }
        }
        panic!("Tab never reached {name:?}");
    }

    #[test]
    fn the_menu_works_with_the_keyboard_alone() {
        let settings = UserSettings::default();
        let palette = Palette::default();
        let mut profiles = profiles();
        let ctx = styled_context(SCREEN.height());
        let mut s = GameSetup::default();
        let view = view(&settings, &palette);
        // Opened: "New game" has the focus, and Enter starts.
        let (controls, _) = menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 2, vec![]);
        assert_eq!(focused_name(&controls).as_deref(), Some("New game"));
        let enter = key(egui::Key::Enter, false);
        let (_, action) = menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 1, enter.clone());
        assert_eq!(action, Some(MenuAction::NewGame));
        // Tab goes round every control to "Two players"; Enter picks it.
        tab_to(&ctx, &view, &mut s, &mut profiles, "Two players");
        menu_frames(&ctx, SCREEN, &view, &mut s, &mut profiles, 1, enter.clone());
        assert_eq!(s.mode, Mode::TwoPlayers);
        // The arrow keys move between neighbours: down from "Two players" is "Watch the AI".
        let (controls, _) = menu_frames(
            &ctx,
            SCREEN,
            &view,
            &mut s,
            &mut profiles,
            2,
            key(egui::Key::ArrowDown, false),
        );
        assert_eq!(focused_name(&controls).as_deref(), Some("Watch the AI"));
        // Shift+Tab goes back.
        let (controls, _) = menu_frames(
            &ctx,
            SCREEN,
            &view,
            &mut s,
            &mut profiles,
            2,
            key(egui::Key::Tab, true),
        );
        assert_eq!(focused_name(&controls).as_deref(), Some("Two players"));
        // Nothing but the keys changed the set-up.
        assert_eq!(s.rule, Rule::Freestyle);
    }

    #[test]
    fn the_focus_comes_back_where_it_was_when_a_window_closes() {
        let settings = UserSettings::default();
        let palette = Palette::default();
        let mut profiles = profiles();
        let ctx = styled_context(SCREEN.height());
        let mut s = GameSetup::default();
        let open = view(&settings, &palette);
        menu_frames(&ctx, SCREEN, &open, &mut s, &mut profiles, 2, vec![]);
        // Tab to "Players", the door to a window.
        tab_to(&ctx, &open, &mut s, &mut profiles, "Players");
        // The window is open over the menu, then closes.
        let under = MenuView {
            interactive: false,
            ..view(&settings, &palette)
        };
        menu_frames(&ctx, SCREEN, &under, &mut s, &mut profiles, 3, vec![]);
        let (controls, _) = menu_frames(&ctx, SCREEN, &open, &mut s, &mut profiles, 2, vec![]);
        assert_eq!(focused_name(&controls).as_deref(), Some("Players"));
        // And the next Tab goes on from there, not from the first control.
        let (controls, _) = menu_frames(
            &ctx,
            SCREEN,
            &open,
            &mut s,
            &mut profiles,
            1,
            key(egui::Key::Tab, false),
        );
        let next = focused_name(&controls);
        assert!(
            next.is_some() && next.as_deref() != Some("Play the AI"),
            "{next:?}"
        );
    }
}
