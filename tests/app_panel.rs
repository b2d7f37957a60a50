//! Headless App tests of the panel beside the board: the player cards (the marker on the side
//! to move, the AI's thinking, the winner) and the move list's past positions (shown, played
//! through, no stone placed there, back to the game).

mod common;

use common::app::{board, click, command};
use common::at;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::play::AiBrain;
use gomoku::app::play::ai::AiThinking;
use gomoku::app::screens::player_cards::{CardState, PlayerCards};
use gomoku::app::{
    CurrentGame, GameCommand, GamePlugin, GameSetup, LookBack, Mode, MoveRequest, PastPosition,
    ReplayStep, Screen, StatusLine, Storage,
};
use gomoku::store::Store;
use gomoku_engine::Stone;

fn app_with(setup: GameSetup) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(setup)
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin);
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

fn state(app: &App, stone: Stone) -> CardState {
    app.world()
        .resource::<PlayerCards>()
        .of(stone)
        .expect("the cards are shown")
        .state
}

fn look(app: &mut App, look: LookBack) {
    app.world_mut().write_message(look);
    app.update();
    app.update();
}

/// A brain that thinks until it is stopped (or 10 s), and says when it starts.
fn slow_brain(started: Arc<AtomicBool>) -> AiBrain {
    AiBrain(Arc::new(move |board, _, _, stop: Arc<AtomicBool>| {
        started.store(true, Ordering::Relaxed);
        let start = Instant::now();
        while !stop.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        board.points().find(|&p| board.is_empty_at(p))
    }))
}

#[test]
fn the_side_to_move_marker_follows_the_turn() {
    let mut app = app_with(two_players());
    assert_eq!(state(&app, Stone::Black), CardState::ToMove);
    assert_eq!(state(&app, Stone::White), CardState::Waiting);
    click(&mut app, "h8");
    assert_eq!(state(&app, Stone::Black), CardState::Waiting);
    assert_eq!(state(&app, Stone::White), CardState::ToMove);
    command(&mut app, GameCommand::Undo);
    assert_eq!(state(&app, Stone::Black), CardState::ToMove);
    assert_eq!(state(&app, Stone::White), CardState::Waiting);
    // At the end the winner's card says so, and nobody is to move.
    for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
        click(&mut app, m);
    }
    app.update();
    assert_eq!(state(&app, Stone::Black), CardState::Won);
    assert_eq!(state(&app, Stone::White), CardState::Waiting);
    let cards = app.world().resource::<PlayerCards>();
    assert_eq!(cards.of(Stone::Black).unwrap().name, "Player 1");
    assert_eq!(cards.of(Stone::White).unwrap().name, "Guest");
    assert!(cards.of(Stone::Black).unwrap().clock.is_none(), "untimed");
}

#[test]
fn the_ais_card_shows_it_thinking() {
    let started = Arc::new(AtomicBool::new(false));
    let mut app = app_with(GameSetup::default());
    app.insert_resource(slow_brain(started.clone()));
    click(&mut app, "h8");
    app.update();
    assert!(app.world().resource::<AiThinking>().is_thinking());
    assert_eq!(state(&app, Stone::White), CardState::Thinking);
    assert_eq!(state(&app, Stone::Black), CardState::Waiting);
    let cards = app.world().resource::<PlayerCards>();
    let ai = cards.of(Stone::White).unwrap();
    assert_eq!(ai.name, "AI 3 (Club)");
    assert_eq!(ai.rank, "Club player · 1600", "the level's fixed rating");
    assert_eq!(cards.of(Stone::Black).unwrap().rank, "Beginner · 1000");
}

