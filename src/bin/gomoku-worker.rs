//! The engine alone for a Web Worker: the web build loads this module in `engine-worker.js`
//! and asks it to think with JSON requests ([`gomoku::engine::search::worker`]), so the
//! search runs at full speed off the page's thread. Natively it answers the same requests, a
//! JSON line each, on standard input and output (tests and benchmarks use that).

#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Thinks about a JSON [`ThinkRequest`](gomoku::engine::search::worker::ThinkRequest) and
    /// answers with a JSON `ThinkAnswer` (a reason instead of a move when it does not read).
    #[wasm_bindgen]
    pub fn think(request: &str) -> String {
        gomoku::engine::search::worker::think_json(request)
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
        writeln!(out, "{}", gomoku::engine::search::worker::think_json(&line))?;
        out.flush()?;
    }
    Ok(())
}
