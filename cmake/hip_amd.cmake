# hip_amd.cmake - the HIP kernels for AMD targets, built by hipcc (included
# by backend_hip.cmake). CMake 3.25's HIP language wants a ROCm layout that
# Debian's packages do not have, so hipcc is run directly.
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
function(smax_hip_compile src obj)
  get_filename_component(name ${src} NAME_WE)
  add_custom_command(
    OUTPUT ${obj}
    COMMAND ${SMAX_HIPCC} -x hip ${arch_flags} -O3 -fPIC -fvisibility=hidden
            -Wall -Wextra -I${SMAX_KERNELS_DIR}
            -I${PROJECT_SOURCE_DIR}/backends/cuda_hip -c ${src} -o ${obj}
    DEPENDS ${src} ${SMAX_KERNEL_HEADERS}
            ${PROJECT_SOURCE_DIR}/backends/cuda_hip/kernel_pair.cuh
    COMMENT "Compiling the shared kernels (${name}) as HIP for ${SMAX_HIP_ARCHS}"
    VERBATIM)
endfunction()

target_compile_definitions(${SMAX_LIB} PUBLIC __HIP_PLATFORM_AMD__)
target_link_libraries(${SMAX_LIB} PUBLIC ${SMAX_AMDHIP64})
