//! Local player profiles: create, pick, rename, delete; each with statistics, a rating and an
//! undo budget.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::rank::{self, Rank};
use super::stats::{GameResult, StatKey, StatMode, Stats};
use super::undo_budget::UndoBudget;
use crate::store::Document;

/// The longest profile name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A profile's identity; stays the same through renames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ProfileId(pub u32);

/// One local player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// Identity.
    pub id: ProfileId,
    /// The name shown.
    pub name: String,
    /// When it was created (UTC).
    pub created: String,
    /// Wins, losses and draws.
    pub stats: Stats,
    /// The rating earned against the AI.
    pub rating: i32,
    /// Games that moved the rating.
    pub rated_games: u32,
    /// Undos left when the undo budget is on.
    pub undo: UndoBudget,
    /// Puzzles solved and failed (absent in older files: none yet).
    #[serde(default)]
    pub puzzles: PuzzleStats,
}

/// A player's puzzles: solved and failed (each puzzle counts once a visit, at its end), and
/// the run of puzzles solved in a row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleStats {
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
    /// Puzzles solved in a row, now.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

impl PuzzleStats {
    /// Counts a puzzle's end.
    pub fn record(&mut self, solved: bool) {
        if solved {
            self.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.failed += 1;
            self.streak = 0;
        }
    }
}

impl Profile {
    /// The rank the rating holds.
    pub fn rank(&self) -> Rank {
        Rank::of(self.rating)
    }

    /// Counts a finished game: statistics, and against the AI the rating and undo budget.
    pub fn record(&mut self, key: StatKey, result: GameResult) {
        self.stats.record(key, result);
        if key.mode == StatMode::VsAi {
            let level = key.level.unwrap_or(1);
            self.rating = rank::rated(self.rating, level, result);
            self.rated_games += 1;
            if result == GameResult::Win {
                self.undo.earn_win();
            }
        }
    }
}

/// Why a profile change was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileError {
    /// The name is empty (or only spaces).
    EmptyName,
    /// The name is longer than [`MAX_NAME_CHARS`].
    NameTooLong,
    /// The name holds control characters.
    BadCharacters,
    /// Another profile has this name (names are compared without case).
    NameTaken(String),
    /// There is no such profile.
    NotFound(ProfileId),
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProfileError::EmptyName => f.write_str("the name is empty"),
            ProfileError::NameTooLong => {
                write!(f, "the name is longer than {MAX_NAME_CHARS} characters")
            }
            ProfileError::BadCharacters => f.write_str("the name holds control characters"),
            ProfileError::NameTaken(n) => write!(f, "there is already a player called '{n}'"),
            ProfileError::NotFound(id) => write!(f, "there is no player #{}", id.0),
        }
    }
}

impl std::error::Error for ProfileError {}

/// All local profiles, and who is playing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Profiles {
    /// The profiles, in creation order.
    pub list: Vec<Profile>,
    /// The id the next profile gets.
    pub next_id: u32,
    /// The player at the board (in two-player games: black).
    pub active: Option<ProfileId>,
    /// The second player of two-player games (white).
    pub opponent: Option<ProfileId>,
}

impl Document for Profiles {
    const KEY: &'static str = "profiles.json";
    const FORMAT: &'static str = "gomoku-profiles";
    const VERSION: u32 = 1;

    /// Every name as the Players window would take it; ids distinct and below `next_id`.
    fn check(&self) -> Result<(), String> {
        for (i, p) in self.list.iter().enumerate() {
            let which = i + 1;
            match self.check_name(&p.name, Some(p.id)) {
                Ok(name) if name == p.name => {}
                Ok(_) => return Err(format!("player {which}: the name has spaces around it")),
                Err(e) => return Err(format!("player {which}: {e}")),
            }
            if self.list[..i].iter().any(|q| q.id == p.id) || p.id.0 >= self.next_id {
                return Err(format!("player {which}: the id {} is not unique", p.id.0));
            }
        }
        Ok(())
    }
}

impl Profiles {
    /// Creates a profile and makes it the active one.
    pub fn create(&mut self, name: &str, date: String) -> Result<ProfileId, ProfileError> {
        let name = self.check_name(name, None)?;
        let id = ProfileId(self.next_id.max(1));
        self.next_id = id.0 + 1;
        self.list.push(Profile {
            id,
            name,
            created: date,
            stats: Stats::default(),
            rating: rank::START_RATING,
            rated_games: 0,
            undo: UndoBudget::default(),
            puzzles: PuzzleStats::default(),
        });
        self.active = Some(id);
        Ok(id)
    }

    /// Renames a profile.
    pub fn rename(&mut self, id: ProfileId, name: &str) -> Result<(), ProfileError> {
        let name = self.check_name(name, Some(id))?;
        self.get_mut(id)?.name = name;
        Ok(())
    }

    /// Deletes a profile; whoever was playing as it is cleared.
    pub fn delete(&mut self, id: ProfileId) -> Result<Profile, ProfileError> {
        let i = self
            .list
            .iter()
            .position(|p| p.id == id)
            .ok_or(ProfileError::NotFound(id))?;
        let removed = self.list.remove(i);
        if self.active == Some(id) {
            self.active = self.list.first().map(|p| p.id);
        }
        if self.opponent == Some(id) {
            self.opponent = None;
        }
        Ok(removed)
    }

