//! Who acts in an opening, what they must do now, and what they may do.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{Pos, Stone};

/// A player named by order, not colour (the opening decides the colours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    /// The player who places the first stones (the tentative black).
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "the first player",
            Player::Second => "the second player",
        })
    }
}

/// One of the options of a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// The chooser takes black.
    Black,
    /// The chooser takes white.
    White,
    /// Swap2: the chooser places two more stones (white, then black) and the other player
    /// chooses the colour.
    PlaceTwo,
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Choice::Black => "take black",
            Choice::White => "take white",
            Choice::PlaceTwo => "place two more stones",
        })
    }
}

/// What a player does in the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Place the stone the step asks for (or, in Soosõrv, offer a fifth move there).
    Place(Pos),
    /// Choose one of the options the step lists.
    Choose(Choice),
    /// Soosõrv: declare how many fifth moves black must offer.
    Declare(u8),
    /// Soosõrv: pick one of black's offers as the fifth move.
    Pick(Pos),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(p) => write!(f, "place a stone on ({}, {})", p.x, p.y),
            Action::Choose(c) => write!(f, "{c}"),
            Action::Declare(n) => write!(f, "declare {n} fifth-move offers"),
            Action::Pick(p) => write!(f, "pick the offer on ({}, {})", p.x, p.y),
        }
    }
}

/// What the player to act must do now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    /// Place a stone of colour `stone`, the board's stone number `number` (1-based); `left`
    /// stones (this one included) remain for this player to place in a row.
    Place {
        /// Its colour.
        stone: Stone,
        /// Its number on the board, from 1.
        number: usize,
        /// How many this player still places in a row, this one included.
        left: usize,
    },
    /// Choose one of `options`.
    Choose {
        /// What may be chosen.
        options: Vec<Choice>,
    },
    /// Soosõrv: declare the number of fifth-move offers, 1 to `max`.
    Declare {
        /// The most that may be declared.
        max: u8,
    },
    /// Soosõrv: offer a fifth move (black), offer `number` of `declared`; offers may not be
    /// mirror images of each other.
    Offer {
        /// This offer's number, from 1.
        number: u8,
        /// How many were declared.
        declared: u8,
    },
    /// Soosõrv: pick one of `offers` as black's fifth move.
    Pick {
        /// Black's offers.
        offers: Vec<Pos>,
    },
}

impl Task {
    /// The colours of the stones this player places in a row from now (empty unless the task
    /// is to place stones): they alternate from the next one's.
    pub fn colours(&self) -> Vec<Stone> {
        match self {
            Task::Place { stone, left, .. } => (0..*left)
                .map(|i| if i % 2 == 0 { *stone } else { stone.opponent() })
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Task::Place {
                stone,
                number,
                left,
            } => {
                write!(
                    f,
                    "place stone {number} ({})",
                    stone.to_string().to_lowercase()
                )?;
                if *left > 1 {
                    write!(f, ", {left} stones to go")?;
                }
                Ok(())
            }
            Task::Choose { options } => {
                let names: Vec<String> = options.iter().map(Choice::to_string).collect();
                write!(f, "choose: {}", names.join(", or "))
            }
            Task::Declare { max } => write!(f, "declare how many fifth moves (1 to {max})"),
            Task::Offer { number, declared } => {
                write!(f, "offer fifth move {number} of {declared}")
            }
            Task::Pick { offers } => {
                write!(f, "pick one of the {} offered fifth moves", offers.len())
            }
        }
    }
}

/// The current step: who acts and what they must do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Who acts.
    pub actor: Player,
    /// What they must do.
    pub task: Task,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must {}", self.actor, self.task)
    }
}
