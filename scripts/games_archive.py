#!/usr/bin/env python3
"""The games of a study in docs/matches/ in one compact file, and a reader for them.

    python3 scripts/games_archive.py pack STUDY_DIR [--dry-run]
    python3 scripts/games_archive.py list PATH [--match NAME]
    python3 scripts/games_archive.py extract PATH OUT_DIR [--match NAME]

A study folder (`docs/matches/<date-name>/`) holds its report (`README.md`), any diagnostics,
and its games in two files:

`games.tsv.gz`: every game of every match of the study, gzip (written with mtime 0 and no file
name, so the same games always give the same bytes) of UTF-8 tab-separated text with `\\n` line
ends, a header row, then one row per game, sorted by match then game:

    match   game  rule       result                           moves
    main-vs-aiwine-200  1  freestyle  A is black: A (five, 43 moves)  c7i11h10g11...

- `match`: the match's folder as `scripts/match.py --save` wrote it, relative to the study
  (`main-vs-aiwine-200`, `final/rapfi-fs-200`), or `.` for games in the study's own folder;
- `game`: the game's number (`gameNNN.txt` of the folder);
- `rule`: `freestyle`, `standard` or `renju`, or empty when not known. For matches packed from
  folders it comes from the folder's name, the project's convention (`rj`/`renju` renju,
  `st`/`std`/`standard` standard, `fs`/`freestyle` freestyle, anything else freestyle: the
  rule `match.py` plays unless told);
- `result`: the game's line of the match's report after `game N: `, verbatim
  (`A is black: A (five, 43 moves)`), empty if the report had none;
- `moves`: the position string verbatim (`h8i9...`: column letter, row number from the bottom),
  as `gomoku --moves` and the game's import read it.

`results.txt` (plain text, beside it): the other lines of each match's report (score, Elo,
pairs, openings won both ways, reply times), a `== MATCH ==` line before each match's. With the
`result` column they give back each match's `result.txt` byte for byte (`extract` does).

The engines' per-game logs (`gameNNN.log`, their MESSAGE lines) are not kept: `pack` deletes
them. `scripts/match.py --save DIR` writes `DIR/games.tsv.gz` (match `.`) as it plays, and the
logs only with `--logs`.

From Python (`sys.path` holding `scripts/`):

    from games_archive import read_games
    for g in read_games("docs/matches/2026-12-04-aspiration-criteria/main-vs-aiwine-200"):
        print(g.match, g.game, g.rule, g.winner, g.a_is_black, len(g.words))

`read_games` takes an archive, a folder holding one (all its matches), an old-style folder of
`game*.txt` files (with its `result.txt`; a folder `match.py --save` wrote is read the same way),
or the path a packed match's folder had (`STUDY/MATCH`: the study's archive, that match only).
Python 3.11, standard library only.
"""

import argparse
import dataclasses
import fnmatch
import gzip
import io
import os
import re
import sys

ARCHIVE = "games.tsv.gz"
SUMMARIES = "results.txt"
COLUMNS = ("match", "game", "rule", "result", "moves")
RULES = ("freestyle", "standard", "renju")
# The rule number of `match.py --rule` (Gomocup's `INFO rule`) for each name.
RULE_NUMBERS = {"freestyle": 0, "standard": 1, "renju": 4}

GAME_TXT = re.compile(r"game(\d+)\.txt")
GAME_LOG = re.compile(r"game(\d+)\.log")
# A per-game line of a match's report, as match.py prints it: `game  13: A is black: ...`.
GAME_LINE = re.compile(r"game +(\d+): (.*)")
HEADER = re.compile(r"== (.+) ==")


@dataclasses.dataclass
class Game:
    """One game: its match (folder relative to the study, `.` for none), number, rule (or ""),
    line of the match's report after `game N: ` (or ""), position string, and the path of its
    engine log when one lies beside it (only in folders played with `match.py --save --logs`)."""

    match: str
    game: int
    rule: str
    result: str
    moves: str
    log: str | None = dataclasses.field(default=None, compare=False)

    @property
    def words(self):
        """The moves as words: `["h8", "i9", ...]`."""
        return re.findall(r"[a-z]\d+", self.moves)

    @property
    def a_is_black(self):
        """Whether engine A played black (from the result), None if not known."""
        m = re.search(r"A is (black|white):", self.result)
        return None if m is None else m[1] == "black"

    @property
    def winner(self):
        """"A", "B" or "draw" (from the result), None if not known."""
        m = re.search(r"A is (?:black|white): (A|B|draw) \(", self.result)
        return None if m is None else m[1]

    @property
    def name(self):
        """`MATCH/gameNNN`, or `gameNNN` for match `.`."""
        base = f"game{self.game:03}"
        return base if self.match == "." else f"{self.match}/{base}"

    def row(self):
        return (self.match, str(self.game), self.rule, self.result, self.moves)


