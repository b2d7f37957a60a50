//! Command-line options of the game binary. On the desktop clap reads them (`gomoku --help`);
//! the web build reads the same options from its page's query string ([`parse_query`]:
//! `?mode=human-black&moves=h8+i9` is `--mode human-black --moves "h8 i9"`), by hand, so that
//! clap adds nothing to the download. Both fill the same options with the same value parsers.

#[cfg(not(target_arch = "wasm32"))]
use std::ffi::OsString;
use std::path::PathBuf;

use crate::app::{Confirm, Dialog, GameSetup, Mode};
use crate::players::settings::{Language, Theme};
use gomoku_engine::board::{MAX_SIZE, MIN_SIZE, parse_moves};
use gomoku_engine::clock::TimeControl;
use gomoku_engine::opening::{Opening, OpeningRule, text};
use gomoku_engine::search::levels::Level;
use gomoku_engine::{ForbiddenPolicy, Rule, Stone};

/// What `gomoku --help` ends with.
#[cfg(not(target_arch = "wasm32"))]
const AFTER_HELP: &str = "\
Settings, players and finished games are kept in the platform's data directory
(GOMOKU_DATA_DIR overrides it).";

/// The parsed options.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CliOptions {
    /// How the game is set up.
    pub setup: GameSetup,
    /// Save a screenshot here and exit.
    pub screenshot: Option<PathBuf>,
    /// Measure frame times, write them here and exit.
    pub frame_report: Option<PathBuf>,
    /// Start playing at once (a mode or moves were given) instead of showing the menu.
    pub play_now: bool,
    /// Whether any option of the set-up was given (else the last set-up is restored).
    pub setup_given: bool,
    /// The interface language to switch to.
    pub language: Option<Language>,
    /// The theme to switch to.
    pub theme: Option<Theme>,
    /// The window to open at start.
    pub dialog: Option<Dialog>,
    /// Open the newest saved game in the replay viewer.
    pub replay_newest: bool,
    /// Open analysis mode on the position shown.
    pub analyse: bool,
    /// Review the game in the replay viewer.
    pub review: bool,
    /// Open puzzle mode.
    pub puzzles: bool,
    /// Open the online lobby.
    pub online: bool,
    /// Join (or resume) this online game once connected.
    pub join: Option<String>,
    /// Ask for a quick match once connected (or go back to the game not yet over).
    pub quick_match: bool,
    /// Open the lobby's Account window.
    pub account: bool,
    /// Hints to take on the first puzzle.
    pub hints: u8,
    /// The window's size in logical pixels, if given.
    pub window: Option<(u32, u32)>,
    /// A folder to read the pictures and sounds from instead of the built-in copies.
    pub assets: Option<PathBuf>,
    /// Show the game's position after this many moves (a past position).
    pub past_move: Option<usize>,
    /// Log everything, not only what a player can act on.
    pub verbose: bool,
}

