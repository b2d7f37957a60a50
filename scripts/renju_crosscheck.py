#!/usr/bin/env python3
"""Cross-check the engine's renju forbidden points against an independent checker.

The checker below is written from the RIF rule definition only:

* A black move that makes exactly five (in any direction) is never forbidden.
* Otherwise it is forbidden if it makes an overline (6+ black in a row),
* or a double-four: two or more fours made at once.  A "four" is a line where
  one more black stone makes exactly five.  Two separate five-completions in
  one line (X.XXX.X, XX.XX.XX) are two fours; a straight four .XXXX. is one.
* or a double-three: two or more threes made at once.  A "three" is a line
  where one more black stone, on a point that is not itself forbidden (checked
  recursively), makes a straight four: four in a row whose both ends complete
  exactly five.  A line that is already a four is not also a three.
* Only threes/fours that contain the new stone count.

Usage: renju_crosscheck.py [--positions N] [--seed S] [--engine PATH]
Python 3 standard library only.
"""

import argparse
import os
import queue
import random
import subprocess
import sys
import threading

N = 15
EMPTY, BLACK, WHITE = 0, 1, 2
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))
# counters for --stats: how often each interesting case was exercised
STATS = {}


def _stat(key):
    STATS[key] = STATS.get(key, 0) + 1


DIR_NAMES = {(1, 0): "horizontal", (0, 1): "vertical", (1, 1): "diagonal \\", (1, -1): "diagonal /"}


def on_board(x, y):
    return 0 <= x < N and 0 <= y < N


def cell(b, x, y):
    """Colour at (x, y); off-board reads as -1 (neither black nor empty)."""
    if 0 <= x < N and 0 <= y < N:
        return b[y][x]
    return -1


def run_bounds(b, x, y, dx, dy, colour=BLACK):
    """Contiguous run of `colour` through (x, y) along (dx, dy), as offsets (lo, hi)
    relative to (x, y) (lo <= 0 <= hi).  (x, y) itself must hold `colour`."""
    lo = 0
    while cell(b, x + (lo - 1) * dx, y + (lo - 1) * dy) == colour:
        lo -= 1
    hi = 0
    while cell(b, x + (hi + 1) * dx, y + (hi + 1) * dy) == colour:
        hi += 1
    return lo, hi


def five_completions(b, x, y, dx, dy):
    """Offsets k (along the line, k != 0) of empty points where one more black stone
    makes exactly five containing the stone at (x, y).  (x, y) must be black."""
    out = []
    for k in range(-4, 5):
        if k == 0:
            continue
        qx, qy = x + k * dx, y + k * dy
        if cell(b, qx, qy) != EMPTY:
            continue
        b[qy][qx] = BLACK
        lo, hi = run_bounds(b, qx, qy, dx, dy)
        b[qy][qx] = EMPTY
        # run is relative to q; p is at offset -k from q
        if hi - lo + 1 == 5 and lo <= -k <= hi:
            out.append(k)
    return out


def count_fours(b, x, y, dx, dy):
    """Number of fours containing (x, y) in this direction."""
    ks = five_completions(b, x, y, dx, dy)
    n = len(ks)
    # a straight four: two completions exactly 5 apart (4 black stones between) = 1 four
    for i in range(len(ks)):
        for j in range(i + 1, len(ks)):
            if abs(ks[i] - ks[j]) == 5:
                n -= 1
    return n


def straight_four_points(b, x, y, dx, dy):
    """Empty points q (as absolute coords) on this line such that one more black stone
    at q makes a straight four containing (x, y): exactly four in a row, both
    ends empty and each end completing exactly five."""
    out = []
    for k in range(-3, 4):
        if k == 0:
            continue
        qx, qy = x + k * dx, y + k * dy
        if cell(b, qx, qy) != EMPTY:
            continue
        b[qy][qx] = BLACK
        lo, hi = run_bounds(b, x, y, dx, dy)
        ok = False
        if hi - lo + 1 == 4 and lo <= k <= hi:
            e1 = lo - 1
            e2 = hi + 1
            if (cell(b, x + e1 * dx, y + e1 * dy) == EMPTY
                    and cell(b, x + e2 * dx, y + e2 * dy) == EMPTY
                    and cell(b, x + (e1 - 1) * dx, y + (e1 - 1) * dy) != BLACK
                    and cell(b, x + (e2 + 1) * dx, y + (e2 + 1) * dy) != BLACK):
                ok = True
        b[qy][qx] = EMPTY
        if ok:
            out.append((qx, qy))
    return out


