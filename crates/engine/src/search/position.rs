//! A board for searching: stones in a padded array, and for every empty point the line pattern
//! each colour would make there in each direction, kept up to date move by move (only the
//! points within five of a move change), with a threat class per point and colour, counts of
//! the classes, and a running evaluation.

use super::super::board::{Board, MAX_SIZE, Pos, Stone};
use super::super::pattern::{self, HALF, Pattern};
use super::super::rules::{self, ForbiddenKind, Rule};
use super::eval::{self, FEATURES, POINT_FEATURES};
use super::policy;
use super::threat::{THREATS, Threat};

const PAD: usize = HALF;
const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// Points of value a colour's pattern on a point has for move ordering.
fn pattern_value(p: Pattern) -> i32 {
    match p {
        Pattern::None => 0,
        Pattern::Two => 3,
        Pattern::OpenTwo => 9,
        Pattern::Three => 10,
        Pattern::OpenThree => 36,
        Pattern::Four => 40,
        Pattern::OpenFour => 160,
        Pattern::Five => 600,
    }
}

/// Per empty point and colour: the combination key of its four line patterns (three bits a
/// direction, as the combination tables index them); the threat class, the ordering value and the evaluation's shares are read
/// from the combination tables by it. Four bytes a point, so a move saves and restores little
/// and changes a pattern with one masked write.
type PointKeys = [u16; 2];

/// The search's board. See the module documentation.
#[derive(Clone)]
pub struct Position {
    size: u8,
    stride: usize,
    steps: [isize; 4],
    cells: Vec<u8>,
    /// Per point, its [`PointKeys`] (a point holding a stone keeps the keys it had, unused).
    keys: Vec<PointKeys>,
    /// Per point and direction: the pattern-table codes of the ten neighbours as each colour
    /// sees them (black's in the low 16 bits, white's in the high), kept up to date by adding
    /// each move's digits (see [`pattern::line_code`]) in one addition, so a refresh is a table
    /// lookup.
    codes: Vec<[u32; 4]>,
    /// Per direction and offset -5..=5 (index offset + 5): the code a stone at that offset
    /// adds for its own colour (the other colour sees it as blocked: twice as much).
    digit: [[u16; 2 * HALF + 1]; 4],
    /// Stones within two points (king moves) of each point.
    near: Vec<u8>,
    /// Per colour, how many empty points have each threat class.
    counts: [[u32; THREATS]; 2],
    /// Per colour and role (mover, waiter), the sum of the evaluation shares of the empty
    /// points.
    eval_sum: [[i32; 2]; 2],
    /// Per colour, a bit per padded index: the empty points where it has a four or more
    /// (few, and wanted often: the threat solvers list them at every node).
    fours: [[u64; FOUR_WORDS]; 2],
    board: Board,
    rule: Rule,
    tables: [&'static [Pattern]; 2],
    /// The threat class, ordering value and evaluation shares of every combination of four
    /// line patterns.
    combos: &'static Combos,
    /// The engine board's moves, as padded indices.
    history: Vec<usize>,
    /// What each move changed, to put back on undo: the touched points and their old keys.
    saved_points: Vec<(u32, PointKeys)>,
    /// The bits of the four-point sets each move flipped (`2 i + colour`), flipped back on
    /// undo: few moves flip any.
    saved_flips: Vec<u32>,
    /// Per move: where its saved points and flips start, and the counts and value sums before
    /// it.
    saved_moves: Vec<SavedMove>,
    /// Black's verdicts on suspicious points lately asked about, by position and point (renju
    /// only, else empty): one node asks about the same point several times (is it a threat,
    /// which answers it, may the move be played), and each verdict plays a stone on a scratch
    /// board. See [`Position::forbidden`].
    forbidden_memo: Vec<(u64, Option<ForbiddenKind>)>,
}

/// Entries of [`Position`]'s memo of forbidden points (a power of two).
const FORBIDDEN_MEMO: usize = 4096;

/// The state a move replaced, restored as it is on undo (no patterns are recomputed).
#[derive(Debug, Clone, Copy)]
struct SavedMove {
    points_from: usize,
    flips_from: usize,
    counts: [[u32; THREATS]; 2],
    eval_sum: [[i32; 2]; 2],
}

/// Words of the four-point bit sets: enough for the largest padded board.
const FOUR_WORDS: usize =
    ((MAX_SIZE as usize + 2 * PAD) * (MAX_SIZE as usize + 2 * PAD)).div_ceil(64);

impl Position {
    /// The search position for `board` under `rule`.
    pub fn new(board: &Board, rule: Rule) -> Position {
        let size = board.size();
        let stride = size as usize + 2 * PAD;
        let s = stride as isize;
        let mut pos = Position {
            size,
            stride,
            steps: [1, s, s + 1, 1 - s],
            cells: vec![WALL; stride * stride],
            keys: vec![[0; 2]; stride * stride],
            codes: vec![[0; 4]; stride * stride],
            digit: [[0; 2 * HALF + 1]; 4],
            near: vec![0; stride * stride],
            counts: [[0; THREATS]; 2],
            eval_sum: [[0; 2]; 2],
            fours: [[0; FOUR_WORDS]; 2],
            board: board.clone(),
            rule,
            tables: [
                pattern::table(!rule.wins_with(Stone::Black, 6)),
                pattern::table(!rule.wins_with(Stone::White, 6)),
            ],
            combos: combos(),
            history: Vec::new(),
            saved_points: Vec::new(),
            saved_flips: Vec::new(),
            saved_moves: Vec::new(),
            forbidden_memo: if rule.has_forbidden(Stone::Black) {
                vec![(0, None); FORBIDDEN_MEMO]
            } else {
                Vec::new()
            },
        };
        for p in board.points() {
            let i = pos.index(p);
            pos.cells[i] = EMPTY;
        }
        for (p, stone) in board.stones() {
            let i = pos.index(p);
            pos.cells[i] = stone_code(stone);
            pos.bump_near(i, 1);
        }
        for row in &mut pos.digit {
            for (slot, w) in row.iter_mut().enumerate() {
                // A stone at offset m from a point is that point's neighbour slot m + 5 (left
                // of it) or m + 4 (right of it).
                *w = match slot.cmp(&HALF) {
                    std::cmp::Ordering::Less => 3u16.pow(slot as u32),
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 3u16.pow(slot as u32 - 1),
                };
            }
        }
        for p in board.points() {
            let i = pos.index(p);
            for d in 0..4 {
                pos.codes[i][d] =
                    pos.slow_code(i, d, 0) as u32 | (pos.slow_code(i, d, 1) as u32) << 16;
            }
        }
        for p in board.points() {
            let i = pos.index(p);
            if pos.cells[i] == EMPTY {
                pos.refresh(i);
                pos.add_counts(i, 1);
            }
        }
        pos
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The engine board (kept in step with every move).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Stone {
        self.board.to_move()
    }

    /// The Zobrist hash of the position and side to move.
    pub fn hash(&self) -> u64 {
        self.board.hash()
    }

    /// Stones on the board.
    pub fn stone_count(&self) -> usize {
        self.board.stone_count()
    }

    /// Whether the board is full.
    pub fn is_full(&self) -> bool {
        self.board.is_full()
    }

    /// The padded index of a point.
    pub fn index(&self, p: Pos) -> usize {
        (p.y as usize + PAD) * self.stride + p.x as usize + PAD
    }

    /// The point of a padded index.
    pub fn pos(&self, i: usize) -> Pos {
        Pos::new((i % self.stride - PAD) as u8, (i / self.stride - PAD) as u8)
    }

    /// Whether the padded index is an empty point of the board.
    pub fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == EMPTY
    }

