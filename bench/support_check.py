"""support_check.py - the benchmark's accuracy check through THE reference
and THE tolerance rules of smax (tests/support/: smax_reference*.c,
smax_tolerance*.c, built as libsmax_testsupport.so next to the library's
tests), so Python holds no second copy of either: f32 and 16-bit outputs of
the forward call, and the gradient.

Arrays are host numpy float32 matrices; the work is split by row blocks over
threads (ctypes releases the GIL during each call).
"""
import ctypes
import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

SMAX_FLAG_LOG = 0x1
# smax_dtype values, also the formats of tests/support/smax_half.h
FMT = {"f32": 0, "f16": 1, "bf16": 2}


class CheckResult(ctypes.Structure):
    """struct smax_check_result of tests/support/smax_tolerance.h."""
    _fields_ = [("bad", ctypes.c_int64), ("first_row", ctypes.c_int64),
                ("first_col", ctypes.c_int64), ("got", ctypes.c_double),
                ("ref", ctypes.c_double), ("worst_rel", ctypes.c_double),
                ("trh", ctypes.c_double), ("message", ctypes.c_char * 256)]


def default_path(smax_lib):
    """libsmax_testsupport.so of the same build as smax_lib."""
    return os.path.join(os.path.dirname(os.path.abspath(smax_lib)), "tests",
                        "libsmax_testsupport.so")


