//! Frame pacing: the game draws at full pace only while something moves (a stone settles,
//! sparks fly, the pointer was just used), at a modest pace while the engine thinks (of a move,
//! an opening step or a hint, or when the AI plays itself), so that the search keeps the
//! processor, and a few times a second while work the screen shows goes on behind it (a
//! review, the pictures loading); a still screen waits for input (and egui asks for a frame
//! when it needs one), drawing one frame every few seconds, so an idle game costs next to
//! nothing, even with software rendering. A running clock asks for a frame each time it shows
//! something new; the lobby, whose list of games is asked for every few seconds, one every two
//! seconds. Every animation ends (the winning five's pulse, a hint's breathing).

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use super::analysis::review::GameReview;
use super::assets::GameAssets;
use super::board::{DropShadow, KeyCursor, Particle, Pulse, Settle};
use super::online::{Link, OnlineClocks};
use super::play::ai::AiThinking;
use super::play::hint::HintSearch;
use super::play::opening_ai::OpeningThinking;
use super::screens::player_cards::clock_label_period;
use super::{ActiveSetup, Board, GameClock, Hover, Mode, SceneReady, Screen, StatusLine};

/// After the last change on screen, frames go on at full pace this long (the ghost stone
/// fades, egui settles).
const AFTER_A_CHANGE: Duration = Duration::from_millis(600);
/// The longest wait between frames while the engine thinks.
const THINKING_WAIT: Duration = Duration::from_millis(33);
/// The longest wait between frames while markers pulse (the winning five, the hint).
const PULSE_WAIT: Duration = Duration::from_millis(33);
/// The longest wait between frames while a connection is being made.
const CONNECTING_WAIT: Duration = Duration::from_millis(200);
/// The longest wait between frames while work the screen shows goes on behind it.
const WORKING_WAIT: Duration = Duration::from_millis(500);
/// The longest wait between frames of the lobby (its list of games is refreshed every few
/// seconds: `online::lobby`).
const LOBBY_WAIT: Duration = Duration::from_secs(2);
/// The longest wait between frames of a still screen. Nothing needs them (what changes wakes
/// the game, or asks for its own pace above): they only catch what nothing announced. With a
/// software renderer a frame costs about 50 ms of a core (100 ms on the menu): this keeps an
/// idle game near 1% (see the developers' guide, "Frame times").
const IDLE_WAIT: Duration = Duration::from_secs(5);

/// Present in runs that must draw every frame (`--screenshot`, `--frame-report`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct KeepDrawing;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(
        Last,
        pace.run_if(resource_exists::<WinitSettings>.and_then(not(resource_exists::<KeepDrawing>))),
    );
}

/// What the screen is doing, for the pace of frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// Something moves or works: every frame counts.
    Moving,
    /// The engine thinks (its card's dots turn): a steady, modest frame rate, which leaves the
    /// processor to the search (with software rendering, frames as fast as they come took
    /// most of it, and the master level overran its 3 s by 2 s on two cores).
    Thinking,
    /// Only markers pulse: a steady, modest frame rate.
    Pulsing,
    /// Work the screen shows goes on behind it (a review's progress, the pictures loading): a
    /// few frames a second.
    Working,
    /// Only a clock runs (or the lobby's timer): a frame each time what it shows changes (each
    /// second, or each tenth when time is short). The wait stays the same from frame to frame:
    /// a new one makes Bevy draw a frame at once.
    Ticking(Duration),
    /// Nothing moves.
    Still,
}

impl Motion {
    /// The update mode for this motion.
    pub fn update_mode(self) -> UpdateMode {
        match self {
            Motion::Moving => UpdateMode::Continuous,
            Motion::Thinking => UpdateMode::reactive(THINKING_WAIT),
            Motion::Pulsing => UpdateMode::reactive(PULSE_WAIT),
            Motion::Working => UpdateMode::reactive(WORKING_WAIT),
            Motion::Ticking(wait) => UpdateMode::reactive(wait),
            Motion::Still => UpdateMode::reactive(IDLE_WAIT),
        }
    }
}

