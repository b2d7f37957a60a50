//! Looking back at the game on the board: a past position picked in the move list is shown on
//! the [`Screen::PastPosition`] screen. The turn plugin puts the game aside on the way in (as
//! for the replay viewer) and back on the way out, and shows the position [`PastPosition`]
//! names; nothing can be played there. [`LookBack`] asks to show a move, step through the
//! game or go back to it.

use bevy::prelude::*;

use super::game::ReplayStep;
use super::states::Screen;
use gomoku_engine::Pos;

/// The past position shown: the game's moves, how many of them are on the board, and the
/// screen to go back to.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct PastPosition {
    /// The moves of the game (all of them, also those after the position shown).
    pub moves: Vec<Pos>,
    /// Moves shown (0 to all but the last: the game's own position is the game itself).
    pub at: usize,
    /// The screen the game was on (Playing or GameOver).
    pub back_to: Screen,
}

/// A request to look at a position of the game on the board, from the move list, the banner
/// over a past position or the keys.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookBack {
    /// The position after this many moves; the game's own (its last move) goes back to it.
    Show(usize),
    /// A step from the position shown; stepping to the end goes back to the game.
    Step(ReplayStep),
    /// Back to the game.
    Return,
}

impl PastPosition {
    /// Where `look` goes from here: `Some(at)` to show the position after `at` moves, `None`
    /// to go back to the game.
    pub fn target(&self, look: LookBack) -> Option<usize> {
        let n = self.moves.len();
        let at = match look {
            LookBack::Show(at) => at,
            LookBack::Step(ReplayStep::First) => 0,
            LookBack::Step(ReplayStep::Back) => self.at.saturating_sub(1),
            LookBack::Step(ReplayStep::Forward) => self.at + 1,
            LookBack::Step(ReplayStep::Last) | LookBack::Return => n,
        };
        (at < n).then_some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looking_at_the_last_move_or_past_it_is_going_back() {
        let past = PastPosition {
            moves: vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(7, 8)],
            at: 1,
            back_to: Screen::Playing,
        };
        assert_eq!(past.target(LookBack::Show(0)), Some(0));
        assert_eq!(past.target(LookBack::Show(2)), Some(2));
        assert_eq!(
            past.target(LookBack::Show(3)),
            None,
            "the game's own position"
        );
        assert_eq!(past.target(LookBack::Step(ReplayStep::Back)), Some(0));
        assert_eq!(past.target(LookBack::Step(ReplayStep::Forward)), Some(2));
        assert_eq!(past.target(LookBack::Step(ReplayStep::First)), Some(0));
        assert_eq!(past.target(LookBack::Step(ReplayStep::Last)), None);
        assert_eq!(past.target(LookBack::Return), None);
    }
}
