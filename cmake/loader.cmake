# loader.cmake - BACKEND=all: one plugin per backend whose toolchain is
# present (SMAX_ALL_BACKENDS narrows the list), each the full library of
# that backend as libsmax-<backend>.so (cmake/library.cmake), and libsmax.so
# as the loader (loader/) that exports the same C ABI and forwards it to the
# plugin chosen at run time. Sets SMAX_PLUGINS (the backends built) and
# SMAX_PLUGIN_TARGETS.
include(${PROJECT_SOURCE_DIR}/cmake/toolchains.cmake)
set(SMAX_ALL_BACKENDS "cuda;hip;opencl" CACHE STRING
    "BACKEND=all: the backends to build plugins for, where their toolchain is present")
if(SMAX_FAULT_INJECTION)
  message(FATAL_ERROR "SMAX_FAULT_INJECTION is for single-backend builds "
                      "(its tests reach into the library, past the loader)")
endif()

set(SMAX_PLUGINS "")
set(SMAX_PLUGIN_TARGETS "")
foreach(backend IN LISTS SMAX_ALL_BACKENDS)
  if(NOT backend IN_LIST SMAX_BACKENDS)
    message(FATAL_ERROR "SMAX_ALL_BACKENDS: '${backend}' is not one of: ${SMAX_BACKENDS}")
  endif()
  smax_toolchain_present(${backend} present)
  if(NOT present)
    message(STATUS "BACKEND=all: no ${backend} toolchain, no libsmax-${backend}.so")
    continue()
  endif()
  message(STATUS "BACKEND=all: building libsmax-${backend}.so")
  smax_add_library(smax_${backend} ${backend})
  # -Bsymbolic: the plugin's calls of its own exported functions stay
  # inside it, never bound to libsmax.so's functions of the same names
  # (which would come back through the loader, under its choosing lock).
  set_target_properties(smax_${backend} PROPERTIES OUTPUT_NAME smax-${backend})
  target_link_options(smax_${backend} PRIVATE -Wl,-Bsymbolic)
  list(APPEND SMAX_PLUGINS ${backend})
  list(APPEND SMAX_PLUGIN_TARGETS smax_${backend})
endforeach()
if(NOT SMAX_PLUGINS)
  message(FATAL_ERROR "BACKEND=all found no toolchain for any of: ${SMAX_ALL_BACKENDS}")
endif()

# The loader needs no vendor toolchain or runtime: status names and problem
# defaults come from common/ (they work before a plugin is chosen), the
# rest is loader/.
find_package(Threads REQUIRED)
add_library(smax SHARED
  loader/entry.c
  loader/forward.c
  loader/interop.c
  loader/plugin.c
  loader/select.c
  common/problem_init.c
  common/status.c)
set_target_properties(smax PROPERTIES VERSION ${PROJECT_VERSION}
                                      SOVERSION ${PROJECT_VERSION_MAJOR})
# Plugins are opened by their soname's file, as a vendor runtime is
# (libcuda.so.1): no development symlink needed where they are installed.
target_compile_definitions(smax PRIVATE
  SMAX_PLUGIN_SUFFIX="${CMAKE_SHARED_LIBRARY_SUFFIX}.${PROJECT_VERSION_MAJOR}")
target_include_directories(smax
  PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
         $<BUILD_INTERFACE:${SMAX_GENERATED_DIR}/include>
         $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  PRIVATE loader)
target_link_libraries(smax PRIVATE ${CMAKE_DL_LIBS} Threads::Threads)
# Whatever links smax (tests, the benchmark) runs with the plugins built.
add_dependencies(smax ${SMAX_PLUGIN_TARGETS})
