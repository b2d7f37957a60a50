//! The Gomocup (Piskvork) protocol as a line-in, lines-out state machine, with the Yixin-board
//! extensions `YXBOARD` and `YXSHOWFORBID`, and the swap2 extension `SWAP2BOARD` (answered as
//! [`opening::brain`](super::opening::brain) decides). No I/O here: `crates/engine/src/bin/gomoku-brain.rs` feeds it
//! standard input and prints what it answers.
//!
//! Coordinates are `x,y`, 0-based, `x` the column from the left and `y` the row from the top.

use std::time::Duration;

use super::board::{Board, Pos, Stone};
use super::opening::OpeningRule;
use super::opening::ai::Budget;
use super::opening::brain::{self, Swap2Decision};
use super::rules::{self, Rule};
pub use super::thinking::{Limits, Thinker};

/// What the engine answers to one line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reply {
    /// Lines to print, in order.
    pub lines: Vec<String>,
    /// Whether the engine should exit (after `END`).
    pub quit: bool,
}

impl Reply {
    fn line(s: impl Into<String>) -> Reply {
        Reply {
            lines: vec![s.into()],
            quit: false,
        }
    }

    fn none() -> Reply {
        Reply::default()
    }

    fn error(reason: impl AsRef<str>) -> Reply {
        Reply::line(format!("ERROR {}", reason.as_ref()))
    }
}

/// Which command a stone list (`BOARD` or `YXBOARD`) belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListKind {
    /// `BOARD`: set the position, then play.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
    /// `SWAP2BOARD`: the stones of a swap2 opening in the order played; answer the opening.
    Swap2Board,
}

/// A stone list being read, up to `DONE`.
#[derive(Debug, Clone)]
struct StoneList {
    kind: ListKind,
    stones: Vec<(Pos, u8)>,
    error: Option<String>,
}

/// The protocol's state: the board, the rule and limits, and a stone list being read.
pub struct Protocol<T: Thinker> {
    thinker: T,
    board: Option<Board>,
    rule: Rule,
    opening: OpeningRule,
    limits: Limits,
    list: Option<StoneList>,
}

/// The most threads `INFO thread_num` may ask for.
pub const MAX_THREADS: usize = 256;

/// The name and version `ABOUT` reports.
pub const ABOUT: &str = concat!(
    "name=\"gomoku-brain\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"The Gomoku team\", country=\"CN\""
);

impl<T: Thinker> Protocol<T> {
    /// A protocol front end that asks `thinker` for moves.
    pub fn new(thinker: T) -> Protocol<T> {
        Protocol {
            thinker,
            board: None,
            rule: Rule::Freestyle,
            opening: OpeningRule::None,
            limits: Limits::default(),
            list: None,
        }
    }

    /// The current board, once `START` has been received.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The rule set by `INFO rule`.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The opening rule set by `INFO rule` (5: swap1, 6: swap2; otherwise none).
    pub fn opening_rule(&self) -> OpeningRule {
        self.opening
    }

