# package.cmake - `cpack` in a build folder makes a .deb and a .tar.gz of
# what `cmake --install` puts in place: the library, the headers (smax.h and
# this backend's interop header), smaxConfig.cmake and smax.pc. Each backend
# is its own package, and so is BACKEND=all (smax-all: the loader, a plugin
# per backend and every interop header); they install the same libsmax.so,
# so they conflict.
set(CPACK_PACKAGE_NAME smax-${SMAX_BACKEND})
set(CPACK_PACKAGE_VENDOR smax)
set(CPACK_PACKAGE_CONTACT "smax developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "${PROJECT_DESCRIPTION} (${SMAX_BACKEND} backend)")
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PROVIDES smax)
set(smax_other_packages ${SMAX_BACKENDS} all)
list(REMOVE_ITEM smax_other_packages ${SMAX_BACKEND})
list(TRANSFORM smax_other_packages PREPEND smax-)
string(REPLACE ";" ", " CPACK_DEBIAN_PACKAGE_CONFLICTS "${smax_other_packages}")
# What the library loads at run time (the CUDA runtime is linked in
# statically; it needs only the NVIDIA driver).
if(SMAX_BACKEND STREQUAL "opencl")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "ocl-icd-libopencl1 | libopencl1")
elseif(SMAX_BACKEND STREQUAL "hip" AND NOT SMAX_HIP_PLATFORM STREQUAL "nvidia")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libamdhip64-5")
elseif(SMAX_BACKEND STREQUAL "all")
  # The loader needs none of them: a plugin whose runtime is missing fails
  # to load and its backend reports no device (loader/select.c).
  set(smax_recommends "")
  if("opencl" IN_LIST SMAX_PLUGINS)
    list(APPEND smax_recommends "ocl-icd-libopencl1 | libopencl1")
  endif()
  if("hip" IN_LIST SMAX_PLUGINS)
    list(APPEND smax_recommends "libamdhip64-5")
  endif()
  string(REPLACE ";" ", " CPACK_DEBIAN_PACKAGE_RECOMMENDS "${smax_recommends}")
endif()
include(CPack)
