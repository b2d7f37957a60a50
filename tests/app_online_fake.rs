//! The game's online client (headless App) against a scripted server: a WebSocket on a free
//! loopback port whose every answer the test writes, to try what the real server does only now
//! and then (updates to a watched game that do not follow, a damaged game, a name already
//! taken, a dropped connection) and what it says when nothing listens.
#![cfg(not(target_arch = "wasm32"))]

mod common;
mod online_app;

use std::net::{TcpListener, TcpStream};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use gomoku::app::i18n::Lang;
use gomoku::app::online::{
    AccountCommand, AccountNews, AccountState, ExportDir, Link, LinkStatus, NoticeKind,
    OnlineAccount, OnlineClocks, OnlineCommand, OnlineGame, OnlineNotice, SignedOut, ToServer,
};
use gomoku::app::{Board, GameHistory, Screen};
use gomoku::players::settings::Language;
use gomoku_engine::{Pos, Rule, Stone};
use gomoku_net::{
    AccountInfo, ClientMessage, ClockState, EndReason, ErrorCode, FinishedGame, GameResult,
    PROTOCOL_VERSION, Password, PlayerInfo, RoomSettings, RoomState, RoomStatus, RoomUpdate,
    SeatInfo, ServerMessage, SignOutWhich, TimeControl,
};
use online_app::{link, lobby_app as online_app, room, wait_for};

/// What the test has the scripted server do next.
enum Out {
    /// Send this message.
    Say(Box<ServerMessage>),
    /// Close the connection (the client sees it drop).
    Close,
}

/// A scripted WebSocket server: it accepts one connection after another; what the client sends
/// comes out of `heard`, and what `say` is given goes to the connection open at the time.
struct FakeServer {
    addr: String,
    to_client: mpsc::Sender<Out>,
    heard: mpsc::Receiver<ClientMessage>,
}

impl FakeServer {
    fn start() -> FakeServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let addr = listener.local_addr().unwrap().to_string();
        let (to_client, outbox) = mpsc::channel();
        let (tell, heard) = mpsc::channel();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                if !serve(stream, &outbox, &tell) {
                    return;
                }
            }
        });
        FakeServer {
            addr,
            to_client,
            heard,
        }
    }

    fn say(&self, message: ServerMessage) {
        self.to_client.send(Out::Say(Box::new(message))).unwrap();
    }

    fn close(&self) {
        self.to_client.send(Out::Close).unwrap();
    }

    /// Updates the App until the client sends a message `want` accepts (others are dropped).
    fn hear<T>(&self, app: &mut App, what: &str, want: impl Fn(&ClientMessage) -> Option<T>) -> T {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            while let Ok(m) = self.heard.try_recv() {
                if let Some(t) = want(&m) {
                    return t;
                }
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            app.update();
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Has the welcomed client take up `held` (a game one move in) and waits until it shows it.
    fn seat(&self, app: &mut App, held: &SeatInfo) {
        let resume = app
            .world_mut()
            .resource_mut::<OnlineGame>()
            .resume(held.clone());
        app.world_mut().write_message(ToServer(resume));
        self.hear(app, "the resume", |m| {
            matches!(m, ClientMessage::Resume { .. }).then_some(())
        });
        self.say(ServerMessage::Seat { seat: held.clone() });
        self.say(ServerMessage::Room {
            room: playing(&[Pos::new(7, 7)]),
        });
        wait_for(app, "the game", |app| room(app).is_some());
    }

    /// Waits for the client's hello and welcomes it as `player`.
    fn welcome(&self, app: &mut App, player: PlayerInfo, seats: Vec<SeatInfo>) {
        self.hear(app, "the hello", |m| {
            matches!(m, ClientMessage::Hello { .. }).then_some(())
        });
        self.say(ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            player: Some(player),
            token: Some("a-token".to_owned()),
            seats,
            account: None,
        });
        wait_for(app, "the welcome", |app| link(app) == Link::Online);
    }
}

/// Black's seat in game [`CODE`], as the server hands it out.
fn held_seat() -> SeatInfo {
    SeatInfo {
        code: CODE.to_owned(),
        colour: Stone::Black,
        seat_token: "seat".to_owned(),
    }
}

