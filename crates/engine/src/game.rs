//! A game under a rule: moves checked against the rules, the outcome after each move, undo/redo.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, Pos, SizeError, Stone};
use super::rules::{self, ForbiddenKind, ForbiddenPolicy, Rule};

/// How a game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Nobody has won and there is room to play.
    Ongoing,
    /// `winner` made a winning row; `line` lists its cells in order.
    Five {
        /// Who won.
        winner: Stone,
        /// The cells of the winning row.
        line: Vec<Pos>,
    },
    /// Black played a forbidden point under the "lose" policy; white wins.
    Forbidden {
        /// The forbidden point black played.
        at: Pos,
        /// Why it is forbidden.
        kind: ForbiddenKind,
    },
    /// `loser` resigned.
    Resigned {
        /// Who resigned.
        loser: Stone,
    },
    /// `loser`'s clock ran out (a timed game).
    TimedOut {
        /// Whose time ran out.
        loser: Stone,
    },
    /// The board is full and nobody won.
    Draw,
}

impl Outcome {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if there is one.
    pub fn winner(&self) -> Option<Stone> {
        match self {
            Outcome::Five { winner, .. } => Some(*winner),
            Outcome::Forbidden { .. } => Some(Stone::White),
            Outcome::Resigned { loser } | Outcome::TimedOut { loser } => Some(loser.opponent()),
            Outcome::Ongoing | Outcome::Draw => None,
        }
    }
}

/// A move the rules do not accept. The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// The point is off the board.
    OffBoard(Pos),
    /// The point already holds a stone.
    Occupied(Pos),
    /// The game has ended.
    GameOver,
    /// Black may not play here under renju (refuse policy).
    Forbidden(Pos, ForbiddenKind),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::OffBoard(p) => write!(f, "({}, {}) is off the board", p.x, p.y),
            MoveError::Occupied(p) => write!(f, "({}, {}) is already taken", p.x, p.y),
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::Forbidden(_, kind) => {
                write!(f, "forbidden for black: {kind}")
            }
        }
    }
}

impl std::error::Error for MoveError {}

impl MoveError {
    /// The refusal for people, with the point in board notation on a board of `size` ("h8 is
    /// already taken"); a point off the board by its coordinates, since it has no name.
    pub fn describe(&self, size: u8) -> String {
        match self {
            MoveError::OffBoard(p) => {
                format!("({}, {}) is off the board ({size}x{size})", p.x, p.y)
            }
            MoveError::Occupied(p) => format!("{} is already taken", p.to_notation(size)),
            MoveError::GameOver => "the game is over".into(),
            MoveError::Forbidden(p, kind) => {
                format!("{} is forbidden for black: {kind}", p.to_notation(size))
            }
        }
    }
}

/// A game: the board, the rule, what a forbidden move does, and the outcome so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    board: Board,
    rule: Rule,
    policy: ForbiddenPolicy,
    outcome: Outcome,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(
            Board::default(),
            Rule::default(),
            ForbiddenPolicy::default(),
        )
    }
}

impl Game {
    /// A game starting from `board` (usually empty).
    pub fn new(board: Board, rule: Rule, policy: ForbiddenPolicy) -> Game {
        let mut g = Game {
            board,
            rule,
            policy,
            outcome: Outcome::Ongoing,
        };
        g.settle();
        g
    }

    /// A new empty game of side `size`.
    pub fn with_size(size: u8, rule: Rule, policy: ForbiddenPolicy) -> Result<Game, SizeError> {
        Ok(Game::new(Board::new(size)?, rule, policy))
    }

