#!/usr/bin/env python3
"""Generate crates/engine/tests/puzzles.txt: positions with a proven forced win (VCF), per rule.

Independent of the Rust engine.  Python 3 standard library only.  The renju
forbidden-point checker is imported from scripts/renju_crosscheck.py (written
from the RIF rule text, not from the engine).

How the puzzles are made:
  * random clustered games from the empty board (each side prefers points that
    connect its own stones or block the opponent's; in renju black never plays a
    forbidden point; a side that can block the opponent's five does so; the game
    stops before anyone makes a five);
  * at every position from move 10 on, if the side to move has no five point and
    the opponent has no five point, a VCF search (iterative deepening up to
    --max-depth attacker moves, memo of failed positions) looks for the shortest
    victory by continuous fours;
  * positions whose shortest VCF has >= 3 attacker moves (the five included) are
    candidates; a deterministic selection picks 6 black wins and 6 white wins per
    rule, at most one puzzle per game, spreading the VCF lengths, and (renju) a few
    white wins that need black's block to be forbidden.

VCF rules used by the solver (A attacker to move, D defender):
  * every A move makes a four (creates at least one point where A wins next move);
  * if D has a five point, A's move must be on it (and still make a four); with two
    D five points A has lost;
  * after A's four with two or more five points A wins; with one five point f, D
    must play f, unless D is black in renju and f is forbidden (then A wins);
  * win = five or more (freestyle; white in renju), exactly five (standard; black
    in renju); black in renju never plays a forbidden point.

Usage: make_puzzles.py [--seed S] [--out PATH] [--check-only PATH]
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from renju_crosscheck import (  # noqa: E402
    N, EMPTY, BLACK, WHITE, DIRS, cell, run_bounds, forbidden_reason)

RULES = ("freestyle", "standard", "renju")
RULE_TAG = {"freestyle": "fs", "standard": "st", "renju": "rj"}
COLOUR_TAG = {BLACK: "b", WHITE: "w"}


# ---------------------------------------------------------------- rules

def new_board():
    return [[EMPTY] * N for _ in range(N)]


def wins_at(b, x, y, c, rule):
    """Does colour c win by playing the empty point (x, y)?"""
    exact = rule == "standard" or (rule == "renju" and c == BLACK)
    b[y][x] = c
    try:
        for dx, dy in DIRS:
            lo, hi = run_bounds(b, x, y, dx, dy, c)
            n = hi - lo + 1
            if n == 5 or (n > 5 and not exact):
                return True
        return False
    finally:
        b[y][x] = EMPTY


def is_legal(b, x, y, c, rule):
    if b[y][x] != EMPTY:
        return False
    if rule == "renju" and c == BLACK:
        return forbidden_reason(b, x, y) is None
    return True


def has_win_on_board(b, rule):
    """Is there a winning line on the board (for either colour)?"""
    for y in range(N):
        for x in range(N):
            c = b[y][x]
            if c == EMPTY:
                continue
            exact = rule == "standard" or (rule == "renju" and c == BLACK)
            for dx, dy in DIRS:
                if cell(b, x - dx, y - dy) == c:
                    continue
                n = 0
                while cell(b, x + n * dx, y + n * dy) == c:
                    n += 1
                if n == 5 or (n > 5 and not exact):
                    return True
    return False


def five_points_through(b, x, y, c, rule):
    """Empty points on the four lines through (x, y), within 4, where c wins."""
    out = []
    for dx, dy in DIRS:
        for k in (-4, -3, -2, -1, 1, 2, 3, 4):
            qx, qy = x + k * dx, y + k * dy
            if cell(b, qx, qy) == EMPTY and wins_at(b, qx, qy, c, rule):
                if (qx, qy) not in out:
                    out.append((qx, qy))
    return out


def all_five_points(b, c, rule):
    out = []
    for y in range(N):
        for x in range(N):
            if b[y][x] == EMPTY and wins_at(b, x, y, c, rule):
                out.append((x, y))
    return out


def four_candidates(b, c):
    """Empty points in a 5-window (any direction) holding 3 stones of c and
    nothing of the other colour: a superset of c's four-making moves."""
    out = set()
    stones = [(x, y) for y in range(N) for x in range(N) if b[y][x] == c]
    seen = set()
    for sx, sy in stones:
        for d, (dx, dy) in enumerate(DIRS):
            for start in range(-4, 1):
                x0, y0 = sx + start * dx, sy + start * dy
                key = (x0, y0, d)
                if key in seen:
                    continue
                seen.add(key)
                cnt = 0
                empties = []
                ok = True
                for i in range(5):
                    v = cell(b, x0 + i * dx, y0 + i * dy)
                    if v == c:
                        cnt += 1
                    elif v == EMPTY:
                        empties.append((x0 + i * dx, y0 + i * dy))
                    else:
                        ok = False
                        break
                if ok and cnt == 3:
                    out.update(empties)
    return sorted(out, key=lambda p: (p[1], p[0]))


