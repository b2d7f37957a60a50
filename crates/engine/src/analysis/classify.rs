//! The marks of a reviewed move, and the accuracy of a move and a player.
//!
//! A move is measured by the win probability (see [`super::win_probability`](mod@super::win_probability)) its player had
//! before it and after it; the loss is the drop, never below zero.
//!
//! | mark        | when                                                                    |
//! |-------------|-------------------------------------------------------------------------|
//! | missed win  | a forced win (VCF or VCT, proved by the solvers) existed and the move   |
//! |             | does not keep it                                                        |
//! | best        | the engine's own choice                                                 |
//! | blunder     | a loss of [`BLUNDER`] or more, or a position not lost before that the   |
//! |             | opponent now wins by force                                              |
//! | mistake     | a loss of [`MISTAKE`] or more                                           |
//! | inaccuracy  | a loss of [`INACCURACY`] or more                                        |
//! | good        | anything less                                                           |

use std::fmt;

use serde::{Deserialize, Serialize};

/// A loss of win probability from which a move is an inaccuracy.
pub const INACCURACY: f64 = 0.08;
/// A loss of win probability from which a move is a mistake.
pub const MISTAKE: f64 = 0.15;
/// A loss of win probability from which a move is a blunder.
pub const BLUNDER: f64 = 0.30;

/// The mark of a reviewed move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveClass {
    /// The engine's choice.
    Best,
    /// Close to the best.
    Good,
    /// A small loss.
    Inaccuracy,
    /// A clear loss.
    Mistake,
    /// A large loss, or a loss of the game.
    Blunder,
    /// A forced win was there and the move let it go.
    MissedWin,
}

impl MoveClass {
    /// Every mark, best first.
    pub const ALL: [MoveClass; 6] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
        MoveClass::MissedWin,
    ];

    /// The lowercase name (`missed win`).
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
            MoveClass::MissedWin => "missed win",
        }
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the review knows about a move, to mark it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveFacts {
    /// The player's win probability before the move.
    pub before: f64,
    /// The player's win probability after it.
    pub after: f64,
    /// Whether it is the engine's choice.
    pub engine_choice: bool,
    /// Whether a forced win existed and the move does not keep it.
    pub missed_win: bool,
    /// Whether the opponent now wins by force and the position was not lost before.
    pub lost_the_game: bool,
}

/// The mark of a move (see the module documentation).
pub fn classify(facts: &MoveFacts) -> MoveClass {
    let loss = win_probability_loss(facts.before, facts.after);
    if facts.missed_win {
        MoveClass::MissedWin
    } else if facts.engine_choice {
        MoveClass::Best
    } else if facts.lost_the_game || loss >= BLUNDER {
        MoveClass::Blunder
    } else if loss >= MISTAKE {
        MoveClass::Mistake
    } else if loss >= INACCURACY {
        MoveClass::Inaccuracy
    } else {
        MoveClass::Good
    }
}

/// The drop in win probability, at least zero.
pub fn win_probability_loss(before: f64, after: f64) -> f64 {
    (before - after).max(0.0)
}

/// A move's accuracy in percent, from its loss of win probability (0 to 1): 100 for no loss,
/// falling steeply (about 64 at a loss of 0.10, 15 at 0.40), as lichess.org measures chess
/// moves: `103.1668 x exp(-4.354 x loss) - 3.1669`, kept within 0 to 100.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-4.354 * loss).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(before: f64, after: f64) -> MoveFacts {
        MoveFacts {
            before,
            after,
            engine_choice: false,
            missed_win: false,
            lost_the_game: false,
        }
    }

    #[test]
    fn marks_follow_the_loss() {
        assert_eq!(classify(&facts(0.5, 0.48)), MoveClass::Good);
        assert_eq!(classify(&facts(0.5, 0.6)), MoveClass::Good);
        assert_eq!(classify(&facts(0.5, 0.40)), MoveClass::Inaccuracy);
        assert_eq!(classify(&facts(0.5, 0.30)), MoveClass::Mistake);
        assert_eq!(classify(&facts(0.5, 0.1)), MoveClass::Blunder);
        let lost = MoveFacts {
            lost_the_game: true,
            ..facts(0.2, 0.0)
        };
        assert_eq!(classify(&lost), MoveClass::Blunder);
        let missed = MoveFacts {
            missed_win: true,
            engine_choice: true,
            ..facts(1.0, 0.9)
        };
        assert_eq!(classify(&missed), MoveClass::MissedWin);
    }

    #[test]
    fn accuracy_is_100_without_loss_and_falls_with_it() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(0.1) < 70.0 && move_accuracy(0.1) > 60.0);
        assert_eq!(move_accuracy(1.0), 0.0);
    }
}
