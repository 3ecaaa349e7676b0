"""peer_triton.py - the Triton softmax that bench/peer_bench.py measures.

One row per program, as in the Triton tutorial and PRODUCT.md section 6:
  * cols <= 16384: fused, the whole row in registers (BLOCK = next_pow2(cols)),
    one read and one write of each element;
  * longer rows: the online two-pass loop (running per-lane (max, sum) over
    BLOCK-wide chunks, then a second read to normalise), i.e. two reads and one
    write of each element.
Any float dtype in and out (computed in fp32, stored in the output's type),
and the gradient in the same style (softmax_backward). Imported only when the
peer benchmark runs on a GPU (it needs triton).
"""
import triton
import triton.language as tl

FUSED_MAX_COLS = 16384
ONLINE_BLOCK = 4096


@triton.jit
def softmax_fused_kernel(x_ptr, y_ptr, x_stride, y_stride, n_cols,
                         BLOCK: tl.constexpr, LOG: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * x_stride + offs, mask=mask,
                other=-float("inf")).to(tl.float32)
    m = tl.max(x, axis=0)
    e = tl.exp(x - m)
    s = tl.sum(e, axis=0)
    if LOG:
        y = (x - m) - tl.log(s)
    else:
        y = e / s
    tl.store(y_ptr + row * y_stride + offs, y.to(y_ptr.dtype.element_ty),
             mask=mask)


@triton.jit
def softmax_online_kernel(x_ptr, y_ptr, x_stride, y_stride, n_cols,
                          BLOCK: tl.constexpr, LOG: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * x_stride
    y_row = y_ptr + row * y_stride
    # Pass 1: per-lane running max and rescaled sum (Milakov-Gimelshein),
    # guarded so that an all -inf lane stays the identity instead of NaN.
    m = tl.full([BLOCK], -float("inf"), tl.float32)
    s = tl.zeros([BLOCK], tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_row + offs, mask=offs < n_cols,
                    other=-float("inf")).to(tl.float32)
        m_new = tl.maximum(m, x)
        base = tl.where(m_new == -float("inf"), 0.0, m_new)
        s = s * tl.exp(m - base) + tl.exp(x - base)
        m = m_new
    mx = tl.max(m, axis=0)
    base = tl.where(mx == -float("inf"), 0.0, mx)
    total = tl.sum(s * tl.exp(m - base), axis=0)
    # Pass 2: read again, normalise, write.
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n_cols
        x = tl.load(x_row + offs, mask=mask, other=0.0).to(tl.float32)
        if LOG:
            y = (x - mx) - tl.log(total)
        else:
            y = tl.exp(x - mx) / total
        tl.store(y_row + offs, y.to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def softmax_bwd_fused_kernel(y_ptr, dy_ptr, dx_ptr, stride, n_cols,
                             BLOCK: tl.constexpr, LOG: tl.constexpr):
    """dx = y (dy - sum(y dy)), or dy - exp(y) sum(dy): y and dy read once."""
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    y = tl.load(y_ptr + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(dy_ptr + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
    if LOG:
        dx = dy - tl.exp(y) * tl.sum(dy, axis=0)
    else:
        dx = y * (dy - tl.sum(y * dy, axis=0))
    tl.store(dx_ptr + row * stride + offs, dx.to(dx_ptr.dtype.element_ty),
             mask=mask)


@triton.jit
def softmax_bwd_online_kernel(y_ptr, dy_ptr, dx_ptr, stride, n_cols,
                              BLOCK: tl.constexpr, LOG: tl.constexpr):
    """The same for long rows: the sum, then y and dy read again."""
    row = tl.program_id(0).to(tl.int64)
    acc = tl.zeros([BLOCK], tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n_cols
        dy = tl.load(dy_ptr + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
        if LOG:
            acc += dy
        else:
            y = tl.load(y_ptr + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
            acc += y * dy
    s = tl.sum(acc, axis=0)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n_cols
        y = tl.load(y_ptr + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
        if LOG:
            dx = dy - tl.exp(y) * s
        else:
            dx = y * (dy - s)
        tl.store(dx_ptr + row * stride + offs, dx.to(dx_ptr.dtype.element_ty),
                 mask=mask)


def _warps(block):
    if block >= 8192:
        return 16
    if block >= 2048:
        return 8
    return 4


def softmax(x, y, log=False):
    """y = softmax(x) over the rows of 2-D CUDA tensors of any float dtype
    (row stride may exceed cols; unit column stride)."""
    rows, cols = x.shape
    if rows == 0 or cols == 0:
        return y
    if cols <= FUSED_MAX_COLS:
        block = triton.next_power_of_2(cols)
        softmax_fused_kernel[(rows,)](x, y, x.stride(0), y.stride(0), cols,
                                      BLOCK=block, LOG=log,
                                      num_warps=_warps(block))
    else:
        softmax_online_kernel[(rows,)](x, y, x.stride(0), y.stride(0), cols,
                                       BLOCK=ONLINE_BLOCK, LOG=log,
                                       num_warps=8)
    return y


def softmax_backward(y, dy, dx, log=False):
    """dx from y and dy, dense 2-D CUDA tensors of one float dtype."""
    rows, cols = y.shape
    if rows == 0 or cols == 0:
        return dx
    if cols <= FUSED_MAX_COLS:
        block = triton.next_power_of_2(cols)
        softmax_bwd_fused_kernel[(rows,)](y, dy, dx, y.stride(0), cols,
                                          BLOCK=block, LOG=log,
                                          num_warps=_warps(block))
    else:
        softmax_bwd_online_kernel[(rows,)](y, dy, dx, y.stride(0), cols,
                                           BLOCK=ONLINE_BLOCK, LOG=log,
                                           num_warps=8)
    return dx


def describe(cols):
    if cols <= FUSED_MAX_COLS:
        block = triton.next_power_of_2(cols)
        return "fused BLOCK=%d warps=%d" % (block, _warps(block))
    return "online 2-pass BLOCK=%d warps=8" % ONLINE_BLOCK
