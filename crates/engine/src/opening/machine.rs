//! The opening as a state machine: the current step, checked actions, undo, and the result.
//!
//! The sequences (the rule texts followed are in each rule's notes):
//!
//! - **Swap1**: the first player places black, white, black; the second chooses black or
//!   white. White moves next.
//! - **Swap2** (Gomocup's and the vcpr.cz rule): the first player places black, white, black;
//!   the second takes black (white, the first player, moves next), takes white (and moves
//!   next, the fourth stone), or places two more (white, black) after which the first player
//!   takes black or white and white moves next.
//! - **Soosõrv-8** (the Renju International Federation's rule since 2017, as Wikipedia's
//!   "Soosõrv opening rule" page states it): the first player puts one of the 26 standard
//!   openings; the other may swap; the player with white puts the fourth move anywhere and
//!   declares the number of fifth-move offers (1 to 8); the other may swap; the player with
//!   black puts that many fifth moves, no two of them symmetric; the player with white picks
//!   one of them, and moves next (the sixth move).
//!
//! A swap is a choice of colour here: the chooser says which colour they take. The opening
//! ends when the colours are settled and the position set; the next stone is the game's
//! first ordinary move.

use serde::{Deserialize, Serialize};

use super::error::OpeningError;
use super::renju26;
use super::rule::OpeningRule;
use super::step::{Action, Choice, Player, Step, Task};
use super::symmetry;
use crate::board::{Board, Pos, SizeError, Stone};
use crate::game::Game;
use crate::rules::{self, ForbiddenPolicy, Rule};

const COLOUR: &[Choice] = &[Choice::Black, Choice::White];
const SWAP2: &[Choice] = &[Choice::Black, Choice::White, Choice::PlaceTwo];

/// Where the opening stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// `actor` places stones until the board holds `until`.
    Place { actor: Player, until: usize },
    /// `actor` chooses one of `options`.
    Choose {
        actor: Player,
        options: &'static [Choice],
    },
    /// `actor` declares the number of fifth-move offers.
    Declare { actor: Player },
    /// `actor` offers fifth moves until the declared number are given.
    Offer { actor: Player },
    /// `actor` picks one of the offers.
    Pick { actor: Player },
    /// The opening is over.
    Done,
}

/// Everything an action changes (kept whole for undo).
#[derive(Debug, Clone, PartialEq, Eq)]
struct State {
    board: Board,
    phase: Phase,
    /// Who holds black for now.
    black: Player,
    declared: u8,
    offers: Vec<Pos>,
}

/// One step as it happened: who did what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedStep {
    /// Who acted.
    pub actor: Player,
    /// What they did.
    pub action: Action,
}

/// An opening as a record keeps it: the rule and every step in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningRecord {
    /// The opening rule.
    pub rule: OpeningRule,
    /// The steps, in order.
    pub steps: Vec<RecordedStep>,
}

/// How an opening ended: the position, who has which colour, and who moves next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningResult {
    /// The position (the opening's stones are its moves, black first).
    pub board: Board,
    /// Who plays black.
    pub black: Player,
    /// The colour to move next.
    pub to_move: Stone,
}

impl OpeningResult {
    /// The colour `player` plays.
    pub fn colour_of(&self, player: Player) -> Stone {
        if player == self.black {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// The player who plays `stone`.
    pub fn player_of(&self, stone: Stone) -> Player {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }

    /// The player to move next.
    pub fn player_to_move(&self) -> Player {
        self.player_of(self.to_move)
    }

    /// The game that goes on from the opening, under `rule` and `policy`.
    pub fn game(&self, rule: Rule, policy: ForbiddenPolicy) -> Game {
        Game::new(self.board.clone(), rule, policy)
    }
}

/// An opening being played: the board so far, the step due, and the steps taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    rule: OpeningRule,
    game_rule: Rule,
    state: State,
    history: Vec<State>,
    steps: Vec<RecordedStep>,
}

impl Opening {
    /// A new opening on an empty board of side `size`, for a game under `game_rule`.
    /// Soosõrv-8 needs renju and a board of at least 7 (room around the 5x5 square).
    pub fn new(rule: OpeningRule, game_rule: Rule, size: u8) -> Result<Opening, OpeningError> {
        let board = Board::new(size).map_err(|SizeError(_)| OpeningError::Unsupported {
            opening: rule,
            rule: game_rule,
            reason: "the board size is out of range",
        })?;
        if rule == OpeningRule::Soosorv8 && game_rule != Rule::Renju {
            return Err(OpeningError::Unsupported {
                opening: rule,
                rule: game_rule,
                reason: "Soosõrv-8 is a renju opening rule",
            });
        }
        if rule == OpeningRule::Soosorv8 && size < 7 {
            return Err(OpeningError::Unsupported {
                opening: rule,
                rule: game_rule,
                reason: "the board is too small for the 26 renju openings",
            });
        }
        let phase = match rule {
            OpeningRule::None => Phase::Done,
            _ => Phase::Place {
                actor: Player::First,
                until: 3,
            },
        };
        Ok(Opening {
            rule,
            game_rule,
            state: State {
                board,
                phase,
                black: Player::First,
                declared: 0,
                offers: Vec::new(),
            },
            history: Vec::new(),
            steps: Vec::new(),
        })
    }

