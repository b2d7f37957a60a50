//! Game records: what a finished (or imported) game is, and the text formats it travels in.
//!
//! - [`json`]: our own record, with a format name and version.
//! - [`position_string`]: the moves run together as web tools write them (`h8i9j10`).
//! - [`psq`]: Piskvork's `.psq` files.
//!
//! [`import`] recognises any of the three. Every error names what is wrong (line, move, reason)
//! and nothing is changed by a failed import.

pub mod date;
pub mod json;
pub mod position_string;
pub mod psq;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Pos, Stone};
use super::game::{Game, GameSetupError, MoveError, Outcome};
use super::opening::{Opening, OpeningError, OpeningRecord};
use super::rules::{ForbiddenPolicy, Rule};

/// Who played a recorded game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordMode {
    /// A person against the AI at `level`.
    VsAi {
        /// The AI's level (1 to 5).
        level: u8,
        /// The person's colour.
        human: Stone,
    },
    /// Two people at one machine.
    TwoPlayers,
    /// The AI against itself.
    AiVsAi {
        /// The AI's level.
        level: u8,
    },
    /// Imported from a file or a position string: who played is not known.
    Imported,
    /// Played online against another person, through a server.
    Online {
        /// The colour this machine's player had.
        colour: Stone,
    },
}

/// How a recorded game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// A winning row.
    Five,
    /// Black played a forbidden point (renju, "lose" policy).
    Forbidden,
    /// A player resigned.
    Resignation,
    /// The board filled up.
    FullBoard,
    /// The game was not finished.
    Unfinished,
    /// The loser's clock ran out.
    Timeout,
    /// The loser stayed disconnected too long (online games).
    Abandoned,
    /// The players agreed a draw (online games).
    DrawAgreed,
}

/// The result of a recorded game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordResult {
    /// The winner; `None` for a draw or an unfinished game.
    pub winner: Option<Stone>,
    /// How it ended.
    pub ending: Ending,
}

impl RecordResult {
    /// The result the moves alone give for this one (a loss on time is restored from the
    /// record, as a resignation is): an abandoned game reads as the loser's resignation, an
    /// agreed draw as a game not finished.
    pub fn as_replayed(self) -> RecordResult {
        match self.ending {
            Ending::Abandoned => RecordResult {
                ending: Ending::Resignation,
                ..self
            },
            Ending::DrawAgreed => RecordResult {
                winner: None,
                ending: Ending::Unfinished,
            },
            _ => self,
        }
    }

    /// The result an outcome stands for.
    pub fn from_outcome(outcome: &Outcome) -> RecordResult {
        let ending = match outcome {
            Outcome::Ongoing => Ending::Unfinished,
            Outcome::Five { .. } => Ending::Five,
            Outcome::Forbidden { .. } => Ending::Forbidden,
            Outcome::Resigned { .. } => Ending::Resignation,
            Outcome::TimedOut { .. } => Ending::Timeout,
            Outcome::Draw => Ending::FullBoard,
        };
        RecordResult {
            winner: outcome.winner(),
            ending,
        }
    }
}

/// One game: who played, under which rule, every move, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The black player's name.
    pub black: String,
    /// The white player's name.
    pub white: String,
    /// Who played.
    pub mode: RecordMode,
    /// The rule.
    pub rule: Rule,
    /// What a forbidden move did.
    pub policy: ForbiddenPolicy,
    /// Board side.
    pub size: u8,
    /// The moves, black first.
    pub moves: Vec<Pos>,
    /// How it ended.
    pub result: RecordResult,
    /// When it ended, as `YYYY-MM-DDTHH:MM:SSZ` (UTC).
    pub date: String,
    /// The opening rule and its steps, when the game began with one (swap, swap2, Soosõrv-8).
    /// Its stones are the first of `moves`; records without it began freely.
    pub opening: Option<OpeningRecord>,
}

impl GameRecord {
    /// A record of `game` as it stands now.
    pub fn of_game(
        game: &Game,
        black: &str,
        white: &str,
        mode: RecordMode,
        date: String,
    ) -> GameRecord {
        GameRecord {
            black: black.to_owned(),
            white: white.to_owned(),
            mode,
            rule: game.rule(),
            policy: game.policy(),
            size: game.board().size(),
            moves: game.board().moves().to_vec(),
            result: RecordResult::from_outcome(game.outcome()),
            date,
            opening: None,
        }
    }

    /// The same record with the opening that began the game.
    pub fn with_opening(mut self, opening: OpeningRecord) -> GameRecord {
        self.opening = Some(opening);
        self
    }

    /// The opening replayed from its steps (for replays that show them), `None` when the game
    /// began freely. Checked: the opening must be finished and its stones must be the first
    /// moves of the game.
    pub fn replay_opening(&self) -> Result<Option<Opening>, RecordError> {
        let Some(record) = &self.opening else {
            return Ok(None);
        };
        let opening = Opening::replay(record, self.rule, self.size).map_err(|(i, e)| match e {
            OpeningError::Unsupported { .. } => RecordError::new(format!("the opening: {e}")),
            e => RecordError::new(format!("the opening's step {} is not legal: {e}", i + 1)),
        })?;
        if !opening.is_finished() {
            return Err(RecordError::new(format!(
                "the {} opening is not finished: {}",
                record.rule,
                opening.step().map_or(String::new(), |s| s.to_string())
            )));
        }
        let stones = opening.board().moves();
        if !self.moves.starts_with(stones) {
            return Err(RecordError::new(format!(
                "the moves do not begin with the opening's stones ({})",
                opening.board().moves_notation()
            )));
        }
        Ok(Some(opening))
    }

