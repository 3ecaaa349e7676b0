# toolchains.cmake - smax_toolchain_present(backend out_var): whether this
# machine can build a backend, asked without failing, for BACKEND=all (a
# single-backend build fails in the backend module instead, with the
# install hint). The checks are those of the backend modules.
function(smax_toolchain_present backend out_var)
  set(present FALSE)
  if(backend STREQUAL "cuda")
    include(CheckLanguage)
    check_language(CUDA)
    if(CMAKE_CUDA_COMPILER)
      set(present TRUE)
    endif()
  elseif(backend STREQUAL "hip")
    # HIP for AMD, or with -DSMAX_HIP_PLATFORM=nvidia HIP on NVIDIA, whose
    # CUDA 11.8 toolchain scripts/hip-nvidia-toolchain.sh installs (the
    # checks of cmake/hip_nvidia.cmake).
    if(SMAX_HIP_PLATFORM STREQUAL "nvidia")
      if(NOT SMAX_CUDA118_PREFIX)
        set(SMAX_CUDA118_PREFIX /opt/smax-cuda-11.8)
      endif()
      find_program(SMAX_HIP_CCBIN g++-11)
      if(EXISTS ${SMAX_CUDA118_PREFIX}/usr/lib/nvidia-cuda-toolkit/bin/nvcc AND
         EXISTS ${SMAX_CUDA118_PREFIX}/hip-include AND SMAX_HIP_CCBIN)
        set(present TRUE)
      endif()
    else()
      find_program(SMAX_HIPCC hipcc)
      find_path(SMAX_HIP_INCLUDE hip/hip_runtime_api.h)
      find_library(SMAX_AMDHIP64 amdhip64)
      if(SMAX_HIPCC AND SMAX_HIP_INCLUDE AND SMAX_AMDHIP64)
        set(present TRUE)
      endif()
    endif()
  elseif(backend STREQUAL "opencl")
    find_package(OpenCL QUIET)
    if(OpenCL_FOUND)
      set(present TRUE)
    endif()
  endif()
  set(${out_var} ${present} PARENT_SCOPE)
endfunction()