# ---------------------------------------------------------------- VCF solver

_ZR = random.Random(12345)
ZOB = [[[_ZR.getrandbits(64) for _ in range(3)] for _ in range(N)] for _ in range(N)]


class VCF:
    """Shortest VCF for `attacker` on board b (attacker to move)."""

    def __init__(self, b, attacker, rule, forbidden_blocks_lose=True, node_limit=200000):
        self.b = b
        self.A = attacker
        self.D = BLACK + WHITE - attacker
        self.rule = rule
        # False: pretend black (defender) may block on forbidden points (to test whether
        # a white win relies on a forbidden block)
        self.fbl = forbidden_blocks_lose
        self.memo = {}
        self.h = 0
        for y in range(N):
            for x in range(N):
                if b[y][x]:
                    self.h ^= ZOB[y][x][b[y][x]]
        self.nodes = 0
        self.node_limit = node_limit
        self.aborted = False

    def place(self, p, c):
        x, y = p
        self.b[y][x] = c
        self.h ^= ZOB[y][x][c]

    def remove(self, p):
        x, y = p
        c = self.b[y][x]
        self.b[y][x] = EMPTY
        self.h ^= ZOB[y][x][c]

    def d_forbidden(self, p):
        return (self.fbl and self.rule == "renju" and self.D == BLACK
                and forbidden_reason(self.b, p[0], p[1]) is not None)

    def any_defender_move(self, near):
        """A legal defender move for the line when no block exists (deterministic)."""
        pts = [(x, y) for y in range(N) for x in range(N) if self.b[y][x] == EMPTY]
        pts.sort(key=lambda p: (max(abs(p[0] - near[0]), abs(p[1] - near[1])), p[1], p[0]))
        for p in pts:
            if max(abs(p[0] - near[0]), abs(p[1] - near[1])) < 2:
                continue  # keep the arbitrary move off the fight
            if is_legal(self.b, p[0], p[1], self.D, self.rule):
                return p
        return None

    def solve(self, max_depth=12, min_depth=2):
        """Returns (length, line) of the shortest VCF (length = attacker moves incl.
        the five), or None.  Requires: attacker has no five point."""
        b, rule = self.b, self.rule
        dt = all_five_points(b, self.D, rule)
        for depth in range(min_depth, max_depth + 1):
            line = self.search(dt, depth)
            if self.aborted:
                return None
            if line is not None:
                return (len(line) + 1) // 2, line
        return None

    def search(self, dt, depth):
        if depth < 2 or len(dt) >= 2:
            return None
        if self.memo.get(self.h, 0) >= depth:
            return None
        self.nodes += 1
        if self.nodes > self.node_limit:
            self.aborted = True
            return None
        b, A, D, rule = self.b, self.A, self.D, self.rule
        cands = [dt[0]] if dt else four_candidates(b, A)
        for p in cands:
            if not is_legal(b, p[0], p[1], A, rule):
                continue
            self.place(p, A)
            line = None
            F = five_points_through(b, p[0], p[1], A, rule)
            if len(F) >= 2:
                blk = [f for f in F if not self.d_forbidden(f)]
                if blk:
                    f0 = blk[0]
                    f1 = [f for f in F if f != f0][0]
                    line = [p, f0, f1]
                else:
                    q = self.any_defender_move(p)
                    if q is not None:
                        line = [p, q, F[0]]
            elif len(F) == 1:
                f = F[0]
                if self.d_forbidden(f):
                    q = self.any_defender_move(f)
                    if q is not None:
                        line = [p, q, f]
                elif depth >= 3:
                    self.place(f, D)
                    dn = five_points_through(b, f[0], f[1], D, rule)
                    sub = self.search(dn, depth - 1)
                    self.remove(f)
                    if sub is not None:
                        line = [p, f] + sub
            self.remove(p)
            if line is not None:
                return line
            if self.aborted:
                return None
        self.memo[self.h] = depth
        return None


