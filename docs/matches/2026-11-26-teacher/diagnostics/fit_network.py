"""Fits a logistic model with one hidden layer of ReLUs (and a linear term) to tune_eval's dump.

    TUNE_DUMP=dump.txt TUNE_COMBOS=1 TUNE_LABELS=... TUNE_LABEL_SCALE=200 \
        cargo run --release --no-default-features --example tune_eval
    python3 fit_network.py dump.txt 0 16 32      (hidden units; 0 is the linear model alone)

Needs numpy. Prints the log-loss each epoch on the fitting samples and the held-out ones
(against the targets, and against the games' results), and saves the weights of the best
held-out epoch as netH.npz. A research note, not a part of the build.
"""
import numpy as np, sys
rows=[l.split() for l in open(sys.argv[1])]
n=len(rows); D=max(int(kv.split(':')[0]) for r in rows for kv in r[4:])+1
X=np.zeros((n,D),np.float32); held=np.zeros(n,bool); y=np.zeros(n,np.float32); res=np.zeros(n,np.float32); col=np.zeros(n,np.float32)
for i,r in enumerate(rows):
    held[i]=r[0]=='1'; y[i]=float(r[1]); res[i]=float(r[2]); col[i]=float(r[3])
    for kv in r[4:]:
        k,v=kv.split(':'); X[i,int(k)]=float(v)
sd=X[~held].std(0); sd[sd<1e-6]=1; X/=sd
Xt,yt,ct=X[~held],y[~held],col[~held]; Xh,yh,ch=X[held],y[held],col[held]
def ce(p,t): p=np.clip(p,1e-7,1-1e-7); return float(-(t*np.log(p)+(1-t)*np.log(1-p)).mean())
sig=lambda z:1/(1+np.exp(-z))
rng=np.random.default_rng(1)
def train(H,epochs=30,lr=1e-3,wd=1e-4,save=None):
    best=9
    if H==0:
        P={'w':np.zeros(D,np.float32),'c':np.zeros(1,np.float32)}
    else:
        P={'W1':(rng.standard_normal((D,H))*np.sqrt(1/D)).astype(np.float32),'b1':np.zeros(H,np.float32),
           'w2':(rng.standard_normal(H)*np.sqrt(1/H)).astype(np.float32),'w':np.zeros(D,np.float32),'c':np.zeros(1,np.float32)}
    M={k:np.zeros_like(v) for k,v in P.items()}; V={k:np.zeros_like(v) for k,v in P.items()}; t=0
    def fwd(Xb,cb):
        z=Xb@P['w']+cb*P['c'][0]
        if H: 
            a=Xb@P['W1']+P['b1']; h=np.clip(a,0,None); z=z+h@P['w2']; return z,(a,h)
        return z,None
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
        zh,_=fwd(Xh,ch); zt,_=fwd(Xt,ct)
        hl=ce(sig(zh),yh)
        if save and hl<best:
            best=hl
            np.savez(save,sd=sd,**P)
        print(f"H={H} epoch {ep}: train {ce(sig(zt),yt):.4f} held {ce(sig(zh),yh):.4f} held-vs-results {ce(sig(zh),res[held]):.4f}",flush=True)
for H in [int(a) for a in sys.argv[2:]]:
    train(H,epochs=10,save=f'net{H}.npz')
