#!/usr/bin/env python3
"""peer_bench.py - smax (CUDA build, through ctypes) side by side with
torch.softmax and a Triton softmax on one NVIDIA GPU, on the same tensors.

For every shape of bench/shapes/peer.txt (PRODUCT.md section 6), in one
dtype (--dtype f32|f16|bf16) and one direction (forward, or --backward: the
gradient from y and dy):
  * fills the inputs on the GPU (x random normal; backward: y = softmax of
    such an x, dy random normal; rounded to the dtype) and computes THE
    float64 reference of tests/support (libsmax_testsupport.so, on the host);
  * runs each implementation -- smax with every forced algorithm and auto,
    torch (softmax, or _softmax_backward_data), Triton (bench/peer_triton.py)
    -- checks its output with THE rule of tests/support for its dtype and
    direction (support_check.py) and times it;
  * times a device-to-device copy (torch copy_) of as many bytes in the same
    run: the 100% mark.
Timing: CUDA events on the benchmark's torch stream around each launch, cold
L2 (a 256 MB buffer is written before every timed launch, outside the
events), median over repetitions. Effective bandwidth counts each byte once
with the real element size: forward x read + y written, backward y and dy
read + dx written.

Writes results.csv, results.json, results.md, bandwidth.png and
pct_copy.png to the output directory (default bench/results/); other modes
than fp32 forward softmax add their tag to each name (results-bf16.csv,
results-f32-backward.csv, ...) so that runs of several modes never collide.

  python3 bench/peer_bench.py --lib build-cuda/libsmax.so
  python3 bench/peer_bench.py --lib build-cuda/libsmax.so --quick
  python3 bench/peer_bench.py --lib build-cuda/libsmax.so --dtype bf16 --backward
  python3 bench/peer_bench.py --selftest      # no GPU: parsing, C rules, writers
"""
import argparse
import csv
import ctypes
import datetime
import json
import math
import os
import platform
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_SHAPES = os.path.join(HERE, "shapes", "peer.txt")
DEFAULT_OUT = os.path.join(HERE, "results")

FLUSH_BYTES = 256 << 20     # written before every timed launch: > 50 MB L2

SMAX_ALGOS = [("fused", 1), ("online", 2), ("multiblock", 3), ("auto", 0)]
IMPLS = ["smax-" + a for a, _ in SMAX_ALGOS] + ["torch", "triton"]
ALGO_NAMES = {0: "auto", 1: "fused", 2: "online", 3: "multiblock"}
SMAX_FLAG_LOG = 0x1
SMAX_ERROR_NOT_SUPPORTED = 5


# ---------------------------------------------------------------------------
# shapes (no GPU needed)

def parse_shape_text(text):
    """'rows cols', 'RxC' or 'R,C' -> (rows, cols); None for an empty line."""
    text = text.split("#", 1)[0].strip()
    if not text:
        return None
    for sep in ("x", "X", ",", "*"):
        text = text.replace(sep, " ")
    parts = text.split()
    if len(parts) != 2:
        raise ValueError("want 'rows cols'")
    rows, cols = int(parts[0]), int(parts[1])
    if rows < 0 or cols < 0:
        raise ValueError("negative size")
    return rows, cols


def read_shapes(path):
    shapes = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            try:
                s = parse_shape_text(line)
            except ValueError as e:
                raise SystemExit("%s:%d: bad line (%s): %r" % (path, lineno, e, line))
            if s:
                shapes.append(s)
    return shapes


def target_pct(rows, cols, dtype="f32"):
    """PRODUCT.md section 6 target (% of copy) for smax on CUDA/H100, the
    same for every dtype and both directions."""
    if rows == 1 and cols >= (1 << 28):
        return 66.0
    if rows == 1 and cols >= (1 << 24):
        return 80.0
    if rows * cols <= 32 * 32000 and rows < 132:
        return 75.0      # small batch (32 x 32000)
    on_chip = 262144 if dtype == "f32" else 524288
    if cols <= on_chip:
        return 98.0
    return 95.0          # 256 x 1M fp32: the second read from L2


ELEM_BYTES = {"f32": 4, "f16": 2, "bf16": 2}


def moved_bytes(rows, cols, dtype, backward):
    """Bytes counted once each: forward x read + y written; backward y and
    dy read + dx written (every tensor of one dtype here)."""
    return (3 if backward else 2) * rows * cols * ELEM_BYTES[dtype]


def mode_tag(dtype, backward, log):
    """'' for fp32 forward softmax, else e.g. '-bf16', '-f32-backward',
    '-f16-log': what the output files of a mode are suffixed with."""
    if dtype == "f32" and not backward and not log:
        return ""
    return "-" + "-".join([dtype] + (["log"] if log else [])
                          + (["backward"] if backward else []))


def mode_words(meta):
    """'fp32 softmax forward', 'bf16 log-softmax gradient', ..."""
    return "%s %s %s" % ({"f32": "fp32"}.get(meta.get("dtype"), meta.get("dtype")),
                         "log-softmax" if meta.get("log_softmax") else "softmax",
                         "gradient" if meta.get("direction") == "backward" else "forward")


# ---------------------------------------------------------------------------
# smax through ctypes

