//! The Games window: every finished game, newest first, to replay or export; and imports of
//! our JSON records, position strings and Piskvork `.psq` files.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::i18n::{Lang, fill, players_text, result_text, rule_label};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_width, dialog_window, error_colour, scroll_within};
use crate::app::{Board, Dialog, GameHistory, GameSetup, Replay, Screen};
use gomoku_engine::record::json::to_json;
use gomoku_engine::record::position_string::to_position_string;
use gomoku_engine::record::psq::to_psq;
use gomoku_engine::record::{
    GameRecord, ImportDefaults, MAX_IMPORT_BYTES, RecordError, date, import, too_long,
};

/// The import box's height: a few lines, then it scrolls.
const IMPORT_BOX_HEIGHT: f32 = 90.0;

/// The stored games, checked once (replaying every record every frame would be slow).
#[derive(Debug, Default)]
struct CheckedGames {
    /// How many stored games were checked.
    len: usize,
    /// Each game, or why it cannot be read.
    games: Vec<Result<GameRecord, RecordError>>,
}

/// What the Games window is doing.
#[derive(Resource, Debug, Default)]
struct GamesWindow {
    /// The checked games.
    checked: CheckedGames,
    /// Text pasted for import.
    import_text: String,
    /// A file to import (desktop).
    #[cfg(not(target_arch = "wasm32"))]
    import_path: String,
    /// The last import or export message, and whether it is an error.
    message: Option<(String, bool)>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GamesWindow>()
        .add_systems(
            EguiPrimaryContextPass,
            games_window
                .run_if(in_state(Dialog::Games))
                .in_set(UiSystems::Windows),
        )
        .add_systems(OnExit(Dialog::Games), forget_the_visit);
}

/// However the window closes (its button, Esc, a game opened in the replay), the next visit
/// starts clean: no text left in the import box, no message about what was done last time.
fn forget_the_visit(mut window: ResMut<GamesWindow>) {
    window.import_text.clear();
    window.message = None;
}

fn games_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    board: Res<Board>,
    setup: Res<GameSetup>,
    mut history: ResMut<GameHistory>,
    mut window: ResMut<GamesWindow>,
    mut dialog: ResMut<NextState<Dialog>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let checked_again = history.is_changed();
    // Work without marking the history changed; an import marks it.
    let stored = history.bypass_change_detection();
    let before = stored.len();
    let (open, replay) = show_games(
        ctx,
        *lang,
        &board,
        &setup,
        stored,
        checked_again,
        &mut window,
    );
    if history.len() != before {
        history.set_changed();
    }
    if let Some(record) = replay {
        let at = record.moves.len();
        commands.insert_resource(Replay { record, at });
        screen.set(Screen::Replay);
        dialog.set(Dialog::None);
    } else if !open {
        dialog.set(Dialog::None);
    }
    Ok(())
}

/// Draws the Games window; returns whether it stays open and the game to replay, if one was
/// picked (or imported).
fn show_games(
    ctx: &egui::Context,
    lang: Lang,
    board: &Board,
    setup: &GameSetup,
    history: &mut crate::players::History,
    check_again: bool,
    w: &mut GamesWindow,
) -> (bool, Option<GameRecord>) {
    let mut open = true;
    let mut replay: Option<GameRecord> = None;
    if check_again || w.checked.len != history.len() {
        w.checked = CheckedGames {
            len: history.len(),
            games: (0..history.len()).filter_map(|i| history.game(i)).collect(),
        };
    }
    let stored = history;
    // Sized to its contents every frame (a resizable window kept the size of its first
    // frame, before the games were listed, and showed one game at a time), at most
    // WINDOW_WIDTH wide and narrower in a narrow window.
    let width = dialog_width(ctx, WINDOW_WIDTH);
    let list_height = (ctx.content_rect().height() - ROOM_ABOVE_THE_LIST).min(LIST_MAX);
    dialog_window(lang.t("Games"), "games_window")
        .open(&mut open)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            import_section(ui, lang, setup, stored, w, &mut replay);
            ui.separator();
            export_current(ui, lang, board, w);
            ui.separator();
            if stored.is_empty() {
                ui.label(lang.t("No games yet. Finished games are kept here."));
            }
            scroll_within(ui, list_height, |ui| {
                for i in (0..w.checked.games.len()).rev() {
                    game_row(ui, lang, stored, i, w, &mut replay);
                }
            });
            message_room(ui, w.message.as_ref());
        });
    (open, replay)
}

