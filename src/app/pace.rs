//! Frame pacing: the game draws at full pace only while something moves (the AI thinks, the AI
//! plays itself, a stone settles, sparks fly, the pointer was just used); a still board waits
//! for input (and egui asks for a frame when it needs one), so an idle game costs next to
//! nothing, even with software rendering.

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

use super::ai::AiThinking;
use super::animation::{DropShadow, Particle, Pulse, Settle};
use super::hint::HintSearch;
use super::keyboard::KeyCursor;
use super::turn::ActiveSetup;
use super::{Board, Hover, Mode, Screen, StatusLine};

/// After the last change on screen, frames go on at full pace this long (the ghost stone
/// fades, egui settles).
const AFTER_A_CHANGE: Duration = Duration::from_millis(600);
/// The longest wait between frames while markers pulse (the winning five, the hint).
const PULSE_WAIT: Duration = Duration::from_millis(33);
/// The longest wait between frames of a still board.
const IDLE_WAIT: Duration = Duration::from_secs(2);

/// Present in runs that must draw every frame (`--screenshot`, `--frame-report`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct KeepDrawing;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        pace.run_if(resource_exists::<WinitSettings>.and_then(not(resource_exists::<KeepDrawing>))),
    );
}

/// What the screen is doing, for the pace of frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// Something moves or works: every frame counts.
    Moving,
    /// Only markers pulse: a steady, modest frame rate.
    Pulsing,
    /// Nothing moves.
    Still,
}

impl Motion {
    /// The update mode for this motion.
    pub fn update_mode(self) -> UpdateMode {
        match self {
            Motion::Moving => UpdateMode::Continuous,
            Motion::Pulsing => UpdateMode::reactive(PULSE_WAIT),
            Motion::Still => UpdateMode::reactive(IDLE_WAIT),
        }
    }
}

fn pace(
    time: Res<Time<Real>>,
    thinking: Res<AiThinking>,
    hint: Res<HintSearch>,
    active: Res<ActiveSetup>,
    screen: Res<State<Screen>>,
    changes: (Res<Board>, Res<Hover>, Res<KeyCursor>, Res<StatusLine>),
    animated: Query<(), Or<(With<Settle>, With<DropShadow>, With<Particle>)>>,
    pulses: Query<(), With<Pulse>>,
    mut last_change: Local<Duration>,
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
    let motion = if thinking.is_thinking()
        || hint.is_searching()
        || ai_plays_itself
        || !animated.is_empty()
        || now.saturating_sub(*last_change) < AFTER_A_CHANGE
    {
        Motion::Moving
    } else if !pulses.is_empty() {
        Motion::Pulsing
    } else {
        Motion::Still
    };
    let mode = motion.update_mode();
    if winit.focused_mode != mode || winit.unfocused_mode != mode {
        // The game goes on at the same pace without focus (an AI-vs-AI game keeps playing).
        winit.focused_mode = mode;
        winit.unfocused_mode = mode;
    }
}
