#!/usr/bin/env python3
"""python_bench.py - smax.softmax (the Python package, CUDA build) against
torch.softmax on the same CUDA tensors, forward and gradient, f32 and bf16.

Timing: CUDA events on torch's current stream around each call, cold L2 (a
256 MB buffer is written before every timed call, outside the events),
median of --reps calls. The smax column is the whole Python call (DLPack
export, ctypes, launch), as a user sees it; the host's per-call cost shows
on the small shapes. GB/s counts each byte once (forward x + y, gradient
y + dy + dx). Every smax result is checked against torch's float64 result
first (max |error| / max |reference| printed; the tests hold THE rule).

  python3 bench/h100/python_bench.py [--reps 50] [--shapes 4096x4096,...]
"""
import argparse
import statistics

import torch

import smax

DEFAULT_SHAPES = "2097152x128,65536x4096,16384x16384,4096x65536,32x32000,8192x50257,1x16777216"
DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16}


def timed(fn, reps, flush):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    fn()  # warm: contexts, plans, torch's kernels
    for _ in range(reps):
        flush.fill_(1)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--shapes", default=DEFAULT_SHAPES)
    args = ap.parse_args()
    shapes = [tuple(int(v) for v in s.split("x")) for s in args.shapes.split(",")]
    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    print("smax %s (%s build), torch %s, %s" % (smax.library_version(), smax.backend(),
                                               torch.__version__, torch.cuda.get_device_name()))
    print("| shape | dtype | dir | smax ms | torch ms | smax GB/s | torch GB/s | smax/torch speed | max err / max ref (f64) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for rows, cols in shapes:
        for name, dtype in DTYPES.items():
            x = (torch.randn(rows, cols, device="cuda") * 3).to(dtype)
            dy = torch.randn(rows, cols, device="cuda").to(dtype)
            y = torch.empty_like(x)
            dx = torch.empty_like(x)
            elem = x.element_size()
            for direction in ("fwd", "bwd"):
                if direction == "fwd":
                    s_fn = lambda: smax.softmax(x, out=y)  # noqa: E731
                    t_fn = lambda: torch.softmax(x, -1)  # noqa: E731
                    moved = 2 * rows * cols * elem
                    smax.softmax(x, out=y)
                    ref = torch.softmax(x.double(), -1)
                    got = y
                else:
                    ys = torch.softmax(x.float(), -1).to(dtype)
                    s_fn = lambda: smax.softmax_backward(ys, dy, out=dx)  # noqa: E731
                    t_fn = lambda: torch._softmax_backward_data(dy, ys, -1, dtype)  # noqa: E731
                    moved = 3 * rows * cols * elem
                    smax.softmax_backward(ys, dy, out=dx)
                    y64 = ys.double()
                    ref = y64 * (dy.double() - (y64 * dy.double()).sum(-1, keepdim=True))
                    got = dx
                torch.cuda.synchronize()
                # normwise: the gradient cancels, so elementwise relative
                # errors say little (the tests apply THE rule)
                err = ((got.double() - ref).abs().max() / ref.abs().max()).item()
                ts, tt = timed(s_fn, args.reps, flush), timed(t_fn, args.reps, flush)
                print("| %d x %d | %s | %s | %.4f | %.4f | %.0f | %.0f | %.2f | %.1e |"
                      % (rows, cols, name, direction, ts, tt, moved / ts / 1e6,
                         moved / tt / 1e6, tt / ts, err), flush=True)
            del x, dy, y, dx
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
