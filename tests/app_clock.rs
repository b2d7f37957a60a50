//! Headless App tests of timed local games: the side to move's clock runs, a move adds the
//! increment, a flag loses on time (and is recorded so), undo puts the clocks back, the AI
//! thinks within its clock, and the clocks are saved and restored with the game. Time is the
//! test's: every frame lasts exactly [`FRAME`], except where the real engine plays.

mod common;

use common::app::{board, click, command};
use common::at;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use gomoku::app::play::AiBrain;
use gomoku::app::screens::player_cards::PlayerCards;
use gomoku::app::{
    GameClock, GameCommand, GameHistory, GamePlugin, GameSetup, LookBack, Mode, Screen, StatusLine,
    Storage, UserSettings,
};
use gomoku::store::{FileBackend, Store};
use gomoku_engine::clock::TimeControl;
use gomoku_engine::record::Ending;
use gomoku_engine::search::levels::Level;
use gomoku_engine::{Outcome, Pos, Stone};

/// How long each frame of these tests lasts.
const FRAME: Duration = Duration::from_millis(500);
/// 5 s for the game, 2 s added after each move.
const BLITZ: TimeControl = TimeControl::new(5, 2);

fn app_in(storage: Store, setup: Option<GameSetup>, screen: Screen) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
        .insert_resource(Storage(storage))
        .insert_resource(common::english())
        .insert_state(screen);
    if let Some(setup) = setup {
        app.insert_resource(setup);
    }
    app.add_plugins(GamePlugin);
    app.update();
    app
}

fn timed(mode: Mode, time: TimeControl) -> GameSetup {
    GameSetup {
        mode,
        time: Some(time),
        ..GameSetup::default()
    }
}

