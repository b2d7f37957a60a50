//! Headless App tests: MinimalPlugins + StatesPlugin + the game's plugins, no window.

mod common;

use common::app::{board, click, command};
use common::at;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::board::BoardLayout;
use gomoku::app::board::layout::window_to_world;
use gomoku::app::play::AiBrain;
use gomoku::app::play::ai::AiThinking;
use gomoku::app::play::turn::MoveOutcome;
use gomoku::app::{
    Board, GameCommand, GamePlugin, GameSetup, Mode, MoveRequest, Screen, StatusLine, Storage,
};
use gomoku::store::Store;
use gomoku_engine::board::parse_moves;
use gomoku_engine::{ForbiddenKind, ForbiddenPolicy, MoveError, Outcome, Pos, Rule, Stone};

fn app_with(setup: GameSetup, screen: Screen) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(setup)
        .insert_state(screen)
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

fn last_outcome(app: &App) -> MoveOutcome {
    app.world().resource::<MoveOutcome>().clone()
}

/// Updates until `done` or the limit; returns the number of updates it took.
fn update_until(app: &mut App, limit: usize, done: impl Fn(&App) -> bool) -> Option<usize> {
    for i in 0..limit {
        if done(app) {
            return Some(i);
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    None
}

/// A brain that thinks until it is stopped (or 10 s), says when it starts, and counts how
/// often it was stopped.
fn stubborn_brain(started: Arc<AtomicBool>, stopped: Arc<AtomicUsize>) -> AiBrain {
    AiBrain(Arc::new(move |board, _, _, stop: Arc<AtomicBool>| {
        started.store(true, Ordering::Relaxed);
        let start = Instant::now();
        while !stop.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        if stop.load(Ordering::Relaxed) {
            stopped.fetch_add(1, Ordering::Relaxed);
        }
        board.points().find(|&p| board.is_empty_at(p))
    }))
}

#[test]
fn pointer_maps_to_the_right_intersection_for_every_size_and_window() {
    for size in [13u8, 15, 19, 20] {
        for window in [
            Vec2::new(900.0, 960.0),
            Vec2::new(400.0, 300.0),
            Vec2::new(1920.0, 1080.0),
        ] {
            let layout = BoardLayout::fit(size, window);
            // The whole board is inside the window.
            let corner = layout.to_world(Pos::new(0, 0));
            assert!(corner.x.abs() <= window.x / 2.0 && corner.y.abs() <= window.y / 2.0);
            for y in 0..size {
                for x in 0..size {
                    let p = Pos::new(x, y);
                    let w = layout.to_world(p);
                    // A cursor a little off the point still picks it.
                    let cursor = Vec2::new(w.x + window.x / 2.0, window.y / 2.0 - w.y);
                    let jitter = Vec2::new(layout.cell * 0.3, -layout.cell * 0.2);
                    assert_eq!(
                        layout.pick(window_to_world(cursor + jitter, window)),
                        Some(p)
                    );
                }
            }
            // Off the board picks nothing.
            let outside = layout.to_world(Pos::new(0, 0)) - Vec2::splat(layout.cell);
            assert_eq!(layout.pick(outside), None);
        }
    }
}

#[test]
fn a_two_player_game_ends_with_the_right_winner_and_game_over() {
    let mut app = app_with(two_players(), Screen::Playing);
    for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
        click(&mut app, m);
    }
    assert_eq!(board(&app).outcome().winner(), Some(Stone::Black));
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    let status = &app.world().resource::<StatusLine>().0;
    assert!(status.contains("Black wins"), "{status}");
    // No move is accepted after the end.
    app.world_mut().write_message(MoveRequest::person(at("b1")));
    app.update();
    assert_eq!(board(&app).board().stone_count(), 9);
    // Undo reopens the game.
    command(&mut app, GameCommand::Undo);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(*board(&app).outcome(), Outcome::Ongoing);
}

#[test]
fn the_ai_answers_within_a_bounded_number_of_updates_with_a_legal_move() {
    let mut app = app_with(GameSetup::default(), Screen::Playing);
    click(&mut app, "h8");
    assert_eq!(board(&app).board().stone_count(), 1);
    let took = update_until(&mut app, 500, |a| board(a).board().stone_count() == 2);
    assert!(took.is_some(), "the AI did not answer");
    let reply = board(&app).board().last_move().unwrap();
    assert_ne!(reply, at("h8"));
    assert_eq!(board(&app).board().get(reply), Some(Stone::White));
    assert!(!app.world().resource::<AiThinking>().is_thinking());
}

#[test]
fn the_ai_opens_when_it_plays_black() {
    let setup = GameSetup {
        mode: Mode::VsAi {
            human: Stone::White,
        },
        ..GameSetup::default()
    };
    let mut app = app_with(setup, Screen::Playing);
    update_until(&mut app, 500, |a| board(a).board().stone_count() == 1).expect("AI opened");
    assert_eq!(board(&app).board().last_move(), Some(at("h8")));
}

#[test]
fn undo_against_the_ai_takes_back_both_moves() {
    let mut app = app_with(GameSetup::default(), Screen::Playing);
    click(&mut app, "h8");
    update_until(&mut app, 500, |a| board(a).board().stone_count() == 2).expect("AI answered");
    command(&mut app, GameCommand::Undo);
    assert_eq!(board(&app).board().stone_count(), 0);
    assert_eq!(board(&app).to_move(), Stone::Black);
    // Redo brings both back.
    command(&mut app, GameCommand::Redo);
    assert_eq!(board(&app).board().stone_count(), 2);
}

#[test]
fn undo_while_the_ai_thinks_cancels_its_search() {
    let stopped = Arc::new(AtomicUsize::new(0));
    let started = Arc::new(AtomicBool::new(false));
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(GameSetup::default())
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin)
        .insert_resource(stubborn_brain(started.clone(), stopped.clone()));
    app.update();
    click(&mut app, "h8");
    // Wait until the search really runs on its thread (a task dropped before it starts is
    // simply never run).
    update_until(&mut app, 2_000, |_| started.load(Ordering::Relaxed)).expect("it started");
    let flag = app
        .world()
        .resource::<AiThinking>()
        .stop_flag()
        .expect("the AI is thinking");
    // No move is accepted from a person while the AI thinks.
    click(&mut app, "a1");
    assert_eq!(last_outcome(&app), MoveOutcome::NotYourTurn(at("a1")));
    assert_eq!(board(&app).board().stone_count(), 1);
    command(&mut app, GameCommand::Undo);
    assert!(flag.load(Ordering::Relaxed), "the search was told to stop");
    assert_eq!(board(&app).board().stone_count(), 0);
    update_until(&mut app, 500, |_| stopped.load(Ordering::Relaxed) == 1).expect("it stopped");
    // Its answer never reaches the board, and nothing runs now that the person is to move.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(board(&app).board().stone_count(), 0);
    assert!(!app.world().resource::<AiThinking>().is_thinking());
}

