//! The storage's promises, kept the same by SQLite and PostgreSQL: players with unique folded
//! names, games, one row a move, results with ratings, the leaderboard; and PostgreSQL's own,
//! for several servers on one database: a game is decided by one server at a time, a stopped
//! server's games are taken over, and a server whose game was taken over can store nothing
//! more for it.

mod server_support;

use gomoku_engine::{Pos, Rule, Stone};
use gomoku_net::{EndReason, GameResult, RoomSettings, RoomStatus, TimeControl};
use gomoku_server::rating::Glicko;
use gomoku_server::storage::accounts::{HOW_NEW, NewSession};
use gomoku_server::storage::{
    GameRecord, PostgresStorage, SeatRecord, SqliteStorage, Storage, StoreResult,
};
use server_support::{pg, temp_dir};

fn game(code: &str, black: i64) -> GameRecord {
    GameRecord {
        code: code.into(),
        settings: RoomSettings {
            rule: Rule::Renju,
            size: 15,
            time: Some(TimeControl {
                base_secs: 300,
                increment_secs: 3,
            }),
            rated: true,
        },
        public: true,
        status: RoomStatus::Waiting,
        black: Some(SeatRecord {
            player_id: black,
            token: "seat-b".into(),
        }),
        white: None,
        moves: Vec::new(),
        clock_ms: [300_000, 300_000],
        clock_at_ms: None,
        alive_ms: None,
        taken_from: None,
    }
}

/// A new player with its first session's `token`.
fn new_player(s: &mut dyn Storage, name: &str, token: &str) -> StoreResult<i64> {
    let session = NewSession {
        token,
        device: "Test",
        how: HOW_NEW,
    };
    s.create_player(name, &session, Glicko::default())
        .map(|(id, _)| id)
}

fn open_games(s: &mut dyn Storage) -> Vec<GameRecord> {
    s.unfinished_games()
        .unwrap()
        .into_iter()
        .map(|g| g.expect("sound"))
        .collect()
}

/// What every storage must do; `restart` stands for the server dying and a new one starting on
/// the same database (which takes the unfinished games back).
fn contract(
    mut s: Box<dyn Storage>,
    mut restart: impl FnMut(Box<dyn Storage>) -> Box<dyn Storage>,
) -> Box<dyn Storage> {
    s.check().unwrap();
    let a = new_player(&mut *s, "Ann", "tok-a").unwrap();
    let b = new_player(&mut *s, "Bob", "tok-b").unwrap();
    assert_eq!(s.session_of("tok-a", None).unwrap().unwrap().player.id, a);
    assert!(s.session_of("tok-a' OR '1'='1", None).unwrap().is_none());
    assert!(new_player(&mut *s, "Eve", "tok-a").is_err());
    let e = new_player(&mut *s, "АNN", "tok-c").unwrap_err();
    assert!(e.is_name_taken(), "{e}");
    assert_eq!(s.player_named("a n n").unwrap(), Some(a));
    assert!(s.rename_player(b, "ann").unwrap_err().is_name_taken());
    s.rename_player(a, "ANN").unwrap();
    assert_eq!(s.player(a).unwrap().unwrap().name, "ANN");
    s.rename_player(a, "Ann").unwrap();

    s.create_game(&game("ABCDEF", a)).unwrap();
    assert!(s.code_taken("ABCDEF").unwrap());
    assert!(!s.code_taken("ZZZZZZ").unwrap());
    let seat = SeatRecord {
        player_id: b,
        token: "seat-w".into(),
    };
    s.start_game("ABCDEF", Stone::White, &seat).unwrap();
    assert!(s.start_game("ABCDEF", Stone::White, &seat).is_err());
    s.add_move("ABCDEF", 0, Pos::new(7, 7), [299_000, 300_000])
        .unwrap();
    s.add_move("ABCDEF", 1, Pos::new(8, 8), [299_000, 298_000])
        .unwrap();
    assert!(
        s.add_move("ABCDEF", 1, Pos::new(9, 9), [0, 0]).is_err(),
        "a ply is stored once"
    );
    assert_eq!(
        s.moves("ABCDEF").unwrap(),
        vec![Pos::new(7, 7), Pos::new(8, 8)],
        "a refused move changed nothing"
    );
    s.heartbeat().unwrap();
    let mut s = restart(s);
    let open = open_games(&mut *s);
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].status, RoomStatus::Playing);
    assert_eq!(open[0].settings, game("X", a).settings);
    assert_eq!(open[0].moves, vec![Pos::new(7, 7), Pos::new(8, 8)]);
    assert_eq!(open[0].clock_ms, [299_000, 298_000]);
    assert_eq!(open[0].white, Some(seat));
    assert!(open[0].clock_at_ms.is_some());
    s.truncate_moves("ABCDEF", 1, [299_000, 298_000]).unwrap();
    assert_eq!(s.moves("ABCDEF").unwrap(), vec![Pos::new(7, 7)]);
    let result = GameResult {
        winner: Some(Stone::Black),
        reason: EndReason::Resigned,
        line: Vec::new(),
    };
    let up = Glicko {
        rating: 1600.0,
        ..Glicko::default()
    };
    s.finish_game(
        "ABCDEF",
        &result,
        [1, 2],
        Some([(a, up), (b, Glicko::default())]),
    )
    .unwrap();
    assert!(s.unfinished_games().unwrap().is_empty());
    assert_eq!(s.rated_games_between(b, a, 3600).unwrap(), 1);
    assert_eq!(s.rated_games_between(a, a, 3600).unwrap(), 0);
    let board = s.leaderboard(10).unwrap();
    assert_eq!(board.len(), 2);
    assert_eq!((board[0].id, board[0].games), (a, 1));
    assert_eq!(board[0].rating, up);

    s.create_game(&game("BADONE", a)).unwrap();
    s.set_aside("BADONE", "unknown rule").unwrap();
    let mut s = restart(s);
    let all = s.unfinished_games().unwrap();
    let set_aside: Vec<(String, String)> = all
        .into_iter()
        .filter_map(Result::err)
        .map(|d| (d.code, d.why))
        .collect();
    assert_eq!(
        set_aside,
        [("BADONE".to_string(), "unknown rule".to_string())]
    );
    s
}

