//! The opening of the game in play, as the app shares it: the engine's [`Opening`] with who
//! sits where ([`OpeningPlay`], held by [`GameOpening`]), and the requests that take its steps
//! ([`OpeningRequest`]). `play::opening` applies the requests; the board shows the opening's
//! stones while it runs, and the game goes on from its result.
//!
//! Seats: with an opening rule the set-up's [`Mode`] names seats, not colours. Black stands
//! for [`Player::First`] (who opens), White for [`Player::Second`]: against the AI,
//! `Mode::VsAi { human: Stone::Black }` means "I open" and `Stone::White` "the AI opens". Once
//! the opening is over, the colours come from its result ([`OpeningPlay::playing_mode`]).

use bevy::prelude::*;

use super::{GamePlayers, GameSetup, Mode, MoveSource};
use gomoku_engine::opening::{
    Action, Opening, OpeningError, OpeningRecord, OpeningRule, Player, Step, Task,
};
use gomoku_engine::{ForbiddenPolicy, Game, Pos, Rule, Stone};

/// The seat a player sits in, as the set-up's mode names it: Black for the first player.
pub fn seat_stone(player: Player) -> Stone {
    match player {
        Player::First => Stone::Black,
        Player::Second => Stone::White,
    }
}

/// The player in the seat the set-up's mode names by `stone`.
pub fn seat_player(stone: Stone) -> Player {
    match stone {
        Stone::Black => Player::First,
        Stone::White => Player::Second,
    }
}

/// An opening being played (or played out) in a game: the opening and who sits where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningPlay {
    /// The opening: running, or over with the position the game went on from.
    pub opening: Opening,
    /// Who sits where: the set-up's mode, read by seat (see the module's notes).
    pub seats: Mode,
    /// The game's rule.
    pub rule: Rule,
    /// What a forbidden move does in the game.
    pub policy: ForbiddenPolicy,
}

impl OpeningPlay {
    /// The opening `setup` starts with (before its first steps); `Ok(None)` without an
    /// opening rule. A rule the game cannot be played with is the error.
    pub fn new(setup: &GameSetup) -> Result<Option<OpeningPlay>, OpeningError> {
        if setup.opening == OpeningRule::None {
            return Ok(None);
        }
        Ok(Some(OpeningPlay {
            opening: Opening::new(setup.opening, setup.rule, setup.size)?,
            seats: setup.mode,
            rule: setup.rule,
            policy: setup.policy,
        }))
    }

    /// The player due takes `action`; on an error nothing changes.
    pub fn apply_due(&mut self, action: Action) -> Result<(), OpeningError> {
        let actor = self.step().ok_or(OpeningError::Finished)?.actor;
        self.opening.apply(actor, action)
    }

    /// Whether the opening is still being played.
    pub fn is_running(&self) -> bool {
        !self.opening.is_finished()
    }

    /// The step due, while the opening runs.
    pub fn step(&self) -> Option<Step> {
        self.opening.step()
    }

    /// Whether the AI sits in `player`'s seat.
    pub fn ai_acts(&self, player: Player) -> bool {
        self.seats.ai_plays(seat_stone(player))
    }

    /// Whether the step due is the AI's.
    pub fn ai_to_act(&self) -> bool {
        self.step().is_some_and(|s| self.ai_acts(s.actor))
    }

    /// Whether a person takes the step due (at this machine: either seat of two players).
    pub fn person_to_act(&self) -> bool {
        self.step().is_some_and(|s| !self.ai_acts(s.actor))
    }

    /// Whether the step due is done on the board (a stone, an offer, a pick), not with buttons.
    pub fn wants_a_point(&self) -> bool {
        self.step().is_some_and(|s| {
            matches!(
                s.task,
                Task::Place { .. } | Task::Offer { .. } | Task::Pick { .. }
            )
        })
    }

    /// Whether a person may click `p` now: a free point for a stone or an offer, one of the
    /// offers when picking (the ghost stone shows there).
    pub fn person_may_click(&self, p: Pos) -> bool {
        let board = self.opening.board();
        let offered = self.opening.offers().contains(&p);
        self.person_to_act()
            && match self.step().map(|s| s.task) {
                Some(Task::Place { .. } | Task::Offer { .. }) => {
                    board.contains(p) && board.is_empty_at(p) && !offered
                }
                Some(Task::Pick { .. }) => offered,
                _ => false,
            }
    }

