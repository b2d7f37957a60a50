//! Headless App tests of the panel beside the board: the player cards (the marker on the side
//! to move, the AI's thinking, the winner), the move list's past positions (shown, played
//! through, no stone placed there, back to the game), and clicks on the bars, the panels and
//! the windows over the board, which never play on it.

mod common;

use common::app::{board, click, command, mouse_click};
use common::at;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::board::BoardLayout;
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

/// The window sizes the game is tried at: desktops, small windows, and windows taller than
/// wide (the panel below the board).
const WINDOWS: [(u32, u32); 9] = [
    (1280, 800),
    (1224, 918),
    (907, 680),
    (800, 600),
    (640, 600),
    (640, 480),
    (640, 760),
    (540, 960),
    (390, 844),
];

/// The move requests made so far (by a click, a tap or anyone).
#[derive(Resource, Default)]
struct Requests(Vec<MoveRequest>);

/// A two-player game in a `w`x`h` window with a mouse, on `screen`, counting move requests.
fn app_in_window((w, h): (u32, u32), screen: Screen) -> App {
    use bevy::window::PrimaryWindow;
    let mut app = app_with(two_players());
    app.init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<Requests>()
        .add_systems(
            PostUpdate,
            |mut read: MessageReader<MoveRequest>, mut seen: ResMut<Requests>| {
                seen.0.extend(read.read().copied());
            },
        );
    app.world_mut().spawn((
        Window {
            resolution: (w, h).into(),
            ..default()
        },
        PrimaryWindow,
    ));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    app.update();
    app.update();
    app
}

/// A left click at `cursor` (window pixels, y down); the frames of the press and the release
/// run. Returns the move requests it made.
fn click_at(app: &mut App, cursor: Vec2) -> Vec<MoveRequest> {
    app.world_mut().resource_mut::<Requests>().0.clear();
    mouse_click(app, cursor);
    std::mem::take(&mut app.world_mut().resource_mut::<Requests>().0)
}

/// Points spread over `rect`: its centre, near its corners, and the middles of its edges.
fn points_over(rect: Rect) -> Vec<Vec2> {
    let inner = rect.inflate(-2.0);
    let (min, max, c) = (inner.min, inner.max, inner.center());
    vec![
        c,
        min,
        max,
        Vec2::new(min.x, max.y),
        Vec2::new(max.x, min.y),
        Vec2::new(c.x, min.y),
        Vec2::new(c.x, max.y),
        Vec2::new(min.x, c.y),
        Vec2::new(max.x, c.y),
    ]
}

/// Where the intersection `notation` is in a `window` (logical pixels, y down).
fn window_point(layout: &BoardLayout, window: Vec2, notation: &str) -> Vec2 {
    let w = layout.to_world(at(notation));
    Vec2::new(w.x + window.x / 2.0, window.y / 2.0 - w.y)
}

#[test]
fn a_click_on_a_bar_or_a_panel_never_plays_on_the_board() {
    for screen in [Screen::Playing, Screen::Online] {
        for size in WINDOWS {
            let at_size = format!("{screen:?} at {}x{}", size.0, size.1);
            let mut app = app_in_window(size, screen);
            let window = Vec2::new(size.0 as f32, size.1 as f32);
            let layout = *app.world().resource::<BoardLayout>();
            // Online the panel always has its room, below the board in an upright window.
            if screen == Screen::Online {
                assert!(layout.has_panel(), "{at_size}: {layout:?}");
                assert_eq!(layout.bottom_panel > 0.0, window.y > window.x, "{at_size}");
            }
            for held in layout.held_rects(window) {
                for point in points_over(held) {
                    let made = click_at(&mut app, point);
                    assert!(
                        made.is_empty(),
                        "{at_size}: a click at {point} on {held:?} asked for {made:?}"
                    );
                }
            }
            // The board itself still takes a click, right up to the panel.
            for corner in ["a1", "o1", "o15", "h8"] {
                let made = click_at(&mut app, window_point(&layout, window, corner));
                assert_eq!(made, [MoveRequest::person(at(corner))], "{at_size}");
            }
        }
    }
}

#[test]
fn a_click_on_a_window_over_the_board_never_plays_under_it() {
    use gomoku::app::board::UiCover;
    for size in WINDOWS {
        let mut app = app_in_window(size, Screen::Playing);
        let window = Vec2::new(size.0 as f32, size.1 as f32);
        let layout = *app.world().resource::<BoardLayout>();
        // A window egui drew over the board's lower middle (the analysis, puzzles, opening or
        // game-over window when there is no panel), as the interface's last pass covered it.
        let board = layout.board_rect(window);
        let over = Rect::from_center_size(
            Vec2::new(board.center().x, board.max.y - board.height() / 4.0),
            board.size() / 2.0,
        );
        app.insert_resource(UiCover(vec![over]));
        for point in points_over(over) {
            let made = click_at(&mut app, point);
            assert!(
                made.is_empty(),
                "{size:?}: a click at {point} asked for {made:?}"
            );
        }
        // Beside it the board plays.
        let made = click_at(&mut app, window_point(&layout, window, "a15"));
        assert_eq!(made, [MoveRequest::person(at("a15"))], "{size:?}");
        // Gone, the board under it plays again.
        app.insert_resource(UiCover::default());
        let made = click_at(&mut app, window_point(&layout, window, "h4"));
        assert_eq!(made, [MoveRequest::person(at("h4"))], "{size:?}");
    }
}