# ---------------------------------------------------------------- VCT (one threat, then VCF)

def two_candidates(b, c):
    """Empty points in a 5-window holding 2 stones of c and none of the other colour."""
    out = set()
    for y0 in range(N):
        for x0 in range(N):
            for dx, dy in DIRS:
                if not (0 <= x0 + 4 * dx < N and 0 <= y0 + 4 * dy < N):
                    continue
                cnt = 0
                empties = []
                for i in range(5):
                    v = b[y0 + i * dy][x0 + i * dx]
                    if v == c:
                        cnt += 1
                    elif v == EMPTY:
                        empties.append((x0 + i * dx, y0 + i * dy))
                    else:
                        cnt = -9
                        break
                if cnt == 2:
                    out.update(empties)
    return sorted(out, key=lambda p: (p[1], p[0]))


def vct1(moves, rule, max_vcf=12, node_limit=60000):
    """A forced win that starts with one non-four threat (e.g. an open three) and
    continues with a VCF, proven against EVERY legal defender reply.  Only for positions
    where the side to move has no VCF (up to max_vcf attacker moves) and neither side
    has a five point.  Returns (line, n_attacker_moves) or None."""
    b = board_from(moves)
    A = BLACK if len(moves) % 2 == 0 else WHITE
    D = BLACK + WHITE - A
    if all_five_points(b, A, rule) or all_five_points(b, D, rule):
        return None
    v = VCF(b, A, rule, node_limit=node_limit)
    if v.solve(max_vcf) is not None or v.aborted:
        return None
    for p in two_candidates(b, A):
        if not is_legal(b, p[0], p[1], A, rule):
            continue
        b[p[1]][p[0]] = A
        if five_points_through(b, p[0], p[1], A, rule):
            b[p[1]][p[0]] = EMPTY  # a four: not a quiet threat
            continue
        # the threat: with another move A would have a VCF
        v = VCF(b, A, rule, node_limit=node_limit)
        threat = v.solve(8)
        if threat is None:
            b[p[1]][p[0]] = EMPTY
            continue
        first = [q for q in threat[1]]
        rest = [(x, y) for y in range(N) for x in range(N)
                if b[y][x] == EMPTY and (x, y) not in first]
        rest.sort(key=lambda q: max(abs(q[0] - p[0]), abs(q[1] - p[1])))
        best = None
        ok = True
        for q in first + rest:
            if b[q[1]][q[0]] != EMPTY or not is_legal(b, q[0], q[1], D, rule):
                continue
            # the defender has no five point here, so q is never a five
            b[q[1]][q[0]] = D
            v = VCF(b, A, rule, node_limit=node_limit)
            r = v.solve(max_vcf)
            b[q[1]][q[0]] = EMPTY
            if r is None:  # refuted (or not proven within the limits)
                ok = False
                break
            if best is None or r[0] > best[0]:
                best = (r[0], q, r[1])
        b[p[1]][p[0]] = EMPTY
        if ok and best is not None:
            return [p, best[1]] + best[2], best[0] + 1
    return None


# ---------------------------------------------------------------- notation

def to_note(p):
    x, y = p
    return "%s%d" % ("abcdefghijklmno"[x], N - y)


def from_note(s):
    x = "abcdefghijklmno".index(s[0])
    y = N - int(s[1:])
    if not (0 <= x < N and 0 <= y < N):
        raise ValueError(s)
    return (x, y)


# ---------------------------------------------------------------- game generator

def _shape_score(b, x, y, c):
    s = 0
    for dx, dy in DIRS:
        line = 0
        for sgn in (1, -1):
            for k in range(1, 5):
                v = cell(b, x + sgn * k * dx, y + sgn * k * dy)
                if v == c:
                    line += 5 - k
                elif v != EMPTY:
                    break
        s += line * line
    return s


