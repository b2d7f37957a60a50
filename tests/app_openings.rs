//! The opening rules in a headless App: each rule's steps with the person opening and
//! answering against the AI, two players, the AI against itself; undo of steps; bad steps
//! refused with a clear status line and no change; the finished game saved with its opening.

mod common;

use common::app::{board, click, command};
use common::at;

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::app::i18n::Lang;
use gomoku::app::i18n::opening::record_lines;
use gomoku::app::play::AiBrain;
use gomoku::app::play::opening_ai::{OpeningAiSettings, OpeningThinking};
use gomoku::app::{
    ActiveSetup, Board, GameCommand, GameHistory, GameOpening, GamePlugin, GameSetup, Mode,
    MoveRequest, OpeningPlay, OpeningRequest, Screen, StatusLine, Storage, UserSettings,
    seat_player,
};
use gomoku::players::settings::Language;
use gomoku::store::Store;
use gomoku_engine::opening::ai::Budget;
use gomoku_engine::opening::{Action, Choice, Opening, OpeningRule, Player, Task, text};
use gomoku_engine::record::json::to_json;
use gomoku_engine::{Pos, Rule, Stone};

/// The opening AI's settings in these tests: a tiny budget, a fixed seed, no pause.
fn quick_ai() -> OpeningAiSettings {
    OpeningAiSettings {
        budget: Some(Budget::Nodes(600)),
        seed: Some(7),
        pace: 0.0,
    }
}

/// A move AI that answers at once: the first free point that is not forbidden.
fn quick_brain() -> AiBrain {
    AiBrain(Arc::new(|board, rule, _, _| {
        board.points().find(|&p| {
            board.is_empty_at(p)
                && !(rule.has_forbidden(board.to_move())
                    && gomoku_engine::rules::forbidden_kind(&board, p).is_some())
        })
    }))
}

fn app_with(setup: GameSetup, ai: OpeningAiSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage(Store::in_memory()))
        .insert_resource(common::english())
        .insert_resource(setup)
        .insert_resource(ai)
        .insert_state(Screen::Playing)
        .add_plugins(GamePlugin)
        .insert_resource(quick_brain());
    app.update();
    app
}

fn setup(rule: Rule, opening: OpeningRule, mode: Mode) -> GameSetup {
    GameSetup {
        mode,
        rule,
        opening,
        ..GameSetup::default()
    }
}

fn vs_ai(human: Stone) -> Mode {
    Mode::VsAi { human }
}

fn choose(app: &mut App, action: Action) {
    app.world_mut()
        .write_message(OpeningRequest::person(action));
    app.update();
}

fn opening(app: &App) -> OpeningPlay {
    app.world()
        .resource::<GameOpening>()
        .0
        .clone()
        .expect("the game has an opening")
}

fn running(app: &App) -> bool {
    app.world().resource::<GameOpening>().running().is_some()
}

fn status(app: &App) -> String {
    app.world().resource::<StatusLine>().0.clone()
}

fn mode(app: &App) -> Mode {
    app.world().resource::<ActiveSetup>().0.mode
}

