//! Nothing lost: the server killed with SIGKILL mid-game and started again on the same
//! database resumes the game, every acknowledged move in place and the clocks stopped while
//! it was down (but not while the player thought before the crash).

mod server_support;

use std::time::Duration;

use gomoku_engine::{Pos, Stone};
use gomoku_net::{EndReason, RoomStatus};
use serde_json::json;
use server_support::{Pair, Server, move_msg, settings, temp_dir};

#[test]
fn sigkill_and_restart_resume_the_game() {
    let db = temp_dir("restart").join("db.sqlite");
    let mut first = Server::start(&db, &[]);
    let mut p = Pair::new(&first, settings("Freestyle", 15, Some((300, 3)), true));
    p.play(0, 7, 7);
    p.play(1, 0, 0);
    let seen = p.play(2, 7, 8);
    let before = seen.clock.expect("timed");
    // White thinks for 2.2 s, then the server dies; it stays down 3 s.
    std::thread::sleep(Duration::from_millis(2200));
    first.kill();
    assert!(p.white.try_recv().is_none(), "the connection dropped");
    std::thread::sleep(Duration::from_millis(3000));

    let second = Server::start(&db, &[]);
    let mut black = second.client();
    let seats = black.hello_again(&p.b_token);
    assert_eq!(seats, vec![p.b.clone()]);
    let mut white = second.client();
    assert_eq!(white.hello_again(&p.w_token), vec![p.w.clone()]);
    white.send(json!({"type": "resume", "code": p.w.code, "seat_token": p.w.seat_token}));
    white.seat();
    let r = white.room_until(|r| r.connected[1]);
    assert_eq!(r.status, RoomStatus::Playing);
    assert_eq!(
        r.moves,
        vec![Pos::new(7, 7), Pos::new(0, 0), Pos::new(7, 8)]
    );
    assert_eq!(r.to_move, Stone::White);
    let clock = r.clock.unwrap();
    assert_eq!(clock.running, Some(Stone::White));
    assert_eq!(clock.black_ms, before.black_ms);
    // White is charged its thinking time up to the last heartbeat (about a second before the
    // kill at most), plus the moments since the restart, but not the 3 s the server was down
    // (that would make it over 5 s).
    let used = before.white_ms - clock.white_ms;
    assert!(
        (800..4000).contains(&used),
        "white had {} ms, now {} ms",
        before.white_ms,
        clock.white_ms
    );
    black.send(json!({"type": "resume", "code": p.b.code, "seat_token": p.b.seat_token}));
    let b = black.seat();
    // Play on to the end on the restarted server.
    let moves = [(1, 0), (7, 9), (2, 0), (7, 10), (3, 0), (7, 11)];
    for (i, &(x, y)) in moves.iter().enumerate() {
        let ply = 3 + i as u32;
        if !ply.is_multiple_of(2) {
            white.send(move_msg(&p.w, ply, x, y));
        } else {
            black.send(move_msg(&b, ply, x, y));
        }
        white.room_until(|r| r.moves.len() == ply as usize + 1);
    }
    let end = black.room_until(|r| r.status == RoomStatus::Finished);
    let result = end.result.unwrap();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Stone::Black), EndReason::Five)
    );
    // A third start has nothing to resume.
    drop(second);
    let third = Server::start(&db, &[]);
    let mut c = third.client();
    assert!(c.hello_again(&p.b_token).is_empty());
}

#[test]
fn after_a_restart_the_clock_waits_for_the_side_to_move() {
    let db = temp_dir("restart-clock").join("db.sqlite");
    let mut first = Server::start(&db, &[]);
    let mut p = Pair::new(&first, settings("Freestyle", 15, Some((300, 0)), false));
    let seen = p.play(0, 7, 7);
    let before = seen.clock.expect("timed");
    first.kill();
    let second = Server::start(&db, &[]);
    // Black comes back at once; white (to move) only 3 s later.
    let mut black = second.client();
    black.hello_again(&p.b_token);
    black.send(json!({"type": "resume", "code": p.b.code, "seat_token": p.b.seat_token}));
    black.seat();
    let r = black.room_until(|r| r.connected[0]);
    assert_eq!(
        r.clock.unwrap().running,
        None,
        "white is away: no clock runs"
    );
    std::thread::sleep(Duration::from_secs(3));
    let mut white = second.client();
    white.hello_again(&p.w_token);
    white.send(json!({"type": "resume", "code": p.w.code, "seat_token": p.w.seat_token}));
    white.seat();
    let r = white.room_until(|r| r.connected[1]);
    let clock = r.clock.unwrap();
    assert_eq!(
        clock.running,
        Some(Stone::White),
        "white's clock runs from its return"
    );
    let used = before.white_ms - clock.white_ms;
    assert!(
        used < 1500,
        "white was charged {used} ms for the 3 s nobody could play"
    );
}

#[test]
fn a_damaged_game_is_set_aside_and_the_others_resume() {
    let db = temp_dir("restart-damaged").join("db.sqlite");
    let mut first = Server::start(&db, &[]);
    let mut good = Pair::new(&first, settings("Freestyle", 15, None, false));
    good.play(0, 7, 7);
    let mut bad = Pair::again(
        &first,
        &good.b_token,
        &good.w_token,
        settings("Renju", 15, None, false),
    );
    bad.play(0, 7, 7);
    bad.play(1, 8, 8);
    first.kill();
    // A stored move the rules refuse (a point already taken), as a damaged disk or a bad
    // hand edit might leave it.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "INSERT INTO moves (code, ply, x, y, black_ms, white_ms) VALUES (?1, 2, 7, 7, 0, 0)",
        [&bad.b.code],
    )
    .unwrap();
    drop(conn);
    let second = Server::start(&db, &[]);
    let log = second.log();
    assert!(
        log.contains(&format!("game {} could not be restored", bad.b.code)),
        "{log}"
    );
    let mut black = second.client();
    let seats = black.hello_again(&good.b_token);
    assert_eq!(
        seats,
        vec![good.b.clone()],
        "the good game is back, the bad one is not"
    );
    black.send(json!({"type": "resume", "code": bad.b.code, "seat_token": bad.b.seat_token}));
    let told = black.expect_error(gomoku_net::ErrorCode::Damaged);
    assert!(told.contains("could not be restored"), "{told}");
    black.send(json!({"type": "resume", "code": good.b.code, "seat_token": good.b.seat_token}));
    black.seat();
    let r = black.room_until(|r| r.connected[0]);
    assert_eq!(r.moves, vec![Pos::new(7, 7)]);
    // It stays set aside after another restart.
    drop(second);
    let third = Server::start(&db, &[]);
    let mut c = third.client();
    c.hello_again(&good.b_token);
    c.send(json!({"type": "resume", "code": bad.b.code, "seat_token": bad.b.seat_token}));
    c.expect_error(gomoku_net::ErrorCode::Damaged);
}
