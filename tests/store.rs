//! Saving and loading: round trips, atomic writes, and unreadable files kept aside.

use std::fs;
use std::path::PathBuf;

use gomoku::players::settings::Theme;
use gomoku::players::{GameResult, History, Profiles, Settings, StatKey, StatMode};
use gomoku::store::{FileBackend, Loaded, MemoryBackend, Store};
use gomoku_engine::Rule;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-store-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn some_profiles() -> Profiles {
    let mut ps = Profiles::default();
    let id = ps.create("Ann", "2026-11-22T14:00:00Z".into()).unwrap();
    ps.get_mut(id).unwrap().record(
        StatKey {
            mode: StatMode::VsAi,
            rule: Rule::Renju,
            level: Some(4),
        },
        GameResult::Win,
    );
    ps
}

#[test]
fn documents_round_trip_through_files() {
    let dir = temp_dir("round-trip");
    let store = Store::new(FileBackend::new(&dir));
    assert_eq!(store.load::<Profiles>(), Loaded::Missing);
    let ps = some_profiles();
    store.save(&ps).unwrap();
    let settings = Settings {
        theme: Theme::HighContrast,
        muted: true,
        ..Settings::default()
    };
    store.save(&settings).unwrap();
    store.save(&History::default()).unwrap();
    // A fresh store (a new run) reads the same.
    let store = Store::new(FileBackend::new(&dir));
    assert_eq!(store.load::<Profiles>(), Loaded::Found(ps));
    assert_eq!(store.load::<Settings>(), Loaded::Found(settings));
    assert_eq!(store.load::<History>(), Loaded::Found(History::default()));
    let text = fs::read_to_string(dir.join("profiles.json")).unwrap();
    assert!(text.contains("\"format\": \"gomoku-profiles\""));
    // No temporary files are left behind.
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("tmp")), "{names:?}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_kill_during_a_save_leaves_the_previous_data() {
    let dir = temp_dir("killed");
    let store = Store::new(FileBackend::new(&dir));
    let ps = some_profiles();
    store.save(&ps).unwrap();
    // A save killed before its rename leaves a truncated temporary file beside the document.
    let full = fs::read_to_string(dir.join("profiles.json")).unwrap();
    fs::write(
        dir.join(".profiles.json.tmp-99999"),
        &full[..full.len() / 3],
    )
    .unwrap();
    let store = Store::new(FileBackend::new(&dir));
    assert_eq!(store.load::<Profiles>(), Loaded::Found(ps.clone()));
    // And the next save still works.
    store.save(&ps).unwrap();
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_truncated_document_is_reported_and_kept_aside() {
    let dir = temp_dir("truncated");
    let store = Store::new(FileBackend::new(&dir));
    store.save(&some_profiles()).unwrap();
    let full = fs::read_to_string(dir.join("profiles.json")).unwrap();
    let cut = &full[..full.len() / 2];
    fs::write(dir.join("profiles.json"), cut).unwrap();

    let store = Store::new(FileBackend::new(&dir));
    let Loaded::Unreadable { problem, moved_to } = store.load::<Profiles>() else {
        panic!("a truncated file must be reported");
    };
    assert!(problem.contains("cut short"), "{problem}");
    let moved_to = PathBuf::from(moved_to.expect("moved aside"));
    assert!(
        moved_to
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("profiles.json.unreadable-"),
        "{moved_to:?}"
    );
    // The bad bytes are kept, exactly.
    assert_eq!(fs::read_to_string(&moved_to).unwrap(), cut);
    assert!(!dir.join("profiles.json").exists());
    // Saving now writes a new document and leaves the kept one alone.
    store.save(&Profiles::default()).unwrap();
    assert_eq!(fs::read_to_string(&moved_to).unwrap(), cut);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_kind_of_unreadable_document_is_kept_aside() {
    let cases: &[(&str, &str)] = &[
        ("", "cut short"),
        ("not json", "not valid JSON"),
        ("[1, 2]", "the format is ''"),
        (
            r#"{"format":"gomoku-history","version":1,"data":{"games":[]}}"#,
            "expected 'gomoku-settings'",
        ),
        (
            r#"{"format":"gomoku-settings","version":2,"data":{}}"#,
            "format version 2",
        ),
        (r#"{"format":"gomoku-settings","version":1}"#, "no data"),
        (
            r#"{"format":"gomoku-settings","version":1,"data":{"volume":"loud"}}"#,
            "does not fit",
        ),
    ];
    for (text, expected) in cases {
        let store = Store::new(MemoryBackend::with(&[("settings.json", text)]));
        match store.load::<Settings>() {
            Loaded::Unreadable { problem, moved_to } => {
                assert!(problem.contains(expected), "{text:?}: {problem}");
                assert!(moved_to.unwrap().starts_with("settings.json.unreadable-"));
            }
            other => panic!("{text:?}: {other:?}"),
        }
        assert_eq!(
            store.load::<Settings>(),
            Loaded::Missing,
            "the bad document is gone from the key"
        );
    }
}

#[test]
fn a_document_that_cannot_be_moved_aside_is_never_overwritten() {
    let dir = temp_dir("stuck");
    // A directory where the file should be: it cannot be read as a document.
    fs::create_dir_all(dir.join("settings.json")).unwrap();
    let store = Store::new(FileBackend::new(&dir));
    let Loaded::Unreadable {
        problem,
        moved_to: None,
    } = store.load::<Settings>()
    else {
        panic!("a document that cannot be read or moved must be reported and left in place");
    };
    assert!(problem.contains("settings.json"), "{problem}");
    // Reading it failed outright, so it was left where it is and is protected from writes.
    let e = store.save(&Settings::default()).unwrap_err();
    assert!(e.to_string().contains("not overwritten"), "{e}");
    assert!(dir.join("settings.json").is_dir());
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_failed_save_is_an_error_not_a_panic() {
    let dir = temp_dir("readonly-parent");
    fs::create_dir_all(&dir).unwrap();
    // A file where the data directory should be.
    let blocked = dir.join("data");
    fs::write(&blocked, "a file, not a folder").unwrap();
    let store = Store::new(FileBackend::new(&blocked));
    let e = store.save(&Settings::default()).unwrap_err();
    assert!(e.to_string().contains("could not be saved"), "{e}");
    fs::remove_dir_all(&dir).unwrap();
}
