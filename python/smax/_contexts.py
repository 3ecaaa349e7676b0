"""smax contexts per (device, stream), and tensor memory as smax buffers.

A context is made the first time a (device type, device id, stream) is seen
and kept for the life of the process: making one loads kernels and queries
the device, far too slow per call. Contexts are never destroyed here, since
a stream that a framework has since destroyed cannot be waited for (and
smax_context_destroy waits for its stream). One context is used by one
thread at a time (smax.h), so each has a lock that a call holds from
wrapping its operands to freeing their handles.

Devices:
  cpu (and CUDA/ROCm pinned host memory): smax_context_create(), the default
      device of an OpenCL build (SMAX_OPENCL_DEVICE picks another), and
      smax_buffer_wrap_host: zero-copy on a CPU device such as PoCL's;
  cuda, cuda_managed: smax_cuda_context_create(device, stream) and
      smax_cuda_buffer_wrap of the tensor's device pointer;
  rocm: smax_hip_context_create / smax_hip_buffer_wrap.
A build that cannot serve the device answers NOT_SUPPORTED, and the caller
gets UnsupportedDevice naming both.
"""
import ctypes
import threading

from . import _capi as C
from . import _dlpack as dl

# Wrapped ranges start on a 256-byte boundary at or below the first byte
# (the difference is the buffer offset): libsmax picks its vector widths from
# the offset, assuming an aligned base, and OpenCL's CPU devices use host
# memory in place only from CL_DEVICE_MEM_BASE_ADDR_ALIGN (128 bytes on
# PoCL). The bytes below the tensor lie in the same page (host) or the same
# allocation granule (device), and smax touches only the rows' elements.
ALIGN = 256

_HOST = (dl.kDLCPU, dl.kDLCUDAHost, dl.kDLROCMHost)
_KIND = {dl.kDLCPU: "host", dl.kDLCUDAHost: "host", dl.kDLROCMHost: "host",
         dl.kDLCUDA: "cuda", dl.kDLCUDAManaged: "cuda", dl.kDLROCM: "hip"}


class Context:
    def __init__(self, handle, kind, device):
        self.handle = handle
        self.kind = kind
        self.device = device
        self.lock = threading.Lock()

    def wrap(self, start, end):
        """An smax buffer over [start, end) of this device's memory."""
        lib, buf = C.lib(), ctypes.c_void_p()
        if self.kind == "host":
            st = lib.smax_buffer_wrap_host(self.handle, start, end - start, ctypes.byref(buf))
        elif self.kind == "cuda":
            st = lib.smax_cuda_buffer_wrap(self.handle, start, end - start, ctypes.byref(buf))
        else:
            st = lib.smax_hip_buffer_wrap(self.handle, start, end - start, ctypes.byref(buf))
        if st == C.ERROR_NOT_SUPPORTED:
            raise _unsupported(self.device, C.last_error(self.handle))
        C.check(st, "wrapping %s memory" % dl.device_name(*self.device), self.handle)
        return buf.value


def _unsupported(device, detail=""):
    return C.UnsupportedDevice(
        "this libsmax (the %s build, %s) cannot compute on %s tensors%s"
        % (C.lib().smax_backend_name().decode(), C.library_path(),
           dl.device_name(*device), ": " + detail if detail else ""),
        C.ERROR_NOT_SUPPORTED)


_contexts = {}
_contexts_lock = threading.Lock()


def get(device_type, device_id, stream):
    """The context for tensors on that device and stream (made once)."""
    key = (device_type, device_id, stream)
    ctx = _contexts.get(key)
    if ctx is not None:
        return ctx
    with _contexts_lock:
        ctx = _contexts.get(key)
        if ctx is None:
            ctx = _contexts[key] = _create(device_type, device_id, stream)
    return ctx


def _create(device_type, device_id, stream):
    device = (device_type, device_id)
    kind = _KIND.get(device_type)
    if kind is None:
        raise _unsupported(device, "smax takes host, CUDA and ROCm memory")
    lib, handle = C.lib(), ctypes.c_void_p()
    if kind == "host" and lib.smax_backend_name() in (b"cuda", b"hip"):
        # Said before a context is made: without a GPU that would fail first
        # (NO_DEVICE) and hide the real reason.
        raise _unsupported(device, "its kernels take device memory")
    if kind == "host":
        st = lib.smax_context_create(ctypes.byref(handle))
    elif kind == "cuda":
        st = lib.smax_cuda_context_create(device_id, stream or None, ctypes.byref(handle))
    else:
        st = lib.smax_hip_context_create(device_id, stream or None, ctypes.byref(handle))
    if st == C.ERROR_NOT_SUPPORTED:
        raise _unsupported(device, C.last_error(None))
    C.check(st, "creating an smax context for %s" % dl.device_name(*device))
    return Context(handle.value, kind, device)


def wrap_spans(ctx, spans):
    """Wraps the byte ranges [start, end) of a call's operands: ranges that
    overlap share one buffer (in place, or y and dy being one tensor), so
    that libsmax sees the aliasing and never two handles on one memory.
    Returns [(buffer, offset)] in the order of spans and the buffers made."""
    order = sorted(range(len(spans)), key=lambda i: spans[i][0])
    groups = []  # [start, end, [operand indices]]
    for i in order:
        start, end = spans[i]
        if groups and start < groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], end)
            groups[-1][2].append(i)
        else:
            groups.append([start, end, [i]])
    placed, made = [None] * len(spans), []
    try:
        for start, end, members in groups:
            base = start - start % ALIGN
            buf = ctx.wrap(base, end)
            made.append(buf)
            for i in members:
                placed[i] = (buf, spans[i][0] - base)
    except BaseException:
        free(made)
        raise
    return placed, made


def free(buffers):
    """Frees the handles (host buffers: waits for their work and leaves the
    results in host memory)."""
    lib = C.lib()
    for buf in buffers:
        lib.smax_buffer_free(buf)
