"""Fits a move-ordering policy over line codes to a brain's moves: our policy's score times a
fitted factor, plus a weight per line code for the mover and one for the opponent (a code and
its reverse share one; codes seen fewer than MIN times in training have none), summed over the
four directions; a softmax over each position's candidates, Adam, L2.

    python3 fit_codes.py DUMP[,DUMP...] MIN L2 MOVES_GAMES     (env: ITS=150, OUT=fit)

DUMP: `dump_policy_codes` output (with its `.meta`). MOVES_GAMES: the moves file of the game
positions (`rapfi_moves_from_games.py`), read for the held-out split: game positions are held
out by opening (one in five, by the first eight moves), other positions by game number (one in
five). Writes OUT.npz (the weights) and OUT.bin: the engine's table (`code_policy.bin` of
code-policy.patch), per code 0..3^10 the mover's and the opponent's weight in hundredths of a
logit, little-endian i16."""
import os
import sys
import zlib

import numpy as np

files = sys.argv[1].split(',')
ds, gs, srcs = [], [], []
off = 0
for k, f in enumerate(files):
    dd = np.fromfile(f, dtype='<i4').reshape(-1, 11)
    mm = np.loadtxt(f + '.meta', dtype=np.int64)
    dd[:, 0] += off
    off += len(mm)
    ds.append(dd); gs.append(mm[:, 0]); srcs.append(np.full(len(mm), k))
d = np.concatenate(ds); games = np.concatenate(gs); src = np.concatenate(srcs)
pid, tgt, base = d[:, 0], d[:, 1].astype(bool), d[:, 2].astype(np.float64) / 100.0
own, opp = d[:, 3:7], d[:, 7:11]
# reversal-canonical code ids
codes = np.arange(3 ** 10)
dig = np.stack([(codes // 3 ** j) % 3 for j in range(10)], 1)
rev = (dig[:, ::-1] * (3 ** np.arange(10))).sum(1)
canon = np.minimum(codes, rev)
uniq, cid = np.unique(canon, return_inverse=True)
K = len(uniq)
own_c, opp_c = cid[own], cid[opp]
op = {}
for l in open(sys.argv[4]):
    w = l.split()
    g = int(w[0])
    if g not in op:
        op[g] = zlib.crc32(' '.join(w[2:10]).encode()) % 5
held_pos = np.array([(op[g] == 0) if g in op else (g % 5 == 0) for g in games])
print('held-out positions', held_pos.sum(), 'of', len(held_pos))
held = held_pos[pid]
starts = np.flatnonzero(np.r_[True, pid[1:] != pid[:-1]])
npos = len(starts)
# counts for regularisation / pruning of rare codes
cnt_own = np.bincount(own_c[~held].ravel(), minlength=K)
cnt_opp = np.bincount(opp_c[~held].ravel(), minlength=K)
MIN = int(sys.argv[2])
own_c = np.where(cnt_own[own_c] >= MIN, own_c, K)   # K = shared rare bucket (fixed 0)
opp_c = np.where(cnt_opp[opp_c] >= MIN, opp_c, K)
print('rows', len(d), 'positions', npos, 'codes', K, 'kept own', (cnt_own >= MIN).sum(), 'opp', (cnt_opp >= MIN).sum())

def seg_softmax(z):
    m = np.maximum.reduceat(z, starts)
    e = np.exp(z - m[pid])
    s = np.add.reduceat(e, starts)
    return e / s[pid], m + np.log(s)

def metrics(z, mask_pos, name):
    # rank of target within its position
    zt = np.zeros(npos); zt[pid[tgt]] = z[tgt]
    better = np.add.reduceat((z > zt[pid]).astype(np.int64), starts)
    _, lse = seg_softmax(z)
    ll = (lse - zt)
    sel = mask_pos
    r = better[sel]
    print(f'{name}: first {np.mean(r == 0)*100:.1f}%, in first 10 {np.mean(r < 10)*100:.1f}%, in first 12 {np.mean(r < 12)*100:.1f}%, mean rank {np.mean(r)+1:.2f}, log-loss {np.mean(ll[sel]):.4f}')

pos_held = np.zeros(npos, bool); pos_held[pid[held]] = True
for k in range(len(files)):
    metrics(base, pos_held & (src == k), f'current policy, {files[k]}')
# fit
L2 = float(sys.argv[3])
a = 1.0; A = np.zeros(K + 1); B = np.zeros(K + 1)
mA = np.zeros(K + 1); vA = np.zeros(K + 1); mB = np.zeros(K + 1); vB = np.zeros(K + 1); ma = va = 0.0
lr = 0.05; b1, b2 = 0.9, 0.999
tr = ~held
ntr = (~pos_held).sum()
for it in range(1, int(os.environ.get('ITS', '150')) + 1):
    z = a * base + A[own_c].sum(1) + B[opp_c].sum(1)
    p, _ = seg_softmax(z)
    g = (p - tgt) * tr / ntr
    ga = (g * base).sum()
    gA = np.bincount(own_c.ravel(), weights=np.repeat(g, 4), minlength=K + 1) + L2 * A
    gB = np.bincount(opp_c.ravel(), weights=np.repeat(g, 4), minlength=K + 1) + L2 * B
    gA[K] = gB[K] = 0
    for (par, gr, m_, v_) in ((A, gA, mA, vA), (B, gB, mB, vB)):
        m_ *= b1; m_ += (1 - b1) * gr; v_ *= b2; v_ += (1 - b2) * gr * gr
        par -= lr * (m_ / (1 - b1 ** it)) / (np.sqrt(v_ / (1 - b2 ** it)) + 1e-8)
    ma = b1 * ma + (1 - b1) * ga; va = b2 * va + (1 - b2) * ga * ga
    a -= lr * (ma / (1 - b1 ** it)) / (np.sqrt(va / (1 - b2 ** it)) + 1e-8)
    if it % 50 == 0:
        metrics(z, ~pos_held, f'it {it} train')
        for k in range(len(files)):
            metrics(z, pos_held & (src == k), f'it {it} held {files[k]}')
out = os.environ.get('OUT', 'fit')
np.savez(out + '.npz', A=A, B=B, a=a, uniq=uniq)
table = np.zeros((3 ** 10, 2), dtype='<i2')
table[:, 0] = np.round(A[cid] * 100)
table[:, 1] = np.round(B[cid] * 100)
table.tofile(out + '.bin')
print('factor on our policy', a, 'largest weight', np.abs(table).max())
