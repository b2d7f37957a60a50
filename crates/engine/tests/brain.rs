//! The engine binary over its standard input and output.

use std::io::Write;
use std::process::{Command, Stdio};

/// The engine's answers to `input`, without its `MESSAGE` lines (as a manager shows them
/// apart from the moves).
fn session(input: &str) -> Vec<String> {
    raw_session(input)
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE "))
        .collect()
}

fn raw_session(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku-brain"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn plays_a_scripted_game() {
    let out = session("START 15\nINFO timeout_turn 1000\nBEGIN\nTURN 0,0\nABOUT\nEND\n");
    assert_eq!(out[0], "OK");
    assert_eq!(out[1], "7,7", "black opens in the centre");
    let (x, y) = out[2].split_once(',').unwrap();
    let (x, y): (u8, u8) = (x.parse().unwrap(), y.parse().unwrap());
    assert!(x < 15 && y < 15 && (x, y) != (7, 7) && (x, y) != (0, 0));
    assert!(out[3].starts_with("name=\"gomoku-brain\""));
    assert_eq!(out.len(), 4);
}

#[test]
fn each_searched_move_comes_with_a_message_of_the_search() {
    let out =
        raw_session("START 15\nINFO timeout_turn 300\nBOARD\n7,7,1\n8,8,2\n8,7,1\nDONE\nEND\n");
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(out[1].starts_with("MESSAGE depth "), "{out:?}");
    assert!(out[1].contains(" pv "), "{out:?}");
    let (x, y) = out[2].split_once(',').unwrap();
    assert!(x.parse::<u8>().unwrap() < 15 && y.parse::<u8>().unwrap() < 15);
}

#[test]
fn thread_num_makes_the_search_use_that_many_threads() {
    let out = raw_session(
        "START 15\nINFO thread_num 2\nINFO timeout_turn 300\nBOARD\n7,7,1\n8,8,2\n8,7,1\nDONE\nEND\n",
    );
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(out[1].contains(" threads 2 "), "{out:?}");
}

#[test]
fn shows_forbidden_points_of_a_yxboard_position() {
    // Black (own, listed first) at 5,7 6,7 and 7,5 7,6: 7,7 is a double three.
    let out = session(
        "START 15\nINFO rule 4\nYXBOARD\n5,7,1\n0,0,2\n6,7,1\n14,0,2\n7,5,1\n0,14,2\n7,6,1\n14,14,2\nDONE\nYXSHOWFORBID\nEND\n",
    );
    assert_eq!(out, ["OK", "FORBID 0707."]);
}

#[test]
fn no_forbidden_points_prints_an_empty_list() {
    let out = session("START 15\nYXSHOWFORBID\nEND\n");
    assert_eq!(out, ["OK", "FORBID ."]);
}

#[test]
fn malformed_lines_get_errors_and_the_engine_keeps_going() {
    let out = session(
        "TURN 1,1\nSTART 15\nTURN x\nFOO\nBOARD\n1,1\nDONE\nRESTART\nTAKEBACK 3,3\nBEGIN\nEND\n",
    );
    assert!(out[0].starts_with("ERROR"), "{out:?}");
    assert_eq!(out[1], "OK");
    assert!(out[2].starts_with("ERROR"));
    assert!(out[3].starts_with("ERROR"));
    assert!(out[4].starts_with("ERROR"));
    assert_eq!(out[5], "OK");
    assert!(out[6].starts_with("ERROR"));
    assert_eq!(out[7], "7,7");
}

#[test]
fn every_command_of_a_full_session() {
    let out = session(concat!(
        "ABOUT\n",
        "RECTSTART 15,20\n",
        "RECTSTART 15,15\n",
        "INFO timeout_turn 300\n",
        "INFO timeout_match 100000\n",
        "INFO time_left 100000\n",
        "INFO max_memory 83886080\n",
        "INFO game_type 1\n",
        "INFO rule 1\n",
        "INFO folder /tmp\n",
        "INFO evaluate 3,3\n",
        "INFO timeout_turn soon\n",
        "TURN 7,7\n",
        "TAKEBACK 7,7\n",
        "RESTART\n",
        "BOARD\n",
        "7,7,1\n",
        "8,8,2\n",
        "7,8,3\n",
        "DONE\n",
        "YXBOARD\n",
        "7,7,1\n",
        "DONE\n",
        "YXSHOWFORBID\n",
        "END\n",
        "TURN 1,1\n",
    ));
    let want_prefixes = [
        "name=\"gomoku-brain\"", // ABOUT
        "ERROR",                 // RECTSTART 15,20: not square
        "OK",                    // RECTSTART 15,15
        "ERROR",                 // INFO timeout_turn soon
        "",                      // TURN 7,7 -> a move
        "",                      // TAKEBACK of our reply -> ERROR (7,7 is not the last move)
        "OK",                    // RESTART
        "",                      // BOARD -> a move
        "FORBID ",               // YXSHOWFORBID (the YXBOARD gives no output)
    ];
    assert_eq!(out.len(), want_prefixes.len(), "{out:#?}");
    for (line, want) in out.iter().zip(want_prefixes) {
        assert!(
            line.starts_with(want),
            "{line:?} should start with {want:?}\n{out:#?}"
        );
    }
    let is_move = |s: &str| {
        s.split_once(',')
            .is_some_and(|(x, y)| x.parse::<u8>().is_ok() && y.parse::<u8>().is_ok())
    };
    assert!(is_move(&out[4]), "{}", out[4]);
    assert!(out[5].starts_with("ERROR"), "{}", out[5]);
    assert!(is_move(&out[7]), "{}", out[7]);
    // The BOARD position had 7,7 8,8 7,8 taken: the reply is elsewhere.
    assert!(!["7,7", "8,8", "7,8"].contains(&out[7].as_str()));
}

/// An engine process driven line by line.
struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku-brain"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends a line and waits for one line of answer (skipping `MESSAGE` lines).
    fn ask(&mut self, line: &str) -> (String, std::time::Duration) {
        use std::io::BufRead;
        let t0 = std::time::Instant::now();
        self.send(line);
        loop {
            let mut reply = String::new();
            self.stdout.read_line(&mut reply).unwrap();
            if !reply.starts_with("MESSAGE ") {
                return (reply.trim().to_string(), t0.elapsed());
            }
        }
    }
}

#[test]
fn takeback_of_the_last_move_and_replies_within_the_turn_time() {
    let mut e = Engine::start();
    assert_eq!(e.ask("START 15").0, "OK");
    e.send("INFO timeout_turn 400");
    let (reply, _) = e.ask("TURN 7,7");
    assert_eq!(e.ask(&format!("TAKEBACK {reply}")).0, "OK");
    assert_eq!(e.ask("TAKEBACK 7,7").0, "OK");
    // Both stones are gone: 7,7 can be played again.
    for turn in ["TURN 7,7", "TURN 0,0", "TURN 14,14", "TURN 0,14"] {
        let (reply, took) = e.ask(turn);
        let parsed = reply
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse::<u8>().ok()?, y.parse::<u8>().ok()?)));
        assert!(parsed.is_some(), "{turn}: {reply}");
        assert!(
            took < std::time::Duration::from_millis(400 + 400),
            "{turn} took {took:?} with a 400 ms turn limit"
        );
    }
    e.send("END");
    assert!(e.child.wait().unwrap().success());
}
