//! Bad input against the real server: each refused with a clear error and no change to the
//! game (checked by a spectator's fresh view after every attempt).

mod server_support;

use gomoku_engine::Pos;
use gomoku_net::{ErrorCode, RoomState, ServerMessage};
use serde_json::json;
use server_support::{Client, Pair, Server, move_msg, seat_msg, settings, temp_dir};

fn server(name: &str, extra: &[&str]) -> Server {
    Server::start(&temp_dir(name).join("db.sqlite"), extra)
}

/// A spectator's fresh look at the room.
fn look(s: &Server, code: &str) -> RoomState {
    let mut c = s.client();
    c.send(json!({"type": "hello", "version": 3}));
    c.recv();
    c.send(json!({"type": "watch", "code": code}));
    c.room_until(|_| true)
}

#[test]
fn malformed_messages_are_refused() {
    let s = server("malformed", &[]);
    let mut c = s.client();
    c.send(json!({"type": "ping"}));
    assert!(c.expect_error(ErrorCode::Handshake).contains("hello"));
    c.send_raw("{not json");
    c.expect_error(ErrorCode::BadMessage);
    c.send_raw("[1,2,3]");
    c.expect_error(ErrorCode::BadMessage);
    c.send(json!({"type": "hello", "version": 3, "name": "Ann", "admin": true}));
    assert!(c.expect_error(ErrorCode::BadMessage).contains("admin"));
    c.send(json!({"type": "launch_missiles"}));
    c.expect_error(ErrorCode::BadMessage);
    c.send(json!({"type": "hello", "version": 3, "name": "x".repeat(25)}));
    c.expect_error(ErrorCode::BadName);
    c.send(json!({"type": "hello", "version": 3, "token": "f".repeat(48)}));
    c.expect_error(ErrorCode::UnknownPlayer);
    c.send(json!({"type": "hello", "version": 3, "name": " \u{202e}Ann\t\n Lee "}));
    match c.recv() {
        ServerMessage::Welcome {
            player: Some(p), ..
        } => assert_eq!(p.name, "Ann Lee"),
        other => panic!("{other:?}"),
    }
    c.send(json!({"type": "hello", "version": 3}));
    c.expect_error(ErrorCode::Handshake);
    for bad in [
        settings("Freestyle", 14, None, false),
        settings("Freestyle", 15, Some((0, 0)), false),
        settings("Freestyle", 15, Some((60, 61)), false),
    ] {
        c.send(json!({"type": "create_room", "settings": bad, "colour": "Black", "public": true}));
        c.expect_error(ErrorCode::BadSettings);
    }
    c.send(json!({"type": "create_room", "settings": settings("Gomoku", 15, None, false), "colour": "Black", "public": true}));
    c.expect_error(ErrorCode::BadMessage);
    c.send(json!({"type": "ping"}));
    assert_eq!(c.recv(), ServerMessage::Pong);
}

#[test]
fn another_version_is_turned_away() {
    let s = server("version", &[]);
    let mut c = s.client();
    c.send(json!({"type": "hello", "version": 99, "name": "Ann"}));
    let message = c.expect_error(ErrorCode::VersionMismatch);
    assert!(
        message.contains(&format!("version {}", gomoku_net::PROTOCOL_VERSION)),
        "{message}"
    );
    assert_eq!(c.close_code(), Some(1008), "closed as a policy refusal");
}

