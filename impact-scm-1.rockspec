rockspec_format = "3.0"
package = "impact"
version = "scm-1"
source = {
  url = "git+https://example.invalid/impact.git",
}
description = {
  summary = "Fast, exact 2D collision tests for Lua games, with a C core",
  detailed = [[
    Segment, point, box and swept-box tests (the intersect library's
    semantics) as userdata with zero-garbage out parameters, for LÖVE
    (LuaJIT) and Lua 5.1 to 5.4.
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
    IMPACT_EMBED = "OFF",
  },
}