    /// The threat `stone` would make on the empty point `i`.
    pub fn threat(&self, i: usize, stone: Stone) -> Threat {
        self.combos.threat[self.keys[i][stone.index()] as usize]
    }

    /// Whether `stone` would make a four on the empty point `i` that builds on something: an
    /// open two or a three on another of its lines, or more (see `four_plus`).
    pub fn makes_four_plus(&self, i: usize, stone: Stone) -> bool {
        self.combos.four_plus[self.keys[i][stone.index()] as usize]
    }

    /// The line patterns `stone` would make on the empty point `i`.
    pub fn patterns(&self, i: usize, stone: Stone) -> [Pattern; 4] {
        key_patterns(self.keys[i][stone.index()])
    }

    /// The padded index `k` steps from `i` along direction `d` (0..4; `k` from -5 to 5), if it
    /// is a point of the board.
    pub fn step_from(&self, i: usize, d: usize, k: isize) -> Option<usize> {
        let j = (i as isize + k * self.steps[d]) as usize;
        (self.cells[j] != WALL).then_some(j)
    }

    /// The pattern `stone` would make on the empty point `i` in direction `d` if one more stone
    /// stood `k` steps along that line (`k` from -5 to 5, not 0; that point empty now): of
    /// `stone`'s colour when `own`, else of the other colour. Read from the line code, with no
    /// move played.
    pub fn pattern_with_stone(
        &self,
        i: usize,
        d: usize,
        k: isize,
        stone: Stone,
        own: bool,
    ) -> Pattern {
        let c = stone.index();
        let code = (self.codes[i][d] >> (16 * c)) & 0xffff;
        let w = u32::from(self.digit[d][(k + HALF as isize) as usize]);
        let code = code + if own { w } else { 2 * w };
        self.tables[c][code as usize]
    }

    /// The threat `stone` would make on the empty point `i` if its pattern in direction `d`
    /// were `p` (the other three as they are).
    pub fn threat_with_pattern(&self, i: usize, stone: Stone, d: usize, p: Pattern) -> Threat {
        self.combos.threat[with_pattern(self.keys[i][stone.index()], d, p) as usize]
    }

