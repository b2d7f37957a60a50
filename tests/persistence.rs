//! Headless App tests of what the game keeps: finished games, statistics, ranks, the undo
//! budget, the replay viewer, settings, and unreadable saved files.

mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::play::AiBrain;
use gomoku::app::{
    Board, GameCommand, GameHistory, GamePlugin, GameSetup, Mode, MoveRequest, PlayerProfiles,
    Replay, ReplayStep, Screen, StatusLine, Storage, StorageProblems, UserSettings,
};
use gomoku::players::settings::{SavedMode, Theme};
use gomoku::players::{StatKey, StatMode};
use gomoku::store::{FileBackend, Store};
use gomoku_engine::record::{Ending, RecordMode};
use gomoku_engine::search::levels::Level;
use gomoku_engine::{Pos, Rule, Stone};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// An AI that plays down the a-file from the top: never in the way, never winning first.
fn edge_brain() -> AiBrain {
    AiBrain(Arc::new(|board, _, _, _| {
        (0..board.size())
            .map(|y| Pos::new(0, y))
            .find(|&p| board.is_empty_at(p))
    }))
}

fn app(storage: Store, setup: Option<GameSetup>, screen: Screen) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(storage))
        .insert_resource(common::english())
        .insert_state(screen);
    if let Some(setup) = setup {
        app.insert_resource(setup);
    }
    app.add_plugins(GamePlugin).insert_resource(edge_brain());
    app.update();
    app
}

fn vs_ai(level: u8) -> GameSetup {
    GameSetup {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        level: Level::new(level),
        ..GameSetup::default()
    }
}

fn at(notation: &str) -> Pos {
    Pos::parse(notation, 15).unwrap()
}