/// Serves one connection until it closes or the test closes it; false when the test is over.
fn serve(
    stream: TcpStream,
    outbox: &mpsc::Receiver<Out>,
    tell: &mpsc::Sender<ClientMessage>,
) -> bool {
    let Ok(mut ws) = tungstenite::accept(stream) else {
        return true;
    };
    let _ = ws
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(10)));
    loop {
        loop {
            match outbox.try_recv() {
                Ok(Out::Say(m)) => {
                    let text = serde_json::to_string(&*m).unwrap();
                    if ws.send(tungstenite::Message::text(text)).is_err() {
                        return true;
                    }
                }
                Ok(Out::Close) => {
                    let _ = ws.close(None);
                    let _ = ws.flush();
                    return true;
                }
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => return false,
            }
        }
        match ws.read() {
            Ok(tungstenite::Message::Text(text)) => {
                if let Ok(m) = serde_json::from_str::<ClientMessage>(text.as_str())
                    && tell.send(m).is_err()
                {
                    return false;
                }
            }
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return true,
        }
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// The notice the App shows, if any.
fn notice(app: &App) -> Option<gomoku::app::online::Notice> {
    app.world().resource::<OnlineNotice>().0.clone()
}

fn board_moves(app: &App) -> Vec<Pos> {
    app.world().resource::<Board>().board().moves().to_vec()
}

fn player(id: i64, name: &str, provisional: bool) -> PlayerInfo {
    PlayerInfo {
        id,
        name: name.to_owned(),
        rating: 1500.0,
        deviation: if provisional { 350.0 } else { 60.0 },
        games: if provisional { 0 } else { 40 },
        provisional,
    }
}

const CODE: &str = "K7QX2M";

/// A game being played on 15x15, five minutes each, with `moves` on the board.
fn playing(moves: &[Pos]) -> RoomState {
    let to_move = if moves.len().is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    };
    RoomState {
        code: CODE.to_owned(),
        settings: RoomSettings {
            rule: Rule::Freestyle,
            size: 15,
            time: Some(TimeControl {
                base_secs: 300,
                increment_secs: 0,
            }),
            rated: true,
        },
        public: true,
        status: RoomStatus::Playing,
        black: Some(player(1, "Ann", false)),
        white: Some(player(2, "Bob", true)),
        connected: [true, true],
        moves: moves.to_vec(),
        to_move,
        clock: Some(ClockState {
            black_ms: 290_000,
            white_ms: 280_000,
            running: Some(to_move),
        }),
        draw_offer: None,
        takeback_request: None,
        result: None,
        spectators: 1,
    }
}

/// The update to `room` for a spectator who has its first `keep` moves, as the server sends it.
fn update(room: &RoomState, keep: usize) -> ServerMessage {
    ServerMessage::RoomUpdate {
        update: RoomUpdate {
            code: room.code.clone(),
            keep: keep as u32,
            added: room.moves[keep..].to_vec(),
            status: room.status,
            connected: room.connected,
            to_move: room.to_move,
            clock: room.clock,
            draw_offer: room.draw_offer,
            takeback_request: room.takeback_request,
            result: room.result.clone(),
        },
    }
}

fn is_watch(m: &ClientMessage) -> Option<()> {
    matches!(m, ClientMessage::Watch { code } if code == CODE).then_some(())
}

#[test]
fn a_spectator_follows_each_update_and_asks_again_when_one_does_not_follow() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Eve");
    server.welcome(&mut app, player(3, "Eve", true), vec![]);
    let watch = app.world_mut().resource_mut::<OnlineGame>().watch(CODE);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Online);
    app.world_mut().write_message(ToServer(watch));
    server.hear(&mut app, "the watch", is_watch);

    // The whole room once, then only what changes.
    let moves = [
        Pos::new(7, 7),
        Pos::new(8, 8),
        Pos::new(7, 8),
        Pos::new(9, 9),
    ];
    server.say(ServerMessage::Room {
        room: playing(&moves[..1]),
    });
    wait_for(&mut app, "the first move", |app| {
        board_moves(app) == moves[..1]
    });
    for n in 2..=3 {
        server.say(update(&playing(&moves[..n]), n - 1));
        wait_for(&mut app, "the next move", |app| {
            board_moves(app) == moves[..n]
        });
    }
    let shown = room(&app).unwrap().clone();
    assert_eq!(shown.to_move, Stone::White);
    assert_eq!(shown.clock.unwrap().running, Some(Stone::White));
    assert!(app.world().resource::<OnlineClocks>().timed);
    assert_eq!(shown.black.as_ref().unwrap().name, "Ann", "the rest stays");

    // The count of spectators comes on its own.
    server.say(ServerMessage::Spectators {
        code: CODE.to_owned(),
        count: 7,
    });
    wait_for(&mut app, "the count", |app| {
        room(app).is_some_and(|r| r.spectators == 7)
    });
    // A takeback keeps fewer moves than the spectator has.
    server.say(update(&playing(&moves[..1]), 1));
    wait_for(&mut app, "the takeback", |app| {
        board_moves(app) == moves[..1]
    });

    // An update that does not follow (it keeps moves the spectator never saw): the client
    // asks for the whole room again, and its board does not change meanwhile.
    server.say(update(&playing(&moves), 3));
    server.hear(&mut app, "the watch asked again", is_watch);
    assert_eq!(board_moves(&app), moves[..1]);
    server.say(ServerMessage::Room {
        room: playing(&moves[..3]),
    });
    wait_for(&mut app, "the whole room", |app| {
        board_moves(app) == moves[..3]
    });
    server.say(update(&playing(&moves), 3));
    wait_for(&mut app, "the move after it", |app| {
        board_moves(app) == moves
    });

    // The end comes as an update too: shown, and no game kept for a spectator.
    let mut end = playing(&moves);
    end.status = RoomStatus::Finished;
    end.clock = end.clock.map(|c| ClockState { running: None, ..c });
    end.result = Some(GameResult {
        winner: Some(Stone::White),
        reason: EndReason::Resigned,
        line: vec![],
    });
    server.say(update(&end, 4));
    wait_for(&mut app, "the end", |app| {
        app.world().resource::<Board>().outcome().is_over()
    });
    assert_eq!(room(&app).unwrap().status, RoomStatus::Finished);
    assert_eq!(app.world().resource::<GameHistory>().len(), 0);
}

