# testing.cmake - smax_add_test(NAME name [BACKENDS b...] COMMAND cmd...
# [PROPERTIES prop value...]): a test that reaches a device, one source for
# every build. Single-backend builds: the test `name`, as add_test makes it
# (none if BACKENDS is given and lacks the backend built). BACKEND=all: one
# test per plugin built (and in BACKENDS), `name.<backend>`, the same
# program run through the loader with SMAX_BACKEND=<backend>, so the suite
# runs once per backend and one without a device reports skipped. Set
# ENVIRONMENT through PROPERTIES (it is appended to, not replaced).
function(smax_add_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME" "BACKENDS;COMMAND;PROPERTIES")
  foreach(backend IN LISTS SMAX_PLUGINS)
    if(arg_BACKENDS AND NOT backend IN_LIST arg_BACKENDS)
      continue()
    endif()
    set(name ${arg_NAME})
    if(SMAX_BACKEND STREQUAL "all")
      set(name ${arg_NAME}.${backend})
    endif()
    add_test(NAME ${name} COMMAND ${arg_COMMAND})
    if(arg_PROPERTIES)
      set_tests_properties(${name} PROPERTIES ${arg_PROPERTIES})
    endif()
    if(SMAX_BACKEND STREQUAL "all")
      set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT SMAX_BACKEND=${backend})
    endif()
  endforeach()
endfunction()