/// Plays a person's move and waits for the AI's answer (if the game goes on).
fn play(app: &mut App, notation: &str) {
    let before = app.world().resource::<Board>().board().stone_count();
    app.world_mut()
        .write_message(MoveRequest::person(at(notation)));
    for _ in 0..2000 {
        app.update();
        let b = app.world().resource::<Board>();
        let n = b.board().stone_count();
        if b.outcome().is_over() || n >= before + 2 {
            // One more update lets the recording and state systems run.
            app.update();
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("no answer to {notation}");
}

fn win_as_black(app: &mut App) {
    for m in ["h8", "i8", "j8", "k8", "l8"] {
        play(app, m);
    }
    assert!(app.world().resource::<Board>().outcome().is_over());
}

/// The saved game at `index` of the history, checked.
fn saved_game(app: &App, index: usize) -> gomoku_engine::record::GameRecord {
    app.world()
        .resource::<GameHistory>()
        .game(index)
        .expect("a saved game")
        .expect("a readable record")
}

fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    app.update();
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn a_won_game_is_recorded_counted_and_saved() {
    let dir = temp_dir("won");
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(4)),
        Screen::Playing,
    );
    win_as_black(&mut a);
    let history = a.world().resource::<GameHistory>();
    assert_eq!(history.len(), 1);
    let record = history.game(0).unwrap().unwrap();
    assert_eq!(record.moves.len(), 9);
    assert_eq!(record.result.winner, Some(Stone::Black));
    assert_eq!(record.result.ending, Ending::Five);
    assert_eq!(record.white, "AI 4");
    assert_eq!(record.black, "Player 1");
    assert_eq!(
        record.mode,
        RecordMode::VsAi {
            level: 4,
            human: Stone::Black
        }
    );
    let profiles = a.world().resource::<PlayerProfiles>();
    let me = profiles.active().unwrap();
    let key = StatKey {
        mode: StatMode::VsAi,
        rule: Rule::default(),
        level: Some(4),
    };
    assert_eq!(me.stats.tally(key).wins, 1);
    assert!(
        me.rating > 1000,
        "beating level 4 raises the rating: {}",
        me.rating
    );
    assert_eq!(me.stats.current_streak, 1);
    drop(a);

    // A new run over the same files sees everything, and the last set-up.
    let b = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(b.world().resource::<GameHistory>().len(), 1);
    let me = b
        .world()
        .resource::<PlayerProfiles>()
        .active()
        .unwrap()
        .clone();
    assert_eq!(me.stats.tally(key).wins, 1);
    let setup = b.world().resource::<GameSetup>();
    assert_eq!(setup.level, Level::new(4));
    assert_eq!(
        b.world().resource::<UserSettings>().last.mode,
        SavedMode::VsAi
    );
    assert!(b.world().resource::<StorageProblems>().0.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A set-up as `--moves "h8 a1 i8 a2 j8 a3 k8 a4 l8"` gives it: black's five on the board.
fn given_five(mode: Mode) -> GameSetup {
    GameSetup {
        mode,
        moves: "h8 a1 i8 a2 j8 a3 k8 a4 l8".split(' ').map(at).collect(),
        ..vs_ai(3)
    }
}

#[test]
fn a_game_given_with_a_five_is_recorded_counted_and_saved() {
    let dir = temp_dir("given-five");
    let human = Mode::VsAi {
        human: Stone::Black,
    };
    let a = app(
        Store::new(FileBackend::new(&dir)),
        Some(given_five(human)),
        Screen::Playing,
    );
    assert!(a.world().resource::<Board>().outcome().is_over());
    assert_eq!(a.world().resource::<GameHistory>().len(), 1, "kept");
    let record = saved_game(&a, 0);
    assert_eq!(record.moves.len(), 9);
    assert_eq!(record.result.winner, Some(Stone::Black));
    assert_eq!(record.result.ending, Ending::Five);
    let key = StatKey {
        mode: StatMode::VsAi,
        rule: Rule::default(),
        level: Some(3),
    };
    let wins = |app: &App| {
        app.world()
            .resource::<PlayerProfiles>()
            .active()
            .unwrap()
            .stats
            .tally(key)
            .wins
    };
    assert_eq!(wins(&a), 1, "counted as any finished game");
    drop(a);
    // The next run over the same files has it.
    let b = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(b.world().resource::<GameHistory>().len(), 1, "saved");
    assert_eq!(wins(&b), 1);
    drop(b);
    // A run that only captures the screen keeps nothing.
    let mut c = App::new();
    c.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::new(FileBackend::new(&dir))))
        .insert_resource(common::english())
        .insert_resource(given_five(human))
        .insert_resource(gomoku::app::LeaveSavedGame)
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin);
    c.update();
    c.update();
    assert!(c.world().resource::<Board>().outcome().is_over());
    assert_eq!(c.world().resource::<GameHistory>().len(), 1, "not again");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn undoing_the_last_move_of_a_game_given_with_a_five_takes_its_record_back() {
    let mut a = app(
        Store::in_memory(),
        Some(given_five(Mode::TwoPlayers)),
        Screen::Playing,
    );
    assert_eq!(a.world().resource::<GameHistory>().len(), 1);
    command(&mut a, GameCommand::Undo);
    assert!(!a.world().resource::<Board>().outcome().is_over());
    assert!(a.world().resource::<GameHistory>().is_empty());
    play(&mut a, "l8");
    assert_eq!(
        a.world().resource::<GameHistory>().len(),
        1,
        "won again, once"
    );
}

