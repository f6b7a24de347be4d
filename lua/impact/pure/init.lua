-- impact's pure-Lua backend: the module's whole API in plain Lua 5.1 (runs
-- on 5.1 to 5.4 and LuaJIT), for hosts that cannot load the native module.
-- Same errors, and bit-identical results: core/ performs the double
-- operations of src/core in the same order.
--
-- The backend is built once per Lua state, as the native module is: a
-- require after a hot reload cleared package.loaded gives the same module
-- back, so that the objects made before keep their types.

-- Its errors name the function and argument as the native module's do,
-- which takes the debug library (a host may leave it out).
if not debug then
  error("impact.pure needs the debug library, which this Lua state has not opened", 2)
end
local registry = debug.getregistry()
if registry["impact.pure"] then
  -- and bump's rect and responses (impact.bump) from the same World
  package.loaded["impact.pure.world"] = registry["impact.pure.world"]
  return registry["impact.pure"]
end

local object = require "impact.pure.object"
require "impact.pure.point"
require "impact.pure.aabb"
require "impact.pure.obb"
require "impact.pure.hit"
require "impact.pure.circle"
require "impact.pure.capsule"
require "impact.pure.polygon"
require "impact.pure.manifold"
for _, name in ipairs({ "AABB", "OBB", "Circle", "Capsule", "Polygon" }) do
  require("impact.pure.shapes").install(name)
end

local version = require "impact.version"
local impact = {
  _VERSION = version.text,
  _VERSION_NUM = version.number,
  EPSILON = require("impact.pure.core.aabb").EPSILON,
  backend = "lua",
  sweepSegmentPoint = require "impact.pure.segpoint",
}
for _, name in ipairs(object.NAMES) do impact[name] = object.methods[name] end
impact.clipSegment = impact.AABB.clipSegment

function impact.type(v) return object.typeof(v) end

-- The World (bump.lua's API, impact.bump) and bump's rect and responses.
local world = require "impact.pure.world"
impact.World = world.World
object.register("World", getmetatable(world.World(64)), world.isworld)

registry["impact.pure"], registry["impact.pure.world"] = impact, world
return impact
