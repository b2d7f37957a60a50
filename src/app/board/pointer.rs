//! The pointer: the intersection under it (for the ghost stone), and clicks and taps as move
//! requests. With the "tap twice" setting a tap only shows the stone, and a second tap on the
//! same point plays it. The keys are in `keyboard`.
//!
//! Whether a pointer reaches the board is decided in one place, [`board_point`], for the
//! ghost, the click and the tap on every screen that plays on the board: never where the
//! interface is (the room the layout keeps for the bars and panels, or any panel, window or
//! menu egui drew: [`UiCover`]), nor while egui uses the pointer.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::cover::UiCover;
use super::layout::window_to_world;
use super::{BoardLayout, PointerSystems};
use crate::app::{
    ActiveSetup, AppSystems, Board, GameOpening, Hover, MoveRequest, Screen, UserSettings,
};
use gomoku_engine::Pos;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_pointer, click_to_request)
            .chain()
            .in_set(AppSystems::Input)
            .in_set(PointerSystems)
            .run_if(
                resource_exists::<BoardLayout>.and_then(
                    in_state(Screen::Playing)
                        .or_else(in_state(Screen::Analysis))
                        .or_else(in_state(Screen::Puzzle))
                        .or_else(in_state(Screen::Online)),
                ),
            ),
    )
    .add_systems(OnExit(Screen::Playing), clear_hover)
    .add_systems(OnExit(Screen::Analysis), clear_hover)
    .add_systems(OnExit(Screen::Puzzle), clear_hover)
    .add_systems(OnExit(Screen::Online), clear_hover);
}

/// The intersection a pointer at `cursor` (window pixels, y down) in a window of `window`
/// logical pixels points at: none where the interface is (the layout's bars and panels, and
/// what `cover` says egui drew), else the board's point within half a cell of it.
pub fn board_point(
    layout: &BoardLayout,
    window: Vec2,
    cover: &UiCover,
    cursor: Vec2,
) -> Option<Pos> {
    let held = layout.held_rects(window).iter().any(|r| r.contains(cursor));
    if held || cover.covers(cursor) {
        return None;
    }
    layout.pick(window_to_world(cursor, window))
}

/// The board as a pointer reaches it: the layout, the window, and what the interface covers.
#[derive(SystemParam)]
struct BoardReach<'w, 's> {
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    layout: Res<'w, BoardLayout>,
    cover: Res<'w, UiCover>,
    egui: Option<Res<'w, EguiWantsInput>>,
}

impl BoardReach<'_, '_> {
    /// The pointer's place in the window, if it is in it.
    fn cursor(&self) -> Option<Vec2> {
        self.windows.single().ok()?.cursor_position()
    }

    /// The intersection under a pointer at `cursor` ([`board_point`]); none while egui uses
    /// the pointer (a menu is open, a slider is dragged). Whether the pointer is over the
    /// interface is asked of the cursor's place now, not of egui's last pass, which saw the
    /// pointer where it was then (a tap on the board right after one on the panel).
    fn point_at(&self, cursor: Vec2) -> Option<Pos> {
        let window = self.windows.single().ok()?;
        let egui_busy = self
            .egui
            .as_ref()
            .is_some_and(|w| w.is_using_pointer() || w.is_popup_open());
        if egui_busy {
            return None;
        }
        board_point(&self.layout, window.size(), &self.cover, cursor)
    }
}

/// Who may play where now: the game, the set-up, the opening and the screen.
#[derive(SystemParam)]
struct PlayGate<'w> {
    board: Res<'w, Board>,
    active: Res<'w, ActiveSetup>,
    opening: Res<'w, GameOpening>,
    screen: Res<'w, State<Screen>>,
}

impl PlayGate<'_> {
    /// Whether the person may put a stone on `p` now (the rules may still refuse it).
    fn allows(&self, p: Pos) -> bool {
        // On analysis mode's side line a person plays both sides. Online, the server says
        // whose turn it is (and refuses a move out of turn).
        let analysing = matches!(
            self.screen.get(),
            Screen::Analysis | Screen::Puzzle | Screen::Online
        );
        let board = &self.board;
        let person_to_move = analysing || !self.active.0.mode.ai_plays(board.to_move());
        match self.opening.running() {
            Some(play) if !analysing => play.person_may_click(p),
            _ => person_to_move && board.board().is_empty_at(p) && !board.outcome().is_over(),
        }
    }
}

/// Finds the intersection under the pointer, if a person may play there now.
fn track_pointer(
    reach: BoardReach,
    gate: PlayGate,
    mut hover: ResMut<Hover>,
    mut last_cursor: Local<Option<Vec2>>,
) {
    // Only a moving pointer takes the ghost over from the keyboard cursor.
    let cursor = reach.cursor();
    if cursor == *last_cursor && !gate.board.is_changed() && !gate.opening.is_changed() {
        return;
    }
    *last_cursor = cursor;
    let point = cursor.and_then(|c| reach.point_at(c));
    let legal = point.filter(|&p| gate.allows(p));
    hover.set_if_neq(Hover(legal));
}

/// A left click on the board requests that move for the person to move. So does a tap, or,
/// with the "tap twice" setting, a second tap on the point the first one showed.
fn click_to_request(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    reach: BoardReach,
    settings: Option<Res<UserSettings>>,
    gate: PlayGate,
    mut hover: ResMut<Hover>,
    mut shown: Local<Option<Pos>>,
    mut requests: MessageWriter<MoveRequest>,
) {
    // A move, an undo or a new game forgets the stone the last tap showed.
    if gate.board.is_changed() || gate.opening.is_changed() {
        *shown = None;
    }
    if mouse.is_some_and(|m| m.just_pressed(MouseButton::Left))
        && let Some(p) = reach.cursor().and_then(|c| reach.point_at(c))
    {
        *shown = None;
        requests.write(MoveRequest::person(p));
    }
    let Some(touches) = touches else { return };
    let tap_twice = settings.is_some_and(|s| s.tap_twice);
    for p in touches
        .iter_just_released()
        .filter_map(|t| reach.point_at(t.position()))
    {
        if tap_twice && *shown != Some(p) {
            let allowed = gate.allows(p);
            *shown = allowed.then_some(p);
            hover.set_if_neq(Hover(*shown));
            continue;
        }
        *shown = None;
        requests.write(MoveRequest::person(p));
    }
}

fn clear_hover(mut hover: ResMut<Hover>) {
    hover.set_if_neq(Hover(None));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_takes_no_pointer_where_the_interface_is() {
        let window = Vec2::new(640.0, 760.0);
        let layout = BoardLayout::fit(15, window);
        let at = |notation: &str| {
            let w = layout.to_world(Pos::parse(notation, 15).unwrap());
            Vec2::new(w.x + window.x / 2.0, window.y / 2.0 - w.y)
        };
        let none = UiCover::default();
        assert_eq!(
            board_point(&layout, window, &none, at("h8")),
            Pos::parse("h8", 15).ok()
        );
        // The top bar and the panel below the board.
        for cursor in [Vec2::new(320.0, 10.0), Vec2::new(320.0, 740.0)] {
            assert_eq!(
                board_point(&layout, window, &none, cursor),
                None,
                "{cursor}"
            );
        }
        // A window over the board's middle.
        let over = UiCover(vec![Rect::from_center_size(at("h8"), Vec2::splat(100.0))]);
        assert_eq!(board_point(&layout, window, &over, at("h8")), None);
        assert_eq!(
            board_point(&layout, window, &over, at("a1")),
            Pos::parse("a1", 15).ok()
        );
    }
}
