#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
// Everything that decides the game lives here: the game, the server and the tools use these
// rules and never copies of them.

pub mod analysis;
pub mod board;
pub mod clock;
pub mod game;
pub mod opening;
pub mod pattern;
pub mod protocol;
pub mod record;
pub mod rules;
pub mod search;
pub mod thinking;

pub use board::{Board, Pos, Stone};
pub use game::{Game, MoveError, Outcome};
pub use rules::{ForbiddenKind, ForbiddenPolicy, Rule};
