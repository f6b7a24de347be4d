# libimpact.a: the whole module for a host that links Lua in (the core, the
# binding, and every Lua file under lua/impact/ compiled in), its header
# impact_lua.h, and the pkg-config and CMake package files that find them.
# Built for the Lua that IMPACT_LUA selects; the host links that Lua itself.

include(GNUInstallDirs)
include(${CMAKE_CURRENT_LIST_DIR}/impact-library.cmake)

impact_add_library(impact STATIC)
set_target_properties(impact PROPERTIES
  PUBLIC_HEADER "src/core/impact.h;src/embed/impact_lua.h"
  INTERPROCEDURAL_OPTIMIZATION OFF)
target_compile_options(impact PRIVATE ${IMPACT_C_FLAGS})
target_include_directories(impact
  PUBLIC $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  PRIVATE ${LUA_INCLUDE_DIR})
# A sanitizer build's library calls the sanitizers' runtime: a host links
# it with the same flags.
target_link_options(impact INTERFACE ${IMPACT_SANITIZERS})
if(IMPACT_SANITIZE)
  string(REPLACE ";" " " IMPACT_PC_SANITIZERS " ${IMPACT_SANITIZERS}")
endif()

install(TARGETS impact EXPORT impactTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT impactTargets NAMESPACE impact::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/impact)
configure_file(cmake/impactConfig.cmake.in impactConfig.cmake @ONLY)
# find_package(impact 0.2) takes this release and its patches: before 1.0
# a minor release may change the API.
include(CMakePackageConfigHelpers)
write_basic_package_version_file(impactConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/impactConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/impactConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/impact)

# The .pc file finds the prefix from where it lies, so the tree can be
# installed anywhere (cmake --install --prefix) and moved.
file(RELATIVE_PATH IMPACT_PC_TO_PREFIX
     /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" IMPACT_PC_TO_PREFIX ${IMPACT_PC_TO_PREFIX})
configure_file(cmake/impact.pc.in impact.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/impact.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
