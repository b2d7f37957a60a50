//! The engine alone for a Web Worker: the web build loads this module in `engine-worker.js`
//! and asks it to think with JSON requests ([`gomoku_engine::search::worker`]), or to analyse
//! a position or review a game, answered update by update
//! ([`gomoku_engine::analysis::worker`]), so the search runs at full speed off the page's
//! thread. Natively it answers the same requests, a JSON line each (a line per update for a
//! job, told apart by its `job` field), on standard input and output (tests use that).

#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Thinks about a JSON [`ThinkRequest`](gomoku_engine::search::worker::ThinkRequest) and
    /// answers with a JSON `ThinkAnswer` (a reason instead of a move when it does not read).
    #[wasm_bindgen]
    pub fn think(request: &str) -> String {
        gomoku_engine::search::worker::think_json(request)
    }

    /// Runs a JSON [`JobRequest`](gomoku_engine::analysis::worker::JobRequest), calling `send`
    /// with each JSON `Update` as it comes (the worker posts them to the page at once).
    #[wasm_bindgen]
    pub fn run_job(request: &str, send: &js_sys::Function) {
        gomoku_engine::analysis::worker::run_json(request, |update| {
            // A failing callback only loses that update; the page ends a worker it gave up on.
            let _ = send.call1(&wasm_bindgen::JsValue::NULL, &update.into());
        });
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::io::Result<()> {
    use std::io::{BufRead, Write};

    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let is_job =
            serde_json::from_str::<serde_json::Value>(&line).is_ok_and(|v| v.get("job").is_some());
        if is_job {
            let mut result = Ok(());
            gomoku_engine::analysis::worker::run_json(&line, |update| {
                if result.is_ok() {
                    result = writeln!(out, "{update}").and_then(|()| out.flush());
                }
            });
            result?;
        } else {
            writeln!(out, "{}", gomoku_engine::search::worker::think_json(&line))?;
            out.flush()?;
        }
    }
    Ok(())
}