#[test]
fn undo_after_resigning_takes_back_only_the_resignation() {
    let mut app = app_with(GameSetup::default(), Screen::Playing);
    click(&mut app, "h8");
    update_until(&mut app, 500, |a| board(a).board().stone_count() == 2).expect("AI answered");
    command(&mut app, GameCommand::Resign);
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    command(&mut app, GameCommand::Undo);
    app.update();
    assert_eq!(*board(&app).outcome(), Outcome::Ongoing);
    assert_eq!(board(&app).board().stone_count(), 2);
    assert_eq!(screen(&app), Screen::Playing);
}

fn dialog(app: &App) -> gomoku::app::Dialog {
    *app.world().resource::<State<gomoku::app::Dialog>>().get()
}

fn ask(app: &mut App, what: gomoku::app::Confirm) {
    app.world_mut().write_message(gomoku::app::AskFirst(what));
    app.update();
    app.update();
}

#[test]
fn resign_asks_first_as_a_long_games_restart_does() {
    use gomoku::app::{Confirm, Dialog};
    let mut app = app_with(two_players(), Screen::Playing);
    click(&mut app, "h8");
    ask(&mut app, Confirm::Resign);
    assert_eq!(dialog(&app), Dialog::Confirm(Confirm::Resign), "Resign?");
    assert_eq!(*board(&app).outcome(), Outcome::Ongoing, "not yet resigned");
    assert_eq!(screen(&app), Screen::Playing);
    // The answer ("Resign") sends the command.
    command(&mut app, GameCommand::Resign);
    app.update();
    assert!(matches!(board(&app).outcome(), Outcome::Resigned { .. }));
    assert_eq!(screen(&app), Screen::GameOver);
    // A short game restarts at once; a long one asks first.
    command(&mut app, GameCommand::Undo);
    app.world_mut()
        .resource_mut::<NextState<Dialog>>()
        .set(Dialog::None);
    ask(&mut app, Confirm::Restart);
    assert_eq!(dialog(&app), Dialog::None);
    assert_eq!(board(&app).board().stone_count(), 0, "restarted");
    for m in ["a1", "a3", "c1", "c3", "e1", "e3", "g1", "g3", "i1", "i3"] {
        click(&mut app, m);
    }
    ask(&mut app, Confirm::Restart);
    assert_eq!(dialog(&app), Dialog::Confirm(Confirm::Restart), "Restart?");
    assert_eq!(board(&app).board().stone_count(), 10, "not yet restarted");
}

