//! Writes a data folder for the book's screenshots (`scripts/screenshots.sh`): three
//! players with records and ranks ("Ann", rated from games against the AI, "Bo" and "李明"), and
//! a history of finished games played by the engine's weaker levels, so the Players, Games and
//! replay screens show what a player who has played a while sees.
//!
//!     cargo run --example screenshot_data -- DATA_DIR
//!
//! The games come from a fixed seed: the same folder each run.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use gomoku::players::{GameResult, History, Profiles, StatKey, StatMode};
use gomoku::store::{FileBackend, Store};
use gomoku_engine::board::parse_moves;
use gomoku_engine::record::{GameRecord, RecordMode};
use gomoku_engine::search::levels::{Level, choose_move};
use gomoku_engine::{ForbiddenPolicy, Game, Rule, Stone};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// One game to play into the history: the rule, the levels of black and white, and who is
/// named as playing.
struct Planned {
    rule: Rule,
    levels: (u8, u8),
    mode: RecordMode,
    names: (&'static str, &'static str),
    date: &'static str,
}

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: screenshot_data DATA_DIR");
        std::process::exit(2);
    };
    let store = Store::new(FileBackend::new(&dir));
    if let Err(e) = write(&store) {
        eprintln!("screenshot_data: {e}");
        std::process::exit(1);
    }
    println!("{dir}");
}

fn write(store: &Store) -> Result<(), String> {
    let mut profiles = Profiles::default();
    let date = "2026-10-02T18:00:00Z".to_owned();
    let bo = profiles
        .create("Bo", date.clone())
        .map_err(|e| e.to_string())?;
    let li = profiles
        .create("李明", date.clone())
        .map_err(|e| e.to_string())?;
    let ann = profiles.create("Ann", date).map_err(|e| e.to_string())?;
    // Ann climbs from level 1 to level 4 with a few setbacks.
    let results: [(u8, GameResult); 22] = [
        (1, GameResult::Win),
        (1, GameResult::Win),
        (2, GameResult::Win),
        (2, GameResult::Loss),
        (2, GameResult::Win),
        (2, GameResult::Win),
        (3, GameResult::Loss),
        (3, GameResult::Win),
        (3, GameResult::Draw),
        (3, GameResult::Win),
        (3, GameResult::Win),
        (3, GameResult::Loss),
        (3, GameResult::Win),
        (4, GameResult::Loss),
        (4, GameResult::Loss),
        (4, GameResult::Win),
        (3, GameResult::Win),
        (4, GameResult::Win),
        (4, GameResult::Loss),
        (4, GameResult::Win),
        (4, GameResult::Win),
        (4, GameResult::Win),
    ];
    let ann_profile = profiles.get_mut(ann).map_err(|e| e.to_string())?;
    for (i, &(level, result)) in results.iter().enumerate() {
        let rule = if i % 3 == 2 {
            Rule::Renju
        } else {
            Rule::Freestyle
        };
        let key = StatKey {
            mode: StatMode::VsAi,
            rule,
            level: Some(level),
        };
        ann_profile.record(key, result);
    }
    ann_profile.puzzles.record(true);
    ann_profile.puzzles.record(true);
    ann_profile.puzzles.record(false);
    ann_profile.puzzles.record(true);
    let two = StatKey {
        mode: StatMode::TwoPlayers,
        rule: Rule::Freestyle,
        level: None,
    };
    for (a, b) in [
        (GameResult::Win, GameResult::Loss),
        (GameResult::Loss, GameResult::Win),
        (GameResult::Win, GameResult::Loss),
    ] {
        profiles
            .get_mut(ann)
            .map_err(|e| e.to_string())?
            .record(two, a);
        profiles
            .get_mut(bo)
            .map_err(|e| e.to_string())?
            .record(two, b);
    }
    let li_profile = profiles.get_mut(li).map_err(|e| e.to_string())?;
    for result in [GameResult::Win, GameResult::Loss, GameResult::Loss] {
        let key = StatKey {
            mode: StatMode::VsAi,
            rule: Rule::Standard,
            level: Some(2),
        };
        li_profile.record(key, result);
    }
    profiles.pick(ann).map_err(|e| e.to_string())?;
    profiles
        .pick_opponent(Some(bo))
        .map_err(|e| e.to_string())?;
    store.save(&profiles).map_err(|e| e.to_string())?;

    let planned = [
        Planned {
            rule: Rule::Freestyle,
            levels: (2, 2),
            mode: RecordMode::TwoPlayers,
            names: ("Ann", "Bo"),
            date: "2026-11-20T19:12:00Z",
        },
        Planned {
            rule: Rule::Renju,
            levels: (3, 2),
            mode: RecordMode::VsAi {
                level: 2,
                human: Stone::Black,
            },
            names: ("Ann", "AI 2"),
            date: "2026-11-21T20:40:00Z",
        },
        Planned {
            rule: Rule::Standard,
            levels: (2, 3),
            mode: RecordMode::VsAi {
                level: 3,
                human: Stone::Black,
            },
            names: ("李明", "AI 3"),
            date: "2026-11-22T09:05:00Z",
        },
        Planned {
            rule: Rule::Freestyle,
            levels: (3, 3),
            mode: RecordMode::AiVsAi { level: 3 },
            names: ("AI 3", "AI 3"),
            date: "2026-11-23T21:30:00Z",
        },
        Planned {
            rule: Rule::Freestyle,
            levels: (3, 4),
            mode: RecordMode::VsAi {
                level: 4,
                human: Stone::Black,
            },
            names: ("Ann", "AI 4"),
            date: "2026-11-24T18:22:00Z",
        },
    ];
    let mut history = History::default();
    let mut rng = SmallRng::seed_from_u64(20261125);
    for plan in &planned {
        let game = play(plan, &mut rng)?;
        let record = GameRecord::of_game(
            &game,
            plan.names.0,
            plan.names.1,
            plan.mode.clone(),
            plan.date.to_owned(),
        );
        history.add(&record);
    }
    // The newest: a game whose review has much to say (black's l2, move 15, lets a win by
    // fours go), for the review screen.
    let moves = parse_moves(REVIEWED, 15).map_err(|e| e.to_string())?;
    let game = Game::from_moves(15, Rule::Freestyle, ForbiddenPolicy::Refuse, &moves)
        .map_err(|e| format!("{e:?}"))?;
    let record = GameRecord::of_game(
        &game,
        "Ann",
        "Bo",
        RecordMode::TwoPlayers,
        "2026-11-24T21:03:00Z".to_owned(),
    );
    history.add(&record);
    store.save(&history).map_err(|e| e.to_string())
}

/// The moves of the reviewed game.
const REVIEWED: &str = "c3 j12 d3 b3 i12 k12 e3 l12 f4 m9 m8 m10 f5 m11 l2 m12 n12 m13";

/// Plays one game to its end with the engine at the planned levels (one thread, no time
/// limit beyond the level's own).
fn play(plan: &Planned, rng: &mut SmallRng) -> Result<Game, String> {
    let mut game =
        Game::with_size(15, plan.rule, ForbiddenPolicy::Refuse).map_err(|e| e.to_string())?;
    let stop = Arc::new(AtomicBool::new(false));
    while !game.outcome().is_over() {
        let level = match game.to_move() {
            Stone::Black => plan.levels.0,
            Stone::White => plan.levels.1,
        };
        let level = Level::new(level).with_threads(1);
        let Some(p) = choose_move(game.board(), plan.rule, level, stop.clone(), rng) else {
            break;
        };
        game.play(p)
            .map_err(|e| format!("the engine chose {p:?}: {e}"))?;
    }
    Ok(game)
}
