//! The Account window's contents, drawn from plain data ([`AccountView`] and the form): who the
//! player is on the server and whether a password protects the account; a password to set or
//! change; a pairing code for another device; the devices signed in, to sign out; the games to
//! download; deleting the account; and, on a device not signed in (or to change accounts),
//! signing in with a name and password, a pairing code, or a new player. What the player asks
//! for comes back as [`AccountCommand`] values (`account_ui` carries them out), so the window
//! can be drawn and checked without Bevy. Password fields are masked; Enter in a field submits
//! its form.

use bevy_egui::egui;

use super::account_actions::{AccountCommand, AccountNews, AccountState};
use super::{Link, LinkStatus, SignedOut, rating_label};
use crate::app::i18n::{Lang, fill};
use crate::app::theme::widgets::{dialog_window, error_colour, primary_button, scroll_when_tall};
use gomoku_engine::record::date;
use gomoku_net::{
    MAX_NAME_CHARS, MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS, Password, SessionInfo, SignOutWhich,
};

/// The Account window's width where there is room, in points.
pub(super) const ACCOUNT_WIDTH: f32 = 520.0;
/// The Account window's id.
pub(super) const ACCOUNT_WINDOW: &str = "account";
/// The id of the confirming name field of "Delete the account" (tests find it).
pub(super) const DELETE_NAME_FIELD: &str = "account_delete_name";
/// The id of the big pairing code (tests find it).
pub(super) const PAIRING_CODE_LABEL: &str = "account_pairing_code";

/// What the Account window's forms hold.
#[derive(bevy::prelude::Resource, Debug, Clone, Default)]
pub(super) struct AccountForm {
    /// Whether the window is open (it takes the lobby's place).
    pub open: bool,
    /// The session whose devices were asked for since the window opened.
    pub sessions_asked: Option<i64>,
    /// Whether the sign-in's name field took the keyboard since the window opened.
    pub name_focused: bool,
    current: String,
    new: String,
    again: String,
    sign_in_name: String,
    sign_in_password: String,
    pairing_code: String,
    delete_name: String,
    delete_password: String,
    /// A problem with the new password typed.
    problem: Option<PasswordProblem>,
}

/// What is wrong with a new password typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PasswordProblem {
    /// The two typed differ.
    Differ,
    /// Too short or too long.
    Length,
}

impl PasswordProblem {
    fn text(self, lang: Lang) -> String {
        match self {
            PasswordProblem::Differ => lang.t("The two new passwords are not the same.").to_owned(),
            PasswordProblem::Length => fill(
                lang.t("A password has {min} to {max} characters."),
                &[("min", &MIN_PASSWORD_CHARS), ("max", &MAX_PASSWORD_CHARS)],
            ),
        }
    }
}

impl AccountForm {
    /// Forgets every password typed (after sending them, and when the window closes).
    pub fn forget_secrets(&mut self) {
        self.current.clear();
        self.new.clear();
        self.again.clear();
        self.sign_in_password.clear();
        self.delete_password.clear();
    }
}

/// What the Account window shows.
pub(super) struct AccountView<'a> {
    /// The language.
    pub lang: Lang,
    /// Where the connection stands.
    pub link: Link,
    /// The player and session the server welcomed.
    pub status: &'a LinkStatus,
    /// What the server said about the account.
    pub state: &'a AccountState,
    /// The server's last refusal, in the player's language.
    pub notice: Option<&'a str>,
}

/// What the player asked for in the Account window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum AccountAction {
    /// Something of the account.
    Command(AccountCommand),
    /// Close the window (back to the lobby).
    Close,
}

/// Why this device was signed out, in `lang`.
pub(super) fn signed_out_text(why: &SignedOut, lang: Lang) -> &'static str {
    match why {
        SignedOut::Ended(_) | SignedOut::Unknown => lang.t(
            "You were signed out on this device. Sign in with your name and password, pair this device with a code, or play as a new player.",
        ),
        SignedOut::Here => lang.t(
            "You signed out on this device. Sign in with your name and password, pair this device with a code, or play as a new player.",
        ),
        SignedOut::Deleted => lang.t(
            "The account was deleted: its name is free and its finished games stay with your opponents. Play as a new player, or sign in to another account.",
        ),
    }
}

/// A time from the server (Unix milliseconds) as `YYYY-MM-DD HH:MM` (UTC).
fn when(ms: i64) -> String {
    let text = date::iso8601(u64::try_from(ms / 1000).unwrap_or(0)).replace('T', " ");
    text.get(..16).unwrap_or(&text).to_owned()
}

