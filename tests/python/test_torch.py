"""smax on torch tensors: CUDA tensors with the CUDA build (the H100 run,
bench/h100/python.sh), CPU tensors with the OpenCL build where torch is
installed. References are torch.softmax / torch.log_softmax in float64 of
the device's f32 input (x * scale rounded once to f32), judged by THE rule
(smax_rules); gradients against the float64 formula from the same y and dy.
Skips cleanly without torch or without a device this libsmax serves."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

import smax  # noqa: E402
import smax.torch as storch  # noqa: E402
from smax_rules import check_backward, check_forward, check_forward_bf16  # noqa: E402


def _devices():
    if smax.backend() == "opencl":
        return ["cpu"]
    if smax.backend() in ("cuda", "hip") and torch.cuda.is_available():
        return ["cuda"]
    return []


DEVICES = _devices()
pytestmark = pytest.mark.skipif(not DEVICES, reason="no torch device this libsmax serves")
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}


def normal(shape, dtype, device, sigma=3.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(shape, generator=g, dtype=torch.float64) * sigma).to(dtype).to(device)


def ref_of(x, dim, scale, log):
    """torch.softmax in float64 of the f32 product x * scale."""
    xs = (x.float() * scale).double()
    return (torch.log_softmax if log else torch.softmax)(xs, dim)


def host(t):
    """A numpy copy; bf16 as its uint16 encodings."""
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(np.uint16)
    return t.numpy()


def check(y, x, dim=-1, scale=1.0, log=False):
    levels = smax.plan(x, dim, log=log)["merge_levels"]
    ref = ref_of(x, dim, scale, log).movedim(dim, -1).cpu().numpy()
    got = host(y.movedim(dim, -1).contiguous())
    xin = x.float().movedim(dim, -1).cpu().numpy()
    if y.dtype == torch.bfloat16:
        check_forward_bf16(got, xin, scale, log, ref=ref)
    else:
        check_forward(got, xin, scale, log, merge_levels=levels, ref=ref)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("shape", [(64, 1000), (8, 4096), (3, 32000), (2, 5, 129)])
@pytest.mark.parametrize("log", [False, True])
def test_forward(device, dtype, shape, log):
    x = normal(shape, DTYPES[dtype], device)
    y = smax.softmax(x, log=log)
    assert y.dtype == x.dtype and y.device == x.device and y.shape == x.shape
    check(y, x, log=log)


@pytest.mark.parametrize("device", DEVICES)
def test_scale_out_and_in_place(device):
    x = normal((16, 777), torch.float32, device)
    big = torch.full((16, 800), -7.0, device=device)
    out = big[:, 5:782]
    assert smax.softmax(x, scale=0.5, out=out) is out
    assert out.data_ptr() == big.data_ptr() + 5 * 4       # the caller's memory
    check(big[:, 5:782], x, scale=0.5)
    assert (big[:, :5] == -7).all() and (big[:, 782:] == -7).all()
    x0 = x.clone()
    smax.softmax(x, out=x, log=True)
    check(x, x0, log=True)


@pytest.mark.parametrize("device", DEVICES)
def test_transposed_dim(device):
    x = normal((300, 40), torch.float32, device).t()       # dim 0 contiguous
    check(smax.softmax(x, dim=0), x, dim=0)
    with pytest.raises(ValueError, match="contiguous"):
        smax.softmax(x, dim=1)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("log", [False, True])
def test_backward(device, dtype, log):
    x = normal((32, 3000), DTYPES[dtype], device)
    y = smax.softmax(x, log=log)
    dy = normal((32, 3000), DTYPES[dtype], device, sigma=1.0, seed=1)
    dx = smax.softmax_backward(y, dy, log=log, scale=2.0)
    levels = smax.plan(x, log=log, backward=True)["merge_levels"]
    as_f32 = lambda t: t.float().cpu().numpy()          # exact for 16-bit
    check_backward(as_f32(dx), as_f32(y), as_f32(dy), 2.0, log,
                   merge_levels=levels, fmt=dtype)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("log", [False, True])
def test_autograd_gradient(device, log):
    """smax.torch's backward is the gradient of its forward: x.grad from
    sum(w * softmax(x)) against the float64 formula from its own y."""
    x = normal((20, 500), torch.float32, device).requires_grad_()
    w = normal((20, 500), torch.float32, device, sigma=1.0, seed=2)
    y = storch.softmax(x, -1, log=log)
    (w * y).sum().backward()
    check_backward(host(x.grad), host(y), host(w), 1.0, log)
    # an expanded gradient (stride 0) goes through a contiguous copy
    x.grad = None
    storch.softmax(x, -1, log=log).sum().backward()
    check_backward(host(x.grad), host(y), np.ones((20, 500), np.float32), 1.0, log)


@pytest.mark.parametrize("device", DEVICES)
def test_trains_like_torch(device):
    """Twenty SGD steps of a linear classifier with smax.torch.log_softmax
    and with torch.log_softmax from the same start: the loss falls and the
    two runs agree to 1e-4 relative (roundings of f32 within THE rule,
    compounded over 20 steps)."""
    g = torch.Generator().manual_seed(5)
    data = torch.randn(256, 64, generator=g).to(device)
    labels = torch.randint(0, 10, (256,), generator=g).to(device)
    w0 = (torch.randn(64, 10, generator=g) * 0.1).to(device)
    losses = {}
    for name, fn in (("smax", storch.log_softmax), ("torch", torch.log_softmax)):
        w = w0.clone().requires_grad_()
        opt = torch.optim.SGD([w], lr=0.5)
        for _ in range(20):
            opt.zero_grad()
            loss = torch.nn.functional.nll_loss(fn(data @ w, -1), labels)
            loss.backward()
            opt.step()
        losses[name] = (loss.item(), w.detach())
    first = torch.nn.functional.nll_loss(torch.log_softmax(data @ w0, -1), labels).item()
    assert losses["smax"][0] < first
    assert abs(losses["smax"][0] - losses["torch"][0]) <= 1e-4 * abs(losses["torch"][0])
    torch.testing.assert_close(losses["smax"][1], losses["torch"][1], rtol=1e-4, atol=1e-6)


@pytest.mark.skipif("cuda" not in DEVICES, reason="CUDA build with a CUDA device")
def test_runs_on_the_current_stream():
    s = torch.cuda.Stream()
    x = normal((512, 2048), torch.float32, "cuda")
    s.wait_stream(torch.cuda.current_stream())   # x was made on the default stream
    with torch.cuda.stream(s):
        y = smax.softmax(x)
        y2 = smax.softmax(x, log=True)
    s.synchronize()
    check(y, x)
    check(y2, x, log=True)


@pytest.mark.skipif("cuda" not in DEVICES, reason="CUDA build with a CUDA device")
def test_cpu_tensor_on_a_cuda_build():
    with pytest.raises(smax.UnsupportedDevice, match="cpu:0"):
        smax.softmax(torch.ones(2, 3))
