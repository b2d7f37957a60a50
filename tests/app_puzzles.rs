//! Puzzle mode in a headless App: the built-in set on the board, any winning move accepted
//! and defended, a wrong move failing, the counts and streak in the active profile, and the
//! game behind untouched.
#![cfg(feature = "game")]

mod common;

use common::app::{board, click};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::analysis::puzzles::Puzzles;
use gomoku::app::{
    GameHistory, GamePlugin, GameSetup, Mode, MoveRequest, PlayerProfiles, PuzzleCommand, Screen,
    Storage,
};
use gomoku::engine::analysis::puzzle_play::PuzzleState;
use gomoku::store::Store;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(GameSetup {
            mode: Mode::TwoPlayers,
            ..GameSetup::default()
        })
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin);
    app.update();
    app
}

fn puzzle(app: &mut App, c: PuzzleCommand) {
    app.world_mut().write_message(c);
    app.update();
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn state(app: &App) -> Option<PuzzleState> {
    app.world()
        .resource::<Puzzles>()
        .play
        .as_ref()
        .map(|p| p.state())
}

fn stats(app: &App) -> gomoku::players::profile::PuzzleStats {
    app.world()
        .resource::<PlayerProfiles>()
        .active()
        .expect("a player")
        .puzzles
}

#[test]
fn a_puzzle_is_solved_by_following_the_hints_and_a_wrong_move_fails_the_next() {
    let mut app = app();
    click(&mut app, "h8");
    click(&mut app, "i9");
    let game = board(&app).board().moves_notation();
    puzzle(&mut app, PuzzleCommand::Open);
    assert_eq!(screen(&app), Screen::Puzzle);
    let first = app.world().resource::<Puzzles>().list[0].puzzle.clone();
    assert_eq!(
        board(&app).board().moves(),
        first.moves.as_slice(),
        "the puzzle's position"
    );
    // Solve it: the second hint names a winning move each time.
    for _ in 0..30 {
        if state(&app) != Some(PuzzleState::ToPlay) {
            break;
        }
        puzzle(&mut app, PuzzleCommand::Hint);
        puzzle(&mut app, PuzzleCommand::Hint);
        let hint = app
            .world()
            .resource::<Puzzles>()
            .hint
            .clone()
            .expect("a hint");
        app.world_mut()
            .write_message(MoveRequest::person(hint.first));
        app.update();
    }
    assert_eq!(state(&app), Some(PuzzleState::Solved));
    assert!(
        board(&app).outcome().winner() == Some(first.to_move),
        "five on the board"
    );
    let s = stats(&app);
    assert_eq!((s.solved, s.failed, s.streak, s.best_streak), (1, 0, 1, 1));
    // The next one, answered far from the fight: failed, the streak broken.
    puzzle(&mut app, PuzzleCommand::Next);
    assert_eq!(state(&app), Some(PuzzleState::ToPlay));
    let corner = if board(&app)
        .board()
        .is_empty_at(gomoku::engine::Pos::new(0, 0))
    {
        "a15"
    } else {
        "o1"
    };
    click(&mut app, corner);
    assert_eq!(state(&app), Some(PuzzleState::Failed));
    let s = stats(&app);
    assert_eq!((s.solved, s.failed, s.streak, s.best_streak), (1, 1, 0, 1));
    // A retry does not count twice.
    puzzle(&mut app, PuzzleCommand::Retry);
    click(&mut app, corner);
    assert_eq!(stats(&app).failed, 2, "each attempt's end counts once");
    puzzle(&mut app, PuzzleCommand::Leave);
    assert_eq!(screen(&app), Screen::Menu);
    assert_eq!(
        board(&app).board().moves_notation(),
        game,
        "the game behind is untouched"
    );
    assert!(app.world().resource::<GameHistory>().is_empty());
}

#[test]
fn without_reviewed_games_there_are_no_puzzles_of_ones_own() {
    let mut app = app();
    puzzle(&mut app, PuzzleCommand::Open);
    puzzle(
        &mut app,
        PuzzleCommand::Source(gomoku::app::PuzzleSource::MyGames),
    );
    let puzzles = app.world().resource::<Puzzles>();
    assert!(puzzles.list.is_empty());
    assert!(puzzles.play.is_none());
    assert_eq!(screen(&app), Screen::Puzzle);
}
