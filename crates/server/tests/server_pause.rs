//! Servers that pause (SIGSTOP, a stalled virtual machine) while players move through them:
//! every move a client sends is answered, or its connection closed so that the client comes
//! back and sees where the game stands; never silence on a live connection.

mod server_support;

use std::time::{Duration, Instant};

use gomoku_net::{RoomStatus, ServerMessage};
use serde_json::json;
use server_support::{Client, Server, move_msg, pg, settings, temp_dir};

/// Longer than the lease (10 s): long enough for the other servers to count the paused one
/// as gone.
const PAUSE: Duration = Duration::from_secs(15);
/// How long a client may wait for the answer to a move once its server runs again.
const ANSWER_WITHIN: Duration = Duration::from_secs(8);

/// What the client heard after sending a move: the room with `want` moves, or a close (and
/// its code).
enum Heard {
    Answered,
    Closed(Option<u16>),
    Silence,
}

fn hear(c: &mut Client, want: usize, within: Duration) -> Heard {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        match c.recv_within(deadline.saturating_duration_since(Instant::now())) {
            Some(Ok(ServerMessage::Room { room })) if room.moves.len() >= want => {
                return Heard::Answered;
            }
            Some(Ok(ServerMessage::Error { code, message, .. })) => {
                panic!("the move was refused: {code:?} {message}")
            }
            Some(Ok(_)) => {}
            Some(Err(code)) => return Heard::Closed(code),
            None => return Heard::Silence,
        }
    }
    Heard::Silence
}

/// A game made on `owner` by a new player there, joined by a new player on `joiner`; the
/// maker then moves to `maker_at` (resuming its seat there). Returns both clients and seats,
/// black (the maker) first.
fn game(
    owner: &Server,
    maker_at: &Server,
    joiner: &Server,
    n: usize,
) -> [(Client, gomoku_net::SeatInfo); 2] {
    let mut maker = owner.client();
    let (_, token) = maker.hello(&format!("Maker{n}"));
    maker.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, None, false), "colour": "Black", "public": true}));
    let a = maker.seat();
    let mut other = joiner.client();
    other.hello(&format!("Joiner{n}"));
    other.send(json!({"type": "join_room", "code": a.code}));
    let b = other.seat();
    other.room_until(|r| r.status == RoomStatus::Playing);
    let mut maker = if std::ptr::eq(owner, maker_at) {
        maker
    } else {
        maker.close();
        let mut again = maker_at.client();
        again.hello_again(&token);
        again.send(json!({"type": "resume", "code": a.code, "seat_token": a.seat_token}));
        again.seat();
        again
    };
    maker.send(move_msg(&a, 0, 7, 7));
    maker.room_until(|r| r.moves.len() == 1);
    other.room_until(|r| r.moves.len() == 1);
    [(maker, a), (other, b)]
}

/// Pauses `paused` for [`PAUSE`] while white sends its move in every game, then checks that
/// each move was answered or its connection closed to come back, and stored at most once.
fn pause_while_moving(
    url: &str,
    paused: &Server,
    games: &mut [[(Client, gomoku_net::SeatInfo); 2]],
) {
    paused.signal("STOP");
    for [_, (white, seat)] in games.iter_mut() {
        white.send(move_msg(seat, 1, 8, 8));
    }
    std::thread::sleep(PAUSE);
    paused.signal("CONT");
    for [_, (white, seat)] in games.iter_mut() {
        match hear(white, 2, ANSWER_WITHIN) {
            Heard::Answered => {}
            Heard::Closed(code) => assert_eq!(code, Some(1012), "closed to come back"),
            Heard::Silence => panic!(
                "game {}: the move got no answer and the connection stayed open; stored: {:?}",
                seat.code,
                pg::stored_moves(url, &seat.code),
            ),
        }
        let stored = pg::stored_moves(url, &seat.code);
        assert!(stored.len() <= 2, "stored once: {stored:?}");
    }
}

#[test]
fn relayed_players_moves_are_answered_after_their_server_s_pause() {
    let url = pg::database("pause_relay");
    let dir = temp_dir("pause-relay");
    let owner = Server::start_postgres(&url, &dir.join("owner.log"), &[]);
    let relay = Server::start_postgres(&url, &dir.join("relay.log"), &[]);
    let mut games = [
        game(&owner, &owner, &relay, 0),
        game(&owner, &relay, &relay, 1),
        game(&owner, &relay, &relay, 2),
    ];
    pause_while_moving(&url, &relay, &mut games);
}

#[test]
fn relayed_players_moves_are_answered_after_the_owner_s_pause() {
    let url = pg::database("pause_owner");
    let dir = temp_dir("pause-owner");
    let owner = Server::start_postgres(&url, &dir.join("owner.log"), &[]);
    let relay = Server::start_postgres(&url, &dir.join("relay.log"), &[]);
    let mut games = [
        game(&owner, &relay, &relay, 0),
        game(&owner, &owner, &relay, 1),
    ];
    pause_while_moving(&url, &owner, &mut games);
}
