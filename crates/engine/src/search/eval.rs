//! The static evaluation: a function of what each colour could make on the empty points, seen
//! from the side to move, with weights fitted to the results of games and a stronger engine's
//! scores.
//!
//! For every empty point and colour, the features are the point's four line patterns (two,
//! open two, three, open three, four, open four, five: one count per line) and its threat class
//! (the combination of the four lines). The side to move ("mover") and the other side
//! ("waiter") have weights of their own: the same open three is worth more to the side that
//! can play it next. A few global features say what must happen now: the waiter threatens a
//! double (a double three or a four-three), the waiter has an open three, the mover has a
//! four to play. Beyond those linear terms, the products of the threat-class counts (how many
//! points give the mover, and the waiter, each class, multiplied in pairs) weigh threats
//! against each other.
//!
//! The weights come from logistic regression (`crates/engine/examples/tune_eval.rs`, documented in
//! the book's `docs/book/src/engine/tuning.md`): the evaluation of each quiet position of a set of games, times a fixed scale,
//! predicts the result for the side to move through the logistic function.

use super::super::pattern::Pattern;
use super::threat::{THREATS, Threat};

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

/// The features weighted linearly: the mover's point features summed over the empty points,
/// the waiter's, and the global ones.
pub const LINEAR_FEATURES: usize = 2 * POINT_FEATURES + GLOBAL_FEATURES;

/// Counts multiplied in pairs: how many empty points give the mover each threat class (low to
/// five), then the waiter's (see [`class_counts`]).
const COUNTED: usize = 2 * CLASSES;

/// Every product of two counted classes (a count with itself included): 14 + 13 + ... + 1.
/// They let the evaluation weigh threats against each other, which a sum over points cannot
/// (three threes of the mover against none of the waiter is not three times one against none).
pub const PRODUCTS: usize = COUNTED * (COUNTED + 1) / 2;

/// The product weights are in this fraction of an evaluation unit (products of counts can be
/// large, and their weights small).
pub const PRODUCT_SCALE: i32 = 16;

/// Every feature of a position: the linear ones, then the products.
pub const FEATURES: usize = LINEAR_FEATURES + PRODUCTS;

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
    if k >= LINEAR_FEATURES {
        let (a, b) = product_of(k - LINEAR_FEATURES);
        return format!("{} x {}", counted_name(a), counted_name(b));
    }
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

/// The name of counted class `c` (see [`class_counts`]).
fn counted_name(c: usize) -> String {
    let role = if c < CLASSES { "mover" } else { "waiter" };
    format!("{role} {} points", CLASS_NAMES[c % CLASSES + 1])
}

