#!/usr/bin/env python3
"""Summarise TRR/TRO/TRC/TRB globaltimer traces: per launch, phase ends relative to the launch's first t0 (us)."""
import sys, statistics as st, collections
def pct(v, q):
    v = sorted(v); return v[min(len(v)-1, int(q*(len(v)-1)+0.5))]
for path in sys.argv[1:]:
    rows = collections.defaultdict(list)
    kind = None
    for line in open(path, errors='replace'):
        f = line.split()
        if not f or f[0] not in ('TRR', 'TRO', 'TRC', 'TRB'): continue
        kind = f[0]
        if kind == 'TRR':
            ep, g, sm, keep = int(f[1]), int(f[2]), int(f[3]), int(f[4]); ts = [int(x) for x in f[5:12]]
            rows[ep].append((g, sm, ts))
        elif kind == 'TRO':
            ep, g, sm = int(f[1]), int(f[2]), int(f[3]); ts = [int(x) for x in f[5:10]]
            rows[ep].append((g, sm, ts))
        else:
            row, idx, sm = int(f[1]), int(f[2]), int(f[3]); ts = [int(x) for x in f[5:9]]
            rows[0].append((row*100+idx, sm, ts))
    if not rows: print(path, 'no trace'); continue
    print('==', path, kind, 'launches', len(rows))
    eps = sorted(rows)[len(rows)//2: len(rows)//2 + 3] if kind in ('TRR','TRO') else [0]
    for ep in eps:
        r = rows[ep]
        base = min(ts[0] for _, _, ts in r)
        n = len(r[0][2])
        print(' launch', ep, 'groups', len(r))
        for i in range(n):
            v = [(ts[i]-base)/1000 for _, _, ts in r]
            print('   t%d  min %7.2f p10 %7.2f med %7.2f p90 %7.2f max %7.2f' % (i, min(v), pct(v,.1), st.median(v), pct(v,.9), max(v)))
        if kind in ('TRC', 'TRB', 'TRO'):
            d = lambda a, b: [(ts[b]-ts[a])/1000 for _, _, ts in r]
            for a, b in ((0,1),(1,2),(2,3)) if kind != 'TRO' else ((1,2),(2,3),(3,4)):
                v = d(a, b)
                print('   dur t%d->t%d med %7.2f p10 %7.2f p90 %7.2f max %7.2f' % (a, b, st.median(v), pct(v,.1), pct(v,.9), max(v)))
