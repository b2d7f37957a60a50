//! The engine binary over its standard input and output.

use std::io::Write;
use std::process::{Command, Stdio};

fn session(input: &str) -> Vec<String> {
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
