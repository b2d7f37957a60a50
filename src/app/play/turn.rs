//! Turns: applies move requests and game commands through the rules, says what happened (the
//! status line, and the events of [`crate::app::feedback`]: a stone placed, a move refused, a
//! game ended or reopened, a long game abandoned), and moves between the Playing and GameOver
//! screens.
//!
//! A game with an opening rule starts with its opening ([`GameOpening`]): while it runs, the
//! points asked for go to `play::opening` as [`OpeningRequest`]s, and undo takes back its
//! steps (and goes back into it from the first moves after it).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::i18n::{Lang, fill, forbidden_name, opening, stone_name};
use crate::app::{
    ActiveSetup, AppSystems, Board, GameAbandoned, GameCommand, GameEnded, GameOnBoard,
    GameOpening, GamePlayers, GameReopened, GameSerial, GameSetup, Mode, MoveRefused, MoveRequest,
    MoveSource, OpeningPlay, OpeningRequest, PastPosition, PendingUndoCredit, PlayerProfiles,
    PuzzlePosition, Refusal, Replay, ReplayReachedWin, ResumedGame, Screen, SideLine, StatusLine,
    StonePlaced, UserSettings, is_long_game_in_progress,
};
use gomoku_engine::opening::OpeningRule;
use gomoku_engine::{Game, MoveError, Outcome, Pos, Stone};

/// The result of the last move request, for the tests. (The sound and the view follow the
/// events of [`crate::app::feedback`], which tell every outcome, not only the last.)
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub enum MoveOutcome {
    /// Nothing requested yet.
    #[default]
    None,
    /// The move was played.
    Played(Pos),
    /// The move was refused by the rules.
    Refused(Pos, MoveError),
    /// A person clicked while the AI is to move.
    NotYourTurn(Pos),
}

/// The game that was on the board when the replay viewer (or a past position, analysis, a
/// puzzle, an online game) opened, put back when it closes.
#[derive(Resource, Debug, Clone, Default)]
struct SuspendedGame(Option<Game>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Board>()
        .init_resource::<MoveOutcome>()
        .add_systems(OnEnter(Screen::Playing), |mut on: ResMut<GameOnBoard>| {
            on.set_if_neq(GameOnBoard(true));
        })
        .init_resource::<SuspendedGame>()
        .add_systems(Startup, start_from_setup)
        .add_systems(OnEnter(Screen::Replay), suspend_game)
        .add_systems(OnExit(Screen::Replay), resume_game)
        // A past position from the move list: the game waits behind it, as behind a replay.
        .add_systems(OnEnter(Screen::PastPosition), suspend_game)
        .add_systems(OnExit(Screen::PastPosition), resume_game)
        .add_systems(OnEnter(Screen::Analysis), start_side_line)
        .add_systems(OnExit(Screen::Analysis), resume_game)
        .add_systems(OnEnter(Screen::Puzzle), (suspend_game, show_puzzle).chain())
        .add_systems(OnExit(Screen::Puzzle), resume_game)
        // The online game is the server's: the local game waits behind it.
        .add_systems(OnEnter(Screen::Online), suspend_game)
        .add_systems(OnExit(Screen::Online), resume_game)
        .add_systems(
            Update,
            show_puzzle
                .run_if(
                    in_state(Screen::Puzzle)
                        .and_then(resource_exists_and_changed::<PuzzlePosition>),
                )
                .in_set(AppSystems::ApplyMoves),
        )
        .add_systems(
            Update,
            show_replay
                .run_if(in_state(Screen::Replay).and_then(resource_exists_and_changed::<Replay>))
                .in_set(AppSystems::ApplyMoves),
        )
        .add_systems(
            Update,
            show_past_position
                .run_if(
                    in_state(Screen::PastPosition)
                        .and_then(resource_exists_and_changed::<PastPosition>),
                )
                .in_set(AppSystems::ApplyMoves),
        )
        .add_systems(
            Update,
            (
                players_before_first_move.run_if(resource_exists_and_changed::<PlayerProfiles>),
                apply_commands,
                apply_move_requests,
                apply_side_line_moves,
                follow_outcome,
                redescribe.run_if(resource_changed::<Lang>),
                log_status.run_if(resource_changed::<StatusLine>),
            )
                .chain()
                .in_set(AppSystems::ApplyMoves),
        );
}

