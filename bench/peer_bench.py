#!/usr/bin/env python3
"""peer_bench.py - smax (CUDA build, through ctypes) side by side with
torch.softmax and a Triton softmax on one NVIDIA GPU, on the same tensors.

For every shape of bench/shapes/peer.txt (PRODUCT.md section 6):
  * fills x (fp32, random normal) on the GPU and computes THE float64
    reference of tests/support (through libsmax_testsupport.so, on the host);
  * runs each implementation -- smax with every forced algorithm and auto,
    torch.softmax, Triton (bench/peer_triton.py) -- checks its output with the
    tolerance rule of tests/support/smax_tolerance.c and times it;
  * times a device-to-device copy of the same bytes (torch copy_) in the same
    run: the 100% mark.
Timing: CUDA events on the benchmark's torch stream around each launch, cold
L2 (a 256 MB buffer is written before every timed launch, outside the
events), median over repetitions. Effective bandwidth counts rows*cols*4
bytes read plus rows*cols*4 bytes written, once each.

Writes results.csv, results.json, results.md, bandwidth.png and
pct_copy.png to the output directory (default bench/results/).

  python3 bench/peer_bench.py --lib build-cuda/libsmax.so
  python3 bench/peer_bench.py --lib build-cuda/libsmax.so --quick
  python3 bench/peer_bench.py --selftest      # no GPU: parsing and writers
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


def target_pct(rows, cols):
    """PRODUCT.md section 6 target (% of copy) for smax on CUDA/H100."""
    if rows == 1 and cols >= (1 << 24):
        return 64.0
    if rows * cols <= 32 * 32000 and rows < 132:
        return 50.0      # small batch (32 x 32000)
    if cols <= 16384:
        return 95.0
    return 90.0


# ---------------------------------------------------------------------------
# smax through ctypes

class SmaxProblem(ctypes.Structure):
    """struct smax_problem of smax.h (initialised by smax_problem_init)."""
    _fields_ = [("struct_size", ctypes.c_size_t),
                ("rows", ctypes.c_int64), ("cols", ctypes.c_int64),
                ("x_row_stride", ctypes.c_int64), ("y_row_stride", ctypes.c_int64),
                ("x_dtype", ctypes.c_int), ("y_dtype", ctypes.c_int),
                ("algorithm", ctypes.c_int), ("flags", ctypes.c_uint32),
                ("scale", ctypes.c_float), ("dy_row_stride", ctypes.c_int64)]


DTYPES = {"f32": 0, "f16": 1, "bf16": 2}  # smax_dtype


class SmaxPlanInfo(ctypes.Structure):
    _fields_ = [("algorithm", ctypes.c_int), ("group_size", ctypes.c_uint32),
                ("rows_per_group", ctypes.c_uint32),
                ("chunks_per_row", ctypes.c_int64),
                ("merge_levels", ctypes.c_uint32),
                ("vector_width", ctypes.c_uint32),
                ("scratch_bytes", ctypes.c_uint64),
                ("reason", ctypes.c_char * 160)]


class SmaxDeviceInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char * 256), ("vendor", ctypes.c_char * 128),
                ("global_mem_bytes", ctypes.c_uint64),
                ("max_alloc_bytes", ctypes.c_uint64),
                ("compute_units", ctypes.c_uint32),
                ("max_group_size", ctypes.c_uint32),
                ("local_mem_bytes", ctypes.c_uint64),
                ("fused_max_cols", ctypes.c_int64),
                ("supports_f16", ctypes.c_int), ("supports_bf16", ctypes.c_int)]


assert ctypes.sizeof(SmaxProblem) == 72, "smax_problem layout"
assert ctypes.sizeof(SmaxPlanInfo) == 200, "smax_plan_info layout"


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
    def __init__(self, torch, reps, warmup, budget_s):
        self.torch = torch
        self.reps, self.warmup, self.budget_s = reps, warmup, budget_s
        self.flush = torch.empty(FLUSH_BYTES // 4, dtype=torch.float32, device="cuda")

    def __call__(self, fn):
        """Median (and min, max) device time of fn in microseconds."""
        torch = self.torch
        for _ in range(self.warmup):
            fn()
        torch.cuda.synchronize()
        # One probe run decides how many repetitions fit the time budget.
        t0 = time.perf_counter()
        self.flush.zero_()
        fn()
        torch.cuda.synchronize()
        once = time.perf_counter() - t0
        reps = self.reps
        if once * reps > self.budget_s:
            reps = max(3, int(self.budget_s / max(once, 1e-9)))
        start = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        end = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        for i in range(reps):
            self.flush.zero_()      # evicts L2; enqueued before the start event
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
        timer = Timer(torch, args.reps, args.warmup, args.budget)
        total = len(shapes)
        t_start = time.perf_counter()
        for si, (rows, cols) in enumerate(shapes, 1):
            tag = "%dx%d" % (rows, cols)
            nbytes = rows * cols * ELEM_BYTES[args.dtype]
            free, _ = torch.cuda.mem_get_info()
            # The fp32 source, inputs, output and torch's output; the flush
            # buffer exists already.
            need = 6 * rows * cols * 4 + (256 << 20)
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

            # The 100% mark: a device-to-device copy (torch copy_) of one
            # tensor's bytes, read and written. Its speed can depend on where
            # the two buffers landed (seen on the H100: 2580 instead of 3000
            # GB/s for some pairs), so the best of three pairs.
            a_t, o_t = case["inputs"][0], case["out"]
            z = torch.empty_like(a_t)
            cands = [("in->out", timer(lambda: o_t.copy_(a_t))),
                     ("out->in", timer(lambda: a_t.copy_(o_t))),
                     ("in->new", timer(lambda: z.copy_(a_t)))]
            del z
            case["restore"]()  # the copies overwrote the inputs
            best_name, (med, lo, hi, n) = min(cands, key=lambda c: c[1][0])
            copy_gbps = 2 * nbytes / (med * 1e-6) / 1e9
            row = result_row(rows, cols, "copy", "ok", med, lo, hi, n,
                             gbps=copy_gbps, pct=100.0)
            row["ran"] = best_name
            row["note"] = ", ".join("%s %.1f us" % (c, t[0]) for c, t in cands)
            results.append(row)
            print("    %-16s %10.1f us %8.1f GB/s  (%s)" % ("copy", med, row["gbps"], row["note"]),
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


ELEM_BYTES = {"f32": 4, "f16": 2, "bf16": 2}


def host_raw(t):
    """A CUDA tensor's elements as host numpy: float32, or uint16 encodings
    of a 16-bit type (what the C rules take)."""
    import numpy as np
    if t.element_size() == 4:
        return t.cpu().numpy()
    import torch
    return t.contiguous().view(torch.int16).cpu().numpy().view(np.uint16)


def make_case(torch, support, args, rows, cols):
    """Inputs, output, bytes moved and the check of one shape: forward
    (x -> y) or backward (y, dy -> dx), in args.dtype."""
    dt = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}[args.dtype]
    gen = torch.Generator(device="cuda")
    gen.manual_seed(1000003 * rows + cols)
    src = torch.randn(rows, cols, device="cuda", dtype=torch.float32, generator=gen)
    log, n = args.log, rows * cols
    case = {"backward": args.backward, "log": log, "dtype": args.dtype}
    if not args.backward:
        x = src.to(dt)
        del src
        x_keep = x.clone()
        case["inputs"], case["out"] = [x], torch.empty_like(x)
        case["moved"] = 2 * n * ELEM_BYTES[args.dtype]
        x_host = x.float().cpu().numpy()
        if args.dtype == "f32":
            ref = support.reference(x_host, log)
            case["check"] = lambda got, levels: support.check(
                x_host, got.cpu().numpy(), ref, log, levels)
        else:
            ref64 = support.reference_f64(x_host, log)
            case["check"] = lambda got, levels: support.check_half(
                x_host, host_raw(got), ref64, log, levels, args.dtype)
        case["restore"] = lambda: x.copy_(x_keep)
        return case
    f = torch.log_softmax if log else torch.softmax
    y = f(src, dim=-1).to(dt)
    dy = torch.randn(rows, cols, device="cuda", dtype=torch.float32,
                     generator=gen).to(dt)
    del src
    keep = (y.clone(), dy.clone())
    case["inputs"], case["out"] = [y, dy], torch.empty_like(y)
    case["moved"] = 3 * n * ELEM_BYTES[args.dtype]
    ref, mag = support.reference_backward(y.float().cpu().numpy(),
                                          dy.float().cpu().numpy(), log)
    case["check"] = lambda got, levels: support.check_backward(
        ref, mag, host_raw(got), args.dtype, levels)
    case["restore"] = lambda: (y.copy_(keep[0]), dy.copy_(keep[1]))
    return case


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


def pivot(results, key, digits, with_target=False):
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
            t = target_pct(rows, cols)
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


def write_csv(path, meta, results):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["device", "date", "commit"] + FIELDS)
        for r in results:
            w.writerow([meta.get("device", ""), meta.get("date", ""), meta.get("commit", "")]
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
    with open(path, "w") as f:
        json.dump(clean_json({"meta": meta, "results": results}), f, indent=1)
        f.write("\n")


def write_plots(outdir, meta, results):
    """bandwidth.png (GB/s vs cols) and pct_copy.png; returns the files
    written, or [] with a note when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:
        print("peer_bench: no plots (matplotlib: %s)" % e, file=sys.stderr)
        return []
    files = []
    for key, name, ylabel in (("gbps", "bandwidth.png", "effective bandwidth (GB/s)"),
                              ("pct_copy", "pct_copy.png", "% of device-to-device copy")):
        fig, ax = plt.subplots(figsize=(11, 6))
        markers = {"copy": "o", "smax-fused": "s", "smax-online": "v", "smax-multiblock": "^",
                   "smax-auto": "D", "torch": "o", "triton": "P"}
        for impl in impls_of(results):
            pts = sorted((r["cols"], r[key], r["rows"]) for r in results
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
            big = [p for p in pts if p[0] * p[2] * 4 >= (16 << 20)]
            small = [p for p in pts if p[0] * p[2] * 4 < (16 << 20)]
            line, = ax.plot([p[0] for p in big], [p[1] for p in big], label=impl, **style)
            if small:
                ax.plot([p[0] for p in small], [p[1] for p in small], linestyle="none",
                        marker=style["marker"], color=line.get_color(), alpha=style["alpha"])
        ax.set_xscale("log", base=2)
        ax.set_xlabel("cols (row length, fp32); rows vary per shape; unjoined points: "
                      "problems under 16 MiB")
        ax.set_ylabel(ylabel)
        ax.set_title("softmax over rows, cold L2, median of CUDA events\n%s, %s"
                     % (meta.get("device", "?"), meta.get("date", "")[:10]))
        ax.set_ylim(bottom=0)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)
        # Label the x positions with their shapes, along the bottom.
        plotted = [(r["rows"], r["cols"]) for r in results if r.get(key)]
        for rows, cols in shapes_of(results):
            if (rows, cols) not in plotted:
                continue
            ax.annotate("%dx%d" % (rows, cols), xy=(cols, 0.01),
                        xycoords=("data", "axes fraction"), fontsize=6,
                        rotation=90, ha="center", va="bottom", alpha=0.6)
        fig.tight_layout()
        path = os.path.join(outdir, name)
        fig.savefig(path, dpi=100)
        plt.close(fig)
        files.append(path)
    return files