#[test]
fn seat_actions_need_the_right_seat_turn_and_point() {
    let s = server("seat", &[]);
    let mut p = Pair::new(&s, settings("Renju", 15, Some((300, 0)), false));
    let code = p.b.code.clone();
    // Black: (5,7) (6,7) (7,5) (7,6); white far away; then (7,7) is a double three.
    let opening = [
        (5, 7),
        (0, 0),
        (6, 7),
        (0, 2),
        (7, 5),
        (0, 4),
        (7, 6),
        (0, 6),
    ];
    for (i, &(x, y)) in opening.iter().enumerate() {
        p.play(i as u32, x, y);
    }
    let before = look(&s, &code);
    assert_eq!(before.moves.len(), 8);
    let unchanged = |s: &Server| {
        let now = look(s, &code);
        assert_eq!(now.moves, before.moves);
        assert_eq!(now.status, before.status);
        assert_eq!(now.to_move, before.to_move);
    };
    // The forbidden point is refused with its reason.
    p.black.send(move_msg(&p.b, 8, 7, 7));
    assert!(
        p.black
            .expect_error(ErrorCode::IllegalMove)
            .contains("double-three")
    );
    unchanged(&s);
    // White's token on black's turn.
    p.white.send(move_msg(&p.w, 8, 10, 10));
    p.white.expect_error(ErrorCode::NotYourTurn);
    // A made-up token, and white's token used by black's connection for another room code.
    p.black.send(
        json!({"type": "move", "code": code, "seat_token": "nope", "ply": 8, "x": 10, "y": 10}),
    );
    p.black.expect_error(ErrorCode::WrongToken);
    p.black
        .send(json!({"type": "resign", "code": "ZZZZZZ", "seat_token": p.b.seat_token}));
    p.black.expect_error(ErrorCode::UnknownRoom);
    // Off the board, on a stone, out of a byte's range.
    p.black.send(move_msg(&p.b, 8, 15, 3));
    assert!(
        p.black
            .expect_error(ErrorCode::IllegalMove)
            .contains("off the board")
    );
    p.black.send(move_msg(&p.b, 8, 0, 0));
    assert!(
        p.black
            .expect_error(ErrorCode::IllegalMove)
            .contains("taken")
    );
    p.black.send(json!({"type": "move", "code": code, "seat_token": p.b.seat_token, "ply": 8, "x": 300, "y": 1}));
    p.black.expect_error(ErrorCode::BadMessage);
    unchanged(&s);
    // A replayed message (an earlier ply) and one from the future.
    p.black.send(move_msg(&p.b, 6, 7, 6));
    p.black.expect_error(ErrorCode::StalePly);
    p.black.send(move_msg(&p.b, 9, 12, 12));
    p.black.expect_error(ErrorCode::StalePly);
    unchanged(&s);
    // Answering what was never asked.
    p.white.send(seat_msg("accept_draw", &p.w));
    p.white.expect_error(ErrorCode::NothingToAnswer);
    p.white.send(seat_msg("grant_takeback", &p.w));
    p.white.expect_error(ErrorCode::NothingToAnswer);
    unchanged(&s);
    // A legal move still goes through, once; the same message again is stale.
    let msg = move_msg(&p.b, 8, 12, 12);
    p.black.send(msg.clone());
    p.white.room_until(|r| r.moves.len() == 9);
    p.black.send(msg);
    let code_seen = p.black.recv_until(|m| match m {
        ServerMessage::Error { code, .. } => Some(*code),
        _ => None,
    });
    assert_eq!(code_seen, ErrorCode::StalePly);
    assert_eq!(look(&s, &code).moves.last(), Some(&Pos::new(12, 12)));
    // No seat token or player token ever reaches the log.
    let log = s.log();
    for secret in [&p.b.seat_token, &p.w.seat_token, &p.b_token, &p.w_token] {
        assert!(!log.contains(secret.as_str()), "a token in the log");
    }
    assert!(log.contains(&code), "the log names games");
}

#[test]
fn a_huge_frame_closes_only_its_connection() {
    let s = server("huge", &[]);
    let mut p = Pair::new(&s, settings("Freestyle", 15, None, false));
    p.play(0, 7, 7);
    let mut rogue = s.client();
    rogue.send(json!({"type": "hello", "version": 3}));
    rogue.recv();
    // (The server may close before the whole frame is written: that is fine too.)
    rogue.try_send_raw(&format!(
        "{{\"type\":\"ping\",\"pad\":\"{}\"}}",
        "x".repeat(100_000)
    ));
    assert!(rogue.try_recv().is_none(), "the connection is closed");
    // Everyone else plays on.
    p.play(1, 8, 8);
    assert_eq!(look(&s, &p.b.code).moves.len(), 2);
}

