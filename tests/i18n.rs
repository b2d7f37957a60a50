//! Every interface string has a Chinese translation, and the shipped font covers it.

use std::path::Path;

use gomoku::app::i18n::messages::TEMPLATES;
use gomoku::app::i18n::{Lang, chinese, fill};
use gomoku::players::settings::Language;

/// The English keys passed to `.t("...")` anywhere under `src/app`.
fn keys() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
        &mut files,
    );
    assert!(files.len() > 30, "found only {} files", files.len());
    let mut keys = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rest = text.as_str();
        while let Some(i) = rest.find(".t(") {
            rest = &rest[i + 3..];
            let trimmed = rest.trim_start();
            let Some(lit) = trimmed.strip_prefix('"') else {
                continue;
            };
            let end = lit.find('"').expect("a closed string literal");
            keys.push(lit[..end].to_owned());
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

/// The Rust files in `dir` and its folders.
fn rust_files(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

#[test]
fn every_string_is_translated() {
    let keys = keys();
    assert!(keys.len() > 100, "found only {} strings", keys.len());
    let missing: Vec<&String> = keys.iter().filter(|k| chinese(k).is_none()).collect();
    assert!(missing.is_empty(), "no Chinese for: {missing:#?}");
    // Names that reach `t` through helper functions.
    for name in [
        "Beginner",
        "Novice",
        "Amateur",
        "Club player",
        "Expert",
        "Candidate master",
        "Master",
        "Freestyle",
        "Standard",
        "Renju",
        "Black",
        "White",
        "double-three",
        "double-four",
        "overline",
        "Wood",
        "Dark",
        "High contrast",
        "Casual",
        "Club",
    ] {
        assert!(chinese(name).is_some(), "no Chinese for {name}");
    }
}

#[test]
fn placeholders_survive_translation() {
    for key in keys() {
        let zh = chinese(&key).unwrap_or_default();
        let mut rest = key.as_str();
        while let Some(i) = rest.find('{') {
            let end = rest[i..].find('}').unwrap() + i;
            let placeholder = &rest[i..=end];
            assert!(
                zh.contains(placeholder),
                "{key:?} -> {zh:?} lost {placeholder}"
            );
            rest = &rest[end + 1..];
        }
    }
    let zh = Lang(Language::Chinese);
    assert_eq!(fill(zh.t("Undos left: {n}"), &[("n", &3)]), "剩余悔棋：3");
    assert_eq!(Lang(Language::English).t("Undo"), "Undo");
    assert_eq!(
        zh.t("a string nobody translated"),
        "a string nobody translated"
    );
}

#[test]
fn the_font_subset_has_every_character() {
    let font =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts/gomoku-cjk.ttf"))
            .unwrap();
    // The characters of every translation must be in the font's cmap; check through the
    // script's own record of what it kept, written beside the font.
    let kept = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts/characters.txt"),
    )
    .expect("assets/fonts/characters.txt (written by scripts/make_font.py)");
    assert!(font.len() > 10_000);
    let mut missing: Vec<char> = keys()
        .iter()
        .filter_map(|k| chinese(k))
        .chain(TEMPLATES.iter().map(|(_, zh)| *zh))
        .flat_map(str::chars)
        .filter(|c| !c.is_ascii() && !kept.contains(*c))
        .collect();
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "run python3 scripts/make_font.py: the font lacks {missing:?}"
    );
}

#[test]
fn message_templates_keep_their_placeholders() {
    let holes = |t: &str| {
        let mut v: Vec<String> = t
            .split('{')
            .skip(1)
            .filter_map(|p| p.split_once('}').map(|(name, _)| name.to_owned()))
            .collect();
        v.sort();
        v
    };
    for (en, zh) in TEMPLATES {
        assert_eq!(holes(en), holes(zh), "{en:?} -> {zh:?}");
    }
}

#[test]
fn the_opening_rules_names_and_summaries_are_translated() {
    use gomoku::app::i18n::opening::{opening_label, opening_summary, seat_name};
    use gomoku_engine::opening::{OpeningRule, Player};
    for rule in OpeningRule::ALL {
        assert!(chinese(opening_label(rule)).is_some(), "{rule}");
        assert!(chinese(opening_summary(rule)).is_some(), "{rule}");
    }
    for player in [Player::First, Player::Second] {
        assert!(chinese(seat_name(player)).is_some(), "{player}");
    }
}