#[test]
fn a_move_in_the_list_shows_its_position_and_nothing_is_played_there_until_the_game_is_back() {
    let mut app = app_with(two_players());
    let moves = ["h8", "i9", "h9", "i10", "h10"];
    for m in moves {
        click(&mut app, m);
    }
    look(&mut app, LookBack::Show(2));
    assert_eq!(screen(&app), Screen::PastPosition);
    assert_eq!(board(&app).board().moves(), &[at("h8"), at("i9")]);
    assert_eq!(app.world().resource::<StatusLine>().0, "Move 2 of 5");
    // A click on the past position plays nothing, in it or in the game.
    click(&mut app, "a1");
    app.update();
    assert_eq!(board(&app).board().stone_count(), 2);
    // Undo does nothing to the game behind it either.
    command(&mut app, GameCommand::Undo);
    assert_eq!(board(&app).board().stone_count(), 2);
    // Stepping through the game.
    look(&mut app, LookBack::Step(ReplayStep::Forward));
    assert_eq!(board(&app).board().stone_count(), 3);
    assert_eq!(app.world().resource::<PastPosition>().at, 3);
    look(&mut app, LookBack::Step(ReplayStep::First));
    assert_eq!(board(&app).board().stone_count(), 0);
    // The game's last move is the game itself: back to it, all five moves there.
    look(&mut app, LookBack::Show(5));
    assert_eq!(screen(&app), Screen::Playing);
    let game: Vec<_> = moves.iter().map(|m| at(m)).collect();
    assert_eq!(board(&app).board().moves(), &game[..]);
    assert!(
        app.world()
            .resource::<StatusLine>()
            .0
            .contains("White to move")
    );
    // The game goes on where it was, and was saved whole throughout.
    assert_eq!(
        app.world().resource::<CurrentGame>().moves,
        "h8 i9 h9 i10 h10"
    );
    click(&mut app, "i11");
    assert_eq!(board(&app).board().stone_count(), 6);
    // The button (or Esc) goes back too; a click on the shown move stays.
    look(&mut app, LookBack::Show(1));
    look(&mut app, LookBack::Show(1));
    assert_eq!(screen(&app), Screen::PastPosition);
    look(&mut app, LookBack::Return);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(board(&app).board().stone_count(), 6);
}

#[test]
fn esc_on_a_past_position_goes_back_to_the_game() {
    let mut app = app_with(two_players());
    app.init_resource::<ButtonInput<KeyCode>>();
    for m in ["h8", "i9", "h9"] {
        click(&mut app, m);
    }
    look(&mut app, LookBack::Show(1));
    assert_eq!(screen(&app), Screen::PastPosition);
    let press = |app: &mut App, key: KeyCode| {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
        app.update();
    };
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(board(&app).board().stone_count(), 2);
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        screen(&app),
        Screen::Playing,
        "back to the game, not the menu"
    );
    assert_eq!(board(&app).board().stone_count(), 3);
}

#[test]
fn the_ai_waits_while_a_past_position_is_shown_and_a_finished_game_is_looked_back_at() {
    let started = Arc::new(AtomicBool::new(false));
    let mut app = app_with(GameSetup::default());
    app.insert_resource(slow_brain(started));
    click(&mut app, "h8");
    app.update();
    assert!(app.world().resource::<AiThinking>().is_thinking());
    look(&mut app, LookBack::Show(0));
    assert_eq!(screen(&app), Screen::PastPosition);
    assert!(
        !app.world().resource::<AiThinking>().is_thinking(),
        "the search stops behind a past position"
    );
    assert_eq!(board(&app).board().stone_count(), 0);
    look(&mut app, LookBack::Return);
    app.update();
    assert!(
        app.world().resource::<AiThinking>().is_thinking(),
        "and starts again"
    );
    // A finished game: its past positions, and back to its end.
    let mut app = app_with(two_players());
    for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
        click(&mut app, m);
    }
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    look(&mut app, LookBack::Show(4));
    assert_eq!(screen(&app), Screen::PastPosition);
    assert!(!board(&app).outcome().is_over());
    app.world_mut().write_message(MoveRequest::person(at("m8")));
    app.update();
    look(&mut app, LookBack::Return);
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(board(&app).outcome().winner(), Some(Stone::Black));
    assert_eq!(board(&app).board().stone_count(), 9);
}

/// `--past-move N` on a game that starts finished (`--moves` with a five): the past position
/// opens once the game has gone to its end's screen, not lost to it.
#[test]
fn a_past_move_asked_at_start_opens_on_a_finished_game_too() {
    use gomoku::app::play::look_back::OpenPastMove;
    let moves = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"];
    for (moves, over) in [(&moves[..], true), (&moves[..8], false)] {
        let setup = GameSetup {
            moves: moves.iter().map(|m| at(m)).collect(),
            ..two_players()
        };
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(Storage(Store::in_memory()))
            .insert_resource(common::english())
            .insert_resource(setup)
            .insert_resource(OpenPastMove(4))
            .insert_state(Screen::Playing)
            .add_plugins(GamePlugin);
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(screen(&app), Screen::PastPosition, "game over: {over}");
        assert_eq!(app.world().resource::<PastPosition>().at, 4);
        look(&mut app, LookBack::Return);
        let end = if over {
            Screen::GameOver
        } else {
            Screen::Playing
        };
        assert_eq!(screen(&app), end);
        assert_eq!(board(&app).board().stone_count(), moves.len());
    }
}
