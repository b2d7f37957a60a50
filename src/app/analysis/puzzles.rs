//! Puzzle mode: find the forced win. The built-in set, or the missed wins of the player's own
//! reviewed games. The engine checks every move (any winning move is right) and plays the
//! defence; a hint tells the kind of win, then the move. Solved and failed puzzles and the
//! streak are counted in the active player's profile. The board shows the puzzle's position
//! ([`PuzzlePosition`]); the game waits behind it.

use bevy::prelude::*;

use crate::app::{
    AppSystems, GameHistory, MoveRequest, PlayerProfiles, PuzzleCommand, PuzzlePosition,
    PuzzleSource, Screen,
};
use gomoku_engine::analysis::puzzle::CHECK_NODES;
use gomoku_engine::analysis::puzzle_play::{Answer, PuzzlePlay, PuzzleState};
use gomoku_engine::analysis::puzzle_set::{NamedPuzzle, built_in};
use gomoku_engine::analysis::{ForcedWin, puzzles_from_review};
use gomoku_engine::{Game, Pos};

/// Puzzle mode's state: the list, the puzzle being solved and what was said about it.
#[derive(Resource, Debug, Clone, Default)]
pub struct Puzzles {
    /// Where the list comes from.
    pub source: PuzzleSource,
    /// The puzzles.
    pub list: Vec<NamedPuzzle>,
    /// The one shown.
    pub index: usize,
    /// It, being solved.
    pub play: Option<PuzzlePlay>,
    /// The last move's verdict.
    pub last: Option<Answer>,
    /// Hints taken on this puzzle (0 to 2).
    pub hints: u8,
    /// The winning line the hints come from.
    pub hint: Option<ForcedWin>,
    /// Whether this puzzle's end has been counted in the profile.
    counted: bool,
    /// The last refused move, and why (in English, for the messages).
    pub refused: Option<(Pos, String)>,
}

impl Puzzles {
    /// The move the board marks: the hinted winning move, once the second hint is taken; once
    /// the puzzle failed, the winning move the player missed (the one the panel names).
    pub fn marked_move(&self) -> Option<Pos> {
        if let Some(missed) = self.play.as_ref().and_then(PuzzlePlay::missed) {
            return Some(missed);
        }
        self.hint
            .as_ref()
            .filter(|_| self.hints >= 2)
            .map(|win| win.first)
    }
}

/// Asks to open puzzle mode at start (`--puzzles`), taking this many hints on the first
/// puzzle (`--hints`).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OpenPuzzles {
    /// Hints to take at once (0 to 2).
    pub hints: u8,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Puzzles>()
        .add_systems(
            Update,
            open_at_start
                .run_if(resource_exists::<OpenPuzzles>)
                .in_set(AppSystems::Input)
                .before(take_commands),
        )
        .add_systems(
            Update,
            (
                take_commands.in_set(AppSystems::Input),
                answer_moves.in_set(AppSystems::Input).after(take_commands),
            ),
        );
}

fn open_at_start(
    mut commands: Commands,
    open: Res<OpenPuzzles>,
    mut requests: MessageWriter<PuzzleCommand>,
) {
    commands.remove_resource::<OpenPuzzles>();
    requests.write(PuzzleCommand::Open);
    for _ in 0..open.hints {
        requests.write(PuzzleCommand::Hint);
    }
}

/// The puzzles of `source`.
fn puzzles_of(source: PuzzleSource, history: &GameHistory) -> Vec<NamedPuzzle> {
    match source {
        PuzzleSource::BuiltIn => built_in(),
        PuzzleSource::MyGames => {
            let mut list = Vec::new();
            for (i, stored) in history.games.iter().enumerate() {
                let (Some(review), Ok(record)) = (stored.review(), stored.to_record()) else {
                    continue;
                };
                for p in puzzles_from_review(&record, review) {
                    list.push(NamedPuzzle {
                        // The game's number in the list of games (from 1).
                        name: (i + 1).to_string(),
                        puzzle: p,
                    });
                }
            }
            list
        }
    }
}

