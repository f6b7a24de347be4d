-- impact: 2D collision tests for Lua games.
-- Two backends, one API: the native module impact.core (C, userdata),
-- used whenever it loads, and the pure-Lua backend impact.pure, which
-- gives the same results where native code cannot run (the web, phones,
-- hosts that forbid it). impact.backend says which one this is; when the
-- native module failed to load, impact.nativeError says why.
--
-- The one place where the native module is looked for:
local found, core = pcall(require, "impact.core")

if not found then
  local impact = require "impact.pure"
  impact.nativeError = core
  return impact
end

local impact = core
impact.backend = "native"
local exports = impact._ffi
impact._ffi = nil
-- bump.lua's rect and responses, for impact.bump only.
package.loaded["impact.bumpparts"] = impact._bump
impact._bump = nil

-- Under LuaJIT with the JIT on, the hot methods are rebound to call the
-- core through the FFI (impact/ffi.lua), since the JIT cannot compile calls
-- through the C API.
if jit and jit.status() and pcall(require, "ffi") then
  require "impact.ffi"(impact, exports)
end

return impact
