//! Keeps what the player did: loads profiles, settings and history at start, records every
//! finished game (observing [`GameEnded`], and [`GameReopened`] to take it back), and saves
//! each document whenever it changes. Problems with the stored files are collected in
//! [`StorageProblems`] for the menus to show. The documents themselves are the app's shared
//! vocabulary ([`PlayerProfiles`], [`GameHistory`], [`UserSettings`], ...).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::i18n::{Lang, system_language};
use super::{
    ActiveSetup, AppSystems, Board, CurrentGame, GameAbandoned, GameClock, GameEnded, GameHistory,
    GameOpening, GamePlayers, GameReopened, GameSerial, GameSetup, LeaveSavedGame, Mode,
    PendingUndoCredit, PlayerProfiles, RestoreLastSetup, ResumedGame, Screen, SettingsOverride,
    Storage, StorageProblem, StorageProblems, UserSettings,
};
use crate::players::settings::{LastSetup, SavedMode};
use crate::players::{
    GameResult, History, ProfileId, Profiles, Settings, StatKey, StatMode, Stats, UndoBudget,
    UnfinishedGame,
};
use crate::store::{Document, Loaded, Store, StoreError};
use gomoku_engine::analysis::StoredGame;
use gomoku_engine::opening::{Opening, OpeningRecord, OpeningRule};
use gomoku_engine::record::{GameRecord, RecordMode, date};
use gomoku_engine::search::levels::Level;
use gomoku_engine::{Game, Outcome, Stone};

/// What recording the current game changed, so that taking back its last move can undo it.
#[derive(Debug, Clone)]
struct Recorded {
    /// The record added to the history.
    record: StoredGame,
    players_before: Vec<(ProfileId, Stats, i32, u32, UndoBudget)>,
    undos_earned: Vec<(ProfileId, u32)>,
}

/// The recording of the game in play, if it has ended, with the game's serial.
#[derive(Resource, Debug, Clone, Default)]
struct RecordedGame {
    recorded: Option<(u64, Recorded)>,
}

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Storage>() {
        app.insert_resource(Storage::platform());
    }
    app.init_resource::<PlayerProfiles>()
        .init_resource::<GameHistory>()
        .init_resource::<UserSettings>()
        .init_resource::<StorageProblems>()
        .init_resource::<RecordedGame>()
        .init_resource::<PendingUndoCredit>()
        .add_systems(PreStartup, load_everything)
        // After the run's game is set up (`play::turn`, at Startup).
        .add_systems(PostStartup, record_game_given_over)
        .add_observer(keep_abandoned_game)
        .add_observer(record_finished_game)
        .add_observer(take_back_reopened_game)
        .init_resource::<CurrentGame>()
        .add_systems(
            Update,
            (
                forget_on_new_game.run_if(resource_changed::<GameSerial>),
                remember_setup,
                keep_current_game,
            )
                .chain()
                .after(AppSystems::ApplyMoves)
                .before(AppSystems::Think),
        )
        .add_systems(
            PostUpdate,
            (
                save::<Profiles, PlayerProfiles>.run_if(resource_changed::<PlayerProfiles>),
                save::<History, GameHistory>.run_if(resource_changed::<GameHistory>),
                save::<Settings, UserSettings>.run_if(resource_changed::<UserSettings>),
                save::<UnfinishedGame, CurrentGame>.run_if(resource_changed::<CurrentGame>),
            ),
        )
        // After the window's own systems have asked to exit (closing the window): this is the
        // last frame, PostUpdate's saves have run.
        .add_systems(Last, keep_clocks_on_exit.after(bevy::window::ExitSystems));
}

fn load<T: Document + Default>(store: &Store, problems: &mut StorageProblems) -> T {
    match store.load::<T>() {
        Loaded::Missing => T::default(),
        Loaded::Found(value) => value,
        Loaded::Unreadable { problem, moved_to } => {
            error!(
                "{} in {} could not be read: {problem}",
                T::KEY,
                store.location()
            );
            problems.0.push(StorageProblem::Unreadable {
                file: T::KEY.to_owned(),
                reason: problem,
                kept_as: moved_to,
            });
            T::default()
        }
    }
}

