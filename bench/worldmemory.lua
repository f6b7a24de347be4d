-- Memory per item of a large World: N items (default 10^6, WORLD_ITEMS
-- sets it) of 16x16 on a square lattice of pitch 20, added to a World of
-- cell size 64. Prints the growth of the process's resident memory (which
-- holds the Lua heap too, so the first figure is the whole cost) and of
-- the Lua heap alone, per item.
-- Linux only (reads /proc/self/statm). The items are tables made before
-- the first measure, so that the figures are the World's own cost, not the
-- game's objects'.
--   lua bench/worldmemory.lua <label> [case]   (bench/run.sh runs it)
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path

local label = arg[1] or _VERSION
if not arg[2] then
  print(1)
  return
end
local N = tonumber(os.getenv("WORLD_ITEMS")) or 1000000

local function rss()
  local f = assert(io.open("/proc/self/statm"))
  local _, resident = f:read("*n", "*n")
  f:close()
  return resident * 4096
end

local bump = require "impact.bump"
local items = {}
for i = 1, N do items[i] = {} end
collectgarbage()
collectgarbage()
local rss0, heap0 = rss(), collectgarbage("count") * 1024
local world = bump.newWorld(64)
local side = math.floor(math.sqrt(N))
for i = 1, N do world:add(items[i], i % side * 20, math.floor(i / side) * 20, 16, 16) end
collectgarbage()
collectgarbage()
local resident = (rss() - rss0) / N
local heap = (collectgarbage("count") * 1024 - heap0) / N
assert(world:countItems() == N)
print(string.format("| %-12s | %9d | %8.1f | %8.1f |", label, N, resident, heap))
