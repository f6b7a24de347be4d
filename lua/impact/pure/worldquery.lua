-- The World's queries, by bump.lua 3.1.7's rules, as the native World has
-- them (src/worldquery.c): the items whose rectangle overlaps a rectangle,
-- holds a point (deeper than rect.DELTA) or is crossed by a segment (in
-- order along it). An optional filter(item) keeps the items it answers
-- true for; an optional last table receives the results instead of a new
-- one.
local rect = require "impact.pure.rect"
local grid = require "impact.pure.grid"
local cols = require "impact.pure.cols"
local object = require "impact.pure.object"
local shapes = require "impact.pure.shapes"
local worldshape = require "impact.pure.worldshape"
local distance = require "impact.pure.core.distance"
local castcore = require "impact.pure.core.cast"
local arccore = require "impact.pure.core.arc"

local select, rawget, rawset = select, rawget, rawset
local sort = table.sort
local rawlen = rawlen or function(t) return #t end
local intersects, containsPoint, segment = rect.intersects, rect.containsPoint, rect.segment
local checknumber = object.checknumber
local HUGE, abs = math.huge, math.abs
local rectsapart, segmentpassesrect = worldshape.rectsapart, worldshape.segmentpassesrect

local RECT, POINT, SEGMENT, SHAPE, ARC = 1, 2, 3, 4, 5

-- A query's scratch: candidate ids, and the items found with where a
-- segment enters and leaves them and their order along its line.
local function newscratch()
  return { cand = {}, item = {}, ti1 = {}, ti2 = {}, weight = {}, order = {}, n = 0,
           q = RECT, a = 0.0, b = 0.0, c = 0.0, d = 0.0, dx = 0.0, dy = 0.0, coords = false,
           rect = worldshape.newrectpolygon(), shapecopy = {} }
end

-- Empties the scratch for its pool, holding on to no item.
local function clearscratch(s)
  local item = s.item
  for i = 1, s.n do item[i] = nil end
  s.n = 0
end

-- Whether the rectangle of item id (in the arrays X, Y, W, H) answers the
-- query of the scratch s (kind q, numbers a, b, c, d, and a segment's
-- direction dx, dy); for a segment also ti1, ti2 and the weight that orders
-- it. The numbers are read here, as the arguments of the tests, rather
-- than passed in: under LuaJIT every number held in a frame below a branch
-- is one more value that a side trace leaving there must inherit, and past
-- about 16 of them it cannot compile ("register coalescing too complex").
local function test(s, X, Y, W, H, id)
  local q = s.q
  if q == RECT then
    return intersects(s.a, s.b, s.c, s.d, X[id], Y[id], W[id], H[id])
  end
  if q == POINT then return containsPoint(X[id], Y[id], W[id], H[id], s.a, s.b) end
  local ti1, ti2 = segment(X[id], Y[id], W[id], H[id], s.a, s.b, s.dx, s.dy, 0.0, 1.0)
  if not ti1 or not ((0 < ti1 and ti1 < 1) or (0 < ti2 and ti2 < 1)) then
    return false
  end
  -- bump orders by the infinite line, not the segment
  local li1, li2 = segment(X[id], Y[id], W[id], H[id], s.a, s.b, s.dx, s.dy, -HUGE, HUGE)
  return true, ti1, ti2, li1 < li2 and li1 or li2
end

-- The same for a shape item, exact on its shape (a point strictly inside,
-- a segment as intersectSegment has it, where it leaves only for the
-- info tables), after the first test on its rectangle: the test of
-- src/worldquery.c.
local function shapetest(s, kind, shape, X, Y, W, H, id)
  local q = s.q
  if q == RECT then
    return not rectsapart(s.a, s.b, s.c, s.d, X[id], Y[id], W[id], H[id])
       and distance.intersects("Polygon", worldshape.rectpolygon(s.a, s.b, s.c, s.d, s.rect),
                               kind, shape)
  end
  if segmentpassesrect(X[id], Y[id], W[id], H[id], s.a, s.b, s.c, s.d) then return false end
  if q == POINT then return castcore.intersectpoint(kind, shape, s.a, s.b) ~= nil end
  local t = castcore.intersectsegment(kind, shape, s.a, s.b, s.dx, s.dy)
  if not t then return false end
  local t1 = t
  if s.coords then
    local _, _, leave = castcore.clipsegment(kind, shape, s.a, s.b, s.dx, s.dy)
    if leave ~= nil and leave > t then t1 = leave end
  end
  return true, t, t1, t