#[test]
fn bursts_are_rate_limited() {
    let s = server("rate", &["--rate", "5", "--burst", "10"]);
    let mut c = s.client();
    c.send(json!({"type": "hello", "version": 3}));
    c.recv();
    for _ in 0..30 {
        c.send(json!({"type": "ping"}));
    }
    // Once the bucket has refilled a little, a message marks the end of the answers.
    std::thread::sleep(std::time::Duration::from_millis(600));
    c.send(json!({"type": "list_games"}));
    let (mut pongs, mut limited) = (0, 0);
    loop {
        match c.recv() {
            ServerMessage::Pong => pongs += 1,
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            } => limited += 1,
            ServerMessage::Games { .. } => break,
            other => panic!("{other:?}"),
        }
    }
    // The burst (less the hello) and what trickles in meanwhile, never all thirty; the client
    // is told once, not once per dropped message.
    assert!((9..30).contains(&pongs), "{pongs} pongs");
    assert_eq!(limited, 1, "told once");
}

#[test]
fn browser_origins_are_checked() {
    let s = server("origin", &["--allow-origin", "http://game.example"]);
    assert!(Client::connect(&s.addr, Some("http://evil.example")).is_err());
    let mut ok = Client::connect(&s.addr, Some("http://game.example")).expect("allowed origin");
    ok.send(json!({"type": "hello", "version": 3}));
    assert!(matches!(ok.recv(), ServerMessage::Welcome { .. }));
}

#[test]
fn a_connection_that_never_says_hello_is_closed() {
    let s = server("silent", &[]);
    let mut quiet = s.client();
    let started = std::time::Instant::now();
    assert!(quiet.try_recv().is_none(), "closed without a word");
    assert!(started.elapsed() >= std::time::Duration::from_secs(4));
    // One that said hello may stay quiet.
    let mut c = s.client();
    c.send(json!({"type": "hello", "version": 3}));
    c.recv();
    std::thread::sleep(std::time::Duration::from_secs(6));
    c.send(json!({"type": "ping"}));
    assert_eq!(c.recv(), ServerMessage::Pong);
}