/// Builds a game from a setup: its opening, if it has one, with its first steps, then its
/// moves (once the opening is over). A rule the opening cannot be played with starts the game
/// without it; a refused step or move is reported and the game starts from what came before.
fn game_from_setup(setup: &GameSetup) -> (Game, Option<OpeningPlay>) {
    let mut opening = OpeningPlay::new(setup).unwrap_or_else(|e| {
        error!("the game starts without its opening: {e}");
        None
    });
    let mut game = match &mut opening {
        Some(play) => {
            for (i, &action) in setup.opening_steps.iter().enumerate() {
                if let Err(e) = play.apply_due(action) {
                    error!("opening step {} ({action}) refused: {e}", i + 1);
                    break;
                }
            }
            if play.is_running() && !setup.moves.is_empty() {
                error!("the moves wait for the end of the opening: they are not played");
                return (play.game(), opening);
            }
            play.game()
        }
        None => Game::with_size(setup.size, setup.rule, setup.policy).unwrap_or_default(),
    };
    for (i, &p) in setup.moves.iter().enumerate() {
        if let Err(e) = game.play(p) {
            error!(
                "opening move {} ({}) refused: {e}",
                i + 1,
                p.to_notation(game.board().size())
            );
            break;
        }
    }
    (game, opening)
}

/// The status line for the game on the board: the opening's step while it runs, else whose
/// move it is (or how the game ended).
fn status_of(game: &Game, mode: Mode, opening: &GameOpening, lang: Lang) -> String {
    match opening.running() {
        Some(play) => opening::step_text(play, lang),
        None => describe(game, mode, None, lang),
    }
}

/// Starts the run's game: the set-up's (from the command line, or the menu's last), or behind
/// the menu the game left unfinished last time.
fn start_from_setup(
    lang: Res<Lang>,
    screen: Res<State<Screen>>,
    resumed: Option<Res<ResumedGame>>,
    profiles: Option<Res<PlayerProfiles>>,
    mut setup: ResMut<GameSetup>,
    mut game: InPlay,
    mut status: ResMut<StatusLine>,
) {
    let (start, resuming) = match resumed {
        Some(r) if *screen.get() == Screen::Menu => (r.0.clone(), true),
        _ => (setup.clone(), false),
    };
    let seated = GamePlayers::of(start.mode, profiles.as_deref().map(|p| &p.0));
    start_game(&start, seated, &mut game);
    // The game left unfinished is the game it was: its moves were played, not given, so they
    // count towards a long game (kept as unfinished when left for a new one), and a restart
    // goes back to its empty board.
    if resuming {
        game.active.0.moves.clear();
    }
    status.0 = status_of(&game.board.0, game.active.0.mode, &game.opening, *lang);
    // Opening moves (from the command line or "continue from here") start one game; the next
    // new game from the menu starts from an empty board.
    setup.bypass_change_detection().clear_position();
}