end

-- Whether item id answers the query: by bump's rules, or a shape item on
-- its shape.
local function answers(g, s, X, Y, W, H, id)
  local kind = g.kinds[id]
  if s.q == ARC then
    local shape
    kind, shape = worldshape.geometry(g, id, s.rect)
    local t = arccore.intersectarc(kind, shape, s.x0, s.y0, s.vx, s.vy, s.gx, s.gy, 0.0)
    if not t then return false end
    return true, t, t, t
  end
  if s.q == SHAPE then
    if rectsapart(s.a, s.b, s.c, s.d, X[id], Y[id], W[id], H[id]) then return false end
    if not kind then
      return distance.intersects("Polygon", worldshape.rectpolygon(X[id], Y[id], W[id], H[id], s.rect),
                                 s.kind, s.shape)
    end
    return distance.intersects(s.kind, s.shape, kind, g.shapes[id])
  end
  if kind then return shapetest(s, kind, g.shapes[id], X, Y, W, H, id) end
  return test(s, X, Y, W, H, id)
end

local sorting
local function earlier(i, j)
  local weight = sorting.weight
  if weight[i] ~= weight[j] then return weight[i] < weight[j] end
  return i < j
end

-- Sorts the indices 1..n into o by weight, then in the order found: a
-- total order, so every way gives the same result. The items come in the
-- order the grid's walk met them, from the lower coordinate to the higher:
-- nearly sorted already, or nearly reversed (a segment going the other
-- way), which turning them around sorts nearly. Insertion then sorts in
-- about n steps, with no call per comparison as table.sort makes; past a
-- budget of 8 n steps (many items in one cell, in no order) table.sort
-- finishes. As the native World sorts them (src/worldquery.c).
local function sortfound(s, o, n)
  local weight = s.weight
  local reversed = weight[n] < weight[1]
  for k = 1, n do o[k] = reversed and n + 1 - k or k end
  for k = #o, n + 1, -1 do o[k] = nil end  -- table.sort sorts all of it
  local budget = 8 * n
  for k = 2, n do
    local i = o[k]
    local w, j = weight[i], k - 1
    while j >= 1 do
      local p = o[j]
      local wp = weight[p]
      if wp < w or (wp == w and p < i) then break end
      if budget == 0 then
        o[j + 1] = i
        sorting = s
        sort(o, earlier)
        sorting = nil
        return
      end
      budget = budget - 1
      o[j + 1] = p
      j = j - 1
    end
    o[j + 1] = i
  end
end

-- Writes the items the query finds into the out table as it finds them
-- (filters may see them there), and what it found of each into the
-- scratch s; returns how many.
local function collect(g, s, q, a, b, c, d, filter, out, coords)
  local cand = s.cand
  local n
  if q == RECT or q == SHAPE or q == ARC then n = grid.queryRect(g, cand, a, b, c, d)
  elseif q == POINT then n = grid.queryRect(g, cand, a, b, 0.0, 0.0)
  else n = grid.querySegment(g, a, b, c, d, cand) end
  local X, Y, W, H, alive, items = g.x, g.y, g.w, g.h, g.alive, g.items
  s.q, s.a, s.b, s.c, s.d, s.dx, s.dy = q, a, b, c, d, c - a, d - b
  s.coords = coords
  local found = 0
  for i = 1, n do
    local id = cand[i]
    if alive[id] then
      local ok, ti1, ti2, weight = answers(g, s, X, Y, W, H, id)
      if ok then
        local item = items[id]
        if filter then
          local changes = g.changes
          ok = filter(item)
          if ok and g.changes ~= changes then  -- is it still there, and hit?
            local now = g.ids[item]
            ok = false
            if now then
              ok, ti1, ti2, weight = answers(g, s, X, Y, W, H, now)
            end
          end
        end
        if ok then
          found = found + 1
          s.item[found], s.ti1[found], s.ti2[found], s.weight[found] = item, ti1, ti2, weight
          rawset(out, found, item)
        end
      end
    end
  end
  s.n = found
  return found
