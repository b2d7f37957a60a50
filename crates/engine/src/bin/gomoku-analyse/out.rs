//! Standard output. A reader that goes away (`gomoku-analyse review game.txt | head`) is no
//! error: the rest of the text is dropped, as any Unix filter would, instead of the panic of
//! `println!`. The work goes on only where it leaves something behind (a review's JSON file).

use std::fmt::Display;
use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static GONE: AtomicBool = AtomicBool::new(false);

/// Writes `line` and a newline to standard output, unless its reader has gone. A failure other
/// than a closed pipe (a full disk, say) is an error.
pub fn say(line: impl Display) -> Result<(), String> {
    if gone() {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{line}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => {
            GONE.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// Whether the reader of standard output has gone.
pub fn gone() -> bool {
    GONE.load(Ordering::Relaxed)
}
