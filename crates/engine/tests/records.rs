//! Game records: round trips through every format, and every kind of bad input.

use gomoku_engine::record::json::{from_json, to_json};
use gomoku_engine::record::position_string::to_position_string;
use gomoku_engine::record::psq::to_psq;
use gomoku_engine::record::{
    Ending, Format, GameRecord, ImportDefaults, RecordMode, RecordResult, import,
};
use gomoku_engine::{ForbiddenPolicy, Game, Rule, Stone, board::parse_moves};

const DATE: &str = "2026-11-22T14:00:00Z";

fn defaults(size: u8, rule: Rule) -> ImportDefaults {
    ImportDefaults {
        size,
        rule,
        policy: ForbiddenPolicy::Refuse,
    }
}

fn game(size: u8, rule: Rule, policy: ForbiddenPolicy, moves: &str) -> Game {
    let moves = parse_moves(moves, size).unwrap();
    Game::from_moves(size, rule, policy, &moves).unwrap()
}

/// A five for black on 15x15: h8..l8, white answers on row 9.
const BLACK_FIVE: &str = "h8 h9 i8 i9 j8 j9 k8 k9 l8";

fn finished() -> GameRecord {
    let g = game(15, Rule::Standard, ForbiddenPolicy::Refuse, BLACK_FIVE);
    GameRecord::of_game(
        &g,
        "Ann",
        "AI level 3",
        RecordMode::VsAi {
            level: 3,
            human: Stone::Black,
        },
        DATE.into(),
    )
}

#[test]
fn json_round_trip_keeps_everything() {
    let r = finished();
    assert_eq!(
        r.result,
        RecordResult {
            winner: Some(Stone::Black),
            ending: Ending::Five
        }
    );
    let text = to_json(&r);
    assert!(text.contains("\"format\": \"gomoku-record\""), "{text}");
    assert!(
        text.contains("\"moves\": \"h8 h9 i8 i9 j8 j9 k8 k9 l8\""),
        "{text}"
    );
    assert_eq!(from_json(&text).unwrap(), r);
    let imported = import(&text, defaults(19, Rule::Renju), "other".into()).unwrap();
    assert_eq!(
        imported, r,
        "the JSON's own size, rule and date win over the defaults"
    );
}

#[test]
fn json_keeps_a_resignation_and_a_forbidden_loss() {
    let mut g = game(15, Rule::Freestyle, ForbiddenPolicy::Refuse, "h8 h9 i8");
    g.resign_as(Stone::Black).unwrap();
    let r = GameRecord::of_game(&g, "A", "B", RecordMode::TwoPlayers, DATE.into());
    assert_eq!(r.result.ending, Ending::Resignation);
    assert_eq!(r.result.winner, Some(Stone::White));
    let back = from_json(&to_json(&r)).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.replay().unwrap().outcome(), g.outcome());

    // Renju, tournament policy: black's double-three at h8 loses.
    let g = game(
        15,
        Rule::Renju,
        ForbiddenPolicy::Lose,
        "i8 a1 j8 a2 h9 a3 h10 a15 h8",
    );
    assert_eq!(g.outcome().winner(), Some(Stone::White));
    let r = GameRecord::of_game(&g, "A", "B", RecordMode::TwoPlayers, DATE.into());
    assert_eq!(r.result.ending, Ending::Forbidden);
    assert_eq!(from_json(&to_json(&r)).unwrap(), r);
}

#[test]
fn position_string_round_trip() {
    let r = finished();
    let text = to_position_string(&r.moves, r.size);
    assert_eq!(text, "h8h9i8i9j8j9k8k9l8");
    let back = import(&text, defaults(15, Rule::Standard), DATE.into()).unwrap();
    assert_eq!(back.moves, r.moves);
    assert_eq!(back.result, r.result);
    assert_eq!(back.mode, RecordMode::Imported);
    // Ten and above run together too, on a 19x19 board.
    let back = import("j10k11a19s1", defaults(19, Rule::Freestyle), DATE.into()).unwrap();
    assert_eq!(back.moves.len(), 4);
    assert_eq!(to_position_string(&back.moves, 19), "j10k11a19s1");
    assert_eq!(back.result.ending, Ending::Unfinished);
}

#[test]
fn psq_round_trip() {
    let r = finished();
    let text = to_psq(&r);
    assert!(
        text.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n"),
        "{text}"
    );
    let back = import(&text, defaults(19, Rule::Standard), DATE.into()).unwrap();
    assert_eq!(back.size, 15, "the size comes from the file");
    assert_eq!(back.moves, r.moves);
    assert_eq!(back.result, r.result);
}