/// Plays the points asked for on the Playing screen (in the opening, as its steps).
pub(super) fn apply_move_requests(
    mut world: Commands,
    mut requests: MessageReader<MoveRequest>,
    lang: Res<Lang>,
    mut board: ResMut<Board>,
    active: Res<ActiveSetup>,
    players: Res<GamePlayers>,
    opening: Res<GameOpening>,
    mut status: ResMut<StatusLine>,
    mut outcome: ResMut<MoveOutcome>,
    mut opening_requests: MessageWriter<OpeningRequest>,
    screen: Res<State<Screen>>,
) {
    // Requests made on another screen (the side line's) are not the game's: read and dropped.
    if *screen.get() != Screen::Playing {
        requests.clear();
        return;
    }
    for &MoveRequest { at: p, from } in requests.read() {
        // In the opening a point is an opening step: a stone, an offer or a pick.
        if let Some(play) = opening.running() {
            opening_requests.write(OpeningRequest {
                action: play.point_action(p),
                from,
            });
            continue;
        }
        let mover = board.0.to_move();
        let ai_to_move = active.0.mode.ai_plays(mover) && !board.0.outcome().is_over();
        if from == MoveSource::Person && ai_to_move {
            *outcome = MoveOutcome::NotYourTurn(p);
            world.trigger(MoveRefused {
                at: p,
                why: Refusal::NotYourTurn,
            });
            continue;
        }
        match board.0.play(p) {
            Ok(_) => {
                *outcome = MoveOutcome::Played(p);
                status.0 = describe(&board.0, active.0.mode, Some((mover, p)), *lang);
                world.trigger(StonePlaced {
                    at: p,
                    stone: mover,
                    redone: false,
                });
                if board.0.outcome().is_over() {
                    world.trigger(ended(&board.0, &active, &players, &opening));
                }
            }
            Err(e) => {
                *outcome = MoveOutcome::Refused(p, e);
                world.trigger(MoveRefused {
                    at: p,
                    why: Refusal::Rules(e),
                });
                if let MoveError::Forbidden(_, kind) = e {
                    let at = p.to_notation(board.0.board().size());
                    status.0 = fill(
                        lang.t("{at} is forbidden for Black: {kind}"),
                        &[("at", &at), ("kind", &lang.t(forbidden_name(kind)))],
                    );
                }
            }
        }
    }
}

/// The event for the end of `game`.
fn ended(
    game: &Game,
    active: &ActiveSetup,
    players: &GamePlayers,
    opening: &GameOpening,
) -> GameEnded {
    GameEnded {
        game: game.clone(),
        setup: active.0.clone(),
        players: *players,
        opening: opening.record(),
    }
}

/// The game in play as the commands change it: its set-up, players, board and opening.
#[derive(SystemParam)]
struct InPlay<'w> {
    active: ResMut<'w, ActiveSetup>,
    players: ResMut<'w, GamePlayers>,
    board: ResMut<'w, Board>,
    opening: ResMut<'w, GameOpening>,
}

