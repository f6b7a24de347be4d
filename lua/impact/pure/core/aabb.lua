-- The AABB family (src/core/aabb.c), the same double operations in the same
-- order. A box is cx, cy, hx, hy (centre, half size). Results are returned
-- as values: a hit as time, posx, posy, deltax, deltay, normalx, normaly, or
-- nil on a miss. Numbers stay floats: every constant is written as one.
local sqrt, huge = math.sqrt, math.huge

local aabb = {}

local EPSILON = 1e-8
aabb.EPSILON = EPSILON

-- imp_sign and imp_clamp; fabs is v < 0 and -v or v + 0.0 (-0 becomes +0).
-- The hot paths write them out: a call costs more than the test under
-- PUC Lua.
local function sign(v) return v < 0 and -1.0 or 1.0 end
local function clamp(v, lo, hi) return v < lo and lo or (v > hi and hi or v) end
aabb.sign, aabb.clamp = sign, clamp

-- Where a sweep whose hit is at time t (0 to 1) stops: backed off by
-- EPSILON, not before 0 (aabb.c's stop_time, after its first clamp).
local function stoptime(t)
  t = t - EPSILON
  return t < 0 and 0.0 or (t > 1 and 1.0 or t)
end
aabb.stoptime = stoptime

-- Push-outs that separate in doubles (see aabb.c): the depth grows from
-- the exact one, by steps doubling from a rounding error of the largest
-- quantity, until the pushed centre is clear by the tests' own arithmetic.
local DBL_EPSILON, DBL_TRUE_MIN, STEPS = 2 ^ -52, 2 ^ -1074, 64

-- Whether a centre at q, on side s of a centre at c, is at least h from it
-- by every test that measures the two.
local function clear(c, q, h, s)
  return s * (q - c) >= h and s * q >= s * (c + s * h) and s * (q - s * h) >= s * c
end

-- The depth that moves the centre at p, on side s of c, clear of it at h
-- (and, with both, c moved the other way clear of p).
local function separatingDepth(c, p, h, s, depth, both)
  local step = DBL_EPSILON * (((c < 0 and -c or c + 0.0) + (p < 0 and -p or p + 0.0))
                              + depth) + DBL_TRUE_MIN
  for _ = 1, STEPS do
    if clear(c, p + s * depth, h, s) and (not both or clear(c - s * depth, p, h, s)) then
      break
    end
    depth = depth + step
    step = step + step
  end
  return depth
end

-- The hit at (x, y) of a push-out along x (onx) or y, to side s, from the
-- depth that separates centres c and p at h. (In a tail call, so that no
-- frame below the depth's loop holds both boxes: see intersectSegment.)
local function pushed(onx, x, y, s, c, p, h, depth, both)
  depth = separatingDepth(c, p, h, s, depth, both) * s
  if onx then return 0.0, x, y, depth, 0.0, s, 0.0 end
  return 0.0, x, y, 0.0, depth, 0.0, s
end

-- Push-out of a point (h the box's half size, not both) or a box (h the
-- sums of the half sizes, both) centred at (x, y), (dx, dy) from the box's
-- centre, overlapping it by (px, py) > 0: along the axis of least overlap.
local function pushout(cx, cy, hx, hy, x, y, dx, dy, px, py, sumx, sumy, both)
  if px < py then
    local sx = dx < 0 and -1.0 or 1.0
    return pushed(true, cx + hx * sx, y, sx, cx, x, sumx, px, both)
  end
  local sy = dy < 0 and -1.0 or 1.0
  return pushed(false, x, cy + hy * sy, sy, cy, y, sumy, py, both)
end

function aabb.intersectPoint(cx, cy, hx, hy, x, y)
  local dx, dy = x - cx, y - cy
  local px = hx - (dx < 0 and -dx or dx + 0.0)
  local py = hy - (dy < 0 and -dy or dy + 0.0)
  if not (px > 0 and py > 0) then return nil end
  return pushout(cx, cy, hx, hy, x, y, dx, dy, px, py, hx, hy, false)
end

function aabb.intersectAABB(cx, cy, hx, hy, ox, oy, ohx, ohy)
  local dx, dy = ox - cx, oy - cy
  local sumx, sumy = ohx + hx, ohy + hy
  local px = sumx - (dx < 0 and -dx or dx + 0.0)
  local py = sumy - (dy < 0 and -dy or dy + 0.0)
  if not (px > 0 and py > 0) then return nil end
  return pushout(cx, cy, hx, hy, ox, oy, dx, dy, px, py, sumx, sumy, true)
end

-- The slab test of intersectSegment on one axis: the times at which the
-- line p + t d crosses the near and the far side of the slab c - h .. c + h
-- (-inf and inf when it runs inside it, nil when outside) and the sign of
-- 1 / d, whose opposite is the normal of the near side.
local function slab(c, h, p, d)
  local scale = 1.0 / d  -- +-inf for +-0
  local s = scale < 0 and -1.0 or 1.0
  if d == 0 then
    if not (p > c - h and p < c + h) then return nil end
    return -huge, huge, s
  end
  return (c - s * h - p) * scale, (c + s * h - p) * scale, s
end

-- The hit of a segment that enters the box at near and leaves at far,
-- through the side of normal (nx, ny), if that is within 0 .. 1.
local function segmentHit(near, far, px, py, dx, dy, nx, ny)
  if not (near < 1 and far > 0) then return nil end
  local time = near < 0 and 0.0 or (near > 1 and 1.0 or near)
  local rest = 1.0 - time
  return time, px + dx * time, py + dy * time, rest * -dx, rest * -dy, nx, ny
end

-- The slab test of the segment (px, py) + t (dx, dy) against the box grown
-- by (padx, pady). In three functions, the last a tail call, for LuaJIT:
-- every number in a frame below a branch is one more value that a side
-- trace leaving there must inherit, and past about 16 of them it cannot
-- compile ("register coalescing too complex").
function aabb.intersectSegment(cx, cy, hx, hy, px, py, dx, dy, padx, pady)
  local nearx, farx, signx = slab(cx, hx + padx, px, dx)
  if not nearx then return nil end
  local neary, fary, signy = slab(cy, hy + pady, py, dy)
  if not (neary and nearx <= fary and neary <= farx) then return nil end
  if nearx > neary then
    return segmentHit(nearx, farx < fary and farx or fary, px, py, dx, dy, -signx, 0.0)
  end
  return segmentHit(neary, farx < fary and farx or fary, px, py, dx, dy, 0.0, -signy)
end
local intersectSegment, intersectAABB = aabb.intersectSegment, aabb.intersectAABB

-- sweepAABB's results once the contact point (px, py) is kept on the
-- static box. A tail call of its own, for LuaJIT: the clamps' branches
-- then leave from a frame without sweepAABB's arguments (see
-- intersectSegment).
local function sweepHit(time, x, y, t, px, py, cx, cy, hx, hy, ddx, ddy, nx, ny)
  local lo, hi = cx - hx, cx + hx
  px = px < lo and lo or (px > hi and hi or px)
  lo, hi = cy - hy, cy + hy
  py = py < lo and lo or (py > hi and hi or py)
  return time, x, y, t, px, py, ddx, ddy, nx, ny
end

-- A box (mx, my, mhx, mhy) moving by (dx, dy) towards the static box:
-- time, posx, posy of the sweep, then its hit (time nil when none).
function aabb.sweepAABB(cx, cy, hx, hy, mx, my, mhx, mhy, dx, dy)
  if dx == 0 and dy == 0 then
    local t, px, py, ddx, ddy, nx, ny = intersectAABB(cx, cy, hx, hy, mx, my, mhx, mhy)
    return t and 0.0 or 1.0, mx, my, t, px, py, ddx, ddy, nx, ny
  end
  local t, px, py, ddx, ddy, nx, ny =
    intersectSegment(cx, cy, hx, hy, mx, my, dx, dy, mhx, mhy)
  if not t then return 1.0, mx + dx, my + dy end
  local time = stoptime(t)
  -- The contact point: half a box further along the direction of travel
  -- (normalized with intersect's plain formula), kept on the static box.
  local length, ux, uy = dx * dx + dy * dy, 1.0, 0.0
  if length > 0 then
    local inverse = 1.0 / sqrt(length)
    ux, uy = dx * inverse, dy * inverse
  end
  return sweepHit(time, mx + dx * time, my + dy * time, t, px + ux * mhx, py + uy * mhy,
                  cx, cy, hx, hy, ddx, ddy, nx, ny)
end

return aabb
