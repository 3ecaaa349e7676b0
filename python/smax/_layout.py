"""Which tensors are smax problems: the rows rule.

libsmax computes over rows of `cols` contiguous elements whose starts are
one row stride apart (smax_problem: rows, cols, a row stride per operand).
A tensor and a `dim` fit when
  * the softmax dimension has stride 1 (or size 1): each row is contiguous;
  * the other dimensions (size-1 ones ignored), in their logical order,
    collapse into one index with one stride: stride[i] == stride[j] * shape[j]
    for consecutive ones i < j. That stride is the row stride, and it must
    be >= cols (no overlapping, broadcast or reversed rows).
So any `dim` works where it is the contiguous one (a transposed tensor with
dim=0, a slice of columns with padded rows, ...). Anything else is a
ValueError that says what to do: smax never copies behind the caller's back.
Rows are numbered in the logical order of the other dimensions, so two
operands of the same shape number the same rows alike, whatever their
strides.
"""
from collections import namedtuple

Rows = namedtuple("Rows", "rows cols row_stride extent")  # extent: elements spanned


def normalize_dim(dim, ndim):
    if ndim == 0:
        raise ValueError("softmax needs a tensor of at least one dimension")
    d = dim + ndim if dim < 0 else dim
    if not 0 <= d < ndim:
        raise ValueError("dim %d is out of range for a tensor of %d dimensions"
                         % (dim, ndim))
    return d


def rows_of(shape, strides, dim, name="x"):
    """Rows(rows, cols, row_stride, extent) of a tensor for a softmax over
    dim (already normalized), or ValueError."""
    cols = shape[dim]
    others = [(n, s) for i, (n, s) in enumerate(zip(shape, strides))
              if i != dim and n != 1]
    rows = 1
    for n, _ in others:
        rows *= n
    if rows == 0 or cols == 0:
        return Rows(rows, cols, cols, 0)
    if cols > 1 and strides[dim] != 1:
        raise ValueError(
            "%s: the softmax dimension (dim %d) must be contiguous (stride 1), "
            "its stride is %d; make it so first (torch: .contiguous() or "
            "x.movedim(dim, -1).contiguous(); numpy: np.ascontiguousarray)"
            % (name, dim, strides[dim]))
    for (_, s_outer), (n_inner, s_inner) in zip(others, others[1:]):
        if s_outer != s_inner * n_inner:
            raise ValueError(
                "%s: the dimensions other than dim %d do not collapse into rows "
                "of one stride (shape %s, strides %s); make the tensor "
                "contiguous first" % (name, dim, tuple(shape), tuple(strides)))
    row_stride = others[-1][1] if others else cols
    if row_stride < cols:
        raise ValueError(
            "%s: row stride %d is below the row length %d (overlapping, "
            "broadcast or reversed rows); make the tensor contiguous first"
            % (name, row_stride, cols))
    return Rows(rows, cols, row_stride, (rows - 1) * row_stride + cols)