def _load_capi():
    """The Python package's mirror of smax.h's structs (python/smax/_capi.py,
    the one copy), loaded by path: this script runs from a checkout
    against any libsmax (--lib), the package installed or not."""
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "python", "smax", "_capi.py")
    spec = importlib.util.spec_from_file_location("smax_capi_mirror", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_capi = _load_capi()
SmaxProblem, SmaxPlanInfo, SmaxDeviceInfo = _capi.Problem, _capi.PlanInfo, _capi.DeviceInfo
DTYPES = {"f32": _capi.DTYPE_F32, "f16": _capi.DTYPE_F16, "bf16": _capi.DTYPE_BF16}


class SmaxError(RuntimeError):
    def __init__(self, status, msg):
        RuntimeError.__init__(self, msg)
        self.status = status


class Smax:
    """The CUDA build of libsmax, driven through its C ABI."""

    def __init__(self, path, device, stream_handle):
        self.lib = lib = ctypes.CDLL(os.path.abspath(path))
        vp, i64, sz = ctypes.c_void_p, ctypes.c_int64, ctypes.c_size_t
        P = ctypes.POINTER

        def fn(name, res, *args):
            try:
                f = getattr(lib, name)
            except AttributeError:
                raise SystemExit("%s does not export %s (is it the CUDA build "
                                 "of smax?)" % (path, name))
            f.restype = res
            f.argtypes = list(args)
            return f

        self.status_string = fn("smax_status_string", ctypes.c_char_p, ctypes.c_int)
        self.backend_name = fn("smax_backend_name", ctypes.c_char_p)
        self.version_string = fn("smax_version_string", ctypes.c_char_p)
        self.ctx_create = fn("smax_cuda_context_create", ctypes.c_int,
                             ctypes.c_int, vp, P(vp))
        self.ctx_destroy = fn("smax_context_destroy", ctypes.c_int, vp)
        self.sync_ = fn("smax_synchronize", ctypes.c_int, vp)
        self.last_error = fn("smax_last_error", ctypes.c_char_p, vp)
        self.info_get = fn("smax_device_info_get", ctypes.c_int, vp, P(SmaxDeviceInfo))
        self.wrap_ = fn("smax_cuda_buffer_wrap", ctypes.c_int, vp, vp, sz, P(vp))
        self.buffer_free = fn("smax_buffer_free", ctypes.c_int, vp)
        self.problem_init = fn("smax_problem_init", None, P(SmaxProblem), sz,
                               i64, i64)
        self.softmax_ = fn("smax_softmax", ctypes.c_int, vp, P(SmaxProblem),
                           vp, sz, vp, sz)
        self.backward_ = fn("smax_softmax_backward", ctypes.c_int, vp,
                            P(SmaxProblem), vp, sz, vp, sz, vp, sz)
        self.plan_ = fn("smax_plan", ctypes.c_int, vp, P(SmaxProblem), P(SmaxPlanInfo))
        self.plan_backward_ = fn("smax_plan_backward", ctypes.c_int, vp,
                                 P(SmaxProblem), P(SmaxPlanInfo))

        self.backend = self.backend_name().decode()
        self.version = self.version_string().decode()
        if self.backend != "cuda":
            raise SystemExit("%s is the %s build of smax; peer_bench needs the "
                             "CUDA build" % (path, self.backend))
        ctx = ctypes.c_void_p()
        self.check(self.ctx_create(device, ctypes.c_void_p(stream_handle),
                                   ctypes.byref(ctx)), "smax_cuda_context_create", None)
        self.ctx = ctx
        info = SmaxDeviceInfo()
        self.check(self.info_get(self.ctx, ctypes.byref(info)), "smax_device_info_get")
        self.info = info

    def check(self, st, what, ctx=0):
        if st != 0:
            c = self.ctx if ctx == 0 else ctx
            detail = self.last_error(c)
            raise SmaxError(st, "%s: %s%s" % (
                what, self.status_string(st).decode(),
                (": " + detail.decode(errors="replace")) if detail else ""))

    def wrap(self, tensor):
        buf = ctypes.c_void_p()
        nbytes = tensor.numel() * tensor.element_size()
        self.check(self.wrap_(self.ctx, ctypes.c_void_p(tensor.data_ptr()),
                              nbytes, ctypes.byref(buf)), "smax_cuda_buffer_wrap")
        return buf

    def problem(self, rows, cols, algorithm, log, dtype="f32"):
        p = SmaxProblem()
        self.problem_init(ctypes.byref(p), ctypes.sizeof(p), rows, cols)
        p.algorithm = algorithm
        p.flags = SMAX_FLAG_LOG if log else 0
        p.x_dtype = p.y_dtype = DTYPES[dtype]
        return p

    def plan(self, prob, backward=False):
        info = SmaxPlanInfo()
        f = self.plan_backward_ if backward else self.plan_
        self.check(f(self.ctx, ctypes.byref(prob), ctypes.byref(info)),
                   "smax_plan_backward" if backward else "smax_plan")
        return info

    def softmax(self, prob, xb, yb):
        st = self.softmax_(self.ctx, ctypes.byref(prob), xb, 0, yb, 0)
        if st:
            self.check(st, "smax_softmax")

    def backward(self, prob, yb, dyb, dxb):
        st = self.backward_(self.ctx, ctypes.byref(prob), yb, 0, dyb, 0, dxb, 0)
        if st:
            self.check(st, "smax_softmax_backward")

    def synchronize(self):
        self.check(self.sync_(self.ctx), "smax_synchronize")

    def close(self):
        if self.ctx:
            self.ctx_destroy(self.ctx)
            self.ctx = None


# ---------------------------------------------------------------------------
# measurement on the GPU

class Timer:
    def __init__(self, torch, reps, warmup, budget_s, flush="write"):
        self.torch = torch
        self.reps, self.warmup, self.budget_s = reps, warmup, budget_s
        buf = torch.zeros(FLUSH_BYTES // 4, dtype=torch.float32, device="cuda")
        if flush == "write":
            # triton.testing.do_bench's way: the cache is left full of
            # dirty lines, which the timed launch then writes back.
            self.flush_l2 = buf.zero_
        else:
            # A read leaves the cache clean: the timed launch starts cold
            # and writes back nothing of the flush.
            sink = torch.empty((), dtype=torch.float32, device="cuda")
            self.flush_l2 = lambda: torch.sum(buf, 0, out=sink)

    def __call__(self, fn):
        """Median (and min, max) device time of fn in microseconds."""
        torch = self.torch
        for _ in range(self.warmup):
            fn()
        torch.cuda.synchronize()
        # One probe run decides how many repetitions fit the time budget.
        t0 = time.perf_counter()
        self.flush_l2()
        fn()
        torch.cuda.synchronize()
        once = time.perf_counter() - t0
        reps = self.reps
        if once * reps > self.budget_s:
            reps = max(3, int(self.budget_s / max(once, 1e-9)))
        start = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        end = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        for i in range(reps):
            self.flush_l2()         # evicts L2; enqueued before the start event
            start[i].record()
            fn()
            end[i].record()
        torch.cuda.synchronize()
        us = sorted(s.elapsed_time(e) * 1e3 for s, e in zip(start, end))
        n = len(us)
        med = us[n // 2] if n % 2 else 0.5 * (us[n // 2 - 1] + us[n // 2])
        return med, us[0], us[-1], n


def gpu_meta(torch, args):
    meta = {"device": torch.cuda.get_device_name(args.device)}
    props = torch.cuda.get_device_properties(args.device)
    meta["sm_count"] = props.multi_processor_count
    meta["memory_bytes"] = props.total_memory
    meta["torch"] = torch.__version__
    meta["torch_cuda"] = torch.version.cuda
    try:
        meta["driver"] = torch.cuda.driver_version() if hasattr(torch.cuda, "driver_version") else None
    except Exception:
        meta["driver"] = None
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                              "--format=csv,noheader", "-i", str(args.device)],
                             capture_output=True, text=True, timeout=20)
        if out.returncode == 0 and out.stdout.strip():
            name, drv, mem = [s.strip() for s in out.stdout.strip().splitlines()[0].split(",")]
            meta["nvidia_smi"] = {"name": name, "driver_version": drv, "memory": mem}
            meta["driver"] = drv
    except Exception:
        pass
    try:
        import triton
        meta["triton"] = triton.__version__
    except Exception:
        meta["triton"] = None
    return meta


def run_gpu(args, shapes):
    import torch
    if not torch.cuda.is_available():
        raise SystemExit("peer_bench: no CUDA device visible to torch")
    torch.cuda.set_device(args.device)
    import peer_triton
    meta = common_meta(args)
    meta.update(gpu_meta(torch, args))
    stream = torch.cuda.Stream(device=args.device)
    results = []
    impls = args.impls

    import support_check
    support = support_check.Support(args.support or support_check.default_path(args.lib))
    with torch.cuda.stream(stream):
        smax = None
        if any(i.startswith("smax-") for i in impls):
            if not args.lib or not os.path.exists(args.lib):
                print("peer_bench: no smax library (--lib %s): smax not measured"
                      % args.lib, file=sys.stderr)
                meta["smax_note"] = "library not found: %s" % args.lib
                impls = [i for i in impls if not i.startswith("smax-")]
            else:
                smax = Smax(args.lib, args.device, stream.cuda_stream)
                meta["smax_version"] = smax.version
                meta["smax_backend"] = smax.backend
                meta["smax_lib"] = os.path.abspath(args.lib)
                meta["smax_device"] = smax.info.name.decode(errors="replace")
        timer = Timer(torch, args.reps, args.warmup, args.budget, args.flush)
        total = len(shapes)
        t_start = time.perf_counter()
        for si, (rows, cols) in enumerate(shapes, 1):
            tag = "%dx%d" % (rows, cols)
            nbytes = rows * cols * ELEM_BYTES[args.dtype]
            free, _ = torch.cuda.mem_get_info()
            need = device_bytes_needed(rows, cols, args.dtype, args.backward)
            if rows == 0 or cols == 0 or need > 0.9 * free:
                why = ("empty shape" if rows == 0 or cols == 0 else
                       "does not fit: needs ~%.1f GiB, %.1f GiB free" % (need / 2**30, free / 2**30))
                print("[%d/%d] %s skipped: %s" % (si, total, tag, why), file=sys.stderr)
                for impl in ["copy"] + impls:
                    results.append(result_row(rows, cols, impl, "skipped", note=why))
                continue
            print("[%d/%d] %s (%.0f MiB in, %.0f s so far)" % (
                si, total, tag, nbytes / 2**20, time.perf_counter() - t_start),
                file=sys.stderr, flush=True)
            case = make_case(torch, support, args, rows, cols)
            torch.cuda.synchronize()

            row, copy_gbps = measure_copy(torch, timer, case, rows, cols)
            results.append(row)
            print("    %-16s %10.1f us %8.1f GB/s  (%s)" % (
                "copy", row["median_us"], row["gbps"], row["note"]),
                file=sys.stderr, flush=True)

            bufs = None
            if smax is not None:
                try:
                    bufs = [smax.wrap(t) for t in case["inputs"] + [case["out"]]]
                except SmaxError as e:
                    print("    smax wrap failed: %s" % e, file=sys.stderr)
            for impl in impls:
                row = measure_impl(torch, peer_triton, smax, impl, case, bufs,
                                   timer)
                row.update(rows=rows, cols=cols, impl=impl)
                if row.get("median_us"):
                    row["gbps"] = case["moved"] / (row["median_us"] * 1e-6) / 1e9
                    row["pct_copy"] = 100.0 * row["gbps"] / copy_gbps
                results.append(row)
                print("    %-16s %10s us %8s GB/s %6s%% copy  %s%s" % (
                    impl, fmt(row.get("median_us"), 1), fmt(row.get("gbps"), 1),
                    fmt(row.get("pct_copy"), 1), row["status"],
                    (" (" + row["note"] + ")") if row.get("note") else ""),
                    file=sys.stderr, flush=True)
            for buf in bufs or []:
                smax.buffer_free(buf)
            del case
            torch.cuda.empty_cache()
        if smax is not None:
            smax.close()
    meta["elapsed_s"] = round(time.perf_counter() - t_start, 1)
    return meta, results


def device_bytes_needed(rows, cols, dtype, backward):
    """Device memory one shape needs beside the flush buffer (which exists
    already): the fp32 sources while the inputs are made, the inputs and
    their saved copies, the output, torch's output and the copy mark's
    buffers."""
    n, e = rows * cols, ELEM_BYTES[dtype]
    if backward:
        # src, dy in fp32; y, dy, their copies, out, torch's; copy 3 x 1.5
        return 8 * n + 11 * e * n + (256 << 20)
    # src in fp32; x, its copy, out, torch's, the copy's fresh tensor
    return 4 * n + 6 * e * n + (256 << 20)


def copy_candidates(torch, case):
    """(name, dst, src) pairs for the copy mark: as many bytes as the
    implementations move (half read, half written). Forward: the input and
    the output tensors themselves and a fresh one; backward (1.5 tensors'
    worth): byte buffers of that size."""
    src, out = case["inputs"][0], case["out"]
    half = case["moved"] // 2
    if src.numel() * src.element_size() != half:
        src = torch.zeros(half, dtype=torch.uint8, device="cuda")
        out = torch.empty_like(src)
    z = torch.empty_like(src)
    return [("in->out", out, src), ("out->in", src, out), ("in->new", z, src)]


def measure_copy(torch, timer, case, rows, cols):
    """The 100% mark: a device-to-device copy (torch copy_). Its speed can
    depend on where the two buffers landed (seen on the H100: 2580 instead
    of 3000 GB/s for some pairs), so the best of three pairs. Returns the
    result row and the copy's GB/s."""
    cands = [(name, timer(lambda d=d, s=s: d.copy_(s)))
             for name, d, s in copy_candidates(torch, case)]
    case["restore"]()  # the copies may have overwritten the inputs
    torch.cuda.empty_cache()
    best_name, (med, lo, hi, n) = min(cands, key=lambda c: c[1][0])
    copy_gbps = case["moved"] / (med * 1e-6) / 1e9
    row = result_row(rows, cols, "copy", "ok", med, lo, hi, n,
                     gbps=copy_gbps, pct=100.0)
    row["ran"] = best_name
    row["note"] = "%d bytes each way; " % (case["moved"] // 2) + ", ".join(
        "%s %.1f us" % (c, t[0]) for c, t in cands)
    return row, copy_gbps


def host_raw(t):
    """A CUDA tensor's elements as host numpy: float32, or uint16 encodings
    of a 16-bit type (what the C rules take)."""
    import numpy as np
    if t.element_size() == 4:
        return t.cpu().numpy()
    import torch
    return t.contiguous().view(torch.int16).cpu().numpy().view(np.uint16)


TORCH_DTYPES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}


