"""Replays a saved freestyle game (15x15) and asks a brain, fresh for each position, for its
move at every turn of one colour from ply FROM on.

    python3 probe_game.py BRAIN MS GAME.txt black|white [FROM]

Prints, per position, the move played in the game, the brain's move and its last MESSAGE line
(a claimed win shows as `(solved)`).
"""
import re, subprocess, sys
brain, ms, game, colour = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
start = int(sys.argv[5]) if len(sys.argv) > 5 else 0
size = 15
words = re.findall(r"[a-o]\d+", open(game).read().strip())
moves = [(ord(w[0]) - 97, size - int(w[1:])) for w in words]
me = 0 if colour == "black" else 1
for n in range(start, len(moves)):
    if n % 2 != me:
        continue
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    cmds = [f"START {size}", f"INFO timeout_turn {ms}", "INFO timeout_match 0", "INFO rule 0", "BOARD"]
    for i, (x, y) in enumerate(moves[:n]):
        who = 1 if (i % 2) == (n % 2) else 2
        cmds.append(f"{x},{y},{who}")
    cmds.append("DONE")
    p.stdin.write("\n".join(cmds) + "\n"); p.stdin.flush()
    msgs = []
    while True:
        line = p.stdout.readline()
        if not line: break
        line = line.strip()
        if line.startswith("MESSAGE"): msgs.append(line); continue
        if re.match(r"^\d+,\d+$", line):
            x, y = map(int, line.split(","))
            break
    p.stdin.write("END\n"); p.stdin.flush(); p.wait()
    played = words[n]
    mine = f"{chr(97+x)}{size-y}"
    print(n + 1, "played", played, "now", mine, "|", msgs[-1] if msgs else "")