def random_game(rng, rule):
    """Random clustered game; returns the list of moves (black first)."""
    length = rng.randint(20, 70)
    b = new_board()
    moves = []
    x0 = 7 + rng.randint(-2, 2)
    y0 = 7 + rng.randint(-2, 2)
    b[y0][x0] = BLACK
    moves.append((x0, y0))
    greed = {BLACK: rng.choice([0.2, 0.5, 1.0, 2.0]), WHITE: rng.choice([0.2, 0.5, 1.0, 2.0])}
    defend = {BLACK: rng.choice([0.0, 0.3, 0.7]), WHITE: rng.choice([0.0, 0.3, 0.7])}
    radius = rng.choice([1, 2, 2])
    block3 = {BLACK: rng.choice([0.6, 0.85, 1.0]), WHITE: rng.choice([0.6, 0.85, 1.0])}
    while len(moves) < length:
        c = BLACK if len(moves) % 2 == 0 else WHITE
        o = BLACK + WHITE - c
        # the mover has a five: the game would end here
        last = moves[-1]
        if moves and len(moves) >= 2 and five_points_through(b, moves[-2][0], moves[-2][1], c, rule):
            break
        opp5 = five_points_through(b, last[0], last[1], o, rule)
        if opp5:
            p = opp5[0]
            if len(opp5) > 1 or not is_legal(b, p[0], p[1], c, rule):
                break
            b[p[1]][p[0]] = c
            moves.append(p)
            continue
        if rng.random() < block3[c]:
            # block the opponent's open-four / double-four points (its open threes)
            thr = []
            for q in four_candidates(b, o):
                if not is_legal(b, q[0], q[1], o, rule):
                    continue
                b[q[1]][q[0]] = o
                if len(five_points_through(b, q[0], q[1], o, rule)) >= 2:
                    thr.append(q)
                b[q[1]][q[0]] = EMPTY
            thr = [q for q in thr if is_legal(b, q[0], q[1], c, rule) and not wins_at(b, q[0], q[1], c, rule)]
            if thr:
                p = rng.choice(thr)
                b[p[1]][p[0]] = c
                moves.append(p)
                continue
        cand = set()
        for (sx, sy) in moves:
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    x, y = sx + dx, sy + dy
                    if 0 <= x < N and 0 <= y < N and b[y][x] == EMPTY:
                        cand.add((x, y))
        cand = sorted(cand)
        weights = [1.0 + greed[c] * _shape_score(b, x, y, c) + defend[c] * _shape_score(b, x, y, o)
                   for x, y in cand]
        placed = False
        for _ in range(40):
            if not cand:
                break
            i = rng.choices(range(len(cand)), weights)[0]
            x, y = cand[i]
            if wins_at(b, x, y, c, rule) or not is_legal(b, x, y, c, rule):
                del cand[i]
                del weights[i]
                continue
            b[y][x] = c
            moves.append((x, y))
            placed = True
            break
        if not placed:
            break
    return moves


def board_from(moves):
    b = new_board()
    for i, (x, y) in enumerate(moves):
        b[y][x] = BLACK if i % 2 == 0 else WHITE
    return b


def analyse(moves, rule, max_depth):
    """(length, line, relies_on_forbidden) of the side to move's shortest VCF, or None
    when the position is not a puzzle."""
    b = board_from(moves)
    A = BLACK if len(moves) % 2 == 0 else WHITE
    D = BLACK + WHITE - A
    if all_five_points(b, A, rule) or all_five_points(b, D, rule):
        return None
    r = VCF(b, A, rule).solve(max_depth)
    if r is None or r[0] < 3:
        return None
    relies = False
    if rule == "renju" and A == WHITE:
        r2 = VCF(board_from(moves), A, rule, forbidden_blocks_lose=False).solve(max_depth)
        relies = r2 is None
    return r[0], r[1], relies


# ---------------------------------------------------------------- verification

