# check_needed.cmake - the BACKEND=all libsmax.so (the loader) needs only
# the C library's own parts: no OpenCL, CUDA or HIP runtime, so the dynamic
# linker never fails at an application's start for want of one.
# cmake -DREADELF=readelf -DLIB=libsmax.so -P check_needed.cmake
execute_process(COMMAND ${READELF} -d ${LIB}
                OUTPUT_VARIABLE out COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "Shared library: \\[[^]]+\\]" needed "${out}")
set(others "")
foreach(entry IN LISTS needed)
  string(REGEX REPLACE "Shared library: \\[([^]]+)\\]" "\\1" lib "${entry}")
  if(NOT lib MATCHES "^(libc|libdl|libpthread|libm|ld-linux[-a-z0-9_]*)\\.so")
    list(APPEND others ${lib})
  endif()
endforeach()
if(NOT needed)
  message(FATAL_ERROR "readelf -d ${LIB} listed no needed library at all")
endif()
if(others)
  message(FATAL_ERROR "the loader needs more than the C library: ${others}")
endif()
message(STATUS "the loader needs: ${needed}")
