//! Game review in a headless App: offered for the game just finished, run in the background
//! (the game stays usable, it can be stopped), its marks kept with the game's record; and
//! records written before reviews existed still read.

mod common;

use std::time::Duration;

use common::app::{board, click};
use common::at;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::analysis::review::{GameReview, ReviewBudget};
use gomoku::app::{
    CurrentGame, GameCommand, GameHistory, GamePlugin, GameSetup, Mode, Replay, ReviewRequest,
    Screen, Storage,
};
use gomoku::players::History;
use gomoku::store::{Loaded, Store};
use gomoku_engine::Stone;
use gomoku_engine::analysis::{MoveClass, ReviewOptions};

/// White makes the open three f5 g5 h5 with move 6; black's 7th move (a15) ignores it, white
/// makes the open four and wins (the same game as the engine's review test).
const IGNORED_THREE: [&str; 10] = ["h8", "f5", "i9", "g5", "j7", "h5", "a15", "i5", "e5", "j5"];

fn app_with(setup: GameSetup, screen: Screen, budget: ReviewOptions) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(setup)
        .insert_state(screen)
        .add_plugins(GamePlugin)
        .insert_resource(ReviewBudget(budget));
    app.update();
    app
}

fn two_players() -> GameSetup {
    GameSetup {
        mode: Mode::TwoPlayers,
        ..GameSetup::default()
    }
}

fn small_budget() -> ReviewOptions {
    ReviewOptions {
        nodes: 3_000,
        solver_nodes: 10_000,
        table_bytes: 4 << 20,
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn request(app: &mut App, r: ReviewRequest) {
    app.world_mut().write_message(r);
    app.update();
    app.update();
}

fn running(app: &App) -> bool {
    app.world().resource::<GameReview>().is_running()
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
fn the_finished_game_is_reviewed_with_the_ignored_open_four_a_blunder_and_kept_with_it() {
    let mut app = app_with(two_players(), Screen::Playing, small_budget());
    for m in IGNORED_THREE {
        click(&mut app, m);
    }
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(app.world().resource::<GameHistory>().len(), 1);
    let saved = app.world().resource::<CurrentGame>().clone();
    request(&mut app, ReviewRequest::FinishedGame);
    assert_eq!(
        screen(&app),
        Screen::Replay,
        "the review opens in the replay viewer"
    );
    assert_eq!(app.world().resource::<Replay>().at, 10);
    assert!(
        wait_for(&mut app, 120, |app| !running(app)),
        "the review ends"
    );
    let history = app.world().resource::<GameHistory>();
    let record = history.game(0).unwrap().unwrap();
    let review = history
        .review_of(&record)
        .expect("the review is kept with the game")
        .clone();
    assert!(review.complete);
    assert_eq!(review.moves.len(), 10);
    let m = &review.moves[6];
    assert_eq!((m.number, m.colour, m.played), (7, Stone::Black, at("a15")));
    assert_eq!(m.class, MoveClass::Blunder, "{m:?}");
    let mut blocks = m.missed_block.clone();
    blocks.sort();
    let mut expected = vec![at("e5"), at("i5")];
    expected.sort();
    assert_eq!(blocks, expected, "the missed block is named");
    // The tally counts black's moves classed as blunders, the ignored open three among them
    // (at this small budget the review may judge an earlier quiet move one too: since the
    // quiescence plays only fours that build on something, it calls black's j7 a blunder, its
    // chance 0.84 before and 0.51 after, where it called it a mistake before).
    let black_blunders = common::blunders_marked(&review, Stone::Black);
    assert!(black_blunders >= 1);
    assert_eq!(review.black.blunders, black_blunders);
    // Reviewing changed neither the record nor the game in progress.
    assert_eq!(record.moves_text(), IGNORED_THREE.join(" "));
    assert_eq!(app.world().resource::<CurrentGame>().moves, saved.moves);
    // The review is saved: the store holds it with the game.
    app.update();
    let store = &app.world().resource::<Storage>().0;
    let Loaded::Found(stored) = store.load::<History>() else {
        panic!("the history is saved");
    };
    assert_eq!(stored.review_of(&record), Some(&review));
}

#[test]
fn a_review_runs_in_the_background_and_can_be_stopped() {
    // A large budget: the review is still running when it is stopped.
    let big = ReviewOptions {
        nodes: 50_000_000,
        solver_nodes: 10_000,
        table_bytes: 4 << 20,
    };
    let mut app = app_with(two_players(), Screen::Playing, big);
    for m in IGNORED_THREE {
        click(&mut app, m);
    }
    app.update();
    request(&mut app, ReviewRequest::FinishedGame);
    assert!(running(&app));
    let record = app.world().resource::<Replay>().record.clone();
    // The game stays usable: back to the menu, a new game, moves.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    click(&mut app, "h8");
    click(&mut app, "i9");
    assert_eq!(board(&app).board().moves_notation(), "h8 i9");
    assert!(running(&app), "the review goes on meanwhile");
    request(&mut app, ReviewRequest::Cancel);
    assert!(!running(&app), "stopped");
    for _ in 0..5 {
        app.update();
    }
    let history = app.world().resource::<GameHistory>();
    assert!(history.review_of(&record).is_none(), "nothing kept from it");
}

#[test]
fn a_history_written_before_reviews_still_reads() {
    let text = r#"{"format":"gomoku-history","version":1,"data":{"games":[
        {"format":"gomoku-record","version":1,"black":"Ann","white":"Bo","mode":"TwoPlayers",
         "rule":"Freestyle","policy":"Refuse","size":15,"moves":"h8 i9 h9",
         "result":{"winner":null,"ending":"Unfinished"},"date":"2026-11-22T14:00:00Z"}]}}"#;
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    let history: History = serde_json::from_value(value["data"].clone()).unwrap();
    let record = history.game(0).unwrap().unwrap();
    assert_eq!(record.moves_text(), "h8 i9 h9");
    assert!(history.review_of(&record).is_none());
}

#[test]
fn a_hand_edited_review_that_does_not_fit_its_game_is_not_shown() {
    use gomoku_engine::Pos;
    use gomoku_engine::analysis::review_game;
    use gomoku_engine::record::{ImportDefaults, import};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let defaults = ImportDefaults {
        size: 15,
        rule: gomoku_engine::Rule::Freestyle,
        policy: Default::default(),
    };
    let record = import("h8 i9 h9", defaults, "2026-11-22T14:00:00Z".into()).unwrap();
    let review = review_game(
        &record,
        small_budget(),
        Arc::new(AtomicBool::new(false)),
        |_| {},
    )
    .unwrap();
    let mut history = History::default();
    history.add(&record);
    assert!(history.set_review(&record, review.clone()));
    assert_eq!(history.review_of(&record), Some(&review));
    // A point off the board (it would not even have a name).
    let mut bad = review.clone();
    bad.moves[1].best = Some(Pos::new(200, 3));
    history.set_review(&record, bad);
    assert!(history.review_of(&record).is_none());
    // Another game's moves.
    let mut other = review.clone();
    other.moves[0].played = Pos::new(0, 0);
    history.set_review(&record, other);
    assert!(history.review_of(&record).is_none());
}
