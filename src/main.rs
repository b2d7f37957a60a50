//! The game: `gomoku [--mode M] [--level N] [--size N] [--rule R] [--moves "h8 i9"]
//! [--screenshot FILE]`; `gomoku --help` lists the options. On the desktop it is one file: the
//! pictures and sounds are built in.

use std::path::PathBuf;

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::winit::{UpdateMode, WinitSettings};
use gomoku::app::assets::AssetOrigin;
use gomoku::app::startup_log::Verbosity;
use gomoku::app::window::{RememberWindowPlace, SoftwareRenderer};
use gomoku::app::{GamePlugin, Screen, SettingsOverride};
use gomoku::cli::{self, CliOptions};

fn main() -> AppExit {
    let Some(options) = options() else {
        return AppExit::error();
    };
    let CliOptions {
        setup,
        screenshot,
        frame_report,
        play_now,
        setup_given,
        language,
        theme,
        dialog,
        replay_newest,
        analyse,
        review,
        puzzles,
        online,
        join,
        quick_match,
        account,
        hints,
        window,
        assets: asset_folder,
        past_move,
        verbose,
    } = options;
    // The browser's console is a developer's (and the web tests read the analysis there).
    let verbosity = if verbose || cfg!(target_arch = "wasm32") {
        Verbosity::Verbose
    } else {
        Verbosity::Quiet
    };
    verbosity.quiet_system_libraries();
    // Runs that capture the screen, or are given a size, keep their window as it is; the
    // others open it where the player left it.
    let remembered = !cfg!(target_arch = "wasm32")
        && window.is_none()
        && screenshot.is_none()
        && frame_report.is_none();
    let (asset_folder, asset_origin) = match assets(asset_folder) {
        Ok(found) => found,
        Err(e) => {
            eprintln!("gomoku: {e}");
            return AppExit::error();
        }
    };
    // A machine with no graphics driver, or no screen: a word of advice, not a panic.
    #[cfg(not(target_arch = "wasm32"))]
    let renderer = match gomoku::app::window::renderer::find() {
        Ok(r) => r,
        Err(advice) => {
            eprintln!("{advice}");
            return AppExit::error();
        }
    };
    #[cfg(not(target_arch = "wasm32"))]
    if let Err(advice) = gomoku::app::window::renderer::find_display() {
        eprintln!("{advice}");
        return AppExit::error();
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(notice) = renderer.notice() {
        eprintln!("{notice}");
    }
    #[cfg(not(target_arch = "wasm32"))]
    let software = renderer.software;
    #[cfg(target_arch = "wasm32")]
    let software = false;
    #[cfg(not(target_arch = "wasm32"))]
    let render = RenderPlugin {
        render_creation: renderer.settings().into(),
        ..default()
    };
    #[cfg(target_arch = "wasm32")]
    let render = RenderPlugin::default();
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(render)
            .set(verbosity.log_plugin())
            .set(WindowPlugin {
                primary_window: Some(gomoku::app::window::primary_window(window, remembered)),
                ..default()
            })
            .set(AssetPlugin {
                file_path: asset_folder,
                // We ship no .meta files; not asking for them spares the web build 404s.
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    .insert_resource(asset_origin)
    .insert_resource(SettingsOverride { language, theme });
    if setup_given {
        app.insert_resource(setup);
    }
    if replay_newest {
        app.insert_resource(gomoku::app::OpenNewestReplay);
    }
    if analyse {
        app.insert_resource(gomoku::app::analysis::OpenAnalysis);
    }
    if puzzles {
        app.insert_resource(gomoku::app::analysis::puzzles::OpenPuzzles { hints });
    }
    if review {
        app.insert_resource(gomoku::app::analysis::review::OpenReview);
    }
    if remembered {
        app.insert_resource(RememberWindowPlace);
    }
    if software {
        app.insert_resource(SoftwareRenderer);
    }
    if let Some(n) = past_move {
        app.insert_resource(gomoku::app::play::look_back::OpenPastMove(n));
    }
    if let Some(dialog) = dialog {
        app.insert_state(dialog);
    }
    if play_now {
        app.insert_state(Screen::Playing);
    }
    if online {
        app.insert_state(Screen::Lobby);
        app.insert_resource(gomoku::app::online::JoinOnConnect(join));
        app.insert_resource(gomoku::app::online::QuickMatchOnConnect(quick_match));
    }
    if account {
        app.insert_resource(gomoku::app::online::OpenAccount);
    }
    // Full pace to start with; the game slows down by itself when nothing moves (app::pace).
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::Continuous,
        unfocused_mode: UpdateMode::Continuous,
    });
    if let Some(path) = frame_report {
        // Before the game: it sets up the position and the screen.
        app.add_plugins(gomoku::app::capture::frame_report::plugin(path));
    }
    app.add_plugins(GamePlugin);
    if let Some(path) = screenshot {
        app.add_plugins(gomoku::app::capture::screenshot::plugin(path));
    }
    app.run()
}

/// Where the pictures and sounds are read from: the copies built into the game on the desktop,
/// or the folder `--assets` names (which must be there); `assets/` beside the page on the web.
/// Returns the folder for Bevy's `AssetPlugin` and the origin to load from.
fn assets(folder: Option<PathBuf>) -> Result<(String, AssetOrigin), String> {
    if cfg!(target_arch = "wasm32") {
        return Ok(("assets".to_owned(), AssetOrigin::Folder));
    }
    let Some(folder) = folder else {
        // Nothing is read from this folder.
        return Ok(("assets".to_owned(), AssetOrigin::Embedded));
    };
    let folder =
        std::path::absolute(&folder).map_err(|e| format!("--assets {}: {e}", folder.display()))?;
    if !folder.is_dir() {
        return Err(format!(
            "--assets {}: there is no such folder",
            folder.display()
        ));
    }
    Ok((folder.display().to_string(), AssetOrigin::Folder))
}

/// The command line, read by clap: `--help` prints the options and a bad one is named, both
/// ending the program here (with success, or with code 2).
#[cfg(not(target_arch = "wasm32"))]
fn options() -> Option<CliOptions> {
    Some(cli::parse(std::env::args_os().skip(1)).unwrap_or_else(|e| e.exit()))
}

/// On the web, the page's query string (`?mode=human-black&level=3` is `--mode human-black
/// --level 3`); a bad option is named in the browser's console.
#[cfg(target_arch = "wasm32")]
fn options() -> Option<CliOptions> {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    cli::parse_query(&query)
        .inspect_err(|e| eprintln!("gomoku: {e}"))
        .ok()
}