/// The last import's or export's message, in a room of [`MESSAGE_LINES`] lines kept whether or
/// not there is one (a longer message scrolls in it): the window keeps its size and place when
/// a message comes, and its buttons stay under the pointer.
fn message_room(ui: &mut egui::Ui, message: Option<&(String, bool)>) {
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let room = MESSAGE_LINES * line + (MESSAGE_LINES - 1.0) * ui.spacing().item_spacing.y;
    egui::ScrollArea::vertical()
        .id_salt("games_message")
        .max_height(room)
        .min_scrolled_height(room)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some((text, is_error)) = message {
                let color = if *is_error {
                    error_colour(ui)
                } else {
                    ui.visuals().text_color()
                };
                ui.colored_label(color, text);
            }
        });
}

/// The lines kept for the window's message.
const MESSAGE_LINES: f32 = 2.0;

/// The window's width where there is room, in points.
const WINDOW_WIDTH: f32 = 560.0;
/// The height the window's title, import section and current game take above the list, with
/// the margins around the window.
const ROOM_ABOVE_THE_LIST: f32 = 460.0;
/// The list of games at most this tall (scrolling).
const LIST_MAX: f32 = 360.0;

fn import_section(
    ui: &mut egui::Ui,
    lang: Lang,
    setup: &GameSetup,
    history: &mut crate::players::History,
    w: &mut GamesWindow,
    replay: &mut Option<GameRecord>,
) {
    ui.strong(lang.t("Import"));
    ui.label(
        lang.t("Paste a Gomoku JSON record, a position string (h8i9j10) or a Piskvork .psq file:"),
    );
    // A box of a few lines that scrolls, whatever is pasted into it, and keeps its height
    // (the window its size) however many lines are typed.
    egui::ScrollArea::vertical()
        .id_salt("import_text")
        .max_height(IMPORT_BOX_HEIGHT)
        .min_scrolled_height(IMPORT_BOX_HEIGHT)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let width = ui.available_width();
            ui.add(
                egui::TextEdit::multiline(&mut w.import_text)
                    .desired_rows(3)
                    .desired_width(f32::INFINITY)
                    .min_size(egui::vec2(width, IMPORT_BOX_HEIGHT))
                    .hint_text("h8i9j10"),
            );
        });
    if w.import_text.len() > MAX_IMPORT_BYTES {
        let error = too_long(w.import_text.len()).to_string();
        w.import_text.clear();
        w.message = Some((
            fill(
                lang.t("Nothing was imported: {error}"),
                &[("error", &lang.message(&error))],
            ),
            true,
        ));
    }
    let defaults = ImportDefaults {
        size: setup.size,
        rule: setup.rule,
        policy: setup.policy,
    };
    // Wrapped: the hint beside the button is long enough to widen the window past its title.
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.t("Import")).clicked() {
            let text = w.import_text.clone();
            finish_import(&text, defaults, lang, history, w, replay);
        }
        ui.small(import_hint(setup, lang));
    });
    #[cfg(not(target_arch = "wasm32"))]
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut w.import_path)
                .hint_text(lang.t("File path"))
                .desired_width(360.0),
        );
        if ui.button(lang.t("Open file")).clicked() {
            match read_import_file(&w.import_path, lang) {
                Ok(text) => finish_import(&text, defaults, lang, history, w, replay),
                Err(message) => w.message = Some((message, true)),
            }
        }
    });
}

