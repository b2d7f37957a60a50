//! Solving a puzzle move by move: the player's moves are checked by the solvers (any move
//! after which the side still wins by force is right), the engine plays the defence, and the
//! puzzle is solved at five or failed at the first move that lets the win go.

use super::puzzle::Puzzle;
use super::solve::{ForcedWin, forced_win, keeps_forced_win};
use crate::board::Pos;
use crate::game::{Game, MoveError};
use crate::record::RecordError;
use crate::search::searcher::{Limits, Searcher};

/// Nodes of the search that picks the defence.
const DEFENCE_NODES: u64 = 20_000;
/// The defence searcher's transposition table, in bytes.
const DEFENCE_TABLE_BYTES: usize = 4 << 20;

/// Where a puzzle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleState {
    /// The player is to find the next winning move.
    ToPlay,
    /// Five in a row: solved.
    Solved,
    /// A move let the win go.
    Failed,
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// It keeps the win; the engine defended with this move.
    Right {
        /// The defence played.
        defence: Pos,
    },
    /// It made five: the puzzle is solved.
    Solved,
    /// It lets the win go: the puzzle is failed.
    Wrong,
    /// The puzzle is over, or it is not the player's turn: nothing was played.
    NotNow,
}

/// A puzzle being solved.
#[derive(Debug, Clone)]
pub struct PuzzlePlay {
    puzzle: Puzzle,
    game: Game,
    state: PuzzleState,
    nodes: u64,
    /// Once failed: a winning move of the position the wrong move was played in.
    missed: Option<Pos>,
}

impl PuzzlePlay {
    /// Starts `puzzle`; the solvers check each move within `nodes`.
    pub fn new(puzzle: Puzzle, nodes: u64) -> Result<PuzzlePlay, RecordError> {
        let game = Game::from_moves(puzzle.size, puzzle.rule, Default::default(), &puzzle.moves)
            .map_err(|e| RecordError::from_setup(e, puzzle.size))?;
        Ok(PuzzlePlay {
            puzzle,
            game,
            state: PuzzleState::ToPlay,
            nodes,
            missed: None,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position now.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where it stands.
    pub fn state(&self) -> PuzzleState {
        self.state
    }

    /// Once the puzzle failed, a winning move the player missed: one of the position the
    /// wrong move was played in (the puzzle's answer if it was the first move), so that it can
    /// be shown on the board, where its point is still empty.
    pub fn missed(&self) -> Option<Pos> {
        self.missed
    }

    /// Plays the player's move `p`: checked, then defended. An illegal move is refused and
    /// changes nothing.
    pub fn play(&mut self, p: Pos) -> Result<Answer, MoveError> {
        if self.state != PuzzleState::ToPlay || self.game.to_move() != self.puzzle.to_move {
            return Ok(Answer::NotNow);
        }
        let before = self.game.clone();
        self.game.play(p)?;
        if self.game.outcome().winner() == Some(self.puzzle.to_move) {
            self.state = PuzzleState::Solved;
            return Ok(Answer::Solved);
        }
        if self.game.outcome().is_over()
            || !keeps_forced_win(self.game.board(), self.puzzle.rule, self.nodes)
        {
            self.fail(&before, p);
            return Ok(Answer::Wrong);
        }
        let mut searcher = Searcher::new(self.game.board(), self.puzzle.rule, DEFENCE_TABLE_BYTES);
        let defence = searcher
            .think(Limits::nodes(DEFENCE_NODES))
            .best
            .filter(|&d| self.game.board().is_empty_at(d));
        let Some(defence) = defence else {
            // No move left to defend with (a full board): the attack stands.
            self.state = PuzzleState::Solved;
            return Ok(Answer::Solved);
        };
        if self.game.play(defence).is_err() || self.game.outcome().is_over() {
            // Black's only defences may all be forbidden: the defender loses.
            if self.game.outcome().winner() == Some(self.puzzle.to_move) {
                self.state = PuzzleState::Solved;
                return Ok(Answer::Solved);
            }
            self.fail(&before, p);
            return Ok(Answer::Wrong);
        }
        Ok(Answer::Right { defence })
    }

    /// The wrong move `p` was played on `before`: the puzzle fails, and a winning move of
    /// `before` other than `p` is kept to be shown.
    fn fail(&mut self, before: &Game, p: Pos) {
        self.state = PuzzleState::Failed;
        self.missed = if before.board().moves() == self.puzzle.moves.as_slice() {
            Some(self.puzzle.answer)
        } else {
            forced_win(before.board(), self.puzzle.rule, self.nodes).map(|win| win.first)
        }
        .filter(|&m| m != p);
    }

    /// A winning line from the position now, for a hint (the player's turn only).
    pub fn hint(&self) -> Option<ForcedWin> {
        if self.state != PuzzleState::ToPlay || self.game.to_move() != self.puzzle.to_move {
            return None;
        }
        if self.game.board().moves() == self.puzzle.moves.as_slice() {
            // The puzzle's own line, proved when it was made.
            return Some(ForcedWin {
                kind: self.puzzle.kind,
                first: self.puzzle.answer,
                line: self.puzzle.line.clone(),
            });
        }
        forced_win(self.game.board(), self.puzzle.rule, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::puzzle_set::built_in;

    #[test]
    fn playing_the_hints_solves_every_first_built_in_puzzle_of_a_rule() {
        for rule in crate::rules::Rule::ALL {
            let named = built_in()
                .into_iter()
                .find(|p| p.puzzle.rule == rule)
                .unwrap();
            let mut play = PuzzlePlay::new(named.puzzle, 50_000).unwrap();
            for _ in 0..30 {
                let Some(win) = play.hint() else { break };
                let answer = play.play(win.first).unwrap();
                assert_ne!(answer, Answer::Wrong, "{}", named.name);
                if answer == Answer::Solved {
                    break;
                }
            }
            assert_eq!(play.state(), PuzzleState::Solved, "{}", named.name);
        }
    }

    #[test]
    fn a_move_that_lets_the_win_go_fails_the_puzzle() {
        let named = built_in().into_iter().next().unwrap();
        let answer = named.puzzle.answer;
        let mut play = PuzzlePlay::new(named.puzzle, 50_000).unwrap();
        assert_eq!(play.missed(), None);
        let corner = Pos::new(0, 0);
        assert_eq!(play.play(corner), Ok(Answer::Wrong));
        assert_eq!(play.state(), PuzzleState::Failed);
        assert_eq!(play.missed(), Some(answer), "the winning move missed");
        assert_eq!(play.play(Pos::new(0, 1)), Ok(Answer::NotNow));
    }
}
