#!/usr/bin/env python3
"""Plays two Gomocup (Piskvork protocol) engines against each other and prints the score.

    python3 scripts/match.py ENGINE_A ENGINE_B [--games 20] [--ms 500] [--rule 0|1|4] [--size 15]
                             [--match-ms 0] [--jobs 1] [--save DIR] [--openings FILE | --swap2]

Each opening (a few stones near the centre, drawn at random from a fixed seed, or read from
`--openings FILE`: one per line in move notation, `h8 i9 j7`, `#` starts a comment) is played
twice, once with each engine as black, so neither side gains from the openings. Random openings
are mostly won by one colour, so most pairs split 1-1 whatever the engines; the files in
`scripts/openings/` hold openings our search judges near even (made by
`examples/balanced_openings.rs`), where more games count. The referee
checks every move (on the board, empty) and decides the game with the rule: freestyle
(rule 0: five or more), standard (1: exactly five) or renju (4: black's double-three,
double-four and overline lose; checked with the independent checker in
scripts/renju_crosscheck.py). An engine that answers late (over 3x its time), crashes or plays
an illegal move loses that game. Each engine of a game is started and its OK to START awaited
before the other starts and before any move is timed, as a Gomocup manager does. Figures, not
a test: used to compare engine versions, e.g. a build of main against a build of a branch.
`--jobs 2` plays two games at once (each game keeps one core busy: only one engine thinks at a
time); `--save DIR` writes the games to `DIR/games.tsv.gz` (see scripts/games_archive.py: each
game's position string, `h8i9...`, the format `gomoku --moves` and the game's import read, with
its line of the report), rewritten after each game; with `--logs` also the engines' MESSAGE and
DEBUG lines move by move, `DIR/gameNNN.log` (not kept in docs/matches/). The report goes to
standard output: `> DIR/result.txt` keeps it beside the games, where `scripts/games_archive.py
pack` finds it. `--match-ms N` gives each engine N ms for its whole game as well (Gomocup's
`timeout_match`, with `time_left` told before each move): an engine whose thinking adds up to
more loses on time.

`--swap2` starts every game with the swap2 opening rule instead, the script acting as the
manager of Gomocup's swap2 extension (`SWAP2BOARD`, as Yixin's and Rapfi's managers send it:
the stones in the order played, `x,y,1` for the colour to move next and `x,y,2` for the other):
the opener proposes three stones; the other engine answers `SWAP` (it takes black), one move
(it stays white and plays the fourth) or two moves (the fourth and fifth), after which the
opener answers `SWAP` (it takes black) or the sixth move as white. The engines take turns as
the opener, so the colours come from their own choices; the game then goes on as any other.
"""

import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import threading
import queue
import time

# The time each engine has for a whole game in ms (`--match-ms`), 0 for none.
MATCH_MS = 0

# Seconds an engine's next command waits after its last answer (see play_moves).
SETTLE_S = 0.05

sys.path.insert(0, os.path.dirname(__file__))
import games_archive  # noqa: E402
import renju_crosscheck as renju  # noqa: E402


# How long an engine may take to answer START before the game goes on without its OK.
START_TIMEOUT_S = 10


class Engine:
    def __init__(self, path):
        self.path = path
        # In its own folder: some engines read their configuration from the working directory.
        self.proc = subprocess.Popen([os.path.abspath(path)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1,
                                     cwd=os.path.dirname(os.path.abspath(path)))
        self.lines = queue.Queue()
        self.last_at = 0.0
        self.messages = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put((line.strip(), time.monotonic()))
        self.lines.put((None, time.monotonic()))

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def board(self, words, size):
        """Sends the position after `words` (`h8`-style moves, alternating from black) with the
        BOARD command: the side to move is the engine's own (1), the other side 2."""
        self.send("BOARD")
        n = len(words)
        for i, word in enumerate(words):
            x, y = ord(word[0]) - ord("a"), size - int(word[1:])
            self.send(f"{x},{y},{1 if (n - i) % 2 == 0 else 2}")
        self.send("DONE")

    def answer(self, timeout):
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                return None
            try:
                line, self.last_at = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            if line.startswith(("MESSAGE", "DEBUG")):
                self.messages.append(line)
                continue
            if line.startswith(("OK", "UNKNOWN", "ERROR")) or not line:
                continue
            return line

    def ready(self, timeout):
        """Waits for the OK to START (as a Gomocup manager does before the first move, so an
        engine's set-up, a table it clears say, is not counted against its first move). False
        if none came within `timeout` seconds; the game goes on, and a slow first move is then
        the engine's."""
        end = time.time() + timeout
        while (left := end - time.time()) > 0:
            try:
                line, _ = self.lines.get(timeout=left)
            except queue.Empty:
                return False
            if line is None or line.startswith(("ERROR", "UNKNOWN")):
                return False
            if line.startswith(("MESSAGE", "DEBUG")):
                self.messages.append(line)
            elif line.startswith("OK"):
                return True
        return False

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=2)
        except Exception:
            self.proc.kill()


