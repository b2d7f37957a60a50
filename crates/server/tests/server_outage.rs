//! A database that blinks under three servers: while PostgreSQL is down every move is
//! answered (a clear `Storage` error, for a player of the game's own server and for one
//! relayed through another alike) or its connection closed for the client to come back; when
//! it returns, no live server takes over another's games, every game goes on, and no move is
//! stored twice.

mod server_support;

use std::path::Path;
use std::time::{Duration, Instant};

use gomoku_engine::Pos;
use gomoku_net::{ErrorCode, ServerMessage};
use serde_json::json;
use server_support::{Client, Pair, Server, move_msg, pg, settings, temp_dir};

/// How long a player may wait for an answer while the database is down.
const ANSWER_WITHIN: Duration = Duration::from_secs(10);
/// How long after the database returns a false takeover would have shown (lease 10 s, and
/// the second between checks).
const SETTLE: Duration = Duration::from_secs(14);

/// A game between a new player on `black_at` (who makes it) and one on `white_at`, black's
/// first move played.
fn game(black_at: &Server, white_at: &Server, n: usize) -> Pair {
    let mut black = black_at.client();
    let (_, b_token) = black.hello(&format!("Black{n}"));
    let mut white = white_at.client();
    let (_, w_token) = white.hello(&format!("White{n}"));
    let mut p = Pair::seat(
        black,
        b_token,
        white,
        w_token,
        settings("Freestyle", 15, None, false),
    );
    p.play(0, 7, 7);
    p
}

/// What a player heard after moving while the database was down.
#[derive(Debug, PartialEq)]
enum Heard {
    /// Refused: nothing changed.
    Storage,
    /// Closed, to come back (1012).
    Closed(Option<u16>),
    /// The move was played after all.
    Played,
}

fn hear(c: &mut Client) -> Option<Heard> {
    let deadline = Instant::now() + ANSWER_WITHIN;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match c.recv_within(left)? {
            Ok(ServerMessage::Error {
                code: ErrorCode::Storage,
                ..
            }) => return Some(Heard::Storage),
            Ok(ServerMessage::Error { code, message, .. }) => {
                panic!("refused as {code:?}: {message}")
            }
            Ok(ServerMessage::Room { room }) if room.moves.len() == 2 => {
                return Some(Heard::Played);
            }
            Ok(_) => {}
            Err(code) => return Some(Heard::Closed(code)),
        }
    }
}

fn outage(name: &str, down: Duration) {
    let dir = temp_dir(name);
    let pg_dir = dir.join("pg");
    let base = pg::start_cluster(&pg_dir);
    let url = pg::database_in(&base, "outage");
    let s: Vec<Server> = (0..3)
        .map(|i| Server::start_postgres(&url, &dir.join(format!("server{i}.log")), &[]))
        .collect();
    let mut games = [
        (game(&s[0], &s[0], 0), 0),
        (game(&s[0], &s[1], 1), 1),
        (game(&s[1], &s[2], 2), 2),
    ];

    pg::halt(&pg_dir);
    let down_at = Instant::now();
    std::thread::sleep(Duration::from_millis(500));
    let mut heard = Vec::new();
    for (p, _) in games.iter_mut() {
        p.white.send(move_msg(&p.w, 1, 8, 8));
        let answer = hear(&mut p.white);
        assert!(
            answer.is_some(),
            "game {}: no answer to a move while the database was down",
            p.b.code
        );
        heard.push(answer);
    }
    for answer in &heard {
        if let Some(Heard::Closed(code)) = answer {
            assert_eq!(*code, Some(1012), "closed to come back");
        }
    }
    std::thread::sleep(down.saturating_sub(down_at.elapsed()));
    pg::resume(&pg_dir);
    std::thread::sleep(SETTLE);
    for (i, server) in s.iter().enumerate() {
        let log = server.log();
        assert!(
            !log.contains("took over"),
            "server {i} took over games of live servers after a {down:?} outage:\n{log}"
        );
    }

    // Every game goes on, through its players' own servers, and no move is stored twice.
    for ((p, white_at), answer) in games.iter_mut().zip(&heard) {
        let code = p.b.code.clone();
        if answer != &Some(Heard::Played) {
            if matches!(answer, Some(Heard::Closed(_))) {
                let mut white = s[*white_at].client();
                white.hello_again(&p.w_token);
                white.send(json!({"type": "resume", "code": code, "seat_token": p.w.seat_token}));
                white.seat();
                p.white = white;
            }
            p.play(1, 8, 8);
        }
        p.play(2, 7, 8);
        assert_eq!(
            pg::stored_moves(&url, &code),
            [Pos::new(7, 7), Pos::new(8, 8), Pos::new(7, 8)],
            "game {code}"
        );
    }
    eprintln!("{name}: heard while down: {heard:?}");
    drop(s);
    pg::stop_cluster(Path::new(&pg_dir));
}

#[test]
fn a_ten_second_database_outage_answers_every_move_and_takes_over_nothing() {
    outage("outage-10", Duration::from_secs(10));
}

#[test]
fn a_thirty_second_database_outage_answers_every_move_and_takes_over_nothing() {
    outage("outage-30", Duration::from_secs(30));
}
