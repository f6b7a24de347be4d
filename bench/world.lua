-- The world benchmark: impact.bump against the plain-Lua grid world of
-- bench/plainworld.lua (and bump.lua itself when BUMP_LUA names its file),
-- under whatever Lua runs this file. The map is 64x64 tiles of 16x16 with
-- 1000 of them solid, scattered at fixed pseudo-random places; one 12x12
-- mover. Cases: a free-roaming mover bouncing around the map, a platformer
-- mover (gravity and walking, resting on and sliding along floors), and
-- segment queries across the map. Prints ns and bytes of garbage per
-- operation for each world, measured side by side in this one run.
--   lua bench/world.lua <label> [case]   (bench/run.sh runs every case)
-- WORLD_MOVES (default 100000) and WORLD_QUERIES (default 10000) set the
-- operations per timed run.
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local measure = require "measure"

local label = arg[1] or _VERSION
local MOVES = tonumber(os.getenv("WORLD_MOVES")) or 100000
local QUERIES = tonumber(os.getenv("WORLD_QUERIES")) or 10000
local BUMP_LUA = os.getenv("BUMP_LUA")
if BUMP_LUA == "" then BUMP_LUA = nil end

local TILE, TILES, CELL = 16, 64, 64
local SIZE = TILE * TILES
local W, H = 12, 12                      -- the mover
local ROAM_X, ROAM_Y = 32 * TILE + 2, 32 * TILE + 2
local JUMP_X, JUMP_Y = 500.5, -20

local cases = { "move/free", "move/platformer", "querySegment" }
local which = tonumber(arg[2])
if not which then
  print(#cases)
  return
end

-- Park-Miller: the same sequence under every Lua, integers or doubles.
local seed = 20240607
local function rand()
  seed = seed * 16807 % 2147483647
  return seed / 2147483647
end

-- The tiles: 1000 distinct slots, none where the free mover starts.
local tiles, taken = {}, { [32 * TILES + 32] = true }
while #tiles < 1000 do
  local slot = math.floor(rand() * TILES * TILES)
  if not taken[slot] then
    taken[slot] = true
    tiles[#tiles + 1] = { id = #tiles + 1, x = slot % TILES * TILE,
                          y = math.floor(slot / TILES) * TILE }
  end
end

local function build(newWorld)
  local world, mover = newWorld(CELL), { id = 0 }
  for _, t in ipairs(tiles) do world:add(t, t.x, t.y, TILE, TILE) end
  local x0, y0 = ROAM_X, ROAM_Y
  if which == 2 then x0, y0 = JUMP_X, JUMP_Y end
  world:add(mover, x0, y0, W, H)
  return world, mover, x0, y0
end

-- The worlds: impact.bump as bump's API has it (new collision tables each
-- move), impact.bump with out tables (the allocation-free path), the
-- plain-Lua one, the pure-Lua backend's World with out tables, bump.lua if
-- given.
local impactWorld = require("impact.bump").newWorld
local pureWorld = require("impact.pure.world").World
local worlds = {
  { name = "impact", newWorld = impactWorld },
  { name = "impact out", newWorld = impactWorld, out = true },
  { name = "plain", newWorld = require("plainworld").newWorld },
  { name = "pure out", newWorld = pureWorld, out = true },
}
if BUMP_LUA then
  worlds[5] = { name = "bump.lua", newWorld = dofile(BUMP_LUA).newWorld }
end

-- The scripted moves: the goal of every move, recorded once by driving a
-- plain world, then replayed identically on every world. A goal marked
-- `jump` is a teleport (update) to a random free slot rather than a move:
-- every so often, so that the mover sees the whole map.
local goalX, goalY, jump = {}, {}, {}
local SPELL = 1500  -- moves between teleports to a random free slot

local function freeSlot()
  local slot
  repeat slot = math.floor(rand() * TILES * TILES) until not taken[slot]
  return slot % TILES * TILE + 2, math.floor(slot / TILES) * TILE + 2
end

