//! Several servers on one PostgreSQL database (a private throwaway cluster, started by
//! scripts/pg_cluster.sh): one lobby, games played across servers, quick match across them, a
//! killed server's games taken over with every acknowledged move and clock, and a paused
//! server that never decides a game taken from it.

mod server_support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use gomoku_engine::{Pos, Stone};
use gomoku_net::{EndReason, RoomState, RoomStatus, ServerMessage};
use serde_json::json;
use server_support::{Client, Pair, Server, move_msg, pg, settings, temp_dir};

/// Longer than the lease (10 s) plus the second between checks for games to take over.
const TAKEOVER: Duration = Duration::from_secs(25);

fn servers(name: &str, n: usize) -> (String, PathBuf, Vec<Server>) {
    let url = pg::database(name);
    let dir = temp_dir(name);
    let servers = (0..n)
        .map(|i| Server::start_postgres(&url, &dir.join(format!("server{i}.log")), &[]))
        .collect();
    (url, dir, servers)
}

fn games_listed(c: &mut Client) -> Vec<String> {
    c.send(json!({"type": "list_games"}));
    c.recv_until(|m| match m {
        ServerMessage::Games { games } => Some(games.iter().map(|g| g.code.clone()).collect()),
        _ => None,
    })
}

fn leaderboard(c: &mut Client) -> Vec<(String, f64)> {
    c.send(json!({"type": "leaderboard", "limit": 10}));
    c.recv_until(|m| match m {
        ServerMessage::Leaderboard { players } => {
            Some(players.iter().map(|p| (p.name.clone(), p.rating)).collect())
        }
        _ => None,
    })
}

#[test]
fn three_servers_serve_one_lobby() {
    let (url, _dir, s) = servers("lobby", 3);
    // Ann on the first server makes the game, Bob on the second joins it, Cid on the third
    // finds it in the list and watches.
    let mut black = s[0].client();
    let (_, b_token) = black.hello("Ann");
    let mut white = s[1].client();
    let (_, w_token) = white.hello("Bob");
    let mut p = Pair::seat(
        black,
        b_token,
        white,
        w_token,
        settings("Freestyle", 15, Some((300, 0)), true),
    );
    let code = p.b.code.clone();
    let mut cid = s[2].client();
    cid.hello("Cid");
    for server in &s {
        let mut c = server.client();
        c.hello(&format!(
            "Lister{}",
            server.addr.rsplit(':').next().unwrap()
        ));
        assert_eq!(games_listed(&mut c), vec![code.clone()], "{}", server.addr);
    }
    cid.send(json!({"type": "watch", "code": code}));
    let mut view = None;
    cid.view_until(&mut view, |r| r.status == RoomStatus::Playing);

    // Black makes five in a row on row 7; white answers on row 0.
    let mut last = None;
    for ply in 0..9u32 {
        let (x, y) = if ply % 2 == 0 {
            (3 + (ply / 2) as u8, 7)
        } else {
            ((ply / 2) as u8, 0)
        };
        let r = if ply < 8 {
            p.play(ply, x, y)
        } else {
            p.black.send(move_msg(&p.b, ply, x, y));
            p.white.room_until(|r| r.status == RoomStatus::Finished)
        };
        let watched = cid.view_until(&mut view, |v| v.moves.len() == ply as usize + 1);
        assert_eq!(
            watched.moves, r.moves,
            "the watcher sees what the players see"
        );
        last = Some(r);
    }
    let end: RoomState = last.unwrap();
    let result = end.result.expect("over");
    assert_eq!(
        (result.winner, result.reason),
        (Some(Stone::Black), EndReason::Five)
    );
    assert_eq!(
        pg::stored_moves(&url, &code),
        end.moves,
        "every move stored once"
    );

    // One player base: the same leaderboard from every server, Ann first.
    let boards: Vec<Vec<(String, f64)>> = s
        .iter()
        .map(|server| {
            let mut c = server.client();
            c.hello(&format!(
                "Reader{}",
                server.addr.rsplit(':').next().unwrap()
            ));
            leaderboard(&mut c)
        })
        .collect();
    assert_eq!(boards[0][0].0, "Ann");
    assert!(boards[0][0].1 > 1500.0);
    assert!(boards.iter().all(|b| *b == boards[0]), "{boards:?}");
    // A name is one across servers.
    let mut again = s[2].client();
    again.send(json!({"type": "hello", "version": 3, "name": "ANN"}));
    match again.recv() {
        ServerMessage::Welcome {
            player: Some(p), ..
        } => assert_ne!(p.name, "ANN"),
        other => panic!("expected a welcome, got {other:?}"),
    }
}

#[test]
fn quick_match_pairs_players_waiting_on_different_servers() {
    let (url, _dir, s) = servers("quick", 2);
    let quick = json!({"type": "quick_match", "settings": settings("Renju", 15, None, false)});
    let mut a = s[0].client();
    a.hello("Ann");
    a.send(quick.clone());
    a.recv_until(|m| matches!(m, ServerMessage::Queued { .. }).then_some(()));
    let mut b = s[1].client();
    b.hello("Bob");
    b.send(quick);
    let seat_b = b.seat();
    let seat_a = a.seat();
    assert_eq!(seat_a.code, seat_b.code);
    assert_ne!(seat_a.colour, seat_b.colour);
    a.room_until(|r| r.status == RoomStatus::Playing);
    b.room_until(|r| r.status == RoomStatus::Playing);
    let (mut first, first_seat, mut second, second_seat) = if seat_a.colour == Stone::Black {
        (a, seat_a, b, seat_b)
    } else {
        (b, seat_b, a, seat_a)
    };
    first.send(move_msg(&first_seat, 0, 7, 7));
    second.room_until(|r| r.moves.len() == 1);
    second.send(move_msg(&second_seat, 1, 8, 8));
    first.room_until(|r| r.moves.len() == 2);
    assert_eq!(
        pg::stored_moves(&url, &first_seat.code),
        vec![Pos::new(7, 7), Pos::new(8, 8)]
    );
    let queued: i64 = pg::connect(&url)
        .query_one("SELECT count(*) FROM match_queue", &[])
        .unwrap()
        .get(0);
    assert_eq!(queued, 0, "nobody left waiting");
}

