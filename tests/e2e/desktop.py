#!/usr/bin/env python3
"""Desktop end-to-end test: runs the real game binary in a real window under Xvfb (Mesa's
software renderer), has it draw scripted positions and save screenshots, and checks the
pictures: the board is drawn, every stone is where the moves say in the right colour, empty
points are empty, and a winning five is highlighted. Also: the binary alone in an empty folder
draws the same (its pictures and sounds are built in), and a missing or damaged asset read
with --assets ends the run with an error naming the file, in bounded time.

    python3 tests/e2e/desktop.py --game PATH [--out DIR]

The game writes FILE.layout.json beside each screenshot (board size, pixel position of a1's
column / top row and the cell size), so the check needs no copy of the layout arithmetic.
Prints what it checked; exits 1 on the first failure.
"""

import argparse
import json
import os
import subprocess
import sys
import time
import zlib

CASES = [
    # (name, extra arguments, moves, winner's line or None)
    ("opening", ["--mode", "two-players"], "h8 i9 h9 h10 g8 j8 i8", None),
    ("black-five", ["--mode", "two-players"], "h8 a1 i8 a2 j8 a3 k8 a4 l8", "h8 i8 j8 k8 l8"),
    ("renju-19", ["--mode", "two-players", "--rule", "renju", "--size", "19"], "j10 k11 k10 j11 l12", None),
    ("white-diagonal", ["--mode", "two-players", "--size", "13"], "a1 c3 a2 d4 a3 e5 a5 f6 b7 g7", "c3 d4 e5 f6 g7"),
]


