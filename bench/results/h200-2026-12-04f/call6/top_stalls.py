"""The SASS lines with the most warp stall samples in call 6's source pages (logs/sass-{cu,hn}.csv, from
`ncu -i REP --page source --csv --print-source sass`), each with the instruction before it.
Run from this folder after `tar xzf logs.tgz`: python3 top_stalls.py"""
import csv

for v in ("cu", "hn"):
    rows = list(csv.reader(open(f"logs/sass-{v}.csv")))
    header, data = rows[1], rows[2:]
    col = header.index("Warp Stall Sampling (All Samples)")
    samples = [(int(r[col]), n) for n, r in enumerate(data) if len(r) > col and r[col].isdigit()]
    total = sum(s for s, _ in samples)
    print(f"== {v}: {total} samples over {len(samples)} instructions")
    for s, n in sorted(samples, reverse=True)[:6]:
        print(f"{s:7d} {100 * s / total:5.1f}%  {data[n][1].strip()[:60]}   <- {data[n - 1][1].strip()[:50]}")
