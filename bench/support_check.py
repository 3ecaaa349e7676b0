"""support_check.py - the benchmark's accuracy check through THE reference
and THE tolerance rule of smax (tests/support/smax_reference.c and
smax_tolerance.c, built as libsmax_testsupport.so next to the library's
tests), so Python holds no second copy of either.

Arrays are host numpy float32 matrices; the work is split by row blocks over
threads (ctypes releases the GIL during each call).
"""
import ctypes
import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

SMAX_FLAG_LOG = 0x1


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
        self.lib = lib
        self.threads = threads or min(32, os.cpu_count() or 1)

    def trh(self, n, merge_levels, log):
        return self.lib.smax_tolerance_trh(n, merge_levels, 1 if log else 0)

    def _blocks(self, rows):
        step = max(1, -(-rows // (4 * self.threads)))
        return [(r, min(rows, r + step)) for r in range(0, rows, step)]

    @staticmethod
    def _at(a, row):
        return a.ctypes.data + row * a.strides[0]

    def reference(self, x, log):
        """float64 reference rounded to float32, for a C-contiguous x."""
        rows, cols = x.shape
        ref = np.empty_like(x)
        flags = SMAX_FLAG_LOG if log else 0

        def one(block):
            r0, r1 = block
            self.lib.smax_reference(self._at(x, r0), r1 - r0, cols, cols,
                                    self._at(ref, r0), cols, flags, 1.0)
        with ThreadPoolExecutor(self.threads) as pool:
            list(pool.map(one, self._blocks(rows)))
        return ref

    def check(self, x, got, ref, log, merge_levels):
        """(ok, bad, worst_rel, trh, message) for got against ref."""
        rows, cols = x.shape
        flags = SMAX_FLAG_LOG if log else 0

        def one(block):
            r0, r1 = block
            res = CheckResult()
            self.lib.smax_check_output(self._at(x, r0), cols, self._at(got, r0),
                                       cols, self._at(ref, r0), cols, r1 - r0,
                                       cols, flags, merge_levels,
                                       ctypes.byref(res))
            return r0, res
        bad, worst, message = 0, 0.0, ""
        with ThreadPoolExecutor(self.threads) as pool:
            for r0, res in pool.map(one, self._blocks(rows)):
                bad += res.bad
                worst = max(worst, res.worst_rel)
                if res.bad and not message:
                    message = "row %d: %s" % (r0 + res.first_row,
                                              res.message.decode(errors="replace"))
        return bad == 0, bad, worst, self.trh(cols, merge_levels, log), message