#[test]
fn a_20x20_game_is_kept_unfinished_and_finished_with_its_size() {
    let dir = temp_dir("twenty");
    let setup = GameSetup {
        mode: Mode::TwoPlayers,
        size: 20,
        ..GameSetup::default()
    };
    let on_20 = |n: &str| Pos::parse(n, 20).unwrap();
    let click = |app: &mut App, n: &str| {
        app.world_mut().write_message(MoveRequest::person(on_20(n)));
        app.update();
    };
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(setup),
        Screen::Playing,
    );
    // The corner columns' last letter is t.
    for m in ["t20", "a1", "s19"] {
        click(&mut a, m);
    }
    let moves = |app: &App| app.world().resource::<Board>().board().moves_notation();
    assert_eq!(moves(&a), "t20 a1 s19");
    drop(a);
    // Back behind the menu at the next start, on its board, and the menu remembers the size.
    let mut b = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(b.world().resource::<Board>().board().size(), 20);
    assert_eq!(moves(&b), "t20 a1 s19");
    assert_eq!(b.world().resource::<GameSetup>().size, 20);
    b.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    b.update();
    for m in ["a2", "r18", "a3", "q17", "a4", "p16"] {
        click(&mut b, m);
    }
    b.update();
    assert_eq!(
        b.world().resource::<Board>().outcome().winner(),
        Some(Stone::Black)
    );
    let record = saved_game(&b, 0);
    assert_eq!(record.size, 20);
    assert_eq!(record.moves_text(), "t20 a1 s19 a2 r18 a3 q17 a4 p16");
    drop(b);
    let c = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(saved_game(&c, 0).size, 20);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn undoing_the_finishing_move_takes_the_record_back() {
    let mut a = app(Store::in_memory(), Some(vs_ai(2)), Screen::Playing);
    win_as_black(&mut a);
    assert_eq!(a.world().resource::<GameHistory>().len(), 1);
    command(&mut a, GameCommand::Undo);
    assert_eq!(screen(&a), Screen::Playing);
    assert_eq!(a.world().resource::<GameHistory>().len(), 0);
    let me = a
        .world()
        .resource::<PlayerProfiles>()
        .active()
        .unwrap()
        .clone();
    assert_eq!(me.stats.total().games(), 0);
    assert_eq!(me.rating, 1000);
    // Finishing again records once.
    play(&mut a, "l8");
    assert_eq!(a.world().resource::<GameHistory>().len(), 1);
    // A new game leaves the record alone.
    command(&mut a, GameCommand::NewGame);
    assert_eq!(a.world().resource::<GameHistory>().len(), 1);
    let me = a
        .world()
        .resource::<PlayerProfiles>()
        .active()
        .unwrap()
        .clone();
    assert_eq!(me.stats.total().wins, 1);
}

#[test]
fn a_resignation_is_a_loss() {
    let mut a = app(Store::in_memory(), Some(vs_ai(1)), Screen::Playing);
    play(&mut a, "h8");
    command(&mut a, GameCommand::Resign);
    assert_eq!(screen(&a), Screen::GameOver);
    let history = a.world().resource::<GameHistory>();
    let record = history.game(0).unwrap().unwrap();
    assert_eq!(record.result.ending, Ending::Resignation);
    assert_eq!(record.result.winner, Some(Stone::White));
    let me = a.world().resource::<PlayerProfiles>().active().unwrap();
    assert_eq!(me.stats.total().losses, 1);
    assert!(me.rating < 1000);
}

#[test]
fn the_undo_budget_runs_out_and_wins_refill_it() {
    let mut a = app(Store::in_memory(), Some(vs_ai(1)), Screen::Playing);
    a.world_mut().resource_mut::<UserSettings>().limited_undo = true;
    let undos_left = |a: &App| {
        a.world()
            .resource::<PlayerProfiles>()
            .active()
            .unwrap()
            .undo
            .left
    };
    assert_eq!(undos_left(&a), 10);
    for i in 0..10 {
        play(&mut a, "h8");
        assert_eq!(a.world().resource::<Board>().board().stone_count(), 2);
        command(&mut a, GameCommand::Undo);
        // One undo takes back the person's move and the AI's answer, and costs one.
        assert_eq!(a.world().resource::<Board>().board().stone_count(), 0);
        assert_eq!(undos_left(&a), 9 - i);
    }
    play(&mut a, "h8");
    command(&mut a, GameCommand::Undo);
    assert_eq!(
        a.world().resource::<Board>().board().stone_count(),
        2,
        "refused"
    );
    let status = a.world().resource::<StatusLine>().0.clone();
    assert!(status.contains("No undos left"), "{status}");
    // A win against the AI earns ten.
    command(&mut a, GameCommand::NewGame);
    win_as_black(&mut a);
    assert_eq!(undos_left(&a), 10);
}