    /// The limits set by `INFO`.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Handles one line of input.
    pub fn handle_line(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if self.list.is_some() {
            return self.stone_list_line(line);
        }
        if line.is_empty() {
            return Reply::none();
        }
        let (cmd, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd.to_ascii_uppercase().as_str() {
            "START" => self.start(args),
            "RECTSTART" => self.rect_start(args),
            "RESTART" => self.restart(),
            "BEGIN" => self.with_board(|p, _| p.play_own()),
            "TURN" => self.turn(args),
            "BOARD" => self.open_list(ListKind::Board),
            "YXBOARD" => self.open_list(ListKind::YxBoard),
            "SWAP2BOARD" => self.open_list(ListKind::Swap2Board),
            "INFO" => self.info(args),
            "TAKEBACK" => self.takeback(args),
            "YXSHOWFORBID" => self.with_board(|_, b| Reply::line(show_forbid(b))),
            "ABOUT" => Reply::line(ABOUT),
            "END" => Reply {
                lines: Vec::new(),
                quit: true,
            },
            "DONE" => Reply::error("DONE without BOARD, YXBOARD or SWAP2BOARD"),
            other => Reply::error(format!("unknown command '{other}'")),
        }
    }

    fn with_board(&mut self, f: impl FnOnce(&mut Self, &Board) -> Reply) -> Reply {
        match self.board.clone() {
            Some(b) => f(self, &b),
            None => Reply::error("no board yet: send START first"),
        }
    }

    fn start(&mut self, args: &str) -> Reply {
        match args.parse::<u32>() {
            Ok(n) => self.new_board(n),
            Err(_) => Reply::error(format!("START needs a board size, got '{args}'")),
        }
    }

    fn rect_start(&mut self, args: &str) -> Reply {
        let parsed = args.split_once(',').and_then(|(w, h)| {
            Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?))
        });
        match parsed {
            Some((w, h)) if w == h => self.new_board(w),
            Some((w, h)) => Reply::error(format!("only square boards are supported, not {w}x{h}")),
            None => Reply::error(format!("RECTSTART needs width,height, got '{args}'")),
        }
    }

    fn new_board(&mut self, n: u32) -> Reply {
        let board = u8::try_from(n).ok().and_then(|s| Board::new(s).ok());
        match board {
            Some(b) => {
                self.board = Some(b);
                self.thinker.prepare(&self.limits);
                Reply::line("OK")
            }
            None => Reply::error(format!("unsupported size {n} (5 to 22)")),
        }
    }

    fn restart(&mut self) -> Reply {
        match &self.board {
            Some(b) => {
                self.board = Some(Board::new(b.size()).expect("the old size was valid"));
                self.thinker.prepare(&self.limits);
                Reply::line("OK")
            }
            None => Reply::error("no board yet: send START first"),
        }
    }

    fn turn(&mut self, args: &str) -> Reply {
        let Some(board) = self.board.as_mut() else {
            return Reply::error("no board yet: send START first");
        };
        let p = match parse_xy(args, board.size()) {
            Ok(p) => p,
            Err(e) => return Reply::error(e),
        };
        if let Err(e) = board.place(p) {
            return Reply::error(format!("TURN {}: {e}", args));
        }
        self.play_own()
    }

    /// Thinks, plays and announces the engine's move.
    fn play_own(&mut self) -> Reply {
        let board = self.board.as_mut().expect("checked by the caller");
        match self.thinker.think(board, self.rule, &self.limits) {
            Some(p) => {
                board.place(p).expect("the thinker plays a legal point");
                let mut reply = Reply::none();
                if let Some(summary) = self.thinker.summary() {
                    reply.lines.push(format!("MESSAGE {summary}"));
                }
                reply.lines.push(format!("{},{}", p.x, p.y));
                reply
            }
            // Every empty point is forbidden to black (renju, a nearly full board): the rule
            // loses the game on any of them, and an answer is owed all the same, so the first
            // one is played rather than leaving the manager waiting.
            None => match board.points().find(|&p| board.is_empty_at(p)) {
                Some(p) => {
                    board.place(p).expect("an empty point");
                    Reply {
                        lines: vec![
                            "MESSAGE every empty point is forbidden to black".to_string(),
                            format!("{},{}", p.x, p.y),
                        ],
                        ..Reply::none()
                    }
                }
                None => Reply::error("no empty point left"),
            },
        }
    }

    fn takeback(&mut self, args: &str) -> Reply {
        let Some(board) = self.board.as_mut() else {
            return Reply::error("no board yet: send START first");
        };
        let p = match parse_xy(args, board.size()) {
            Ok(p) => p,
            Err(e) => return Reply::error(e),
        };
        if board.last_move() != Some(p) {
            return Reply::error(format!("TAKEBACK {args}: that is not the last move"));
        }
        board.take_back();
        Reply::line("OK")
    }

    fn info(&mut self, args: &str) -> Reply {
        let (key, value) = match args.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => return Reply::error(format!("INFO needs a key and a value, got '{args}'")),
        };
        let number = value.parse::<i64>();
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        match (key.as_str(), number) {
            ("timeout_turn", Ok(v)) => self.limits.turn = ms(v),
            ("timeout_match", Ok(v)) => self.limits.game = ms(v),
            ("time_left", Ok(v)) => self.limits.left = Some(ms(v)),
            ("max_memory", Ok(v)) => {
                self.limits.memory = v.max(0) as u64;
                self.thinker.prepare(&self.limits);
            }
            ("thread_num", Ok(v)) => {
                self.limits.threads = v.clamp(1, MAX_THREADS as i64) as usize;
                self.thinker.prepare(&self.limits);
            }
            ("rule", Ok(v)) => (self.rule, self.opening) = rules_from_info(v),
            ("game_type", Ok(_)) | ("folder", _) | ("evaluate", _) | ("usedatabase", _) => {}
            (
                "timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "thread_num"
                | "rule",
                Err(_),
            ) => {
                return Reply::error(format!("INFO {key}: '{value}' is not a number"));
            }
            // The protocol says engines ignore keys they do not know.
            _ => {}
        }
        Reply::none()
    }

    fn open_list(&mut self, kind: ListKind) -> Reply {
        if self.board.is_none() {
            return Reply::error("no board yet: send START first");
        }
        self.list = Some(StoneList {
            kind,
            stones: Vec::new(),
            error: None,
        });
        Reply::none()
    }

    fn stone_list_line(&mut self, line: &str) -> Reply {
        let size = self
            .board
            .as_ref()
            .expect("a list opens only with a board")
            .size();
        let list = self.list.as_mut().expect("checked by the caller");
        if line.eq_ignore_ascii_case("DONE") {
            let list = self.list.take().expect("checked above");
            return self.close_list(list);
        }
        if line.is_empty() || list.error.is_some() {
            return Reply::none();
        }
        let parsed = match list.kind {
            ListKind::Swap2Board => parse_swap2_stone(line, size),
            _ => parse_stone(line, size),
        };
        match parsed {
            Ok((p, _)) if list.stones.iter().any(|&(q, _)| q == p) => {
                list.error = Some(format!("'{line}': ({},{}) is listed twice", p.x, p.y));
            }
            Ok(stone) => list.stones.push(stone),
            Err(e) => list.error = Some(e),
        }
        Reply::none()
    }

    fn close_list(&mut self, list: StoneList) -> Reply {
        if let Some(e) = list.error {
            return Reply::error(e);
        }
        let size = self
            .board
            .as_ref()
            .expect("a list opens only with a board")
            .size();
        if list.kind == ListKind::Swap2Board {
            return self.swap2_board(size, &list.stones);
        }
        let board = match board_from_list(size, &list.stones, list.kind == ListKind::Board) {
            Ok(b) => b,
            Err(e) => return Reply::error(e),
        };
        self.board = Some(board);
        match list.kind {
            ListKind::Board => self.play_own(),
            ListKind::YxBoard | ListKind::Swap2Board => Reply::none(),
        }
    }

    /// Answers `SWAP2BOARD` with the stones in the order played: the opening's three stones,
    /// `SWAP`, one move, or two moves (see [`brain`]). A `MESSAGE` line gives the reason.
    fn swap2_board(&mut self, size: u8, stones: &[(Pos, u8)]) -> Reply {
        if let Err(e) = brain::check_stone_count(stones.len()) {
            return Reply::error(e);
        }
        let mut board = Board::new(size).expect("the size was valid at START");
        for &(p, _) in stones {
            if let Err(e) = board.place(p) {
                return Reply::error(e.to_string());
            }
        }
        // Half the move's time decides; the other half is left for a move of the thinker's.
        let budget = self.limits.move_budget(board.stone_count());
        let seed = clock_seed() ^ board.hash();
        let reasoned = brain::swap2_decision(
            &board,
            self.rule,
            self.opening,
            Budget::Time(budget / 2),
            seed,
        );
        let mut reply = Reply::none();
        if let Some(score) = reasoned.black_score {
            reply.lines.push(format!(
                "MESSAGE swap2: the search scores the position {score} for black"
            ));
        }
        let points = |ps: &[Pos]| {
            ps.iter()
                .map(|p| format!("{},{}", p.x, p.y))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match reasoned.decision {
            Swap2Decision::Propose(ps) | Swap2Decision::PlaceTwo(ps) => {
                for &p in &ps {
                    board.place(p).expect("the opening AI plays empty points");
                }
                self.board = Some(board);
                reply.lines.push(points(&ps));
            }
            Swap2Decision::Swap => {
                self.board = Some(board);
                reply.lines.push("SWAP".to_owned());
            }
            Swap2Decision::Move => {
                self.board = Some(board);
                let saved = self.limits.clone();
                self.limits.turn /= 2;
                let mut moved = self.play_own();
                self.limits = saved;
                reply.lines.append(&mut moved.lines);
            }
        }
        reply
    }
}