/// The options as given: `None` (or `false`) for each one not given. clap's on the desktop.
#[derive(Debug, Default)]
#[cfg_attr(not(target_arch = "wasm32"), derive(clap::Parser))]
#[cfg_attr(
    not(target_arch = "wasm32"),
    command(
        name = "gomoku",
        about = "Five in a row against the AI, another player at this machine, or online",
        after_help = AFTER_HELP,
        // An option given twice takes its last value, as it always did.
        args_override_self = true,
    )
)]
struct Given {
    /// human-black, human-white (against the AI), two-players or ai-vs-ai;
    /// starts a game at once instead of showing the menu
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "M", value_parser = mode, verbatim_doc_comment)
    )]
    mode: Option<Mode>,
    /// the AI's level, 1 (beginner) to 5 (master), default 3
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "N", value_parser = level, verbatim_doc_comment)
    )]
    level: Option<Level>,
    /// board size, 5 to 22 (default 15)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "N", value_parser = size, verbatim_doc_comment)
    )]
    size: Option<u8>,
    /// freestyle, standard or renju (default freestyle)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "R", value_parser = rule, verbatim_doc_comment)
    )]
    rule: Option<Rule>,
    /// refuse or lose: what a forbidden move does in renju (default refuse)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "P", value_parser = policy, verbatim_doc_comment)
    )]
    forbidden: Option<ForbiddenPolicy>,
    /// none, swap1, swap2 or soosorv8 (renju only): the opening rule
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "O", value_parser = opening, verbatim_doc_comment)
    )]
    opening: Option<OpeningRule>,
    /// the clock: M+S (M minutes each, S seconds added after each move,
    /// "5+3"), M (no increment) or none (untimed, the default)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "T", value_parser = clock, verbatim_doc_comment)
    )]
    time: Option<Clock>,
    /// start from the position after these moves ("h8 i9"); with an
    /// opening rule, its steps first: a point for each stone, offer or
    /// pick, black, white or two for a choice, a number for Soosõrv's
    /// offers ("h8 i9 j10 two g7 i7")
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "MOVES", verbatim_doc_comment)
    )]
    moves: Option<String>,
    /// en, zh (simplified), zh-tw (traditional), ja, ko, vi, ru or
    /// cs: the interface language (saved in the settings)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long = "lang", value_name = "L", value_parser = language, verbatim_doc_comment)
    )]
    language: Option<Language>,
    /// wood, dark or high-contrast (saved in the settings)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "T", value_parser = theme, verbatim_doc_comment)
    )]
    theme: Option<Theme>,
    /// open a window at start: players, games, settings, or the
    /// question before restart or resign
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long = "show", value_name = "W", value_parser = dialog, verbatim_doc_comment)
    )]
    dialog: Option<Dialog>,
    /// open the newest saved game in the replay viewer
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long = "replay", verbatim_doc_comment)
    )]
    replay_newest: bool,
    /// open analysis mode on the position (of --moves, or of --replay)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, alias = "analyze", verbatim_doc_comment)
    )]
    analyse: bool,
    /// review the game in the replay viewer (with --replay: the newest)
    #[cfg_attr(not(target_arch = "wasm32"), arg(long, verbatim_doc_comment))]
    review: bool,
    /// open puzzle mode
    #[cfg_attr(not(target_arch = "wasm32"), arg(long, verbatim_doc_comment))]
    puzzles: bool,
    /// open the online lobby (the server is set in the settings)
    #[cfg_attr(not(target_arch = "wasm32"), arg(long, verbatim_doc_comment))]
    online: bool,
    /// open the lobby and, once connected, join the game CODE (or go
    /// back to the seat this machine holds in it); on the web: ?join=CODE
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "CODE", value_parser = invite, verbatim_doc_comment)
    )]
    join: Option<String>,
    /// open the lobby and, once connected, go back to the player's game
    /// not yet over there, or else wait for the next player who asks for
    /// the lobby's default game (freestyle, 15x15, 5 min + 3 s);
    /// on the web: ?quick-match
    #[cfg_attr(not(target_arch = "wasm32"), arg(long, verbatim_doc_comment))]
    quick_match: bool,
    /// open the lobby's Account window (sign in, pair a device, a
    /// password, the devices signed in, your games); on the web: ?account
    #[cfg_attr(not(target_arch = "wasm32"), arg(long, verbatim_doc_comment))]
    account: bool,
    /// with --puzzles: take N hints (1 or 2) on the first puzzle
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "N", value_parser = hints, verbatim_doc_comment)
    )]
    hints: Option<u8>,
    /// show the game's position after its move N, as a click on the
    /// move in the move list does (with --moves)
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "N", value_parser = past_move, verbatim_doc_comment)
    )]
    past_move: Option<usize>,
    /// draw the board, save the window to FILE (PNG) and exit
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "FILE", verbatim_doc_comment)
    )]
    screenshot: Option<PathBuf>,
    /// the window's size in logical pixels, at least 480 each way (by
    /// default it fits the screen, or is as it was left last time;
    /// 1200x900 with --screenshot); taller than wide puts the panel
    /// below the board
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "WxH", value_parser = window, verbatim_doc_comment)
    )]
    window: Option<(u32, u32)>,
    /// read the pictures and sounds from DIR (laid out as the source's
    /// assets/ folder) instead of the copies built into the game
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "DIR", verbatim_doc_comment)
    )]
    assets: Option<PathBuf>,
    /// measure frame times (idle, AI thinking, win animation), write
    /// them to FILE (JSON) and exit; see scripts/frame_times.py
    #[cfg_attr(
        not(target_arch = "wasm32"),
        arg(long, value_name = "FILE", verbatim_doc_comment)
    )]
    frame_report: Option<PathBuf>,
    /// log everything the game and its libraries say (by default only
    /// what a player can act on)
    #[cfg_attr(not(target_arch = "wasm32"), arg(short, long, verbatim_doc_comment))]
    verbose: bool,
}

