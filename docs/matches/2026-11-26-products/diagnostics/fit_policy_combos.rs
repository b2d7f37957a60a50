//! The policy refit with a correction per combination of a point's four lines (own and theirs) and
//! per pair of threat classes, on the moves of a teacher (lines `WHO MOVES T`) or our own. Same
//! crate as policy_reach.rs. Prints first-choice and top-10 rates on held-out positions.
use gomoku::engine::board::{Board, Pos, parse_moves};
use gomoku::engine::rules::Rule;
use gomoku::engine::search::policy::{POLICY_FEATURES, POLICY_WEIGHTS, UNITS_PER_LOGIT, policy_features};
use gomoku::engine::search::position::{Position, Threat};
use std::collections::HashMap;

struct Sample { feats: Vec<u16>, starts: Vec<u32>, played: usize, held: bool, threatened: bool, teacher: bool, kept_old: Vec<bool> }

fn kd(a: Pos, b: Pos) -> i32 { (a.x as i32 - b.x as i32).abs().max((a.y as i32 - b.y as i32).abs()) }

fn main() {
    let use_combo = std::env::var("COMBO").map_or(true, |v| v != "0");
    let use_pair = std::env::var("PAIR").map_or(true, |v| v != "0");
    let l2: f64 = std::env::var("L2").ok().and_then(|v| v.parse().ok()).unwrap_or(1e-4);
    let steps: usize = std::env::var("STEPS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    // combo classes
    let mut classes: HashMap<[u8; 4], u16> = HashMap::new();
    let mut class_of = vec![0u16; 4096];
    for key in 0..4096usize {
        let mut p: [u8; 4] = std::array::from_fn(|d| ((key >> (3 * d)) & 7) as u8);
        p.sort_unstable();
        let n = classes.len() as u16;
        class_of[key] = *classes.entry(p).or_insert(n);
    }
    let nclass = classes.len();
    let base = POLICY_FEATURES;
    let own_c = base; let their_c = base + nclass; let pair0 = base + 2 * nclass;
    let nfeat = pair0 + 64;
    eprintln!("{nclass} combo classes, {nfeat} features");
    let key = |pats: &[gomoku::engine::pattern::Pattern; 4]| -> usize {
        pats.iter().enumerate().fold(0, |k, (d, &p)| k | (p as usize) << (3 * d))
    };
    // input lines: "who moves [T]" who: 0 black's moves, 1 white's, 2 both; T = teacher's moves
    let mut samples = Vec::new();
    let mut gi = 0usize;
    for line in std::io::stdin().lines() {
        let line = line.unwrap();
        let mut it = line.split_whitespace();
        let who: usize = it.next().unwrap().parse().unwrap();
        let Ok(moves) = parse_moves(it.next().unwrap_or(""), 15) else { continue };
        let teacher = it.next() == Some("T");
        gi += 1;
        let held = gi % 5 == 4;
        let mut board = Board::new(15).unwrap();
        for (k, &m) in moves.iter().enumerate() {
            if k >= 6 && (who == 2 || k % 2 == who) {
                let mut pos = Position::new(&board, Rule::Freestyle);
                let me = pos.to_move(); let them = me.opponent();
                if pos.count(them, Threat::Five) == 0 && pos.count(me, Threat::Five) == 0 {
                    let threatened = pos.count(them, Threat::FlexFour) > 0;
                    let mut cands = Vec::new();
                    if threatened {
                        let mut ours = Vec::new();
                        pos.points_with(me, Threat::Four, &mut ours);
                        pos.points_with(them, Threat::Four, &mut cands);
                        for x in ours { if !cands.contains(&x) { cands.push(x); } }
                    } else { pos.candidates(&mut cands); }
                    cands.retain(|&i| pos.is_legal(i, me));
                    let target = pos.index(m);
                    if let Some(played) = cands.iter().position(|&i| i == target) && cands.len() >= 2 {
                        let recent = [pos.recent_move(0), pos.recent_move(1)].map(|r| r.map(|r| pos.pos(r)));
                        let mut s = Sample { feats: vec![], starts: vec![0], played, held, threatened, teacher, kept_old: vec![] };
                        for &i in &cands {
                            let p = pos.pos(i);
                            let [l, mi] = recent.map(|r| r.map(|r| kd(r, p)));
                            let (po, pt) = (pos.patterns(i, me), pos.patterns(i, them));
                            let (to, tt) = (pos.threat(i, me), pos.threat(i, them));
                            s.feats.extend(policy_features((po, to), (pt, tt), l, mi).map(|k| k as u16));
                            if use_combo {
                                s.feats.push((own_c + class_of[key(po)] as usize) as u16);
                                s.feats.push((their_c + class_of[key(pt)] as usize) as u16);
                            }
                            if use_pair { s.feats.push((pair0 + (to as usize) * 8 + tt as usize) as u16); }
                            s.starts.push(s.feats.len() as u32);
                            s.kept_old.push(pos.point_value(i, me) * 2 + pos.point_value(i, them) * 3 / 2 >= 200);
                        }
                        samples.push(s);
                    }
                }
            }
            board.place(m).unwrap();
        }
    }
    eprintln!("{} samples", samples.len());
    let mut w = vec![0.0f64; nfeat];
    for k in 0..POLICY_FEATURES { w[k] = POLICY_WEIGHTS[k] as f64 / UNITS_PER_LOGIT; }
    report("current", &samples, &w);
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.held).collect();
    let (mut m1, mut v1) = (vec![0.0; nfeat], vec![0.0; nfeat]);
    let (lr, b1, b2) = (0.05, 0.9, 0.999);
    let prior = w.clone();
    let mut logits = Vec::new();
    for t in 1..=steps {
        let mut grad = vec![0.0; nfeat];
        let mut loss = 0.0;
        for s in &train {
            let c = s.starts.len() - 1;
            logits.clear();
            logits.extend((0..c).map(|c| score(s, c, &w)));
            let top = logits.iter().cloned().fold(f64::MIN, f64::max);
            let tot: f64 = logits.iter().map(|z| (z - top).exp()).sum();
            loss -= logits[s.played] - top - tot.ln();
            for (c, z) in logits.iter().enumerate() {
                let p = (z - top).exp() / tot - (c == s.played) as u8 as f64;
                for &k in &s.feats[s.starts[c] as usize..s.starts[c + 1] as usize] { grad[k as usize] += p; }
            }
        }
        for k in 0..nfeat {
            let reg = if k < POLICY_FEATURES { w[k] - prior[k] } else { w[k] };
            let g = grad[k] / train.len() as f64 + l2 * reg;
            m1[k] = b1 * m1[k] + (1.0 - b1) * g;
            v1[k] = b2 * v1[k] + (1.0 - b2) * g * g;
            let mh = m1[k] / (1.0 - b1.powi(t as i32));
            let vh = v1[k] / (1.0 - b2.powi(t as i32));
            w[k] -= lr * mh / (vh.sqrt() + 1e-9);
        }
        if t % 50 == 0 { eprintln!("step {t}: loss {:.4}", loss / train.len() as f64); }
    }
    report("fitted", &samples, &w);
    if let Ok(path) = std::env::var("OUT") {
        let text: Vec<String> = w.iter().map(|x| format!("{:.0}", x * UNITS_PER_LOGIT)).collect();
        std::fs::write(path, text.join("\n")).unwrap();
    }
}

fn score(s: &Sample, c: usize, w: &[f64]) -> f64 {
    s.feats[s.starts[c] as usize..s.starts[c + 1] as usize].iter().map(|&k| w[k as usize]).sum()
}

fn report(what: &str, samples: &[Sample], w: &[f64]) {
    for teacher in [true, false] {
        let (mut n, mut first, mut top10, mut outside) = (0, 0, 0, 0);
        for s in samples.iter().filter(|s| s.held && !s.threatened && s.teacher == teacher) {
            let pl = score(s, s.played, w);
            let rank = (0..s.starts.len() - 1).filter(|&c| c != s.played && score(s, c, w) >= pl).count();
            n += 1; first += (rank == 0) as usize; top10 += (rank < 10) as usize;
            outside += (rank >= 10 && !s.kept_old[s.played]) as usize;
        }
        if n == 0 { continue; }
        let nf = n as f64;
        println!("{what:<8} {} held-out quiet {n}: first {:.1}%, top10 {:.1}%, outside width&unkept {:.1}%",
            if teacher {"teacher"} else {"self"}, 100.0 * first as f64 / nf, 100.0 * top10 as f64 / nf, 100.0 * outside as f64 / nf);
    }
}