#[test]
fn a_damaged_game_is_forgotten_on_resume_and_the_player_told_why() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    let address = format!("ws://{}/ws", server.addr);
    let held = held_seat();
    server.welcome(&mut app, player(1, "Ann", false), vec![held.clone()]);
    let seats = |app: &App| {
        app.world()
            .resource::<OnlineAccount>()
            .server(&address)
            .map(|s| s.seats.clone())
            .unwrap_or_default()
    };
    assert_eq!(seats(&app), std::slice::from_ref(&held));

    // The player sits in the game; a wrong invite code typed in the lobby is refused as
    // unknown, and that says nothing about the seat held.
    server.seat(&mut app, &held);
    server.say(ServerMessage::Error {
        code: ErrorCode::UnknownRoom,
        message: "no public game has the code NOPE".to_owned(),
        request: Some("join_room".to_owned()),
    });
    wait_for(&mut app, "the refusal", |app| {
        app.world().resource::<OnlineNotice>().0.is_some()
    });
    assert_eq!(
        seats(&app),
        std::slice::from_ref(&held),
        "a mistyped code keeps the seat"
    );

    // The server restarts and finds the game's record damaged: the answer to the resume.
    server.close();
    server.welcome(&mut app, player(1, "Ann", false), vec![held.clone()]);
    server.hear(&mut app, "the resume after the restart", |m| {
        matches!(m, ClientMessage::Resume { code, .. } if code == CODE).then_some(())
    });
    let why = "game K7QX2M's record is damaged; it was set aside";
    server.say(ServerMessage::Error {
        code: ErrorCode::Damaged,
        message: why.to_owned(),
        request: Some("resume".to_owned()),
    });
    wait_for(&mut app, "the seat forgotten", |app| seats(app).is_empty());
    // The player is back in the lobby, and the refusal with it (in the player's language).
    wait_for(&mut app, "the lobby", |app| screen(app) == Screen::Lobby);
    app.update();
    let notice = app
        .world()
        .resource::<OnlineNotice>()
        .0
        .clone()
        .expect("the notice");
    assert_eq!(notice.code(), Some(ErrorCode::Damaged));
    assert_eq!(notice.screen, Screen::Lobby);
    let NoticeKind::Refused(refusal) = &notice.kind else {
        panic!("{notice:?}");
    };
    assert_eq!(
        refusal.message, why,
        "the server's words are kept for the log"
    );
    let text = notice.text(Lang(Language::Chinese));
    assert!(!text.contains(why) && !text.is_ascii(), "{text}");
    // Nothing asks for the game again.
    server.close();
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    for _ in 0..30 {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let asked: Vec<ClientMessage> = server.heard.try_iter().collect();
    assert!(
        !asked
            .iter()
            .any(|m| matches!(m, ClientMessage::Resume { .. })),
        "{asked:?}"
    );
}

#[test]
fn the_seat_is_asked_for_again_in_the_frame_that_reads_the_welcome() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    let held = held_seat();
    server.welcome(&mut app, player(1, "Ann", false), vec![held.clone()]);
    server.seat(&mut app, &held);

    // The server restarts: the client says hello again and is welcomed.
    server.close();
    wait_for(&mut app, "the drop", |app| link(app) != Link::Online);
    server.hear(&mut app, "the hello", |m| {
        matches!(m, ClientMessage::Hello { .. }).then_some(())
    });
    server.say(ServerMessage::Welcome {
        version: PROTOCOL_VERSION,
        player: Some(player(1, "Ann", false)),
        token: None,
        seats: vec![held.clone()],
        account: None,
    });
    // Frames until one has read the welcome, and not one more: the resume was sent in that
    // frame (the link's state turns to online only in the next one; a resume held back for
    // it costs a frame, which is most of a second with software rendering).
    wait_for(&mut app, "the welcome read", |app| {
        app.world().resource::<LinkStatus>().welcomed
    });
    let deadline = Instant::now() + Duration::from_secs(5);
    let resumed = loop {
        match server.heard.recv_timeout(Duration::from_millis(50)) {
            Ok(ClientMessage::Resume { code, .. }) => break code,
            Ok(_) => {}
            Err(_) => assert!(
                Instant::now() < deadline,
                "the resume was not sent in the welcome's frame"
            ),
        }
    };
    assert_eq!(resumed, CODE);
    // Nothing was refused as not connected on the way.
    assert_eq!(app.world().resource::<LinkStatus>().problem, None);
}