/// Parses the command line (without the program name). `--help` comes back as clap's error of
/// kind `DisplayHelp`: `error.exit()` prints it and ends the program with success; any other
/// error ends it with code 2 (a usage error).
#[cfg(not(target_arch = "wasm32"))]
pub fn parse<I, T>(args: I) -> Result<CliOptions, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    use clap::{CommandFactory, Parser};
    let args = std::iter::once(OsString::from("gomoku")).chain(args.into_iter().map(Into::into));
    Given::try_parse_from(args)?
        .finish()
        .map_err(|e| Given::command().error(clap::error::ErrorKind::ValueValidation, e))
}

/// Parses a web page's query string (`?mode=human-black&moves=h8+i9&analyse`): each key is an
/// option's long name, `+` and `%20` are spaces. The errors read as clap's.
pub fn parse_query(query: &str) -> Result<CliOptions, String> {
    let mut given = Given::default();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = match pair.split_once('=') {
            Some((key, value)) => (key, Some(value.replace('+', " ").replace("%20", " "))),
            None => (pair, None),
        };
        given.set(key, value.as_deref())?;
    }
    given.finish()
}

impl Given {
    /// Sets the option named `name` (its long name, without the dashes) to `value`; the web's
    /// way in. A flag takes no value (one given is ignored: `?analyse=1` is `?analyse`).
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        /// `value` read by `parse`.
        fn read<T>(
            name: &str,
            value: Option<&str>,
            parse: impl Fn(&str) -> Result<T, String>,
        ) -> Result<Option<T>, String> {
            let value = value.ok_or_else(|| format!("a value is required for '--{name}'"))?;
            parse(value)
                .map(Some)
                .map_err(|e| format!("invalid value '{value}' for '--{name}': {e}"))
        }
        let text = |t: &str| Ok(t.to_owned());
        let path = |t: &str| Ok(PathBuf::from(t));
        match name {
            "mode" => self.mode = read(name, value, mode)?,
            "level" => self.level = read(name, value, level)?,
            "size" => self.size = read(name, value, size)?,
            "rule" => self.rule = read(name, value, rule)?,
            "forbidden" => self.forbidden = read(name, value, policy)?,
            "opening" => self.opening = read(name, value, opening)?,
            "time" => self.time = read(name, value, clock)?,
            "moves" => self.moves = read(name, value, text)?,
            "lang" => self.language = read(name, value, language)?,
            "theme" => self.theme = read(name, value, theme)?,
            "show" => self.dialog = read(name, value, dialog)?,
            "replay" => self.replay_newest = true,
            "analyse" | "analyze" => self.analyse = true,
            "review" => self.review = true,
            "puzzles" => self.puzzles = true,
            "online" => self.online = true,
            "join" => self.join = read(name, value, invite)?,
            "quick-match" => self.quick_match = true,
            "account" => self.account = true,
            "hints" => self.hints = read(name, value, hints)?,
            "past-move" => self.past_move = read(name, value, past_move)?,
            "screenshot" => self.screenshot = read(name, value, path)?,
            "window" => self.window = read(name, value, window)?,
            "assets" => self.assets = read(name, value, path)?,
            "frame-report" => self.frame_report = read(name, value, path)?,
            "verbose" => self.verbose = true,
            other => return Err(format!("unexpected argument '--{other}' found")),
        }
        Ok(())
    }

    /// The options from what was given: the moves are read last, on the final board size and
    /// under the opening rule.
    fn finish(self) -> Result<CliOptions, String> {
        let setup_given = self.size.is_some()
            || self.rule.is_some()
            || self.mode.is_some()
            || self.level.is_some()
            || self.forbidden.is_some()
            || self.moves.is_some()
            || self.opening.is_some()
            || self.time.is_some();
        let defaults = GameSetup::default();
        let mut setup = GameSetup {
            mode: self.mode.unwrap_or(defaults.mode),
            level: self.level.unwrap_or(defaults.level),
            size: self.size.unwrap_or(defaults.size),
            rule: self.rule.unwrap_or(defaults.rule),
            policy: self.forbidden.unwrap_or(defaults.policy),
            opening: self.opening.unwrap_or(defaults.opening),
            time: self.time.map_or(defaults.time, |Clock(t)| t),
            ..defaults
        };
        let mut opening = Opening::new(setup.opening, setup.rule, setup.size)
            .map_err(|e| format!("invalid value '{}' for '--opening': {e}", setup.opening))?;
        let play_now = self.mode.is_some() || self.moves.is_some();
        if let Some(text) = &self.moves {
            let bad = |e: String| format!("invalid value '{text}' for '--moves': {e}");
            if setup.opening == OpeningRule::None {
                setup.moves = parse_moves(text, setup.size).map_err(|e| bad(e.to_string()))?;
            } else {
                setup.moves =
                    text::play_steps(&mut opening, text).map_err(|e| bad(e.to_string()))?;
                setup.opening_steps = opening.steps().iter().map(|s| s.action).collect();
            }
        }
        Ok(CliOptions {
            setup,
            screenshot: self.screenshot,
            frame_report: self.frame_report,
            play_now,
            setup_given,
            language: self.language,
            theme: self.theme,
            dialog: self.dialog,
            replay_newest: self.replay_newest,
            analyse: self.analyse,
            review: self.review,
            puzzles: self.puzzles,
            // Joining a game or asking for a quick match opens the lobby.
            online: self.online || self.quick_match || self.join.is_some() || self.account,
            join: self.join,
            quick_match: self.quick_match,
            account: self.account,
            hints: self.hints.unwrap_or(0),
            window: self.window,
            assets: self.assets,
            past_move: self.past_move,
            verbose: self.verbose,
        })
    }
}

