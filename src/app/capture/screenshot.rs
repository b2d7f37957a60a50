//! `--screenshot FILE`: draw the scene, save the window to FILE, exit.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::app::analysis::review::{GameReview, OpenReview};
use crate::app::analysis::{AnalysisRun, AnalysisShown};
use crate::app::board::BoardLayout;
use crate::app::online::{JoinOnConnect, Link, OnlineGame};
use crate::app::pace::KeepDrawing;
use crate::app::{AppSystems, Board, Hover, LeaveSavedGame, SceneReady, Screen};
use gomoku_engine::Pos;

/// Frames to let the scene settle (sprites uploaded, text laid out) once everything is loaded.
const SETTLE_FRAMES: u32 = 8;
/// Seconds to let the animations finish (a stone settling, the win burst) before the picture.
const SETTLE_SECS: f32 = 2.2;
/// How many blank pictures are taken again before one is saved as it is.
const BLANK_TRIES: u32 = 10;

/// Whether a picture is black all over: the window before the renderer drew into it.
fn is_blank(image: &Image) -> bool {
    image
        .data
        .as_ref()
        .is_some_and(|data| data.chunks_exact(4).all(|px| px[..3] == [0, 0, 0]))
}

/// A frame longer than this (seconds) is a stall of the renderer: the settling starts again.
const STALL_SECS: f32 = 0.5;
/// Rounds of analysis to wait for before a picture of analysis mode (unless it ends sooner).
const ANALYSIS_ROUNDS: u32 = 5;
/// The longest wait for the server on the online screens, in seconds.
const ONLINE_WAIT_SECS: f32 = 20.0;
/// The longest wait for the analysis, in seconds.
const ANALYSIS_WAIT_SECS: f32 = 60.0;

/// Where to save, and how far along the capture is.
#[derive(Resource)]
struct Plan {
    path: PathBuf,
    settled: u32,
    ready_at: Option<f32>,
    requested: bool,
    /// Blank pictures taken again so far.
    blank_tries: u32,
}

/// The plugin that saves one screenshot to `path` and then exits.
pub fn plugin(path: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(LeaveSavedGame)
            .insert_resource(KeepDrawing)
            .insert_resource(Plan {
                path: path.clone(),
                settled: 0,
                ready_at: None,
                requested: false,
                blank_tries: 0,
            })
            .add_systems(
                Update,
                hide_ghost.after(AppSystems::Input).before(AppSystems::View),
            )
            .add_systems(Last, capture_when_ready);
    }
}

/// The pointer's resting place under a virtual display must not leave a ghost stone in the
/// picture.
fn hide_ghost(mut hover: ResMut<Hover>) {
    hover.set_if_neq(Hover(None));
}

/// `FILE.layout.json`: where the board's points are in the picture, for checks of it.
fn layout_json(layout: &BoardLayout, window: &Window, board: &Board) -> String {
    let scale = window.scale_factor();
    let size = window.size();
    let origin = layout.to_world(Pos::new(0, 0));
    // World (y up, origin at the centre) to picture pixels (y down, origin top-left).
    let ox = (origin.x + size.x / 2.0) * scale;
    let oy = (size.y / 2.0 - origin.y) * scale;
    format!(
        "{{\"size\": {}, \"cell_px\": {}, \"origin_px\": [{}, {}], \"moves\": \"{}\"}}\n",
        layout.size,
        layout.cell * scale,
        ox,
        oy,
        board.board().moves_notation()
    )
}

fn capture_when_ready(
    mut commands: Commands,
    ready: Res<SceneReady>,
    layout: Option<Res<BoardLayout>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    board: Res<Board>,
    time: Res<Time>,
    analysis: Option<Res<AnalysisShown>>,
    analysis_run: Option<Res<AnalysisRun>>,
    review: Option<Res<GameReview>>,
    open_review: Option<Res<OpenReview>>,
    screen: Res<State<Screen>>,
    online: (Res<State<Link>>, Res<OnlineGame>, Res<JoinOnConnect>),
    mut plan: ResMut<Plan>,
) {
    if plan.requested || !ready.0 {
        return;
    }
    // Online screens are pictured once connected (and, for a game, once the server has sent
    // it), unless the server stays away.
    let (link, game, join) = online;
    let online_pending = match screen.get() {
        Screen::Lobby => *link.get() != Link::Online || join.0.is_some() || game.seat.is_some(),
        Screen::Online => game.room.is_none(),
        _ => false,
    };
    if online_pending && time.elapsed_secs() < ONLINE_WAIT_SECS {
        return;
    }
    // Analysis mode is pictured once the engine has had a few rounds.
    let analysing = *screen.get() == Screen::Analysis && !board.outcome().is_over();
    let rounds = analysis
        .as_ref()
        .and_then(|a| a.report.as_ref())
        .map_or(0, |r| r.rounds);
    let analysis_done = analysis_run.is_some_and(|r| r.is_done());
    // A review under way (or about to begin) is pictured once it is done.
    let review_to_start = open_review.is_some() && time.elapsed_secs() < ANALYSIS_WAIT_SECS;
    if review_to_start || review.is_some_and(|r| r.is_running()) {
        return;
    }
    if analysing
        && rounds < ANALYSIS_ROUNDS
        && !analysis_done
        && time.elapsed_secs() < ANALYSIS_WAIT_SECS
    {
        return;
    }
    if time.delta_secs() > STALL_SECS {
        // A frame that took this long waited for the renderer (a software renderer compiles
        // each new pipeline the first time it draws it: seconds on two busy cores), and the
        // window may not show the scene yet: settle again from here.
        plan.settled = 0;
        plan.ready_at = None;
        return;
    }
    plan.settled += 1;
    let now = time.elapsed_secs();
    let ready_at = *plan.ready_at.get_or_insert(now);
    if plan.settled < SETTLE_FRAMES || now - ready_at < SETTLE_SECS {
        return;
    }
    plan.requested = true;
    if let (Some(layout), Ok(window)) = (layout, windows.single()) {
        let sidecar = format!("{}.layout.json", plan.path.display());
        if let Err(e) = std::fs::write(&sidecar, layout_json(&layout, window, &board)) {
            error!("cannot write {sidecar}: {e}");
        }
    }
    let mut save = save_to_disk(plan.path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>,
              mut plan: ResMut<Plan>,
              mut exit: MessageWriter<AppExit>| {
            if is_blank(&captured.image) && plan.blank_tries < BLANK_TRIES {
                // The window showed nothing yet (the renderer still busy with its first
                // frames): settle again and take another.
                plan.blank_tries += 1;
                plan.requested = false;
                plan.settled = 0;
                plan.ready_at = None;
                warn!("the window was still blank: another picture");
                return;
            }
            save(captured);
            exit.write(AppExit::Success);
        },
    );
}