def read_png(path):
    """Decodes an 8-bit RGB or RGBA non-interlaced PNG. Returns (width, height, rows of pixels)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = None
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            depth, color, interlace = body[8], body[9], body[12]
            assert depth == 8 and interlace == 0 and color in (2, 6), (depth, color, interlace)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 255
            elif ftype == 2:
                line[x] = (line[x] + b) & 255
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        prev = line
    return width, height, rows


def parse_point(text, size):
    col = ord(text[0]) - ord("a")
    row = int(text[1:])
    return col, size - row


def average(rows, cx, cy, radius):
    """Mean colour of a small square around (cx, cy)."""
    acc, n = [0, 0, 0], 0
    for y in range(int(cy - radius), int(cy + radius) + 1):
        for x in range(int(cx - radius), int(cx + radius) + 1):
            if 0 <= y < len(rows) and 0 <= x < len(rows[0]):
                for k in range(3):
                    acc[k] += rows[y][x][k]
                n += 1
    return tuple(v / max(n, 1) for v in acc)


def luma(c):
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def run_case(game, out, name, extra, moves, line, cwd=None, says=None):
    shot = os.path.abspath(os.path.join(out, f"{name}.png"))
    for f in (shot, shot + ".layout.json"):
        if os.path.exists(f):
            os.remove(f)
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", game, *extra, "--moves", moves, "--screenshot", shot]
    t0 = time.time()
    # A data directory of the test's own: the player's saved games and settings stay untouched.
    env = dict(os.environ, GOMOKU_DATA_DIR=os.path.abspath(os.path.join(out, "data")))
    for hint in ("BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"):
        env.pop(hint, None)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=env, cwd=cwd)
    took = time.time() - t0
    if proc.returncode != 0 or not os.path.exists(shot):
        print(proc.stdout[-3000:], proc.stderr[-3000:], sep="\n")
        raise AssertionError(f"{name}: the game exited with {proc.returncode} and no screenshot")
    if says and says not in proc.stdout + proc.stderr:
        raise AssertionError(f"{name}: the game did not say '{says}'")
    with open(shot + ".layout.json") as f:
        layout = json.load(f)
    width, height, rows = read_png(shot)
    size, cell = layout["size"], layout["cell_px"]
    x0, y0 = layout["origin_px"]

    def centre(col, row):
        return x0 + col * cell, y0 + row * cell

    # The board is drawn: the middle of the board is wood-coloured (warm, mid-bright).
    stones = {}
    for i, m in enumerate(moves.split()):
        stones[parse_point(m, size)] = "black" if i % 2 == 0 else "white"
    checked = 0
    for row in range(size):
        for col in range(size):
            cx, cy = centre(col, row)
            # Sample a ring between the centre marker and the stone's edge.
            c = average(rows, cx - cell * 0.25, cy + cell * 0.22, max(1, cell * 0.06))
            want = stones.get((col, row))
            l = luma(c)
            if want == "black":
                ok = l < 90
            elif want == "white":
                ok = l > 175
            else:
                ok = 95 <= l <= 215 and c[0] > c[2] + 25  # wood: warm, neither stone
            if not ok:
                raise AssertionError(f"{name}: point ({col},{row}) should be {want or 'empty'}, colour {c}")
            checked += 1
    if line:
        for m in line.split():
            col, row = parse_point(m, size)
            cx, cy = centre(col, row)
            # Beside the centre (where the last move's red dot may sit), inside the gold marker.
            c = average(rows, cx + cell * 0.15, cy, max(1, cell * 0.03))
            # The winning stones carry a gold marker: red and green high, blue low.
            if not (c[0] > 150 and c[1] > 110 and c[2] < 110):
                raise AssertionError(f"{name}: {m} is not highlighted, colour {c}")
    print(f"ok {name}: {width}x{height}, {checked} points checked{', five highlighted' if line else ''} ({took:.1f} s)")


def run_unreadable_save(game, out):
    """A corrupt profiles file: the game starts, reports it, keeps its bytes aside under a
    timestamped name and writes a fresh one; the readable settings are kept."""
    import glob
    import shutil
    data = os.path.join(out, "data-unreadable")
    shutil.rmtree(data, ignore_errors=True)
    os.makedirs(data)
    bad = b'{"format": "gomoku-profiles", "version": 1, "data": {"list": [{"id"'
    with open(os.path.join(data, "profiles.json"), "wb") as f:
        f.write(bad)
    with open(os.path.join(data, "settings.json"), "w") as f:
        json.dump({"format": "gomoku-settings", "version": 1, "data": {"theme": "Wood", "coordinates": False}}, f)
    shot = os.path.join(out, "unreadable-save.png")
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", game, "--lang", "en", "--screenshot", shot]
    env = dict(os.environ, GOMOKU_DATA_DIR=data)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=env)
    if proc.returncode != 0 or not os.path.exists(shot):
        print(proc.stdout[-3000:], proc.stderr[-3000:], sep="\n")
        raise AssertionError(f"unreadable-save: the game exited with {proc.returncode}")
    kept = glob.glob(os.path.join(data, "profiles.json.unreadable-*"))
    if len(kept) != 1:
        raise AssertionError(f"unreadable-save: expected one kept file, found {kept}")
    with open(kept[0], "rb") as f:
        if f.read() != bad:
            raise AssertionError("unreadable-save: the kept file's bytes changed")
    with open(os.path.join(data, "profiles.json")) as f:
        fresh = json.load(f)
    if fresh.get("format") != "gomoku-profiles" or not fresh["data"]["list"]:
        raise AssertionError(f"unreadable-save: the new profiles file is {fresh}")
    with open(os.path.join(data, "settings.json")) as f:
        settings = json.load(f)["data"]
    if settings.get("coordinates") is not False:
        raise AssertionError(f"unreadable-save: the readable settings were not kept: {settings}")
    print(f"ok unreadable-save: kept as {os.path.basename(kept[0])}, fresh profiles written, settings kept")


def run_alone(game, out):
    """The binary copied alone into an empty folder and run from there: it needs no assets
    folder, its pictures and sounds are built in (the scene is ready only once the sounds
    have loaded too)."""
    import shutil
    import tempfile
    with tempfile.TemporaryDirectory() as alone:
        copy = os.path.join(alone, "gomoku")
        shutil.copy2(game, copy)
        run_case(copy, out, "alone", ["--mode", "two-players", "--verbose"], "h8 i9 h9", None,
                 cwd=alone, says="the pictures and sounds are built into the game")


# What a player could not act on: the libraries' chatter the game keeps off the terminal.
NOISE = ["ALSA lib", "XDG_RUNTIME_DIR", "certifiably insane", "XSETTINGS", "TEXTURE_BINDING_ARRAY",
         "INFO", "AdapterInfo", "panicked"]


def run_quiet_start(game, out):
    """A start as a newcomer's, outside a desktop session (no XDG_RUNTIME_DIR) on a machine
    with no sound card and no graphics card: a few short lines, each said once (the software
    renderer; no sound device, where there is none), none of the libraries' noise; and
    --verbose shows the game's own information lines again."""
    shot = os.path.abspath(os.path.join(out, "quiet.png"))
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", game, "--mode", "two-players",
           "--screenshot", shot]
    env = dict(os.environ, GOMOKU_DATA_DIR=os.path.abspath(os.path.join(out, "data")))
    for name in ("XDG_RUNTIME_DIR", "WAYLAND_DISPLAY", "RUST_LOG", "NODEVICE_SELECT", "NO_COLOR"):
        env.pop(name, None)
    quiet = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=env)
    said = [line for line in (quiet.stdout + quiet.stderr).splitlines() if line.strip()]
    if quiet.returncode != 0:
        print("\n".join(said[-40:]))
        raise AssertionError(f"quiet start: exited with {quiet.returncode}")
    # What it may say, all in its own voice ("gomoku: ...", plain, to a file as here): the
    # software renderer, and a machine without a sound device.
    noisy = [line for line in said if any(n in line for n in NOISE) or "\x1b" in line
             or not line.startswith("gomoku: ") or "WARN" in line]
    if noisy or len(said) > 3 or len(set(said)) != len(said):
        print("\n".join(said))
        raise AssertionError(f"quiet start: {len(said)} lines, noise: {noisy}")
    verbose = subprocess.run(cmd + ["--verbose"], capture_output=True, text=True, timeout=180,
                             env=env)
    if "INFO" not in verbose.stderr:
        print(verbose.stderr[-3000:])
        raise AssertionError("quiet start: --verbose shows no information lines")
    print(f"ok quiet start: {len(said)} lines ({' | '.join(said)}); --verbose: "
          f"{len(verbose.stderr.splitlines())} lines")


