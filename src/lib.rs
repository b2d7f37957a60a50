//! Gomoku: the five-in-a-row game on Bevy, for the desktop and the web.
//!
//! The rules and the engine are the [`gomoku_engine`] crate and the online protocol's messages
//! the [`gomoku_net`] crate; this crate is the game on top of them:
//!
//! - [`app`]: the Bevy plugins of the game.
//! - [`players`]: profiles, statistics, ranks, settings and the history of games.
//! - [`store`]: saving those safely (files on the desktop, localStorage on the web).
//! - [`cli`]: the game binary's command line.

pub mod app;
pub mod cli;
pub mod players;
pub mod store;
