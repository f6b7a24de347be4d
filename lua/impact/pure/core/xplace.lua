-- Where a point lies against an exact hull grown by its radius, which way
-- a direction leads from there, and what a line does to the hull
-- (src/core/xplace.c): the exact decisions of the casts, each the sign of
-- a polynomial in the vertices, the point, the direction and the radius
-- (core/linear.lua), made as the C makes them.
--
-- An exact vector is { x = sum, y = sum } (sums of core/linear.lua). An
-- exact hull is { n, v = { [0..n) exact vectors }, radius = sum }: count 1
-- is a point, 2 a segment (a polygon of two edges, there and back), more a
-- polygon, counter-clockwise for y up with no three on a line. A place is
-- { where = OUTSIDE, BOUNDARY or INSIDE, hull = in the hull itself (radius
-- 0), vertex, edge = the nearest feature (the other -1) }.
local linear = require "impact.pure.core.linear"

local huge = math.huge
local linof, linadd, linsub, linsign = linear.of, linear.add, linear.sub, linear.sign
local linsum = linear.sum
local termssign, certified = linear.termssign, linear.certified

local xplace = {}

local OUTSIDE, BOUNDARY, INSIDE = 0, 1, 2
xplace.OUTSIDE, xplace.BOUNDARY, xplace.INSIDE = OUTSIDE, BOUNDARY, INSIDE
local IN, OUT, FLAT, TOUCH = 0, 1, 2, 3
xplace.IN, xplace.OUT, xplace.FLAT, xplace.TOUCH = IN, OUT, FLAT, TOUCH
local LINE_MISS, LINE_CROSS, LINE_TOUCH, LINE_ALONG, LINE_PIERCE = 0, 1, 2, 3, 4
xplace.LINE_MISS, xplace.LINE_CROSS, xplace.LINE_TOUCH = LINE_MISS, LINE_CROSS, LINE_TOUCH
xplace.LINE_ALONG, xplace.LINE_PIERCE = LINE_ALONG, LINE_PIERCE

local function xvecof(x, y) return { x = linof(x), y = linof(y) } end
xplace.xvecof = xvecof

local function xvecsub(a, b) return { x = linsub(a.x, b.x), y = linsub(a.y, b.y) } end
xplace.xvecsub = xvecsub

function xplace.xvecadd(a, b) return { x = linadd(a.x, b.x), y = linadd(a.y, b.y) } end

-- Vertex i of a hull of core/hull.lua, exactly.
local function xvertex(h, i)
  return { x = linsum(h.x[i], h.lx[i]), y = linsum(h.y[i], h.ly[i]) }
end
xplace.xvertex = xvertex

-- The exact hull of a hull of core/hull.lua into out (made when nil).
function xplace.xhullof(h, out)
  out = out or { v = {} }
  out.n = h.n
  for i = 0, h.n - 1 do out.v[i] = xvertex(h, i) end
  out.radius = linof(h.radius)
  return out
end

local function isfinite(v) return v - v == 0 end

-- Whether every coordinate of h (a hull of core/hull.lua) is finite and
-- its radius finite and >= 0: else every cast misses.
function xplace.hullfinite(h)
  if not (h.radius >= 0 and isfinite(h.radius)) then return false end
  for i = 0, h.n - 1 do
    if not (isfinite(h.x[i]) and isfinite(h.y[i]) and isfinite(h.lx[i])
            and isfinite(h.ly[i])) then
      return false
    end
  end
  return true
end

local function nextof(h, i) return i + 1 == h.n and 0 or i + 1 end
local function prevof(h, i) return i == 0 and h.n - 1 or i - 1 end
xplace.nextof, xplace.prevof = nextof, prevof

-- v[i + 1] - v[i]: the polygon's inside is on its left.
local function edge(h, i) return xvecsub(h.v[nextof(h, i)], h.v[i]) end
xplace.edge = edge

local T2 = { { 1, 2, false, false }, { -1, 2, false, false } }

-- The signs of cross(a, b) and a . b, exactly.
local function crosssign(a, b)
  local t1, t2 = T2[1], T2[2]
  t1[1], t1[3], t1[4] = 1, a.x, b.y
  t2[1], t2[3], t2[4] = -1, a.y, b.x
  return termssign(T2, 2)
end
xplace.crosssign = crosssign

local function dotsign(a, b)
  local t1, t2 = T2[1], T2[2]
  t1[1], t1[3], t1[4] = 1, a.x, b.x
  t2[1], t2[3], t2[4] = 1, a.y, b.y
  return termssign(T2, 2)
end
xplace.dotsign = dotsign