fn apply_commands(
    mut world: Commands,
    mut commands: MessageReader<GameCommand>,
    lang: Res<Lang>,
    mut setup: ResMut<GameSetup>,
    screen: Res<State<Screen>>,
    settings: Option<Res<UserSettings>>,
    credit: Option<Res<PendingUndoCredit>>,
    mut profiles: Option<ResMut<PlayerProfiles>>,
    mut game: InPlay,
    mut serial: ResMut<GameSerial>,
    mut suspended: ResMut<SuspendedGame>,
    mut status: ResMut<StatusLine>,
    mut outcome: ResMut<MoveOutcome>,
    mut next: ResMut<NextState<Screen>>,
    side_line: Option<Res<SideLine>>,
) {
    for command in commands.read() {
        let mode = game.active.0.mode;
        if *screen.get() == Screen::Analysis {
            if let Some(side_line) = &side_line {
                step_side_line(&mut game.board, side_line, *command, &mut status, *lang);
            }
            continue;
        }
        // Behind the replay viewer or a past position the game waits: only a new game
        // (continued from the replay) replaces it.
        let in_replay = matches!(screen.get(), Screen::Replay | Screen::PastPosition);
        if in_replay && *command != GameCommand::NewGame {
            continue;
        }
        let was_over = game.board.0.outcome().is_over();
        match command {
            GameCommand::Undo => {
                let budget = settings.as_ref().is_some_and(|s| s.limited_undo)
                    && matches!(mode, Mode::VsAi { .. });
                // Undos the finished game earned go again if its finishing move is undone.
                let earned = credit.as_ref().map_or(0, |c| c.0);
                let left = profiles
                    .as_ref()
                    .and_then(|p| p.active())
                    .map(|p| p.undo.left.saturating_sub(earned));
                if budget && left == Some(0) {
                    status.0 = lang
                        .t("No undos left: win a game against the AI to earn 10 more")
                        .to_owned();
                    continue;
                }
                // After a resignation or a loss on time, undo takes back only that (the clocks
                // go back to what they showed when the position arose: `play::clock`).
                let board = &mut game.board.0;
                if !board.withdraw_resignation() && !board.withdraw_flag() && undo(&mut game) == 0 {
                    continue;
                }
                if budget
                    && let Some(p) = profiles.as_mut().and_then(|p| {
                        let id = p.active?;
                        p.get_mut(id).ok()
                    })
                {
                    p.undo.spend();
                }
            }
            GameCommand::Redo => {
                let board = &mut game.board.0;
                let before = board.board().moves().len();
                if redo_to_person(board, mode) == 0 {
                    continue;
                }
                let b = board.board();
                for &at in &b.moves()[before..] {
                    let Some(stone) = b.get(at) else { continue };
                    world.trigger(StonePlaced {
                        at,
                        stone,
                        redone: true,
                    });
                }
                if board.outcome().is_over() {
                    world.trigger(ended(board, &game.active, &game.players, &game.opening));
                }
            }
            GameCommand::Restart => {
                abandon(&mut world, &game, &game.board.0);
                // The same seats again, and the opening from its start.
                let seated = match &game.opening.0 {
                    Some(play) => play.swap_players(*game.players),
                    None => *game.players,
                };
                let setup = game.opening.seated(&game.active.0);
                start_game(&setup, seated, &mut game);
                serial.0 += 1;
            }
            GameCommand::NewGame => {
                // From the replay viewer, the game replaced is the one it covers.
                let replaced = if in_replay {
                    suspended.0.as_ref()
                } else {
                    Some(&game.board.0)
                };
                if let Some(replaced) = replaced {
                    abandon(&mut world, &game, replaced);
                }
                let seated = GamePlayers::of(setup.mode, profiles.as_deref().map(|p| &p.0));
                start_game(&setup, seated, &mut game);
                setup.bypass_change_detection().clear_position();
                serial.0 += 1;
                // "Continue from here" in the replay viewer: the new game replaces the old.
                suspended.0 = None;
            }
            GameCommand::Resign => {
                // Not in the opening: the colours are not decided yet.
                if game.opening.running().is_some() {
                    continue;
                }
                // Against the AI it is always the person who gives up, even while the AI is
                // thinking; two players: the one to move; the AI never resigns for itself.
                let board = &mut game.board.0;
                let result = match mode {
                    Mode::VsAi { human } => board.resign_as(human),
                    Mode::TwoPlayers => board.resign(),
                    Mode::AiVsAi => continue,
                };
                if result.is_err() {
                    continue;
                }
                world.trigger(ended(board, &game.active, &game.players, &game.opening));
            }
            GameCommand::TimeUp(loser) => {
                let board = &mut game.board.0;
                if board.flag(*loser).is_err() {
                    continue;
                }
                world.trigger(ended(board, &game.active, &game.players, &game.opening));
            }
        }
        let board = &game.board.0;
        if *command == GameCommand::Undo && was_over && !board.outcome().is_over() {
            world.trigger(GameReopened);
        }
        *outcome = MoveOutcome::None;
        status.0 = status_of(board, game.active.0.mode, &game.opening, *lang);
        if !board.outcome().is_over() {
            next.set(Screen::Playing);
        } else if in_replay {
            next.set(Screen::GameOver);
        }
    }
}

/// Starts the game of `setup` with `seated` as its players by seat (by colour when there is
/// no opening): its board, its opening, and who plays what.
fn start_game(setup: &GameSetup, seated: GamePlayers, game: &mut InPlay) {
    let (board, opening) = game_from_setup(setup);
    game.active.0 = setup.clone();
    *game.players = seated;
    match &opening {
        Some(play) => {
            game.active.0.mode = play.playing_mode();
            *game.players = play.swap_players(seated);
        }
        None => game.active.0.opening = OpeningRule::None,
    }
    game.board.0 = board;
    game.opening.0 = opening;
}

