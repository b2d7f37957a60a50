//! The web page around the game: tells the page when the board is drawn (so it can take its
//! loading indicator away) or when the pictures and sounds could not be loaded (so it says so
//! instead of loading for ever), and writes each status line to the console as
//! `gomoku-status: ...` and the end of each game review as `gomoku-review: ended` (the web
//! end-to-end test reads them).

use bevy::prelude::*;
use wasm_bindgen::JsCast;

use super::analysis::review::GameReview;
use super::assets::AssetsFailed;
use super::theme::fonts::InstalledFonts;
use super::{SceneReady, StatusLine};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            tell_the_page_when_ready,
            status_to_console.run_if(resource_changed::<StatusLine>),
            review_end_to_console,
        ),
    )
    .add_observer(tell_the_page_assets_failed);
}

fn status_to_console(status: Res<StatusLine>) {
    web_sys::console::log_1(&format!("gomoku-status: {}", status.0).into());
}

/// Writes `gomoku-review: ended` when a review stops running (finished, failed or stopped:
/// the page looks at the saved history for which).
fn review_end_to_console(review: Res<GameReview>, mut was_running: Local<bool>) {
    let running = review.is_running();
    if *was_running && !running {
        web_sys::console::log_1(&"gomoku-review: ended".into());
    }
    *was_running = running;
}

/// Calls the page's `window.gomokuReady()` once the scene is ready and the language's glyphs
/// are in (a language with glyphs of its own fetches them: until then its text would show
/// boxes).
fn tell_the_page_when_ready(
    ready: Res<SceneReady>,
    fonts: Option<Res<InstalledFonts>>,
    mut told: Local<bool>,
) {
    let glyphs = fonts.is_none_or(|f| f.complete);
    if *told || !ready.0 || !glyphs {
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

/// Calls the page's `window.gomokuFailed(files)` with the files that could not be loaded (and
/// why), which the page puts in a sentence.
fn tell_the_page_assets_failed(failed: On<AssetsFailed>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    // The page says it in its own words, in the player's language.
    let message = failed.0.join(", ");
    if let Ok(callback) = js_sys::Reflect::get(&window, &"gomokuFailed".into())
        && let Some(callback) = callback.dyn_ref::<js_sys::Function>()
    {
        let _ = callback.call1(&window, &message.into());
    }
}
