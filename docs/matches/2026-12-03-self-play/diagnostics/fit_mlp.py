"""One-hidden-layer network (beside a linear term) on a TUNE_DUMP: held-out log-loss by epoch.
    python3 fit_mlp.py DUMP HIDDEN EPOCHS"""
import os, sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tune_dump import load
X, held, target, result, colour = load(sys.argv[1])
X = np.hstack([X, colour[:, None]])
mu=X.mean(0); sd=X.std(0)+1e-6; X=(X-mu)/sd
H=int(sys.argv[2]); E=int(sys.argv[3]); rng=np.random.default_rng(1)
d=X.shape[1]
P={'W1':rng.normal(0,1/np.sqrt(d),(d,H)).astype(np.float32),'b1':np.zeros(H,np.float32),'w2':np.zeros(H,np.float32),'wl':np.zeros(d,np.float32),'c':np.zeros(1,np.float32)}
M={k:np.zeros_like(v) for k,v in P.items()}; V={k:np.zeros_like(v) for k,v in P.items()}
def fwd(Z):
    h=np.maximum(Z@P['W1']+P['b1'],0); return h, h@P['w2']+Z@P['wl']+P['c']
def ll(mask,y):
    _,z=fwd(X[mask]); p=np.clip(1/(1+np.exp(-z)),1e-6,1-1e-6); return -np.mean(y[mask]*np.log(p)+(1-y[mask])*np.log(1-p))
tr=np.where(~held)[0]; t=0
for ep in range(E):
    rng.shuffle(tr)
    for s in range(0,len(tr),512):
        b=tr[s:s+512]; Z=X[b]; h,z=fwd(Z); g=(1/(1+np.exp(-z))-target[b])/len(b)
        G={'w2':h.T@g,'wl':Z.T@g,'c':np.array([g.sum()],np.float32)}
        gh=np.outer(g,P['w2'])*(h>0); G['W1']=Z.T@gh+1e-4*P['W1']; G['b1']=gh.sum(0)
        t+=1
        for k in P:
            M[k]=0.9*M[k]+0.1*G[k]; V[k]=0.999*V[k]+0.001*G[k]**2
            P[k]-=0.002*(M[k]/(1-0.9**t))/(np.sqrt(V[k]/(1-0.999**t))+1e-8)
    print(f"hidden {H} epoch {ep+1}: held-out vs targets {ll(held,target):.4f} vs results {ll(held,result):.4f}",flush=True)
