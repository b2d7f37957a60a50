//! Capacity kept for the players who are playing (issue 83): one network (an IPv4 /24) holds
//! at most its share of the connections and of the new players, the caps follow the file
//! descriptor limit (raised at start), half-sent requests cannot keep `/health` out, and when
//! the server is full a seated player's reconnect is let in ahead of idle connections and
//! spectators (one of which makes room) and its move is answered within 2 s. Real server
//! processes on loopback (127.0.N.x: all of 127.0.0.0/8 is this machine), bounded in count
//! and time.

mod server_support;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use gomoku_net::{ErrorCode, PROTOCOL_VERSION, RoomStatus, ServerMessage};
use serde_json::json;
use server_support::{Client, Pair, Server, move_msg, server_binary, settings, tcp_from, temp_dir};

fn server(name: &str, extra: &[&str]) -> Server {
    Server::start(&temp_dir(name).join("db.sqlite"), extra)
}

/// `GET path` from `from`: the whole answer (status line first).
fn get_from(from: &str, addr: &str, path: &str) -> String {
    let mut t = tcp_from(from, addr).expect("connect");
    t.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    // A refusal may come (and the socket close) before the request is written.
    let _ = write!(
        t,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    );
    let mut answer = String::new();
    let _ = t.read_to_string(&mut answer);
    answer
}

#[test]
fn one_network_holds_its_share_and_another_still_gets_in() {
    // 40 connections, an eighth of them (5) from one /24; 4 from one address.
    let s = server(
        "network-share",
        &[
            "--max-connections",
            "40",
            "--max-per-address",
            "4",
            "--new-players-per-network",
            "3",
        ],
    );
    assert!(
        s.log().contains("5 from one network"),
        "the caps are logged:\n{}",
        s.log()
    );
    let mut held = Vec::new();
    let mut refused = Vec::new();
    for host in 1..=3 {
        for _ in 0..4 {
            match Client::connect_from(&format!("127.0.2.{host}"), &s.addr) {
                Ok(c) => held.push(c),
                Err(e) => refused.push(e),
            }
        }
    }
    eprintln!(
        "127.0.2.0/24: {} of 12 connections let in, {} refused",
        held.len(),
        refused.len()
    );
    assert_eq!(held.len(), 5, "the /24's share: {refused:?}");
    assert!(refused.iter().all(|e| e.contains("429")), "{refused:?}");
    let answer = get_from("127.0.2.9", &s.addr, "/health");
    assert!(
        answer.starts_with("HTTP/1.1 429") && answer.contains("your network"),
        "{answer:?}"
    );
    // Another /24 still gets in, and the share comes back when a connection closes.
    let mut other = Client::connect_from("127.0.3.1", &s.addr).expect("another network");
    other.hello("Cy");
    held.pop().unwrap().close();
    std::thread::sleep(Duration::from_millis(300));
    Client::connect_from("127.0.2.3", &s.addr).expect("the share is back");
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    // New players: three from the /24 in the hour, from any of its addresses; others go on.
    let mut made = 0;
    for host in 1..=4 {
        let mut c = Client::connect_from(&format!("127.0.4.{host}"), &s.addr).expect("connect");
        c.send(json!({"type": "hello", "version": PROTOCOL_VERSION, "name": format!("Net{host}")}));
        match c.recv() {
            ServerMessage::Welcome {
                player: Some(_), ..
            } => made += 1,
            ServerMessage::Error {
                code: ErrorCode::Limit,
                ..
            } => {}
            other => panic!("expected a welcome or a limit, got {other:?}"),
        }
    }
    assert_eq!(made, 3, "the /24's new players");
    let mut c = Client::connect_from("127.0.5.1", &s.addr).expect("connect");
    c.hello("Elsewhere");
}

