"""Asks a Gomocup brain (Rapfi, built outside the repository) to judge positions given as
Gomocup BOARD lines, one position a line: `WIN x,y,c x,y,c ...` where c is 1 for the side to
move's stones and 2 for the other side's (what the node-VCT patch prints with NV_DUMP=1).
Prints, per position, the stone count and the brain's last evaluation message. The brain is
started and spoken to by `scripts/match.py`'s own engine driver (freestyle, 15x15).

    python3 rapfi_judge_boards.py RAPFI_BINARY node-vct-wins-sampled.txt 1000
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../../scripts'))
from match import start_engines  # noqa: E402

brain, boards, ms = sys.argv[1], sys.argv[2], int(sys.argv[3])
for line in open(boards):
    stones = line.split()[1:]
    engine = start_engines([brain], 15, 0, ms)[0]
    engine.send('BOARD')
    for s in stones:
        engine.send(s)
    engine.send('DONE')
    engine.answer(ms / 1000 * 3 + 5)
    engine.close()
    evals = [m for m in engine.messages if 'Eval' in m]
    last = evals[-1] if evals else engine.messages[-1] if engine.messages else '?'
    print(len(stones), last[:160], flush=True)
