//! The game binary as a player starts it, checked without a display: `--help` lists the options
//! and a bad option is named (exit code 2); a bad `--assets` folder is
//! named and the game exits with an error at once, before any window opens; so does a machine
//! with no graphics driver, or a start with no screen, with advice instead of a panic. (The runs that
//! need a window, a damaged asset among them, are in `tests/e2e/desktop.py`.)
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The longest a run that ends by itself may take.
const LIMIT: Duration = Duration::from_secs(30);

/// Runs the game with `args` and no display; fails the test if it is still running after
/// [`LIMIT`].
fn run(args: &[&str]) -> Output {
    run_with(args, &[])
}

/// [`run`] with these environment variables set.
fn run_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .envs(env.iter().copied())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env(
            "GOMOKU_DATA_DIR",
            std::env::temp_dir().join("gomoku-binary-test"),
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    let started = Instant::now();
    while child
        .try_wait()
        .expect("the game can be waited for")
        .is_none()
    {
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("gomoku {args:?} still runs after {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn an_assets_folder_that_is_not_there_is_named_and_the_game_exits() {
    let missing = std::env::temp_dir().join("gomoku-no-such-assets-folder");
    let _ = std::fs::remove_dir_all(&missing);
    let out = run(&["--assets", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("gomoku-no-such-assets-folder") && said.contains("no such folder"),
        "{said}"
    );
}

#[test]
fn the_help_tells_how_to_read_the_assets_from_a_folder() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--assets <DIR>"));
}

#[test]
fn the_help_lists_every_option_and_a_bad_one_is_named_before_any_window() {
    for help in ["--help", "-h"] {
        let out = run(&[help]);
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{help}");
        for option in [
            "--mode <M>",
            "--level <N>",
            "--size <N>",
            "--rule <R>",
            "--forbidden <P>",
            "--opening <O>",
            "--time <T>",
            "--moves <MOVES>",
            "--lang <L>",
            "--theme <T>",
            "--show <W>",
            "--replay",
            "--analyse",
            "--review",
            "--puzzles",
            "--online",
            "--join <CODE>",
            "--quick-match",
            "--account",
            "--hints <N>",
            "--past-move <N>",
            "--screenshot <FILE>",
            "--window <WxH>",
            "--assets <DIR>",
            "--frame-report <FILE>",
            "--verbose",
            "--help",
            "GOMOKU_DATA_DIR",
        ] {
            assert!(said.contains(option), "{option} in\n{said}");
        }
    }
    for (args, named) in [
        (&["--fly"][..], "unexpected argument '--fly'"),
        (&["--size", "30"], "invalid value '30' for '--size <N>'"),
        (&["--time", "fast"], "invalid value 'fast' for '--time <T>'"),
        (
            &["--moves", "h8 z99"],
            "invalid value 'h8 z99' for '--moves'",
        ),
        (
            &["--screenshot"],
            "a value is required for '--screenshot <FILE>'",
        ),
    ] {
        let out = run(args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains(named), "{args:?}: {said}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_start_without_a_screen_says_how_to_get_one_not_a_panic() {
    let out = run(&[]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    if cfg!(target_os = "linux") {
        assert!(
            said.contains("no screen to open the game's window on"),
            "{said}"
        );
        assert!(said.contains("xvfb-run"), "{said}");
    }
    assert!(!said.contains("panicked"), "no panic: {said}");
}

#[test]
fn a_machine_without_a_graphics_driver_is_told_what_to_install_not_a_panic() {
    // The Vulkan loader finds no driver (as on a machine without Mesa's or a card's).
    let nowhere = "/nonexistent/gomoku-no-vulkan-driver.json";
    let out = run_with(
        &[],
        &[
            ("WGPU_BACKEND", "vulkan"),
            ("VK_ICD_FILENAMES", nowhere),
            ("VK_DRIVER_FILES", nowhere),
            ("VK_ADD_DRIVER_FILES", nowhere),
        ],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("no graphics driver was found"), "{said}");
    if cfg!(target_os = "linux") {
        assert!(said.contains("mesa-vulkan-drivers libvulkan1"), "{said}");
    }
    assert!(!said.contains("panicked"), "no panic: {said}");
    assert!(!said.contains("backtrace"), "no backtrace: {said}");
}
