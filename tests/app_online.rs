//! The game's online client (headless App) against a real `gomoku-server` on a free port: a
//! full game to a win against a second client, a move out of turn refused, a reconnection
//! after the server was killed and started again (same position, same clocks, seated again
//! within 2 s of the server's return), a dropped connection that redraws the whole game, and
//! the finished game in the local history; a reloaded `?quick-match` page goes back to the
//! player's game not yet over instead of queueing; an account made on one App is signed in to
//! on a second (same rating, same games) and paired on a third, then signed out everywhere.
#![cfg(not(target_arch = "wasm32"))]

mod common;
mod online_app;
// The server tests' helpers: the real `gomoku-server` binary and blocking clients.
#[path = "../crates/server/tests/server_support/mod.rs"]
mod server_support;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use gomoku::app::online::{
    AccountCommand, AccountNews, Link, LinkStatus, OnlineAccount, OnlineClocks, OnlineCommand,
    OnlineGame, OnlineNotice, SignedOut, ToServer,
};
use gomoku::app::{Board, GameHistory, MoveRequest, Screen};
use gomoku_engine::record::{Ending, RecordMode};
use gomoku_engine::{Outcome, Pos, Rule, Stone};
use gomoku_net::{
    ClientMessage, ColourChoice, ErrorCode, Password, RoomSettings, RoomStatus, SignOutWhich,
    TimeControl,
};
use online_app::{app_with_account, link, lobby_app, room, wait_for};
use serde_json::json;
use server_support::{Client, Server, move_msg, temp_dir};

