//! Players: local profiles with their statistics, rank and undo budget, and the documents the
//! game keeps (profiles, settings, the history of finished games, the window's place). Plain
//! Rust, no Bevy.

pub mod history;
pub mod online;
pub mod profile;
pub mod rank;
pub mod settings;
pub mod stats;
pub mod undo_budget;
pub mod unfinished;
pub mod window_place;

pub use history::History;
pub use profile::{Profile, ProfileError, ProfileId, Profiles};
pub use rank::{Rank, Title};
pub use settings::Settings;
pub use stats::{GameResult, StatKey, StatMode, Stats, Tally};
pub use undo_budget::UndoBudget;
pub use unfinished::UnfinishedGame;
pub use window_place::WindowPlace;
