//! The game's course: [`turn`] applies moves and commands through the rules and says what
//! happened; [`ai`] thinks for the computer's side; [`hint`] thinks for the person's, when
//! asked. The search both of them run ([`ai::Search`]) stays inside this folder.

use bevy::prelude::*;

pub mod ai;
pub mod hint;
pub mod turn;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((turn::plugin, ai::plugin, hint::plugin));
}
