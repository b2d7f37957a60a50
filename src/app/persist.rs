//! Keeps what the player did: loads profiles, settings and history at start, records every
//! finished game, and saves each document whenever it changes. Problems with the stored files
//! are collected in [`StorageProblems`] for the menus to show.

use bevy::prelude::*;

use super::i18n::{Lang, system_language};
use super::turn::{ActiveSetup, GameSerial};
use super::{AppSystems, Board, GameSetup, Mode, Screen};
use crate::engine::record::{GameRecord, RecordMode, date};
use crate::engine::search::levels::Level;
use crate::engine::{Outcome, Stone};
use crate::players::settings::{LastSetup, SavedMode};
use crate::players::{
    GameResult, History, ProfileId, Profiles, Settings, StatKey, StatMode, Stats, UndoBudget,
};
use crate::store::{Document, Loaded, Store, StoreError};

/// The store the game saves into. Insert one before [`super::GamePlugin`] to choose it (tests
/// use [`Store::in_memory`]); otherwise the platform's is used.
#[derive(Resource, Deref)]
pub struct Storage(pub Store);

impl Storage {
    /// The platform's store: the data directory on the desktop, localStorage on the web,
    /// memory when neither can be had.
    pub fn platform() -> Storage {
        #[cfg(target_arch = "wasm32")]
        {
            Storage(Store::new(crate::store::LocalStorageBackend))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            match crate::store::FileBackend::platform() {
                Some(backend) => Storage(Store::new(backend)),
                None => {
                    warn!("no data directory found: nothing will be saved");
                    Storage(Store::in_memory())
                }
            }
        }
    }
}

/// The local players.
#[derive(Resource, Debug, Clone, Default, Deref, DerefMut)]
pub struct PlayerProfiles(pub Profiles);

/// Every finished (or imported) game.
#[derive(Resource, Debug, Clone, Default, Deref, DerefMut)]
pub struct GameHistory(pub History);

/// The player's settings.
#[derive(Resource, Debug, Clone, Copy, Default, Deref, DerefMut)]
pub struct UserSettings(pub Settings);

/// Problems with the stored files, to show the player until dismissed.
#[derive(Resource, Debug, Clone, Default)]
pub struct StorageProblems(pub Vec<String>);

/// Whether the last set-up from the settings should be used (not when the command line gave
/// one).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RestoreLastSetup(pub bool);

/// Settings chosen on the command line for this run, applied over the saved ones.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct SettingsOverride {
    /// The interface language.
    pub language: Option<crate::players::settings::Language>,
    /// The theme.
    pub theme: Option<crate::players::settings::Theme>,
}

/// What recording the current game changed, so that taking back its last move can undo it.
#[derive(Debug, Clone)]
struct Recorded {
    serial: u64,
    history_len_before: usize,
    players_before: Vec<(ProfileId, Stats, i32, u32, UndoBudget)>,
    undos_earned: Vec<(ProfileId, u32)>,
}

/// The recording of the game in play, if it has ended.
#[derive(Resource, Debug, Clone, Default)]
struct RecordedGame(Option<Recorded>);

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Storage>() {
        app.insert_resource(Storage::platform());
    }
    app.init_resource::<PlayerProfiles>()
        .init_resource::<GameHistory>()
        .init_resource::<UserSettings>()
        .init_resource::<StorageProblems>()
        .init_resource::<RecordedGame>()
        .add_systems(PreStartup, load_everything)
        .add_systems(
            Update,
            (record_finished_game, remember_setup)
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
            ),
        );
}

/// The name of a new player's first profile.
pub const FIRST_PLAYER: &str = "Player 1";

fn load<T: Document + Default>(store: &Store, problems: &mut StorageProblems) -> T {
    let loaded = store.load::<T>();
    if let Loaded::Unreadable { .. } = &loaded {
        error!("{} in {} could not be read", T::KEY, store.location());
    }
    let (value, problem) = loaded.or_default(T::KEY);
    problems.0.extend(problem);
    value
}

fn load_everything(
    storage: Res<Storage>,
    restore: Option<Res<RestoreLastSetup>>,
    overrides: Option<Res<SettingsOverride>>,
    mut profiles: ResMut<PlayerProfiles>,
    mut history: ResMut<GameHistory>,
    mut settings: ResMut<UserSettings>,
    mut problems: ResMut<StorageProblems>,
    mut setup: ResMut<GameSetup>,
    mut lang: ResMut<Lang>,
) {
    info!("saving to {}", storage.location());
    profiles.0 = load(&storage, &mut problems);
    profiles.0.ensure_active(FIRST_PLAYER, date::now());
    history.0 = load(&storage, &mut problems);
    settings.0 = load(&storage, &mut problems);
    if let Some(o) = overrides {
        if let Some(language) = o.language {
            settings.language = Some(language);
        }
        if let Some(theme) = o.theme {
            settings.theme = theme;
        }
    }
    lang.0 = settings.language.unwrap_or_else(system_language);
    if restore.is_none_or(|r| r.0) {
        apply_last_setup(&settings.0.last, &mut setup);
    }
}