fn load_everything(
    mut commands: Commands,
    storage: Res<Storage>,
    restore: Option<Res<RestoreLastSetup>>,
    overrides: Option<Res<SettingsOverride>>,
    mut profiles: ResMut<PlayerProfiles>,
    mut history: ResMut<GameHistory>,
    mut settings: ResMut<UserSettings>,
    mut problems: ResMut<StorageProblems>,
    mut setup: ResMut<GameSetup>,
    mut current: ResMut<CurrentGame>,
    mut lang: ResMut<Lang>,
) {
    info!("saving to {}", storage.location());
    profiles.0 = load(&storage, &mut problems);
    history.0 = load(&storage, &mut problems);
    settings.0 = load(&storage, &mut problems);
    current.0 = load(&storage, &mut problems);
    let unfinished = current.0.clone();
    if let Some(o) = overrides {
        if let Some(language) = o.language {
            settings.language = Some(language);
        }
        if let Some(theme) = o.theme {
            settings.theme = theme;
        }
    }
    lang.0 = settings.language.unwrap_or_else(system_language);
    // The first player's name is in the player's language ("Player 1", "玩家 1").
    let first = profiles.free_name(lang.t("Player"));
    profiles.0.ensure_active(&first, date::now());
    let restore = restore.is_none_or(|r| r.0);
    if restore {
        apply_last_setup(&settings.0.last, &mut setup);
    }
    // The unfinished game goes back on the board behind the menu even when the command line
    // chose the menu's set-up (`--size 19 --show players`); only a game started from the
    // command line (on the Playing screen) takes its place.
    if let Some(resumed) = resumable(&unfinished) {
        if restore {
            *setup = GameSetup {
                moves: Vec::new(),
                ..resumed.clone()
            };
            // A game resumed after its opening goes on from its position, with the colours
            // the opening gave; the menu keeps the opening rule and the seat it began with.
            if settings.last.opening != OpeningRule::None {
                apply_last_setup(&settings.0.last, &mut setup);
            }
        }
        commands.insert_resource(ResumedGame(resumed));
    }
}

/// The game left unfinished last time, when its moves still make a game under its rule: its
/// set-up with its moves.
fn resumable(unfinished: &UnfinishedGame) -> Option<GameSetup> {
    if unfinished.moves.trim().is_empty() {
        return None;
    }
    let mut resumed = GameSetup::default();
    apply_last_setup(&unfinished.setup, &mut resumed);
    let Ok(moves) = gomoku_engine::board::parse_moves(&unfinished.moves, resumed.size) else {
        warn!("the unfinished game's moves cannot be read; it is not resumed");
        return None;
    };
    match gomoku_engine::Game::from_moves(resumed.size, resumed.rule, resumed.policy, &moves) {
        Ok(game) if !game.outcome().is_over() => {
            resumed.moves = moves;
            Some(resumed)
        }
        _ => {
            warn!("the unfinished game does not replay; it is not resumed");
            None
        }
    }
}

/// Keeps the game in progress saved after every move (and clears it when the game ends), with
/// its clocks as they stand then; they are saved again when they stop (the game leaves the
/// screen) and when the game closes (`keep_clocks_on_exit`), so they come back as they were
/// left.
/// The game the run starts with is not saved until something is played: a run that starts
/// from the command line (a screenshot, say) must not wipe the unfinished game of the last.
/// A game in its opening is not saved (its steps are not moves); once the opening is over the
/// game is saved as a game from its position, with the colours the opening gave.
fn keep_current_game(
    board: Res<Board>,
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    serial: Res<GameSerial>,
    screen: Res<State<Screen>>,
    leave: Option<Res<LeaveSavedGame>>,
    clock: Res<GameClock>,
    mut current: ResMut<CurrentGame>,
) {
    // Leaving the replay by "Continue from here" starts a game that must be saved at once,
    // though the board was set while the replay was still on screen.
    if (!board.is_changed() && !screen.is_changed())
        || matches!(
            screen.get(),
            Screen::Replay
                | Screen::PastPosition
                | Screen::Analysis
                | Screen::Puzzle
                | Screen::Online
        )
    {
        return;
    }
    // A game started from the command line with moves (`--moves`) is saved at once, unless
    // the run only captures the screen.
    let untouched_start = serial.0 == 0 && board.board().moves() == &active.0.moves[..];
    if untouched_start && (active.0.moves.is_empty() || leave.is_some()) {
        return;
    }
    let moves = if board.outcome().is_over() || opening.running().is_some() {
        String::new()
    } else {
        board.board().moves_notation()
    };
    let mut setup = last_setup_of(&active.0, current.setup.human);
    setup.opening = OpeningRule::None;
    let clock = clock.0.clone().filter(|_| !moves.is_empty());
    let wanted = UnfinishedGame {
        setup,
        moves,
        clock,
    };
    if current.0 != wanted {
        current.0 = wanted;
    }
}

