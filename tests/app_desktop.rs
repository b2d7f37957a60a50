//! The desktop program, headless: the pictures and sounds built into the binary, a missing or
//! damaged one named, and the window fitted to the screen, put back where it was left and its
//! place remembered.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{
    ExitCondition, Monitor, PrimaryMonitor, PrimaryWindow, WindowMoved, WindowPlugin, WindowResized,
};
use gomoku::app::assets::{AssetOrigin, AssetsStatus, GameAssets};
use gomoku::app::window::RememberWindowPlace;
use gomoku::app::{GamePlugin, SceneReady, Screen, SettingsOverride, Storage};
use gomoku::players::WindowPlace;
use gomoku::players::settings::Language;
use gomoku::store::{Loaded, MemoryBackend, Store};

/// A fresh empty folder for this test.
fn empty_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The game with sounds (no renderer, so no textures), reading its assets from `origin`, with
/// Bevy's asset folder at `folder`.
fn app_with_sounds(origin: AssetOrigin, folder: &Path) -> App {
    let mut app = App::new();
    let assets = bevy::asset::AssetPlugin {
        file_path: folder.display().to_string(),
        ..default()
    };
    app.add_plugins((MinimalPlugins, StatesPlugin, assets))
        .add_plugins(bevy::audio::AudioPlugin::default())
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(origin)
        .add_plugins(GamePlugin);
    app.update();
    app
}

fn status(app: &App) -> AssetsStatus {
    let world = app.world();
    world.resource::<GameAssets>().status(
        world.resource::<AssetServer>(),
        world.get_resource::<Assets<bevy::audio::AudioSource>>(),
    )
}

/// Runs frames until the loading is over (at most `limit`).
fn load(app: &mut App, limit: usize) -> AssetsStatus {
    for _ in 0..limit {
        let now = status(app);
        if now != AssetsStatus::Loading {
            return now;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    AssetsStatus::Loading
}

fn exits(app: &mut App) -> Vec<AppExit> {
    app.world_mut()
        .resource_mut::<Messages<AppExit>>()
        .drain()
        .collect()
}

#[test]
fn the_built_in_sounds_load_with_no_assets_folder() {
    let empty = empty_folder("built-in");
    let mut app = app_with_sounds(AssetOrigin::Embedded, &empty);
    assert_eq!(load(&mut app, 2_000), AssetsStatus::Ready);
    app.update();
    assert!(app.world().resource::<SceneReady>().0);
    assert!(exits(&mut app).is_empty());
    let _ = std::fs::remove_dir_all(&empty);
}

#[test]
fn a_missing_asset_is_named_the_scene_never_counts_as_ready_and_the_game_exits() {
    let empty = empty_folder("no-assets");
    let mut app = app_with_sounds(AssetOrigin::Folder, &empty);
    let AssetsStatus::Failed(files) = load(&mut app, 2_000) else {
        panic!("the loading fails")
    };
    // Every sound is named, each once.
    assert_eq!(files.len(), 8, "{files:?}");
    for name in ["sounds/stone_1.wav", "sounds/win.wav", "sounds/button.wav"] {
        assert!(files.iter().any(|f| f.starts_with(name)), "{files:?}");
    }
    for _ in 0..5 {
        app.update();
    }
    assert!(!app.world().resource::<SceneReady>().0);
    assert_eq!(
        exits(&mut app),
        vec![AppExit::error()],
        "the game exits once"
    );
    let _ = std::fs::remove_dir_all(&empty);
}

#[test]
fn a_damaged_sound_is_named_with_the_reason() {
    let folder = empty_folder("damaged-sound");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    std::fs::create_dir_all(folder.join("sounds")).unwrap();
    for entry in std::fs::read_dir(&source).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, folder.join("sounds").join(path.file_name().unwrap())).unwrap();
    }
    std::fs::write(folder.join("sounds/win.wav"), "<html>404</html>").unwrap();
    let mut app = app_with_sounds(AssetOrigin::Folder, &folder);
    assert_eq!(
        load(&mut app, 2_000),
        AssetsStatus::Failed(vec!["sounds/win.wav (not a WAV file)".to_owned()])
    );
    app.update();
    assert!(!app.world().resource::<SceneReady>().0);
    assert_eq!(exits(&mut app), vec![AppExit::error()]);
    let _ = std::fs::remove_dir_all(&folder);
}

/// The game in a hidden 1200x900 window on the given screens (the first the main one), its
/// documents in `store`, remembering the window's place.
fn app_with_window(store: Store, screens: &[(IVec2, UVec2, f64)]) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        WindowPlugin {
            primary_window: None,
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        },
    ))
    .insert_resource(Storage(store))
    .insert_resource(common::english())
    .insert_resource(RememberWindowPlace)
    .insert_state(Screen::Menu)
    .add_plugins(GamePlugin);
    app.world_mut().spawn((
        Window {
            resolution: (1200, 900).into(),
            visible: false,
            ..default()
        },
        PrimaryWindow,
    ));
    for (i, (corner, size, scale)) in screens.iter().enumerate() {
        let mut screen = app.world_mut().spawn(Monitor {
            name: Some(format!("screen {i}")),
            physical_height: size.y,
            physical_width: size.x,
            physical_position: *corner,
            refresh_rate_millihertz: None,
            scale_factor: *scale,
            video_modes: Vec::new(),
        });
        if i == 0 {
            screen.insert(PrimaryMonitor);
        }
    }
    app.update();
    app
}

