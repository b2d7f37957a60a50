//! The server's command line as an operator meets it: `--help` lists every flag with its
//! environment variable, a bad flag or variable is named with exit code 2, and the GOMOKU_SERVER_*
//! variables configure a running server (the flags win over them).

mod server_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

use server_support::{Client, WAIT, listening_address, server_binary, temp_dir};

/// Every variable the server reads.
const VARIABLES: [&str; 8] = [
    "GOMOKU_SERVER_HOST",
    "GOMOKU_SERVER_PORT",
    "GOMOKU_SERVER_DB",
    "GOMOKU_SERVER_ORIGINS",
    "GOMOKU_SERVER_WEB",
    "GOMOKU_SERVER_PUBLIC_URL",
    "GOMOKU_SERVER_GRACE",
    "GOMOKU_SERVER_TRUSTED_PROXIES",
];

/// The server with `args` and only the variables in `env` (none of the test's own).
fn command(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(server_binary());
    for variable in VARIABLES {
        command.env_remove(variable);
    }
    command.args(args).envs(env.iter().copied());
    command
}

/// Runs the server with `args` and `env` to its end (a help, an error).
fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    command(args, env).output().expect("the server starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A server started with `args` and `env`, its log in `log`: the process and its address.
fn start(args: &[&str], env: &[(&str, &str)], log: &Path) -> (Child, String) {
    let mut child = command(args, env)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).expect("make the log file"))
        .spawn()
        .expect("start gomoku-server");
    let Ok(addr) = listening_address(&mut child) else {
        let _ = child.kill();
        let _ = child.wait();
        panic!(
            "the server did not start\n{}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
    };
    (child, addr)
}

/// The body of a plain HTTP GET of `path`.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(WAIT)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reply = String::new();
    let _ = s.read_to_string(&mut reply);
    reply
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_string())
        .unwrap_or_default()
}

#[test]
fn the_help_lists_every_flag_and_its_variable() {
    for help in ["--help", "-h"] {
        let out = run(&[help], &[]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{help}: {}", text(&out.stderr));
        assert!(out.stderr.is_empty(), "{help}: {}", text(&out.stderr));
        for flag in [
            "--host <ADDR>",
            "--port <N>",
            "--db <PATH|URL>",
            "--allow-origin <URL>",
            "--web <DIR>",
            "--public-url <URL>",
            "--grace <SECS>",
            "--rate <N>",
            "--burst <N>",
            "--max-per-address <N>",
            "--max-connections <N>",
            "--header-timeout <S>",
            "--trust <ADDR>",
            "--trusted-proxy <ADDR>",
        ] {
            assert!(said.contains(flag), "{flag} in\n{said}");
        }
        for variable in VARIABLES {
            assert!(said.contains(variable), "{variable} in\n{said}");
        }
    }
    // A database URL's password stays out of the help.
    let out = run(
        &["--help"],
        &[("GOMOKU_SERVER_DB", "postgres://u:s3cret@db/games")],
    );
    assert!(!text(&out.stdout).contains("s3cret"));
}

#[test]
fn a_bad_flag_or_variable_is_named_and_the_server_exits_with_2() {
    for (args, env, said) in [
        (&["--bogus"][..], &[][..], "unexpected argument '--bogus'"),
        (&["--port", "x"], &[], "invalid value 'x' for '--port <N>'"),
        (
            &["--grace"],
            &[],
            "a value is required for '--grace <SECS>'",
        ),
        (
            &["--web", "/nonexistent-gomoku-web"],
            &[],
            "no index.html there",
        ),
        (
            &[],
            &[("GOMOKU_SERVER_GRACE", "soon")],
            "invalid value 'soon' for '--grace <SECS>'",
        ),
        (
            &[],
            &[("GOMOKU_SERVER_PORT", "x")],
            "tip: the value is the environment variable GOMOKU_SERVER_PORT's",
        ),
        (
            &[],
            &[("GOMOKU_SERVER_PUBLIC_URL", "ftp://x")],
            "not an http:// or https:// URL",
        ),
    ] {
        let out = run(args, env);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?} {env:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?} {env:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} {env:?}");
    }
}