def verify(rule, moves, line, quiet_first=False):
    """Independent-ish replay check; raises AssertionError on any problem.
    quiet_first (vct): the first attacker move is a quiet threat (no four, no five) and
    the defender's answer is any legal move; the rest must be a VCF.
    Returns (attacker, n_attacker_moves, n_forbidden_blocks)."""
    b = new_board()
    for i, p in enumerate(moves):
        c = BLACK if i % 2 == 0 else WHITE
        x, y = p
        assert b[y][x] == EMPTY, "move %d %s on an occupied point" % (i + 1, to_note(p))
        assert is_legal(b, x, y, c, rule), "move %d %s forbidden" % (i + 1, to_note(p))
        b[y][x] = c
        assert not has_win_on_board(b, rule), "five on the board after move %d" % (i + 1)
    A = BLACK if len(moves) % 2 == 0 else WHITE
    D = BLACK + WHITE - A
    assert not all_five_points(b, A, rule), "attacker already has a five"
    assert not all_five_points(b, D, rule), "defender has a five threat"
    assert len(line) % 2 == 1 and len(line) >= 5, "bad line length"
    forbidden_blocks = 0
    for i, p in enumerate(line):
        x, y = p
        if quiet_first and i < 2:
            c = A if i == 0 else D
            assert b[y][x] == EMPTY and is_legal(b, x, y, c, rule), "move %s illegal" % to_note(p)
            assert not wins_at(b, x, y, c, rule) and not all_five_points(b, BLACK + WHITE - c, rule)
            b[y][x] = c
            assert not all_five_points(b, c, rule), "quiet move %s makes a four" % to_note(p)
            continue
        if i % 2 == 0:  # attacker
            assert b[y][x] == EMPTY and is_legal(b, x, y, A, rule), "attacker move %s illegal" % to_note(p)
            if i == len(line) - 1:
                assert wins_at(b, x, y, A, rule), "last move %s is not a five" % to_note(p)
                b[y][x] = A
                assert has_win_on_board(b, rule)
                continue
            assert not wins_at(b, x, y, A, rule), "attacker could have made five earlier"
            d5 = all_five_points(b, D, rule)
            assert len(d5) <= 1 and (not d5 or d5[0] == p), "defender five not blocked at %s" % to_note(p)
            b[y][x] = A
            assert not all_five_points(b, D, rule)
            F = all_five_points(b, A, rule)
            assert F, "attacker move %s is not a four" % to_note(p)
        else:  # defender
            assert b[y][x] == EMPTY and is_legal(b, x, y, D, rule), "defender move %s illegal" % to_note(p)
            F = all_five_points(b, A, rule)
            legal_blocks = [f for f in F if is_legal(b, f[0], f[1], D, rule)]
            if len(F) == 1 and legal_blocks:
                assert p == F[0], "defender move %s is not the forced block" % to_note(p)
            else:
                # no single legal block: the defender loses whatever it plays
                if len(F) == 1:
                    forbidden_blocks += 1
            assert not wins_at(b, x, y, D, rule)
            b[y][x] = D
    return A, (len(line) + 1) // 2, forbidden_blocks


def parse_file(path):
    out = []
    with open(path) as f:
        for ln, raw in enumerate(f, 1):
            s = raw.strip()
            if not s or s.startswith("#"):
                continue
            parts = [t.strip() for t in s.split(" | ")]
            assert len(parts) == 5, "line %d: %d fields" % (ln, len(parts))
            name, rule, mv, kind, sol = parts
            assert rule in RULES, "line %d: rule %r" % (ln, rule)
            assert kind in ("vcf", "vct"), "line %d: kind %r" % (ln, kind)
            moves = [from_note(t) for t in mv.split(" ")]
            line = [from_note(t) for t in sol.split(" ")]
            out.append((name, rule, moves, kind, line))
    return out