#[test]
fn sqlite_keeps_the_storage_promises() {
    let path = temp_dir("storage").join("db.sqlite");
    let s = Box::new(SqliteStorage::open(&path).unwrap());
    let s = contract(s, |s| {
        drop(s);
        Box::new(SqliteStorage::open(&path).unwrap())
    });
    assert!(!s.shared());
}

#[test]
fn postgres_keeps_the_storage_promises() {
    let url = pg::database("contract");
    let s = Box::new(PostgresStorage::open(&url).unwrap());
    let mut s = contract(s, |s| {
        // Its heartbeat stops; a new server takes its games.
        pg::connect(&url)
            .execute(
                "UPDATE servers SET alive_ms = alive_ms - 20000 WHERE id = $1",
                &[&s.server().unwrap()],
            )
            .unwrap();
        drop(s);
        Box::new(PostgresStorage::open(&url).unwrap())
    });
    assert!(s.shared());
    // A second server on the same database sees the same players and results.
    let mut other = PostgresStorage::open(&url).unwrap();
    assert_eq!(other.leaderboard(10).unwrap(), s.leaderboard(10).unwrap());
}

#[test]
fn a_game_is_decided_by_one_server_and_taken_over_only_when_it_stops() {
    let url = pg::database("takeover");
    let mut first = PostgresStorage::open(&url).unwrap();
    let mut second = PostgresStorage::open(&url).unwrap();
    let a = new_player(&mut first, "Ann", "tok-a").unwrap();
    let b = new_player(&mut first, "Bob", "tok-b").unwrap();
    first.create_game(&game("GAME01", a)).unwrap();
    let seat = SeatRecord {
        player_id: b,
        token: "seat-w".into(),
    };
    assert!(
        second
            .start_game("GAME01", Stone::White, &seat)
            .unwrap_err()
            .is_not_owner(),
        "only the server that made a game seats its players"
    );
    first.start_game("GAME01", Stone::White, &seat).unwrap();
    first
        .add_move("GAME01", 0, Pos::new(7, 7), [299_000, 300_000])
        .unwrap();
    assert!(
        open_games(&mut second).is_empty(),
        "a live server's games are not taken"
    );
    let e = second
        .add_move("GAME01", 1, Pos::new(8, 8), [299_000, 299_000])
        .unwrap_err();
    assert!(e.is_not_owner(), "{e}");

    // The first server stops answering: its heartbeat is 20 s old.
    let mut db = pg::connect(&url);
    db.execute(
        "UPDATE servers SET alive_ms = alive_ms - 20000 WHERE id = $1",
        &[&first.server_name()],
    )
    .unwrap();
    let taken = open_games(&mut second);
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].code, "GAME01");
    assert_eq!(taken[0].moves, vec![Pos::new(7, 7)]);
    let alive = taken[0].alive_ms.expect("the old server's last heartbeat");
    assert!(alive <= taken[0].clock_at_ms.unwrap() + 1_000);

    // The first server comes back: whatever it still holds in memory, it stores nothing.
    first.heartbeat().unwrap();
    let e = first
        .add_move("GAME01", 1, Pos::new(8, 8), [299_000, 299_000])
        .unwrap_err();
    assert!(e.is_not_owner(), "{e}");
    let result = GameResult {
        winner: Some(Stone::White),
        reason: EndReason::Resigned,
        line: Vec::new(),
    };
    assert!(
        first
            .finish_game("GAME01", &result, [1, 1], None)
            .unwrap_err()
            .is_not_owner()
    );
    assert!(
        first
            .truncate_moves("GAME01", 0, [1, 1])
            .unwrap_err()
            .is_not_owner()
    );
    assert!(
        open_games(&mut first).is_empty(),
        "it does not take it back"
    );
    second
        .add_move("GAME01", 1, Pos::new(8, 8), [299_000, 299_000])
        .unwrap();
    assert_eq!(
        second.moves("GAME01").unwrap(),
        vec![Pos::new(7, 7), Pos::new(8, 8)]
    );
}

#[test]
fn postgres_refuses_a_newer_schema_and_tables_it_did_not_make() {
    let url = pg::database("schema");
    drop(PostgresStorage::open(&url).unwrap());
    let mut db = pg::connect(&url);
    let version: i32 = db
        .query_one("SELECT version FROM gomoku_schema", &[])
        .unwrap()
        .get(0);
    assert_eq!(version, 2);
    db.execute("UPDATE gomoku_schema SET version = 99", &[])
        .unwrap();
    let e = PostgresStorage::open(&url).err().expect("refused");
    assert!(e.to_string().contains("newer server"), "{e}");
    let count: i64 = db
        .query_one("SELECT count(*) FROM players", &[])
        .unwrap()
        .get(0);
    assert_eq!(count, 0, "left untouched");

    let other = pg::database("foreign");
    pg::connect(&other)
        .batch_execute("CREATE TABLE players (x INTEGER)")
        .unwrap();
    let e = PostgresStorage::open(&other).err().expect("refused");
    assert!(e.to_string().contains("left untouched"), "{e}");
    let e = PostgresStorage::open("postgres://nobody@127.0.0.1:1/none")
        .err()
        .expect("refused");
    assert!(e.to_string().contains("cannot reach PostgreSQL"), "{e}");
}
