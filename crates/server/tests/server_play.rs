//! The real server on a loopback port with real WebSocket clients: a game to a win, resign,
//! draw, takeback, flag, reconnection, forfeit, spectators, quick match and the leaderboard.

mod server_support;

use gomoku_engine::{Pos, Stone};
use gomoku_net::{EndReason, ErrorCode, RoomStatus, ServerMessage};
use serde_json::json;
use server_support::{Pair, Server, move_msg, seat_msg, settings, temp_dir};

fn server(name: &str, extra: &[&str]) -> Server {
    Server::start(&temp_dir(name).join("db.sqlite"), extra)
}

fn stored_moves(server: &Server, code: &str) -> Vec<(u32, u8, u8)> {
    let db = rusqlite::Connection::open(&server.db).expect("open the database");
    let mut st = db
        .prepare("SELECT ply, x, y FROM moves WHERE code = ?1 ORDER BY ply")
        .unwrap();
    st.query_map([code], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_full_game_to_a_win() {
    let s = server("win", &[]);
    let mut p = Pair::new(&s, settings("Freestyle", 15, None, true));
    for i in 0..4u32 {
        p.play(2 * i, i as u8, 7);
        p.play(2 * i + 1, i as u8, 9);
    }
    let end = p.play(8, 4, 7);
    assert_eq!(end.status, RoomStatus::Finished);
    let result = end.result.expect("a result");
    assert_eq!(result.winner, Some(Stone::Black));
    assert_eq!(result.reason, EndReason::Five);
    assert_eq!(result.line.len(), 5);
    assert!(result.line.contains(&Pos::new(4, 7)));
    // Every acknowledged move is in the database, once.
    let stored = stored_moves(&s, &p.b.code);
    assert_eq!(stored.len(), 9);
    assert_eq!(stored[8], (8, 4, 7));
    // Nothing more can be played.
    p.white.send(move_msg(&p.w, 9, 10, 10));
    p.white.expect_error(ErrorCode::NotPlaying);
    // The rated result moved the ratings.
    p.black.send(json!({"type": "leaderboard", "limit": 10}));
    let players = p.black.recv_until(|m| match m {
        ServerMessage::Leaderboard { players } => Some(players.clone()),
        _ => None,
    });
    assert_eq!(players.len(), 2);
    assert_eq!(players[0].name, "Ann");
    assert!(players[0].rating > 1500.0 && players[1].rating < 1500.0);
    assert_eq!(players[0].games, 1);
}

/// The messages `client` gets until the answer to a ping (what the server had to say).
fn until_pong(client: &mut server_support::Client) -> Vec<ServerMessage> {
    client.send(json!({"type": "ping"}));
    let mut heard = Vec::new();
    loop {
        match client.recv() {
            ServerMessage::Pong => return heard,
            other => heard.push(other),
        }
    }
}

/// The players' new ratings `heard` says.
fn new_ratings(heard: &[ServerMessage]) -> Vec<gomoku_net::PlayerInfo> {
    heard
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Player { player } => Some(player.clone()),
            _ => None,
        })
        .collect()
}

/// The new rating `client` hears after the end of its game (once: nothing more follows).
fn new_rating_after_the_end(client: &mut server_support::Client) -> gomoku_net::PlayerInfo {
    let mut ended = false;
    let player = client.recv_until(|m| match m {
        ServerMessage::Room { room } if room.status == RoomStatus::Finished => {
            ended = true;
            None
        }
        ServerMessage::Player { player } => {
            assert!(ended, "the new rating comes after the end");
            Some(player.clone())
        }
        _ => None,
    });
    assert_eq!(new_ratings(&until_pong(client)), vec![], "told once");
    player
}

