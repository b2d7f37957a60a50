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

/// Line patterns with a feature of their own (two to five: `Pattern::None` has none).
const LINE_PATTERNS: usize = 7;

/// Threat classes with a feature of their own (low to five: `Threat::None` has none).
const CLASSES: usize = 7;

/// Pairs of a point's two strongest line patterns (the strongest at least a two, the second
/// anything up to it): 2 + 3 + ... + 8.
const PAIRS: usize = 35;

/// Features of one point for one colour: its line patterns (one count per line), its threat
/// class, and the pair of its two strongest lines.
pub const POINT_FEATURES: usize = LINE_PATTERNS + CLASSES + PAIRS;

/// Global features, from the threat counts (see [`global_features`]).
pub const GLOBAL_FEATURES: usize = 6;

/// Every feature of a position: the mover's point features summed over the empty points, the
/// waiter's, and the global ones.
pub const FEATURES: usize = 2 * POINT_FEATURES + GLOBAL_FEATURES;

const PATTERN_NAMES: [&str; 8] = [
    "none",
    "two",
    "open two",
    "three",
    "open three",
    "four",
    "open four",
    "five",
];

const CLASS_NAMES: [&str; 8] = [
    "none",
    "low",
    "three",
    "double-three",
    "four",
    "four-three",
    "flex-four",
    "five",
];

const GLOBAL_NAMES: [&str; GLOBAL_FEATURES] = [
    "waiter has a double threat",
    "waiter has an open three",
    "mover has a four",
    "mover has a four-three",
    "mover has a double three",
    "waiter has a four",
];

/// The name of feature `k` (for the tuner's report).
pub fn feature_name(k: usize) -> String {
    if k >= 2 * POINT_FEATURES {
        return GLOBAL_NAMES[k - 2 * POINT_FEATURES].to_string();
    }
    let role = if k < POINT_FEATURES {
        "mover"
    } else {
        "waiter"
    };
    let f = k % POINT_FEATURES;
    if f < LINE_PATTERNS {
        format!("{role} {}", PATTERN_NAMES[f + 1])
    } else if f < LINE_PATTERNS + CLASSES {
        format!("{role} {} point", CLASS_NAMES[f - LINE_PATTERNS + 1])
    } else {
        let (a, b) = pair_of(f - LINE_PATTERNS - CLASSES);
        format!("{role} {} + {}", PATTERN_NAMES[a], PATTERN_NAMES[b])
    }
}

/// The patterns (by discriminant, strongest first) of pair number `n`.
fn pair_of(mut n: usize) -> (usize, usize) {
    for a in 1..8 {
        if n <= a {
            return (a, n);
        }
        n -= a + 1;
    }
    (7, 7)
}

/// The pair number of a strongest line `a` (at least a two) and a second `b <= a`: the pairs
/// whose strongest line is weaker come first (2 + 3 + ... + a of them).
fn pair_index(a: usize, b: usize) -> usize {
    (a - 1) * (a + 2) / 2 + b
}

/// The evaluation's scale: a log-odds of 1 in the fitted model (about 73% to win) is this many
/// evaluation units, the units the search's margins are set in.
pub const UNITS_PER_LOG_ODDS: f64 = 640.0;

/// The fitted weights, in evaluation units, by feature (see [`feature_name`]).
pub const WEIGHTS: [i32; FEATURES] = [
    25, 52, 90, 115, 178, 0, 0, //
    -11, 6, -92, 20, 706, 0, 0, //
    -17, -50, -33, -43, -64, -71, -88, //
    -47, -56, -30, -41, 5, 40, -92, //
    -77, -62, 86, 12, 706, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    -28, -62, -43, -39, -53, -142, 0, //
    13, -14, 52, -76, -330, -110, 0, //
    25, 48, 43, 65, 91, 23, 36, //
    24, 5, -20, 15, -8, -43, 52, //
    7, -35, -126, -116, -330, 125, 5, //
    -127, -220, -237, 51, 214, 104, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    -85, -337, -33, 822, 271, 266, //
];

