//! The Settings window: language, theme, sound, what the board shows, and the undo budget.
//! Every change applies at once and is saved.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::i18n::{Lang, fill, native_name, system_language, theme_name};
use crate::app::online::{OnlineAccount, default_address};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_window, scroll_when_tall};
use crate::app::{Dialog, UserSettings};
use crate::players::online::MAX_ADDRESS_CHARS;
use crate::players::settings::{Language, MAX_MASTER_SECS, Theme, cores};
use gomoku_net::MAX_NAME_CHARS;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_window
            .run_if(in_state(Dialog::Settings))
            .in_set(UiSystems::Windows),
    );
}

fn settings_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    mut settings: ResMut<UserSettings>,
    mut account: ResMut<OnlineAccount>,
    mut next: ResMut<NextState<Dialog>>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    // Work on a copy so the resource only changes (and is saved) when something changed.
    let mut s = settings.0;
    let (mut address, mut name) = (account.0.address.clone(), account.0.name.clone());
    dialog_window(lang.t("Settings"), "settings_window")
        .open(&mut open)
        .show(ctx, |ui| {
            scroll_when_tall(ui, |ui| {
            egui::Grid::new("settings_grid")
                .num_columns(2)
                .spacing([16.0, 10.0])
                .show(ui, |ui| {
                    ui.label(lang.t("Language"));
                    language_picker(ui, lang, &mut s.language);
                    ui.end_row();
                    ui.label(lang.t("Theme"));
                    ui.horizontal(|ui| {
                        for theme in Theme::ALL {
                            ui.radio_value(&mut s.theme, theme, lang.t(theme_name(theme)));
                        }
                    });
                    ui.end_row();
                    ui.label(lang.t("Sound"));
                    ui.horizontal(|ui| {
                        ui.add_enabled(
                            !s.muted,
                            egui::Slider::new(&mut s.volume, 0.0..=1.0).show_value(false),
                        );
                        ui.checkbox(&mut s.muted, lang.t("Mute"));
                    });
                    ui.end_row();
                    ui.label(lang.t("Board"));
                    ui.vertical(|ui| {
                        ui.checkbox(&mut s.move_numbers, lang.t("Move numbers on the stones"));
                        ui.checkbox(&mut s.coordinates, lang.t("Coordinates"));
                        ui.checkbox(&mut s.hint, lang.t("Show the AI's suggested move"));
                        ui.checkbox(&mut s.tap_twice, lang.t("Tap twice to place a stone"))
                            .on_hover_text(lang.t(
                                "On a touch screen: the first tap shows the stone, a second tap on it plays it.",
                            ));
                    });
                    ui.end_row();
                    ui.label(lang.t("Master level"));
                    ui.horizontal(|ui| {
                        ui.add(
                            egui::Slider::new(&mut s.master_move_secs, 1..=MAX_MASTER_SECS)
                                .logarithmic(true)
                                .suffix(lang.t(" s")),
                        );
                        ui.label(lang.t("at most, per move"));
                    });
                    ui.end_row();
                    if cfg!(not(target_arch = "wasm32")) {
                        ui.label(lang.t("AI threads"));
                        ui.horizontal(|ui| {
                            // A slider from 1 to 1 has nothing to choose (and egui draws its
                            // handle in the middle): one core is said instead.
                            if cores() <= 1 {
                                ui.label(lang.t("1 (this machine has one core)"));
                                return;
                            }
                            let mut threads = s.ai_threads() as u32;
                            let slider = egui::Slider::new(&mut threads, 1..=cores() as u32);
                            if ui.add(slider).changed() {
                                s.search_threads = threads;
                            }
                            ui.label(fill(lang.t("of {n} cores"), &[("n", &cores())]));
                        });
                        ui.end_row();
                    }
                    ui.label(lang.t("Undo"));
                    ui.vertical(|ui| {
                        ui.radio_value(&mut s.limited_undo, false, lang.t("Unlimited"));
                        ui.radio_value(
                            &mut s.limited_undo,
                            true,
                            lang.t("Budget: 10 to start, 10 more per win against the AI"),
                        );
                    });
                    ui.end_row();
                    ui.label(lang.t("Online server"));
                    ui.add(
                        egui::TextEdit::singleline(&mut address)
                            .hint_text(default_address())
                            .char_limit(MAX_ADDRESS_CHARS)
                            .desired_width(260.0),
                    )
                    .on_hover_text(lang.t("Empty: the default server"));
                    ui.end_row();
                    ui.label(lang.t("Online name"));
                    ui.add(
                        egui::TextEdit::singleline(&mut name)
                            .hint_text(lang.t("the active player's name"))
                            .char_limit(MAX_NAME_CHARS)
                            .desired_width(260.0),
                    );
                    ui.end_row();
                });
            });
        });
    if s != settings.0 {
        settings.0 = s;
    }
    if address != account.0.address {
        account.0.address = address;
    }
    if name != account.0.name {
        account.0.name = name;
    }
    if !open {
        next.set(Dialog::None);
    }
    Ok(())
}

