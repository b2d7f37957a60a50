//! The threats a move ignored: the opponent's four (one point to make five) or open three (an
//! open four next), and the points that would have stopped it.

use crate::board::{Board, Pos};
use crate::rules::Rule;
use crate::search::position::Position;
use crate::search::threat::Threat;

/// The points that would have stopped the opponent's four or open three on `before` (the side
/// to move's turn) when `played` did not: empty when there was no such threat, when the side
/// to move could make five itself, when `played` stopped it or answered with a four of its own,
/// or when nothing could have stopped it (an open four already on the board).
pub fn missed_blocks(before: &Board, rule: Rule, played: Pos) -> Vec<Pos> {
    let mut pos = Position::new(before, rule);
    let me = pos.to_move();
    let them = me.opponent();
    if pos.count(me, Threat::Five) > 0 || !pos.is_empty(pos.index(played)) {
        return Vec::new();
    }
    let mut fives = Vec::new();
    pos.points_with(them, Threat::Five, &mut fives);
    match fives.len() {
        1 => {
            let block = pos.pos(fives[0]);
            if block == played {
                Vec::new()
            } else {
                vec![block]
            }
        }
        0 if pos.count(them, Threat::FlexFour) > 0 => {
            let played = pos.index(played);
            if stops_open_four(&mut pos, played) {
                return Vec::new();
            }
            let mut candidates = Vec::new();
            pos.points_with(them, Threat::Four, &mut candidates);
            let blocks: Vec<usize> = candidates
                .into_iter()
                .filter(|&i| pos.is_legal(i, me) && stops_open_four(&mut pos, i))
                .collect();
            blocks.into_iter().map(|i| pos.pos(i)).collect()
        }
        _ => Vec::new(),
    }
}

/// Whether playing `i` for the side to move leaves the opponent no open four to make, or is
/// a four that they must answer first.
fn stops_open_four(pos: &mut Position, i: usize) -> bool {
    let me = pos.to_move();
    let them = me.opponent();
    pos.play(i);
    let stops = pos.count(me, Threat::Five) > 0 || pos.count(them, Threat::FlexFour) == 0;
    pos.undo();
    stops
}

/// `missed block at h8` or `missed block at d5 or h5` on a board of side `size`.
pub fn missed_block_text(blocks: &[Pos], size: u8) -> Option<String> {
    if blocks.is_empty() {
        return None;
    }
    let names: Vec<String> = blocks.iter().map(|p| p.to_notation(size)).collect();
    Some(format!("missed block at {}", names.join(" or ")))
}