#[test]
fn a_taken_name_keeps_the_name_the_server_gave() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    let address = format!("ws://{}/ws", server.addr);
    app.world_mut()
        .resource_mut::<OnlineAccount>()
        .server_mut(&address)
        .player_token = Some("a-token".to_owned());
    // The saved player asks for a name someone else has: the server welcomes it under the
    // name it knows, then says why.
    server.hear(&mut app, "the hello", |m| {
        matches!(m, ClientMessage::Hello { name: Some(n), .. } if n == "Ann").then_some(())
    });
    server.say(ServerMessage::Welcome {
        version: PROTOCOL_VERSION,
        player: Some(player(5, "Guest 4821", true)),
        token: None,
        seats: vec![],
        account: None,
    });
    server.say(ServerMessage::Error {
        code: ErrorCode::NameTaken,
        message: "another player is called 'Ann'; you play as 'Guest 4821'".to_owned(),
        request: Some("hello".to_owned()),
    });
    wait_for(&mut app, "the welcome", |app| link(app) == Link::Online);
    wait_for(&mut app, "the notice", |app| {
        app.world().resource::<LinkStatus>().name_refused.is_some()
    });
    let status = app.world().resource::<LinkStatus>();
    assert_eq!(status.player.as_ref().unwrap().name, "Guest 4821");
    assert_eq!(app.world().resource::<OnlineAccount>().0.name, "Ann");
    // The next connection says hello with the token alone: the refused name is not asked for
    // again (and the notice does not come back on every reconnection).
    server.close();
    let again = server.hear(&mut app, "the hello without the name", |m| match m {
        ClientMessage::Hello { name, token, .. } => Some((name.clone(), token.clone())),
        _ => None,
    });
    assert_eq!(again, (None, Some("a-token".to_owned())));
}

#[test]
fn a_refusal_is_said_in_the_player_s_language_and_goes_with_its_position_or_its_screen() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    let zh = Lang(Language::Chinese);
    // In the lobby: the name asked for is taken. The notice says so in the player's language,
    // with both names, not in the server's English.
    server.hear(&mut app, "the hello", |m| {
        matches!(m, ClientMessage::Hello { name: Some(n), .. } if n == "Ann").then_some(())
    });
    server.say(ServerMessage::Welcome {
        version: PROTOCOL_VERSION,
        player: Some(player(1, "Guest 4821", true)),
        token: Some("a-token".to_owned()),
        seats: vec![],
        account: None,
    });
    let english = "another player is called 'Ann'; you play as 'Guest 4821'";
    server.say(ServerMessage::Error {
        code: ErrorCode::NameTaken,
        message: english.to_owned(),
        request: Some("hello".to_owned()),
    });
    wait_for(&mut app, "the notice", |app| notice(app).is_some());
    let taken = notice(&app).unwrap();
    assert_eq!(
        (taken.code(), taken.screen),
        (Some(ErrorCode::NameTaken), Screen::Lobby)
    );
    let text = taken.text(zh);
    assert!(
        text.contains("Ann") && text.contains("Guest 4821"),
        "{text}"
    );
    assert!(
        !text.contains("another player") && !text.is_ascii(),
        "{text}"
    );
    let text = taken.text(Lang(Language::English));
    assert!(text.contains("Another player is called Ann"), "{text}");

    // In a game, black clicks while it is white's turn: refused, and said in Chinese.
    server.seat(&mut app, &held_seat());
    wait_for(&mut app, "the game's screen", |app| {
        screen(app) == Screen::Online
    });
    let refuse = |code: ErrorCode, message: &str| ServerMessage::Error {
        code,
        message: message.to_owned(),
        request: Some("move".to_owned()),
    };
    server.say(refuse(ErrorCode::NotYourTurn, "it is White's turn"));
    wait_for(&mut app, "the refusal", |app| notice(app).is_some());
    let refused = notice(&app).unwrap();
    assert_eq!(refused.code(), Some(ErrorCode::NotYourTurn));
    let text = refused.text(zh);
    assert!(!text.contains("White") && !text.is_ascii(), "{text}");
    // It stays while the position does.
    for _ in 0..10 {
        app.update();
    }
    assert!(notice(&app).is_some());
    // White resigns: the game is over without a new move, and the refusal goes.
    let mut end = playing(&[Pos::new(7, 7)]);
    end.status = RoomStatus::Finished;
    end.clock = end.clock.map(|c| ClockState { running: None, ..c });
    end.result = Some(GameResult {
        winner: Some(Stone::Black),
        reason: EndReason::Resigned,
        line: vec![],
    });
    server.say(ServerMessage::Room { room: end });
    wait_for(&mut app, "the end", |app| {
        room(app).is_some_and(|r| r.status == RoomStatus::Finished)
    });
    assert_eq!(
        notice(&app),
        None,
        "a refusal about the position before the end"
    );

    // A click on the finished board is refused; the player goes back to the lobby, and the
    // refusal does not follow.
    server.say(refuse(ErrorCode::NotPlaying, "the game is over"));
    wait_for(&mut app, "the refusal", |app| notice(app).is_some());
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lobby);
    app.update();
    assert_eq!(screen(&app), Screen::Lobby);
    assert_eq!(
        notice(&app),
        None,
        "a refusal in the game stays in the game"
    );
}