#[test]
fn a_rated_game_tells_both_players_their_new_ratings() {
    let s = server("new-ratings", &[]);
    let mut p = Pair::new(&s, settings("Freestyle", 15, Some((300, 3)), true));
    // Ann's lobby in another window, on its own connection.
    let mut lobby = s.client();
    lobby.hello_again(&p.b_token);
    // Twelve moves in two columns, far from a five; then white resigns.
    for ply in 0..12u32 {
        p.play(ply, (ply / 2 % 4 * 2 + ply % 2) as u8, (ply / 8) as u8);
    }
    p.white.send(seat_msg("resign", &p.w));
    // Both hear the end first, then their own new rating, once.
    let (ann, bob) = (
        new_rating_after_the_end(&mut p.black),
        new_rating_after_the_end(&mut p.white),
    );
    let (ann, bob) = (&ann, &bob);
    assert_eq!((ann.name.as_str(), bob.name.as_str()), ("Ann", "Bob"));
    assert!(
        ann.rating > 1500.0 && bob.rating < 1500.0,
        "{ann:?} {bob:?}"
    );
    assert_eq!((ann.games, bob.games), (1, 1));
    // What they hear is what is stored: the leaderboard and a new welcome say the same.
    p.black.send(json!({"type": "leaderboard", "limit": 10}));
    let board = p.black.recv_until(|m| match m {
        ServerMessage::Leaderboard { players } => Some(players.clone()),
        _ => None,
    });
    assert_eq!(board, vec![ann.clone(), bob.clone()]);
    // Ann's other connection hears it too, and nobody hears anyone else's.
    assert_eq!(new_ratings(&until_pong(&mut lobby)), vec![ann.clone()]);

    // An unrated game (resigned before move 10) tells nobody a new rating.
    let mut q = Pair::again(
        &s,
        &p.b_token,
        &p.w_token,
        settings("Freestyle", 15, None, true),
    );
    q.play(0, 7, 7);
    q.white.send(seat_msg("resign", &q.w));
    q.black.room_until(|r| r.status == RoomStatus::Finished);
    assert_eq!(new_ratings(&until_pong(&mut q.black)), vec![]);
    assert_eq!(new_ratings(&until_pong(&mut q.white)), vec![]);
}

#[test]
fn resign_ends_the_game() {
    let s = server("resign", &[]);
    let mut p = Pair::new(&s, settings("Standard", 13, Some((300, 3)), false));
    p.play(0, 6, 6);
    p.white.send(seat_msg("resign", &p.w));
    let end = p.black.room_until(|r| r.status == RoomStatus::Finished);
    let r = end.result.unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Some(Stone::Black), EndReason::Resigned)
    );
    let clock = end.clock.unwrap();
    assert_eq!(clock.running, None, "clocks stop at the end");
    // Unrated: the leaderboard stays empty.
    p.black.send(json!({"type": "leaderboard", "limit": 5}));
    let players = p.black.recv_until(|m| match m {
        ServerMessage::Leaderboard { players } => Some(players.clone()),
        _ => None,
    });
    assert!(players.is_empty());
}

#[test]
fn draw_offer_declined_then_accepted() {
    let s = server("draw", &[]);
    let mut p = Pair::new(&s, settings("Renju", 15, None, true));
    p.play(0, 7, 7);
    p.black.send(seat_msg("offer_draw", &p.b));
    let r = p.white.room_until(|r| r.draw_offer.is_some());
    assert_eq!(r.draw_offer, Some(Stone::Black));
    // Black cannot accept its own offer.
    p.black.send(seat_msg("accept_draw", &p.b));
    p.black.expect_error(ErrorCode::NothingToAnswer);
    p.white.send(seat_msg("decline_draw", &p.w));
    p.white.room_until(|r| r.draw_offer.is_none());
    p.white.send(seat_msg("offer_draw", &p.w));
    p.black.room_until(|r| r.draw_offer == Some(Stone::White));
    p.black.send(seat_msg("accept_draw", &p.b));
    let end = p.white.room_until(|r| r.status == RoomStatus::Finished);
    let r = end.result.unwrap();
    assert_eq!((r.winner, r.reason), (None, EndReason::DrawAgreed));
}

