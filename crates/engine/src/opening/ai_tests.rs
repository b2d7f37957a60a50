//! The AI's opening decisions: legal, reasoned from the search's score, varied by the seed.

use super::*;
use crate::opening::{Opening, Player};

const FAST: Budget = Budget::Nodes(3_000);

fn board(moves: &str) -> Board {
    Board::with_moves(15, moves).unwrap()
}

/// Plays a whole opening with the AI on both sides.
fn ai_opening(rule: OpeningRule, game_rule: Rule, seed: u64) -> Opening {
    let mut o = Opening::new(rule, game_rule, 15).unwrap();
    for _ in 0..12 {
        let Some(step) = o.step() else { break };
        let actions = decide(&o, seed, FAST);
        assert!(!actions.is_empty(), "the AI answers {step}");
        for a in actions {
            o.apply(step.actor, a)
                .unwrap_or_else(|e| panic!("the AI's {a} is legal: {e}"));
        }
    }
    assert!(o.is_finished(), "{:?}", o.step());
    o
}

#[test]
fn the_ai_plays_every_opening_rule_to_the_end() {
    for (rule, game_rule) in [
        (OpeningRule::Swap1, Rule::Freestyle),
        (OpeningRule::Swap2, Rule::Freestyle),
        (OpeningRule::Swap2, Rule::Standard),
        (OpeningRule::Soosorv8, Rule::Renju),
    ] {
        let o = ai_opening(rule, game_rule, 11);
        let r = o.result().unwrap();
        assert!(r.board.stone_count() >= 3, "{rule}");
        if rule == OpeningRule::Soosorv8 {
            assert!(o.renju_opening().is_some());
            assert_eq!(r.board.stone_count(), 5);
            assert!((1..=8).contains(&o.declared()));
            assert_eq!(o.offers().len(), o.declared() as usize);
        }
    }
}

#[test]
fn proposals_are_legal_varied_and_the_same_for_a_seed() {
    for rule in [OpeningRule::Swap1, OpeningRule::Swap2] {
        let a = propose(rule, Rule::Freestyle, 15, 1, FAST);
        assert_eq!(a, propose(rule, Rule::Freestyle, 15, 1, FAST));
        assert_eq!(a.len(), 3);
        let differ = (2..6).any(|s| propose(rule, Rule::Freestyle, 15, s, FAST) != a);
        assert!(differ, "seeds vary the proposal");
    }
    for seed in 0..3 {
        let stones = propose(OpeningRule::Soosorv8, Rule::Renju, 15, seed, FAST);
        assert!(renju26::identify(&stones, 15).is_some(), "{stones:?}");
    }
    assert!(propose(OpeningRule::None, Rule::Freestyle, 15, 0, FAST).is_empty());
}

#[test]
fn a_proposal_is_near_even_when_one_is_found() {
    let stones = propose(OpeningRule::Swap2, Rule::Freestyle, 15, 0, FAST);
    let b = board_of(15, &stones).unwrap();
    let score = Judge::new(Rule::Freestyle, FAST).black_score(&b);
    assert!(score.abs() <= NEAR_EVEN, "{score}");
}

#[test]
fn the_chooser_takes_the_colour_the_search_favours() {
    // Black's two stones together, white's in the corner: black is better.
    let good_for_black = board("h8 a1 i8");
    // Black's stones in the corners, white's in the centre: white is better.
    let good_for_white = board("a1 h8 o15");
    let mut j = Judge::new(Rule::Freestyle, FAST);
    assert_eq!(colour_for(&mut j, &good_for_black), Choice::Black);
    assert_eq!(colour_for(&mut j, &good_for_white), Choice::White);
    for (moves, expected) in [("h8 a1 i8", Choice::Black), ("a1 h8 o15", Choice::White)] {
        for rule in [OpeningRule::Swap1, OpeningRule::Swap2] {
            let mut o = Opening::new(rule, Rule::Freestyle, 15).unwrap();
            for p in crate::board::parse_moves(moves, 15).unwrap() {
                o.apply(Player::First, Action::Place(p)).unwrap();
            }
            assert_eq!(
                decide(&o, 0, FAST),
                vec![Action::Choose(expected)],
                "{rule} {moves}"
            );
        }
    }
}

#[test]
fn swap2_places_two_more_when_near_even() {
    // Three stones the search judges near even: a proposal for a seed that finds one.
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
    for p in propose(OpeningRule::Swap2, Rule::Freestyle, 15, 0, FAST) {
        o.apply(Player::First, Action::Place(p)).unwrap();
    }
    let mut j = Judge::new(Rule::Freestyle, FAST);
    assert!(j.black_score(o.board()).abs() <= NEAR_EVEN);
    let actions = decide(&o, 0, FAST);
    assert_eq!(actions.len(), 3, "{actions:?}");
    assert_eq!(actions[0], Action::Choose(Choice::PlaceTwo));
    let mut after = o.clone();
    for a in &actions {
        after.apply(Player::Second, *a).unwrap();
    }
    assert_eq!(after.board().stone_count(), 5);
    assert_eq!(after.step().unwrap().actor, Player::First);
}

#[test]
fn soosorv_fifth_moves_are_best_first_not_symmetric_and_the_declaration_nearest_even() {
    let b = board("h8 h9 h10 h7");
    let mut j = Judge::new(Rule::Renju, FAST);
    let fifths = black_moves(&mut j, &b);
    assert!(fifths.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
    for (i, &(p, _)) in fifths.iter().enumerate() {
        for &(q, _) in &fifths[..i] {
            assert!(!symmetry::equivalent(&b, p, q));
        }
    }
    let n = declare_count(&fifths, 8);
    assert!((1..=8).contains(&n));
    let chosen = value_with_offers(&fifths, n).abs();
    for k in 1..=8 {
        assert!(chosen <= value_with_offers(&fifths, k).abs());
    }
}
