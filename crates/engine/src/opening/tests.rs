//! The opening rules' steps, driven both ways, and every bad step refused without change.

use super::*;
use crate::board::{Pos, Stone};
use crate::rules::Rule;

fn at(s: &str) -> Pos {
    Pos::parse(s, 15).unwrap()
}

fn place(o: &mut Opening, who: Player, moves: &str) {
    for m in moves.split_whitespace() {
        o.apply(who, Action::Place(at(m)))
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// Applies `action` expecting a refusal; checks nothing changed and returns the message.
fn refused(o: &mut Opening, who: Player, action: Action) -> String {
    let before = o.clone();
    let e = o.apply(who, action).unwrap_err();
    assert_eq!(*o, before, "a refused step changes nothing");
    assert!(o.check(who, action).is_err());
    e.to_string()
}

use Player::{First, Second};

#[test]
fn no_opening_rule_is_over_at_once_with_the_first_player_black() {
    let o = Opening::new(OpeningRule::None, Rule::Freestyle, 15).unwrap();
    let r = o.result().unwrap();
    assert_eq!(r.black, First);
    assert_eq!(r.to_move, Stone::Black);
    assert_eq!(r.board.stone_count(), 0);
}

#[test]
fn swap1_the_second_player_takes_black_or_white() {
    for (choice, black) in [(Choice::Black, Second), (Choice::White, First)] {
        let mut o = Opening::new(OpeningRule::Swap1, Rule::Freestyle, 15).unwrap();
        let step = o.step().unwrap();
        assert_eq!(step.actor, First);
        assert_eq!(
            step.task,
            Task::Place {
                stone: Stone::Black,
                number: 1,
                left: 3
            }
        );
        place(&mut o, First, "h8 h9 j10");
        assert_eq!(
            o.step().unwrap(),
            Step {
                actor: Second,
                task: Task::Choose {
                    options: vec![Choice::Black, Choice::White]
                }
            }
        );
        o.apply(Second, Action::Choose(choice)).unwrap();
        let r = o.result().unwrap();
        assert_eq!(r.black, black);
        assert_eq!(r.to_move, Stone::White);
        assert_eq!(r.player_to_move(), black.other());
        assert_eq!(r.board.moves_notation(), "h8 h9 j10");
        assert_eq!(r.colour_of(black), Stone::Black);
    }
}

#[test]
fn swap1_refuses_a_fourth_stone_a_choice_out_of_turn_and_placing_two() {
    let mut o = Opening::new(OpeningRule::Swap1, Rule::Freestyle, 15).unwrap();
    let e = refused(&mut o, Second, Action::Place(at("h8")));
    assert!(e.contains("not the second player's turn"), "{e}");
    let e = refused(&mut o, First, Action::Choose(Choice::Black));
    assert!(e.contains("must place stone 1 (black)"), "{e}");
    place(&mut o, First, "h8 h9 j10");
    let e = refused(&mut o, Second, Action::Place(at("a1")));
    assert!(e.contains("the second player must choose"), "{e}");
    assert!(e.contains("not place a stone"), "{e}");
    let e = refused(&mut o, First, Action::Choose(Choice::Black));
    assert!(e.contains("not the first player's turn"), "{e}");
    let e = refused(&mut o, Second, Action::Choose(Choice::PlaceTwo));
    assert!(e.contains("not an option"), "{e}");
    o.apply(Second, Action::Choose(Choice::White)).unwrap();
    let e = refused(&mut o, First, Action::Place(at("a1")));
    assert_eq!(e, "the opening is over");
}

#[test]
fn taken_and_off_board_points_are_refused() {
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
    place(&mut o, First, "h8");
    let e = refused(&mut o, First, Action::Place(at("h8")));
    assert!(e.contains("already taken"), "{e}");
    let e = refused(&mut o, First, Action::Place(Pos::new(15, 3)));
    assert!(e.contains("off the board"), "{e}");
}

#[test]
fn swap2_the_second_player_takes_black_or_white() {
    for (choice, black) in [(Choice::Black, Second), (Choice::White, First)] {
        let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
        place(&mut o, First, "h8 h9 j10");
        assert_eq!(
            o.step().unwrap().task,
            Task::Choose {
                options: vec![Choice::Black, Choice::White, Choice::PlaceTwo]
            }
        );
        o.apply(Second, Action::Choose(choice)).unwrap();
        let r = o.result().unwrap();
        assert_eq!((r.black, r.to_move), (black, Stone::White));
    }
}

#[test]
fn swap2_two_more_stones_hand_the_choice_back() {
    for (choice, black) in [(Choice::Black, First), (Choice::White, Second)] {
        let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
        place(&mut o, First, "h8 h9 j10");
        o.apply(Second, Action::Choose(Choice::PlaceTwo)).unwrap();
        assert_eq!(
            o.step().unwrap(),
            Step {
                actor: Second,
                task: Task::Place {
                    stone: Stone::White,
                    number: 4,
                    left: 2
                }
            }
        );
        assert_eq!(
            o.step().unwrap().task.colours(),
            [Stone::White, Stone::Black]
        );
        place(&mut o, Second, "g7 i7");
        let e = refused(&mut o, Second, Action::Place(at("a1")));
        assert!(e.contains("not the second player's turn"), "{e}");
        let e = refused(&mut o, First, Action::Choose(Choice::PlaceTwo));
        assert!(e.contains("not an option"), "{e}");
        o.apply(First, Action::Choose(choice)).unwrap();
        let r = o.result().unwrap();
        assert_eq!((r.black, r.to_move), (black, Stone::White));
        assert_eq!(r.board.moves_notation(), "h8 h9 j10 g7 i7");
        let game = r.game(Rule::Freestyle, Default::default());
        assert_eq!(game.to_move(), Stone::White);
        assert_eq!(game.board().moves().len(), 5);
    }
}

#[test]
fn undo_takes_back_each_step_to_the_start() {
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
    let start = o.clone();
    place(&mut o, First, "h8 h9 j10");
    let three = o.clone();
    o.apply(Second, Action::Choose(Choice::PlaceTwo)).unwrap();
    place(&mut o, Second, "g7 i7");
    o.apply(First, Action::Choose(Choice::White)).unwrap();
    assert!(o.is_finished());
    assert_eq!(o.undo().unwrap().action, Action::Choose(Choice::White));
    assert_eq!(o.step().unwrap().actor, First);
    for _ in 0..3 {
        o.undo().unwrap();
    }
    assert_eq!(o, three);
    for _ in 0..3 {
        o.undo().unwrap();
    }
    assert_eq!(o, start);
    assert_eq!(o.undo(), None);
}

#[test]
fn a_record_replays_to_the_same_opening() {
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
    place(&mut o, First, "h8 h9 j10");
    o.apply(Second, Action::Choose(Choice::PlaceTwo)).unwrap();
    place(&mut o, Second, "g7 i7");
    let record = o.record();
    let json = serde_json::to_string(&record).unwrap();
    let back: OpeningRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(Opening::replay(&back, Rule::Freestyle, 15).unwrap(), o);
    let mut bad = record.clone();
    bad.steps[4].action = Action::Place(at("h8"));
    let (i, e) = Opening::replay(&bad, Rule::Freestyle, 15).unwrap_err();
    assert_eq!(i, 4);
    assert!(e.to_string().contains("already taken"));
}

/// Soosõrv-8 up to the offers: D1 (h8 h9 h10), a swap or not, the fourth move h7 with two
/// offers declared, a swap or not.
fn soosorv_to_offers(swap_after_three: bool, swap_after_four: bool) -> Opening {
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    place(&mut o, First, "h8 h9 h10");
    assert_eq!(o.renju_opening().unwrap().code(), "D1");
    let choice = if swap_after_three {
        Choice::Black
    } else {
        Choice::White
    };
    o.apply(Second, Action::Choose(choice)).unwrap();
    let white = o.black().other();
    assert_eq!(o.step().unwrap().actor, white);
    // The fourth move on the axis keeps the left-right mirror symmetry.
    o.apply(white, Action::Place(at("h7"))).unwrap();
    assert_eq!(o.step().unwrap().task, Task::Declare { max: 8 });
    o.apply(white, Action::Declare(2)).unwrap();
    let black = white.other();
    let choice = if swap_after_four {
        Choice::White
    } else {
        Choice::Black
    };
    o.apply(black, Action::Choose(choice)).unwrap();
    o
}

#[test]
fn soosorv8_both_swaps_both_ways() {
    for s3 in [false, true] {
        for s4 in [false, true] {
            let mut o = soosorv_to_offers(s3, s4);
            let expected_black = match (s3, s4) {
                (false, false) => First,
                (true, false) => Second,
                (false, true) => Second,
                (true, true) => First,
            };
            assert_eq!(o.black(), expected_black, "swaps {s3} {s4}");
            let black = o.black();
            assert_eq!(
                o.step().unwrap(),
                Step {
                    actor: black,
                    task: Task::Offer {
                        number: 1,
                        declared: 2
                    }
                }
            );
            place(&mut o, black, "i6 k8");
            assert_eq!(o.offers(), &[at("i6"), at("k8")]);
            assert_eq!(o.board().stone_count(), 4, "offers are not stones yet");
            let white = black.other();
            assert_eq!(
                o.step().unwrap(),
                Step {
                    actor: white,
                    task: Task::Pick {
                        offers: vec![at("i6"), at("k8")]
                    }
                }
            );
            o.apply(white, Action::Pick(at("k8"))).unwrap();
            let r = o.result().unwrap();
            assert_eq!(r.black, black);
            assert_eq!(r.to_move, Stone::White);
            assert_eq!(r.board.moves_notation(), "h8 h9 h10 h7 k8");
        }
    }
}

#[test]
fn soosorv8_refuses_stones_off_the_26_openings() {
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    let e = refused(&mut o, First, Action::Place(at("h9")));
    assert!(e.contains("centre"), "{e}");
    place(&mut o, First, "h8");
    let e = refused(&mut o, First, Action::Place(at("h10")));
    assert!(e.contains("next to the centre"), "{e}");
    place(&mut o, First, "i9");
    let e = refused(&mut o, First, Action::Place(at("h11")));
    assert!(e.contains("5x5"), "{e}");
    place(&mut o, First, "f6");
    assert_eq!(o.renju_opening().unwrap().code(), "I13");
}

#[test]
fn soosorv8_refuses_bad_counts_symmetric_offers_and_picks_off_the_offers() {
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    place(&mut o, First, "h8 h9 h10");
    o.apply(Second, Action::Choose(Choice::White)).unwrap();
    o.apply(Second, Action::Place(at("h7"))).unwrap();
    for n in [0, 9] {
        let e = refused(&mut o, Second, Action::Declare(n));
        assert!(e.contains("declare 1 to 8"), "{e}");
    }
    o.apply(Second, Action::Declare(3)).unwrap();
    o.apply(First, Action::Choose(Choice::Black)).unwrap();
    place(&mut o, First, "i6");
    // g6 mirrors i6 in the vertical axis through h8: the position is symmetric.
    let e = refused(&mut o, First, Action::Place(at("g6")));
    assert!(e.contains("mirrors the offer"), "{e}");
    let e = refused(&mut o, First, Action::Place(at("i6")));
    assert!(e.contains("already taken"), "{e}");
    let e = refused(&mut o, First, Action::Pick(at("i6")));
    assert!(e.contains("must offer fifth move 2 of 3"), "{e}");
    place(&mut o, First, "h6 j8");
    let e = refused(&mut o, Second, Action::Pick(at("g6")));
    assert!(e.contains("not one of the offered"), "{e}");
    let e = refused(&mut o, Second, Action::Place(at("g6")));
    assert!(e.contains("pick one of the 3"), "{e}");
    o.apply(Second, Action::Pick(at("h6"))).unwrap();
    assert!(o.is_finished());
    // Undo goes back through the pick, the offers, the swap and the declaration.
    for _ in 0..7 {
        o.undo().unwrap();
    }
    assert_eq!(o.board().moves_notation(), "h8 h9 h10");
    assert_eq!(o.step().unwrap().actor, Second);
    assert_eq!(o.declared(), 0);
    assert!(o.offers().is_empty());
}

#[test]
fn soosorv8_needs_renju() {
    let e = Opening::new(OpeningRule::Soosorv8, Rule::Freestyle, 15).unwrap_err();
    assert!(e.to_string().contains("renju"), "{e}");
}
