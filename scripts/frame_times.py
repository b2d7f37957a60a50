#!/usr/bin/env python3
"""Frame-time check: runs the desktop game under Xvfb (Mesa's software renderer) with
--frame-report, which shows an idle board, then lets the AI think at full strength (level 5),
then plays a winning move and lets the win animation run. Prints the figures per phase and
compares the longest frame while the AI thinks and while the win plays with 1.5x the median
idle frame.

    python3 scripts/frame_times.py [--game PATH] [--runs N] [--renderer-threads N]

Mesa's software renderer (llvmpipe) draws with as many threads as there are cores; on a
2-core machine it then competes with the search for the CPU. --renderer-threads 1 (the
default) leaves a core to the search, as a GPU would; 0 keeps Mesa's own choice.

Figures, not a test: the verdict line says whether the target held in this run.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def run_once(game, size, renderer_threads):
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "frames.json")
        env = dict(os.environ, GOMOKU_DATA_DIR=os.path.join(tmp, "data"))
        if renderer_threads:
            env["LP_NUM_THREADS"] = str(renderer_threads)
        cmd = ["xvfb-run", "-a", "-s", f"-screen 0 {size}x24", game, "--lang", "en",
               "--frame-report", report]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
        if proc.returncode != 0 or not os.path.exists(report):
            print(proc.stderr[-3000:])
            sys.exit(f"frame_times: the game exited with {proc.returncode} and no report")
        with open(report) as f:
            return json.load(f)


def describe(name, ms):
    return (f"{name:9} {len(ms):4} frames  median {statistics.median(ms):6.1f} ms  "
            f"p95 {percentile(ms, 95):6.1f} ms  max {max(ms):6.1f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default=os.path.expanduser("~/.cache/gomoku-target/debug/gomoku"))
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--screen", default="1280x1024")
    ap.add_argument("--renderer-threads", type=int, default=1)
    args = ap.parse_args()
    held = True
    for run in range(args.runs):
        r = run_once(args.game, args.screen, args.renderer_threads)
        idle, thinking, win = r["idle_ms"], r["thinking_ms"], r["win_ms"]
        limit = 1.5 * statistics.median(idle)
        threads = args.renderer_threads or "Mesa's default"
        print(f"run {run + 1}: window {args.screen} under Xvfb, llvmpipe threads: {threads}")
        for name, ms in (("idle", idle), ("thinking", thinking), ("win", win)):
            print("  " + describe(name, ms))
        for name, ms in (("thinking", thinking), ("win", win)):
            over = [m for m in ms if m > limit]
            print(f"  {name}: {len(over)} of {len(ms)} frames over 1.5 x idle median "
                  f"({limit:.1f} ms); longest {max(ms):.1f} ms = {max(ms) / statistics.median(idle):.2f} x")
            held &= not over
    print("verdict: " + ("no frame over 1.5 x the idle median" if held
                         else "some frames over 1.5 x the idle median"))


if __name__ == "__main__":
    main()