    /// Whether `stone` on the empty point `i` would give it a new four-three or double-three
    /// point on one of `i`'s lines (a point whose next stone makes two threats at once). Read
    /// from the line codes, with no move played.
    pub fn makes_double_threat_point(&self, i: usize, stone: Stone) -> bool {
        for d in 0..4 {
            for k in -4..=4isize {
                if k == 0 {
                    continue;
                }
                let Some(j) = self.step_from(i, d, k) else {
                    continue;
                };
                if !self.is_empty(j) {
                    continue;
                }
                let p = self.pattern_with_stone(j, d, -k, stone, true);
                let new = self.threat_with_pattern(j, stone, d, p);
                if matches!(new, Threat::DoubleThree | Threat::FourThree)
                    && new > self.threat(j, stone)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The evaluation value of the empty point `i` for `stone`.
    pub fn point_value(&self, i: usize, stone: Stone) -> i32 {
        self.combos.value[self.keys[i][stone.index()] as usize]
    }

    /// The move-ordering policy's score of the empty point `i` for `stone` to play there (its
    /// patterns for both colours; the distances to recent moves are the caller's).
    pub fn policy_value(&self, i: usize, stone: Stone) -> i32 {
        let keys = self.keys[i];
        let c = stone.index();
        self.combos.policy[keys[c] as usize][0] + self.combos.policy[keys[1 - c] as usize][1]
    }

    /// How many empty points give `stone` the threat `t`.
    pub fn count(&self, stone: Stone, t: Threat) -> u32 {
        self.counts[stone.index()][t as usize]
    }

    /// Whether some empty point gives `stone` the threat `t` and `stone` may play it. Only
    /// black in renju can differ from `count(stone, t) > 0`: a point where black would make two
    /// fours (or a four and a long row) is forbidden, so it threatens nothing.
    pub fn has_playable(&mut self, stone: Stone, t: Threat) -> bool {
        if self.count(stone, t) == 0 {
            return false;
        }
        if !self.rule.has_forbidden(stone) {
            return true;
        }
        let mut points = Vec::new();
        self.points_with(stone, t, &mut points);
        points
            .into_iter()
            .any(|i| self.threat(i, stone) == t && self.is_legal(i, stone))
    }

    /// How many empty points give `stone` a threat of `t` or stronger.
    pub fn count_at_least(&self, stone: Stone, t: Threat) -> u32 {
        self.counts[stone.index()][t as usize..].iter().sum()
    }

    /// Static evaluation for the side to move (see [`eval`]).
    pub fn evaluate(&self) -> i32 {
        let me = self.to_move().index();
        let them = 1 - me;
        self.eval_sum[me][0]
            + self.eval_sum[them][1]
            + eval::global_value(&self.counts[me], &self.counts[them])
            + eval::product_value(&self.counts[me], &self.counts[them])
    }

    /// The evaluation's features for the side to move, counted from scratch: the evaluation
    /// is their sum weighted by [`eval::WEIGHTS`] (the tuner fits those weights to them).
    pub fn eval_features(&self) -> [u32; FEATURES] {
        let me = self.to_move().index();
        let mut f = [0; FEATURES];
        let mut empty = Vec::new();
        self.all_empty(&mut empty);
        for i in empty {
            let keys = self.keys[i];
            for (role, colour) in [me, 1 - me].into_iter().enumerate() {
                let key = keys[colour] as usize;
                for k in eval::point_features(&key_patterns(key as u16), self.combos.threat[key]) {
                    f[role * POINT_FEATURES + k] += 1;
                }
            }
        }
        let globals = eval::global_features(&self.counts[me], &self.counts[1 - me]);
        for (k, on) in globals.into_iter().enumerate() {
            f[2 * POINT_FEATURES + k] = on as u32;
        }
        let products = eval::product_features(&self.counts[me], &self.counts[1 - me]);
        f[eval::LINEAR_FEATURES..].copy_from_slice(&products);
        f
    }

    /// Every empty point within two of a stone (the centre on an empty board).
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.board.stone_count() == 0 {
            out.push(self.index(self.board.center()));
            return;
        }
        for y in 0..self.size as usize {
            let row = (y + PAD) * self.stride + PAD;
            for i in row..row + self.size as usize {
                if self.cells[i] == EMPTY && self.near[i] > 0 {
                    out.push(i);
                }
            }
        }
        if out.is_empty() {
            self.all_empty(out);
        }
    }

    /// Appends the empty points outside the candidates (no stone within two) where `me` has a
    /// stone three points away on two lines or more: a far point that starts two lines at
    /// once, the counter-attack the candidates leave out. A loss stands only once these are
    /// searched too (points with one such line are many and were not needed: searching every
    /// point within three cost a ply of depth).
    pub fn far_openers(&self, me: Stone, out: &mut Vec<usize>) {
        let own = stone_code(me);
        for y in 0..self.size as usize {
            let row = (y + PAD) * self.stride + PAD;
            for i in row..row + self.size as usize {
                if self.cells[i] != EMPTY || self.near[i] > 0 {
                    continue;
                }
                let lines = self
                    .steps
                    .iter()
                    .filter(|&&s| {
                        self.cells[(i as isize + 3 * s) as usize] == own
                            || self.cells[(i as isize - 3 * s) as usize] == own
                    })
                    .count();
                if lines >= 2 {
                    out.push(i);
                }
            }
        }
    }

    /// Every empty point.
    pub fn all_empty(&self, out: &mut Vec<usize>) {
        out.clear();
        for y in 0..self.size as usize {
            let row = (y + PAD) * self.stride + PAD;
            out.extend((row..row + self.size as usize).filter(|&i| self.cells[i] == EMPTY));
        }
    }

    /// The empty points where `stone` has threat `t` or stronger, in board order.
    pub fn points_with(&self, stone: Stone, t: Threat, out: &mut Vec<usize>) {
        out.clear();
        let c = stone.index();
        if t >= Threat::Four {
            for (w, &word) in self.fours[c].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.combos.threat[self.keys[i][c] as usize] >= t {
                        out.push(i);
                    }
                }
            }
            return;
        }
        for y in 0..self.size as usize {
            let row = (y + PAD) * self.stride + PAD;
            for i in row..row + self.size as usize {
                if self.cells[i] == EMPTY && self.combos.threat[self.keys[i][c] as usize] >= t {
                    out.push(i);
                }
            }
        }
    }

