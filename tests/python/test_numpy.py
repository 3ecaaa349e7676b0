"""smax on numpy arrays: the OpenCL build on the default OpenCL device
(PoCL's CPU device in CI), zero-copy through smax_buffer_wrap_host. Every
result is judged by THE rule against a float64 reference (smax_rules)."""
import threading

import numpy as np
import pytest

import smax
from smax_rules import check_backward, check_forward

pytestmark = pytest.mark.skipif(
    smax.backend() != "opencl",
    reason="numpy arrays are host memory: the OpenCL build computes on them")

RNG = np.random.default_rng(11)


def normal(shape, dtype=np.float32, sigma=3.0):
    return (RNG.standard_normal(shape) * sigma).astype(dtype)


@pytest.mark.parametrize("shape", [(1, 1), (3, 7), (64, 1000), (5, 1024), (2, 3, 129)])
@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("scale", [1.0, 0.5, 2.5])
def test_forward_f32(shape, log, scale):
    x = normal(shape)
    y = smax.softmax(x, log=log, scale=scale)
    assert y.shape == x.shape and y.dtype == np.float32
    check_forward(y, x, scale, log)


def test_long_rows_f32():
    # 3000 columns: trh grows with ceil(log2 n) and the plan's merge levels
    # (docs/numerics.md); PoCL runs them one work-item per row (0 levels).
    x = normal((17, 3000))
    levels = smax.plan(x)["merge_levels"]
    check_forward(smax.softmax(x), x, merge_levels=levels)
    check_forward(smax.log_softmax(x), x, log=True, merge_levels=levels)


@pytest.mark.parametrize("log", [False, True])
def test_forward_f16(log):
    x = normal((33, 500), np.float16)
    y = smax.softmax(x, log=log)
    assert y.dtype == np.float16
    check_forward(y, x, log=log)


def test_mixed_dtypes():
    x = normal((9, 300), np.float16)
    y = smax.softmax(x, out=np.empty(x.shape, np.float32))  # f16 in, f32 out
    check_forward(y, x)
    x = normal((9, 300))
    y = smax.softmax(x, out=np.empty(x.shape, np.float16))  # f32 in, f16 out
    check_forward(y, x)


def test_out_is_written_in_place_of_the_caller():
    """Zero copy: the result lands in the caller's own memory, rows inside a
    larger array, and nothing outside them changes."""
    x = normal((6, 100))
    big = np.full((6, 130), -7.0, np.float32)
    out = big[:, 10:110]
    got = smax.softmax(x, out=out)
    assert got is out and np.shares_memory(got, big)
    check_forward(big[:, 10:110], x)
    assert (big[:, :10] == -7.0).all() and (big[:, 110:] == -7.0).all()


def test_in_place():
    x = normal((8, 257))
    x0 = x.copy()
    assert smax.softmax(x, out=x, log=True) is x
    check_forward(x, x0, log=True)


def test_strided_rows_at_an_odd_offset():
    # Row stride 1037 > cols 1000, first element 12 bytes into a row: the
    # wrapped range starts below it on a 256-byte boundary.
    big = normal((7, 1037))
    x = big[:, 3:1003]
    check_forward(smax.softmax(x), x)


def test_non_last_dim_through_strides():
    x = normal((40, 300))
    xt = x.T                       # shape (300, 40), dim 0 has stride 1
    y = smax.softmax(xt, dim=0)
    check_forward(y.T.copy(), x)
    three = normal((4, 5, 60)).transpose(0, 2, 1)   # (4, 60, 5), dim 1 contiguous
    y = smax.softmax(three, dim=1)
    check_forward(np.moveaxis(y, 1, -1).copy(), np.moveaxis(three, 1, -1))


def test_size_one_dims_and_empty():
    x = normal((3, 1, 50))
    check_forward(smax.softmax(x)[:, 0], x[:, 0])
    assert smax.softmax(np.empty((0, 5), np.float32)).shape == (0, 5)
    assert smax.softmax(np.empty((3, 0), np.float32)).shape == (3, 0)


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_backward_f32(log, scale):
    y = smax.softmax(normal((31, 700)), log=log)
    dy = normal((31, 700), sigma=1.0)
    dx = smax.softmax_backward(y, dy, log=log, scale=scale)
    check_backward(dx, y, dy, scale, log)


