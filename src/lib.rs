//! Gomoku: a five-in-a-row game on Bevy, and the engine that plays it.
//!
//! - [`engine`]: plain Rust, no Bevy: board, rules, patterns, move choice, protocol.
//! - [`players`]: profiles, statistics, ranks, settings and the history of games.
//! - [`store`]: saving those safely (files on the desktop, localStorage on the web).
//! - [`app`]: the Bevy plugins of the game.
//! - [`cli`]: the game binary's command line.

#[cfg(feature = "game")]
pub mod app;
#[cfg(feature = "game")]
pub mod cli;
pub mod engine;
pub mod players;
pub mod store;
