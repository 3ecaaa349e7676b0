#!/usr/bin/env python3
"""Timeline of the forward cluster kernel from TRC lines (block cidx smid chunks t0 t1 t2 t3, globaltimer ns):
the lines of one launch are consecutive; a launch has `groups` lines. Per launch (the last three): quantiles, in us
from the launch's first start, of each group's start (t0), partial known (t1), cluster total known (t2), written (t3)."""
import sys, statistics
def q(v, f): v = sorted(v); return v[min(len(v) - 1, int(f * (len(v) - 1) + 0.5))]
for path in sys.argv[1:]:
    groups = int(path.split("-g")[-1].split(".")[0])
    rows = [l.split() for l in open(path) if l.startswith("TRC ")]
    rows = [[int(x) for x in r[1:]] for r in rows]
    launches = [rows[i:i + groups] for i in range(0, len(rows) - groups + 1, groups)]
    print(f"## {path.split('/')[-1]}: {len(rows)} lines, {len(launches)} launches of {groups} groups")
    for L in launches[-3:]:
        t0 = min(r[4] for r in L)
        cols = [[(r[k] - t0) / 1e3 for r in L] for k in (4, 5, 6, 7)]
        sms = len(set(r[2] for r in L))
        counts = {}
        for r in L:
            counts[r[2]] = counts.get(r[2], 0) + 1
        per_sm = max(counts.values())
        print("  start %s | partial %s | total %s | written %s | end %.2f | SMs %d, at most %d a SM" % tuple(
            ["/".join(f"{q(c, f):.2f}" for f in (0.0, 0.5, 0.9, 1.0)) for c in cols] + [max(cols[3]), sms, per_sm]))
    print("  (each: min/median/p90/max us)")
