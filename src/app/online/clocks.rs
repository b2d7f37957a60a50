//! The clocks of the online game. The server sends the time left with every state; between two
//! states the running side's clock is counted down here, so the display moves every second.
//! The server's next state always wins.

use bevy::prelude::*;

use super::OnlineGame;
use crate::app::AppSystems;
use gomoku_engine::Stone;

/// The time left on each side now, as shown.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OnlineClocks {
    /// Whether the game has clocks at all.
    pub timed: bool,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// The side whose clock runs.
    pub running: Option<Stone>,
}

impl OnlineClocks {
    /// The time left for `stone`, in milliseconds.
    pub fn left(&self, stone: Stone) -> u64 {
        match stone {
            Stone::Black => self.black_ms,
            Stone::White => self.white_ms,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineClocks>()
        .add_systems(Update, count_down.in_set(AppSystems::View));
}

fn count_down(game: Res<OnlineGame>, mut clocks: ResMut<OnlineClocks>) {
    let shown = match (&game.room, game.received) {
        (Some(room), Some(received)) => match room.clock {
            Some(c) => {
                let spent = received.elapsed().as_millis() as u64;
                let mut shown = OnlineClocks {
                    timed: true,
                    black_ms: c.black_ms,
                    white_ms: c.white_ms,
                    running: c.running,
                };
                match c.running {
                    Some(Stone::Black) => shown.black_ms = c.black_ms.saturating_sub(spent),
                    Some(Stone::White) => shown.white_ms = c.white_ms.saturating_sub(spent),
                    None => {}
                }
                shown
            }
            None => OnlineClocks::default(),
        },
        _ => OnlineClocks::default(),
    };
    clocks.set_if_neq(shown);
}