def test_backward_f16_and_in_place():
    y = smax.softmax(normal((12, 400), np.float16))
    dy = normal((12, 400), np.float16, sigma=1.0)
    dx = smax.softmax_backward(y, dy)
    assert dx.dtype == np.float16
    check_backward(dx, y, dy)
    dy32 = normal((12, 400), sigma=1.0)
    y32 = smax.softmax(normal((12, 400)))
    dy0 = dy32.copy()
    assert smax.softmax_backward(y32, dy32, out=dy32) is dy32   # dx over dy
    check_backward(dy32, y32, dy0)


def test_backward_y_and_dy_one_array():
    y = smax.softmax(normal((5, 64)))
    check_backward(smax.softmax_backward(y, y), y, y)


def test_threads_share_the_context():
    """Calls from several threads at once serialise on the one host context
    (one thread at a time per context, smax.h) and are all right."""
    xs = [normal((50, 333)) for _ in range(8)]
    results = [None] * len(xs)

    def work(i):
        for _ in range(5):
            results[i] = smax.softmax(xs[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(xs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for x, y in zip(xs, results):
        check_forward(y, x)


# ---- errors -------------------------------------------------------------------

def test_dim_out_of_range():
    with pytest.raises(ValueError, match="out of range"):
        smax.softmax(normal((3, 4)), dim=2)
    with pytest.raises(ValueError, match="at least one dimension"):
        smax.softmax(np.array(1.0, np.float32))


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.uint16])
def test_unsupported_dtype(dtype):
    with pytest.raises(TypeError, match="float32, float16 and bfloat16"):
        smax.softmax(np.ones((2, 3), dtype))


def test_out_mismatch():
    x = normal((4, 10))
    with pytest.raises(ValueError, match="shape"):
        smax.softmax(x, out=np.empty((4, 11), np.float32))
    with pytest.raises(TypeError, match="float32"):
        smax.softmax(x, out=np.empty((4, 10), np.float64))
    with pytest.raises(TypeError, match="share a dtype"):
        smax.softmax_backward(x, x.astype(np.float16))


def test_layouts_smax_cannot_take():
    x = normal((4, 10, 6))
    with pytest.raises(ValueError, match="must be contiguous"):
        smax.softmax(x, dim=1)                  # stride 6
    with pytest.raises(ValueError, match="must be contiguous"):
        smax.softmax(normal((4, 20))[:, ::2])   # stride 2
    with pytest.raises(ValueError, match="collapse"):
        smax.softmax(normal((4, 6, 10))[:, :3, :])
    with pytest.raises(ValueError, match="below the row length"):
        smax.softmax(np.broadcast_to(normal((1, 10)), (4, 10)))
    with pytest.raises(ValueError, match="below the row length"):
        smax.softmax(normal((4, 10))[::-1])


def test_refusals_from_libsmax_are_value_errors():
    with pytest.raises(smax.SmaxValueError):
        smax.softmax(normal((3, 8)), scale=float("nan"))
    a = normal((3, 9))
    with pytest.raises(smax.SmaxValueError, match="overlap"):
        smax.softmax(a[:, :8], out=a[:, 1:])    # overlapping, not in place


def test_not_a_tensor():
    with pytest.raises(TypeError, match="DLPack"):
        smax.softmax([[1.0, 2.0]])


def test_plan():
    info = smax.plan(normal((3, 100)))
    assert info["algorithm"] in ("fused", "online", "multiblock") and info["reason"]
    assert smax.plan(normal((3, 100)), backward=True)["merge_levels"] >= 0


class LegacyProducer:
    """A DLPack producer of before DLPack 1.0 (no max_version or copy
    keywords, an unversioned "dltensor" capsule), as torch < 2.4 is."""

    def __init__(self, a):
        self.a = a

    def __dlpack__(self, stream=None):
        return self.a.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()


def test_legacy_dlpack_producer():
    x = normal((10, 200))
    out = np.empty_like(x)
    assert smax.softmax(LegacyProducer(x), out=LegacyProducer(out)).a is out
    check_forward(out, x)
    with pytest.raises(TypeError, match="pass out="):
        smax.softmax(LegacyProducer(x))   # no way to make an output like it


def test_read_only_output():
    x = normal((2, 5))
    ro = np.empty_like(x)
    ro.flags.writeable = False
    with pytest.raises((ValueError, BufferError)):
        smax.softmax(x, out=ro)
    x.flags.writeable = False              # a read-only input is fine
    check_forward(smax.softmax(x), x)
