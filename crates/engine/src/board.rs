//! The board: size, cells, the move list with undo/redo, a Zobrist hash and notation.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The smallest board side we accept.
pub const MIN_SIZE: u8 = 5;
/// The largest board side we accept (the Gomocup limit).
pub const MAX_SIZE: u8 = 22;
/// The board side used when nothing else is asked for.
pub const DEFAULT_SIZE: u8 = 15;

/// A stone colour. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stone {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Stone {
    /// The other colour.
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour tables.
    pub fn index(self) -> usize {
        match self {
            Stone::Black => 0,
            Stone::White => 1,
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "Black",
            Stone::White => "White",
        })
    }
}

/// A point of the board: `x` is the column from the left, `y` the row from the top, both 0-based
/// (the Gomocup protocol's coordinates).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Column from the left, 0-based.
    pub x: u8,
    /// Row from the top, 0-based.
    pub y: u8,
}

impl Pos {
    /// A point from its column and row (0-based, row from the top).
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// The point `k` steps away along `dir`, if it is on a board of side `size`.
    pub fn offset(self, dir: (i8, i8), k: i32, size: u8) -> Option<Pos> {
        let x = self.x as i32 + dir.0 as i32 * k;
        let y = self.y as i32 + dir.1 as i32 * k;
        let s = size as i32;
        ((0..s).contains(&x) && (0..s).contains(&y)).then(|| Pos::new(x as u8, y as u8))
    }

    /// Standard notation on a board of side `size`: column letter from `a`, row number from the
    /// bottom (`h8` is the centre of 15x15).
    pub fn to_notation(self, size: u8) -> String {
        format!("{}{}", (b'a' + self.x) as char, size - self.y)
    }

    /// Parses standard notation (`h8`, case-insensitive) for a board of side `size`.
    pub fn parse(text: &str, size: u8) -> Result<Pos, NotationError> {
        let t = text.trim();
        let mut chars = t.chars();
        let letter = chars
            .next()
            .ok_or_else(|| NotationError::new(text, "empty move"))?
            .to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(NotationError::new(
                text,
                "a move starts with a column letter",
            ));
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return Err(NotationError::new(
                text,
                "the column letter must be followed by a row number",
            ));
        }
        let x = letter as u8 - b'a';
        let row: u32 = digits.parse().expect("one or two digits parse");
        if x >= size {
            let last = (b'a' + size - 1) as char;
            return Err(NotationError::new(
                text,
                &format!("column '{letter}' is off a {size}x{size} board (a..{last})"),
            ));
        }
        if row == 0 || row > size as u32 {
            return Err(NotationError::new(
                text,
                &format!("row {row} is off a {size}x{size} board (1..{size})"),
            ));
        }
        Ok(Pos::new(x, size - row as u8))
    }
}

/// Parses a list of moves in notation, separated by spaces or commas, or run together as in
/// the position strings of web tools (`h8i9j10`).
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Pos>, NotationError> {
    let mut out = Vec::new();
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut Vec<Pos>| -> Result<(), NotationError> {
        if !token.is_empty() {
            out.push(Pos::parse(token, size)?);
            token.clear();
        }
        Ok(())
    };
    for c in text.chars() {
        if c.is_ascii_alphabetic() {
            flush(&mut token, &mut out)?;
            token.push(c);
        } else if c.is_ascii_digit() {
            if token.is_empty() {
                return Err(NotationError::new(
                    text,
                    "a row number without a column letter",
                ));
            }
            token.push(c);
        } else if c.is_whitespace() || c == ',' || c == ';' {
            flush(&mut token, &mut out)?;
        } else {
            return Err(NotationError::new(
                text,
                &format!("unexpected character '{c}'"),
            ));
        }
    }
    flush(&mut token, &mut out)?;
    Ok(out)
}

/// Text that is not a move in standard notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// The text that was given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl NotationError {
    fn new(text: &str, reason: &str) -> NotationError {
        NotationError {
            text: text.to_string(),
            reason: reason.to_string(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a move: {}", self.text, self.reason)
    }
}

impl std::error::Error for NotationError {}

/// A board size outside 5..=22.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported (use {MIN_SIZE} to {MAX_SIZE})",
            self.0
        )
    }
}