    /// The answers of the side to move to an open three of `attacker`: every point where the
    /// attacker would make a four (taking it stops or spoils the open four), then every four of
    /// the side to move's own, each point once.
    pub fn answers_to_three(&self, attacker: Stone, out: &mut Vec<usize>) {
        self.points_with(attacker, Threat::Four, out);
        let mut counters = Vec::new();
        self.points_with(attacker.opponent(), Threat::Four, &mut counters);
        for c in counters {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }

    /// Sorts a defender's answers (empty points) with those most likely to hold first: the
    /// defender's own threats, then the points worth most to both sides.
    pub fn sort_answers(&self, defender: Stone, answers: &mut [usize]) {
        let attacker = defender.opponent();
        answers.sort_by_key(|&d| {
            std::cmp::Reverse((
                self.threat(d, defender),
                self.point_value(d, defender) + self.point_value(d, attacker),
            ))
        });
    }

    /// Whether `stone` may play the empty point `i` (only black in renju has forbidden points).
    pub fn is_legal(&mut self, i: usize, stone: Stone) -> bool {
        self.forbidden(i, stone).is_none()
    }

    /// Why `stone` may not play the empty point `i`, if it may not.
    pub fn forbidden(&mut self, i: usize, stone: Stone) -> Option<ForbiddenKind> {
        if !self.rule.has_forbidden(stone) {
            return None;
        }
        let t = self.threat(i, Stone::Black);
        if t == Threat::Five {
            return None;
        }
        // Only shapes with two threes, two fours or a long row can be forbidden.
        let suspicious = matches!(
            t,
            Threat::DoubleThree | Threat::FlexFour | Threat::FourThree
        ) || self.makes_overline(i);
        if !suspicious {
            return None;
        }
        let key = self.hash() ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = key as usize & (FORBIDDEN_MEMO - 1);
        if let Some(&(k, kind)) = self.forbidden_memo.get(slot)
            && k == key
        {
            return kind;
        }
        let p = self.pos(i);
        let kind = rules::forbidden_on_scratch(&mut self.board, p);
        if let Some(entry) = self.forbidden_memo.get_mut(slot) {
            *entry = (key, kind);
        }
        kind
    }

    /// Whether black on `i` makes six or more in a row.
    fn makes_overline(&self, i: usize) -> bool {
        let black = stone_code(Stone::Black);
        self.steps.iter().any(|&s| {
            let mut n = 1;
            for sign in [-1isize, 1] {
                let mut j = i as isize + sign * s;
                while self.cells[j as usize] == black {
                    n += 1;
                    j += sign * s;
                }
            }
            n >= 6
        })
    }

    /// Plays the empty point `i` for the side to move.
    pub fn play(&mut self, i: usize) {
        let stone = self.to_move();
        self.saved_moves.push(SavedMove {
            points_from: self.saved_points.len(),
            flips_from: self.saved_flips.len(),
            counts: self.counts,
            eval_sum: self.eval_sum,
        });
        self.add_counts(i, -1);
        self.cells[i] = stone_code(stone);
        let p = self.pos(i);
        self.board.place(p).expect("the search plays empty points");
        self.history.push(i);
        self.bump_near(i, 1);
        self.refresh_lines(i);
    }

    /// Takes back the last move: the touched points' keys, the counts, the value sums and the
    /// four-point sets are put back as they were, without recomputing any pattern.
    pub fn undo(&mut self) {
        let i = self.history.pop().expect("a move to take back");
        self.board.take_back();
        self.unmark_codes(i);
        self.cells[i] = EMPTY;
        self.bump_near(i, -1);
        let saved = self.saved_moves.pop().expect("a saved move for each move");
        for k in (saved.points_from..self.saved_points.len()).rev() {
            let (j, keys) = self.saved_points[k];
            let j = j as usize;
            self.keys[j] = keys;
        }
        self.saved_points.truncate(saved.points_from);
        for &flip in self.saved_flips[saved.flips_from..].iter() {
            let (j, colour) = (flip as usize >> 1, flip as usize & 1);
            self.fours[colour][j / 64] ^= 1 << (j % 64);
        }
        self.saved_flips.truncate(saved.flips_from);
        self.counts = saved.counts;
        self.eval_sum = saved.eval_sum;
    }

    /// The last move's padded index.
    pub fn last_move(&self) -> Option<usize> {
        self.history.last().copied()
    }

    /// The move played `back` moves before the last one (0 is the last move), whether the
    /// search played it or the game did, if there were that many (set-up stones are not moves).
    pub fn recent_move(&self, back: usize) -> Option<usize> {
        let moves = self.board.moves();
        moves
            .len()
            .checked_sub(back + 1)
            .map(|k| self.index(moves[k]))
    }

    /// Moves played in this position (beyond the starting board).
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    fn bump_near(&mut self, i: usize, delta: i8) {
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let j = (i as isize + dy * self.stride as isize + dx) as usize;
                self.near[j] = self.near[j].wrapping_add_signed(delta);
            }
        }
    }