    /// A game after playing `moves` from an empty board; the first refused move is the error,
    /// with its index.
    pub fn from_moves(
        size: u8,
        rule: Rule,
        policy: ForbiddenPolicy,
        moves: &[Pos],
    ) -> Result<Game, GameSetupError> {
        let mut g = Game::with_size(size, rule, policy).map_err(GameSetupError::Size)?;
        for (i, &p) in moves.iter().enumerate() {
            g.play(p).map_err(|e| GameSetupError::Move(i, p, e))?;
        }
        Ok(g)
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// What a forbidden move does.
    pub fn policy(&self) -> ForbiddenPolicy {
        self.policy
    }

    /// How the game stands.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The colour to move.
    pub fn to_move(&self) -> Stone {
        self.board.to_move()
    }

    /// Why the side to move may not play `p`, if it is forbidden to it.
    pub fn forbidden(&self, p: Pos) -> Option<ForbiddenKind> {
        if self.rule.has_forbidden(self.to_move()) {
            rules::forbidden_kind(&self.board, p)
        } else {
            None
        }
    }

    /// The points forbidden to the side to move (empty unless black is to move in renju).
    pub fn forbidden_points(&self) -> Vec<(Pos, ForbiddenKind)> {
        if self.rule.has_forbidden(self.to_move()) && !self.outcome.is_over() {
            rules::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Checks that the side to move may play `p`, without playing it.
    pub fn check(&self, p: Pos) -> Result<(), MoveError> {
        if self.outcome.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.board.contains(p) {
            return Err(MoveError::OffBoard(p));
        }
        if !self.board.is_empty_at(p) {
            return Err(MoveError::Occupied(p));
        }
        if self.policy == ForbiddenPolicy::Refuse
            && let Some(kind) = self.forbidden(p)
        {
            return Err(MoveError::Forbidden(p, kind));
        }
        Ok(())
    }

    /// Plays `p` for the side to move and returns the outcome after it.
    pub fn play(&mut self, p: Pos) -> Result<&Outcome, MoveError> {
        self.check(p)?;
        let forbidden = self.forbidden(p);
        self.board
            .place(p)
            .expect("checked: on the board and empty");
        self.outcome = Self::outcome_of_last_move(&self.board, self.rule, forbidden);
        Ok(&self.outcome)
    }

    /// The side to move resigns.
    pub fn resign(&mut self) -> Result<(), MoveError> {
        self.resign_as(self.to_move())
    }

    /// `loser` resigns, whoever is to move.
    pub fn resign_as(&mut self, loser: Stone) -> Result<(), MoveError> {
        if self.outcome.is_over() {
            return Err(MoveError::GameOver);
        }
        self.outcome = Outcome::Resigned { loser };
        Ok(())
    }

    /// Takes back a resignation: the game goes on from the same position. Returns whether
    /// there was one.
    pub fn withdraw_resignation(&mut self) -> bool {
        if !matches!(self.outcome, Outcome::Resigned { .. }) {
            return false;
        }
        self.settle();
        true
    }

    /// `loser`'s time ran out: the game ends, whoever is to move.
    pub fn flag(&mut self, loser: Stone) -> Result<(), MoveError> {
        if self.outcome.is_over() {
            return Err(MoveError::GameOver);
        }
        self.outcome = Outcome::TimedOut { loser };
        Ok(())
    }

    /// Takes back a loss on time: the game goes on from the same position. Returns whether
    /// there was one.
    pub fn withdraw_flag(&mut self) -> bool {
        if !matches!(self.outcome, Outcome::TimedOut { .. }) {
            return false;
        }
        self.settle();
        true
    }

    /// Takes back the last move (a resignation or a loss on time is dropped with it); it can
    /// be redone.
    pub fn undo(&mut self) -> Option<Pos> {
        let p = self.board.undo()?;
        self.settle();
        Some(p)
    }

    /// Whether [`Game::redo`] would play a move: there is a taken-back move and the game is
    /// not over (after a resignation or a win there is nothing to play on).
    pub fn can_redo(&self) -> bool {
        !self.outcome.is_over() && !self.board.redo_moves().is_empty()
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self) -> Option<Pos> {
        if self.outcome.is_over() {
            return None;
        }
        let p = self.board.redo()?;
        self.settle();
        Some(p)
    }

    /// Recomputes the outcome from the board (after undo, redo or construction).
    fn settle(&mut self) {
        let Some(last) = self.board.last_move() else {
            self.outcome = Outcome::Ongoing;
            return;
        };
        let mover = self.board.get(last).expect("the last move holds a stone");
        let forbidden = if self.rule.has_forbidden(mover) {
            let mut before = self.board.clone();
            before.take_back();
            rules::forbidden_kind(&before, last)
        } else {
            None
        };
        self.outcome = Self::outcome_of_last_move(&self.board, self.rule, forbidden);
    }

    /// The outcome once the last move is on the board; `forbidden` says whether it was forbidden.
    fn outcome_of_last_move(
        board: &Board,
        rule: Rule,
        forbidden: Option<ForbiddenKind>,
    ) -> Outcome {
        let Some(last) = board.last_move() else {
            return Outcome::Ongoing;
        };
        if let Some(kind) = forbidden {
            return Outcome::Forbidden { at: last, kind };
        }
        if let Some(line) = rules::winning_line(board, last, rule) {
            let winner = board.get(last).expect("the last move holds a stone");
            return Outcome::Five { winner, line };
        }
        if board.is_full() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}

/// A game that cannot be set up from a size and a list of moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameSetupError {
    /// The size is out of range.
    Size(SizeError),
    /// Move number `.0` (0-based), `.1`, was refused.
    Move(usize, Pos, MoveError),
}

impl fmt::Display for GameSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameSetupError::Size(e) => e.fmt(f),
            GameSetupError::Move(i, p, e) => write!(f, "move {} ({},{}): {e}", i + 1, p.x, p.y),
        }
    }
}

impl std::error::Error for GameSetupError {}
