-- impact.so as love-android builds it, loaded the way LÖVE loads a C module:
-- by require, from the one file, with no Lua file of impact on the path.
--   luajit spec/embed/require.lua <folder of impact.so>
package.path = ""
package.cpath = arg[1] .. "/?.so"
local impact = require "impact"
local bump = require "impact.bump"
assert(package.loaded.impact == impact and require "impact.core" == impact)

local world = bump.newWorld(4)
local wall = impact.AABB(10, 0, 2, 2)
world:add(wall, 8, -2, 4, 4)
world:add("player", -1, -1, 2, 2)
local x, y, _, len = world:move("player", 19, -1)
assert(x == 6 and y == -1 and len == 1, "the player stops against the wall")

local fast = debug.getinfo(impact.AABB.intersectAABB, "S").what == "Lua"
assert(fast == (jit.status() == true), "the FFI fast path exactly when the JIT is on")
print(("love-android impact.so, JIT %s: ok"):format(jit.status() and "on" or "off"))