    /// Recomputes the empty points on the four lines through `i`, within five of it, saving
    /// their old keys for the undo first (the stone just played on `i` is added to their line
    /// codes).
    fn refresh_lines(&mut self, i: usize) {
        let own = self.cells[i] as usize - 1;
        // First every empty neighbour's new keys, then the changes: the pattern-table reads
        // (the slowest part of a move) then do not wait on one another's branches.
        let mut fresh = [(0u32, [0u16; 2]); 4 * 2 * HALF];
        let mut n = 0;
        self.for_each_neighbour(i, |pos, d, j, w| {
            // One addition for both colours' codes: the digit for the stone's colour, twice it
            // for the other's.
            let code = pos.codes[j][d] + packed_digits(w, own);
            pos.codes[j][d] = code;
            if pos.cells[j] == EMPTY {
                let old = pos.keys[j];
                let new = [
                    with_pattern(old[0], d, pos.tables[0][(code & 0xffff) as usize]),
                    with_pattern(old[1], d, pos.tables[1][(code >> 16) as usize]),
                ];
                fresh[n] = (j as u32, new);
                n += 1;
            }
        });
        for &(j, new) in &fresh[..n] {
            let j = j as usize;
            let old = self.keys[j];
            // Most points a few steps away keep their pattern: nothing to save or redo.
            if new == old {
                continue;
            }
            self.saved_points.push((j as u32, old));
            self.count_change(j, old, new);
            self.keys[j] = new;
        }
    }

    /// Removes the stone on `i` from its neighbours' line codes.
    fn unmark_codes(&mut self, i: usize) {
        let own = self.cells[i] as usize - 1;
        self.for_each_neighbour(i, |pos, d, j, w| {
            pos.codes[j][d] -= packed_digits(w, own);
        });
    }

    /// Calls `f(self, direction, j, digit)` for every board point `j` within five of `i` on its
    /// four lines; `digit` is what a stone on `i` adds to `j`'s line code for its own colour.
    #[inline(always)]
    fn for_each_neighbour(&mut self, i: usize, mut f: impl FnMut(&mut Self, usize, usize, u16)) {
        for d in 0..4 {
            let s = self.steps[d];
            for k in 1..=HALF as isize {
                // The point k steps ahead sees `i` k steps behind it, and the other way round.
                for (j, seen_at) in [(i as isize + k * s, -k), (i as isize - k * s, k)] {
                    let j = j as usize;
                    if self.cells[j] != WALL {
                        let w = self.digit[d][(seen_at + HALF as isize) as usize];
                        f(self, d, j, w);
                    }
                }
            }
        }
    }

    /// The line code of point `i` in direction `d` for `colour`, read from the cells.
    fn slow_code(&self, i: usize, d: usize, colour: usize) -> u16 {
        let s = self.steps[d];
        let mut line = [0u8; 2 * HALF];
        for (slot, k) in (-(HALF as isize)..=HALF as isize)
            .filter(|&k| k != 0)
            .enumerate()
        {
            line[slot] = match self.cells[(i as isize + k * s) as usize] {
                EMPTY => 0,
                c if c == colour as u8 + 1 => 1,
                _ => 2,
            };
        }
        pattern::line_code(line) as u16
    }

    fn refresh(&mut self, i: usize) {
        for d in 0..4 {
            self.refresh_direction(i, d);
        }
    }

    fn refresh_direction(&mut self, i: usize, d: usize) {
        let code = self.codes[i][d];
        let codes = [code & 0xffff, code >> 16];
        for (colour, code) in codes.into_iter().enumerate() {
            let key = &mut self.keys[i][colour];
            *key = with_pattern(*key, d, self.tables[colour][code as usize]);
        }
    }

