//! `gomoku-worker`, the engine the web build runs in a Web Worker, answers JSON requests a
//! line each: the forced move, its nodes and time, and a reason for a request that does not
//! read (the process goes on answering).

use std::io::Write;
use std::process::{Command, Stdio};

use gomoku_engine::search::worker::ThinkAnswer;

#[test]
fn the_worker_binary_answers_json_lines_and_survives_bad_ones() {
    // h8 a1 h9 a3 h10 a5 h11 a7: black to move has an open four to finish.
    let good = r#"{"id":3,"size":15,"rule":"Freestyle","level":[5,200],"seed":1,"moves":[{"x":7,"y":7},{"x":0,"y":14},{"x":7,"y":6},{"x":0,"y":12},{"x":7,"y":5},{"x":0,"y":10},{"x":7,"y":4},{"x":0,"y":8}]}"#;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku-worker"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the worker starts");
    {
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{{\"id\": 9, \"size\": \"big\"}}").unwrap();
        writeln!(stdin).unwrap();
        writeln!(stdin, "{good}").unwrap();
    }
    let out = child
        .wait_with_output()
        .expect("the worker ends at the end of input");
    assert!(out.status.success());
    let answers: Vec<ThinkAnswer> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is JSON"))
        .collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers[0].best.is_none());
    assert!(
        answers[0]
            .error
            .as_deref()
            .unwrap()
            .contains("does not read")
    );
    let five = &answers[1];
    assert_eq!((five.id, &five.error), (3, &None));
    let best = five.best.expect("a move");
    assert_eq!(best.x, 7);
    assert!([3, 8].contains(&best.y), "{best:?}: h12 or h7");
}

#[test]
fn the_worker_binary_streams_a_jobs_updates_then_answers_a_question() {
    use gomoku_engine::analysis::worker::Update;
    // Black's open three h8 i8 j8: the analysis proves the win; then a question on the same
    // input, answered as before.
    let job = r#"{"id":5,"job":{"Analyse":{"size":15,"rule":"Freestyle","moves":[{"x":7,"y":7},{"x":7,"y":6},{"x":8,"y":7},{"x":8,"y":6},{"x":9,"y":7},{"x":0,"y":0}],"budget":[1000,4000]}}}"#;
    let question = r#"{"id":6,"size":15,"rule":"Freestyle","level":[2,200],"seed":1,"moves":[]}"#;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku-worker"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the worker starts");
    {
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{job}").unwrap();
        writeln!(stdin, "{question}").unwrap();
    }
    let out = child.wait_with_output().expect("the worker ends");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (answer, updates) = lines.split_last().expect("lines");
    let updates: Vec<Update> = updates
        .iter()
        .map(|l| serde_json::from_str(l).expect("an update"))
        .collect();
    assert!(!updates.is_empty());
    assert!(updates.iter().all(|u| u.id() == 5));
    let last = updates.last().unwrap();
    assert!(last.is_last(), "{last:?}");
    let Update::Analysis { report, .. } = last else {
        panic!("{last:?}")
    };
    assert!(report.forced_win.is_some(), "{report:?}");
    let answer: ThinkAnswer = serde_json::from_str(answer).expect("the question's answer");
    assert_eq!((answer.id, answer.error), (6, None));
}