/// Saves the game in progress with its clocks as they stand when the game closes (the window
/// closed, or any other exit): the time the side to move has spent on its move stays spent,
/// as when the game leaves the screen. Only the game saved is touched, at the position saved.
fn keep_clocks_on_exit(
    mut exits: MessageReader<AppExit>,
    board: Res<Board>,
    clock: Res<GameClock>,
    storage: Res<Storage>,
    mut current: ResMut<CurrentGame>,
    mut problems: ResMut<StorageProblems>,
) {
    if exits.read().count() == 0 {
        return;
    }
    let Some(clocks) = &clock.0 else {
        return;
    };
    // The saved game is the one on the board, at the clocks' position (not a game started
    // from the command line that was not saved, nor one that has ended).
    let same_game = !current.moves.is_empty()
        && current.moves == board.board().moves_notation()
        && current
            .clock
            .as_ref()
            .is_some_and(|c| c.at() == clocks.at() && c.control() == clocks.control());
    if !same_game || current.clock.as_ref() == Some(clocks) {
        return;
    }
    current.clock = Some(clocks.clone());
    save_now::<UnfinishedGame>(&current, &storage, &mut problems);
}

/// The set-up remembered in the settings, as a game set-up.
fn apply_last_setup(last: &LastSetup, setup: &mut GameSetup) {
    setup.mode = match last.mode {
        SavedMode::VsAi => Mode::VsAi { human: last.human },
        SavedMode::TwoPlayers => Mode::TwoPlayers,
        SavedMode::AiVsAi => Mode::AiVsAi,
    };
    setup.level = Level::new(last.level);
    if gomoku_engine::Board::new(last.size).is_ok() {
        setup.size = last.size;
    }
    setup.rule = last.rule;
    setup.policy = last.policy;
    setup.time = last.time;
    // An opening rule the rule or board cannot take (an edited file) is left out.
    setup.opening = match Opening::new(last.opening, setup.rule, setup.size) {
        Ok(_) => last.opening,
        Err(e) => {
            warn!("the saved opening rule is not used: {e}");
            OpeningRule::None
        }
    };
}

/// Remembers the set-up of each game played in the settings (a set-up only shown behind the
/// menu at start is not one).
fn remember_setup(
    active: Res<ActiveSetup>,
    opening: Res<GameOpening>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<UserSettings>,
) {
    if !active.is_changed() || (active.is_added() && *screen.get() == Screen::Menu) {
        return;
    }
    // The seats, not the colours the opening gave.
    let last = last_setup_of(&opening.seated(&active.0), settings.last.human);
    if settings.last != last {
        settings.last = last;
    }
}

/// The set-up to remember for `setup`; `human` stands for the person's colour when no person
/// plays the AI.
fn last_setup_of(setup: &GameSetup, human: Stone) -> LastSetup {
    let (mode, human) = match setup.mode {
        Mode::VsAi { human } => (SavedMode::VsAi, human),
        Mode::TwoPlayers => (SavedMode::TwoPlayers, human),
        Mode::AiVsAi => (SavedMode::AiVsAi, human),
    };
    LastSetup {
        mode,
        human,
        level: setup.level.number(),
        size: setup.size,
        rule: setup.rule,
        policy: setup.policy,
        opening: setup.opening,
        time: setup.time,
    }
}

/// The name the AI plays under.
pub fn ai_name(level: Level) -> String {
    format!("AI {}", level.number())
}

/// What recording a finished game changes: the history, the players' statistics, the record
/// kept for taking it back, and the undos it earned.
#[derive(SystemParam)]
struct Recording<'w> {
    serial: Res<'w, GameSerial>,
    state: ResMut<'w, RecordedGame>,
    credit: ResMut<'w, PendingUndoCredit>,
    profiles: ResMut<'w, PlayerProfiles>,
    history: ResMut<'w, GameHistory>,
}

