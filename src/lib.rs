//! Gomoku: a five-in-a-row game on Bevy, and the engine that plays it.
//!
//! - [`engine`]: plain Rust, no Bevy: board, rules, patterns, move choice, protocol.
//! - [`players`]: profiles, statistics, ranks, settings and the history of games.
//! - [`store`]: saving those safely (files on the desktop, localStorage on the web).
//! - [`app`]: the Bevy plugins of the game.
//! - [`cli`]: the game binary's command line.
//! - [`net`]: the online protocol's messages, shared by the server and its clients.
//! - [`server`]: the online server (feature `server`, not on wasm).

#[cfg(feature = "game")]
pub mod app;
#[cfg(feature = "game")]
pub mod cli;
pub mod engine;
pub mod net;
pub mod players;
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
pub mod server;
pub mod store;