/// The text of the file at `path` (as typed: spaces around it are dropped) for an import, or
/// what is wrong, said for the player: no path typed, no such file, a folder, a file too
/// large, or what the system says.
#[cfg(not(target_arch = "wasm32"))]
fn read_import_file(path: &str, lang: Lang) -> Result<String, String> {
    use std::io::ErrorKind;
    let path = path.trim();
    if path.is_empty() {
        return Err(lang
            .t("Type the path of the file to open in the box first.")
            .to_owned());
    }
    let file = [("file", &path as &dyn std::fmt::Display)];
    let cannot_read = |e: &dyn std::fmt::Display| {
        fill(
            lang.t("Cannot read {file}: {error}"),
            &[("file", &path), ("error", &lang.message(&e.to_string()))],
        )
    };
    let metadata = std::fs::metadata(path).map_err(|e| match e.kind() {
        ErrorKind::NotFound => fill(lang.t("There is no file at {file}."), &file),
        _ => cannot_read(&e),
    })?;
    if metadata.is_dir() {
        return Err(fill(lang.t("{file} is a folder, not a file."), &file));
    }
    if metadata.len() > MAX_IMPORT_BYTES as u64 {
        let size = usize::try_from(metadata.len()).unwrap_or(usize::MAX);
        return Err(cannot_read(&too_long(size)));
    }
    std::fs::read_to_string(path).map_err(|e| cannot_read(&e))
}

/// What the menu gives an import that does not say it: a position string its board size and
/// rule, a `.psq` file (which gives its size) the rule.
fn import_hint(setup: &GameSetup, lang: Lang) -> String {
    fill(
        lang.t("Position strings are read on the menu's {size} board with its rule ({rule}); .psq files with its rule."),
        &[
            ("size", &format!("{n}x{n}", n = setup.size)),
            ("rule", &lang.t(rule_label(setup.rule))),
        ],
    )
}

fn finish_import(
    text: &str,
    defaults: ImportDefaults,
    lang: Lang,
    history: &mut crate::players::History,
    w: &mut GamesWindow,
    replay: &mut Option<GameRecord>,
) {
    match import(text, defaults, date::now()) {
        Ok(record) => {
            history.add(&record);
            w.message = Some((
                lang.t("Imported: it is in the list and opens in the replay.")
                    .to_owned(),
                false,
            ));
            w.import_text.clear();
            *replay = Some(record);
        }
        Err(e) => {
            w.message = Some((
                fill(
                    lang.t("Nothing was imported: {error}"),
                    &[("error", &lang.message(&e.to_string()))],
                ),
                true,
            ));
        }
    }
}

fn export_current(ui: &mut egui::Ui, lang: Lang, board: &Board, w: &mut GamesWindow) {
    let moves = board.board().moves();
    ui.horizontal_wrapped(|ui| {
        ui.strong(lang.t("The game on the board:"));
        if ui
            .add_enabled(
                !moves.is_empty(),
                egui::Button::new(lang.t("Copy position string")),
            )
            .clicked()
        {
            ui.ctx()
                .copy_text(to_position_string(moves, board.board().size()));
            w.message = Some((lang.t("Copied to the clipboard.").to_owned(), false));
        }
    });
}

fn game_row(
    ui: &mut egui::Ui,
    lang: Lang,
    history: &crate::players::History,
    i: usize,
    w: &mut GamesWindow,
    replay: &mut Option<GameRecord>,
) {
    let Some(stored) = history.games.get(i) else {
        return;
    };
    let checked = w.checked.games.get(i).cloned();
    ui.horizontal_wrapped(|ui| {
        let when = stored.record.date.replace('T', " ");
        ui.monospace(when.get(..16).unwrap_or(&when));
        match checked {
            Some(Ok(record)) => {
                ui.label(players_text(&record, lang));
                ui.label(format!(
                    "{}, {n}x{n}",
                    lang.t(rule_label(record.rule)),
                    n = record.size
                ));
                ui.label(result_text(&record, lang));
                ui.label(lang.counted(record.moves.len() as u64, "{n} move", "{n} moves"));
                if ui.button(lang.t("Replay")).clicked() {
                    *replay = Some(record.clone());
                }
                ui.menu_button(lang.t("Copy"), |ui| {
                    let copies = [
                        (
                            lang.t("Position string"),
                            to_position_string(&record.moves, record.size),
                        ),
                        (lang.t("JSON record"), to_json(&record)),
                        (lang.t("Piskvork .psq"), to_psq(&record)),
                    ];
                    for (label, text) in copies {
                        if ui.button(label).clicked() {
                            ui.ctx().copy_text(text);
                            w.message =
                                Some((lang.t("Copied to the clipboard.").to_owned(), false));
                            ui.close();
                        }
                    }
                });
                #[cfg(not(target_arch = "wasm32"))]
                if ui.button(lang.t("Save .psq")).clicked() {
                    w.message = Some(match save_psq(&record, i) {
                        Ok(path) => (fill(lang.t("Saved as {file}"), &[("file", &path)]), false),
                        Err(e) => (lang.message(&e), true),
                    });
                }
            }
            Some(Err(e)) => {
                ui.colored_label(
                    error_colour(ui),
                    fill(
                        lang.t("This record cannot be read: {error}"),
                        &[("error", &lang.message(&e.to_string()))],
                    ),
                );
            }
            None => {}
        }
    });
}

