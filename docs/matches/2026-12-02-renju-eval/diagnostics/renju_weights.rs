//! The evaluation's weights for renju, fitted to renju games alone: renju's first player
//! has forbidden points and its threats weigh differently than in five in a row, and the
//! weights fitted mostly to freestyle games predict renju games worse.
//!
//! Fitted on 2026-12-02 by `examples/tune_eval.rs` (results only, the default settings) to
//! 90,000 quiet positions of 3,055 renju games (every renju match in `docs/matches/` and the
//! session's own): held-out log-loss 0.5539, against 0.5709 for the five-in-a-row weights
//! (`docs/matches/2026-12-02-renju-weights/`). Units as [`super::eval::WEIGHTS`] and
//! [`super::eval::PRODUCT_WEIGHTS`].

use super::eval::{LINEAR_FEATURES, PRODUCTS};

/// The fitted linear weights for renju, by feature (see [`super::eval::feature_name`]).
pub const RENJU_WEIGHTS: [i32; LINEAR_FEATURES] = [
    19, 22, 54, -21, 28, 0, 0, //
    10, 54, -64, 60, -119, 0, 0, //
    30, -6, 31, 12, -1, 5, -8, //
    11, 15, 28, 52, 72, 138, -64, //
    -3, 19, 93, 56, -119, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    -23, -36, -46, 9, 160, 54, 0, //
    -5, -68, 19, -143, 22, 403, 0, //
    -24, 12, -12, 15, 41, -9, 10, //
    22, 10, -80, -85, -93, -110, 19, //
    -113, -147, -149, -166, 22, 513, -87, //
    -192, -216, -209, -16, 384, 195, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    -128, -240, -73, -42, -263, 198, //
];

/// The fitted weights of the products for renju, in 1/[`super::eval::PRODUCT_SCALE`] units.
pub const RENJU_PRODUCT_WEIGHTS: [i32; PRODUCTS] = [
    -2, -13, -33, 12, -69, 0, 0, //
    -4, -28, 6, -12, -240, -168, 0, //
    -35, -311, 104, -492, 0, 0, 16, //
    34, -53, -25, -882, -513, 0, -714, //
    733, 3934, 0, 0, 99, 503, 984, //
    417, 1194, -1507, 0, -79, -636, 0, //
    0, -5, 36, -460, 3, 134, -23, //
    0, -4326, 0, 0, 515, 697, -2806, //
    -907, 2652, 3361, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    0, 0, 0, 0, 0, 0, 0, //
    5, 34, 63, 1, 94, 35, 0, //
    75, 110, -41, 285, -87, 0, -1148, //
    -599, -1651, 514, 0, 77, -371, -168, //
    0, 487, 4992, 0, 1239, 0, 0, //
];