#[test]
fn a_dropped_connection_is_tried_again_at_once() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    for _ in 0..3 {
        server.close();
        wait_for(&mut app, "the drop", |app| link(app) != Link::Online);
        let dropped = Instant::now();
        server.welcome(&mut app, player(1, "Ann", false), vec![]);
        let took = dropped.elapsed();
        assert!(
            took < Duration::from_millis(400),
            "welcomed again {took:?} after the drop"
        );
    }
}

#[test]
fn a_server_that_cannot_be_reached_is_explained_to_the_player() {
    // A port nothing listens on.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut app = online_app(&format!("127.0.0.1:{port}"), "Ann");
    wait_for(&mut app, "the failure", |app| link(app) == Link::Retrying);
    let said = |app: &App| {
        let status = app.world().resource::<LinkStatus>();
        status.problem.as_ref().map(|p| p.to_string())
    };
    let text = said(&app).expect("the player is told");
    assert!(text.contains("address"), "{text}");
    assert!(text.contains("may be down"), "{text}");
    for developer in ["error:", "os error", "URL", "make server", "IO"] {
        assert!(!text.contains(developer), "{text}");
    }

    // An address that is not a WebSocket's says what one looks like.
    app.world_mut().resource_mut::<OnlineAccount>().0.address = format!("127.0.0.1:{port}");
    app.world_mut().write_message(OnlineCommand::Disconnect);
    app.update();
    app.world_mut().write_message(OnlineCommand::Connect);
    wait_for(&mut app, "the refusal of the address", |app| {
        said(app).is_some_and(|t| t.contains("ws://"))
    });
    let text = said(&app).unwrap();
    assert!(text.contains("settings"), "{text}");
}

// --- The account (issue 84): signing in, pairing, sessions ended, the account's games. ---

/// The App's token for the fake server, if it keeps one.
fn token(app: &App, server: &FakeServer) -> Option<String> {
    let address = format!("ws://{}/ws", server.addr);
    app.world()
        .resource::<OnlineAccount>()
        .server(&address)
        .and_then(|s| s.player_token.clone())
}

/// A finished game of the account: `n` moves on two rows, Ann black against `white`, which
/// Black won by resignation (the server's `id`, and a date `id` hours after 2026-12-01).
fn finished(id: i64, n: usize, white: &str) -> FinishedGame {
    FinishedGame {
        id,
        code: format!("G{id:05}"),
        settings: RoomSettings {
            rule: Rule::Freestyle,
            size: 15,
            time: None,
            rated: true,
        },
        black: "Ann".to_owned(),
        white: white.to_owned(),
        moves: (0..n)
            .map(|i| {
                // Black on one row, White on another, a point apart: no five.
                Pos::new(2 * (i / 2) as u8, 2 + (i % 2) as u8 * 6)
            })
            .collect(),
        result: GameResult {
            winner: Some(Stone::Black),
            reason: EndReason::Resigned,
            line: vec![],
        },
        finished_ms: 1_796_083_200_000 + id * 3_600_000,
    }
}

/// Waits for the client's request for a page of the account's games; returns its `before`.
fn hear_my_games(server: &FakeServer, app: &mut App) -> Option<i64> {
    server.hear(app, "the account's games asked for", |m| match m {
        ClientMessage::MyGames { before } => Some(*before),
        _ => None,
    })
}

