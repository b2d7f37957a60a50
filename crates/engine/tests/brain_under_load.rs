//! The engine binary on a busy machine: with a spinning thread on every core, it still answers
//! every forced position correctly (blocks fours and open threes, takes a five, never plays a
//! forbidden point) and within the turn time the manager gave it.

#[path = "support/brain_load.rs"]
mod brain_load;

use std::time::Duration;

use brain_load::{Brain, Busy, FORCED};

const TURN_MS: u64 = 200;
const ROUNDS: usize = 3;

#[test]
fn forced_moves_come_right_and_in_time_beside_busy_threads() {
    let busy = Busy::every_core(Duration::from_secs(60));
    let mut brain = Brain::start(env!("CARGO_BIN_EXE_gomoku-brain"));
    brain.send(&["START 15", &format!("INFO timeout_turn {TURN_MS}")]);
    let mut wrong = Vec::new();
    let mut slowest = Duration::ZERO;
    for round in 0..ROUNDS {
        for f in FORCED {
            brain.send(&[&format!("INFO rule {}", f.rule)]);
            let a = brain.board(f.own, f.theirs, Duration::from_secs(5));
            slowest = slowest.max(a.took);
            let right = a.point.is_some_and(|p| f.accepts(p));
            if !right || a.took > Duration::from_millis(TURN_MS) {
                wrong.push(format!(
                    "round {round}, {}: answered {:?} in {:?} ({})",
                    f.name,
                    a.line,
                    a.took,
                    a.message.unwrap_or_default()
                ));
            }
        }
    }
    drop(busy);
    assert!(
        wrong.is_empty(),
        "beside {} busy threads (slowest reply {slowest:?} of {TURN_MS} ms):\n{}",
        std::thread::available_parallelism().map_or(2, |n| n.get()),
        wrong.join("\n")
    );
}
