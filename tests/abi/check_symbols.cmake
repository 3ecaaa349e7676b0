# check_symbols.cmake - the library exports exactly the C symbols listed in
# exported_symbols.txt, whatever its backend: so an application built
# against smax.h links unchanged against the CUDA, HIP or OpenCL build.
# cmake -DNM=nm -DLIB=libsmax.so -DEXPECTED=exported_symbols.txt -P ...
execute_process(COMMAND ${NM} -D --defined-only ${LIB}
                OUTPUT_VARIABLE out COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "[^\n]+" lines "${out}")
set(got "")
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-fA-F]+ [TDBR] ([A-Za-z_][A-Za-z0-9_]*)$")
    list(APPEND got ${CMAKE_MATCH_1})
  endif()
endforeach()
list(SORT got)
file(STRINGS ${EXPECTED} expected)
list(SORT expected)
if(NOT got STREQUAL expected)
  set(extra ${got})
  list(REMOVE_ITEM extra ${expected})
  set(absent ${expected})
  list(REMOVE_ITEM absent ${got})
  message(FATAL_ERROR "exported symbols differ from ${EXPECTED}\n"
                      "  not listed: ${extra}\n  missing: ${absent}")
endif()
list(LENGTH got n)
message(STATUS "${n} exported symbols, as listed")