#[test]
fn psq_as_piskvork_writes_it() {
    // Windows line ends, thinking times, engine names and a result after the moves.
    let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,1250\r\n11,11,830\r\n12,10,20\r\n\
                pbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n";
    let r = import(text, defaults(15, Rule::Freestyle), DATE.into()).unwrap();
    assert_eq!(r.size, 20);
    assert_eq!(r.moves.len(), 3);
    assert_eq!((r.moves[0].x, r.moves[0].y), (9, 9));
}

fn import_error(text: &str) -> String {
    import(text, defaults(15, Rule::Renju), DATE.into())
        .unwrap_err()
        .to_string()
}

#[test]
fn move_errors_name_points_in_notation_only() {
    let e = import_error("h8 h8");
    assert!(!e.contains("(7, 7)"), "internal coordinates in: {e}");
    let e = import_error("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n");
    assert!(!e.contains("(7, 7)"), "internal coordinates in: {e}");
    assert!(e.contains("h8") && e.contains("already taken"), "{e}");
}

#[test]
fn a_huge_text_is_refused_before_it_is_read() {
    let text = "h8 ".repeat(70_000);
    let e = import_error(&text);
    assert!(e.contains("206 KB") && e.contains("64 KB at most"), "{e}");
}

#[test]
fn bad_input_names_what_is_wrong() {
    let cases: &[(&str, &str)] = &[
        ("", "empty"),
        ("   \n", "empty"),
        (
            "h8 h8",
            "move 2 (h8) is not legal: the point is already taken",
        ),
        ("h8 z3", "column 'z' is off a 15x15 board"),
        ("h8 i99", "row 99 is off"),
        ("h8 i9 #", "unexpected character '#'"),
        ("12", "a row number without a column letter"),
        // Renju, refuse policy: black's double-three is not legal.
        (
            "i8 a1 j8 a2 h9 a3 h10 a15 h8",
            "move 9 (h8) is not legal: forbidden for black: double-three",
        ),
        // Moves after the game is over.
        ("h8 h9 i8 i9 j8 j9 k8 k9 l8 a1", "move 10 (a1) is not legal"),
        ("Piskvorky 15x15, 11:11, 0\n", "no moves"),
        (
            "Piskvorky 15x16, 11:11, 0\n1,1,0\n",
            "line 1: only square boards",
        ),
        (
            "Piskvorky 40x40, 11:11, 0\n1,1,0\n",
            "line 1: a 40x40 board is not supported",
        ),
        (
            "Piskvorky big, 11:11, 0\n1,1,0\n",
            "line 1: expected the board size",
        ),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n",
            "line 3: move '16,1,0' is off",
        ),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,x,0\n",
            "line 3: '9,x,0' is not a move",
        ),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n",
            "move 2 (h8) is not legal",
        ),
        ("{", "line 1: not a valid record"),
        ("{\"format\": \"gomoku-record\"}", "missing field"),
    ];
    for (text, expected) in cases {
        let e = import_error(text);
        assert!(
            e.contains(expected),
            "{text:?}: got {e:?}, expected {expected:?}"
        );
    }
}

#[test]
fn bad_json_records_are_refused() {
    let good = to_json(&finished());
    let cases: Vec<(String, &str)> = vec![
        (
            good.replace("gomoku-record", "chess-record"),
            "the format is 'chess-record'",
        ),
        (
            good.replace("\"version\": 1", "\"version\": 7"),
            "format version 7, newer",
        ),
        (
            good.replace("\"size\": 15", "\"size\": 99"),
            "board size 99 is not supported",
        ),
        (good.replace("k9 l8", "k9 k9"), "move 9 (k9) is not legal"),
        (good.replace("\"Black\"", "\"Blue\""), "unknown variant"),
        (
            good.replace("\"ending\": \"Five\"", "\"ending\": \"FullBoard\""),
            "the result says",
        ),
        (good[..good.len() / 2].to_owned(), "not a valid record"),
    ];
    for (text, expected) in cases {
        let e = import_error(&text);
        assert!(e.contains(expected), "got {e:?}, expected {expected:?}");
    }
}

#[test]
fn formats_are_recognised() {
    assert_eq!(Format::detect("  {\"a\":1}"), Format::Json);
    assert_eq!(Format::detect("Piskvorky 15x15"), Format::Psq);
    assert_eq!(Format::detect("h8i9"), Format::PositionString);
}

