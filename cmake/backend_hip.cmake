# backend_hip.cmake - the HIP backend: the shared CUDA/HIP host glue (C)
# and the shared kernels compiled as HIP by hipcc for AMD targets, or, with
# -DSMAX_HIP_PLATFORM=nvidia, by nvcc for HIP's NVIDIA platform.
set(SMAX_HIP_PLATFORM amd CACHE STRING "HIP platform: amd or nvidia")
set_property(CACHE SMAX_HIP_PLATFORM PROPERTY STRINGS amd nvidia)
if(NOT SMAX_HIP_PLATFORM MATCHES "^(amd|nvidia)$")
  message(FATAL_ERROR "SMAX_HIP_PLATFORM='${SMAX_HIP_PLATFORM}' is not amd or nvidia")
endif()
# Each platform file defines smax_hip_compile(src obj), which builds one
# kernel unit, and sets the platform's compile definitions and runtime; the
# glue is shared below.
include(${PROJECT_SOURCE_DIR}/cmake/hip_${SMAX_HIP_PLATFORM}.cmake)
include(${PROJECT_SOURCE_DIR}/cmake/kernel_pairs.cmake)
smax_kernel_pair_sources(hip)
set(kernel_objs "")
foreach(src IN LISTS SMAX_KERNEL_PAIR_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  set(obj ${PROJECT_BINARY_DIR}/${name}.${SMAX_HIP_PLATFORM}.o)
  smax_hip_compile(${src} ${obj})
  list(APPEND kernel_objs ${obj})
endforeach()

target_sources(${SMAX_LIB} PRIVATE
  backends/cuda_hip/gpu_backend.c
  backends/cuda_hip/interop.c
  backends/cuda_hip/kernel_table.c
  ${kernel_objs})
target_include_directories(${SMAX_LIB} PRIVATE backends/hip backends/cuda_hip)
set(SMAX_INTEROP_HEADER include/smax/smax_hip.h)
