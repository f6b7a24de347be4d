# What the shipped binaries need on each platform, apart from the build
# itself (CMakeLists.txt includes this after defining the targets).

# Windows (mingw-w64, see cmake/mingw-*.cmake): impact.core links against
# lua51.dll, LuaJIT's DLL as LÖVE ships it. Its import library is made here
# from src/lua51.def, so no Windows Lua is needed, only LuaJIT's headers
# (LUA_INCLUDE_DIR). libgcc is linked in statically: the DLL then needs
# nothing but lua51.dll and Windows' own DLLs.
if(WIN32 AND MINGW)
  if(NOT CMAKE_DLLTOOL)
    message(FATAL_ERROR "set CMAKE_DLLTOOL (the toolchain files in cmake/ do)")
  endif()
  set(IMPACT_LUA51_IMPLIB ${CMAKE_BINARY_DIR}/liblua51.dll.a)
  add_custom_command(OUTPUT ${IMPACT_LUA51_IMPLIB}
    COMMAND ${CMAKE_DLLTOOL} --input-def ${CMAKE_CURRENT_SOURCE_DIR}/src/lua51.def
            --dllname lua51.dll --output-lib ${IMPACT_LUA51_IMPLIB}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/lua51.def
    COMMENT "Making the lua51.dll import library")
  add_custom_target(impact_lua51_implib DEPENDS ${IMPACT_LUA51_IMPLIB})
  add_dependencies(impact_module impact_lua51_implib)
  target_link_libraries(impact_module PRIVATE ${IMPACT_LUA51_IMPLIB})
  target_link_options(impact_module PRIVATE -static-libgcc -s)
  # The property checks run under wine: C99 printf (%a, %llu) and no
  # libgcc DLL there either.
  target_compile_definitions(impact_properties PRIVATE __USE_MINGW_ANSI_STDIO=1)
  target_link_options(impact_properties PRIVATE -static-libgcc)
endif()

# macOS: a universal module (arm64 and x86_64) is one configure option,
#   cmake -S . -B build-macos -DIMPACT_LUA=luajit -DCMAKE_OSX_ARCHITECTURES="arm64;x86_64"
# and the host's Lua provides the API at load time.
if(APPLE)
  target_link_options(impact_module PRIVATE -undefined dynamic_lookup)
endif()