fn pace(
    time: Res<Time<Real>>,
    thinking: Res<AiThinking>,
    hint: Res<HintSearch>,
    opening_thinking: Res<OpeningThinking>,
    active: Res<ActiveSetup>,
    screen: Res<State<Screen>>,
    clock: Res<GameClock>,
    changes: (Res<Board>, Res<Hover>, Res<KeyCursor>, Res<StatusLine>),
    online: (Option<Res<State<Link>>>, Option<Res<OnlineClocks>>),
    work: (
        Option<Res<GameReview>>,
        Option<Res<GameAssets>>,
        Res<SceneReady>,
    ),
    animated: Query<(), Or<(With<Settle>, With<DropShadow>, With<Particle>)>>,
    pulses: Query<(), With<Pulse>>,
    mut last_change: Local<Duration>,
    mut tally: Local<FrameTally>,
    mut winit: ResMut<WinitSettings>,
) {
    let now = time.elapsed();
    let (board, hover, cursor, status) = changes;
    if board.is_changed()
        || hover.is_changed()
        || cursor.is_changed()
        || status.is_changed()
        || screen.is_changed()
    {
        *last_change = now;
    }
    let ai_plays_itself = active.0.mode == Mode::AiVsAi && *screen.get() == Screen::Playing;
    let motion = if !animated.is_empty() || now.saturating_sub(*last_change) < AFTER_A_CHANGE {
        Motion::Moving
    } else if thinking.is_thinking()
        || opening_thinking.is_thinking()
        || hint.is_searching()
        || ai_plays_itself
    {
        Motion::Thinking
    } else if !pulses.is_empty() {
        Motion::Pulsing
    } else if work.0.is_some_and(|review| review.is_running()) || (work.1.is_some() && !work.2.0) {
        Motion::Working
    } else if let Some(wait) = local_clock_tick(&clock, &board, *screen.get())
        .or_else(|| online_tick(online.0.as_deref(), online.1.as_deref(), *screen.get()))
    {
        Motion::Ticking(wait)
    } else {
        Motion::Still
    };
    tally.count(now, motion);
    let mode = motion.update_mode();
    if winit.focused_mode != mode || winit.unfocused_mode != mode {
        debug!("frames: {motion:?}");
        // The game goes on at the same pace without focus (an AI-vs-AI game keeps playing).
        winit.focused_mode = mode;
        winit.unfocused_mode = mode;
    }
}

/// How often the debug log says how many frames were drawn (`RUST_LOG=gomoku::app::pace=debug`:
/// a still screen should show a frame every [`IDLE_WAIT`]).
const TALLY_EVERY: Duration = Duration::from_secs(10);

/// The frames drawn since the debug log last said.
#[derive(Debug, Default)]
struct FrameTally {
    since: Duration,
    frames: u32,
}

impl FrameTally {
    /// Counts a frame at `now`; says the count every [`TALLY_EVERY`].
    fn count(&mut self, now: Duration, motion: Motion) {
        self.frames += 1;
        let stretch = now.saturating_sub(self.since);
        if stretch >= TALLY_EVERY {
            debug!(
                "frames: {} in {:.1} s, now {motion:?}",
                self.frames,
                stretch.as_secs_f32()
            );
            *self = FrameTally {
                since: now,
                frames: 0,
            };
        }
    }
}

/// The wait between frames for a running clock with this much time left.
fn clock_wait(ms_left: u64) -> Duration {
    Duration::from_millis(clock_label_period(ms_left))
}

/// The wait for the next frame of a local game whose clock runs (for the side to move, while
/// the game is played on screen), if one does.
fn local_clock_tick(clock: &GameClock, board: &Board, screen: Screen) -> Option<Duration> {
    let clocks = clock.0.as_ref()?;
    (screen == Screen::Playing && !board.outcome().is_over())
        .then(|| clock_wait(clocks.left(board.to_move())))
}

/// The wait for the next frame the online side wants: a few a second while a connection is
/// being made or waits to try again (its timers count in frames); one every two seconds in the
/// lobby (its list of games is refreshed on a timer); as often as the shown clock changes while
/// an online game's clock runs. (The server's messages wake the game by themselves.)
fn online_tick(
    link: Option<&State<Link>>,
    clocks: Option<&OnlineClocks>,
    screen: Screen,
) -> Option<Duration> {
    if link.is_some_and(|l| matches!(l.get(), Link::Connecting | Link::Retrying)) {
        return Some(CONNECTING_WAIT);
    }
    if screen == Screen::Lobby {
        return Some(LOBBY_WAIT);
    }
    let clocks = clocks.filter(|c| c.timed && screen == Screen::Online)?;
    Some(clock_wait(clocks.left(clocks.running?)))
}

/// bevy_egui tells egui the modifier keys every frame, as an input event; egui answers any
/// input with a request for the next frame, so frames never stopped. Only a change is passed on
/// (egui also reads the modifiers from the input's own field).
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(m) => last.replace(*m) != Some(*m),
            _ => true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unchanged_modifier_state_is_not_an_input() {
        let mut app = App::new();
        app.add_systems(Update, drop_unchanged_modifiers);
        let context = app.world_mut().spawn(EguiInput::default()).id();
        let mut frame = |modifiers: egui::Modifiers| {
            app.world_mut()
                .get_mut::<EguiInput>(context)
                .unwrap()
                .0
                .events = vec![egui::Event::ModifiersChanged(modifiers)];
            app.update();
            app.world()
                .get::<EguiInput>(context)
                .unwrap()
                .0
                .events
                .len()
        };
        assert_eq!(frame(egui::Modifiers::NONE), 1, "the first is news");
        assert_eq!(frame(egui::Modifiers::NONE), 0, "the same again is not");
        assert_eq!(frame(egui::Modifiers::SHIFT), 1, "a change is");
    }
}
