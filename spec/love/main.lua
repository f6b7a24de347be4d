-- A headless LÖVE game that loads impact the way a shipped game does and
-- plays a scripted scene: a player box moved through tiles with sweepInto
-- and sliding, and segment tests with known answers. It quits with 0 when
-- every check holds, and 1 on a failed check or an error.
--   love spec/love [--build DIR] [--break]
-- DIR is the build directory holding impact/core.so for LuaJIT (default
-- build-luajit, relative to the checkout); --break adds one deliberately
-- wrong expectation, to show that a failure fails the run.
--
-- A game that carries impact's Lua files in its own folder (impact/, as the
-- web build in spec/web packs it) runs on the pure-Lua backend instead.

local failures, checks = 0, 0

local function say(...)
  io.stdout:write(table.concat({ ... }, " "), "\n")
  io.stdout:flush()
end

local function check(ok, what)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    say("love: FAILED:", what)
  end
end

local function near(a, b, tol)
  return type(a) == "number" and math.abs(a - b) <= (tol or 1e-6)
end

-- An error anywhere ends the run with a failure (the default handler would
-- want a window to show it in).
function love.errorhandler(msg)
  say("love: error: " .. tostring(msg))
  say(debug.traceback("", 2))
  return function() return 1 end
end

local function options(args)
  local o = { build = "build-luajit" }
  local i = 1
  while args[i] do
    if args[i] == "--build" then
      o.build = args[i + 1]
      i = i + 1
    elseif args[i] == "--break" then
      o.broken = true
    end
    i = i + 1
  end
  return o
end

-- The checkout: this game lives in spec/love inside it.
local function root()
  local source = love.filesystem.getSource()
  local trimmed = source:gsub("[/\\]spec[/\\]love[/\\]?$", "")
  if trimmed ~= source then return trimmed end
  return source .. "/../.."
end

-- Whether the game carries impact's Lua files: then the pure backend runs.
local function carriesImpact()
  return love.filesystem.getInfo("impact/pure/world.lua") ~= nil
end