def run_broken_assets(game, out):
    """--assets with a missing folder, an empty folder, and a damaged picture and sound: each run
    ends with an error naming the folder or the files, well within the time limit."""
    import shutil
    source = os.path.join(os.path.dirname(__file__), "..", "..", "assets")
    broken = os.path.join(out, "assets-broken")
    empty = os.path.join(out, "assets-empty")
    for d in (broken, empty):
        shutil.rmtree(d, ignore_errors=True)
    os.makedirs(empty)
    for part in ("textures", "sounds"):
        shutil.copytree(os.path.join(source, part), os.path.join(broken, part))
    with open(os.path.join(broken, "textures", "disc.png"), "r+b") as f:
        f.truncate(100)
    with open(os.path.join(broken, "sounds", "win.wav"), "wb") as f:
        f.write(b"<html>404 Not Found</html>")
    cases = [
        ("no folder", os.path.join(out, "no-such-folder"), ["no-such-folder"]),
        ("empty folder", empty, ["textures/board_wood.png", "sounds/stone_1.wav", "sounds/button.wav"]),
        ("damaged files", broken, ["textures/disc.png", "sounds/win.wav (not a WAV file)"]),
    ]
    for name, folder, named in cases:
        shot = os.path.join(out, "broken-assets.png")
        if os.path.exists(shot):
            os.remove(shot)
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", game, "--assets", folder,
               "--mode", "two-players", "--screenshot", shot]
        env = dict(os.environ, GOMOKU_DATA_DIR=os.path.join(out, "data"), NO_COLOR="1")
        t0 = time.time()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90, env=env)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"broken assets, {name}: still running after 90 s")
        took = time.time() - t0
        said = proc.stdout + proc.stderr
        if proc.returncode == 0 or os.path.exists(shot):
            raise AssertionError(f"broken assets, {name}: exited with {proc.returncode}, screenshot {os.path.exists(shot)}")
        missing = [n for n in named if n not in said]
        if missing:
            print(said[-3000:])
            raise AssertionError(f"broken assets, {name}: the error does not name {missing}")
        print(f"ok broken assets, {name}: exit {proc.returncode}, names {', '.join(named)} ({took:.1f} s)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", required=True)
    ap.add_argument("--out", default="target/e2e")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    passed = failed = 0
    for case in CASES:
        try:
            run_case(args.game, args.out, *case)
            passed += 1
        except AssertionError as e:
            print(f"FAIL {e}")
            failed += 1
    for check in (run_unreadable_save, run_alone, run_quiet_start, run_broken_assets):
        try:
            check(args.game, args.out)
            passed += 1
        except AssertionError as e:
            print(f"FAIL {e}")
            failed += 1
    print(f"desktop: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
