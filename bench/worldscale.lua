-- Cost per move as the level grows: N static 16x16 tiles at the density of
-- the world benchmark (1000 tiles in 64x64 slots), N from 1000 to 1000000,
-- one 12x12 mover roaming the whole map (moves into an out table, so the
-- figure is the World's own cost). Prints ns per move for each N and the
-- ratio to N = 1000: a broad phase should keep it flat.
--   lua bench/worldscale.lua <label> [case]   (bench/run.sh runs each case)
-- WORLD_MOVES (default 100000) sets the moves per N.
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
local bump = require "impact.bump"

local label = arg[1] or _VERSION
local MOVES = tonumber(os.getenv("WORLD_MOVES")) or 100000
local SIZES = { 1000, 10000, 100000, 1000000 }
local which = tonumber(arg[2])
if not which then
  print(1)
  return
end

local TILE, W, H, DENSITY = 16, 12, 12, 1000 / 4096

-- Park-Miller, the same sequence under every Lua.
local seed = 20240607
local function rand()
  seed = seed * 16807 % 2147483647
  return seed / 2147483647
end

-- A map of n tiles, square, at DENSITY; returns the world, the mover, the
-- map size in pixels and the set of taken slots.
local function level(n)
  local side = math.ceil(math.sqrt(n / DENSITY))
  local world, taken, placed = bump.newWorld(64), {}, 0
  while placed < n do
    local slot = math.floor(rand() * side * side)
    if not taken[slot] then
      taken[slot] = true
      placed = placed + 1
      world:add({}, slot % side * TILE, math.floor(slot / side) * TILE, TILE, TILE)
    end
  end
  local mover = {}
  local slot
  repeat slot = math.floor(rand() * side * side) until not taken[slot]
  world:add(mover, slot % side * TILE + 2, math.floor(slot / side) * TILE + 2, W, H)
  return world, mover, side * TILE
end

-- Roams: straight lines that turn at walls and at the map's edges.
local function roam(world, mover, size, n)
  local out, vx, vy = {}, 3.7, 2.9
  local x, y = world:getRect(mover)
  local t = os.clock()
  for _ = 1, n do
    if x + vx < 0 or x + vx > size - W then vx = -vx end
    if y + vy < 0 or y + vy > size - H then vy = -vy end
    local len
    x, y, out, len = world:move(mover, x + vx, y + vy, nil, out)
    if len > 0 then
      local nrm, a = out[1].normal, rand() * 2 * math.pi
      vx, vy = 4.1 * math.cos(a), 4.1 * math.sin(a)
      if nrm.x * vx < 0 then vx = -vx end
      if nrm.y * vy < 0 then vy = -vy end
    end
  end
  return (os.clock() - t) / n * 1e9
end

local base
for _, n in ipairs(SIZES) do
  local world, mover, size = level(n)
  roam(world, mover, size, math.floor(MOVES / 10) + 1)
  local best = math.huge
  for _ = 1, 3 do best = math.min(best, roam(world, mover, size, MOVES)) end
  base = base or best
  print(string.format("| %-12s | %9d | %8.0f | %6.2fx |", label, n, best, best / base))
  world, mover = nil, nil
  collectgarbage()
end
