"""Borrowing a tensor's memory through DLPack, without copying.

`borrow(obj, stream)` calls obj.__dlpack__ (asking for a versioned capsule
first, DLPack 1.x, and falling back to the legacy one), reads the
DLManagedTensor with ctypes, and renames the capsule to "used_dltensor" /
"used_dltensor_versioned" as the protocol requires of a consumer, so that
the capsule's destructor no longer frees it. The tensor stays alive (the
producer's manager_ctx holds it) until `release()` calls the deleter, which
the operations do once libsmax has taken the call (its work is enqueued on
the stream the producer was told about; the memory itself stays valid as
long as the caller's tensor does).
"""
import ctypes

kDLCPU, kDLCUDA, kDLCUDAHost, kDLOpenCL = 1, 2, 3, 4
kDLROCM, kDLROCMHost, kDLCUDAManaged = 10, 11, 13
DEVICE_NAMES = {1: "cpu", 2: "cuda", 3: "cuda_host", 4: "opencl", 7: "vulkan",
                8: "metal", 9: "vpi", 10: "rocm", 11: "rocm_host",
                13: "cuda_managed", 14: "oneapi"}

kDLFloat, kDLBfloat = 2, 4
READ_ONLY_FLAG = 1 << 0


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", DLPackVersion), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p), ("flags", ctypes.c_uint64),
                ("dl_tensor", DLTensor)]


# A private handle on the C API, so that the argtypes set here never meet
# another package's settings on ctypes.pythonapi's shared functions.
_py = ctypes.PyDLL(None)
_get_pointer = _py.PyCapsule_GetPointer
_get_pointer.restype, _get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
_is_valid = _py.PyCapsule_IsValid
_is_valid.restype, _is_valid.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_char_p]
_set_name = _py.PyCapsule_SetName
_set_name.restype, _set_name.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_char_p]
# PyCapsule_SetName keeps the pointer, not a copy: these module constants
# live as long as the interpreter.
_NAME, _USED = b"dltensor", b"used_dltensor"
_NAME_V, _USED_V = b"dltensor_versioned", b"used_dltensor_versioned"
# Deleters may touch Python objects (numpy's does): call them holding the GIL.
# A producer has one or two deleters, so their callables are kept.
_Deleter = ctypes.PYFUNCTYPE(None, ctypes.c_void_p)
_deleters = {}


def _deleter(address):
    f = _deleters.get(address)
    if f is None:
        f = _deleters[address] = _Deleter(address)
    return f


def device_of(obj):
    """(device_type, device_id) from obj.__dlpack_device__()."""
    try:
        dev = obj.__dlpack_device__
    except AttributeError:
        raise TypeError("smax takes DLPack tensors (numpy, torch, CuPy, JAX, "
                        "...); %s has no __dlpack_device__" % type(obj).__name__)
    device_type, device_id = dev()
    return int(device_type), int(device_id)


def device_name(device_type, device_id):
    return "%s:%d" % (DEVICE_NAMES.get(device_type, "device type %d" % device_type),
                      device_id)


class Borrowed:
    """One tensor's memory as DLPack describes it. Attributes: ptr (the
    first element's address: data + byte_offset), device_type, device_id,
    code, bits, lanes, shape and strides (elements; C order when the
    producer leaves them NULL), read_only."""

    def __init__(self, obj, stream):
        self._managed = 0
        self._deleter = None
        capsule = _export(obj, stream)
        if _is_valid(capsule, _NAME_V):
            addr = _get_pointer(capsule, _NAME_V)
            _set_name(capsule, _USED_V)
            m = DLManagedTensorVersioned.from_address(addr)
            if m.version.major != 1:
                self._own(addr, m.deleter)
                self.release()
                raise TypeError("DLPack %d.x tensors are not understood (smax "
                                "reads 1.x)" % m.version.major)
            self.read_only = bool(m.flags & READ_ONLY_FLAG)
        elif _is_valid(capsule, _NAME):
            addr = _get_pointer(capsule, _NAME)
            _set_name(capsule, _USED)
            m = DLManagedTensor.from_address(addr)
            self.read_only = False
        else:
            raise TypeError("%s.__dlpack__() did not return a DLPack capsule"
                            % type(obj).__name__)
        self._own(addr, m.deleter)
        t = m.dl_tensor
        self.ptr = (t.data or 0) + t.byte_offset
        self.device_type, self.device_id = t.device.device_type, t.device.device_id
        self.code, self.bits, self.lanes = t.dtype.code, t.dtype.bits, t.dtype.lanes
        self.shape = tuple(t.shape[i] for i in range(t.ndim))
        if t.strides:
            self.strides = tuple(t.strides[i] for i in range(t.ndim))
        else:  # legacy producers: NULL means compact, row-major
            strides, step = [], 1
            for n in reversed(self.shape):
                strides.append(step)
                step *= n
            self.strides = tuple(reversed(strides))

    def _own(self, addr, deleter):
        self._managed, self._deleter = addr, deleter

    def release(self):
        """Gives the tensor back to its producer (once)."""
        managed, deleter = self._managed, self._deleter
        self._managed, self._deleter = 0, None
        if managed and deleter:
            _deleter(deleter)(managed)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()


def _export(obj, stream):
    """obj.__dlpack__: DLPack 1.x without a copy where the producer knows
    those keywords, else the legacy call (numpy < 2.1, torch < 2.4, ...)."""
    try:
        return obj.__dlpack__(stream=stream, max_version=(1, 0), copy=False)
    except TypeError:
        return obj.__dlpack__(stream=stream)
