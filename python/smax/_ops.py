"""smax.softmax and smax.softmax_backward on DLPack tensors.

Each call: finds the tensors' device and the stream to run on, borrows
every operand through DLPack (no copy), checks dtypes, shapes and the rows
rule (_layout), wraps the memory as smax buffers on the cached context of
that (device, stream), enqueues the libsmax call there, and gives the
tensors back. On a GPU the call is asynchronous on the caller's current
stream, as torch.softmax is; on the host it returns when the result is in
the output's memory.
"""
import ctypes

from . import _capi as C
from . import _contexts
from . import _dlpack as dl
from . import _frameworks as fw
from ._layout import normalize_dim, rows_of

_DTYPES = {(dl.kDLFloat, 32): C.DTYPE_F32, (dl.kDLFloat, 16): C.DTYPE_F16,
           (dl.kDLBfloat, 16): C.DTYPE_BF16}


class _Operand:
    """A borrowed tensor with its smax dtype and rows."""

    def __init__(self, borrowed, name, dim):
        self.b, self.name = borrowed, name
        key = (borrowed.code, borrowed.bits)
        if borrowed.lanes != 1 or key not in _DTYPES:
            raise TypeError("%s: smax computes float32, float16 and bfloat16 "
                            "tensors; this one is DLPack dtype code %d, %d bits, "
                            "%d lanes" % (name, borrowed.code, borrowed.bits,
                                          borrowed.lanes))
        self.dtype = _DTYPES[key]
        self.rows = rows_of(borrowed.shape, borrowed.strides, dim, name)

    @property
    def span(self):
        size = C.ELEMENT_BYTES[self.dtype]
        return self.b.ptr, self.b.ptr + self.rows.extent * size


class _Call:
    """The operands of one call, borrowed on one device and stream, given
    back at the end of the `with` block whatever happens."""

    def __init__(self, first, dim):
        self.first = first
        self.device = dl.device_of(first)
        self.stream = fw.current_stream(first, *self.device)
        self._dlstream = fw.dlpack_stream(self.device[0], self.stream)
        self.borrowed = []
        self.dim_arg = dim

    def borrow(self, obj, name, writable=False):
        device = dl.device_of(obj)
        if device != self.device:
            raise ValueError("%s is on %s, the other tensors on %s"
                             % (name, dl.device_name(*device),
                                dl.device_name(*self.device)))
        b = fw.borrow_native(obj, *device) or dl.Borrowed(obj, self._dlstream)
        self.borrowed.append(b)
        if writable and b.read_only:
            raise ValueError("%s is read-only" % name)
        if not hasattr(self, "dim"):
            self.shape = b.shape
            self.dim = normalize_dim(self.dim_arg, len(b.shape))
        elif b.shape != self.shape:
            raise ValueError("%s has shape %s, expected %s"
                             % (name, b.shape, self.shape))
        return _Operand(b, name, self.dim)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for b in self.borrowed:
            b.release()


def _flags(log):
    return C.FLAG_LOG if log else 0


def _run(call, operands, launch):
    """Wraps the operands on the call's context and runs launch(ctx,
    placed), where placed[i] = (buffer, offset) of operands[i]."""
    with fw.device_guard(call.first, *call.device):
        ctx = _contexts.get(call.device[0], call.device[1], call.stream)
        with ctx.lock:
            placed, made = _contexts.wrap_spans(ctx, [op.span for op in operands])
            try:
                launch(ctx, placed)
            finally:
                _contexts.free(made)


