-- impact: 2D collision tests for Lua games.
-- The geometry and the object types live in the native module impact.core;
-- this is the public face that scripts require. Under LuaJIT with the JIT
-- on, the hot methods are rebound to call the core through the FFI
-- (impact/ffi.lua), since the JIT cannot compile calls through the C API.
local impact, missing = require "impact.native"()
if not impact then error(missing, 2) end
local exports = impact._ffi
impact._ffi = nil
-- bump.lua's rect and responses, for impact.bump only.
package.loaded["impact.bumpparts"] = impact._bump
impact._bump = nil

if jit and jit.status() and pcall(require, "ffi") then
  require "impact.ffi"(impact, exports)
end

-- The release, as text and as a number: major * 10000 + minor * 100 +
-- patch, so that versions compare with <.
impact._VERSION = "impact 0.2.0"
impact._VERSION_NUM = 200

return impact
