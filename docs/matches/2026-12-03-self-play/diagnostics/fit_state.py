"""Fits on a TUNE_DUMP (with TUNE_COMBOS=1): current features, + combos, + threat-state one-hot.
    python3 fit_state.py DUMP [STEPS]"""
import os, sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tune_dump import FEATURES, load
X, held, target, result, colour = load(sys.argv[1])
n = len(held); colour = colour[:, None]
print(n, "samples,", held.sum(), "held out")
cm = X[:, 7:14]; cw = X[:, 56:63]   # class counts Low..Five, mover and waiter
def b(c, k): return np.minimum(c, k).astype(int)
state = (((((((b(cm[:,1],3)*2 + b(cm[:,2],1))*3 + b(cm[:,3],2))*2 + b(cm[:,4],1))*3 + b(cw[:,1],2))*2 + b(cw[:,2],1))*3 + b(cw[:,3],2))*2 + b(cw[:,4],1))*2 + b(cw[:,5],1)
S = np.zeros((n, 4*2*3*2*3*2*3*2*2), dtype=np.float32); S[np.arange(n), state] = 1
used = S.sum(0) >= 20; S = S[:, used]
print(used.sum(), "threat states seen 20 times or more")
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
def fit(M, name):
    M = np.hstack([M, colour])
    mu = M.mean(0); sd = M.std(0) + 1e-6
    Z = (M - mu) / sd
    Z = np.hstack([Z, np.ones((n, 1), dtype=np.float32)])
    tr = ~held; Zt = Z[tr]; yt = target[tr]
    w = np.zeros(Z.shape[1], dtype=np.float32); m = np.zeros_like(w); v = np.zeros_like(w); yt = yt.astype(np.float32)
    for t in range(1, steps + 1):
        p = 1 / (1 + np.exp(-(Zt @ w)))
        g = (Zt.T @ (p - yt)) / np.float32(len(yt)) + np.float32(2e-4) * w
        m = 0.9*m + 0.1*g; v = 0.999*v + 0.001*g*g
        w -= 0.02 * (m/(1-0.9**t)) / (np.sqrt(v/(1-0.999**t)) + 1e-9)
    def ll(mask, y):
        p = np.clip(1/(1+np.exp(-(Z[mask] @ w))), 1e-6, 1-1e-6)
        return -np.mean(y[mask]*np.log(p) + (1-y[mask])*np.log(1-p))
    print(f"{name:28s} held-out vs targets {ll(held, target):.4f}  vs results {ll(held, result):.4f}  train {ll(tr, target):.4f}", flush=True)
cur = X[:, :FEATURES]; combos = X[:, FEATURES:]
fit(cur, "current features")
fit(X, "+ combos")
fit(np.hstack([cur, S]), "+ threat states")
fit(np.hstack([X, S]), "+ combos + threat states")