/// Takes back a move, and more while the AI is to move (see [`undo_to_person`]); in a game
/// with an opening, from its end on into its steps. Returns how many moves and steps.
fn undo(game: &mut InPlay) -> usize {
    let mode = game.active.0.mode;
    let Some(play) = game.opening.0.as_mut() else {
        return undo_to_person(&mut game.board.0, mode);
    };
    let mut n = 0;
    if !play.is_running() {
        let board = &mut game.board.0;
        while board.board().moves().len() > play.stones() && board.undo().is_some() {
            n += 1;
            if !mode.ai_plays(board.to_move()) || mode == Mode::AiVsAi {
                return n;
            }
        }
    }
    // At the end of the opening (or in it): its last steps go back.
    let seated = play.swap_players(*game.players);
    let steps = play.undo_to_person();
    if steps > 0 {
        game.board.0 = play.game();
        game.active.0.mode = play.playing_mode();
        *game.players = play.swap_players(seated);
    }
    n + steps
}

/// Tells the history about a long game in progress, `replaced` (the one on the board, or
/// the one behind the replay), that is being replaced.
fn abandon(world: &mut Commands, game: &InPlay, replaced: &Game) {
    if is_long_game_in_progress(replaced, &game.active.0) {
        world.trigger(GameAbandoned {
            game: replaced.clone(),
            setup: game.active.0.clone(),
            players: *game.players,
            opening: game.opening.record(),
        });
    }
}

fn suspend_game(board: Res<Board>, mut suspended: ResMut<SuspendedGame>) {
    suspended.0 = Some(board.0.clone());
}

/// Analysis mode begins: the game is put aside (as for the replay viewer) and the board shows
/// the position analysis starts from, on which the side line is played.
fn start_side_line(
    lang: Res<Lang>,
    side_line: Option<Res<SideLine>>,
    mut board: ResMut<Board>,
    mut suspended: ResMut<SuspendedGame>,
    mut status: ResMut<StatusLine>,
) {
    suspended.0 = Some(board.0.clone());
    if let Some(side_line) = side_line {
        board.0 = side_line.start.clone();
    }
    status.0 = side_line_status(&board.0, None, *lang);
}

/// The status line on the side line: whose move it is, for either colour.
fn side_line_status(game: &Game, last: Option<(Stone, Pos)>, lang: Lang) -> String {
    describe(game, Mode::TwoPlayers, last, lang)
}

/// Moves asked for in analysis mode: played on the side line for whichever side is to move
/// (no AI plays there, and a side line that ends is not a finished game).
fn apply_side_line_moves(
    mut world: Commands,
    mut requests: MessageReader<MoveRequest>,
    lang: Res<Lang>,
    mut board: ResMut<Board>,
    mut status: ResMut<StatusLine>,
    mut outcome: ResMut<MoveOutcome>,
    screen: Res<State<Screen>>,
) {
    // Requests made on another screen (the game's) are not the side line's: read and dropped.
    if *screen.get() != Screen::Analysis {
        requests.clear();
        return;
    }
    for &MoveRequest { at: p, .. } in requests.read() {
        let mover = board.0.to_move();
        if board.0.outcome().is_over() {
            continue;
        }
        match board.0.play(p) {
            Ok(_) => {
                *outcome = MoveOutcome::Played(p);
                status.0 = side_line_status(&board.0, Some((mover, p)), *lang);
                world.trigger(StonePlaced {
                    at: p,
                    stone: mover,
                    redone: false,
                });
            }
            Err(e) => {
                *outcome = MoveOutcome::Refused(p, e);
                world.trigger(MoveRefused {
                    at: p,
                    why: Refusal::Rules(e),
                });
            }
        }
    }
}

/// Undo and redo on the side line: back no further than where analysis began.
fn step_side_line(
    board: &mut Board,
    side_line: &SideLine,
    command: GameCommand,
    status: &mut StatusLine,
    lang: Lang,
) {
    let changed = match command {
        GameCommand::Undo if side_line.moves_played(&board.0) > 0 => board.0.undo().is_some(),
        GameCommand::Redo => board.0.redo().is_some(),
        _ => false,
    };
    if changed {
        status.0 = side_line_status(&board.0, None, lang);
    }
}

