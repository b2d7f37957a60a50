//! The threat classes of a point: what one colour could make there, read from the line
//! patterns it would make in the four directions. The shared vocabulary of the position, the
//! evaluation, the policy and the solvers.

use crate::pattern::Pattern;

/// What one colour could make on an empty point, strongest first in value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Threat {
    /// Nothing much.
    None,
    /// Some twos.
    Low,
    /// One open three.
    Three,
    /// Two or more open threes (forbidden to black in renju).
    DoubleThree,
    /// One four.
    Four,
    /// A four and an open three: wins unless the four's answer stops the three.
    FourThree,
    /// An open four or two fours: wins next move (double four is forbidden to black in renju).
    FlexFour,
    /// Five.
    Five,
}

/// Number of [`Threat`] classes.
pub const THREATS: usize = 8;

impl Threat {
    /// The threat of a point whose four line patterns (one per direction) are `pats`.
    pub fn of(pats: &[Pattern; 4]) -> Threat {
        let mut fours = 0;
        let mut open_threes = 0;
        let mut some = false;
        for &p in pats {
            match p {
                Pattern::Five => return Threat::Five,
                Pattern::OpenFour => fours += 2,
                Pattern::Four => fours += 1,
                Pattern::OpenThree => open_threes += 1,
                Pattern::None => {}
                _ => some = true,
            }
        }
        match (fours, open_threes) {
            (f, _) if f >= 2 => Threat::FlexFour,
            (1, t) if t >= 1 => Threat::FourThree,
            (1, _) => Threat::Four,
            (0, t) if t >= 2 => Threat::DoubleThree,
            (0, 1) => Threat::Three,
            _ if some => Threat::Low,
            _ => Threat::None,
        }
    }
}
