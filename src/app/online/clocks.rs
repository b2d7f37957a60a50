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

/// `m:ss` (or `h:mm:ss`), rounded up to the second, as clocks show time.
pub fn clock_text(ms: u64) -> String {
    let secs = ms.div_ceil(1000);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
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

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn clocks_read_as_clocks() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(299_001), "5:00");
        assert_eq!(clock_text(59_000), "0:59");
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(3_600_000 + 61_000), "1:01:01");
    }
}
