//! The stored documents as resources (players, games, settings, the game in progress), the
//! store they are saved in, and the problems met reading or writing them. `records` loads and
//! saves them; every other plugin reads or edits them through these wrappers.

use bevy::prelude::*;

use super::GameSetup;
use crate::players::{History, Profiles, Settings, UnfinishedGame};
use crate::store::Store;

/// The store the game saves into. Insert one before [`super::GamePlugin`] to choose it (tests
/// use [`Store::in_memory`]); otherwise the platform's is used.
#[derive(Resource, Deref)]
pub struct Storage(pub Store);

impl Storage {
    /// The platform's store: the data directory on the desktop, localStorage on the web,
    /// memory when neither can be had.
    pub fn platform() -> Storage {
        #[cfg(target_arch = "wasm32")]
        {
            Storage(Store::new(crate::store::LocalStorageBackend))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            match crate::store::FileBackend::platform() {
                Some(backend) => Storage(Store::new(backend)),
                None => {
                    warn!("no data directory found: nothing will be saved");
                    Storage(Store::in_memory())
                }
            }
        }
    }
}

/// The local players.
#[derive(Resource, Debug, Clone, Default, Deref, DerefMut)]
pub struct PlayerProfiles(pub Profiles);

/// Every finished (or imported) game.
#[derive(Resource, Debug, Clone, Default, Deref, DerefMut)]
pub struct GameHistory(pub History);

/// The player's settings.
#[derive(Resource, Debug, Clone, Copy, Default, Deref, DerefMut)]
pub struct UserSettings(pub Settings);

/// A problem with the stored files, for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageProblem {
    /// A document could not be read; it was kept aside as `kept_as` (or, when even that
    /// failed, left in place and protected from writes).
    Unreadable {
        /// The document (`profiles.json`).
        file: String,
        /// What is wrong with it.
        reason: String,
        /// Where it was moved.
        kept_as: Option<String>,
    },
    /// A document could not be saved.
    NotSaved {
        /// What went wrong.
        reason: String,
    },
}

impl StorageProblem {
    /// Whether the problem concerns `file`.
    pub fn concerns(&self, file: &str) -> bool {
        match self {
            StorageProblem::Unreadable { file: f, .. } => f == file,
            StorageProblem::NotSaved { reason } => reason.contains(file),
        }
    }
}

/// The game in progress as it is saved (see [`UnfinishedGame`]).
#[derive(Resource, Debug, Clone, Default, Deref, DerefMut)]
pub struct CurrentGame(pub UnfinishedGame);

/// Problems with the stored files, to show the player until dismissed.
#[derive(Resource, Debug, Clone, Default)]
pub struct StorageProblems(pub Vec<StorageProblem>);

/// Whether the last set-up from the settings should be used (not when the command line gave
/// one).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RestoreLastSetup(pub bool);

/// The game left unfinished last time (its set-up and moves), put back on the board behind the
/// menu at start.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ResumedGame(pub GameSetup);

/// Present in runs that only capture the screen (`--screenshot`, `--frame-report`): the game
/// they start from the command line is not saved over the player's unfinished game.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct LeaveSavedGame;

/// Settings chosen on the command line for this run, applied over the saved ones.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct SettingsOverride {
    /// The interface language.
    pub language: Option<crate::players::settings::Language>,
    /// The theme.
    pub theme: Option<crate::players::settings::Theme>,
}

/// Undos the active player earned with the game just finished: they go again if its finishing
/// move is undone, so the undo budget must count them as not yet there.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PendingUndoCredit(pub u32);
