"""The float64 reference and THE tolerance rule of docs/numerics.md, in
numpy, for the Python tests (the C versions are tests/support/; these follow
them term by term, so that a Python result is judged exactly as the
conformance suite judges the same call).

Forward, f32 output, per element (eps = FLT_EPSILON, n = row length, L =
merge levels of the plan):
    trh = c_log * eps * (10 + 2*max(0, ceil(log2 n) - 10) + 2*L)
    softmax:  |ref| <= 1e-5: |got - ref| < eps, and when |ref| >= FLT_MIN
              also |got - ref|/|ref| <= trh + |ln ref|*eps; else
              |got - ref|/|ref| <= trh; every row sums to 1 within trh.
    log:      |got - ref| / max(|ref|, 1) <= trh (c_log = 5);
              sum(exp(got)) within trh of 1.
f16/bf16 outputs: at most 1 ulp of the output type from the float64
reference rounded once to it.
Backward: |got - ref| <= trh_bwd * mag + u, trh_bwd = eps*(12 +
max(0, ceil(log2 n) - 10) + 2L), mag the sum of the magnitudes of the terms
that form the element, u = FLT_MIN (+ the output type's spacing at |ref|
for 16-bit outputs).
The tests use rows that run with L = 0 on PoCL (its CPU devices run one
work-item per row, README "Performance") unless they say otherwise.
"""
import math

import numpy as np

EPS = float(np.finfo(np.float32).eps)
FLT_MIN = float(np.finfo(np.float32).tiny)


def scaled(x, scale):
    """The device's input to the softmax: the f32 product x * scale, rounded
    once (x converted exactly from its 16-bit or f32 type)."""
    return (np.asarray(x, dtype=np.float32) * np.float32(scale)).astype(np.float64)


def softmax_ref(x, scale=1.0, log=False, axis=-1):
    """float64, two passes (max, then sum of exp), finite inputs."""
    xs = scaled(x, scale)
    m = xs.max(axis=axis, keepdims=True)
    e = np.exp(xs - m)
    s = e.sum(axis=axis, keepdims=True)
    return (xs - m) - np.log(s) if log else e / s


def backward_ref(y, dy, scale=1.0, log=False, axis=-1):
    """(dx, mag) in float64 from y and dy as the device sees them."""
    y = np.asarray(y, dtype=np.float32).astype(np.float64)
    dy = np.asarray(dy, dtype=np.float32).astype(np.float64)
    if log:
        s = dy.sum(axis=axis, keepdims=True)
        sabs = np.abs(dy).sum(axis=axis, keepdims=True)
        dx = scale * (dy - np.exp(y) * s)
        mag = abs(scale) * (np.abs(dy) + np.exp(y) * sabs)
    else:
        s = (y * dy).sum(axis=axis, keepdims=True)
        sabs = np.abs(y * dy).sum(axis=axis, keepdims=True)
        dx = scale * y * (dy - s)
        mag = abs(scale) * np.abs(y) * (np.abs(dy) + sabs)
    return dx, mag


def trh(n, log=False, merge_levels=0):
    grow = max(0, math.ceil(math.log2(n)) - 10) if n > 1 else 0
    return (5 if log else 1) * EPS * (10 + 2 * grow + 2 * merge_levels)


def trh_backward(n, merge_levels=0):
    grow = max(0, math.ceil(math.log2(n)) - 10) if n > 1 else 0
    return EPS * (12 + grow + 2 * merge_levels)


def _ulps(got, ref, dtype):
    """Ulp distance between two arrays of a 16-bit type (sign-magnitude
    ordinals on the encodings, +0 == -0)."""
    def ordinal(a):
        bits = a.view(np.uint16).astype(np.int64)
        mag = bits & 0x7FFF
        return np.where(bits & 0x8000, -mag, mag)
    return np.abs(ordinal(got) - ordinal(ref))