def check_file(path):
    puzzles = parse_file(path)
    names = [p[0] for p in puzzles]
    assert len(set(names)) == len(names), "duplicate names"
    table = {}
    print("%-9s %-9s %-5s %5s %5s %5s %s" % ("name", "rule", "win", "moves", "len", "fbblk", "kind"))
    for name, rule, moves, kind, line in puzzles:
        A, n, fb = verify(rule, moves, line, quiet_first=(kind == "vct"))
        who = "black" if A == BLACK else "white"
        tag = "%s-%s-" % (RULE_TAG[rule], COLOUR_TAG[A])
        assert name.startswith(tag), "%s: name does not match rule/winner" % name
        if kind == "vcf":
            # the stated line is a shortest VCF: no VCF with fewer attacker moves
            r = VCF(board_from(moves), A, rule).solve(max_depth=n, min_depth=1)
            assert r is not None and r[0] == n, "%s: shortest VCF %s, line has %d" % (name, r and r[0], n)
        else:
            # re-prove: no VCF, and the threat wins against every defender reply
            r = vct1(moves, rule)
            assert r is not None and r[0] == line, "%s: VCT proof not reproduced" % name
        table.setdefault((rule, who, kind), []).append(n)
        print("%-9s %-9s %-5s %5d %5d %5d %s" % (name, rule, who, len(moves), n, fb, kind))
    print()
    print("%-9s %-5s %-4s %5s  %s" % ("rule", "win", "kind", "count", "attacker moves"))
    for (rule, who, kind), ns in sorted(table.items()):
        print("%-9s %-5s %-4s %5d  %s" % (rule, who, kind, len(ns), " ".join(map(str, sorted(ns)))))
    print("%d puzzles, all verified" % len(puzzles))
    return puzzles


# ---------------------------------------------------------------- selection

def select(cands, per_colour=6, want_forbidden=4):
    """cands: list of dicts (game, length, relies, ...) for one rule and colour;
    pick `per_colour`, one per game, spreading the lengths 3..9 (4..9 preferred)."""
    chosen = []
    used_games = set()

    def take(pool):
        for c in pool:
            if c["game"] not in used_games:
                chosen.append(c)
                used_games.add(c["game"])
                return True
        return False

    if want_forbidden:
        rel = [c for c in cands if c["relies"]]
        rel.sort(key=lambda c: (-min(c["length"], 9), c["game"]))
        for _ in range(want_forbidden):
            if len(chosen) >= per_colour or not take(rel):
                break
    for t in (9, 8, 7, 6, 5, 4):          # one of each length first
        if len(chosen) < per_colour and not any(c["length"] == t for c in chosen):
            take([c for c in cands if c["length"] == t])
    for t in (4, 5, 6, 7, 8, 9, 3):       # then repeats, short 3-move wins last
        if len(chosen) < per_colour:
            take([c for c in cands if c["length"] == t])
    rest = sorted(cands, key=lambda c: (-c["length"], c["game"]))
    while len(chosen) < per_colour and take(rest):
        pass
    chosen.sort(key=lambda c: (c["length"], c["game"]))
    return chosen


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "crates", "engine", "tests", "puzzles.txt"))
    ap.add_argument("--games", type=int, default=400, help="max games per rule")
    ap.add_argument("--max-depth", type=int, default=12)
    ap.add_argument("--vct", type=int, default=1, help="VCT puzzles per rule and colour (0: none)")
    ap.add_argument("--check-only", metavar="PATH", help="only verify an existing file")
    args = ap.parse_args()
    if args.check_only:
        check_file(args.check_only)
        return 0

    t_start = time.time()
    out_lines = []
    for ri, rule in enumerate(RULES):
        pool = {BLACK: [], WHITE: []}
        for g in range(args.games):
            rng = random.Random(args.seed * 1000003 + ri * 10007 + g)
            moves = random_game(rng, rule)
            for k in range(10, len(moves) + 1):
                pos = moves[:k]
                A = BLACK if k % 2 == 0 else WHITE
                r = analyse(pos, rule, args.max_depth)
                if r is None:
                    continue
                n, line, relies = r
                pool[A].append({"game": g, "moves": pos, "length": n, "line": line, "relies": relies})
            nb = len(pool[BLACK])
            nw = len(pool[WHITE])
            nrel = sum(1 for c in pool[WHITE] if c["relies"])
            if g % 20 == 19:
                print("%s: %d games, black %d, white %d (forbidden-block %d), %.0f s"
                      % (rule, g + 1, nb, nw, nrel, time.time() - t_start), flush=True)
            enough = all(len({c["game"] for c in pool[A] if c["length"] >= 4}) >= 16
                         and len({c["length"] for c in pool[A] if c["length"] >= 4}) >= 6
                         for A in (BLACK, WHITE))
            if rule == "renju":
                enough = enough and len({c["game"] for c in pool[WHITE] if c["relies"]}) >= 6
            if enough:
                break
        for A in (BLACK, WHITE):
            chosen = select(pool[A], 6, 4 if (rule == "renju" and A == WHITE) else 0)
            if len(chosen) < 6:
                print("WARNING: only %d puzzles for %s %s" % (len(chosen), rule, COLOUR_TAG[A]))
            for i, c in enumerate(chosen, 1):
                name = "%s-%s-%02d" % (RULE_TAG[rule], COLOUR_TAG[A], i)
                if c["relies"]:
                    out_lines.append("# %s: white's win needs a black block on a forbidden point" % name)
                out_lines.append(" | ".join([
                    name, rule, " ".join(to_note(p) for p in c["moves"]), "vcf",
                    " ".join(to_note(p) for p in c["line"])]))
    for ri, rule in enumerate(RULES):
        if not args.vct:
            break
        got = {BLACK: [], WHITE: []}
        for g in range(200):
            if all(len(got[A]) >= args.vct for A in got):
                break
            rng = random.Random(args.seed * 1000003 + ri * 10007 + 5000 + g)
            moves = random_game(rng, rule)
            for k in range(12, len(moves) + 1):
                A = BLACK if k % 2 == 0 else WHITE
                if len(got[A]) >= args.vct:
                    continue
                r = vct1(moves[:k], rule)
                if r is not None and r[1] >= 4:
                    got[A].append((moves[:k], r[0]))
                    break  # one per game
            print("%s vct: %d games, black %d, white %d, %.0f s"
                  % (rule, g + 1, len(got[BLACK]), len(got[WHITE]), time.time() - t_start), flush=True)
        for A in (BLACK, WHITE):
            for i, (moves, line) in enumerate(got[A], 1):
                name = "%s-%s-vct%d" % (RULE_TAG[rule], COLOUR_TAG[A], i)
                out_lines.append(" | ".join([
                    name, rule, " ".join(to_note(p) for p in moves), "vct",
                    " ".join(to_note(p) for p in line)]))
    header = HEADER % {"seed": args.seed, "depth": args.max_depth}
    with open(args.out, "w") as f:
        f.write(header)
        for ln in out_lines:
            f.write(ln + "\n")
    print("wrote %s in %.0f s" % (args.out, time.time() - t_start))
    check_file(args.out)
    return 0


