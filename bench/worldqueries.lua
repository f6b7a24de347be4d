-- The World of shapes' queries against slick and HC, side by side in one
-- run, on the scene of worldshapes.lua at its larger size (the level for
-- 1000 movers, with the movers in it at their starting places): ns per
-- query of impact (the native module, or under LuaJIT its fast path), its
-- pure-Lua backend, slick (SLICK_DIR) and HC (HC_DIR) on the same random
-- queries, how many times faster impact is, and how often each library
-- finds the same items as impact does.
--   queryShape/circle, queryShape/polygon: impact's
--     world:queryShape(shape, nil, out); slick's world:test(probe, x, y,
--     filter, query), its way to ask what a shape would overlap, with an
--     item of the same shape (slick's circles are its own polygons of 8 or
--     more vertices); HC's hc:collisions(shape).
--   queryRect: impact's world:queryRect(x, y, w, h, nil, out); slick's
--     world:queryRectangle; HC's hc:collisions of a rectangle.
--   querySegment: impact's world:querySegment(x1, y1, x2, y2, nil, out);
--     slick's world:querySegment. HC's hc:raycast looks only in the cells
--     of a box whose corners it does not order (it finds nothing in a ray
--     that reaches a column of cells to the right of its start or a row
--     below it), so it has no row here.
--   lua bench/worldqueries.lua <label> [case]   (bench/run.sh runs each)
-- WORLDQUERIES_CALLS (default 10000) sets the queries per timing.
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local impact = require "impact"
local measure = require "measure"
local same = require "agreement"
local peers = require "peers"

local label = arg[1] or _VERSION
local CALLS = tonumber(os.getenv("WORLDQUERIES_CALLS")) or 10000
local cases = { "queryShape/circle", "queryShape/polygon", "queryRect",
                "querySegment" }