#[test]
fn switching_modes_starts_a_clean_game() {
    let mut app = app_with(two_players(), Screen::Playing);
    click(&mut app, "h8");
    click(&mut app, "h9");
    assert_eq!(board(&app).board().stone_count(), 2);
    {
        let mut setup = app.world_mut().resource_mut::<GameSetup>();
        setup.mode = Mode::VsAi {
            human: Stone::Black,
        };
        setup.rule = Rule::Renju;
        setup.size = 19;
    }
    command(&mut app, GameCommand::NewGame);
    assert_eq!(board(&app).board().stone_count(), 0);
    assert_eq!(board(&app).board().size(), 19);
    assert_eq!(board(&app).rule(), Rule::Renju);
    assert_eq!(screen(&app), Screen::Playing);
}

#[test]
fn a_row_of_six_is_not_announced_as_five() {
    let mut app = app_with(two_players(), Screen::Playing);
    // Black b1 c1 d1 e1 g1, then f1 makes six; white plays along the top.
    for m in [
        "b1", "b15", "c1", "c15", "d1", "d15", "e1", "e15", "g1", "a10", "f1",
    ] {
        click(&mut app, m);
    }
    assert_eq!(board(&app).outcome().winner(), Some(Stone::Black));
    let status = &app.world().resource::<StatusLine>().0;
    assert!(!status.contains("five"), "{status}");
    assert!(status.contains("Black wins with a row of 6"), "{status}");
}

#[test]
fn an_idle_board_waits_for_input_and_a_move_draws_at_full_pace() {
    use bevy::winit::{UpdateMode, WinitSettings};
    let mut app = app_with(two_players(), Screen::Playing);
    app.insert_resource(WinitSettings::game());
    let idle = update_until(&mut app, 2_000, |a| {
        matches!(
            a.world().resource::<WinitSettings>().focused_mode,
            UpdateMode::Reactive { .. }
        )
    });
    assert!(idle.is_some(), "a still board keeps drawing at full pace");
    click(&mut app, "h8");
    let mode = app.world().resource::<WinitSettings>().focused_mode;
    assert_eq!(mode, UpdateMode::Continuous, "a move is drawn at full pace");
}

