//! Records keep the opening rule and its steps in our JSON; records without them still read.

use gomoku_engine::opening::{Action, Choice, Opening, OpeningRule, Player};
use gomoku_engine::record::json::{from_json, to_json};
use gomoku_engine::record::{GameRecord, RecordMode};
use gomoku_engine::{ForbiddenPolicy, Game, Pos, Rule, board::parse_moves};

const DATE: &str = "2026-11-23T23:00:00Z";

fn points(moves: &str) -> Vec<Pos> {
    parse_moves(moves, 15).unwrap()
}

/// A swap2 opening with two more stones, white chosen by the first player, then two moves.
fn swap2_game() -> (Opening, GameRecord) {
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
    for p in points("h8 h9 j10") {
        o.apply(Player::First, Action::Place(p)).unwrap();
    }
    o.apply(Player::Second, Action::Choose(Choice::PlaceTwo))
        .unwrap();
    for p in points("g7 i7") {
        o.apply(Player::Second, Action::Place(p)).unwrap();
    }
    o.apply(Player::First, Action::Choose(Choice::White))
        .unwrap();
    let r = o.result().unwrap();
    let mut game = Game::new(r.board, Rule::Freestyle, ForbiddenPolicy::Refuse);
    for p in points("k11 g9") {
        game.play(p).unwrap();
    }
    let record = GameRecord::of_game(&game, "Bo", "Ann", RecordMode::TwoPlayers, DATE.into())
        .with_opening(o.record());
    (o, record)
}

#[test]
fn the_opening_and_its_steps_round_trip_through_json() {
    let (o, record) = swap2_game();
    let json = to_json(&record);
    assert!(json.contains("\"opening\""), "{json}");
    assert!(json.contains("PlaceTwo"), "{json}");
    let back = from_json(&json).unwrap();
    assert_eq!(back, record);
    let replayed = back.replay_opening().unwrap().unwrap();
    assert_eq!(replayed, o);
    assert_eq!(replayed.steps().len(), 7);
    assert_eq!(back.moves_text(), "h8 h9 j10 g7 i7 k11 g9");
}

#[test]
fn records_without_an_opening_read_and_write_as_before() {
    let game = Game::from_moves(
        15,
        Rule::Freestyle,
        ForbiddenPolicy::Refuse,
        &points("h8 h9"),
    )
    .unwrap();
    let record = GameRecord::of_game(&game, "A", "B", RecordMode::TwoPlayers, DATE.into());
    let json = to_json(&record);
    assert!(!json.contains("opening"), "{json}");
    let old = r#"{ "format": "gomoku-record", "version": 1, "black": "A", "white": "B",
        "mode": "TwoPlayers", "rule": "Freestyle", "policy": "Refuse", "size": 15,
        "moves": "h8 h9", "result": { "winner": null, "ending": "Unfinished" },
        "date": "2026-11-23T23:00:00Z" }"#;
    let read = from_json(old).unwrap();
    assert_eq!(read.opening, None);
    assert_eq!(read, record);
    assert_eq!(read.replay_opening().unwrap(), None);
}

#[test]
fn a_bad_opening_in_a_record_is_refused_with_its_reason() {
    let (_, record) = swap2_game();
    let json = to_json(&record);

    // A step the rule refuses: the second player choosing where the first must place.
    let mut bad = record.clone();
    let steps = &mut bad.opening.as_mut().unwrap().steps;
    steps[1].actor = Player::Second;
    let e = from_json(&to_json(&bad)).unwrap_err();
    assert!(
        e.reason.contains("the opening's step 2 is not legal"),
        "{e}"
    );
    assert!(e.reason.contains("not the second player's turn"), "{e}");

    // An unfinished opening.
    let mut bad = record.clone();
    bad.opening.as_mut().unwrap().steps.pop();
    let e = from_json(&to_json(&bad)).unwrap_err();
    assert!(e.reason.contains("not finished"), "{e}");

    // Moves that do not begin with the opening's stones.
    let edited = json.replace("h8 h9 j10 g7 i7 k11 g9", "h8 h9 j10 i7 g7 k11 g9");
    let e = from_json(&edited).unwrap_err();
    assert!(
        e.reason.contains("do not begin with the opening's stones"),
        "{e}"
    );
}

#[test]
fn a_soosorv_record_keeps_the_offers_and_the_pick() {
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    for p in points("h8 i9 j10") {
        o.apply(Player::First, Action::Place(p)).unwrap();
    }
    o.apply(Player::Second, Action::Choose(Choice::Black))
        .unwrap();
    o.apply(Player::First, Action::Place(points("g9")[0]))
        .unwrap();
    o.apply(Player::First, Action::Declare(2)).unwrap();
    o.apply(Player::Second, Action::Choose(Choice::Black))
        .unwrap();
    for p in points("j8 g7") {
        o.apply(Player::Second, Action::Place(p)).unwrap();
    }
    o.apply(Player::First, Action::Pick(points("g7")[0]))
        .unwrap();
    let game = o
        .result()
        .unwrap()
        .game(Rule::Renju, ForbiddenPolicy::Refuse);
    let record = GameRecord::of_game(&game, "Bo", "Ann", RecordMode::TwoPlayers, DATE.into())
        .with_opening(o.record());
    let back = from_json(&to_json(&record)).unwrap();
    let replayed = back.replay_opening().unwrap().unwrap();
    assert_eq!(replayed.offers(), points("j8 g7"));
    assert_eq!(replayed.result().unwrap().black, Player::Second);
    assert_eq!(replayed.renju_opening().unwrap().code(), "I1");

    // The same steps under freestyle: Soosõrv-8 is refused as a whole, not as a bad step.
    let mut freestyle = record.clone();
    freestyle.rule = Rule::Freestyle;
    let e = freestyle.replay_opening().unwrap_err();
    assert!(e.reason.starts_with("the opening: "), "{e}");
    assert!(e.reason.contains("renju opening rule"), "{e}");
}