/// An HTTP date as sent, from its lower-cased copy: "thu, 26 nov 2026 05:50:00 gmt" is
/// "Thu, 26 Nov 2026 05:50:00 GMT".
fn http_date_case(lower: &str) -> String {
    lower
        .split(' ')
        .map(|word| match word {
            "gmt" => "GMT".to_owned(),
            _ => {
                let mut chars = word.chars();
                chars.next().map_or_else(String::new, |first| {
                    first.to_ascii_uppercase().to_string() + chars.as_str()
                })
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A plain HTTP/1.1 GET on loopback: the status line and headers (lower-cased names), and the
/// body.
fn http_get(addr: &str, path: &str, extra: &str) -> (String, Vec<u8>) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut all = Vec::new();
    s.read_to_end(&mut all).expect("read");
    let split = all
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header");
    let head = String::from_utf8_lossy(&all[..split]).to_lowercase();
    (head, all[split + 4..].to_vec())
}

#[test]
fn the_web_build_is_served_and_its_own_pages_may_connect() {
    let dir = temp_dir("web-served");
    let web = dir.join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Gomoku</title>",
    )
    .unwrap();
    std::fs::write(web.join("game.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(web.join("game.wasm.gz"), b"pretend gzip").unwrap();
    std::fs::write(dir.join("secret.txt"), "not for the web").unwrap();
    let web_arg = web.display().to_string();
    let s = Server::start(&dir.join("db.sqlite"), &["--web", &web_arg]);

    let (head, body) = http_get(&s.addr, "/", "");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("content-type: text/html"), "{head}");
    assert_eq!(body, b"<!doctype html><title>Gomoku</title>");
    let (head, body) = http_get(&s.addr, "/game.wasm", "");
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert_eq!(body, b"\0asm\x01\0\0\0");
    // The precompressed copy goes to a browser that takes gzip, with the file's own type.
    let (head, body) = http_get(&s.addr, "/game.wasm", "Accept-Encoding: gzip\r\n");
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert_eq!(body, b"pretend gzip");
    // A returning browser keeps the files but asks first: unchanged, it downloads nothing.
    assert!(head.contains("cache-control: no-cache"), "{head}");
    let modified = head
        .lines()
        .find_map(|l| l.strip_prefix("last-modified: "))
        .map(http_date_case)
        .expect("a last-modified date");
    let (head, body) = http_get(
        &s.addr,
        "/game.wasm",
        &format!("Accept-Encoding: gzip\r\nIf-Modified-Since: {modified}\r\n"),
    );
    assert!(head.starts_with("http/1.1 304"), "{head}");
    assert!(body.is_empty(), "a 304 has no body");
    let (head, _) = http_get(&s.addr, "/", "");
    assert!(
        head.contains("cache-control: no-cache"),
        "the page too: {head}"
    );
    // Nothing outside the folder.
    let (head, _) = http_get(&s.addr, "/../secret.txt", "");
    assert!(!head.starts_with("http/1.1 200"), "{head}");
    let (head, _) = http_get(&s.addr, "/%2e%2e/secret.txt", "");
    assert!(!head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(
        http_get(&s.addr, "/health", "").1,
        b"ok",
        "the server's own routes stay"
    );

    // A page of its own (the origin the request was sent to) may connect; others may not.
    let own = format!("http://{}", s.addr);
    let mut c = Client::connect(&s.addr, Some(&own)).expect("the server's own page");
    c.send(json!({"type": "hello", "version": 3}));
    assert!(matches!(c.recv(), ServerMessage::Welcome { .. }));
    assert!(Client::connect(&s.addr, Some("http://evil.example")).is_err());
    // The DNS-rebinding pattern: a page from evil.example that resolved to this server sends
    // its own name as Host. Host is never trusted.
    let (head, _) = http_get_as(&s.addr, "evil.example", "/ws", UPGRADE_FROM_EVIL);
    assert!(head.starts_with("http/1.1 403"), "{head}");
    let (head, _) = http_get_as(&s.addr, &s.addr, "/ws", &own_upgrade(&own));
    assert!(head.starts_with("http/1.1 101"), "its own origin: {head}");
}

/// A WebSocket upgrade's headers from a page at http://evil.example.
const UPGRADE_FROM_EVIL: &str = "Origin: http://evil.example\r\nUpgrade: websocket\r\n\
    Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\
    Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

fn own_upgrade(origin: &str) -> String {
    UPGRADE_FROM_EVIL.replace("http://evil.example", origin)
}

/// The response head to a request with `host` as its Host header and `extra` headers (read
/// until the head ends: an upgraded connection stays open).
fn http_get_as(addr: &str, host: &str, path: &str, extra: &str) -> (String, Vec<u8>) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n").unwrap();
    let mut all = Vec::new();
    let mut buf = [0u8; 1024];
    while !all.windows(4).any(|w| w == b"\r\n\r\n") {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => all.extend_from_slice(&buf[..n]),
        }
    }
    let split = all
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(all.len());
    let head = String::from_utf8_lossy(&all[..split]).to_lowercase();
    (head, Vec::new())
}

#[test]
fn without_a_web_folder_its_own_origin_is_not_enough() {
    let s = server("web-none", &["--allow-origin", "http://game.example"]);
    let own = format!("http://{}", s.addr);
    assert!(Client::connect(&s.addr, Some(&own)).is_err());
    assert!(!http_get(&s.addr, "/", "").0.starts_with("http/1.1 200"));
}