def make_case(torch, support, args, rows, cols):
    """Inputs, output, bytes moved and the check of one shape: forward
    (x -> y) or backward (y, dy -> dx), every tensor in args.dtype."""
    dt = getattr(torch, TORCH_DTYPES[args.dtype])
    gen = torch.Generator(device="cuda")
    gen.manual_seed(1000003 * rows + cols)
    src = torch.randn(rows, cols, device="cuda", dtype=torch.float32, generator=gen)
    case = {"backward": args.backward, "log": args.log, "dtype": args.dtype,
            "moved": moved_bytes(rows, cols, args.dtype, args.backward)}
    if args.backward:
        make_backward(torch, support, case, src, dt, gen)
    else:
        make_forward(support, case, src.to(dt))
    return case


def make_forward(support, case, x):
    """x (already of the dtype) -> y, checked by the f32 or the 16-bit rule."""
    log, dtype = case["log"], case["dtype"]
    x_keep = x.clone()
    case["inputs"], case["out"] = [x], x.new_empty(x.shape)
    x_host = x.float().cpu().numpy()
    if dtype == "f32":
        ref = support.reference(x_host, log)
        case["check"] = lambda got, levels: support.check(
            x_host, got.cpu().numpy(), ref, log, levels)
    else:
        ref64 = support.reference_f64(x_host, log)
        case["check"] = lambda got, levels: support.check_half(
            x_host, host_raw(got), ref64, log, levels, dtype)
    case["restore"] = lambda: x.copy_(x_keep)