def rule_from_name(name):
    """The rule a match folder's name says (see the module's doc), freestyle when it says none;
    "" when it names two."""
    words = set(re.split(r"[-_/. ]+", name.lower()))
    said = set()
    if words & {"rj", "renju"}:
        said.add("renju")
    if words & {"st", "std", "standard"}:
        said.add("standard")
    if words & {"fs", "freestyle"}:
        said.add("freestyle")
    if len(said) > 1:
        return ""
    return said.pop() if said else "freestyle"


def _join_match(prefix, match):
    """A match name below `prefix` (both `.` for none)."""
    if prefix == ".":
        return match
    if match == ".":
        return prefix
    return f"{prefix}/{match}"


def _check_field(name, value):
    if any(c in value for c in "\t\n\r"):
        raise ValueError(f"{name} {value!r}: tabs and line breaks cannot go in an archive")


# ---- the archive ----------------------------------------------------------------------------


def archive_bytes(records):
    """The archive of `records` as bytes (sorted by match and game; deterministic)."""
    rows = sorted(records, key=lambda g: (g.match, g.game))
    seen = set()
    out = ["\t".join(COLUMNS)]
    for g in rows:
        if (g.match, g.game) in seen:
            raise ValueError(f"{g.name}: two games with that number")
        seen.add((g.match, g.game))
        if not g.match or g.match.startswith("/") or g.game < 0:
            raise ValueError(f"{g.name}: bad match name or game number")
        if g.rule not in RULES + ("",):
            raise ValueError(f"{g.name}: unknown rule {g.rule!r}")
        for column, value in zip(COLUMNS, g.row()):
            _check_field(column, value)
        out.append("\t".join(g.row()))
    data = ("\n".join(out) + "\n").encode("utf-8")
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as z:
        z.write(data)
    return buf.getvalue()


