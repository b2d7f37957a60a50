//! The window's title, "Gomoku" in the player's language (五子棋 in Chinese).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::i18n::Lang;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, follow_language.run_if(resource_changed::<Lang>));
}

fn follow_language(lang: Res<Lang>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let title = lang.t("Gomoku");
    for mut window in &mut windows {
        if window.title != title {
            window.title = title.to_owned();
        }
    }
}