fn window(app: &mut App) -> (Entity, Window) {
    let mut query = app
        .world_mut()
        .query_filtered::<(Entity, &Window), With<PrimaryWindow>>();
    let (entity, window) = query.single(app.world()).unwrap();
    (entity, window.clone())
}

fn saved(app: &App) -> Loaded<WindowPlace> {
    app.world().resource::<Storage>().load::<WindowPlace>()
}

const SMALL_SCREEN: (IVec2, UVec2, f64) = (IVec2::ZERO, UVec2::new(1024, 600), 1.0);

#[test]
fn the_first_window_fits_a_small_screen_and_nothing_is_saved_until_it_moves() {
    let mut app = app_with_window(Store::in_memory(), &[SMALL_SCREEN]);
    let (_, w) = window(&mut app);
    assert!(w.visible, "shown once placed");
    assert_eq!(w.resolution.size(), Vec2::new(680.0, 510.0));
    let WindowPosition::At(corner) = w.position else {
        panic!("placed at {:?}", w.position)
    };
    assert!(corner.x > 0 && corner.y > 0 && corner.x + 680 < 1024 && corner.y + 510 < 600);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(saved(&app), Loaded::Missing);
}

#[test]
fn the_window_comes_back_where_it_was_left() {
    let store = Store::in_memory();
    let place = WindowPlace {
        position: Some((1990, 40)),
        size: (900, 700),
        maximized: false,
    };
    store.save(&place).unwrap();
    let second = (IVec2::new(1920, 0), UVec2::new(1920, 1080), 1.0);
    let main = (IVec2::ZERO, UVec2::new(1920, 1080), 1.0);
    let mut app = app_with_window(store, &[main, second]);
    let (_, w) = window(&mut app);
    assert_eq!(w.position, WindowPosition::At(IVec2::new(1990, 40)));
    assert_eq!(w.resolution.size(), Vec2::new(900.0, 700.0));
    assert!(w.visible);
}

#[test]
fn a_window_left_on_an_unplugged_screen_opens_on_the_main_one() {
    let store = Store::in_memory();
    store
        .save(&WindowPlace {
            position: Some((1990, 40)),
            size: (900, 700),
            maximized: false,
        })
        .unwrap();
    let mut app = app_with_window(store, &[SMALL_SCREEN]);
    let (_, w) = window(&mut app);
    let WindowPosition::At(corner) = w.position else {
        panic!("placed at {:?}", w.position)
    };
    assert!(corner.x < 1024 && corner.y < 600, "{corner}");
    assert_eq!(w.resolution.size(), Vec2::new(680.0, 510.0));
    assert!(w.visible);
}

#[test]
fn a_damaged_window_file_is_kept_aside_and_the_window_fits_the_screen() {
    let store = Store::new(MemoryBackend::with(&[(
        "window.json",
        r#"{"format": "gomoku-window", "version": 1, "data": {"size": [900"#,
    )]));
    let mut app = app_with_window(store, &[SMALL_SCREEN]);
    let (_, w) = window(&mut app);
    assert_eq!(w.resolution.size(), Vec2::new(680.0, 510.0));
    assert!(w.visible);
    // Moved aside (so no longer there to read), not overwritten.
    assert_eq!(saved(&app), Loaded::Missing);
}

#[test]
fn a_moved_and_resized_window_is_remembered_when_the_game_exits() {
    let mut app = app_with_window(Store::in_memory(), &[SMALL_SCREEN]);
    let (entity, _) = window(&mut app);
    {
        let mut w = app.world_mut().get_mut::<Window>(entity).unwrap();
        w.position = WindowPosition::At(IVec2::new(30, 20));
        w.resolution.set(800.0, 540.0);
    }
    app.world_mut().write_message(WindowMoved {
        window: entity,
        position: IVec2::new(30, 20),
    });
    app.world_mut().write_message(WindowResized {
        window: entity,
        width: 800.0,
        height: 540.0,
    });
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(
        saved(&app),
        Loaded::Found(WindowPlace {
            position: Some((30, 20)),
            size: (800, 540),
            maximized: false,
        })
    );
}

#[test]
fn a_window_of_a_given_size_is_left_as_it_is() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, WindowPlugin::default()))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .add_plugins(GamePlugin);
    app.update();
    let (entity, w) = window(&mut app);
    assert_eq!(w.resolution.size(), Vec2::new(1280.0, 720.0));
    app.world_mut().write_message(WindowMoved {
        window: entity,
        position: IVec2::new(30, 20),
    });
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(saved(&app), Loaded::Missing);
}

#[test]
fn the_title_is_in_the_player_s_language() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, WindowPlugin::default()))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(SettingsOverride {
            language: Some(Language::Chinese),
            theme: None,
        })
        .add_plugins(GamePlugin);
    app.update();
    assert_eq!(window(&mut app).1.title, "五子棋");
}