/// Puts back the game the replay viewer covered, and says its position again (the status line
/// still shows the replay's move count).
fn resume_game(
    lang: Res<Lang>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    mut board: ResMut<Board>,
    mut suspended: ResMut<SuspendedGame>,
    mut status: ResMut<StatusLine>,
) {
    if let Some(game) = suspended.0.take() {
        board.0 = game;
    }
    status.0 = status_of(&board.0, active.0.mode, &opening, *lang);
}

/// Shows the puzzle's position on the board.
fn show_puzzle(
    lang: Res<Lang>,
    puzzle: Option<Res<PuzzlePosition>>,
    mut board: ResMut<Board>,
    mut status: ResMut<StatusLine>,
) {
    if let Some(puzzle) = puzzle {
        board.0 = puzzle.0.clone();
        status.0 = side_line_status(&board.0, None, *lang);
    }
}

/// Shows the past position of the game (put aside meanwhile) picked in the move list.
fn show_past_position(
    lang: Res<Lang>,
    past: Res<PastPosition>,
    suspended: Res<SuspendedGame>,
    mut board: ResMut<Board>,
    mut status: ResMut<StatusLine>,
) {
    let Some(game) = &suspended.0 else {
        return;
    };
    let mut shown = game.clone();
    while shown.board().moves().len() > past.at && shown.undo().is_some() {}
    board.0 = shown;
    status.0 = fill(
        lang.t("Move {at} of {n}"),
        &[("at", &past.at), ("n", &past.moves.len())],
    );
}

/// Where the replay viewer last stood: its record (by date and length) and the moves shown.
type ReplayShown = Option<(String, usize, usize)>;

/// Shows the replay's position on the board. The win is celebrated when the replay steps onto
/// it (its winning move played again); opened or jumped to, or shown again (back from
/// analysis), the five is only lit.
fn show_replay(
    mut world: Commands,
    lang: Res<Lang>,
    replay: Res<Replay>,
    mut board: ResMut<Board>,
    mut status: ResMut<StatusLine>,
    mut last: Local<ReplayShown>,
) {
    let record = &replay.record;
    let stepped_on = last.as_ref().is_some_and(|(date, n, at)| {
        *date == record.date && *n == record.moves.len() && at + 1 == replay.at
    });
    *last = Some((record.date.clone(), record.moves.len(), replay.at));
    match record.replay_to(replay.at) {
        Ok(game) => {
            if let Outcome::Five { line, .. } = game.outcome()
                && stepped_on
            {
                world.trigger(ReplayReachedWin { line: line.clone() });
            }
            // The replay's windows hold it mutably every frame: only a real step changes the
            // board (a changed board is drawn at full pace).
            if board.0 != game {
                board.0 = game;
            }
            status.set_if_neq(StatusLine(fill(
                lang.t("Move {at} of {n}"),
                &[("at", &replay.at), ("n", &replay.record.moves.len())],
            )));
        }
        Err(e) => {
            status.0 = fill(
                lang.t("This record cannot be read: {error}"),
                &[("error", &lang.message(&e.to_string()))],
            );
        }
    }
}

/// Until the game's first move, the players picked are the game's players (a player chosen
/// after a new game from the command line, say); after it they stay.
fn players_before_first_move(
    board: Res<Board>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    profiles: Res<PlayerProfiles>,
    mut players: ResMut<GamePlayers>,
) {
    let before_first = match &opening.0 {
        // With an opening: before its first step (who sits where is then settled).
        Some(play) => play.opening.steps().len() <= active.0.opening_steps.len(),
        None => board.board().moves().len() <= active.0.moves.len(),
    };
    if before_first {
        let seated = GamePlayers::of(opening.seated(&active.0).mode, Some(&profiles.0));
        let by_colour = match &opening.0 {
            Some(play) => play.swap_players(seated),
            None => seated,
        };
        players.set_if_neq(by_colour);
    }
}

/// Writes each new status line to the log (the browser's console on the web, where the
/// end-to-end test reads it).
fn log_status(status: Res<StatusLine>) {
    info!("status: {}", status.0);
}