#[test]
fn a_still_board_and_a_won_one_draw_a_frame_every_five_seconds() {
    use bevy::winit::{UpdateMode, WinitSettings};
    let still = UpdateMode::reactive(Duration::from_secs(5));
    let mode = |a: &App| a.world().resource::<WinitSettings>().focused_mode;
    let mut app = app_with(two_players(), Screen::Playing);
    app.insert_resource(WinitSettings::game());
    assert!(
        update_until(&mut app, 2_000, |a| mode(a) == still).is_some(),
        "a still board: {:?}",
        mode(&app)
    );
    for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
        click(&mut app, m);
    }
    assert_eq!(board(&app).outcome().winner(), Some(Stone::Black));
    assert_eq!(mode(&app), UpdateMode::Continuous, "the win is drawn");
    assert!(
        update_until(&mut app, 2_000, |a| mode(a) == still).is_some(),
        "a won board: {:?}",
        mode(&app)
    );
    // Nothing changes from frame to frame: the wait stays (a new one would draw at once).
    for _ in 0..20 {
        app.update();
        assert_eq!(mode(&app), still);
    }
}

#[test]
fn a_still_replay_waits_for_input_though_its_windows_hold_it_every_frame() {
    use bevy::winit::{UpdateMode, WinitSettings};
    use gomoku::app::{GameHistory, Replay};
    let mut app = app_with(two_players(), Screen::Playing);
    for m in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        click(&mut app, m);
    }
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
    app.insert_resource(WinitSettings::game());
    // The replay and review windows take the replay mutably each frame (egui's widgets write
    // through it), which marks it changed though nothing moved.
    let mut frames = 0;
    while frames < 2_000
        && !matches!(
            app.world().resource::<WinitSettings>().focused_mode,
            UpdateMode::Reactive { .. }
        )
    {
        app.world_mut().resource_mut::<Replay>().set_changed();
        app.update();
        std::thread::sleep(Duration::from_millis(2));
        frames += 1;
    }
    assert!(frames < 2_000, "a still replay keeps drawing at full pace");
    assert_eq!(
        board(&app).board().stone_count(),
        4,
        "the replay's position"
    );
}

#[test]
fn the_menu_takes_no_board_clicks() {
    let mut app = app_with(two_players(), Screen::Menu);
    click(&mut app, "h8");
    assert_eq!(board(&app).board().stone_count(), 0);
}

fn renju_setup(policy: ForbiddenPolicy) -> GameSetup {
    // Black h8 i8 (row 8) and j9 j10 (column j): j8 makes two open threes.
    GameSetup {
        mode: Mode::TwoPlayers,
        rule: Rule::Renju,
        policy,
        moves: parse_moves("h8 a1 i8 a3 j9 a5 j10 a7", 15).unwrap(),
        ..GameSetup::default()
    }
}

#[test]
fn a_forbidden_click_is_refused_with_its_reason() {
    let mut app = app_with(renju_setup(ForbiddenPolicy::Refuse), Screen::Playing);
    assert_eq!(board(&app).board().stone_count(), 8);
    let before = board(&app).board().clone();
    click(&mut app, "j8");
    assert_eq!(
        last_outcome(&app),
        MoveOutcome::Refused(
            at("j8"),
            MoveError::Forbidden(at("j8"), ForbiddenKind::DoubleThree)
        )
    );
    assert_eq!(board(&app).board(), &before);
    let status = &app.world().resource::<StatusLine>().0;
    assert!(
        status.contains("forbidden") && status.contains("double-three"),
        "{status}"
    );
    click(&mut app, "k8");
    assert_eq!(last_outcome(&app), MoveOutcome::Played(at("k8")));
}

#[test]
fn a_forbidden_click_loses_under_the_tournament_rule() {
    let mut app = app_with(renju_setup(ForbiddenPolicy::Lose), Screen::Playing);
    click(&mut app, "j8");
    app.update();
    assert_eq!(
        *board(&app).outcome(),
        Outcome::Forbidden {
            at: at("j8"),
            kind: ForbiddenKind::DoubleThree
        }
    );
    assert_eq!(screen(&app), Screen::GameOver);
}