    /// Adds (`sign` 1) or removes (-1, a move's flips recorded) the empty point `i` from the
    /// counts, value sums and four-point sets.
    fn add_counts(&mut self, i: usize, sign: i32) {
        let keys = self.keys[i];
        for (colour, key) in keys.into_iter().enumerate() {
            let key = key as usize;
            let t = self.combos.threat[key];
            let eval = self.combos.eval[key];
            self.counts[colour][t as usize] =
                (self.counts[colour][t as usize] as i32 + sign) as u32;
            self.eval_sum[colour][0] += sign * eval[0];
            self.eval_sum[colour][1] += sign * eval[1];
            if t >= Threat::Four {
                self.fours[colour][i / 64] ^= 1 << (i % 64);
                if sign < 0 {
                    self.saved_flips.push((2 * i + colour) as u32);
                }
            }
        }
    }

    /// Moves the empty point `i` in the counts and value sums from its `old` keys to `new`.
    #[inline(always)]
    fn count_change(&mut self, i: usize, old: PointKeys, new: PointKeys) {
        let bit = 1u64 << (i % 64);
        let combos = self.combos;
        for colour in 0..2 {
            let (old, new) = (old[colour] as usize, new[colour] as usize);
            if old == new {
                continue;
            }
            let (was, is) = (combos.threat[old], combos.threat[new]);
            if was != is {
                self.counts[colour][was as usize] -= 1;
                self.counts[colour][is as usize] += 1;
                if (was >= Threat::Four) != (is >= Threat::Four) {
                    self.fours[colour][i / 64] ^= bit;
                    self.saved_flips.push((2 * i + colour) as u32);
                }
            }
            let (before, after) = (combos.eval[old], combos.eval[new]);
            for role in 0..2 {
                self.eval_sum[colour][role] += after[role] - before[role];
            }
        }
    }
}

/// What a stone adds to the packed codes of a neighbour (see `Position::codes`) whose own-colour
/// digit for it is `w`: `w` in its colour's half, `2 w` in the other's.
#[inline(always)]
fn packed_digits(w: u16, own: usize) -> u32 {
    let (w, twice) = (w as u32, 2 * w as u32);
    if own == 0 {
        w | twice << 16
    } else {
        twice | w << 16
    }
}

/// The index of four line patterns in the combination tables (three bits each).
#[cfg(test)]
fn combo_key(pats: &[Pattern; 4]) -> usize {
    pats.iter()
        .enumerate()
        .fold(0, |key, (d, &p)| key | (p as usize) << (3 * d))
}

/// The four line patterns of a combination key.
fn key_patterns(key: u16) -> [Pattern; 4] {
    std::array::from_fn(|d| PATTERNS[(key as usize >> (3 * d)) & 7])
}

/// `key` with its pattern in direction `d` replaced by `p`.
#[inline(always)]
fn with_pattern(key: u16, d: usize, p: Pattern) -> u16 {
    let shift = 3 * d;
    (key & !(7 << shift)) | (p as u16) << shift
}

/// Combinations of four line patterns.
const COMBOS: usize = 1 << 12;

/// What every combination of four line patterns gives a point, by its key (three bits a
/// direction, as [`with_pattern`] writes them): one table a quantity, so the hot ones (the
/// threat class, read by every scan) stay small in the cache.
struct Combos {
    threat: [Threat; COMBOS],
    /// Whether the combination is a four that builds on something (see `four_plus`).
    four_plus: [bool; COMBOS],
    /// For move ordering.
    value: [i32; COMBOS],
    /// The evaluation's share as the mover and as the waiter.
    eval: [[i32; 2]; COMBOS],
    /// The move-ordering policy's share for the side to move and for the other side.
    policy: [[i32; 2]; COMBOS],
}

/// Builds the tables every position shares (line patterns and their combinations) now rather
/// than on first use: building them takes about 30 ms, which would come out of the first
/// move's time.
pub fn build_tables() {
    pattern::table(false);
    combos();
}

/// The combination tables.
fn combos() -> &'static Combos {
    static TABLES: std::sync::OnceLock<Box<Combos>> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Box::new(Combos {
            threat: [Threat::None; COMBOS],
            four_plus: [false; COMBOS],
            value: [0; COMBOS],
            eval: [[0; 2]; COMBOS],
            policy: [[0; 2]; COMBOS],
        });
        for key in 0..COMBOS {
            let pats = key_patterns(key as u16);
            let threat = Threat::of(&pats);
            t.threat[key] = threat;
            t.four_plus[key] = four_plus(&pats, threat);
            t.value[key] =
                pats.iter().map(|&p| pattern_value(p)).sum::<i32>() + combo_bonus(threat);
            t.eval[key] = eval::point_values(&pats, threat);
            t.policy[key] = policy::point_policy(&pats, threat);
        }
        t
    })
}

/// Every pattern, by its discriminant.
pub(crate) const PATTERNS: [Pattern; 8] = [
    Pattern::None,
    Pattern::Two,
    Pattern::OpenTwo,
    Pattern::Three,
    Pattern::OpenThree,
    Pattern::Four,
    Pattern::OpenFour,
    Pattern::Five,
];

