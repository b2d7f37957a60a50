//! Accounts on a real server, as players and attackers use them: a password protects the
//! account and signs it in on another device; a pairing code signs in a device once; the
//! sessions are listed and signed out (their tokens stop working at once, on every server of
//! a cluster); the account's games come back page by page; the account can be deleted (the
//! name freed, the games kept for the opponent). Wrong passwords and unknown names get one
//! answer; guessing is limited per account and per address; no password reaches the log.

mod server_support;

use gomoku_net::{DELETED_PLAYER, ErrorCode, PlayerInfo, ServerMessage, SessionInfo};
use serde_json::json;
use server_support::{Client, Pair, Server, pg, settings, temp_dir};

const PASSWORD: &str = "correct horse battery";

fn server(name: &str) -> Server {
    Server::start(&temp_dir(name).join("db.sqlite"), &[])
}

/// The welcome after a greeting: the player, the new token if any, and the session.
fn welcomed(c: &mut Client) -> (PlayerInfo, Option<String>, i64, bool) {
    match c.recv() {
        ServerMessage::Welcome {
            player: Some(p),
            token,
            account: Some(a),
            ..
        } => (p, token, a.session, a.password),
        other => panic!("expected a welcome with an account, got {other:?}"),
    }
}

fn sign_in(c: &mut Client, name: &str, password: &str) {
    c.send(json!({"type": "sign_in", "version": 3, "name": name, "password": password, "device": "Test, second"}));
}

fn sessions(c: &mut Client) -> Vec<SessionInfo> {
    c.send(json!({"type": "sessions"}));
    c.recv_until(|m| match m {
        ServerMessage::Sessions { sessions } => Some(sessions.clone()),
        _ => None,
    })
}

/// Waits for `SessionEnded` and the close that follows it.
fn ended(c: &mut Client) -> String {
    let reason = c.recv_until(|m| match m {
        ServerMessage::SessionEnded { reason } => Some(reason.clone()),
        _ => None,
    });
    assert_eq!(c.close_code(), Some(1008));
    reason
}

fn set_password(c: &mut Client, current: Option<&str>, new: &str) -> ServerMessage {
    c.send(json!({"type": "set_password", "current": current, "password": new}));
    c.recv()
}

#[test]
fn a_password_signs_the_account_in_anywhere_and_signing_out_ends_the_others() {
    let s = server("password");
    let mut desktop = s.client();
    desktop.send(json!({"type": "hello", "version": 3, "name": "Ann", "device": "Desktop, linux"}));
    let (ann, token, first, password) = welcomed(&mut desktop);
    let token = token.expect("a new player's token");
    assert!(!password);

    // Before it has a password, nobody signs in as Ann.
    let mut web = s.client();
    sign_in(&mut web, "Ann", PASSWORD);
    let unprotected = web.expect_error(ErrorCode::SignInFailed);

    assert!(matches!(
        set_password(&mut desktop, None, "short"),
        ServerMessage::Error {
            code: ErrorCode::BadPassword,
            ..
        }
    ));
    assert_eq!(
        set_password(&mut desktop, None, PASSWORD),
        ServerMessage::PasswordSet { signed_out: 0 }
    );

    // A wrong password and an unknown name: one answer, word for word.
    sign_in(&mut web, "Ann", "wrong password");
    let wrong = web.expect_error(ErrorCode::SignInFailed);
    sign_in(&mut web, "Nobody At All", PASSWORD);
    let unknown = web.expect_error(ErrorCode::SignInFailed);
    assert_eq!(wrong, unknown);
    assert_eq!(wrong, unprotected);

    // The right one, however the name is written: a new session of the same player.
    sign_in(&mut web, "ANN", PASSWORD);
    let (same, web_token, second, password) = welcomed(&mut web);
    assert_eq!(
        (same.id, same.name.as_str(), same.rating),
        (ann.id, "Ann", ann.rating)
    );
    assert!(password);
    let web_token = web_token.expect("a session token");
    assert_ne!(web_token, token);

    let listed = sessions(&mut desktop);
    let ids: Vec<(i64, bool)> = listed.iter().map(|x| (x.id, x.current)).collect();
    assert_eq!(ids, [(second, false), (first, true)]);
    assert_eq!(listed[0].device, "Test, second");
    assert_eq!(listed[0].how, "password");
    assert_eq!(listed[1].device, "Desktop, linux");

    // The web signs out every other device: the desktop is told and closed at once, and its
    // token no longer works.
    web.send(json!({"type": "sign_out", "which": "others"}));
    assert_eq!(web.recv(), ServerMessage::SignedOut { sessions: 1 });
    let reason = ended(&mut desktop);
    assert!(reason.contains("signed out"), "{reason}");
    let mut stolen = s.client();
    stolen.send(json!({"type": "hello", "version": 3, "token": token}));
    stolen.expect_error(ErrorCode::UnknownPlayer);

    // Signing out here closes this connection too.
    web.send(json!({"type": "sign_out", "which": "this"}));
    assert_eq!(web.recv(), ServerMessage::SignedOut { sessions: 1 });
    assert_eq!(web.close_code(), Some(1008));
    let mut again = s.client();
    again.send(json!({"type": "hello", "version": 3, "token": web_token}));
    again.expect_error(ErrorCode::UnknownPlayer);

    let log = s.log();
    assert!(
        !log.contains(PASSWORD) && !log.contains("wrong password"),
        "{log}"
    );
}

