//! One game room as a state machine: seats, the engine's game, the clock, offers and the
//! result. No I/O: every action checks everything first and either refuses (nothing changed)
//! or changes the room and says what must be stored.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::clock::Clock;
use super::tokens::same_secret;
use gomoku_engine::{ForbiddenPolicy, Game, Outcome, Pos, Stone};
use gomoku_net::{
    EndReason, ErrorCode, GameResult, PlayerInfo, RoomSettings, RoomState, RoomStatus, RoomUpdate,
};

/// A refused action: the error code and a message for people. The room is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub ErrorCode, pub String);

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal(code, message.into())
    }
}

/// What an accepted action changed, for the storage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Move number `ply` was played at `at`; the clocks after it.
    Moved {
        /// 0-based move number.
        ply: u32,
        /// The point.
        at: Pos,
        /// Black's and white's time left.
        clock_ms: [u64; 2],
    },
    /// Moves were taken back down to `keep`.
    TookBack {
        /// Moves left on the board.
        keep: u32,
        /// Black's and white's time left.
        clock_ms: [u64; 2],
    },
    /// The game ended; the room's `result` says how.
    Finished,
    /// Only offers or requests changed (not stored).
    Offers,
}

/// A player in a seat.
#[derive(Debug, Clone)]
pub struct Seat {
    /// Who.
    pub player: PlayerInfo,
    /// The seat's secret.
    pub token: String,
    /// The live connections bound to this seat.
    pub conns: HashSet<u64>,
    /// Since when nobody has been connected (while the game is not over).
    pub away_since: Option<Instant>,
}

impl Seat {
    /// A seat for `player` with its secret, with no connection yet.
    pub fn new(player: PlayerInfo, token: String, now: Instant) -> Seat {
        Seat {
            player,
            token,
            conns: HashSet::new(),
            away_since: Some(now),
        }
    }
}

/// A room: a game between two seats, watched by spectators.
#[derive(Debug, Clone)]
pub struct Room {
    /// The code (invite code).
    pub code: String,
    /// Rule, size, clock, rating.
    pub settings: RoomSettings,
    /// Listed for spectators.
    pub public: bool,
    /// Waiting, playing or finished.
    pub status: RoomStatus,
    /// The engine's game: legality, forbidden points and fives come from here.
    pub game: Game,
    /// Black's and white's seats.
    pub seats: [Option<Seat>; 2],
    /// The clocks of a timed game.
    pub clock: Option<Clock>,
    /// Who offered a draw.
    pub draw_offer: Option<Stone>,
    /// Who asked for a takeback.
    pub takeback_request: Option<Stone>,
    /// How the game ended.
    pub result: Option<GameResult>,
    /// Spectators' connections.
    pub watchers: HashSet<u64>,
    /// When the game ended (finished rooms are dropped from memory a while later).
    pub finished_at: Option<Instant>,
    /// Where the player who opened it connected from (for the per-address limits).
    pub opened_from: Option<std::net::IpAddr>,
    /// What spectators have heard: the moves and the players of the last state sent.
    heard: Heard,
    /// After a restart, the clock stands still until this side (the one to move) is back.
    clock_waits_for: Option<Stone>,
}

/// What a room's spectators have been told: updates are made against it.
#[derive(Debug, Clone, Default)]
struct Heard {
    /// Moves in the last state told.
    moves: usize,
    /// Black's and white's player numbers then.
    players: [Option<i64>; 2],
    /// The spectator count last told, and when.
    count: u32,
    count_at: Option<Instant>,
}

impl Room {
    /// An empty room under `settings` (already validated).
    pub fn new(code: String, settings: RoomSettings, public: bool) -> Room {
        let game = Game::with_size(settings.size, settings.rule, ForbiddenPolicy::Refuse)
            .expect("validated online sizes are within the engine's range");
        Room {
            code,
            settings,
            public,
            status: RoomStatus::Waiting,
            game,
            seats: [None, None],
            clock: settings.time.map(Clock::new),
            draw_offer: None,
            takeback_request: None,
            result: None,
            watchers: HashSet::new(),
            finished_at: None,
            opened_from: None,
            heard: Heard::default(),
            clock_waits_for: None,
        }
    }