def start_engines(paths, size, rule, ms):
    """Starts the engines at `paths` for a game: board size, time per move, rule."""
    engines = []
    for p in paths:
        # One at a time, each ready before the next starts: on a match's one core, an engine
        # setting itself up would otherwise take time from the other's first move.
        e = Engine(p)
        engines.append(e)
        e.send(f"START {size}")
        e.ready(START_TIMEOUT_S)
    for e in engines:
        e.send(f"INFO timeout_turn {ms}")
        e.send(f"INFO timeout_match {MATCH_MS}")
        # No match limit, but some engines (AIWine) read time_left whatever the limit is.
        e.send(f"INFO time_left {MATCH_MS or 100000000}")
        e.send(f"INFO rule {rule}")
    return engines


def start_saving(args):
    """The games saved so far (`--save`), after making the folder; None without `--save`."""
    if not args.save:
        return None
    os.makedirs(args.save, exist_ok=True)
    if os.path.exists(os.path.join(args.save, games_archive.ARCHIVE)):
        sys.exit(f"{args.save} holds a match's games already: save each match in its own folder")
    return []


def save_game(args, saved, number, moves, log, result):
    """Adds game `number` (its moves and its line of the report, `result`) to the folder's
    games.tsv.gz, rewritten whole, and writes its log beside it with `--logs`."""
    if saved is None:
        return
    rule = {v: k for k, v in games_archive.RULE_NUMBERS.items()}.get(args.rule, "")
    saved.append(games_archive.Game(".", number, rule, result, position_string(moves, args.size)))
    games_archive.write_games(os.path.join(args.save, games_archive.ARCHIVE), saved)
    if args.logs:
        with open(os.path.join(args.save, f"game{number:03}.log"), "w") as f:
            f.write("\n".join(log) + "\n")


# Late replies named in the report, per engine (the slowest first).
LATE_LISTED = 12


def print_replies(replies, ms):
    """The engines' reply times: median, slowest, and how many came over the time per move;
    then where the late ones were (game and move number), so each can be looked up in its
    game's log. `replies` maps "a" and "b" to lists of (seconds, game, move)."""
    for side in ("a", "b"):
        t = sorted(replies[side], reverse=True)
        if t:
            late = [r for r in t if r[0] * 1000 > ms]
            print(f"{side.upper()} replies: median {t[len(t) // 2][0] * 1000:.0f} ms, "
                  f"slowest {t[0][0] * 1000:.0f} ms, {len(late)} of {len(t)} over {ms} ms")
            if late:
                named = ", ".join(f"game {g} move {m} {s * 1000:.0f} ms"
                                  for s, g, m in late[:LATE_LISTED])
                more = f" and {len(late) - LATE_LISTED} more" if len(late) > LATE_LISTED else ""
                print(f"{side.upper()} late: {named}{more}")