/// Enters GameOver when the game has ended.
pub(super) fn follow_outcome(
    board: Res<Board>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if board.is_changed() && board.outcome().is_over() && *screen.get() == Screen::Playing {
        next.set(Screen::GameOver);
    }
}

/// Takes back one move, and more while the AI is to move, so the person plays again (against
/// the AI that is their move and the AI's reply). Returns how many moves were taken back.
pub fn undo_to_person(game: &mut Game, mode: Mode) -> usize {
    let mut n = 0;
    while game.undo().is_some() {
        n += 1;
        if !mode.ai_plays(game.to_move()) || mode == Mode::AiVsAi {
            break;
        }
    }
    n
}

/// Replays taken-back moves up to the person's next turn. Returns how many were replayed.
pub fn redo_to_person(game: &mut Game, mode: Mode) -> usize {
    let mut n = 0;
    while game.redo().is_some() {
        n += 1;
        if !mode.ai_plays(game.to_move()) || mode == Mode::AiVsAi || game.outcome().is_over() {
            break;
        }
    }
    n
}

/// Who plays `stone`, for the status line.
fn player_name(stone: Stone, mode: Mode, lang: Lang) -> String {
    let colour = lang.t(stone_name(stone));
    if mode.ai_plays(stone) && mode != Mode::AiVsAi {
        fill(lang.t("{colour} (AI)"), &[("colour", &colour)])
    } else {
        colour.to_owned()
    }
}

/// The status line for a game in `mode`, after `last` (who played where), if any.
pub fn describe(game: &Game, mode: Mode, last: Option<(Stone, Pos)>, lang: Lang) -> String {
    let size = game.board().size();
    let played = last
        .map(|(s, p)| {
            fill(
                lang.t("{player} played {at}. "),
                &[
                    ("player", &player_name(s, mode, lang)),
                    ("at", &p.to_notation(size)),
                ],
            )
        })
        .unwrap_or_default();
    let what = match game.outcome() {
        Outcome::Ongoing => fill(
            lang.t("{player} to move"),
            &[("player", &player_name(game.to_move(), mode, lang))],
        ),
        // Freestyle's longer rows win too: a six is not called a five.
        Outcome::Five { winner, line } if line.len() != 5 => fill(
            lang.t("{player} wins with a row of {n}"),
            &[
                ("player", &player_name(*winner, mode, lang)),
                ("n", &line.len()),
            ],
        ),
        Outcome::Five { winner, .. } => fill(
            lang.t("{player} wins with five in a row"),
            &[("player", &player_name(*winner, mode, lang))],
        ),
        Outcome::Forbidden { at, kind } => fill(
            lang.t("Black played the forbidden {at} ({kind}). White wins"),
            &[
                ("at", &at.to_notation(size)),
                ("kind", &lang.t(forbidden_name(*kind))),
            ],
        ),
        Outcome::Resigned { loser } => fill(
            lang.t("{loser} resigned. {winner} wins"),
            &[
                ("loser", &player_name(*loser, mode, lang)),
                ("winner", &player_name(loser.opponent(), mode, lang)),
            ],
        ),
        Outcome::TimedOut { loser } => fill(
            lang.t("{loser} ran out of time. {winner} wins"),
            &[
                ("loser", &player_name(*loser, mode, lang)),
                ("winner", &player_name(loser.opponent(), mode, lang)),
            ],
        ),
        Outcome::Draw => lang.t("The board is full: a draw").to_owned(),
    };
    format!("{played}{what}")
}

/// Says the position again in a newly chosen language.
fn redescribe(
    lang: Res<Lang>,
    board: Res<Board>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    screen: Res<State<Screen>>,
    mut status: ResMut<StatusLine>,
) {
    if lang.is_added()
        || matches!(
            screen.get(),
            Screen::Replay
                | Screen::PastPosition
                | Screen::Analysis
                | Screen::Puzzle
                | Screen::Lobby
                | Screen::Online
        )
    {
        return;
    }
    status.0 = status_of(&board.0, active.0.mode, &opening, *lang);
}
