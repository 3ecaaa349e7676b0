"""What smax needs from the framework a tensor comes from, and nothing else:
its current stream (GPU tensors) and a new output tensor of its kind.

Frameworks are recognised by the top module of the tensor's type, so none is
imported unless a tensor of it was passed in.
"""
import contextlib

from . import _dlpack as dl

GPU_DEVICES = (dl.kDLCUDA, dl.kDLCUDAManaged, dl.kDLROCM)


def _family(obj):
    return type(obj).__module__.partition(".")[0]


class _TorchView:
    """A torch GPU tensor described from its own attributes: the facts
    smax reads of a DLPack tensor (dl.Borrowed's attributes), without the
    capsule torch builds per export."""

    read_only = False
    lanes = 1

    def __init__(self, t, device_type, device_id, code, bits):
        self.ptr = t.data_ptr()
        self.device_type, self.device_id = device_type, device_id
        self.code, self.bits = code, bits
        self.shape = tuple(t.shape)
        self.strides = tuple(t.stride())

    def release(self):
        pass


_TORCH_DTYPES = None


def borrow_native(obj, device_type, device_id):
    """obj as _TorchView where it is a torch GPU tensor of a dtype smax
    computes that DLPack would export as it is, else None (DLPack then).
    torch's __dlpack__ took about 35 us of a 100-160 us Python call on the
    H100 (bench/results/h100-2026-11-23-all-python). Tensors that DLPack
    refuses (requiring grad, lazily negated or conjugated views) go to
    DLPack, which says why. The call runs on torch's current stream, so
    the ordering DLPack's stream argument would ask for holds already."""
    global _TORCH_DTYPES
    if device_type not in GPU_DEVICES or _family(obj) != "torch":
        return None
    import torch
    if _TORCH_DTYPES is None:
        _TORCH_DTYPES = {torch.float32: (dl.kDLFloat, 32), torch.float16: (dl.kDLFloat, 16),
                         torch.bfloat16: (dl.kDLBfloat, 16)}
    dtype = _TORCH_DTYPES.get(obj.dtype)
    if (dtype is None or not isinstance(obj, torch.Tensor) or obj.requires_grad
            or obj.is_neg() or obj.is_conj()):
        return None
    return _TorchView(obj, device_type, device_id, *dtype)


def current_stream(obj, device_type, device_id):
    """The stream smax enqueues a GPU tensor's work on, as a handle (0: the
    legacy default stream): torch's and CuPy's current stream of that device,
    so that smax runs in order with the caller's own work as torch.softmax
    would; other producers are told the legacy default stream through
    DLPack and order their work before it. None for host memory."""
    if device_type not in GPU_DEVICES:
        return None
    family = _family(obj)
    if family == "torch":
        import torch
        raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
        if raw is not None:  # current_stream(d).cuda_stream without the Stream object
            return raw(device_id)
        return torch.cuda.current_stream(device_id).cuda_stream
    if family == "cupy":
        import cupy
        with cupy.cuda.Device(device_id):
            return cupy.cuda.get_current_stream().ptr
    return 0


def device_guard(obj, device_type, device_id):
    """Makes the tensor's GPU the current one during a call, and restores
    the caller's after: libsmax's CUDA/HIP launches go to the calling
    thread's current device (and a scratch allocation sets it)."""
    if device_type in GPU_DEVICES:
        family = _family(obj)
        if family == "torch":
            import torch
            if torch.cuda.current_device() == device_id:
                return contextlib.nullcontext()
            return torch.cuda.device(device_id)
        if family == "cupy":
            import cupy
            return cupy.cuda.Device(device_id)
    return contextlib.nullcontext()


def dlpack_stream(device_type, handle):
    """The stream= argument of __dlpack__ for that handle (DLPack: on CUDA, 1
    is the legacy default stream and 0 is not allowed; on ROCm 0 is the
    default stream)."""
    if handle is None:
        return None
    if device_type == dl.kDLROCM:
        return handle
    return handle if handle else 1


def empty_like_rows(obj, shape, dim):
    """A new tensor of obj's kind, dtype and device with this shape, whose
    dimension dim is the contiguous one (allocated with it last, then moved
    back), so that it always passes the rows rule."""
    last = tuple(shape[:dim]) + tuple(shape[dim + 1:]) + (shape[dim],)
    family = _family(obj)
    if family == "numpy":
        import numpy as np
        return np.moveaxis(np.empty(last, dtype=obj.dtype), -1, dim)
    if family == "torch":
        import torch
        return torch.empty(last, dtype=obj.dtype, device=obj.device).movedim(-1, dim)
    if family == "cupy":
        import cupy
        with cupy.cuda.Device(obj.device.id):
            return cupy.moveaxis(cupy.empty(last, dtype=obj.dtype), -1, dim)
    namespace = getattr(obj, "__array_namespace__", None)
    if namespace is not None:  # the array API standard (2023.12 has moveaxis)
        xp = namespace()
        return xp.moveaxis(xp.empty(last, dtype=obj.dtype, device=obj.device), -1, dim)
    raise TypeError("smax cannot make an output like a %s; pass out="
                    % type(obj).__name__)
