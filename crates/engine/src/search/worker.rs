//! The engine's side of a worker: a request to think about a position (its moves, the rule,
//! the level) and the answer (the move, with the nodes searched and the time taken), both as
//! JSON text, and the function that answers. The web build runs it in a Web Worker
//! (`gomoku-worker`), off the page's thread; the same JSON lines work natively, which is how
//! the tests drive it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::{Deserialize, Serialize};
use web_time::Instant;

use super::levels::{Level, Thinking};
use crate::board::{Board, Pos};
use crate::rules::Rule;

/// A position to think about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThinkRequest {
    /// Chosen by the asker, repeated in the answer.
    pub id: u64,
    /// The board side.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// The moves, black first.
    pub moves: Vec<Pos>,
    /// How to think (its time per move, its style).
    pub level: Level,
    /// Seeds the level's random choices.
    pub seed: u64,
}

/// What a request got.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThinkAnswer {
    /// The request's id (0 when the request did not read).
    pub id: u64,
    /// The move, or `None` when there is none (a full board).
    pub best: Option<Pos>,
    /// Nodes the search visited (0 for the levels that do not search).
    pub nodes: u64,
    /// Milliseconds the thinking took.
    pub millis: u64,
    /// Why there is no answer, when the request was refused.
    pub error: Option<String>,
}

impl ThinkAnswer {
    fn refused(id: u64, error: String) -> ThinkAnswer {
        ThinkAnswer {
            id,
            best: None,
            nodes: 0,
            millis: 0,
            error: Some(error),
        }
    }
}

/// Thinks about the request's position to the end and answers, or says why not (a board
/// size out of range, a move off the board or on a stone). The position is taken as it is,
/// as the game's own AI takes it: the rules of play are the game's business.
pub fn think(request: &ThinkRequest) -> ThinkAnswer {
    let started = Instant::now();
    let board = match position(request.size, &request.moves) {
        Ok(board) => board,
        Err(e) => return ThinkAnswer::refused(request.id, e),
    };
    let mut rng = SmallRng::seed_from_u64(request.seed);
    let stop = Arc::new(AtomicBool::new(false));
    let mut thinking = Thinking::start(&board, request.rule, request.level, stop, &mut rng);
    let best = loop {
        if let Some(best) = thinking.step(u64::MAX) {
            break best;
        }
    };
    ThinkAnswer {
        id: request.id,
        best,
        nodes: thinking.nodes(),
        millis: started.elapsed().as_millis() as u64,
        error: None,
    }
}

/// A request's board, checked: its size, and its moves each on an empty point.
pub(crate) fn position(size: u8, moves: &[Pos]) -> Result<Board, String> {
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    for (i, &p) in moves.iter().enumerate() {
        board.place(p).map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    Ok(board)
}

/// Answers a request given as JSON with an answer as JSON; a request that does not read gets
/// an answer with the reason (never a panic).
pub fn think_json(request: &str) -> String {
    let answer = match serde_json::from_str::<ThinkRequest>(request) {
        Ok(request) => think(&request),
        Err(e) => ThinkAnswer::refused(0, format!("the request does not read: {e}")),
    };
    serde_json::to_string(&answer)
        .unwrap_or_else(|e| format!(r#"{{"id":0,"best":null,"nodes":0,"millis":0,"error":"{e}"}}"#))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_moves;

    fn request(moves: &str, level: Level) -> ThinkRequest {
        ThinkRequest {
            id: 7,
            size: 15,
            rule: Rule::Freestyle,
            moves: parse_moves(moves, 15).unwrap(),
            level,
            seed: 1,
        }
    }

    #[test]
    fn a_request_is_answered_with_the_forced_block() {
        // White must stop black's open four... black has h8-h11 with both ends open: white
        // loses anyway, but black to move must take the five.
        let r = request(
            "h8 a1 h9 a3 h10 a5 h11 a7",
            Level::new(5).with_move_time(100),
        );
        let answer = think(&r);
        assert_eq!(answer.id, 7);
        assert_eq!(answer.error, None);
        let best = answer.best.expect("a move");
        assert!(
            ["h7", "h12"].contains(&best.to_notation(15).as_str()),
            "{best:?}"
        );
    }

    #[test]
    fn a_20x20_request_is_answered_on_its_last_column() {
        // Black's four down the t column from t1 (the web build's menu offers 20x20): t5.
        let r = ThinkRequest {
            size: 20,
            moves: parse_moves("t1 a1 t2 a3 t3 a5 t4 a7", 20).unwrap(),
            ..request("h8", Level::new(5).with_move_time(100))
        };
        let answer = think(&r);
        assert_eq!(answer.error, None);
        let best = answer.best.expect("a move");
        assert_eq!(best.to_notation(20), "t5");
    }

    #[test]
    fn a_searching_level_reports_its_nodes() {
        let r = request(
            "h8 h9 i9 g7 j10 k11 i10 i11 j9 h11 g11 k8",
            Level::new(5).with_move_time(150),
        );
        let answer = think(&r);
        assert!(answer.best.is_some());
        assert!(answer.nodes > 0, "{answer:?}");
    }

    #[test]
    fn json_in_json_out_and_bad_requests_get_reasons() {
        let r = request("h8", Level::new(2));
        let text = serde_json::to_string(&r).unwrap();
        let answer: ThinkAnswer = serde_json::from_str(&think_json(&text)).unwrap();
        assert_eq!((answer.id, answer.error), (7, None));
        assert!(answer.best.is_some());
        for (bad, why) in [
            ("{", "does not read"),
            (r#"{"id": 1}"#, "does not read"),
            (&text.replace("\"size\":15", "\"size\":40"), "40"),
            (&text.replace("}", ",\"admin\":true}"), "unknown field"),
        ] {
            let answer: ThinkAnswer = serde_json::from_str(&think_json(bad)).unwrap();
            assert!(answer.best.is_none());
            let error = answer.error.expect("a reason");
            assert!(error.contains(why), "{bad}: {error}");
        }
        let mut twice = r.clone();
        twice.moves.push(twice.moves[0]);
        let answer = think(&twice);
        assert!(answer.error.unwrap().contains("move 2"));
    }
}
