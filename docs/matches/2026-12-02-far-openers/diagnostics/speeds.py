"""The two engines' search speeds in saved matches: the median of their own reports.

    python3 speeds.py MATCH_DIR...

Each MATCH_DIR is a `scripts/match.py --save` folder (`gameNNN.log`: the engines' MESSAGE lines
move by move). Ours reports `nodes N speed Kk/s`, Rapfi `Speed KK | ... | Node NK`; moves of
fewer than 50,000 nodes (book-like answers, found wins) are left out. The ratio of the two
speeds on a machine says how far a score against Rapfi there carries to another machine.
"""

import glob
import os
import re
import statistics
import sys


def main():
    for folder in sys.argv[1:]:
        ours, rapfi = [], []
        for log in glob.glob(os.path.join(folder, "game*.log")):
            for line in open(log):
                m = re.search(r"nodes (\d+) speed (\d+)k/s", line)
                if m and int(m.group(1)) >= 50_000:
                    ours.append(int(m.group(2)))
                m = re.search(r"Speed (\d+)K \|.*\| Node (\d+)K", line)
                if m and int(m.group(2)) >= 50:
                    rapfi.append(int(m.group(1)))
        if not ours or not rapfi:
            print(f"{folder}: no speeds of both engines found")
            continue
        a, b = statistics.median(ours), statistics.median(rapfi)
        print(f"{folder}: ours {a:.0f}k nodes/s ({len(ours)} moves), "
              f"Rapfi {b:.0f}k ({len(rapfi)} moves), ratio {a / b:.2f}")


if __name__ == "__main__":
    main()
