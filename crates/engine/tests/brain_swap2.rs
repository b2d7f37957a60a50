//! The engine binary answers `SWAP2BOARD` (Gomocup's swap2 extension) with legal, reasoned
//! choices: a proposal of three stones, `SWAP` when black is clearly better, a white move when
//! black is clearly worse, and one of the three answers near even.

use std::io::Write;
use std::process::{Command, Stdio};

/// The engine's answers to `input`: (moves and choices, its `MESSAGE` lines).
fn session(input: &str) -> (Vec<String>, Vec<String>) {
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
    let text = String::from_utf8(out.stdout).unwrap();
    let (messages, answers): (Vec<String>, Vec<String>) = text
        .lines()
        .map(str::to_string)
        .partition(|l| l.starts_with("MESSAGE "));
    (answers, messages)
}

fn swap2(stones: &[&str]) -> (Vec<String>, Vec<String>) {
    let mut input = String::from("START 15\nINFO rule 6\nINFO timeout_turn 1000\nSWAP2BOARD\n");
    for s in stones {
        input.push_str(s);
        input.push('\n');
    }
    input.push_str("DONE\nEND\n");
    session(&input)
}

fn points(answer: &str) -> Vec<(u8, u8)> {
    answer
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Checks that `answer` lists `n` distinct empty points of the 15x15 board.
fn legal_points(answer: &str, n: usize, taken: &[&str]) {
    let ps = points(answer);
    assert_eq!(ps.len(), n, "{answer}");
    for (i, &(x, y)) in ps.iter().enumerate() {
        assert!(x < 15 && y < 15, "{answer}");
        assert!(!taken.contains(&format!("{x},{y}").as_str()), "{answer}");
        assert!(!ps[..i].contains(&(x, y)), "{answer}");
    }
}

#[test]
fn an_empty_board_gets_three_stones() {
    let (out, _) = swap2(&[]);
    assert_eq!(out[0], "OK");
    assert_eq!(out.len(), 2, "{out:?}");
    legal_points(&out[1], 3, &[]);
}

#[test]
fn an_opening_won_for_black_gets_swap_and_a_lost_one_a_white_move() {
    // h8 a1 i8: black's two stones side by side, white's in the corner.
    let (out, messages) = swap2(&["7,7", "0,14", "8,7"]);
    assert_eq!(out, ["OK", "SWAP"]);
    assert!(
        messages.iter().any(|m| m.contains("for black")),
        "the reason is given: {messages:?}"
    );
    // a1 h8 o15: black's stones in two corners, white's in the centre.
    let taken = ["0,14", "7,7", "14,0"];
    let (out, _) = swap2(&taken);
    assert_eq!(out.len(), 2, "{out:?}");
    legal_points(&out[1], 1, &taken);
}

#[test]
fn five_stones_get_swap_or_the_sixth_move() {
    // Black's open three, white to move with stones far away: black is better.
    let (out, _) = swap2(&["7,7", "0,14", "8,7", "0,0", "9,7"]);
    assert_eq!(out, ["OK", "SWAP"]);
    let taken = ["0,14", "7,7", "14,0", "8,7", "14,14"];
    let (out, _) = swap2(&taken);
    assert_eq!(out.len(), 2, "{out:?}");
    legal_points(&out[1], 1, &taken);
}

#[test]
fn a_near_even_opening_gets_one_of_the_three_answers_and_they_are_legal() {
    let taken = ["7,7", "7,6", "9,5"];
    let (out, _) = swap2(&taken);
    assert_eq!(out.len(), 2, "{out:?}");
    match out[1].as_str() {
        "SWAP" => {}
        a if a.contains(' ') => legal_points(a, 2, &taken),
        a => legal_points(a, 1, &taken),
    }
}

#[test]
fn the_game_goes_on_with_board_after_the_opening() {
    let input = "START 15\nINFO rule 6\nINFO timeout_turn 500\nSWAP2BOARD\n7,7\n0,14\n8,7\nDONE\n\
                 BOARD\n7,7,1\n0,14,2\n8,7,1\n9,7,2\nDONE\nEND\n";
    let (out, _) = session(input);
    assert_eq!(out[1], "SWAP");
    assert_eq!(out.len(), 3, "{out:?}");
    legal_points(&out[2], 1, &["7,7", "0,14", "8,7", "9,7"]);
}
