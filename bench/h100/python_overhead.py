#!/usr/bin/env python3
"""python_overhead.py - where the host time of one smax.softmax call goes
(the CUDA build, torch tensors), for shapes whose kernels take less time
than the Python call: the timing table of python_bench.py shows the host
cost there, not the kernel.

Per shape: host microseconds per call over --calls back-to-back calls
(synchronized once at the end; the GPU keeps up unless the kernel is the
longer part) of
  smax.softmax(x, out=y)   the whole Python door;
  libsmax direct           smax_softmax through ctypes on a context and
                           buffers made once (what the door adds is the
                           difference);
  torch.softmax(x, -1)     the peer;
then cProfile's heaviest functions of the Python door.

  python3 bench/h100/python_overhead.py [--calls 2000] [--shapes 32x32000,...]
"""
import argparse
import ctypes
import cProfile
import pstats
import time

import torch

import smax
from smax import _capi as C
from smax import _contexts


def per_call_us(fn, calls):
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / calls * 1e6


def direct(x, y):
    """smax_softmax on a context and wrapped buffers made once."""
    stream = torch.cuda.current_stream().cuda_stream
    ctx = _contexts.get(2, x.device.index or 0, stream)  # kDLCUDA
    bx = ctx.wrap(x.data_ptr(), x.data_ptr() + x.numel() * x.element_size())
    by = ctx.wrap(y.data_ptr(), y.data_ptr() + y.numel() * y.element_size())
    p = C.problem(x.shape[0], x.shape[1])
    p.x_dtype = p.y_dtype = {torch.float32: C.DTYPE_F32, torch.bfloat16: C.DTYPE_BF16,
                             torch.float16: C.DTYPE_F16}[x.dtype]
    fn = C.lib().smax_softmax
    handle, pref = ctx.handle, ctypes.byref(p)

    def call():
        C.check(fn(handle, pref, bx, 0, by, 0), "smax_softmax", handle)
    return call, (bx, by)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--shapes", default="1x1024,32x32000,4096x128,1x16777216")
    args = ap.parse_args()
    print("smax %s (%s), torch %s, %s" % (smax.library_version(), smax.backend(),
                                         torch.__version__, torch.cuda.get_device_name()))
    print("| shape | dtype | smax.softmax us/call | libsmax direct us/call | torch.softmax us/call |")
    print("|---|---|---:|---:|---:|")
    for shape in args.shapes.split(","):
        rows, cols = (int(v) for v in shape.split("x"))
        for dtype in (torch.float32, torch.bfloat16):
            x = torch.randn(rows, cols, device="cuda").to(dtype)
            y = torch.empty_like(x)
            d, keep = direct(x, y)
            t_door = per_call_us(lambda: smax.softmax(x, out=y), args.calls)
            t_direct = per_call_us(d, args.calls)
            t_torch = per_call_us(lambda: torch.softmax(x, -1), args.calls)
            _contexts.free(keep)
            print("| %d x %d | %s | %.1f | %.1f | %.1f |" % (rows, cols, str(dtype)[6:],
                                                          t_door, t_direct, t_torch))
    x = torch.randn(32, 32000, device="cuda")
    y = torch.empty_like(x)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(args.calls):
        smax.softmax(x, out=y)
    torch.cuda.synchronize()
    prof.disable()
    print("\ncProfile, %d calls of smax.softmax(32 x 32000 f32):" % args.calls)
    pstats.Stats(prof).sort_stats("tottime").print_stats(22)


if __name__ == "__main__":
    main()