#[test]
fn ai_against_ai_plays_on_by_itself() {
    let setup = GameSetup {
        mode: Mode::AiVsAi,
        ..GameSetup::default()
    };
    let mut app = app_with(setup, Screen::Playing);
    // Paced at 0.6 s a move: three moves within a few seconds.
    update_until(&mut app, 3000, |a| board(a).board().stone_count() >= 3).expect("AI vs AI");
    click(&mut app, "a1");
    assert_eq!(last_outcome(&app), MoveOutcome::NotYourTurn(at("a1")));
}

#[test]
fn the_ai_also_answers_when_thinking_in_frame_slices() {
    let setup = GameSetup {
        level: gomoku_engine::search::levels::Level::new(4),
        // A middle game (black to move): no opening move to find at once, the search runs.
        moves: ["h8", "i9", "i8", "g8", "j9", "h10", "g9", "j7"]
            .map(at)
            .to_vec(),
        ..GameSetup::default()
    };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(setup)
        .insert_resource(gomoku::app::play::AiExecution::FrameSlices)
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin);
    app.update();
    let mut spread = Vec::new();
    for m in ["a1", "o15", "a15"] {
        let before = board(&app).board().stone_count();
        click(&mut app, m);
        assert_eq!(
            board(&app).board().stone_count(),
            before + 1,
            "{m} was played"
        );
        let mut frames = 0;
        while board(&app).board().stone_count() == before + 1 {
            let t0 = Instant::now();
            app.update();
            frames += 1;
            // Each frame stays short: the search gives the frame back after a few ms.
            assert!(
                t0.elapsed() < Duration::from_millis(250),
                "a frame took {:?}",
                t0.elapsed()
            );
            assert!(frames < 5_000, "the AI did not answer");
        }
        spread.push(frames);
    }
    // A reply found in the first slice (a forced or quick one, on a fast machine) takes one
    // frame; the search as a whole is spread over several.
    assert!(
        spread.iter().any(|&f| f > 1),
        "no answer took more than one frame: {spread:?}"
    );
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

#[test]
fn the_keyboard_moves_a_cursor_and_plays() {
    let mut app = app_with(two_players(), Screen::Playing);
    app.init_resource::<ButtonInput<KeyCode>>();
    use gomoku::app::board::KeyCursor;
    // Enter without a cursor shows it on the centre and plays nothing.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.world().resource::<KeyCursor>().0, Some(at("h8")));
    assert!(board(&app).board().moves().is_empty());
    press(&mut app, KeyCode::Enter);
    assert_eq!(board(&app).board().moves(), &[at("h8")]);
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<KeyCursor>().0, Some(at("i9")));
    press(&mut app, KeyCode::Space);
    assert_eq!(board(&app).board().moves(), &[at("h8"), at("i9")]);
    // The cursor stops at the edge.
    for _ in 0..20 {
        press(&mut app, KeyCode::ArrowUp);
    }
    assert_eq!(app.world().resource::<KeyCursor>().0, Some(at("i15")));
}

#[test]
fn after_a_restart_esc_goes_back_to_the_game() {
    let mut app = app_with(two_players(), Screen::Playing);
    app.init_resource::<ButtonInput<KeyCode>>();
    click(&mut app, "h8");
    command(&mut app, GameCommand::Restart);
    assert!(board(&app).board().moves().is_empty());
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Menu);
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Playing, "back to the restarted game");
}

#[test]
fn the_first_arrow_key_moves_the_cursor() {
    let mut app = app_with(two_players(), Screen::Playing);
    app.init_resource::<ButtonInput<KeyCode>>();
    use gomoku::app::board::KeyCursor;
    // From the centre of the empty board, one step left.
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(app.world().resource::<KeyCursor>().0, Some(at("g8")));
    press(&mut app, KeyCode::Enter);
    assert_eq!(board(&app).board().moves(), &[at("g8")]);
    // Esc goes to the menu and back to the game.
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Menu);
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Playing);
}

