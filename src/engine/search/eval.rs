//! The static evaluation: a linear function of what each colour could make on the empty points,
//! seen from the side to move, with weights fitted to the results of games.
//!
//! For every empty point and colour, the features are the point's four line patterns (two,
//! open two, three, open three, four, open four, five: one count per line) and its threat class
//! (the combination of the four lines). The side to move ("mover") and the other side
//! ("waiter") have weights of their own: the same open three is worth more to the side that
//! can play it next. A few global features say what must happen now: the waiter threatens a
//! double (a double three or a four-three), the waiter has an open three, the mover has a
//! four to play.
//!
//! The weights come from logistic regression (`examples/tune_eval.rs`, documented in the
//! README): the evaluation of each quiet position of a set of games, times a fixed scale,
//! predicts the result for the side to move through the logistic function.

use super::super::pattern::Pattern;
use super::position::{THREATS, Threat};

/// Features of one point for one colour: seven line patterns (two to five) and seven threat
/// classes (low to five); the weight of `Pattern::None` and `Threat::None` is zero.
pub const POINT_FEATURES: usize = 14;

/// Global features, from the threat counts (see [`global_features`]).
pub const GLOBAL_FEATURES: usize = 6;

/// Every feature of a position: the mover's point features summed over the empty points, the
/// waiter's, and the global ones.
pub const FEATURES: usize = 2 * POINT_FEATURES + GLOBAL_FEATURES;

/// Names of the features, in order (for the tuner's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "mover two",
    "mover open two",
    "mover three",
    "mover open three",
    "mover four",
    "mover open four",
    "mover five",
    "mover low point",
    "mover three point",
    "mover double-three point",
    "mover four point",
    "mover four-three point",
    "mover flex-four point",
    "mover five point",
    "waiter two",
    "waiter open two",
    "waiter three",
    "waiter open three",
    "waiter four",
    "waiter open four",
    "waiter five",
    "waiter low point",
    "waiter three point",
    "waiter double-three point",
    "waiter four point",
    "waiter four-three point",
    "waiter flex-four point",
    "waiter five point",
    "waiter has a double threat",
    "waiter has an open three",
    "mover has a four",
    "mover has a four-three",
    "mover has a double three",
    "waiter has a four",
];

/// The fitted weights, in evaluation units, in the order of [`FEATURE_NAMES`].
pub const WEIGHTS: [i32; FEATURES] = [
    16, 29, 51, 33, 49, 0, 0, -32, 43, -67, 41, 1488, 0, 0, //
    -16, -28, -49, -4, 115, -259, 0, 35, -46, -44, -254, -910, -174, 0, //
    -7, 66, 225, 657, 406, -23, //
];

/// The point-feature indices of a point whose lines make `pats` and whose class is `threat`
/// (patterns of `None` and the class `None` have no feature).
pub fn point_features(pats: &[Pattern; 4], threat: Threat) -> impl Iterator<Item = usize> {
    let lines = pats
        .iter()
        .filter(|&&p| p != Pattern::None)
        .map(|&p| p as usize - 1);
    let class = (threat != Threat::None).then(|| 7 + threat as usize - 1);
    lines.chain(class)
}

/// What a point adds to the evaluation for a colour, as the mover (`[0]`) and as the waiter
/// (`[1]`, already negative when it is bad for the mover).
pub fn point_values(pats: &[Pattern; 4], threat: Threat) -> [i32; 2] {
    point_features(pats, threat).fold([0, 0], |[m, w], f| {
        [m + WEIGHTS[f], w + WEIGHTS[POINT_FEATURES + f]]
    })
}

/// The global features (0 or 1 each) from the counts of threat classes of the mover and the
/// waiter.
pub fn global_features(mover: &[u32; THREATS], waiter: &[u32; THREATS]) -> [bool; GLOBAL_FEATURES] {
    let at_least = |c: &[u32; THREATS], t: Threat| c[t as usize..].iter().any(|&n| n > 0);
    [
        waiter[Threat::DoubleThree as usize] + waiter[Threat::FourThree as usize] > 0,
        waiter[Threat::FlexFour as usize] > 0,
        at_least(mover, Threat::Four),
        mover[Threat::FourThree as usize] > 0,
        mover[Threat::DoubleThree as usize] > 0,
        at_least(waiter, Threat::Four),
    ]
}

/// The global features' part of the evaluation.
pub fn global_value(mover: &[u32; THREATS], waiter: &[u32; THREATS]) -> i32 {
    global_features(mover, waiter)
        .iter()
        .zip(&WEIGHTS[2 * POINT_FEATURES..])
        .filter(|(on, _)| **on)
        .map(|(_, w)| w)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_features_name_the_patterns_and_the_class() {
        let pats = [
            Pattern::OpenThree,
            Pattern::Four,
            Pattern::None,
            Pattern::Two,
        ];
        let f: Vec<&str> = point_features(&pats, Threat::FourThree)
            .map(|i| FEATURE_NAMES[i])
            .collect();
        assert_eq!(
            f,
            [
                "mover open three",
                "mover four",
                "mover two",
                "mover four-three point"
            ]
        );
        let none = [Pattern::None; 4];
        assert_eq!(point_features(&none, Threat::None).count(), 0);
        assert_eq!(point_values(&none, Threat::None), [0, 0]);
    }
}
