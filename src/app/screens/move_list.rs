//! The move list in the panel: the game's moves numbered, in board notation ("12. h8"), the
//! move on the board highlighted. A click on a move shows the position after it (a
//! [`LookBack`] request: `play::look_back` opens the past position); a click on the game's
//! last move goes back to the game. Over a past position a banner on the board says which move
//! it is, with the way back to the game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::board::BoardLayout;
use crate::app::board::layout::TOP_BAR;
use crate::app::i18n::{Lang, fill};
use crate::app::theme::UiSystems;
use crate::app::theme::widgets::primary_button;
use crate::app::{LookBack, PastPosition, Screen};
use gomoku_engine::Pos;

/// The least width of a move in the list, so the columns line up.
const MOVE_WIDTH: f32 = 66.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        past_position_banner
            .run_if(in_state(Screen::PastPosition).and_then(resource_exists::<PastPosition>))
            .in_set(UiSystems::Windows),
    );
}

/// The moves of a game as the list shows them: `moves` on a board of `size`, `shown` of them
/// on the board.
pub struct MoveList<'a> {
    /// The game's moves.
    pub moves: &'a [Pos],
    /// The board's side.
    pub size: u8,
    /// How many are on the board (the last of them is highlighted).
    pub shown: usize,
}

/// The least height of the list (a row and a bit): it scrolls in any room.
const MIN_HEIGHT: f32 = 36.0;

/// The list, at most `max_height` tall (it scrolls, keeping the highlighted move in view).
pub fn show_move_list(
    ui: &mut egui::Ui,
    list: &MoveList,
    max_height: f32,
    lang: Lang,
    looks: &mut MessageWriter<LookBack>,
) {
    ui.label(egui::RichText::new(lang.t("Moves")).strong());
    if list.moves.is_empty() {
        ui.label(egui::RichText::new(lang.t("No moves yet")).weak());
        return;
    }
    // The room under the heading: the list must not run under what the panel shows below it
    // (the result of a finished game, in an upright window).
    let room = max_height.min(ui.available_height()).max(MIN_HEIGHT);
    // Black's and White's moves in their own columns: an even number of them.
    // A cell's width is measured from its widest text ("120. o15") as the list draws it: a
    // fixed guess put six columns in a 540-point window, and the sixth was cut off.
    let widest = format!("{:>3}. o15", list.moves.len());
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let text_width = ui
        .painter()
        .layout_no_wrap(widest, font, egui::Color32::WHITE)
        .size()
        .x;
    let cell = (text_width + 2.0 * ui.spacing().button_padding.x).max(MOVE_WIDTH - 8.0) + 4.0;
    let columns = ((ui.available_width() / cell) as usize / 2 * 2).max(2);
    // Scroll to the highlighted move when it changes, and leave the list alone otherwise.
    let scrolled_id = ui.id().with("move_list_scrolled");
    // (And when the list's room changes: the result of a finished game takes some of it.)
    let key = (list.shown, room.round() as i32);
    let scrolled = ui.data(|d| d.get_temp::<(usize, i32)>(scrolled_id));
    let scroll_now = scrolled != Some(key);
    ui.data_mut(|d| d.insert_temp(scrolled_id, key));
    egui::ScrollArea::vertical()
        .id_salt("move_list")
        .max_height(room)
        // (egui's least height for a scroll area is 64 points, taller than the room in an
        // upright window at the end of a game: the list then ran under the result.)
        .min_scrolled_height(room)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("moves")
                .num_columns(columns)
                .min_col_width(cell - 4.0)
                .max_col_width(cell - 4.0)
                .spacing([4.0, 2.0])
                .show(ui, |ui| {
                    for (i, p) in list.moves.iter().enumerate() {
                        let n = i + 1;
                        let text = format!("{n:>3}. {}", p.to_notation(list.size));
                        let current = n == list.shown;
                        let cell =
                            ui.selectable_label(current, egui::RichText::new(text).monospace());
                        if current && scroll_now {
                            cell.scroll_to_me(Some(egui::Align::Center));
                        }
                        if cell.clicked() {
                            looks.write(LookBack::Show(n));
                        }
                        if n % columns == 0 {
                            ui.end_row();
                        }
                    }
                });
        });
}

/// Over a past position: "Move 12 of 31" and the way back to the game, at the top of the board.
fn past_position_banner(
    mut contexts: EguiContexts,
    lang: Res<Lang>,
    past: Res<PastPosition>,
    layout: Option<Res<BoardLayout>>,
    mut looks: MessageWriter<LookBack>,
) -> Result {
    let lang = *lang;
    let ctx = contexts.ctx_mut()?;
    let x = layout.map_or(0.0, |l| l.centre.x);
    egui::Area::new(egui::Id::new("past_position_banner"))
        .anchor(egui::Align2::CENTER_TOP, [x, TOP_BAR + 6.0])
        .show(ctx, |ui| {
            let visuals = ui.visuals().clone();
            egui::Frame::popup(ui.style())
                .stroke(egui::Stroke::new(2.0, visuals.selection.bg_fill))
                .inner_margin(egui::Margin::symmetric(12, 6))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let text = fill(
                            lang.t("Move {at} of {n}"),
                            &[("at", &past.at), ("n", &past.moves.len())],
                        );
                        ui.label(egui::RichText::new(text).strong());
                        ui.label(egui::RichText::new(lang.t("(a past position)")).weak());
                        if ui
                            .add(primary_button(lang.t("Back to the game")))
                            .on_hover_text("Esc")
                            .clicked()
                        {
                            looks.write(LookBack::Return);
                        }
                    });
                });
        });
    Ok(())
}