impl std::error::Error for SizeError {}

/// The four line directions: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

const ZOBRIST_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// Zobrist keys for every (colour, cell) of the largest board, plus one for the side to move.
/// Generated at compile time from a fixed seed so hashes are the same in every build.
static ZOBRIST: [[u64; ZOBRIST_CELLS]; 2] = zobrist_table();

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn zobrist_table() -> [[u64; ZOBRIST_CELLS]; 2] {
    let mut table = [[0u64; ZOBRIST_CELLS]; 2];
    let mut state = 0x5EED_0F60_0F1B_0A2Du64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < ZOBRIST_CELLS {
            let (s, v) = splitmix(state);
            state = s;
            table[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    table
}

/// The key mixed into the hash when white is to move.
pub const ZOBRIST_WHITE_TO_MOVE: u64 = 0xA5A5_3C3C_9696_0F0F;

/// A Gomoku board: its cells, the moves played in order, the moves taken back (for redo) and a
/// Zobrist hash of the position and side to move, kept up to date move by move.
///
/// The board knows nothing of rules: it places stones alternately, black first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Stone>>,
    /// Stones set up before the first move (puzzles, protocol positions); never undone.
    setup: Vec<(Pos, Stone)>,
    /// Who moves after the set-up stones.
    first: Stone,
    moves: Vec<Pos>,
    undone: Vec<Pos>,
    hash: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::new(DEFAULT_SIZE).expect("the default size is valid")
    }
}