#[test]
fn the_hint_shows_the_engines_move_on_the_persons_turn() {
    use gomoku::app::UserSettings;
    use gomoku::app::play::hint::HintMove;
    let mut app = app_with(GameSetup::default(), Screen::Playing);
    // A brain that always suggests the first empty point from the top-left.
    app.insert_resource(AiBrain(Arc::new(|board, _, _, _| {
        board.points().find(|&p| board.is_empty_at(p))
    })));
    app.update();
    assert_eq!(app.world().resource::<HintMove>().0, None, "off by default");
    app.world_mut().resource_mut::<UserSettings>().hint = true;
    let found = update_until(&mut app, 500, |a| {
        a.world().resource::<HintMove>().0.is_some()
    });
    assert!(found.is_some(), "the hint came");
    assert_eq!(app.world().resource::<HintMove>().0, Some(Pos::new(0, 0)));
    // After the person's move the old hint goes at once; the AI answers a15 (the same
    // brain), and on the person's next turn a new hint comes for the new position.
    click(&mut app, "h8");
    assert_eq!(
        app.world().resource::<HintMove>().0,
        None,
        "no hint on the AI's turn"
    );
    let found = update_until(&mut app, 500, |a| {
        a.world().resource::<Board>().board().stone_count() == 2
            && a.world().resource::<HintMove>().0.is_some()
    });
    assert!(found.is_some());
    assert_eq!(app.world().resource::<HintMove>().0, Some(Pos::new(1, 0)));
}

/// The game with sound (no sound card is needed: Bevy warns and carries on) and a window to
/// fit the board to, so that the feedback has what it needs without a renderer.
fn app_with_feedback(asset_dir: Option<&str>) -> App {
    use bevy::window::PrimaryWindow;
    let mut app = App::new();
    let mut assets = bevy::asset::AssetPlugin::default();
    if let Some(dir) = asset_dir {
        assets.file_path = dir.to_owned();
    }
    app.add_plugins((MinimalPlugins, StatesPlugin, assets))
        .add_plugins(bevy::audio::AudioPlugin::default())
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(two_players())
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin)
        .init_resource::<ButtonInput<MouseButton>>();
    app.world_mut().spawn((Window::default(), PrimaryWindow));
    app.update();
    app
}

fn count<C: Component + PartialEq>(app: &mut App, wanted: &C) -> usize {
    let mut query = app.world_mut().query::<&C>();
    query.iter(app.world()).filter(|c| *c == wanted).count()
}

#[test]
fn two_outcomes_in_one_frame_are_both_heard_and_both_animated() {
    use gomoku::app::audio::SoundEffect;
    use gomoku::app::board::DropShadow;
    let mut app = app_with_feedback(None);
    update_until(&mut app, 2_000, |a| {
        a.world().resource::<gomoku::app::SceneReady>().0
    })
    .expect("every sound loaded");
    // Two stones in one frame (a click and the AI's answer can come together): two clicks,
    // two stones dropping in.
    for m in ["h8", "a1"] {
        app.world_mut().write_message(MoveRequest::person(at(m)));
    }
    app.update();
    assert_eq!(board(&app).board().stone_count(), 2);
    assert_eq!(
        count(&mut app, &SoundEffect::Stone),
        2,
        "both stones are heard"
    );
    let shadows = app
        .world_mut()
        .query::<&DropShadow>()
        .iter(app.world())
        .count();
    assert_eq!(shadows, 2, "both stones drop in");
    // A refused move and a stone in one frame: both heard.
    for m in ["h8", "i8"] {
        app.world_mut().write_message(MoveRequest::person(at(m)));
    }
    app.update();
    assert_eq!(count(&mut app, &SoundEffect::Refused), 1);
    assert_eq!(count(&mut app, &SoundEffect::Stone), 3);
    // The winning stone and the win, in the same frame.
    for m in ["a2", "j8", "a3", "k8", "a4"] {
        click(&mut app, m);
    }
    assert_eq!(count(&mut app, &SoundEffect::Win), 0);
    click(&mut app, "l8");
    assert_eq!(board(&app).outcome().winner(), Some(Stone::Black));
    assert_eq!(count(&mut app, &SoundEffect::Stone), 9);
    assert_eq!(
        count(&mut app, &SoundEffect::Win),
        1,
        "the win is heard with its stone"
    );
}

