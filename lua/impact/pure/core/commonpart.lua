-- Points of two overlapping shapes' common part (src/core/commonpart.c):
-- exact containment on the hulls, and guesses in doubles that it confirms;
-- the same operations in the same order.
local predicates = require "impact.pure.core.predicates"

local orient, segmentdistancesign = predicates.orient, predicates.segmentdistancesign

local commonpart = {}

local abs = require("impact.pure.core.exact").fabs  -- fabs: -0 is +0
local function fmax(x, y) if x ~= x or y > x then return y end return x end

-- Whether (px, py) lies on the inner side of the hull's edge from vertex
-- i to j, or on it, exactly: the cross product in doubles decides where
-- it clears the bound on its error (the products' rounding, and the
-- vertices' parts below their doubles, at most spread in size), else the
-- exact predicate does.
local function innerside(h, i, j, spread, px, py)
  local xs, ys = h.x, h.y
  local ax, ay = xs[i], ys[i]
  local ex, ey, fx, fy = xs[j] - ax, ys[j] - ay, px - ax, py - ay
  local l, r = ex * fy, ey * fx
  local cross = l - r
  local bound = 2 ^ -50 * (abs(l) + abs(r))
    + 1.01 * spread * (abs(ex) + abs(ey) + 2 * (abs(fx) + abs(fy)))
    + 4 * spread * spread + 2 ^ -1000
  if cross > bound then return true end
  if -cross > bound then return false end
  local lx, ly = h.lx, h.ly
  return orient(ax, ay, lx[i], ly[i], xs[j], ys[j], lx[j], ly[j], px, py, 0.0, 0.0) >= 0
end

-- Whether the closed shape of hull h holds (px, py), exactly: in the bare
-- hull, or within the radius of an edge or, for a point hull, the point.
local function holds(h, px, py)
  local n, xs, ys, lx, ly = h.n, h.x, h.y, h.lx, h.ly
  local inside, spread = n > 2, 0.0
  if inside then
    for i = 0, n - 1 do spread = fmax(spread, fmax(abs(lx[i]), abs(ly[i]))) end
  end
  local i = 0
  while inside and i < n do
    inside = innerside(h, i, (i + 1) % n, spread, px, py)
    i = i + 1
  end
  if inside or (n > 2 and h.radius == 0) then return inside end
  for k = 0, (n == 2 and 1 or n) - 1 do
    local j = (k + 1) % n
    if segmentdistancesign(px, py, 0.0, 0.0, xs[k], ys[k], lx[k], ly[k],
                           xs[j], ys[j], lx[j], ly[j], h.radius, 0.0) <= 0 then
      return true
    end
  end
  return false
end

local huge, sqrt = math.huge, math.sqrt

-- Narrows [lo, hi] to the t where c0 + t c1 >= 0.
local function cut(c0, c1, lo, hi)
  local t = -c0 / c1
  if c1 > 0 then
    if t > lo then lo = t end
  elseif c1 < 0 then
    if t < hi then hi = t end
  elseif not (c0 >= 0) then
    hi = -huge  -- parallel and outside, or a NaN
  end
  return lo, hi
end

-- Widens [lo, hi] to hold [t0, t1] when that is not empty.
local function join(t0, t1, lo, hi)
  if not (t0 <= t1) then return lo, hi end
  if t0 < lo then lo = t0 end
  if t1 > hi then hi = t1 end
  return lo, hi
end

-- The t where o + t d lies in the hull's piece: the bare polygon (count of
-- 3 or more), within r of the point v, or of the edge v-w.
local function inpolygon(h, ox, oy, dx, dy, lo, hi)
  local n, xs, ys = h.n, h.x, h.y
  for i = 0, n - 1 do
    local vx, vy = xs[i], ys[i]
    local j = (i + 1) % n
    local ex, ey = xs[j] - vx, ys[j] - vy
    lo, hi = cut(ex * (oy - vy) - ey * (ox - vx), ex * dy - ey * dx, lo, hi)
  end
  return lo, hi
end

local function nearpoint(vx, vy, r, ox, oy, dx, dy, lo, hi)
  local wx, wy = ox - vx, oy - vy
  local a, b, c = dx * dx + dy * dy, wx * dx + wy * dy, (wx * wx + wy * wy) - r * r
  local root = sqrt(b * b - a * c)
  if a > 0 then return join((-b - root) / a, (-b + root) / a, lo, hi) end
  return lo, hi
end

local function nearedge(vx, vy, ex, ey, r, ox, oy, dx, dy, lo, hi)
  local wx, wy = ox - vx, oy - vy
  local along, across = ex * wx + ey * wy, ex * wy - ey * wx
  local da, dc = ex * dx + ey * dy, ex * dy - ey * dx
  local width, t0, t1 = r * sqrt(ex * ex + ey * ey), -huge, huge
  t0, t1 = cut(along, da, t0, t1)
  t0, t1 = cut((ex * ex + ey * ey) - along, -da, t0, t1)
  t0, t1 = cut(width + across, dc, t0, t1)
  t0, t1 = cut(width - across, -dc, t0, t1)
  return join(t0, t1, lo, hi)
end

