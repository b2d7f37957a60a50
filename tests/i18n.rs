//! Every interface string and message shape has a translation in every language, with the
//! forms its counts need, and the fonts the game ships draw every character of them.

use std::collections::{BTreeSet, HashSet};
use std::path::Path;

use bevy_egui::egui;
use gomoku::app::i18n::messages::SHAPES;
use gomoku::app::i18n::{Lang, fill, native_name, plural, table, translation};
use gomoku::app::theme::fonts::font_definitions;
use gomoku::players::settings::Language;

/// The languages with a table (all but English, the keys' own).
fn translated() -> impl Iterator<Item = Language> {
    Language::ALL
        .into_iter()
        .filter(|&l| l != Language::English)
}

/// The string literal at the start of `text` (after its opening quote), unescaped, and the
/// rest after its closing quote.
fn literal(text: &str) -> (String, &str) {
    let mut out = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, &text[i + 1..]),
            '\\' => match chars.next() {
                Some((_, '\n')) => {
                    // A line continued: the next line's leading blanks are not in the string.
                    let rest = &text[i + 2..];
                    let skipped = rest.len() - rest.trim_start().len();
                    for _ in 0..skipped {
                        chars.next();
                    }
                }
                Some((_, 'n')) => out.push('\n'),
                Some((_, c)) => out.push(c),
                None => break,
            },
            c => out.push(c),
        }
    }
    panic!(
        "an unclosed string literal: {}",
        &text[..text.len().min(60)]
    );
}

/// The keys passed to `.t("...")` under `src/app`, and the (singular, plural) pairs passed to
/// `.counted(n, "...", "...")`.
fn source_keys() -> (BTreeSet<String>, BTreeSet<(String, String)>) {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
        &mut files,
    );
    assert!(files.len() > 30, "found only {} files", files.len());
    let (mut keys, mut counted) = (BTreeSet::new(), BTreeSet::new());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rest = text.as_str();
        while let Some(i) = rest.find(".t(") {
            rest = &rest[i + 3..];
            if let Some(lit) = rest.trim_start().strip_prefix('"') {
                keys.insert(literal(lit).0);
            }
        }
        let mut rest = text.as_str();
        while let Some(i) = rest.find(".counted(") {
            rest = &rest[i + ".counted(".len()..];
            // The count, then the two keys.
            let Some(open) = rest.find('"') else { break };
            let (one, after) = literal(&rest[open + 1..]);
            let open = after.find('"').expect("the plural's key");
            let (many, after) = literal(&after[open + 1..]);
            keys.insert(one.clone());
            keys.insert(many.clone());
            counted.insert((one, many));
            rest = after;
        }
    }
    (keys, counted)
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

/// Every key the game translates: those written in the sources, the message shapes, and the
/// names that reach `t` through helper functions.
fn all_keys() -> BTreeSet<String> {
    use gomoku::app::i18n::opening::{opening_label, opening_summary, seat_name};
    use gomoku_engine::opening::{OpeningRule, Player};
    let (mut keys, _) = source_keys();
    assert!(keys.len() > 300, "found only {} strings", keys.len());
    keys.extend(SHAPES.iter().map(|s| s.to_string()));
    for name in [
        // Titles, rules, stones, kinds of forbidden move, themes, AI levels, review marks.
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
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
        "missed win",
    ] {
        keys.insert(name.to_owned());
    }
    for rule in OpeningRule::ALL {
        keys.insert(opening_label(rule).to_owned());
        keys.insert(opening_summary(rule).to_owned());
    }
    for player in [Player::First, Player::Second] {
        keys.insert(seat_name(player).to_owned());
    }
    keys
}

#[test]
fn every_string_has_a_translation_in_every_language() {
    let keys = all_keys();
    for language in translated() {
        let missing: Vec<&String> = keys
            .iter()
            .filter(|k| translation(language, k).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "no {language:?} for {} strings (add them to its table in src/app/i18n/): {missing:#?}",
            missing.len()
        );
    }
}

