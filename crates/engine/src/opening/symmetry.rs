//! The eight symmetries of a square board (rotations and reflections), on points and on
//! offsets from the centre.

use crate::board::{Board, Pos};

/// How many symmetries a square has.
pub const COUNT: usize = 8;

/// Symmetry `k` (0..8, 0 the identity) applied to an offset `(dx, dy)`.
pub fn apply_offset(k: usize, (dx, dy): (i32, i32)) -> (i32, i32) {
    match k % COUNT {
        0 => (dx, dy),
        1 => (-dx, dy),
        2 => (dx, -dy),
        3 => (-dx, -dy),
        4 => (dy, dx),
        5 => (-dy, dx),
        6 => (dy, -dx),
        _ => (-dy, -dx),
    }
}

/// Symmetry `k` (0..8) applied to a point of a board of side `size`.
pub fn apply(k: usize, p: Pos, size: u8) -> Pos {
    let m = size - 1;
    let (x, y) = (p.x, p.y);
    let (x, y) = match k % COUNT {
        0 => (x, y),
        1 => (m - x, y),
        2 => (x, m - y),
        3 => (m - x, m - y),
        4 => (y, x),
        5 => (m - y, x),
        6 => (y, m - x),
        _ => (m - y, m - x),
    };
    Pos::new(x, y)
}

/// The symmetries (identity included) that map every stone of `board` onto a stone of the
/// same colour: the position looks the same after them.
pub fn of_position(board: &Board) -> Vec<usize> {
    (0..COUNT)
        .filter(|&k| {
            board
                .stones()
                .all(|(p, s)| board.get(apply(k, p, board.size())) == Some(s))
        })
        .collect()
}

/// Whether `a` and `b` are the same point or mirror images of each other under a symmetry of
/// the position on `board` (two offers that would give the same game).
pub fn equivalent(board: &Board, a: Pos, b: Pos) -> bool {
    of_position(board)
        .into_iter()
        .any(|k| apply(k, a, board.size()) == b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_is_a_bijection_and_the_centre_is_fixed() {
        let b = Board::default();
        for k in 0..COUNT {
            assert_eq!(apply(k, b.center(), 15), b.center());
            let mut seen = std::collections::HashSet::new();
            for p in b.points() {
                assert!(seen.insert(apply(k, p, 15)));
            }
        }
    }

    #[test]
    fn mirror_points_of_a_symmetric_position_are_equivalent() {
        // h8 alone: every symmetry keeps it, so i9 and g7 are the same offer.
        let b = Board::with_moves(15, "h8").unwrap();
        let i9 = Pos::parse("i9", 15).unwrap();
        let g7 = Pos::parse("g7", 15).unwrap();
        let i8 = Pos::parse("i8", 15).unwrap();
        assert!(equivalent(&b, i9, g7));
        assert!(!equivalent(&b, i9, i8));
        // h8 h9: only the left-right mirror keeps it.
        let b = Board::with_moves(15, "h8 h9").unwrap();
        assert!(equivalent(&b, i8, Pos::parse("g8", 15).unwrap()));
        assert!(!equivalent(&b, i8, Pos::parse("h7", 15).unwrap()));
    }
}