fn left(app: &App, stone: Stone) -> u64 {
    app.world()
        .resource::<GameClock>()
        .0
        .as_ref()
        .expect("a timed game")
        .left(stone)
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

#[test]
fn the_side_to_move_runs_down_and_each_move_adds_the_increment() {
    let mut app = app_in(
        Store::in_memory(),
        Some(timed(Mode::TwoPlayers, BLITZ)),
        Screen::Playing,
    );
    assert_eq!(left(&app, Stone::Black), 5_000);
    frames(&mut app, 2);
    assert_eq!(left(&app, Stone::Black), 4_000);
    assert_eq!(left(&app, Stone::White), 5_000, "only the side to move");
    // The frame of the move counts, then the increment comes.
    click(&mut app, "h8");
    assert_eq!(left(&app, Stone::Black), 3_500 + 2_000);
    frames(&mut app, 1);
    assert_eq!(left(&app, Stone::White), 4_500);
    assert_eq!(left(&app, Stone::Black), 5_500);
    click(&mut app, "i9");
    assert_eq!(left(&app, Stone::White), 4_000 + 2_000);
    // The cards show the clocks.
    let cards = app.world().resource::<PlayerCards>();
    assert_eq!(cards.of(Stone::Black).unwrap().clock, Some(5_500));
    assert_eq!(cards.of(Stone::White).unwrap().clock, Some(6_000));
}

#[test]
fn a_flag_loses_on_time_and_the_history_says_so() {
    let mut app = app_in(
        Store::in_memory(),
        Some(timed(Mode::TwoPlayers, BLITZ)),
        Screen::Playing,
    );
    click(&mut app, "h8");
    // White thinks for ever: 5 s, ten frames.
    frames(&mut app, 9);
    assert_eq!(*board(&app).outcome(), Outcome::Ongoing);
    frames(&mut app, 2);
    assert_eq!(
        *board(&app).outcome(),
        Outcome::TimedOut {
            loser: Stone::White
        }
    );
    assert_eq!(left(&app, Stone::White), 0);
    assert_eq!(screen(&app), Screen::GameOver);
    let status = &app.world().resource::<StatusLine>().0;
    assert_eq!(status, "White ran out of time. Black wins");
    let history = app.world().resource::<GameHistory>();
    assert_eq!(history.len(), 1);
    let record = history.game(0).unwrap().unwrap();
    assert_eq!(record.result.ending, Ending::Timeout);
    assert_eq!(record.result.winner, Some(Stone::Black));
    // The record replays to the same end.
    assert_eq!(
        *record.replay().unwrap().outcome(),
        Outcome::TimedOut {
            loser: Stone::White
        }
    );
    // Nothing is played after the flag, and the clocks stand still.
    click(&mut app, "i9");
    frames(&mut app, 3);
    assert_eq!(board(&app).board().stone_count(), 1);
    assert_eq!(left(&app, Stone::Black), 6_500);
}

#[test]
fn undo_puts_the_clocks_back_to_when_the_position_arose() {
    let mut app = app_in(
        Store::in_memory(),
        Some(timed(Mode::TwoPlayers, TimeControl::new(60, 2))),
        Screen::Playing,
    );
    frames(&mut app, 2);
    click(&mut app, "h8"); // black: 60 - 1.5 + 2
    frames(&mut app, 3);
    click(&mut app, "i9"); // white: 60 - 2 + 2
    let after_two = (left(&app, Stone::Black), left(&app, Stone::White));
    assert_eq!(after_two, (60_500, 60_000));
    frames(&mut app, 4); // black thinks 2 s
    command(&mut app, GameCommand::Undo);
    // White to move in the position after h8, with the times it had then.
    assert_eq!(board(&app).board().stone_count(), 1);
    assert_eq!(left(&app, Stone::Black), 60_500);
    assert_eq!(left(&app, Stone::White), 60_000);
    command(&mut app, GameCommand::Redo);
    assert_eq!(board(&app).board().stone_count(), 2);
    assert_eq!(left(&app, Stone::White), 60_000);
    // A flag taken back gives the side its time back, as the position had it.
    command(&mut app, GameCommand::Undo);
    let white_when_h8 = 60_000;
    frames(&mut app, 125);
    assert_eq!(
        *board(&app).outcome(),
        Outcome::TimedOut {
            loser: Stone::White
        }
    );
    assert_eq!(app.world().resource::<GameHistory>().len(), 1);
    command(&mut app, GameCommand::Undo);
    assert_eq!(*board(&app).outcome(), Outcome::Ongoing);
    assert_eq!(board(&app).board().stone_count(), 1);
    assert_eq!(left(&app, Stone::White), white_when_h8);
    frames(&mut app, 1);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(
        app.world().resource::<GameHistory>().len(),
        0,
        "the loss on time is taken back from the history"
    );
}

#[test]
fn the_clocks_stand_still_off_the_game_and_behind_a_past_position() {
    let mut app = app_in(
        Store::in_memory(),
        Some(timed(Mode::TwoPlayers, TimeControl::new(60, 0))),
        Screen::Playing,
    );
    click(&mut app, "h8");
    click(&mut app, "i9");
    app.world_mut().write_message(LookBack::Show(1));
    frames(&mut app, 1);
    let before = left(&app, Stone::Black);
    frames(&mut app, 10);
    assert_eq!(screen(&app), Screen::PastPosition);
    assert_eq!(
        left(&app, Stone::Black),
        before,
        "a past position stops them"
    );
    app.world_mut().write_message(LookBack::Return);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(
        left(&app, Stone::Black),
        before,
        "they start with the next frame"
    );
    frames(&mut app, 1);
    let before = left(&app, Stone::Black);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    frames(&mut app, 10);
    assert_eq!(left(&app, Stone::Black), before, "the menu stops them");
}

/// An AI that remembers the time per move it was given, and plays down the a-file.
fn recording_brain(times: Arc<Mutex<Vec<Option<Duration>>>>) -> AiBrain {
    AiBrain(Arc::new(move |board, _, level: Level, _| {
        times.lock().unwrap().push(level.move_time());
        (0..board.size())
            .map(|y| Pos::new(0, y))
            .find(|&p| board.is_empty_at(p))
    }))
}

#[test]
fn the_ai_thinks_within_a_share_of_its_clock() {
    let times = Arc::new(Mutex::new(Vec::new()));
    let setup = GameSetup {
        level: Level::new(4),
        ..timed(
            Mode::VsAi {
                human: Stone::Black,
            },
            TimeControl::new(10, 0),
        )
    };
    let mut app = app_in(Store::in_memory(), Some(setup), Screen::Playing);
    app.insert_resource(recording_brain(times.clone()))
        // A millisecond a frame: the AI's clock is not what this test waits for.
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(1)));
    click(&mut app, "h8");
    for _ in 0..2000 {
        if board(&app).board().stone_count() == 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert_eq!(board(&app).board().stone_count(), 2, "the AI answered");
    let given = times.lock().unwrap()[0].expect("a searching level");
    // Level 4 thinks a second a move; with 10 s on the clock it takes a share of them.
    assert!(given < Duration::from_millis(500), "{given:?}");
    assert!(given > Duration::from_millis(100), "{given:?}");
    // Untimed, the same level keeps its own second.
    let times = Arc::new(Mutex::new(Vec::new()));
    let setup = GameSetup {
        level: Level::new(4),
        ..GameSetup::default()
    };
    let mut app = app_in(Store::in_memory(), Some(setup), Screen::Playing);
    app.insert_resource(recording_brain(times.clone()));
    click(&mut app, "h8");
    for _ in 0..2000 {
        if !times.lock().unwrap().is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert_eq!(times.lock().unwrap()[0], Some(Duration::from_secs(1)));
}

#[test]
fn the_real_ai_answers_in_time_on_a_short_clock() {
    // The engine itself on real time: ten seconds for the whole game at the strongest level
    // (three seconds a move when untimed), from a quiet position where it searches (not the
    // opening book). Its clock must never run out.
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(GameSetup {
            level: Level::new(5),
            moves: gomoku_engine::board::parse_moves("a1 o15 a15 o1 c3 m13 c13 m3 e5 k11", 15)
                .unwrap(),
            ..timed(
                Mode::VsAi {
                    human: Stone::Black,
                },
                TimeControl::new(10, 0),
            )
        })
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin);
    app.update();
    let mut answers = 0;
    // More points than needed: the AI may have taken some of them (its choices change as the
    // engine does); the first four free ones are played.
    let human = [
        "h8", "a5", "a9", "o5", "o9", "e13", "b2", "n14", "b14", "n2", "g1", "i15",
    ];
    for m in human {
        if answers >= 4 {
            break;
        }
        if board(&app).outcome().is_over() || !board(&app).board().is_empty_at(at(m)) {
            continue;
        }
        let stones = board(&app).board().stone_count() + 2;
        click(&mut app, m);
        for _ in 0..20_000 {
            if board(&app).board().stone_count() >= stones || board(&app).outcome().is_over() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
            app.update();
        }
        assert!(
            !matches!(board(&app).outcome(), Outcome::TimedOut { .. }),
            "after {m}"
        );
        if board(&app).board().stone_count() == stones {
            answers += 1;
        }
    }
    // Three answers, or fewer that won: the human's scripted moves do not defend, and a
    // stronger engine finishes white's diagonal (k11, m13, o15) sooner.
    let ai_won = matches!(
        board(&app).outcome(),
        Outcome::Five {
            winner: Stone::White,
            ..
        }
    );
    assert!(
        answers >= 3 || (ai_won && answers >= 1),
        "the AI answered {answers} times; {:?}",
        board(&app).outcome()
    );
    // Its answers took a share of the ten seconds each, well under all of them.
    assert!(
        left(&app, Stone::White) > 5_000,
        "{}",
        left(&app, Stone::White)
    );
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-clock-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_clocks_are_saved_with_the_game_and_come_back_stopped() {
    let dir = temp_dir("saved");
    let mut a = app_in(
        Store::new(FileBackend::new(&dir)),
        Some(timed(Mode::TwoPlayers, TimeControl::new(300, 3))),
        Screen::Playing,
    );
    frames(&mut a, 4);
    click(&mut a, "h8");
    frames(&mut a, 2);
    click(&mut a, "i9");
    frames(&mut a, 2);
    // Off to the menu: the clocks stop and are saved as they stand.
    a.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    frames(&mut a, 2);
    let saved = a.world().resource::<GameClock>().clone();
    let black = left(&a, Stone::Black);
    assert!(black < 300_000 + 3_000 - 2_000, "black thought: {black}");
    drop(a);
    // The next start puts the game back behind the menu, with its clocks, stopped.
    let mut b = app_in(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(board(&b).board().moves(), &[at("h8"), at("i9")]);
    // The menu keeps the time control, saved with the set-up.
    let five_plus_three = Some(TimeControl::new(300, 3));
    assert_eq!(
        b.world().resource::<UserSettings>().last.time,
        five_plus_three
    );
    assert_eq!(b.world().resource::<GameSetup>().time, five_plus_three);
    assert_eq!(*b.world().resource::<GameClock>(), saved);
    frames(&mut b, 6);
    assert_eq!(
        left(&b, Stone::Black),
        black,
        "stopped while the game was closed"
    );
    // Back to the game: they run again, for the side to move.
    b.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    frames(&mut b, 3);
    assert!(left(&b, Stone::Black) < black);
    assert_eq!(
        left(&b, Stone::White),
        saved.0.as_ref().unwrap().left(Stone::White)
    );
    // A new game starts fresh clocks at the menu's time control.
    command(&mut b, GameCommand::NewGame);
    assert_eq!(left(&b, Stone::Black), 300_000);
    assert_eq!(left(&b, Stone::White), 300_000);
    drop(b);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn closing_the_game_saves_the_clocks_as_they_stand() {
    let dir = temp_dir("closed");
    let mut a = app_in(
        Store::new(FileBackend::new(&dir)),
        Some(timed(Mode::TwoPlayers, TimeControl::new(300, 3))),
        Screen::Playing,
    );
    click(&mut a, "h8");
    click(&mut a, "i9");
    // Black thinks for 10 s, then the window is closed (Bevy asks the App to exit).
    frames(&mut a, 20);
    let black = left(&a, Stone::Black);
    assert!(black <= 303_000 - 500 - 10_000, "black thought: {black}");
    a.world_mut().write_message(AppExit::Success);
    a.update();
    let closed = a.world().resource::<GameClock>().clone();
    drop(a);
    // The next start, and back to the game: Black's time spent on the move stays spent.
    let mut b = app_in(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(board(&b).board().moves(), &[at("h8"), at("i9")]);
    assert_eq!(*b.world().resource::<GameClock>(), closed);
    b.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    frames(&mut b, 2);
    assert!(left(&b, Stone::Black) <= left_of(&closed, Stone::Black));
    drop(b);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn left_of(clock: &GameClock, stone: Stone) -> u64 {
    clock.0.as_ref().expect("a timed game").left(stone)
}

#[test]
fn a_running_clock_draws_a_frame_a_second_not_five() {
    use bevy::winit::{UpdateMode, WinitSettings};
    let mut app = app_in(
        Store::in_memory(),
        Some(timed(Mode::TwoPlayers, TimeControl::new(300, 3))),
        Screen::Playing,
    );
    app.insert_resource(WinitSettings::game());
    let mut modes = Vec::new();
    for _ in 0..8 {
        app.update();
        modes.push(app.world().resource::<WinitSettings>().focused_mode);
    }
    assert!(left(&app, Stone::Black) < 300_000, "Black's clock runs");
    // After the first change has settled: one wait, the same each frame (a new wait makes
    // Bevy draw at once).
    let second = UpdateMode::reactive(Duration::from_secs(1));
    assert_eq!(&modes[4..], &[second; 4], "{modes:?}");
}
