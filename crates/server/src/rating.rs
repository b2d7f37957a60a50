//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), one game a rating period.

use std::f64::consts::PI;

use gomoku_net::EndReason;

/// The Glicko-2 scale factor between the 1500-centred scale and the internal one.
const SCALE: f64 = 173.7178;
/// The system constant: how much the volatility may change.
const TAU: f64 = 0.5;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 1e-6;
/// The deviation never falls below this, so ratings keep moving.
const MIN_DEVIATION: f64 = 30.0;
/// The deviation never rises above the one of a new player.
const MAX_DEVIATION: f64 = 350.0;

/// Moves on the board below which a game resigned, abandoned, lost on time or drawn by
/// agreement does not move ratings (five each: such a game was not played). A five is always a
/// played game (the earliest comes at move 9).
pub const MIN_RATED_PLIES: usize = 10;
/// Rated games between the same two players in [`PAIR_WINDOW_SECS`] that move ratings; the
/// ones after are played and kept, unrated (farming a second account pays nothing).
pub const MAX_PAIR_GAMES: u32 = 3;
/// The window the games between two players are counted in: a day.
pub const PAIR_WINDOW_SECS: u64 = 24 * 3600;

/// Why a rated game's result does not move ratings, if it does not: `plies` moves on the
/// board, ended by `reason`, after `pair_games` rated games between the two today.
pub fn unrated_because(plies: usize, reason: EndReason, pair_games: u32) -> Option<String> {
    let played_out = matches!(reason, EndReason::Five | EndReason::BoardFull);
    if plies < MIN_RATED_PLIES && !played_out {
        Some(format!(
            "it ended after {plies} moves (ratings move from {MIN_RATED_PLIES})"
        ))
    } else if pair_games >= MAX_PAIR_GAMES {
        Some(format!(
            "the same two players already had {pair_games} rated games today"
        ))
    } else {
        None
    }
}

/// The highest rating a result against a provisional opponent can lift a player to, unless
/// that opponent is rated higher: a new player's rating plus 150. New accounts (puppets) that
/// lose on purpose can lift nobody above it, however many there are; below it, and against
/// established opponents, ratings move as Glicko-2 says.
pub const PROVISIONAL_CEILING: f64 = 1650.0;

/// Whether a rating is still provisional: its deviation above
/// [`gomoku_net::PROVISIONAL_DEVIATION`] (too few games, or too long ago, to trust it).
pub fn provisional(g: Glicko) -> bool {
    g.deviation > gomoku_net::PROVISIONAL_DEVIATION
}

/// The player's rating after a game against `opponent` (`score` as in [`update`]): Glicko-2's,
/// except that a rise against a provisional opponent stops at [`PROVISIONAL_CEILING`] or the
/// opponent's rating, whichever is higher (a player already above both keeps its rating). The
/// deviation and volatility move as usual (the game was played), and so does a fall.
pub fn rated(player: Glicko, opponent: Glicko, score: f64) -> Glicko {
    let full = update(player, opponent, score);
    if !provisional(opponent) || full.rating <= player.rating {
        return full;
    }
    let top = PROVISIONAL_CEILING.max(opponent.rating).max(player.rating);
    Glicko {
        rating: full.rating.min(top),
        ..full
    }
}

/// A rating with its deviation and volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation (350 for a new player).
    pub deviation: f64,
    /// The volatility (0.06 for a new player).
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Self {
        Glicko {
            rating: 1500.0,
            deviation: MAX_DEVIATION,
            volatility: 0.06,
        }
    }
}

/// `score` is 1 for a win, 0.5 for a draw, 0 for a loss.
pub fn update(player: Glicko, opponent: Glicko, score: f64) -> Glicko {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let mu_j = (opponent.rating - 1500.0) / SCALE;
    let phi_j = opponent.deviation / SCALE;
    let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g * g * e * (1.0 - e));
    let delta = v * g * (score - e);
    let sigma = new_volatility(phi, player.volatility, v, delta);
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * g * (score - e);
    Glicko {
        rating: 1500.0 + SCALE * mu_new,
        deviation: (SCALE * phi_new).clamp(MIN_DEVIATION, MAX_DEVIATION),
        volatility: sigma,
    }
}

