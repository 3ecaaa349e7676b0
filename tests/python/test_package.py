"""The package itself, with any backend: what it loads, that torch stays
unimported, and that a GPU build refuses host arrays by name."""
import subprocess
import sys

import numpy as np
import pytest

import smax


def test_library():
    assert smax.backend() in ("opencl", "cuda", "hip")
    assert smax.library_version().count(".") == 2
    assert smax.library_path().endswith(".so")


def test_import_does_not_import_torch():
    code = "import sys, smax; smax.softmax; assert 'torch' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.skipif(smax.backend() == "opencl", reason="the OpenCL build takes host arrays")
def test_gpu_build_refuses_host_arrays():
    with pytest.raises(smax.UnsupportedDevice, match="cpu:0"):
        smax.softmax(np.ones((2, 3), np.float32))