/// The set-up remembered in the settings, as a game set-up.
fn apply_last_setup(last: &LastSetup, setup: &mut GameSetup) {
    setup.mode = match last.mode {
        SavedMode::VsAi => Mode::VsAi { human: last.human },
        SavedMode::TwoPlayers => Mode::TwoPlayers,
        SavedMode::AiVsAi => Mode::AiVsAi,
    };
    setup.level = Level::new(last.level);
    if crate::engine::Board::new(last.size).is_ok() {
        setup.size = last.size;
    }
    setup.rule = last.rule;
    setup.policy = last.policy;
}

/// Remembers the set-up of each game played in the settings (a set-up only shown behind the
/// menu at start is not one).
fn remember_setup(
    active: Res<ActiveSetup>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<UserSettings>,
) {
    if !active.is_changed() || (active.is_added() && *screen.get() == Screen::Menu) {
        return;
    }
    let s = &active.0;
    let (mode, human) = match s.mode {
        Mode::VsAi { human } => (SavedMode::VsAi, human),
        Mode::TwoPlayers => (SavedMode::TwoPlayers, settings.last.human),
        Mode::AiVsAi => (SavedMode::AiVsAi, settings.last.human),
    };
    let last = LastSetup {
        mode,
        human,
        level: s.level.number(),
        size: s.size,
        rule: s.rule,
        policy: s.policy,
    };
    if settings.last != last {
        settings.last = last;
    }
}

/// The name the AI plays under.
pub fn ai_name(level: Level) -> String {
    format!("AI {}", level.number())
}

/// Records a game when it ends (history and statistics); takes the record back if the
/// finishing move is undone, so only the game's final result counts.
fn record_finished_game(
    board: Res<Board>,
    active: Res<ActiveSetup>,
    serial: Res<GameSerial>,
    screen: Res<State<Screen>>,
    mut recorded: ResMut<RecordedGame>,
    mut profiles: ResMut<PlayerProfiles>,
    mut history: ResMut<GameHistory>,
) {
    // A game shown in the replay viewer is not played.
    if (!board.is_changed() && !serial.is_changed()) || *screen.get() == Screen::Replay {
        return;
    }
    let over = board.outcome().is_over();
    match &recorded.0 {
        Some(r) if r.serial == serial.0 => {
            if !over {
                let r = recorded.0.take().expect("matched Some");
                take_back(r, &mut profiles, &mut history);
            }
            return;
        }
        _ => recorded.0 = None,
    }
    // A game that was already over in its opening moves (continued from the end of a
    // replay, or given on the command line) was not played here.
    let played_here = board.board().moves().len() > active.0.moves.len()
        || matches!(board.outcome(), Outcome::Resigned { .. });
    if !over || !played_here {
        return;
    }
    recorded.0 = Some(record(
        &board,
        &active.0,
        serial.0,
        &mut profiles,
        &mut history,
    ));
}

/// Who played which colour: a profile or a name.
fn seats(setup: &GameSetup, profiles: &Profiles) -> [(Option<ProfileId>, String); 2] {
    let person = |p: Option<&crate::players::Profile>| {
        p.map(|p| (Some(p.id), p.name.clone()))
            .unwrap_or((None, "Guest".to_owned()))
    };
    let ai = (None, ai_name(setup.level));
    match setup.mode {
        Mode::VsAi {
            human: Stone::Black,
        } => [person(profiles.active()), ai],
        Mode::VsAi {
            human: Stone::White,
        } => [ai, person(profiles.active())],
        Mode::TwoPlayers => [person(profiles.active()), person(profiles.opponent())],
        Mode::AiVsAi => [ai.clone(), ai],
    }
}

fn record(
    board: &Board,
    setup: &GameSetup,
    serial: u64,
    profiles: &mut PlayerProfiles,
    history: &mut GameHistory,
) -> Recorded {
    let [black, white] = seats(setup, &profiles.0);
    let level = setup.level.number();
    let mode = match setup.mode {
        Mode::VsAi { human } => RecordMode::VsAi { level, human },
        Mode::TwoPlayers => RecordMode::TwoPlayers,
        Mode::AiVsAi => RecordMode::AiVsAi { level },
    };
    let record = GameRecord::of_game(&board.0, &black.1, &white.1, mode, date::now());
    let history_len_before = history.games.len();
    history.add(&record);
    let mut players_before = Vec::new();
    let mut undos_earned = Vec::new();
    let (stat_mode, key_level) = match setup.mode {
        Mode::VsAi { .. } => (StatMode::VsAi, Some(level)),
        Mode::TwoPlayers => (StatMode::TwoPlayers, None),
        Mode::AiVsAi => {
            return Recorded {
                serial,
                history_len_before,
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
        let result = result_for(board.outcome(), stone);
        let undos = profile.undo.left;
        profile.record(key, result);
        undos_earned.push((id, profile.undo.left.saturating_sub(undos)));
    }
    Recorded {
        serial,
        history_len_before,
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
    history.games.truncate(r.history_len_before);
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
    if let Err(StoreError(e)) = storage.save::<T>(&resource) {
        error!("{e}");
        if !problems.0.contains(&e) {
            problems.0.push(e);
        }
    }
}
