import csv, sys
# top SASS lines of an ncu source-page CSV by warp stall samples, with the stall reasons that dominate each
n = int(sys.argv[1]) if len(sys.argv) > 1 else 25
rows = list(csv.reader(sys.stdin))
hi = next((i for i, r in enumerate(rows) if any("Warp Stall Sampling (All Samples)" in c for c in r)), None)
if hi is None:
    print("no stall columns"); sys.exit()
h = rows[hi]; data = rows[hi + 1:]
ia = h.index(next(c for c in h if c.startswith("Warp Stall Sampling (All Samples)")))
isrc = h.index("Source") if "Source" in h else 1
stall_cols = [i for i, c in enumerate(h) if c.startswith("stall_")]
def f(x):
    try: return float(x)
    except: return 0.0
tot = sum(f(r[ia]) for r in data if len(r) > ia) or 1.0
print("%d lines, %d samples" % (len(data), tot))
for r in sorted((r for r in data if len(r) > ia), key=lambda r: -f(r[ia]))[:n]:
    top = sorted(((f(r[i]), h[i]) for i in stall_cols if i < len(r)), reverse=True)[:2]
    print("%5.1f%%  %-60s %s" % (100 * f(r[ia]) / tot, r[isrc][:60], ", ".join("%s %.0f" % (c.replace("stall_", ""), v) for v, c in top if v > 0)))
