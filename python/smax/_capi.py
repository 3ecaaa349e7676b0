"""libsmax's C API for ctypes: the one place in Python that knows smax.h.

Structs, enums and prototypes are copied from include/smax/smax.h (and the
interop headers, whose vendor handle types are pointers, so c_void_p stands
in for cudaStream_t and hipStream_t). The sizes are asserted below so that a
change of the header that is not mirrored here fails at import.

The library is the libsmax.so installed in this package's folder by the
wheel build, or the file named by SMAX_LIBRARY (a build folder's library,
for development). It is loaded on first use, so `import smax` works, and
says what is wrong, even where it cannot be loaded.
"""
import ctypes
import os
import threading

SUCCESS = 0
ERROR_INVALID_HANDLE = 1
ERROR_INVALID_VALUE = 2
ERROR_INVALID_SIZE = 3
ERROR_INVALID_POINTER = 4
ERROR_NOT_SUPPORTED = 5
ERROR_OUT_OF_MEMORY = 6
ERROR_NO_DEVICE = 7
ERROR_BACKEND = 8

DTYPE_F32, DTYPE_F16, DTYPE_BF16 = 0, 1, 2
ELEMENT_BYTES = {DTYPE_F32: 4, DTYPE_F16: 2, DTYPE_BF16: 2}
DTYPE_NAMES = {DTYPE_F32: "float32", DTYPE_F16: "float16", DTYPE_BF16: "bfloat16"}

ALGO_AUTO = 0
FLAG_LOG = 0x1
FLAG_MASKED_ROWS_ZERO = 0x2


class Problem(ctypes.Structure):
    """struct smax_problem (version 2: dy_row_stride)."""
    _fields_ = [("struct_size", ctypes.c_size_t),
                ("rows", ctypes.c_int64), ("cols", ctypes.c_int64),
                ("x_row_stride", ctypes.c_int64), ("y_row_stride", ctypes.c_int64),
                ("x_dtype", ctypes.c_int), ("y_dtype", ctypes.c_int),
                ("algorithm", ctypes.c_int), ("flags", ctypes.c_uint32),
                ("scale", ctypes.c_float), ("dy_row_stride", ctypes.c_int64)]


assert ctypes.sizeof(Problem) == 72, "smax_problem layout"

class PlanInfo(ctypes.Structure):
    """struct smax_plan_info."""
    _fields_ = [("algorithm", ctypes.c_int), ("group_size", ctypes.c_uint32),
                ("rows_per_group", ctypes.c_uint32),
                ("chunks_per_row", ctypes.c_int64),
                ("merge_levels", ctypes.c_uint32),
                ("vector_width", ctypes.c_uint32),
                ("scratch_bytes", ctypes.c_uint64),
                ("reason", ctypes.c_char * 160)]


assert ctypes.sizeof(PlanInfo) == 200, "smax_plan_info layout"

class DeviceInfo(ctypes.Structure):
    """struct smax_device_info."""
    _fields_ = [("name", ctypes.c_char * 256), ("vendor", ctypes.c_char * 128),
                ("global_mem_bytes", ctypes.c_uint64),
                ("max_alloc_bytes", ctypes.c_uint64),
                ("compute_units", ctypes.c_uint32),
                ("max_group_size", ctypes.c_uint32),
                ("local_mem_bytes", ctypes.c_uint64),
                ("fused_max_cols", ctypes.c_int64),
                ("supports_f16", ctypes.c_int), ("supports_bf16", ctypes.c_int)]


ALGO_NAMES = {0: "auto", 1: "fused", 2: "online", 3: "multiblock"}

_c_int, _vp, _sz = ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t
_ctx_p = ctypes.POINTER(ctypes.c_void_p)
_PROTOTYPES = {
    "smax_status_string": (ctypes.c_char_p, [_c_int]),
    "smax_backend_name": (ctypes.c_char_p, []),
    "smax_version_string": (ctypes.c_char_p, []),
    "smax_last_error": (ctypes.c_char_p, [_vp]),
    "smax_context_create": (_c_int, [_ctx_p]),
    "smax_context_destroy": (_c_int, [_vp]),
    "smax_synchronize": (_c_int, [_vp]),
    "smax_cuda_context_create": (_c_int, [_c_int, _vp, _ctx_p]),
    "smax_hip_context_create": (_c_int, [_c_int, _vp, _ctx_p]),
    "smax_cuda_buffer_wrap": (_c_int, [_vp, _vp, _sz, _ctx_p]),
    "smax_hip_buffer_wrap": (_c_int, [_vp, _vp, _sz, _ctx_p]),
    "smax_buffer_wrap_host": (_c_int, [_vp, _vp, _sz, _ctx_p]),
    "smax_buffer_free": (_c_int, [_vp]),
    "smax_problem_init": (None, [ctypes.POINTER(Problem), _sz,
                                 ctypes.c_int64, ctypes.c_int64]),
    "smax_plan": (_c_int, [_vp, ctypes.POINTER(Problem), ctypes.POINTER(PlanInfo)]),
    "smax_plan_backward": (_c_int, [_vp, ctypes.POINTER(Problem),
                                    ctypes.POINTER(PlanInfo)]),
    "smax_softmax": (_c_int, [_vp, ctypes.POINTER(Problem), _vp, _sz, _vp, _sz]),
    "smax_softmax_backward": (_c_int, [_vp, ctypes.POINTER(Problem), _vp, _sz,
                                       _vp, _sz, _vp, _sz]),
}


class SmaxError(RuntimeError):
    """A call into libsmax failed; .status is its smax_status."""

    def __init__(self, message, status=None):
        RuntimeError.__init__(self, message)
        self.status = status


class SmaxValueError(SmaxError, ValueError):
    """libsmax refused the arguments (invalid value or size)."""


class UnsupportedDevice(SmaxError, TypeError):
    """The tensor lives where the loaded libsmax cannot compute."""


def library_path():
    """The libsmax this package loads: $SMAX_LIBRARY, else its own copy."""
    env = os.environ.get("SMAX_LIBRARY")
    if env:
        return os.path.abspath(env)
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "libsmax.so")


_lib = None
_lib_lock = threading.Lock()


def lib():
    """The loaded library, with every prototype of _PROTOTYPES declared."""
    global _lib
    if _lib is None:
        with _lib_lock:
            if _lib is None:
                path = library_path()
                try:
                    handle = ctypes.CDLL(path)
                except OSError as e:
                    raise SmaxError("cannot load libsmax from %s: %s (set "
                                    "SMAX_LIBRARY to a built libsmax.so, or "
                                    "reinstall the package)" % (path, e))
                for name, (res, args) in _PROTOTYPES.items():
                    f = getattr(handle, name)
                    f.restype, f.argtypes = res, args
                _lib = handle
    return _lib


def status_string(status):
    return lib().smax_status_string(status).decode()


def last_error(ctx):
    text = lib().smax_last_error(ctx)
    return text.decode(errors="replace") if text else ""


def check(status, what, ctx=None):
    """Raises the error for a failed call, with libsmax's own detail."""
    if status == SUCCESS:
        return
    detail = last_error(ctx)
    message = "%s: %s%s" % (what, status_string(status),
                            ": " + detail if detail else "")
    cls = SmaxValueError if status in (ERROR_INVALID_VALUE,
                                       ERROR_INVALID_SIZE) else SmaxError
    raise cls(message, status)


def problem(rows, cols):
    """A problem as smax_problem_make gives it, for this struct's size."""
    p = Problem()
    lib().smax_problem_init(ctypes.byref(p), ctypes.sizeof(Problem), rows, cols)
    return p
