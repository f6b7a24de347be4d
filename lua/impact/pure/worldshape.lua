-- The World's shape items, as src/core/worldshape.c has them: a copy of
-- an item's shape, kept beside the grid (which keeps its bounds), a bump
-- rectangle met by a shape as the polygon it is, and bump's collision of a
-- pair where either is a shape, made of the exact sweep and push-out.
local hullcore = require "impact.pure.core.hull"
local shapesweep = require "impact.pure.core.shapesweep"
local pushout = require "impact.pure.core.pushout"
local object = require "impact.pure.object"

local ipairs, rawset, setmetatable, sqrt = ipairs, rawset, setmetatable, math.sqrt
-- (without integers, as lua_pushinteger makes them: -0 is 0)
local tointeger = math.tointeger or function(v) return v + 0.0 end

-- A normal's coordinate as the collision tables have it: bump's are the
-- integers -1, 0 and 1; a shape's slanted side's are fractions.
local function normal(v) return tointeger(v) or v end

local worldshape = {}
worldshape.normal = normal

-- The fields that make each kind's geometry (a copy leaves out views and a
-- script's own fields).
local GEOMETRY = {
  AABB = { "\0px", "\0py", "\0hx", "\0hy", "\0c", "\0s" },
  OBB = { "\0px", "\0py", "\0hx", "\0hy", "\0a", "\0c", "\0s" },
  Circle = { "\0px", "\0py", "\0r" },
  Capsule = { "\0px", "\0py", "\0a", "\0c", "\0s", "\0ax", "\0ay", "\0bx", "\0by", "\0r" },
  Polygon = { "\0px", "\0py", "\0a", "\0c", "\0s", "\0n", "\0v" },
}

-- A copy of the shape o of the kind named: into out when given.
function worldshape.copy(kind, o, out)
  local meta = object.meta[kind]
  out = out or setmetatable({}, meta)
  rawset(out, "\0", meta)
  for _, k in ipairs(GEOMETRY[kind]) do rawset(out, k, o[k]) end
  return out
end

-- The shape's bounds as left, top, width and height.
function worldshape.rect(kind, o)
  local px, py, hx, hy = hullcore.bounds(kind, o)
  return px - hx, py - hy, hx + hx, hy + hy
end

-- The rectangle as the polygon at its (x, y) whose corners are bump's: at
-- angle 0 a polygon's world vertex is pos + v, each sum rounded. into is a
-- polygon table kept for it.
function worldshape.rectpolygon(x, y, w, h, into)
  local v = into["\0v"]
  v[3], v[5], v[6], v[8] = w, w, h, h
  into["\0px"], into["\0py"] = x, y
  return into
end

-- Item id's geometry in the grid g: a shape item's kind and shape, or a
-- rectangle item as its polygon, made in into (imp_item_geometry).
function worldshape.geometry(g, id, into)
  local kind = g.kinds[id]
  if kind then return kind, g.shapes[id] end
  return "Polygon", worldshape.rectpolygon(g.x[id], g.y[id], g.w[id], g.h[id], into)
end

function worldshape.newrectpolygon()
  return { ["\0"] = object.meta.Polygon, ["\0px"] = 0.0, ["\0py"] = 0.0, ["\0a"] = 0.0,
           ["\0c"] = 1.0, ["\0s"] = 0.0, ["\0n"] = 4,
           ["\0v"] = { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 } }
end

-- moving (at its pos) heading for (gx, gy) against the static other, as
-- rect.collide for shapes (imp_shape_detect): nil when they do not
-- collide, else overlaps, ti, the normal, and touch (where moving's pos is
-- then) and move.
function worldshape.detect(okind, other, mkind, moving, gx, gy)
  local fx, fy = moving["\0px"], moving["\0py"]
  local mx, my = gx - fx, gy - fy
  local time, sx, sy, enter, _, _, _, _, nx, ny =
    shapesweep.sweep(okind, other, mkind, moving, mx, my)
  if not enter then return nil end
  -- starting in overlap, the sweep stops at 0: out by the push-out
  if time == 0 then
    local t, _, _, dx, dy, pnx, pny = pushout.overlap(okind, other, mkind, moving)
    if t then
      return true, -sqrt(dx * dx + dy * dy), normal(pnx), normal(pny), fx + dx, fy + dy, mx, my
    end
  end
  return false, time, normal(nx), normal(ny), sx, sy, mx, my
end

-- world:push's search (imp_push_search): where a shape at (sx, sy) that
-- overlaps others goes by the shortest way out. blocking(ud, x, y, pushx,
-- pushy) writes the push-outs of what still holds the shape placed at
-- (x, y) into the arrays pushx, pushy and returns how many. From each place
-- tried, every push-out gives a place to try, kept in the order found; the
-- nearest to the start not tried yet (the first of equals) comes next,
-- until one is clear (returned) or CANDIDATES places are found without
-- one (nil).
local CANDIDATES = 64
worldshape.CANDIDATES = CANDIDATES

-- The queries' cheap first tests (src/core/worldshape.c): whether two
-- rectangles, or a segment (a point when it has no length) and a
-- rectangle, lie apart by more than rounding, so that the shape that a
-- shape item's rectangle holds cannot meet the other.
local abs = math.abs
local function slack(a, b, c, d) return 2 ^ -40 * (abs(a) + abs(b) + abs(c) + abs(d)) end

function worldshape.rectsapart(ax, ay, aw, ah, bx, by, bw, bh)
  local sx, sy = slack(ax, aw, bx, bw), slack(ay, ah, by, bh)
  return ax + aw + sx < bx or bx + bw + sx < ax or ay + ah + sy < by or by + bh + sy < ay
end

-- [lo, hi] narrowed to the times of the segment from p along d within
-- [min, max]; nil when none are left (a NaN leaves it).
local function clipaxis(p, d, min, max, lo, hi)
  if d == 0 then
    if p < min or p > max then return nil end
    return lo, hi
  end
  local t0, t1 = (min - p) / d, (max - p) / d
  if d < 0 then t0, t1 = t1, t0 end
  if t0 > lo then lo = t0 end
  if t1 < hi then hi = t1 end
  if lo > hi then return nil end
  return lo, hi
end

function worldshape.segmentpassesrect(x, y, w, h, x1, y1, x2, y2)
  local s = slack(x, w, x1, x2) + slack(y, h, y1, y2)
  local lo, hi = clipaxis(x1, x2 - x1, x - s, x + w + s, 0.0, 1.0)
  return not (lo and clipaxis(y1, y2 - y1, y - s, y + h + s, lo, hi))
end

function worldshape.pushsearch(sx, sy, blocking, ud)
  local cx, cy, tried, px, py = {}, {}, {}, {}, {}
  local n, x, y = 0, sx, sy
  while true do
    local m = blocking(ud, x, y, px, py)
    if m == 0 then return x, y end
    for k = 1, m do
      if n == CANDIDATES then break end
      local nx, ny = x + px[k], y + py[k]
      local seen = false
      for i = 1, n do
        if cx[i] == nx and cy[i] == ny then seen = true break end
      end
      if not seen then
        n = n + 1
        cx[n], cy[n], tried[n] = nx, ny, false
      end
    end
    local best, bestd
    for i = 1, n do
      if not tried[i] then
        local dx, dy = cx[i] - sx, cy[i] - sy
        local d = dx * dx + dy * dy
        if not best or d < bestd then best, bestd = i, d end
      end
    end
    if not best then return nil end
    tried[best] = true
    x, y = cx[best], cy[best]
  end
end

return worldshape
