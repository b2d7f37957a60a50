//! The opening's words: the rules' names, who acts, what the step due asks, what a step did,
//! why a step was refused, and the steps of a recorded opening, in the player's language.

use super::labels::{forbidden_name, stone_name};
use super::{Lang, fill};
use crate::app::{Mode, OpeningPlay};
use gomoku_engine::Pos;
use gomoku_engine::opening::renju26::PatternError;
use gomoku_engine::opening::{
    Action, Choice, Opening, OpeningError, OpeningRecord, OpeningRule, Player, Task,
};
use gomoku_engine::record::GameRecord;

/// The opening rule's name.
pub fn opening_label(rule: OpeningRule) -> &'static str {
    match rule {
        OpeningRule::None => "None",
        OpeningRule::Swap1 => "Swap",
        OpeningRule::Swap2 => "Swap2",
        OpeningRule::Soosorv8 => "Soosõrv-8",
    }
}

/// What the opening rule is, in a sentence (the menu's hover text).
pub fn opening_summary(rule: OpeningRule) -> &'static str {
    match rule {
        OpeningRule::None => "No opening rule: Black plays first.",
        OpeningRule::Swap1 => {
            "The first player places three stones (two black, one white); the second chooses \
             a colour."
        }
        OpeningRule::Swap2 => {
            "The first player places three stones; the second takes a colour, or places two \
             more stones and lets the first choose."
        }
        OpeningRule::Soosorv8 => {
            "Renju's tournament rule: one of the 26 openings, a swap after the third and the \
             fourth moves, and white's pick among black's fifth-move offers."
        }
    }
}

/// "First player" or "Second player" (the seats, as two people or two AIs hold them).
pub fn seat_name(player: Player) -> &'static str {
    match player {
        Player::First => "First player",
        Player::Second => "Second player",
    }
}

/// Who acts for `player` in a game of `seats`: "You" or "The AI" against the AI, the seat
/// otherwise.
pub fn actor_name(seats: Mode, player: Player, lang: Lang) -> &'static str {
    match seats {
        Mode::VsAi { human } if crate::app::seat_player(human) == player => lang.t("You"),
        Mode::VsAi { .. } => lang.t("The AI"),
        _ => lang.t(seat_name(player)),
    }
}

/// What the step due asks, with who acts: "You: place stone 2 of 3, White".
pub fn step_text(play: &OpeningPlay, lang: Lang) -> String {
    let Some(step) = play.step() else {
        return lang.t("The opening is over").to_owned();
    };
    let who = actor_name(play.seats, step.actor, lang);
    task_text(&step.task, who, lang)
}

/// What `task` asks of `who`.
pub fn task_text(task: &Task, who: &str, lang: Lang) -> String {
    match task {
        Task::Place {
            stone,
            number,
            left,
        } => fill(
            lang.t("{who}: place stone {n} of {last}, {colour}"),
            &[
                ("who", &who),
                ("n", number),
                ("last", &(number + left - 1)),
                ("colour", &lang.t(stone_name(*stone))),
            ],
        ),
        Task::Choose { options } if options.contains(&Choice::PlaceTwo) => fill(
            lang.t("{who}: take Black, take White, or place two more stones"),
            &[("who", &who)],
        ),
        Task::Choose { .. } => fill(
            lang.t("{who}: take Black or take White"),
            &[("who", &who)],
        ),
        Task::Declare { max } => fill(
            lang.t("{who}: declare how many fifth moves Black must offer (1 to {max})"),
            &[("who", &who), ("max", max)],
        ),
        Task::Offer { number, declared } => fill(
            lang.t("{who}: offer fifth move {n} of {declared} for Black (no two may mirror each other)"),
            &[("who", &who), ("n", number), ("declared", declared)],
        ),
        Task::Pick { offers } => fill(
            lang.t("{who}: pick one of the {n} fifth moves offered (marked on the board)"),
            &[("who", &who), ("n", &offers.len())],
        ),
    }
}