/// `4:59`: minutes and seconds.
fn minutes(secs: f32) -> String {
    let secs = secs.max(0.0).ceil() as u32;
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// Whether a pairing code typed has its eight letters and digits (dashes and spaces aside).
fn pairing_code_ready(code: &str) -> bool {
    code.chars().filter(char::is_ascii_alphanumeric).count() >= 8
}

/// Whether Enter was pressed in the field just drawn.
fn entered(ui: &egui::Ui, field: &egui::Response) -> bool {
    field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// A masked password field.
fn password_field(ui: &mut egui::Ui, label: &str, text: &mut String) -> egui::Response {
    ui.label(label);
    ui.add(
        egui::TextEdit::singleline(text)
            .password(true)
            .char_limit(MAX_PASSWORD_CHARS)
            .desired_width(200.0),
    )
}

/// Whether the confirming name typed is the account's (as names compare: without case or
/// blanks around it), so the account may be deleted.
pub(super) fn delete_confirmed(typed: &str, name: &str) -> bool {
    !name.is_empty() && typed.trim().to_lowercase() == name.trim().to_lowercase()
}

/// The new password typed twice, if it can be sent; else why not.
fn new_password(new: &str, again: &str) -> Result<Password, PasswordProblem> {
    if new != again {
        return Err(PasswordProblem::Differ);
    }
    let password = Password(new.to_owned());
    password.check().map_err(|_| PasswordProblem::Length)?;
    Ok(password)
}

/// The Account window's contents; what the player asks for goes into `actions`.
pub(super) fn account_contents(
    ui: &mut egui::Ui,
    view: &AccountView,
    form: &mut AccountForm,
    actions: &mut Vec<AccountAction>,
) {
    let lang = view.lang;
    let online = view.link == Link::Online && view.status.player.is_some();
    if let Some(why) = &view.status.signed_out {
        ui.label(egui::RichText::new(signed_out_text(why, lang)).strong());
    }
    if let Some(notice) = view.notice {
        ui.label(egui::RichText::new(notice).color(error_colour(ui)));
    }
    if let Some(news) = &view.state.news {
        ui.label(news_text(news, lang));
    }
    if let Some(problem) = form.problem {
        ui.label(egui::RichText::new(problem.text(lang)).color(error_colour(ui)));
    }
    if online {
        signed_in(ui, view, form, actions);
        ui.separator();
        ui.collapsing(lang.t("Sign in to another account"), |ui| {
            sign_in(ui, view, form, actions);
        });
    } else {
        if view.link != Link::Online {
            ui.label(lang.t("Not connected."));
        }
        sign_in(ui, view, form, actions);
    }
    ui.separator();
    if ui.button(lang.t("Close")).clicked() {
        actions.push(AccountAction::Close);
    }
}

/// What came of the last request, in `lang`.
fn news_text(news: &AccountNews, lang: Lang) -> String {
    match news {
        AccountNews::PasswordSet(n) => fill(
            lang.t("The password is set. Other devices signed out: {n}."),
            &[("n", n)],
        ),
        AccountNews::SignedOut(n) => fill(lang.t("Devices signed out: {n}."), &[("n", n)]),
        AccountNews::Downloaded { files, games } => fill(
            lang.t("Games written: {n}. Files: {files}"),
            &[("n", games), ("files", &files.join(", "))],
        ),
        AccountNews::NotDownloaded(why) => fill(
            lang.t("The games were not written: {why}"),
            &[("why", &lang.message(why))],
        ),
    }
}

/// The account of a player signed in: who, the password, pairing, devices, games, deleting.
fn signed_in(
    ui: &mut egui::Ui,
    view: &AccountView,
    form: &mut AccountForm,
    actions: &mut Vec<AccountAction>,
) {
    let lang = view.lang;
    let Some(player) = &view.status.player else {
        return;
    };
    let protected = view.status.account.as_ref().is_some_and(|a| a.password);
    ui.heading(fill(
        lang.t("{name}, rating {rating}"),
        &[("name", &player.name), ("rating", &rating_label(player))],
    ));
    ui.label(if protected {
        lang.t("Protected by a password: you can sign in with your name and password on any device.")
    } else {
        lang.t("Not protected by a password: only this device, and devices you pair with it, can play as you.")
    });

    // The password.
    ui.separator();
    ui.strong(if protected {
        lang.t("Change the password")
    } else {
        lang.t("Protect with a password")
    });
    let mut submit = false;
    egui::Grid::new("account_password")
        .num_columns(2)
        .show(ui, |ui| {
            if protected {
                let r = password_field(ui, lang.t("Current password"), &mut form.current);
                submit |= entered(ui, &r);
                ui.end_row();
            }
            let r = password_field(ui, lang.t("New password"), &mut form.new);
            submit |= entered(ui, &r);
            ui.end_row();
            let r = password_field(ui, lang.t("New password again"), &mut form.again);
            submit |= entered(ui, &r);
            ui.end_row();
        });
    let ready = !form.new.is_empty() && (!protected || !form.current.is_empty());
    submit |= ui
        .add_enabled(ready, egui::Button::new(lang.t("Save the password")))
        .clicked();
    if submit && ready {
        match new_password(&form.new, &form.again) {
            Ok(password) => {
                form.problem = None;
                let current = protected.then(|| Password(form.current.clone()));
                actions.push(AccountAction::Command(AccountCommand::SetPassword {
                    current,
                    password,
                }));
                form.forget_secrets();
            }
            Err(problem) => form.problem = Some(problem),
        }
    }

    // Pairing another device.
    ui.separator();
    ui.strong(lang.t("Pair a device"));
    match &view.state.pairing {
        Some(shown) => {
            ui.label(
                egui::RichText::new(&shown.code)
                    .monospace()
                    .size(36.0)
                    .strong(),
            )
            .on_hover_text(lang.t("Pairing code"));
            ui.ctx()
                .data_mut(|d| d.insert_temp(egui::Id::new(PAIRING_CODE_LABEL), shown.code.clone()));
            ui.label(fill(
                lang.t("On the other device, open Account, choose Enter a pairing code and type this code. It works once, for {time}."),
                &[("time", &minutes(shown.left.remaining_secs()))],
            ));
        }
        None => {
            if ui.button(lang.t("Show a pairing code")).clicked() {
                actions.push(AccountAction::Command(AccountCommand::PairingCode));
            }
        }
    }

    // The devices signed in.
    ui.separator();
    ui.horizontal(|ui| {
        ui.strong(lang.t("Devices signed in"));
        let label = if view.state.sessions.is_some() {
            lang.t("Refresh")
        } else {
            lang.t("Show the devices")
        };
        if ui.button(label).clicked() {
            actions.push(AccountAction::Command(AccountCommand::Sessions));
        }
    });
    if let Some(sessions) = &view.state.sessions {
        for s in sessions {
            session_row(ui, lang, s, actions);
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(lang.t("Sign out of every other device"))
                .clicked()
            {
                actions.push(AccountAction::Command(AccountCommand::SignOut(
                    SignOutWhich::Others,
                )));
            }
            if ui.button(lang.t("Sign out here")).clicked() {
                actions.push(AccountAction::Command(AccountCommand::SignOut(
                    SignOutWhich::This,
                )));
            }
        });
    }

    // The games.
    ui.separator();
    ui.horizontal(|ui| {
        let fetching = view.state.fetch.as_ref().is_some_and(|f| f.download);
        if ui
            .add_enabled(!fetching, egui::Button::new(lang.t("Download my games")))
            .on_hover_text(lang.t(
                "Every finished game of the account: a JSON file of records and a text file, one game a line (position string and result).",
            ))
            .clicked()
        {
            actions.push(AccountAction::Command(AccountCommand::DownloadGames));
        }
        if fetching {
            ui.spinner();
            ui.label(lang.t("Fetching your games..."));
        }
    });

    // Deleting the account.
    ui.separator();
    ui.collapsing(lang.t("Delete the account"), |ui| {
        ui.label(lang.t(
            "Deleting the account frees its name and signs out every device. Your finished games stay with your opponents, under \"deleted player\"; their ratings do not change. This cannot be undone.",
        ));
        let mut submit = false;
        egui::Grid::new("account_delete")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label(lang.t("Type your name to confirm"));
                let r = ui.add(
                    egui::TextEdit::singleline(&mut form.delete_name)
                        .id(egui::Id::new(DELETE_NAME_FIELD))
                        .hint_text(&player.name)
                        .char_limit(MAX_NAME_CHARS)
                        .desired_width(200.0),
                );
                submit |= entered(ui, &r);
                ui.end_row();
                if protected {
                    let r = password_field(ui, lang.t("Password"), &mut form.delete_password);
                    submit |= entered(ui, &r);
                    ui.end_row();
                }
            });
        let ready = delete_confirmed(&form.delete_name, &player.name)
            && (!protected || !form.delete_password.is_empty());
        submit |= ui
            .add_enabled(
                ready,
                egui::Button::new(
                    egui::RichText::new(lang.t("Delete the account for ever"))
                        .color(error_colour(ui)),
                ),
            )
            .clicked();
        if submit && ready {
            actions.push(AccountAction::Command(AccountCommand::DeleteAccount {
                name: form.delete_name.trim().to_owned(),
                password: protected.then(|| Password(form.delete_password.clone())),
            }));
            form.forget_secrets();
            form.delete_name.clear();
        }
    });
}

