"""Logistic fits of game results on the dump of fine_features.rs: the evaluation's linear
features, with the fine line-pattern counts, and with products of threat-class counts.

    python3 fit_products.py DUMP [LAMBDA]   (LAMBDA: weight of the result in the target, 1.0)
"""
import numpy as np, sys
d = np.loadtxt(sys.argv[1])
held = d[:,0] == 1; result = d[:,2]; score = d[:,3]; colour = d[:,4:5]
nfine = 28
cur = d[:,5:-nfine]; fine = d[:,-nfine:]
lam = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
target = lam * result + (1 - lam) / (1 + np.exp(-score / 200.0))
def fit(X, name, steps=3000):
    X = np.hstack([X, colour])
    mu = X.mean(0); sd = X.std(0) + 1e-9
    Z = (X - mu) / sd
    Z = np.hstack([Z, np.ones((len(Z),1))])
    w = np.zeros(Z.shape[1]); m = np.zeros_like(w); v = np.zeros_like(w)
    tr = ~held
    for t in range(1, steps+1):
        p = 1/(1+np.exp(-Z[tr]@w))
        g = Z[tr].T @ (p - target[tr]) / tr.sum() + 1e-4 * w
        m = 0.9*m + 0.1*g; v = 0.999*v + 0.001*g*g
        w -= 0.02 * (m/(1-0.9**t)) / (np.sqrt(v/(1-0.999**t)) + 1e-9)
    def ll(mask, y):
        p = np.clip(1/(1+np.exp(-Z[mask]@w)), 1e-6, 1-1e-6)
        return -np.mean(y[mask]*np.log(p) + (1-y[mask])*np.log(1-p))
    rt = 1/(1+np.exp(-score/200.0))
    print(f"{name:30s} held-out vs results {ll(held, result):.4f}  vs rapfi {ll(held, rt):.4f}  train {ll(tr, target):.4f}")
    return w
fit(cur, "current features")
fit(np.hstack([cur, fine]), "current + fine counts")
fit(fine, "fine counts only")
# pairwise: fine mover x fine waiter not; add squares of key ones
cls_m = cur[:, 7:14]; cls_w = cur[:, 56:63]
C = np.hstack([cls_m, cls_w])
prods = np.stack([C[:,i]*C[:,j] for i in range(14) for j in range(i,14)], 1)
fit(np.hstack([cur, prods]), "current + class products")
sat = np.hstack([np.minimum(C, k) for k in (1,2,3)])
fit(np.hstack([cur, sat]), "current + class saturations")
fit(np.hstack([cur, prods, sat]), "current + products + sat")