#[test]
fn takeback_asked_and_granted() {
    let s = server("takeback", &[]);
    let mut p = Pair::new(&s, settings("Freestyle", 19, Some((300, 0)), false));
    p.play(0, 9, 9);
    p.play(1, 10, 10);
    p.play(2, 8, 8);
    // Black asks right after its own move: one ply comes off.
    p.black.send(seat_msg("ask_takeback", &p.b));
    p.white
        .room_until(|r| r.takeback_request == Some(Stone::Black));
    // Black cannot grant its own request.
    p.black.send(seat_msg("grant_takeback", &p.b));
    p.black.expect_error(ErrorCode::NothingToAnswer);
    p.white.send(seat_msg("grant_takeback", &p.w));
    let r = p.black.room_until(|r| r.moves.len() == 2);
    assert_eq!(r.to_move, Stone::Black);
    assert_eq!(r.takeback_request, None);
    assert_eq!(r.clock.unwrap().running, Some(Stone::Black));
    assert_eq!(stored_moves(&s, &p.b.code).len(), 2);
    // White asks when it moved last: again one ply.
    p.white.send(seat_msg("ask_takeback", &p.w));
    p.black
        .room_until(|r| r.takeback_request == Some(Stone::White));
    p.black.send(seat_msg("grant_takeback", &p.b));
    let r = p.white.room_until(|r| r.moves.len() == 1);
    assert_eq!(r.to_move, Stone::White);
    // Black asks after white has replied: its move and the reply, two plies.
    p.play(1, 3, 3);
    p.black.send(seat_msg("ask_takeback", &p.b));
    p.white
        .room_until(|r| r.takeback_request == Some(Stone::Black));
    p.white.send(seat_msg("grant_takeback", &p.w));
    let r = p.black.room_until(|r| r.moves.is_empty());
    assert_eq!(r.to_move, Stone::Black);
    assert!(stored_moves(&s, &p.b.code).is_empty());
    // Nothing left to take back.
    p.black.send(seat_msg("ask_takeback", &p.b));
    p.black.expect_error(ErrorCode::NothingToAnswer);
}

#[test]
fn a_flag_loses() {
    let s = server("flag", &[]);
    let mut p = Pair::new(&s, settings("Freestyle", 15, Some((1, 0)), false));
    p.play(0, 7, 7);
    // White does not move: its second runs out.
    let end = p.black.room_until(|r| r.status == RoomStatus::Finished);
    let r = end.result.unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Some(Stone::Black), EndReason::Timeout)
    );
    assert_eq!(end.clock.unwrap().white_ms, 0);
    p.white.send(move_msg(&p.w, 1, 8, 8));
    p.white.expect_error(ErrorCode::NotPlaying);
}

#[test]
fn a_dropped_player_comes_back_to_its_seat() {
    let s = server("reconnect", &[]);
    let mut p = Pair::new(&s, settings("Freestyle", 15, Some((300, 3)), false));
    p.play(0, 7, 7);
    p.play(1, 8, 8);
    let Pair {
        black,
        b,
        b_token,
        mut white,
        ..
    } = p;
    black.close();
    let r = white.room_until(|r| !r.connected[0]);
    assert_eq!(r.status, RoomStatus::Playing);
    // A new connection: the player token lists the open seat, the seat token resumes it.
    let mut again = s.client();
    let seats = again.hello_again(&b_token);
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0], b);
    again.send(json!({"type": "resume", "code": b.code, "seat_token": seats[0].seat_token}));
    let seat = again.seat();
    assert_eq!(seat.colour, Stone::Black);
    let r = again.room_until(|r| r.connected[0]);
    assert_eq!(r.moves, vec![Pos::new(7, 7), Pos::new(8, 8)]);
    let clock = r.clock.unwrap();
    assert_eq!(clock.running, Some(Stone::Black));
    assert!(clock.black_ms > 290_000 && clock.white_ms > 290_000);
    white.room_until(|r| r.connected[0]);
    again.send(move_msg(&seat, 2, 9, 9));
    let r = white.room_until(|r| r.moves.len() == 3);
    assert_eq!(r.to_move, Stone::White);
}