#[test]
fn every_table_has_the_same_keys_once_each() {
    let reference: BTreeSet<&str> = table(Language::Chinese).iter().map(|(k, _)| *k).collect();
    assert_eq!(
        reference.len(),
        table(Language::Chinese).len(),
        "a key twice in Chinese"
    );
    for language in translated() {
        let mut seen = HashSet::new();
        for (key, _) in table(language) {
            assert!(seen.insert(*key), "{language:?} has {key:?} twice");
        }
        let keys: BTreeSet<&str> = seen.into_iter().collect();
        let extra: Vec<_> = keys.difference(&reference).collect();
        let lacking: Vec<_> = reference.difference(&keys).collect();
        assert!(
            extra.is_empty() && lacking.is_empty(),
            "{language:?}'s keys differ from Chinese's: extra {extra:?}, lacking {lacking:?}"
        );
    }
}

/// The `{...}` placeholders of a text, sorted.
fn holes(text: &str) -> Vec<&str> {
    let mut holes: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|p| p.split_once('}').map(|(name, _)| name))
        .collect();
    holes.sort_unstable();
    holes.dedup();
    holes
}

#[test]
fn placeholders_survive_translation() {
    for language in translated() {
        for (key, text) in table(language) {
            for form in text.split('|') {
                assert_eq!(
                    holes(key),
                    holes(form),
                    "{language:?}: {key:?} -> {form:?} lost or added a placeholder"
                );
            }
        }
    }
    let zh = Lang(Language::Chinese);
    assert_eq!(fill(zh.t("Undos left: {n}"), &[("n", &3)]), "剩余悔棋：3");
    assert_eq!(
        fill(Lang(Language::Japanese).t("Undos left: {n}"), &[("n", &3)]),
        "残りの待った：3"
    );
    assert_eq!(Lang(Language::English).t("Undo"), "Undo");
    assert_eq!(
        zh.t("a string nobody translated"),
        "a string nobody translated"
    );
}

#[test]
fn counts_have_the_forms_their_language_needs() {
    let (_, counted) = source_keys();
    assert!(counted.len() >= 5, "found only {counted:?}");
    let plurals: HashSet<&str> = counted.iter().map(|(_, many)| many.as_str()).collect();
    for language in translated() {
        // The singular's form, then the others after `|` in the plural's translation.
        let forms = plural::forms(language).max(2);
        for (one, many) in &counted {
            let text = translation(language, many).unwrap_or_default();
            assert_eq!(
                1 + text.split('|').count(),
                forms,
                "{language:?}: {one:?} / {many:?} -> {text:?}"
            );
        }
        for (key, text) in table(language) {
            assert!(
                !text.contains('|') || plurals.contains(key),
                "{language:?}: {key:?} holds plural forms but is not passed to counted"
            );
        }
    }
    let ru = Lang(Language::Russian);
    let cs = Lang(Language::Czech);
    let moves = |lang: Lang, n: u64| lang.counted(n, "{n} move", "{n} moves");
    assert_eq!(moves(ru, 1), "1 ход");
    assert_eq!(moves(ru, 3), "3 хода");
    assert_eq!(moves(ru, 11), "11 ходов");
    assert_eq!(moves(ru, 21), "21 ход");
    assert_eq!(moves(ru, 25), "25 ходов");
    assert_eq!(moves(cs, 1), "1 tah");
    assert_eq!(moves(cs, 4), "4 tahy");
    assert_eq!(moves(cs, 5), "5 tahů");
    assert_eq!(moves(Lang(Language::English), 1), "1 move");
    assert_eq!(moves(Lang(Language::English), 2), "2 moves");
    assert_eq!(moves(Lang(Language::Japanese), 2), "2 手");
    assert_eq!(moves(Lang(Language::Vietnamese), 2), "2 nước");
}

/// The characters of `text` the game's fonts for `language` cannot draw.
fn undrawn(ctx: &egui::Context, text: &str) -> BTreeSet<char> {
    let font = egui::FontId::proportional(14.0);
    ctx.fonts_mut(|f| {
        text.chars()
            .filter(|&c| !c.is_whitespace() && !f.has_glyph(&font, c))
            .collect()
    })
}