def write_markdown(path, meta, results, plots):
    h1, l1 = pivot(results, "pct_copy", 1, with_target=True)
    h2, l2 = pivot(results, "gbps", 0)
    h3, l3 = pivot(results, "median_us", 1)
    fails = [r for r in results if r["status"] in ("FAIL", "error")]
    lines = ["# smax peer benchmark", "",
             "| | |", "|---|---|"]
    for k in ("device", "driver", "sm_count", "date", "commit", "smax_version",
              "smax_lib", "torch", "torch_cuda", "triton", "log_softmax", "reps",
              "elapsed_s", "host", "smax_note"):
        if meta.get(k) is not None:
            lines.append("| %s | `%s` |" % (k, meta[k]))
    lines += ["", "Command: `%s`" % meta.get("command", ""), "",
              "Effective bandwidth = rows x cols x 4 B read + the same written, divided by the "
              "median device time (CUDA events, L2 flushed by a 256 MB write before every "
              "launch). % of copy = time of `copy_` of the same bytes in this run (the best of "
              "x->y, y->x, x->fresh tensor) / time of the implementation. `*` = failed the accuracy check (tests/support/smax_tolerance.c "
              "rule), n/a = forced algorithm not supported for the shape. Targets: PRODUCT.md "
              "section 6 (CUDA on H100).", "",
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


def report(outdir, meta, results):
    os.makedirs(outdir, exist_ok=True)
    h1, l1 = pivot(results, "pct_copy", 1, with_target=True)
    h2, l2 = pivot(results, "gbps", 0)
    print("\n%s  (driver %s)  %s  commit %s" % (meta.get("device"), meta.get("driver"),
                                                meta.get("date"), meta.get("commit")))
    print("\n% of device-to-device copy (* = failed verification):\n")
    print(text_table(h1, l1))
    print("\neffective bandwidth, GB/s:\n")
    print(text_table(h2, l2))
    write_csv(os.path.join(outdir, "results.csv"), meta, results)
    write_json(os.path.join(outdir, "results.json"), meta, results)
    plots = write_plots(outdir, meta, results)
    write_markdown(os.path.join(outdir, "results.md"), meta, results, plots)
    print("\nwrote %s/{results.csv,results.json,results.md%s}" % (
        outdir, "".join("," + os.path.basename(p) for p in plots)))


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
            "flush_bytes": FLUSH_BYTES,
            "bytes_counted": ("y and dy read once, dx written once" if args.backward
                              else "x read once, y written once")
                             + " (%d-byte elements)" % ELEM_BYTES[args.dtype]}