/// A headless game App whose online account points at `addr`, in the lobby and connected.
fn online_app(addr: &str, name: &str) -> App {
    let mut app = lobby_app(addr, name);
    wait_for(&mut app, "the welcome", |app| link(app) == Link::Online);
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn send(app: &mut App, m: ClientMessage) {
    app.world_mut().write_message(ToServer(m));
    app.update();
}

fn timed(rule: Rule) -> RoomSettings {
    RoomSettings {
        rule,
        size: 15,
        time: Some(TimeControl {
            base_secs: 300,
            increment_secs: 3,
        }),
        rated: true,
    }
}

/// The App creates a room as black; a tungstenite client joins it as white. Returns that
/// client, its seat and the room's code.
fn start_game(server: &Server, app: &mut App) -> (Client, gomoku_net::SeatInfo, String) {
    send(
        app,
        ClientMessage::CreateRoom {
            settings: timed(Rule::Freestyle),
            colour: ColourChoice::Black,
            public: true,
        },
    );
    wait_for(app, "the room", |app| {
        screen(app) == Screen::Online && room(app).is_some_and(|r| r.status == RoomStatus::Waiting)
    });
    let code = room(app).unwrap().code.clone();
    let mut bob = server.client();
    let (_, token) = bob.hello("Bob");
    bob.send(json!({"type": "join_room", "code": code}));
    let seat = bob.seat();
    assert_eq!(seat.colour, Stone::White);
    wait_for(app, "the game to begin", |app| {
        room(app).is_some_and(|r| r.status == RoomStatus::Playing)
    });
    (bob, seat, token)
}

/// The App (black) clicks `at`; the board changes only when the server confirms it.
fn app_plays(app: &mut App, at: Pos) {
    let before = app.world().resource::<Board>().board().moves().len();
    app.world_mut().write_message(MoveRequest::person(at));
    app.update();
    // The request went out this frame; the answer can only be read in a later one.
    assert_eq!(
        app.world().resource::<Board>().board().moves().len(),
        before,
        "the board waits for the server"
    );
    wait_for(app, "the move to be confirmed", |app| {
        app.world().resource::<Board>().board().moves().len() == before + 1
    });
}

/// White (the test client) plays `at` at `ply`; the App sees it.
fn bob_plays(app: &mut App, bob: &mut Client, seat: &gomoku_net::SeatInfo, ply: u32, at: Pos) {
    bob.send(move_msg(seat, ply, at.x, at.y));
    wait_for(app, "white's move", |app| {
        app.world().resource::<Board>().board().moves().len() == ply as usize + 1
    });
}

#[test]
fn a_full_online_game_is_won_and_kept_in_the_history() {
    let server = Server::start(&temp_dir("app-online-win").join("db.sqlite"), &[]);
    let mut app = online_app(&server.addr, "Ann");
    let (mut bob, seat, _) = start_game(&server, &mut app);
    for i in 0..4u8 {
        app_plays(&mut app, Pos::new(3 + i, 7));
        bob_plays(
            &mut app,
            &mut bob,
            &seat,
            u32::from(i) * 2 + 1,
            Pos::new(3 + i, 9),
        );
    }
    app_plays(&mut app, Pos::new(7, 7));
    wait_for(&mut app, "the result", |app| {
        room(app).is_some_and(|r| r.status == RoomStatus::Finished)
    });
    let board = app.world().resource::<Board>();
    assert!(
        matches!(
            board.outcome(),
            Outcome::Five {
                winner: Stone::Black,
                ..
            }
        ),
        "{:?}",
        board.outcome()
    );
    let result = room(&app).unwrap().result.clone().unwrap();
    assert_eq!(result.winner, Some(Stone::Black));
    // The other side saw the same end.
    let end = bob.room_until(|r| r.status == RoomStatus::Finished);
    assert_eq!(end.moves.len(), 9);
    // The game is in the local history, as an online game won by black with five.
    app.update();
    let history = app.world().resource::<GameHistory>();
    assert_eq!(history.len(), 1, "one game kept");
    let record = history.game(0).unwrap().expect("the record replays");
    assert_eq!(
        record.mode,
        RecordMode::Online {
            colour: Stone::Black
        }
    );
    assert_eq!(record.result.winner, Some(Stone::Black));
    assert_eq!(record.result.ending, Ending::Five);
    assert_eq!(record.moves.len(), 9);
    assert_eq!(
        (record.black.as_str(), record.white.as_str()),
        ("Ann", "Bob")
    );
}

#[test]
fn a_move_out_of_turn_is_refused_and_changes_nothing() {
    let server = Server::start(&temp_dir("app-online-turn").join("db.sqlite"), &[]);
    let mut app = online_app(&server.addr, "Ann");
    let (_bob, _seat, _) = start_game(&server, &mut app);
    app_plays(&mut app, Pos::new(7, 7));
    // White to move: the App clicks again.
    app.world_mut()
        .write_message(MoveRequest::person(Pos::new(8, 8)));
    wait_for(&mut app, "the refusal", |app| {
        app.world().resource::<OnlineNotice>().0.is_some()
    });
    let notice = app.world().resource::<OnlineNotice>().0.clone().unwrap();
    assert_eq!(notice.code(), Some(ErrorCode::NotYourTurn), "{notice:?}");
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Board>().board().moves(),
        &[Pos::new(7, 7)]
    );
    assert_eq!(room(&app).unwrap().moves.len(), 1);
}

