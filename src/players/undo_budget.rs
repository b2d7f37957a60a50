//! The undo budget of the seed games, as an option: a player starts with 10 undos and earns 10
//! more for every win against the AI. Unlimited undo is the default for casual play.

use serde::{Deserialize, Serialize};

/// Undos a new player starts with.
pub const START_UNDOS: u32 = 10;
/// Undos earned per win against the AI.
pub const UNDOS_PER_WIN: u32 = 10;

/// A player's undos left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoBudget {
    /// Undos that can still be used.
    pub left: u32,
}

impl Default for UndoBudget {
    fn default() -> Self {
        UndoBudget { left: START_UNDOS }
    }
}

impl UndoBudget {
    /// Uses one undo; false (and nothing used) when none are left.
    pub fn spend(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }

    /// The reward for a win against the AI.
    pub fn earn_win(&mut self) {
        self.left = self.left.saturating_add(UNDOS_PER_WIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spend_and_earn() {
        let mut b = UndoBudget::default();
        assert_eq!(b.left, 10);
        for _ in 0..10 {
            assert!(b.spend());
        }
        assert!(!b.spend());
        assert_eq!(b.left, 0);
        b.earn_win();
        assert_eq!(b.left, 10);
        b.left = u32::MAX - 3;
        b.earn_win();
        assert_eq!(b.left, u32::MAX);
    }
}
