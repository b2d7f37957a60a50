//! The Players window: create, pick, rename and delete local profiles, and see each one's
//! results, rank and undos.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::i18n::{Lang, fill, rule_label, title_name};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::{dialog_width, dialog_window, error_colour, scroll_when_tall};
use crate::app::{Dialog, PlayerProfiles, UserSettings};
use crate::players::{ProfileError, ProfileId, StatMode, Tally};
use gomoku_engine::record::date;

/// What the Players window is doing.
#[derive(Resource, Debug, Clone, Default)]
struct PlayersWindow {
    /// The profile shown on the right.
    selected: Option<ProfileId>,
    /// The name typed for a new profile.
    new_name: String,
    /// The name typed for a rename.
    rename: String,
    /// The profile whose name `rename` was filled with.
    rename_of: Option<ProfileId>,
    /// Waiting for the delete to be confirmed.
    confirm_delete: bool,
    /// The last refusal, shown in red.
    error: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayersWindow>()
        .add_systems(
            EguiPrimaryContextPass,
            players_window
                .run_if(in_state(Dialog::Players))
                .in_set(UiSystems::Windows),
        )
        .add_systems(OnExit(Dialog::Players), forget_the_visit);
}

/// However the window closes (its button or Esc), the next visit starts without the last
/// refusal or a delete waiting to be confirmed.
fn forget_the_visit(mut window: ResMut<PlayersWindow>) {
    window.error = None;
    window.confirm_delete = false;
}

fn error_text(e: &ProfileError, lang: Lang) -> String {
    match e {
        ProfileError::EmptyName => lang.t("The name is empty.").to_owned(),
        ProfileError::NameTooLong => lang
            .t("The name is too long (24 characters at most).")
            .to_owned(),
        ProfileError::BadCharacters => lang.t("The name holds control characters.").to_owned(),
        ProfileError::NameTaken(n) => fill(
            lang.t("There is already a player called {name}."),
            &[("name", n)],
        ),
        ProfileError::NotFound(_) => lang.t("That player no longer exists.").to_owned(),
    }
}

/// "1 win, 2 losses, 0 draws; win rate 33%".
fn results_line(total: &Tally, lang: Lang) -> String {
    fill(
        lang.t("{wins}, {losses}, {draws}; win rate {rate}"),
        &[
            ("wins", &lang.counted(total.wins, "{n} win", "{n} wins")),
            (
                "losses",
                &lang.counted(total.losses, "{n} loss", "{n} losses"),
            ),
            ("draws", &lang.counted(total.draws, "{n} draw", "{n} draws")),
            ("rate", &total.win_rate_text()),
        ],
    )
}

fn players_window(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    settings: Res<UserSettings>,
    mut profiles: ResMut<PlayerProfiles>,
    mut window: ResMut<PlayersWindow>,
    mut next: ResMut<NextState<Dialog>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Work without marking the profiles changed; only a real change is saved.
    let before = profiles.0.clone();
    let open = show_players(
        ctx,
        *lang,
        &settings,
        profiles.bypass_change_detection(),
        &mut window,
    );
    if profiles.0 != before {
        profiles.set_changed();
    }
    if !open {
        next.set(Dialog::None);
    }
    Ok(())
}

/// The width of the list of players beside the details.
const LIST_WIDTH: f32 = 200.0;
/// The least width of the chosen player's details.
const DETAILS_WIDTH: f32 = 320.0;
/// The window's width with the two columns side by side (their widths, the separator between
/// them and the window's margins).
const WINDOW_WIDTH: f32 = LIST_WIDTH + DETAILS_WIDTH + 64.0;
/// Windows narrower than this show the list above the details: the two columns side by side,
/// with the window's margins, take about this much.
const TWO_COLUMNS_FROM: f32 = LIST_WIDTH + DETAILS_WIDTH + 80.0;