def _write_atomic(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def write_games(path, records):
    """Writes `records` (Game objects) as the archive `path` (games.tsv.gz); returns how many."""
    records = list(records)
    _write_atomic(path, archive_bytes(records))
    return len(records)


def _parse_archive(text, where):
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if not lines or tuple(lines[0].split("\t")) != COLUMNS:
        raise ValueError(f"{where}: not a games archive (header {lines[:1]!r})")
    for number, line in enumerate(lines[1:], 2):
        fields = line.split("\t")
        if len(fields) != len(COLUMNS) or not fields[1].isdigit():
            raise ValueError(f"{where}:{number}: expected {len(COLUMNS)} columns, got {line!r}")
        match, game, rule, result, moves = fields
        yield Game(match, int(game), rule, result, moves)


def _read_archive(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        text = f.read().decode("utf-8")
    return _parse_archive(text, path)


def _parse_summaries(text, where):
    out = {}
    current = None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, 1):
        m = HEADER.fullmatch(line)
        if m:
            current = m[1]
            if current in out:
                raise ValueError(f"{where}:{number}: {current} twice")
            out[current] = []
        elif current is None:
            if line and not line.startswith("#"):
                raise ValueError(f"{where}:{number}: a line before the first `== MATCH ==`")
        else:
            out[current].append(line)
    # Sections are parted by one blank line, which is not a line of the report.
    for lines in out.values():
        if lines and lines[-1] == "":
            lines.pop()
    return out


def read_summaries(path):
    """{match: [lines]} from a results.txt (empty if there is none)."""
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as f:
        return _parse_summaries(f.read().decode("utf-8"), path)


SUMMARIES_HEAD = """\
# The lines of each match's report (`result.txt`, printed by scripts/match.py) other than the
# per-game ones, which are the `result` column of games.tsv.gz beside this file.
# `python3 scripts/games_archive.py extract` writes each match's result.txt back whole.
"""


def summaries_text(summaries):
    parts = [SUMMARIES_HEAD]
    for match in sorted(summaries):
        for line in summaries[match]:
            if HEADER.fullmatch(line):
                raise ValueError(f"{match}: the line {line!r} would read as a header")
            _check_field("line", line)
        parts.append(f"\n== {match} ==\n" + "".join(line + "\n" for line in summaries[match]))
    return "".join(parts)


def write_summaries(path, summaries):
    """Writes {match: [report lines other than the per-game ones]} as a results.txt."""
    _write_atomic(path, summaries_text(summaries).encode("utf-8"))


def result_txt(records, summary):
    """A match's report (result.txt) from its games and its other lines."""
    games = "".join(f"game {g.game:3}: {g.result}\n" for g in sorted(records, key=lambda g: g.game)
                    if g.result)
    return games + "".join(line + "\n" for line in summary or [])


def split_report(text):
    """({game: result}, other lines) of a match's report; ValueError if a game is there twice."""
    results, other = {}, []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for line in lines:
        m = GAME_LINE.fullmatch(line)
        if m:
            if int(m[1]) in results:
                raise ValueError(f"game {m[1]} twice")
            results[int(m[1])] = m[2]
        else:
            other.append(line)
    return results, other


# ---- reading games wherever they are ------------------------------------------------------


def _existing(path):
    path = os.path.normpath(path)
    return path if os.path.exists(path) else None


def _folder_games(folder, prefix, rule_name):
    """The games of one folder (not below it), named `prefix`: its archive's (their matches
    below `prefix`), then its game*.txt files' with its result.txt."""
    out = {}
    archive = os.path.join(folder, ARCHIVE)
    if os.path.isfile(archive):
        for g in _read_archive(archive):
            g.log = _existing(os.path.join(folder, g.match, f"game{g.game:03}.log"))
            g.match = _join_match(prefix, g.match)
            out[(g.match, g.game)] = g
    for name in sorted(n for n in os.listdir(folder) if GAME_TXT.fullmatch(n)):
        number = int(GAME_TXT.fullmatch(name)[1])
        if (prefix, number) in out:
            raise ValueError(f"{folder}: game {number} is there twice")
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            moves = f.readline().rstrip("\n")
        out[(prefix, number)] = Game(prefix, number, rule_from_name(rule_name), "", moves,
                                     _existing(os.path.join(folder, name[:-4] + ".log")))
    # The match's report: result.txt in the folder, or FOLDER.txt beside it (`--save DIR >
    # DIR.txt`), for the results the games lack.
    report = os.path.join(folder, "result.txt")
    if not os.path.isfile(report):
        report = os.path.normpath(folder) + ".txt"
    if out and os.path.isfile(report):
        with open(report, encoding="utf-8") as f:
            results, _ = split_report(f.read())
        for (match, number), g in out.items():
            if match == prefix and not g.result:
                g.result = results.get(number, "")
    return sorted(out.values(), key=lambda g: (g.match, g.game))


def _walk(folder, prefix, rule_name):
    yield from _folder_games(folder, prefix, rule_name)
    for name in sorted(os.listdir(folder)):
        sub = os.path.join(folder, name)
        if name.startswith(".") or not os.path.isdir(sub):
            continue
        match = _join_match(prefix, name)
        yield from _walk(sub, match, match)


def _archive_above(path):
    """The nearest folder above `path` holding an archive, or None."""
    above = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.isfile(os.path.join(above, ARCHIVE)):
            return above
        if os.path.dirname(above) == above:
            return None
        above = os.path.dirname(above)


def _below(match, wanted):
    """Whether `match` is `wanted` or below it; `wanted` may be a pattern (`*-vs-rapfi-200`)."""
    wanted = wanted.strip("/") or "."
    if any(c in wanted for c in "*?["):
        # As a shell matches paths: one folder name a pattern, `/` not matched by `*`.
        patterns, names = wanted.split("/"), match.split("/")
        return len(names) >= len(patterns) and all(
            fnmatch.fnmatchcase(n, p) for n, p in zip(names, patterns))
    return wanted == "." or match == wanted or match.startswith(wanted + "/")


def read_games(path, match=None):
    """Yields the games (Game objects) at `path`, by match then number: an archive file, a
    folder (its archive's games, its own game*.txt files', and those of the folders below it,
    named by their paths), or the path of a packed match's folder (STUDY/MATCH, missing since its
    study was packed: the games of that match in the nearest archive above; MATCH may be a
    pattern, as a shell leaves `STUDY/*-vs-rapfi-200` when no folder matches). `match` keeps
    only that match (or the matches below it, `final` for `final/...`). A folder's results come
    from its result.txt, or FOLDER.txt beside it, when its games have none. FileNotFoundError if
    there are none."""
    path = os.path.normpath(path)
    found = False
    if os.path.isfile(path):
        base = os.path.dirname(path)
        for g in _read_archive(path):
            if match is None or _below(g.match, match):
                g.log = _existing(os.path.join(base, g.match, f"game{g.game:03}.log"))
                found = True
                yield g
    elif os.path.isdir(path):
        for g in _walk(path, ".", os.path.basename(os.path.abspath(path))):
            if match is None or _below(g.match, match):
                found = True
                yield g
    if not found and not os.path.isfile(path):
        # A packed match's folder: the archive of a folder above it.
        above = _archive_above(path)
        if above is not None:
            wanted = os.path.relpath(os.path.abspath(path), above).replace(os.sep, "/")
            wanted = _join_match(wanted, match or ".")
            for g in _read_archive(os.path.join(above, ARCHIVE)):
                if _below(g.match, wanted):
                    g.log = _existing(os.path.join(above, g.match, f"game{g.game:03}.log"))
                    found = True
                    yield g
    if not found:
        raise FileNotFoundError(f"no games at {path}" + (f" (match {match})" if match else ""))


def logged_games(path):
    """The games at `path` (as read_games takes it) that have their engine log beside them;
    FileNotFoundError, saying why, if none has."""
    games = [g for g in read_games(path) if g.log is not None]
    if not games:
        raise FileNotFoundError(
            f"{path}: no engine logs (gameNNN.log) beside its games; `scripts/match.py --save DIR "
            f"--logs` writes them, and docs/matches/ does not keep them")
    return games


def game_label(folder, g):
    """How scripts name a game: `MATCH/gameNNN`, the match being the folder's own name when the
    folder is the match (a folder match.py wrote)."""
    match = g.match
    if match == ".":
        match = os.path.basename(os.path.normpath(os.path.abspath(folder)))
    return f"{match}/game{g.game:03}"


# ---- pack ----------------------------------------------------------------------------------


class PackError(Exception):
    pass


def _read_game_file(path):
    with open(path, "rb") as f:
        data = f.read()
    if data.count(b"\n") != 1 or not data.endswith(b"\n") or b"\r" in data or b"\t" in data:
        raise PackError(f"{path}: not one line ending in a line break; pack it by hand")
    return data[:-1].decode("utf-8")


def _collect(study):
    """The match folders below `study` (with the study itself), each a dict (match, folder,
    games {number: Game}, summary, report text, files to remove), and notes on what is left."""
    found, notes = [], []
    for folder, dirs, files in os.walk(study):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        names = set(files)
        root = os.path.samefile(folder, study)
        txts = sorted(n for n in files if GAME_TXT.fullmatch(n))
        logs = sorted(n for n in files if GAME_LOG.fullmatch(n))
        sub_archive = ARCHIVE in names and not root
        rel = "." if root else os.path.relpath(folder, study).replace(os.sep, "/")
        if not txts and not sub_archive:
            for n in sorted(files):
                if GAME_LOG.fullmatch(n) or n == "result.txt":
                    notes.append(f"left alone (no games beside it): {os.path.join(folder, n)}")
            continue
        games = {}
        if sub_archive:
            for g in _read_archive(os.path.join(folder, ARCHIVE)):
                if g.match != ".":
                    raise PackError(f"{folder}/{ARCHIVE} holds matches below it; pack it first")
                g.match = rel
                games[g.game] = g
        rule_name = os.path.basename(os.path.abspath(study)) if root else rel
        for n in txts:
            number = int(GAME_TXT.fullmatch(n)[1])
            if number in games:
                raise PackError(f"{folder}: game {number} is there twice ({n})")
            games[number] = Game(rel, number, rule_from_name(rule_name), "",
                                 _read_game_file(os.path.join(folder, n)))
        report, summary = None, None
        if "result.txt" in names:
            with open(os.path.join(folder, "result.txt"), "rb") as f:
                report = f.read().decode("utf-8")
            try:
                results, summary = split_report(report)
            except ValueError as e:
                raise PackError(f"{folder}/result.txt: {e}")
            for number, result in results.items():
                if number not in games:
                    raise PackError(f"{folder}/result.txt: game {number} has no game file")
                if games[number].result and games[number].result != result:
                    raise PackError(f"{folder}: game {number}'s result differs from result.txt")
                games[number].result = result
            if result_txt(games.values(), summary) != report:
                raise PackError(f"{folder}/result.txt: its lines are not in match.py's order "
                                "(games first); it cannot be rebuilt, pack it by hand")
        if not root and os.path.isfile(folder + ".txt") and "result.txt" not in names:
            notes.append(f"not read: {folder}.txt (if it is the match's report, move it to "
                         f"{folder}/result.txt first to keep its summary lines)")
        for n in sorted(names - set(txts) - set(logs) - {"result.txt", ARCHIVE}):
            if not root:
                notes.append(f"kept beside the games: {os.path.join(folder, n)}")
        remove = [os.path.join(folder, n) for n in txts + logs]
        if report is not None:
            remove.append(os.path.join(folder, "result.txt"))
        if sub_archive:
            remove.append(os.path.join(folder, ARCHIVE))
        found.append(dict(match=rel, folder=folder, games=games, summary=summary,
                          report=report, remove=remove, txts=len(txts), logs=len(logs)))
    return found, notes


def pack(study, dry_run=False, out=sys.stdout):
    """Packs the game folders below `study` into its games.tsv.gz and results.txt (adding to
    them if they exist), checks that they read back to the same games and reports, then deletes
    the game files, logs and reports it packed, and the folders left empty. Returns the number
    of games packed."""
    study = os.path.normpath(study)
    if not os.path.isdir(study):
        raise PackError(f"{study}: not a folder")
    archive = os.path.join(study, ARCHIVE)
    summaries_path = os.path.join(study, SUMMARIES)
    old = list(_read_archive(archive)) if os.path.exists(archive) else []
    old_summaries = read_summaries(summaries_path)
    found, notes = _collect(study)
    for n in notes:
        print(n, file=out)
    if not found:
        print(f"{study}: no game folders to pack", file=out)
        return 0
    old_matches = {g.match for g in old} | set(old_summaries)
    records = list(old)
    summaries = dict(old_summaries)
    for m in found:
        if m["match"] in old_matches:
            raise PackError(f"{study}: match {m['match']} is in the archive already")
        records.extend(m["games"].values())
        if m["summary"] is not None:
            summaries[m["match"]] = m["summary"]
    data = archive_bytes(records)
    text = summaries_text(summaries) if summaries else None

    # What would be written, read back and compared with everything it replaces.
    back = {}
    for g in _parse_archive(gzip.decompress(data).decode("utf-8"), archive):
        back.setdefault(g.match, []).append(g)
    back_summaries = _parse_summaries(text, summaries_path) if text is not None else {}
    for g in old:
        if g not in back.get(g.match, []):
            raise PackError(f"{archive}: {g.name} would be lost")
    for match, lines in old_summaries.items():
        if back_summaries.get(match) != lines:
            raise PackError(f"{summaries_path}: the lines of {match} would change")
    total = 0
    for m in found:
        rows = back.get(m["match"], [])
        folder = m["folder"]
        if len(rows) != len(m["games"]) or {g.game for g in rows} != set(m["games"]):
            raise PackError(f"{folder}: {len(m['games'])} games, {len(rows)} rows")
        for g in rows:
            want = m["games"][g.game]
            if (g.moves, g.result, g.rule) != (want.moves, want.result, want.rule):
                raise PackError(f"{folder}: game {g.game} does not read back the same")
            path = os.path.join(folder, f"game{g.game:03}.txt")
            if os.path.exists(path) and _read_game_file(path) != g.moves:
                raise PackError(f"{path}: the moves do not read back byte for byte")
        if m["report"] is not None:
            if result_txt(rows, back_summaries.get(m["match"])) != m["report"]:
                raise PackError(f"{folder}/result.txt does not read back byte for byte")
        total += len(rows)
        rule = ",".join(sorted({g.rule or "?" for g in rows}))
        print(f"{m['match']}: {len(rows)} games ({m['txts']} game files, {m['logs']} logs), "
              f"rule {rule}, report {'kept' if m['report'] is not None else 'none'}", file=out)
    if dry_run:
        print(f"{study}: {total} games would be packed (dry run, nothing written)", file=out)
        return total
    _write_atomic(archive, data)
    if text is not None:
        _write_atomic(summaries_path, text.encode("utf-8"))
    # The files on disk, checked once more before anything is deleted.
    on_disk = {}
    for g in _read_archive(archive):
        on_disk.setdefault(g.match, []).append(g)
    if on_disk != back or (text is not None and read_summaries(summaries_path) != back_summaries):
        raise PackError(f"{archive}: does not read back as written; nothing deleted")
    removed = 0
    for m in found:
        for path in m["remove"]:
            os.remove(path)
            removed += 1
        folder = m["folder"]
        while not os.path.samefile(folder, study) and not os.listdir(folder):
            os.rmdir(folder)
            folder = os.path.dirname(folder)
    print(f"{study}: {total} games packed into {archive} ({os.path.getsize(archive)} bytes), "
          f"{removed} files removed", file=out)
    return total


# ---- extract -------------------------------------------------------------------------------


def extract(path, out_dir, match=None, out=sys.stdout):
    """Writes the games at `path` (as read_games takes it) back as folders of gameNNN.txt files
    with their result.txt: OUT_DIR/MATCH/ for each match, or OUT_DIR itself for the one match
    asked for (`match`, or STUDY/MATCH as `path`; matches below it go in subfolders). Refuses to
    overwrite a file. Returns the number of games."""
    games = list(read_games(path, match))
    # Where the games came from: the archives' folders, for their results.txt.
    summaries = {}
    root = match.strip("/") if match else "."
    if os.path.isfile(path):
        summaries = read_summaries(os.path.join(os.path.dirname(path), SUMMARIES))
    elif os.path.isdir(path):
        for folder, dirs, files in os.walk(path):
            dirs.sort()
            if SUMMARIES in files:
                prefix = os.path.relpath(folder, path).replace(os.sep, "/")
                for m, lines in read_summaries(os.path.join(folder, SUMMARIES)).items():
                    summaries[_join_match(prefix, m)] = lines
    else:
        above = _archive_above(path)
        summaries = read_summaries(os.path.join(above, SUMMARIES))
        wanted = os.path.relpath(os.path.abspath(path), above).replace(os.sep, "/")
        root = _join_match(wanted, root)
    by_match = {}
    for g in games:
        by_match.setdefault(g.match, []).append(g)
    writes = []
    for m, rows in sorted(by_match.items()):
        rel = m if root == "." else ("." if m == root else m[len(root) + 1:])
        folder = os.path.normpath(os.path.join(out_dir, rel))
        for g in rows:
            writes.append((os.path.join(folder, f"game{g.game:03}.txt"), g.moves + "\n"))
        report = result_txt(rows, summaries.get(m))
        if report:
            writes.append((os.path.join(folder, "result.txt"), report))
    for p, _ in writes:
        if os.path.exists(p):
            raise PackError(f"{p} exists; extract into an empty folder")
    for p, text in writes:
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    print(f"{len(games)} games of {len(by_match)} matches written to {out_dir}", file=out)
    return len(games)


# ---- command line --------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Each study keeps games.tsv.gz and results.txt; see "
                                        "docs/matches/README.md.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pack", help="pack a study's game folders into its games.tsv.gz "
                                    "(and results.txt), deleting the game files and logs")
    p.add_argument("study")
    p.add_argument("--dry-run", action="store_true", help="check and report, change nothing")
    p = sub.add_parser("list", help="print the games at PATH as tab-separated rows")
    p.add_argument("path", help="an archive, a folder, or STUDY/MATCH")
    p.add_argument("--match", help="only this match (or the matches below it)")
    p = sub.add_parser("extract", help="write gameNNN.txt files and result.txt back")
    p.add_argument("path", help="an archive, a folder, or STUDY/MATCH")
    p.add_argument("out_dir")
    p.add_argument("--match", help="only this match (or the matches below it), into OUT_DIR")
    args = ap.parse_args(argv)
    try:
        if args.command == "pack":
            pack(args.study, args.dry_run)
        elif args.command == "list":
            games = list(read_games(args.path, args.match))
            sys.stdout.write("".join("\t".join(row) + "\n"
                                     for row in [COLUMNS] + [g.row() for g in games]))
        else:
            extract(args.path, args.out_dir, args.match)
    except (PackError, ValueError, FileNotFoundError) as e:
        sys.exit(f"games_archive.py {args.command}: {e}")
    except BrokenPipeError:
        sys.stderr.close()


if __name__ == "__main__":
    main()