end

return function(World, internal)
  local take, give = internal.pool(newscratch, clearscratch)
  local checkworld, checkrect = internal.checkworld, internal.checkrect
  local optfilter, optout = internal.optfilter, internal.optout

  -- Runs the query with the filter and the out table that follow its
  -- arguments (narg: the filter's); returns the items (or with coords,
  -- bump's info tables) and their count.
  -- queryArc's path, read by query into its scratch.
  local path = { x0 = 0.0, y0 = 0.0, vx = 0.0, vy = 0.0, gx = 0.0, gy = 0.0 }

  local function query(g, fname, narg, q, a, b, c, d, filter, out, coords, kind, shape)
    filter = optfilter(narg, fname, filter)
    if not optout(narg + 1, fname, out) then out = {} end
    -- info tables go back to the pool first, so that each place gets its
    -- own table back
    if coords then cols.trim(g.infopool, out, 0) end
    local s = take()
    -- queryShape's shape: a copy, which a filter cannot move
    if kind then s.kind, s.shape = kind, worldshape.copy(kind, shape, s.shapecopy) end
    if q == ARC then
      s.x0, s.y0, s.vx, s.vy, s.gx, s.gy = path.x0, path.y0, path.vx, path.vy, path.gx, path.gy
    end
    local n = collect(g, s, q, a, b, c, d, filter, out, coords)
    local items, o = s.item, s.order
    if (q == SEGMENT or q == ARC) and n > 1 then
      sortfound(s, o, n)
      for k = 1, n do rawset(out, k, items[o[k]]) end
    else
      for i = 1, n do o[i] = i end
    end
    for k = rawlen(out), n + 1, -1 do rawset(out, k, nil) end
    if coords and q == ARC then
      local x0, y0, vx, vy, hx, hy = s.x0, s.y0, s.vx, s.vy, s.gx * 0.5, s.gy * 0.5
      for k = 1, n do
        local t = cols.get(g.infopool) or {}
        local ti = s.ti1[o[k]]
        rawset(t, "item", rawget(out, k))
        rawset(t, "ti", ti)
        rawset(t, "x", x0 + ti * (vx + ti * hx))
        rawset(t, "y", y0 + ti * (vy + ti * hy))
        rawset(out, k, t)
      end
    elseif coords then
      local dx, dy = c - a, d - b
      for k = 1, n do
        local i = o[k]
        local t = cols.get(g.infopool) or {}
        local ti1, ti2 = s.ti1[i], s.ti2[i]
        rawset(t, "item", rawget(out, k))
        rawset(t, "ti1", ti1)
        rawset(t, "ti2", ti2)
        rawset(t, "x1", a + dx * ti1)
        rawset(t, "y1", b + dy * ti1)
        rawset(t, "x2", a + dx * ti2)
        rawset(t, "y2", b + dy * ti2)
        rawset(out, k, t)
      end
    end
    give(s)
    return out, n
  end

  -- world:queryRect(x, y, w, h[, filter, out]) -> items, len
  function World.queryRect(...)
    local self, x, y, w, h, filter, out = ...
    local n = select("#", ...)
    local g = checkworld(self, "queryRect", n)
    x, y, w, h = checkrect(2, "queryRect", n, x, y, w, h)
    local items, len = query(g, "queryRect", 6, RECT, x, y, w, h, filter, out)
    return items, len
  end

  -- world:queryPoint(x, y[, filter, out]) -> items, len
  function World.queryPoint(...)
    local self, x, y, filter, out = ...
    local n = select("#", ...)
    local g = checkworld(self, "queryPoint", n)
    x = checknumber(x, 2, "queryPoint", n)
    y = checknumber(y, 3, "queryPoint", n)
    local items, len = query(g, "queryPoint", 4, POINT, x, y, x, y, filter, out)
    return items, len
  end

  -- world:queryShape(shape[, filter, out]) -> items, len: the items the
  -- shape overlaps (touching is no overlap), in the grid's order.
  function World.queryShape(...)
    local self, shape, filter, out = ...
    local n = select("#", ...)
    local g = checkworld(self, "queryShape", n)
    local kind = shapes.checkshape(shape, 2, "queryShape", n)
    local x, y, w, h = worldshape.rect(kind, shape)
    local items, len = query(g, "queryShape", 3, SHAPE, x, y, w, h, filter, out, false,
                             kind, shape)
    return items, len
  end

  -- The box that holds the arc over t in [0, 1]: its ends and its turning
  -- point, a little wider for their rounding (src/worldquery.c's arcbox).
  local function arcbox(x0, y0, vx, vy, gx, gy)
    local lox, hix, loy, hiy = x0, x0, y0, y0
    local function extend(t)
      local x = x0 + t * (vx + t * (gx * 0.5))
      local y = y0 + t * (vy + t * (gy * 0.5))
      if x < lox then lox = x end
      if x > hix then hix = x end
      if y < loy then loy = y end
      if y > hiy then hiy = y end
    end
    extend(1.0)
    if gx ~= 0 and -vx / gx > 0 and -vx / gx < 1 then extend(-vx / gx) end
    if gy ~= 0 and -vy / gy > 0 and -vy / gy < 1 then extend(-vy / gy) end
    local mx = (abs(x0) + abs(vx) + abs(gx)) * 2 ^ -40
    local my = (abs(y0) + abs(vy) + abs(gy)) * 2 ^ -40
    local x, y = lox - mx, loy - my
    return x, y, (hix + mx) - x, (hiy + my) - y
  end

  -- world:queryArc(x0, y0, vx, vy, gx, gy[, filter, out]) -> infos, len:
  -- the items that a point thrown along p0 + v t + g t^2 / 2, t in [0, 1],
  -- meets (intersectArc: touching is no meeting), in order of first
  -- contact, each as {item, ti, x, y}: when and where.
  function World.queryArc(...)
    local self, x0, y0, vx, vy, gx, gy, filter, out = ...
    local n = select("#", ...)
    local g = checkworld(self, "queryArc", n)
    x0 = checknumber(x0, 2, "queryArc", n)
    y0 = checknumber(y0, 3, "queryArc", n)
    vx = checknumber(vx, 4, "queryArc", n)
    vy = checknumber(vy, 5, "queryArc", n)
    gx = checknumber(gx, 6, "queryArc", n)
    gy = checknumber(gy, 7, "queryArc", n)
    path.x0, path.y0, path.vx, path.vy, path.gx, path.gy = x0, y0, vx, vy, gx, gy
    local x, y, w, h = arcbox(x0, y0, vx, vy, gx, gy)
    local items, len = query(g, "queryArc", 8, ARC, x, y, w, h, filter, out, true)
    return items, len
  end

  local function segmentquery(fname, coords, n, self, x1, y1, x2, y2, filter, out)
    local g = checkworld(self, fname, n)
    x1 = checknumber(x1, 2, fname, n)
    y1 = checknumber(y1, 3, fname, n)
    x2 = checknumber(x2, 4, fname, n)
    y2 = checknumber(y2, 5, fname, n)
    local items, len = query(g, fname, 6, SEGMENT, x1, y1, x2, y2, filter, out, coords)
    return items, len
  end

  -- world:querySegment(x1, y1, x2, y2[, filter, out]) -> items, len: in
  -- order along the segment.
  function World.querySegment(...)
    local items, len = segmentquery("querySegment", false, select("#", ...), ...)
    return items, len
  end

  -- world:querySegmentWithCoords(x1, y1, x2, y2[, filter, out]) -> infos,
  -- len: {item, ti1, ti2, x1, y1, x2, y2}, where the segment enters and
  -- leaves each item.
  function World.querySegmentWithCoords(...)
    local items, len = segmentquery("querySegmentWithCoords", true, select("#", ...), ...)
    return items, len
  end
end
