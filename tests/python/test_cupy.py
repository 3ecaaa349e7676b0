"""smax on CuPy arrays with the CUDA build: f32/f16 forward and the gradient
against the float64 reference (smax_rules), out= into the caller's array,
and CuPy's current stream. Skips cleanly without CuPy or a CUDA device."""
import numpy as np
import pytest

cupy = pytest.importorskip("cupy")

import smax  # noqa: E402
from smax_rules import check_backward, check_forward  # noqa: E402


def _usable():
    if smax.backend() != "cuda":
        return False
    try:
        return cupy.cuda.runtime.getDeviceCount() > 0
    except cupy.cuda.runtime.CUDARuntimeError:
        return False


pytestmark = pytest.mark.skipif(not _usable(), reason="CUDA build with a CUDA device")
RNG = np.random.default_rng(3)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("shape", [(64, 1000), (4, 32000)])
@pytest.mark.parametrize("log", [False, True])
def test_forward(dtype, shape, log):
    xh = (RNG.standard_normal(shape) * 3).astype(dtype)
    x = cupy.asarray(xh)
    y = smax.softmax(x, log=log)
    assert isinstance(y, cupy.ndarray) and y.dtype == dtype
    levels = smax.plan(x, log=log)["merge_levels"]
    check_forward(cupy.asnumpy(y), xh, log=log, merge_levels=levels)


def test_out_and_stream():
    xh = (RNG.standard_normal((256, 4096)) * 3).astype(np.float32)
    x = cupy.asarray(xh)
    out = cupy.empty_like(x)
    stream = cupy.cuda.Stream(non_blocking=True)
    with stream:
        got = smax.softmax(x, out=out)
    stream.synchronize()
    assert got is out
    check_forward(cupy.asnumpy(out), xh, merge_levels=smax.plan(x)["merge_levels"])


def test_backward():
    y = smax.softmax(cupy.asarray((RNG.standard_normal((32, 3000)) * 3).astype(np.float32)))
    dy = cupy.asarray(RNG.standard_normal((32, 3000)).astype(np.float32))
    dx = smax.softmax_backward(y, dy)
    levels = smax.plan(y, backward=True)["merge_levels"]
    check_backward(cupy.asnumpy(dx), cupy.asnumpy(y), cupy.asnumpy(dy), merge_levels=levels)