#[test]
fn a_pairing_code_signs_in_one_device_once_and_a_new_password_signs_out_the_rest() {
    let s = server("pairing");
    let mut desktop = s.client();
    let (ann, _) = desktop.hello("Ann");
    desktop.send(json!({"type": "pairing_code"}));
    let (code, secs) = desktop.recv_until(|m| match m {
        ServerMessage::PairingCode {
            code,
            expires_in_secs,
        } => Some((code.clone(), *expires_in_secs)),
        _ => None,
    });
    assert_eq!(secs, 300);
    assert_eq!(code.len(), 9, "{code}");
    assert_eq!(&code[4..5], "-");

    let mut phone = s.client();
    let typed = format!(" {} ", code.to_lowercase());
    phone.send(json!({"type": "pair", "version": 3, "code": typed, "device": "Phone"}));
    let (same, token, _, _) = welcomed(&mut phone);
    assert_eq!(same.id, ann.id);
    assert!(token.is_some());

    let mut thief = s.client();
    thief.send(json!({"type": "pair", "version": 3, "code": code}));
    thief.expect_error(ErrorCode::PairingFailed);

    // The phone protects the account; the desktop (which had no password to give) is
    // signed out by it.
    assert_eq!(
        set_password(&mut phone, None, PASSWORD),
        ServerMessage::PasswordSet { signed_out: 1 }
    );
    let reason = ended(&mut desktop);
    assert!(reason.contains("password"), "{reason}");
    // Changing it needs the password now.
    assert!(matches!(
        set_password(&mut phone, Some("not it at all"), "another password"),
        ServerMessage::Error {
            code: ErrorCode::WrongPassword,
            ..
        }
    ));
    assert!(matches!(
        set_password(&mut phone, None, "another password"),
        ServerMessage::Error {
            code: ErrorCode::WrongPassword,
            ..
        }
    ));
    assert_eq!(
        set_password(&mut phone, Some(PASSWORD), "another password"),
        ServerMessage::PasswordSet { signed_out: 0 }
    );
    let mut laptop = s.client();
    sign_in(&mut laptop, "Ann", "another password");
    assert_eq!(welcomed(&mut laptop).0.id, ann.id);
}

#[test]
fn the_account_s_games_come_back_and_deleting_it_keeps_them_for_the_opponent() {
    let s = server("delete");
    let mut pair = Pair::new(&s, settings("Freestyle", 15, None, false));
    pair.play(0, 7, 7);
    pair.play(1, 8, 8);
    pair.black.send(server_support::seat_msg("resign", &pair.b));
    pair.white.room_until(|r| r.result.is_some());
    pair.black.room_until(|r| r.result.is_some());

    pair.black.send(json!({"type": "my_games"}));
    let (games, more) = pair.black.recv_until(|m| match m {
        ServerMessage::MyGames { games, more } => Some((games.clone(), *more)),
        _ => None,
    });
    assert!(!more);
    assert_eq!(games.len(), 1);
    assert_eq!(
        (games[0].black.as_str(), games[0].white.as_str()),
        ("Ann", "Bob")
    );
    assert_eq!(games[0].moves.len(), 2);

    // Confirming needs the name; a game waiting for an opponent holds the account back.
    pair.black
        .send(json!({"type": "delete_account", "name": "Bob"}));
    pair.black.expect_error(ErrorCode::BadName);
    pair.black.send(json!({"type": "create_room", "settings": settings("Freestyle", 15, None, false), "colour": "Black", "public": false}));
    let waiting = pair.black.seat();
    pair.black
        .send(json!({"type": "delete_account", "name": "ann"}));
    pair.black.expect_error(ErrorCode::GamesUnfinished);
    pair.black
        .send(server_support::seat_msg("resign", &waiting));
    pair.black.room_until(|r| r.result.is_some());

    pair.black
        .send(json!({"type": "delete_account", "name": "ann"}));
    assert_eq!(
        pair.black
            .recv_until(|m| matches!(m, ServerMessage::AccountDeleted).then_some(m.clone())),
        ServerMessage::AccountDeleted
    );
    assert_eq!(pair.black.close_code(), Some(1008));
    let mut old = s.client();
    old.send(json!({"type": "hello", "version": 3, "token": pair.b_token}));
    old.expect_error(ErrorCode::UnknownPlayer);

    // The name is free; Bob keeps the game, against "deleted player".
    let mut new_ann = s.client();
    assert_eq!(new_ann.hello("Ann").0.name, "Ann");
    pair.white.send(json!({"type": "my_games"}));
    let games = pair.white.recv_until(|m| match m {
        ServerMessage::MyGames { games, .. } => Some(games.clone()),
        _ => None,
    });
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].black, DELETED_PLAYER);
    let mut imposter = s.client();
    imposter.send(json!({"type": "hello", "version": 3, "name": "Deleted Player"}));
    imposter.expect_error(ErrorCode::BadName);
}