#[test]
fn every_state_is_there_without_a_renderer_and_esc_closes_a_window() {
    use gomoku::app::{Dialog, InGame};
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(two_players())
        .insert_state(Screen::Playing)
        .insert_state(Dialog::Settings)
        .add_plugins(GamePlugin)
        .init_resource::<ButtonInput<KeyCode>>();
    app.update();
    assert!(app.world().contains_resource::<State<InGame>>());
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        *app.world().resource::<State<Dialog>>().get(),
        Dialog::None,
        "Esc closes the window"
    );
    assert_eq!(screen(&app), Screen::Playing, "and only the window");
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(!app.world().contains_resource::<State<InGame>>());
}

/// The game in a window that takes taps (with Bevy's touch bookkeeping) and clicks.
fn app_with_touch() -> App {
    let mut app = app_with_feedback(None);
    app.init_resource::<Touches>()
        .add_message::<bevy::input::touch::TouchInput>()
        .add_systems(PreUpdate, bevy::input::touch::touch_screen_input_system);
    app.update();
    app
}

/// Where the intersection `notation` is in the window (logical pixels, y down).
fn window_point(app: &mut App, notation: &str) -> (Entity, Vec2) {
    let layout = *app.world().resource::<BoardLayout>();
    let mut windows = app.world_mut().query::<(Entity, &Window)>();
    let (entity, window) = windows.single(app.world()).unwrap();
    let w = layout.to_world(at(notation));
    let size = window.size();
    (entity, Vec2::new(w.x + size.x / 2.0, size.y / 2.0 - w.y))
}

/// A finger touches the intersection `notation` and lifts; one frame runs.
fn tap(app: &mut App, notation: &str) {
    use bevy::input::touch::{TouchInput, TouchPhase};
    let (window, position) = window_point(app, notation);
    for phase in [TouchPhase::Started, TouchPhase::Ended] {
        app.world_mut().write_message(TouchInput {
            phase,
            position,
            window,
            force: None,
            id: 7,
        });
    }
    app.update();
}

fn hover(app: &App) -> Option<Pos> {
    app.world().resource::<gomoku::app::Hover>().0
}

#[test]
fn a_tap_shows_the_stone_and_a_second_tap_on_it_plays_it() {
    let mut app = app_with_touch();
    assert!(
        app.world()
            .resource::<gomoku::app::UserSettings>()
            .tap_twice
    );
    tap(&mut app, "h8");
    assert!(board(&app).board().moves().is_empty(), "one tap played");
    assert_eq!(hover(&app), Some(at("h8")));
    // A tap elsewhere moves the ghost, and plays nothing.
    tap(&mut app, "j10");
    assert!(board(&app).board().moves().is_empty());
    assert_eq!(hover(&app), Some(at("j10")));
    tap(&mut app, "j10");
    assert_eq!(board(&app).board().moves(), &[at("j10")]);
    // The next tap starts afresh: White's first tap only shows the stone.
    tap(&mut app, "j10");
    tap(&mut app, "h8");
    assert_eq!(board(&app).board().moves(), &[at("j10")]);
    assert_eq!(hover(&app), Some(at("h8")));
    tap(&mut app, "h8");
    assert_eq!(board(&app).board().moves(), &[at("j10"), at("h8")]);
}

