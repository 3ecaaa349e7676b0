"""smax: softmax and log-softmax (and their gradient) over the rows of any
DLPack tensor (numpy, torch, CuPy, JAX, ...), on the tensor's own device and
stream, without copying, through libsmax's C API (ctypes).

    import smax
    y = smax.softmax(x, dim=-1)                     # log=True, scale=, out=
    dx = smax.softmax_backward(y, dy, dim=-1)
    import smax.torch                               # an autograd Function
    y = smax.torch.softmax(x, dim=-1)               # trains

Which devices work depends on the libsmax the package was built with
(smax.backend()): the OpenCL build takes host (numpy, CPU torch) tensors,
the CUDA build CUDA tensors, the HIP build ROCm tensors; any other pairing
raises smax.UnsupportedDevice, naming both.
"""
from ._capi import SmaxError, SmaxValueError, UnsupportedDevice, library_path
from ._ops import log_softmax, plan, softmax, softmax_backward

__all__ = ["softmax", "log_softmax", "softmax_backward", "plan", "backend",
           "library_version", "library_path", "SmaxError", "SmaxValueError",
           "UnsupportedDevice"]


def backend():
    """The backend libsmax was built for: "cuda", "hip" or "opencl"."""
    from ._capi import lib
    return lib().smax_backend_name().decode()


def library_version():
    """The version of the loaded libsmax, e.g. "0.2.0"."""
    from ._capi import lib
    return lib().smax_version_string().decode()


def __getattr__(name):
    # `smax.torch` after a plain `import smax`; torch is imported only then.
    if name == "torch":
        import importlib
        return importlib.import_module(".torch", __name__)
    raise AttributeError("module 'smax' has no attribute %r" % name)
