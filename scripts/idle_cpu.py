#!/usr/bin/env python3
"""Idle CPU: how much of a core the desktop game takes while nothing happens on screen. Runs
the game under Xvfb (Mesa's software renderer, as a machine without a graphics card draws)
in each state a player leaves it in, lets it settle, then reads the process's CPU time
(utime + stime of /proc/PID/stat, every thread) over a stretch of seconds:

- menu: the main menu after the first start (an empty data folder);
- board: a game between two players waiting for a move, untimed;
- won: a board with black's five, after the win's animation;
- timed: a 5 min + 3 s game waiting for White's move (its clock runs, shown each second).

    python3 scripts/idle_cpu.py [--game PATH] [--seconds 30] [--settle 12] [--only won]

Run it on a quiet machine (nothing else busy: hold the build lock). Figures, not a test.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

FIVE = "h8 a1 i8 a2 j8 a3 k8 a4 l8"

STATES = [
    ("menu", []),
    ("board", ["--mode", "two-players", "--moves", "h8 i9"]),
    ("won", ["--mode", "two-players", "--moves", FIVE]),
    ("timed", ["--mode", "two-players", "--time", "5+3", "--moves", "h8"]),
]


def cpu_seconds(pid):
    """The process's user and system time so far, in seconds (all its threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # Fields 14 and 15 of stat (utime, stime), counted after the command's closing bracket.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_display():
    for n in range(90, 200):
        if not os.path.exists(f"/tmp/.X{n}-lock"):
            return n
    sys.exit("idle_cpu: no free X display number")


def measure(game, args, seconds, settle, screen):
    display = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", f"{screen}x24", "-nolisten",
                             "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    data = tempfile.mkdtemp(prefix="gomoku-idle-")
    try:
        time.sleep(1.0)
        env = dict(os.environ, DISPLAY=f":{display}", GOMOKU_DATA_DIR=data)
        for name in ("WAYLAND_DISPLAY", "RUST_LOG"):
            env.pop(name, None)
        proc = subprocess.Popen([game, "--lang", "en"] + args, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(settle)
            if proc.poll() is not None:
                sys.exit(f"idle_cpu: the game exited with {proc.returncode}")
            start, wall = cpu_seconds(proc.pid), time.monotonic()
            time.sleep(seconds)
            used, wall = cpu_seconds(proc.pid) - start, time.monotonic() - wall
        finally:
            proc.terminate()
            proc.wait(timeout=20)
        return 100.0 * used / wall
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=20)
        shutil.rmtree(data, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default=os.path.expanduser("~/.cache/gomoku-target/debug/gomoku"))
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--settle", type=float, default=12.0)
    ap.add_argument("--screen", default="1280x1024")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--only", action="append", help="a state to measure (repeatable)")
    args = ap.parse_args()
    states = [s for s in STATES if not args.only or s[0] in args.only]
    print(f"{args.game}, screen {args.screen}, {args.seconds:.0f} s after {args.settle:.0f} s, "
          f"{os.cpu_count()} cores")
    for name, extra in states:
        figures = [measure(args.game, extra, args.seconds, args.settle, args.screen)
                   for _ in range(args.runs)]
        shown = "  ".join(f"{f:5.1f}%" for f in figures)
        print(f"  {name:6} {shown}   of a core", flush=True)


if __name__ == "__main__":
    main()