#[test]
fn signing_in_sends_the_name_and_password_and_keeps_the_new_session_s_token() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Player");
    server.welcome(&mut app, player(7, "Player", true), vec![]);
    assert_eq!(token(&app, &server).as_deref(), Some("a-token"));
    // The player signs in to the account made on another device.
    app.world_mut().write_message(AccountCommand::SignIn {
        name: " Ann ".to_owned(),
        password: Password("correct horse".to_owned()),
    });
    let (version, name, password, device) = server.hear(&mut app, "the sign-in", |m| match m {
        ClientMessage::SignIn {
            version,
            name,
            password,
            device,
        } => Some((*version, name.clone(), password.clone(), device.clone())),
        _ => None,
    });
    assert_eq!(version, PROTOCOL_VERSION);
    assert_eq!(name, "Ann");
    assert_eq!(password, Password("correct horse".to_owned()));
    assert!(device.is_some_and(|d| d.starts_with("Desktop")));
    server.say(ServerMessage::Welcome {
        version: PROTOCOL_VERSION,
        player: Some(player(1, "Ann", false)),
        token: Some("session-2".to_owned()),
        seats: vec![],
        account: Some(AccountInfo {
            session: 2,
            password: true,
        }),
    });
    wait_for(&mut app, "the welcome", |app| {
        app.world().resource::<LinkStatus>().player_id == Some(1)
    });
    assert_eq!(token(&app, &server).as_deref(), Some("session-2"));
    let status = app.world().resource::<LinkStatus>().clone();
    assert_eq!(status.account.map(|a| a.password), Some(true));
    // The name played under is the account's: the next hello does not rename it.
    assert_eq!(app.world().resource::<OnlineAccount>().0.name, "Ann");
    // The password is nowhere in what is kept.
    let kept = format!("{:?}", app.world().resource::<OnlineAccount>().0);
    assert!(!kept.contains("correct horse"), "{kept}");
}

#[test]
fn a_refused_sign_in_is_said_and_not_tried_again_nor_a_new_player_made() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Player");
    server.welcome(&mut app, player(7, "Player", true), vec![]);
    app.world_mut().write_message(AccountCommand::SignIn {
        name: "Ann".to_owned(),
        password: Password("wrong password".to_owned()),
    });
    server.hear(&mut app, "the sign-in", |m| {
        matches!(m, ClientMessage::SignIn { .. }).then_some(())
    });
    server.say(ServerMessage::Error {
        code: ErrorCode::SignInFailed,
        message: "wrong name or password".to_owned(),
        request: Some("sign_in".to_owned()),
    });
    wait_for(&mut app, "the refusal", |app| {
        notice(app).and_then(|n| n.code()) == Some(ErrorCode::SignInFailed)
    });
    wait_for(&mut app, "offline", |app| link(app) == Link::Offline);
    let text = notice(&app).unwrap().text(Lang(Language::English));
    assert!(text.contains("name or the password is wrong"), "{text}");
    // Nothing more is sent: no hello making a new player, no second sign-in.
    for _ in 0..40 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    while let Ok(m) = server.heard.try_recv() {
        assert!(!m.is_greeting(), "{m:?} was sent after the refusal");
    }
    // The old session's token is still kept.
    assert_eq!(token(&app, &server).as_deref(), Some("a-token"));
}

#[test]
fn a_session_ended_elsewhere_drops_the_token_and_tells_the_player() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    server.welcome(&mut app, player(1, "Ann", false), vec![held_seat()]);
    assert_eq!(token(&app, &server).as_deref(), Some("a-token"));
    server.say(ServerMessage::SessionEnded {
        reason: "signed out from another device".to_owned(),
    });
    server.close();
    wait_for(&mut app, "the sign-out", |app| {
        app.world().resource::<LinkStatus>().signed_out.is_some()
    });
    wait_for(&mut app, "offline", |app| link(app) == Link::Offline);
    assert_eq!(token(&app, &server), None);
    let address = format!("ws://{}/ws", server.addr);
    assert!(
        app.world()
            .resource::<OnlineAccount>()
            .server(&address)
            .is_some_and(|s| s.seats.is_empty())
    );
    assert!(matches!(
        app.world().resource::<LinkStatus>().signed_out,
        Some(SignedOut::Ended(_))
    ));
    // No connection is made by itself (a hello without a token would make a new player),
    // not even on coming back to the lobby.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lobby);
    for _ in 0..40 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(link(&app), Link::Offline);
    while let Ok(m) = server.heard.try_recv() {
        assert!(!m.is_greeting(), "{m:?} was sent after the sign-out");
    }
    // The player chooses to pair this device: the code goes as the first message.
    app.world_mut().write_message(AccountCommand::Pair {
        code: "abcd efgh".to_owned(),
    });
    let code = server.hear(&mut app, "the pairing", |m| match m {
        ClientMessage::Pair { code, .. } => Some(code.clone()),
        _ => None,
    });
    assert_eq!(code, "abcd efgh");
}