#[test]
fn without_tap_twice_one_tap_plays() {
    let mut app = app_with_touch();
    app.world_mut()
        .resource_mut::<gomoku::app::UserSettings>()
        .tap_twice = false;
    tap(&mut app, "h8");
    assert_eq!(board(&app).board().moves(), &[at("h8")]);
}

#[test]
fn the_mouse_still_plays_with_one_click() {
    let mut app = app_with_touch();
    assert!(
        app.world()
            .resource::<gomoku::app::UserSettings>()
            .tap_twice
    );
    let (_, position) = window_point(&mut app, "h8");
    common::app::mouse_click(&mut app, position);
    assert_eq!(board(&app).board().moves(), &[at("h8")]);
}

/// Counts the replay's celebrations of its win.
#[derive(Resource, Default)]
struct Celebrated(usize);

#[test]
fn a_replayed_win_bursts_once_when_stepped_onto_and_its_sparks_follow_the_board() {
    use gomoku::app::board::{BoardLayout, Particle};
    use gomoku::app::{AnalysisCommand, Replay, ReplayReachedWin, ReplayStep};
    use gomoku_engine::record::{ImportDefaults, import};
    let mut app = app_with(two_players(), Screen::Menu);
    app.init_resource::<Celebrated>()
        .add_observer(|_: On<ReplayReachedWin>, mut c: ResMut<Celebrated>| c.0 += 1)
        .insert_resource(BoardLayout::fit(15, Vec2::new(1024.0, 768.0)));
    let defaults = ImportDefaults {
        size: 15,
        rule: Rule::Freestyle,
        policy: Default::default(),
    };
    let record = import(
        "h8 a1 i8 a2 j8 a3 k8 a4 l8",
        defaults,
        "2026-11-22T14:00:00Z".into(),
    )
    .unwrap();
    let n = record.moves.len();
    // Opened at its end: the five is on the board, nothing bursts.
    app.insert_resource(Replay { record, at: n });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Replay);
    for _ in 0..3 {
        app.update();
    }
    assert!(matches!(board(&app).outcome(), Outcome::Five { .. }));
    let celebrated = |app: &App| app.world().resource::<Celebrated>().0;
    assert_eq!(celebrated(&app), 0, "opened at the end: no burst");
    // Shown again (as when the review window touches the replay): nothing more.
    app.world_mut().resource_mut::<Replay>().set_changed();
    app.update();
    assert_eq!(celebrated(&app), 0, "shown again: no burst");
    // A step back and onto the win again: the winning move is played again.
    app.world_mut()
        .resource_mut::<Replay>()
        .step(ReplayStep::Back);
    app.update();
    app.world_mut()
        .resource_mut::<Replay>()
        .step(ReplayStep::Forward);
    app.update();
    assert_eq!(celebrated(&app), 1, "stepped onto the win");
    // To analysis and back: the same position, no second burst.
    for _ in 0..2 {
        app.world_mut().write_message(AnalysisCommand::Toggle);
        app.update();
        app.update();
    }
    assert_eq!(screen(&app), Screen::Replay);
    assert_eq!(celebrated(&app), 1, "back from analysis: no burst");
    // The board moves (another size, another window): the sparks stay on the five.
    let moved = BoardLayout::fit(19, Vec2::new(1600.0, 1200.0));
    app.insert_resource(moved);
    app.update();
    let five: Vec<Vec2> = ["h8", "i8", "j8", "k8", "l8"]
        .iter()
        .map(|m| moved.to_world(at(m)))
        .collect();
    let centre = five.iter().sum::<Vec2>() / 5.0;
    let mut sparks = app
        .world_mut()
        .query_filtered::<&Transform, With<Particle>>();
    let places: Vec<Vec2> = sparks
        .iter(app.world())
        .map(|t| t.translation.truncate())
        .collect();
    assert!(!places.is_empty(), "sparks");
    let mean = places.iter().sum::<Vec2>() / places.len() as f32;
    assert!(
        mean.distance(centre) < moved.cell,
        "the sparks' centre {mean} is off the five's {centre}"
    );
}
