-- love.physics (Box2D, in LÖVE 11) against impact's World, side by side in
-- one headless run, on the static level of worldshapes.lua at its larger
-- size (the level for 1000 movers, without the movers): the level as one
-- static body per item (rectangles and polygons, none over 8 vertices) in a
-- love.physics World, and as items of an impact World (the LuaJIT build).
-- On the same random segments (8 to 256 long, at any angle) and boxes (8 to
-- 96 on a side): World:rayCast, whose callback returns 1 so that the ray
-- goes on to its end and every fixture it meets is reported, as
-- querySegment reports every item, against world:querySegment(x1, y1, x2,
-- y2, nil, out); World:queryBoundingBox, whose callback returns true to go
-- on, against world:queryRect(x, y, w, h, nil, out). Prints ns per query,
-- how many times faster impact is, the items found per query, and how
-- often both find the same items. Box2D's box query answers by the fat
-- bounding boxes of its tree, impact's by each item's own shape; its ray
-- misses a polygon that the ray starts inside.
--   love bench/love [--build DIR]     (DIR: default build-luajit)
-- WORLDQUERIES_CALLS (default 10000) sets the queries per timing.

local function say(...)
  io.stdout:write(table.concat({ ... }, " "), "\n")
  io.stdout:flush()
end

function love.errorhandler(msg)
  say("love: error: " .. tostring(msg))
  say(debug.traceback("", 2))
  return function() return 1 end
end

-- The checkout: this game lives in bench/love inside it.
local function root()
  local source = love.filesystem.getSource()
  local trimmed = source:gsub("[/\\]bench[/\\]love[/\\]?$", "")
  if trimmed ~= source then return trimmed end
  return source .. "/../.."
end

local function options(args)
  local o = { build = "build-luajit" }
  for i = 1, #args do
    if args[i] == "--build" then o.build = args[i + 1] end
  end
  return o
end

local function bench(o)
  local base = root()
  package.cpath = base .. "/" .. o.build .. "/?.so;" .. package.cpath
  package.path = base .. "/bench/?.lua;" .. base .. "/lua/?.lua;" .. base
                 .. "/lua/?/init.lua;" .. package.path
  local impact = require "impact"
  local measure = require "measure"
  local same = require "agreement"
  local CALLS = tonumber(os.getenv("WORLDQUERIES_CALLS")) or 10000
  local level = require("shapelevel")(impact, 1000)
  local uniform = level.uniform

  local world, out = impact.World(level.CELL), {}
  local physics = love.physics.newWorld(0, 0, true)
  for _, s in ipairs(level.statics) do
    local body = love.physics.newBody(physics, 0, 0, "static")
    local shape
    if s.kind == "rect" then
      world:add(s, s.x, s.y, s.w, s.h)
      shape = love.physics.newRectangleShape(s.x + s.w / 2, s.y + s.h / 2,
                                             s.w, s.h)
    else
      world:add(s, s.shape)
      shape = love.physics.newPolygonShape(s.shape:vertices())
    end
    love.physics.newFixture(body, shape):setUserData(s)
  end

  local Q = 4096
  level.reseed(777)
  local segments, boxes = {}, {}
  for i = 1, Q do
    local x, y = uniform(0, level.WIDTH), uniform(-level.TILE, level.HEIGHT)
    local length, angle = uniform(8, 256), uniform(0, 2 * math.pi)
    segments[i] = { x, y, x + length * math.cos(angle),
                    y + length * math.sin(angle) }
    x, y = uniform(0, level.WIDTH), uniform(-level.TILE, level.HEIGHT)
    boxes[i] = { x, y, uniform(8, 96), uniform(8, 96) }
  end

  -- Each query(i, f) returns how many items query i found and calls f,
  -- when given, with each of them.
  local found, keep = 0, nil
  local function onHit(fixture)
    found = found + 1
    if keep then keep(fixture:getUserData()) end
    return 1
  end
  local function onBox(fixture)
    found = found + 1
    if keep then keep(fixture:getUserData()) end
    return true
  end
  local function answer(items, len, f)
    if f then for j = 1, len do f(items[j]) end end
    return len
  end
  local cases = {
    { "querySegment", function(i, f)
        local s = segments[i]
        local items, len = world:querySegment(s[1], s[2], s[3], s[4], nil, out)
        return answer(items, len, f)
      end, function(i, f)
        local s = segments[i]
        found, keep = 0, f
        physics:rayCast(s[1], s[2], s[3], s[4], onHit)
        return found
      end },
    { "queryRect", function(i, f)
        local b = boxes[i]
        local items, len = world:queryRect(b[1], b[2], b[3], b[4], nil, out)
        return answer(items, len, f)
      end, function(i, f)
        local b = boxes[i]
        found, keep = 0, f
        physics:queryBoundingBox(b[1], b[2], b[1] + b[3], b[2] + b[4], onBox)
        return found
      end },
  }

  local function time(query)
    local ns = measure(function(n)
      local sum = 0
      for j = 1, n do sum = sum + query((j - 1) % Q + 1) end
      return sum
    end, CALLS)
    local sets, total = {}, 0
    for i = 1, Q do
      local set = {}
      total = total + query(i, function(item) set[item] = true end)
      sets[i] = set
    end
    return ns, total / Q, sets
  end

  local major, minor, revision = love.getVersion()
  say(("%d static items; %s, LÖVE %d.%d.%d"):format(#level.statics,
      jit and jit.version or _VERSION, major, minor, revision))
  say("")
  say("| query | impact ns | love.physics ns | x impact | impact found | "
      .. "love.physics found | same items |")
  say("|---|--:|--:|--:|--:|--:|--:|")
  for _, case in ipairs(cases) do
    local ns, perQuery, sets = time(case[2])
    local peerNs, peerPerQuery, peerSets = time(case[3])
    say(("| %s | %.0f | %.0f | %.1f | %.2f | %.2f | %.1f%% |"):format(
      case[1], ns, peerNs, peerNs / ns, perQuery, peerPerQuery,
      100 * same(peerSets, sets)))
  end
end

function love.load(args)
  local ok, err = xpcall(function() bench(options(args or arg or {})) end,
                         debug.traceback)
  if not ok then say("love: error: " .. tostring(err)) end
  love.event.quit(ok and 0 or 1)
end
