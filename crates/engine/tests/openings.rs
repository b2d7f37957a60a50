//! Opening rules through the engine's public API: each rule's steps with both choices, the AI
//! on either side, refusals that change nothing, and undo.

use gomoku_engine::board::parse_moves;
use gomoku_engine::opening::ai::{self, Budget};
use gomoku_engine::opening::{Action, Choice, Opening, OpeningRule, Player, Task};
use gomoku_engine::{Game, Pos, Rule, Stone};

const FAST: Budget = Budget::Nodes(3_000);

fn points(moves: &str) -> Vec<Pos> {
    parse_moves(moves, 15).unwrap()
}

/// Plays the opening with `person` acting by `script` (in order) and the AI on the other side.
fn with_ai(rule: OpeningRule, game_rule: Rule, person: Player, script: &[Action]) -> Opening {
    let mut o = Opening::new(rule, game_rule, 15).unwrap();
    let mut script = script.iter();
    while let Some(step) = o.step() {
        if step.actor == person {
            let a = *script
                .next()
                .unwrap_or_else(|| panic!("script ran out at {step}"));
            o.apply(person, a).unwrap_or_else(|e| panic!("{a}: {e}"));
        } else {
            for a in ai::decide(&o, 3, FAST) {
                o.apply(step.actor, a).unwrap();
            }
        }
    }
    o
}

#[test]
fn swap2_with_the_person_first_or_second_ends_in_a_playable_game() {
    let mut script: Vec<Action> = points("h8 h9 j10").into_iter().map(Action::Place).collect();
    // If the AI places two more, the person then takes white.
    script.push(Action::Choose(Choice::White));
    let o = with_ai(OpeningRule::Swap2, Rule::Freestyle, Player::First, &script);
    let r = o.result().unwrap();
    assert!(r.board.stone_count() == 3 || r.board.stone_count() == 5);
    let game = Game::new(r.board.clone(), Rule::Freestyle, Default::default());
    assert_eq!(game.to_move(), r.to_move);
    assert!(!game.outcome().is_over());

    let o = with_ai(
        OpeningRule::Swap2,
        Rule::Freestyle,
        Player::Second,
        &[Action::Choose(Choice::Black)],
    );
    let r = o.result().unwrap();
    assert_eq!(r.colour_of(Player::Second), Stone::Black);
    assert_eq!(r.to_move, Stone::White);
}

#[test]
fn swap1_with_the_ai_choosing_after_a_clearly_won_opening_takes_black() {
    let script: Vec<Action> = points("h8 a1 i8").into_iter().map(Action::Place).collect();
    let o = with_ai(OpeningRule::Swap1, Rule::Freestyle, Player::First, &script);
    assert_eq!(o.result().unwrap().black, Player::Second, "the AI swapped");
}

#[test]
fn soosorv8_with_the_person_on_either_side() {
    // The person proposes D1 and keeps black, offers what the AI's declaration asks for.
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    for p in points("h8 h9 h10") {
        o.apply(Player::First, Action::Place(p)).unwrap();
    }
    while let Some(step) = o.step() {
        match (&step.actor, &step.task) {
            (Player::First, Task::Choose { .. }) => {
                o.apply(Player::First, Action::Choose(Choice::Black))
                    .unwrap();
            }
            (Player::First, Task::Offer { .. }) => {
                let spot = o
                    .board()
                    .points()
                    .find(|&p| o.check(Player::First, Action::Place(p)).is_ok())
                    .unwrap();
                o.apply(Player::First, Action::Place(spot)).unwrap();
            }
            (Player::First, Task::Declare { .. }) => {
                o.apply(Player::First, Action::Declare(2)).unwrap();
            }
            (Player::First, Task::Place { .. }) => {
                let spot = o
                    .board()
                    .points()
                    .find(|&p| o.check(Player::First, Action::Place(p)).is_ok())
                    .unwrap();
                o.apply(Player::First, Action::Place(spot)).unwrap();
            }
            (Player::First, Task::Pick { offers }) => {
                let first = offers[0];
                o.apply(Player::First, Action::Pick(first)).unwrap();
            }
            (Player::Second, _) => {
                for a in ai::decide(&o, 9, FAST) {
                    o.apply(Player::Second, a).unwrap();
                }
            }
        }
    }
    let r = o.result().unwrap();
    assert_eq!(r.board.stone_count(), 5);
    assert_eq!(r.to_move, Stone::White);
    assert_eq!(o.renju_opening().unwrap().code(), "D1");

    // The AI opens; the person stays white, places the fourth, declares one offer, stays.
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    for a in ai::decide(&o, 4, FAST) {
        o.apply(Player::First, a).unwrap();
    }
    assert!(o.renju_opening().is_some());
    o.apply(Player::Second, Action::Choose(Choice::White))
        .unwrap();
    let fourth = o
        .board()
        .points()
        .find(|&p| o.check(Player::Second, Action::Place(p)).is_ok())
        .unwrap();
    o.apply(Player::Second, Action::Place(fourth)).unwrap();
    o.apply(Player::Second, Action::Declare(1)).unwrap();
    for a in ai::decide(&o, 4, FAST) {
        o.apply(Player::First, a).unwrap();
    }
    if o.black() == Player::First {
        assert_eq!(o.offers().len(), 1, "the AI offered its fifth move");
        let offer = o.offers()[0];
        o.apply(Player::Second, Action::Pick(offer)).unwrap();
    } else {
        // The AI swapped to white: the person offers, the AI picks.
        let spot = o
            .board()
            .points()
            .find(|&p| o.check(Player::Second, Action::Place(p)).is_ok())
            .unwrap();
        o.apply(Player::Second, Action::Place(spot)).unwrap();
        for a in ai::decide(&o, 4, FAST) {
            o.apply(Player::First, a).unwrap();
        }
    }
    assert!(o.is_finished());
}