/// Unordered combinations of a point's four line patterns (eight patterns, `Pattern::None`
/// among them): 11 choose 4.
pub const COMBOS: usize = 330;

/// The combination number of a point's four line patterns, whatever the order of its lines
/// (0 for four lines with nothing).
pub fn combo_index(pats: &[Pattern; 4]) -> usize {
    let mut p = pats.map(|p| p as usize);
    p.sort_unstable_by(|a, b| b.cmp(a));
    // Sorted, `p[0] + 3 > p[1] + 2 > p[2] + 1 > p[3]` are distinct: the combinatorial number
    // system numbers them from 0 to `COMBOS - 1`.
    binomial(p[0] + 3, 4) + binomial(p[1] + 2, 3) + binomial(p[2] + 1, 2) + p[3]
}

const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Corrections by combination of a point's four lines ([`combo_index`]), as the mover and as
/// the waiter, added to what the point's features give.
pub const COMBO_WEIGHTS: [[i32; 2]; COMBOS] = [[0, 0]; COMBOS];

/// The point-feature indices of a point whose lines make `pats` and whose class is `threat`.
pub fn point_features(pats: &[Pattern; 4], threat: Threat) -> impl Iterator<Item = usize> {
    let lines = pats
        .iter()
        .filter(|&&p| p != Pattern::None)
        .map(|&p| p as usize - 1);
    let class = (threat != Threat::None).then(|| LINE_PATTERNS + threat as usize - 1);
    let mut sorted = pats.map(|p| p as usize);
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let pair = (sorted[0] > 0).then(|| LINE_PATTERNS + CLASSES + pair_index(sorted[0], sorted[1]));
    lines.chain(class).chain(pair)
}

/// What a point adds to the evaluation for a colour, as the mover (`[0]`) and as the waiter
/// (`[1]`, already negative when it is bad for the mover).
pub fn point_values(pats: &[Pattern; 4], threat: Threat) -> [i32; 2] {
    let [cm, cw] = COMBO_WEIGHTS[combo_index(pats)];
    point_features(pats, threat).fold([cm, cw], |[m, w], f| {
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
    fn point_features_name_the_patterns_the_class_and_the_pair() {
        let pats = [
            Pattern::OpenThree,
            Pattern::Four,
            Pattern::None,
            Pattern::Two,
        ];
        let f: Vec<String> = point_features(&pats, Threat::FourThree)
            .map(feature_name)
            .collect();
        assert_eq!(
            f,
            [
                "mover open three",
                "mover four",
                "mover two",
                "mover four-three point",
                "mover four + open three"
            ]
        );
        let none = [Pattern::None; 4];
        assert_eq!(point_features(&none, Threat::None).count(), 0);
        assert_eq!(point_values(&none, Threat::None), [0, 0]);
        assert_eq!(feature_name(POINT_FEATURES), "waiter two");
    }

    #[test]
    fn every_combination_has_its_own_number_whatever_the_order() {
        use super::super::position::PATTERNS;
        let mut seen = vec![false; COMBOS];
        for key in 0..1usize << 12 {
            let pats: [Pattern; 4] = std::array::from_fn(|d| PATTERNS[(key >> (3 * d)) & 7]);
            let n = combo_index(&pats);
            seen[n] = true;
            let mut reversed = pats;
            reversed.reverse();
            assert_eq!(combo_index(&reversed), n);
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(combo_index(&[Pattern::None; 4]), 0);
    }

    #[test]
    fn every_pair_has_its_own_number() {
        let mut seen = Vec::new();
        for a in 1..8 {
            for b in 0..=a {
                let n = pair_index(a, b);
                assert_eq!(pair_of(n), (a, b));
                seen.push(n);
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..PAIRS).collect::<Vec<_>>());
    }
}
