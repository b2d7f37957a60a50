//! The player's settings: language, theme, sound, view toggles, and the last game set-up.

use serde::{Deserialize, Serialize};

use crate::store::Document;
use gomoku_engine::clock::TimeControl;
use gomoku_engine::opening::OpeningRule;
use gomoku_engine::{ForbiddenPolicy, Rule, Stone};

/// The language of the interface. The names are those saved in the settings: `Chinese` is
/// Simplified Chinese, as files from before the other languages say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Simplified Chinese (简体中文).
    Chinese,
    /// Traditional Chinese (繁體中文), as written in Taiwan and Hong Kong.
    TraditionalChinese,
    /// Japanese (日本語).
    Japanese,
    /// Korean (한국어).
    Korean,
    /// Vietnamese (Tiếng Việt).
    Vietnamese,
    /// Russian (Русский).
    Russian,
    /// Czech (Čeština).
    Czech,
}

impl Language {
    /// Every language, in the order the settings list them.
    pub const ALL: [Language; 8] = [
        Language::English,
        Language::Chinese,
        Language::TraditionalChinese,
        Language::Japanese,
        Language::Korean,
        Language::Vietnamese,
        Language::Russian,
        Language::Czech,
    ];

    /// The language's short code, as `--lang` takes it and the screenshots' names end:
    /// `en`, `zh`, `zh-tw`, `ja`, `ko`, `vi`, `ru`, `cs`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh",
            Language::TraditionalChinese => "zh-tw",
            Language::Japanese => "ja",
            Language::Korean => "ko",
            Language::Vietnamese => "vi",
            Language::Russian => "ru",
            Language::Czech => "cs",
        }
    }

    /// The language for a system locale such as `zh_CN.UTF-8`, `zh-Hant`, `ja_JP` or
    /// `en-US`: Chinese in its traditional script for `zh-Hant` and for Taiwan, Hong Kong and
    /// Macau, in its simplified script otherwise; English for a language the game does not
    /// speak.
    pub fn from_locale(locale: &str) -> Language {
        // "zh_TW.UTF-8@euro" -> ["zh", "tw"]
        let locale = locale.trim().to_ascii_lowercase().replace('_', "-");
        let locale = locale.split(['.', '@']).next().unwrap_or_default();
        let mut parts = locale.split('-');
        match parts.next().unwrap_or_default() {
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                let traditional = if rest.contains(&"hans") {
                    false
                } else {
                    rest.contains(&"hant") || rest.iter().any(|p| ["tw", "hk", "mo"].contains(p))
                };
                if traditional {
                    Language::TraditionalChinese
                } else {
                    Language::Chinese
                }
            }
            "ja" => Language::Japanese,
            "ko" => Language::Korean,
            "vi" => Language::Vietnamese,
            "ru" => Language::Russian,
            "cs" => Language::Czech,
            _ => Language::English,
        }
    }
}

/// The look of the board and the menus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Theme {
    /// A wooden board.
    #[default]
    Wood,
    /// A dark slate board.
    Dark,
    /// Black and white with strong outlines and a yellow highlight, readable without colour.
    HighContrast,
}

impl Theme {
    /// Every theme, in menu order.
    pub const ALL: [Theme; 3] = [Theme::Wood, Theme::Dark, Theme::HighContrast];
}

/// Who plays, as remembered between runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SavedMode {
    /// A person against the AI.
    #[default]
    VsAi,
    /// Two people.
    TwoPlayers,
    /// The AI against itself.
    AiVsAi,
}

/// The last game set-up, to start the next run where the player left off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LastSetup {
    /// Who plays.
    pub mode: SavedMode,
    /// The person's colour against the AI (with an opening rule, their seat: Black for "I
    /// open").
    pub human: Stone,
    /// The AI level.
    pub level: u8,
    /// Board side.
    pub size: u8,
    /// Rule.
    pub rule: Rule,
    /// What a forbidden move does.
    pub policy: ForbiddenPolicy,
    /// The opening rule (none in files from before there were any).
    pub opening: OpeningRule,
    /// The clock of local games; `None` for untimed (as in files from before there were
    /// clocks).
    pub time: Option<TimeControl>,
}

