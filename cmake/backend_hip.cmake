# backend_hip.cmake - the HIP backend: the shared CUDA/HIP host glue (C)
# and the shared kernels compiled as HIP by hipcc for AMD targets, or, with
# -DSMAX_HIP_PLATFORM=nvidia, by nvcc for HIP's NVIDIA platform.
set(SMAX_HIP_PLATFORM amd CACHE STRING "HIP platform: amd or nvidia")
set_property(CACHE SMAX_HIP_PLATFORM PROPERTY STRINGS amd nvidia)
if(SMAX_HIP_PLATFORM STREQUAL "nvidia")
  include(${PROJECT_SOURCE_DIR}/cmake/hip_nvidia.cmake)
  return()
elseif(NOT SMAX_HIP_PLATFORM STREQUAL "amd")
  message(FATAL_ERROR "SMAX_HIP_PLATFORM='${SMAX_HIP_PLATFORM}' is not amd or nvidia")
endif()
#
# CMake 3.25's HIP language wants a ROCm layout that Debian's packages do
# not have, so the kernel object is built by hipcc directly.
set(SMAX_HIP_ARCHS "gfx90a;gfx1030;gfx1100" CACHE STRING
    "AMD targets to build the HIP kernels for")
find_program(SMAX_HIPCC hipcc)
find_path(SMAX_HIP_INCLUDE hip/hip_runtime_api.h)
find_library(SMAX_AMDHIP64 amdhip64)
if(NOT SMAX_HIPCC OR NOT SMAX_HIP_INCLUDE OR NOT SMAX_AMDHIP64)
  message(FATAL_ERROR
    "BACKEND=hip needs hipcc and the HIP runtime. On Debian: "
    "apt-get install -y hipcc libamdhip64-dev rocm-device-libs")
endif()

include(${PROJECT_SOURCE_DIR}/cmake/hip_device_libs.cmake)
smax_hip_device_lib_dir("${SMAX_HIP_ARCHS}" SMAX_HIP_DEVICE_LIBS)
set(arch_flags --rocm-device-lib-path=${SMAX_HIP_DEVICE_LIBS})
foreach(arch IN LISTS SMAX_HIP_ARCHS)
  list(APPEND arch_flags --offload-arch=${arch})
endforeach()
set(kernel_src ${PROJECT_SOURCE_DIR}/backends/cuda_hip/kernel_table.cu)
set(kernel_obj ${PROJECT_BINARY_DIR}/kernel_table.hip.o)
add_custom_command(
  OUTPUT ${kernel_obj}
  COMMAND ${SMAX_HIPCC} -x hip ${arch_flags} -O3 -fPIC -fvisibility=hidden
          -Wall -Wextra -I${SMAX_KERNELS_DIR} -c ${kernel_src} -o ${kernel_obj}
  DEPENDS ${kernel_src} ${SMAX_KERNELS_DIR}/smax_kernels.h
          ${SMAX_KERNELS_DIR}/smax_merge.h ${SMAX_KERNELS_DIR}/smax_dialect.h
  COMMENT "Compiling the shared kernels as HIP for ${SMAX_HIP_ARCHS}"
  VERBATIM)

target_sources(smax PRIVATE
  backends/cuda_hip/gpu_backend.c
  backends/cuda_hip/interop.c
  ${kernel_obj})
target_include_directories(smax PRIVATE backends/hip backends/cuda_hip)
target_compile_definitions(smax PUBLIC __HIP_PLATFORM_AMD__)
target_link_libraries(smax PUBLIC ${SMAX_AMDHIP64})
set(SMAX_INTEROP_HEADER include/smax/smax_hip.h)
