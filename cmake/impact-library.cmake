# impact_add_library(<target> <STATIC|SHARED>): the whole module as one
# library, the Lua files of lua/impact/ (subfolders too) compiled in from a
# table the build generates (embed-lua.cmake), so that the .lua files stay
# the one source and a new one is picked up by the next build. Compile it
# against the Lua headers of the host's Lua; src/embed/impact_lua.h is its
# header.
set(IMPACT_SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}/..)

function(impact_add_library target type)
  set(root ${IMPACT_SOURCE_DIR})
  file(GLOB_RECURSE lua_files CONFIGURE_DEPENDS
       RELATIVE ${root}/lua ${root}/lua/impact/*.lua)
  list(TRANSFORM lua_files PREPEND ${root}/lua/ OUTPUT_VARIABLE lua_paths)
  set(table ${CMAKE_CURRENT_BINARY_DIR}/${target}_luafiles.c)
  add_custom_command(OUTPUT ${table}
    COMMAND ${CMAKE_COMMAND} -D ROOT=${root}/lua "-DFILES=${lua_files}"
            -D OUTPUT=${table} -P ${root}/cmake/embed-lua.cmake
    DEPENDS ${lua_paths} ${root}/cmake/embed-lua.cmake
    COMMENT "Embedding lua/impact"
    VERBATIM)
  file(GLOB sources CONFIGURE_DEPENDS
       ${root}/src/core/*.c ${root}/src/*.c ${root}/src/embed/*.c)
  add_library(${target} ${type} ${sources} ${table})
  # Position-independent, so that a shared library can link it in (LÖVE's
  # is one); only impact_lua.h's functions are visible.
  set_target_properties(${target} PROPERTIES
    C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF
    POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET hidden)
  # Exact IEEE double arithmetic, the same as the loadable module's.
  target_compile_options(${target} PRIVATE -ffp-contract=off)
  target_include_directories(${target}
    PUBLIC $<BUILD_INTERFACE:${root}/src/core> $<BUILD_INTERFACE:${root}/src/embed>
    PRIVATE ${root}/src)
  target_link_libraries(${target} PUBLIC m)
endfunction()
