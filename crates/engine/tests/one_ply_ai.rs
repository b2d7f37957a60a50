//! The seed-style one-ply AI: legal, never misses a five, never fails to block one.

mod common;

use common::diagram_at;
use gomoku_engine::rules::{forbidden_kind, would_win};
use gomoku_engine::search::one_ply::choose_move;
use gomoku_engine::{ForbiddenPolicy, Game, Outcome, Pos, Rule, Stone};
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[test]
fn takes_a_win_in_one_over_blocking() {
    // Black has a four to finish; white has one too. Black to move must win.
    let (board, _) = diagram_at(
        15,
        3,
        3,
        "
        OXXXX.
        ......
        .OOOO.",
        Stone::Black,
    );
    let mut rng = SmallRng::seed_from_u64(1);
    for rule in Rule::ALL {
        let p = choose_move(&board, rule, &mut rng).unwrap();
        assert!(
            would_win(&board, p, Stone::Black, rule),
            "{rule}: played {p:?}"
        );
    }
}

#[test]
fn blocks_a_five() {
    let (board, _) = diagram_at(
        15,
        3,
        3,
        "
        XX.....
        .......
        XOOOO..",
        Stone::Black,
    );
    let mut rng = SmallRng::seed_from_u64(2);
    for rule in Rule::ALL {
        let p = choose_move(&board, rule, &mut rng).unwrap();
        assert_eq!(p, Pos::new(3 + 5, 5), "{rule}");
    }
}

#[test]
fn never_plays_a_forbidden_point_in_renju() {
    // The best-looking point for black (completing two threes) is a double three.
    let (board, _) = diagram_at(
        15,
        3,
        3,
        "
        ...X...
        ...X...
        .XX....
        .......
        .O...O.",
        Stone::Black,
    );
    let forbidden = Pos::new(6, 5);
    assert!(forbidden_kind(&board, forbidden).is_some());
    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..20 {
        let p = choose_move(&board, Rule::Renju, &mut rng).unwrap();
        assert_ne!(p, forbidden);
        assert!(forbidden_kind(&board, p).is_none());
    }
}

#[test]
fn self_play_games_are_legal_and_end() {
    for (seed, rule) in [
        (10, Rule::Freestyle),
        (11, Rule::Standard),
        (12, Rule::Renju),
    ] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::with_size(15, rule, ForbiddenPolicy::Refuse).unwrap();
        while !game.outcome().is_over() {
            let p = choose_move(game.board(), rule, &mut rng).expect("a point is left");
            game.play(p)
                .unwrap_or_else(|e| panic!("{rule}: illegal {p:?}: {e}"));
        }
        assert!(matches!(
            game.outcome(),
            Outcome::Five { .. } | Outcome::Draw
        ));
    }
}

#[test]
fn ties_are_broken_at_random() {
    let board = gomoku_engine::Board::new(15).unwrap();
    let mut game = Game::new(board, Rule::Freestyle, ForbiddenPolicy::Refuse);
    game.play(Pos::new(7, 7)).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut rng = SmallRng::seed_from_u64(4);
    for _ in 0..40 {
        seen.insert(choose_move(game.board(), Rule::Freestyle, &mut rng).unwrap());
    }
    assert!(seen.len() > 1, "the reply to h8 is always {seen:?}");
}

#[test]
fn games_at_the_same_level_differ() {
    use gomoku_engine::search::levels::{Level, choose_move as level_move};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    for level in [1u8, 3] {
        let play = |seed: u64| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = Game::with_size(15, Rule::Freestyle, ForbiddenPolicy::Refuse).unwrap();
            for _ in 0..8 {
                let stop = Arc::new(AtomicBool::new(false));
                let p = level_move(
                    game.board(),
                    Rule::Freestyle,
                    Level::new(level),
                    stop,
                    &mut rng,
                )
                .unwrap();
                game.play(p).unwrap();
            }
            game.board().moves().to_vec()
        };
        let games: Vec<Vec<Pos>> = (1..=3).map(play).collect();
        assert!(
            games[0] != games[1] || games[1] != games[2],
            "level {level}: three games were identical: {:?}",
            games[0]
        );
    }
}
