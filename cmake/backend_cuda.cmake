# backend_cuda.cmake - the CUDA backend: the shared CUDA/HIP host glue (C)
# and the shared kernels compiled as CUDA.
include(CheckLanguage)
check_language(CUDA)
if(NOT CMAKE_CUDA_COMPILER)
  message(FATAL_ERROR
    "BACKEND=cuda needs the CUDA toolkit (nvcc). Install it, put nvcc on "
    "PATH or set CMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc.")
endif()
# sm_90 (H100) and older cards as machine code, plus PTX for newer ones.
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES 75-real 80-real 90-real 90-virtual)
endif()
enable_language(CUDA)
find_package(CUDAToolkit REQUIRED)
# The library exists before CUDA was enabled, so it did not inherit this.
set_target_properties(${SMAX_LIB} PROPERTIES CUDA_ARCHITECTURES "${CMAKE_CUDA_ARCHITECTURES}")

include(${PROJECT_SOURCE_DIR}/cmake/kernel_pairs.cmake)
smax_kernel_pair_sources(cu)
target_sources(${SMAX_LIB} PRIVATE
  backends/cuda_hip/gpu_backend.c
  backends/cuda_hip/interop.c
  backends/cuda_hip/kernel_table.c
  ${SMAX_KERNEL_PAIR_SOURCES})
set_source_files_properties(${SMAX_KERNEL_PAIR_SOURCES} PROPERTIES
  OBJECT_DEPENDS "${SMAX_KERNEL_HEADERS};${PROJECT_SOURCE_DIR}/backends/cuda_hip/kernel_pair.cuh")
target_include_directories(${SMAX_LIB} PRIVATE backends/cuda backends/cuda_hip)
# Precise math: nvcc's defaults (-prec-div, -prec-sqrt, no -ftz); never
# --use_fast_math in this build.
target_compile_options(${SMAX_LIB} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra>)
# The static runtime: libsmax then loads on any machine with a recent enough
# driver, whatever libcudart the application has (or lacks). Streams and
# device pointers from the application's runtime are driver objects and
# work across runtime copies.
target_link_libraries(${SMAX_LIB} PRIVATE CUDA::cudart_static)
target_include_directories(${SMAX_LIB} PUBLIC ${CUDAToolkit_INCLUDE_DIRS})
set_target_properties(${SMAX_LIB} PROPERTIES CUDA_VISIBILITY_PRESET hidden)
set(SMAX_INTEROP_HEADER include/smax/smax_cuda.h)
