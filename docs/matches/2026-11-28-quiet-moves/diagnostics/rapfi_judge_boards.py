"""Asks a Gomocup brain (Rapfi, built outside the repository) to judge positions given as
Gomocup BOARD lines, one position a line: `WIN x,y,c x,y,c ...` where c is 1 for the side to
move's stones and 2 for the other side's (what the node-VCT patch prints with NV_DUMP=1).
Prints, per position, the stone count and the brain's last evaluation message.

    python3 rapfi_judge_boards.py RAPFI_BINARY node-vct-wins-sampled.txt 1000
"""
import os
import re
import subprocess
import sys

brain, boards, ms = sys.argv[1], sys.argv[2], int(sys.argv[3])
for line in open(boards):
    stones = line.split()[1:]
    p = subprocess.Popen([brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True,
                         cwd=os.path.dirname(os.path.abspath(brain)))

    def send(s):
        p.stdin.write(s + '\n')
        p.stdin.flush()

    send('START 15')
    while True:
        reply = p.stdout.readline()
        if reply.startswith('OK') or not reply:
            break
    for info in (f'timeout_turn {ms}', 'timeout_match 0', 'max_memory 0', 'rule 0'):
        send('INFO ' + info)
    send('BOARD')
    for s in stones:
        send(s)
    send('DONE')
    messages = []
    while True:
        reply = p.stdout.readline()
        if not reply:
            break
        if reply.startswith('MESSAGE'):
            messages.append(reply.strip())
        elif re.match(r'\d+,\d+', reply):
            break
    send('END')
    p.wait()
    evals = [m for m in messages if 'Eval' in m]
    print(len(stones), (evals[-1] if evals else messages[-1] if messages else '?')[:160], flush=True)
