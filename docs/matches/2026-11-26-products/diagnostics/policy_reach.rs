//! Where the moves a strong engine played rank in our move ordering (the policy plus the
//! distance terms, as the search's generator scores them before the history and killers).
//! Built as a small crate of its own beside the repository (`gomoku = { path = "..",
//! default-features = false }`); reads lines `WHO MOVES` on stdin (WHO 0: the moves of black are
//! the engine's, 1: white's), skips the first 8 moves of each game and positions where a five is
//! to make or stop or an open three must be answered, and prints the rank histogram and how
//! often the move lies outside the width of 10 and below the keep value (never searched at an
//! inner node unless the history or a killer lifts it).
use gomoku::engine::board::{Board, parse_moves};
use gomoku::engine::rules::Rule;
use gomoku::engine::search::policy::distance_policy;
use gomoku::engine::search::position::{Position, Threat};

fn kd(a: gomoku::engine::board::Pos, b: gomoku::engine::board::Pos) -> i32 {
    (a.x as i32 - b.x as i32).abs().max((a.y as i32 - b.y as i32).abs())
}

fn main() {
    // stdin: lines "who moves" where who = 0 (black's moves are rapfi's) or 1 (white's)
    let mut hist = [0u64; 42];
    let mut kept_miss = 0u64;
    let mut total = 0u64;
    let mut threatened = 0u64;
    for line in std::io::stdin().lines() {
        let line = line.unwrap();
        let mut it = line.split_whitespace();
        let who: usize = it.next().unwrap().parse().unwrap();
        let moves = parse_moves(it.next().unwrap(), 15).unwrap();
        let mut board = Board::new(15).unwrap();
        for (k, &m) in moves.iter().enumerate() {
            if k >= 8 && k % 2 == who {
                let mut pos = Position::new(&board, Rule::Freestyle);
                let me = pos.to_move();
                let them = me.opponent();
                if pos.count(them, Threat::Five) == 0 && pos.count(me, Threat::Five) == 0 {
                    if pos.count(them, Threat::FlexFour) > 0 { threatened += 1; }
                    else {
                    let mut c = Vec::new();
                    pos.candidates(&mut c);
                    let recent = [pos.recent_move(0), pos.recent_move(1)].map(|r| r.map(|r| pos.pos(r)));
                    let mut scored: Vec<(usize, i32)> = c.iter().map(|&i| {
                        let p = pos.pos(i);
                        let [l, mi] = recent.map(|r| r.map(|r| kd(r, p)));
                        (i, pos.policy_value(i, me) + distance_policy(l, mi))
                    }).collect();
                    scored.sort_by_key(|&(i, s)| (std::cmp::Reverse(s), i));
                    let target = pos.index(m);
                    let rank = scored.iter().position(|&(i, _)| i == target);
                    let r = rank.map_or(41, |r| r.min(40));
                    hist[r] += 1;
                    total += 1;
                    if r >= 10 {
                        let pv = pos.point_value(target, me) * 2 + pos.point_value(target, them) * 3 / 2;
                        if pv < 200 { kept_miss += 1; }
                    }
                    let _ = pos.is_legal(target, me);
                    }
                }
            }
            board.place(m).unwrap();
        }
    }
    let mut cum = 0;
    for (r, h) in hist.iter().enumerate() {
        cum += h;
        if *h > 0 { println!("rank {r:2}: {h:6} cum {:.3}", cum as f64 / total as f64); }
    }
    println!("total {total}, outside width 10 and not kept: {kept_miss} ({:.3}); facing three {threatened}", kept_miss as f64 / total as f64);
}
