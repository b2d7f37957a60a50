//! Ratings players can trust and names nobody can borrow: unique display names (case and
//! look-alike characters folded), guest names for a taken one, provisional ratings shown as
//! such, and games that were not played (resigned at once, or the same pair again and again)
//! do not move ratings. Real server processes on loopback.

mod server_support;

use gomoku_net::{ErrorCode, PlayerInfo, RoomStatus, ServerMessage};
use serde_json::json;
use server_support::{Client, Pair, Server, seat_msg, settings, temp_dir};

fn server(name: &str) -> Server {
    Server::start(&temp_dir(name).join("db.sqlite"), &[])
}

fn leaderboard(c: &mut Client) -> Vec<PlayerInfo> {
    c.send(json!({"type": "leaderboard", "limit": 10}));
    c.recv_until(|m| match m {
        ServerMessage::Leaderboard { players } => Some(players.clone()),
        _ => None,
    })
}

#[test]
fn names_are_unique_and_a_taken_one_gets_a_guest_name() {
    let s = server("names");
    let mut ann = s.client();
    let (first, _) = ann.hello("Ann");
    assert_eq!(first.name, "Ann");
    assert!(first.provisional, "a new player's rating is provisional");
    // The same name in other letters: the new player plays as a guest, and is told why.
    for (i, same) in ["ann", "АNN", "A n n"].into_iter().enumerate() {
        let mut c = s.client();
        let (p, _) = c.hello(same);
        assert!(p.name.starts_with("Guest "), "{same} became {}", p.name);
        assert_ne!(p.name, first.name);
        let told = c.expect_error(ErrorCode::NameTaken);
        assert!(told.contains(&p.name), "{told}");
        let _ = i;
    }
    // Renaming to another's name is refused; the player keeps its name.
    let mut bob = s.client();
    let (_, bob_token) = bob.hello("Bob");
    let mut again = s.client();
    again.send(json!({"type": "hello", "version": 3, "token": bob_token, "name": "ANN"}));
    match again.recv() {
        ServerMessage::Welcome {
            player: Some(p), ..
        } => assert_eq!(p.name, "Bob"),
        other => panic!("expected a welcome, got {other:?}"),
    }
    again.expect_error(ErrorCode::NameTaken);
    // A player may change the case of its own name.
    let mut bob2 = s.client();
    bob2.send(json!({"type": "hello", "version": 3, "token": bob_token, "name": "BOB"}));
    match bob2.recv() {
        ServerMessage::Welcome {
            player: Some(p), ..
        } => assert_eq!(p.name, "BOB"),
        other => panic!("expected a welcome, got {other:?}"),
    }
}

/// Plays a rated game from `pair` that white resigns after `plies` moves (black and white
/// in two columns, far from a five).
fn resign_after(pair: &mut Pair, plies: u32) {
    for ply in 0..plies {
        let (x, y) = ((ply / 2 % 4) as u8 * 2 + ply as u8 % 2, (ply / 8) as u8);
        pair.play(ply, x, y);
    }
    pair.white.send(seat_msg("resign", &pair.w));
    pair.black.room_until(|r| r.status == RoomStatus::Finished);
}

#[test]
fn games_not_played_and_the_same_pair_again_do_not_move_ratings() {
    let s = server("farming");
    // Resigned at move 0: nothing moves.
    let mut p = Pair::new(&s, settings("Freestyle", 15, None, true));
    resign_after(&mut p, 0);
    assert!(
        leaderboard(&mut p.black).is_empty(),
        "a game resigned at once is unrated"
    );
    // Real games between the same two: the first three of the day count.
    let (b_token, w_token) = (p.b_token.clone(), p.w_token.clone());
    let mut ratings = Vec::new();
    for _ in 0..5 {
        let mut pair = Pair::again(
            &s,
            &b_token,
            &w_token,
            settings("Freestyle", 15, None, true),
        );
        resign_after(&mut pair, 12);
        let board = leaderboard(&mut pair.black);
        ratings.push(board.first().map(|p| (p.rating, p.games)));
    }
    let games: Vec<u32> = ratings.iter().map(|r| r.map_or(0, |r| r.1)).collect();
    assert_eq!(games, [1, 2, 3, 3, 3], "{ratings:?}");
    assert_eq!(ratings[3], ratings[2], "the fourth game moved nothing");
}