#[test]
fn the_environment_configures_the_server_and_the_flags_win() {
    let dir = temp_dir("environment");
    let web = dir.join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>env</title>").unwrap();
    let db = dir.join("env.sqlite");
    let (db_text, web_text) = (db.display().to_string(), web.display().to_string());
    let log = dir.join("env.log");
    let (mut child, addr) = start(
        &[],
        &[
            ("GOMOKU_SERVER_HOST", "127.0.0.1"),
            ("GOMOKU_SERVER_PORT", "0"),
            ("GOMOKU_SERVER_DB", &db_text),
            (
                "GOMOKU_SERVER_ORIGINS",
                "http://a.example, http://b.example,",
            ),
            ("GOMOKU_SERVER_WEB", &web_text),
            ("GOMOKU_SERVER_PUBLIC_URL", "https://Game.Example/play/"),
            ("GOMOKU_SERVER_GRACE", "5"),
        ],
        &log,
    );
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    assert!(db.is_file(), "the database is the variable's");
    assert_eq!(get(&addr, "/"), "<!doctype html><title>env</title>");
    // The variable's origins, and the public URL's, in place of the default ones.
    assert!(Client::connect(&addr, Some("http://b.example")).is_ok());
    assert!(Client::connect(&addr, Some("https://game.example")).is_ok());
    assert!(Client::connect(&addr, Some("http://localhost:8080")).is_err());
    assert!(Client::connect(&addr, Some(&format!("http://{addr}"))).is_err());
    let _ = child.kill();
    let _ = child.wait();
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(said.contains(&format!("database {db_text}")), "{said}");

    // The flags win over the variables (which are then never read: a bad one does no harm).
    let flags_db = dir.join("flags.sqlite");
    let (mut child, addr) = start(
        &[
            "--port",
            "0",
            "--db",
            flags_db.to_str().unwrap(),
            "--allow-origin",
            "http://c.example",
        ],
        &[
            ("GOMOKU_SERVER_PORT", "not a port"),
            ("GOMOKU_SERVER_DB", &db_text),
            ("GOMOKU_SERVER_ORIGINS", "http://a.example"),
        ],
        &dir.join("flags.log"),
    );
    assert!(flags_db.is_file());
    assert!(Client::connect(&addr, Some("http://c.example")).is_ok());
    assert!(Client::connect(&addr, Some("http://a.example")).is_err());
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_trusted_proxies_variable_names_the_proxies() {
    let dir = temp_dir("trusted-proxies");
    let db = dir.join("db.sqlite");
    // A bad address in the variable is named and the server exits with 2 (a server that
    // started anyway is stopped after a while, so the test fails rather than waits).
    let mut bad = command(
        &["--port", "0", "--db", db.to_str().unwrap()],
        &[("GOMOKU_SERVER_TRUSTED_PROXIES", "127.0.0.1,nowhere")],
    )
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .expect("start gomoku-server");
    let deadline = std::time::Instant::now() + WAIT;
    let status = loop {
        match bad.try_wait().expect("wait for the server") {
            Some(status) => break Some(status),
            None if std::time::Instant::now() > deadline => break None,
            None => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    };
    if status.is_none() {
        let _ = bad.kill();
        let _ = bad.wait();
    }
    let mut stderr = String::new();
    let _ = bad.stderr.take().map(|mut e| e.read_to_string(&mut stderr));
    assert_eq!(status.and_then(|s| s.code()), Some(2), "{stderr}");
    assert!(
        stderr.contains("invalid value 'nowhere' for '--trusted-proxy <ADDR>'"),
        "{stderr}"
    );

    let (mut child, addr) = start(
        &[
            "--port",
            "0",
            "--db",
            db.to_str().unwrap(),
            "--max-per-address",
            "1",
        ],
        &[("GOMOKU_SERVER_TRUSTED_PROXIES", "10.9.9.9, 127.0.0.1")],
        &dir.join("log"),
    );
    // Two clients behind the proxy 127.0.0.1 have a connection each; one of them not two.
    let one = |who: &str| Client::connect_with_headers("127.0.0.1", &addr, &[("X-Real-IP", who)]);
    let a = one("198.51.100.1");
    let b = one("198.51.100.2");
    let again = one("198.51.100.1");
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    a.expect("the first client");
    b.expect("the second client");
    let again = again.err().expect("the first client's second connection");
    assert!(again.contains("429"), "{again}");
}