-- The same signs for a = a1 - a0 and b = b1 - b0 (a0 or b0 false: a1 or
-- b1), filtered on the rounded differences first as xplace.c's
-- imp_cross_sign_diff does: the exact differences are built only when
-- that cannot tell, which is seldom.
local function rough(a1, a0)
  local x, y = a1.x, a1.y
  if not a0 then return x.approx, y.approx, x.mag, y.mag end
  local zx, zy = a0.x, a0.y
  return x.approx - zx.approx, y.approx - zy.approx, x.mag + zx.mag, y.mag + zy.mag
end

local function exactof(a1, a0) return a0 and xvecsub(a1, a0) or a1 end

local function crosssigndiff(a1, a0, b1, b0)
  local ax, ay, amx, amy = rough(a1, a0)
  local bx, by, bmx, bmy = rough(b1, b0)
  local s = certified(ax * by + -(ay * bx), amx * bmy + amy * bmx)
  if s ~= 2 then return s end
  return crosssign(exactof(a1, a0), exactof(b1, b0))
end
xplace.crosssigndiff = crosssigndiff

local function dotsigndiff(a1, a0, b1, b0)
  local ax, ay, amx, amy = rough(a1, a0)
  local bx, by, bmx, bmy = rough(b1, b0)
  local s = certified(ax * bx + ay * by, amx * bmx + amy * bmy)
  if s ~= 2 then return s end
  return dotsign(exactof(a1, a0), exactof(b1, b0))
end

-- The sign of |a|^2 - r^2.
local T3 = { { 1, 2, false, false }, { 1, 2, false, false }, { -1, 2, false, false } }
local function lengthbeyond(a, r)
  T3[1][3], T3[1][4] = a.x, a.x
  T3[2][3], T3[2][4] = a.y, a.y
  T3[3][3], T3[3][4] = r, r
  return termssign(T3, 3)
end

-- The sign of cross(a, b)^2 - r^2 |a|^2.
local T5 = { { 1, 4 }, { -2, 4 }, { 1, 4 }, { -1, 4 }, { -1, 4 } }
local function crossbeyond(a, b, r)
  local t = T5
  t[1][3], t[1][4], t[1][5], t[1][6] = a.x, a.x, b.y, b.y
  t[2][3], t[2][4], t[2][5], t[2][6] = a.x, a.y, b.x, b.y
  t[3][3], t[3][4], t[3][5], t[3][6] = a.y, a.y, b.x, b.x
  t[4][3], t[4][4], t[4][5], t[4][6] = r, r, a.x, a.x
  t[5][3], t[5][4], t[5][5], t[5][6] = r, r, a.y, a.y
  return termssign(t, 5)
end
xplace.crossbeyond = crossbeyond

-- The same two for a = a1 - a0 and b = b1 - b0 (a0, b0 false: a1, b1),
-- filtered on the rounded differences first, as xplace.c's length_beyond
-- and cross_beyond are.
local function lengthbeyonddiff(a1, a0, r)
  local ax, ay, amx, amy = rough(a1, a0)
  local value = ax * ax + ay * ay - r.approx * r.approx
  local s = certified(value, amx * amx + amy * amy + r.mag * r.mag)
  if s ~= 2 then return s end
  return lengthbeyond(exactof(a1, a0), r)
end

local function crossbeyonddiff(a1, a0, b1, b0, r)
  local ax, ay, amx, amy = rough(a1, a0)
  local bx, by, bmx, bmy = rough(b1, b0)
  local r2, m2 = -r.approx * r.approx, r.mag * r.mag
  local value = ax * ax * by * by + -2 * ax * ay * bx * by + ay * ay * bx * bx
                + r2 * ax * ax + r2 * ay * ay
  local s = certified(value, amx * amx * bmy * bmy + 2 * amx * amy * bmx * bmy
                             + amy * amy * bmx * bmx + m2 * amx * amx + m2 * amy * amy)
  if s ~= 2 then return s end
  return crossbeyond(exactof(a1, a0), exactof(b1, b0), r)
end

local function rounded(h) return h.radius.n > 0 end
xplace.rounded = rounded

