//! The account's finished games as the server keeps them ([`FinishedGame`]): made into game
//! records, merged into the local history without doubles (a game this device already kept,
//! found by its code, or by its moves and the time it ended), and written out for the player to take
//! away: our JSON records (the engine's record format, one array) and a text other tools read
//! (one game a line: its position string and its result, then rule, size, players, date and
//! code, tab-separated).

use gomoku_engine::Stone;
use gomoku_engine::record::{GameRecord, RecordMode, date, json::StoredRecord};
use gomoku_net::{DELETED_PLAYER, FinishedGame, PlayerInfo, RoomState, RoomStatus};

use crate::players::History;

/// The record of `game` for the player called `me` (the colour whose name is `me`; Black when
/// neither is, as after a rename). A deleted opponent's name is `deleted` (said in the player's
/// language).
pub fn record_of_finished(
    game: &FinishedGame,
    me: &str,
    deleted: &str,
) -> Result<GameRecord, String> {
    let named = |name: &str| {
        let shown = if name == DELETED_PLAYER {
            deleted
        } else {
            name
        };
        Some(PlayerInfo {
            id: 0,
            name: shown.to_owned(),
            rating: 0.0,
            deviation: 0.0,
            games: 0,
            provisional: false,
        })
    };
    let room = RoomState {
        code: game.code.clone(),
        settings: game.settings,
        public: false,
        status: RoomStatus::Finished,
        black: named(&game.black),
        white: named(&game.white),
        connected: [false, false],
        moves: game.moves.clone(),
        to_move: if game.moves.len().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        },
        clock: None,
        draw_offer: None,
        takeback_request: None,
        result: Some(game.result.clone()),
        spectators: 0,
    };
    let colour = if game.white.eq_ignore_ascii_case(me) && !game.black.eq_ignore_ascii_case(me) {
        Stone::White
    } else {
        Stone::Black
    };
    let mut record = super::history::record_of(&room, colour)?;
    record.date = date::iso8601(u64::try_from(game.finished_ms / 1000).unwrap_or(0));
    Ok(record)
}

/// How far apart the date a device wrote for a game it kept and the server's may be: the
/// device's clock may be off by some minutes.
const SAME_GAME_SECS: i64 = 15 * 60;

/// Seconds since the epoch of a `YYYY-MM-DDTHH:MM:SSZ` date, if it is one.
fn seconds(date: &str) -> Option<i64> {
    let n = |from: usize, to: usize| date.get(from..to)?.parse::<i64>().ok();
    let (y, m, d) = (n(0, 4)?, n(5, 7)?, n(8, 10)?);
    let (hh, mm, ss) = (n(11, 13)?, n(14, 16)?, n(17, 19)?);
    // Days from the civil date (proleptic Gregorian), after Howard Hinnant.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + hh * 3_600 + mm * 60 + ss)
}

/// Whether the history already holds `record` as an online game this device kept itself:
/// same rule, size, moves and winner, ended within [`SAME_GAME_SECS`] of it.
fn already_kept(history: &History, record: &GameRecord) -> bool {
    let moves = record.moves_text();
    let Some(at) = seconds(&record.date) else {
        return false;
    };
    history.games.iter().any(|g| {
        let r = &g.record;
        matches!(r.mode, RecordMode::Online { .. })
            && r.rule == record.rule
            && r.size == record.size
            && r.moves == moves
            && r.result.winner == record.result.winner
            && seconds(&r.date).is_some_and(|t| (t - at).abs() <= SAME_GAME_SECS)
    })
}

/// Merges `games` into `history`, each once: a game whose code is in `known` (the codes of the
/// account's games this device has kept) or whose record the history already holds is left
/// out; each added or found game's code joins `known`. The added games go in date order among
/// the others (the history is oldest first). Returns how many were added; games that do not
/// replay are left out (and logged).
pub fn merge(
    history: &mut History,
    known: &mut Vec<String>,
    games: &[FinishedGame],
    me: &str,
    deleted: &str,
) -> usize {
    let mut added = 0;
    // Oldest first, so that each lands after the ones before it.
    let mut games: Vec<&FinishedGame> = games.iter().collect();
    games.sort_by_key(|g| (g.finished_ms, g.id));
    for game in games {
        if known.contains(&game.code) {
            continue;
        }
        let record = match record_of_finished(game, me, deleted) {
            Ok(r) => r,
            Err(e) => {
                bevy::log::warn!("online game {} not kept: {e}", game.code);
                continue;
            }
        };
        known.push(game.code.clone());
        if already_kept(history, &record) {
            continue;
        }
        let stored = gomoku_engine::analysis::StoredGame::from_record(&record);
        let at = history
            .games
            .iter()
            .rposition(|g| g.record.date <= record.date)
            .map_or(0, |i| i + 1);
        history.games.insert(at, stored);
        added += 1;
    }
    added
}

/// The games as our JSON: an array of records in the engine's record format, oldest first.
pub fn games_json(records: &[GameRecord]) -> String {
    let stored: Vec<StoredRecord> = records.iter().map(StoredRecord::from_record).collect();
    serde_json::to_string_pretty(&stored).unwrap_or_else(|_| "[]".to_owned())
}