/// What a step did, said of `who`: "You placed h8"; `at` may hold several points.
fn did_text(who: &str, task: &Task, action: Action, at: &str, lang: Lang) -> String {
    let template = match (task, action) {
        (Task::Offer { .. }, _) => lang.t("{who} offered {at}"),
        (_, Action::Place(_)) => lang.t("{who} placed {at}"),
        (_, Action::Pick(_)) => lang.t("{who} picked {at}"),
        (_, Action::Choose(Choice::Black)) => lang.t("{who} took Black"),
        (_, Action::Choose(Choice::White)) => lang.t("{who} took White"),
        (_, Action::Choose(Choice::PlaceTwo)) => lang.t("{who} chose to place two more stones"),
        (_, Action::Declare(_)) => lang.t("{who} declared {n} fifth-move offers"),
    };
    let n = match action {
        Action::Declare(n) => n,
        _ => 0,
    };
    fill(template, &[("who", &who), ("at", &at), ("n", &n)])
}

/// The point of a step, if it has one.
fn point_of(action: Action) -> Option<Pos> {
    match action {
        Action::Place(p) | Action::Pick(p) => Some(p),
        Action::Choose(_) | Action::Declare(_) => None,
    }
}

/// The status line after `play`'s last step: what it did, then what is due (or, once the
/// opening is over, who plays what).
pub fn after_step_text(play: &OpeningPlay, lang: Lang) -> String {
    let o = &play.opening;
    let size = o.board().size();
    let mut before = o.clone();
    let done = before.undo().and_then(|last| {
        let task = before.step()?.task;
        let at = point_of(last.action)
            .map(|p| p.to_notation(size))
            .unwrap_or_default();
        let who = actor_name(play.seats, last.actor, lang);
        Some(did_text(who, &task, last.action, &at, lang))
    });
    let next = if play.is_running() {
        step_text(play, lang)
    } else {
        finished_text(play, lang)
    };
    match done {
        Some(done) => fill(
            lang.t("{done}. {next}"),
            &[("done", &done), ("next", &next)],
        ),
        None => next,
    }
}

/// "Opening over: you play White." and the like.
pub fn finished_text(play: &OpeningPlay, lang: Lang) -> String {
    let Some(result) = play.opening.result() else {
        return step_text(play, lang);
    };
    match play.seats {
        Mode::VsAi { human } => fill(
            lang.t("Opening over: you play {colour}."),
            &[(
                "colour",
                &lang.t(stone_name(result.colour_of(crate::app::seat_player(human)))),
            )],
        ),
        _ => fill(
            lang.t("Opening over: the first player plays {colour}."),
            &[(
                "colour",
                &lang.t(stone_name(result.colour_of(Player::First))),
            )],
        ),
    }
}

/// Why a step was refused, for the status line.
pub fn error_text(error: &OpeningError, play: &OpeningPlay, lang: Lang) -> String {
    let size = play.opening.board().size();
    let at = |p: &Pos| p.to_notation(size);
    let due = || step_text(play, lang);
    match error {
        OpeningError::Finished => lang.t("The opening is over").to_owned(),
        OpeningError::OutOfTurn { .. } => {
            fill(lang.t("Not your turn: {step}"), &[("step", &due())])
        }
        OpeningError::WrongAction { step, action } => {
            let point = point_of(*action).is_some();
            let template = match step.task {
                Task::Choose { .. } | Task::Declare { .. } if point => {
                    lang.t("No stone to place now: {step}")
                }
                _ => lang.t("Not what this step asks: {step}"),
            };
            fill(template, &[("step", &due())])
        }
        OpeningError::NotAnOption { .. } => fill(
            lang.t("That choice is not offered here: {step}"),
            &[("step", &due())],
        ),
        OpeningError::OffBoard(p) => fill(lang.t("{at} is off the board"), &[("at", &at(p))]),
        OpeningError::Occupied(p) => fill(lang.t("{at} is already taken"), &[("at", &at(p))]),
        OpeningError::Forbidden(p, kind) => fill(
            lang.t("{at} is forbidden for Black: {kind}"),
            &[("at", &at(p)), ("kind", &lang.t(forbidden_name(*kind)))],
        ),
        OpeningError::Pattern(p, why) => {
            let template = match why {
                PatternError::NotCentre => lang.t("{at}: the first stone goes on the centre"),
                PatternError::NotAdjacent => {
                    lang.t("{at}: the second stone goes next to the centre")
                }
                PatternError::OutsideFiveByFive => {
                    lang.t("{at}: the third stone goes within the central 5x5 square")
                }
            };
            fill(template, &[("at", &at(p))])
        }
        OpeningError::BadCount { max, .. } => {
            fill(lang.t("Declare 1 to {max} offers"), &[("max", max)])
        }
        OpeningError::SymmetricOffer { offer, twin } => fill(
            lang.t("{at} mirrors the offer {twin}: offers may not be symmetric"),
            &[("at", &at(offer)), ("twin", &at(twin))],
        ),
        OpeningError::NotOffered(p) => fill(
            lang.t("{at} is not one of the fifth moves offered"),
            &[("at", &at(p))],
        ),
        OpeningError::Unsupported { .. } => lang
            .t("This opening rule cannot be played with this rule and board")
            .to_owned(),
    }
}

