//! The smallest game on our stack, to measure the web build's floor: Bevy's `DefaultPlugins`
//! with the game's features, egui, a camera, a sprite and an egui window. `make wasm-floor`
//! builds it as the web build builds the game and prints its sizes: what the web build would
//! weigh if the game itself cost nothing.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

fn main() -> AppExit {
    App::new()
        .add_plugins((DefaultPlugins, EguiPlugin::default()))
        .add_systems(Startup, setup)
        .add_systems(EguiPrimaryContextPass, window)
        .run()
}

fn setup(mut commands: Commands) {
    commands.spawn(Camera2d);
    commands.spawn(Sprite::from_color(
        Color::srgb(0.8, 0.6, 0.3),
        Vec2::splat(200.0),
    ));
}

fn window(mut contexts: EguiContexts) -> Result {
    egui::Window::new("Floor").show(contexts.ctx_mut()?, |ui| {
        ui.label("The smallest Bevy and egui game");
    });
    Ok(())
}
