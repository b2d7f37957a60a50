import re,glob,sys,statistics
# usage: match_depths.py DIR RESULT.txt -> median depth and nodes of A and B over unsolved moves, and the share of solved reports
d, res = sys.argv[1], sys.argv[2]
A_black={}
for l in open(res):
    m=re.match(r'game\s+(\d+): A is (black|white)',l)
    if m: A_black[int(m.group(1))]=m.group(2)=='black'
dep={'A':[], 'B':[]}; nod={'A':[], 'B':[]}; solved={'A':0,'B':0}; tot={'A':0,'B':0}
for f in sorted(glob.glob(d+'/*.log')):
    g=int(re.search(r'game(\d+)',f).group(1))
    if g not in A_black: continue
    for l in open(f):
        m=re.match(r'\d+ (black|white) .*MESSAGE depth (\d+) score (-?\d+)( \(solved\))? nodes (\d+)',l)
        if m:
            who='A' if (m.group(1)=='black')==A_black[g] else 'B'
            tot[who]+=1
            if m.group(4): solved[who]+=1; continue
            dep[who].append(int(m.group(2))); nod[who].append(int(m.group(5)))
for k in dep:
    if dep[k]: print(k, 'moves', tot[k], 'solved %.0f%%'%(100*solved[k]/tot[k]), 'unsolved: median depth', statistics.median(dep[k]), 'mean %.2f'%statistics.mean(dep[k]), 'median nodes', statistics.median(nod[k]))