#[test]
fn undo_is_unlimited_by_default() {
    let mut a = app(Store::in_memory(), Some(vs_ai(1)), Screen::Playing);
    for _ in 0..15 {
        play(&mut a, "h8");
        command(&mut a, GameCommand::Undo);
        assert_eq!(a.world().resource::<Board>().board().stone_count(), 0);
    }
}

#[test]
fn two_player_games_count_for_both_players() {
    let setup = GameSetup {
        mode: Mode::TwoPlayers,
        ..GameSetup::default()
    };
    let mut a = app(Store::in_memory(), Some(setup), Screen::Playing);
    let (ann, bob) = {
        let mut ps = a.world_mut().resource_mut::<PlayerProfiles>();
        let ann = ps.active.unwrap();
        let bob = ps.create("Bob", "2026-11-22T14:00:00Z".into()).unwrap();
        ps.pick(ann).unwrap();
        ps.pick_opponent(Some(bob)).unwrap();
        (ann, bob)
    };
    // Black (Ann) h8..l8, White (Bob) on row 9.
    for m in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        a.world_mut().write_message(MoveRequest::person(at(m)));
        a.update();
    }
    a.update();
    let ps = a.world().resource::<PlayerProfiles>();
    let key = StatKey {
        mode: StatMode::TwoPlayers,
        rule: Rule::default(),
        level: None,
    };
    assert_eq!(ps.get(ann).unwrap().stats.tally(key).wins, 1);
    assert_eq!(ps.get(bob).unwrap().stats.tally(key).losses, 1);
    assert_eq!(
        ps.get(ann).unwrap().rating,
        1000,
        "people do not move the AI rating"
    );
    let record = saved_game(&a, 0);
    assert_eq!(
        (record.black.as_str(), record.white.as_str()),
        ("Player 1", "Bob")
    );
}

#[test]
fn the_replay_viewer_steps_and_continues_from_any_position() {
    let mut a = app(Store::in_memory(), Some(vs_ai(3)), Screen::Playing);
    win_as_black(&mut a);
    let record = saved_game(&a, 0);
    // Start another game, then open the replay.
    command(&mut a, GameCommand::NewGame);
    play(&mut a, "g7");
    a.insert_resource(Replay {
        record: record.clone(),
        at: 9,
    });
    a.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Replay);
    a.update();
    a.update();
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 9);
    // Steps.
    let mut replay = a.world_mut().resource_mut::<Replay>();
    replay.step(ReplayStep::First);
    replay.step(ReplayStep::Forward);
    replay.step(ReplayStep::Forward);
    replay.step(ReplayStep::Forward);
    replay.step(ReplayStep::Back);
    a.update();
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 2);
    // The replay is not a game: nothing new is recorded, the AI does not move.
    for _ in 0..20 {
        a.update();
    }
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 2);
    assert_eq!(a.world().resource::<GameHistory>().len(), 1);
    // Closing puts the game that was on the board back.
    a.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    a.update();
    a.update();
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 2);
    assert_eq!(a.world().resource::<Board>().board().moves()[0], at("g7"));

    // Continue from move 4: a new game with those moves, the person (black) to move.
    a.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Replay);
    a.world_mut().resource_mut::<Replay>().at = 4;
    a.update();
    let setup = a
        .world()
        .resource::<Replay>()
        .continue_setup(a.world().resource::<GameSetup>());
    *a.world_mut().resource_mut::<GameSetup>() = setup;
    command(&mut a, GameCommand::NewGame);
    a.update();
    assert_eq!(screen(&a), Screen::Playing);
    let b = a.world().resource::<Board>();
    assert_eq!(b.board().moves(), &record.moves[..4]);
    assert_eq!(b.to_move(), Stone::Black);
}