impl Recording<'_> {
    /// Records the finished `game` (once a game: its serial).
    fn keep(
        &mut self,
        game: &Game,
        setup: &GameSetup,
        players: &GamePlayers,
        opening: &Option<OpeningRecord>,
    ) {
        let serial = self.serial.0;
        if self
            .state
            .recorded
            .as_ref()
            .is_some_and(|(s, _)| *s == serial)
        {
            return;
        }
        let r = record(
            game,
            setup,
            players,
            opening,
            &mut self.profiles,
            &mut self.history,
        );
        let earned = self
            .profiles
            .active
            .and_then(|id| r.undos_earned.iter().find(|(i, _)| *i == id))
            .map_or(0, |(_, n)| *n);
        self.credit.set_if_neq(PendingUndoCredit(earned));
        self.state.recorded = Some((serial, r));
    }
}

/// Records a game when it ends in play (history and statistics). A game continued from the
/// end of a replay, over from its opening moves, does not end in play, so it does not count
/// (it is in the history already); one given over on the command line is recorded at start
/// ([`record_game_given_over`]).
fn record_finished_game(ended: On<GameEnded>, mut recording: Recording) {
    let GameEnded {
        game,
        setup,
        players,
        opening,
    } = ended.event();
    recording.keep(game, setup, players, opening);
}

/// Records the run's game when its moves, given on the command line (`--moves`), already hold
/// its end (a five, a full board), as any finished game is kept: in the history and the
/// players' statistics (taken back as any other if its last move is undone). It did not end
/// in play, so no [`GameEnded`] is sent: no sparks, no sound. A run that only captures the
/// screen keeps nothing.
fn record_game_given_over(
    board: Res<Board>,
    active: Res<ActiveSetup>,
    players: Res<GamePlayers>,
    opening: Res<GameOpening>,
    leave: Option<Res<LeaveSavedGame>>,
    mut recording: Recording,
) {
    let given = &active.0.moves;
    if leave.is_some()
        || given.is_empty()
        || board.board().moves() != &given[..]
        || !board.outcome().is_over()
    {
        return;
    }
    recording.keep(&board.0, &active.0, &players, &opening.record());
}

/// Takes the record of the game back when its finishing move (or the resignation) is undone,
/// so only the game's final result counts.
fn take_back_reopened_game(
    _reopened: On<GameReopened>,
    serial: Res<GameSerial>,
    mut state: ResMut<RecordedGame>,
    mut credit: ResMut<PendingUndoCredit>,
    mut profiles: ResMut<PlayerProfiles>,
    mut history: ResMut<GameHistory>,
) {
    if let Some((s, r)) = state.recorded.take() {
        if s == serial.0 {
            take_back(r, &mut profiles, &mut history);
        }
        credit.set_if_neq(PendingUndoCredit(0));
    }
}

/// A new game: whatever was recorded stays recorded, and the undos it earned are there.
fn forget_on_new_game(
    serial: Res<GameSerial>,
    mut state: ResMut<RecordedGame>,
    mut credit: ResMut<PendingUndoCredit>,
) {
    if state.recorded.as_ref().is_some_and(|(s, _)| *s != serial.0) {
        state.recorded = None;
    }
    if state.recorded.is_none() {
        credit.set_if_neq(PendingUndoCredit(0));
    }
}

/// Keeps a long game that was left for a new one (or restarted) in the history, as unfinished:
/// it can be replayed and continued, and counts for nobody.
fn keep_abandoned_game(
    abandoned: On<GameAbandoned>,
    profiles: Res<PlayerProfiles>,
    mut history: ResMut<GameHistory>,
) {
    let GameAbandoned {
        game,
        setup,
        players,
        opening,
    } = abandoned.event();
    let [black, white] = seats(setup, players, &profiles.0);
    let record = game_record(game, &black.1, &white.1, setup, opening);
    history.add(&record);
}

/// How a game of `setup` is kept in its record: who played and at which AI level.
fn record_mode(setup: &GameSetup) -> RecordMode {
    let level = setup.level.number();
    match setup.mode {
        Mode::VsAi { human } => RecordMode::VsAi { level, human },
        Mode::TwoPlayers => RecordMode::TwoPlayers,
        Mode::AiVsAi => RecordMode::AiVsAi { level },
    }
}

/// Who played which colour: the game's profiles (a guest when it has none, or its profile was
/// deleted since) or the AI.
fn seats(
    setup: &GameSetup,
    players: &GamePlayers,
    profiles: &Profiles,
) -> [(Option<ProfileId>, String); 2] {
    let person = |stone: Stone| {
        players
            .of_stone(stone)
            .and_then(|id| profiles.get(id).ok())
            .map(|p| (Some(p.id), p.name.clone()))
            .unwrap_or((None, "Guest".to_owned()))
    };
    let ai = (None, ai_name(setup.level));
    match setup.mode {
        Mode::VsAi {
            human: Stone::Black,
        } => [person(Stone::Black), ai],
        Mode::VsAi {
            human: Stone::White,
        } => [ai, person(Stone::White)],
        Mode::TwoPlayers => [person(Stone::Black), person(Stone::White)],
        Mode::AiVsAi => [ai.clone(), ai],
    }
}

