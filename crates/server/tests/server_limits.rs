//! Hostile clients are cheap to refuse, and never cost another player their game: half-sent
//! requests meet a deadline, one address cannot take every connection, floods are cut off,
//! broken frames get their close codes, waiting games and failed joins are limited, and private
//! codes cannot be guessed. Real server processes on loopback, bounded in count and time.

mod server_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use gomoku_net::ErrorCode;
use serde_json::json;
use server_support::{Client, Pair, Server, settings, tcp_from, temp_dir};

fn server(name: &str, extra: &[&str]) -> Server {
    Server::start(&temp_dir(name).join("db.sqlite"), extra)
}

/// A TCP connection from the loopback address `from` that polls its reads every 200 ms.
fn polling_from(from: &str, addr: &str) -> TcpStream {
    let stream = tcp_from(from, addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    stream
}

/// Whether the server has closed `stream` (reads end or fail), waiting up to `within`.
fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    let mut buf = [0u8; 512];
    while Instant::now() < deadline {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return true,
        }
    }
    false
}

#[test]
fn slow_request_headers_are_closed_at_the_deadline() {
    let s = server("slowloris", &["--header-timeout", "2"]);
    let started = Instant::now();
    let mut slow: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut t = polling_from("127.0.0.1", &s.addr);
            t.write_all(b"GET /ws HTTP/1.1\r\nHost: x\r\n").unwrap();
            t
        })
        .collect();
    // One more header line a second: a request that never ends.
    for t in &mut slow {
        let _ = t.write_all(b"X-Slow: 1\r\n");
    }
    for t in &mut slow {
        assert!(
            closed_within(t, Duration::from_secs(6)),
            "a half-sent request was still open after {:?}",
            started.elapsed()
        );
    }
    assert!(started.elapsed() < Duration::from_secs(8));
    // The server serves as before.
    let mut c = s.client();
    c.hello("Ann");
}

#[test]
fn one_address_cannot_take_every_connection() {
    let s = server("per-address", &["--max-per-address", "8"]);
    let held: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut t = polling_from("127.0.0.1", &s.addr);
            t.write_all(b"GET /ws HTTP/1.1\r\n").unwrap();
            t
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut ninth = polling_from("127.0.0.1", &s.addr);
    let mut answer = String::new();
    let _ = ninth.set_read_timeout(Some(Duration::from_secs(5)));
    let _ = ninth.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer:?}");
    // Another address is not locked out.
    let mut other = polling_from("127.0.0.2", &s.addr);
    other
        .write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let _ = other.set_read_timeout(Some(Duration::from_secs(5)));
    let mut health = String::new();
    let _ = other.read_to_string(&mut health);
    assert!(
        health.starts_with("HTTP/1.1 200") && health.ends_with("ok"),
        "{health:?}"
    );
    // The address's share comes back when its connections close.
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    let mut c = s.client();
    c.hello("Ann");
}

#[test]
fn a_flood_is_cut_off_and_the_others_play_on() {
    let s = server("flood", &["--rate", "20", "--burst", "40"]);
    let mut p = Pair::new(&s, settings("Freestyle", 15, None, false));
    let mut floods: Vec<Client> = (0..5)
        .map(|_| {
            let mut c = s.client();
            c.send(json!({"type": "hello", "version": 3}));
            c.recv();
            c
        })
        .collect();
    // Each sends 200 messages at once: far past its burst and rate.
    for c in &mut floods {
        for _ in 0..200 {
            if !c.try_send_raw(r#"{"type":"ping"}"#) {
                break;
            }
        }
    }
    for c in &mut floods {
        assert_eq!(c.close_code(), Some(1008), "a flooder is closed (policy)");
    }
    p.play(0, 7, 7);
    p.play(1, 8, 8);
}

#[test]
fn a_flood_of_websocket_pings_is_cut_off_too() {
    use tungstenite::protocol::frame::Frame;
    let s = server("ping-flood", &["--rate", "20", "--burst", "40"]);
    let mut c = s.client();
    c.hello("Ann");
    for _ in 0..200 {
        if !c.send_frame(Frame::ping(vec![1, 2, 3])) {
            break;
        }
    }
    assert_eq!(
        c.close_code(),
        Some(1008),
        "control frames count against the rate"
    );
    let mut ok = s.client();
    ok.hello("Bob");
}