#[test]
fn a_token_the_server_no_longer_knows_asks_the_player_instead_of_making_a_new_one() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    let address = format!("ws://{}/ws", server.addr);
    app.world_mut()
        .resource_mut::<OnlineAccount>()
        .server_mut(&address)
        .player_token = Some("old-token".to_owned());
    server.hear(&mut app, "the hello", |m| {
        matches!(m, ClientMessage::Hello { token: Some(t), .. } if t == "old-token").then_some(())
    });
    server.say(ServerMessage::Error {
        code: ErrorCode::UnknownPlayer,
        message: "no player has this token".to_owned(),
        request: Some("hello".to_owned()),
    });
    wait_for(&mut app, "offline", |app| link(app) == Link::Offline);
    assert_eq!(token(&app, &server), None);
    let why = app.world().resource::<LinkStatus>().signed_out.clone();
    assert_eq!(why, Some(SignedOut::Unknown));
    for _ in 0..40 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    while let Ok(m) = server.heard.try_recv() {
        assert!(!m.is_greeting(), "{m:?} was sent by itself");
    }
    // A new player, when the player asks for one: a hello with the name and no token.
    app.world_mut().write_message(AccountCommand::NewPlayer);
    server.hear(&mut app, "the new player's hello", |m| match m {
        ClientMessage::Hello {
            token: None,
            name: Some(n),
            ..
        } if n == "Ann" => Some(()),
        _ => None,
    });
}

#[test]
fn the_account_s_games_are_fetched_page_after_page_and_merged_once() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    // A game this device already kept itself (the same moves, the same day).
    let own = finished(3, 9, "Bob");
    let record = gomoku::app::online::my_games::record_of_finished(&own, "Ann", "deleted")
        .expect("a record");
    app.world_mut().resource_mut::<GameHistory>().add(&record);
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    // Two pages: fifty games, then three (one of them the game kept already, one against a
    // deleted account).
    let first: Vec<FinishedGame> = (4..54).rev().map(|id| finished(id, 7, "Bob")).collect();
    let last = vec![
        finished(3, 9, "Bob"),
        finished(2, 5, gomoku_net::DELETED_PLAYER),
        finished(1, 11, "Cid"),
    ];
    assert_eq!(hear_my_games(&server, &mut app), None);
    server.say(ServerMessage::MyGames {
        games: first.clone(),
        more: true,
    });
    assert_eq!(hear_my_games(&server, &mut app), Some(4));
    server.say(ServerMessage::MyGames {
        games: last.clone(),
        more: false,
    });
    wait_for(&mut app, "the games merged", |app| {
        app.world().resource::<GameHistory>().len() == 53
    });
    let history = app.world().resource::<GameHistory>().0.clone();
    // Oldest first, each once, every one an online game that replays.
    let dates: Vec<&str> = history
        .games
        .iter()
        .map(|g| g.record.date.as_str())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]), "{dates:?}");
    for i in 0..history.len() {
        history.game(i).expect("kept").expect("replays");
    }
    assert!(
        history
            .games
            .iter()
            .any(|g| g.record.white == "deleted player"),
        "the deleted opponent is named"
    );
    // Connected again (another welcome): the games come again and nothing is added twice.
    server.close();
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    assert_eq!(hear_my_games(&server, &mut app), None);
    server.say(ServerMessage::MyGames {
        games: first,
        more: true,
    });
    assert_eq!(hear_my_games(&server, &mut app), Some(4));
    server.say(ServerMessage::MyGames {
        games: last,
        more: false,
    });
    wait_for(&mut app, "the second fetch", |app| {
        app.world().resource::<AccountState>().fetch.is_none()
    });
    assert_eq!(app.world().resource::<GameHistory>().len(), 53);
    assert_eq!(app.world().resource::<AccountState>().merged, 0);
}