    /// The connections of both seats.
    pub fn seat_conns(&self) -> impl Iterator<Item = u64> + '_ {
        self.seats
            .iter()
            .flatten()
            .flat_map(|s| s.conns.iter().copied())
    }

    fn player_ids(&self) -> [Option<i64>; 2] {
        [0, 1].map(|i| self.seats[i].as_ref().map(|s| s.player.id))
    }

    /// What spectators need to go from what they heard last to `state` (this room's state
    /// now); `None` when the players changed and they need the whole room.
    pub fn spectator_update(&self, state: &RoomState) -> Option<RoomUpdate> {
        if self.player_ids() != self.heard.players {
            return None;
        }
        let keep = self.heard.moves.min(state.moves.len());
        Some(RoomUpdate {
            code: state.code.clone(),
            keep: keep as u32,
            added: state.moves[keep..].to_vec(),
            status: state.status,
            connected: state.connected,
            to_move: state.to_move,
            clock: state.clock,
            draw_offer: state.draw_offer,
            takeback_request: state.takeback_request,
            result: state.result.clone(),
        })
    }

    /// Notes that spectators heard `state` (after [`Room::spectator_update`] or the whole
    /// room was sent to them).
    pub fn spectators_heard(&mut self, state: &RoomState, now: Instant) {
        let whole = self.player_ids() != self.heard.players;
        self.heard.moves = state.moves.len();
        self.heard.players = self.player_ids();
        if whole {
            self.heard.count = state.spectators;
            self.heard.count_at = Some(now);
        }
    }

    /// Whether the spectator count changed since it was last told and `every` has passed.
    pub fn spectator_count_due(&self, now: Instant, every: Duration) -> bool {
        self.watchers.len() as u32 != self.heard.count
            && self
                .heard
                .count_at
                .is_none_or(|t| now.saturating_duration_since(t) >= every)
    }

    /// Notes that the audience was told `count` spectators.
    pub fn spectator_count_told(&mut self, count: u32, now: Instant) {
        self.heard.count = count;
        self.heard.count_at = Some(now);
    }

    /// The seat's colour whose token is `token`.
    pub fn seat_of(&self, token: &str) -> Result<Stone, Refusal> {
        for colour in [Stone::Black, Stone::White] {
            if let Some(seat) = &self.seats[colour.index()]
                && same_secret(&seat.token, token)
            {
                return Ok(colour);
            }
        }
        Err(Refusal::new(
            ErrorCode::WrongToken,
            format!("that seat token does not belong to game {}", self.code),
        ))
    }

    /// The seat of `colour` (which must be taken).
    pub fn seat_mut(&mut self, colour: Stone) -> Option<&mut Seat> {
        self.seats[colour.index()].as_mut()
    }

    /// Both seats are taken: the game begins, black's clock runs.
    pub fn start(&mut self, now: Instant) {
        self.status = RoomStatus::Playing;
        if let Some(c) = &mut self.clock {
            c.start(self.game.to_move(), now);
        }
    }

    /// The game goes on after a restart with nobody connected: it is being played, but the
    /// clock of the side to move starts only when that side is back ([`Room::bind`]).
    pub fn resume_after_restart(&mut self) {
        self.status = RoomStatus::Playing;
        if self.clock.is_some() {
            self.clock_waits_for = Some(self.game.to_move());
        }
    }

    fn playing_seat(&self, token: &str) -> Result<Stone, Refusal> {
        let colour = self.seat_of(token)?;
        match self.status {
            RoomStatus::Playing => Ok(colour),
            RoomStatus::Waiting => Err(Refusal::new(
                ErrorCode::NotPlaying,
                "the game has not begun: the other seat is still free",
            )),
            RoomStatus::Finished => Err(Refusal::new(ErrorCode::NotPlaying, "the game is over")),
        }
    }

    fn clock_ms(&self, now: Instant) -> [u64; 2] {
        self.clock.as_ref().map_or([0, 0], |c| c.millis(now))
    }

    /// Plays `at` for the seat holding `token`, if it is that seat's turn, `ply` is the number
    /// of moves on the board, and the engine's rules accept the point.
    pub fn play(
        &mut self,
        token: &str,
        ply: u32,
        at: Pos,
        now: Instant,
    ) -> Result<Vec<Change>, Refusal> {
        let colour = self.playing_seat(token)?;
        let on_board = self.game.board().moves().len() as u32;
        if ply != on_board {
            return Err(Refusal::new(
                ErrorCode::StalePly,
                format!("the move is for ply {ply} but the game is at ply {on_board}"),
            ));
        }
        if colour != self.game.to_move() {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", self.game.to_move()),
            ));
        }
        self.game
            .play(at)
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, e.describe(self.settings.size)))?;
        if let Some(c) = &mut self.clock {
            c.moved(colour, now);
        }
        self.draw_offer = None;
        self.takeback_request = None;
        let mut changes = vec![Change::Moved {
            ply,
            at,
            clock_ms: self.clock_ms(now),
        }];
        if let Some(result) = result_of(self.game.outcome()) {
            self.finish(result, now);
            changes.push(Change::Finished);
        }
        Ok(changes)
    }

    /// The seat holding `token` resigns; in a room still waiting for an opponent, its
    /// creator withdraws it (the room closes, nobody wins, nothing is rated).
    pub fn resign(&mut self, token: &str, now: Instant) -> Result<Vec<Change>, Refusal> {
        if self.status == RoomStatus::Waiting {
            self.seat_of(token)?;
            self.finish(
                GameResult {
                    winner: None,
                    reason: EndReason::Cancelled,
                    line: Vec::new(),
                },
                now,
            );
            return Ok(vec![Change::Finished]);
        }
        let colour = self.playing_seat(token)?;
        self.game
            .resign_as(colour)
            .map_err(|e| Refusal::new(ErrorCode::NotPlaying, e.to_string()))?;
        self.finish(win(colour.opponent(), EndReason::Resigned), now);
        Ok(vec![Change::Finished])
    }

    /// Offers a draw (accepts it when the opponent has offered one already).
    pub fn offer_draw(&mut self, token: &str, now: Instant) -> Result<Vec<Change>, Refusal> {
        let colour = self.playing_seat(token)?;
        match self.draw_offer {
            Some(c) if c == colour => Err(Refusal::new(
                ErrorCode::NothingToAnswer,
                "you have already offered a draw",
            )),
            Some(_) => self.accept_draw(token, now),
            None => {
                self.draw_offer = Some(colour);
                Ok(vec![Change::Offers])
            }
        }
    }

    /// Accepts the opponent's draw offer.
    pub fn accept_draw(&mut self, token: &str, now: Instant) -> Result<Vec<Change>, Refusal> {
        let colour = self.playing_seat(token)?;
        if self.draw_offer != Some(colour.opponent()) {
            return Err(Refusal::new(
                ErrorCode::NothingToAnswer,
                "your opponent has not offered a draw",
            ));
        }
        self.finish(
            GameResult {
                winner: None,
                reason: EndReason::DrawAgreed,
                line: Vec::new(),
            },
            now,
        );
        Ok(vec![Change::Finished])
    }

    /// Declines the opponent's draw offer.
    pub fn decline_draw(&mut self, token: &str) -> Result<Vec<Change>, Refusal> {
        let colour = self.playing_seat(token)?;
        if self.draw_offer != Some(colour.opponent()) {
            return Err(Refusal::new(
                ErrorCode::NothingToAnswer,
                "your opponent has not offered a draw",
            ));
        }
        self.draw_offer = None;
        Ok(vec![Change::Offers])
    }

    /// Asks to take back one's last move.
    pub fn ask_takeback(&mut self, token: &str) -> Result<Vec<Change>, Refusal> {
        let colour = self.playing_seat(token)?;
        if self.takeback_request.is_some() {
            return Err(Refusal::new(
                ErrorCode::NothingToAnswer,
                "a takeback request is already waiting for an answer",
            ));
        }
        if self.takeback_plies(colour) == 0 {
            return Err(Refusal::new(
                ErrorCode::NothingToAnswer,
                "you have no move to take back",
            ));
        }
        self.takeback_request = Some(colour);
        Ok(vec![Change::Offers])
    }

    /// Grants the opponent's takeback: its last move (and the reply to it) come off.
    pub fn grant_takeback(&mut self, token: &str, now: Instant) -> Result<Vec<Change>, Refusal> {
        let colour = self.playing_seat(token)?;
        let asker = colour.opponent();
        if self.takeback_request != Some(asker) {
            return Err(Refusal::new(
                ErrorCode::NothingToAnswer,
                "your opponent has not asked for a takeback",
            ));
        }
        for _ in 0..self.takeback_plies(asker) {
            self.game.undo();
        }
        if let Some(c) = &mut self.clock {
            c.start(self.game.to_move(), now);
        }
        self.takeback_request = None;
        self.draw_offer = None;
        Ok(vec![Change::TookBack {
            keep: self.game.board().moves().len() as u32,
            clock_ms: self.clock_ms(now),
        }])
    }

    /// Declines the opponent's takeback request.
    pub fn decline_takeback(&mut self, token: &str) -> Result<Vec<Change>, Refusal> {
        let colour = self.playing_seat(token)?;
        if self.takeback_request != Some(colour.opponent()) {
            return Err(Refusal::new(
                ErrorCode::NothingToAnswer,
                "your opponent has not asked for a takeback",
            ));
        }
        self.takeback_request = None;
        Ok(vec![Change::Offers])
    }

    /// How many plies come off when `asker` takes back its last move: one if it moved last,
    /// two if the opponent has replied, none if it has not moved.
    fn takeback_plies(&self, asker: Stone) -> usize {
        let n = self.game.board().moves().len();
        let own_moves = match asker {
            Stone::Black => n.div_ceil(2),
            Stone::White => n / 2,
        };
        if own_moves == 0 {
            0
        } else if self.game.to_move() == asker {
            2
        } else {
            1
        }
    }

    /// The result the clock or an absence imposes now, if any: a flag, or a seat nobody has
    /// been connected to for `grace`. A waiting room whose creator stays away that long is
    /// cancelled.
    pub fn due(&self, now: Instant, grace: Duration) -> Option<GameResult> {
        let away_long = |s: &Seat| {
            s.away_since
                .is_some_and(|t| now.saturating_duration_since(t) >= grace)
        };
        match self.status {
            RoomStatus::Finished => None,
            RoomStatus::Playing => {
                if let Some(side) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
                    return Some(win(side.opponent(), EndReason::Timeout));
                }
                let gone = [Stone::Black, Stone::White]
                    .into_iter()
                    .find(|&c| self.seats[c.index()].as_ref().is_some_and(away_long))?;
                Some(win(gone.opponent(), EndReason::Abandoned))
            }
            RoomStatus::Waiting => self
                .seats
                .iter()
                .flatten()
                .all(away_long)
                .then(|| GameResult {
                    winner: None,
                    reason: EndReason::Cancelled,
                    line: Vec::new(),
                }),
        }
    }

    /// Ends the game if [`Room::due`] says so.
    pub fn expire(&mut self, now: Instant, grace: Duration) -> Option<Change> {
        let result = self.due(now, grace)?;
        self.finish(result, now);
        Some(Change::Finished)
    }

    fn finish(&mut self, result: GameResult, now: Instant) {
        if let Some(c) = &mut self.clock {
            c.stop(now);
        }
        self.status = RoomStatus::Finished;
        self.result = Some(result);
        self.draw_offer = None;
        self.takeback_request = None;
        self.finished_at = Some(now);
    }

    /// Binds connection `conn` to the seat of `colour`; a clock waiting for that side after a
    /// restart starts now.
    pub fn bind(&mut self, colour: Stone, conn: u64, now: Instant) {
        if let Some(seat) = self.seat_mut(colour) {
            seat.conns.insert(conn);
            seat.away_since = None;
        }
        if self.clock_waits_for == Some(colour) {
            self.clock_waits_for = None;
            if self.status == RoomStatus::Playing
                && let Some(c) = &mut self.clock
            {
                c.start(colour, now);
            }
        }
    }

    /// Forgets connection `conn` (as a seat or a spectator). Returns whether a seat changed
    /// (a spectator leaving changes only the count, told later with the others').
    pub fn unbind(&mut self, conn: u64, now: Instant) -> bool {
        self.watchers.remove(&conn);
        let mut changed = false;
        let over = self.status == RoomStatus::Finished;
        for seat in self.seats.iter_mut().flatten() {
            if seat.conns.remove(&conn) {
                changed = true;
                if seat.conns.is_empty() && !over {
                    seat.away_since = Some(now);
                }
            }
        }
        changed
    }

    /// The room as the protocol sends it.
    pub fn state(&self, now: Instant) -> RoomState {
        let player = |c: Stone| self.seats[c.index()].as_ref().map(|s| s.player.clone());
        let connected = |c: Stone| {
            self.seats[c.index()]
                .as_ref()
                .is_some_and(|s| !s.conns.is_empty())
        };
        RoomState {
            code: self.code.clone(),
            settings: self.settings,
            public: self.public,
            status: self.status,
            black: player(Stone::Black),
            white: player(Stone::White),
            connected: [connected(Stone::Black), connected(Stone::White)],
            moves: self.game.board().moves().to_vec(),
            to_move: self.game.to_move(),
            clock: self.clock.as_ref().map(|c| c.state(now)),
            draw_offer: self.draw_offer,
            takeback_request: self.takeback_request,
            result: self.result.clone(),
            spectators: self.watchers.len() as u32,
        }
    }
}

