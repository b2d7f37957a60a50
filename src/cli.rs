//! Command-line options of the game binary.

use std::path::PathBuf;

use crate::app::{Confirm, Dialog, GameSetup, Mode};
use crate::players::settings::{Language, Theme};
use gomoku_engine::board::parse_moves;
use gomoku_engine::clock::TimeControl;
use gomoku_engine::opening::{Opening, OpeningRule, text};
use gomoku_engine::search::levels::Level;
use gomoku_engine::{ForbiddenPolicy, Rule, Stone};

/// What `gomoku --help` prints.
pub const USAGE: &str = "\
usage: gomoku [options]
  --mode M            human-black, human-white (against the AI), two-players or ai-vs-ai;
                      starts a game at once instead of showing the menu
  --level N           the AI's level, 1 (beginner) to 5 (master), default 3
  --size N            board size, 5 to 22 (default 15)
  --rule R            freestyle, standard or renju (default freestyle)
  --forbidden P       refuse or lose: what a forbidden move does in renju (default refuse)
  --opening O         none, swap1, swap2 or soosorv8 (renju only): the opening rule
  --time T            the clock: M+S (M minutes each, S seconds added after each move,
                      \"5+3\"), M (no increment) or none (untimed, the default)
  --moves \"h8 i9\"     start from the position after these moves; with an opening rule,
                      its steps first: a point for each stone, offer or pick, black,
                      white or two for a choice, a number for Soosõrv's offers
                      (\"h8 i9 j10 two g7 i7\")
  --lang L            en or zh: the interface language (saved in the settings)
  --theme T           wood, dark or high-contrast (saved in the settings)
  --show W            open a window at start: players, games, settings, or the
                      question before restart or resign
  --replay            open the newest saved game in the replay viewer
  --analyse           open analysis mode on the position (of --moves, or of --replay)
  --review            review the game in the replay viewer (with --replay: the newest)
  --puzzles           open puzzle mode
  --online            open the online lobby (the server is set in the settings)
  --join CODE         open the lobby and, once connected, join the game CODE (or go back
                      to the seat this machine holds in it); on the web: ?join=CODE
  --quick-match       open the lobby and, once connected, go back to the player's game
                      not yet over there, or else wait for the next player who asks for
                      the lobby's default game (freestyle, 15x15, 5 min + 3 s);
                      on the web: ?quick-match
  --hints N           with --puzzles: take N hints (1 or 2) on the first puzzle
  --past-move N       show the game's position after its move N, as a click on the move
                      in the move list does (with --moves)
  --screenshot FILE   draw the board, save the window to FILE (PNG) and exit
  --window WxH        the window's size in logical pixels, at least 480 each way (by
                      default it fits the screen, or is as it was left last time;
                      1200x900 with --screenshot); taller than wide puts the panel below
                      the board
  --assets DIR        read the pictures and sounds from DIR (laid out as the source's
                      assets/ folder) instead of the copies built into the game
  --frame-report FILE measure frame times (idle, AI thinking, win animation), write them
                      to FILE (JSON) and exit; see scripts/frame_times.py
  --verbose           log everything the game and its libraries say (by default only
                      what a player can act on)
  --help              this text

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
    /// Print the usage and exit.
    pub help: bool,
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

/// Parses the arguments (without the program name).
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<CliOptions, String> {
    let mut o = CliOptions::default();
    let mut moves_text = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        if matches!(
            flag.as_str(),
            "--size"
                | "--rule"
                | "--mode"
                | "--level"
                | "--forbidden"
                | "--moves"
                | "--opening"
                | "--time"
        ) {
            o.setup_given = true;
        }
        match flag.as_str() {
            "--size" => {
                let v = value("--size")?;
                o.setup.size = v
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (5..=22).contains(n))
                    .ok_or_else(|| format!("--size {v}: use a number from 5 to 22"))?;
            }
            "--rule" => o.setup.rule = value("--rule")?.parse::<Rule>()?,
            "--opening" => o.setup.opening = value("--opening")?.parse::<OpeningRule>()?,
            "--mode" => {
                o.setup.mode = parse_mode(&value("--mode")?)?;
                o.play_now = true;
            }
            "--level" => {
                let v = value("--level")?;
                let n = v
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=Level::MAX).contains(n))
                    .ok_or_else(|| format!("--level {v}: use 1 to {}", Level::MAX))?;
                o.setup.level = Level::new(n);
            }
            "--forbidden" => {
                o.setup.policy = match value("--forbidden")?.as_str() {
                    "refuse" => ForbiddenPolicy::Refuse,
                    "lose" => ForbiddenPolicy::Lose,
                    other => return Err(format!("--forbidden {other}: use refuse or lose")),
                }
            }
            "--moves" => moves_text = Some(value("--moves")?),
            "--time" => {
                let v = value("--time")?;
                o.setup.time = parse_time(&v).ok_or_else(|| {
                    format!(
                        "--time {v}: use M+S (minutes and seconds added a move, \"5+3\"), M or none"
                    )
                })?;
            }
            "--lang" => {
                o.language = Some(match value("--lang")?.as_str() {
                    "en" | "english" => Language::English,
                    "zh" | "zh-CN" | "chinese" => Language::Chinese,
                    other => return Err(format!("--lang {other}: use en or zh")),
                })
            }
            "--theme" => {
                o.theme = Some(match value("--theme")?.as_str() {
                    "wood" => Theme::Wood,
                    "dark" => Theme::Dark,
                    "high-contrast" | "contrast" => Theme::HighContrast,
                    other => {
                        return Err(format!("--theme {other}: use wood, dark or high-contrast"));
                    }
                })
            }
            "--show" => {
                o.dialog = Some(match value("--show")?.as_str() {
                    "players" => Dialog::Players,
                    "games" => Dialog::Games,
                    "settings" => Dialog::Settings,
                    "restart" => Dialog::Confirm(Confirm::Restart),
                    "resign" => Dialog::Confirm(Confirm::Resign),
                    other => {
                        return Err(format!(
                            "--show {other}: use players, games, settings, restart or resign"
                        ));
                    }
                })
            }
            "--replay" => o.replay_newest = true,
            "--analyse" | "--analyze" => o.analyse = true,
            "--review" => o.review = true,
            "--puzzles" => o.puzzles = true,
            "--online" => o.online = true,
            "--quick-match" => {
                o.online = true;
                o.quick_match = true;
            }
            "--join" => {
                let code = value("--join")?.trim().to_uppercase();
                if code.is_empty()
                    || code.len() > 16
                    || !code.chars().all(|c| c.is_ascii_alphanumeric())
                {
                    return Err(format!(
                        "--join {code}: an invite code is letters and digits"
                    ));
                }
                o.online = true;
                o.join = Some(code);
            }
            "--hints" => {
                let v = value("--hints")?;
                o.hints = v
                    .parse()
                    .ok()
                    .filter(|n| (0..=2).contains(n))
                    .ok_or_else(|| format!("--hints {v}: use 0, 1 or 2"))?;
            }
            "--past-move" => {
                let v = value("--past-move")?;
                o.past_move = Some(
                    v.parse()
                        .map_err(|_| format!("--past-move {v}: use a move number"))?,
                );
            }
            "--screenshot" => o.screenshot = Some(PathBuf::from(value("--screenshot")?)),
            "--window" => {
                let v = value("--window")?;
                o.window = Some(parse_window(&v).ok_or_else(|| {
                    format!("--window {v}: use WIDTHxHEIGHT, each 480 to 8192 (\"540x960\")")
                })?);
            }
            "--assets" => o.assets = Some(PathBuf::from(value("--assets")?)),
            "--frame-report" => {
                o.frame_report = Some(PathBuf::from(value("--frame-report")?));
            }
            "--help" | "-h" => o.help = true,
            "--verbose" | "-v" => o.verbose = true,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let setup = &mut o.setup;
    let mut opening = Opening::new(setup.opening, setup.rule, setup.size)
        .map_err(|e| format!("--opening {}: {e}", setup.opening))?;
    if let Some(text) = moves_text {
        if setup.opening == OpeningRule::None {
            setup.moves = parse_moves(&text, setup.size).map_err(|e| format!("--moves: {e}"))?;
        } else {
            setup.moves =
                text::play_steps(&mut opening, &text).map_err(|e| format!("--moves: {e}"))?;
            setup.opening_steps = opening.steps().iter().map(|s| s.action).collect();
        }
        o.play_now = true;
    }
    Ok(o)
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

