//! Table-driven rule tests: renju forbidden shapes (real and false), wins under every rule, on
//! every edge and diagonal, draws, and moves the rules refuse.

mod common;

use common::{diagram, diagram_at};
use gomoku_engine::board::parse_moves;
use gomoku_engine::rules::{forbidden_kind, forbidden_points};
use gomoku_engine::{ForbiddenKind, ForbiddenPolicy, Game, MoveError, Outcome, Pos, Rule, Stone};

use ForbiddenKind::{DoubleFour, DoubleThree, Overline};

/// (name, diagram with `?` the point black considers, what renju says of it)
const RENJU_CASES: &[(&str, &str, Option<ForbiddenKind>)] = &[
    (
        "double three, crossing",
        "
        .......
        ...X...
        ...X...
        .XX?...
        .......
        .......",
        Some(DoubleThree),
    ),
    (
        "double three, split three and diagonal",
        "
        .........
        .........
        ..X.?X...
        ...X.....
        ..X......
        .........",
        Some(DoubleThree),
    ),
    (
        "one open three is fine",
        "
        .......
        .......
        .XX?...
        .......",
        None,
    ),
    (
        "three closed at one end is no three",
        "
        .......
        ...X...
        ...X...
        OXX?...
        .......
        .......",
        None,
    ),
    (
        "four-three is allowed",
        "
        ......
        ....X.
        ....X.
        OXXX?.
        ......
        ......",
        None,
    ),
    (
        "double four, crossing",
        "
        ....O.
        ....X.
        ....X.
        ....X.
        OXXX?.
        ......",
        Some(DoubleFour),
    ),
    (
        "double four in one line, X.XXX.X",
        "
        .X.X?X.X.",
        Some(DoubleFour),
    ),
    (
        "double four in one line, XX.XX.XX",
        "
        .XX.?X.XX.",
        Some(DoubleFour),
    ),
    (
        "open four alone is allowed",
        "
        ..XXX?..",
        None,
    ),
    (
        "overline, six",
        "
        .XXX?XX.",
        Some(Overline),
    ),
    (
        "overline by filling a gap, seven",
        "
        .XXX?XXX.",
        Some(Overline),
    ),
    (
        "exactly five wins even with an overline elsewhere",
        "
        .....X.
        .....X.
        .....X.
        .XXXX?.
        .....X.
        .....X.
        .......",
        None,
    ),
    (
        "exactly five wins even with a double three",
        "
        .........
        .........
        .....X.X.
        .....XX..
        .XXXX?...
        .........
        .........",
        None,
    ),
    (
        "five plus a four is a win",
        "
        ....O.....
        ....X.....
        ....X.....
        ....X.....
        XXXX?.....
        ..........
        ....O.....",
        None,
    ),
    (
        "false three: its four would be an overline, so one three only",
        "
        .........
        .....X...
        .....X...
        X..XX?.O.
        .........
        .........",
        None,
    ),
    (
        "control: the same without the stone that makes the overline",
        "
        .........
        .....X...
        .....X...
        ...XX?.O.
        .........
        .........",
        Some(DoubleThree),
    ),
    (
        "false three: the point that makes its straight four is itself forbidden",
        "
        ..........
        ..........
        ..........
        ....X..X..
        ....X.X...
        O.XX?.....
        .....X....
        .....X....
        ..........
        ..........",
        None,
    ),
    (
        "control: the same straight-four point made legal",
        "
        ..........
        ..........
        ..........
        ....X.....
        ....X.....
        O.XX?.....
        ..........
        ..........
        ..........
        ..........",
        Some(DoubleThree),
    ),
    (
        "split three blocked beyond the gap is still a three",
        "
        .........
        ....X....
        ....X....
        .X.X?..O.
        .........
        .........",
        Some(DoubleThree),
    ),
];