-- Whether p is in the hull (radius 0): then pl says whether inside it (no
-- feature) or on its boundary, on which edge or vertex.
local function onhull(h, p, pl)
  local n = h.n
  if n == 1 then
    local q = xvecsub(p, h.v[0])
    if linsign(q.x) ~= 0 or linsign(q.y) ~= 0 then return false end
    pl.vertex = 0
    return true
  end
  if n == 2 then
    local a, b = h.v[0], h.v[1]
    if crosssigndiff(b, a, p, a) ~= 0 then return false end
    local from, to = dotsigndiff(p, a, b, a), dotsigndiff(p, b, b, a)
    if from < 0 or to > 0 then return false end
    if from == 0 then pl.vertex = 0
    elseif to == 0 then pl.vertex = 1
    else pl.edge = 0 end
    return true
  end
  local zero, corner = -1, -1
  for i = 0, n - 1 do
    local o = crosssigndiff(h.v[nextof(h, i)], h.v[i], p, h.v[i])
    if o < 0 then return false end
    if o == 0 then
      if zero < 0 then zero = i
      else corner = zero + 1 == i and i or 0 end  -- the two edges' corner
    end
  end
  if corner >= 0 then pl.vertex = corner
  elseif zero >= 0 then pl.edge = zero end
  return true
end

-- Whether p is in the cone of outward normals at vertex i.
local function vertexregion(h, p, i)
  local v = h.v
  local vi, prev, nxt = v[i], v[prevof(h, i)], v[nextof(h, i)]
  return dotsigndiff(p, vi, vi, prev) >= 0 and dotsigndiff(p, vi, nxt, vi) <= 0
end

-- Whether p is outside edge i and across from its inside.
local function edgeregion(h, p, i)
  local v, nxt = h.v[i], h.v[nextof(h, i)]
  return crosssigndiff(nxt, v, p, v) < 0 and dotsigndiff(p, v, nxt, v) > 0
     and dotsigndiff(p, nxt, nxt, v) < 0
end

-- The feature nearest to p by rounded distances: a vertex (its index) or
-- an edge (-1 - its index).
local function roughlynearest(h, p)
  local best, found = huge, 0
  local v = h.v
  for i = 0, h.n - 1 do
    local a, b = v[i], v[nextof(h, i)]
    local ex, ey = b.x.approx - a.x.approx, b.y.approx - a.y.approx
    local qx, qy = p.x.approx - a.x.approx, p.y.approx - a.y.approx
    local u = (qx * ex + qy * ey) / (ex * ex + ey * ey)
    local feature = -1 - i
    if not (u > 0) then
      u, feature = 0.0, i
    elseif u >= 1 then
      u, feature = 1.0, nextof(h, i)
    end
    local dx, dy = qx - u * ex, qy - u * ey
    if dx * dx + dy * dy < best then
      best, found = dx * dx + dy * dy, feature
    end
  end
  return found
end

-- The feature of the hull nearest to p, which lies outside it: the
-- rounded guess when its region holds p, else the one whose does.
local function nearest(h, p, pl)
  if h.n == 1 then
    pl.vertex = 0
    return
  end
  local guess = roughlynearest(h, p)
  if guess >= 0 then
    if vertexregion(h, p, guess) then pl.vertex = guess return end
  elseif edgeregion(h, p, -1 - guess) then
    pl.edge = -1 - guess
    return
  end
  for i = 0, h.n - 1 do
    if vertexregion(h, p, i) then pl.vertex = i return end
  end
  for i = 0, h.n - 1 do
    if edgeregion(h, p, i) then pl.edge = i return end
  end
  pl.vertex = 0  -- only where rounded decisions disagree
end

function xplace.place(h, p)
  local pl = { where = OUTSIDE, hull = false, vertex = -1, edge = -1 }
  pl.hull = onhull(h, p, pl)
  if pl.hull then
    local boundary = pl.vertex >= 0 or pl.edge >= 0
    pl.where = boundary and not rounded(h) and BOUNDARY or INSIDE
    return pl
  end
  nearest(h, p, pl)
  local beyond
  if pl.vertex >= 0 then
    beyond = lengthbeyonddiff(p, h.v[pl.vertex], h.radius)
  else
    local v = h.v[pl.edge]
    beyond = crossbeyonddiff(h.v[nextof(h, pl.edge)], v, p, v, h.radius)
  end
  pl.where = beyond > 0 and OUTSIDE or (beyond == 0 and BOUNDARY or INSIDE)
  return pl
end