def make_backward(torch, support, case, src, dt, gen):
    """y = the (log-)softmax of src rounded to dt, dy random normal in dt;
    dx checked by the gradient rule against the float64 reference of the
    values exactly as they are stored."""
    log, dtype = case["log"], case["dtype"]
    f = torch.log_softmax if log else torch.softmax
    y = f(src, dim=-1).to(dt)
    del src
    dy = torch.randn(y.shape, device="cuda", dtype=torch.float32,
                     generator=gen).to(dt)
    keep = (y.clone(), dy.clone())
    case["inputs"], case["out"] = [y, dy], torch.empty_like(y)
    ref, mag = support.reference_backward(y.float().cpu().numpy(),
                                          dy.float().cpu().numpy(), log)
    case["check"] = lambda got, levels: support.check_backward(
        ref, mag, host_raw(got), dtype, levels)
    case["restore"] = lambda: (y.copy_(keep[0]), dy.copy_(keep[1]))


def measure_impl(torch, peer_triton, smax, impl, case, bufs, timer):
    inputs, out = case["inputs"], case["out"]
    rows, cols = out.shape
    log, backward = case["log"], case["backward"]
    row = result_row(rows, cols, impl, "ok")
    merge_levels = 0
    try:
        if impl.startswith("smax-"):
            if smax is None or bufs is None:
                return result_row(rows, cols, impl, "error", note="smax not available")
            algo = dict(SMAX_ALGOS)[impl[5:]]
            prob = smax.problem(rows, cols, algo, log, case["dtype"])
            try:
                plan = smax.plan(prob, backward)
            except SmaxError as e:
                st = "n/a" if e.status == SMAX_ERROR_NOT_SUPPORTED else "error"
                return result_row(rows, cols, impl, st, note=str(e))
            merge_levels = plan.merge_levels
            if plan.algorithm != 3 and merge_levels != 0:
                # The tolerance contract: 0 merge levels for fused/online; a
                # plan claiming more would loosen the check.
                row["note"] = ("plan reports merge_levels %d for a %s plan; checked with 0"
                               % (merge_levels, ALGO_NAMES.get(plan.algorithm, "?")))
                merge_levels = 0
            row["ran"] = ALGO_NAMES.get(plan.algorithm, str(plan.algorithm))
            row["plan"] = "g%d r%d c%d L%d v%d" % (
                plan.group_size, plan.rows_per_group, plan.chunks_per_row,
                plan.merge_levels, plan.vector_width)
            if backward:
                def fn():
                    smax.backward(prob, bufs[0], bufs[1], bufs[2])
            else:
                def fn():
                    smax.softmax(prob, bufs[0], bufs[1])
        elif impl == "torch":
            res = {}
            if backward:
                g = (torch._log_softmax_backward_data if log
                     else torch._softmax_backward_data)

                def fn():
                    res["y"] = g(inputs[1], inputs[0], -1, inputs[0].dtype)
            else:
                f = torch.log_softmax if log else torch.softmax

                def fn():
                    res["y"] = f(inputs[0], dim=-1)
        elif impl == "triton":
            row["plan"] = peer_triton.describe(cols)
            if backward:
                def fn():
                    peer_triton.softmax_backward(inputs[0], inputs[1], out, log)
            else:
                def fn():
                    peer_triton.softmax(inputs[0], out, log)
        else:
            raise ValueError(impl)

        # Verify: poisoned output, one run, compare.
        out.fill_(float("nan"))
        fn()
        torch.cuda.synchronize()
        got = res["y"] if impl == "torch" else out
        ok, bad, worst, trh, msg = case["check"](got, merge_levels)
        if impl == "torch":
            res.clear()
        row.update(bad=bad, worst_rel=worst, trh=trh)
        if not ok:
            row["status"] = "FAIL"
            row["note"] = ("%d bad; first: %s" % (bad, msg)) + (
                "; " + row["note"] if row["note"] else "")
        med, lo, hi, n = timer(fn)
        row.update(median_us=med, min_us=lo, max_us=hi, reps=n)
        return row
    except SmaxError as e:
        st = "n/a" if e.status == SMAX_ERROR_NOT_SUPPORTED else "error"
        return result_row(rows, cols, impl, st, note=str(e))
    except Exception as e:  # a peer failing on a shape is a result too
        return result_row(rows, cols, impl, "error", note="%s: %s" % (type(e).__name__, e))