#[test]
fn staying_away_past_the_grace_period_forfeits() {
    let s = server("forfeit", &["--grace", "1"]);
    let p = Pair::new(&s, settings("Freestyle", 15, None, false));
    let Pair {
        black, mut white, ..
    } = p;
    black.close();
    let end = white.room_until(|r| r.status == RoomStatus::Finished);
    let r = end.result.unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Some(Stone::White), EndReason::Abandoned)
    );
}

#[test]
fn spectators_watch_public_games() {
    let s = server("watch", &[]);
    let mut p = Pair::new(&s, settings("Freestyle", 15, None, false));
    let mut fan = s.client();
    fan.send(json!({"type": "hello", "version": 3}));
    assert!(matches!(
        fan.recv(),
        ServerMessage::Welcome {
            player: None,
            token: None,
            ..
        }
    ));
    fan.send(json!({"type": "list_games"}));
    let games = fan.recv_until(|m| match m {
        ServerMessage::Games { games } => Some(games.clone()),
        _ => None,
    });
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].code, p.b.code);
    assert_eq!(games[0].black.as_deref(), Some("Ann"));
    fan.send(json!({"type": "watch", "code": p.b.code.to_lowercase()}));
    let mut view = None;
    let r = fan.view_until(&mut view, |r| r.spectators == 1);
    assert_eq!(r.status, RoomStatus::Playing);
    p.play(0, 7, 7);
    let r = fan.view_until(&mut view, |r| r.moves.len() == 1);
    assert_eq!(r.moves[0], Pos::new(7, 7));
    // The players hear of the spectator (the count comes within a few seconds).
    p.black.recv_until(|m| match m {
        ServerMessage::Spectators { count: 1, .. } => Some(()),
        ServerMessage::Room { room } if room.spectators == 1 => Some(()),
        _ => None,
    });
    // A spectator has no seat: guessing at a move is refused.
    fan.send(json!({"type": "move", "code": p.b.code, "seat_token": "0".repeat(48), "ply": 1, "x": 1, "y": 1}));
    fan.expect_error(ErrorCode::WrongToken);
    // A private room cannot be watched.
    let mut host = s.client();
    host.hello("Cy");
    host.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, None, false), "colour": "Random", "public": false}));
    let private = host.seat();
    fan.send(json!({"type": "watch", "code": private.code}));
    fan.expect_error(ErrorCode::UnknownRoom);
}

#[test]
fn quick_match_pairs_equal_settings() {
    let s = server("quick", &[]);
    let blitz = settings("Renju", 15, Some((300, 3)), true);
    let mut a = s.client();
    a.hello("Ann");
    let mut b = s.client();
    b.hello("Bob");
    let mut c = s.client();
    c.hello("Cy");
    a.send(json!({"type": "quick_match", "settings": blitz}));
    assert!(matches!(a.recv(), ServerMessage::Queued { .. }));
    c.send(json!({"type": "quick_match", "settings": settings("Freestyle", 19, None, true)}));
    assert!(matches!(c.recv(), ServerMessage::Queued { .. }));
    b.send(json!({"type": "quick_match", "settings": blitz}));
    let (sa, sb) = (a.seat(), b.seat());
    assert_eq!(sa.code, sb.code);
    assert_ne!(sa.colour, sb.colour);
    let r = a.room_until(|r| r.status == RoomStatus::Playing);
    assert_eq!(r.settings.size, 15);
    c.send(json!({"type": "cancel_quick_match"}));
    assert!(matches!(c.recv(), ServerMessage::QueueLeft));
}