impl Board {
    /// An empty board of side `size` (5..=22).
    pub fn new(size: u8) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size as u32));
        }
        Ok(Board {
            size,
            cells: vec![None; size as usize * size as usize],
            setup: Vec::new(),
            first: Stone::Black,
            moves: Vec::new(),
            undone: Vec::new(),
            hash: 0,
        })
    }

    /// A board after `moves` (standard notation, as [`parse_moves`] reads it) played alternately
    /// from black. The error names the move that could not be played.
    pub fn with_moves(size: u8, moves: &str) -> Result<Board, String> {
        let mut b = Board::new(size).map_err(|e| e.to_string())?;
        for p in parse_moves(moves, size).map_err(|e| e.to_string())? {
            b.place(p)
                .map_err(|e| format!("{}: {e}", p.to_notation(size)))?;
        }
        Ok(b)
    }

    /// A board with stones set up in any numbers (a puzzle, a position from a manager) and
    /// `to_move` to play next. Set-up stones are not moves: undo stops at them.
    pub fn from_setup(
        size: u8,
        stones: &[(Pos, Stone)],
        to_move: Stone,
    ) -> Result<Board, SetupError> {
        let mut b = Board::new(size).map_err(SetupError::Size)?;
        for &(p, stone) in stones {
            if !b.contains(p) {
                return Err(SetupError::Place(PlaceError::OffBoard(p)));
            }
            if !b.is_empty_at(p) {
                return Err(SetupError::Place(PlaceError::Occupied(p)));
            }
            let i = b.index(p);
            b.cells[i] = Some(stone);
        }
        b.setup = stones.to_vec();
        b.first = to_move;
        b.hash = b.hash_from_scratch();
        Ok(b)
    }

    /// The side of the board.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The centre point (`h8` on 15x15).
    pub fn center(&self) -> Pos {
        Pos::new(self.size / 2, self.size / 2)
    }

    /// Whether `p` lies on the board.
    pub fn contains(&self, p: Pos) -> bool {
        p.x < self.size && p.y < self.size
    }

    fn index(&self, p: Pos) -> usize {
        p.y as usize * self.size as usize + p.x as usize
    }

    /// The stone on `p`, or `None` when it is empty or off the board.
    pub fn get(&self, p: Pos) -> Option<Stone> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty_at(&self, p: Pos) -> bool {
        self.contains(p) && self.cells[self.index(p)].is_none()
    }

    /// The colour to move next: black after an even number of moves.
    pub fn to_move(&self) -> Stone {
        if self.moves.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// The moves played, in order (not counting set-up stones).
    pub fn moves(&self) -> &[Pos] {
        &self.moves
    }

    /// Who moved first after the set-up stones.
    pub fn setup_first(&self) -> Stone {
        self.first
    }

    /// The stones set up before the first move.
    pub fn setup(&self) -> &[(Pos, Stone)] {
        &self.setup
    }

    /// Every stone on the board with its colour: set-up stones, then moves in order.
    pub fn stones(&self) -> impl Iterator<Item = (Pos, Stone)> + '_ {
        self.setup.iter().copied().chain(
            self.moves
                .iter()
                .map(|&p| (p, self.get(p).expect("a played point holds a stone"))),
        )
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Pos> {
        self.moves.last().copied()
    }

    /// How many stones are on the board.
    pub fn stone_count(&self) -> usize {
        self.setup.len() + self.moves.len()
    }

    /// Whether every point is taken.
    pub fn is_full(&self) -> bool {
        self.stone_count() == self.cells.len()
    }

    /// The Zobrist hash of the stones and the side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Recomputes the hash from scratch (the incremental one must always equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for y in 0..self.size {
            for x in 0..self.size {
                let p = Pos::new(x, y);
                if let Some(s) = self.get(p) {
                    h ^= Self::zobrist(s, p);
                }
            }
        }
        if self.to_move() == Stone::White {
            h ^= ZOBRIST_WHITE_TO_MOVE;
        }
        h
    }

    fn zobrist(stone: Stone, p: Pos) -> u64 {
        ZOBRIST[stone.index()][p.y as usize * MAX_SIZE as usize + p.x as usize]
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Pos> + use<> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| Pos::new(x, y)))
    }

    /// Places the next stone on `p` and clears the redo list. The caller (the rules) has checked
    /// that `p` is on the board and empty.
    pub fn place(&mut self, p: Pos) -> Result<(), PlaceError> {
        self.place_keep_redo(p)?;
        self.undone.clear();
        Ok(())
    }

    fn place_keep_redo(&mut self, p: Pos) -> Result<(), PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OffBoard(p));
        }
        let i = self.index(p);
        if self.cells[i].is_some() {
            return Err(PlaceError::Occupied(p));
        }
        let stone = self.to_move();
        self.cells[i] = Some(stone);
        self.moves.push(p);
        self.hash ^= Self::zobrist(stone, p) ^ ZOBRIST_WHITE_TO_MOVE;
        Ok(())
    }

    /// Takes back the last move; it can be redone. Returns it, or `None` on an empty board.
    pub fn undo(&mut self) -> Option<Pos> {
        let p = self.take_back()?;
        self.undone.push(p);
        Some(p)
    }

    /// Takes back the last move without keeping it for redo (for searches).
    pub fn take_back(&mut self) -> Option<Pos> {
        let p = self.moves.pop()?;
        let i = self.index(p);
        let stone = self.cells[i].take().expect("a played point holds a stone");
        self.hash ^= Self::zobrist(stone, p) ^ ZOBRIST_WHITE_TO_MOVE;
        Some(p)
    }

    /// Plays the last undone move again. Returns it, or `None` when there is nothing to redo.
    pub fn redo(&mut self) -> Option<Pos> {
        let p = *self.undone.last()?;
        self.place_keep_redo(p).ok()?;
        self.undone.pop();
        Some(p)
    }

    /// The moves that redo would play, the next one last.
    pub fn redo_moves(&self) -> &[Pos] {
        &self.undone
    }

    /// Places a stone of a given colour without regard to turn order, for analysing
    /// hypothetical positions. Must be undone with [`Board::remove_stone`].
    pub(crate) fn set_stone(&mut self, p: Pos, stone: Stone) {
        let i = self.index(p);
        debug_assert!(self.cells[i].is_none());
        self.cells[i] = Some(stone);
    }

    /// Removes a stone placed by [`Board::set_stone`].
    pub(crate) fn remove_stone(&mut self, p: Pos) {
        let i = self.index(p);
        self.cells[i] = None;
    }

    /// The moves in notation, separated by spaces.
    pub fn moves_notation(&self) -> String {
        self.moves
            .iter()
            .map(|p| p.to_notation(self.size))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A position that cannot be set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupError {
    /// The size is out of range.
    Size(SizeError),
    /// A stone is off the board or on a taken point.
    Place(PlaceError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Size(e) => e.fmt(f),
            SetupError::Place(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

/// A stone that cannot be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceError {
    /// The point is off the board.
    OffBoard(Pos),
    /// The point already holds a stone.
    Occupied(Pos),
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::OffBoard(p) => write!(f, "({}, {}) is off the board", p.x, p.y),
            PlaceError::Occupied(p) => write!(f, "({}, {}) is already taken", p.x, p.y),
        }
    }
}

impl std::error::Error for PlaceError {}

impl fmt::Display for Board {
    /// A text diagram: `X` black, `O` white, `.` empty, rows numbered from the bottom.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.size {
            write!(f, "{:>2} ", self.size - y)?;
            for x in 0..self.size {
                let c = match self.get(Pos::new(x, y)) {
                    Some(Stone::Black) => 'X',
                    Some(Stone::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
                if x + 1 < self.size {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for x in 0..self.size {
            write!(f, "{}", (b'a' + x) as char)?;
            if x + 1 < self.size {
                write!(f, " ")?;
            }
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_is_h8_on_fifteen() {
        let b = Board::default();
        assert_eq!(b.center().to_notation(15), "h8");
        assert_eq!(Pos::parse("h8", 15).unwrap(), b.center());
        assert_eq!(Pos::parse("A15", 15).unwrap(), Pos::new(0, 0));
        assert_eq!(Pos::parse("o1", 15).unwrap(), Pos::new(14, 14));
    }

    #[test]
    fn bad_notation_is_a_clear_error() {
        for bad in ["", "8h", "p8", "h0", "h16", "h", "h123", "#5"] {
            let e = Pos::parse(bad, 15).unwrap_err();
            assert!(!e.reason.is_empty(), "{bad}");
        }
        assert!(Pos::parse("p8", 15).unwrap_err().reason.contains("a..o"));
    }

    #[test]
    fn move_lists_parse_spaced_and_run_together() {
        let a = parse_moves("h8 i9, j10", 15).unwrap();
        let b = parse_moves("h8i9j10", 15).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
        assert!(parse_moves("h8 9", 15).is_err());
        assert!(parse_moves("h8 z9", 15).is_err());
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert!(Board::new(4).is_err());
        assert!(Board::new(23).is_err());
        assert!(Board::new(5).is_ok());
        assert!(Board::new(22).is_ok());
    }

    #[test]
    fn undo_redo_restore_position_and_hash() {
        let mut b = Board::default();
        let empty_hash = b.hash();
        b.place(Pos::new(7, 7)).unwrap();
        b.place(Pos::new(8, 8)).unwrap();
        let h2 = b.hash();
        assert_eq!(b.undo(), Some(Pos::new(8, 8)));
        assert_eq!(b.undo(), Some(Pos::new(7, 7)));
        assert_eq!(b.hash(), empty_hash);
        assert_eq!(b.redo(), Some(Pos::new(7, 7)));
        assert_eq!(b.redo(), Some(Pos::new(8, 8)));
        assert_eq!(b.hash(), h2);
        assert_eq!(b.hash(), b.hash_from_scratch());
        assert_eq!(b.redo(), None);
    }

    #[test]
    fn occupied_and_off_board_points_are_errors() {
        let mut b = Board::default();
        b.place(Pos::new(7, 7)).unwrap();
        assert_eq!(
            b.place(Pos::new(7, 7)),
            Err(PlaceError::Occupied(Pos::new(7, 7)))
        );
        assert_eq!(
            b.place(Pos::new(15, 0)),
            Err(PlaceError::OffBoard(Pos::new(15, 0)))
        );
        assert_eq!(b.stone_count(), 1);
    }
}