#[test]
fn an_unreadable_profile_file_is_reported_and_kept() {
    let dir = temp_dir("corrupt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("profiles.json"), "{\"format\": \"gomoku-prof").unwrap();
    std::fs::write(
        dir.join("settings.json"),
        r#"{"format":"gomoku-settings","version":1,"data":{"theme":"Dark"}}"#,
    )
    .unwrap();
    let a = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    let problems = &a.world().resource::<StorageProblems>().0;
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].concerns("profiles.json"), "{problems:?}");
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("profiles.json.unreadable-"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        std::fs::read_to_string(dir.join(&kept[0])).unwrap(),
        "{\"format\": \"gomoku-prof"
    );
    // The readable settings were kept; a fresh profile stands in.
    assert_eq!(a.world().resource::<UserSettings>().theme, Theme::Dark);
    assert!(a.world().resource::<PlayerProfiles>().active().is_some());
    drop(a);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_set_up_from_the_command_line_wins_over_the_saved_one() {
    let dir = temp_dir("cli-setup");
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(5)),
        Screen::Playing,
    );
    command(&mut a, GameCommand::NewGame);
    drop(a);
    let b = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(2)),
        Screen::Menu,
    );
    assert_eq!(b.world().resource::<GameSetup>().level, Level::new(2));
    let c = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(c.world().resource::<GameSetup>().level, Level::new(5));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resigning_while_the_ai_is_to_move_is_the_persons_loss() {
    let mut a = app(Store::in_memory(), Some(vs_ai(1)), Screen::Playing);
    a.world_mut().write_message(MoveRequest::person(at("h8")));
    a.update();
    assert_eq!(
        a.world().resource::<Board>().to_move(),
        Stone::White,
        "the AI is to move"
    );
    command(&mut a, GameCommand::Resign);
    let record = saved_game(&a, 0);
    assert_eq!(record.result.ending, Ending::Resignation);
    assert_eq!(
        record.result.winner,
        Some(Stone::White),
        "the person resigned, not the AI"
    );
    let me = a.world().resource::<PlayerProfiles>().active().unwrap();
    assert_eq!(me.stats.total().losses, 1);
}

#[test]
fn taking_back_a_finish_keeps_games_imported_since() {
    use gomoku_engine::record::{ImportDefaults, import};
    let mut a = app(Store::in_memory(), Some(vs_ai(2)), Screen::Playing);
    win_as_black(&mut a);
    let imported = import(
        "h8i9j10",
        ImportDefaults {
            size: 15,
            rule: Rule::Freestyle,
            policy: Default::default(),
        },
        "2026-11-22T15:00:00Z".into(),
    )
    .unwrap();
    a.world_mut().resource_mut::<GameHistory>().add(&imported);
    a.update();
    command(&mut a, GameCommand::Undo);
    let history = a.world().resource::<GameHistory>();
    assert_eq!(history.len(), 1, "only the finished game's record went");
    assert_eq!(history.game(0).unwrap().unwrap(), imported);
}

#[test]
fn a_game_continued_from_a_replay_counts_and_the_next_new_game_is_empty() {
    let mut a = app(Store::in_memory(), Some(vs_ai(2)), Screen::Playing);
    win_as_black(&mut a);
    let record = saved_game(&a, 0);
    // Continue from move 6 (h8 a15 i8 a14 j8 a13): black to move, then win again.
    let setup = Replay { record, at: 6 }.continue_setup(a.world().resource::<GameSetup>());
    *a.world_mut().resource_mut::<GameSetup>() = setup;
    command(&mut a, GameCommand::NewGame);
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 6);
    // Undo below the opening moves, then finish: it counts.
    command(&mut a, GameCommand::Undo);
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 4);
    for m in ["j8", "k8", "l8"] {
        play(&mut a, m);
    }
    assert!(a.world().resource::<Board>().outcome().is_over());
    assert_eq!(a.world().resource::<GameHistory>().len(), 2);
    // The menu's next new game starts from an empty board.
    command(&mut a, GameCommand::NewGame);
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 0);
}