def _could_be_forbidden(b, x, y):
    """Cheap necessary condition: a forbidden point needs either one direction with
    >= 3 black stones within distance 4 (double-four in a line needs 3, overline
    needs 5) or at least two directions with >= 2 black stones within distance 4."""
    twos = 0
    for dx, dy in DIRS:
        c = 0
        for k in (-4, -3, -2, -1, 1, 2, 3, 4):
            if cell(b, x + k * dx, y + k * dy) == BLACK:
                c += 1
        if c >= 3:
            return True
        if c >= 2:
            twos += 1
    return twos >= 2


def forbidden_reason(b, x, y, depth=0):
    """None if black may play at empty (x, y), else a reason string."""
    if b[y][x] != EMPTY:
        return None
    if not _could_be_forbidden(b, x, y):
        return None
    b[y][x] = BLACK
    try:
        five = False
        over = False
        for dx, dy in DIRS:
            lo, hi = run_bounds(b, x, y, dx, dy)
            ln = hi - lo + 1
            if ln == 5:
                five = True
            elif ln > 5:
                over = True
        if five:
            return None
        if over:
            return "overline"
        fours = 0
        four_dirs = []
        for dx, dy in DIRS:
            f = count_fours(b, x, y, dx, dy)
            if f:
                fours += f
                four_dirs.append((dx, dy))
        if fours >= 2:
            return "double-four (%d fours)" % fours
        # threes: candidate straight-four points per direction (lines that are not fours)
        cands = []
        for dx, dy in DIRS:
            if (dx, dy) in four_dirs:
                continue
            pts = straight_four_points(b, x, y, dx, dy)
            if pts:
                cands.append(((dx, dy), pts))
        if len(cands) < 2:
            return None
        threes = []
        for d, pts in cands:
            for qx, qy in pts:
                if forbidden_reason(b, qx, qy, depth + 1) is None:
                    threes.append(d)
                    break
        if len(threes) < 2:
            # looked like a double-three but a straight-four point was forbidden
            _stat("false three decided a point (depth %d)" % depth)
        if len(threes) >= 2:
            return "double-three (%s)" % ", ".join(DIR_NAMES[d] for d in threes)
        return None
    finally:
        b[y][x] = EMPTY


def forbidden_points(b):
    """dict (x, y) -> reason for every empty point forbidden to black."""
    out = {}
    for y in range(N):
        for x in range(N):
            if b[y][x] == EMPTY:
                r = forbidden_reason(b, x, y)
                if r is not None:
                    out[(x, y)] = r
    return out


def has_five_or_more(b):
    for y in range(N):
        for x in range(N):
            c = b[y][x]
            if c == EMPTY:
                continue
            for dx, dy in DIRS:
                if cell(b, x - dx, y - dy) == c:
                    continue
                n = 0
                while cell(b, x + n * dx, y + n * dy) == c:
                    n += 1
                if n >= 5:
                    return True
    return False


def makes_five_or_more(b, x, y, colour):
    b[y][x] = colour
    try:
        for dx, dy in DIRS:
            lo, hi = run_bounds(b, x, y, dx, dy, colour)
            if hi - lo + 1 >= 5:
                return True
        return False
    finally:
        b[y][x] = EMPTY


def board_from_moves(moves):
    b = [[EMPTY] * N for _ in range(N)]
    for i, (x, y) in enumerate(moves):
        b[y][x] = BLACK if i % 2 == 0 else WHITE
    return b


# ---------------------------------------------------------------- generator

