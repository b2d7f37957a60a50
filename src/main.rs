//! The game: `gomoku [--mode M] [--level N] [--size N] [--rule R] [--moves "h8 i9"]
//! [--screenshot FILE]`; `gomoku --help` lists the options.

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResizeConstraints;
use bevy::winit::{UpdateMode, WinitSettings};
use gomoku::app::{GamePlugin, Screen, SettingsOverride};
use gomoku::cli::{self, CliOptions};

fn main() -> AppExit {
    let options = match cli::parse(arguments()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("gomoku: {e}\n\n{}", cli::USAGE);
            return AppExit::error();
        }
    };
    let CliOptions {
        setup,
        screenshot,
        frame_report,
        help,
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
        hints,
        window,
        past_move,
    } = options;
    if help {
        println!("{}", cli::USAGE);
        return AppExit::Success;
    }
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Gomoku".into(),
                    // The web page's canvas, filling the page and following its size.
                    canvas: Some("#game".into()),
                    fit_canvas_to_parent: true,
                    resolution: window.unwrap_or((1200, 900)).into(),
                    // A desktop window stays usable; in the browser the page decides (a phone
                    // is narrower than 480).
                    resize_constraints: if cfg!(target_arch = "wasm32") {
                        WindowResizeConstraints::default()
                    } else {
                        WindowResizeConstraints {
                            min_width: 480.0,
                            min_height: 480.0,
                            ..default()
                        }
                    },
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: asset_dir(),
                // We ship no .meta files; not asking for them spares the web build 404s.
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
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

/// Where the pictures and sounds are: `BEVY_ASSET_ROOT` or `assets/` beside the binary when
/// present (installed copies), else the source tree's `assets/` (runs from a build directory).
fn asset_dir() -> String {
    if cfg!(target_arch = "wasm32") {
        // Beside index.html.
        return "assets".to_string();
    }
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("assets")))
        .filter(|dir| dir.is_dir());
    if std::env::var_os("BEVY_ASSET_ROOT").is_some() || beside_exe.is_some() {
        return "assets".to_string();
    }
    concat!(env!("CARGO_MANIFEST_DIR"), "/assets").to_string()
}

/// The command line; on the web, the page's query string (`?mode=human-black&level=3` is
/// `--mode human-black --level 3`).
fn arguments() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let query = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        return cli::query_to_args(&query);
    }
    #[allow(unreachable_code)]
    std::env::args().skip(1).collect()
}
