//! Why an opening step is refused. A refused step changes nothing.

use std::fmt;

use super::renju26::PatternError;
use super::rule::OpeningRule;
use super::step::{Action, Choice, Player, Step};
use crate::board::Pos;
use crate::rules::{ForbiddenKind, Rule};

/// A step the opening does not accept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpeningError {
    /// The opening is over: nothing more to do in it.
    Finished,
    /// `got` acted, but it is `expected`'s turn (`step` says what they must do).
    OutOfTurn {
        /// Who acted.
        got: Player,
        /// The step that is due.
        step: Step,
    },
    /// The action is not what the step asks for (a fourth stone in swap1, a choice while
    /// stones are being placed).
    WrongAction {
        /// The step that is due.
        step: Step,
        /// What was tried.
        action: Action,
    },
    /// A choice that this step does not offer (placing two more in swap1).
    NotAnOption {
        /// The step that is due (its options).
        step: Step,
        /// What was chosen.
        choice: Choice,
    },
    /// The point is off the board.
    OffBoard(Pos),
    /// The point already holds a stone (or an offer).
    Occupied(Pos),
    /// Black may not play there under renju.
    Forbidden(Pos, ForbiddenKind),
    /// The stone breaks the shape of the 26 standard renju openings.
    Pattern(Pos, PatternError),
    /// A declared number of offers outside 1..=`max`.
    BadCount {
        /// What was declared.
        got: u8,
        /// The most allowed.
        max: u8,
    },
    /// A fifth-move offer that is a mirror image of an earlier one (the same game).
    SymmetricOffer {
        /// The refused offer.
        offer: Pos,
        /// The earlier offer it mirrors.
        twin: Pos,
    },
    /// A pick that is not one of the offers.
    NotOffered(Pos),
    /// The opening rule cannot be played under this rule or board.
    Unsupported {
        /// The opening rule.
        opening: OpeningRule,
        /// The game's rule.
        rule: Rule,
        /// Why not.
        reason: &'static str,
    },
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::Finished => f.write_str("the opening is over"),
            OpeningError::OutOfTurn { got, step } => {
                write!(f, "not {got}'s turn: {step}")
            }
            OpeningError::WrongAction { step, action } => {
                write!(f, "{step}, not {action}")
            }
            OpeningError::NotAnOption { step, choice } => {
                write!(f, "'{choice}' is not an option here: {step}")
            }
            OpeningError::OffBoard(p) => write!(f, "({}, {}) is off the board", p.x, p.y),
            OpeningError::Occupied(p) => write!(f, "({}, {}) is already taken", p.x, p.y),
            OpeningError::Forbidden(_, kind) => write!(f, "forbidden for black: {kind}"),
            OpeningError::Pattern(p, why) => write!(f, "({}, {}): {why}", p.x, p.y),
            OpeningError::BadCount { got, max } => {
                write!(f, "{got} fifth-move offers: declare 1 to {max}")
            }
            OpeningError::SymmetricOffer { offer, twin } => write!(
                f,
                "the offer on ({}, {}) mirrors the offer on ({}, {}): offers may not be \
                 symmetric",
                offer.x, offer.y, twin.x, twin.y
            ),
            OpeningError::NotOffered(p) => {
                write!(
                    f,
                    "({}, {}) is not one of the offered fifth moves",
                    p.x, p.y
                )
            }
            OpeningError::Unsupported {
                opening,
                rule,
                reason,
            } => write!(
                f,
                "the {opening} opening cannot be played with {rule}: {reason}"
            ),
        }
    }
}

impl std::error::Error for OpeningError {}
