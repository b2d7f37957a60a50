#!/usr/bin/env python3
"""Where a lost game turned: the move after which the stronger opponent first rated itself
at THRESH or more, and what a longer search of ours and the opponent would have played there.

    python3 scripts/loss_diagnosis.py MATCH_DIR OURS OPPONENT [THRESH] [SLOW_MS] [SHARD k/N] > out.jsonl

MATCH_DIR is a folder saved by `scripts/match.py --save` (games and logs) with the match's
report beside it (MATCH_DIR.txt); OURS played as A, OPPONENT (a brain that reports `Eval` in
its MESSAGE lines, such as Rapfi) as B. For each game B won: the position before our move,
our move there (as played at the match's time), our move after SLOW_MS, the opponent's move
after 1 s, and the opponent's evaluation (its own view, 0.5 s) after each of them. Freestyle.
Figures for diagnosis, not a test.
"""
import glob, json, re, subprocess, sys


def ask(brain, moves, ms):
    """The brain's move in the position after `moves`, and its last reported score."""
    n = len(moves)
    lines = ['START 15', f'INFO timeout_turn {ms}', 'INFO timeout_match 100000000',
             'INFO time_left 100000000', 'INFO rule 0', 'BOARD']
    for i, m in enumerate(moves):
        x, y = ord(m[0]) - 97, 15 - int(m[1:])
        lines.append(f'{x},{y},{1 if (n - i) % 2 == 0 else 2}')
    lines.append('DONE')
    p = subprocess.run([brain], input='\n'.join(lines) + '\n', stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True, timeout=ms / 1000 * 3 + 10)
    out = p.stdout.strip().splitlines()
    score = None
    for line in out:
        m = re.search(r'Eval ([+-]?M?\d+)', line)
        if m:
            v = m[1]
            score = (-30000 if v.startswith('-') else 30000) if 'M' in v else int(v)
        m = re.search(r'score (-?\d+)', line)
        if m:
            score = int(m[1])
    x, y = out[-1].split(',')
    return chr(97 + int(x)) + str(15 - int(y)), score


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    folder, ours, opponent = sys.argv[1:4]
    thresh = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    slow = int(sys.argv[5]) if len(sys.argv) > 5 else 5000
    k, shards = map(int, (sys.argv[6] if len(sys.argv) > 6 else '0/1').split('/'))
    report = open(folder.rstrip('/') + '.txt').read()
    lost = {int(m[1]) for m in re.finditer(r'game +(\d+): A is \w+: B ', report)}
    for i, log in enumerate(sorted(glob.glob(folder + '/game*.log'))):
        number = int(re.search(r'game(\d+)', log)[1])
        if i % shards != k or number not in lost:
            continue
        moves = re.findall(r'[a-o]\d+', open(log[:-4] + '.txt').readline())
        first = None
        for line in open(log):
            m = re.match(r'(\d+) (black|white) [\d,]+: MESSAGE .*Eval ([+-]?M?\d+)', line)
            if not m:
                continue
            v = m[3]
            value = (-30000 if v.startswith('-') else 30000) if 'M' in v else int(v)
            if value >= thresh:
                first = int(m[1])
                break
        if first is None or first < 3:
            continue
        before, played = moves[:first - 2], moves[first - 2]
        longer, _ = ask(ours, before, slow)
        theirs, _ = ask(opponent, before, 1000)
        judged = {c: ask(opponent, before + [c], 500)[1] for c in sorted({played, longer, theirs})}
        print(json.dumps(dict(game=number, move=first - 1, played=played, slow=longer,
                              opponent=theirs, opponent_eval_after=judged)), flush=True)


if __name__ == '__main__':
    main()
