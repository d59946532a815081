# The installed package: find_package(fen960) gives fen960::fen960 (targets installed by lib/ and
# grammars/ into the export set fen960Targets); pkg-config reads fen960.pc. Both are relocatable.
include(CMakePackageConfigHelpers)
set(FEN960_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/fen960" CACHE STRING "Where the CMake package files go")
install(EXPORT fen960Targets NAMESPACE fen960:: DESTINATION "${FEN960_INSTALL_CMAKEDIR}")
configure_package_config_file(cmake/fen960Config.cmake.in "${PROJECT_BINARY_DIR}/fen960Config.cmake"
                              INSTALL_DESTINATION "${FEN960_INSTALL_CMAKEDIR}")
# Before 1.0 a minor release may change the API, so 0.1 satisfies only requests for 0.1.x.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/fen960ConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/fen960Config.cmake" "${PROJECT_BINARY_DIR}/fen960ConfigVersion.cmake"
        DESTINATION "${FEN960_INSTALL_CMAKEDIR}")
# fen960.pc finds the prefix from its own place (${pcfiledir}) unless the install dirs are absolute.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(FEN960_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(FEN960_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(FEN960_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH fen960_pc_up "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
  string(REGEX REPLACE "/$" "" fen960_pc_up "${fen960_pc_up}")
  set(FEN960_PC_PREFIX "\${pcfiledir}/${fen960_pc_up}")
  set(FEN960_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(FEN960_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
set(FEN960_PC_LINK_FLAGS "")
if(FEN960_SANITIZE)
  set(FEN960_PC_LINK_FLAGS " -fsanitize=address,undefined") # the library's objects call the sanitizer runtimes
endif()
configure_file(cmake/fen960.pc.in "${PROJECT_BINARY_DIR}/fen960.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/fen960.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
