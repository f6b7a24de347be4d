-- The casts on an exact hull (src/core/xcast.c): a segment's first
-- contact, its clipping, and a point's push-out, the same decisions and
-- operations in the same order. Hits are returned as in core/aabb.lua:
-- time, pos, delta, normal as numbers, or nil.
local dd = require "impact.pure.core.dd"
local xplace = require "impact.pure.core.xplace"
local xspan = require "impact.pure.core.xspan"
local vec2 = require "impact.pure.point"

local huge = math.huge
local xvecof, xvecadd, xvecsub, edgeof = xplace.xvecof, xplace.xvecadd, xplace.xvecsub, xplace.edge
local place, heading, facing, line = xplace.place, xplace.heading, xplace.facing, xplace.line
local OUTSIDE, BOUNDARY, INSIDE = xplace.OUTSIDE, xplace.BOUNDARY, xplace.INSIDE
local normalize = vec2.normalize
local span = xspan.span

local xcast = {}

local DBL_MIN, DBL_EPSILON, STEPS = 2.2250738585072014e-308, 2 ^ -52, 64

local abs = require("impact.pure.core.exact").fabs  -- fabs: -0 is +0

-- v within [lo, hi], a NaN lo.
local function within(v, lo, hi)
  if v > lo then return v < hi and v or hi end
  return lo
end

-- Whether the box of the segment from p along d and the shape's box are
-- apart by more than the rounding of either.
local function apart(h, p, dx, dy)
  local lox, loy = p.x.approx, p.y.approx
  local hix, hiy = lox, loy
  local minx, miny, maxx, maxy, r = huge, huge, -huge, -huge, h.radius.approx
  if dx < 0 then lox = lox + dx else hix = hix + dx end
  if dy < 0 then loy = loy + dy else hiy = hiy + dy end
  local v = h.v
  for i = 0, h.n - 1 do
    local x, y = v[i].x.approx, v[i].y.approx
    if x < minx then minx = x end
    if x > maxx then maxx = x end
    if y < miny then miny = y end
    if y > maxy then maxy = y end
  end
  local slack = 2 ^ -40 * (abs(lox) + abs(hix) + abs(loy) + abs(hiy) + abs(minx)
    + abs(maxx) + abs(miny) + abs(maxy) + r)
  return maxx + r + slack < lox or minx - r - slack > hix or
         maxy + r + slack < loy or miny - r - slack > hiy
end

-- Whether the shape, met by the line, lies behind the end at p (for p
-- outside) or the line leaves it there (for p on the boundary).
local function beforeend(h, p, pl, d)
  if pl.where == INSIDE then return true end
  if pl.where == BOUNDARY then return heading(h, p, pl, d) == xplace.OUT end
  return facing(h, p, pl, d) > 0
end

local cast = { enter = 0.0, leave = 0.0, along = 0.0, nx = 0.0, ny = 0.0, edge = 0 }

-- The span's enter replaced by the time of first contact: 0 from a start
-- inside.
local function firstcontact(inside)
  cast.enter = inside and 0.0 or within(cast.enter, 0.0, 1.0)
  return cast
end

-- The segment from p along (dx, dy) (not zero) with the conventions of
-- imp_shape_intersect_segment: its span (a table reused by every call)
-- with enter replaced by the time of first contact, or nil.
function xcast.cast(h, p, dx, dy)
  local dv = xvecof(dx, dy)
  if apart(h, p, dx, dy) then return nil end
  local a = place(h, p)
  local inside = a.where == INSIDE
  if a.where == BOUNDARY then
    -- leaving, along a side or touching at time 0 is no hit
    if heading(h, p, a, dv) ~= xplace.IN then return nil end
    inside = true
  elseif a.where == OUTSIDE then
    if facing(h, p, a, dv) >= 0 then return nil end
    local endp = xvecadd(p, dv)
    if not beforeend(h, endp, place(h, endp), dv) then return nil end
  end
  local kind, touch = line(h, p, dv)
  if kind == xplace.LINE_MISS or kind == xplace.LINE_ALONG then return nil end
  span(h, p, dx, dy, kind, touch, cast)
  return firstcontact(inside)
end

-- A segment whose line surely crosses the inside (core/castfilter.lua),
-- from a start inside or not: its first contact as cast gives it, without
-- cast's exact decisions (imp_xhull_crossing); sidecrossing, through the
-- side from a to b that it surely enters by (imp_side_crossing).
function xcast.crossing(h, p, dx, dy, inside)
  span(h, p, dx, dy, xplace.LINE_CROSS, 0, cast)
  return firstcontact(inside)
