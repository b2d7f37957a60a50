//! Wins, losses and draws per mode, rule and AI level, and streaks.

use serde::{Deserialize, Serialize};

use gomoku_engine::Rule;

/// A finished game from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// The player won.
    Win,
    /// The player lost (including by resignation or a forbidden move).
    Loss,
    /// Nobody won.
    Draw,
}

impl GameResult {
    /// The score in rating terms: 1, 0 or one half.
    pub fn score(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Loss => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

/// Who the games in a line of statistics were against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StatMode {
    /// Against the AI.
    VsAi,
    /// Against another person at the same machine.
    TwoPlayers,
}

/// What a line of statistics counts: the mode, the rule and (against the AI) the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StatKey {
    /// Against whom.
    pub mode: StatMode,
    /// The rule.
    pub rule: Rule,
    /// The AI level, for games against the AI.
    pub level: Option<u8>,
}

/// Wins, losses and draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Wins as a share of all games (0 to 1), or `None` before the first game.
    pub fn win_rate(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| f64::from(self.wins) / f64::from(games))
    }

    /// The win rate as a whole percentage (`"67%"`), or a dash before the first game.
    pub fn win_rate_text(&self) -> String {
        self.win_rate()
            .map(|r| format!("{:.0}%", r * 100.0))
            .unwrap_or_else(|| "-".to_owned())
    }

    /// Counts one more game.
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Loss => self.losses += 1,
            GameResult::Draw => self.draws += 1,
        }
    }

    fn plus(self, other: Tally) -> Tally {
        Tally {
            wins: self.wins + other.wins,
            losses: self.losses + other.losses,
            draws: self.draws + other.draws,
        }
    }
}

/// One line of the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatLine {
    /// What it counts.
    pub key: StatKey,
    /// The counts.
    pub tally: Tally,
}

/// A player's statistics: a tally per [`StatKey`], and win streaks.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stats {
    /// Tallies, in the order they first happened.
    pub lines: Vec<StatLine>,
    /// Wins in a row up to the last game.
    pub current_streak: u32,
    /// The longest run of wins.
    pub best_streak: u32,
}

impl Stats {
    /// Counts a finished game.
    pub fn record(&mut self, key: StatKey, result: GameResult) {
        match self.lines.iter_mut().find(|l| l.key == key) {
            Some(line) => line.tally.add(result),
            None => {
                let mut tally = Tally::default();
                tally.add(result);
                self.lines.push(StatLine { key, tally });
            }
        }
        if result == GameResult::Win {
            self.current_streak += 1;
            self.best_streak = self.best_streak.max(self.current_streak);
        } else {
            self.current_streak = 0;
        }
    }

    /// The tally for one key.
    pub fn tally(&self, key: StatKey) -> Tally {
        self.lines
            .iter()
            .find(|l| l.key == key)
            .map(|l| l.tally)
            .unwrap_or_default()
    }

    /// All games together.
    pub fn total(&self) -> Tally {
        self.lines
            .iter()
            .fold(Tally::default(), |t, l| t.plus(l.tally))
    }

    /// All games of one mode together.
    pub fn total_in(&self, mode: StatMode) -> Tally {
        self.lines
            .iter()
            .filter(|l| l.key.mode == mode)
            .fold(Tally::default(), |t, l| t.plus(l.tally))
    }

    /// The lines sorted by mode, rule and level, for display.
    pub fn sorted(&self) -> Vec<StatLine> {
        let mut lines = self.lines.clone();
        lines.sort_by_key(|l| (l.key.mode, l.key.rule as u8, l.key.level));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vs_ai(level: u8) -> StatKey {
        StatKey {
            mode: StatMode::VsAi,
            rule: Rule::Freestyle,
            level: Some(level),
        }
    }

    #[test]
    fn tallies_rates_and_streaks() {
        let mut s = Stats::default();
        assert_eq!(s.total().win_rate(), None);
        assert_eq!(s.total().win_rate_text(), "-");
        for r in [GameResult::Win, GameResult::Win, GameResult::Loss] {
            s.record(vs_ai(2), r);
        }
        s.record(vs_ai(3), GameResult::Draw);
        for _ in 0..3 {
            s.record(vs_ai(3), GameResult::Win);
        }
        assert_eq!(
            s.tally(vs_ai(2)),
            Tally {
                wins: 2,
                losses: 1,
                draws: 0
            }
        );
        assert_eq!(
            s.tally(vs_ai(3)),
            Tally {
                wins: 3,
                losses: 0,
                draws: 1
            }
        );
        assert_eq!(s.tally(vs_ai(4)), Tally::default());
        assert_eq!(s.total().games(), 7);
        assert_eq!(s.total().win_rate_text(), "71%");
        assert_eq!((s.current_streak, s.best_streak), (3, 3));
        s.record(vs_ai(2), GameResult::Loss);
        assert_eq!((s.current_streak, s.best_streak), (0, 3));
        assert_eq!(s.total_in(StatMode::TwoPlayers).games(), 0);
        assert_eq!(s.sorted()[0].key, vs_ai(2));
    }
}