#[test]
fn renju_forbidden_shapes() {
    let mut failures = Vec::new();
    for &(name, text, want) in RENJU_CASES {
        let (board, p) = diagram(text);
        let got = forbidden_kind(&board, p);
        if got != want {
            failures.push(format!("{name}: want {want:?}, got {got:?}\n{board}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn three_against_the_edge_is_no_three() {
    // Two crossing threes away from the edge are a double three; at the top edge the vertical
    // one can only become a closed four.
    let (board, p) = diagram_at(
        15,
        2,
        0,
        "
        ...X...
        ...X...
        .XX?...",
        Stone::Black,
    );
    assert_eq!(forbidden_kind(&board, p.unwrap()), None);
}

#[test]
fn white_is_never_forbidden() {
    // White to move, with white's own double-three and overline shapes.
    let (board, _) = diagram_at(
        15,
        2,
        2,
        "
        ...O.....
        ...O.....
        .OO......
        .........
        .OOO.OO..
        X..X..X..",
        Stone::White,
    );
    let mut game = Game::new(board, Rule::Renju, ForbiddenPolicy::Refuse);
    assert_eq!(game.to_move(), Stone::White);
    assert!(game.forbidden_points().is_empty());
    let double_three = Pos::new(5, 4);
    assert_eq!(game.check(double_three), Ok(()));
    let overline = Pos::new(6, 6);
    assert_eq!(
        *game.play(overline).unwrap(),
        Outcome::Five {
            winner: Stone::White,
            line: (3..=8).map(|x| Pos::new(x, 6)).collect(),
        }
    );
}

#[test]
fn refuse_policy_names_the_reason_and_changes_nothing() {
    let (board, p) = diagram(RENJU_CASES[0].1);
    let mut game = Game::new(board, Rule::Renju, ForbiddenPolicy::Refuse);
    let before = game.clone();
    assert_eq!(game.play(p), Err(MoveError::Forbidden(p, DoubleThree)));
    assert_eq!(game, before);
    assert!(game.forbidden_points().contains(&(p, DoubleThree)));
}

#[test]
fn lose_policy_plays_the_move_and_white_wins() {
    let (board, p) = diagram(RENJU_CASES[5].1);
    let mut game = Game::new(board, Rule::Renju, ForbiddenPolicy::Lose);
    let outcome = game.play(p).unwrap().clone();
    assert_eq!(
        outcome,
        Outcome::Forbidden {
            at: p,
            kind: DoubleFour
        }
    );
    assert_eq!(outcome.winner(), Some(Stone::White));
    assert_eq!(game.play(Pos::new(0, 0)), Err(MoveError::GameOver));
    // Undo takes the forbidden move back and the game goes on; redo brings the loss back.
    assert_eq!(game.undo(), Some(p));
    assert_eq!(*game.outcome(), Outcome::Ongoing);
    assert_eq!(game.redo(), Some(p));
    assert_eq!(*game.outcome(), outcome);
}

#[test]
fn forbidden_points_lists_every_kind() {
    let (board, _) = diagram_at(
        15,
        1,
        1,
        "
        ..............
        .XXX.XX.......
        ..............
        ..X.X.X.X.....
        ..............
        .........X....
        .........X....
        .......XX.....",
        Stone::Black,
    );
    let points = forbidden_points(&board);
    assert!(points.contains(&(Pos::new(5, 2), Overline)), "{points:?}");
    assert!(
        points.contains(&(Pos::new(10, 8), DoubleThree)),
        "{points:?}"
    );
    // X.X.X.X: filling the middle gap makes X.XXX.X, two fours in one line.
    assert!(points.contains(&(Pos::new(6, 4), DoubleFour)), "{points:?}");
}

fn play_all(size: u8, rule: Rule, moves: &str) -> Game {
    let moves = parse_moves(moves, size).unwrap();
    Game::from_moves(size, rule, ForbiddenPolicy::Refuse, &moves).unwrap()
}

#[test]
fn overlines_per_rule() {
    // Black fills b1 c1 d1 e1 g1 then f1 makes six; white plays along the top.
    let moves = "b1 b15 c1 c15 d1 d15 e1 e15 g1 a10 f1";
    assert_eq!(
        play_all(15, Rule::Freestyle, moves).outcome().winner(),
        Some(Stone::Black)
    );
    assert_eq!(
        *play_all(15, Rule::Standard, moves).outcome(),
        Outcome::Ongoing
    );
    // Renju: the overline is forbidden to black, so the move is refused.
    let parsed = parse_moves(moves, 15).unwrap();
    let err = Game::from_moves(15, Rule::Renju, ForbiddenPolicy::Refuse, &parsed).unwrap_err();
    assert!(err.to_string().contains("overline"), "{err}");
    // White's overline wins in renju but not in standard.
    let white = "a1 b15 a3 c15 a5 d15 a7 e15 a9 g15 a11 f15";
    assert_eq!(
        play_all(15, Rule::Renju, white).outcome().winner(),
        Some(Stone::White)
    );
    assert_eq!(
        *play_all(15, Rule::Standard, white).outcome(),
        Outcome::Ongoing
    );
}

#[test]
fn wins_on_every_edge_and_diagonal() {
    // (black's five, white's filler moves far from it) on a 15x15 board.
    let lines = [
        ("a1 b1 c1 d1 e1", "h8 h9 h10 h11"),
        ("a15 b15 c15 d15 e15", "h8 h9 h10 h11"),
        ("a1 a2 a3 a4 a5", "h8 h9 h10 h11"),
        ("o11 o12 o13 o14 o15", "h8 h9 h10 h11"),
        ("k1 l1 m1 n1 o1", "h8 h9 h10 h11"),
        ("a1 b2 c3 d4 e5", "h2 h3 h4 h5"),
        ("k11 l12 m13 n14 o15", "h2 h3 h4 h5"),
        ("a15 b14 c13 d12 e11", "h2 h3 h4 h5"),
        ("k5 l4 m3 n2 o1", "h12 h11 h10 h9"),
    ];
    for rule in Rule::ALL {
        for (black, white) in lines {
            let b = parse_moves(black, 15).unwrap();
            let w = parse_moves(white, 15).unwrap();
            // Play the five in a shuffled order: middle stone last.
            let order = [0, 4, 1, 3, 2];
            let mut game = Game::with_size(15, rule, ForbiddenPolicy::Refuse).unwrap();
            for i in 0..4 {
                game.play(b[order[i]]).unwrap();
                game.play(w[i]).unwrap();
            }
            let outcome = game.play(b[2]).unwrap().clone();
            let Outcome::Five { winner, mut line } = outcome else {
                panic!("{rule} {black}: no win, {outcome:?}");
            };
            assert_eq!(winner, Stone::Black);
            line.sort();
            let mut want = b.clone();
            want.sort();
            assert_eq!(line, want, "{rule} {black}");
        }
    }
}

#[test]
fn corners_of_the_smallest_board() {
    let game = play_all(5, Rule::Standard, "a1 a2 b2 a3 c3 a4 d4 b1 e5");
    assert_eq!(game.outcome().winner(), Some(Stone::Black));
    let game = play_all(5, Rule::Freestyle, "a5 a1 b4 b1 c3 c1 d2 d1 e1");
    assert_eq!(game.outcome().winner(), Some(Stone::Black));
}

#[test]
fn draw_on_a_full_board() {
    // A 5x5 colouring with no five:       rows from the top
    //   X X O O X / O O X X O / X X O O X / O O X X O / X X O O X
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Pos::new(x as u8, y as u8);
            if c == 'X' {
                black.push(p)
            } else {
                white.push(p)
            }
        }
    }
    let mut game = Game::with_size(5, Rule::Freestyle, ForbiddenPolicy::Refuse).unwrap();
    for (i, &b) in black.iter().enumerate() {
        assert_eq!(
            *game.play(b).unwrap(),
            if i == 12 {
                Outcome::Draw
            } else {
                Outcome::Ongoing
            }
        );
        if let Some(&w) = white.get(i) {
            assert_eq!(*game.play(w).unwrap(), Outcome::Ongoing);
        }
    }
    assert!(game.board().is_full());
    assert_eq!(game.outcome().winner(), None);
}

#[test]
fn refused_moves_are_errors_that_change_nothing() {
    let mut game = play_all(15, Rule::Freestyle, "h8");
    let before = game.clone();
    assert_eq!(
        game.play(Pos::new(7, 7)),
        Err(MoveError::Occupied(Pos::new(7, 7)))
    );
    assert_eq!(
        game.play(Pos::new(15, 3)),
        Err(MoveError::OffBoard(Pos::new(15, 3)))
    );
    assert_eq!(game, before);
    let mut over = play_all(15, Rule::Freestyle, "a1 a2 b1 b2 c1 c2 d1 d2 e1");
    assert!(over.outcome().is_over());
    assert_eq!(over.play(Pos::new(7, 7)), Err(MoveError::GameOver));
    assert_eq!(over.resign(), Err(MoveError::GameOver));
}

#[test]
fn resignation_ends_the_game() {
    let mut game = play_all(15, Rule::Renju, "h8 h9");
    game.resign().unwrap();
    assert_eq!(
        *game.outcome(),
        Outcome::Resigned {
            loser: Stone::Black
        }
    );
    assert_eq!(game.outcome().winner(), Some(Stone::White));
    // Taking the resignation back restores the game as it was, every move kept.
    assert!(game.withdraw_resignation());
    assert_eq!(*game.outcome(), Outcome::Ongoing);
    assert_eq!(game.board().stone_count(), 2);
    assert!(!game.withdraw_resignation());
}

#[test]
fn redo_is_not_offered_after_a_resignation() {
    let mut game = play_all(15, Rule::Freestyle, "h8 h9 i8");
    game.undo();
    assert!(game.can_redo());
    game.resign().unwrap();
    assert!(!game.can_redo(), "redo would do nothing");
    assert_eq!(game.redo(), None);
    assert!(game.withdraw_resignation());
    assert!(game.can_redo());
    assert_eq!(game.redo(), Some(Pos::new(8, 7)));
    assert!(!game.can_redo());
}