def check_forward(got, x, scale=1.0, log=False, axis=-1, merge_levels=0, ref=None):
    """Asserts THE rule for a forward output (an f32 or f16 numpy array;
    bf16 outputs: check_forward_bf16)."""
    if ref is None:
        ref = softmax_ref(x, scale, log, axis)
    n = np.asarray(x).shape[axis]
    if got.dtype == np.float16:
        bad = _ulps(got, ref.astype(np.float16), np.float16) > 1
        assert not bad.any(), "f16 output more than 1 ulp off at %s" % (np.argwhere(bad)[:5],)
        return
    assert got.dtype == np.float32, got.dtype
    g = got.astype(np.float64)
    t = trh(n, log, merge_levels)
    if log:
        err = np.abs(g - ref) / np.maximum(np.abs(ref), 1.0)
        ok = err <= t
        sums = np.exp(g).sum(axis=axis)
    else:
        small = np.abs(ref) <= 1e-5
        rel = np.abs(g - ref) / np.where(ref == 0, 1.0, np.abs(ref))
        ok_small = (np.abs(g - ref) < EPS) & (
            (np.abs(ref) < FLT_MIN) |
            (rel <= t + np.abs(np.log(np.maximum(np.abs(ref), FLT_MIN))) * EPS))
        ok = np.where(small, ok_small, rel <= t)
        sums = g.sum(axis=axis)
    assert ok.all(), "outside THE rule (trh %.3g) at %s" % (t, np.argwhere(~ok)[:5])
    assert (np.abs(sums - 1.0) <= t).all(), "row sum off by %.3g (trh %.3g)" % (
        np.abs(sums - 1.0).max(), t)


def bf16_to_f32(bits):
    """bfloat16 encodings (uint16) as float32 values."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def f64_to_bf16_bits(values):
    """Rounds float64 values once to bfloat16 (nearest even), as encodings:
    exact through float32 only when that does not double-round, so round
    from the float64 mantissa directly."""
    v = np.asarray(values, dtype=np.float64)
    mant, exp = np.frexp(v)                    # v = mant * 2**exp, |mant| in [0.5, 1)
    q = np.round(np.ldexp(mant, 8))            # 8 significant bits, half to even
    f32 = np.ldexp(q, exp - 8).astype(np.float32)  # exact: 8 bits fit
    return (f32.view(np.uint32) >> 16).astype(np.uint16)


def check_forward_bf16(got_bits, x, scale=1.0, log=False, axis=-1, ref=None):
    if ref is None:
        ref = softmax_ref(x, scale, log, axis)
    bad = _ulps(np.asarray(got_bits, dtype=np.uint16), f64_to_bf16_bits(ref), None) > 1
    assert not bad.any(), "bf16 output more than 1 ulp off at %s" % (np.argwhere(bad)[:5],)


def spacing16(ref, fmt):
    """The spacing of a 16-bit format ("f16", "bf16") at |ref|: 2^(e - m)
    for |ref| in [2^e, 2^(e+1)), m stored mantissa bits, floored at the
    format's subnormal spacing."""
    mant, floor_exp = {"f16": (10, -14), "bf16": (7, -126)}[fmt]
    a = np.abs(np.asarray(ref, dtype=np.float64))
    e = np.floor(np.log2(np.where(a > 0, a, 1.0)))
    return np.exp2(np.maximum(e, floor_exp) - mant)


def check_backward(got, y, dy, scale=1.0, log=False, axis=-1, merge_levels=0,
                   fmt=None):
    """THE gradient rule; got as values (any float dtype), fmt the output
    format ("f32", "f16", "bf16"; default from got's dtype)."""
    fmt = fmt or {np.dtype(np.float16): "f16"}.get(np.asarray(got).dtype, "f32")
    ref, mag = backward_ref(y, dy, scale, log, axis)
    n = np.asarray(y).shape[axis]
    u = FLT_MIN + (spacing16(ref, fmt) if fmt != "f32" else 0.0)
    err = np.abs(np.asarray(got, dtype=np.float64) - ref)
    bound = trh_backward(n, merge_levels) * mag + u
    ok = err <= bound
    assert ok.all(), "gradient outside the rule at %s (worst err/bound %.3g)" % (
        np.argwhere(~ok)[:5], (err / bound).max())