# ---------------------------------------------------------------------------
# results: table, CSV, JSON, markdown, plots (no GPU needed)

FIELDS = ["rows", "cols", "impl", "ran", "plan", "status", "bad", "worst_rel", "trh",
          "median_us", "min_us", "max_us", "reps", "gbps", "pct_copy", "note"]


def result_row(rows, cols, impl, status, med=None, lo=None, hi=None, n=None,
               gbps=None, pct=None, note=""):
    return {"rows": rows, "cols": cols, "impl": impl, "ran": "", "plan": "",
            "status": status, "bad": 0, "worst_rel": None, "trh": None,
            "median_us": med, "min_us": lo, "max_us": hi, "reps": n,
            "gbps": gbps, "pct_copy": pct, "note": note}


def fmt(v, digits):
    if v is None:
        return "-"
    return "%.*f" % (digits, v)


def shapes_of(results):
    seen, out = set(), []
    for r in results:
        key = (r["rows"], r["cols"])
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out


def impls_of(results):
    seen, out = set(), []
    for r in results:
        if r["impl"] not in seen:
            seen.add(r["impl"])
            out.append(r["impl"])
    return out


def cell(r, key, digits):
    if r is None:
        return ""
    if r["status"] in ("n/a", "skipped", "error"):
        return r["status"]
    v = fmt(r.get(key), digits)
    return v + ("*" if r["status"] == "FAIL" else "")


def pivot(results, key, digits, with_target=False, dtype="f32"):
    """Rows: shapes; columns: implementations. Returns (header, lines)."""
    impls = impls_of(results)
    idx = {(r["rows"], r["cols"], r["impl"]): r for r in results}
    header = ["shape"] + impls
    if with_target:
        header += ["target", "smax-auto vs target", "auto vs torch", "auto vs best forced"]
    lines = []
    for rows, cols in shapes_of(results):
        line = ["%dx%d" % (rows, cols)]
        line += [cell(idx.get((rows, cols, i)), key, digits) for i in impls]
        if with_target:
            t = target_pct(rows, cols, dtype)
            a = idx.get((rows, cols, "smax-auto"))
            tor = idx.get((rows, cols, "torch"))
            forced = [idx.get((rows, cols, "smax-" + n)) for n, _ in SMAX_ALGOS[:3]]
            forced = [f["median_us"] for f in forced
                      if f and f["status"] == "ok" and f.get("median_us")]
            line.append("%.0f" % t)
            if a and a["status"] == "ok" and a.get("pct_copy"):
                line.append("meets" if a["pct_copy"] >= t else "below (%.0f%%)" % a["pct_copy"])
                if tor and tor.get("median_us"):
                    line.append("%.2fx" % (tor["median_us"] / a["median_us"]))
                else:
                    line.append("")
                line.append("%.2f" % (a["median_us"] / min(forced)) if forced else "")
            else:
                line += [a["status"] if a else "", "", ""]
        lines.append(line)
    return header, lines


def text_table(header, lines):
    w = [max(len(str(c)) for c in col) for col in zip(header, *lines)]
    out = ["  ".join(str(c).rjust(w[i]) if i else str(c).ljust(w[i])
                     for i, c in enumerate(row)) for row in [header] + lines]
    out.insert(1, "  ".join("-" * x for x in w))
    return "\n".join(out)


def md_table(header, lines):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in lines]
    return "\n".join(out)


MODE_FIELDS = ["dtype", "direction", "log_softmax"]


def write_csv(path, meta, results):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["device", "date", "commit"] + MODE_FIELDS + FIELDS)
        for r in results:
            w.writerow([meta.get("device", ""), meta.get("date", ""), meta.get("commit", "")]
                       + [meta.get(k) for k in MODE_FIELDS]
                       + ["" if r.get(k) is None else r.get(k) for k in FIELDS])