// The value parsers, clap's on the desktop and the query string's on the web. Each says what a
// good value is (the caller names the option and the bad value before it).

/// A clock as given: `None` for an untimed game. (A type of its own: clap would read
/// `Option<Option<_>>` as an option whose value may be left out.)
#[derive(Debug, Clone, Copy)]
struct Clock(Option<TimeControl>);

fn mode(text: &str) -> Result<Mode, String> {
    match text {
        "human-black" | "vs-ai" => Ok(Mode::VsAi {
            human: Stone::Black,
        }),
        "human-white" => Ok(Mode::VsAi {
            human: Stone::White,
        }),
        "two-players" | "pvp" => Ok(Mode::TwoPlayers),
        "ai-vs-ai" => Ok(Mode::AiVsAi),
        _ => Err("use human-black, human-white, two-players or ai-vs-ai".to_owned()),
    }
}

fn level(text: &str) -> Result<Level, String> {
    text.parse::<u8>()
        .ok()
        .filter(|n| (1..=Level::MAX).contains(n))
        .map(Level::new)
        .ok_or_else(|| format!("use 1 to {}", Level::MAX))
}

fn size(text: &str) -> Result<u8, String> {
    text.parse::<u8>()
        .ok()
        .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        .ok_or_else(|| format!("use a number from {MIN_SIZE} to {MAX_SIZE}"))
}

fn rule(text: &str) -> Result<Rule, String> {
    text.parse()
}

fn policy(text: &str) -> Result<ForbiddenPolicy, String> {
    match text {
        "refuse" => Ok(ForbiddenPolicy::Refuse),
        "lose" => Ok(ForbiddenPolicy::Lose),
        _ => Err("use refuse or lose".to_owned()),
    }
}

fn opening(text: &str) -> Result<OpeningRule, String> {
    text.parse()
}

/// "5+3" (minutes, and seconds added after each move), "15" (no increment) or "none"
/// (untimed); each in the clock's range.
fn clock(text: &str) -> Result<Clock, String> {
    parse_time(text)
        .map(Clock)
        .ok_or_else(|| "use M+S (minutes and seconds added a move, \"5+3\"), M or none".to_owned())
}

