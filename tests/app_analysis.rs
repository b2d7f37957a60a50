//! Analysis mode in a headless App: it opens from the game, the replay and the `A` key; the
//! engine reports on the position shown; moves played form a side line that never reaches
//! the game, its saved copy or the history; and one command goes back.

mod common;

use std::time::Duration;

use common::app::{board, click, command};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::analysis::AnalysisShown;
use gomoku::app::{
    AnalysisCommand, CurrentGame, GameCommand, GameHistory, GamePlugin, GameSetup, Mode, Replay,
    Screen, Storage,
};
use gomoku::store::Store;
use gomoku_engine::Stone;
use gomoku_engine::board::parse_moves;

fn app_with(setup: GameSetup, screen: Screen) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(setup)
        .insert_state(screen)
        .add_plugins(GamePlugin)
        .init_resource::<ButtonInput<KeyCode>>();
    app.update();
    app
}

fn two_players() -> GameSetup {
    GameSetup {
        mode: Mode::TwoPlayers,
        ..GameSetup::default()
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn analysis(app: &mut App, c: AnalysisCommand) {
    app.world_mut().write_message(c);
    app.update();
    app.update();
}

fn press(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

fn moves_text(app: &App) -> String {
    board(app).board().moves_notation()
}

/// Updates until `done`, for at most `seconds`.
fn wait_for(app: &mut App, seconds: u64, done: impl Fn(&App) -> bool) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(seconds) {
        if done(app) {
            return true;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    done(app)
}

#[test]
fn the_side_line_never_changes_the_game_its_saved_copy_or_the_history() {
    let mut app = app_with(two_players(), Screen::Playing);
    for m in ["h8", "h9", "i8", "i9"] {
        click(&mut app, m);
    }
    let game = moves_text(&app);
    let saved = app.world().resource::<CurrentGame>().clone();
    assert_eq!(saved.moves, game, "the game in progress is saved");
    analysis(&mut app, AnalysisCommand::Toggle);
    assert_eq!(screen(&app), Screen::Analysis);
    assert_eq!(
        moves_text(&app),
        game,
        "analysis starts from the game's position"
    );
    // Black plays on to five on the side line, White's moves too: nobody's turn is refused.
    for m in ["j8", "j9", "k8", "a1", "l8"] {
        click(&mut app, m);
    }
    assert_eq!(moves_text(&app), format!("{game} j8 j9 k8 a1 l8"));
    assert!(
        board(&app).outcome().is_over(),
        "the side line ends in five"
    );
    assert_eq!(
        screen(&app),
        Screen::Analysis,
        "a five on the side line ends nothing"
    );
    assert!(
        app.world().resource::<GameHistory>().is_empty(),
        "nothing recorded"
    );
    assert_eq!(app.world().resource::<CurrentGame>().moves, saved.moves);
    // Take back stops where analysis began.
    for _ in 0..8 {
        command(&mut app, GameCommand::Undo);
    }
    assert_eq!(moves_text(&app), game);
    click(&mut app, "a15");
    analysis(&mut app, AnalysisCommand::Leave);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(moves_text(&app), game, "back to the game as it was");
    assert_eq!(board(&app).to_move(), Stone::Black);
    assert!(app.world().resource::<GameHistory>().is_empty());
    assert_eq!(app.world().resource::<CurrentGame>().moves, saved.moves);
    // And the game goes on from there.
    click(&mut app, "j8");
    assert_eq!(moves_text(&app), format!("{game} j8"));
}

#[test]
fn the_a_key_switches_analysis_on_and_off_and_esc_leaves_it() {
    let mut app = app_with(two_players(), Screen::Playing);
    click(&mut app, "h8");
    press(&mut app, KeyCode::KeyA);
    assert_eq!(screen(&app), Screen::Analysis);
    press(&mut app, KeyCode::KeyA);
    assert_eq!(screen(&app), Screen::Playing);
    press(&mut app, KeyCode::KeyA);
    assert_eq!(screen(&app), Screen::Analysis);
    click(&mut app, "i9");
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        screen(&app),
        Screen::Playing,
        "Esc goes back to the game, not the menu"
    );
    assert_eq!(moves_text(&app), "h8");
}

#[test]
fn the_engine_reports_the_best_moves_and_a_forced_win_for_the_position_shown() {
    // Black's open three on the row: Black wins by force.
    let setup = GameSetup {
        moves: parse_moves("h8 h9 i8 i9 j8 a1", 15).unwrap(),
        ..two_players()
    };
    let mut app = app_with(setup, Screen::Playing);
    analysis(&mut app, AnalysisCommand::Toggle);
    let reported = wait_for(&mut app, 60, |app| {
        let shown = app.world().resource::<AnalysisShown>();
        shown.report.as_ref().is_some_and(|r| !r.lines.is_empty())
    });
    assert!(reported, "the engine reports on the position");
    let shown = app.world().resource::<AnalysisShown>().clone();
    let report = shown.report.as_ref().unwrap();
    assert_eq!(report.hash, board(&app).board().hash());
    assert!(report.lines.len() <= 3);
    let win = shown
        .forced_win(board(&app).board().moves())
        .expect("the solvers prove Black's win");
    assert_eq!(win.winner, Stone::Black);
    assert_eq!(report.black_win_probability(), Some(1.0));
    // Stepping into the line keeps showing the rest of it, for the winner.
    let first = win.line[0];
    app.world_mut()
        .write_message(gomoku::app::MoveRequest::person(first));
    app.update();
    let shown = app.world().resource::<AnalysisShown>().clone();
    let rest = shown.forced_win(board(&app).board().moves());
    assert_eq!(
        rest.map(|w| (w.winner, w.line)),
        Some((Stone::Black, win.line[1..].to_vec()))
    );
    // A new position gets a new report.
    let reported = wait_for(&mut app, 60, |app| {
        let shown = app.world().resource::<AnalysisShown>();
        let hash = board(app).board().hash();
        shown.report.as_ref().is_some_and(|r| r.hash == hash)
    });
    assert!(reported, "the side line's position is analysed in turn");
}

#[test]
fn analysis_from_the_replay_goes_back_to_the_same_move_of_the_replay() {
    let mut app = app_with(two_players(), Screen::Playing);
    for m in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        click(&mut app, m);
    }
    assert_eq!(app.world().resource::<GameHistory>().len(), 1);
    let game = moves_text(&app);
    let record = app
        .world()
        .resource::<GameHistory>()
        .game(0)
        .unwrap()
        .unwrap();
    app.insert_resource(Replay { record, at: 4 });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Replay);
    app.update();
    app.update();
    assert_eq!(moves_text(&app), "h8 h9 i8 i9");
    analysis(&mut app, AnalysisCommand::Toggle);
    assert_eq!(screen(&app), Screen::Analysis);
    assert_eq!(moves_text(&app), "h8 h9 i8 i9", "the replay's position");
    click(&mut app, "a1");
    analysis(&mut app, AnalysisCommand::Leave);
    assert_eq!(screen(&app), Screen::Replay);
    assert_eq!(moves_text(&app), "h8 h9 i8 i9", "the replay at its move");
    assert_eq!(app.world().resource::<Replay>().at, 4);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.update();
    assert_eq!(
        moves_text(&app),
        game,
        "the game behind the replay is untouched"
    );
    assert_eq!(app.world().resource::<GameHistory>().len(), 1);
}