def clean_json(v):
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, dict):
        return {k: clean_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [clean_json(x) for x in v]
    return v


def write_json(path, meta, results):
    rows = [dict(r, **{k: meta.get(k) for k in MODE_FIELDS}) for r in results]
    with open(path, "w") as f:
        json.dump(clean_json({"meta": meta, "results": rows}), f, indent=1)
        f.write("\n")


def plot_axis(results):
    """The shape field the plots run along: "rows" when every measured
    shape has one column count (bench/shapes/sweep-rows.txt), else "cols"."""
    cols = {r["cols"] for r in results if r["impl"] != "copy"}
    return "rows" if len(cols) == 1 and len(shapes_of(results)) > 1 else "cols"


def write_plots(outdir, meta, results, tag=""):
    """bandwidth<tag>.png (GB/s vs cols) and pct_copy<tag>.png; returns the
    files written, or [] with a note when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:
        print("peer_bench: no plots (matplotlib: %s)" % e, file=sys.stderr)
        return []
    files = []
    elem = ELEM_BYTES.get(meta.get("dtype"), 4)
    axis = plot_axis(results)
    for key, name, ylabel in (("gbps", "bandwidth%s.png" % tag, "effective bandwidth (GB/s)"),
                              ("pct_copy", "pct_copy%s.png" % tag,
                               "% of device-to-device copy")):
        fig, ax = plt.subplots(figsize=(11, 6))
        markers = {"copy": "o", "smax-fused": "s", "smax-online": "v", "smax-multiblock": "^",
                   "smax-auto": "D", "torch": "o", "triton": "P"}
        for impl in impls_of(results):
            pts = sorted((r[axis], r[key], r["rows"] * r["cols"]) for r in results
                         if r["impl"] == impl and r.get(key) and r["status"] in ("ok", "FAIL"))
            if not pts:
                continue
            style = dict(marker=markers.get(impl, "o"), linewidth=1.2, alpha=0.85)
            if impl == "copy":
                style.update(linestyle="--", color="black", alpha=0.6)
            elif impl == "smax-auto":
                style.update(linewidth=2.5, alpha=1.0)
            # Small problems (< 16 MiB in: e.g. 32 x 32000) are launch-bound,
            # not bandwidth-bound: markers only, not joined to the line.
            big = [p for p in pts if p[2] * elem >= (16 << 20)]
            small = [p for p in pts if p[2] * elem < (16 << 20)]
            line, = ax.plot([p[0] for p in big], [p[1] for p in big], label=impl, **style)
            if small:
                ax.plot([p[0] for p in small], [p[1] for p in small], linestyle="none",
                        marker=style["marker"], color=line.get_color(), alpha=style["alpha"])
        ax.set_xscale("log", base=2)
        if axis == "rows":
            ax.set_xlabel("rows, %d columns each; unjoined points: inputs under 16 MiB"
                          % results[0]["cols"])
        else:
            ax.set_xlabel("cols (row length); rows vary per shape; unjoined points: "
                          "inputs under 16 MiB")
        ax.set_ylabel(ylabel)
        ax.set_title("%s over rows, cold L2, median of CUDA events\n%s, %s"
                     % (mode_words(meta), meta.get("device", "?"),
                        meta.get("date", "")[:10]))
        ax.set_ylim(bottom=0)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)
        # Label the x positions with their shapes, along the bottom.
        plotted = [(r["rows"], r["cols"]) for r in results if r.get(key)]
        for rows, cols in shapes_of(results):
            if (rows, cols) not in plotted:
                continue
            ax.annotate("%dx%d" % (rows, cols), xy=(rows if axis == "rows" else cols, 0.01),
                        xycoords=("data", "axes fraction"), fontsize=6,
                        rotation=90, ha="center", va="bottom", alpha=0.6)
        fig.tight_layout()
        path = os.path.join(outdir, name)
        fig.savefig(path, dpi=100)
        plt.close(fig)
        files.append(path)
    return files


def write_markdown(path, meta, results, plots):
    h1, l1 = pivot(results, "pct_copy", 1, with_target=True, dtype=meta.get("dtype", "f32"))
    h2, l2 = pivot(results, "gbps", 0)
    h3, l3 = pivot(results, "median_us", 1)
    fails = [r for r in results if r["status"] in ("FAIL", "error")]
    lines = ["# smax peer benchmark: %s" % mode_words(meta), "",
             "| | |", "|---|---|"]
    for k in ("device", "driver", "sm_count", "date", "commit", "smax_version",
              "smax_lib", "torch", "torch_cuda", "triton", "dtype", "direction",
              "log_softmax", "bytes_counted", "reps",
              "elapsed_s", "host", "smax_note"):
        if meta.get(k) is not None:
            lines.append("| %s | `%s` |" % (k, meta[k]))
    lines += ["", "Command: `%s`" % meta.get("command", ""), "",
              "Effective bandwidth = %s, each byte counted once, divided by the "
              "median device time (CUDA events, L2 flushed by a 256 MB %s before every "
              "launch). %% of copy = this bandwidth / that of a `copy_` of as many bytes "
              "(half read, half written) in this run (the best of three buffer pairs). "
              "`*` = failed THE accuracy rule of tests/support for this dtype and direction "
              "(%s), n/a = forced algorithm not supported for the shape. Targets: "
              "PRODUCT.md section 6 (CUDA on H100)." % (
                  meta.get("bytes_counted", "?"), meta.get("flush", "write"),
                  check_rule_name(meta)), "",
              "## % of device-to-device copy", "", md_table(h1, l1), "",
              "## Effective bandwidth (GB/s)", "", md_table(h2, l2), "",
              "## Median time (us)", "", md_table(h3, l3), ""]
    if fails:
        lines += ["## Failures", ""]
        lines += ["- %dx%d %s: %s: %s" % (r["rows"], r["cols"], r["impl"], r["status"], r["note"])
                  for r in fails]
        lines.append("")
    notes = [r for r in results if r["status"] not in ("FAIL", "error") and r["note"]
             and r["impl"] != "copy"]
    if notes:
        lines += ["## Notes", ""]
        lines += ["- %dx%d %s: %s: %s" % (r["rows"], r["cols"], r["impl"], r["status"], r["note"])
                  for r in notes]
        lines.append("")
    for p in plots:
        lines += ["![%s](%s)" % (os.path.basename(p), os.path.basename(p)), ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def check_rule_name(meta):
    if meta.get("direction") == "backward":
        return "smax_check_backward"
    return "smax_check_output" if meta.get("dtype") == "f32" else "smax_check_output_half"


def output_names(meta):
    """The file names of one run: results<tag>.{csv,json,md}."""
    tag = mode_tag(meta.get("dtype", "f32"), meta.get("direction") == "backward",
                   meta.get("log_softmax"))
    return tag, ["results%s.%s" % (tag, ext) for ext in ("csv", "json", "md")]


def report(outdir, meta, results):
    os.makedirs(outdir, exist_ok=True)
    h1, l1 = pivot(results, "pct_copy", 1, with_target=True, dtype=meta.get("dtype", "f32"))
    h2, l2 = pivot(results, "gbps", 0)
    tag, (csv_name, json_name, md_name) = output_names(meta)
    print("\n%s: %s  (driver %s)  %s  commit %s" % (
        mode_words(meta), meta.get("device"), meta.get("driver"), meta.get("date"),
        meta.get("commit")))
    print("\n% of device-to-device copy (* = failed verification):\n")
    print(text_table(h1, l1))
    print("\neffective bandwidth, GB/s:\n")
    print(text_table(h2, l2))
    write_csv(os.path.join(outdir, csv_name), meta, results)
    write_json(os.path.join(outdir, json_name), meta, results)
    plots = write_plots(outdir, meta, results, tag)
    write_markdown(os.path.join(outdir, md_name), meta, results, plots)
    print("\nwrote %s/{%s}" % (outdir, ",".join(
        [csv_name, json_name, md_name] + [os.path.basename(p) for p in plots])))


# ---------------------------------------------------------------------------
# meta, self-test, main

def git_commit():
    try:
        out = subprocess.run(["git", "-C", REPO, "rev-parse", "HEAD"],
                             capture_output=True, text=True, timeout=10)
        if out.returncode != 0:
            return None
        sha = out.stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10)
        return sha + ("-dirty" if dirty.stdout.strip() else "")
    except Exception:
        return None


def common_meta(args):
    return {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "commit": args.commit or git_commit(),
            "command": " ".join(shlex.quote(a) for a in [sys.executable] + sys.argv),
            "host": platform.node(), "python": platform.python_version(),
            "log_softmax": bool(args.log), "reps": args.reps, "warmup": args.warmup,
            "dtype": args.dtype, "direction": "backward" if args.backward else "forward",
            "flush_bytes": FLUSH_BYTES, "flush": args.flush,
            "bytes_counted": ("y and dy read, dx written" if args.backward
                              else "x read, y written")
                             + " (%d-byte elements)" % ELEM_BYTES[args.dtype]}


def bf16_bits(a):
    """float64/float32 values -> bf16 encodings, rounded to nearest even
    (through f32: a rounding the rules accept)."""
    import numpy as np
    bits = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7fff + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def f16_bits(a):
    import numpy as np
    return np.ascontiguousarray(a).astype(np.float16).view(np.uint16)


def selftest_check(args):
    """The C references and rules through ctypes, for every dtype and both
    directions: a correct output passes, an all-zero one fails."""
    import numpy as np
    import support_check
    sup = support_check.Support(args.support or support_check.default_path(args.lib))
    x = np.random.default_rng(3).standard_normal((64, 5000)).astype(np.float32)
    dy = np.random.default_rng(4).standard_normal(x.shape).astype(np.float32)
    for log in (False, True):
        ref = sup.reference(x, log)
        sums = np.exp(ref.astype(np.float64)).sum(1) if log else ref.astype(np.float64).sum(1)
        assert abs(sums - 1).max() < 1e-5
        # fp32 forward
        assert sup.check(x, ref.copy(), ref, log, 0)[0]
        ok, bad, _, trh, msg = sup.check(x, np.zeros_like(x), ref, log, 0)
        assert not ok and bad > 0 and msg, (ok, bad, msg)
        assert trh == sup.trh(5000, 0, log) > 0
        # 16-bit forward: the float64 reference rounded once passes
        ref64 = sup.reference_f64(x, log)
        for fmt, enc in (("bf16", bf16_bits), ("f16", f16_bits)):
            got = enc(ref64)
            assert sup.check_half(x, got, ref64, log, 0, fmt)[0], (fmt, log)
            assert not sup.check_half(x, np.zeros_like(got), ref64, log, 0, fmt)[0], (fmt, log)
        # the gradient, from y = that output rounded to each dtype
        for fmt, enc in (("f32", None), ("bf16", bf16_bits), ("f16", f16_bits)):
            y = ref if enc is None else decode(enc(ref), fmt)
            d = dy if enc is None else decode(enc(dy), fmt)
            gref, gmag = sup.reference_backward(y, d, log)
            got = gref.astype(np.float32) if enc is None else enc(gref)
            assert sup.check_backward(gref, gmag, got, fmt, 0)[0], (fmt, log)
            assert not sup.check_backward(gref, gmag, np.zeros_like(got), fmt, 0)[0], (fmt, log)
    print("selftest: the C references and rules (f32, f16, bf16; forward and "
          "backward; softmax and log) load and judge", file=sys.stderr)


def decode(bits, fmt):
    """16-bit encodings -> float32 (what a device reads)."""
    import numpy as np
    if fmt == "f16":
        return bits.view(np.float16).astype(np.float32)
    return (bits.astype(np.uint32) << 16).view(np.float32)


# The modes bench/h100/run.sh measures, and a log-softmax one.
SELFTEST_MODES = [("f32", False, False), ("bf16", False, False), ("f16", False, False),
                  ("f32", True, False), ("bf16", True, False), ("f32", False, True)]


def fake_results(peer, dtype, backward, rnd):
    """Made-up results of one mode over the peer shapes."""
    results = []
    for rows, cols in peer:
        moved = moved_bytes(rows, cols, dtype, backward)
        copy_us = moved / 3000e9 * 1e6 + 2
        results.append(result_row(rows, cols, "copy", "ok", copy_us, copy_us, copy_us, 5,
                                  moved / (copy_us * 1e-6) / 1e9, 100.0))
        for impl in IMPLS:
            if impl == "smax-fused" and cols > 65536:
                results.append(result_row(rows, cols, impl, "n/a", note="row too long for on-chip"))
                continue
            us = copy_us / rnd.uniform(0.3, 1.0)
            r = result_row(rows, cols, impl, "FAIL" if (impl == "triton" and cols == 128) else "ok",
                           us, us * 0.98, us * 1.05, 20, moved / (us * 1e-6) / 1e9,
                           100.0 * copy_us / us)
            r["worst_rel"] = 3e-7
            if r["status"] == "FAIL":
                r["note"] = "1 bad; first: row 0 col 0: got 1, ref 2 (trh 1.19e-06)"
            results.append(r)
    results.append(result_row(1, 1 << 30, "copy", "skipped", note="does not fit (fake)"))
    return results


def selftest_mode(args, outdir, peer, dtype, backward, log, rnd):
    """Writes one mode's fake results into outdir and reads them back."""
    import copy
    a = copy.copy(args)
    a.dtype, a.backward, a.log = dtype, backward, log
    meta = common_meta(a)
    meta.update(device="FAKE GPU (selftest)", driver="0.0", sm_count=132)
    results = fake_results(peer, dtype, backward, rnd)
    report(outdir, meta, results)
    _, (csv_name, json_name, md_name) = output_names(meta)
    with open(os.path.join(outdir, json_name)) as f:
        back = json.load(f)
    assert len(back["results"]) == len(results)
    assert back["meta"]["dtype"] == dtype and back["results"][0]["dtype"] == dtype
    assert back["results"][0]["direction"] == ("backward" if backward else "forward")
    with open(os.path.join(outdir, csv_name)) as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(results)
    assert rows[0]["dtype"] == dtype and rows[0]["log_softmax"] == str(bool(log))
    with open(os.path.join(outdir, md_name)) as f:
        assert mode_words(meta) in f.readline()
    return [csv_name, json_name, md_name]


def selftest(args):
    """Everything but the GPU: shape files, byte counts, the C checks, the
    writers with made-up numbers for every mode, into one folder."""
    import random
    peer = read_shapes(DEFAULT_SHAPES)
    assert len(peer) == 13 and peer[0] == (2097152, 128) and peer[-1] == (1, 1 << 28), peer
    for name in ("pocl.txt", "smoke.txt"):
        assert read_shapes(os.path.join(HERE, "shapes", name))
    sweep_cols = read_shapes(os.path.join(HERE, "shapes", "sweep-cols.txt"))
    assert sweep_cols[0][1] == 128 and sweep_cols[-1][1] == 1 << 20, sweep_cols
    assert all(r * c <= 1 << 26 < (r + 1) * c for r, c in sweep_cols), sweep_cols
    sweep_rows = read_shapes(os.path.join(HERE, "shapes", "sweep-rows.txt"))
    assert {c for _, c in sweep_rows} == {32000}, sweep_rows
    assert sweep_rows[0][0] == 1 and sweep_rows[-1][0] == 65536, sweep_rows
    def fake(shapes):
        return [dict(rows=r, cols=c, impl=i) for r, c in shapes for i in ("copy", "torch")]
    assert plot_axis(fake(sweep_rows)) == "rows" and plot_axis(fake(sweep_cols)) == "cols"
    assert plot_axis(fake(peer)) == "cols" and plot_axis(fake(sweep_rows[:1])) == "cols"
    assert parse_shape_text(" 4x5 # c") == (4, 5) and parse_shape_text("# x") is None
    assert moved_bytes(10, 100, "f32", False) == 8000
    assert moved_bytes(10, 100, "bf16", True) == 6000
    assert target_pct(1024, 262144, "f32") == 98 and target_pct(256, 1 << 20, "f32") == 95
    assert target_pct(256, 1 << 19, "bf16") == 98 and target_pct(32, 32000) == 75
    tags = [mode_tag(*m) for m in SELFTEST_MODES]
    assert tags[0] == "" and len(set(tags)) == len(tags), tags
    import importlib.util
    if importlib.util.find_spec("numpy") is None:  # the C rules take numpy arrays
        print("selftest: no numpy: C rules not exercised", file=sys.stderr)
    elif args.support or os.path.exists(args.lib or ""):
        selftest_check(args)
    else:
        print("selftest: no libsmax_testsupport.so (--support, or --lib of a build): "
              "C rules not exercised", file=sys.stderr)
    rnd = random.Random(7)
    if args.out != DEFAULT_OUT:
        outdir = args.out
    else:
        import tempfile
        outdir = tempfile.mkdtemp(prefix="smax-peer-selftest-")
    names = []
    for dtype, backward, log in SELFTEST_MODES:
        names += selftest_mode(args, outdir, peer, dtype, backward, log, rnd)
    assert len(set(names)) == len(names), names
    assert all(os.path.exists(os.path.join(outdir, n)) for n in names)
    print("selftest ok: %d modes (outputs in %s)" % (len(SELFTEST_MODES), outdir))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="smax (CUDA build, via ctypes) vs torch.softmax vs Triton on one GPU: "
                    "% of a device-to-device copy, cold L2, CUDA-event medians.")
    ap.add_argument("--support", default=None,
                    help="libsmax_testsupport.so (default: tests/ beside --lib)")
    ap.add_argument("--lib", default=os.path.join(REPO, "build-cuda", "libsmax.so"),
                    help="the CUDA build of libsmax.so (default: build-cuda/libsmax.so)")
    ap.add_argument("--shapes", default=DEFAULT_SHAPES, help="shape file (default: %(default)s)")
    ap.add_argument("--shape", action="append", default=[], metavar="RxC",
                    help="a shape (repeatable; replaces --shapes)")
    ap.add_argument("--impl", default="all",
                    help="comma list of %s (default all)" % ",".join(IMPLS))
    ap.add_argument("--out", default=DEFAULT_OUT, help="output directory (default: %(default)s)")
    ap.add_argument("--reps", type=int, default=25, help="timed runs per measurement")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--budget", type=float, default=2.5,
                    help="seconds one measurement may take; fewer reps (>= 3) past it")
    ap.add_argument("--flush", default="write", choices=["write", "read"],
                    help="how the L2 is emptied before each timed launch: a write of "
                         "256 MB (as triton.testing.do_bench) or a read of them")
    ap.add_argument("--quick", action="store_true", help="5 reps, 1 warm-up, 1 s budget")
    ap.add_argument("--log", action="store_true", help="log-softmax")
    ap.add_argument("--dtype", default="f32", choices=sorted(ELEM_BYTES),
                    help="element type of every tensor (default f32)")
    ap.add_argument("--backward", action="store_true",
                    help="the gradient: smax_softmax_backward, "
                         "torch._softmax_backward_data, a Triton backward kernel")
    ap.add_argument("--device", type=int, default=0, help="CUDA device index")
    ap.add_argument("--commit", help="git commit to record (default: git rev-parse HEAD)")
    ap.add_argument("--selftest", action="store_true",
                    help="no GPU: check shape parsing and the writers with fake data")
    args = ap.parse_args(argv)
    if args.quick:
        args.reps, args.warmup, args.budget = 5, 1, 1.0
    if args.impl == "all":
        args.impls = list(IMPLS)
    else:
        args.impls = [s.strip() for s in args.impl.split(",") if s.strip()]
        bad = [i for i in args.impls if i not in IMPLS]
        if bad:
            ap.error("unknown implementation(s) %s; choose from %s" % (bad, IMPLS))
    if args.selftest:
        return selftest(args)
    if args.shape:
        shapes = []
        for s in args.shape:
            try:
                shapes.append(parse_shape_text(s))
            except ValueError as e:
                ap.error("bad --shape %r: %s" % (s, e))
    else:
        shapes = read_shapes(args.shapes)
    sys.path.insert(0, HERE)    # peer_triton.py
    meta, results = run_gpu(args, shapes)
    report(args.out, meta, results)
    failed = [r for r in results if r["status"] in ("FAIL", "error") and r["impl"].startswith("smax")]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
