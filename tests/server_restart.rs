//! Nothing lost: the server killed with SIGKILL mid-game and started again on the same
//! database resumes the game, every acknowledged move in place and the clocks stopped while
//! it was down (but not while the player thought before the crash).

mod server_support;

use std::time::Duration;

use gomoku::engine::{Pos, Stone};
use gomoku::net::{EndReason, RoomStatus};
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