#[test]
fn replay_steps_through_the_game() {
    let r = finished();
    assert_eq!(r.replay_to(0).unwrap().board().stone_count(), 0);
    assert_eq!(r.replay_to(4).unwrap().board().stone_count(), 4);
    assert!(!r.replay_to(8).unwrap().outcome().is_over());
    assert!(r.replay_to(9).unwrap().outcome().is_over());
    assert_eq!(r.replay_to(100).unwrap().board().stone_count(), 9);
}

/// A game stored with its review, as a game's history has always written it: the record's
/// fields, then `review` (a hand-made review of the first two moves, with every kind of field).
const REVIEWED_GAME: &str = r#"{
  "format": "gomoku-record",
  "version": 1,
  "black": "Ann",
  "white": "Bo",
  "mode": "TwoPlayers",
  "rule": "Freestyle",
  "policy": "Refuse",
  "size": 15,
  "moves": "h8 i9 h9",
  "result": {
    "winner": null,
    "ending": "Unfinished"
  },
  "date": "2026-11-22T14:00:00Z",
  "review": {
    "format": "gomoku-review",
    "version": 1,
    "rule": "Freestyle",
    "size": 15,
    "options": {
      "nodes": 2000,
      "solver_nodes": 2000,
      "table_bytes": 1048576
    },
    "complete": false,
    "moves": [
      {
        "number": 1,
        "colour": "Black",
        "played": {
          "x": 7,
          "y": 7
        },
        "best": {
          "x": 7,
          "y": 7
        },
        "best_line": [
          {
            "x": 7,
            "y": 7
          },
          {
            "x": 8,
            "y": 6
          }
        ],
        "score": 30,
        "win_before": 0.55,
        "win_after": 0.55,
        "class": "Best",
        "accuracy": 100.0,
        "forced_win": null,
        "missed_block": []
      },
      {
        "number": 2,
        "colour": "White",
        "played": {
          "x": 8,
          "y": 6
        },
        "best": null,
        "best_line": [],
        "score": -30,
        "win_before": 0.45,
        "win_after": 0.3125,
        "class": "MissedWin",
        "accuracy": 80.5,
        "forced_win": {
          "kind": "Vct",
          "first": {
            "x": 6,
            "y": 6
          },
          "line": [
            {
              "x": 6,
              "y": 6
            }
          ]
        },
        "missed_block": [
          {
            "x": 9,
            "y": 7
          }
        ]
      }
    ],
    "black": {
      "moves": 1,
      "accuracy": 100.0,
      "best": 1,
      "good": 0,
      "inaccuracies": 0,
      "mistakes": 0,
      "blunders": 0,
      "missed_wins": 0
    },
    "white": {
      "moves": 1,
      "accuracy": 80.5,
      "best": 0,
      "good": 0,
      "inaccuracies": 0,
      "mistakes": 0,
      "blunders": 0,
      "missed_wins": 1
    }
  }
}"#;

#[test]
fn a_game_stored_with_its_review_reads_and_writes_the_same() {
    use gomoku_engine::Pos;
    use gomoku_engine::analysis::{MoveClass, StoredGame, WinKind};

    let stored: StoredGame = serde_json::from_str(REVIEWED_GAME).unwrap();
    let record = stored.to_record().unwrap();
    assert_eq!(record.moves_text(), "h8 i9 h9");
    assert!(stored.is_of(&record));
    let review = stored.review().expect("the review fits its game");
    assert_eq!(review.moves.len(), 2);
    assert_eq!(review.moves[1].class, MoveClass::MissedWin);
    let win = review.moves[1].forced_win.as_ref().unwrap();
    assert_eq!((win.kind, win.first), (WinKind::Vct, Pos::new(6, 6)));
    assert_eq!(review.white.missed_wins, 1);
    // Written back, it is the same text: the layout does not change.
    assert_eq!(
        serde_json::to_string_pretty(&stored).unwrap(),
        REVIEWED_GAME
    );
    // The record's own reader takes the same text, the review aside.
    assert_eq!(from_json(REVIEWED_GAME).unwrap(), record);
    let imported = import(REVIEWED_GAME, defaults(19, Rule::Renju), "other".into()).unwrap();
    assert_eq!(imported, record);
    // A game never reviewed is written as the record alone.
    let bare = StoredGame::from_record(&record);
    assert_eq!(
        serde_json::to_string_pretty(&bare).unwrap(),
        to_json(&record)
    );
    assert_eq!(bare.review(), None);
}