local function shapes(impact)
  local AABB, Sweep = impact.AABB, impact.Sweep

  if impact.backend == "lua" then
    check(package.loaded["impact.core"] == nil, "no native module was loaded")
  else  -- the LuaJIT fast path is what runs here
    check(jit and jit.status(), "the JIT is on")
    check(package.loaded["impact.ffi"] ~= nil, "impact.ffi was loaded")
    local info = debug.getinfo(AABB.sweepInto, "S")
    check(info.what == "Lua" and info.source:find("impact[/\\]ffi%.lua") ~= nil,
          "AABB.sweepInto is the FFI fast path (" .. info.source .. ")")
  end

  -- A floor of 16-pixel tiles (y down, top at 96) and a wall at x 160..176.
  local tiles = {}
  for i = 0, 19 do tiles[#tiles + 1] = AABB.fromRect(i * 16, 96, 16, 16) end
  local wall = AABB.fromRect(160, 48, 16, 48)
  tiles[#tiles + 1] = wall

  -- The player runs right and falls: it lands on the floor and stops at the
  -- wall, sliding along both, never inside a tile.
  local player = AABB(40, 40, 8, 12)
  local sweep = Sweep()
  local vx, vy, dt = 0, 0, 1 / 60
  local landed, blocked, overlaps = nil, nil, 0
  for frame = 1, 120 do
    vx, vy = 120, vy + 900 * dt
    local dx, dy = vx * dt, vy * dt
    for _ = 1, 3 do
      player:sweepInto(tiles, dx, dy, sweep)
      player.pos = sweep.pos
      local hit = sweep.hit
      if not hit then break end
      local n = hit.normal
      if n.y ~= 0 then
        vy = 0
        if n.y < 0 then landed = landed or frame end
      end
      if n.x ~= 0 then
        vx = 0
        if hit.collider == wall then blocked = blocked or frame end
      end
      local rest = 1 - sweep.time
      dx, dy = dx * rest, dy * rest
      if n.x ~= 0 then dx = 0 else dy = 0 end
    end
    for _, tile in ipairs(tiles) do
      if tile:intersectAABB(player) then overlaps = overlaps + 1 end
    end
  end
  check(overlaps == 0, "the player never overlaps a tile (" .. overlaps .. " times)")
  check(landed and landed <= 20, "the player lands on the floor (frame " .. tostring(landed) .. ")")
  check(blocked and blocked > (landed or 0), "the wall stops the player (frame " .. tostring(blocked) .. ")")
  check(near(player.pos.y, 84, 1e-4), "resting on the floor at y 84: " .. player.pos.y)
  check(near(player.pos.x, 152, 1e-4), "resting against the wall at x 152: " .. player.pos.x)
  check(player.pos.x <= 152 and player.pos.y <= 84, "short of contact, not in it")

  -- Segment tests with known answers.
  local box = AABB(100, 50, 10, 40)
  local hit = box:intersectSegment(0, 50, 200, 0)
  check(hit and near(hit.time, 0.45) and hit.pos.x == 90 and hit.pos.y == 50
        and hit.normal.x == -1 and hit.normal.y == 0 and hit.collider == box,
        "intersectSegment through the wall: time 0.45 at (90, 50), normal (-1, 0)")
  local out = impact.Hit()
  check(box:intersectSegment(0, 0, 200, 0, out) == nil,
        "intersectSegment above the wall misses")
  check(box:intersectSegment(95, 50, 0, 0, out) == out and out.time == 0,
        "a zero-length segment inside is a point test")
  check(box:intersectSegment(0, 50, 90, 0, out) == nil,
        "a segment ending exactly at contact misses")
  check(box:intersectSegment(0, 10, 200, 0, out) == nil,
        "a segment running along an edge misses")
  check(box:intersectSegment(80, 80, 20, 20, out) == out and out.time == 0.5,
        "a segment grazing a corner hits")

  local room = AABB.fromRect(100, 100, 200, 100)
  local kind, t0, t1 = room:clipSegment(20, 150, 400, 0)
  check(kind == "traverse" and near(t0, 0.2) and near(t1, 0.7),
        "clipSegment traverses the room over [0.2, 0.7]")
  kind, t0, t1 = impact.clipSegment(room, 150, 150, 100, 0)
  check(kind == "inside" and t0 == 0 and t1 == 1, "clipSegment inside")
  kind, t0, t1 = room:clipSegment(0, 0, 50, 50)
  check(kind == "outside" and t0 == nil and t1 == nil, "clipSegment outside")
  kind, t0, t1 = room:clipSegment(100, 150, -50, 0)
  check(kind == "exit" and t0 == 0 and t1 == 0, "clipSegment leaving from the boundary")

  local t, s = impact.sweepSegmentPoint(0, 0, 0, 0, 10, 0, 10, 0, 5, 5, 5, -5)
  check(near(t, 0.5) and near(s, 0.5), "sweepSegmentPoint: a point crossing a rope")
end

-- A bump-style world: a player falling onto a floor of tiles and walking
-- into a wall, a coin it passes through, a laser across the room.
local function world(newWorld)
  local world = newWorld(32)
  local hero, coin, wall = { name = "hero" }, { name = "coin" }, { name = "wall" }
  for i = 0, 9 do world:add({ name = "tile" .. i }, i * 16, 100, 16, 16) end
  world:add(wall, 120, 60, 16, 40)
  world:add(coin, 60, 80, 8, 8)
  world:add(hero, 10, 20, 12, 12)
  local function filter(_, other) return other == coin and "cross" or "slide" end
  local out, gotCoin, x, y, len = {}, false, 10, 20, 0
  local before
  for frame = 1, 200 do
    if frame == 101 then before = collectgarbage("count") end
    x, y, out, len = world:move(hero, x + 2, y + 3, filter, out)
    for i = 1, len do gotCoin = gotCoin or out[i].other == coin end
  end
  check(x == 108 and y == 88, ("the hero rests on the floor against the wall: %s, %s"):format(x, y))
  check(gotCoin, "the hero crossed the coin")
  check(collectgarbage("count") - before < 1, "moves into an out table allocate nothing")
  local items, n = world:querySegment(0, 108, 160, 108)
  check(n == 10 and items[1].name == "tile0" and items[10].name == "tile9",
        "a laser along the floor finds the tiles in order")
  return x
end

local function scene(o)
  if not carriesImpact() then  -- impact from the checkout, native
    local base = root()
    package.cpath = base .. "/" .. o.build .. "/?.so;" .. package.cpath
    package.path = base .. "/lua/?.lua;" .. base .. "/lua/?/init.lua;" .. package.path
  end
  local impact = require "impact"
  check(impact.backend == (carriesImpact() and "lua" or "native"),
        "the backend is " .. tostring(impact.backend))
  shapes(impact)
  local hero = world(require("impact.bump").newWorld)
  if o.broken then
    check(hero == 1000, "a deliberately wrong expectation")
  end
end

function love.load(args)
  local o = options(args or arg or {})
  local ok, err = xpcall(function() scene(o) end, debug.traceback)
  if not ok then
    failures = failures + 1
    say("love: error: " .. tostring(err))
  end
  say(string.format("love: %s, %s: %d checks, %d failed", _VERSION,
                    jit and jit.version or "no JIT", checks, failures))
  love.event.quit(failures == 0 and 0 or 1)
end