fn language(text: &str) -> Result<Language, String> {
    let code = text.to_ascii_lowercase().replace('_', "-");
    match code.as_str() {
        "english" => Ok(Language::English),
        "chinese" | "zh-cn" | "zh-hans" => Ok(Language::Chinese),
        "zh-hant" => Ok(Language::TraditionalChinese),
        _ => Language::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| "use en, zh, zh-tw, ja, ko, vi, ru or cs".to_owned()),
    }
}

fn theme(text: &str) -> Result<Theme, String> {
    match text {
        "wood" => Ok(Theme::Wood),
        "dark" => Ok(Theme::Dark),
        "high-contrast" | "contrast" => Ok(Theme::HighContrast),
        _ => Err("use wood, dark or high-contrast".to_owned()),
    }
}

fn dialog(text: &str) -> Result<Dialog, String> {
    match text {
        "players" => Ok(Dialog::Players),
        "games" => Ok(Dialog::Games),
        "settings" => Ok(Dialog::Settings),
        "restart" => Ok(Dialog::Confirm(Confirm::Restart)),
        "resign" => Ok(Dialog::Confirm(Confirm::Resign)),
        _ => Err("use players, games, settings, restart or resign".to_owned()),
    }
}

/// An invite code: up to 16 letters and digits, in capitals.
fn invite(text: &str) -> Result<String, String> {
    let code = text.trim().to_uppercase();
    if code.is_empty() || code.len() > 16 || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err("an invite code is letters and digits".to_owned());
    }
    Ok(code)
}

fn hints(text: &str) -> Result<u8, String> {
    text.parse()
        .ok()
        .filter(|n| (0..=2).contains(n))
        .ok_or_else(|| "use 0, 1 or 2".to_owned())
}

fn past_move(text: &str) -> Result<usize, String> {
    text.parse().map_err(|_| "use a move number".to_owned())
}

fn window(text: &str) -> Result<(u32, u32), String> {
    parse_window(text).ok_or_else(|| "use WIDTHxHEIGHT, each 480 to 8192 (\"540x960\")".to_owned())
}

/// A clock as the command line gives it: "5+3" (minutes, and seconds added after each move),
/// "15" (no increment) or "none"; `Some(None)` for untimed, `None` when it does not read or
/// is out of range.
fn parse_time(text: &str) -> Option<Option<TimeControl>> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") {
        return Some(None);
    }
    // "5+3", or "5 3" from a web page's query string (where `+` is a space).
    let (minutes, increment) = text
        .split_once(|c: char| c == '+' || c.is_whitespace())
        .unwrap_or((text, "0"));
    let minutes: u32 = minutes.trim().parse().ok()?;
    let increment: u32 = increment.trim().parse().ok()?;
    let time = TimeControl::new(minutes.checked_mul(60)?, increment);
    time.check().ok()?;
    Some(Some(time))
}