#[test]
fn a_killed_servers_games_go_on_at_another_with_every_move_and_clock() {
    let (url, _dir, mut s) = servers("takeover", 3);
    // The first server decides the game; both players are on the others.
    let mut maker = s[0].client();
    let (_, b_token) = maker.hello("Ann");
    let mut white = s[2].client();
    let (_, w_token) = white.hello("Bob");
    maker.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, Some((300, 0)), false), "colour": "Black", "public": true}));
    let b = maker.seat();
    maker.close();
    let mut black = s[1].client();
    let seats = black.hello_again(&b_token);
    assert_eq!(seats, vec![b.clone()], "the seat is known on every server");
    black.send(json!({"type": "resume", "code": b.code, "seat_token": b.seat_token}));
    black.seat();
    white.send(json!({"type": "join_room", "code": b.code}));
    let w = white.seat();
    let mut p = Pair {
        black,
        b,
        b_token,
        white,
        w,
        w_token,
    };
    p.play(0, 7, 7);
    p.play(1, 0, 0);
    let before = p.play(2, 7, 8).clock.expect("timed");

    s[0].kill();
    let killed = Instant::now();
    // Both players' servers tell them to connect again once the game has a new home.
    assert_eq!(p.black.close_code_within(TAKEOVER), Some(1012));
    assert_eq!(p.white.close_code_within(TAKEOVER), Some(1012));
    let moved_after = killed.elapsed();

    // They come back through the other servers than before, and play on.
    let mut black = s[2].client();
    assert_eq!(black.hello_again(&p.b_token), vec![p.b.clone()]);
    black.send(json!({"type": "resume", "code": p.b.code, "seat_token": p.b.seat_token}));
    black.seat();
    let mut white = s[1].client();
    assert_eq!(white.hello_again(&p.w_token), vec![p.w.clone()]);
    white.send(json!({"type": "resume", "code": p.w.code, "seat_token": p.w.seat_token}));
    white.seat();
    let r = white.room_until(|r| r.connected == [true, true]);
    assert_eq!(
        r.moves,
        vec![Pos::new(7, 7), Pos::new(0, 0), Pos::new(7, 8)]
    );
    assert_eq!(r.to_move, Stone::White);
    let clock = r.clock.unwrap();
    assert_eq!(clock.black_ms, before.black_ms, "black was not on move");
    let used = before.white_ms - clock.white_ms;
    assert!(
        used < 3_000,
        "white is charged for the time its server was alive, not the {moved_after:?} without one: {used} ms"
    );
    let mut p = Pair { black, white, ..p };
    p.play(3, 1, 0);
    p.play(4, 7, 9);
    assert_eq!(pg::stored_moves(&url, &p.b.code).len(), 5);
    let owner: String = pg::connect(&url)
        .query_one("SELECT owner FROM games WHERE code = $1", &[&p.b.code])
        .unwrap()
        .get(0);
    assert!(
        s[1].log().contains("took over") || s[2].log().contains("took over"),
        "a live server took it over"
    );
    assert!(!owner.is_empty());
}

#[test]
fn a_paused_server_lets_go_of_the_game_taken_from_it() {
    let (url, _dir, s) = servers("paused", 2);
    let mut p = Pair::new(&s[0], settings("Freestyle", 15, None, false));
    p.play(0, 7, 7);
    p.play(1, 8, 8);
    s[0].signal("STOP");
    let deadline = Instant::now() + TAKEOVER;
    while !s[1].log().contains("took over") {
        assert!(
            Instant::now() < deadline,
            "the second server did not take over"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    s[0].signal("CONT");
    // The paused server hears its games were taken and closes its players' connections.
    assert_eq!(p.black.close_code_within(TAKEOVER), Some(1012));
    assert_eq!(p.white.close_code_within(TAKEOVER), Some(1012));
    assert_eq!(
        pg::stored_moves(&url, &p.b.code),
        vec![Pos::new(7, 7), Pos::new(8, 8)]
    );
    // Back through the paused server: it now relays them to the game's new owner.
    let mut black = s[0].client();
    black.hello_again(&p.b_token);
    black.send(json!({"type": "resume", "code": p.b.code, "seat_token": p.b.seat_token}));
    black.seat();
    let mut white = s[0].client();
    white.hello_again(&p.w_token);
    white.send(json!({"type": "resume", "code": p.w.code, "seat_token": p.w.seat_token}));
    white.seat();
    let mut p = Pair { black, white, ..p };
    p.play(2, 7, 8);
    assert_eq!(
        pg::stored_moves(&url, &p.b.code),
        vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(7, 8)]
    );
    let (status, metrics) = s[0].get("/metrics");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    let relayed = metrics
        .lines()
        .find_map(|l| l.strip_prefix("gomoku_relayed_messages_total "))
        .and_then(|v| v.parse::<u64>().ok())
        .expect("relayed count");
    assert!(relayed >= 3, "{metrics}");
    assert!(s[0].log().contains("let go"), "{}", s[0].log());
}