/// One device signed in: what, how, when, and its sign-out button.
fn session_row(ui: &mut egui::Ui, lang: Lang, s: &SessionInfo, actions: &mut Vec<AccountAction>) {
    let how = match s.how.as_str() {
        "password" => lang.t("signed in with the password"),
        "pairing" => lang.t("signed in with a pairing code"),
        _ => lang.t("where the account was made"),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(&s.device).strong());
        if s.current {
            ui.label(egui::RichText::new(lang.t("this device")).italics());
        }
        ui.label(fill(
            lang.t("{how}, {began}; last seen {seen}"),
            &[
                ("how", &how),
                ("began", &when(s.created_ms)),
                ("seen", &when(s.last_seen_ms)),
            ],
        ));
        if !s.current && ui.small_button(lang.t("Sign out")).clicked() {
            actions.push(AccountAction::Command(AccountCommand::SignOut(
                SignOutWhich::Session(s.id),
            )));
        }
    });
}

/// Signing in on this device: with a name and password, with a pairing code, or as a new
/// player.
fn sign_in(
    ui: &mut egui::Ui,
    view: &AccountView,
    form: &mut AccountForm,
    actions: &mut Vec<AccountAction>,
) {
    let lang = view.lang;
    ui.strong(lang.t("Sign in with a password"));
    let mut submit = false;
    egui::Grid::new("account_sign_in")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label(lang.t("Name"));
            let r = ui.add(
                egui::TextEdit::singleline(&mut form.sign_in_name)
                    .char_limit(MAX_NAME_CHARS)
                    .desired_width(200.0),
            );
            // A device not signed in: the name is typed first (Tab goes on to the password,
            // Enter signs in).
            if view.status.player.is_none() && !form.name_focused {
                form.name_focused = true;
                r.request_focus();
            }
            submit |= entered(ui, &r);
            ui.end_row();
            let r = password_field(ui, lang.t("Password"), &mut form.sign_in_password);
            submit |= entered(ui, &r);
            ui.end_row();
        });
    let ready = !form.sign_in_name.trim().is_empty() && !form.sign_in_password.is_empty();
    submit |= ui
        .add_enabled(ready, primary_button(lang.t("Sign in")))
        .clicked();
    if submit && ready {
        actions.push(AccountAction::Command(AccountCommand::SignIn {
            name: form.sign_in_name.trim().to_owned(),
            password: Password(form.sign_in_password.clone()),
        }));
        form.forget_secrets();
    }

    ui.separator();
    ui.strong(lang.t("Enter a pairing code"));
    ui.horizontal(|ui| {
        ui.label(lang.t("Pairing code"));
        let r = ui.add(
            egui::TextEdit::singleline(&mut form.pairing_code)
                .hint_text("ABCD-EFGH")
                .char_limit(16)
                .desired_width(120.0),
        );
        let ready = pairing_code_ready(&form.pairing_code);
        let pressed = ui
            .add_enabled(ready, egui::Button::new(lang.t("Pair this device")))
            .clicked();
        if ready && (pressed || entered(ui, &r)) {
            actions.push(AccountAction::Command(AccountCommand::Pair {
                code: form.pairing_code.trim().to_owned(),
            }));
            form.pairing_code.clear();
        }
    });

    if view.status.signed_out.is_some() || view.link != Link::Online {
        ui.separator();
        if ui.button(lang.t("Play as a new player")).clicked() {
            actions.push(AccountAction::Command(AccountCommand::NewPlayer));
        }
    }
}

