//! Ratings that puppets cannot inflate (issue 83): the real server on a loopback port with real
//! WebSocket clients. A player who beats five new accounts of its own, three rated games each,
//! gains at most 150 points; two honest new players who play each other still come apart in
//! the right direction, their deviations shrinking.

mod server_support;

use gomoku_engine::Stone;
use gomoku_net::EndReason;
use server_support::{Client, Pair, Server, settings, temp_dir};

/// A player's stored rating, deviation and rated games, by name.
fn stored(server: &Server, name: &str) -> (f64, f64, u32) {
    let db = rusqlite::Connection::open(&server.db).expect("open the database");
    db.query_row(
        "SELECT rating, deviation, games FROM players WHERE name = ?1",
        [name],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
    .expect("the player is stored")
}

/// A day (and a little more) passes for the games finished so far: the pair limit (three
/// rated games a day between the same two) counts the finished games of the last day.
fn a_day_passes(server: &Server) {
    let db = rusqlite::Connection::open(&server.db).expect("open the database");
    db.busy_timeout(std::time::Duration::from_secs(10))
        .expect("a busy timeout");
    db.execute(
        "UPDATE games SET finished = finished - 90000 WHERE finished IS NOT NULL",
        [],
    )
    .expect("move the games a day back");
}

/// A new player from the loopback address `from`; returns its token.
fn new_player(server: &Server, from: &str, name: &str) -> String {
    let mut c = Client::connect_from(from, &server.addr).expect("connect");
    let (_, token) = c.hello(name);
    c.close();
    token
}

/// One rated game (freestyle, 15x15) between two players by their tokens, to a five by
/// `winner`; returns when both have seen the end.
fn rated_game(server: &Server, black: &str, white: &str, winner: Stone) {
    let mut p = Pair::again(server, black, white, settings("Freestyle", 15, None, true));
    // The winner's stones in a row (y = 7 for black, y = 9 for white); the loser's spread
    // out on its own line, two apart, so they never make five.
    let mut end = None;
    for ply in 0..9u32 {
        let i = (ply / 2) as u8;
        let (x, y) = match (ply % 2 == 0, winner) {
            (true, Stone::Black) => (i, 7),
            (false, Stone::Black) => (2 * i, 12),
            (true, Stone::White) => (2 * i, 2),
            (false, Stone::White) => (i, 9),
        };
        end = Some(p.play(ply, x, y));
    }
    if winner == Stone::White {
        end = Some(p.play(9, 4, 9));
    }
    let result = end.and_then(|e| e.result).expect("the game is over");
    assert_eq!(
        (result.winner, result.reason),
        (Some(winner), EndReason::Five)
    );
    // The result is stored (with the new ratings) before the next game or a day passing.
    let db = rusqlite::Connection::open(&server.db).expect("open the database");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while db
        .query_row(
            "SELECT finished IS NULL FROM games WHERE code = ?1",
            [&p.b.code],
            |r| r.get::<_, bool>(0),
        )
        .unwrap_or(true)
    {
        assert!(
            std::time::Instant::now() < deadline,
            "game {} is not stored as finished",
            p.b.code
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    p.black.close();
    p.white.close();
}

#[test]
fn puppets_cannot_inflate_a_rating_and_honest_players_still_converge() {
    let s = Server::start(&temp_dir("puppets").join("db.sqlite"), &[]);

    // The master, on 127.0.0.1, and five new accounts of its own from five other addresses.
    let master = new_player(&s, "127.0.0.1", "Master");
    for k in 0..5u8 {
        let puppet = new_player(&s, &format!("127.0.0.{}", k + 2), &format!("Puppet{k}"));
        for game in 0..3 {
            // The master wins every game, with either colour.
            if game % 2 == 0 {
                rated_game(&s, &master, &puppet, Stone::Black);
            } else {
                rated_game(&s, &puppet, &master, Stone::White);
            }
        }
    }
    let (rating, deviation, games) = stored(&s, "Master");
    let gained = rating - 1500.0;
    eprintln!(
        "the master after {games} rated games: {rating:.1} ({gained:+.1}), deviation {deviation:.1}"
    );
    for k in 0..5 {
        let (r, d, g) = stored(&s, &format!("Puppet{k}"));
        eprintln!("Puppet{k}: {r:.1}, deviation {d:.1}, {g} games");
    }
    assert_eq!(games, 15, "all fifteen games were rated");
    assert!(gained > 0.0, "winning still gains something: {gained:+.1}");
    assert!(
        gained <= 150.0,
        "five puppets lifted the master by {gained:+.1} (at most +150)"
    );

    // Two honest new players play twenty games over seven days (three a day: the pair limit
    // rates no more), colours alternating, Ada winning seven in ten.
    let ada = new_player(&s, "127.0.0.7", "Ada");
    let bea = new_player(&s, "127.0.0.8", "Bea");
    for game in 0..20u32 {
        let ada_wins = game % 10 % 3 != 2;
        let (black, white) = if game % 2 == 0 {
            (&ada, &bea)
        } else {
            (&bea, &ada)
        };
        let winner = match (game % 2 == 0, ada_wins) {
            (true, true) | (false, false) => Stone::Black,
            _ => Stone::White,
        };
        rated_game(&s, black, white, winner);
        if game % 3 == 2 {
            a_day_passes(&s);
        }
    }
    let (ra, da, ga) = stored(&s, "Ada");
    let (rb, db, gb) = stored(&s, "Bea");
    eprintln!(
        "Ada: {ra:.1}, deviation {da:.1}, {ga} games; Bea: {rb:.1}, deviation {db:.1}, {gb} games"
    );
    assert_eq!((ga, gb), (20, 20), "every game was rated");
    assert!(
        ra > 1500.0 && rb < 1500.0 && ra - rb > 100.0,
        "the better player is rated higher: Ada {ra:.1}, Bea {rb:.1}"
    );
    assert!(
        da < 350.0 && db < 350.0,
        "deviations shrink: {da:.1} {db:.1}"
    );
}
