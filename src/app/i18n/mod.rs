//! The interface in eight languages. Every string the player sees goes through [`Lang::t`],
//! keyed by its English text. Each other language has a table of its own, one file each
//! (`chinese` for Simplified Chinese, `traditional_chinese`, `japanese`, `korean`,
//! `vietnamese`, `russian`, `czech`), of (English, translation) pairs: [`table`] (a test checks
//! that every key passed to `t` anywhere, and every message shape, is in every table).
//! Placeholders such as `{n}` are filled with [`fill`]; the words of a count agree with it
//! through [`Lang::counted`] (each language's plural rule is in `plural`). [`messages`]
//! translates the engine's and the store's messages; `labels` names the game's things (rules,
//! stones, results); [`opening`] says what an opening asks and did.

use std::collections::HashMap;
use std::sync::OnceLock;

use bevy::prelude::*;

use super::UserSettings;
use crate::players::settings::Language;

mod chinese;
mod czech;
mod japanese;
mod korean;
mod labels;
pub mod messages;
pub mod opening;
pub mod plural;
mod russian;
mod traditional_chinese;
mod vietnamese;

pub use labels::{
    forbidden_name, players_text, result_headline, result_text, rule_label, stone_name, theme_name,
    time_control_name, title_name,
};

/// The language in use: the one chosen in the settings, or the system's.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, Deref)]
pub struct Lang(pub Language);

impl Lang {
    /// The text for `english` in this language (the English itself where the table has
    /// none).
    pub fn t(self, english: &'static str) -> &'static str {
        translation(self.0, english).unwrap_or(english)
    }

    /// A count with its words in the form the count takes in this language: `one` and
    /// `many` are the English keys (`"{n} move"`, `"{n} moves"`), so
    /// `lang.counted(2, "{n} move", "{n} moves")` is "2 moves", "2 хода" in Russian and
    /// "2 tahy" in Czech. A language with more forms than two has them in the translation of
    /// `many`, after a `|` each (see [`plural`]).
    pub fn counted(self, n: impl Into<u64>, one: &'static str, many: &'static str) -> String {
        let n = n.into();
        let forms: Vec<&str> = match self.0 {
            Language::English => vec![one, many],
            _ => std::iter::once(self.t(one))
                .chain(self.t(many).split('|'))
                .collect(),
        };
        let form = plural::form(self.0, n).min(forms.len() - 1);
        fill(forms[form], &[("n", &n)])
    }
}

/// The translation of `english` in `language`, if its table has one (English has no table).
pub fn translation(language: Language, english: &str) -> Option<&'static str> {
    static TABLES: OnceLock<Vec<HashMap<&'static str, &'static str>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        Language::ALL
            .iter()
            .map(|&language| table(language).iter().copied().collect())
            .collect()
    });
    let at = Language::ALL.iter().position(|&l| l == language)?;
    tables[at].get(english).copied()
}

/// (English, translation) for every string of the interface and every message shape in
/// `language`; empty for English, the keys' own language.
pub fn table(language: Language) -> &'static [(&'static str, &'static str)] {
    match language {
        Language::English => &[],
        Language::Chinese => chinese::CHINESE,
        Language::TraditionalChinese => traditional_chinese::TRADITIONAL_CHINESE,
        Language::Japanese => japanese::JAPANESE,
        Language::Korean => korean::KOREAN,
        Language::Vietnamese => vietnamese::VIETNAMESE,
        Language::Russian => russian::RUSSIAN,
        Language::Czech => czech::CZECH,
    }
}

/// The language's name in itself, as the settings list it (the same in every language).
pub fn native_name(language: Language) -> &'static str {
    match language {
        Language::English => "English",
        Language::Chinese => "简体中文",
        Language::TraditionalChinese => "繁體中文",
        Language::Japanese => "日本語",
        Language::Korean => "한국어",
        Language::Vietnamese => "Tiếng Việt",
        Language::Russian => "Русский",
        Language::Czech => "Čeština",
    }
}

/// Replaces each `{key}` in `template` by its value.
pub fn fill(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut out = template.to_owned();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), &value.to_string());
    }
    out
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lang>().add_systems(
        PreUpdate,
        follow_settings.run_if(resource_exists_and_changed::<UserSettings>),
    );
}

/// The system's language: `LC_ALL`, `LC_MESSAGES` or `LANG` on the desktop, the browser's
/// language on the web.
pub fn system_language() -> Language {
    #[cfg(target_arch = "wasm32")]
    {
        let lang = web_sys::window()
            .and_then(|w| w.navigator().language())
            .unwrap_or_default();
        Language::from_locale(&lang)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty())
            .unwrap_or_default();
        Language::from_locale(&locale)
    }
}

fn follow_settings(settings: Res<UserSettings>, mut lang: ResMut<Lang>) {
    let wanted = Lang(settings.language.unwrap_or_else(system_language));
    lang.set_if_neq(wanted);
}
