#!/usr/bin/env python3
"""Redraws peer_bench's plots (its own write_plots) from the two tables of a
peer_bench log (% of copy, GB/s), for a run whose PNGs did not come back
from the device. usage: replot_from_text.py LOG OUTDIR DEVICE DATE"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
import peer_bench  # noqa: E402  (bench/peer_bench.py)


def tables(text):
    out, cur = [], None
    for line in text.splitlines():
        parts = line.split()
        if parts[:1] == ["shape"]:
            cur = {"head": parts, "rows": []}
            out.append(cur)
        elif cur is not None and parts and "x" in parts[0] and parts[0][0].isdigit():
            cur["rows"].append(parts)
    return out


def main():
    log, outdir, device, date = sys.argv[1:5]
    pct, gbps = tables(open(log).read())[:2]
    impls = gbps["head"][1:]
    results = []
    for prow, grow in zip(pct["rows"], gbps["rows"]):
        rows, cols = (int(v) for v in grow[0].split("x"))
        for i, impl in enumerate(impls):
            results.append({"impl": impl, "rows": rows, "cols": cols, "status": "ok",
                            "gbps": float(grow[1 + i]),
                            "pct_copy": float(prow[1 + i].rstrip("*"))})
    meta = {"dtype": "f32", "direction": "forward", "device": device, "date": date}
    os.makedirs(outdir, exist_ok=True)
    print("\n".join(peer_bench.write_plots(outdir, meta, results)))


if __name__ == "__main__":
    main()
