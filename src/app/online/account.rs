//! The online settings and secrets as a resource: loaded at start, saved on every change (see
//! [`OnlineSettings`]).

use bevy::prelude::*;

use crate::app::{PlayerProfiles, Storage, StorageProblem, StorageProblems};
use crate::players::online::OnlineSettings;
use crate::store::Loaded;

/// The online settings and the tokens the servers gave, kept in `online.json`.
#[derive(Resource, Debug, Clone, Default, Deref, DerefMut)]
pub struct OnlineAccount(pub OnlineSettings);

impl OnlineAccount {
    /// The server address in use: the one set, or [`default_address`].
    pub fn address(&self) -> String {
        let set = self.0.address.trim();
        if set.is_empty() {
            default_address()
        } else {
            set.to_owned()
        }
    }

    /// The name to play under: the one set, or the active profile's, or "Player".
    pub fn name(&self, profiles: Option<&PlayerProfiles>) -> String {
        let set = self.0.name.trim();
        if !set.is_empty() {
            return set.to_owned();
        }
        profiles
            .and_then(|p| p.active().map(|p| p.name.clone()))
            .unwrap_or_else(|| "Player".to_owned())
    }
}

/// The default server: `ws://127.0.0.1:7878/ws` (what `make server` listens on) on the
/// desktop; on the web, the page's own origin (`wss://host/ws` for an https page).
pub fn default_address() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        if let Some(location) = web_sys::window().map(|w| w.location())
            && let (Ok(protocol), Ok(host)) = (location.protocol(), location.host())
            && !host.is_empty()
        {
            let scheme = if protocol == "https:" { "wss" } else { "ws" };
            return format!("{scheme}://{host}{}", gomoku_net::WS_PATH);
        }
    }
    format!("ws://127.0.0.1:7878{}", gomoku_net::WS_PATH)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineAccount>()
        .add_systems(PreStartup, load)
        .add_systems(
            PostUpdate,
            save.run_if(
                resource_changed::<OnlineAccount>.and_then(not(resource_added::<OnlineAccount>)),
            ),
        );
}

fn load(
    storage: Option<Res<Storage>>,
    mut account: ResMut<OnlineAccount>,
    mut problems: Option<ResMut<StorageProblems>>,
) {
    let Some(storage) = storage else { return };
    match storage.load::<OnlineSettings>() {
        Loaded::Missing => {}
        Loaded::Found(settings) => account.bypass_change_detection().0 = settings,
        Loaded::Unreadable { problem, moved_to } => {
            error!("online.json could not be read: {problem}");
            if let Some(problems) = problems.as_mut() {
                problems.0.push(StorageProblem::Unreadable {
                    file: "online.json".to_owned(),
                    reason: problem,
                    kept_as: moved_to,
                });
            }
        }
    }
}

fn save(
    account: Res<OnlineAccount>,
    storage: Option<Res<Storage>>,
    mut problems: Option<ResMut<StorageProblems>>,
) {
    let Some(storage) = storage else { return };
    if let Err(e) = storage.save::<OnlineSettings>(&account.0) {
        error!("{e}");
        if let Some(problems) = problems.as_mut() {
            let problem = StorageProblem::NotSaved { reason: e.0 };
            if !problems.0.contains(&problem) {
                problems.0.push(problem);
            }
        }
    }
}