/// A game's result as other tools write it: `1-0` Black won, `0-1` White won, `1/2-1/2` a
/// draw.
fn result_mark(winner: Option<Stone>) -> &'static str {
    match winner {
        Some(Stone::Black) => "1-0",
        Some(Stone::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// The games as text, one a line, oldest first: the position string (`h8i9j10`), the result
/// (`1-0`, `0-1`, `1/2-1/2`), then the rule, the size, Black, White, the date and the game's
/// code, separated by tabs; a first line starting with `#` says so.
pub fn games_text(games: &[(String, GameRecord)]) -> String {
    let mut out = String::from(
        "# position\tresult (1-0 Black won, 0-1 White won, 1/2-1/2 draw)\trule\tsize\tblack\twhite\tdate\tcode\n",
    );
    for (code, r) in games {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            gomoku_engine::record::position_string::to_position_string(&r.moves, r.size),
            result_mark(r.result.winner),
            r.rule,
            r.size,
            clean(&r.black),
            clean(&r.white),
            r.date,
            code
        ));
    }
    out
}

/// The two files of an export: their names and contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    /// The JSON file's name and text.
    pub json: (String, String),
    /// The text file's name and text.
    pub text: (String, String),
    /// How many games.
    pub games: usize,
}

/// The export of `games` (in any order) for the player called `me`.
pub fn export(games: &[FinishedGame], me: &str, deleted: &str) -> Export {
    let mut games: Vec<&FinishedGame> = games.iter().collect();
    games.sort_by_key(|g| (g.finished_ms, g.id));
    let records: Vec<(String, GameRecord)> = games
        .iter()
        .filter_map(|g| {
            record_of_finished(g, me, deleted)
                .ok()
                .map(|r| (g.code.clone(), r))
        })
        .collect();
    let just: Vec<GameRecord> = records.iter().map(|(_, r)| r.clone()).collect();
    let safe: String = me
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let stem = format!("gomoku-games-{safe}-{}", date::compact(date::now_secs()));
    Export {
        json: (format!("{stem}.json"), games_json(&just)),
        text: (format!("{stem}.txt"), games_text(&records)),
        games: records.len(),
    }
}

/// Writes the export's two files into `dir` (made if missing); returns their paths.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_export(dir: &std::path::Path, export: &Export) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths = Vec::new();
    for (name, text) in [&export.json, &export.text] {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        paths.push(path.display().to_string());
    }
    Ok(paths)
}

/// Hands the export's two files to the browser as downloads (a link to each as a blob,
/// clicked); returns their names.
#[cfg(target_arch = "wasm32")]
pub fn write_export(export: &Export) -> Result<Vec<String>, String> {
    use wasm_bindgen::JsValue;
    // The page's own script, so that the game needs no more of web-sys than it has.
    let download = js_sys::Function::new_with_args(
        "name, text, kind",
        "const url = URL.createObjectURL(new Blob([text], { type: kind }));\
         const link = document.createElement('a');\
         link.href = url; link.download = name; document.body.appendChild(link); link.click();\
         link.remove(); setTimeout(() => URL.revokeObjectURL(url), 60000);",
    );
    let mut names = Vec::new();
    for ((name, text), kind) in [
        (&export.json, "application/json"),
        (&export.text, "text/plain"),
    ] {
        download
            .call3(
                &JsValue::NULL,
                &JsValue::from_str(name),
                &JsValue::from_str(text),
                &JsValue::from_str(kind),
            )
            .map_err(|e| format!("the browser refused the download: {e:?}"))?;
        names.push(name.clone());
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::Pos;
    use gomoku_net::{EndReason, GameResult};

    fn finished(id: i64, code: &str, moves: &[Pos], ms: i64) -> FinishedGame {
        FinishedGame {
            id,
            code: code.to_owned(),
            settings: crate::app::online::default_room_settings(),
            black: "Ann".to_owned(),
            white: DELETED_PLAYER.to_owned(),
            moves: moves.to_vec(),
            result: GameResult {
                winner: Some(Stone::White),
                reason: EndReason::Resigned,
                line: vec![],
            },
            finished_ms: ms,
        }
    }

    #[test]
    fn games_are_merged_once_in_date_order() {
        let a = finished(2, "AAAA", &[Pos::new(7, 7)], 1_800_000_000_000);
        let b = finished(
            1,
            "BBBB",
            &[Pos::new(7, 7), Pos::new(8, 8)],
            1_700_000_000_000,
        );
        let mut history = History::default();
        let mut known = Vec::new();
        assert_eq!(
            merge(
                &mut history,
                &mut known,
                &[a.clone(), b.clone()],
                "Ann",
                "x"
            ),
            2
        );
        assert_eq!(
            merge(&mut history, &mut known, &[a.clone(), b], "Ann", "x"),
            0
        );
        assert_eq!(history.len(), 2);
        assert!(history.games[0].record.date < history.games[1].record.date);
        assert_eq!(history.games[1].record.white, "x");
        // A device that kept the game itself (no code known) does not take it twice.
        let mut known = Vec::new();
        assert_eq!(merge(&mut history, &mut known, &[a], "Ann", "x"), 0);
        assert_eq!(known, ["AAAA"]);
    }

    #[test]
    fn dates_read_back_as_the_seconds_they_were_written_from() {
        for secs in [0, 951_782_400, 1_796_083_200, 1_796_169_599] {
            assert_eq!(seconds(&date::iso8601(secs)), Some(secs as i64));
        }
        assert_eq!(seconds("yesterday"), None);
    }

    #[test]
    fn the_text_has_one_game_a_line() {
        let e = export(
            &[finished(1, "AAAA", &[Pos::new(7, 7), Pos::new(8, 8)], 0)],
            "Ann",
            "deleted",
        );
        let lines: Vec<&str> = e.text.1.lines().collect();
        assert_eq!(lines.len(), 2, "{}", e.text.1);
        assert!(lines[1].starts_with("h8i7\t0-1\t"), "{}", lines[1]);
        assert!(lines[1].ends_with("\tAAAA"), "{}", lines[1]);
        let back: Vec<StoredRecord> = serde_json::from_str(&e.json.1).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].moves, "h8 i7");
    }
}
