# library.cmake - smax_add_library(target backend): the full library of one
# backend, the neutral front end (common/) plus backends/<backend>. A
# single-backend build makes it once as `smax` (libsmax.so); BACKEND=all
# makes it once per backend as a plugin (libsmax-<backend>.so) behind the
# loader (cmake/loader.cmake), so every argument check stays in common/.
#
# A macro, not a function: the backend modules enable languages (allowed at
# file scope only) and set SMAX_INTEROP_HEADER for the install rules.
set(SMAX_FRONT_END_SOURCES
  ${PROJECT_SOURCE_DIR}/common/buffer.c
  ${PROJECT_SOURCE_DIR}/common/context.c
  ${PROJECT_SOURCE_DIR}/common/fault.c
  ${PROJECT_SOURCE_DIR}/common/interop_stubs.c
  ${PROJECT_SOURCE_DIR}/common/launch.c
  ${PROJECT_SOURCE_DIR}/common/plan.c
  ${PROJECT_SOURCE_DIR}/common/problem.c
  ${PROJECT_SOURCE_DIR}/common/problem_init.c
  ${PROJECT_SOURCE_DIR}/common/shard.c
  ${PROJECT_SOURCE_DIR}/common/softmax.c
  ${PROJECT_SOURCE_DIR}/common/staging.c
  ${PROJECT_SOURCE_DIR}/common/status.c)

macro(smax_add_library target backend)
  add_library(${target} SHARED ${SMAX_FRONT_END_SOURCES})
  # Test builds only: the Nth allocation, transfer, program build or launch
  # can be made to fail (common/fault.h; tests/fault/test_faults.c).
  if(SMAX_FAULT_INJECTION)
    target_compile_definitions(${target} PUBLIC SMAX_FAULT_INJECTION)
  endif()
  # DEFINE_SYMBOL: smax_export.h is generated for `smax` and keys on it.
  set_target_properties(${target} PROPERTIES DEFINE_SYMBOL smax_EXPORTS)
  # No SOVERSION in the Python package: a wheel cannot hold the links.
  if(NOT SMAX_PYTHON)
    set_target_properties(${target} PROPERTIES VERSION ${PROJECT_VERSION}
                                               SOVERSION ${PROJECT_VERSION_MAJOR})
  endif()
  string(TOUPPER ${backend} _smax_backend_upper)
  target_compile_definitions(${target} PRIVATE SMAX_BACKEND_NAME="${backend}"
                                               SMAX_BUILD_${_smax_backend_upper})
  target_include_directories(${target}
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
           $<BUILD_INTERFACE:${SMAX_GENERATED_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${PROJECT_SOURCE_DIR}/common ${SMAX_KERNELS_DIR})
  target_link_libraries(${target} PRIVATE m)
  # The backend module adds its sources, toolchain and interop header to
  # ${SMAX_LIB}.
  set(SMAX_LIB ${target})
  include(${PROJECT_SOURCE_DIR}/cmake/backend_${backend}.cmake)
  list(APPEND SMAX_INTEROP_HEADERS ${SMAX_INTEROP_HEADER})
endmacro()
