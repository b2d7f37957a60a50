//! Which opening rule a game starts with.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How the first stones are placed and the colours decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum OpeningRule {
    /// No opening rule: the first player is black and plays the first move.
    #[default]
    None,
    /// Swap (swap1): the first player places three stones (black, white, black); the second
    /// chooses a colour, and white moves next.
    Swap1,
    /// Swap2: the first player places three stones; the second takes black, takes white, or
    /// places two more (white, black) and hands the choice of colour back.
    Swap2,
    /// Renju's Soosõrv-8: one of the 26 standard openings, a swap, the fourth move with the
    /// declared number (1 to 8) of fifth-move offers, a swap, the offers and white's pick.
    /// Only with [`Rule::Renju`](crate::Rule::Renju).
    Soosorv8,
}

impl OpeningRule {
    /// Every opening rule, in menu order.
    pub const ALL: [OpeningRule; 4] = [
        OpeningRule::None,
        OpeningRule::Swap1,
        OpeningRule::Swap2,
        OpeningRule::Soosorv8,
    ];

    /// The short lowercase name used on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::None => "none",
            OpeningRule::Swap1 => "swap1",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Soosorv8 => "soosorv8",
        }
    }

    /// The most fifth-move offers black may be asked for (Soosõrv-8), 0 for other rules.
    pub fn max_offers(self) -> u8 {
        match self {
            OpeningRule::Soosorv8 => 8,
            _ => 0,
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OpeningRule {
    type Err = String;

    fn from_str(s: &str) -> Result<OpeningRule, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "free" | "freeopen" => Ok(OpeningRule::None),
            "swap" | "swap1" => Ok(OpeningRule::Swap1),
            "swap2" => Ok(OpeningRule::Swap2),
            "soosorv8" | "soosorv-8" | "soosõrv-8" | "soosõrv8" => Ok(OpeningRule::Soosorv8),
            other => Err(format!(
                "unknown opening rule '{other}' (use none, swap1, swap2 or soosorv8)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in OpeningRule::ALL {
            assert_eq!(r.name().parse::<OpeningRule>().unwrap(), r);
        }
        assert!(
            "swap3"
                .parse::<OpeningRule>()
                .unwrap_err()
                .contains("swap3")
        );
    }
}
