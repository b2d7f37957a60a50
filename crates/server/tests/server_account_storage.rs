//! The accounts' storage, the same in SQLite and PostgreSQL: sessions kept as digests, a
//! password that ends the other sessions, failed sign-ins counted in a window, one-time
//! pairing codes that expire, the account's finished games page by page, and deleting an
//! account (its name freed, its games kept for the opponent under "deleted player").

mod server_support;

use gomoku_engine::{Pos, Rule, Stone};
use gomoku_net::{DELETED_PLAYER, EndReason, GameResult, RoomSettings, RoomStatus};
use gomoku_server::rating::Glicko;
use gomoku_server::storage::accounts::{
    Ending, HOW_NEW, HOW_PAIRING, HOW_PASSWORD, NewSession, digest,
};
use gomoku_server::storage::{GameRecord, PostgresStorage, SeatRecord, SqliteStorage, Storage};
use server_support::{pg, temp_dir};

fn session<'a>(token: &'a str, device: &'a str, how: &'a str) -> NewSession<'a> {
    NewSession { token, device, how }
}

/// A finished game `code` between `black` and `white` with two moves, black winning.
fn finished(s: &mut dyn Storage, code: &str, black: i64, white: i64) {
    let settings = RoomSettings {
        rule: Rule::Freestyle,
        size: 15,
        time: None,
        rated: false,
    };
    s.create_game(&GameRecord {
        code: code.into(),
        settings,
        public: true,
        status: RoomStatus::Waiting,
        black: Some(SeatRecord {
            player_id: black,
            token: format!("{code}-b"),
        }),
        white: None,
        moves: Vec::new(),
        clock_ms: [0, 0],
        clock_at_ms: None,
        alive_ms: None,
        taken_from: None,
    })
    .unwrap();
    let seat = SeatRecord {
        player_id: white,
        token: format!("{code}-w"),
    };
    s.start_game(code, Stone::White, &seat).unwrap();
    s.add_move(code, 0, Pos::new(7, 7), [0, 0]).unwrap();
    s.add_move(code, 1, Pos::new(8, 8), [0, 0]).unwrap();
    let result = GameResult {
        winner: Some(Stone::Black),
        reason: EndReason::Resigned,
        line: Vec::new(),
    };
    s.finish_game(code, &result, [0, 0], None).unwrap();
}

