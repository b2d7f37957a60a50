//! Fair openings: swap (swap1), swap2 and renju's Soosõrv-8, as a plain-Rust state machine over
//! the engine's [`Board`](super::Board), and the AI's decisions in them.
//!
//! - [`rule`]: which opening rule a game starts with.
//! - [`step`]: who acts ([`Player`]), what they must do now ([`Task`]) and what they do
//!   ([`Action`]).
//! - [`error`]: why a step is refused ([`OpeningError`]); a refused step changes nothing.
//! - [`machine`]: the opening itself ([`Opening`]): its steps, their checks, undo, and the
//!   finished result ([`OpeningResult`]).
//! - [`renju26`]: the 26 standard renju openings, recognised up to symmetry.
//! - [`symmetry`]: the board's eight symmetries (for renju openings and Soosõrv offers).
//! - [`brain`]: the brain's answers to the protocol's `SWAP2BOARD`.
//! - [`text`]: steps written as text (`h8 i9 j10 black`), for the command line.
//! - [`ai`]: the AI's choices: a balanced opening to propose, swap or colour from a
//!   fixed-budget search, swap2's "place two more", Soosõrv's declaration, offers and pick.
//!
//! Colours are decided by the opening, so the players are named by their order:
//! [`Player::First`] places the first stones (the tentative black), [`Player::Second`] answers.

pub mod ai;
pub mod brain;
pub mod error;
pub mod machine;
pub mod renju26;
pub mod rule;
pub mod step;
pub mod symmetry;
pub mod text;

pub use error::OpeningError;
pub use machine::{Opening, OpeningRecord, OpeningResult};
pub use rule::OpeningRule;
pub use step::{Action, Choice, Player, Step, Task};

#[cfg(test)]
mod tests;