    /// Who a request from `from` acts for: the AI's seat for the AI, the person's for a
    /// person (the player due when two people share the machine); `None` when nobody there
    /// sits in it (a click in a game of the AI against itself).
    pub fn actor_for(&self, from: MoveSource) -> Option<Player> {
        let due = self.step()?.actor;
        match (from, self.seats) {
            (MoveSource::Ai, _) => self.ai_acts(due).then_some(due),
            (MoveSource::Person, Mode::VsAi { human }) => Some(seat_player(human)),
            (MoveSource::Person, Mode::TwoPlayers) => Some(due),
            (MoveSource::Person, Mode::AiVsAi) => None,
        }
    }

    /// What a click on `p` asks for at the step due: to pick it when picking an offer, else to
    /// place there (a stone or an offer; refused when the step is a choice).
    pub fn point_action(&self, p: Pos) -> Action {
        match self.step().map(|s| s.task) {
            Some(Task::Pick { .. }) => Action::Pick(p),
            _ => Action::Place(p),
        }
    }

    /// The number of stones the opening has placed.
    pub fn stones(&self) -> usize {
        self.opening.board().moves().len()
    }

    /// The game on the board: the opening's stones, and then the game that goes on from them.
    pub fn game(&self) -> Game {
        Game::new(self.opening.board().clone(), self.rule, self.policy)
    }

    /// Who plays what once the opening is over: against the AI the person's colour is the one
    /// their seat ended with; two people and the AI against itself keep their mode. While the
    /// opening runs, the seats.
    pub fn playing_mode(&self) -> Mode {
        match (self.seats, self.opening.result()) {
            (Mode::VsAi { human }, Some(r)) => Mode::VsAi {
                human: r.colour_of(seat_player(human)),
            },
            (mode, _) => mode,
        }
    }

    /// Whether the first player ended up with white (the seats' profiles swap colours).
    pub fn seats_swapped(&self) -> bool {
        self.opening
            .result()
            .is_some_and(|r| r.black == Player::Second)
    }

    /// The players by colour from the players by seat (the first player's as black), or
    /// back: the same swap both ways.
    pub fn swap_players(&self, players: GamePlayers) -> GamePlayers {
        if self.seats_swapped() {
            GamePlayers {
                black: players.white,
                white: players.black,
            }
        } else {
            players
        }
    }

    /// Takes back steps until a person is to act (the AI's steps go with the person's, as
    /// undo does with moves); one step when the AI plays itself. Returns how many.
    pub fn undo_to_person(&mut self) -> usize {
        let mut n = 0;
        while self.opening.undo().is_some() {
            n += 1;
            if self.seats == Mode::AiVsAi || !self.ai_to_act() {
                break;
            }
        }
        n
    }
}

/// The opening of the game in play, when it began with an opening rule (`None` otherwise).
/// Kept after the opening is over: the record saves its steps, and undo can go back into it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOpening(pub Option<OpeningPlay>);

impl GameOpening {
    /// The opening while it runs.
    pub fn running(&self) -> Option<&OpeningPlay> {
        self.0.as_ref().filter(|p| p.is_running())
    }

    /// The steps of a finished opening, for the game's record.
    pub fn record(&self) -> Option<OpeningRecord> {
        self.0
            .as_ref()
            .filter(|p| !p.is_running())
            .map(|p| p.opening.record())
    }

    /// The set-up the game was started with: `active` with its seats put back (the mode
    /// follows the colours once the opening is over).
    pub fn seated(&self, active: &GameSetup) -> GameSetup {
        match &self.0 {
            Some(play) => GameSetup {
                mode: play.seats,
                ..active.clone()
            },
            None => active.clone(),
        }
    }
}

/// Run condition: the game in play is in its opening.
pub fn opening_runs(opening: Res<GameOpening>) -> bool {
    opening.running().is_some()
}

/// A request to take an opening step: a point (from a click, routed by `play::turn`), a
/// choice or a declaration (from the opening's buttons), or the AI's.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningRequest {
    /// What to do.
    pub action: Action,
    /// Who asks.
    pub from: MoveSource,
}

impl OpeningRequest {
    /// A person's request.
    pub fn person(action: Action) -> OpeningRequest {
        OpeningRequest {
            action,
            from: MoveSource::Person,
        }
    }

    /// The AI's request.
    pub fn ai(action: Action) -> OpeningRequest {
        OpeningRequest {
            action,
            from: MoveSource::Ai,
        }
    }
}
