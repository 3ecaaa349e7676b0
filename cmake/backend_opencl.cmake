# backend_opencl.cmake - the OpenCL backend: host glue plus the shared
# kernels embedded as OpenCL C source.
find_package(OpenCL)
if(NOT OpenCL_FOUND)
  message(FATAL_ERROR
    "BACKEND=opencl needs the OpenCL headers and ICD loader. On Debian: "
    "apt-get install -y ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd")
endif()

set(SMAX_OPENCL_EMBEDDED ${SMAX_GENERATED_DIR}/smax_opencl_source.c)
add_custom_command(
  OUTPUT ${SMAX_OPENCL_EMBEDDED}
  COMMAND ${CMAKE_COMMAND} -DOUTPUT=${SMAX_OPENCL_EMBEDDED}
          -DSYMBOL=smax_opencl_kernel_source
          "-DINPUTS=${SMAX_KERNEL_HEADERS}"
          -P ${PROJECT_SOURCE_DIR}/cmake/embed.cmake
  DEPENDS ${SMAX_KERNEL_HEADERS} ${PROJECT_SOURCE_DIR}/cmake/embed.cmake
  COMMENT "Embedding the OpenCL kernels"
  VERBATIM)

target_sources(${SMAX_LIB} PRIVATE
  backends/opencl/device.c
  backends/opencl/errors.c
  backends/opencl/interop.c
  backends/opencl/nv_memory.c
  backends/opencl/nv_unit.c
  backends/opencl/opencl_backend.c
  backends/opencl/opencl_init.c
  backends/opencl/program.c
  ${SMAX_OPENCL_EMBEDDED})
target_include_directories(${SMAX_LIB} PRIVATE backends/opencl)
target_compile_definitions(${SMAX_LIB} PRIVATE CL_TARGET_OPENCL_VERSION=120)
target_link_libraries(${SMAX_LIB} PUBLIC OpenCL::OpenCL)
find_package(Threads REQUIRED)
target_link_libraries(${SMAX_LIB} PRIVATE Threads::Threads ${CMAKE_DL_LIBS})
set(SMAX_INTEROP_HEADER include/smax/smax_opencl.h)
