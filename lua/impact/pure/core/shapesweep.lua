-- A shape swept against another (src/core/shapesweep.c): a cast from the
-- origin along d against their Minkowski difference, decided exactly on
-- the differences of the vertices, the stop EPSILON of time short of
-- contact and stepped back while the placed shape still overlaps (a miss
-- that ends within rounding of the static shape too, from 1); the same
-- operations in the same order. Results as core/obb.lua's sweepOBB
-- returns them: time, x, y, and when stopped the hit's time, pos, delta
-- and normal.
local aabbcore = require "impact.pure.core.aabb"
local obbcore = require "impact.pure.core.obb"
local hullcore = require "impact.pure.core.hull"
local linear = require "impact.pure.core.linear"
local xplace = require "impact.pure.core.xplace"
local xcast = require "impact.pure.core.xcast"
local distance = require "impact.pure.core.distance"
local pushout = require "impact.pure.core.pushout"

local linsum, linadd, signdiff = linear.sum, linear.add, linear.signdiff
local crosssigndiff = xplace.crosssigndiff
local EPSILON = aabbcore.EPSILON
local abs = math.abs

local shapesweep = {}

-- The vertices of h exactly, negated when sign is -1, into out[0..n)
-- (the tables there from an earlier sweep rewritten: no sweep keeps
-- them).
local function vertices(h, sign, out)
  for i = 0, h.n - 1 do
    local v = out[i] or { x = false, y = false }
    v.x = linsum(sign * h.x[i], sign * h.lx[i], v.x or nil)
    v.y = linsum(sign * h.y[i], sign * h.ly[i], v.y or nil)
    out[i] = v
  end
end

-- How many edges a hull of n vertices has: a segment's two, there and
-- back; a point none.
local function edges(n) return n == 1 and 0 or n end

-- The lowest vertex (then leftmost) of v[0..n).
local function lowest(v, n)
  local best = 0
  for i = 1, n - 1 do
    local y = signdiff(v[i].y, v[best].y)
    if y < 0 or (y == 0 and signdiff(v[i].x, v[best].x) < 0) then best = i end
  end
  return best
end

-- 0 for the direction of v1 - v0 at an angle in [0, pi) from the x axis,
-- else 1.
local function half(v1, v0)
  local y = signdiff(v1.y, v0.y)
  if y > 0 or (y == 0 and signdiff(v1.x, v0.x) > 0) then return 0 end
  return 1
end

-- The sign of angle(v) - angle(w), both in [0, 2 pi), for the edges v from
-- v0 to v1 and w from w0 to w1.
local function angleorder(v1, v0, w1, w0)
  local hv, hw = half(v1, v0), half(w1, w0)
  if hv ~= hw then return hv - hw end
  return -crosssigndiff(v1, v0, w1, w0)
end

-- The difference a - m: its exact hull, and for each vertex the static
-- hull's and the moving hull's whose difference it is.
local diff = { n = 0, v = {}, radius = false, fromstatic = {}, frommoving = {} }
local va, vm = {}, {}

local function addvertex(i, j)
  local k = diff.n
  local v = diff.v[k] or { x = false, y = false }
  diff.n = k + 1
  v.x = linadd(va[i].x, vm[j].x, v.x or nil)
  v.y = linadd(va[i].y, vm[j].y, v.y or nil)
  diff.v[k] = v
  diff.fromstatic[k], diff.frommoving[k] = i, j
end

-- The edges of a and of -m merged by angle from the lowest vertices,
-- parallel ones in one step.
local function minkowski(a, m)
  local ea, em, na, nm = edges(a.n), edges(m.n), 0, 0
  vertices(a, 1.0, va)
  vertices(m, -1.0, vm)
  local i, j = lowest(va, a.n), lowest(vm, m.n)
  diff.n = 0
  diff.radius = linsum(a.radius, m.radius)
  addvertex(i, j)
  while na < ea or nm < em do
    local order
    if na == ea then order = 1
    elseif nm == em then order = -1
    else
      order = angleorder(va[(i + 1) % a.n], va[i], vm[(j + 1) % m.n], vm[j])
    end
    if order <= 0 then i, na = (i + 1) % a.n, na + 1 end
    if order >= 0 then j, nm = (j + 1) % m.n, nm + 1 end
    if na < ea or nm < em then addvertex(i, j) end
  end