def selftest_check(args):
    """The C reference and rule through ctypes: a correct output passes, an
    all-zero one fails."""
    import numpy as np
    import support_check
    sup = support_check.Support(args.support or support_check.default_path(args.lib))
    x = np.random.default_rng(3).standard_normal((64, 5000)).astype(np.float32)
    ref = sup.reference(x, False)
    assert abs(ref.astype(np.float64).sum(1) - 1).max() < 1e-5
    assert sup.check(x, ref.copy(), ref, False, 0)[0]
    ok, bad, _, trh, msg = sup.check(x, np.zeros_like(x), ref, False, 0)
    assert not ok and bad > 0 and msg, (ok, bad, msg)
    assert trh == sup.trh(5000, 0, False) > 0
    # 16-bit outputs: the reference rounded to bf16 passes, zeros fail.
    ref64 = sup.reference_f64(x, False)
    bits = ref64.astype(np.float32).view(np.uint32).astype(np.uint64)
    bf16 = ((bits + 0x7fff + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    assert sup.check_half(x, bf16, ref64, False, 0, "bf16")[0]
    assert not sup.check_half(x, np.zeros_like(bf16), ref64, False, 0, "bf16")[0]
    # The gradient: the reference itself passes, an all-zero dx fails.
    dy = np.random.default_rng(4).standard_normal(x.shape).astype(np.float32)
    gref, gmag = sup.reference_backward(ref, dy, False)
    assert sup.check_backward(gref, gmag, gref.astype(np.float32), "f32", 0)[0]
    assert not sup.check_backward(gref, gmag, np.zeros_like(dy), "f32", 0)[0]
    print("selftest: the C references and tolerance rules load and judge", file=sys.stderr)


def selftest(args):
    """Everything but the GPU: shape files, the C checks, the
    writers with made-up numbers."""
    import random
    peer = read_shapes(DEFAULT_SHAPES)
    assert len(peer) == 13 and peer[0] == (2097152, 128) and peer[-1] == (1, 1 << 28), peer
    for name in ("pocl.txt", "smoke.txt"):
        assert read_shapes(os.path.join(HERE, "shapes", name))
    assert parse_shape_text(" 4x5 # c") == (4, 5) and parse_shape_text("# x") is None
    if args.support or os.path.exists(args.lib or ""):
        selftest_check(args)
    rnd = random.Random(7)
    meta = common_meta(args)
    meta.update(device="FAKE GPU (selftest)", driver="0.0", sm_count=132)
    results = []
    for rows, cols in peer:
        nbytes = rows * cols * 4
        copy_us = 2 * nbytes / 3000e9 * 1e6 + 2
        results.append(result_row(rows, cols, "copy", "ok", copy_us, copy_us, copy_us, 5,
                                  2 * nbytes / (copy_us * 1e-6) / 1e9, 100.0))
        for impl in IMPLS:
            if impl == "smax-fused" and cols > 65536:
                results.append(result_row(rows, cols, impl, "n/a", note="row too long for on-chip"))
                continue
            us = copy_us / rnd.uniform(0.3, 1.0)
            r = result_row(rows, cols, impl, "FAIL" if (impl == "triton" and cols == 128) else "ok",
                           us, us * 0.98, us * 1.05, 20, 2 * nbytes / (us * 1e-6) / 1e9,
                           100.0 * copy_us / us)
            r["worst_rel"] = 3e-7
            if r["status"] == "FAIL":
                r["note"] = "1 bad; first: row 0 col 0: got 1, ref 2 (trh 1.19e-06)"
            results.append(r)
    results.append(result_row(1, 1 << 30, "copy", "skipped", note="does not fit (fake)"))
    if args.out != DEFAULT_OUT:
        outdir = args.out
    else:
        import tempfile
        outdir = tempfile.mkdtemp(prefix="smax-peer-selftest-")
    report(outdir, meta, results)
    with open(os.path.join(outdir, "results.json")) as f:
        back = json.load(f)
    assert len(back["results"]) == len(results)
    with open(os.path.join(outdir, "results.csv")) as f:
        assert len(list(csv.reader(f))) == len(results) + 1
    print("selftest ok (outputs in %s)" % outdir)
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