#[test]
fn guessing_is_cut_off_per_account_and_per_address() {
    let s = server("guessing");
    let mut owner = s.client();
    owner.hello("Ann");
    assert_eq!(
        set_password(&mut owner, None, PASSWORD),
        ServerMessage::PasswordSet { signed_out: 0 }
    );
    // Ten guesses from ten addresses lock the account for password sign-ins...
    for i in 0..10 {
        let mut c = Client::connect_from(&format!("127.0.0.{}", 20 + i), &s.addr).unwrap();
        sign_in(&mut c, "Ann", &format!("guess number {i}"));
        c.expect_error(ErrorCode::SignInFailed);
    }
    let mut late = Client::connect_from("127.0.0.40", &s.addr).unwrap();
    sign_in(&mut late, "Ann", PASSWORD);
    let locked = late.expect_error(ErrorCode::Limit);
    assert!(locked.contains("this account"), "{locked}");
    // ... while a device still signed in can pair another.
    owner.send(json!({"type": "pairing_code"}));
    let code = owner.recv_until(|m| match m {
        ServerMessage::PairingCode { code, .. } => Some(code.clone()),
        _ => None,
    });
    late.send(json!({"type": "pair", "version": 3, "code": code}));
    welcomed(&mut late);

    // One address guessing names and codes is stopped after twenty failures.
    let mut guesser = Client::connect_from("127.0.0.50", &s.addr).unwrap();
    for i in 0..20 {
        guesser.send(json!({"type": "pair", "version": 3, "code": format!("AAAA{i:04}")}));
        guesser.expect_error(ErrorCode::PairingFailed);
    }
    guesser.send(json!({"type": "pair", "version": 3, "code": "BBBBBBBB"}));
    guesser.expect_error(ErrorCode::Limit);
    sign_in(&mut guesser, "Bob", PASSWORD);
    guesser.expect_error(ErrorCode::Limit);
}

#[test]
fn an_older_client_is_told_to_update() {
    let s = server("version");
    let mut c = s.client();
    c.send(json!({"type": "hello", "version": 2, "name": "Ann"}));
    let text = c.expect_error(ErrorCode::VersionMismatch);
    assert!(
        text.contains("version 3") && text.contains("update"),
        "{text}"
    );
}

#[test]
fn a_session_signed_out_on_one_server_ends_on_every_server_of_the_cluster() {
    let url = pg::database("accounts_cluster");
    let dir = temp_dir("accounts-cluster");
    let a = Server::start_postgres(&url, &dir.join("a.log"), &[]);
    let b = Server::start_postgres(&url, &dir.join("b.log"), &[]);
    let mut on_a = a.client();
    on_a.send(json!({"type": "hello", "version": 3, "name": "Ann"}));
    let (_, _, _, _) = welcomed(&mut on_a);
    assert_eq!(
        set_password(&mut on_a, None, PASSWORD),
        ServerMessage::PasswordSet { signed_out: 0 }
    );
    let mut on_b = b.client();
    sign_in(&mut on_b, "Ann", PASSWORD);
    let (_, token_b, _, _) = welcomed(&mut on_b);
    // A signs out everywhere: B's connection hears it and closes, and B refuses the token.
    on_a.send(json!({"type": "sign_out", "which": "everywhere"}));
    assert_eq!(on_a.recv(), ServerMessage::SignedOut { sessions: 2 });
    let reason = ended(&mut on_b);
    assert!(reason.contains("signed out"), "{reason}");
    let mut again = b.client();
    again.send(json!({"type": "hello", "version": 3, "token": token_b}));
    again.expect_error(ErrorCode::UnknownPlayer);
}
