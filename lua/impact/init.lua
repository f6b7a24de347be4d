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

-- The native module is built once per Lua state: requiring it again after
-- a hot reload cleared package.loaded gives the same module back, already
-- set up here, and the objects made before it keep working.
if impact._ffi then
  local exports, bumpparts = impact._ffi, impact._bump
  impact._ffi, impact._bump = nil, nil
  impact.backend = "native"
  -- bump.lua's rect and responses, for impact.bump only; a preload, so
  -- that it survives the reloads too.
  package.preload["impact.bumpparts"] = function() return bumpparts end
  -- Under LuaJIT with the JIT on, the hot methods are rebound to call the
  -- core through the FFI (impact/ffi.lua), since the JIT cannot compile
  -- calls through the C API.
  if jit and jit.status() and pcall(require, "ffi") then
    require "impact.ffi"(impact, exports)
  end
end

return impact
