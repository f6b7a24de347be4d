-- The script that host.c plays. It runs with empty package.path and
-- package.cpath: the requires below find impact compiled into the host.
local impact = require "impact"
local bump = require "impact.bump"

assert(package.path == "" and package.cpath == "", "search paths not empty")
assert(require "impact.core" == impact)

-- wall is the host's AABB; player is the script's, which the host moves.
assert(impact.type(wall) == "AABB", "wall is not an AABB")
player = impact.AABB(0, 0, 1, 1)

-- Hands the host the hit that pushes the player out of the wall.
function collide()
  host_read(wall:intersectAABB(player))
end

local function rect(box)
  return box.pos.x - box.half.x, box.pos.y - box.half.y, 2 * box.half.x, 2 * box.half.y
end

-- Walks the player towards goalx in a bump world holding the wall, and
-- places it where it stopped. Returns the number of collisions and whether
-- the first one was with the wall.
function walk(goalx)
  local world = bump.newWorld(4)
  world:add(wall, rect(wall))
  world:add(player, rect(player))
  local _, top = rect(player)
  local x, y, cols, len = world:move(player, goalx - player.half.x, top)
  player.pos = impact.Point(x + player.half.x, y + player.half.y)
  return len, cols[1].other == wall
end

-- The error that host_read raises for a value that is not a Hit.
function misuse(value)
  local ok, err = pcall(function() host_read(value) end)
  return not ok and err
end

-- Where the host's shape rests on its polygon.
function rest(polygon, shape)
  return polygon:manifold(shape)
end

-- How each of the host's objects reads in a script.
function show(...)
  local out = {}
  for i = 1, select("#", ...) do out[i] = tostring((select(i, ...))) end
  return table.concat(out, "\n")
end

-- "FFI" where init.lua rebound the tests to the LuaJIT FFI fast path:
-- then they are Lua functions, which string.dump takes (and C functions
-- it refuses). Asked so, not through debug, which a host may leave out.
function path()
  return pcall(string.dump, impact.AABB.intersectAABB) and "FFI" or "C API"
end