/// Writes a game as a `.psq` file in the data directory's `exports` folder.
#[cfg(not(target_arch = "wasm32"))]
fn save_psq(record: &GameRecord, index: usize) -> Result<String, String> {
    let dir = crate::store::FileBackend::platform()
        .map(|b| b.dir().join("exports"))
        .ok_or_else(|| "no data directory to save into".to_owned())?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let stamp: String = record.date.chars().filter(char::is_ascii_digit).collect();
    let path = dir.join(format!("gomoku-{stamp}-{}.psq", index + 1));
    std::fs::write(&path, to_psq(record)).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;

    use crate::app::capture::egui_harness::{
        SCREEN, accessible, run_frame, run_frames, styled_context, window_rect,
    };
    use crate::players::settings::Language;

    #[test]
    fn the_window_opens_again_without_the_last_visits_message() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .init_state::<Dialog>()
            .add_plugins(plugin);
        let open = |app: &mut App, dialog: Dialog| {
            app.world_mut()
                .resource_mut::<NextState<Dialog>>()
                .set(dialog);
            app.update();
        };
        open(&mut app, Dialog::Games);
        // A position string imported (it opens in the replay, which closes the window), and
        // a text typed and left in the box.
        let mut history = crate::players::History::default();
        let mut replay = None;
        let defaults = ImportDefaults {
            size: 15,
            rule: gomoku_engine::Rule::Freestyle,
            policy: Default::default(),
        };
        let lang = Lang(Language::English);
        app.world_mut()
            .resource_scope(|_, mut w: Mut<GamesWindow>| {
                finish_import("h8i9j10", defaults, lang, &mut history, &mut w, &mut replay);
                w.import_text = "h8 i9".to_owned();
            });
        assert!(replay.is_some());
        open(&mut app, Dialog::None);
        open(&mut app, Dialog::Games);
        let w = app.world().resource::<GamesWindow>();
        assert_eq!(w.message, None);
        assert_eq!(w.import_text, "");
    }

    #[test]
    fn the_import_hint_names_the_board_size_a_position_string_is_read_at() {
        let (board, mut history) = (Board::default(), crate::players::History::default());
        let setup = GameSetup {
            size: 13,
            ..GameSetup::default()
        };
        let mut w = GamesWindow::default();
        for language in [Language::English, Language::Chinese] {
            let ctx = styled_context(SCREEN.height());
            ctx.enable_accesskit();
            let mut output = None;
            for _ in 0..3 {
                output = Some(run_frame(&ctx, SCREEN, Vec::new(), |ctx| {
                    show_games(
                        ctx,
                        Lang(language),
                        &board,
                        &setup,
                        &mut history,
                        false,
                        &mut w,
                    );
                }));
            }
            let texts: Vec<String> = accessible(&output.unwrap())
                .into_iter()
                .filter_map(|c| c.name)
                .collect();
            assert!(
                texts.iter().any(|t| t.contains("13x13")),
                "{language:?}: no 13x13 in {texts:#?}"
            );
            // And the hint does not widen the window past its title bar.
            let rect = window_rect(&ctx, "games_window").expect("shown");
            assert!(
                rect.width() <= WINDOW_WIDTH + 0.5,
                "{language:?}: widened to {rect:?}"
            );
        }
    }

    #[test]
    fn a_huge_paste_is_refused_and_the_window_stays_on_the_screen() {
        let lang = Lang(Language::English);
        let (board, setup) = (Board::default(), GameSetup::default());
        let mut history = crate::players::History::default();
        let mut w = GamesWindow::default();
        let ctx = egui::Context::default();
        // 200 KB pasted into the import box.
        w.import_text = "h8 ".repeat(70_000);
        run_frames(&ctx, 5, |ctx| {
            show_games(ctx, lang, &board, &setup, &mut history, false, &mut w);
        });
        let rect = window_rect(&ctx, "games_window").expect("shown");
        assert!(SCREEN.contains_rect(rect), "off the screen: {rect:?}");
        assert!(w.import_text.is_empty(), "the text is not kept");
        let (message, is_error) = w.message.clone().expect("a message");
        assert!(is_error && message.contains("64 KB at most"), "{message}");
        // A text left in the box is gone when the window closes.
        w.import_text = "h8 i9".to_owned();
        let mut open = true;
        run_frames(&ctx, 1, |ctx| {
            open = show_games(ctx, lang, &board, &setup, &mut history, false, &mut w).0;
        });
        assert!(open);
        assert_eq!(w.import_text, "h8 i9", "kept while the window is open");
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn opening_a_file_says_clearly_what_is_wrong_in_both_languages() {
        let folder = std::env::temp_dir();
        let missing = folder.join(format!("gomoku-none-{}.psq", std::process::id()));
        let missing = missing.display().to_string();
        let folder = folder.display().to_string();
        for language in [Language::English, Language::Chinese] {
            let lang = Lang(language);
            for empty in ["", "   "] {
                let said = read_import_file(empty, lang).unwrap_err();
                assert_eq!(
                    said,
                    lang.t("Type the path of the file to open in the box first.")
                );
            }
            let said = read_import_file(&missing, lang).unwrap_err();
            assert_eq!(
                said,
                fill(lang.t("There is no file at {file}."), &[("file", &missing)])
            );
            let said = read_import_file(&folder, lang).unwrap_err();
            assert_eq!(
                said,
                fill(
                    lang.t("{file} is a folder, not a file."),
                    &[("file", &folder)]
                )
            );
            for said in [&said, &read_import_file("", lang).unwrap_err()] {
                assert!(!said.contains("os error"), "{language:?}: {said}");
            }
        }
        let (en, zh) = (Lang(Language::English), Lang(Language::Chinese));
        let english = read_import_file("", en).unwrap_err();
        assert_ne!(read_import_file("", zh).unwrap_err(), english, "translated");
    }

    #[test]
    fn the_window_keeps_its_place_and_size_when_a_message_comes() {
        let (board, setup) = (Board::default(), GameSetup::default());
        let mut history = crate::players::History::default();
        for language in [Language::English, Language::Chinese] {
            let lang = Lang(language);
            for screen in [
                SCREEN,
                egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0)),
            ] {
                let ctx = styled_context(screen.height());
                let mut w = GamesWindow::default();
                let mut place = |w: &mut GamesWindow| {
                    for _ in 0..3 {
                        run_frame(&ctx, screen, Vec::new(), |ctx| {
                            show_games(ctx, lang, &board, &setup, &mut history, false, w);
                        });
                    }
                    window_rect(&ctx, "games_window").expect("shown")
                };
                let first = place(&mut w);
                let short = lang.t("Copied to the clipboard.").to_owned();
                let long = fill(
                    lang.t("Cannot read {file}: {error}"),
                    &[
                        (
                            "file",
                            &"/home/ann/games/2026/november/a-long-name.psq".repeat(4),
                        ),
                        ("error", &"Permission denied (os error 13)"),
                    ],
                );
                for message in [short, long] {
                    w.message = Some((message.clone(), true));
                    assert_eq!(place(&mut w), first, "{language:?}: {message}");
                }
                w.import_text = "h8 i9\n".repeat(12);
                assert_eq!(place(&mut w), first, "{language:?}: twelve lines typed");
                w.message = None;
                assert_eq!(place(&mut w), first, "{language:?}: the message put away");
            }
        }
    }
}