    /// Makes `id` the active player.
    pub fn pick(&mut self, id: ProfileId) -> Result<(), ProfileError> {
        self.get(id)?;
        self.active = Some(id);
        if self.opponent == Some(id) {
            self.opponent = None;
        }
        Ok(())
    }

    /// Makes `id` (or nobody) the second player of two-player games.
    pub fn pick_opponent(&mut self, id: Option<ProfileId>) -> Result<(), ProfileError> {
        if let Some(id) = id {
            self.get(id)?;
        }
        self.opponent = id.filter(|&id| Some(id) != self.active);
        Ok(())
    }

    /// A profile by id.
    pub fn get(&self, id: ProfileId) -> Result<&Profile, ProfileError> {
        self.list
            .iter()
            .find(|p| p.id == id)
            .ok_or(ProfileError::NotFound(id))
    }

    /// A profile by id, to change.
    pub fn get_mut(&mut self, id: ProfileId) -> Result<&mut Profile, ProfileError> {
        self.list
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or(ProfileError::NotFound(id))
    }

    /// The active profile, if any.
    pub fn active(&self) -> Option<&Profile> {
        self.active.and_then(|id| self.get(id).ok())
    }

    /// The second player, if any.
    pub fn opponent(&self) -> Option<&Profile> {
        self.opponent.and_then(|id| self.get(id).ok())
    }

    /// Makes sure there is an active player, creating `default_name` when there are none.
    pub fn ensure_active(&mut self, default_name: &str, date: String) {
        if self.active().is_some() {
            return;
        }
        match self.list.first() {
            Some(p) => self.active = Some(p.id),
            None => {
                let _ = self.create(default_name, date);
            }
        }
    }

    /// A name not yet taken, built from `base` (`Player 2`, `Player 3`, ...).
    pub fn free_name(&self, base: &str) -> String {
        (1..)
            .map(|n| format!("{base} {n}"))
            .find(|name| self.check_name(name, None).is_ok())
            .expect("some number is free")
    }

    fn check_name(&self, name: &str, renaming: Option<ProfileId>) -> Result<String, ProfileError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(ProfileError::EmptyName);
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(ProfileError::NameTooLong);
        }
        if name.chars().any(char::is_control) {
            return Err(ProfileError::BadCharacters);
        }
        let lower = name.to_lowercase();
        if let Some(other) = self
            .list
            .iter()
            .find(|p| Some(p.id) != renaming && p.name.to_lowercase() == lower)
        {
            return Err(ProfileError::NameTaken(other.name.clone()));
        }
        Ok(name.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Rule;

    fn date() -> String {
        "2026-11-22T14:00:00Z".to_owned()
    }

    #[test]
    fn create_rename_pick_delete() {
        let mut ps = Profiles::default();
        let ann = ps.create("  Ann ", date()).unwrap();
        assert_eq!(ps.active().unwrap().name, "Ann");
        assert_eq!(
            ps.create("ann", date()),
            Err(ProfileError::NameTaken("Ann".into()))
        );
        assert_eq!(ps.create("   ", date()), Err(ProfileError::EmptyName));
        assert_eq!(
            ps.create(&"x".repeat(25), date()),
            Err(ProfileError::NameTooLong)
        );
        assert_eq!(ps.create("a\tb", date()), Err(ProfileError::BadCharacters));
        assert_eq!(ps.create(&"长".repeat(24), date()).map(|_| ()), Ok(()));
        let bob = ps.create("Bob", date()).unwrap();
        assert_ne!(ann, bob);
        assert_eq!(ps.active, Some(bob));
        ps.rename(ann, "ANN").unwrap();
        assert_eq!(
            ps.rename(ann, "bob"),
            Err(ProfileError::NameTaken("Bob".into()))
        );
        ps.pick(ann).unwrap();
        ps.pick_opponent(Some(bob)).unwrap();
        ps.pick_opponent(Some(ann)).unwrap();
        assert_eq!(ps.opponent, None, "a player cannot play themselves");
        ps.pick_opponent(Some(bob)).unwrap();
        ps.delete(ann).unwrap();
        assert_ne!(ps.active, Some(ann));
        assert!(ps.active().is_some());
        ps.delete(bob).unwrap();
        assert_eq!(ps.opponent, None);
        assert_eq!(ps.delete(bob), Err(ProfileError::NotFound(bob)));
        // Ids are never reused.
        let cat = ps.create("Cat", date()).unwrap();
        assert!(cat.0 > bob.0);
        assert_eq!(ps.free_name("Player"), "Player 1");
    }

    #[test]
    fn results_move_stats_rating_and_undos() {
        let mut ps = Profiles::default();
        ps.ensure_active("Player 1", date());
        let id = ps.active.unwrap();
        let key = StatKey {
            mode: StatMode::VsAi,
            rule: Rule::Renju,
            level: Some(5),
        };
        let p = ps.get_mut(id).unwrap();
        p.record(key, GameResult::Win);
        assert_eq!(p.rating, 1032);
        assert_eq!(p.undo.left, 20);
        assert_eq!(p.stats.tally(key).wins, 1);
        let two = StatKey {
            mode: StatMode::TwoPlayers,
            rule: Rule::Renju,
            level: None,
        };
        p.record(two, GameResult::Win);
        assert_eq!(p.rating, 1032, "two-player games do not move the rating");
        assert_eq!(p.undo.left, 20, "nor earn undos");
        assert_eq!(p.stats.best_streak, 2);
    }
}