local function record(n)
  local world, mover, x, y = build(worlds[3].newWorld)  -- plain
  local function teleport(i, tx, ty)
    goalX[i], goalY[i], jump[i] = tx, ty, true
    world:update(mover, tx, ty)
    return tx, ty
  end
  if which == 1 then
    local vx, vy = 3.7, 2.9
    for i = 1, n do
      if i % SPELL == 0 then
        x, y = teleport(i, freeSlot())
      else
        if x + vx < 0 or x + vx > SIZE - W then vx = -vx end
        if y + vy < 0 or y + vy > SIZE - H then vy = -vy end
        goalX[i], goalY[i] = x + vx, y + vy
        local cols, len
        x, y, cols, len = world:move(mover, goalX[i], goalY[i])
        if len > 0 then  -- off in a new direction, away from the wall
          local nrm = cols[1].normal
          local a = rand() * 2 * math.pi
          vx, vy = 4.1 * math.cos(a), 4.1 * math.sin(a)
          if nrm.x * vx < 0 then vx = -vx end
          if nrm.y * vy < 0 then vy = -vy end
        end
      end
    end
  else
    local dir, vy, grounded = 1, 0, false
    for i = 1, n do
      if i % SPELL == 0 or y > SIZE + TILE then
        x, y = teleport(i, freeSlot())
        vy = 0
      else
        vy = math.min(vy + 0.35, 8)
        local vx = 1.7 * dir
        if x + vx < 0 or x + vx > SIZE - W then dir = -dir; vx = -vx end
        goalX[i], goalY[i] = x + vx, y + vy
        local cols, len
        x, y, cols, len = world:move(mover, goalX[i], goalY[i])
        local wall, was = false, grounded
        grounded = false
        for k = 1, len do
          local nrm = cols[k].normal
          if nrm.y < 0 then grounded, vy = true, 0
          elseif nrm.y > 0 then vy = 0
          elseif nrm.x ~= 0 then wall = true end
        end
        -- against a wall: jump it from the floor, turn back in the air
        if wall then
          if was or grounded then vy = -5.5 else dir = -dir end
        end
      end
    end
  end
end

-- The segments: from just outside one side of the map to just outside the
-- opposite side, across, in both directions, on fractional coordinates.
local segs = {}
local function segments(n)
  for i = 1, n do
    local a, b = rand() * SIZE, rand() * SIZE
    local lo, hi = -1 - rand() * 8, SIZE + 1 + rand() * 8
    local s
    if i % 2 == 0 then s = { lo, a, hi, b } else s = { a, lo, b, hi } end
    if i % 4 >= 2 then s = { s[3], s[4], s[1], s[2] } end
    segs[i] = s
  end
end

-- Each world gets its own copy of the driving loops (a fresh function
-- prototype, so that no JIT trace is shared between worlds). Moves return
-- where the mover ended; queries a count of the items found and a sum of
-- the first ones' ids. out is a table for impact's out path, else nil.
local driver = [[
local world, mover, x0, y0, goalX, goalY, jump, segs, out = ...
local function moves(n)
  world:update(mover, x0, y0)
  local x, y = x0, y0
  for i = 1, n do
    if jump[i] then
      x, y = goalX[i], goalY[i]
      world:update(mover, x, y)
    else
      x, y = world:move(mover, goalX[i], goalY[i], nil, out)
    end
  end
  return x, y
end
local function queries(n)
  local found, ids, q = 0, 0, #segs
  for i = 1, n do
    local s = segs[(i - 1) % q + 1]
    local items, len = world:querySegment(s[1], s[2], s[3], s[4], nil, out)
    found = found + len
    if len > 0 then ids = ids + items[1].id end
  end
  return found, ids
end
return moves, queries
]]
local compile = loadstring or load

local n, m
if which == 3 then
  n, m = QUERIES, math.min(QUERIES, 2000)
  segments(QUERIES)
else
  n, m = MOVES, math.min(MOVES, 20000)
  record(MOVES)
end

local results = {}
for i, w in ipairs(worlds) do
  local world, mover, x0, y0 = build(w.newWorld)
  local moves, queries = compile(driver)(world, mover, x0, y0, goalX, goalY,
                                         jump, segs, w.out and {} or nil)
  local ns, bytes, r1, r2 = measure(which == 3 and queries or moves, n, m)
  results[i] = { ns = ns, bytes = bytes, r1 = r1, r2 = r2 }
end

-- Every world must have done the same: the moves end at the same place,
-- the queries find the same items.
local ref = results[1]
for i = 2, #results do
  local r = results[i]
  local same
  if which == 3 then
    same = r.r1 == ref.r1 and r.r2 == ref.r2
  else
    same = math.abs(r.r1 - ref.r1) <= 1e-9 and math.abs(r.r2 - ref.r2) <= 1e-9
  end
  if not same then
    io.stderr:write(string.format(
      "warning: %s %s: impact ended at %.17g %.17g, %s at %.17g %.17g\n",
      cases[which], label, ref.r1, ref.r2, worlds[i].name, r.r1, r.r2))
  end
end

local o, p, l, b = results[2], results[3], results[4], results[5]
local bcols = "       - |     - |       - |       -"
if b then
  bcols = string.format("%8.0f | %5.0f | %6.1fx | %6.2fx", b.ns, b.bytes, b.ns / o.ns, b.ns / l.ns)
end
print(string.format("| %-16s | %-12s | %8.0f | %5.0f | %8.0f | %5.0f | %8.0f | %5.0f"
  .. " | %6.1fx | %6.1fx | %8.0f | %5.0f | %s |",
  cases[which], label, ref.ns, ref.bytes, o.ns, o.bytes, p.ns, p.bytes,
  p.ns / ref.ns, p.ns / o.ns, l.ns, l.bytes, bcols))
