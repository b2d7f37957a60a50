//! Dumps, for each position of a label file (`label_positions` format), the evaluation's features
//! and the counts of 14 finer line patterns (ones, open twos by the number of open threes they
//! make, split open threes), for fit_products.py and held_out_by_opening.py. Same crate as
//! policy_reach.rs. Columns: held out by game, held out by opening, result, score, colour,
//! features, fine counts (mover, waiter).
use gomoku::engine::board::{Board, Pos, Stone, parse_moves};
use gomoku::engine::rules::Rule;
use gomoku::engine::search::position::{Position, Threat};
use std::collections::HashMap;
use std::io::Write;

const W: usize = 11;
const C: usize = 5;
// cells: 0 empty, 1 own, 2 blocked
type Line = [u8; W];

fn run(l: &Line) -> usize {
    let (mut lo, mut hi) = (C, C);
    while lo > 0 && l[lo - 1] == 1 { lo -= 1; }
    while hi < W - 1 && l[hi + 1] == 1 { hi += 1; }
    hi - lo + 1
}

fn five_points(l: &Line) -> usize {
    let mut n = 0;
    for e in 0..W {
        if l[e] == 0 && e.abs_diff(C) <= 4 {
            let mut m = *l; m[e] = 1;
            if run(&m) >= 5 { n += 1; }
        }
    }
    n
}

// fine classes
const DEAD: u8 = 0; const B1: u8 = 1; const F1: u8 = 2; const B2: u8 = 3;
const F2_1: u8 = 4; const F2_2: u8 = 5; const F2_3: u8 = 6; const F2_4: u8 = 7;
const B3: u8 = 8; const F3: u8 = 9; const F3S: u8 = 10; const B4: u8 = 11; const F4: u8 = 12; const F5: u8 = 13;
pub const FINE: usize = 14;

struct Cls { memo: HashMap<u32, u8> }
impl Cls {
    fn code(l: &Line) -> u32 { l.iter().fold(0u32, |c, &x| c * 3 + x as u32) }
    fn classify(&mut self, l: &Line) -> u8 {
        let k = Self::code(l);
        if let Some(&v) = self.memo.get(&k) { return v; }
        let v = self.compute(l);
        self.memo.insert(k, v);
        v
    }
    fn compute(&mut self, l: &Line) -> u8 {
        if run(l) >= 5 { return F5; }
        match five_points(l) { 0 => {}, 1 => return B4, _ => return F4 }
        // children
        let mut kids = Vec::new();
        for e in 0..W {
            if l[e] == 0 && e.abs_diff(C) <= 4 {
                let mut m = *l; m[e] = 1;
                kids.push(self.classify(&m));
            }
        }
        let f4 = kids.iter().filter(|&&k| k == F4 || k == F5).count();
        if f4 >= 2 { return F3S; }
        if f4 == 1 { return F3; }
        if kids.iter().any(|&k| k == B4) { return B3; }
        let f3 = kids.iter().filter(|&&k| k == F3 || k == F3S).count();
        if f3 >= 1 { return [F2_1, F2_2, F2_3, F2_4][f3.min(4) - 1]; }
        if kids.iter().any(|&k| k == B3) { return B2; }
        if kids.iter().any(|&k| (F2_1..=F2_4).contains(&k)) { return F1; }
        if kids.iter().any(|&k| k == B2) { return B1; }
        DEAD
    }
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let mut cls = Cls { memo: HashMap::new() };
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            let mut it = line.split_whitespace();
            if it.next() != Some("freestyle") { continue; }
            let game: usize = it.next().unwrap().parse().unwrap();
            let result: f64 = it.next().unwrap().parse().unwrap();
            let score: f64 = it.next().unwrap().parse().unwrap();
            let moves: Vec<&str> = it.collect();
            let Ok(mv) = parse_moves(&moves.concat(), 15) else { continue };
            let mut board = Board::new(15).unwrap();
            let mut ok = true;
            for &m in &mv { if board.place(m).is_err() { ok = false; break; } }
            if !ok || board.stone_count() < 5 { continue; }
            let pos = Position::new(&board, Rule::Freestyle);
            let me = pos.to_move(); let them = me.opponent();
            if pos.count(me, Threat::Five) > 0 || pos.count(them, Threat::Five) > 0 || pos.count(me, Threat::FlexFour) > 0 { continue; }
            let feats = pos.eval_features();
            let mut fine = [[0u32; FINE]; 2];
            let mut cands = Vec::new();
            pos.candidates(&mut cands);
            for &i in &cands {
                let p = pos.pos(i);
                for (role, side) in [me, them].into_iter().enumerate() {
                    for &(dx, dy) in &dirs {
                        let mut l = [2u8; W];
                        for k in 0..W {
                            let off = k as i32 - C as i32;
                            let (x, y) = (p.x as i32 + dx * off, p.y as i32 + dy * off);
                            if x < 0 || y < 0 || x >= 15 || y >= 15 { continue; }
                            let q = Pos { x: x as u8, y: y as u8 };
                            l[k] = match board.get(q) { None => 0, Some(s) if s == side => 1, Some(_) => 2 };
                        }
                        l[C] = 1;
                        let c = cls.classify(&l);
                        fine[role][c as usize] += 1;
                    }
                }
            }
            let colour = if me == Stone::Black { 1 } else { -1 };
            let held = (game % 5 == 4) as u8;
            let okey: u64 = moves.iter().take(4).flat_map(|m| m.bytes()).fold(1469598103934665603u64, |h, b| (h ^ b as u64).wrapping_mul(1099511628211));
            let heldop = (okey % 5 == 4) as u8;
            write!(out, "{held} {heldop} {result} {score} {colour}").unwrap();
            for v in feats { write!(out, " {v}").unwrap(); }
            for r in 0..2 { for v in fine[r] { write!(out, " {v}").unwrap(); } }
            writeln!(out).unwrap();
        }
    }
}
