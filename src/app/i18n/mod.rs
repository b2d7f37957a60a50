//! English and Simplified Chinese. Every string the player sees goes through [`Lang::t`], keyed
//! by its English text; [`chinese`] holds the translations (a test checks that none is missing).
//! Placeholders such as `{n}` are filled with [`fill`]. [`messages`] translates the engine's
//! and the store's messages; `labels` names the game's things (rules, stones, results);
//! [`opening`] says what an opening asks and did.

use bevy::prelude::*;

use super::UserSettings;
use crate::players::settings::Language;

mod chinese;
mod labels;
pub mod messages;
pub mod opening;

pub use chinese::chinese;
pub use labels::{
    forbidden_name, players_text, result_headline, result_text, rule_label, stone_name, theme_name,
    time_control_name, title_name,
};

/// The language in use: the one chosen in the settings, or the system's.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, Deref)]
pub struct Lang(pub Language);

impl Lang {
    /// The text for `english` in this language.
    pub fn t(self, english: &'static str) -> &'static str {
        match self.0 {
            Language::English => english,
            Language::Chinese => chinese(english).unwrap_or(english),
        }
    }
}

/// `one` filled with `n` when `n` is 1, else `many` (English plurals; the Chinese of both is the
/// same): `counted(1, lang.t("{n} move"), lang.t("{n} moves"))` is "1 move".
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    fill(if n == 1 { one } else { many }, &[("n", &n)])
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