#[test]
fn an_unfinished_game_comes_back_at_the_next_start() {
    let dir = temp_dir("unfinished");
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(3)),
        Screen::Playing,
    );
    play(&mut a, "h8");
    play(&mut a, "i8");
    let moves = a.world().resource::<Board>().board().moves().to_vec();
    assert_eq!(moves.len(), 4);
    drop(a);
    // The next start (no set-up given) has the game on the board, behind the menu.
    let mut b = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(b.world().resource::<Board>().board().moves(), &moves[..]);
    assert_eq!(b.world().resource::<GameSetup>().level, Level::new(3));
    // Finishing it clears the saved game: the start after that is an empty board.
    b.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    b.update();
    for m in ["j8", "k8", "l8"] {
        play(&mut b, m);
    }
    assert!(b.world().resource::<Board>().outcome().is_over());
    assert_eq!(b.world().resource::<GameHistory>().len(), 1);
    drop(b);
    let c = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(c.world().resource::<Board>().board().stone_count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_that_plays_nothing_keeps_the_unfinished_game() {
    let dir = temp_dir("unfinished-kept");
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(3)),
        Screen::Playing,
    );
    play(&mut a, "h8");
    let moves = a.world().resource::<Board>().board().moves().to_vec();
    drop(a);
    // A run from the command line (a screenshot, say) that plays no move.
    let mut b = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(1)),
        Screen::Playing,
    );
    for _ in 0..5 {
        b.update();
    }
    drop(b);
    let c = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(c.world().resource::<Board>().board().moves(), &moves[..]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Opens `record` in the replay viewer at move `at`.
fn open_replay(app: &mut App, record: gomoku_engine::record::GameRecord, at: usize) {
    app.insert_resource(Replay { record, at });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Replay);
    app.update();
    app.update();
}

