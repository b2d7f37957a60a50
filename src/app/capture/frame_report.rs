//! `--frame-report FILE`: a scripted run that measures frame times, for
//! `scripts/frame_times.py`. It shows an idle board for a while, then has the AI think at full
//! strength, then plays a winning move and lets the win animation run; every frame's duration
//! is written to FILE (JSON) with the phase it belongs to, and the game exits.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::app::pace::KeepDrawing;
use crate::app::play::ai::AiThinking;
use crate::app::{
    ActiveSetup, Board, GameCommand, GameSetup, LeaveSavedGame, Mode, MoveRequest, Screen,
};
use gomoku_engine::board::parse_moves;
use gomoku_engine::search::levels::Level;
use gomoku_engine::{Pos, Stone};

/// Seconds of idle board measured.
const IDLE_SECS: f32 = 4.0;
/// Seconds of the win animation measured.
const WIN_SECS: f32 = 2.5;
/// A quiet middle-game position (black to move) for the AI to think about.
const THINK_POSITION: &str = "h8 i9 g10 j8 f9 h10 k9 g7";
/// A four for black; black's next move (l8) wins.
const WIN_POSITION: &str = "h8 a1 i8 a2 j8 a3 k8 a4";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Warmup,
    Idle,
    Thinking,
    Win,
}

#[derive(Resource)]
struct Report {
    path: PathBuf,
    phase: Phase,
    phase_started: f32,
    frames: Vec<(Phase, f32)>,
}

/// The plugin that runs the measurement and writes the report to `path`.
pub fn plugin(path: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(LeaveSavedGame)
            .insert_resource(KeepDrawing)
            .insert_resource(Report {
                path: path.clone(),
                phase: Phase::Warmup,
                phase_started: 0.0,
                frames: Vec::new(),
            })
            .insert_resource(GameSetup {
                mode: Mode::TwoPlayers,
                level: Level::new(Level::MAX),
                moves: parse_moves(THINK_POSITION, 15).expect("a valid position"),
                ..GameSetup::default()
            })
            .insert_state(Screen::Playing)
            .add_systems(Last, drive);
    }
}

fn drive(
    time: Res<Time>,
    thinking: Res<AiThinking>,
    board: Res<Board>,
    mut report: ResMut<Report>,
    mut setup: ResMut<GameSetup>,
    mut active: ResMut<ActiveSetup>,
    mut commands: MessageWriter<GameCommand>,
    mut moves: MessageWriter<MoveRequest>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = time.elapsed_secs();
    let since = now - report.phase_started;
    let phase = report.phase;
    if phase != Phase::Warmup {
        report.frames.push((phase, time.delta_secs()));
    }
    let next = |report: &mut Report, phase: Phase| {
        report.phase = phase;
        report.phase_started = now;
    };
    match phase {
        Phase::Warmup if since > 2.0 => next(&mut report, Phase::Idle),
        Phase::Idle if since > IDLE_SECS => {
            // The AI takes black at full strength in the same position.
            active.0.mode = Mode::VsAi {
                human: Stone::White,
            };
            next(&mut report, Phase::Thinking);
        }
        Phase::Thinking if since > 0.5 && !thinking.is_thinking() => {
            *setup = GameSetup {
                mode: Mode::TwoPlayers,
                moves: parse_moves(WIN_POSITION, 15).expect("a valid position"),
                ..GameSetup::default()
            };
            commands.write(GameCommand::NewGame);
            next(&mut report, Phase::Win);
        }
        Phase::Win if since > 0.1 && board.board().moves().len() == 8 => {
            moves.write(MoveRequest::person(Pos::new(11, 7)));
        }
        Phase::Win if since > WIN_SECS => {
            let json = to_json(&report.frames);
            if let Err(e) = std::fs::write(&report.path, json) {
                error!("cannot write {}: {e}", report.path.display());
            }
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}

fn to_json(frames: &[(Phase, f32)]) -> String {
    let list = |phase: Phase| {
        frames
            .iter()
            .filter(|(p, _)| *p == phase)
            .map(|(_, dt)| format!("{:.3}", dt * 1000.0))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "{{\"idle_ms\": [{}],\n \"thinking_ms\": [{}],\n \"win_ms\": [{}]}}\n",
        list(Phase::Idle),
        list(Phase::Thinking),
        list(Phase::Win)
    )
}