#[test]
fn downloading_the_games_writes_our_json_and_a_text_of_position_strings() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    let dir = std::env::temp_dir().join(format!("gomoku-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    app.world_mut().insert_resource(ExportDir(dir.clone()));
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    // The fetch after the welcome, then the download's own.
    assert_eq!(hear_my_games(&server, &mut app), None);
    server.say(ServerMessage::MyGames {
        games: vec![],
        more: false,
    });
    wait_for(&mut app, "the first fetch", |app| {
        app.world().resource::<AccountState>().fetch.is_none()
    });
    app.world_mut().write_message(AccountCommand::DownloadGames);
    assert_eq!(hear_my_games(&server, &mut app), None);
    server.say(ServerMessage::MyGames {
        games: vec![finished(2, 6, "Bob"), finished(1, 4, "Cid")],
        more: false,
    });
    wait_for(&mut app, "the files written", |app| {
        app.world().resource::<AccountState>().news.is_some()
    });
    let news = app.world().resource::<AccountState>().news.clone();
    let Some(AccountNews::Downloaded { files, games }) = news else {
        panic!("not written: {news:?}");
    };
    assert_eq!(games, 2);
    assert_eq!(files.len(), 2, "{files:?}");
    let json = std::fs::read_to_string(&files[0]).expect("the JSON file");
    let text = std::fs::read_to_string(&files[1]).expect("the text file");
    assert!(
        files[0].ends_with(".json") && files[1].ends_with(".txt"),
        "{files:?}"
    );
    // Our records, oldest first, each read back by the engine.
    let records: Vec<serde_json::Value> = serde_json::from_str(&json).expect("a JSON array");
    assert_eq!(records.len(), 2);
    for (r, (white, moves)) in records.iter().zip([("Cid", 4), ("Bob", 6)]) {
        assert_eq!(r["format"], "gomoku-record");
        assert_eq!(r["white"], white);
        let one = serde_json::to_string(r).unwrap();
        let record = gomoku_engine::record::json::from_json(&one).expect("a record");
        assert_eq!(record.moves.len(), moves);
        assert_eq!(record.result.winner, Some(Stone::Black));
    }
    // One game a line after the header: position string, result, rule, size, names, date,
    // code; the position string reads back.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with('#'));
    let cells: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(cells.len(), 8, "{}", lines[1]);
    assert_eq!(&cells[1..4], ["1-0", "freestyle", "15"]);
    assert_eq!(&cells[4..6], ["Ann", "Cid"]);
    assert_eq!(cells[7], "G00001");
    let moves = gomoku_engine::board::parse_moves(cells[0], 15).expect("a position string");
    assert_eq!(moves, finished(1, 4, "Cid").moves);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pairing_code_is_asked_for_and_shown_with_its_time() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    app.world_mut().write_message(AccountCommand::PairingCode);
    server.hear(&mut app, "the request", |m| {
        matches!(m, ClientMessage::PairingCode).then_some(())
    });
    server.say(ServerMessage::PairingCode {
        code: "ABCD-EFGH".to_owned(),
        expires_in_secs: 300,
    });
    wait_for(&mut app, "the code", |app| {
        app.world().resource::<AccountState>().pairing.is_some()
    });
    let shown = app
        .world()
        .resource::<AccountState>()
        .pairing
        .clone()
        .unwrap();
    assert_eq!(shown.code, "ABCD-EFGH");
    assert!(shown.left.remaining_secs() > 290.0 && shown.left.remaining_secs() <= 300.0);
}

#[test]
fn deleting_the_account_sends_the_name_and_leaves_the_device_signed_out() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    app.world_mut()
        .write_message(AccountCommand::DeleteAccount {
            name: "Ann".to_owned(),
            password: None,
        });
    let name = server.hear(&mut app, "the deletion", |m| match m {
        ClientMessage::DeleteAccount { name, password } => {
            assert_eq!(*password, None);
            Some(name.clone())
        }
        _ => None,
    });
    assert_eq!(name, "Ann");
    server.say(ServerMessage::AccountDeleted);
    server.close();
    wait_for(&mut app, "offline", |app| link(app) == Link::Offline);
    assert_eq!(
        app.world().resource::<LinkStatus>().signed_out,
        Some(SignedOut::Deleted)
    );
    assert_eq!(token(&app, &server), None);
}

#[test]
fn signing_out_here_drops_the_token_and_connects_no_more() {
    let server = FakeServer::start();
    let mut app = online_app(&server.addr, "Ann");
    server.welcome(&mut app, player(1, "Ann", false), vec![]);
    app.world_mut()
        .write_message(AccountCommand::SignOut(SignOutWhich::This));
    server.hear(&mut app, "the sign-out", |m| {
        matches!(
            m,
            ClientMessage::SignOut {
                which: SignOutWhich::This
            }
        )
        .then_some(())
    });
    server.say(ServerMessage::SignedOut { sessions: 1 });
    server.close();
    wait_for(&mut app, "offline", |app| link(app) == Link::Offline);
    assert_eq!(
        app.world().resource::<LinkStatus>().signed_out,
        Some(SignedOut::Here)
    );
    assert_eq!(token(&app, &server), None);
    for _ in 0..40 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    while let Ok(m) = server.heard.try_recv() {
        assert!(!m.is_greeting(), "{m:?} was sent by itself");
    }
}

#[test]
fn a_device_with_no_player_opened_on_its_account_window_waits_for_the_player_to_choose() {
    let server = FakeServer::start();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(gomoku::app::Storage(gomoku::store::Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(gomoku::app::online::OpenAccount)
        .add_plugins(gomoku::app::GamePlugin);
    app.update();
    app.world_mut().resource_mut::<OnlineAccount>().0.address = format!("ws://{}/ws", server.addr);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lobby);
    for _ in 0..40 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    // No hello: it would have made a new player before the player could sign in.
    assert_eq!(link(&app), Link::Offline);
    assert!(server.heard.try_recv().is_err());
    app.world_mut().write_message(AccountCommand::SignIn {
        name: "Ann".to_owned(),
        password: Password("correct horse".to_owned()),
    });
    server.hear(&mut app, "the sign-in", |m| {
        matches!(m, ClientMessage::SignIn { .. }).then_some(())
    });
}