/// Updates until `done`; panics after `limit` updates.
fn update_until(app: &mut App, limit: usize, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..limit {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!(
        "{what}: not within {limit} updates; status: {}",
        status(app)
    );
}

/// A legal action for the step due: the first legal point out from the centre for a stone or
/// an offer, the first offer to pick, two more stones when that is offered (else the first
/// option), two offers to declare.
fn some_action(play: &OpeningPlay) -> Action {
    let step = play.step().expect("the opening runs");
    let o = &play.opening;
    match &step.task {
        Task::Place { .. } | Task::Offer { .. } => {
            let size = o.board().size();
            let c = o.board().center();
            let mut points: Vec<Pos> = o.board().points().collect();
            points.sort_by_key(|p| {
                let d = (p.x as i32 - c.x as i32)
                    .abs()
                    .max((p.y as i32 - c.y as i32).abs());
                (d, p.y, p.x)
            });
            points
                .into_iter()
                .map(Action::Place)
                .find(|&a| o.check(step.actor, a).is_ok())
                .unwrap_or_else(|| panic!("no legal point on a {size}x{size} board"))
        }
        Task::Pick { offers } => Action::Pick(offers[0]),
        Task::Choose { options } if options.contains(&Choice::PlaceTwo) => {
            Action::Choose(Choice::PlaceTwo)
        }
        Task::Choose { options } => Action::Choose(options[0]),
        Task::Declare { .. } => Action::Declare(2),
    }
}

/// Takes the person's step when one is due: points by clicks, choices by the guide's
/// requests. Returns whether one was taken.
fn person_step(app: &mut App) -> bool {
    let Some(play) = app.world().resource::<GameOpening>().running().cloned() else {
        return false;
    };
    if !play.person_to_act() {
        return false;
    }
    let before = play.opening.steps().len();
    match some_action(&play) {
        Action::Place(p) | Action::Pick(p) => {
            app.world_mut().write_message(MoveRequest::person(p));
            app.update();
        }
        action => choose(app, action),
    }
    let after = opening(app).opening.steps().len();
    assert_eq!(after, before + 1, "the step was refused: {}", status(app));
    true
}

/// Plays the opening through: the person's steps (both seats with two players), the AI's by
/// itself. Returns the number of steps the person took.
fn play_opening(app: &mut App) -> usize {
    let mut taken = 0;
    for _ in 0..3_000 {
        if !running(app) {
            return taken;
        }
        if person_step(app) {
            taken += 1;
        } else {
            app.update();
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    panic!("the opening did not end; status: {}", status(app));
}

/// After the opening: the person's colour follows their seat's result, the board holds the
/// opening's stones, and the game goes on (the person's move is played, or the AI moves).
fn check_the_game_goes_on(app: &mut App, person: Player) {
    let play = opening(app);
    let result = play.opening.result().expect("the opening is over");
    assert_eq!(
        mode(app),
        Mode::VsAi {
            human: result.colour_of(person)
        }
    );
    assert_eq!(board(app).board(), play.opening.board());
    let s = status(app);
    assert!(s.contains("Opening over: you play"), "{s}");
    let stones = play.stones();
    if result.colour_of(person) == board(app).to_move() {
        let free = board(app)
            .board()
            .points()
            .find(|&p| board(app).check(p).is_ok())
            .unwrap();
        app.world_mut().write_message(MoveRequest::person(free));
        app.update();
    } else {
        update_until(app, 2_000, "the AI's first move", |a| {
            board(a).board().moves().len() > stones
        });
    }
    assert_eq!(board(app).board().moves().len(), stones + 1);
    // The seats are remembered, not the colours.
    let seat = app.world().resource::<UserSettings>().last.human;
    assert_eq!(seat_player(seat), person);
}

/// Each opening rule against the AI, the person opening and answering.
fn against_the_ai(rule: Rule, opening_rule: OpeningRule, person: Player) {
    let seat = match person {
        Player::First => Stone::Black,
        Player::Second => Stone::White,
    };
    let mut app = app_with(setup(rule, opening_rule, vs_ai(seat)), quick_ai());
    assert!(running(&app));
    let taken = play_opening(&mut app);
    let steps = opening(&app).opening.steps().to_vec();
    assert!(taken > 0, "the person took no step");
    assert_eq!(
        steps.iter().filter(|s| s.actor == person).count(),
        taken,
        "the person's steps are their seat's"
    );
    assert!(
        steps.iter().any(|s| s.actor == person.other()),
        "the AI took no step"
    );
    check_the_game_goes_on(&mut app, person);
}

#[test]
fn swap1_against_the_ai_opening_and_answering() {
    against_the_ai(Rule::Freestyle, OpeningRule::Swap1, Player::First);
    against_the_ai(Rule::Freestyle, OpeningRule::Swap1, Player::Second);
}

#[test]
fn swap2_against_the_ai_opening_and_answering() {
    against_the_ai(Rule::Standard, OpeningRule::Swap2, Player::First);
    against_the_ai(Rule::Freestyle, OpeningRule::Swap2, Player::Second);
}

#[test]
fn soosorv_against_the_ai_opening_and_answering() {
    against_the_ai(Rule::Renju, OpeningRule::Soosorv8, Player::First);
    against_the_ai(Rule::Renju, OpeningRule::Soosorv8, Player::Second);
}

#[test]
fn the_ai_against_itself_plays_every_opening_through() {
    for (rule, opening_rule) in [
        (Rule::Freestyle, OpeningRule::Swap1),
        (Rule::Freestyle, OpeningRule::Swap2),
        (Rule::Renju, OpeningRule::Soosorv8),
    ] {
        let mut app = app_with(setup(rule, opening_rule, Mode::AiVsAi), quick_ai());
        play_opening(&mut app);
        let stones = opening(&app).stones();
        assert!(stones >= 3);
        update_until(&mut app, 2_000, "the first move after the opening", |a| {
            board(a).board().moves().len() > stones
        });
        assert_eq!(mode(&app), Mode::AiVsAi);
    }
}

#[test]
fn two_players_take_every_step_of_swap2_and_the_colours_follow() {
    let mut app = app_with(
        setup(Rule::Freestyle, OpeningRule::Swap2, Mode::TwoPlayers),
        quick_ai(),
    );
    assert_eq!(status(&app), "First player: place stone 1 of 3, Black");
    click(&mut app, "h8");
    assert_eq!(
        status(&app),
        "First player placed h8. First player: place stone 2 of 3, White"
    );
    click(&mut app, "i9");
    click(&mut app, "j10");
    assert_eq!(
        status(&app),
        "First player placed j10. Second player: take Black, take White, or place two more \
         stones"
    );
    choose(&mut app, Action::Choose(Choice::PlaceTwo));
    click(&mut app, "g7");
    click(&mut app, "i7");
    assert!(
        status(&app).ends_with("First player: take Black or take White"),
        "{}",
        status(&app)
    );
    // The first player takes white: the second plays black, and white moves next.
    choose(&mut app, Action::Choose(Choice::White));
    assert!(!running(&app));
    assert_eq!(board(&app).board().moves_notation(), "h8 i9 j10 g7 i7");
    assert_eq!(board(&app).to_move(), Stone::White);
    let s = status(&app);
    assert!(
        s.starts_with("First player took White. Opening over: the first player plays White."),
        "{s}"
    );
    click(&mut app, "k11");
    assert_eq!(board(&app).board().moves().len(), 6);
    assert_eq!(board(&app).board().get(at("k11")), Some(Stone::White));
}

#[test]
fn undo_takes_back_opening_steps_and_goes_back_into_a_finished_opening() {
    let mut app = app_with(
        setup(Rule::Freestyle, OpeningRule::Swap1, Mode::TwoPlayers),
        quick_ai(),
    );
    for p in ["h8", "i9", "j10"] {
        click(&mut app, p);
    }
    command(&mut app, GameCommand::Undo);
    assert_eq!(opening(&app).opening.steps().len(), 2);
    assert_eq!(board(&app).board().moves_notation(), "h8 i9");
    assert_eq!(status(&app), "First player: place stone 3 of 3, Black");
    click(&mut app, "k11");
    choose(&mut app, Action::Choose(Choice::Black));
    assert!(!running(&app));
    click(&mut app, "a1");
    assert_eq!(board(&app).board().moves().len(), 4);
    // The move, then the choice: the opening runs again at the choice.
    command(&mut app, GameCommand::Undo);
    assert_eq!(board(&app).board().moves().len(), 3);
    assert!(!running(&app));
    command(&mut app, GameCommand::Undo);
    assert!(running(&app));
    assert_eq!(opening(&app).opening.steps().len(), 3);
    assert!(
        status(&app).starts_with("Second player: take Black or take White"),
        "{}",
        status(&app)
    );
    choose(&mut app, Action::Choose(Choice::White));
    assert!(!running(&app));
}

#[test]
fn undo_against_the_ai_goes_back_to_the_persons_step() {
    let mut app = app_with(
        setup(Rule::Freestyle, OpeningRule::Swap1, vs_ai(Stone::Black)),
        quick_ai(),
    );
    for p in ["h8", "i9", "j10"] {
        click(&mut app, p);
    }
    update_until(&mut app, 2_000, "the AI's choice", |a| !running(a));
    // Back over the AI's choice to the person's third stone.
    command(&mut app, GameCommand::Undo);
    assert!(running(&app));
    assert_eq!(opening(&app).opening.steps().len(), 2);
    assert_eq!(mode(&app), vs_ai(Stone::Black), "the seats again");
    assert!(!app.world().resource::<OpeningThinking>().is_thinking());
    assert_eq!(status(&app), "You: place stone 3 of 3, Black");
}

#[test]
fn bad_steps_are_refused_with_a_clear_message_and_change_nothing() {
    // A fourth stone in swap1.
    let mut app = app_with(
        setup(Rule::Freestyle, OpeningRule::Swap1, Mode::TwoPlayers),
        quick_ai(),
    );
    for p in ["h8", "i9", "j10"] {
        click(&mut app, p);
    }
    let before = opening(&app);
    click(&mut app, "k11");
    assert_eq!(opening(&app), before);
    assert_eq!(board(&app).board().moves().len(), 3);
    assert_eq!(
        status(&app),
        "No stone to place now: Second player: take Black or take White"
    );
    // Two more stones are not an option in swap1.
    choose(&mut app, Action::Choose(Choice::PlaceTwo));
    assert_eq!(opening(&app), before);
    assert!(status(&app).starts_with("That choice is not offered here"));
    // A taken point.
    let mut app = app_with(
        setup(Rule::Freestyle, OpeningRule::Swap2, Mode::TwoPlayers),
        quick_ai(),
    );
    click(&mut app, "h8");
    click(&mut app, "h8");
    assert_eq!(status(&app), "h8 is already taken");
    assert_eq!(opening(&app).opening.steps().len(), 1);
}

#[test]
fn a_click_while_the_ai_is_to_choose_is_refused() {
    // The AI takes its time (each position it judges gets 300 ms), so the click lands while
    // it decides.
    let slow = OpeningAiSettings {
        budget: Some(Budget::Time(Duration::from_millis(300))),
        ..quick_ai()
    };
    let mut app = app_with(
        setup(Rule::Freestyle, OpeningRule::Swap1, vs_ai(Stone::Black)),
        slow,
    );
    for p in ["h8", "i9", "j10"] {
        click(&mut app, p);
    }
    assert!(app.world().resource::<OpeningThinking>().is_thinking());
    let before = opening(&app);
    click(&mut app, "k11");
    assert_eq!(opening(&app), before);
    assert_eq!(board(&app).board().moves().len(), 3);
    assert_eq!(
        status(&app),
        "Not your turn: The AI: take Black or take White"
    );
    // A choice out of turn too.
    choose(&mut app, Action::Choose(Choice::Black));
    assert_eq!(opening(&app), before);
    update_until(&mut app, 3_000, "the AI's choice", |a| !running(a));
}

/// A Soosõrv-8 opening given up to the pick of the fifth move: black (the second player) has
/// offered j8 and g7.
fn soosorv_to_the_pick(mode: Mode) -> GameSetup {
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    text::play_steps(&mut o, "h8 i9 j10 black g9 2 black j8 g7").unwrap();
    GameSetup {
        opening_steps: o.steps().iter().map(|s| s.action).collect(),
        ..setup(Rule::Renju, OpeningRule::Soosorv8, mode)
    }
}

#[test]
fn a_fifth_move_outside_the_offers_is_refused_and_an_offer_is_picked() {
    let mut app = app_with(soosorv_to_the_pick(Mode::TwoPlayers), quick_ai());
    assert_eq!(
        status(&app),
        "First player: pick one of the 2 fifth moves offered (marked on the board)"
    );
    let before = opening(&app);
    click(&mut app, "k11");
    assert_eq!(opening(&app), before);
    assert_eq!(status(&app), "k11 is not one of the fifth moves offered");
    assert_eq!(board(&app).board().moves().len(), 4);
    click(&mut app, "g7");
    assert!(!running(&app));
    let play = opening(&app);
    assert_eq!(play.opening.result().unwrap().black, Player::Second);
    assert_eq!(board(&app).board().moves_notation(), "h8 i9 j10 g9 g7");
    assert!(status(&app).starts_with("First player picked g7. Opening over:"));
}

#[test]
fn a_soosorv_declaration_and_offers_by_the_person() {
    // The person opens; as the steps fall, they declare, offer and pick as their seat must.
    let mut app = app_with(
        setup(Rule::Renju, OpeningRule::Soosorv8, Mode::TwoPlayers),
        quick_ai(),
    );
    for p in ["h8", "i9", "j10"] {
        click(&mut app, p);
    }
    // The second player takes white, so places the fourth move and declares the offers.
    choose(&mut app, Action::Choose(Choice::White));
    assert!(
        status(&app).ends_with("Second player: place stone 4 of 4, White"),
        "{}",
        status(&app)
    );
    click(&mut app, "g9");
    choose(&mut app, Action::Declare(9));
    assert_eq!(status(&app), "Declare 1 to 8 offers");
    choose(&mut app, Action::Declare(2));
    // The first player keeps black and offers two fifth moves, no two alike.
    choose(&mut app, Action::Choose(Choice::Black));
    click(&mut app, "j8");
    assert_eq!(opening(&app).opening.offers(), [at("j8")]);
    assert_eq!(
        board(&app).board().moves().len(),
        4,
        "an offer is not a stone"
    );
    click(&mut app, "g7");
    assert!(
        status(&app).ends_with(
            "Second player: pick one of the 2 fifth moves offered (marked on the board)"
        ),
        "{}",
        status(&app)
    );
    click(&mut app, "j8");
    assert!(!running(&app));
    assert_eq!(board(&app).board().moves_notation(), "h8 i9 j10 g9 j8");
}

#[test]
fn a_finished_game_is_saved_with_its_opening_and_the_replay_lists_its_steps() {
    let mut app = app_with(
        setup(Rule::Freestyle, OpeningRule::Swap1, Mode::TwoPlayers),
        quick_ai(),
    );
    for p in ["h8", "i9", "j10"] {
        click(&mut app, p);
    }
    // The second player takes black: white (the first player) moves next.
    choose(&mut app, Action::Choose(Choice::Black));
    for p in ["a1", "k10", "a2", "l10", "a3", "m10", "a4", "n10"] {
        click(&mut app, p);
    }
    assert_eq!(board(&app).outcome().winner(), Some(Stone::Black));
    let history = app.world().resource::<GameHistory>();
    assert_eq!(history.len(), 1);
    let record = history.game(0).unwrap().unwrap();
    let opening = record
        .opening
        .clone()
        .expect("the record keeps the opening");
    assert_eq!(opening.rule, OpeningRule::Swap1);
    assert_eq!(opening.steps.len(), 4);
    assert!(to_json(&record).contains("\"opening\""));
    let lines = record_lines(&record, Lang(Language::English));
    assert_eq!(
        lines,
        ["1. Player 1 placed h8 i9 j10", "2. Guest took Black",],
        "the first player (the active profile) ended with white"
    );
    assert_eq!(
        (record.black.as_str(), record.white.as_str()),
        ("Guest", "Player 1")
    );
}

#[test]
fn a_set_up_with_an_opening_the_rule_cannot_take_starts_without_it() {
    let app = app_with(
        setup(Rule::Freestyle, OpeningRule::Soosorv8, Mode::TwoPlayers),
        quick_ai(),
    );
    assert!(app.world().resource::<GameOpening>().0.is_none());
    assert_eq!(
        app.world().resource::<ActiveSetup>().0.opening,
        OpeningRule::None
    );
    assert_eq!(status(&app), "Black to move");
}

#[test]
fn a_game_left_after_its_opening_comes_back_from_its_position() {
    let dir = std::env::temp_dir().join(format!("gomoku-openings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = || Store::new(gomoku::store::FileBackend::new(&dir));
    let start = |storage: Store, setup: Option<GameSetup>, screen: Screen| {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(Storage(storage))
            .insert_resource(common::english())
            .insert_resource(quick_ai())
            .insert_state(screen);
        if let Some(setup) = setup {
            app.insert_resource(setup);
        }
        app.add_plugins(GamePlugin).insert_resource(quick_brain());
        app.update();
        app
    };
    // The person opens swap1 against the AI; the AI chooses; the person is left mid-opening
    // once (nothing to resume) and after it once.
    let mut a = start(
        store(),
        Some(setup(
            Rule::Freestyle,
            OpeningRule::Swap1,
            vs_ai(Stone::Black),
        )),
        Screen::Playing,
    );
    click(&mut a, "h8");
    drop(a);
    let b = start(store(), None, Screen::Menu);
    assert_eq!(b.world().resource::<Board>().board().stone_count(), 0);
    assert_eq!(
        b.world().resource::<GameSetup>().opening,
        OpeningRule::Swap1,
        "the menu keeps the opening rule"
    );
    drop(b);
    let mut a = start(
        store(),
        Some(setup(
            Rule::Freestyle,
            OpeningRule::Swap1,
            vs_ai(Stone::Black),
        )),
        Screen::Playing,
    );
    for p in ["h8", "i9", "j10"] {
        click(&mut a, p);
    }
    update_until(&mut a, 2_000, "the AI's choice", |a| !running(a));
    let colour = match mode(&a) {
        Mode::VsAi { human } => human,
        other => panic!("{other:?}"),
    };
    update_until(&mut a, 2_000, "the person's turn", |a| {
        board(a).to_move() == colour
    });
    let moves = board(&a).board().moves().to_vec();
    drop(a);
    let b = start(store(), None, Screen::Menu);
    assert_eq!(b.world().resource::<Board>().board().moves(), &moves[..]);
    assert_eq!(mode(&b), vs_ai(colour), "the colours the opening gave");
    let menu = b.world().resource::<GameSetup>();
    assert_eq!(menu.opening, OpeningRule::Swap1);
    assert_eq!(menu.mode, vs_ai(Stone::Black), "the seat: the person opens");
    drop(b);
    std::fs::remove_dir_all(&dir).unwrap();
}
