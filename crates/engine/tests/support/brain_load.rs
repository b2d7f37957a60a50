//! A busy machine and a timed engine session: the brain run as a manager runs it, while other
//! threads keep every core busy. Shared by the load test (`tests/brain_under_load.rs`) and the
//! benchmark (`crates/engine/benches/engine.rs`).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Threads that spin on every core until dropped (or until `limit` has passed, whichever
/// comes first: the load stops by itself).
pub struct Busy {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<u64>>,
}

impl Busy {
    /// One spinning thread per core the machine has.
    pub fn every_core(limit: Duration) -> Busy {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..cores)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let end = Instant::now() + limit;
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) && Instant::now() < end {
                        for _ in 0..10_000 {
                            x = std::hint::black_box(x.wrapping_mul(6364136223846793005) + 1);
                        }
                    }
                    x
                })
            })
            .collect();
        Busy { stop, threads }
    }

    /// How many threads spin.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// The engine binary in a session: lines in, and each line out with the time it arrived.
pub struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(String, Instant)>,
}

/// One move the engine was asked for.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The move, `(x, y)`; `None` if the engine said something else or nothing in time.
    pub point: Option<(u8, u8)>,
    /// The line it answered with (`ERROR ...`, or empty when it said nothing).
    pub line: String,
    /// From the last line sent to the answer.
    pub took: Duration,
    /// Its `MESSAGE` line about the search, if any.
    pub message: Option<String>,
}

impl Brain {
    /// Starts the engine at `path`.
    pub fn start(path: &str) -> Brain {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((line, Instant::now())).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
        }
    }

    /// Sends lines that get no move in answer (`START`, `INFO`, ...); `START` answers `OK`,
    /// which is read and dropped.
    pub fn send(&mut self, lines: &[&str]) {
        for l in lines {
            writeln!(self.stdin, "{l}").expect("the engine reads");
            if l.starts_with("START") || l.starts_with("RESTART") {
                self.stdin.flush().expect("the engine reads");
                let ok = self.lines.recv_timeout(Duration::from_secs(30));
                assert!(ok.as_ref().is_ok_and(|(l, _)| l == "OK"), "{l}: {ok:?}");
            }
        }
        self.stdin.flush().expect("the engine reads");
    }

    /// Sends `lines` (the last one asks for a move) and waits up to `wait` for the move.
    pub fn ask(&mut self, lines: &[String], wait: Duration) -> Answer {
        for l in lines {
            writeln!(self.stdin, "{l}").expect("the engine reads");
        }
        self.stdin.flush().expect("the engine reads");
        let sent = Instant::now();
        let mut message = None;
        loop {
            let left = wait.saturating_sub(sent.elapsed());
            let Ok((line, at)) = self.lines.recv_timeout(left) else {
                return Answer {
                    point: None,
                    line: String::new(),
                    took: sent.elapsed(),
                    message,
                };
            };
            if line.starts_with("MESSAGE") {
                message = Some(line);
                continue;
            }
            if line.starts_with("DEBUG") || line == "OK" {
                continue;
            }
            let point = line
                .split_once(',')
                .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
            return Answer {
                point,
                line,
                took: at.saturating_duration_since(sent),
                message,
            };
        }
    }

    /// `BOARD` with `own` and `theirs` (`(x, y)` points), asking for a move (with as many
    /// stones on each side, the engine plays black).
    pub fn board(&mut self, own: &[(u8, u8)], theirs: &[(u8, u8)], wait: Duration) -> Answer {
        let mut lines = vec!["BOARD".to_string()];
        lines.extend(own.iter().map(|(x, y)| format!("{x},{y},1")));
        lines.extend(theirs.iter().map(|(x, y)| format!("{x},{y},2")));
        lines.push("DONE".into());
        self.ask(&lines, wait)
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "END");
        let _ = self.stdin.flush();
        let end = Instant::now() + Duration::from_secs(2);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A position where the engine's move is forced.
pub struct Forced {
    /// What it tests.
    pub name: &'static str,
    /// `INFO rule` value.
    pub rule: u8,
    /// The engine's stones.
    pub own: &'static [(u8, u8)],
    /// The opponent's stones.
    pub theirs: &'static [(u8, u8)],
    /// The right answers (any of them); empty: any move but those in `never`.
    pub answers: &'static [(u8, u8)],
    /// Moves that must not be played.
    pub never: &'static [(u8, u8)],
}

impl Forced {
    /// Whether `p` is a right answer.
    pub fn accepts(&self, p: (u8, u8)) -> bool {
        (self.answers.is_empty() || self.answers.contains(&p)) && !self.never.contains(&p)
    }
}

/// Forced positions on 15x15: blocks of fours and open threes, a win in one, and renju's
/// forbidden point.
pub const FORCED: &[Forced] = &[
    Forced {
        name: "block a four",
        rule: 0,
        own: &[(2, 7), (10, 10), (12, 3), (1, 1)],
        theirs: &[(3, 7), (4, 7), (5, 7), (6, 7)],
        answers: &[(7, 7)],
        never: &[],
    },
    Forced {
        name: "block a broken four",
        rule: 0,
        own: &[(12, 12), (1, 13), (13, 1), (2, 2)],
        theirs: &[(3, 9), (4, 9), (6, 9), (7, 9)],
        answers: &[(5, 9)],
        never: &[],
    },
    Forced {
        name: "stop an open three",
        rule: 0,
        own: &[(10, 12), (2, 12), (12, 1)],
        theirs: &[(5, 5), (6, 5), (7, 5)],
        answers: &[(4, 5), (8, 5)],
        never: &[],
    },
    Forced {
        name: "stop a diagonal open three",
        rule: 1,
        own: &[(12, 12), (1, 13), (13, 2)],
        theirs: &[(6, 6), (7, 7), (8, 8)],
        answers: &[(5, 5), (9, 9)],
        never: &[],
    },
    Forced {
        name: "win rather than block",
        rule: 0,
        own: &[(3, 3), (4, 4), (5, 5), (6, 6)],
        theirs: &[(10, 1), (10, 2), (10, 3), (10, 4)],
        answers: &[(2, 2), (7, 7)],
        never: &[],
    },
    Forced {
        name: "renju: black avoids its double three",
        rule: 4,
        own: &[(5, 7), (6, 7), (7, 5), (7, 6)],
        theirs: &[(0, 0), (14, 0), (0, 14), (14, 14)],
        answers: &[],
        never: &[(7, 7)],
    },
];