local which = tonumber(arg[2])
if not which then
  print(#cases)
  return
end
local case = cases[which]
local unpack = table.unpack or unpack

local level = require("shapelevel")(impact, 1000)
local statics, movers, uniform = level.statics, level.movers, level.uniform
local TILE, CELL = level.TILE, level.CELL
local WIDTH, HEIGHT = level.WIDTH, level.HEIGHT

-- The queries: Q places, each with one of K shapes (circles of radius 4 to
-- 32, or convex polygons of 5 to 8 vertices as far from their origin),
-- rectangles 8 to 96 on a side, or segments 8 to 256 long at any angle.
local Q, K = 4096, 32
level.reseed(777)
local forms, queries = {}, {}
for k = 1, K do
  if case == "queryShape/circle" then
    forms[k] = { radius = uniform(4, 32) }
  else
    forms[k] = { own = level.convex(5 + math.floor(uniform(0, 4)),
                                    uniform(4, 32)) }
  end
end
for i = 1, Q do
  local q = { k = 1 + math.floor(uniform(0, K)),
              x = uniform(0, WIDTH), y = uniform(-TILE, HEIGHT) }
  if case == "queryRect" then
    q.w, q.h = uniform(8, 96), uniform(8, 96)
  elseif case == "querySegment" then
    local length, angle = uniform(8, 256), uniform(0, 2 * math.pi)
    q.x2, q.y2 = q.x + length * math.cos(angle), q.y + length * math.sin(angle)
  end
  queries[i] = q
end

-- Each library gives query(q, i) -> how many answers query i found and
-- what the library answered, and each(answer, f), which calls f(item) for
-- each item found in that answer.
local function impactQueries(lib)
  local world, out = level.world(lib), {}
  local query
  if case == "queryRect" then
    function query(q)
      local items, len = world:queryRect(q.x, q.y, q.w, q.h, nil, out)
      return len, items
    end
  elseif case == "querySegment" then
    function query(q)
      local items, len = world:querySegment(q.x, q.y, q.x2, q.y2, nil, out)
      return len, items
    end
  else
    -- a shape of its own for every query, already in place
    local shapes = {}
    for i, q in ipairs(queries) do
      local form = forms[q.k]
      shapes[i] = form.own and lib.Polygon(form.own, q.x, q.y)
                            or lib.Circle(q.x, q.y, form.radius)
    end
    function query(_, i)
      local items, len = world:queryShape(shapes[i], nil, out)
      return len, items
    end
  end
  return query, function(items, len, f)
    for j = 1, len do f(items[j]) end
  end
end

local function slickQueries()
  local slick, why = peers.slick()
  if not slick then return nil, why end
  local world = level.slickworld(slick)
  local reuse = slick.newWorldQuery(world)
  -- a response for each shape met (its item, or in a test its other),
  -- now and then more than one for a shape that a segment crosses
  local function each(results, len, f)
    for j = 1, len do f(results[j].other or results[j].item) end
  end
  local function keep(item) return not item.probe end
  if case == "queryRect" then
    return function(q)
      local results, len = world:queryRectangle(q.x, q.y, q.w, q.h, keep,
                                                reuse)
      return len, results
    end, each
  elseif case == "querySegment" then
    return function(q)
      local results, len = world:querySegment(q.x, q.y, q.x2, q.y2, keep,
                                              reuse)
      return len, results
    end, each
  end
  -- The probes: an item of each shape, in the level's top left corner
  -- (inside its walls); each query tests one at the query's place.
  local probes = {}
  for k, form in ipairs(forms) do
    probes[k] = { probe = true }
    world:add(probes[k], -TILE / 2, -TILE / 2, form.own
              and slick.newPolygonShape(form.own)
              or slick.newCircleShape(0, 0, form.radius))
  end
  local function filter(_, other) return not other.probe and "slide" end
  return function(q)
    local results, len = world:test(probes[q.k], q.x, q.y, filter, reuse)
    return len, results
  end, each
end

local function hcQueries()
  if case == "querySegment" then return nil, "no row (see the header)" end
  local HC, shapesOrWhy = peers.HC()
  if not HC then return nil, shapesOrWhy end
  local Shapes, hc, itemOf = shapesOrWhy, HC.new(CELL), {}
  for _, s in ipairs(statics) do
    if s.kind == "rect" then itemOf[hc:rectangle(s.x, s.y, s.w, s.h)] = s
    else itemOf[hc:polygon(unpack(s.shape:vertices()))] = s end
  end
  for _, m in ipairs(movers) do
    local v = m.own and impact.Polygon(m.own, m.x, m.y):vertices()
    itemOf[v and hc:polygon(unpack(v)) or hc:circle(m.x, m.y, m.radius)] = m
  end
  -- a shape of its own for every query, outside the spatial hash
  local shapes = {}
  for i, q in ipairs(queries) do
    local form = forms[q.k]
    if case == "queryRect" then
      shapes[i] = Shapes.newPolygonShape(q.x, q.y, q.x + q.w, q.y,
                                         q.x + q.w, q.y + q.h, q.x, q.y + q.h)
    elseif form.own then
      shapes[i] = Shapes.newPolygonShape(
        unpack(impact.Polygon(form.own, q.x, q.y):vertices()))
    else
      shapes[i] = Shapes.newCircleShape(q.x, q.y, form.radius)
    end
  end
  return function(_, i)
    local len, found = 0, hc:collisions(shapes[i])
    for _ in pairs(found) do len = len + 1 end
    return len, found
  end, function(found, _, f)
    for shape in pairs(found) do f(itemOf[shape]) end
  end
end

-- ns and bytes per query over the Q queries in turn, and the items that
-- each query found, as sets.
local function time(query, each)
  local function loop(n)
    local found = 0
    for j = 1, n do
      local i = (j - 1) % Q + 1
      found = found + query(queries[i], i)
    end
    return found
  end
  local ns, bytes = measure(loop, CALLS, math.min(CALLS, 1000))
  local sets = {}
  for i, q in ipairs(queries) do
    local set, len, answer = {}, query(q, i)
    each(answer, len, function(item) set[item] = true end)
    sets[i] = set
  end
  return ns, bytes, sets
end

-- How often a library's answer holds the same items as impact's.
local function agreement(sets, base)
  return ("%5.1f%%"):format(100 * same(sets, base))
end

local ns, bytes, base = time(impactQueries(impact))
local found = 0
for i = 1, Q do
  for _ in pairs(base[i]) do found = found + 1 end
end
local pureNs, pureBytes, pureSets = time(impactQueries(require "impact.pure"))
local row = { case, label, ("%.0f"):format(ns), ("%.0f"):format(bytes),
              ("%.2f"):format(found / Q), ("%.0f"):format(pureNs),
              ("%.0f"):format(pureBytes), agreement(pureSets, base) }
for _, load in ipairs { slickQueries, hcQueries } do
  local query, each = load()
  if query then
    local peerNs, _, sets = time(query, each)
    row[#row + 1] = ("%.0f"):format(peerNs)
    row[#row + 1] = ("%.1f"):format(peerNs / ns)
    row[#row + 1] = ("%.1f"):format(peerNs / pureNs)
    row[#row + 1] = agreement(sets, base)
  else
    row[#row + 1] = each            -- why not
    for _ = 1, 3 do row[#row + 1] = "" end
  end
end
print("| " .. table.concat(row, " | ") .. " |")