#[test]
fn a_seated_player_reconnects_and_moves_while_the_server_is_full() {
    // 40 connections (2 kept for seated players and first pages), 5 from one /24, 4 from one
    // address.
    let s = server(
        "full",
        &["--max-connections", "40", "--max-per-address", "4"],
    );
    let mut pair = Pair::new(&s, settings("Freestyle", 15, None, false));
    pair.play(0, 7, 7);
    let code = pair.b.code.clone();
    // Fill the server from many networks: idle lobby connections in even ones, spectators in
    // odd ones, until a newcomer is no longer let in as an ordinary connection.
    let mut fillers: Vec<Client> = Vec::new();
    let mut turned_away = 0;
    'fill: for net in 2..=20 {
        for host in 1..=2 {
            for _ in 0..4 {
                if turned_away >= 3 {
                    break 'fill;
                }
                let from = format!("127.0.{net}.{host}");
                let Ok(mut c) = Client::connect_from(&from, &s.addr) else {
                    continue; // the address's or network's share
                };
                if net % 2 == 0 {
                    c.send(json!({"type": "hello", "version": PROTOCOL_VERSION}));
                } else {
                    c.send(json!({"type": "hello", "version": PROTOCOL_VERSION}));
                    c.send(json!({"type": "watch", "code": code}));
                }
                match c.try_recv() {
                    Some(ServerMessage::Welcome { .. }) => fillers.push(c),
                    None => turned_away += 1,
                    Some(other) => panic!("expected a welcome, got {other:?}"),
                }
            }
        }
    }
    eprintln!(
        "full: {} idle connections and spectators let in beside the 2 players",
        fillers.len()
    );
    assert_eq!(fillers.len(), 36, "all but the 2 places kept");
    // A newcomer who is not a seated player gets a clear 1013 before it costs anything.
    let mut stranger = Client::connect_from("127.0.30.1", &s.addr).expect("connect");
    stranger.send(json!({"type": "hello", "version": PROTOCOL_VERSION, "name": "Stranger"}));
    assert_eq!(stranger.close_code(), Some(1013));
    // A new visitor's first request is still answered.
    let answer = get_from("127.0.31.1", &s.addr, "/health");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    // Their places in the reserve come back once they are gone.
    drop(stranger);
    std::thread::sleep(Duration::from_millis(500));
    // Nor is a sign-in with a password (it is not a seated player's return, and its password
    // is never checked).
    let mut signer = Client::connect_from("127.0.32.1", &s.addr).expect("connect");
    signer.send(json!({"type": "sign_in", "version": PROTOCOL_VERSION, "name": "Ann", "password": "whatever it is"}));
    assert_eq!(signer.close_code(), Some(1013));
    drop(signer);
    std::thread::sleep(Duration::from_millis(500));
    // White's connection is lost (left open, unread); White comes back on a new one.
    let started = Instant::now();
    let mut white = Client::connect_from("127.0.0.1", &s.addr).expect("the seated player gets in");
    let seats = white.hello_again(&pair.w_token);
    assert_eq!(seats.len(), 1, "the seat is there: {seats:?}");
    white.send(json!({"type": "resume", "code": pair.w.code, "seat_token": pair.w.seat_token}));
    white.room_until(|r| r.status == RoomStatus::Playing);
    let sent = Instant::now();
    white.send(move_msg(&pair.w, 1, 8, 8));
    white.room_until(|r| r.moves.len() == 2);
    let answered = sent.elapsed();
    let whole = started.elapsed();
    pair.black.room_until(|r| r.moves.len() == 2);
    eprintln!(
        "full: the seated player's move answered in {:.1} ms ({:.1} ms from connecting)",
        answered.as_secs_f64() * 1000.0,
        whole.as_secs_f64() * 1000.0
    );
    assert!(answered < Duration::from_secs(2), "{answered:?}");
    assert!(whole < Duration::from_secs(2), "{whole:?}");
    // The oldest idle connection of the networks holding most made room, with a clear reason.
    assert_eq!(fillers.remove(0).close_code(), Some(1013));
    assert!(
        s.log().contains("to make room for a seated player"),
        "{}",
        s.log()
    );
    // Black can do the same (its reserve place came back when the idle one left).
    std::thread::sleep(Duration::from_millis(500));
    let mut black = Client::connect_from("127.0.0.1", &s.addr).expect("black gets in too");
    black.hello_again(&pair.b_token);
    black.send(json!({"type": "resume", "code": pair.b.code, "seat_token": pair.b.seat_token}));
    black.room_until(|r| r.moves.len() == 2);
    black.send(move_msg(&pair.b, 2, 9, 9));
    black.room_until(|r| r.moves.len() == 3);
}