    /// The game replayed from its moves, checked against its rule. A resignation or a loss on
    /// time is restored from the recorded result.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_to(self.moves.len())
    }

    /// The game after its first `n` moves (at most all of them).
    pub fn replay_to(&self, n: usize) -> Result<Game, RecordError> {
        let n = n.min(self.moves.len());
        let mut game = Game::from_moves(self.size, self.rule, self.policy, &self.moves[..n])
            .map_err(|e| RecordError::from_setup(e, self.size))?;
        if n == self.moves.len()
            && !game.outcome().is_over()
            && let Some(winner) = self.result.winner
        {
            // The loser is the side that resigned (or lost on time); it is not necessarily the
            // side to move.
            let ended = match self.result.as_replayed().ending {
                Ending::Resignation => game.resign_as(winner.opponent()),
                Ending::Timeout => game.flag(winner.opponent()),
                _ => Ok(()),
            };
            ended.expect("the game is not over");
        }
        Ok(game)
    }

    /// The moves in standard notation separated by spaces (`h8 i9 j10`).
    pub fn moves_text(&self) -> String {
        self.moves
            .iter()
            .map(|p| p.to_notation(self.size))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Why a text is not a game record. `line` is 1-based where the format has lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The line of the text where the problem is, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl RecordError {
    /// An error at no particular line.
    pub fn new(reason: impl Into<String>) -> RecordError {
        RecordError {
            line: None,
            reason: reason.into(),
        }
    }

    /// An error on line `line` (1-based).
    pub fn at_line(line: usize, reason: impl Into<String>) -> RecordError {
        RecordError {
            line: Some(line),
            reason: reason.into(),
        }
    }

    /// A refused move while replaying, named in notation.
    pub fn from_setup(e: GameSetupError, size: u8) -> RecordError {
        match e {
            GameSetupError::Size(e) => RecordError::new(e.to_string()),
            GameSetupError::Move(i, p, e) => {
                let name = if p.x < size && p.y < size {
                    p.to_notation(size)
                } else {
                    format!("{},{}", p.x, p.y)
                };
                // The move is already named in notation: the reason does not repeat it in the
                // engine's internal coordinates.
                let why = match e {
                    MoveError::Occupied(_) => "the point is already taken".to_owned(),
                    MoveError::OffBoard(_) => "the point is off the board".to_owned(),
                    other => other.to_string(),
                };
                RecordError::new(format!("move {} ({name}) is not legal: {why}", i + 1))
            }
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for RecordError {}

/// The formats [`import`] recognises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Our JSON record.
    Json,
    /// A position string (`h8i9j10`).
    PositionString,
    /// A Piskvork `.psq` file.
    Psq,
}

impl Format {
    /// Guesses the format of `text` from its first characters.
    pub fn detect(text: &str) -> Format {
        let t = text.trim_start();
        if t.starts_with('{') {
            Format::Json
        } else if t.to_ascii_lowercase().starts_with("piskvork") {
            Format::Psq
        } else {
            Format::PositionString
        }
    }
}

/// What an import needs to know that the text may not say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportDefaults {
    /// The board side when the text does not give it (position strings).
    pub size: u8,
    /// The rule when the text does not give it (position strings, `.psq`).
    pub rule: Rule,
    /// The forbidden-move policy when the text does not give it.
    pub policy: ForbiddenPolicy,
}

/// The longest text [`import`] reads, in bytes: far more than any game on a 22x22 board takes
/// in any of the formats (a full board's `.psq` is about 5 KB).
pub const MAX_IMPORT_BYTES: usize = 64 * 1024;

/// Why a text is refused before it is read: it is longer than [`MAX_IMPORT_BYTES`].
pub fn too_long(bytes: usize) -> RecordError {
    RecordError::new(format!(
        "the text is {} KB, more than a game record can be ({} KB at most)",
        bytes.div_ceil(1024),
        MAX_IMPORT_BYTES / 1024
    ))
}

/// Reads a game in any of the formats, checking every move against the rule.
pub fn import(
    text: &str,
    defaults: ImportDefaults,
    date: String,
) -> Result<GameRecord, RecordError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(too_long(text.len()));
    }
    if text.trim().is_empty() {
        return Err(RecordError::new(
            "there is nothing to import: the text is empty",
        ));
    }
    match Format::detect(text) {
        Format::Json => json::from_json(text),
        Format::Psq => psq::from_psq(text, defaults, date),
        Format::PositionString => position_string::from_position_string(text, defaults, date),
    }
}

/// A record of moves imported without names or a result, with the result taken from a replay.
pub(crate) fn imported_record(
    moves: Vec<Pos>,
    size: u8,
    defaults: ImportDefaults,
    date: String,
) -> Result<GameRecord, RecordError> {
    let mut record = GameRecord {
        black: String::new(),
        white: String::new(),
        mode: RecordMode::Imported,
        rule: defaults.rule,
        policy: defaults.policy,
        size,
        moves,
        result: RecordResult {
            winner: None,
            ending: Ending::Unfinished,
        },
        date,
        opening: None,
    };
    let game = record.replay()?;
    record.result = RecordResult::from_outcome(game.outcome());
    Ok(record)
}
