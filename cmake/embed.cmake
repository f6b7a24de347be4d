# libimpact.a: the whole module for a host that links Lua in (the core, the
# binding, and every Lua file under lua/impact/ compiled in), its header
# impact_lua.h, and the pkg-config and CMake package files that find them.
# Built for the Lua that IMPACT_LUA selects; the host links that Lua itself.

include(GNUInstallDirs)

file(GLOB_RECURSE IMPACT_LUA_FILES CONFIGURE_DEPENDS
     RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}/lua ${CMAKE_CURRENT_SOURCE_DIR}/lua/impact/*.lua)
list(TRANSFORM IMPACT_LUA_FILES PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/lua/
     OUTPUT_VARIABLE IMPACT_LUA_PATHS)
set(IMPACT_LUA_TABLE ${CMAKE_CURRENT_BINARY_DIR}/luafiles.c)
add_custom_command(OUTPUT ${IMPACT_LUA_TABLE}
  COMMAND ${CMAKE_COMMAND} -D ROOT=${CMAKE_CURRENT_SOURCE_DIR}/lua
          "-DFILES=${IMPACT_LUA_FILES}" -D OUTPUT=${IMPACT_LUA_TABLE}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-lua.cmake
  DEPENDS ${IMPACT_LUA_PATHS} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-lua.cmake
  COMMENT "Embedding lua/impact"
  VERBATIM)

file(GLOB IMPACT_EMBED_SOURCES CONFIGURE_DEPENDS src/embed/*.c)
add_library(impact STATIC ${IMPACT_CORE_SOURCES} ${IMPACT_BINDING_SOURCES}
            ${IMPACT_EMBED_SOURCES} ${IMPACT_LUA_TABLE})
# Position-independent, so the host may be a shared library too (LÖVE's is).
set_target_properties(impact PROPERTIES
  C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF
  POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET hidden
  PUBLIC_HEADER "src/core/impact.h;src/embed/impact_lua.h")
target_compile_options(impact PRIVATE ${IMPACT_C_FLAGS})
target_include_directories(impact
  PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/src/core>
         $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/src/embed>
         $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  PRIVATE src ${LUA_INCLUDE_DIR})
target_link_libraries(impact PUBLIC m)

install(TARGETS impact EXPORT impactTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT impactTargets NAMESPACE impact::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/impact)
configure_file(cmake/impactConfig.cmake.in impactConfig.cmake @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/impactConfig.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/impact)

# The .pc file finds the prefix from where it lies, so the tree can be
# installed anywhere (cmake --install --prefix) and moved.
file(RELATIVE_PATH IMPACT_PC_TO_PREFIX
     /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" IMPACT_PC_TO_PREFIX ${IMPACT_PC_TO_PREFIX})
configure_file(cmake/impact.pc.in impact.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/impact.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
