//! The web page around the game: tells the page when the board is drawn (so it can take its
//! loading indicator away).

use bevy::prelude::*;
use wasm_bindgen::JsCast;

use super::SceneReady;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, tell_the_page_when_ready);
}

/// Calls the page's `window.gomokuReady()` once the scene is ready.
fn tell_the_page_when_ready(ready: Res<SceneReady>, mut told: Local<bool>) {
    if *told || !ready.0 {
        return;
    }
    *told = true;
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(callback) = js_sys::Reflect::get(&window, &"gomokuReady".into())
        && let Some(callback) = callback.dyn_ref::<js_sys::Function>()
    {
        let _ = callback.call0(&window);
    }
}