def softmax(x, dim=-1, *, log=False, scale=1.0, out=None):
    """softmax(scale * x) over dimension dim (log-softmax with log=True),
    into out (a new tensor like x when None; it may be x itself: in place).
    x and out: float32, float16 or bfloat16 DLPack tensors of one shape on
    one device, any pair of dtypes. Returns out."""
    with _Call(x, dim) as call:
        xo = call.borrow(x, "x")
        if out is None:
            out = fw.empty_like_rows(x, xo.b.shape, call.dim)
        yo = call.borrow(out, "out", writable=True)
        if xo.rows.rows == 0 or xo.rows.cols == 0:
            return out
        p = C.problem(xo.rows.rows, xo.rows.cols)
        p.x_row_stride, p.y_row_stride = xo.rows.row_stride, yo.rows.row_stride
        p.x_dtype, p.y_dtype = xo.dtype, yo.dtype
        p.flags, p.scale = _flags(log), scale

        def launch(ctx, placed):
            (bx, ox), (by, oy) = placed
            C.check(C.lib().smax_softmax(ctx.handle, ctypes.byref(p), bx, ox, by, oy),
                    "smax_softmax", ctx.handle)

        _run(call, [xo, yo], launch)
    return out


def log_softmax(x, dim=-1, *, scale=1.0, out=None):
    """softmax(x, dim, log=True, scale=scale, out=out)."""
    return softmax(x, dim, log=True, scale=scale, out=out)


def softmax_backward(y, dy, dim=-1, *, log=False, scale=1.0, out=None):
    """The gradient of softmax(x, dim, log=log, scale=scale) with respect to
    x, from its output y and the gradient dy with respect to y:
    dx = scale * y * (dy - sum(y * dy)), or scale * (dy - exp(y) * sum(dy))
    for log-softmax, per row. y and dy share one dtype; out (dx, a new
    tensor like y when None) may be of another, and may be dy or y itself.
    Returns out."""
    with _Call(y, dim) as call:
        yo = call.borrow(y, "y")
        dyo = call.borrow(dy, "dy")
        if dyo.dtype != yo.dtype:
            raise TypeError("y is %s and dy %s: they must share a dtype"
                            % (C.DTYPE_NAMES[yo.dtype], C.DTYPE_NAMES[dyo.dtype]))
        if out is None:
            out = fw.empty_like_rows(y, yo.b.shape, call.dim)
        dxo = call.borrow(out, "out", writable=True)
        if yo.rows.rows == 0 or yo.rows.cols == 0:
            return out
        p = C.problem(yo.rows.rows, yo.rows.cols)
        p.y_row_stride, p.dy_row_stride = yo.rows.row_stride, dyo.rows.row_stride
        p.x_row_stride = dxo.rows.row_stride
        p.y_dtype, p.x_dtype = yo.dtype, dxo.dtype
        p.flags, p.scale = _flags(log), scale

        def launch(ctx, placed):
            (by, oy), (bdy, ody), (bdx, odx) = placed
            C.check(C.lib().smax_softmax_backward(ctx.handle, ctypes.byref(p),
                                                  by, oy, bdy, ody, bdx, odx),
                    "smax_softmax_backward", ctx.handle)

        _run(call, [yo, dyo, dxo], launch)
    return out


def plan(x, dim=-1, *, log=False, backward=False):
    """What libsmax would run for softmax(x, dim) (or its gradient, with y
    and dy shaped and typed like x) on x's device, without running it:
    a dict of algorithm, merge_levels, group_size, chunks_per_row,
    scratch_bytes and reason (smax_plan / smax_plan_backward)."""
    with _Call(x, dim) as call:
        xo = call.borrow(x, "x")
        p = C.problem(max(xo.rows.rows, 1), max(xo.rows.cols, 1))
        p.x_row_stride = p.y_row_stride = p.dy_row_stride = xo.rows.row_stride or 1
        p.x_dtype = p.y_dtype = xo.dtype
        p.flags = _flags(log)
        info = C.PlanInfo()
        fn = C.lib().smax_plan_backward if backward else C.lib().smax_plan
        with fw.device_guard(x, *call.device):
            ctx = _contexts.get(call.device[0], call.device[1], call.stream)
            with ctx.lock:
                C.check(fn(ctx.handle, ctypes.byref(p), ctypes.byref(info)),
                        "smax_plan", ctx.handle)
    return {"algorithm": C.ALGO_NAMES.get(info.algorithm, str(info.algorithm)),
            "merge_levels": info.merge_levels, "group_size": info.group_size,
            "chunks_per_row": info.chunks_per_row,
            "scratch_bytes": info.scratch_bytes,
            "reason": info.reason.decode(errors="replace")}