#[test]
fn a_game_continued_from_the_replay_is_saved_at_once() {
    let dir = temp_dir("continued-saved");
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(3)),
        Screen::Playing,
    );
    win_as_black(&mut a);
    let record = saved_game(&a, 0);
    open_replay(&mut a, record.clone(), 4);
    // "Continue from here", as the replay viewer's button does it, and the game is closed.
    let setup = a
        .world()
        .resource::<Replay>()
        .continue_setup(a.world().resource::<GameSetup>());
    *a.world_mut().resource_mut::<GameSetup>() = setup;
    command(&mut a, GameCommand::NewGame);
    assert_eq!(screen(&a), Screen::Playing);
    drop(a);
    let b = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(
        b.world().resource::<Board>().board().moves(),
        &record.moves[..4],
        "the continued game is back behind the menu"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_set_up_from_the_command_line_keeps_the_unfinished_game_behind_the_menu() {
    let dir = temp_dir("cli-keeps-unfinished");
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(vs_ai(3)),
        Screen::Playing,
    );
    play(&mut a, "h8");
    let moves = a.world().resource::<Board>().board().moves().to_vec();
    drop(a);
    // `--size 19 --show players`: the menu shows 19x19, the board the unfinished game.
    let b = app(
        Store::new(FileBackend::new(&dir)),
        Some(GameSetup {
            size: 19,
            ..vs_ai(3)
        }),
        Screen::Menu,
    );
    assert_eq!(b.world().resource::<GameSetup>().size, 19);
    assert_eq!(b.world().resource::<Board>().board().moves(), &moves[..]);
    assert_eq!(b.world().resource::<Board>().board().size(), 15);
    drop(b);
    // A game started with `--moves` is saved before anything is played.
    let c = app(
        Store::new(FileBackend::new(&dir)),
        Some(GameSetup {
            mode: Mode::TwoPlayers,
            moves: vec![at("a1"), at("o15")],
            ..GameSetup::default()
        }),
        Screen::Playing,
    );
    drop(c);
    let d = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(
        d.world().resource::<Board>().board().moves(),
        &[at("a1"), at("o15")]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_player_picked_mid_game_does_not_take_its_result() {
    let mut a = app(Store::in_memory(), Some(vs_ai(2)), Screen::Playing);
    let first = a.world().resource::<PlayerProfiles>().active.unwrap();
    play(&mut a, "h8");
    // Mid-game, a new player is created (and so picked) in the Players window.
    let bob = a
        .world_mut()
        .resource_mut::<PlayerProfiles>()
        .create("Bob", "2026-11-22T14:00:00Z".into())
        .unwrap();
    a.update();
    for m in ["i8", "j8", "k8", "l8"] {
        play(&mut a, m);
    }
    let record = saved_game(&a, 0);
    assert_eq!(
        record.black, "Player 1",
        "the game's player, not the one picked"
    );
    let ps = a.world().resource::<PlayerProfiles>();
    assert_eq!(ps.get(first).unwrap().stats.total().wins, 1);
    assert_eq!(ps.get(bob).unwrap().stats.total().wins, 0);
    // The next game is Bob's.
    command(&mut a, GameCommand::NewGame);
    win_as_black(&mut a);
    assert_eq!(saved_game(&a, 1).black, "Bob");
}

#[test]
fn closing_the_replay_says_the_games_position_again() {
    let mut a = app(Store::in_memory(), Some(vs_ai(3)), Screen::Playing);
    win_as_black(&mut a);
    let record = saved_game(&a, 0);
    command(&mut a, GameCommand::NewGame);
    play(&mut a, "g7");
    open_replay(&mut a, record, 9);
    let status = a.world().resource::<StatusLine>().0.clone();
    assert!(status.contains("Move 9 of 9"), "{status}");
    a.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    a.update();
    a.update();
    let status = a.world().resource::<StatusLine>().0.clone();
    assert!(
        !status.contains("of 9"),
        "the replay's line stayed: {status}"
    );
    assert!(status.contains("Black to move"), "{status}");
}

#[test]
fn a_hand_edited_file_gets_the_checks_typing_gets() {
    let dir = temp_dir("hand-edited");
    std::fs::create_dir_all(&dir).unwrap();
    let huge = "x".repeat(1 << 20);
    let profiles = format!(
        r#"{{"format":"gomoku-profiles","version":1,"data":{{"list":[{{"id":1,"name":"{huge}","created":"2026-11-22T14:00:00Z","stats":{{"lines":[],"current_streak":0,"best_streak":0}},"rating":1000,"rated_games":0,"undo":{{"left":10}}}}],"next_id":2,"active":1,"opponent":null}}}}"#
    );
    std::fs::write(dir.join("profiles.json"), profiles).unwrap();
    std::fs::write(
        dir.join("settings.json"),
        r#"{"format":"gomoku-settings","version":1,"data":{"volume":50.0}}"#,
    )
    .unwrap();
    let a = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    let problems = &a.world().resource::<StorageProblems>().0;
    let text = format!("{problems:?}");
    assert!(text.len() < 2_000, "the problem does not repeat the name");
    assert!(
        problems.iter().any(|p| p.concerns("profiles.json")) && text.contains("longer than 24"),
        "{text}"
    );
    assert!(
        problems.iter().any(|p| p.concerns("settings.json")) && text.contains("volume"),
        "{text}"
    );
    // A fresh player stands in; the file is kept aside, not written over.
    let me = a.world().resource::<PlayerProfiles>().active().unwrap();
    assert_eq!(me.name, "Player 1");
    assert_eq!(a.world().resource::<UserSettings>().volume, 0.7);
    drop(a);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_with_a_huge_name_is_not_shown() {
    let mut a = app(Store::in_memory(), Some(vs_ai(2)), Screen::Playing);
    win_as_black(&mut a);
    let mut history = a.world_mut().resource_mut::<GameHistory>();
    history.games[0].record.black = "x".repeat(1 << 20);
    let e = history.game(0).unwrap().unwrap_err().to_string();
    assert!(e.contains("black player's name is longer than 64"), "{e}");
}

#[test]
fn a_long_game_restarted_or_left_for_a_new_one_is_kept_as_unfinished() {
    let setup = GameSetup {
        mode: Mode::TwoPlayers,
        ..GameSetup::default()
    };
    let mut a = app(Store::in_memory(), Some(setup), Screen::Playing);
    let moves = "a1 o15 a3 o13 a5 o11 a7 o9 a9 o7";
    for m in moves.split(' ') {
        a.world_mut().write_message(MoveRequest::person(at(m)));
        a.update();
    }
    assert!(gomoku::app::is_long_game_in_progress(
        a.world().resource::<Board>(),
        &GameSetup::default()
    ));
    command(&mut a, GameCommand::Restart);
    assert_eq!(a.world().resource::<Board>().board().stone_count(), 0);
    let kept = saved_game(&a, 0);
    assert_eq!(kept.result.ending, Ending::Unfinished);
    assert_eq!(kept.moves.len(), 10);
    let me = a.world().resource::<PlayerProfiles>().active().unwrap();
    assert_eq!(
        me.stats.total().games(),
        0,
        "an unfinished game counts for nobody"
    );
    // A short game is not kept; a long one left for a new game is.
    a.world_mut().write_message(MoveRequest::person(at("h8")));
    a.update();
    command(&mut a, GameCommand::Restart);
    assert_eq!(a.world().resource::<GameHistory>().len(), 1);
    for m in moves.split(' ') {
        a.world_mut().write_message(MoveRequest::person(at(m)));
        a.update();
    }
    command(&mut a, GameCommand::NewGame);
    assert_eq!(a.world().resource::<GameHistory>().len(), 2);
}

#[test]
fn a_long_game_resumed_at_start_and_left_for_a_new_one_is_kept_as_unfinished() {
    let dir = temp_dir("resumed-long");
    let setup = GameSetup {
        mode: Mode::TwoPlayers,
        ..GameSetup::default()
    };
    let mut a = app(
        Store::new(FileBackend::new(&dir)),
        Some(setup),
        Screen::Playing,
    );
    let moves = "a1 o15 a3 o13 a5 o11 a7 o9 a9 o7 a11 o5";
    for m in moves.split(' ') {
        a.world_mut().write_message(MoveRequest::person(at(m)));
        a.update();
    }
    assert_eq!(a.world().resource::<Board>().board().moves().len(), 12);
    drop(a);
    // The next start puts the game back behind the menu; "New game" leaves it.
    let mut b = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(b.world().resource::<Board>().board().moves().len(), 12);
    assert_eq!(b.world().resource::<GameHistory>().len(), 0);
    command(&mut b, GameCommand::NewGame);
    assert_eq!(b.world().resource::<Board>().board().stone_count(), 0);
    assert_eq!(b.world().resource::<GameHistory>().len(), 1);
    let kept = saved_game(&b, 0);
    assert_eq!(kept.result.ending, Ending::Unfinished);
    assert_eq!(kept.moves.len(), 12);
    // Another long game, put back at the next start and restarted: it goes back to its empty
    // board, and it is kept too.
    for m in moves.split(' ') {
        b.world_mut().write_message(MoveRequest::person(at(m)));
        b.update();
    }
    drop(b);
    let mut c = app(Store::new(FileBackend::new(&dir)), None, Screen::Menu);
    assert_eq!(c.world().resource::<GameHistory>().len(), 1, "kept on disk");
    assert_eq!(c.world().resource::<Board>().board().moves().len(), 12);
    command(&mut c, GameCommand::Restart);
    assert_eq!(c.world().resource::<Board>().board().stone_count(), 0);
    assert_eq!(c.world().resource::<GameHistory>().len(), 2);
    drop(c);
    std::fs::remove_dir_all(&dir).unwrap();
}