#[test]
fn the_client_reconnects_after_the_server_drops_and_finds_its_game() {
    let dir = temp_dir("app-online-reconnect");
    let db = dir.join("db.sqlite");
    let mut server = Server::start(&db, &[]);
    let port = server.addr.rsplit(':').next().unwrap().to_owned();
    let mut app = online_app(&server.addr, "Ann");
    let (mut bob, seat, bob_token) = start_game(&server, &mut app);
    app_plays(&mut app, Pos::new(7, 7));
    bob_plays(&mut app, &mut bob, &seat, 1, Pos::new(8, 8));
    app_plays(&mut app, Pos::new(7, 8));
    let before = room(&app).unwrap().clone();
    let clock_before = before.clock.expect("a timed game");
    assert_eq!(clock_before.running, Some(Stone::White));

    // The server goes away: the App says so and keeps trying.
    server.kill();
    drop(bob);
    wait_for(&mut app, "the connection to drop", |app| {
        link(app) == Link::Retrying
    });
    let status = app.world().resource::<LinkStatus>().clone();
    assert!(status.problem.is_some(), "the player is told why");
    // Down for 4 s, the App trying all along: its retries are as far apart as they get.
    let down = Instant::now();
    while down.elapsed() < Duration::from_secs(4) {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_ne!(link(&app), Link::Online);

    // The same server comes back on the same port: the App reconnects and resumes its seat,
    // within 2 s of the server listening again.
    let _server = Server::start(&db, &["--port", &port]);
    let back = Instant::now();
    let stale = app.world().resource::<OnlineGame>().received;
    wait_for(&mut app, "the reconnection", |app| {
        link(app) == Link::Online
    });
    wait_for(&mut app, "the resumed game", |app| {
        app.world().resource::<OnlineGame>().received != stale
    });
    let took = back.elapsed();
    assert!(took < Duration::from_secs(2), "seated again after {took:?}");
    // The frames after the seat came back draw the same game.
    for _ in 0..20 {
        app.update();
    }
    let after = room(&app).unwrap().clone();
    assert_eq!(after.moves, before.moves, "the same position");
    assert_eq!(after.to_move, Stone::White);
    let clock_after = after.clock.unwrap();
    assert_eq!(
        clock_after.running, None,
        "white (to move) is not back yet: after a restart its clock waits for it"
    );
    // Black's clock did not run; white's ran at most the heartbeat's second before the
    // crash, not the time the server was down nor the time since.
    assert_eq!(clock_after.black_ms, clock_before.black_ms);
    let white_used = clock_before.white_ms.saturating_sub(clock_after.white_ms);
    assert!(
        white_used < 2_500,
        "white's clock ran {white_used} ms while the server was down"
    );
    assert_eq!(
        app.world().resource::<Board>().board().moves(),
        &before.moves[..],
        "the board shows the same position"
    );
    // The seat is the App's again: white comes back, plays, and the App answers.
    let mut bob = Client::connect(&_server.addr, None).unwrap();
    bob.hello_again(&bob_token);
    bob.send(json!({"type": "resume", "code": seat.code, "seat_token": seat.seat_token}));
    bob.seat();
    bob_plays(&mut app, &mut bob, &seat, 3, Pos::new(9, 9));
    app_plays(&mut app, Pos::new(7, 9));
}

#[test]
fn a_reconnection_redraws_the_whole_game() {
    let server = Server::start(&temp_dir("app-online-redraw").join("db.sqlite"), &[]);
    let mut app = online_app(&server.addr, "Ann");
    let (mut bob, seat, _) = start_game(&server, &mut app);
    app_plays(&mut app, Pos::new(7, 7));
    bob_plays(&mut app, &mut bob, &seat, 1, Pos::new(8, 8));
    app_plays(&mut app, Pos::new(7, 8));
    bob_plays(&mut app, &mut bob, &seat, 3, Pos::new(9, 9));
    let before = room(&app).unwrap().clone();
    assert_eq!(before.moves.len(), 4);

    // The connection drops (as a phone's does) and comes back: the seat is resumed.
    for round in 0..2 {
        app.world_mut().write_message(OnlineCommand::Disconnect);
        wait_for(&mut app, "the connection to close", |app| {
            link(app) == Link::Offline
        });
        app.world_mut().write_message(OnlineCommand::Connect);
        let stale = app.world().resource::<OnlineGame>().received;
        // Frames as slow as a browser's: the seat and the room it is in arrive in one frame.
        let deadline = Instant::now() + Duration::from_secs(15);
        while !(link(&app) == Link::Online
            && app.world().resource::<OnlineGame>().received != stale)
        {
            assert!(
                Instant::now() < deadline,
                "timed out waiting for the resumed game"
            );
            app.update();
            std::thread::sleep(Duration::from_millis(50));
        }
        for _ in 0..20 {
            app.update();
        }
        assert_eq!(screen(&app), Screen::Online);
        assert_eq!(
            app.world().resource::<Board>().board().moves(),
            &before.moves[..],
            "round {round}: the board shows every move"
        );
        let clocks = *app.world().resource::<OnlineClocks>();
        assert!(clocks.timed, "round {round}: the clocks are shown");
        assert_eq!(clocks.running, Some(Stone::Black));
        assert!(
            clocks.black_ms > 250_000 && clocks.white_ms > 250_000,
            "{clocks:?}"
        );
    }
    // The game goes on from there.
    app_plays(&mut app, Pos::new(7, 9));
    assert_eq!(app.world().resource::<Board>().board().moves().len(), 5);
    // Back in the lobby, the local game is the one that waited behind the online one.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lobby);
    app.update();
    app.update();
    assert!(app.world().resource::<Board>().board().moves().is_empty());
}

#[test]
fn an_agreed_draw_and_a_flag_are_kept_as_such() {
    let server = Server::start(&temp_dir("app-online-draw").join("db.sqlite"), &[]);
    let mut app = online_app(&server.addr, "Ann");
    // White offers a draw; the App (black) accepts through its seat.
    let (mut bob, seat, _) = start_game(&server, &mut app);
    app_plays(&mut app, Pos::new(7, 7));
    bob.send(json!({"type": "offer_draw", "code": seat.code, "seat_token": seat.seat_token}));
    wait_for(&mut app, "the offer", |app| {
        room(app).is_some_and(|r| r.draw_offer == Some(Stone::White))
    });
    let accept = app
        .world()
        .resource::<OnlineGame>()
        .seat_action(|code, seat_token| ClientMessage::AcceptDraw { code, seat_token })
        .unwrap();
    send(&mut app, accept);
    wait_for(&mut app, "the draw", |app| {
        room(app).is_some_and(|r| r.status == RoomStatus::Finished)
    });
    let result = room(&app).unwrap().result.clone().unwrap();
    assert_eq!(result.winner, None);
    // A second game on a one-second clock: white never moves and loses on time.
    send(
        &mut app,
        ClientMessage::CreateRoom {
            settings: RoomSettings {
                time: Some(TimeControl {
                    base_secs: 1,
                    increment_secs: 0,
                }),
                ..timed(Rule::Freestyle)
            },
            colour: ColourChoice::Black,
            public: false,
        },
    );
    wait_for(&mut app, "the second room", |app| {
        room(app).is_some_and(|r| r.status == RoomStatus::Waiting)
    });
    let code = room(&app).unwrap().code.clone();
    bob.send(json!({"type": "join_room", "code": code}));
    wait_for(&mut app, "the second game", |app| {
        room(app).is_some_and(|r| r.status == RoomStatus::Playing)
    });
    app_plays(&mut app, Pos::new(7, 7));
    wait_for(&mut app, "white's flag", |app| {
        room(app).is_some_and(|r| r.status == RoomStatus::Finished)
    });
    app.update();
    let history = app.world().resource::<GameHistory>();
    assert_eq!(history.len(), 2);
    let draw = history.game(0).unwrap().expect("the draw replays");
    assert_eq!(draw.result.ending, Ending::DrawAgreed);
    assert_eq!(draw.result.winner, None);
    let flag = history.game(1).unwrap().expect("the flag replays");
    assert_eq!(flag.result.ending, Ending::Timeout);
    assert_eq!(flag.result.winner, Some(Stone::Black));
    assert!(app.world().resource::<Board>().outcome().is_over());
}

#[test]
fn a_spectator_app_follows_a_public_game_live() {
    let server = Server::start(&temp_dir("app-online-watch").join("db.sqlite"), &[]);
    let mut ann = online_app(&server.addr, "Ann");
    let (mut bob, seat, _) = start_game(&server, &mut ann);
    let code = seat.code.clone();
    app_plays(&mut ann, Pos::new(7, 7));
    let mut eve = online_app(&server.addr, "Eve");
    let watch = eve.world_mut().resource_mut::<OnlineGame>().watch(&code);
    eve.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Online);
    send(&mut eve, watch);
    wait_for(&mut eve, "the watched game", |app| {
        screen(app) == Screen::Online
            && app.world().resource::<Board>().board().moves() == [Pos::new(7, 7)]
    });
    bob_plays(&mut ann, &mut bob, &seat, 1, Pos::new(8, 8));
    wait_for(&mut eve, "the next move", |app| {
        app.world().resource::<Board>().board().moves().len() == 2
    });
    // A spectator holds no seat: its clicks are not moves.
    eve.world_mut()
        .write_message(MoveRequest::person(Pos::new(1, 1)));
    for _ in 0..20 {
        eve.update();
        ann.update();
    }
    assert_eq!(room(&ann).unwrap().moves.len(), 2);
    assert_eq!(room(&eve).unwrap().spectators, 1);
}

