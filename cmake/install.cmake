# install.cmake - library (and the plugins of BACKEND=all), headers,
# smaxConfig.cmake (smax::smax) and smax.pc.
install(TARGETS smax EXPORT smaxTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# BACKEND=all: the plugins go beside libsmax.so, where the loader looks
# first (loader/plugin.c). No namelink: nothing links against a plugin, the
# loader opens libsmax-<backend>.so.<major>.
if(SMAX_PLUGIN_TARGETS)
  install(TARGETS ${SMAX_PLUGIN_TARGETS}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_SKIP)
endif()
install(FILES include/smax/smax.h include/smax/smax_shard.h ${SMAX_INTEROP_HEADERS}
              ${SMAX_GENERATED_DIR}/include/smax/smax_export.h
              ${SMAX_GENERATED_DIR}/include/smax/smax_version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/smax)

set(SMAX_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/smax)
install(EXPORT smaxTargets NAMESPACE smax:: DESTINATION ${SMAX_CMAKE_DIR})
configure_package_config_file(cmake/smaxConfig.cmake.in
  ${PROJECT_BINARY_DIR}/smaxConfig.cmake INSTALL_DESTINATION ${SMAX_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/smaxConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/smaxConfig.cmake
              ${PROJECT_BINARY_DIR}/smaxConfigVersion.cmake
        DESTINATION ${SMAX_CMAKE_DIR})

# smax.pc finds the prefix from its own place, so `cmake --install --prefix`
# anywhere gives a correct file.
file(RELATIVE_PATH SMAX_PC_TO_PREFIX "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
configure_file(cmake/smax.pc.in ${PROJECT_BINARY_DIR}/smax.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/smax.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
