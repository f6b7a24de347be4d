-- The filter in front of a segment's cast (src/core/castfilter.c), on
-- the shape's hull in doubles (its exact vertices, counter-clockwise)
-- before the exact hull is built, with the native filter's bounds: a miss
-- where the segment lies apart from the shape by more than rounding, and
-- a hit where its start is strictly outside or strictly inside and a
-- point of it strictly inside, with, for a polygon, the side its line
-- enters through where doubles certify it. Such a hit's line crosses the
-- inside, so that the cast needs none of its exact decisions, only where
-- the line enters: the same bits. Capsules, and what it cannot certify,
-- go to the exact cast.
local exactinput = require("impact.pure.core.wide").exactinput

local castfilter = {}

local abs, max, min = math.abs, math.max, math.min
local B52, B50, B48, B40, TINY = 2 ^ -52, 2 ^ -50, 2 ^ -48, 2 ^ -40, 2 ^ -1000
local MISS, OUTSIDE, INSIDE = "miss", "outside", "inside"
castfilter.MISS, castfilter.OUTSIDE, castfilter.INSIDE = MISS, OUTSIDE, INSIDE

-- Whether every input is exact input (wide.exactinput): beyond, the exact
-- cast takes rounded signs, which the filter must leave it to take.
local function allexact(h, px, py, dx, dy)
  if not (exactinput(px) and exactinput(py) and exactinput(dx) and exactinput(dy)
          and exactinput(h.radius)) then
    return false
  end
  local x, y = h.x, h.y
  for i = 0, h.n - 1 do
    if not (exactinput(x[i]) and exactinput(y[i])) then return false end
  end
  return true
end

-- A circle of centre (cx, cy) (castfilter.c's circle_filter): its start
-- by imp_disc_sign, then the point of the segment nearest the centre at a
-- time in [0, 1] (exact, as t is), the line and the end.
local function circle(cx, cy, r, px, py, dx, dy)
  local qx, qy, r2 = px - cx, py - cy, r * r
  local q2 = qx * qx + qy * qy
  local startbound = B48 * (q2 + r2) + TINY
  if -(q2 - r2) > startbound then return INSIDE end
  if not (q2 - r2 > startbound) then return nil end
  local d2, qd = dx * dx + dy * dy, qx * dx + qy * dy
  local ex, ey = qx + dx, qy + dy
  local size = (abs(qx) + abs(qy)) + (abs(dx) + abs(dy))
  local size2 = size * size
  local bound = B48 * (size2 + r2) + TINY
  -- The clamp and the three ways to miss take no branch (math.min and
  -- max, and margins that are positive where a test holds): under the
  -- JIT, a branch here leaves too many numbers live for a side trace.
  local t = d2 > 0 and min(max(-qd / d2, 0), 1) or 0
  local gx, gy = qx + t * dx, qy + t * dy
  if gx * gx + gy * gy - r2 < -bound then return OUTSIDE end
  local cross = dx * qy - dy * qx
  local wide = (cross * cross - r2 * d2) - (B48 * (size2 + r2) * size2 + TINY)
  local short = min(-bound - (ex * dx + ey * dy), (ex * ex + ey * ey - r2) - bound)
  if max(wide, qd - bound, short) > 0 then return MISS end
  return nil
end

-- Each side's line against the segment's: the cross products of the side
-- with the start (from) and with d (along), and their rounding bounds.
local from, along, fromerror, alongerror = {}, {}, {}, {}
local function sidelines(h, px, py, dx, dy)
  local x, y, n = h.x, h.y, h.n
  for i = 0, n - 1 do
    local j = i + 1 == n and 0 or i + 1
    local ax, ay = x[i], y[i]
    local ex, ey = x[j] - ax, y[j] - ay
    local l, r = ex * (py - ay), ey * (px - ax)
    local dl, dr = ex * dy, ey * dx
    from[i], along[i] = l - r, dl - dr
    fromerror[i] = B50 * (abs(l) + abs(r)) + TINY
    alongerror[i] = B50 * (abs(dl) + abs(dr)) + TINY
  end
end

-- Whether a point of the segment at a time doubles find lies strictly
-- inside every side (Cyrus-Beck, the middle of the times inside).
local function passesinside(n)
  local lo, hi = 0, 1
  for i = 0, n - 1 do
    local f, g = from[i], along[i]
    if g > 0 then
      if -f / g > lo then lo = -f / g end
    elseif g < 0 then
      if -f / g < hi then hi = -f / g end
    elseif not (f > 0) then
      return false
    end
  end
  if not (lo < hi) then return false end
  local t = 0.5 * (lo + hi)
  for i = 0, n - 1 do
    if not (from[i] + t * along[i] > fromerror[i] + alongerror[i]) then return false end
  end
  return true
end

-- The side the line enters through, the latest crossing of the sides it
-- crosses inwards, where doubles certify it; else nil.
local time, errorof = {}, {}
local function entryside(n)
  local best
  for i = 0, n - 1 do
    local f, g, ef, eg = from[i], along[i], fromerror[i], alongerror[i]
    if not (abs(g) > eg) then return nil end
    if g >= 0 then
      time[i] = -f / g
      errorof[i] = ((ef + eg * ((abs(f) + ef) / (g - eg))) / g + B52 * abs(time[i]))
                   * (1 + B40)
      if not best or time[i] > time[best] then best = i end
    end
  end
  if not best then return nil end
  for i = 0, n - 1 do
    if i ~= best and along[i] > 0 and not (time[best] - errorof[best] > time[i] + errorof[i]) then
      return nil
    end
  end
  return best
end

-- A polygon (radius 0), by its sides: the start strictly inside every
-- side's line, or strictly outside one; a point of the segment strictly
-- inside, and the side the line enters through; or a side with both ends
-- of the segment strictly outside it, a miss.
local function polygon(h, px, py, dx, dy)
  local n = h.n
  sidelines(h, px, py, dx, dy)
  local inside, outside = true, false
  for i = 0, n - 1 do
    local outatstart = from[i] < -fromerror[i]
    if outatstart and from[i] + along[i] < -(fromerror[i] + alongerror[i]) then
      return MISS
    end
    inside = inside and from[i] > fromerror[i]
    outside = outside or outatstart
  end
  if inside then return INSIDE, entryside(n) end
  if outside and passesinside(n) then return OUTSIDE, entryside(n) end
  return nil
end

-- What the segment from (px, py) along (dx, dy) surely does to the shape
-- of hull h (finite): MISS (apart, not even touching), a hit from OUTSIDE
-- or from INSIDE (for d not zero), or nil; and for a polygon's hit, the
-- index of the side it enters by, where certain.
function castfilter.segment(h, px, py, dx, dy)
  if h.rounded or not allexact(h, px, py, dx, dy) then return nil end
  if h.n == 1 then return circle(h.x[0], h.y[0], h.radius, px, py, dx, dy) end
  if h.n >= 3 and h.radius == 0 then return polygon(h, px, py, dx, dy) end
  return nil
end

return castfilter
