//! The clocks of a timed local game ([`GameClock`], the engine's [`Clocks`]): set at the time
//! control of each new game, run for the side to move while the game is played on screen,
//! given the increment after each move, put back when moves are taken back or played again,
//! and a side whose time runs out loses on time ([`GameCommand::TimeUp`], which the turn
//! plugin applies).
//!
//! The clocks stand still whenever the game is not being played on screen: on the menu,
//! behind a past position, the replay, analysis or a puzzle, during an opening (its steps are
//! untimed) and once the game is over. Undo (and redo) puts them back to what they showed when
//! the position now on the board arose; taking back a loss on time or a resignation gives the
//! side to move back the time it had when the position arose. A game resumed at start gets
//! the clocks it was saved with (after its last move, when they last stopped, or as they
//! stood when the game closed).

use std::time::Duration;

use bevy::prelude::*;

use super::turn;
use crate::app::{
    ActiveSetup, AppSystems, Board, CurrentGame, GameClock, GameCommand, GameOpening, GameSerial,
    InGame, ResumedGame, Screen, StonePlaced,
};
use gomoku_engine::Stone;
use gomoku_engine::clock::{Clocks, TimeControl};
use gomoku_engine::search::levels::Level;

/// The time controls the menu offers (besides none): 3 min + 2 s, 5 min + 3 s, 10 min + 5 s
/// and 15 min.
pub const TIME_CONTROLS: [TimeControl; 4] = [
    TimeControl::new(3 * 60, 2),
    TimeControl::new(5 * 60, 3),
    TimeControl::new(10 * 60, 5),
    TimeControl::new(15 * 60, 0),
];

pub(super) fn plugin(app: &mut App) {
    // After the turn plugin's Startup has put the run's first game on the board.
    app.add_systems(PostStartup, start_clocks)
        .add_systems(
            Update,
            run_clock
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (
                new_game_clocks.run_if(resource_changed::<GameSerial>),
                follow_the_board.run_if(in_state(InGame).and_then(resource_changed::<Board>)),
            )
                .chain()
                .after(turn::apply_move_requests)
                .in_set(AppSystems::ApplyMoves),
        )
        .add_observer(add_increment);
}

/// The clocks of the run's first game: those it was saved with when it is the game left
/// unfinished last time, else fresh ones at its time control.
fn start_clocks(
    board: Res<Board>,
    active: Res<ActiveSetup>,
    screen: Res<State<Screen>>,
    resumed: Option<Res<ResumedGame>>,
    current: Res<CurrentGame>,
    mut clock: ResMut<GameClock>,
) {
    let moves = board.board().moves().len();
    let resumed = resumed.is_some() && *screen.get() == Screen::Menu;
    let saved = current
        .clock
        .clone()
        .filter(|c| resumed && c.at() == moves && Some(c.control()) == active.0.time);
    clock.0 = saved.or_else(|| active.0.time.map(|t| Clocks::new(t, moves)));
}

/// A new game (or a restart): fresh clocks at its time control.
fn new_game_clocks(
    serial: Res<GameSerial>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    mut clock: ResMut<GameClock>,
) {
    // The run's first game has its clocks from the start (`start_clocks`).
    if serial.is_added() {
        return;
    }
    let moves = board.board().moves().len();
    clock.0 = active.0.time.map(|t| Clocks::new(t, moves));
}

/// The side to move thinks: its clock runs down by the frame's time; when it reaches zero the
/// side loses on time. Not in the opening, nor once the game is over.
fn run_clock(
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    board: Res<Board>,
    opening: Res<GameOpening>,
    mut clock: ResMut<GameClock>,
    mut commands: MessageWriter<GameCommand>,
    mut micros: Local<u128>,
) {
    if clock.0.is_none() || board.outcome().is_over() || opening.running().is_some() {
        return;
    }
    // The clock starts with the first frame on the screen: the time before was not play.
    if screen.is_changed() {
        *micros = 0;
        return;
    }
    // Whole milliseconds pass to the clock; the rest waits for the next frame.
    let spent = *micros + time.delta().as_micros();
    *micros = spent % 1000;
    let mover = board.to_move();
    let Some(clocks) = clock.0.as_mut() else {
        return;
    };
    if clocks.left(mover) == 0 {
        // Already out of time; the turn plugin ends the game.
        return;
    }
    if clocks.run(mover, (spent / 1000) as u64) {
        commands.write(GameCommand::TimeUp(mover));
    }
}

/// A move was played: its side gains the increment, and the times are remembered for the
/// position it made. (Moves played again by redo come back through `follow_the_board`.)
fn add_increment(
    placed: On<StonePlaced>,
    screen: Res<State<Screen>>,
    board: Res<Board>,
    mut clock: ResMut<GameClock>,
) {
    // The side line's moves in analysis mode are not the game's.
    if placed.redone || *screen.get() != Screen::Playing {
        return;
    }
    let Some(clocks) = clock.0.as_mut() else {
        return;
    };
    let moves = board.board().moves();
    let Some(i) = moves.iter().rposition(|&p| p == placed.at) else {
        return;
    };
    clocks.moved(placed.stone, i + 1);
}

/// Moves taken back or played again, or a loss on time or a resignation taken back: the clocks
/// show what they showed when the position on the board arose.
fn follow_the_board(board: Res<Board>, mut clock: ResMut<GameClock>, mut was_over: Local<bool>) {
    let over = board.outcome().is_over();
    let reopened = std::mem::replace(&mut *was_over, over) && !over;
    let moves = board.board().moves().len();
    if clock
        .0
        .as_ref()
        .is_some_and(|c| c.at() != moves || reopened)
        && let Some(clocks) = clock.0.as_mut()
    {
        clocks.back_to(moves);
    }
}

/// `level` thinking within its share of `stone`'s time on `clock` (a timed game) with `stones`
/// on the board: the level's own time per move when the clock leaves room for it, else the
/// share (see [`Clocks::move_budget`]).
pub fn level_on_the_clock(level: Level, clock: &GameClock, stone: Stone, stones: usize) -> Level {
    let (Some(clocks), Some(own)) = (&clock.0, level.move_time()) else {
        return level;
    };
    let budget = clocks.move_budget(stone, stones);
    if budget >= own {
        return level;
    }
    let ms = budget.max(Duration::from_millis(1)).as_millis();
    level.with_move_time(u32::try_from(ms).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ai_keeps_its_own_pace_until_the_clock_is_short() {
        let level = Level::new(4); // a second per move
        let untimed = GameClock(None);
        assert_eq!(level_on_the_clock(level, &untimed, Stone::White, 10), level);
        let mut clocks = Clocks::new(TimeControl::new(300, 3), 0);
        let plenty = GameClock(Some(clocks.clone()));
        assert_eq!(level_on_the_clock(level, &plenty, Stone::White, 10), level);
        clocks.run(Stone::White, 290_000);
        let short = GameClock(Some(clocks));
        let hurried = level_on_the_clock(level, &short, Stone::White, 10);
        let time = hurried.move_time().expect("a searching level");
        assert!(time < Duration::from_secs(1), "{time:?}");
        assert!(time <= Duration::from_secs(10) / 10, "{time:?}");
        assert_eq!(hurried.number(), 4);
        // The levels that do not search answer at once anyway.
        assert_eq!(
            level_on_the_clock(Level::new(1), &short, Stone::White, 10),
            Level::new(1)
        );
    }
}