def _line_score(b, x, y, colour):
    """How much a stone of `colour` at (x, y) connects to its own stones."""
    s = 0
    for dx, dy in DIRS:
        for sgn in (1, -1):
            for k in range(1, 4):
                c = cell(b, x + sgn * k * dx, y + sgn * k * dy)
                if c == colour:
                    s += 4 - k
                elif c != EMPTY:
                    break
    return s


def random_game(rng):
    """Random clustered game; returns the move list (black first) or None."""
    length = rng.randint(10, 80)
    b = [[EMPTY] * N for _ in range(N)]
    moves = []
    if rng.random() < 0.25:
        # sometimes start anywhere, so that edges and corners get exercised
        x0, y0 = rng.randrange(N), rng.randrange(N)
    else:
        x0 = 7 + rng.randint(-2, 2)
        y0 = 7 + rng.randint(-2, 2)
    b[y0][x0] = BLACK
    moves.append((x0, y0))
    # per-game style: how strongly each side prefers connected shapes
    greed = [0, rng.choice([0.0, 0.5, 1.0, 2.0]), rng.choice([0.0, 0.3, 1.0])]
    radius = rng.choice([1, 2, 2, 2, 3])
    # sometimes white plays far away, leaving dense black shapes (more recursion)
    white_far = rng.choice([0.0, 0.0, 0.3, 0.6])
    while len(moves) < length:
        colour = BLACK if len(moves) % 2 == 0 else WHITE
        if colour == WHITE and rng.random() < white_far:
            x, y = rng.randrange(N), rng.randrange(N)
            if b[y][x] == EMPTY and not makes_five_or_more(b, x, y, WHITE):
                b[y][x] = WHITE
                moves.append((x, y))
                continue
        cand = set()
        for (sx, sy) in moves:
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    x, y = sx + dx, sy + dy
                    if on_board(x, y) and b[y][x] == EMPTY:
                        cand.add((x, y))
        cand = sorted(cand)
        rng.shuffle(cand)
        weights = [1.0 + greed[colour] * _line_score(b, x, y, colour) for x, y in cand]
        # try weighted picks until one is acceptable
        placed = False
        tries = 0
        while cand and tries < 40:
            tries += 1
            i = rng.choices(range(len(cand)), weights)[0]
            x, y = cand[i]
            bad = makes_five_or_more(b, x, y, colour)
            if not bad and colour == BLACK and forbidden_reason(b, x, y) is not None:
                bad = True
            if bad:
                del cand[i]
                del weights[i]
                continue
            b[y][x] = colour
            moves.append((x, y))
            placed = True
            break
        if not placed:
            break
    if len(moves) < 10 or has_five_or_more(b):
        return None
    return moves


# ---------------------------------------------------------------- fixed positions

def _whites(n):
    """n white filler stones along the board edges, never five in a row."""
    spots = [(x, 0) for x in range(0, 15, 2)] + [(x, 14) for x in range(0, 15, 2)] + \
            [(14, y) for y in range(2, 13, 2)]
    return spots[:n]


def _interleave(blacks, whites):
    moves = []
    for i in range(max(len(blacks), len(whites))):
        if i < len(blacks):
            moves.append(blacks[i])
        if i < len(whites):
            moves.append(whites[i])
    return moves


def _pos(name, blacks, expect, whites=None):
    """blacks: black stones; expect: {point: True/False} hand-verified forbiddenness."""
    if whites is None:
        whites = _whites(len(blacks))
    return (name, _interleave(blacks, whites), expect)