class Support:
    def __init__(self, path, threads=None):
        lib = ctypes.CDLL(path)
        f32p, i64 = ctypes.c_void_p, ctypes.c_int64
        lib.smax_reference.argtypes = [f32p, i64, i64, i64, f32p, i64,
                                       ctypes.c_uint32, ctypes.c_float]
        lib.smax_reference.restype = None
        lib.smax_check_output.argtypes = [f32p, i64, f32p, i64, f32p, i64, i64,
                                          i64, ctypes.c_uint32, ctypes.c_int,
                                          ctypes.POINTER(CheckResult)]
        lib.smax_check_output.restype = ctypes.c_int
        lib.smax_tolerance_trh.argtypes = [i64, ctypes.c_int, ctypes.c_int]
        lib.smax_tolerance_trh.restype = ctypes.c_double
        lib.smax_reference_f64.argtypes = [f32p, i64, i64, i64, f32p, i64,
                                           ctypes.c_uint32, ctypes.c_float]
        lib.smax_reference_f64.restype = None
        lib.smax_check_output_half.argtypes = [
            f32p, i64, f32p, i64, f32p, i64, i64, i64, ctypes.c_int,
            ctypes.c_uint32, ctypes.c_int, ctypes.POINTER(CheckResult)]
        lib.smax_check_output_half.restype = ctypes.c_int
        grad = [f32p, i64, f32p, i64, i64, i64, f32p, i64, ctypes.c_uint32,
                ctypes.c_float]
        lib.smax_reference_backward_f64.argtypes = grad
        lib.smax_reference_backward_f64.restype = None
        lib.smax_reference_backward_mag.argtypes = grad
        lib.smax_reference_backward_mag.restype = None
        lib.smax_tolerance_backward_trh.argtypes = [i64, ctypes.c_int]
        lib.smax_tolerance_backward_trh.restype = ctypes.c_double
        lib.smax_check_backward.argtypes = [
            f32p, i64, f32p, i64, f32p, i64, ctypes.c_int, i64, i64,
            ctypes.c_int, ctypes.POINTER(CheckResult)]
        lib.smax_check_backward.restype = ctypes.c_int
        self.lib = lib
        self.threads = threads or min(32, os.cpu_count() or 1)

    def trh(self, n, merge_levels, log):
        return self.lib.smax_tolerance_trh(n, merge_levels, 1 if log else 0)

    def _blocks(self, rows):
        step = max(1, -(-rows // (4 * self.threads)))
        return [(r, min(rows, r + step)) for r in range(0, rows, step)]

    def _each_block(self, rows, fn):
        """fn(r0, r1) over row blocks, in parallel."""
        with ThreadPoolExecutor(self.threads) as pool:
            list(pool.map(lambda b: fn(*b), self._blocks(rows)))

    @staticmethod
    def _at(a, row):
        return a.ctypes.data + row * a.strides[0]

    def reference(self, x, log):
        """float64 reference rounded to float32, for a C-contiguous x."""
        rows, cols = x.shape
        ref = np.empty_like(x)
        flags = SMAX_FLAG_LOG if log else 0

        self._each_block(rows, lambda r0, r1: self.lib.smax_reference(
            self._at(x, r0), r1 - r0, cols, cols, self._at(ref, r0), cols,
            flags, 1.0))
        return ref

    def _run_check(self, rows, call):
        """Runs call(r0, r1, res) over row blocks; (bad, worst, trh, msg)."""
        def one(block):
            res = CheckResult()
            call(block[0], block[1], ctypes.byref(res))
            return block[0], res
        bad, worst, trh, message = 0, 0.0, 0.0, ""
        with ThreadPoolExecutor(self.threads) as pool:
            for r0, res in pool.map(one, self._blocks(rows)):
                bad += res.bad
                worst = max(worst, res.worst_rel)
                trh = res.trh
                if res.bad and not message:
                    message = "row %d: %s" % (r0 + res.first_row,
                                              res.message.decode(errors="replace"))
        return bad, worst, trh, message

    def check(self, x, got, ref, log, merge_levels):
        """(ok, bad, worst_rel, trh, message) for an f32 got against ref."""
        rows, cols = x.shape
        flags = SMAX_FLAG_LOG if log else 0
        bad, worst, _, message = self._run_check(rows, lambda r0, r1, res:
            self.lib.smax_check_output(self._at(x, r0), cols, self._at(got, r0),
                                       cols, self._at(ref, r0), cols, r1 - r0,
                                       cols, flags, merge_levels, res))
        return bad == 0, bad, worst, self.trh(cols, merge_levels, log), message

    def reference_f64(self, x, log):
        """float64 reference, for 16-bit outputs (rounded once by the rule)."""
        rows, cols = x.shape
        ref = np.empty(x.shape, dtype=np.float64)
        flags = SMAX_FLAG_LOG if log else 0

        self._each_block(rows, lambda r0, r1: self.lib.smax_reference_f64(
            self._at(x, r0), r1 - r0, cols, cols, self._at(ref, r0), cols,
            flags, 1.0))
        return ref

    def check_half(self, x, got_raw, ref64, log, merge_levels, fmt):
        """The 16-bit rule; got_raw holds uint16 encodings."""
        rows, cols = x.shape
        flags = SMAX_FLAG_LOG if log else 0
        bad, worst, trh, message = self._run_check(rows, lambda r0, r1, res:
            self.lib.smax_check_output_half(
                self._at(x, r0), cols, self._at(got_raw, r0), cols,
                self._at(ref64, r0), cols, r1 - r0, cols, FMT[fmt], flags,
                merge_levels, res))
        return bad == 0, bad, worst, trh, message

    def reference_backward(self, y, dy, log):
        """(ref, mag) in float64 for float32 copies of y and dy."""
        rows, cols = y.shape
        ref = np.empty(y.shape, dtype=np.float64)
        mag = np.empty(y.shape, dtype=np.float64)
        flags = SMAX_FLAG_LOG if log else 0

        def one(r0, r1):
            for fn, out in ((self.lib.smax_reference_backward_f64, ref),
                            (self.lib.smax_reference_backward_mag, mag)):
                fn(self._at(y, r0), cols, self._at(dy, r0), cols, r1 - r0,
                   cols, self._at(out, r0), cols, flags, 1.0)
        self._each_block(rows, one)
        return ref, mag

    def check_backward(self, ref, mag, got_raw, fmt, merge_levels):
        """The gradient rule; got_raw holds elements of format fmt."""
        rows, cols = ref.shape
        bad, worst, trh, message = self._run_check(rows, lambda r0, r1, res:
            self.lib.smax_check_backward(
                self._at(ref, r0), cols, self._at(mag, r0), cols,
                self._at(got_raw, r0), cols, FMT[fmt], r1 - r0, cols,
                merge_levels, res))
        return bad == 0, bad, worst, trh, message