-- Which way d leads from a point on the boundary: IN, OUT, FLAT (along a
-- flat side) or TOUCH (touching it there alone).
function xplace.heading(h, p, pl, d)
  local k = pl.vertex
  if pl.edge >= 0 then
    local c = crosssigndiff(h.v[nextof(h, pl.edge)], h.v[pl.edge], d, false)
    if h.n == 2 and not rounded(h) then return c == 0 and FLAT or TOUCH end
    return c > 0 and IN or (c < 0 and OUT or FLAT)
  end
  if h.n == 1 then
    if not rounded(h) then return TOUCH end
    local s = dotsigndiff(d, false, p, h.v[0])
    return s < 0 and IN or (s > 0 and OUT or TOUCH)
  end
  local v = h.v
  local alongin = crosssigndiff(v[k], v[prevof(h, k)], d, false)
  local alongout = crosssigndiff(v[nextof(h, k)], v[k], d, false)
  if rounded(h) then
    -- on a corner's arc: along it only where the arc meets a flat side
    -- parallel to d
    local s = dotsigndiff(d, false, p, v[k])
    if s ~= 0 then return s < 0 and IN or OUT end
    return (alongin == 0 or alongout == 0) and FLAT or TOUCH
  end
  if alongin == 0 or alongout == 0 then return FLAT end
  if alongin > 0 and alongout > 0 then return IN end
  if alongin < 0 and alongout < 0 then return OUT end
  return TOUCH
end

-- For a point outside, the sign of d . m, m pointing from the nearest
-- point of the hull to it.
function xplace.facing(h, p, pl, d)
  if pl.vertex >= 0 then return dotsigndiff(d, false, p, h.v[pl.vertex]) end
  return -crosssigndiff(h.v[nextof(h, pl.edge)], h.v[pl.edge], d, false)
end

-- What the line through p along d does (LINE_MISS, LINE_CROSS,
-- LINE_TOUCH, LINE_ALONG or LINE_PIERCE), and the vertex it touches.
function xplace.line(h, p, d)
  local lo, hi, tielo, tiehi = 0, 0, false, false
  local v = h.v
  for i = 1, h.n - 1 do
    local c = crosssigndiff(d, false, v[i], v[lo])
    if c < 0 then lo, tielo = i, false
    elseif c == 0 then tielo = true end
    c = crosssigndiff(d, false, v[i], v[hi])
    if c > 0 then hi, tiehi = i, false
    elseif c == 0 then tiehi = true end
  end
  -- the sign of the right edge's distance left of the line, minus the
  -- radius, and of the left edge's, plus it (times |d|)
  local sidelo = crosssigndiff(d, false, v[lo], p)
  if rounded(h) and sidelo > 0 then sidelo = crossbeyonddiff(d, false, v[lo], p, h.radius)
  elseif rounded(h) then sidelo = -1 end
  local sidehi = crosssigndiff(d, false, v[hi], p)
  if rounded(h) and sidehi < 0 then sidehi = -crossbeyonddiff(d, false, v[hi], p, h.radius)
  elseif rounded(h) then sidehi = 1 end
  if sidelo > 0 or sidehi < 0 then return LINE_MISS, 0 end
  local touch = sidelo == 0 and lo or hi
  if sidelo == 0 and sidehi == 0 then  -- a point or a segment along it
    return h.n == 1 and LINE_TOUCH or LINE_ALONG, touch
  end
  if sidelo == 0 then return tielo and LINE_ALONG or LINE_TOUCH, touch end
  if sidehi == 0 then return tiehi and LINE_ALONG or LINE_TOUCH, touch end
  -- through a segment of no thickness: at one point
  if h.n <= 2 and not rounded(h) then return LINE_PIERCE, touch end
  return LINE_CROSS, touch
end

-- The sign of t_j - t_i, where t_i is when the line crosses the line of
-- edge i (both entering or both leaving): N_i D_j - N_j D_i.
local COEF = { 1, -1, -1, 1, -1, 1, 1, -1 }
local T8 = {}
for k = 1, 8 do T8[k] = { COEF[k], 4 } end
function xplace.later(h, p, d, i, j)
  local ei, ej = edge(h, i), edge(h, j)
  local qi, qj = xvecsub(p, h.v[i]), xvecsub(p, h.v[j])
  local t = T8
  t[1][3], t[1][4], t[1][5], t[1][6] = ei.x, qi.y, ej.x, d.y
  t[2][3], t[2][4], t[2][5], t[2][6] = ei.x, qi.y, ej.y, d.x
  t[3][3], t[3][4], t[3][5], t[3][6] = ei.y, qi.x, ej.x, d.y
  t[4][3], t[4][4], t[4][5], t[4][6] = ei.y, qi.x, ej.y, d.x
  t[5][3], t[5][4], t[5][5], t[5][6] = ej.x, qj.y, ei.x, d.y
  t[6][3], t[6][4], t[6][5], t[6][6] = ej.x, qj.y, ei.y, d.x
  t[7][3], t[7][4], t[7][5], t[7][6] = ej.y, qj.x, ei.x, d.y
  t[8][3], t[8][4], t[8][5], t[8][6] = ej.y, qj.x, ei.y, d.x
  return termssign(t, 8)
end

return xplace
