//! One server per SQLite file: a second server started on the file a running server uses
//! refuses, says why and exits, and the first plays on undisturbed (before, the second took
//! the unfinished games as its own and the two split them). A killed server's file is free at
//! once for the next.

mod server_support;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use server_support::{Pair, Server, settings, temp_dir};

/// The server binary the tests run (another build with `GOMOKU_SERVER_BIN`).
fn server_binary() -> PathBuf {
    std::env::var("GOMOKU_SERVER_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_BIN_EXE_gomoku-server")))
}

#[test]
fn a_second_server_on_the_same_sqlite_file_refuses_and_the_first_plays_on() {
    let db = temp_dir("one-owner").join("db.sqlite");
    let mut first = Server::start(&db, &[]);
    let mut p = Pair::new(&first, settings("Freestyle", 15, Some((300, 3)), true));
    p.play(0, 7, 7);

    let mut second = Command::new(server_binary())
        .args(["--port", "0", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start a second gomoku-server");
    let started = Instant::now();
    while second.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            let _ = second.kill();
            panic!("a second server on the same SQLite file is still running after 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = second.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "it exits with an error: {said}");
    assert!(
        said.contains("already served by another gomoku-server")
            && said.contains(&format!("process {}", first.pid())),
        "it names the server that holds the file: {said}"
    );
    assert!(!said.contains("panicked"), "{said}");

    // The first server's game goes on.
    p.play(1, 0, 0);
    let seen = p.play(2, 7, 8);
    assert_eq!(seen.moves.len(), 3);

    // Killed, it lets go: the next server resumes the game from the same file.
    first.kill();
    let next = Server::start(&db, &[]);
    let mut black = next.client();
    assert_eq!(black.hello_again(&p.b_token), vec![p.b.clone()]);
}