/// The record of `game` as it stands, with the opening it began with.
fn game_record(
    game: &Game,
    black: &str,
    white: &str,
    setup: &GameSetup,
    opening: &Option<OpeningRecord>,
) -> GameRecord {
    let record = GameRecord::of_game(game, black, white, record_mode(setup), date::now());
    match opening {
        Some(o) => record.with_opening(o.clone()),
        None => record,
    }
}

fn record(
    game: &Game,
    setup: &GameSetup,
    players: &GamePlayers,
    opening: &Option<OpeningRecord>,
    profiles: &mut PlayerProfiles,
    history: &mut GameHistory,
) -> Recorded {
    let [black, white] = seats(setup, players, &profiles.0);
    let record = game_record(game, &black.1, &white.1, setup, opening);
    let stored = StoredGame::from_record(&record);
    history.games.push(stored.clone());
    let mut players_before = Vec::new();
    let mut undos_earned = Vec::new();
    let (stat_mode, key_level) = match setup.mode {
        Mode::VsAi { .. } => (StatMode::VsAi, Some(setup.level.number())),
        Mode::TwoPlayers => (StatMode::TwoPlayers, None),
        Mode::AiVsAi => {
            return Recorded {
                record: stored,
                players_before,
                undos_earned,
            };
        }
    };
    let key = StatKey {
        mode: stat_mode,
        rule: setup.rule,
        level: key_level,
    };
    // A profile playing both colours is not counted: its result would be both.
    let same_player = black.0.is_some() && black.0 == white.0;
    for (seat, stone) in [(&black, Stone::Black), (&white, Stone::White)] {
        let Some(id) = seat.0.filter(|_| !same_player) else {
            continue;
        };
        let Ok(profile) = profiles.get_mut(id) else {
            continue;
        };
        players_before.push((
            id,
            profile.stats.clone(),
            profile.rating,
            profile.rated_games,
            profile.undo,
        ));
        let result = result_for(game.outcome(), stone);
        let undos = profile.undo.left;
        profile.record(key, result);
        undos_earned.push((id, profile.undo.left.saturating_sub(undos)));
    }
    Recorded {
        record: stored,
        players_before,
        undos_earned,
    }
}

/// The result of a finished game for the player of `stone`.
pub fn result_for(outcome: &Outcome, stone: Stone) -> GameResult {
    match outcome.winner() {
        Some(w) if w == stone => GameResult::Win,
        Some(_) => GameResult::Loss,
        None => GameResult::Draw,
    }
}

fn take_back(r: Recorded, profiles: &mut PlayerProfiles, history: &mut GameHistory) {
    // Only this game's record goes; games imported since stay.
    if let Some(i) = history.games.iter().rposition(|g| *g == r.record) {
        history.games.remove(i);
    }
    for (id, stats, rating, rated, _) in r.players_before {
        if let Ok(p) = profiles.get_mut(id) {
            p.stats = stats;
            p.rating = rating;
            p.rated_games = rated;
            // Undos spent since stay spent; only the ones this result earned go.
            let earned = r
                .undos_earned
                .iter()
                .find(|(i, _)| *i == id)
                .map_or(0, |(_, n)| *n);
            p.undo.left = p.undo.left.saturating_sub(earned);
        }
    }
}

/// Saves one document when its resource has changed.
fn save<T: Document, R: Resource + std::ops::Deref<Target = T>>(
    resource: Res<R>,
    storage: Res<Storage>,
    mut problems: ResMut<StorageProblems>,
) {
    save_now::<T>(&resource, &storage, &mut problems);
}

/// Saves `document` now; a failure is logged and kept in `problems` for the player.
fn save_now<T: Document>(document: &T, storage: &Storage, problems: &mut StorageProblems) {
    if let Err(StoreError(e)) = storage.save::<T>(document) {
        error!("{e}");
        let problem = StorageProblem::NotSaved { reason: e };
        if !problems.0.contains(&problem) {
            problems.0.push(problem);
        }
    }
}