/// The steps of a recorded opening, one line each, numbered, with the players' names: "1. Ann
/// placed h8 i9 j10", "2. Bo took White". A run of stones (or offers) by one player is one
/// line. Empty when the record's opening does not replay.
pub fn record_lines(record: &GameRecord, lang: Lang) -> Vec<String> {
    let Some(opening) = &record.opening else {
        return Vec::new();
    };
    let Ok(played) = Opening::replay(opening, record.rule, record.size) else {
        return Vec::new();
    };
    let black = played.result().map_or(Player::First, |r| r.black);
    let name = |player: Player| {
        let name = if player == black {
            &record.black
        } else {
            &record.white
        };
        if name.trim().is_empty() {
            lang.t(seat_name(player)).to_owned()
        } else {
            name.clone()
        }
    };
    steps_lines(opening, record.rule, record.size, &name, lang)
}

/// The steps `play` has taken so far, one line each as [`record_lines`] has them, with who
/// took them ("You", "The AI", or the seat).
pub fn play_lines(play: &OpeningPlay, lang: Lang) -> Vec<String> {
    let o = &play.opening;
    let name = |player: Player| actor_name(play.seats, player, lang).to_owned();
    steps_lines(&o.record(), o.game_rule(), o.board().size(), &name, lang)
}

fn steps_lines(
    record: &OpeningRecord,
    rule: gomoku_engine::Rule,
    size: u8,
    name: &dyn Fn(Player) -> String,
    lang: Lang,
) -> Vec<String> {
    let Ok(mut o) = Opening::new(record.rule, rule, size) else {
        return Vec::new();
    };
    // (actor, task, first action, points) of each line.
    let mut runs: Vec<(Player, Task, Action, Vec<String>)> = Vec::new();
    for s in &record.steps {
        let Some(step) = o.step() else { break };
        let point = point_of(s.action).map(|p| p.to_notation(size));
        let joins = matches!(s.action, Action::Place(_))
            && runs.last().is_some_and(|(actor, task, first, _)| {
                *actor == s.actor
                    && matches!(first, Action::Place(_))
                    && matches!(task, Task::Offer { .. }) == matches!(step.task, Task::Offer { .. })
            });
        if joins {
            if let (Some(run), Some(p)) = (runs.last_mut(), point) {
                run.3.push(p);
            }
        } else {
            runs.push((s.actor, step.task, s.action, point.into_iter().collect()));
        }
        if o.apply(s.actor, s.action).is_err() {
            break;
        }
    }
    runs.into_iter()
        .enumerate()
        .map(|(i, (actor, task, action, points))| {
            let did = did_text(&name(actor), &task, action, &points.join(" "), lang);
            format!("{}. {did}", i + 1)
        })
        .collect()
}