impl Default for LastSetup {
    fn default() -> Self {
        LastSetup {
            mode: SavedMode::VsAi,
            human: Stone::Black,
            level: 3,
            size: gomoku_engine::board::DEFAULT_SIZE,
            rule: Rule::default(),
            policy: ForbiddenPolicy::default(),
            opening: OpeningRule::None,
            time: None,
        }
    }
}

/// Seconds the strongest level thinks per move unless the player chooses otherwise.
pub const DEFAULT_MASTER_SECS: u32 = 3;
/// The longest time per move the settings offer.
pub const MAX_MASTER_SECS: u32 = 60;

/// Everything the player chose that is not a game. Fields missing from an older file take
/// their defaults.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The interface language; `None` until chosen (the system language is used).
    pub language: Option<Language>,
    /// The theme.
    pub theme: Theme,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    /// Sound off.
    pub muted: bool,
    /// Numbers on the stones.
    pub move_numbers: bool,
    /// Coordinates around the board.
    pub coordinates: bool,
    /// Show the AI's suggested move for the person (against the AI).
    pub hint: bool,
    /// The seed games' undo budget instead of unlimited undo.
    pub limited_undo: bool,
    /// On a touch screen, the first tap shows the stone and a second tap on the same point
    /// plays it (a mouse click always plays at once).
    pub tap_twice: bool,
    /// Seconds the strongest level thinks per move.
    pub master_move_secs: u32,
    /// Threads the AI searches with; 0 for the default, all cores but one.
    pub search_threads: u32,
    /// The last set-up.
    pub last: LastSetup,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: None,
            theme: Theme::default(),
            volume: 0.7,
            muted: false,
            move_numbers: false,
            coordinates: true,
            hint: false,
            limited_undo: false,
            tap_twice: true,
            master_move_secs: DEFAULT_MASTER_SECS,
            search_threads: 0,
            last: LastSetup::default(),
        }
    }
}

/// The cores of this machine (1 where that cannot be known, as in a browser).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Settings {
    /// The threads the AI searches with: the chosen number (at most the cores there are), or
    /// all cores but one.
    pub fn ai_threads(&self) -> usize {
        match self.search_threads {
            0 => cores().saturating_sub(1).max(1),
            n => (n as usize).min(cores()),
        }
    }
}

impl Document for Settings {
    const KEY: &'static str = "settings.json";
    const FORMAT: &'static str = "gomoku-settings";
    const VERSION: u32 = 1;

    /// Every value within what the Settings window and the menu offer.
    fn check(&self) -> Result<(), String> {
        if !(0.0..=1.0).contains(&self.volume) {
            return Err(format!("the volume {} is not between 0 and 1", self.volume));
        }
        if !(1..=MAX_MASTER_SECS).contains(&self.master_move_secs) {
            return Err(format!(
                "{} s per move is not between 1 and {MAX_MASTER_SECS}",
                self.master_move_secs
            ));
        }
        if self.search_threads > MAX_THREADS {
            return Err(format!(
                "{} threads are more than {MAX_THREADS}",
                self.search_threads
            ));
        }
        self.last.check()
    }
}

/// The most threads the settings may ask for.
pub const MAX_THREADS: u32 = 256;