/// The counted classes `(a, b)`, `a <= b`, of product number `n`.
fn product_of(mut n: usize) -> (usize, usize) {
    for a in 0..COUNTED {
        let row = COUNTED - a;
        if n < row {
            return (a, a + n);
        }
        n -= row;
    }
    (COUNTED - 1, COUNTED - 1)
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

/// The fitted weights, in evaluation units, by linear feature (see [`feature_name`]).
pub const WEIGHTS: [i32; LINEAR_FEATURES] = [
    14, 48, 75, 81, 44, 0, 0, //
    1, 67, 1, 44, -2, 0, 0, //
    17, -3, -7, -16, -33, -31, -39, //
    -17, -11, 24, 50, 93, 126, 1, //
    -24, -12, 96, 37, -2, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    -19, -57, -29, -68, -11, 23, 0, //
    3, -63, -164, -89, -95, 70, 0, //
    -3, 12, 25, 41, 65, -9, -3, //
    5, -35, -55, -74, -76, -122, -164, //
    -28, -48, -106, -128, -95, 104, -63, //
    -132, -181, -161, 192, 246, 62, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    72, -277, 3, 78, 110, 122, //
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

/// The fitted weights of the products, in 1/[`PRODUCT_SCALE`] evaluation units.
pub const PRODUCT_WEIGHTS: [i32; PRODUCTS] = [
    0, -16, -71, 4, -137, 0, 0, //
    -3, -18, -97, -8, -172, -128, 0, //
    4, -838, 94, -322, 0, 0, 6, //
    6, -125, -154, -1150, -614, 0, 425, //
    873, 1645, 0, 0, 167, 430, -652, //
    -406, -1879, -1896, 0, -29, -1842, 0, //
    0, 2, 119, -26, 5, 5, 191, //
    0, -2403, 0, 0, 348, 2753, -361, //
    859, 5036, 1664, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    2, 33, 95, 3, 67, 68, 0, //
    43, 464, -11, -46, -236, 0, 675, //
    -212, 1071, 511, 0, 73, 252, -1, //
    0, 2046, 4803, 0, 928, 0, 0, //
];

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

/// How many empty points give the mover each threat class from low to five, then the same for
/// the waiter.
pub fn class_counts(mover: &[u32; THREATS], waiter: &[u32; THREATS]) -> [u32; COUNTED] {
    std::array::from_fn(|c| {
        let counts = if c < CLASSES { mover } else { waiter };
        counts[c % CLASSES + 1]
    })
}

/// The products of the counted classes, by product number (see [`PRODUCTS`]).
pub fn product_features(mover: &[u32; THREATS], waiter: &[u32; THREATS]) -> [u32; PRODUCTS] {
    let c = class_counts(mover, waiter);
    let mut out = [0; PRODUCTS];
    let mut k = 0;
    for a in 0..COUNTED {
        for b in a..COUNTED {
            out[k] = c[a] * c[b];
            k += 1;
        }
    }
    out
}

/// The products' part of the evaluation, in evaluation units.
pub fn product_value(mover: &[u32; THREATS], waiter: &[u32; THREATS]) -> i32 {
    let counts = class_counts(mover, waiter);
    let mut c = [0i32; PADDED];
    for (slot, &n) in c.iter_mut().zip(&counts) {
        *slot = n as i32;
    }
    // c' M c with M upper triangular: the same sum as the products weighted one by one, in
    // fixed-width rows the compiler turns into vector arithmetic.
    let sum: i32 = PRODUCT_MATRIX
        .iter()
        .zip(&c)
        .map(|(row, &ca)| ca * row.iter().zip(&c).map(|(&w, &cb)| w * cb).sum::<i32>())
        .sum();
    sum / PRODUCT_SCALE
}

/// [`COUNTED`] rounded up to a vector width.
const PADDED: usize = 16;

/// [`PRODUCT_WEIGHTS`] as an upper triangular matrix: row `a`, column `b >= a` holds the weight
/// of the product of counts `a` and `b`.
const PRODUCT_MATRIX: [[i32; PADDED]; PADDED] = {
    let mut m = [[0; PADDED]; PADDED];
    let mut k = 0;
    let mut a = 0;
    while a < COUNTED {
        let mut b = a;
        while b < COUNTED {
            m[a][b] = PRODUCT_WEIGHTS[k];
            k += 1;
            b += 1;
        }
        a += 1;
    }
    m
};

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
    fn every_product_multiplies_its_two_counts() {
        let mut mover = [0; THREATS];
        let mut waiter = [0; THREATS];
        mover[Threat::Low as usize] = 5;
        mover[Threat::Three as usize] = 2;
        waiter[Threat::Four as usize] = 3;
        let products = product_features(&mover, &waiter);
        let counts = class_counts(&mover, &waiter);
        for (n, &p) in products.iter().enumerate() {
            let (a, b) = product_of(n);
            assert!(a <= b && b < COUNTED);
            assert_eq!(
                p,
                counts[a] * counts[b],
                "{}",
                feature_name(LINEAR_FEATURES + n)
            );
        }
        assert_eq!(
            feature_name(LINEAR_FEATURES),
            "mover low points x mover low points"
        );
        assert_eq!(
            feature_name(FEATURES - 1),
            "waiter five points x waiter five points"
        );
        let weighted: i32 = products
            .iter()
            .zip(PRODUCT_WEIGHTS)
            .map(|(&p, w)| p as i32 * w)
            .sum();
        assert_eq!(product_value(&mover, &waiter), weighted / PRODUCT_SCALE);
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
