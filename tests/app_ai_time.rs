//! The AI keeps its time on a busy machine: with a spinning thread on every core (a build, a
//! browser), the master level still answers within the time it promises per move. Its search
//! once ran at the lowest priority, beside which any busy program came first: the master's 3 s
//! took 5 s on two busy cores.

mod common;

#[path = "../crates/engine/tests/support/brain_load.rs"]
mod brain_load;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use brain_load::Busy;
use gomoku::app::{Board, GamePlugin, GameSetup, Mode, Screen, Storage};
use gomoku::players::settings::Settings;
use gomoku::store::Store;
use gomoku_engine::Stone;
use gomoku_engine::board::parse_moves;
use gomoku_engine::search::levels::Level;

/// The master's time per move in this test (the settings' choice).
const MOVE_SECS: u32 = 1;
/// What the frames around the search may add: taking the answer, a frame or two.
const MARGIN: Duration = Duration::from_millis(400);

#[test]
fn the_master_answers_within_its_time_beside_busy_programs() {
    let store = Store::in_memory();
    store
        .save(&Settings {
            master_move_secs: MOVE_SECS,
            ..Settings::default()
        })
        .unwrap();
    // A quiet middle game on 19x19, White (the AI) to move: nothing forced, a full search.
    let setup = GameSetup {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        level: Level::new(5),
        size: 19,
        moves: parse_moves("j10 k11 k10 j11 l12 i9 l10 m10 k9", 19).unwrap(),
        ..GameSetup::default()
    };
    let busy = Busy::every_core(Duration::from_secs(60));
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(store))
        .insert_resource(common::english())
        .insert_resource(setup)
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin);
    let started = Instant::now();
    let stones = |app: &App| app.world().resource::<Board>().board().stone_count();
    while stones(&app) < 10 && started.elapsed() < Duration::from_secs(20) {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let took = started.elapsed();
    drop(busy);
    assert_eq!(stones(&app), 10, "the AI played no move in {took:?}");
    let promised = Duration::from_secs(MOVE_SECS.into());
    assert!(
        took <= promised + MARGIN,
        "the master took {took:?} for {promised:?} per move beside {} busy threads",
        std::thread::available_parallelism().map_or(2, |n| n.get())
    );
}