HEADER = """\
# Gomoku puzzles: positions with a proven forced win for the side to move.
#
# One puzzle per line, fields separated by ' | ':
#   name | rule | moves | kind | solution
#   name     fs/st/rj (freestyle, standard, renju) - b/w (the side to move, which wins) - number
#   rule     freestyle (five or more wins), standard (exactly five wins), renju (black: exactly
#            five, no overline / double-four / double-three; white: five or more)
#   moves    the game from the empty board, black first, colours alternating; columns a..o from
#            the left, rows 1..15 from the bottom (h8 is the centre)
#   kind     vcf: victory by continuous fours; vct: the side to move has no VCF (up to the
#            depth below) but wins by one quiet threat (a three or similar) followed by a VCF,
#            proven against every legal defender reply (the solution shows the reply after
#            which the VCF is longest)
#   solution a shortest winning line: attacker and defender moves alternating, every attacker
#            move a four, every defender move the forced block, ending with the five.  Where
#            black's only block is forbidden (renju) or there are two five points, the defender
#            move is an arbitrary legal move and the attacker completes a five anyway.
#
# Made by scripts/make_puzzles.py --seed %(seed)d (random clustered games, every position searched by
# an independent Python VCF solver with iterative deepening up to %(depth)d attacker moves; renju
# forbidden points from scripts/renju_crosscheck.py).  In every position the side to move has no
# five and the opponent has no five point, and no VCF with fewer attacker moves (five included)
# than the solution exists; the shortest is at least 3.  `make_puzzles.py --check-only FILE`
# replays and re-verifies every line.
"""

if __name__ == "__main__":
    sys.exit(main())