FIXED = [
    _pos("double-four in one line X.X?X.X",
         [(3, 7), (5, 7), (7, 7), (9, 7)], {(6, 7): True, (4, 7): False, (8, 7): False}),
    _pos("double-four in one line XX.?X.XX",
         [(2, 7), (3, 7), (6, 7), (8, 7), (9, 7)], {(5, 7): True, (4, 7): False, (7, 7): False}),
    _pos("straight four is one four (plus one more four = double-four)",
         [(4, 7), (5, 7), (6, 7), (7, 3), (7, 4), (7, 5)],
         # (7,7): horizontal .XXX? -> straight four (1 four); vertical XXX.? -> four: double-four
         {(7, 7): True, (3, 7): False, (7, 6): False}),
    _pos("overline XXX?XX",
         [(3, 7), (4, 7), (5, 7), (7, 7), (8, 7)], {(6, 7): True}),
    _pos("five beats overline in another line",
         [(3, 7), (4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6), (7, 8), (7, 9)],
         {(7, 7): False}),
    _pos("five beats double-three",
         [(3, 7), (4, 7), (5, 7), (6, 7), (7, 5), (7, 6), (8, 8), (9, 9)],
         {(7, 7): False}),
    _pos("plain double-three",
         [(5, 7), (6, 7), (7, 5), (7, 6)], {(7, 7): True}),
    _pos("three whose straight fours would be overlines (X..XX?..X) + real three",
         [(2, 7), (5, 7), (6, 7), (10, 7), (7, 5), (7, 6)], {(7, 7): False}),
    _pos("same without the far stones: double-three",
         [(5, 7), (6, 7), (7, 5), (7, 6), (0, 3), (12, 3)], {(7, 7): True}),
    _pos("false three: its only straight-four point is an overline point",
         [(5, 7), (7, 7), (6, 4), (6, 5), (6, 6), (6, 8), (6, 9), (8, 5), (8, 6)],
         {(8, 7): False, (6, 7): True}),
    _pos("false three via double-four point (X.X?X.X vertical)",
         [(5, 7), (7, 7), (6, 4), (6, 6), (6, 8), (6, 10), (8, 5), (8, 6)],
         {(8, 7): False, (6, 7): True}),
    _pos("control: same shape, straight-four point allowed -> double-three",
         [(5, 7), (7, 7), (8, 5), (8, 6)], {(8, 7): True, (6, 7): False}),
    _pos("edge: XX? at the edge is no three",
         [(0, 7), (1, 7), (2, 4), (2, 5)], {(2, 7): False, (2, 6): False}),
    _pos("edge: .XX? one in from the edge is a three",
         [(1, 7), (2, 7), (3, 5), (3, 6)], {(3, 7): True}),
    _pos("four-three is allowed",
         [(4, 7), (5, 7), (6, 7), (7, 5), (7, 6), (0, 12)], {(7, 7): False}),
    _pos("three blocked by white on one side is not a three",
         [(5, 7), (6, 7), (7, 5), (7, 6)], {(7, 7): False},
         whites=[(4, 7), (0, 0), (2, 0), (4, 0)]),
    _pos("split three X.X? with open ends",
         [(4, 7), (6, 7), (7, 4), (7, 5)], {(7, 7): True}),
    _pos("three where one end completion is an overline but the other is fine",
         [(2, 7), (5, 7), (6, 7), (7, 5), (7, 6)], {(7, 7): True}),
]


# ---------------------------------------------------------------- engine driver

