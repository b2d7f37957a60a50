//! Property tests: win detection against a brute-force scan, undo/redo against a model.

use gomoku_engine::board::DIRECTIONS;
use gomoku_engine::{Board, ForbiddenPolicy, Game, MoveError, Outcome, Pos, Rule, Stone};
use proptest::prelude::*;

/// Every maximal row of one colour that wins under `rule`, found by scanning the whole board.
fn winning_runs(board: &Board, rule: Rule) -> Vec<(Stone, Vec<Pos>)> {
    let mut runs = Vec::new();
    let n = board.size();
    for p in board.points() {
        let Some(stone) = board.get(p) else { continue };
        for dir in DIRECTIONS {
            // Only start at the first stone of a run.
            if let Some(prev) = p.offset(dir, -1, n)
                && board.get(prev) == Some(stone)
            {
                continue;
            }
            let mut cells = vec![p];
            while let Some(q) = cells.last().unwrap().offset(dir, 1, n) {
                if board.get(q) != Some(stone) {
                    break;
                }
                cells.push(q);
            }
            if rule.wins_with(stone, cells.len()) {
                runs.push((stone, cells));
            }
        }
    }
    runs
}

fn rule_strategy() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random games (moves drawn near the centre so rows form) end exactly when the scan first
    /// finds a winning row, and the reported line is that row.
    #[test]
    fn win_detection_matches_brute_force(
        size in 5u8..=19,
        rule in rule_strategy(),
        picks in prop::collection::vec((0u8..7, 0u8..7), 1..120),
    ) {
        let mut game = Game::with_size(size, rule, ForbiddenPolicy::Refuse).unwrap();
        let c = size / 2;
        for (dx, dy) in picks {
            let p = Pos::new((c + dx).saturating_sub(3).min(size - 1), (c + dy).saturating_sub(3).min(size - 1));
            let before = winning_runs(game.board(), rule);
            prop_assert!(before.is_empty());
            let mover = game.to_move();
            match game.play(p) {
                Ok(_) => {}
                Err(MoveError::Occupied(_) | MoveError::Forbidden(..)) => continue,
                Err(e) => prop_assert!(false, "unexpected {e}"),
            }
            let after = winning_runs(game.board(), rule);
            match game.outcome().clone() {
                Outcome::Five { winner, line } => {
                    prop_assert_eq!(winner, mover);
                    prop_assert!(after.iter().any(|(s, cells)| *s == mover && *cells == line),
                        "line {:?} not among {:?}", line, after);
                    break;
                }
                Outcome::Ongoing => prop_assert!(after.is_empty(), "missed {:?}", after),
                Outcome::Draw => {
                    prop_assert!(after.is_empty(), "missed {:?}", after);
                    prop_assert!(game.board().is_full());
                    break;
                }
                other => prop_assert!(false, "unexpected outcome {other:?}"),
            }
        }
    }

    /// Any sequence of moves, undos and redos leaves the same board and hash as replaying the
    /// remaining moves from scratch.
    #[test]
    fn undo_redo_restore_board_and_hash(
        size in 5u8..=22,
        ops in prop::collection::vec((0u8..4, 0u16..484), 1..200),
    ) {
        let mut board = Board::new(size).unwrap();
        let mut played: Vec<Pos> = Vec::new();
        let mut undone: Vec<Pos> = Vec::new();
        for (op, at) in ops {
            match op {
                0 | 1 => {
                    let empty: Vec<Pos> = board.points().filter(|&p| board.is_empty_at(p)).collect();
                    if empty.is_empty() { continue; }
                    let p = empty[at as usize % empty.len()];
                    board.place(p).unwrap();
                    played.push(p);
                    undone.clear();
                }
                2 => {
                    let got = board.undo();
                    prop_assert_eq!(got, played.pop());
                    if let Some(p) = got { undone.push(p); }
                }
                _ => {
                    let got = board.redo();
                    prop_assert_eq!(got, undone.pop());
                    if let Some(p) = got { played.push(p); }
                }
            }
            let mut replay = Board::new(size).unwrap();
            for &p in &played {
                replay.place(p).unwrap();
            }
            prop_assert_eq!(board.hash(), replay.hash());
            prop_assert_eq!(board.hash(), board.hash_from_scratch());
            prop_assert_eq!(board.moves(), replay.moves());
            for p in board.points() {
                prop_assert_eq!(board.get(p), replay.get(p));
            }
        }
    }
}
