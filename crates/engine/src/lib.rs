//! The engine: plain Rust, no Bevy. Board, rules, patterns, move choice and the protocol.
//! Everything that decides the game lives here.

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

pub use board::{Board, Pos, Stone};
pub use game::{Game, MoveError, Outcome};
pub use rules::{ForbiddenKind, ForbiddenPolicy, Rule};