class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        t = threading.Thread(target=self._reader, daemon=True)
        t.start()

    def _reader(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\r\n"))
        self.q.put(None)

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def expect(self, prefix, timeout=60):
        while True:
            try:
                line = self.q.get(timeout=timeout)
            except queue.Empty:
                raise RuntimeError("engine timed out waiting for %r" % prefix)
            if line is None:
                raise RuntimeError("engine exited while waiting for %r" % prefix)
            if line.startswith(prefix):
                return line
            if line.startswith("ERROR") or line.startswith("UNKNOWN"):
                raise RuntimeError("engine said: %s" % line)
            # MESSAGE / DEBUG lines are ignored

    def forbid(self, moves):
        lines = ["YXBOARD"]
        for i, (x, y) in enumerate(moves):
            lines.append("%d,%d,%d" % (x, y, 1 if i % 2 == 0 else 2))
        lines.append("DONE")
        lines.append("YXSHOWFORBID")
        self.send("\n".join(lines))
        line = self.expect("FORBID")
        body = line[len("FORBID"):].strip()
        if not body.endswith("."):
            raise RuntimeError("bad FORBID line: %r" % line)
        body = body[:-1]
        if len(body) % 4:
            raise RuntimeError("bad FORBID line: %r" % line)
        pts = []
        for i in range(0, len(body), 4):
            pts.append((int(body[i:i + 2]), int(body[i + 2:i + 4])))
        order = sorted(pts, key=lambda p: (p[1], p[0]))
        if pts != order:
            print("warning: FORBID points not in row order: %r" % line)
        return set(pts)

    def close(self):
        try:
            self.send("END")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def diagram(b, marks=()):
    marks = dict(marks)
    out = ["   " + "".join("%3d" % x for x in range(N))]
    for y in range(N):
        row = []
        for x in range(N):
            if (x, y) in marks:
                row.append(marks[(x, y)])
            else:
                row.append(".XO"[b[y][x]])
        out.append("%2d   %s" % (y, "  ".join(row)))
    return "\n".join(out)


def report_mismatch(title, moves, b, eng, py):
    only_e = sorted(eng - set(py), key=lambda p: (p[1], p[0]))
    only_p = sorted(set(py) - eng, key=lambda p: (p[1], p[0]))
    marks = {p: "E" for p in only_e}
    marks.update({p: "P" for p in only_p})
    print("=" * 60)
    print("MISMATCH: %s" % title)
    print("moves: %s" % " ".join("%d,%d" % m for m in moves))
    print(diagram(b, marks))
    print("(E = only engine says forbidden, P = only Python says forbidden)")
    for p in only_e:
        print("  only engine: %d,%d" % p)
    for p in only_p:
        print("  only python: %d,%d  (%s)" % (p[0], p[1], py[p]))
    sys.stdout.flush()


def self_test():
    """Hand-verified expectations for the fixed positions (None = not asserted)."""
    bad = 0
    for name, moves, expect in FIXED:
        b = board_from_moves(moves)
        for (x, y), want in expect.items():
            if want is None:
                continue
            got = forbidden_reason(b, x, y) is not None
            if got != want:
                bad += 1
                print("SELF-TEST FAIL: %s: %d,%d expected %s, checker says %s"
                      % (name, x, y, "forbidden" if want else "allowed",
                         forbidden_reason(b, x, y)))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--engine", default=os.path.expanduser("~/.cache/gomoku-target/debug/gomoku-brain"))
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--stats", action="store_true", help="print how often each case occurred")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print("seed %d" % seed)
    rng = random.Random(seed)

    st = self_test()
    if st:
        print("checker self-test: %d failures" % st)

    eng = Engine(args.engine)
    eng.send("START 15")
    eng.expect("OK")
    eng.send("INFO rule 4")

    checked = 0
    mismatches = 0
    total_forbidden = 0
    try:
        for name, moves, _ in FIXED:
            b = board_from_moves(moves)
            py = forbidden_points(b)
            e = eng.forbid(moves)
            checked += 1
            total_forbidden += len(py)
            if e != set(py):
                mismatches += 1
                report_mismatch("fixed: " + name, moves, b, e, py)
        n = 0
        while n < args.positions:
            moves = random_game(rng)
            if moves is None:
                continue
            n += 1
            b = board_from_moves(moves)
            py = forbidden_points(b)
            e = eng.forbid(moves)
            checked += 1
            total_forbidden += len(py)
            for r in py.values():
                _stat("forbidden: " + r.split(" (")[0])
            if e != set(py):
                mismatches += 1
                report_mismatch("random #%d" % n, moves, b, e, py)
            if args.verbose and n % 500 == 0:
                print("... %d positions, %d mismatches" % (n, mismatches))
                sys.stdout.flush()
    finally:
        eng.close()
    if args.stats:
        for k in sorted(STATS):
            print("  %-45s %d" % (k, STATS[k]))
    print("%d positions, %d mismatches (%d forbidden points found by the Python checker)"
          % (checked, mismatches, total_forbidden))
    return 1 if mismatches or st else 0


if __name__ == "__main__":
    sys.exit(main())