/// Draws the Players window; returns whether it stays open.
fn show_players(
    ctx: &egui::Context,
    lang: Lang,
    settings: &UserSettings,
    ps: &mut PlayerProfiles,
    w: &mut PlayersWindow,
) -> bool {
    let mut open = true;
    if w.selected.is_none_or(|id| ps.get(id).is_err()) {
        w.selected = ps.active;
    }
    // The Rename box holds the name of the player shown (after a delete, a pick, a create),
    // and what was said about the player shown before goes with them.
    if w.rename_of != w.selected {
        w.rename_of = w.selected;
        w.error = None;
        w.confirm_delete = false;
        w.rename = w
            .selected
            .and_then(|id| ps.get(id).ok())
            .map(|p| p.name.clone())
            .unwrap_or_default();
    }
    // One width, whatever the window shows (a long question or message wraps instead of
    // widening it: a window keeps the widest size it has had).
    let width = dialog_width(ctx, WINDOW_WIDTH);
    dialog_window(lang.t("Players"), "players_window")
        .open(&mut open)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            let list = |ui: &mut egui::Ui, ps: &mut PlayerProfiles, w: &mut PlayersWindow| {
                profile_list(ui, lang, ps, w);
                // In the column, not under it: a row below the columns grew the window by
                // its height every frame (the separator takes the height it is given).
                if let Some(e) = &w.error {
                    ui.colored_label(error_colour(ui), e);
                }
            };
            if ctx.content_rect().width() < TWO_COLUMNS_FROM {
                // A narrow window (a phone held upright): the list above the details,
                // scrolling when they are taller than the window.
                scroll_when_tall(ui, |ui| {
                    list(ui, ps, w);
                    ui.separator();
                    if let Some(id) = w.selected {
                        profile_details(ui, lang, settings, ps, id, w);
                    }
                });
                return;
            }
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(LIST_WIDTH);
                    list(ui, ps, w);
                });
                ui.separator();
                ui.vertical(|ui| {
                    ui.set_width(ui.available_width());
                    if let Some(id) = w.selected {
                        profile_details(ui, lang, settings, ps, id, w);
                    }
                });
            });
        });
    open
}

fn profile_list(
    ui: &mut egui::Ui,
    lang: Lang,
    profiles: &mut PlayerProfiles,
    w: &mut PlayersWindow,
) {
    ui.strong(lang.t("Who is playing?"));
    let active = profiles.active;
    let entries: Vec<(ProfileId, String)> = profiles
        .list
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .show(ui, |ui| {
            for (id, name) in entries {
                ui.horizontal(|ui| {
                    if ui
                        .radio(active == Some(id), "")
                        .on_hover_text(lang.t("Play as this player"))
                        .clicked()
                    {
                        let _ = profiles.pick(id);
                    }
                    if ui.selectable_label(w.selected == Some(id), &name).clicked() {
                        w.selected = Some(id);
                        w.confirm_delete = false;
                    }
                });
            }
        });
    ui.separator();
    ui.label(lang.t("New player"));
    let field = ui.add(
        egui::TextEdit::singleline(&mut w.new_name)
            .hint_text(lang.t("Name"))
            .desired_width(180.0),
    );
    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if ui.button(lang.t("Create")).clicked() || enter {
        match profiles.create(&w.new_name, date::now()) {
            Ok(id) => {
                w.selected = Some(id);
                w.new_name.clear();
                w.error = None;
            }
            Err(e) => w.error = Some(error_text(&e, lang)),
        }
    }
}

