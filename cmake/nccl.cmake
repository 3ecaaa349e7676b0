# nccl.cmake - libsmax_nccl (include/smax/smax_nccl.h): vocabulary-parallel
# softmax over NCCL (BACKEND=cuda) or RCCL (BACKEND=hip on AMD), a library
# of its own beside libsmax so that libsmax's ABI and dependencies stay the
# same in every build. SMAX_NCCL: AUTO (build it where the headers and the
# library are found), ON (required), OFF. NCCL_ROOT / RCCL_ROOT (or the
# environment's NCCL_HOME) point at other installs; the CUDA toolkit's own
# include/ and lib/ are searched first.
set(SMAX_NCCL AUTO CACHE STRING "Build libsmax_nccl: AUTO, ON or OFF")
set_property(CACHE SMAX_NCCL PROPERTY STRINGS AUTO ON OFF)
set(SMAX_NCCL_BUILT OFF)
# Any CMake false constant (OFF, 0, NO, FALSE) skips it, any true one
# (ON, 1, YES, TRUE) requires it.
set(_smax_nccl_mode AUTO)
if(NOT SMAX_NCCL STREQUAL "AUTO")
  if(SMAX_NCCL)
    set(_smax_nccl_mode ON)
  else()
    set(_smax_nccl_mode OFF)
  endif()
endif()
if(NOT _smax_nccl_mode STREQUAL "OFF")
  set(_smax_nccl_why "")
  if(SMAX_BACKEND STREQUAL "cuda")
    find_path(SMAX_NCCL_INCLUDE_DIR nccl.h
      HINTS ${NCCL_ROOT} $ENV{NCCL_HOME} ${CUDAToolkit_INCLUDE_DIRS}
            ${CUDAToolkit_LIBRARY_ROOT}
      PATH_SUFFIXES include)
    find_library(SMAX_NCCL_LIBRARY nccl
      HINTS ${NCCL_ROOT} $ENV{NCCL_HOME} ${CUDAToolkit_LIBRARY_DIR}
            ${CUDAToolkit_LIBRARY_ROOT}
      PATH_SUFFIXES lib lib64)
    set(_smax_nccl_defs "")
  elseif(SMAX_BACKEND STREQUAL "hip" AND SMAX_HIP_PLATFORM STREQUAL "amd")
    find_path(SMAX_NCCL_INCLUDE_DIR rccl/rccl.h
      HINTS ${RCCL_ROOT} /opt/rocm PATH_SUFFIXES include)
    find_library(SMAX_NCCL_LIBRARY rccl
      HINTS ${RCCL_ROOT} /opt/rocm PATH_SUFFIXES lib lib64)
    set(_smax_nccl_defs SMAX_NCCL_RCCL)
  else()
    set(_smax_nccl_why "BACKEND=${SMAX_BACKEND} has no NCCL/RCCL route (CUDA: NCCL; HIP on AMD: RCCL)")
  endif()
  if(NOT _smax_nccl_why AND SMAX_NCCL_INCLUDE_DIR AND SMAX_NCCL_LIBRARY)
    add_library(smax_nccl SHARED backends/cuda_hip/smax_nccl.c)
    add_library(smax::smax_nccl ALIAS smax_nccl)
    target_compile_definitions(smax_nccl PUBLIC ${_smax_nccl_defs})
    target_include_directories(smax_nccl PUBLIC ${SMAX_NCCL_INCLUDE_DIR})
    target_link_libraries(smax_nccl PUBLIC smax PRIVATE ${SMAX_NCCL_LIBRARY})
    set_target_properties(smax_nccl PROPERTIES VERSION ${PROJECT_VERSION}
                                               SOVERSION ${PROJECT_VERSION_MAJOR})
    install(TARGETS smax_nccl EXPORT smaxTargets
      LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
    install(FILES include/smax/smax_nccl.h
            DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/smax)
    set(SMAX_NCCL_BUILT ON)
    message(STATUS "smax: libsmax_nccl with ${SMAX_NCCL_LIBRARY}")
  else()
    if(NOT _smax_nccl_why)
      set(_smax_nccl_why "nccl.h/rccl.h or the library not found (NCCL_ROOT, RCCL_ROOT)")
    endif()
    if(_smax_nccl_mode STREQUAL "ON")
      message(FATAL_ERROR "SMAX_NCCL=ON: ${_smax_nccl_why}")
    endif()
    message(STATUS "smax: no libsmax_nccl: ${_smax_nccl_why}")
  endif()
endif()