/// The language: the system's ("System (日本語)") or one of the eight, each written in its own
/// name, so a player finds theirs whatever the language shown.
fn language_picker(ui: &mut egui::Ui, lang: Lang, language: &mut Option<Language>) {
    let system = || format!("{} ({})", lang.t("System"), native_name(system_language()));
    let shown = language.map_or_else(system, |l| native_name(l).to_owned());
    egui::ComboBox::from_id_salt("language")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(language, None, system());
            for choice in Language::ALL {
                ui.selectable_value(language, Some(choice), native_name(choice));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{SCREEN, accessible, run_frame, styled_context_in};

    /// A click at `at`, a frame's events each: the pointer moved there, pressed, let go.
    fn click(at: egui::Pos2) -> [Vec<egui::Event>; 3] {
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        [
            vec![egui::Event::PointerMoved(at)],
            vec![button(true)],
            vec![button(false)],
        ]
    }

    #[test]
    fn the_picker_lists_every_language_in_its_own_name_and_picks_one() {
        for language in [Language::English, Language::Korean] {
            let lang = Lang(language);
            let ctx = styled_context_in(800.0, language);
            ctx.enable_accesskit();
            let mut chosen = None;
            let frame =
                |ctx: &egui::Context, events: Vec<egui::Event>, chosen: &mut Option<Language>| {
                    run_frame(ctx, SCREEN, events, |ctx| {
                        egui::Area::new(egui::Id::new("picker"))
                            .fixed_pos(egui::pos2(20.0, 20.0))
                            .show(ctx, |ui| language_picker(ui, lang, chosen));
                    })
                };
            let shown = accessible(&frame(&ctx, Vec::new(), &mut chosen));
            let combo = shown
                .iter()
                .find(|c| c.role == egui::accesskit::Role::ComboBox)
                .expect("the picker");
            let system = lang.t("System");
            assert!(
                combo.name.as_deref().is_some_and(|n| n.starts_with(system)),
                "{combo:?}"
            );
            for events in click(combo.rect.center()) {
                frame(&ctx, events, &mut chosen);
            }
            let open = accessible(&frame(&ctx, Vec::new(), &mut chosen));
            for choice in Language::ALL {
                assert!(
                    open.iter()
                        .any(|c| c.name.as_deref() == Some(native_name(choice))),
                    "{language:?}: {} is not listed: {open:?}",
                    native_name(choice)
                );
            }
            let japanese = open
                .iter()
                .find(|c| c.name.as_deref() == Some("日本語"))
                .unwrap();
            for events in click(japanese.rect.center()) {
                frame(&ctx, events, &mut chosen);
            }
            assert_eq!(chosen, Some(Language::Japanese), "{language:?}");
        }
    }
}
