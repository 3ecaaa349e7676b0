#!/usr/bin/env python3
"""Top SASS lines of an ncu source-page CSV by warp-stall samples (stdin -> stdout)."""
import csv, sys
rows = list(csv.reader(sys.stdin))
hdr_i = next((i for i, r in enumerate(rows) if any('Warp Stall Sampling' in c for c in r)), None)
if hdr_i is None:
    print("no stall columns; first lines:"); [print(r[:8]) for r in rows[:6]]; sys.exit(0)
h = rows[hdr_i]
def col(sub):
    return next((i for i, c in enumerate(h) if sub in c), None)
ca, cn, cs = col('Warp Stall Sampling (All'), col('Warp Stall Sampling (Not'), col('Source')
data = []
for r in rows[hdr_i + 1:]:
    try:
        data.append((float(r[ca] or 0), float(r[cn] or 0) if cn is not None else 0, r[cs] if cs is not None else '', r))
    except (ValueError, IndexError):
        pass
tot = sum(d[0] for d in data) or 1
print(f"{len(data)} lines, {tot:.0f} samples; columns: {[c for c in h if 'stall' in c.lower()][:40]}")
for a, n, s, r in sorted(data, key=lambda d: -d[0])[:int(sys.argv[1]) if len(sys.argv) > 1 else 30]:
    print(f"{100*a/tot:5.1f}% (not issued {100*n/tot:5.1f}%)  {s.strip()[:110]}")