/// Turns a web page's query string (`?mode=human-black&moves=h8+i9`) into arguments
/// (`--mode human-black --moves "h8 i9"`); `+` and `%20` are spaces.
pub fn query_to_args(query: &str) -> Vec<String> {
    let mut args = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        args.push(format!("--{key}"));
        if !value.is_empty() {
            args.push(value.replace('+', " ").replace("%20", " "));
        }
    }
    args
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    match text {
        "human-black" | "vs-ai" => Ok(Mode::VsAi {
            human: Stone::Black,
        }),
        "human-white" => Ok(Mode::VsAi {
            human: Stone::White,
        }),
        "two-players" | "pvp" => Ok(Mode::TwoPlayers),
        "ai-vs-ai" => Ok(Mode::AiVsAi),
        other => Err(format!(
            "--mode {other}: use human-black, human-white, two-players or ai-vs-ai"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn online_flags_open_the_lobby_and_take_an_invite_code() {
        let o = parse(args("--join k7qx2m")).unwrap();
        assert!(o.online);
        assert_eq!(o.join.as_deref(), Some("K7QX2M"));
        assert!(parse(args("--online")).unwrap().online);
        assert!(parse(args("--join a;b")).is_err());
        let o = parse(query_to_args("?quick-match")).unwrap();
        assert!(o.online && o.quick_match && o.join.is_none());
        assert_eq!(query_to_args("?join=K7QX2M"), ["--join", "K7QX2M"]);
    }

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
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
        assert!(parse(args("--lang fr")).unwrap_err().contains("en or zh"));
        assert!(
            parse(args("--theme pink"))
                .unwrap_err()
                .contains("high-contrast")
        );
        assert!(parse(args("--show stats")).unwrap_err().contains("players"));
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
        let e = parse(args("--opening soosorv8")).unwrap_err();
        assert!(e.contains("renju"), "{e}");
        assert!(parse(args("--opening soosorv8 --rule renju")).is_ok());
        let e = parse(args("--opening swap1 --moves h8,i9,j10,k11")).unwrap_err();
        assert!(e.contains("'k11'"), "{e}");
        assert!(
            parse(args("--opening swap3"))
                .unwrap_err()
                .contains("swap3")
        );
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
        assert!(parse(args("--past-move x")).is_err());
        let web = parse(query_to_args("?time=10+5")).unwrap();
        assert_eq!(web.setup.time, Some(TimeControl::new(600, 5)));
        for bad in ["--time 0+3", "--time 5+99", "--time fast", "--time 5+"] {
            assert!(parse(args(bad)).unwrap_err().contains("M+S"), "{bad}");
        }
    }

    #[test]
    fn moves_are_read_for_the_final_size() {
        // s19 exists on 19x19 only; the size comes after the moves on the command line.
        assert!(parse(args("--moves s19 --size 19")).is_ok());
        assert!(parse(args("--moves s19")).is_err());
    }

    #[test]
    fn a_query_string_is_the_web_command_line() {
        let args = query_to_args("?mode=human-white&moves=h8+i9&level=4");
        assert_eq!(
            args,
            ["--mode", "human-white", "--moves", "h8 i9", "--level", "4"]
        );
        let o = parse(args).unwrap();
        assert_eq!(o.setup.moves.len(), 2);
        assert!(query_to_args("").is_empty());
        assert!(parse(query_to_args("?fly=1")).is_err());
    }

    #[test]
    fn bad_options_are_clear_errors() {
        assert!(parse(args("--size 30")).unwrap_err().contains("5 to 22"));
        assert!(parse(args("--rule go")).unwrap_err().contains("go"));
        assert!(
            parse(args("--puzzles --hints 3"))
                .unwrap_err()
                .contains("0, 1 or 2")
        );
        assert_eq!(parse(args("--puzzles --hints 2")).unwrap().hints, 2);
        assert_eq!(
            parse(args("--window 540x960")).unwrap().window,
            Some((540, 960))
        );
        assert!(parse(args("--window 300x960")).unwrap_err().contains("480"));
        assert!(parse(args("--window tall")).is_err());
        assert_eq!(
            parse(args("--assets /tmp/art")).unwrap().assets,
            Some(PathBuf::from("/tmp/art"))
        );
        assert!(
            parse(args("--assets"))
                .unwrap_err()
                .contains("needs a value")
        );
        assert!(parse(args("--size")).unwrap_err().contains("needs a value"));
        assert!(parse(args("--fly")).unwrap_err().contains("--fly"));
        assert!(
            parse(args("--moves h8,z99"))
                .unwrap_err()
                .contains("--moves")
        );
    }
}