    /// The opening played again from a record's steps; the error gives the 0-based index of
    /// the first refused step.
    pub fn replay(
        record: &OpeningRecord,
        game_rule: Rule,
        size: u8,
    ) -> Result<Opening, (usize, OpeningError)> {
        let mut o = Opening::new(record.rule, game_rule, size).map_err(|e| (0, e))?;
        for (i, s) in record.steps.iter().enumerate() {
            o.apply(s.actor, s.action).map_err(|e| (i, e))?;
        }
        Ok(o)
    }

    /// The opening rule.
    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The game's rule.
    pub fn game_rule(&self) -> Rule {
        self.game_rule
    }

    /// The stones placed so far (offers are not on it until one is picked).
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// Soosõrv: the fifth moves offered so far.
    pub fn offers(&self) -> &[Pos] {
        &self.state.offers
    }

    /// Soosõrv: the declared number of offers (0 before the declaration).
    pub fn declared(&self) -> u8 {
        self.state.declared
    }

    /// Who holds black for now (it may still change until the opening ends).
    pub fn black(&self) -> Player {
        self.state.black
    }

    /// The steps taken, in order.
    pub fn steps(&self) -> &[RecordedStep] {
        &self.steps
    }

    /// The opening as a record keeps it.
    pub fn record(&self) -> OpeningRecord {
        OpeningRecord {
            rule: self.rule,
            steps: self.steps.clone(),
        }
    }

    /// Whether the opening is over.
    pub fn is_finished(&self) -> bool {
        self.state.phase == Phase::Done
    }

    /// The standard renju opening on the board, once its three stones are placed.
    pub fn renju_opening(&self) -> Option<renju26::RenjuOpening> {
        let moves = self.state.board.moves();
        (moves.len() >= 3)
            .then(|| renju26::identify(&moves[..3], self.state.board.size()))
            .flatten()
    }

    /// The step due now, or `None` when the opening is over.
    pub fn step(&self) -> Option<Step> {
        let s = &self.state;
        let count = s.board.moves().len();
        let (actor, task) = match s.phase {
            Phase::Done => return None,
            Phase::Place { actor, until } => (
                actor,
                Task::Place {
                    stone: s.board.to_move(),
                    number: count + 1,
                    left: until - count,
                },
            ),
            Phase::Choose { actor, options } => (
                actor,
                Task::Choose {
                    options: options.to_vec(),
                },
            ),
            Phase::Declare { actor } => (
                actor,
                Task::Declare {
                    max: self.rule.max_offers(),
                },
            ),
            Phase::Offer { actor } => (
                actor,
                Task::Offer {
                    number: s.offers.len() as u8 + 1,
                    declared: s.declared,
                },
            ),
            Phase::Pick { actor } => (
                actor,
                Task::Pick {
                    offers: s.offers.clone(),
                },
            ),
        };
        Some(Step { actor, task })
    }

    /// The result, once the opening is over.
    pub fn result(&self) -> Option<OpeningResult> {
        self.is_finished().then(|| OpeningResult {
            board: self.state.board.clone(),
            black: self.state.black,
            to_move: self.state.board.to_move(),
        })
    }

    /// Whether `actor` may take `action` now, without taking it.
    pub fn check(&self, actor: Player, action: Action) -> Result<(), OpeningError> {
        self.next_state(actor, action).map(|_| ())
    }

    /// `actor` takes `action`. On an error nothing changes.
    pub fn apply(&mut self, actor: Player, action: Action) -> Result<(), OpeningError> {
        let next = self.next_state(actor, action)?;
        let before = std::mem::replace(&mut self.state, next);
        self.history.push(before);
        self.steps.push(RecordedStep { actor, action });
        Ok(())
    }

    /// Takes back the last step; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<RecordedStep> {
        let before = self.history.pop()?;
        self.state = before;
        self.steps.pop()
    }

