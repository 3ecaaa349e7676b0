# hip_nvidia.cmake - the HIP kernels and runtime for HIP's NVIDIA platform
# (-DBACKEND=hip -DSMAX_HIP_PLATFORM=nvidia): the same HIP sources, compiled
# by nvcc from Debian's CUDA 11.8 (scripts/hip-nvidia-toolchain.sh installs
# it in its own prefix; Debian's HIP 5.2 headers do not compile with CUDA 12
# or 13). See docs/hip-nvidia.md.
set(SMAX_CUDA118_PREFIX /opt/smax-cuda-11.8 CACHE PATH
    "Prefix made by scripts/hip-nvidia-toolchain.sh")
set(SMAX_HIP_NVIDIA_ARCHS "80;90" CACHE STRING
    "NVIDIA compute capabilities for HIP on NVIDIA (PTX of the last is added)")
set(nvcc ${SMAX_CUDA118_PREFIX}/usr/lib/nvidia-cuda-toolkit/bin/nvcc)
set(hip_include ${SMAX_CUDA118_PREFIX}/hip-include)
set(cuda_include ${SMAX_CUDA118_PREFIX}/usr/include)
set(cudart_static ${SMAX_CUDA118_PREFIX}/usr/lib/x86_64-linux-gnu/libcudart_static.a)
find_program(SMAX_HIP_CCBIN g++-11)
if(NOT EXISTS ${nvcc} OR NOT EXISTS ${hip_include} OR NOT EXISTS ${cudart_static}
   OR NOT SMAX_HIP_CCBIN)
  message(FATAL_ERROR
    "SMAX_HIP_PLATFORM=nvidia needs CUDA 11.8 in SMAX_CUDA118_PREFIX="
    "${SMAX_CUDA118_PREFIX} and g++-11: run scripts/hip-nvidia-toolchain.sh")
endif()

set(gencode "")
foreach(arch IN LISTS SMAX_HIP_NVIDIA_ARCHS)
  list(APPEND gencode -gencode arch=compute_${arch},code=sm_${arch})
endforeach()
list(GET SMAX_HIP_NVIDIA_ARCHS -1 last_arch)
list(APPEND gencode -gencode arch=compute_${last_arch},code=compute_${last_arch})

# nvcc 11.8 must make the PTX (HIP 5.2's headers), but its own ptxas
# schedules the device-memory exchange's SASS badly: on the H200 HIP ran 13
# points of copy behind the CUDA backend at rows of 8-16 chunks, and the
# same PTX assembled by CUDA 13's ptxas runs level with it
# (bench/results/h200-2026-12-04g). So where a newer CUDA's ptxas is found
# (the CUDA backend's toolkit), nvcc runs without its profile, whose PATH
# would put 11.8's ptxas first, and finds that ptxas and its fatbinary
# first in PATH; the SASS then needs the driver that toolkit needs (CUDA 13:
# R580), as the CUDA backend built with it does. The PTX stays 11.8's.
option(SMAX_HIP_NVIDIA_NEWER_PTXAS
       "HIP on NVIDIA: assemble nvcc 11.8's PTX with a newer CUDA's ptxas where found" ON)
find_program(SMAX_HIP_NVIDIA_PTXAS ptxas
             HINTS $ENV{CUDA_PATH}/bin /usr/local/cuda/bin NO_DEFAULT_PATH)
set(nvcc_command ${nvcc})
set(assembler "nvcc 11.8's ptxas")
if(SMAX_HIP_NVIDIA_NEWER_PTXAS AND SMAX_HIP_NVIDIA_PTXAS)
  get_filename_component(ptxas_dir ${SMAX_HIP_NVIDIA_PTXAS} DIRECTORY)
  execute_process(COMMAND ${SMAX_HIP_NVIDIA_PTXAS} --version
                  OUTPUT_VARIABLE ptxas_version ERROR_QUIET)
  string(REGEX MATCH "release ([0-9]+)\\.([0-9]+)" ptxas_release "${ptxas_version}")
  if(ptxas_release AND CMAKE_MATCH_1 GREATER_EQUAL 12 AND EXISTS ${ptxas_dir}/fatbinary)
    set(toolkit ${SMAX_CUDA118_PREFIX}/usr)
    set(nvcc_command ${CMAKE_COMMAND} -E env
        "PATH=${ptxas_dir}:${toolkit}/lib/nvidia-cuda-toolkit/bin:${toolkit}/bin:$ENV{PATH}"
        ${nvcc} -noprof --libdevice-directory=${toolkit}/lib/nvidia-cuda-toolkit/libdevice
        -I${cuda_include})  # what the profile's NVVMIR_LIBRARY_DIR and INCLUDES gave
    set(assembler "CUDA ${CMAKE_MATCH_1}.${CMAKE_MATCH_2}'s ptxas (${ptxas_dir})")
  endif()
endif()
message(STATUS "HIP on NVIDIA: PTX by nvcc 11.8, SASS by ${assembler}")

set(platform -D__HIP_PLATFORM_NVIDIA__ -D__HIP_PLATFORM_NVCC__)
function(smax_hip_compile src obj)
  get_filename_component(name ${src} NAME_WE)
  add_custom_command(
    OUTPUT ${obj}
    COMMAND ${nvcc_command} -ccbin ${SMAX_HIP_CCBIN} ${platform} -isystem ${hip_include}
            -x cu -O3 ${gencode} -Xcompiler=-fPIC,-fvisibility=hidden,-Wall,-Wextra
            -I${SMAX_KERNELS_DIR} -I${PROJECT_SOURCE_DIR}/backends/cuda_hip
            -c ${src} -o ${obj}
    DEPENDS ${src} ${SMAX_KERNEL_HEADERS}
            ${PROJECT_SOURCE_DIR}/backends/cuda_hip/kernel_pair.cuh
    COMMENT "Compiling the shared kernels (${name}) as HIP for NVIDIA (nvcc 11.8, ${assembler})"
    VERBATIM)
endfunction()

target_include_directories(${SMAX_LIB} SYSTEM PUBLIC ${hip_include} ${cuda_include})
target_compile_definitions(${SMAX_LIB} PUBLIC __HIP_PLATFORM_NVIDIA__ __HIP_PLATFORM_NVCC__)
# The static CUDA 11.8 runtime: nothing of the 11.8 prefix is needed where
# the library runs, only an NVIDIA driver of 11.8 or later.
find_package(Threads REQUIRED)
target_link_libraries(${SMAX_LIB} PRIVATE ${cudart_static} ${CMAKE_DL_LIBS} rt Threads::Threads)