fn accounts_contract(s: &mut dyn Storage) {
    let (ann, first) = s
        .create_player(
            "Ann",
            &session("tok-1", "Desktop, linux", HOW_NEW),
            Glicko::default(),
        )
        .unwrap();
    let (bob, _) = s
        .create_player("Bob", &session("tok-b", "Web", HOW_NEW), Glicko::default())
        .unwrap();
    let found = s
        .session_of("tok-1", None)
        .unwrap()
        .expect("the first session");
    assert_eq!(
        (found.player.id, found.session, found.password),
        (ann, first, false)
    );

    // A second device; the list names both, the newest first.
    let second = s
        .create_session(ann, &session("tok-2", "Web", HOW_PAIRING))
        .unwrap();
    let listed = s.sessions(ann).unwrap();
    let ids: Vec<i64> = listed.iter().map(|r| r.id).collect();
    assert_eq!(ids, [second, first]);
    assert_eq!(listed[1].device, "Desktop, linux");
    assert_eq!(listed[0].how, HOW_PAIRING);
    assert!(
        listed
            .iter()
            .all(|r| r.created_ms > 0 && r.last_seen_ms >= r.created_ms)
    );
    s.session_of("tok-2", Some("Web, Firefox")).unwrap();
    assert_eq!(s.sessions(ann).unwrap()[0].device, "Web, Firefox");

    // A password: the other sessions end, this one stays.
    let ended = s.set_password(ann, "$argon2id$fake", first).unwrap();
    assert_eq!(ended, [second]);
    assert!(s.session_of("tok-2", None).unwrap().is_none());
    assert!(s.session_of("tok-1", None).unwrap().unwrap().password);
    let account = s
        .account_named("a n n", 60_000)
        .unwrap()
        .expect("by its name");
    assert_eq!(account.password_hash.as_deref(), Some("$argon2id$fake"));

    // Failed sign-ins count within the window; a new session forgets them.
    for _ in 0..3 {
        s.sign_in_failed(ann, 60_000).unwrap();
    }
    assert_eq!(s.account(ann, 60_000).unwrap().unwrap().failures, 3);
    assert_eq!(
        s.account(ann, -1).unwrap().unwrap().failures,
        0,
        "failures older than the window are not counted"
    );
    let third = s
        .create_session(ann, &session("tok-3", "Phone", HOW_PASSWORD))
        .unwrap();
    assert_eq!(s.account(ann, 60_000).unwrap().unwrap().failures, 0);

    // Pairing codes work once and only before they expire; a newer one replaces the older.
    s.add_pairing(ann, "ABCDEFGH", 60_000).unwrap();
    s.add_pairing(ann, "HGFEDCBA", 60_000).unwrap();
    assert_eq!(s.redeem_pairing("ABCDEFGH").unwrap(), None, "replaced");
    assert_eq!(s.redeem_pairing("HGFEDCBA").unwrap(), Some(ann));
    assert_eq!(s.redeem_pairing("HGFEDCBA").unwrap(), None, "used once");
    s.add_pairing(ann, "EXPIRED1", -1).unwrap();
    assert_eq!(s.redeem_pairing("EXPIRED1").unwrap(), None, "expired");

    // Signing out: one, all but one, all.
    assert_eq!(s.end_sessions(ann, Ending::One(third)).unwrap(), [third]);
    assert_eq!(
        s.end_sessions(bob, Ending::One(first)).unwrap(),
        Vec::<i64>::new()
    );
    assert!(
        s.session_of("tok-1", None).unwrap().is_some(),
        "not Bob's to end"
    );
    assert_eq!(
        s.end_sessions(ann, Ending::AllBut(first)).unwrap(),
        Vec::<i64>::new()
    );

    // The account's finished games, newest first, page by page.
    for i in 0..5 {
        finished(s, &format!("FIN00{i}"), ann, bob);
    }
    let page = s.finished_games(ann, None, 3).unwrap();
    let codes: Vec<&str> = page.iter().map(|g| g.code.as_str()).collect();
    assert_eq!(codes, ["FIN004", "FIN003", "FIN002"]);
    assert_eq!(
        (page[0].black.as_str(), page[0].white.as_str()),
        ("Ann", "Bob")
    );
    assert_eq!(page[0].moves, [Pos::new(7, 7), Pos::new(8, 8)]);
    assert_eq!(page[0].result.reason, EndReason::Resigned);
    assert!(page[0].finished_ms > 1_600_000_000_000);
    let rest = s.finished_games(ann, Some(page[2].id), 3).unwrap();
    let codes: Vec<&str> = rest.iter().map(|g| g.code.as_str()).collect();
    assert_eq!(codes, ["FIN001", "FIN000"]);
    assert_eq!(s.open_games_of(ann).unwrap(), 0);

    // Deleting: the sessions end, the name is freed, Bob keeps the games.
    let ended = s.delete_account(ann).unwrap();
    assert_eq!(ended, [first]);
    assert!(s.session_of("tok-1", None).unwrap().is_none());
    assert!(s.account_named("Ann", 0).unwrap().is_none());
    assert!(s.account(ann, 0).unwrap().is_none());
    let (again, _) = s
        .create_player("Ann", &session("tok-9", "", HOW_NEW), Glicko::default())
        .expect("the name is free again");
    assert_ne!(again, ann);
    let bobs = s.finished_games(bob, None, 10).unwrap();
    assert_eq!(bobs.len(), 5);
    assert!(
        bobs.iter()
            .all(|g| g.black == DELETED_PLAYER && g.white == "Bob")
    );
}

#[test]
fn sqlite_keeps_the_accounts_promises() {
    let path = temp_dir("accounts").join("db.sqlite");
    let mut s = SqliteStorage::open(&path).unwrap();
    accounts_contract(&mut s);
    // Only digests are kept: no token in clear anywhere in the file.
    drop(s);
    let text = file_text(&path);
    assert!(!text.contains("tok-b"), "a token in clear");
    assert!(text.contains(&digest("tok-b")));
}

/// The file's text (and its write-ahead log's), to look for secrets in it.
fn file_text(path: &std::path::Path) -> String {
    let mut text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    if let Ok(wal) = std::fs::read(path.with_extension("sqlite-wal")) {
        text.push_str(&String::from_utf8_lossy(&wal));
    }
    text
}

#[test]
fn postgres_keeps_the_accounts_promises() {
    let url = pg::database("accounts");
    let mut s = PostgresStorage::open(&url).unwrap();
    accounts_contract(&mut s);
    let clear: i64 = pg::connect(&url)
        .query_one("SELECT count(*) FROM players WHERE token LIKE 'tok-%'", &[])
        .unwrap()
        .get(0);
    assert_eq!(clear, 0, "no token in clear");
}