end

local function isfinite(v) return v - v == 0 end

local function rectangle(kind) return kind == "AABB" or kind == "OBB" end

-- The contact on the static shape: its hull's point that the span's
-- nearest point of the difference comes from, out by its radius.
local function contact(a, s)
  local k = s.edge
  local i, j = diff.fromstatic[k], diff.fromstatic[(k + 1) % diff.n]
  local u = s.along
  local x = (a.x[i] + a.lx[i]) * (1 - u) + (a.x[j] + a.lx[j]) * u
  local y = (a.y[i] + a.ly[i]) * (1 - u) + (a.y[j] + a.ly[j]) * u
  return x + a.radius * s.nx, y + a.radius * s.ny
end

-- The stop time and place from stop, stepping back while moving overlaps
-- there.
local placed = {}
local function stopshort(kind, o, mkind, moving, sx, sy, dx, dy, stop)
  local step = EPSILON
  while true do
    stop = stop > 0 and (stop < 1 and stop or 1.0) or 0.0
    local px, py = sx + dx * stop, sy + dy * stop
    if stop == 0 then return stop, px, py end
    hullcore.moved(moving, px, py, placed)
    if not distance.intersects(kind, o, mkind, placed) then return stop, px, py end
    stop = stop - step
    step = step + step
  end
end

-- The bounds of hull h moved by (dx, dy), its radius included.
local function bounds(h, dx, dy)
  local lx, ly = h.x[0], h.y[0]
  local hx, hy = lx, ly
  for i = 1, h.n - 1 do
    local x, y = h.x[i], h.y[i]
    if x < lx then lx = x end
    if y < ly then ly = y end
    if x > hx then hx = x end
    if y > hy then hy = y end
  end
  local r = h.radius
  return lx + (dx - r), ly + (dy - r), hx + (dx + r), hy + (dy + r)
end

-- Whether the moving hull m, from (sx, sy) and moved by the whole delta,
-- lies apart from the static hull a by far more than the rounding of its
-- placement there and of these bounds.
local function apartatend(a, m, sx, sy, dx, dy)
  local alx, aly, ahx, ahy = bounds(a, 0, 0)
  local mlx, mly, mhx, mhy = bounds(m, dx, dy)
  local size = 2 ^ -40 * (abs(sx) + abs(sy) + abs(dx) + abs(dy) + abs(alx)
    + abs(aly) + abs(ahx) + abs(ahy) + abs(mlx) + abs(mly) + abs(mhx) + abs(mhy))
  return mlx - ahx > size or alx - mhx > size or mly - ahy > size or aly - mhy > size
end

local ha, hm = hullcore.new(), hullcore.new()
local origin = xplace.xvecof(0.0, 0.0)

function shapesweep.sweep(kind, o, mkind, moving, dx, dy)
  if rectangle(kind) and rectangle(mkind) then
    return obbcore.sweepOBB(o, moving, dx, dy)
  end
  local sx, sy = moving["\0px"], moving["\0py"]
  if dx == 0 and dy == 0 then
    local t, px, py, ddx, ddy, nx, ny = pushout.overlap(kind, o, mkind, moving)
    return t and 0.0 or 1.0, sx, sy, t, px, py, ddx, ddy, nx, ny
  end
  hullcore.shape(kind, o, ha)
  hullcore.shape(mkind, moving, hm)
  if not (xplace.hullfinite(ha) and xplace.hullfinite(hm) and isfinite(dx) and isfinite(dy)) then
    return 1.0, sx + dx, sy + dy
  end
  minkowski(ha, hm)
  local s = xcast.cast(diff, origin, dx, dy)
  if not s then
    if apartatend(ha, hm, sx, sy, dx, dy) then return 1.0, sx + dx, sy + dy end
    return stopshort(kind, o, mkind, moving, sx, sy, dx, dy, 1.0)
  end
  local enter, nx, ny = s.enter, s.nx, s.ny
  local cx, cy = contact(ha, s)
  local time, px, py = stopshort(kind, o, mkind, moving, sx, sy, dx, dy, enter - EPSILON)
  return time, px, py, enter, cx, cy, (1.0 - enter) * -dx, (1.0 - enter) * -dy, nx, ny
end

return shapesweep
