#!/usr/bin/env python3
# trc_an.py LOG...: per launch of traced cluster kernels (lines "TRC blk rank smid chunks t0..t4"), the spread of each
# stamp over the groups, in us from the launch's first t0; the last complete launch of each file, and the median over
# the file's complete launches of each statistic.
import sys, statistics as st
names = ["start", "max known", "sum known", "exchanged", "written"]
for f in sys.argv[1:]:
    rows = [l.split() for l in open(f, errors="replace") if l.startswith("TRC ")]
    rows = [r for r in rows if len(r) == 10]
    if not rows: print(f, "no trace"); continue
    G = max(int(r[1]) for r in rows) + 1
    launches, cur, seen = [], [], set()
    for r in rows:
        b = int(r[1])
        if b in seen: launches.append(cur); cur, seen = [], set()
        cur.append(r); seen.add(b)
    launches.append(cur)
    full = [L for L in launches if len(L) == G]
    stats = []
    for L in full:
        t = [[int(x) for x in r[5:10]] for r in L]
        z = min(x[0] for x in t)
        stats.append([(min(x[k] for x in t) - z, st.median(x[k] for x in t) - z, max(x[k] for x in t) - z) for k in range(5)])
    smids = len(set(r[3] for r in full[-1])) if full else 0
    print(f"{f}: {G} groups, {len(full)} full launches, {smids} SMs used")
    for k in range(5):
        med = [st.median(s[k][i] for s in stats) / 1000 for i in range(3)]
        print(f"  {names[k]:10s} min/med/max {med[0]:6.2f} {med[1]:6.2f} {med[2]:6.2f} us")