#[test]
fn a_flooder_that_never_stops_is_dropped_not_read_for_the_whole_linger() {
    let s = server("flood-linger", &["--rate", "20", "--burst", "40"]);
    let mut c = s.client();
    c.hello("Ann");
    let start = std::time::Instant::now();
    let mut sent = 0u32;
    while c.try_send_raw(r#"{"type":"ping"}"#) {
        sent += 1;
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "still connected after {sent} messages"
        );
    }
    // Before, the server read what the flooder sent for 2 s after closing it (the linger
    // meant for honest clients to see the close frame); now it stops after a few frames.
    assert!(
        start.elapsed() < Duration::from_millis(1900),
        "cut after {:?} ({sent} messages)",
        start.elapsed()
    );
}

#[test]
fn oversized_and_non_utf8_frames_get_their_close_codes() {
    use tungstenite::protocol::frame::Frame;
    use tungstenite::protocol::frame::coding::{Data, OpCode};
    let s = server("close-codes", &[]);
    let mut big = s.client();
    big.send_raw(&"x".repeat(16 * 1024));
    assert_eq!(big.close_code(), Some(1009), "message too big");
    let mut bad = s.client();
    let frame = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
    assert!(bad.send_frame(frame));
    assert_eq!(bad.close_code(), Some(1007), "invalid UTF-8");
    let mut ok = s.client();
    ok.hello("Ann");
}

fn create(c: &mut Client, public: bool) -> Result<String, (ErrorCode, String)> {
    c.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, None, false), "colour": "Black", "public": public}));
    c.recv_until(|m| match m {
        gomoku_net::ServerMessage::Seat { seat } => Some(Ok(seat.code.clone())),
        gomoku_net::ServerMessage::Error { code, message, .. } => {
            Some(Err((*code, message.clone())))
        }
        _ => None,
    })
}

#[test]
fn waiting_games_are_limited_per_player_and_per_address() {
    let s = server("waiting", &[]);
    let mut ann = s.client();
    ann.hello("Ann");
    for _ in 0..3 {
        create(&mut ann, true).expect("three games may wait");
    }
    let (code, message) = create(&mut ann, true).unwrap_err();
    assert_eq!(code, ErrorCode::Limit, "{message}");
    assert!(message.contains("3 games waiting"), "{message}");
    ann.send(json!({"type": "quick_match", "settings": settings("Freestyle", 15, None, false)}));
    assert!(ann.expect_error(ErrorCode::Limit).contains("waiting"));
    // Other players from the same address, up to the address's share (12).
    let mut others = Vec::new();
    for i in 0..4 {
        let mut c = s.client();
        c.hello(&format!("P{i}"));
        for _ in 0..3 {
            if let Err((code, message)) = create(&mut c, false) {
                assert_eq!(code, ErrorCode::Limit);
                assert!(message.contains("your address"), "{message}");
                assert_eq!(i, 3, "refused only past 12 games: {message}");
            }
        }
        others.push(c);
    }
    // A trusted address (a load test's machine) has only the per-player limit.
    let t = server("waiting-trusted", &["--trust", "127.0.0.1"]);
    for i in 0..6 {
        let mut c = t.client();
        c.hello(&format!("T{i}"));
        for _ in 0..3 {
            create(&mut c, false).expect("trusted");
        }
        others.push(c);
    }
}

#[test]
fn private_codes_are_long_and_guessing_them_is_cut_off() {
    let s = server("guessing", &[]);
    let mut host = s.client();
    host.hello("Ann");
    let code = create(&mut host, false).expect("a private game");
    assert_eq!(code.len(), 13, "about 64 bits: {code}");
    let mut guesser = s.client();
    guesser.hello("Eve");
    for i in 0..20 {
        guesser.send(json!({"type": "join_room", "code": format!("GUESS{i:08}")}));
        guesser.expect_error(ErrorCode::UnknownRoom);
    }
    // Past twenty codes that led nowhere, even the right code is refused for a while.
    guesser.send(json!({"type": "join_room", "code": code}));
    assert!(guesser.expect_error(ErrorCode::Limit).contains("try again"));
    // The friend it was meant for, from another address, joins (written in groups).
    let mut friend = Client::connect_from("127.0.0.3", &s.addr).expect("connect");
    friend.hello("Bob");
    let grouped = format!("{}-{}-{}", &code[..4], &code[4..8], &code[8..]);
    friend.send(json!({"type": "join_room", "code": grouped.to_lowercase()}));
    assert_eq!(friend.seat().code, code);
    // A full private game answers as an unknown one: a guesser learns nothing.
    let mut late = Client::connect_from("127.0.0.4", &s.addr).expect("connect");
    late.hello("Cy");
    late.send(json!({"type": "join_room", "code": code}));
    late.expect_error(ErrorCode::UnknownRoom);
}