fn profile_details(
    ui: &mut egui::Ui,
    lang: Lang,
    settings: &UserSettings,
    profiles: &mut PlayerProfiles,
    id: ProfileId,
    w: &mut PlayersWindow,
) {
    let Ok(p) = profiles.get(id) else { return };
    let rank = p.rank();
    ui.heading(&p.name);
    ui.label(fill(
        lang.t("{title}, rating {rating}"),
        &[
            ("title", &lang.t(title_name(rank.title))),
            ("rating", &rank.rating),
        ],
    ));
    let progress = match rank.next {
        Some((next, points)) => fill(
            &lang.counted(
                u64::from(points.unsigned_abs()),
                "{n} point to {title}",
                "{n} points to {title}",
            ),
            &[("title", &lang.t(title_name(next)))],
        ),
        None => lang.t("The top of the ladder").to_owned(),
    };
    // The bar, and what it means under it: egui writes a bar's own text in the colour for
    // text on the fill, which cannot be read on the empty part of the bar.
    ui.add(egui::ProgressBar::new(rank.progress).desired_height(10.0));
    ui.label(egui::RichText::new(progress).small());
    ui.label(results_line(&p.stats.total(), lang));
    ui.label(fill(
        lang.t("Winning streak {current}, best {best}"),
        &[
            ("current", &p.stats.current_streak),
            ("best", &p.stats.best_streak),
        ],
    ));
    if settings.limited_undo {
        ui.label(fill(lang.t("Undos left: {n}"), &[("n", &p.undo.left)]));
    }
    let lines = p.stats.sorted();
    if !lines.is_empty() {
        ui.add_space(4.0);
        egui::Grid::new("stats")
            .striped(true)
            .num_columns(5)
            .show(ui, |ui| {
                for h in [
                    lang.t("Against"),
                    lang.t("Rule"),
                    lang.t("Won"),
                    lang.t("Lost"),
                    lang.t("Drawn"),
                ] {
                    ui.strong(h);
                }
                ui.end_row();
                for line in lines {
                    let against = match (line.key.mode, line.key.level) {
                        (StatMode::VsAi, Some(l)) => fill(lang.t("AI level {n}"), &[("n", &l)]),
                        (StatMode::VsAi, None) => lang.t("AI").to_owned(),
                        (StatMode::TwoPlayers, _) => lang.t("A person").to_owned(),
                    };
                    ui.label(against);
                    ui.label(lang.t(rule_label(line.key.rule)));
                    ui.label(line.tally.wins.to_string());
                    ui.label(line.tally.losses.to_string());
                    ui.label(line.tally.draws.to_string());
                    ui.end_row();
                }
            });
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.add(egui::TextEdit::singleline(&mut w.rename).desired_width(160.0));
        if ui.button(lang.t("Rename")).clicked() {
            match profiles.rename(id, &w.rename) {
                Ok(()) => w.error = None,
                Err(e) => w.error = Some(error_text(&e, lang)),
            }
        }
    });
    if !w.confirm_delete {
        if ui.button(lang.t("Delete...")).clicked() {
            w.confirm_delete = true;
        }
        return;
    }
    // The question above its answers, wrapped to the column.
    ui.label(lang.t("Delete this player and their results?"));
    ui.horizontal(|ui| {
        if ui.button(lang.t("Delete")).clicked() {
            let _ = profiles.delete(id);
            let name = profiles.free_name(lang.t("Player"));
            profiles.ensure_active(&name, date::now());
            w.selected = profiles.active;
            w.confirm_delete = false;
        }
        if ui.button(lang.t("Keep")).clicked() {
            w.confirm_delete = false;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;

    use crate::app::capture::egui_harness::{SCREEN, run_frames, styled_context, window_rect};
    use crate::players::settings::Language;

    const EN: Lang = Lang(Language::English);

    fn two_players() -> (PlayerProfiles, ProfileId, ProfileId) {
        let mut ps = PlayerProfiles::default();
        let ann = ps.create("Ann", date::now()).unwrap();
        let bob = ps.create("Bob", date::now()).unwrap();
        (ps, ann, bob)
    }

    #[test]
    fn an_error_message_keeps_the_window_on_the_screen() {
        let (mut ps, _, _) = two_players();
        let mut w = PlayersWindow::default();
        let settings = UserSettings::default();
        let ctx = egui::Context::default();
        run_frames(&ctx, 3, |ctx| {
            show_players(ctx, EN, &settings, &mut ps, &mut w);
        });
        let calm = window_rect(&ctx, "players_window").expect("shown");
        w.error = Some(error_text(&ProfileError::NameTooLong, EN));
        run_frames(&ctx, 30, |ctx| {
            show_players(ctx, EN, &settings, &mut ps, &mut w);
        });
        let rect = window_rect(&ctx, "players_window").expect("shown");
        assert!(
            SCREEN.contains_rect(rect),
            "the window left the screen: {rect:?}"
        );
        assert!(
            rect.height() < calm.height() + 60.0,
            "the message grew the window from {calm:?} to {rect:?}"
        );
    }

    #[test]
    fn a_refusal_is_forgotten_once_another_player_is_shown() {
        let (mut ps, ann, bob) = two_players();
        let mut w = PlayersWindow::default();
        let settings = UserSettings::default();
        let ctx = styled_context(SCREEN.height());
        let taken = || Some(error_text(&ProfileError::NameTaken("Player 1".into()), EN));
        run_frames(&ctx, 2, |ctx| {
            show_players(ctx, EN, &settings, &mut ps, &mut w);
        });
        // Refused, then another player is chosen in the list (as its label does it).
        w.error = taken();
        w.selected = Some(ann);
        run_frames(&ctx, 2, |ctx| {
            show_players(ctx, EN, &settings, &mut ps, &mut w);
        });
        assert_eq!(w.error, None, "kept after choosing Ann");
        // Refused, then the player shown is deleted (as the Delete button does it).
        w.error = taken();
        ps.delete(ann).unwrap();
        run_frames(&ctx, 2, |ctx| {
            show_players(ctx, EN, &settings, &mut ps, &mut w);
        });
        assert_eq!(w.selected, Some(bob));
        assert_eq!(w.error, None, "kept after deleting Ann");
    }

    #[test]
    fn the_delete_question_does_not_widen_the_window() {
        let (mut ps, _, _) = two_players();
        let mut w = PlayersWindow::default();
        let settings = UserSettings::default();
        for language in [Language::English, Language::Chinese] {
            let lang = Lang(language);
            let ctx = styled_context(SCREEN.height());
            let mut width = |w: &mut PlayersWindow| {
                run_frames(&ctx, 3, |ctx| {
                    show_players(ctx, lang, &settings, &mut ps, w);
                });
                window_rect(&ctx, "players_window").expect("shown").width()
            };
            let calm = width(&mut w);
            w.confirm_delete = true;
            let asking = width(&mut w);
            w.confirm_delete = false;
            let after = width(&mut w);
            assert_eq!(
                (asking, after),
                (calm, calm),
                "{language:?}: widened from {calm} to {asking} while asking, {after} after"
            );
        }
    }

    #[test]
    fn the_window_opens_again_without_the_last_visits_refusal() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .init_state::<Dialog>()
            .add_plugins(plugin);
        let open = |app: &mut App, dialog: Dialog| {
            app.world_mut()
                .resource_mut::<NextState<Dialog>>()
                .set(dialog);
            app.update();
        };
        open(&mut app, Dialog::Players);
        {
            let mut w = app.world_mut().resource_mut::<PlayersWindow>();
            w.error = Some(error_text(&ProfileError::EmptyName, EN));
            w.confirm_delete = true;
        }
        // Closed with Esc (not the window's own button), and opened again.
        open(&mut app, Dialog::None);
        open(&mut app, Dialog::Players);
        let w = app.world().resource::<PlayersWindow>();
        assert_eq!((w.error.as_deref(), w.confirm_delete), (None, false));
    }

    #[test]
    fn after_a_delete_the_rename_box_holds_the_player_shown() {
        let (mut ps, ann, bob) = two_players();
        let mut w = PlayersWindow::default();
        let settings = UserSettings::default();
        let ctx = egui::Context::default();
        run_frames(&ctx, 2, |ctx| {
            show_players(ctx, EN, &settings, &mut ps, &mut w);
        });
        assert_eq!((w.selected, w.rename.as_str()), (Some(bob), "Bob"));
        // Bob is deleted (as the Delete button does it): Ann is shown.
        ps.delete(bob).unwrap();
        run_frames(&ctx, 2, |ctx| {
            show_players(ctx, EN, &settings, &mut ps, &mut w);
        });
        assert_eq!((w.selected, w.rename.as_str()), (Some(ann), "Ann"));
    }

    #[test]
    fn results_are_counted_in_good_english() {
        let tally = Tally {
            wins: 1,
            losses: 1,
            draws: 2,
        };
        assert_eq!(
            results_line(&tally, Lang(Language::English)),
            "1 win, 1 loss, 2 draws; win rate 25%"
        );
        assert_eq!(
            results_line(&tally, Lang(Language::Chinese)),
            "1 胜 1 负 2 和；胜率 25%"
        );
    }

    #[test]
    fn results_take_the_plural_forms_of_russian_and_czech() {
        let tally = Tally {
            wins: 21,
            losses: 3,
            draws: 5,
        };
        assert_eq!(
            results_line(&tally, Lang(Language::Russian)),
            "21 победа, 3 поражения, 5 ничьих; доля побед 72%"
        );
        assert_eq!(
            results_line(&tally, Lang(Language::Czech)),
            "21 výher, 3 prohry, 5 remíz; úspěšnost 72%"
        );
        assert_eq!(
            results_line(&tally, Lang(Language::Vietnamese)),
            "21 thắng, 3 thua, 5 hòa; tỉ lệ thắng 72%"
        );
    }
}
