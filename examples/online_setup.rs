//! Sets up online games on a running server for the book's screenshots
//! (`scripts/screenshots.sh`): "Ann" (black) and "Bob" play a timed game a few moves
//! in, two more players play a public game to watch, and Ann's player and seat tokens are
//! written to `DATA_DIR/online.json` as the game keeps them, so the game started with
//! `GOMOKU_DATA_DIR=DATA_DIR gomoku --join CODE` comes back to Ann's seat.
//!
//!     cargo run --example online_setup -- 127.0.0.1:PORT DATA_DIR [SECONDS]
//!
//! Prints Ann's game code, then keeps Bob and the watched game connected for SECONDS (60).

#[path = "../crates/server/tests/server_support/mod.rs"]
mod server_support;

use std::time::Duration;

use gomoku::players::online::{OnlineSettings, ServerAccount};
use gomoku::store::{FileBackend, Store};
use gomoku_net::RoomStatus;
use serde_json::json;
use server_support::{Client, move_msg, settings};

fn pair(
    addr: &str,
    black: &str,
    white: &str,
    moves: &[(u8, u8)],
) -> (Client, Client, String, gomoku_net::SeatInfo) {
    let mut b = Client::connect(addr, None).expect("connect");
    let (_, b_token) = b.hello(black);
    b.send(
        json!({"type": "create_room", "settings": settings("Freestyle", 15, Some((300, 3)), true),
                  "colour": "Black", "public": true}),
    );
    let b_seat = b.seat();
    let mut w = Client::connect(addr, None).expect("connect");
    w.hello(white);
    w.send(json!({"type": "join_room", "code": b_seat.code}));
    let w_seat = w.seat();
    w.room_until(|r| r.status == RoomStatus::Playing);
    for (ply, &(x, y)) in moves.iter().enumerate() {
        let (client, seat) = if ply % 2 == 0 {
            (&mut b, &b_seat)
        } else {
            (&mut w, &w_seat)
        };
        client.send(move_msg(seat, ply as u32, x, y));
        let want = ply + 1;
        b.room_until(|r| r.moves.len() == want);
        w.room_until(|r| r.moves.len() == want);
        std::thread::sleep(Duration::from_millis(300));
    }
    (b, w, b_token, b_seat)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(addr), Some(dir)) = (args.first(), args.get(1)) else {
        eprintln!("usage: online_setup 127.0.0.1:PORT DATA_DIR [SECONDS]");
        std::process::exit(2);
    };
    let secs: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    // A game to watch, then Ann's.
    let watched = pair(addr, "Cai", "Dana", &[(7, 7), (8, 8), (8, 6), (6, 8)]);
    let (ann, bob, token, seat) = pair(
        addr,
        "Ann",
        "Bob",
        &[(7, 7), (8, 7), (7, 8), (7, 6), (8, 9), (9, 10), (6, 7)],
    );
    let address = format!("ws://{addr}/ws");
    let online = OnlineSettings {
        address: address.clone(),
        name: "Ann".into(),
        servers: vec![ServerAccount {
            address,
            player_token: Some(token),
            seats: vec![seat.clone()],
            games: vec![],
        }],
    };
    Store::new(FileBackend::new(dir))
        .save(&online)
        .expect("write online.json");
    ann.close();
    println!("{}", seat.code);
    std::thread::sleep(Duration::from_secs(secs));
    drop((bob, watched));
}
