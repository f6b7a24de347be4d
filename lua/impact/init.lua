-- impact: 2D collision tests for Lua games.
-- The geometry and the object types live in the native module impact.core;
-- this is the public face that scripts require. Under LuaJIT, while the JIT
-- is on, the hot methods are rebound to call the core through the FFI
-- (impact/ffi.lua), since the JIT cannot compile calls through the C API.
local impact, missing = require "impact.native"()
if not impact then error(missing, 2) end

-- The native module is built once per Lua state: requiring it again after
-- a hot reload cleared package.loaded gives the same module back, already
-- set up here, and the objects made before it keep working.
if impact._ffi then
  local exports, bumpparts = impact._ffi, impact._bump
  impact._ffi, impact._bump = nil, nil
  -- bump.lua's rect and responses, for impact.bump only; a preload, so
  -- that it survives the reloads too.
  package.preload["impact.bumpparts"] = function() return bumpparts end
  if jit and pcall(require, "ffi") then
    require "impact.ffi"(impact, exports)
  end
end

-- The release, as text and as a number: major * 10000 + minor * 100 +
-- patch, so that versions compare with <.
impact._VERSION = "impact 0.2.0"
impact._VERSION_NUM = 200

return impact