/// Step 5 of the system: the new volatility by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut lo = a;
    let mut hi = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 100.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_lo, mut f_hi) = (f(lo), f(hi));
    for _ in 0..100 {
        if (hi - lo).abs() <= EPSILON {
            break;
        }
        let c = lo + (lo - hi) * f_lo / (f_hi - f_lo);
        let f_c = f(c);
        if f_c * f_hi <= 0.0 {
            lo = hi;
            f_lo = f_hi;
        } else {
            f_lo /= 2.0;
        }
        hi = c;
        f_hi = f_c;
    }
    (lo / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winner_gains_and_loser_drops_by_the_same_for_equals() {
        let a = Glicko::default();
        let w = update(a, a, 1.0);
        let l = update(a, a, 0.0);
        assert!(w.rating > 1600.0 && w.rating < 1700.0, "{w:?}");
        assert!((w.rating - 1500.0 + (l.rating - 1500.0)).abs() < 1e-6);
        assert!(w.deviation < 350.0);
        let d = update(a, a, 0.5);
        assert!((d.rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn short_games_and_repeated_pairs_are_unrated() {
        let resigned = EndReason::Resigned;
        assert!(unrated_because(0, resigned, 0).is_some());
        assert!(unrated_because(MIN_RATED_PLIES - 1, EndReason::Abandoned, 0).is_some());
        assert_eq!(unrated_because(MIN_RATED_PLIES, resigned, 0), None);
        assert_eq!(
            unrated_because(9, EndReason::Five, 0),
            None,
            "a five is played"
        );
        assert_eq!(unrated_because(40, resigned, MAX_PAIR_GAMES - 1), None);
        assert!(unrated_because(40, EndReason::Five, MAX_PAIR_GAMES).is_some());
    }

    /// A new player's five new accounts, three lost games each.
    fn farm(master: Glicko) -> Glicko {
        let mut master = master;
        for _ in 0..5 {
            let mut puppet = Glicko::default();
            for _ in 0..MAX_PAIR_GAMES {
                let (m, p) = (rated(master, puppet, 1.0), rated(puppet, master, 0.0));
                (master, puppet) = (m, p);
            }
        }
        master
    }

    #[test]
    fn puppets_lift_nobody_above_the_ceiling() {
        // Plain Glicko-2 gives a new player +500 for it.
        let mut plain = Glicko::default();
        for _ in 0..5 {
            let mut puppet = Glicko::default();
            for _ in 0..MAX_PAIR_GAMES {
                (plain, puppet) = (update(plain, puppet, 1.0), update(puppet, plain, 0.0));
            }
        }
        assert!(plain.rating > 1950.0, "{plain:?}");
        let new = farm(Glicko::default());
        assert!(new.rating > 1500.0 && new.rating <= 1650.0, "{new:?}");
        // A weak established player gets no further; a strong one gains nothing.
        let weak = Glicko {
            rating: 1300.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        assert!(farm(weak).rating <= PROVISIONAL_CEILING, "{:?}", farm(weak));
        let strong = Glicko {
            rating: 1900.0,
            ..weak
        };
        assert_eq!(farm(strong).rating, 1900.0);
    }

    #[test]
    fn established_opponents_and_losses_move_ratings_as_glicko_says() {
        let new = Glicko::default();
        let established = Glicko {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        assert!(!provisional(established) && provisional(new));
        // Against an established opponent nothing is held, above the ceiling too.
        assert_eq!(rated(new, established, 1.0), update(new, established, 1.0));
        let high = Glicko {
            rating: 1800.0,
            ..established
        };
        assert_eq!(
            rated(high, established, 1.0),
            update(high, established, 1.0)
        );
        // A loss, and a win's deviation, are Glicko-2's.
        assert_eq!(rated(established, new, 0.0), update(established, new, 0.0));
        let win = rated(new, new, 1.0);
        assert_eq!(win.rating, PROVISIONAL_CEILING);
        assert_eq!(win.deviation, update(new, new, 1.0).deviation);
        // A provisional opponent rated higher than the ceiling can lift a player to itself.
        let rising = Glicko {
            rating: 1900.0,
            ..new
        };
        let upset = rated(new, rising, 1.0);
        assert_eq!(upset, update(new, rising, 1.0));
        assert!(upset.rating > PROVISIONAL_CEILING && upset.rating <= 1900.0);
    }

    #[test]
    fn two_honest_new_players_still_converge() {
        // Twenty rated games (over a week: three a day), Ada winning seven in ten.
        let (mut ada, mut bea) = (Glicko::default(), Glicko::default());
        for game in 0..20 {
            let score = if game % 10 % 3 == 2 { 0.0 } else { 1.0 };
            (ada, bea) = (rated(ada, bea, score), rated(bea, ada, 1.0 - score));
            if game >= 10 {
                assert!(
                    ada.rating > bea.rating + 100.0,
                    "game {game}: {ada:?} {bea:?}"
                );
            }
        }
        assert!(
            ada.rating > 1500.0 && bea.rating < 1500.0,
            "{ada:?} {bea:?}"
        );
        assert!(
            ada.deviation < 200.0 && bea.deviation < 200.0,
            "{ada:?} {bea:?}"
        );
    }

    #[test]
    fn glickman_example_volatility() {
        // The paper's player (1500, 200, 0.06) after three games; here one game at a time
        // only checks that the iteration converges to a sane value.
        let p = Glicko {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let o = Glicko {
            rating: 1400.0,
            deviation: 30.0,
            volatility: 0.06,
        };
        let n = update(p, o, 1.0);
        assert!(n.volatility > 0.05 && n.volatility < 0.07, "{n:?}");
        assert!(n.rating > 1500.0);
    }
}