/// "540x960" as a window size, each side 480 to 8192.
fn parse_window(text: &str) -> Option<(u32, u32)> {
    let (w, h) = text.split_once(['x', 'X'])?;
    let side = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (480..=8192).contains(n))
    };
    Some((side(w)?, side(h)?))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use clap::error::ErrorKind;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    /// The error for the command line `s`, as clap prints it.
    fn err(s: &str) -> String {
        parse(args(s)).unwrap_err().to_string()
    }

    #[test]
    fn online_flags_open_the_lobby_and_take_an_invite_code() {
        let o = parse(args("--join k7qx2m")).unwrap();
        assert!(o.online);
        assert_eq!(o.join.as_deref(), Some("K7QX2M"));
        assert!(parse(args("--online")).unwrap().online);
        assert!(err("--join a;b").contains("letters and digits"));
        let o = parse_query("?quick-match").unwrap();
        assert!(o.online && o.quick_match && o.join.is_none());
        let o = parse_query("?account").unwrap();
        assert!(o.online && o.account && !o.quick_match);
        assert!(parse(args("--account")).unwrap().account);
        assert_eq!(
            parse_query("?join=K7QX2M").unwrap().join.as_deref(),
            Some("K7QX2M")
        );
    }

    #[test]
    fn parses_every_option() {
        let o = parse(args(
            "--size 19 --rule renju --forbidden lose --moves j10,k11 --screenshot a.png",
        ))
        .unwrap();
        assert_eq!(o.setup.size, 19);
        assert_eq!(o.setup.rule, Rule::Renju);
        assert_eq!(o.setup.policy, ForbiddenPolicy::Lose);
        assert_eq!(o.setup.moves.len(), 2);
        assert_eq!(o.screenshot, Some(PathBuf::from("a.png")));
        assert!(o.setup_given);
        let o = parse(args("--lang zh --theme high-contrast --show games")).unwrap();
        assert_eq!(o.language, Some(Language::Chinese));
        assert_eq!(o.theme, Some(Theme::HighContrast));
        assert_eq!(o.dialog, Some(Dialog::Games));
        assert!(
            !o.setup_given,
            "no set-up option: the saved set-up is restored"
        );
        assert!(err("--lang fr").contains("en, zh, zh-tw"));
        for (code, language) in [
            ("zh-TW", Language::TraditionalChinese),
            ("zh-hant", Language::TraditionalChinese),
            ("zh-CN", Language::Chinese),
            ("ja", Language::Japanese),
            ("ko", Language::Korean),
            ("vi", Language::Vietnamese),
            ("ru", Language::Russian),
            ("cs", Language::Czech),
        ] {
            let o = parse(args(&format!("--lang {code}"))).unwrap();
            assert_eq!(o.language, Some(language), "{code}");
        }
        assert!(err("--theme pink").contains("high-contrast"));
        assert!(err("--show stats").contains("players"));
        let o = parse(args(
            "--mode ai-vs-ai --level 5 --replay --analyze --review -v",
        ))
        .unwrap();
        assert_eq!(o.setup.mode, Mode::AiVsAi);
        assert_eq!(o.setup.level, Level::new(5));
        assert!(o.play_now && o.replay_newest && o.analyse && o.review && o.verbose);
        let o = parse(args("--frame-report f.json --past-move 3")).unwrap();
        assert_eq!(o.frame_report, Some(PathBuf::from("f.json")));
        assert_eq!(o.past_move, Some(3));
        assert!(!o.play_now && !o.setup_given);
    }

    #[test]
    fn an_option_given_twice_takes_its_last_value() {
        let o = parse(args("--size 13 --size=19 --online --online")).unwrap();
        assert_eq!(o.setup.size, 19);
        assert!(o.online);
    }

    #[test]
    fn an_opening_rule_and_its_first_steps() {
        let o = parse(args("--opening swap2 --moves h8,i9,j10,two")).unwrap();
        assert_eq!(o.setup.opening, OpeningRule::Swap2);
        assert_eq!(o.setup.opening_steps.len(), 4);
        assert!(o.setup.moves.is_empty());
        assert!(o.play_now && o.setup_given);
        let o = parse(args("--opening swap1 --moves h8,i9,j10,white,k11")).unwrap();
        assert_eq!(o.setup.moves.len(), 1, "a move after the opening");
        let e = err("--opening soosorv8");
        assert!(e.contains("renju") && e.contains("'--opening'"), "{e}");
        assert!(parse(args("--opening soosorv8 --rule renju")).is_ok());
        let e = err("--opening swap1 --moves h8,i9,j10,k11");
        assert!(e.contains("'k11'"), "{e}");
        assert!(err("--opening swap3").contains("swap3"));
    }

    #[test]
    fn a_clock_is_minutes_and_an_increment() {
        let o = parse(args("--time 5+3")).unwrap();
        assert_eq!(o.setup.time, Some(TimeControl::new(300, 3)));
        assert!(o.setup_given);
        assert_eq!(
            parse(args("--time 15")).unwrap().setup.time,
            Some(TimeControl::new(900, 0))
        );
        assert_eq!(parse(args("--time none")).unwrap().setup.time, None);
        assert_eq!(parse(args("--past-move 12")).unwrap().past_move, Some(12));
        assert!(err("--past-move x").contains("move number"));
        let web = parse_query("?time=10+5").unwrap();
        assert_eq!(web.setup.time, Some(TimeControl::new(600, 5)));
        for bad in ["--time 0+3", "--time 5+99", "--time fast", "--time 5+"] {
            let e = err(bad);
            assert!(
                e.contains("M+S") && e.contains("'--time <T>'"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn moves_are_read_for_the_final_size() {
        // s19 exists on 19x19 only; the size comes after the moves on the command line.
        assert!(parse(args("--moves s19 --size 19")).is_ok());
        assert!(err("--moves s19").contains("'--moves'"));
    }

    #[test]
    fn a_query_string_is_the_web_command_line() {
        let web = parse_query("?mode=human-white&moves=h8+i9&level=4").unwrap();
        let desktop = parse(["--mode", "human-white", "--moves", "h8 i9", "--level", "4"]).unwrap();
        assert_eq!(web, desktop);
        assert_eq!(web.setup.moves.len(), 2);
        assert_eq!(
            parse_query("?analyse&review=1&hints=2&window=540x960").unwrap(),
            parse(args("--analyse --review --hints 2 --window 540x960")).unwrap()
        );
        assert_eq!(
            parse_query("").unwrap(),
            parse(Vec::<String>::new()).unwrap()
        );
        assert!(parse_query("?fly=1").unwrap_err().contains("'--fly'"));
        let e = parse_query("?size=30").unwrap_err();
        assert!(e.contains("'--size'") && e.contains("5 to 22"), "{e}");
        assert!(
            parse_query("?size")
                .unwrap_err()
                .contains("value is required")
        );
    }

    #[test]
    fn every_option_of_the_desktop_is_one_of_the_web() {
        let command = Given::command();
        for arg in command.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if long == "help" {
                continue;
            }
            for name in std::iter::once(long).chain(arg.get_all_aliases().into_iter().flatten()) {
                // A flag is set; an option asks for its value: either way the name is known.
                if let Err(e) = Given::default().set(name, None) {
                    assert!(e.contains("value is required"), "{name}: {e}");
                }
            }
        }
    }

    #[test]
    fn the_help_lists_every_option_and_a_bad_one_is_named() {
        let help = parse(args("--help")).unwrap_err();
        assert_eq!(help.kind(), ErrorKind::DisplayHelp);
        assert_eq!(help.exit_code(), 0);
        let text = help.to_string();
        for arg in Given::command().get_arguments() {
            let long = format!("--{}", arg.get_long().unwrap());
            assert!(text.contains(&long), "{long} in\n{text}");
        }
        assert!(text.contains("GOMOKU_DATA_DIR"), "{text}");
        let fly = parse(args("--fly")).unwrap_err();
        assert_eq!(fly.kind(), ErrorKind::UnknownArgument);
        assert_eq!(fly.exit_code(), 2);
        assert!(fly.to_string().contains("'--fly'"));
        let size = parse(args("--size 30")).unwrap_err();
        assert_eq!(size.kind(), ErrorKind::ValueValidation);
        assert_eq!(size.exit_code(), 2);
        assert!(size.to_string().contains("5 to 22"));
        Given::command().debug_assert();
    }

    #[test]
    fn bad_options_are_clear_errors() {
        assert!(err("--size 30").contains("5 to 22"));
        assert!(err("--rule go").contains("go"));
        assert!(err("--puzzles --hints 3").contains("0, 1 or 2"));
        assert_eq!(parse(args("--puzzles --hints 2")).unwrap().hints, 2);
        assert_eq!(
            parse(args("--window 540x960")).unwrap().window,
            Some((540, 960))
        );
        assert!(err("--window 300x960").contains("480"));
        assert!(err("--window tall").contains("'--window <WxH>'"));
        assert_eq!(
            parse(args("--assets /tmp/art")).unwrap().assets,
            Some(PathBuf::from("/tmp/art"))
        );
        assert!(err("--assets").contains("a value is required for '--assets <DIR>'"));
        assert!(err("--size").contains("a value is required for '--size <N>'"));
        assert!(err("--fly").contains("'--fly'"));
        assert!(err("--moves h8,z99").contains("'--moves'"));
    }
}
