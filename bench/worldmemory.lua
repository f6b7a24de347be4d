-- Memory per item of a large World: N items (default 10^6, WORLD_ITEMS
-- sets it) on a square lattice of pitch 20, added to a World of cell size
-- 64: 16x16 rectangles (case 1), circles of radius 4 to 8 (case 2) or
-- random convex polygons of 8 vertices within radius 8 (case 3), each
-- item its own. Prints the growth of the process's resident memory (which
-- holds the Lua heap too, so the first figure is the whole cost) and of
-- the Lua heap alone, per item.
-- Linux only (reads /proc/self/statm). The items, and their shapes, are
-- made before the first measure, so that the figures are the World's own
-- cost, not the game's objects'.
--   lua bench/worldmemory.lua <label> [case]   (bench/run.sh runs it)
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path

local CASES = { "rectangles", "circles", "8-gons" }
local label = arg[1] or _VERSION
local which = tonumber(arg[2])
if not which then
  print(#CASES)
  return
end
local N = tonumber(os.getenv("WORLD_ITEMS")) or 1000000

local function rss()
  local f = assert(io.open("/proc/self/statm"))
  local _, resident = f:read("*n", "*n")
  f:close()
  return resident * 4096
end

local impact = require "impact"
local bump = require "impact.bump"
math.randomseed(1)
local side = math.floor(math.sqrt(N))
local function place(i) return i % side * 20, math.floor(i / side) * 20 end

-- Eight points on a circle, each at a random angle within its eighth
-- (two never closer than a fifth of one): strictly convex.
local vertices = {}
local function octagon(x, y)
  local radius = 4 + 4 * math.random()
  for k = 0, 7 do
    local a = (k + 0.1 + 0.8 * math.random()) * math.pi / 4
    vertices[2 * k + 1] = radius * math.cos(a)
    vertices[2 * k + 2] = radius * math.sin(a)
  end
  return impact.Polygon(vertices, x, y)
end

local items, shapes = {}, {}
for i = 1, N do
  items[i] = {}
  local x, y = place(i)
  if which == 2 then
    shapes[i] = impact.Circle(x, y, 4 + 4 * math.random())
  elseif which == 3 then
    shapes[i] = octagon(x, y)
  end
end
collectgarbage()
collectgarbage()
local rss0, heap0 = rss(), collectgarbage("count") * 1024
local world = bump.newWorld(64)
if which == 1 then
  for i = 1, N do
    local x, y = place(i)
    world:add(items[i], x, y, 16, 16)
  end
else
  for i = 1, N do world:add(items[i], shapes[i]) end
end
collectgarbage()
collectgarbage()
local resident = (rss() - rss0) / N
local heap = (collectgarbage("count") * 1024 - heap0) / N
assert(world:countItems() == N)
print(string.format("| %-12s | %-10s | %9d | %8.1f | %8.1f |", label,
                    CASES[which], N, resident, heap))
