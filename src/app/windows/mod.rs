//! The windows opened over the screens, one [`Dialog`](crate::app::Dialog) at a time:
//! [`players`], [`games`] (the history, import and export), [`settings`]; the [`replay`]
//! viewer (its own screen); the questions before Restart and Resign ([`confirm`]); and the
//! [`notices`] (problems with the saved files).

use bevy::prelude::*;

pub mod confirm;
pub mod games;
pub mod notices;
pub mod players;
pub mod replay;
pub mod replay_panel;
pub mod settings;

pub(super) fn plugin(app: &mut App) {
    // Its questions' windows need a renderer; the asking does not.
    app.add_plugins(confirm::plugin);
    // egui needs a renderer; headless tests run without one.
    if super::has_renderer(app) {
        app.add_plugins((
            players::plugin,
            games::plugin,
            settings::plugin,
            replay::plugin,
            notices::plugin,
        ));
    }
}
