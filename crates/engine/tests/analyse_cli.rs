//! The analysis tool (`gomoku-analyse`) run as a program: review, solve, analyse, its help, and
//! clear errors with a non-zero exit on bad input (2 for a bad command line).

use std::path::PathBuf;
use std::process::{Command, Output};

use gomoku_engine::analysis::{MoveClass, Review};
use gomoku_engine::record::psq::to_psq;
use gomoku_engine::record::{ImportDefaults, import};
use gomoku_engine::{ForbiddenPolicy, Rule};

/// White's open three f5 g5 h5 is ignored by black's a15 (move 7); white wins.
const IGNORED_THREE: &str = "h8 f5 i9 g5 j7 h5 a15 i5 e5 j5";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gomoku-analyse"))
        .args(args)
        .output()
        .expect("the tool starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh scratch file path for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-analyse-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn reviews_a_position_string_file_and_writes_the_review_as_json() {
    let game = scratch("ignored.txt");
    std::fs::write(&game, IGNORED_THREE.replace(' ', "")).unwrap();
    let json = scratch("ignored-review.json");
    let out = run(&[
        "review",
        game.to_str().unwrap(),
        "--nodes",
        "2000",
        "--solver-nodes",
        "5000",
        "--json",
        json.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("7 "))
        .expect("a row for move 7");
    assert!(row.contains("a15") && row.contains("blunder"), "{row}");
    assert!(row.contains("missed block at"), "{row}");
    assert!(stdout.contains("black: accuracy "), "{stdout}");
    assert!(stdout.contains("white: accuracy "), "{stdout}");
    let review = Review::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(review.moves.len(), 10);
    assert_eq!(review.moves[6].class, MoveClass::Blunder);
    assert_eq!(review.options.nodes, 2000);
}

#[test]
fn reviews_a_psq_file() {
    let defaults = ImportDefaults {
        size: 15,
        rule: Rule::Freestyle,
        policy: ForbiddenPolicy::Refuse,
    };
    let record = import(IGNORED_THREE, defaults, String::new()).unwrap();
    let game = scratch("ignored.psq");
    std::fs::write(&game, to_psq(&record)).unwrap();
    let out = run(&["review", game.to_str().unwrap(), "--nodes", "1000"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("review of 10 moves (freestyle, 15x15)"),
        "{stdout}"
    );
}

#[test]
fn solves_a_position_and_lists_the_best_moves() {
    let out = run(&["solve", "h8 g8 i8 k12 j8 a1 k9 o1 k10 a15 k11 o8"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.starts_with("Black wins by VCF in "), "{stdout}");
    let out = run(&["solve", "h8i9h9i8"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with("no forced win found for Black"));

    let out = run(&["analyse", "h8i9j10", "--multipv", "2", "--nodes", "3000"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("info line 1 depth 1 score "), "{stdout}");
    assert!(stdout.contains("info line 2 depth "), "{stdout}");
    let ranked: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with(" 1. ") || l.starts_with(" 2. "))
        .collect();
    assert_eq!(ranked.len(), 2, "{stdout}");
    assert!(
        ranked
            .iter()
            .all(|l| l.contains(" win ") && l.contains(" pv "))
    );
}

#[test]
fn bad_input_gets_a_clear_error_and_a_failing_exit() {
    let missing = run(&["review", "no/such/game.psq"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        text(&missing.stderr).contains("cannot read no/such/game.psq"),
        "{}",
        text(&missing.stderr)
    );

    let bad_psq = scratch("bad.psq");
    std::fs::write(&bad_psq, "Piskvorky 15x15, 11:11, 0\n8,8,0\n99,1,0\n-1\n").unwrap();
    let out = run(&["review", bad_psq.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("line 3"),
        "{}",
        text(&out.stderr)
    );

    for (args, expected) in [
        (vec!["solve", "h8 z99"], "not a position string"),
        (vec!["review", "h8 h8"], "move 2 (h8) is not legal"),
        (
            vec!["analyse", "h8", "--rule", "chess"],
            "unknown rule 'chess'",
        ),
        (
            vec!["analyse", "h8", "--nodes", "many"],
            "invalid value 'many' for '--nodes <N>': not a number",
        ),
        (vec!["frobnicate"], "unrecognized subcommand 'frobnicate'"),
    ] {
        let out = run(&args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn the_help_lists_every_command_and_option() {
    // `--help`, `help`, and no arguments at all: the help, on standard output, with success.
    for args in [&["--help"][..], &["help"], &[]] {
        let out = run(args);
        let help = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        for word in [
            "review [OPTIONS] <FILE>",
            "solve [OPTIONS] [POSITION]",
            "analyse [OPTIONS] [POSITION]",
            "--nodes <N>",
            "--solver-nodes <N>",
            "--json <OUT>",
            "--multipv <K>",
            "--ms <T>",
            "--rule <R>",
            "--size <S>",
            "FILE and POSITION",
        ] {
            assert!(help.contains(word), "{args:?}: {word} in\n{help}");
        }
    }
    let out = run(&["help", "analyse"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("--multipv <K>"));
}

#[test]
fn a_bad_option_is_named_and_the_tool_exits_with_2() {
    for (args, named) in [
        (&["solve", "--fly"][..], "unexpected argument '--fly'"),
        (&["solve", "--ms", "5"], "unexpected argument '--ms'"),
        (
            &["analyse", "--size", "30"],
            "invalid value '30' for '--size <S>'",
        ),
        (
            &["analyse", "--nodes", "5", "--ms", "5"],
            "'--nodes <N>' cannot be used with '--ms <T>'",
        ),
        (&["review"], "<FILE>"),
        (
            &["review", "a.psq", "--nodes"],
            "a value is required for '--nodes <N>'",
        ),
    ] {
        let out = run(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_tool_quietly() {
    // `gomoku-analyse review game.txt | head -1`: the pipe closes after the first line.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let game = scratch("read-one-line.txt");
    std::fs::write(&game, IGNORED_THREE.replace(' ', "")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku-analyse"))
        .args(["review", game.to_str().unwrap(), "--nodes", "2000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("review of 10 moves"), "{first}");
    // The reader is dropped here: every later write meets a closed pipe.
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{:?} {stderr}", out.status);
    assert!(stderr.is_empty(), "nothing to say about it: {stderr}");
}