-- The t where o + t d lies in the closed shape of hull h, as doubles find
-- them: a guess that the exact test then confirms.
local function chord(h, ox, oy, dx, dy)
  local n, xs, ys, r = h.n, h.x, h.y, h.radius
  local edges = n < 3 and n - 1 or n
  local t0, t1 = -huge, huge
  if n > 2 then t0, t1 = inpolygon(h, ox, oy, dx, dy, t0, t1) end
  if r == 0 and n > 2 then return t0, t1 end
  local lo, hi = huge, -huge
  if n > 2 then lo, hi = join(t0, t1, lo, hi) end
  for i = 0, n - 1 do
    local vx, vy = xs[i], ys[i]
    local j = (i + 1) % n
    lo, hi = nearpoint(vx, vy, r, ox, oy, dx, dy, lo, hi)
    if i < edges then
      lo, hi = nearedge(vx, vy, xs[j] - vx, ys[j] - vy, r, ox, oy, dx, dy, lo, hi)
    end
  end
  return lo, hi
end

-- Where the line o + t d crosses both shapes, as doubles find it: the
-- common part of the two chords; nil when empty (or not finite).
local function commonchord(ha, hb, ox, oy, dx, dy)
  local la, ua = chord(ha, ox, oy, dx, dy)
  local lb, ub = chord(hb, ox, oy, dx, dy)
  local lo, hi = la > lb and la or lb, ua < ub and ua or ub
  if hi - lo > 0 and hi - lo < huge then return lo, hi end
  return nil
end

-- The point of the line p + t d in both shapes nearest p, kept off the
-- ends of their common chord by a hair of it so that the exact test
-- confirms it without the wide integers; nil when the test does not, or
-- when the chord is too short for that (2^-24 of p's size).
local function commonpoint(ha, hb, px, py, dx, dy)
  local lo, hi = commonchord(ha, hb, px, py, dx, dy)
  if not lo or (hi - lo) * (abs(dx) + abs(dy)) < 2 ^ -24 * (abs(px) + abs(py)) then
    return nil
  end
  local hair = (hi - lo) * 2 ^ -20
  lo, hi = lo + hair, hi - hair
  local t = 0 < lo and lo or (0 > hi and hi or 0.0)
  local x, y = px + dx * t, py + dy * t
  if holds(ha, x, y) and holds(hb, x, y) then return x, y end
  return nil
end

-- The part of the convex polygon (xs, ys, n vertices from 1) on the inner
-- side of the edge a-b of a counter-clockwise hull, into (ox, oy); its
-- vertex count.
local function clippolygon(xs, ys, n, ax, ay, bx, by, ox, oy)
  local ex, ey, k = bx - ax, by - ay, 0
  for i = 1, n do
    local j = i % n + 1
    local px, py, qx, qy = xs[i], ys[i], xs[j], ys[j]
    local sp = ex * (py - ay) - ey * (px - ax)
    local sq = ex * (qy - ay) - ey * (qx - ax)
    if sp >= 0 then k = k + 1; ox[k], oy[k] = px, py end
    if (sp >= 0) ~= (sq >= 0) then
      local f = sp / (sp - sq)
      k = k + 1
      ox[k], oy[k] = px + (qx - px) * f, py + (qy - py) * f
    end
  end
  return k
end

-- A convex polygon in the shape of hull h, counter-clockwise, into (xs,
-- ys) from 1: the bare hull, or for a disc the square within it, for a
-- capsule the hexagon of its segment's sides and ends; its count, 0 for no
-- area.
local function innerpolygon(h, xs, ys)
  local n, cx, cy, r = h.n, h.x[0], h.y[0], h.radius
  if n > 2 then
    for i = 0, n - 1 do xs[i + 1], ys[i + 1] = h.x[i], h.y[i] end
    return n
  end
  if not (r > 0) then return 0 end
  if n == 1 then
    xs[1], ys[1] = cx + r, cy
    xs[2], ys[2] = cx, cy + r
    xs[3], ys[3] = cx - r, cy
    xs[4], ys[4] = cx, cy - r
    return 4
  end
  local bx, by = h.x[1], h.y[1]
  local ex, ey = bx - cx, by - cy
  local length = sqrt(ex * ex + ey * ey)
  local ux, uy = ex / length * r, ey / length * r
  local lx, ly = -uy, ux
  xs[1], ys[1] = cx - lx, cy - ly
  xs[2], ys[2] = bx - lx, by - ly
  xs[3], ys[3] = bx + ux, by + uy
  xs[4], ys[4] = bx + lx, by + ly
  xs[5], ys[5] = cx + lx, cy + ly
  xs[6], ys[6] = cx - ux, cy - uy
  return 6
end

-- The mean of the corners of the common part of the two shapes' inner
-- polygons, as doubles find it: a point well inside both where that part
-- has room; nil where there is no such part.
local px1, py1, px2, py2, ex1, ey1 = {}, {}, {}, {}, {}, {}
local function commonmiddle(ha, hb)
  local xs, ys, ox, oy = px1, py1, px2, py2
  local n, edges = innerpolygon(ha, xs, ys), innerpolygon(hb, ex1, ey1)
  if n == 0 or edges == 0 then return nil end
  -- two convex polygons share no more corners than they have together
  local i = 1
  while i <= edges and n > 0 and n <= 32 do
    local j = i % edges + 1
    n = clippolygon(xs, ys, n, ex1[i], ey1[i], ex1[j], ey1[j], ox, oy)
    xs, ys, ox, oy = ox, oy, xs, ys
    i = i + 1
  end
  if n < 3 or n > 32 then return nil end
  local x, y = 0.0, 0.0
  for k = 1, n do x, y = x + xs[k], y + ys[k] end
  return x / n, y / n
end

commonpart.holds, commonpart.commonchord = holds, commonchord
commonpart.commonpoint, commonpart.commonmiddle = commonpoint, commonmiddle

return commonpart