impl LastSetup {
    /// The size, level and clock within what the game offers.
    pub fn check(&self) -> Result<(), String> {
        if let Some(time) = self.time {
            time.check().map_err(|e| format!("the clock: {e}"))?;
        }
        if gomoku_engine::Board::new(self.size).is_err() {
            return Err(format!("the board size {} is not supported", self.size));
        }
        if !(1..=gomoku_engine::search::levels::Level::MAX).contains(&self.level) {
            return Err(format!("there is no AI level {}", self.level));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales() {
        for (locale, language) in [
            ("zh_CN.UTF-8", Language::Chinese),
            ("zh-Hans", Language::Chinese),
            ("zh-Hans-HK", Language::Chinese),
            ("zh-SG", Language::Chinese),
            ("ZH", Language::Chinese),
            ("zh", Language::Chinese),
            ("zh-TW", Language::TraditionalChinese),
            ("zh_TW.UTF-8", Language::TraditionalChinese),
            ("zh-Hant", Language::TraditionalChinese),
            ("zh-Hant-TW", Language::TraditionalChinese),
            ("zh-HK", Language::TraditionalChinese),
            ("zh_MO", Language::TraditionalChinese),
            ("ja", Language::Japanese),
            ("ja_JP.UTF-8", Language::Japanese),
            ("ko-KR", Language::Korean),
            ("vi_VN", Language::Vietnamese),
            ("ru_RU.UTF-8", Language::Russian),
            ("ru", Language::Russian),
            ("cs_CZ.UTF-8", Language::Czech),
            ("cs", Language::Czech),
            ("en-US", Language::English),
            ("C", Language::English),
            ("C.UTF-8", Language::English),
            ("", Language::English),
            ("de_DE", Language::English),
            // Not Czech: Kashubian.
            ("csb_PL", Language::English),
        ] {
            assert_eq!(Language::from_locale(locale), language, "{locale:?}");
        }
    }

    #[test]
    fn the_language_is_saved_by_the_name_older_files_have() {
        // Files from before the six new languages say "English" or "Chinese" (simplified).
        for (saved, language) in [
            (r#"{"language":"Chinese"}"#, Some(Language::Chinese)),
            (r#"{"language":"English"}"#, Some(Language::English)),
            (r#"{"language":null}"#, None),
            ("{}", None),
        ] {
            let s: Settings = serde_json::from_str(saved).unwrap();
            assert_eq!(s.language, language, "{saved}");
        }
        for language in Language::ALL {
            let s = Settings {
                language: Some(language),
                ..Settings::default()
            };
            let back: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
            assert_eq!(back.language, Some(language));
        }
        let codes: std::collections::HashSet<&str> =
            Language::ALL.iter().map(|l| l.code()).collect();
        assert_eq!(codes.len(), Language::ALL.len(), "one code each");
    }

    #[test]
    fn missing_fields_take_defaults() {
        let s: Settings = serde_json::from_str(r#"{"theme":"Dark","muted":true}"#).unwrap();
        assert_eq!(s.theme, Theme::Dark);
        assert!(s.muted);
        assert_eq!(s.volume, 0.7);
        assert_eq!(s.last, LastSetup::default());
        assert_eq!(s.search_threads, 0);
        // A set-up saved before the opening rules: no opening rule.
        let s: Settings =
            serde_json::from_str(r#"{"last":{"mode":"TwoPlayers","rule":"Renju","size":15}}"#)
                .unwrap();
        assert_eq!(s.last.opening, OpeningRule::None);
        assert_eq!(s.last.rule, Rule::Renju);
        let mut s = Settings::default();
        s.last.opening = OpeningRule::Swap2;
        let back: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back.last.opening, OpeningRule::Swap2);
        // A set-up saved before the clocks: untimed.
        assert_eq!(s.last.time, None);
        let mut s = Settings::default();
        s.last.time = Some(TimeControl::new(300, 3));
        let back: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back.last.time, Some(TimeControl::new(300, 3)));
    }

    #[test]
    fn values_out_of_range_are_refused() {
        assert_eq!(Settings::default().check(), Ok(()));
        let loud = Settings {
            volume: 50.0,
            ..Settings::default()
        };
        assert!(loud.check().unwrap_err().contains("volume"));
        let slow = Settings {
            master_move_secs: 100_000,
            ..Settings::default()
        };
        assert!(slow.check().unwrap_err().contains("per move"));
        let mut big = Settings::default();
        big.last.size = 200;
        assert!(big.check().unwrap_err().contains("size 200"));
        let mut endless = Settings::default();
        endless.last.time = Some(TimeControl::new(0, 5));
        assert!(endless.check().unwrap_err().contains("the clock"));
    }

    #[test]
    fn the_ai_uses_all_cores_but_one_unless_told() {
        let mut s = Settings::default();
        assert_eq!(s.ai_threads(), cores().saturating_sub(1).max(1));
        s.search_threads = 1;
        assert_eq!(s.ai_threads(), 1);
        s.search_threads = 10_000;
        assert_eq!(s.ai_threads(), cores(), "never more threads than cores");
    }
}
