//! The English names of the game's things, to pass through [`Lang::t`]: stones, rules, kinds of
//! forbidden move, themes, titles, time controls, and the result of a game.

use super::Lang;
use super::fill;
use crate::app::Mode;
use crate::players::Title;
use crate::players::settings::Theme;
use gomoku_engine::clock::TimeControl;
use gomoku_engine::record::{Ending, GameRecord, RecordMode};
use gomoku_engine::{ForbiddenKind, Outcome, Rule, Stone};

/// "Black" or "White".
pub fn stone_name(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "Black",
        Stone::White => "White",
    }
}

/// The rule's name.
pub fn rule_label(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Freestyle",
        Rule::Standard => "Standard",
        Rule::Renju => "Renju",
    }
}

/// The English name of a kind of forbidden move.
pub fn forbidden_name(kind: ForbiddenKind) -> &'static str {
    match kind {
        ForbiddenKind::DoubleThree => "double-three",
        ForbiddenKind::DoubleFour => "double-four",
        ForbiddenKind::Overline => "overline",
    }
}

/// The theme's name.
pub fn theme_name(theme: Theme) -> &'static str {
    match theme {
        Theme::Wood => "Wood",
        Theme::Dark => "Dark",
        Theme::HighContrast => "High contrast",
    }
}

/// "5 min + 3 s", "15 min" (without an increment), or "Untimed".
pub fn time_control_name(time: Option<TimeControl>, lang: Lang) -> String {
    match time {
        Some(t) if t.increment_secs == 0 => {
            fill(lang.t("{min} min"), &[("min", &(t.base_secs / 60))])
        }
        Some(t) => fill(
            lang.t("{min} min + {inc} s"),
            &[("min", &(t.base_secs / 60)), ("inc", &t.increment_secs)],
        ),
        None => lang.t("Untimed").to_owned(),
    }
}

/// A rank's title.
pub fn title_name(title: Title) -> &'static str {
    match title {
        Title::Beginner => "Beginner",
        Title::Novice => "Novice",
        Title::Amateur => "Amateur",
        Title::ClubPlayer => "Club player",
        Title::Expert => "Expert",
        Title::CandidateMaster => "Candidate master",
        Title::Master => "Master",
    }
}

/// "You win!", "White wins", "Draw" ... from the person's side when playing the AI.
pub fn result_headline(outcome: &Outcome, mode: Mode, lang: Lang) -> String {
    let Some(winner) = outcome.winner() else {
        return lang.t("Draw").to_string();
    };
    match mode {
        Mode::VsAi { human } if human == winner => lang.t("You win!").to_string(),
        Mode::VsAi { .. } => lang.t("The AI wins").to_string(),
        _ => match winner {
            Stone::Black => lang.t("Black wins").to_string(),
            Stone::White => lang.t("White wins").to_string(),
        },
    }
}

/// "Black wins by five", "Draw", ... for a record.
pub fn result_text(record: &GameRecord, lang: Lang) -> String {
    let winner = match record.result.winner {
        Some(Stone::Black) => lang.t("Black wins"),
        Some(Stone::White) => lang.t("White wins"),
        None => "",
    };
    let how = match record.result.ending {
        Ending::Five => lang.t("five in a row"),
        Ending::Forbidden => lang.t("forbidden move"),
        Ending::Resignation => lang.t("resignation"),
        Ending::FullBoard => return lang.t("Draw: the board is full").to_owned(),
        Ending::Unfinished => return lang.t("Unfinished").to_owned(),
        Ending::Timeout => lang.t("on time"),
        Ending::Abandoned => lang.t("opponent left"),
        Ending::DrawAgreed => return lang.t("Draw by agreement").to_owned(),
    };
    format!("{winner} ({how})")
}

/// "Ann (Black) vs AI 3 (White)" for a record, with the names it was saved under; "Imported
/// game" for one that names nobody.
pub fn players_text(record: &GameRecord, lang: Lang) -> String {
    let nameless = record.black.trim().is_empty() && record.white.trim().is_empty();
    if record.mode == RecordMode::Imported || nameless {
        return lang.t("Imported game").to_owned();
    }
    fill(
        lang.t("{black} (Black) vs {white} (White)"),
        &[("black", &record.black), ("white", &record.white)],
    )
}