/// Whether a point's patterns `pats` (its threat class `threat`) make a four that builds on
/// something: a four-three or better, or one four with an open two or a three on another line.
/// A plain four (with nothing beside it but lone twos) gains a tempo and nothing else; it rarely
/// starts or continues a win by fours, so the quiescence search leaves it out (not in renju).
fn four_plus(pats: &[Pattern; 4], threat: Threat) -> bool {
    threat >= Threat::FourThree
        || (threat == Threat::Four
            && pats
                .iter()
                .any(|p| matches!(p, Pattern::OpenTwo | Pattern::Three)))
}

/// Extra value for points that combine threats.
fn combo_bonus(t: Threat) -> i32 {
    match t {
        Threat::FlexFour => 200,
        Threat::FourThree => 150,
        Threat::DoubleThree => 80,
        _ => 0,
    }
}

fn stone_code(s: Stone) -> u8 {
    s.index() as u8 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_moves;
    use crate::pattern::patterns_at;

    fn board_of(moves: &str) -> Board {
        Board::with_moves(15, moves).unwrap()
    }

    /// Every empty point's patterns agree with the slow definition, for both colours.
    fn check_against_slow(pos: &Position, rule: Rule) {
        let b = pos.board();
        for p in b.points() {
            if !b.is_empty_at(p) {
                continue;
            }
            let i = pos.index(p);
            for stone in [Stone::Black, Stone::White] {
                assert_eq!(
                    pos.patterns(i, stone),
                    patterns_at(b, p, stone, rule),
                    "{p:?} {stone}"
                );
            }
        }
        // The four-point sets list exactly the points a scan finds, in board order.
        for stone in [Stone::Black, Stone::White] {
            for t in [
                Threat::Four,
                Threat::FourThree,
                Threat::FlexFour,
                Threat::Five,
            ] {
                let mut fast = Vec::new();
                pos.points_with(stone, t, &mut fast);
                let slow: Vec<usize> = b
                    .points()
                    .map(|p| pos.index(p))
                    .filter(|&i| pos.is_empty(i) && pos.threat(i, stone) >= t)
                    .collect();
                let mut sorted = slow.clone();
                sorted.sort_unstable();
                assert_eq!(fast, sorted, "{stone} {t:?}");
            }
        }
    }

    /// Whether the side to move, playing `m`, gets a point of two threats (a four-three or a
    /// double three) that it did not have: the slow way, by playing the move.
    fn played_double_threat_point(pos: &mut Position, m: usize) -> bool {
        let me = pos.to_move();
        let mut empty = Vec::new();
        pos.all_empty(&mut empty);
        let before: Vec<Threat> = empty.iter().map(|&j| pos.threat(j, me)).collect();
        pos.play(m);
        let made = empty.iter().zip(&before).any(|(&j, &old)| {
            let new = pos.threat(j, me);
            j != m && matches!(new, Threat::DoubleThree | Threat::FourThree) && new > old
        });
        pos.undo();
        made
    }

    #[test]
    fn double_threat_points_a_move_makes_are_read_from_the_lines() {
        // A middle game where white's d10 makes a four-three point (and g7 a double-three
        // point one move earlier), and random positions of every rule.
        let game = "c7 i11 h10 g11 h7 h8 e10 d4 j11 e11 g8 f9 i10 h9 f11 f10 g9 h12 i13";
        let mut pos = Position::new(&board_of(game), Rule::Freestyle);
        let g7 = pos.index(Pos::parse("g7", 15).unwrap());
        assert!(pos.makes_double_threat_point(g7, Stone::White));
        pos.play(g7);
        pos.play(pos.index(Pos::parse("f6", 15).unwrap()));
        let d10 = pos.index(Pos::parse("d10", 15).unwrap());
        assert!(pos.makes_double_threat_point(d10, Stone::White));
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(11);
        let mut seen = [0; 2];
        for rule in Rule::ALL {
            for _ in 0..6 {
                let mut pos = Position::new(&board_of("h8"), rule);
                for _ in 0..rng.random_range(10..50) {
                    let mut cands = Vec::new();
                    pos.candidates(&mut cands);
                    pos.play(cands[rng.random_range(0..cands.len())]);
                }
                let me = pos.to_move();
                let mut empty = Vec::new();
                pos.all_empty(&mut empty);
                for m in empty {
                    let fast = pos.makes_double_threat_point(m, me);
                    assert_eq!(
                        fast,
                        played_double_threat_point(&mut pos, m),
                        "{rule:?} {}",
                        pos.pos(m).to_notation(15)
                    );
                    seen[usize::from(fast)] += 1;
                }
            }
        }
        // Both answers came up often.
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn long_random_play_and_undo_keeps_everything_in_step() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(7);
        for rule in Rule::ALL {
            let start = board_of("h8 i9");
            let mut pos = Position::new(&start, rule);
            let (counts, values) = (pos.counts, pos.eval_sum);
            let mut played = 0;
            for step in 0..400 {
                let undo = played > 0 && (played > 60 || rng.random_range(0..3) == 0);
                if undo {
                    pos.undo();
                    played -= 1;
                } else {
                    let mut cands = Vec::new();
                    pos.candidates(&mut cands);
                    let i = cands[rng.random_range(0..cands.len())];
                    pos.play(i);
                    played += 1;
                }
                if step % 20 == 0 {
                    check_against_slow(&pos, rule);
                    let fresh = Position::new(pos.board(), rule);
                    assert_eq!(pos.counts, fresh.counts);
                    assert_eq!(pos.eval_sum, fresh.eval_sum);
                    let features = pos.eval_features();
                    let (linear, products) = features.split_at(eval::LINEAR_FEATURES);
                    let dot = |f: &[u32], w: &[i32]| -> i64 {
                        f.iter().zip(w).map(|(&f, &w)| f as i64 * w as i64).sum()
                    };
                    let weighted = dot(linear, &eval::WEIGHTS)
                        + dot(products, &eval::PRODUCT_WEIGHTS) / eval::PRODUCT_SCALE as i64;
                    assert_eq!(
                        pos.evaluate() as i64,
                        weighted,
                        "evaluation = weighted features"
                    );
                    assert_eq!(pos.fours, fresh.fours);
                    assert!(pos.codes == fresh.codes, "line codes drifted");
                    for i in (0..pos.keys.len()).filter(|&i| pos.is_empty(i)) {
                        assert_eq!(pos.keys[i], fresh.keys[i], "combination keys drifted");
                    }
                }
            }
            while played > 0 {
                pos.undo();
                played -= 1;
            }
            assert_eq!((pos.counts, pos.eval_sum), (counts, values));
            assert_eq!(pos.board(), &start);
        }
    }

    #[test]
    fn incremental_patterns_match_a_full_scan_through_play_and_undo() {
        for rule in Rule::ALL {
            let start = board_of("h8 i9 i8 g8 j8 k8 h9 h10 j10");
            let mut pos = Position::new(&start, rule);
            check_against_slow(&pos, rule);
            let before_counts = pos.counts;
            let before_values = pos.eval_sum;
            let extra = parse_moves("g10 f11 j7 k6 g9", 15).unwrap();
            for &m in &extra {
                let i = pos.index(m);
                pos.play(i);
                check_against_slow(&pos, rule);
            }
            for _ in &extra {
                pos.undo();
            }
            check_against_slow(&pos, rule);
            assert_eq!(pos.counts, before_counts);
            assert_eq!(pos.eval_sum, before_values);
            assert_eq!(pos.board(), &start);
        }
    }

    #[test]
    fn combination_table_agrees_with_the_patterns() {
        for (n, &p) in PATTERNS.iter().enumerate() {
            assert_eq!(p as usize, n);
        }
        let pats = [
            Pattern::Four,
            Pattern::OpenThree,
            Pattern::None,
            Pattern::Two,
        ];
        let key = combo_key(&pats);
        assert_eq!(key_patterns(key as u16), pats);
        assert_eq!(
            with_pattern(key as u16, 2, Pattern::Five) as usize,
            key | 7 << 6
        );
        assert_eq!(combos().threat[key], Threat::FourThree);
        assert_eq!(combos().value[key], 40 + 36 + 3 + 150);
    }

    #[test]
    fn a_four_plus_builds_on_another_line() {
        // Black h8 i8 j8, blocked at g8: k8 and l8 make fours; k8 also makes a two with k10.
        let pos = Position::new(&board_of("h8 g8 i8 a1 j8 a3 k10 a5"), Rule::Freestyle);
        let at = |s: &str| pos.index(Pos::parse(s, 15).unwrap());
        let (k8, l8) = (at("k8"), at("l8"));
        assert_eq!(pos.threat(k8, Stone::Black), Threat::Four);
        assert_eq!(pos.threat(l8, Stone::Black), Threat::Four);
        assert!(
            pos.makes_four_plus(k8, Stone::Black),
            "{:?}",
            pos.patterns(k8, Stone::Black)
        );
        assert!(
            !pos.makes_four_plus(l8, Stone::Black),
            "{:?}",
            pos.patterns(l8, Stone::Black)
        );
        // No four at all: never a four-plus.
        assert!(!pos.makes_four_plus(at("k9"), Stone::Black));
        assert!(!pos.makes_four_plus(k8, Stone::White));
    }

    #[test]
    fn threat_classes() {
        // Black h8 i8 j8: g8 and k8 make open fours.
        let pos = Position::new(&board_of("h8 a1 i8 a3 j8 a5"), Rule::Freestyle);
        let k8 = pos.index(Pos::parse("k8", 15).unwrap());
        assert_eq!(pos.threat(k8, Stone::Black), Threat::FlexFour);
        assert!(pos.count(Stone::Black, Threat::FlexFour) >= 2);
        assert_eq!(pos.count(Stone::White, Threat::Five), 0);
    }
}