/// Starts the puzzle at `puzzles.index`, and shows it (an empty board when there is none).
fn start(puzzles: &mut Puzzles, position: &mut PuzzlePosition) {
    puzzles.play = puzzles
        .list
        .get(puzzles.index)
        .and_then(|p| PuzzlePlay::new(p.puzzle.clone(), CHECK_NODES).ok());
    puzzles.last = None;
    puzzles.hints = 0;
    puzzles.hint = None;
    puzzles.counted = false;
    puzzles.refused = None;
    position.0 = match &puzzles.play {
        Some(play) => play.game().clone(),
        // No puzzle to show (an empty list): an empty board, not the last puzzle's stones.
        None => {
            let shown = &position.0;
            Game::with_size(shown.board().size(), shown.rule(), shown.policy()).unwrap_or_default()
        }
    };
}

fn take_commands(
    mut commands: MessageReader<PuzzleCommand>,
    history: Res<GameHistory>,
    mut puzzles: ResMut<Puzzles>,
    mut position: ResMut<PuzzlePosition>,
    mut next: ResMut<NextState<Screen>>,
) {
    for command in commands.read() {
        let n = puzzles.list.len().max(1);
        match *command {
            PuzzleCommand::Open => {
                if puzzles.list.is_empty() {
                    puzzles.list = puzzles_of(puzzles.source, &history);
                }
                start(&mut puzzles, &mut position);
                next.set(Screen::Puzzle);
            }
            PuzzleCommand::Next => {
                puzzles.index = (puzzles.index + 1) % n;
                start(&mut puzzles, &mut position);
            }
            PuzzleCommand::Previous => {
                puzzles.index = (puzzles.index + n - 1) % n;
                start(&mut puzzles, &mut position);
            }
            PuzzleCommand::Retry => start(&mut puzzles, &mut position),
            PuzzleCommand::Hint => {
                if puzzles.hint.is_none() {
                    puzzles.hint = puzzles.play.as_ref().and_then(PuzzlePlay::hint);
                }
                if puzzles.hint.is_some() {
                    puzzles.hints = (puzzles.hints + 1).min(2);
                }
            }
            PuzzleCommand::Source(source) => {
                puzzles.source = source;
                puzzles.list = puzzles_of(source, &history);
                puzzles.index = 0;
                start(&mut puzzles, &mut position);
            }
            PuzzleCommand::Leave => next.set(Screen::Menu),
        }
    }
}

/// The player's moves: checked and defended; a puzzle's end counts once in the profile.
fn answer_moves(
    mut requests: MessageReader<MoveRequest>,
    mut puzzles: ResMut<Puzzles>,
    mut position: ResMut<PuzzlePosition>,
    mut profiles: ResMut<PlayerProfiles>,
    screen: Res<State<Screen>>,
) {
    // Requests made on another screen are not the puzzle's: read and dropped.
    if *screen.get() != Screen::Puzzle {
        requests.clear();
        return;
    }
    for request in requests.read() {
        let Some(play) = puzzles.play.as_mut() else {
            continue;
        };
        match play.play(request.at) {
            Ok(Answer::NotNow) => continue,
            Ok(answer) => {
                position.0 = play.game().clone();
                let state = play.state();
                puzzles.last = Some(answer);
                puzzles.refused = None;
                // The hint was for the position before.
                puzzles.hint = None;
                puzzles.hints = 0;
                if state != PuzzleState::ToPlay && !puzzles.counted {
                    puzzles.counted = true;
                    if let Some(p) = profiles.active.and_then(|id| profiles.get_mut(id).ok()) {
                        p.puzzles.record(state == PuzzleState::Solved);
                    }
                }
            }
            Err(e) => puzzles.refused = Some((request.at, e.to_string())),
        }
    }
}