#[test]
fn quick_match_pairs_two_apps_asking_for_the_same_settings() {
    let server = Server::start(&temp_dir("app-online-quick").join("db.sqlite"), &[]);
    let mut ann = online_app(&server.addr, "Ann");
    let mut bob = online_app(&server.addr, "Bob");
    let settings = timed(Rule::Renju);
    send(&mut ann, ClientMessage::QuickMatch { settings });
    wait_for(&mut ann, "the queue", |app| {
        app.world()
            .resource::<gomoku::app::online::Lobby>()
            .queued
            .is_some()
    });
    send(&mut bob, ClientMessage::QuickMatch { settings });
    for app in [&mut ann, &mut bob] {
        wait_for(app, "the paired game", |app| {
            screen(app) == Screen::Online
                && room(app).is_some_and(|r| r.status == RoomStatus::Playing)
        });
        assert!(
            app.world()
                .resource::<gomoku::app::online::Lobby>()
                .queued
                .is_none()
        );
    }
    let (a, b) = (
        ann.world().resource::<OnlineGame>().clone(),
        bob.world().resource::<OnlineGame>().clone(),
    );
    assert_eq!(a.code(), b.code(), "the same game");
    assert_ne!(a.colour(), b.colour());
    assert_eq!(a.room.as_ref().unwrap().settings, settings);
    // The App whose seat is black plays; both boards show the stone.
    let (black, white) = if a.colour() == Some(Stone::Black) {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    app_plays(black, Pos::new(7, 7));
    wait_for(white, "the stone", |app| {
        app.world().resource::<Board>().board().moves() == [Pos::new(7, 7)]
    });
}

/// The rating the App's lobby shows for the player (what the server last told it).
fn lobby_rating(app: &App) -> Option<gomoku_net::PlayerInfo> {
    app.world().resource::<LinkStatus>().player.clone()
}

#[test]
fn after_a_rated_game_both_lobbies_show_the_new_ratings_without_reconnecting() {
    let server = Server::start(&temp_dir("app-online-ratings").join("db.sqlite"), &[]);
    let mut ann = online_app(&server.addr, "Ann");
    let mut bob = online_app(&server.addr, "Bob");
    for app in [&ann, &bob] {
        let shown = lobby_rating(app).expect("the player");
        assert_eq!((shown.rating, shown.provisional), (1500.0, true));
    }
    // Ann makes a rated room as black; Bob joins it from his lobby.
    send(
        &mut ann,
        ClientMessage::CreateRoom {
            settings: timed(Rule::Freestyle),
            colour: ColourChoice::Black,
            public: true,
        },
    );
    wait_for(&mut ann, "the room", |app| room(app).is_some());
    let code = room(&ann).unwrap().code.clone();
    send(&mut bob, ClientMessage::JoinRoom { code });
    for app in [&mut ann, &mut bob] {
        wait_for(app, "the game to begin", |app| {
            room(app).is_some_and(|r| r.status == RoomStatus::Playing)
        });
    }
    // Twelve moves in two rows, far from a five, each clicked on its player's board.
    for ply in 0..12u8 {
        let at = Pos::new(ply / 2 % 4 * 2 + ply % 2, 7 + ply / 8);
        let (mover, other) = if ply % 2 == 0 {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        mover.world_mut().write_message(MoveRequest::person(at));
        for app in [mover, other] {
            wait_for(app, "the move on both boards", |app| {
                app.world().resource::<Board>().board().moves().len() == usize::from(ply) + 1
            });
        }
    }
    // Bob resigns; both go back to the lobby.
    let resign = bob
        .world()
        .resource::<OnlineGame>()
        .seat_action(|code, seat_token| ClientMessage::Resign { code, seat_token })
        .unwrap();
    send(&mut bob, resign);
    for app in [&mut ann, &mut bob] {
        wait_for(app, "the end", |app| {
            room(app).is_some_and(|r| r.status == RoomStatus::Finished)
        });
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Lobby);
        app.update();
    }
    // The server's ratings now, as a new connection reads them.
    let mut reader = server.client();
    reader.send(json!({"type": "hello", "version": gomoku_net::PROTOCOL_VERSION}));
    reader.recv();
    reader.send(json!({"type": "leaderboard", "limit": 10}));
    let stored = reader.recv_until(|m| match m {
        gomoku_net::ServerMessage::Leaderboard { players } => Some(players.clone()),
        _ => None,
    });
    let stored_of = |name: &str| stored.iter().find(|p| p.name == name).cloned().unwrap();
    let (ann_now, bob_now) = (stored_of("Ann"), stored_of("Bob"));
    assert!(
        ann_now.rating > 1500.0 && bob_now.rating < 1500.0,
        "{stored:?}"
    );
    // Both lobbies show them, on the connection they had all along.
    for (app, now) in [(&mut ann, &ann_now), (&mut bob, &bob_now)] {
        wait_for(app, "the new rating in the lobby", |app| {
            lobby_rating(app).as_ref() == Some(now)
        });
        assert_eq!(screen(app), Screen::Lobby);
        assert_eq!(link(app), Link::Online);
        let shown = gomoku::app::online::rating_label(&lobby_rating(app).unwrap());
        assert_eq!(shown, format!("{:.0}?", now.rating));
        assert_ne!(shown, "1500?");
    }
}

#[test]
fn a_reloaded_quick_match_page_goes_back_to_the_unfinished_game() {
    let server = Server::start(&temp_dir("app-online-quick-resume").join("db.sqlite"), &[]);
    let mut ann = online_app(&server.addr, "Ann");
    let (_bob, _, _) = start_game(&server, &mut ann);
    app_plays(&mut ann, Pos::new(7, 7));
    let first = ann.world().resource::<OnlineGame>().seat.clone().unwrap();
    // A second game, waiting for an opponent; then back to the first, the one taken up last.
    send(
        &mut ann,
        ClientMessage::CreateRoom {
            settings: timed(Rule::Renju),
            colour: ColourChoice::White,
            public: false,
        },
    );
    wait_for(&mut ann, "the second room", |app| {
        room(app).is_some_and(|r| r.code != first.code && r.status == RoomStatus::Waiting)
    });
    let resume = ann
        .world_mut()
        .resource_mut::<OnlineGame>()
        .resume(first.clone());
    send(&mut ann, resume);
    wait_for(&mut ann, "the first game again", |app| {
        room(app).is_some_and(|r| r.code == first.code)
    });

    // The page is reloaded with ?quick-match: the same account, a new App.
    let account = ann.world().resource::<OnlineAccount>().0.clone();
    drop(ann);
    let mut again = app_with_account(account, true);
    wait_for(&mut again, "the game not yet over", |app| {
        assert!(
            app.world()
                .resource::<gomoku::app::online::Lobby>()
                .queued
                .is_none(),
            "queued for a new game while one was not over"
        );
        screen(app) == Screen::Online
            && room(app).is_some_and(|r| r.code == first.code && r.status == RoomStatus::Playing)
    });
    assert_eq!(
        again.world().resource::<Board>().board().moves(),
        [Pos::new(7, 7)]
    );
    assert_eq!(
        again.world().resource::<OnlineGame>().colour(),
        Some(Stone::Black)
    );
    // Nothing else was asked for meanwhile: no queue, no refusal.
    for _ in 0..20 {
        again.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        again
            .world()
            .resource::<gomoku::app::online::Lobby>()
            .queued
            .is_none()
    );
    assert_eq!(again.world().resource::<OnlineNotice>().0, None);
    assert_eq!(screen(&again), Screen::Online);
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

#[test]
fn the_keyboard_plays_an_online_game() {
    let server = Server::start(&temp_dir("app-online-keys").join("db.sqlite"), &[]);
    let mut app = online_app(&server.addr, "Keys");
    app.init_resource::<ButtonInput<KeyCode>>();
    let (mut bob, seat, _) = start_game(&server, &mut app);
    // Enter shows the cursor on the centre, Enter again asks the server for h8.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    wait_for(&mut app, "h8 from the keyboard", |app| {
        app.world().resource::<Board>().board().moves() == [Pos::new(7, 7)]
    });
    bob_plays(&mut app, &mut bob, &seat, 1, Pos::new(0, 0));
    // Out of turn the keys ask nothing of the server; on its turn, i8.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::Enter);
    wait_for(&mut app, "i8 from the keyboard", |app| {
        app.world().resource::<Board>().board().moves().len() == 3
    });
    assert_eq!(
        app.world().resource::<Board>().board().moves()[2],
        Pos::new(8, 7)
    );
}

