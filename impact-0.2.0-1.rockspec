rockspec_format = "3.0"
package = "impact"
version = "0.2.0-1"
source = {
  -- The release tarball, as `make dist` writes it (dist/impact-0.2.0.tar.gz)
  -- once published. make dist also writes dist/impact-0.2.0-1.rockspec,
  -- this rockspec with the tarball's local address, and packs it offline
  -- into dist/impact-0.2.0-1.src.rock, which carries the tarball.
  url = "https://example.invalid/impact/releases/impact-0.2.0.tar.gz",
  dir = "impact-0.2.0",
}
description = {
  summary = "Fast, exact 2D collision tests for Lua games, with a C core",
  detailed = [[
    Segment, point, box, rotated-rectangle and swept tests (the intersect
    library's semantics) as userdata with zero-garbage out parameters, and
    a World with bump.lua's API, for LÖVE (LuaJIT) and Lua 5.1 to 5.4.
  ]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.1, < 5.5",
}
build = {
  type = "cmake",
  variables = {
    CMAKE_BUILD_TYPE = "Release",
    LUA_INCLUDE_DIR = "$(LUA_INCDIR)",
    IMPACT_INSTALL_CMOD = "$(LIBDIR)",
    IMPACT_INSTALL_LMOD = "$(LUADIR)",
  },
  -- LuaLS definitions, in the rock's folder of the tree.
  copy_directories = { "library" },
}
