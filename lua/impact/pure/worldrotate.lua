-- World:rotate, as the native World has it (src/worldrotate.c): a shape
-- item turns about its pos towards an angle and stops at the first contact
-- (the turning sweep, which never passes through) that the filter's
-- response does not cross. Every item the turn can reach is swept first;
-- the filter is then asked about them in order of contact.
local grid = require "impact.pure.grid"
local cols = require "impact.pure.cols"
local worldshape = require "impact.pure.worldshape"
local turnsweep = require "impact.pure.core.turnsweep"
local distance = require "impact.pure.core.distance"
local hullcore = require "impact.pure.core.hull"
local object = require "impact.pure.object"

local abs = math.abs
local rawset, select, sort = rawset, select, table.sort
local checknumber, argerror = object.checknumber, object.argerror

-- The box that holds the shape however it turns about its pos: half sizes
-- the sum of the bounds' farthest reaches along each axis, a little more
-- for rounding.
local function turnbox(kind, o)
  local bx, by, hx, hy = hullcore.bounds(kind, o)
  local px, py = o["\0px"], o["\0py"]
  local r = ((abs(bx - px) + hx) + (abs(by - py) + hy)) * (1 + 2 ^ -20)
  return px - r, py - r, r + r, r + r
end

local function bytime(a, b)
  if a.time ~= b.time then return a.time < b.time end
  return a.order < b.order
end

-- The contacts of the item of id (kind, shape) turning by dangle, sorted
-- by time: each {id, time, angle, x, y, nx, ny, overlaps, the other's
-- rectangle, order}.
local function contacts(g, id, kind, shape, dangle)
  local cand, found = {}, {}
  local n = grid.queryRect(g, cand, turnbox(kind, shape))
  local rect = worldshape.newrectpolygon()
  for i = 1, n do
    local oid = cand[i]
    if oid ~= id and g.alive[oid] then
      local okind, other = worldshape.geometry(g, oid, rect)
      local angle, time, x, y, ht, _, _, _, _, nx, ny =
        turnsweep.sweep(okind, other, kind, shape, 0.0, 0.0, dangle)
      if ht then
        found[#found + 1] = { id = oid, time = time, angle = angle, x = x, y = y,
                              nx = worldshape.normal(nx), ny = worldshape.normal(ny),
                              overlaps = time == 0 and distance.intersects(okind, other, kind, shape),
                              ox = g.x[oid], oy = g.y[oid], ow = g.w[oid], oh = g.h[oid],
                              order = #found }
      end
    end
  end
  if #found > 1 then sort(found, bytime) end
  return found
end

return function(World, internal)
  local checkworld, checkitem = internal.checkworld, internal.checkitem
  local optfilter, optout = internal.optfilter, internal.optout

  -- world:rotate(item, angle[, filter[, out]]) -> angle, cols, len: the
  -- angle reached, and the collisions on the way (those crossed, then the
  -- one that stopped it), each other item at most once.
  function World.rotate(...)
    local self, item, angle, filter, out = ...
    local n = select("#", ...)
    local g = checkworld(self, "rotate", n)
    local id = checkitem(g, item, "rotate")
    angle = checknumber(angle, 3, "rotate", n)
    filter = optfilter(4, "rotate", filter)
    local given = optout(5, "rotate", out)
    if not given then out = {} end
    local kind, shape = g.kinds[id], g.shapes[id]
    if not kind or kind == "AABB" then
      argerror(2, "rotate", kind and "an AABB item does not turn"
                            or "a rectangle item does not turn")
    end
    local reached, ncols = angle, 0
    local bx, by, bw, bh = worldshape.rect(kind, shape)
    local changes = g.changes
    local found = kind == "Circle" and {} or contacts(g, id, kind, shape, angle - shape["\0a"])
    for k = 1, #found do
      local c = found[k]
      local other = g.items[c.id]
      local answer, stop = "slide", true
      if filter then
        answer = filter(item, other)
        stop = answer ~= "cross"
      end
      if answer then
        ncols = ncols + 1
        rawset(out, ncols, cols.fill(cols.reused(g.colpool, given, ncols), item, other, answer,
                                     c.overlaps, c.time, 0.0, 0.0, c.nx, c.ny, c.x, c.y,
                                     bx, by, bw, bh, c.ox, c.oy, c.ow, c.oh))
        if stop then
          reached = c.angle
          break
        end
      end
    end
    if given then cols.trim(g.colpool, out, ncols) end
    if kind ~= "Circle" then
      local now = id
      if g.changes ~= changes then now = g.ids[item] end
      local at = now and g.shapes[now]
      if at and g.kinds[now] ~= "AABB" then
        at = worldshape.copy(g.kinds[now], at)
        hullcore.setangle(at, reached)
        internal.put(g, now, worldshape.rect(g.kinds[now], at))
        g.shapes[now] = at
      end
    end
    return reached, out, ncols
  end
end