/// The Account window, `width` wide, around its contents (they scroll when taller than the
/// window leaves room for).
pub(super) fn account_frame(
    ctx: &egui::Context,
    lang: Lang,
    width: f32,
    add: impl FnOnce(&mut egui::Ui),
) {
    dialog_window(lang.t("Account"), ACCOUNT_WINDOW).show(ctx, |ui| {
        ui.set_width(width);
        scroll_when_tall(ui, add);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::capture::egui_harness::{run_frame, styled_context, window_rect};
    use crate::app::online::account_actions::PairingShown;
    use crate::players::settings::Language;
    use gomoku_net::{AccountInfo, PlayerInfo};

    #[test]
    fn a_pairing_code_with_digits_is_ready_to_send() {
        // Codes are drawn from letters and digits: "K7QX-2MPA" has six letters.
        assert!(pairing_code_ready("K7QX-2MPA"));
        assert!(pairing_code_ready(" k7qx 2mpa "));
        assert!(!pairing_code_ready("K7QX-2MP"));
        assert!(!pairing_code_ready("--------"));
    }

    fn status(password: bool) -> LinkStatus {
        LinkStatus {
            player: Some(PlayerInfo {
                id: 1,
                name: "Ann".to_owned(),
                rating: 1612.4,
                deviation: 80.0,
                games: 30,
                provisional: false,
            }),
            account: Some(AccountInfo {
                session: 3,
                password,
            }),
            ..LinkStatus::default()
        }
    }

    /// Draws the window a few frames with `form`; returns what the player asked for.
    fn draw(
        ctx: &egui::Context,
        view: &AccountView,
        form: &mut AccountForm,
        events: Vec<egui::Event>,
    ) -> Vec<AccountAction> {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
        let mut actions = Vec::new();
        for i in 0..4 {
            let events = if i == 3 { events.clone() } else { Vec::new() };
            run_frame(ctx, screen, events, |ctx| {
                account_frame(ctx, view.lang, ACCOUNT_WIDTH, |ui| {
                    account_contents(ui, view, form, &mut actions);
                });
            });
        }
        actions
    }

    #[test]
    fn deleting_the_account_asks_for_its_name_and_its_password() {
        assert!(!delete_confirmed("", "Ann"));
        assert!(!delete_confirmed("An", "Ann"));
        assert!(delete_confirmed(" ann ", "Ann"));
        let state = AccountState::default();
        let status = status(true);
        let view = AccountView {
            lang: Lang(Language::English),
            link: Link::Online,
            status: &status,
            state: &state,
            notice: None,
        };
        let ctx = styled_context(800.0);
        // The name typed but not the password: nothing is sent.
        let mut form = AccountForm {
            delete_name: "Ann".to_owned(),
            ..AccountForm::default()
        };
        assert!(draw(&ctx, &view, &mut form, Vec::new()).is_empty());
        // With the wrong name and the password, nothing either; with both, the command.
        form.delete_name = "Bob".to_owned();
        form.delete_password = "secret words".to_owned();
        assert!(draw(&ctx, &view, &mut form, Vec::new()).is_empty());
        assert!(!delete_confirmed(&form.delete_name, "Ann"));
        form.delete_name = "ann".to_owned();
        assert!(delete_confirmed(&form.delete_name, "Ann"));
    }

    #[test]
    fn the_two_new_passwords_must_agree_and_be_long_enough() {
        assert_eq!(
            new_password("correct horse", "correct horsE"),
            Err(PasswordProblem::Differ)
        );
        assert!(new_password("short", "short").is_err());
        assert_eq!(
            new_password("correct horse", "correct horse"),
            Ok(Password("correct horse".to_owned()))
        );
    }

    #[test]
    fn the_pairing_code_is_shown_big_with_its_time_in_both_languages() {
        for language in [Language::English, Language::Chinese] {
            let state = AccountState {
                pairing: Some(PairingShown {
                    code: "ABCD-EFGH".to_owned(),
                    left: bevy::prelude::Timer::from_seconds(299.2, bevy::prelude::TimerMode::Once),
                }),
                ..AccountState::default()
            };
            let status = status(false);
            let view = AccountView {
                lang: Lang(language),
                link: Link::Online,
                status: &status,
                state: &state,
                notice: None,
            };
            let ctx = styled_context(800.0);
            let mut form = AccountForm::default();
            draw(&ctx, &view, &mut form, Vec::new());
            let shown: Option<String> = ctx.data(|d| d.get_temp(egui::Id::new(PAIRING_CODE_LABEL)));
            assert_eq!(shown.as_deref(), Some("ABCD-EFGH"));
            let window = window_rect(&ctx, ACCOUNT_WINDOW).expect("shown");
            assert!(window.width() >= 300.0, "{window:?}");
            assert_eq!(minutes(299.2), "5:00");
            assert_eq!(minutes(59.0), "0:59");
        }
    }
}
