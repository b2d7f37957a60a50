//! The rank: a rating earned against the AI levels, and the ladder of titles it climbs.
//!
//! Each AI level has a fixed rating ([`ai_rating`]). After every game against the AI the
//! player's rating moves by the Elo rule: up by more for beating a strong level, down by more
//! for losing to a weak one. Beating the beginner level forever cannot make a master: the gain
//! shrinks towards nothing once the player is far above it.

use serde::{Deserialize, Serialize};

use super::stats::GameResult;

/// A new player's rating.
pub const START_RATING: i32 = 1000;
/// How far one game can move the rating (the Elo K factor).
pub const K_FACTOR: f64 = 32.0;

/// The fixed rating of each AI level (1 to 5).
pub fn ai_rating(level: u8) -> i32 {
    match level {
        0 | 1 => 1000,
        2 => 1300,
        3 => 1600,
        4 => 1900,
        _ => 2200,
    }
}

/// The expected score (0 to 1) of a player rated `rating` against one rated `opponent`.
pub fn expected_score(rating: i32, opponent: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(f64::from(opponent - rating) / 400.0))
}

/// The rating after a game against AI `level`.
pub fn rated(rating: i32, level: u8, result: GameResult) -> i32 {
    let expected = expected_score(rating, ai_rating(level));
    rating + (K_FACTOR * (result.score() - expected)).round() as i32
}

/// The titles, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Title {
    /// Below 1100.
    Beginner,
    /// 1100 to 1299.
    Novice,
    /// 1300 to 1499.
    Amateur,
    /// 1500 to 1699.
    ClubPlayer,
    /// 1700 to 1899.
    Expert,
    /// 1900 to 2099.
    CandidateMaster,
    /// 2100 and above.
    Master,
}

impl Title {
    /// Every title, lowest first.
    pub const LADDER: [Title; 7] = [
        Title::Beginner,
        Title::Novice,
        Title::Amateur,
        Title::ClubPlayer,
        Title::Expert,
        Title::CandidateMaster,
        Title::Master,
    ];

    /// The lowest rating that holds this title.
    pub fn threshold(self) -> i32 {
        match self {
            Title::Beginner => i32::MIN,
            Title::Novice => 1100,
            Title::Amateur => 1300,
            Title::ClubPlayer => 1500,
            Title::Expert => 1700,
            Title::CandidateMaster => 1900,
            Title::Master => 2100,
        }
    }

    /// The title a rating holds.
    pub fn of(rating: i32) -> Title {
        *Title::LADDER
            .iter()
            .rev()
            .find(|t| rating >= t.threshold())
            .unwrap_or(&Title::Beginner)
    }

    /// The next title up, if any.
    pub fn next(self) -> Option<Title> {
        let i = Title::LADDER.iter().position(|&t| t == self)?;
        Title::LADDER.get(i + 1).copied()
    }
}

/// Where a player stands on the ladder.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rank {
    /// The rating.
    pub rating: i32,
    /// The title it holds.
    pub title: Title,
    /// The next title and the points still needed for it.
    pub next: Option<(Title, i32)>,
    /// How far from this title's threshold to the next (0 to 1; 1 at the top).
    pub progress: f32,
}

impl Rank {
    /// The rank of a rating.
    pub fn of(rating: i32) -> Rank {
        let title = Title::of(rating);
        let next = title.next().map(|n| (n, n.threshold() - rating));
        let progress = match title.next() {
            None => 1.0,
            Some(n) => {
                // The lowest title has no floor: count from 200 below the next one.
                let floor = if title == Title::Beginner {
                    n.threshold() - 200
                } else {
                    title.threshold()
                };
                let span = (n.threshold() - floor) as f32;
                ((rating - floor) as f32 / span).clamp(0.0, 1.0)
            }
        };
        Rank {
            rating,
            title,
            next,
            progress,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_arithmetic() {
        // Equal ratings: a win gains K/2, a loss costs K/2, a draw changes nothing.
        assert_eq!(rated(1000, 1, GameResult::Win), 1016);
        assert_eq!(rated(1000, 1, GameResult::Loss), 984);
        assert_eq!(rated(1000, 1, GameResult::Draw), 1000);
        // 400 points apart: expected 10/11.
        assert!((expected_score(1300, 900) - 10.0 / 11.0).abs() < 1e-12);
        // Beating a level far above pays more than beating one at par.
        assert_eq!(rated(1000, 5, GameResult::Win), 1032);
        assert_eq!(
            rated(1000, 2, GameResult::Win),
            1000 + (32.0f64 * (1.0 - expected_score(1000, 1300))).round() as i32
        );
    }

    #[test]
    fn farming_the_beginner_level_stops_short_of_master() {
        let mut r = START_RATING;
        for _ in 0..10_000 {
            r = rated(r, 1, GameResult::Win);
        }
        assert!(r < Title::CandidateMaster.threshold(), "rating {r}");
        assert!(Title::of(r) >= Title::Amateur);
    }

    #[test]
    fn ladder_and_progress() {
        assert_eq!(Title::of(START_RATING), Title::Beginner);
        assert_eq!(Title::of(1100), Title::Novice);
        assert_eq!(Title::of(1099), Title::Beginner);
        assert_eq!(Title::of(2500), Title::Master);
        let r = Rank::of(1400);
        assert_eq!(r.title, Title::Amateur);
        assert_eq!(r.next, Some((Title::ClubPlayer, 100)));
        assert!((r.progress - 0.5).abs() < 1e-6);
        assert_eq!(Rank::of(1000).progress, 0.5);
        assert_eq!(Rank::of(2300).next, None);
        assert_eq!(Rank::of(2300).progress, 1.0);
        assert_eq!(Rank::of(-50).progress, 0.0);
    }
}