def elo(wins, losses, draws):
    """A's Elo difference from its score, with the half-width of a 95% interval from the
    games' spread (each game 1, 1/2 or 0); None for a score of 0 or 1."""
    import math
    n = wins + losses + draws
    if n == 0:
        return None
    p = (wins + draws / 2) / n
    var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p ** 2) / n
    err = 1.96 * math.sqrt(var / n)

    def to_elo(q):
        q = min(max(q, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / q - 1)

    if p in (0, 1):
        return None
    return to_elo(p), (to_elo(p + err) - to_elo(p - err)) / 2


def print_elo(score):
    e = elo(score["a"], score["b"], score["draw"])
    if e is not None:
        print(f"Elo of A over B: {e[0]:+.0f} +/- {e[1]:.0f} (95%)")


def five_or_more(board, size, x, y, stone, exact):
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sgn in (1, -1):
            k = 1
            while True:
                a, b = x + sgn * k * dx, y + sgn * k * dy
                if not (0 <= a < size and 0 <= b < size) or board.get((a, b)) != stone:
                    break
                n += 1
                k += 1
        if (n == 5) if exact else (n >= 5):
            return True
    return False


def position_string(moves, size):
    """The moves as a position string: column letter (a..) and row number from the bottom."""
    return "".join(f"{chr(ord('a') + x)}{size - y}" for x, y in moves)


def play_game(paths, opening, size, rule, ms):
    """paths[0] plays black. Returns 0 (black won), 1 (white won) or None (draw), why, the
    moves, the log and each side's replies as (seconds, move number)."""
    moves = []
    log = []
    times = ([], [])
    winner, why = play_moves(paths, opening, size, rule, ms, moves, log, times)
    return winner, why, moves, log, times


def play_moves(paths, opening, size, rule, ms, moves, log, times):

    engines = start_engines(paths, size, rule, ms)
    try:
        # How many of the game's moves each engine has seen: as a manager does, the position
        # goes over once with BOARD, then each move with TURN (some engines keep their own
        # board and answer a second BOARD badly).
        seen = [0, 0]
        # Each engine's game time left in ms (with --match-ms), told before each of its moves.
        left = [MATCH_MS, MATCH_MS]
        board = {}
        for i, (x, y) in enumerate(opening):
            board[(x, y)] = i % 2
            moves.append((x, y))
        while len(moves) < size * size:
            side = len(moves) % 2
            e = engines[side]
            # Some engines (Rapfi) still read their input for a moment after they answer; a
            # command that arrives then is half eaten ("TURN" taken, "x,y" left as an unknown
            # command) and they never answer. So an engine hears its next command no sooner than
            # SETTLE_S after its last answer (before its clock starts).
            settle = SETTLE_S - (time.monotonic() - e.last_at)
            if settle > 0:
                time.sleep(settle)
            if MATCH_MS:
                e.send(f"INFO time_left {max(left[side], 0)}")
            if len(moves) == 0:
                e.send("BEGIN")
            elif seen[side] == len(moves) - 1:
                x, y = moves[-1]
                e.send(f"TURN {x},{y}")
            else:
                e.send("BOARD")
                for i, (x, y) in enumerate(moves):
                    own = 1 if i % 2 == side else 2
                    e.send(f"{x},{y},{own}")
                e.send("DONE")
            e.messages.clear()
            sent = time.monotonic()
            reply = e.answer(ms / 1000 * 3 + 2)
            if reply is not None:
                times[side].append((e.last_at - sent, len(moves) + 1))
            log.append(f"{len(moves) + 1} {'black' if side == 0 else 'white'} {reply}: "
                       + " | ".join(e.messages))
            if reply is None:
                return 1 - side, "no answer in time"
            if MATCH_MS:
                left[side] -= round((e.last_at - sent) * 1000)
                if left[side] < 0:
                    return 1 - side, "out of game time"
            try:
                x, y = (int(v) for v in reply.split(","))
            except ValueError:
                return 1 - side, f"bad reply {reply!r}"
            if not (0 <= x < size and 0 <= y < size) or (x, y) in board:
                return 1 - side, f"illegal move {x},{y}"
            if rule == 4 and side == 0:
                renju.N = size
                reason = renju.forbidden_reason(renju.board_from_moves(moves), x, y)
                if reason:
                    return 1, f"forbidden move {x},{y} ({reason})"
            board[(x, y)] = side
            moves.append((x, y))
            seen[side] = len(moves)
            exact = rule == 1 or (rule == 4 and side == 0)
            if five_or_more(board, size, x, y, side, exact):
                return side, "five"
        return None, "full board"
    finally:
        for e in engines:
            e.close()


def swap2_board(engine, stones, ms):
    """Sends SWAP2BOARD with `stones` (played in order, black first) and returns the reply's
    words (points as (x, y), or "SWAP"), or an error text."""
    engine.send("SWAP2BOARD")
    for i, (x, y) in enumerate(stones):
        to_move_next = (i % 2) == (len(stones) % 2)
        engine.send(f"{x},{y},{1 if to_move_next else 2}")
    engine.send("DONE")
    engine.messages.clear()
    reply = engine.answer(ms / 1000 * 3 + 2)
    if reply is None:
        return None, "no answer in time to SWAP2BOARD"
    words = []
    for word in reply.split():
        if word.upper() == "SWAP":
            words.append("SWAP")
            continue
        try:
            x, y = (int(v) for v in word.split(","))
        except ValueError:
            return None, f"bad SWAP2BOARD reply {reply!r}"
        words.append((x, y))
    return words, None


def negotiate_swap2(paths, size, rule, ms, log):
    """The swap2 opening between paths[0] (the opener) and paths[1]. Returns the stones, which
    engine (0 or 1) plays black, and None; or the loser (0 or 1) and why when an engine fails."""
    engines = start_engines(paths, size, rule, ms)
    try:

        def legal(points, stones):
            return all(0 <= x < size and 0 <= y < size for x, y in points) and \
                len(set(points) | set(stones)) == len(points) + len(stones)

        stones = []
        # Who answers and how many stones they may place (0: `SWAP`, take black): the opener's
        # three, the second's SWAP, one move or two, then the opener's SWAP or one move. One move
        # is white's, so it settles the colours as `SWAP` does.
        for who, counts in ((0, (3,)), (1, (0, 1, 2)), (0, (0, 1))):
            words, err = swap2_board(engines[who], stones, ms)
            log.append(f"{('opener', 'second')[who]} answers {words}: "
                       + " | ".join(engines[who].messages))
            if err:
                return None, None, (who, err)
            if words == ["SWAP"] and 0 in counts:
                return stones, who, None
            if "SWAP" in words or len(words) not in counts or not legal(words, stones):
                return None, None, (who, f"bad answer {words}")
            stones += words
            if len(words) == 1:
                return stones, 1 - who, None
        return None, None, (0, "the negotiation did not end")
    finally:
        for e in engines:
            e.close()


def play_swap2_game(paths, size, rule, ms):
    """paths[0] opens. Returns the winner (0 or 1 as in `paths`, None for a draw), why, the
    moves, the log, each engine's reply times and which engine played black."""
    log = []
    stones, black, failed = negotiate_swap2(paths, size, rule, ms, log)
    if failed:
        loser, why = failed
        return 1 - loser, why, [], log, ([], []), 0
    ordered = [paths[black], paths[1 - black]]
    moves = []
    times = ([], [])
    winner, why = play_moves(ordered, stones, size, rule, ms, moves, log, times)
    if black == 1:
        times = (times[1], times[0])
    won = None if winner is None else (black if winner == 0 else 1 - black)
    return won, why, moves, log, times, black


def openings(n, size, seed):
    rng = random.Random(seed)
    c = size // 2
    out = []
    while len(out) < n:
        k = rng.choice((2, 3, 4))
        stones = []
        while len(stones) < k:
            p = (c + rng.randint(-2, 2), c + rng.randint(-2, 2))
            if p not in stones:
                stones.append(p)
        out.append(stones)
    return out


def content_lines(path):
    """The lines of a text file that hold something, as (line number, words): a `#` starts a
    comment to the end of its line, and blank lines are skipped."""
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if words:
                yield number, words


def read_openings(path, n, size):
    """The first `n` openings of a file (all of them if `n` is None), as (x, y) lists with y
    counted from the top."""
    out = []
    for number, text in content_lines(path):
        stones = []
        for word in text:
            try:
                x, y = ord(word[0].lower()) - ord("a"), size - int(word[1:])
            except (ValueError, IndexError):
                sys.exit(f"{path}:{number}: not a move: {word!r}")
            if not (0 <= x < size and 0 <= y < size) or (x, y) in stones:
                sys.exit(f"{path}:{number}: {word!r} is off the board or taken")
            stones.append((x, y))
        out.append(stones)
        if len(out) == n:
            return out
    if n is None and out:
        return out
    sys.exit(f"{path} holds {len(out)} openings, {n or 'some'} are needed")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--ms", type=int, default=500)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--match-ms", type=int, default=0,
                    help="time for each engine's whole game in ms (Gomocup's timeout_match, "
                         "time_left told before each move; over it loses), 0 for none")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save", help="a folder for the games (DIR/games.tsv.gz)")
    ap.add_argument("--logs", action="store_true",
                    help="with --save, also write the engines' messages of each game "
                         "(DIR/gameNNN.log)")
    ap.add_argument("--openings", help="a file of openings to play instead of random ones")
    ap.add_argument("--swap2", action="store_true",
                    help="open every game with swap2, the engines taking turns as the opener")
    args = ap.parse_args()
    global MATCH_MS
    MATCH_MS = args.match_ms
    if args.logs and not args.save:
        ap.error("--logs needs --save")
    if args.swap2:
        return swap2_match(args)
    saved = start_saving(args)
    score = {"a": 0, "b": 0, "draw": 0}
    replies = {"a": [], "b": []}
    games = []
    pairs = (args.games + 1) // 2
    if args.openings:
        chosen = read_openings(args.openings, pairs, args.size)
    else:
        chosen = openings(pairs, args.size, args.seed)
    results = {}
    for n, opening in enumerate(chosen):
        for a_black in (True, False):
            paths = [args.a, args.b] if a_black else [args.b, args.a]
            games.append((2 * n + (0 if a_black else 1) + 1, a_black, paths, opening))
    with concurrent.futures.ThreadPoolExecutor(max(args.jobs, 1)) as pool:
        futures = [pool.submit(play_game, paths, opening, args.size, args.rule, args.ms)
                   for (_, _, paths, opening) in games]
        for (number, a_black, _, _), future in zip(games, futures):
            winner, why, moves, log, times = future.result()
            replies["a"].extend((t, number, m) for t, m in times[0 if a_black else 1])
            replies["b"].extend((t, number, m) for t, m in times[1 if a_black else 0])
            if winner is None:
                score["draw"] += 1
                who = "draw"
            else:
                won_a = (winner == 0) == a_black
                score["a" if won_a else "b"] += 1
                who = "A" if won_a else "B"
            results[number] = who
            result = f"A is {'black' if a_black else 'white'}: {who} ({why}, {len(moves)} moves)"
            save_game(args, saved, number, moves, log, result)
            print(f"game {number:3}: {result}", flush=True)
    total = sum(score.values())
    print(f"A {score['a']} - B {score['b']} - draws {score['draw']} of {total} "
          f"(A scores {(score['a'] + score['draw'] / 2) / max(total, 1):.0%})")
    both = {"A": [], "B": []}
    split = 0
    for n in range(1, len(games), 2):
        first, second = results.get(n), results.get(n + 1)
        if first == second and first in both:
            both[first].append((n + 1) // 2)
        else:
            split += 1
    print_elo(score)
    print(f"pairs: A won both {len(both['A'])}, B won both {len(both['B'])}, "
          f"split or drawn {split}")
    for side in ("A", "B"):
        if both[side]:
            print(f"openings {side} won both ways: {' '.join(map(str, both[side]))}")
    print_replies(replies, args.ms)


def swap2_match(args):
    """The match under swap2: A opens the odd games, B the even ones."""
    saved = start_saving(args)
    score = {"a": 0, "b": 0, "draw": 0}
    colours = {"a": 0}
    replies = {"a": [], "b": []}
    with concurrent.futures.ThreadPoolExecutor(max(args.jobs, 1)) as pool:
        games = []
        for n in range(args.games):
            a_opens = n % 2 == 0
            paths = [args.a, args.b] if a_opens else [args.b, args.a]
            games.append((n + 1, a_opens,
                          pool.submit(play_swap2_game, paths, args.size, args.rule, args.ms)))
        for number, a_opens, future in games:
            winner, why, moves, log, times, black = future.result()
            a = 0 if a_opens else 1
            a_black = black == a
            colours["a"] += a_black
            replies["a"].extend((t, number, m) for t, m in times[a])
            replies["b"].extend((t, number, m) for t, m in times[1 - a])
            if winner is None:
                score["draw"] += 1
                who = "draw"
            else:
                who = "A" if winner == a else "B"
                score[who.lower()] += 1
            result = (f"{'A' if a_opens else 'B'} opens, A is "
                      f"{'black' if a_black else 'white'}: {who} ({why}, {len(moves)} moves, "
                      f"opening {position_string(moves[:5], args.size)})")
            save_game(args, saved, number, moves, log, result)
            print(f"game {number:3}: {result}", flush=True)
    total = sum(score.values())
    print(f"A {score['a']} - B {score['b']} - draws {score['draw']} of {total} "
          f"(A scores {(score['a'] + score['draw'] / 2) / max(total, 1):.0%}); "
          f"A played black in {colours['a']} games")
    print_elo(score)
    print_replies(replies, args.ms)


if __name__ == "__main__":
    main()