#[test]
fn a_fifth_move_outside_the_offers_is_refused_and_nothing_changes() {
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    for p in points("h8 i9 j10") {
        o.apply(Player::First, Action::Place(p)).unwrap();
    }
    o.apply(Player::Second, Action::Choose(Choice::White))
        .unwrap();
    o.apply(Player::Second, Action::Place(points("g9")[0]))
        .unwrap();
    o.apply(Player::Second, Action::Declare(2)).unwrap();
    o.apply(Player::First, Action::Choose(Choice::Black))
        .unwrap();
    for p in points("j8 g7") {
        o.apply(Player::First, Action::Place(p)).unwrap();
    }
    let before = o.clone();
    let e = o
        .apply(Player::Second, Action::Pick(points("k11")[0]))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "(10, 4) is not one of the offered fifth moves"
    );
    assert_eq!(o, before);
    let e = o
        .apply(Player::First, Action::Pick(points("j8")[0]))
        .unwrap_err();
    assert!(
        e.to_string().starts_with("not the first player's turn"),
        "{e}"
    );
    assert_eq!(o, before);
    o.apply(Player::Second, Action::Pick(points("g7")[0]))
        .unwrap();
    assert_eq!(
        o.result().unwrap().board.moves_notation(),
        "h8 i9 j10 g9 g7"
    );
    o.undo();
    assert_eq!(o, before);
}

/// Random steps of every kind, by either player, under every rule: a refused step changes
/// nothing, an accepted one can be undone to exactly the state before, and no step panics.
#[test]
fn random_steps_are_refused_without_change_or_undone_exactly() {
    use gomoku_engine::search::openings::Rng;
    let mut rng = Rng::new(17);
    for (rule, game_rule) in [
        (OpeningRule::Swap1, Rule::Freestyle),
        (OpeningRule::Swap2, Rule::Standard),
        (OpeningRule::Soosorv8, Rule::Renju),
    ] {
        let mut finished = 0;
        for _ in 0..40 {
            let mut o = Opening::new(rule, game_rule, 15).unwrap();
            for _ in 0..400 {
                let who = if rng.range(0, 1) == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                // Mostly points of the central 5x5 square, some anywhere, some off the board,
                // and for picks mostly the offers.
                let p = match (rng.range(0, 9), o.offers()) {
                    (0, _) => Pos::new(rng.range(0, 16) as u8, rng.range(0, 16) as u8),
                    (1..=4, offers) if !offers.is_empty() => {
                        offers[rng.range(0, offers.len() as i32 - 1) as usize]
                    }
                    _ => Pos::new(rng.range(5, 9) as u8, rng.range(5, 9) as u8),
                };
                let action = match rng.range(0, 5) {
                    0 | 1 => Action::Place(p),
                    2 => Action::Choose(
                        [Choice::Black, Choice::White, Choice::PlaceTwo][rng.range(0, 2) as usize],
                    ),
                    3 => Action::Declare(rng.range(0, 10) as u8),
                    _ => Action::Pick(p),
                };
                let before = o.clone();
                match o.apply(who, action) {
                    Err(e) => {
                        assert_eq!(o, before, "{e}");
                        assert!(!e.to_string().is_empty());
                    }
                    Ok(()) => {
                        let mut undone = o.clone();
                        undone.undo().unwrap();
                        assert_eq!(undone, before);
                    }
                }
                assert!(o.board().stone_count() <= 5);
                if o.is_finished() {
                    break;
                }
            }
            if let Some(r) = o.result() {
                assert!(matches!(r.board.stone_count(), 3 | 5));
                assert_eq!(r.to_move, Stone::White);
                finished += 1;
            }
        }
        assert!(
            finished >= 5,
            "{rule}: {finished} of 40 random openings finished"
        );
    }
}