/// A script that starts the server binary with the descriptor limit lowered to `soft`, hard
/// `hard`.
fn with_descriptor_limit(dir: &std::path::Path, soft: u32, hard: u32) -> std::path::PathBuf {
    let script = dir.join("limited.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nulimit -Sn {soft} && ulimit -Hn {hard} && exec '{}' \"$@\"\n",
            server_binary().display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    script
}

#[cfg(unix)]
#[test]
fn the_caps_follow_the_descriptor_limit_and_health_answers_through_half_sent_requests() {
    let dir = temp_dir("descriptors");
    let bin = with_descriptor_limit(&dir, 128, 256);
    let s = Server::start_binary(&bin, &dir.join("db.sqlite"), &[]);
    let log = s.log();
    assert!(
        log.contains("raised the limit from 128 to 256"),
        "the raise is logged:\n{log}"
    );
    assert!(
        log.contains("--max-connections 10000 lowered to 192"),
        "the cap follows:\n{log}"
    );
    // 300 half-sent requests from 12 addresses in 12 networks (more than the descriptors).
    let mut held = Vec::new();
    for i in 0..300 {
        let from = format!("127.0.{}.1", 10 + i % 12);
        let mut t = tcp_from(&from, &s.addr).expect("connect");
        let _ = t.write_all(b"GET /ws HTTP/1.1\r\nHost: x\r\n");
        held.push(t);
    }
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let answer = get_from("127.0.0.1", &s.addr, "/health");
    eprintln!(
        "descriptors: /health answered in {:.1} ms beside 300 half-sent requests",
        started.elapsed().as_secs_f64() * 1000.0
    );
    assert!(
        answer.starts_with("HTTP/1.1 200") && answer.ends_with("ok"),
        "{answer:?}\n{}",
        s.log()
    );
    // And a player still gets in and plays.
    let mut c = Client::connect_from("127.0.1.1", &s.addr).expect("a player gets in");
    c.hello("Ann");
    drop(held);
}

/// Creates a waiting public game: its code, or the refusal.
fn create(c: &mut Client) -> Result<String, (ErrorCode, String)> {
    c.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, None, false), "colour": "Black", "public": true}));
    c.recv_until(|m| match m {
        ServerMessage::Seat { seat } => Some(Ok(seat.code.clone())),
        ServerMessage::Error { code, message, .. } => Some(Err((*code, message.clone()))),
        _ => None,
    })
}

#[test]
fn one_network_holds_at_most_48_waiting_games() {
    let s = server("network-waiting", &[]);
    let mut players = Vec::new();
    let mut waiting = 0;
    let mut refused = None;
    // Five addresses of one /24, four players each, three games each: 12 an address.
    'made: for host in 1..=5 {
        for n in 0..4 {
            let mut c = Client::connect_from(&format!("127.0.6.{host}"), &s.addr).expect("connect");
            c.hello(&format!("W{host}x{n}"));
            for _ in 0..3 {
                match create(&mut c) {
                    Ok(_) => waiting += 1,
                    Err(why) => {
                        refused = Some(why);
                        break 'made;
                    }
                }
            }
            players.push(c);
        }
    }
    eprintln!("127.0.6.0/24: {waiting} waiting games, then {refused:?}");
    assert_eq!(waiting, 48);
    let (code, message) = refused.expect("the network's share is refused");
    assert_eq!(code, ErrorCode::Limit);
    assert!(message.contains("your network"), "{message}");
    // Another network still opens games.
    let mut other = Client::connect_from("127.0.7.1", &s.addr).expect("connect");
    other.hello("Elsewhere");
    create(&mut other).expect("another /24 opens a game");
}
