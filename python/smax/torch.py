"""smax for torch training: softmax and log_softmax as a
torch.autograd.Function whose forward and backward are libsmax calls on the
tensors' device and torch's current stream.

    import smax.torch
    y = smax.torch.softmax(logits, dim=-1)          # y.sum().backward() works

Importing this module imports torch; `import smax` alone never does.
"""
import torch

from . import _ops
from ._layout import normalize_dim, rows_of


def _rows_ready(t, dim):
    """t itself where smax takes its layout, else a copy with dim
    contiguous (torch.softmax accepts any layout, so this does too; an
    expanded gradient such as that of y.sum() has stride 0 and lands here)."""
    try:
        rows_of(t.shape, t.stride(), dim)
        return t
    except ValueError:
        return t.movedim(dim, -1).contiguous().movedim(-1, dim)


class _Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, dim, log, scale):
        dim = normalize_dim(dim, x.dim())
        y = _ops.softmax(_rows_ready(x.detach(), dim), dim, log=log, scale=scale)
        ctx.save_for_backward(y)
        ctx.dim, ctx.log, ctx.scale = dim, log, scale
        return y

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        dy = _rows_ready(dy.detach().to(y.dtype), ctx.dim)
        dx = _ops.softmax_backward(y.detach(), dy, ctx.dim, log=ctx.log,
                                   scale=ctx.scale)
        return dx, None, None, None


def softmax(x, dim=-1, log=False, scale=1.0):
    """softmax(scale * x) over dim (log-softmax with log=True), differentiable."""
    return _Softmax.apply(x, dim, log, scale)


def log_softmax(x, dim=-1, scale=1.0):
    return _Softmax.apply(x, dim, True, scale)