fn win(winner: Stone, reason: EndReason) -> GameResult {
    GameResult {
        winner: Some(winner),
        reason,
        line: Vec::new(),
    }
}

/// The result the engine's outcome means, if the game is over.
fn result_of(outcome: &Outcome) -> Option<GameResult> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Five { winner, line } => Some(GameResult {
            winner: Some(*winner),
            reason: EndReason::Five,
            line: line.clone(),
        }),
        Outcome::Forbidden { .. } => Some(win(Stone::White, EndReason::Forbidden)),
        Outcome::Resigned { loser } => Some(win(loser.opponent(), EndReason::Resigned)),
        Outcome::TimedOut { loser } => Some(win(loser.opponent(), EndReason::Timeout)),
        Outcome::Draw => Some(GameResult {
            winner: None,
            reason: EndReason::BoardFull,
            line: Vec::new(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Rule;
    use gomoku_net::TimeControl;

    fn player(id: i64) -> PlayerInfo {
        PlayerInfo {
            id,
            name: format!("p{id}"),
            rating: 1500.0,
            deviation: 350.0,
            games: 0,
            provisional: true,
        }
    }

    fn room(time: Option<TimeControl>, now: Instant) -> Room {
        let settings = RoomSettings {
            rule: Rule::Freestyle,
            size: 15,
            time,
            rated: false,
        };
        let mut r = Room::new("ROOM01".into(), settings, true);
        r.seats[0] = Some(Seat::new(player(1), "b".into(), now));
        r.seats[1] = Some(Seat::new(player(2), "w".into(), now));
        r.bind(Stone::Black, 1, now);
        r.bind(Stone::White, 2, now);
        r.start(now);
        r
    }

    #[test]
    fn refusals_change_nothing() {
        let t = Instant::now();
        let mut r = room(None, t);
        r.play("b", 0, Pos::new(7, 7), t).unwrap();
        let before = r.state(t);
        let tries = [
            r.clone().play("w", 0, Pos::new(8, 8), t),
            r.clone().play("b", 1, Pos::new(8, 8), t),
            r.clone().play("x", 1, Pos::new(8, 8), t),
            r.clone().play("w", 1, Pos::new(7, 7), t),
            r.clone().play("w", 1, Pos::new(15, 0), t),
        ];
        let codes: Vec<ErrorCode> = tries.into_iter().map(|e| e.unwrap_err().0).collect();
        assert_eq!(
            codes,
            [
                ErrorCode::StalePly,
                ErrorCode::NotYourTurn,
                ErrorCode::WrongToken,
                ErrorCode::IllegalMove,
                ErrorCode::IllegalMove
            ]
        );
        assert!(r.play("w", 1, Pos::new(15, 0), t).is_err());
        assert_eq!(r.state(t), before);
    }

    #[test]
    fn refusals_speak_board_notation() {
        let t = Instant::now();
        let mut r = room(None, t);
        r.play("b", 0, Pos::new(7, 7), t).unwrap();
        let Refusal(code, message) = r.play("w", 1, Pos::new(7, 7), t).unwrap_err();
        assert_eq!(code, ErrorCode::IllegalMove);
        assert_eq!(message, "h8 is already taken");
    }

    #[test]
    fn after_a_restart_the_clock_waits_for_the_side_to_move() {
        let t = Instant::now();
        let tc = TimeControl {
            base_secs: 60,
            increment_secs: 0,
        };
        let settings = RoomSettings {
            rule: Rule::Freestyle,
            size: 15,
            time: Some(tc),
            rated: false,
        };
        let mut r = Room::new("ROOM01".into(), settings, true);
        r.seats[0] = Some(Seat::new(player(1), "b".into(), t));
        r.seats[1] = Some(Seat::new(player(2), "w".into(), t));
        r.game.play(Pos::new(7, 7)).unwrap();
        r.clock = Some(Clock::resumed(tc, 50_000, 60_000));
        r.resume_after_restart();
        let later = t + Duration::from_secs(10);
        assert_eq!(r.clock_ms(later), [50_000, 60_000], "nobody is back: still");
        r.bind(Stone::Black, 1, later);
        assert_eq!(
            r.clock_ms(later + Duration::from_secs(5)),
            [50_000, 60_000],
            "not its turn"
        );
        r.bind(Stone::White, 2, later + Duration::from_secs(5));
        assert_eq!(
            r.clock_ms(later + Duration::from_secs(8)),
            [50_000, 57_000],
            "white's clock runs from its return"
        );
    }

    #[test]
    fn spectators_get_what_changed_and_the_whole_room_when_the_players_change() {
        let t = Instant::now();
        let settings = RoomSettings {
            rule: Rule::Freestyle,
            size: 15,
            time: None,
            rated: false,
        };
        let mut r = Room::new("ROOM01".into(), settings, true);
        r.seats[0] = Some(Seat::new(player(1), "b".into(), t));
        let s = r.state(t);
        assert_eq!(
            r.spectator_update(&s),
            None,
            "the first black seat: whole room"
        );
        r.spectators_heard(&s, t);
        r.seats[1] = Some(Seat::new(player(2), "w".into(), t));
        r.start(t);
        let s = r.state(t);
        assert_eq!(r.spectator_update(&s), None, "white sat down: whole room");
        r.spectators_heard(&s, t);
        let mut seen = s.clone();
        for (ply, p) in [(0, Pos::new(7, 7)), (1, Pos::new(8, 8))] {
            r.play(if ply == 0 { "b" } else { "w" }, ply, p, t).unwrap();
            let s = r.state(t);
            let u = r.spectator_update(&s).expect("an update");
            assert_eq!((u.keep, u.added.clone()), (ply, vec![p]));
            r.spectators_heard(&s, t);
            u.apply(&mut seen).unwrap();
            assert_eq!(seen, s);
        }
        r.ask_takeback("w").unwrap();
        r.grant_takeback("b", t).unwrap();
        let s = r.state(t);
        let u = r.spectator_update(&s).unwrap();
        assert_eq!((u.keep, u.added.len()), (1, 0));
        u.apply(&mut seen).unwrap();
        assert_eq!(seen, s);
        let mut short = s.clone();
        short.moves.clear();
        let ahead = RoomUpdate { keep: 1, ..u };
        assert!(
            ahead.apply(&mut short).is_err(),
            "an update that does not follow"
        );
    }

    #[test]
    fn takeback_removes_one_or_two_plies() {
        let t = Instant::now();
        let mut r = room(None, t);
        assert_eq!(
            r.ask_takeback("b").unwrap_err().0,
            ErrorCode::NothingToAnswer
        );
        r.play("b", 0, Pos::new(7, 7), t).unwrap();
        r.play("w", 1, Pos::new(8, 8), t).unwrap();
        r.ask_takeback("b").unwrap();
        assert_eq!(
            r.grant_takeback("w", t).unwrap(),
            vec![Change::TookBack {
                keep: 0,
                clock_ms: [0, 0]
            }]
        );
        r.play("b", 0, Pos::new(7, 7), t).unwrap();
        r.ask_takeback("b").unwrap();
        r.grant_takeback("w", t).unwrap();
        assert_eq!(r.game.board().moves().len(), 0);
        assert_eq!(r.game.to_move(), Stone::Black);
    }

    #[test]
    fn flag_and_absence_end_the_game_in_time() {
        let t = Instant::now();
        let grace = Duration::from_secs(5);
        let tc = TimeControl {
            base_secs: 2,
            increment_secs: 0,
        };
        let r = room(Some(tc), t);
        assert_eq!(r.due(t + Duration::from_millis(1999), grace), None);
        let res = r.due(t + Duration::from_secs(2), grace).unwrap();
        assert_eq!(
            (res.winner, res.reason),
            (Some(Stone::White), EndReason::Timeout)
        );

        let mut r = room(None, t);
        r.unbind(2, t);
        assert_eq!(r.due(t + Duration::from_secs(4), grace), None);
        r.bind(Stone::White, 3, t);
        assert_eq!(r.due(t + Duration::from_secs(9), grace), None, "came back");
        r.unbind(3, t + Duration::from_secs(10));
        assert_eq!(
            r.expire(t + Duration::from_secs(15), grace),
            Some(Change::Finished)
        );
        let res = r.result.clone().unwrap();
        assert_eq!(
            (res.winner, res.reason),
            (Some(Stone::Black), EndReason::Abandoned)
        );
        assert_eq!(
            r.play("b", 0, Pos::new(7, 7), t).unwrap_err().0,
            ErrorCode::NotPlaying
        );
    }

    #[test]
    fn draw_needs_the_other_side() {
        let t = Instant::now();
        let mut r = room(None, t);
        r.offer_draw("b", t).unwrap();
        assert_eq!(
            r.offer_draw("b", t).unwrap_err().0,
            ErrorCode::NothingToAnswer
        );
        assert_eq!(
            r.accept_draw("b", t).unwrap_err().0,
            ErrorCode::NothingToAnswer
        );
        r.play("b", 0, Pos::new(7, 7), t).unwrap();
        assert_eq!(r.draw_offer, None, "a move clears the offer");
        r.offer_draw("w", t).unwrap();
        // Offering back accepts.
        assert_eq!(r.offer_draw("b", t).unwrap(), vec![Change::Finished]);
        assert_eq!(r.result.clone().unwrap().reason, EndReason::DrawAgreed);
    }
}