/// Some bits from the clock, to vary the openings the brain proposes from game to game.
fn clock_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The rule and opening rule for `INFO rule`: Yixin's and Rapfi's values 5 (freestyle with
/// swap1) and 6 (freestyle with swap2), else Gomocup's bit field ([`rule_from_bits`]) with no
/// opening rule.
pub fn rules_from_info(value: i64) -> (Rule, OpeningRule) {
    match value {
        5 => (Rule::Freestyle, OpeningRule::Swap1),
        6 => (Rule::Freestyle, OpeningRule::Swap2),
        v => (rule_from_bits(v), OpeningRule::None),
    }
}

/// The rule for Gomocup's `INFO rule` bit field: 1 exactly five, 4 renju (2, continuous game,
/// and 8, caro, are not rules of ours and are ignored). `INFO rule` reads it through
/// [`rules_from_info`], which takes 5 and 6 as Yixin and Rapfi do (swap1, swap2).
pub fn rule_from_bits(bits: i64) -> Rule {
    if bits & 4 != 0 {
        Rule::Renju
    } else if bits & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

/// `FORBID ` followed by the black-forbidden points as `XXYY` pairs and a final `.`.
pub fn show_forbid(board: &Board) -> String {
    let mut s = String::from("FORBID ");
    for (p, _) in rules::forbidden_points(board) {
        s.push_str(&format!("{:02}{:02}", p.x, p.y));
    }
    s.push('.');
    s
}

fn parse_xy(text: &str, size: u8) -> Result<Pos, String> {
    let mut parts = text.split(',').map(str::trim);
    let (Some(x), Some(y), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("expected x,y, got '{text}'"));
    };
    let (Ok(x), Ok(y)) = (x.parse::<u32>(), y.parse::<u32>()) else {
        return Err(format!("expected x,y as numbers, got '{text}'"));
    };
    if x >= size as u32 || y >= size as u32 {
        return Err(format!("{x},{y} is off the {size}x{size} board"));
    }
    Ok(Pos::new(x as u8, y as u8))
}

/// A `SWAP2BOARD` line: `x,y`, as the Gomocup 2020 announcement writes them, or `x,y,field`
/// as in `BOARD` (the field is checked but not used: the order gives the colours).
fn parse_swap2_stone(line: &str, size: u8) -> Result<(Pos, u8), String> {
    if line.matches(',').count() == 1 {
        return parse_xy(line, size)
            .map(|p| (p, 0))
            .map_err(|e| format!("'{line}': {e}"));
    }
    parse_stone(line, size)
}

fn parse_stone(line: &str, size: u8) -> Result<(Pos, u8), String> {
    let Some((xy, field)) = line.rsplit_once(',') else {
        return Err(format!("expected x,y,field, got '{line}'"));
    };
    let p = parse_xy(xy, size).map_err(|e| format!("'{line}': {e}"))?;
    match field.trim() {
        "1" => Ok((p, 1)),
        "2" => Ok((p, 2)),
        "3" => Ok((p, 3)),
        other => Err(format!("'{line}': field must be 1, 2 or 3, got '{other}'")),
    }
}

/// Builds a board from a stone list (field 1 own, 2 opponent, 3 a stone of a continuous game,
/// taken as the opponent's). With `own_to_move` (BOARD) the engine is the side to move.
///
/// Black is the colour with more stones, or on a tie the engine's for BOARD and the first
/// stone's for YXBOARD. When the counts allow it the stones become alternating moves in their
/// listed order (so TAKEBACK works); otherwise they are set up as they stand.
fn board_from_list(size: u8, stones: &[(Pos, u8)], own_to_move: bool) -> Result<Board, String> {
    let own: Vec<Pos> = stones.iter().filter(|s| s.1 == 1).map(|s| s.0).collect();
    let opp: Vec<Pos> = stones.iter().filter(|s| s.1 != 1).map(|s| s.0).collect();
    let own_is_black = match own.len().cmp(&opp.len()) {
        std::cmp::Ordering::Equal => own_to_move || stones.first().is_none_or(|s| s.1 == 1),
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
    };
    let (black, white) = if own_is_black {
        (&own, &opp)
    } else {
        (&opp, &own)
    };
    let natural = if black.len() > white.len() {
        Stone::White
    } else {
        Stone::Black
    };
    let to_move = match (own_to_move, own_is_black) {
        (false, _) => natural,
        (true, true) => Stone::Black,
        (true, false) => Stone::White,
    };
    let alternating =
        (black.len() == white.len() || black.len() == white.len() + 1) && to_move == natural;
    if !alternating {
        let colored: Vec<(Pos, Stone)> = stones
            .iter()
            .map(|&(p, f)| {
                (
                    p,
                    if (f == 1) == own_is_black {
                        Stone::Black
                    } else {
                        Stone::White
                    },
                )
            })
            .collect();
        return Board::from_setup(size, &colored, to_move).map_err(|e| e.to_string());
    }
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    for (i, &b) in black.iter().enumerate() {
        board.place(b).map_err(|e| e.to_string())?;
        if let Some(&w) = white.get(i) {
            board.place(w).map_err(|e| e.to_string())?;
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct FirstEmpty;

    impl Thinker for FirstEmpty {
        fn think(&mut self, board: &Board, _: Rule, _: &Limits) -> Option<Pos> {
            board.points().find(|&p| board.is_empty_at(p))
        }
    }

    /// A thinker that finds no move it may play (as when every empty point is forbidden).
    struct NoLegalMove;

    impl Thinker for NoLegalMove {
        fn think(&mut self, _: &Board, _: Rule, _: &Limits) -> Option<Pos> {
            None
        }
    }

    #[test]
    fn a_move_is_owed_even_when_every_empty_point_is_forbidden() {
        let mut p = Protocol::new(NoLegalMove);
        p.handle_line("START 15");
        let reply = p.handle_line("BEGIN").lines;
        assert_eq!(
            reply,
            ["MESSAGE every empty point is forbidden to black", "0,0"]
        );
    }

    fn run(p: &mut Protocol<FirstEmpty>, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|l| p.handle_line(l).lines).collect()
    }

    #[test]
    fn start_turn_and_board() {
        let mut p = Protocol::new(FirstEmpty);
        assert_eq!(run(&mut p, &["START 15"]), ["OK"]);
        assert_eq!(run(&mut p, &["TURN 7,7"]), ["0,0"]);
        assert_eq!(
            run(&mut p, &["BOARD", "7,7,2", "0,0,1", "8,8,2", "DONE"]),
            ["1,0"]
        );
        assert_eq!(p.board().unwrap().stone_count(), 4);
    }

    #[test]
    fn errors_keep_the_engine_running() {
        let mut p = Protocol::new(FirstEmpty);
        assert!(run(&mut p, &["TURN 1,1"])[0].starts_with("ERROR"));
        assert!(run(&mut p, &["START 99"])[0].starts_with("ERROR"));
        assert!(run(&mut p, &["START x"])[0].starts_with("ERROR"));
        run(&mut p, &["START 15"]);
        assert!(run(&mut p, &["TURN 15,1"])[0].starts_with("ERROR"));
        assert!(run(&mut p, &["TURN a,b"])[0].starts_with("ERROR"));
        assert!(run(&mut p, &["FLY"])[0].starts_with("ERROR"));
        assert!(run(&mut p, &["BOARD", "1,1,7", "DONE"])[0].starts_with("ERROR"));
        assert_eq!(run(&mut p, &["TURN 7,7"]), ["0,0"]);
        assert!(run(&mut p, &["TURN 7,7"])[0].starts_with("ERROR"));
    }

    #[test]
    fn info_rule_bits() {
        assert_eq!(rule_from_bits(0), Rule::Freestyle);
        assert_eq!(rule_from_bits(1), Rule::Standard);
        assert_eq!(rule_from_bits(4), Rule::Renju);
        assert_eq!(rule_from_bits(5), Rule::Renju);
    }

    #[test]
    fn limits_leave_a_margin() {
        let l = Limits::default();
        assert!(l.move_budget(0) < l.turn);
        let fast = Limits {
            turn: Duration::from_millis(200),
            ..Limits::default()
        };
        let b = fast.move_budget(30);
        assert!(
            b >= Duration::from_millis(150) && b <= Duration::from_millis(180),
            "{b:?}"
        );
        let tight = Limits {
            game: Duration::from_secs(60),
            left: Some(Duration::from_secs(6)),
            ..Limits::default()
        };
        assert!(tight.move_budget(0) <= Duration::from_millis(500));
        // Later in the game a larger share of what is left goes to each move.
        assert!(tight.move_budget(80) > tight.move_budget(0));
        // Zero means as fast as possible (the protocol's words), not forever.
        let zero = Limits {
            turn: Duration::ZERO,
            ..Limits::default()
        };
        assert!(zero.move_budget(10) <= Duration::from_millis(10));
    }

    #[test]
    fn time_left_counts_only_with_a_match_limit() {
        // timeout_match 0 means no limit: time_left is then no reason to hurry.
        let free = Limits {
            turn: Duration::from_secs(2),
            game: Duration::ZERO,
            left: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        assert!(free.move_budget(0) > Duration::from_secs(1));
    }

    #[test]
    fn a_game_clock_keeps_a_reserve_for_long_games() {
        let low = Limits {
            game: Duration::from_secs(6),
            left: Some(Duration::from_millis(300)),
            ..Limits::default()
        };
        // A quarter of what is left is kept back, and a move gets less than 10 ms.
        assert!(low.move_budget(120) < Duration::from_millis(10));
        assert!(low.move_cap(120) < Duration::from_millis(50));
        // Past 104 stones the share of the time left stays a tenth (no overflow).
        let late = Limits {
            game: Duration::from_secs(60),
            left: Some(Duration::from_secs(20)),
            ..Limits::default()
        };
        assert!(late.move_budget(200) > Duration::from_secs(1));
    }

    #[test]
    fn a_hard_move_may_take_more_than_the_budget_but_never_the_turn() {
        let clocked = Limits {
            turn: Duration::from_secs(5),
            game: Duration::from_secs(60),
            left: Some(Duration::from_secs(30)),
            ..Limits::default()
        };
        let (budget, cap) = (clocked.move_budget(20), clocked.move_cap(20));
        assert!(cap > budget, "{cap:?} {budget:?}");
        assert!(cap <= Duration::from_secs(6), "{cap:?}");
        // Without a game clock the turn is all there is: the cap is the budget.
        let turn_only = Limits {
            turn: Duration::from_millis(200),
            ..Limits::default()
        };
        assert_eq!(turn_only.move_cap(20), turn_only.move_budget(20));
        // A cap under the turn limit's margin: the turn limit still rules.
        let short_turn = Limits {
            turn: Duration::from_millis(300),
            ..clocked
        };
        assert!(short_turn.move_cap(20) < Duration::from_millis(300));
    }

    fn xy(p: &str) -> (u8, u8) {
        let (x, y) = p.split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    }

    fn swap2(p: &mut Protocol<FirstEmpty>, stones: &[&str]) -> Vec<String> {
        let mut lines = vec!["SWAP2BOARD"];
        lines.extend_from_slice(stones);
        lines.push("DONE");
        run(p, &lines)
            .into_iter()
            .filter(|l| !l.starts_with("MESSAGE"))
            .collect()
    }

    fn started() -> Protocol<FirstEmpty> {
        let mut p = Protocol::new(FirstEmpty);
        run(&mut p, &["START 15", "INFO timeout_turn 300"]);
        p
    }

    #[test]
    fn swap2board_on_an_empty_board_proposes_three_stones() {
        let mut p = started();
        let out = swap2(&mut p, &[]);
        assert_eq!(out.len(), 1, "{out:?}");
        let points: Vec<(u8, u8)> = out[0].split(' ').map(xy).collect();
        assert_eq!(points.len(), 3);
        assert!(points.iter().all(|&(x, y)| x < 15 && y < 15));
        assert_eq!(p.board().unwrap().stone_count(), 3);
    }

    #[test]
    fn swap2board_takes_black_when_black_is_better_and_stays_white_otherwise() {
        let mut p = started();
        // h8 a1 i8: black's two stones together, white's in a corner.
        assert_eq!(swap2(&mut p, &["7,7", "0,14", "8,7"]), ["SWAP"]);
        assert_eq!(p.board().unwrap().stone_count(), 3);
        // a1 h8 o15: black's stones in the corners, white's in the centre. The thinker
        // (here the first empty point) plays white's fourth.
        assert_eq!(swap2(&mut p, &["0,14", "7,7", "14,0"]), ["0,0"]);
        assert_eq!(p.board().unwrap().stone_count(), 4);
        // Five stones: black's open three to move against nothing, and the reverse.
        assert_eq!(
            swap2(&mut p, &["7,7,2", "0,14,1", "8,7,2", "0,0,1", "9,7,2"]),
            ["SWAP"]
        );
        assert_eq!(
            swap2(&mut p, &["0,14", "7,7", "14,0", "8,7", "14,14"]),
            ["0,0"]
        );
    }

    #[test]
    fn swap2board_refuses_bad_lists() {
        let mut p = started();
        assert!(swap2(&mut p, &["7,7", "8,8"])[0].contains("0, 3 or 5 stones"));
        assert!(swap2(&mut p, &["7,7", "7,7", "8,8"])[0].starts_with("ERROR"));
        assert!(swap2(&mut p, &["7,7", "x", "8,8"])[0].starts_with("ERROR"));
        assert!(swap2(&mut p, &["7,7", "15,0", "8,8"])[0].starts_with("ERROR"));
        let mut fresh = Protocol::new(FirstEmpty);
        assert!(run(&mut fresh, &["SWAP2BOARD"])[0].starts_with("ERROR"));
    }

    #[test]
    fn info_rule_five_and_six_are_freestyle_swap1_and_swap2() {
        let mut p = started();
        run(&mut p, &["INFO rule 6"]);
        assert_eq!(
            (p.rule(), p.opening_rule()),
            (Rule::Freestyle, OpeningRule::Swap2)
        );
        run(&mut p, &["INFO rule 5"]);
        assert_eq!(
            (p.rule(), p.opening_rule()),
            (Rule::Freestyle, OpeningRule::Swap1)
        );
        run(&mut p, &["INFO rule 4"]);
        assert_eq!(
            (p.rule(), p.opening_rule()),
            (Rule::Renju, OpeningRule::None)
        );
        assert_eq!(rules_from_info(1), (Rule::Standard, OpeningRule::None));
    }

    #[test]
    fn under_swap1_the_brain_never_places_two_more() {
        let mut p = started();
        run(&mut p, &["INFO rule 5"]);
        for stones in [
            ["7,7", "7,6", "9,5"],
            ["7,7", "8,6", "6,8"],
            ["7,7", "7,8", "8,8"],
        ] {
            let out = swap2(&mut p, &stones);
            assert_eq!(out.len(), 1);
            assert!(out[0] == "SWAP" || !out[0].contains(' '), "{out:?}");
        }
    }

    #[test]
    fn info_sets_threads_and_memory() {
        let mut p = Protocol::new(FirstEmpty);
        run(
            &mut p,
            &["START 15", "INFO thread_num 3", "INFO max_memory 83886080"],
        );
        assert_eq!(p.limits().threads, 3);
        assert_eq!(p.limits().memory, 83_886_080);
        run(&mut p, &["INFO thread_num 0"]);
        assert_eq!(p.limits().threads, 1, "at least one thread");
        assert!(run(&mut p, &["INFO thread_num many"])[0].starts_with("ERROR"));
        assert_eq!(p.limits().threads, 1, "a bad value changes nothing");
    }
}