// --- One account on every device (issue 84). ---

fn account_state(app: &App) -> gomoku::app::online::AccountState {
    app.world()
        .resource::<gomoku::app::online::AccountState>()
        .clone()
}

fn status(app: &App) -> LinkStatus {
    app.world().resource::<LinkStatus>().clone()
}

fn command(app: &mut App, c: AccountCommand) {
    app.world_mut().write_message(c);
    app.update();
}

/// The App's token for `addr`'s server, if it keeps one.
fn kept_token(app: &App, addr: &str) -> Option<String> {
    app.world()
        .resource::<OnlineAccount>()
        .server(&format!("ws://{addr}/ws"))
        .and_then(|s| s.player_token.clone())
}

#[test]
fn an_account_made_on_one_app_is_signed_in_to_and_paired_on_others_and_signed_out_everywhere() {
    let server = Server::start(&temp_dir("app-online-account").join("db.sqlite"), &[]);
    // Ann plays a rated game on the first device and wins it.
    let mut desk = online_app(&server.addr, "Ann");
    let (mut bob, seat, _) = start_game(&server, &mut desk);
    for i in 0..4u8 {
        app_plays(&mut desk, Pos::new(3 + i, 7));
        bob_plays(
            &mut desk,
            &mut bob,
            &seat,
            u32::from(i) * 2 + 1,
            Pos::new(3 + i, 9),
        );
    }
    app_plays(&mut desk, Pos::new(7, 7));
    wait_for(&mut desk, "the new rating", |app| {
        status(app).player.is_some_and(|p| p.games == 1)
    });
    let ann = status(&desk).player.unwrap();
    assert!(ann.rating > 1500.0, "{ann:?}");
    assert_eq!(desk.world().resource::<GameHistory>().len(), 1);
    // She protects the account with a password.
    assert_eq!(status(&desk).account.map(|a| a.password), Some(false));
    let password = Password("correct horse battery".to_owned());
    command(
        &mut desk,
        AccountCommand::SetPassword {
            current: None,
            password: password.clone(),
        },
    );
    wait_for(&mut desk, "the password set", |app| {
        account_state(app).news == Some(AccountNews::PasswordSet(0))
    });
    assert_eq!(status(&desk).account.map(|a| a.password), Some(true));

    // A wrong password on another device (where a player of its own was made): refused, and
    // that device's token stays as it was.
    let mut phone = lobby_app(&server.addr, "");
    wait_for(&mut phone, "the first welcome", |app| {
        link(app) == Link::Online
    });
    let own = kept_token(&phone, &server.addr);
    assert!(own.is_some());
    command(
        &mut phone,
        AccountCommand::SignIn {
            name: "ann".to_owned(),
            password: Password("wrong horse battery".to_owned()),
        },
    );
    wait_for(&mut phone, "the refusal", |app| {
        app.world()
            .resource::<OnlineNotice>()
            .0
            .as_ref()
            .and_then(|n| n.code())
            == Some(ErrorCode::SignInFailed)
    });
    assert_eq!(kept_token(&phone, &server.addr), own);
    // The right one: the same player, rating and games.
    command(
        &mut phone,
        AccountCommand::SignIn {
            name: "ann".to_owned(),
            password: password.clone(),
        },
    );
    wait_for(&mut phone, "the welcome as Ann", |app| {
        status(app).player.is_some_and(|p| p.id == ann.id) && link(app) == Link::Online
    });
    let there = status(&phone).player.unwrap();
    assert_eq!((there.name.as_str(), there.games), ("Ann", 1));
    assert!(
        (there.rating - ann.rating).abs() < 1e-6,
        "{there:?} {ann:?}"
    );
    assert!(kept_token(&phone, &server.addr).is_some());
    assert_ne!(
        kept_token(&phone, &server.addr),
        kept_token(&desk, &server.addr)
    );
    wait_for(&mut phone, "the game in the history", |app| {
        app.world().resource::<GameHistory>().len() == 1
    });
    let mine = desk
        .world()
        .resource::<GameHistory>()
        .game(0)
        .unwrap()
        .unwrap();
    let merged = phone
        .world()
        .resource::<GameHistory>()
        .game(0)
        .unwrap()
        .unwrap();
    assert_eq!(merged.moves, mine.moves);
    assert_eq!(
        (merged.black.as_str(), merged.white.as_str()),
        ("Ann", "Bob")
    );
    assert_eq!(merged.result.winner, Some(Stone::Black));
    // Connected again, the desk's history does not take its own game twice.
    wait_for(&mut desk, "the desk's fetch", |app| {
        account_state(app).fetch.is_none()
    });
    assert_eq!(desk.world().resource::<GameHistory>().len(), 1);

    // A third device paired with a code shown on the desk.
    command(&mut desk, AccountCommand::PairingCode);
    wait_for(&mut desk, "the pairing code", |app| {
        account_state(app).pairing.is_some()
    });
    let code = account_state(&desk).pairing.unwrap().code;
    assert_eq!(code.len(), 9, "{code}");
    let mut tablet = lobby_app(&server.addr, "");
    wait_for(&mut tablet, "the first welcome", |app| {
        link(app) == Link::Online
    });
    command(
        &mut tablet,
        AccountCommand::Pair {
            code: code.to_lowercase().replace('-', " "),
        },
    );
    wait_for(&mut tablet, "the welcome as Ann", |app| {
        status(app).player.is_some_and(|p| p.id == ann.id) && link(app) == Link::Online
    });

    // The devices signed in, seen from the desk: three, this one marked.
    command(&mut desk, AccountCommand::Sessions);
    wait_for(&mut desk, "the sessions", |app| {
        account_state(app).sessions.is_some_and(|s| s.len() == 3)
    });
    let sessions = account_state(&desk).sessions.unwrap();
    assert_eq!(sessions.iter().filter(|s| s.current).count(), 1);
    let hows: Vec<&str> = sessions.iter().map(|s| s.how.as_str()).collect();
    for how in ["new", "password", "pairing"] {
        assert!(hows.contains(&how), "{hows:?}");
    }

    // Signed out everywhere from the desk: the other two are asked to sign in again.
    command(&mut desk, AccountCommand::SignOut(SignOutWhich::Everywhere));
    for app in [&mut phone, &mut tablet] {
        wait_for(app, "the sign-out", |app| {
            link(app) == Link::Offline && status(app).signed_out.is_some()
        });
        assert!(matches!(status(app).signed_out, Some(SignedOut::Ended(_))));
        assert_eq!(kept_token(app, &server.addr), None);
    }
    wait_for(&mut desk, "the desk signed out", |app| {
        link(app) == Link::Offline
    });
    assert_eq!(status(&desk).signed_out, Some(SignedOut::Here));
    assert_eq!(kept_token(&desk, &server.addr), None);
    // The phone signs in again with the password.
    command(
        &mut phone,
        AccountCommand::SignIn {
            name: "Ann".to_owned(),
            password,
        },
    );
    wait_for(&mut phone, "signed in again", |app| {
        status(app).player.is_some_and(|p| p.id == ann.id) && link(app) == Link::Online
    });
}