end

function xcast.sidecrossing(a, b, p, dx, dy, inside)
  xspan.sideentry(a, b, p, dx, dy, cast)
  return firstcontact(inside)
end

local clipspan = { enter = 0.0, leave = 0.0, along = 0.0, nx = 0.0, ny = 0.0, edge = 0 }

-- imp_shape_clip_segment on the hull: kind, t0, t1 (as clip.lua names the
-- kinds).
function xcast.clip(h, p, dx, dy)
  local dv = xvecof(dx, dy)
  local endp = xvecadd(p, dv)
  local a = place(h, p)
  local in0 = a.where ~= OUTSIDE
  if dx == 0 and dy == 0 then
    if in0 then return "inside", 0.0, 1.0 end
    return "outside"
  end
  local b = place(h, endp)
  local in1 = b.where ~= OUTSIDE
  if in0 and in1 then return "inside", 0.0, 1.0 end
  local kind, touch = line(h, p, dv)
  if not in0 and not in1 and (kind == xplace.LINE_MISS or facing(h, p, a, dv) >= 0
                              or facing(h, endp, b, dv) <= 0) then
    return "outside"
  end
  span(h, p, dx, dy, kind, touch, clipspan)
  -- rounding must not carry a time to an end that is not in the shape
  local t0 = in0 and 0.0 or within(clipspan.enter, DBL_MIN, 1.0)
  local t1 = in1 and 1.0 or within(clipspan.leave, 0.0, 1 - DBL_EPSILON / 2)
  if a.where == BOUNDARY then  -- leaving at once: a touch
    local way = heading(h, p, a, dv)
    if way == xplace.OUT or way == xplace.TOUCH then t1 = 0.0 end
  end
  if b.where == BOUNDARY then  -- arriving at the end: a touch
    local way = heading(h, endp, b, dv)
    if way == xplace.IN or way == xplace.TOUCH then t0 = 1.0 end
  end
  if t0 > t1 then  -- one point, which rounding split
    if t1 > 0 then t0 = t1 else t1 = t0 end
  end
  if in0 then return "exit", t0, t1 end
  return in1 and "enter" or "traverse", t0, t1
end

-- The distance of the point at q from vertex k, or from edge k's line
-- (positive on its right, outside), and the unit normal to push along.
local function distancefrom(h, vertex, edge, q)
  if vertex >= 0 then
    local w = xvecsub(q, h.v[vertex])
    local nx, ny, len = normalize(w.x.approx, w.y.approx)
    return len, nx, ny
  end
  local e, w = edgeof(h, edge), xvecsub(q, h.v[edge])
  local ex, ey = e.x.approx, e.y.approx
  local ux, uy = w.x.approx, w.y.approx
  local nx, ny, len = normalize(ey, -ex)
  local ah, al = dd.mul(ey, 0.0, ux, 0.0)
  local d = dd.sub(ah, al, dd.mul(ex, 0.0, uy, 0.0))
  return d / len, nx, ny
end

-- The hull's side nearest to q, which lies in it, and the depth.
local function nearestside(h, q)
  local best, nx, ny = huge, 0.0, 1.0
  if h.n == 1 then return 0.0, nx, ny end
  for i = 0, h.n - 1 do
    local d, sx, sy = distancefrom(h, -1, i, q)
    local depth = -d
    if depth < best then best, nx, ny = depth, sx, sy end
  end
  return best > 0 and best or 0.0, nx, ny
end

-- imp_shape_intersect_point on the hull: the push-out of the point (x, y)
-- strictly inside, or nil.
function xcast.push(h, x, y)
  local q = xvecof(x, y)
  local pl = place(h, q)
  local r = h.radius.approx
  if pl.where ~= INSIDE then return nil end
  local depth, nx, ny
  if pl.hull then
    depth, nx, ny = nearestside(h, q)
    depth = depth + r
  else
    local d
    d, nx, ny = distancefrom(h, pl.vertex, pl.edge, q)
    depth = r - d
  end
  nx, ny = nx + 0.0, ny + 0.0  -- no -0
  local px, py = x + nx * depth, y + ny * depth
  -- moved by the delta in doubles, the point must be strictly outside
  local step = DBL_EPSILON * ((abs(x) + abs(y)) + depth) + 2 ^ -1074
  for _ = 1, STEPS do
    local moved = xvecof(x + nx * depth, y + ny * depth)
    if place(h, moved).where == OUTSIDE then break end
    depth = depth + step
    step = step + step
  end
  return 0.0, px, py, nx * depth, ny * depth, nx, ny
end

return xcast