#[test]
fn the_fonts_the_game_ships_draw_every_character_of_every_language() {
    for language in Language::ALL {
        let ctx = egui::Context::default();
        ctx.set_fonts(font_definitions(language));
        ctx.begin_pass(egui::RawInput::default());
        // No renderer takes the font atlas: let it go.
        ctx.end_pass().textures_delta.clear();
        let mut missing = BTreeSet::new();
        // The language's own strings, the English keys (what a missing translation would
        // show) and every language's own name (the settings list them all).
        for (key, _) in table(Language::Chinese) {
            missing.extend(undrawn(&ctx, key));
        }
        for (_, text) in table(language) {
            missing.extend(undrawn(&ctx, text));
        }
        for name in Language::ALL.map(native_name) {
            missing.extend(undrawn(&ctx, name));
        }
        assert!(
            missing.is_empty(),
            "{language:?}: the fonts lack {missing:?}: run python3 scripts/make_font.py"
        );
        // What the test sees as missing: a character of no font the game ships.
        assert_eq!(undrawn(&ctx, "\u{9F98}"), BTreeSet::from(['\u{9F98}']));
    }
}

/// The tables whose characters are not in the base subset: those with a font of their own
/// and those egui's font draws (see `scripts/make_font.py`).
const OWN_GLYPHS: [&str; 5] = [
    "japanese.rs",
    "korean.rs",
    "traditional_chinese.rs",
    "russian.rs",
    "czech.rs",
];

#[test]
fn the_list_of_the_base_subset_s_characters_is_current() {
    // What scripts/make_font.py keeps in gomoku-cjk.ttf: printable ASCII, the CJK punctuation
    // and every non-ASCII character of the sources under src/app but the tables above.
    let mut wanted: BTreeSet<char> = (' '..='~')
        .chain("，。：；！？、（）《》“”‘’…—·".chars())
        .collect();
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"),
        &mut files,
    );
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy();
        if path.parent().is_some_and(|p| p.ends_with("i18n")) && OWN_GLYPHS.contains(&&*name) {
            continue;
        }
        wanted.extend(
            std::fs::read_to_string(&path)
                .unwrap()
                .chars()
                .filter(|c| !c.is_ascii()),
        );
    }
    let kept: BTreeSet<char> = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts/characters.txt"),
    )
    .expect("assets/fonts/characters.txt (written by scripts/make_font.py)")
    .trim_end_matches('\n')
    .chars()
    .collect();
    let missing: Vec<&char> = wanted.difference(&kept).collect();
    let stale: Vec<&char> = kept.difference(&wanted).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "run python3 scripts/make_font.py: the base subset lacks {missing:?}, keeps {stale:?} for nothing"
    );
}

#[test]
fn every_language_has_its_own_name() {
    let names: HashSet<&str> = Language::ALL.map(native_name).into_iter().collect();
    assert_eq!(names.len(), Language::ALL.len());
    assert_eq!(native_name(Language::Japanese), "日本語");
    assert_eq!(native_name(Language::TraditionalChinese), "繁體中文");
}

#[test]
fn the_web_page_s_loader_speaks_every_language() {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("web/index.html"))
            .unwrap();
    for language in Language::ALL {
        let code = language.code();
        assert!(
            page.contains(&format!("'{code}': {{")),
            "web/index.html has no words for {code}"
        );
        // The saved settings name the language as the game writes it.
        let saved = serde_json::to_string(&language).unwrap();
        assert!(
            page.contains(&saved.replace('"', "'")),
            "web/index.html does not read {saved} in the saved settings"
        );
    }
}

#[test]
fn every_language_translates_a_message_by_its_shapes() {
    let text = "line 3: move 9 (h8) is not legal: forbidden for black: double-three";
    for (language, said) in [
        (
            Language::Chinese,
            "第 3 行：第 9 手（h8）不合规则：黑棋禁手：三三",
        ),
        (
            Language::TraditionalChinese,
            "第 3 行：第 9 手（h8）不合規則：黑棋禁手：三三",
        ),
        (
            Language::Japanese,
            "3 行目：9 手目（h8）は打てない手です：黒の禁手：三三",
        ),
        (
            Language::Korean,
            "3번째 줄: 9수째(h8)는 둘 수 없는 수입니다: 흑의 금수: 삼삼",
        ),
        (
            Language::Vietnamese,
            "dòng 3: nước 9 (h8) không hợp lệ: nước cấm của Đen: ba-ba",
        ),
        (
            Language::Russian,
            "строка 3: ход 9 (h8) недопустим: фол чёрных: вилка 3×3",
        ),
        (
            Language::Czech,
            "řádek 3: tah 9 (h8) není dovolený: zakázáno černému: dvojitá trojka",
        ),
    ] {
        assert_eq!(Lang(language).message(text), said, "{language:?}");
    }
}