    /// The state after `actor` takes `action`, or why they may not.
    fn next_state(&self, actor: Player, action: Action) -> Result<State, OpeningError> {
        let step = self.step().ok_or(OpeningError::Finished)?;
        if actor != step.actor {
            return Err(OpeningError::OutOfTurn { got: actor, step });
        }
        let mut s = self.state.clone();
        match (s.phase, action) {
            (Phase::Place { actor, until }, Action::Place(p)) => {
                self.check_stone(p)?;
                s.board.place(p).expect("checked: on the board and empty");
                if s.board.moves().len() == until {
                    s.phase = self.after_placing(actor, until);
                }
            }
            (Phase::Choose { actor, options }, Action::Choose(choice)) => {
                if !options.contains(&choice) {
                    return Err(OpeningError::NotAnOption { step, choice });
                }
                match choice {
                    Choice::Black => s.black = actor,
                    Choice::White => s.black = actor.other(),
                    Choice::PlaceTwo => {}
                }
                s.phase = self.after_choosing(actor, choice, s.board.moves().len(), s.black);
            }
            (Phase::Declare { actor }, Action::Declare(n)) => {
                let max = self.rule.max_offers();
                if n == 0 || n > max {
                    return Err(OpeningError::BadCount { got: n, max });
                }
                s.declared = n;
                s.phase = Phase::Choose {
                    actor: actor.other(),
                    options: COLOUR,
                };
            }
            (Phase::Offer { actor }, Action::Place(p)) => {
                self.check_offer(p)?;
                s.offers.push(p);
                if s.offers.len() == s.declared as usize {
                    s.phase = Phase::Pick {
                        actor: actor.other(),
                    };
                }
            }
            (Phase::Pick { .. }, Action::Pick(p)) => {
                if !s.offers.contains(&p) {
                    return Err(OpeningError::NotOffered(p));
                }
                s.board.place(p).expect("an offer is an empty point");
                s.phase = Phase::Done;
            }
            _ => return Err(OpeningError::WrongAction { step, action }),
        }
        Ok(s)
    }

    /// What follows once `actor` has placed stones up to `count`.
    fn after_placing(&self, actor: Player, count: usize) -> Phase {
        match (self.rule, count) {
            (OpeningRule::Swap2, 3) => Phase::Choose {
                actor: actor.other(),
                options: SWAP2,
            },
            (_, 3) => Phase::Choose {
                actor: actor.other(),
                options: COLOUR,
            },
            (OpeningRule::Swap2, _) => Phase::Choose {
                actor: actor.other(),
                options: COLOUR,
            },
            // Soosõrv: the fourth move, then its player declares the offers.
            _ => Phase::Declare { actor },
        }
    }

    /// What follows once `actor` has chosen `choice` with `count` stones on the board and
    /// `black` holding black.
    fn after_choosing(&self, actor: Player, choice: Choice, count: usize, black: Player) -> Phase {
        match (self.rule, choice, count) {
            (OpeningRule::Swap2, Choice::PlaceTwo, _) => Phase::Place { actor, until: 5 },
            (OpeningRule::Soosorv8, _, 3) => Phase::Place {
                actor: black.other(),
                until: 4,
            },
            (OpeningRule::Soosorv8, _, _) => Phase::Offer { actor: black },
            _ => Phase::Done,
        }
    }

    /// Whether the next stone may go on `p`.
    fn check_stone(&self, p: Pos) -> Result<(), OpeningError> {
        let b = &self.state.board;
        self.check_point(p)?;
        let count = b.moves().len();
        if self.rule == OpeningRule::Soosorv8 && count < 3 {
            renju26::check_stone(count, p, b.size()).map_err(|e| OpeningError::Pattern(p, e))?;
        }
        self.check_forbidden(p, b.to_move())
    }

    /// Whether `p` may be offered as a fifth move.
    fn check_offer(&self, p: Pos) -> Result<(), OpeningError> {
        let s = &self.state;
        self.check_point(p)?;
        if s.offers.contains(&p) {
            return Err(OpeningError::Occupied(p));
        }
        self.check_forbidden(p, Stone::Black)?;
        if let Some(&twin) = s
            .offers
            .iter()
            .find(|&&o| symmetry::equivalent(&s.board, p, o))
        {
            return Err(OpeningError::SymmetricOffer { offer: p, twin });
        }
        Ok(())
    }

    fn check_point(&self, p: Pos) -> Result<(), OpeningError> {
        let b = &self.state.board;
        if !b.contains(p) {
            return Err(OpeningError::OffBoard(p));
        }
        if !b.is_empty_at(p) {
            return Err(OpeningError::Occupied(p));
        }
        Ok(())
    }

    fn check_forbidden(&self, p: Pos, stone: Stone) -> Result<(), OpeningError> {
        if self.game_rule.has_forbidden(stone)
            && let Some(kind) = rules::forbidden_kind(&self.state.board, p)
        {
            return Err(OpeningError::Forbidden(p, kind));
        }
        Ok(())
    }
}
