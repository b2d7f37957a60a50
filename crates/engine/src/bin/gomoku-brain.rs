//! The engine alone: the Gomocup (Piskvork) protocol on standard input and output.

use std::io::{self, BufRead, Write};

use gomoku_engine::protocol::Protocol;
use gomoku_engine::search::thinker::SearchThinker;

fn main() -> io::Result<()> {
    let mut protocol = Protocol::new(SearchThinker::default());
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let reply = protocol.handle_line(&line?);
        for l in &reply.lines {
            writeln!(out, "{l}")?;
        }
        out.flush()?;
        if reply.quit {
            break;
        }
    }
    Ok(())
}
