"""Linear model against a one-hidden-layer network (16 ReLUs) on the evaluation's features,
held out by game and by opening (the first four moves), to see whether the network's gain is
memory of the openings played again and again.

    python3 held_out_by_opening.py DUMP   (the output of fine_features.rs)
"""
import numpy as np, sys
d = np.loadtxt(sys.argv[1], dtype=np.float32)
hg = d[:,0] == 1; ho = d[:,1] == 1; res = d[:,2]; score = d[:,3]; col = d[:,4]
X = d[:,5:-28]
y = 0.3*res + 0.7/(1+np.exp(-score/200.0))
sd = X.std(0); sd[sd<1e-6] = 1; X = X/sd
def ce(p,t): p=np.clip(p,1e-7,1-1e-7); return float(-(t*np.log(p)+(1-t)*np.log(1-p)).mean())
sig=lambda z:1/(1+np.exp(-z))
rng=np.random.default_rng(1)
D = X.shape[1]
def train(H, held, epochs=8, lr=1e-3, wd=1e-4):
    Xt,yt,ct=X[~held],y[~held],col[~held]; Xh,ch=X[held],col[held]
    P={'w':np.zeros(D,np.float32),'c':np.zeros(1,np.float32)}
    if H: P.update({'W1':(rng.standard_normal((D,H))*np.sqrt(1/D)).astype(np.float32),'b1':np.zeros(H,np.float32),'w2':(rng.standard_normal(H)*np.sqrt(1/H)).astype(np.float32)})
    M={k:np.zeros_like(v) for k,v in P.items()}; V={k:np.zeros_like(v) for k,v in P.items()}; t=0
    def fwd(Xb,cb):
        z=Xb@P['w']+cb*P['c'][0]
        if H:
            a=Xb@P['W1']+P['b1']; h=np.clip(a,0,None); return z+h@P['w2'],(a,h)
        return z,None
    best=9
    for ep in range(epochs):
        idx=rng.permutation(len(Xt))
        for s in range(0,len(idx),256):
            b=idx[s:s+256]; Xb,yb,cb=Xt[b],yt[b],ct[b]
            z,cache=fwd(Xb,cb); g=(sig(z)-yb)/len(b)
            G={'w':Xb.T@g+wd*P['w'],'c':np.array([g@cb])}
            if H:
                a,h=cache; G['w2']=h.T@g+wd*P['w2']; gh=np.outer(g,P['w2'])*(a>0)
                G['W1']=Xb.T@gh+wd*P['W1']; G['b1']=gh.sum(0)
            t+=1
            for k in P:
                M[k]=0.9*M[k]+0.1*G[k]; V[k]=0.999*V[k]+0.001*G[k]**2
                P[k]-=lr*(M[k]/(1-0.9**t))/(np.sqrt(V[k]/(1-0.999**t))+1e-8)
        zh,_=fwd(Xh,ch)
        best=min(best, ce(sig(zh),res[held]))
    return best
for name, held in [("by game", hg), ("by opening", ho)]:
    for H in (0, 16):
        print(f"{name:12s} H={H:2d}: best held-out vs results {train(H, held):.4f}", flush=True)
