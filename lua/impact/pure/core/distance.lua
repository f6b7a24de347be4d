-- Whether two shapes overlap, and how far apart they are, on their hulls
-- (src/core/distance.c): every decision exact (core/predicates.lua), the
-- distance in doubles from the closest pair of features, the same
-- operations in the same order. Shapes are given as core/hull.lua takes
-- them: a kind and a table.
local hullcore = require "impact.pure.core.hull"
local predicates = require "impact.pure.core.predicates"
local vec2 = require "impact.pure.point"

local huge = math.huge
local shapehull = hullcore.shape
local orient, crosssign = predicates.orient, predicates.crosssign
local segmentdistancesign = predicates.segmentdistancesign
local length, normalize = vec2.length, vec2.normalize

local distance = {}

local abs = require("impact.pure.core.exact").fabs  -- fabs: -0 is +0

-- Whether every vertex and the radius are finite (a NaN is a miss).
local function allfinite(h)
  local xs, ys = h.x, h.y
  for i = 0, h.n - 1 do
    if not (xs[i] - xs[i] == 0 and ys[i] - ys[i] == 0) then return false end
  end
  return h.radius - h.radius == 0
end

-- The hull's extent on each axis, its radius left out: low x, y, high x, y.
local function extent(h)
  local xs, ys = h.x, h.y
  local lx, ly, hx, hy = xs[0], ys[0], xs[0], ys[0]
  for i = 1, h.n - 1 do
    local x, y = xs[i], ys[i]
    if x < lx then lx = x end
    if y < ly then ly = y end
    if x > hx then hx = x end
    if y > hy then hy = y end
  end
  return lx, ly, hx, hy
end

-- Whether low is beyond high by clearly more than r: more than the
-- rounding of the gap (and of the lo parts left out) could close.
local function beyond(high, low, r)
  return low - high > r + 2 ^ -48 * (abs(low) + abs(high) + r)
end

-- Whether the hulls grown by their radii could meet, by their extents.
local function extentsnear(a, b)
  local r = a.radius + b.radius
  local lax, lay, hax, hay = extent(a)
  local lbx, lby, hbx, hby = extent(b)
  return not (beyond(hax, lbx, r) or beyond(hbx, lax, r) or beyond(hay, lby, r)
              or beyond(hby, lay, r))
end

-- Whether every edge of a has some vertex of b beyond its line on a's
-- side: strictly (least 1) or on the line as well (least 0). The search
-- for each edge starts from the vertex that held the one before.
local function edgesheld(a, b, least)
  local n, m = a.n, b.n
  if n < 2 then return true end
  local ax, ay, alx, aly = a.x, a.y, a.lx, a.ly
  local bx, by, blx, bly = b.x, b.y, b.lx, b.ly
  local j = 0
  for i = 0, n - 1 do
    local k = (i + 1) % n
    local held = false
    for _ = 1, m do
      if orient(ax[i], ay[i], alx[i], aly[i], ax[k], ay[k], alx[k], aly[k],
                bx[j], by[j], blx[j], bly[j]) >= least then
        held = true
        break
      end
      j = (j + 1) % m
    end
    if not held then return false end
  end
  return true
end

-- Whether a - b has no interior: every edge of the two parallel.
local function flat(a, b)
  if a.n > 2 or b.n > 2 then return false end
  return a.n == 1 or b.n == 1 or
    crosssign(a.x[0], a.y[0], a.lx[0], a.ly[0], a.x[1], a.y[1], a.lx[1], a.ly[1],
              b.x[0], b.y[0], b.lx[0], b.ly[0], b.x[1], b.y[1], b.lx[1], b.ly[1]) == 0
end

-- How many edges a vertex-to-edge search visits: a segment has one, a
-- point one of its own.
local function edgecount(h) return h.n == 2 and 1 or h.n end

-- The hulls into ha, hb, unless one is not finite or has a negative
-- radius.
local function hulls(akind, a, bkind, b, ha, hb)
  shapehull(akind, a, ha)
  shapehull(bkind, b, hb)
  return ha.radius >= 0 and hb.radius >= 0 and allfinite(ha) and allfinite(hb)
end

-- The closest pair so far: from a point (fx + flx, fy + fly) on a's hull
-- (or b's), offset by (ox, oy), the gap (gx, gy) to the other's, and its
-- length d.
local best = { d = 0.0, fx = 0.0, fy = 0.0, flx = 0.0, fly = 0.0,
               ox = 0.0, oy = 0.0, gx = 0.0, gy = 0.0 }

-- Offers the pairs of the vertices of a and the edges of b; flip says a
-- and b are the second and first shapes. Differences take each point's
-- lo too, and the nearest point of an edge is found relative to its first
-- end, so the rounding scales with the scene's distances.
local function nearestpairs(a, b, flip)
  local ax, ay, alx, aly = a.x, a.y, a.lx, a.ly
  local bx, by, blx, bly = b.x, b.y, b.lx, b.ly
  for j = 0, edgecount(b) - 1 do
    local k = (j + 1) % b.n
    local px, py, plx, ply = bx[j], by[j], blx[j], bly[j]
    local ex = (bx[k] - px) + (blx[k] - plx)
    local ey = (by[k] - py) + (bly[k] - ply)
    for i = 0, a.n - 1 do
      local wx = (ax[i] - px) + (alx[i] - plx)
      local wy = (ay[i] - py) + (aly[i] - ply)
      -- the point of the edge nearest to the vertex, as an offset from p
      local length2, t = ex * ex + ey * ey, 0.0
      if length2 > 0 then t = (wx * ex + wy * ey) / length2 end
      if t < 0 then t = 0.0 elseif t > 1 then t = 1.0 end
      local ox, oy = ex * t, ey * t
      local gx, gy = wx - ox, wy - oy
      local d = length(gx, gy)
      if d < best.d then
        best.d = d
        if flip then  -- from b's point to a's vertex
          best.fx, best.fy, best.flx, best.fly = px, py, plx, ply
          best.ox, best.oy, best.gx, best.gy = ox, oy, gx, gy
        else  -- from a's vertex to b's point
          best.fx, best.fy, best.flx, best.fly = ax[i], ay[i], alx[i], aly[i]
          best.ox, best.oy, best.gx, best.gy = 0.0, 0.0, -gx, -gy
        end
      end
    end
  end
end

-- Whether some vertex of a is within (closer than, strict 1) the sum of
-- the radii of an edge of b.
local function vertexnearedge(a, b, strict)
  local ax, ay, alx, aly = a.x, a.y, a.lx, a.ly
  local bx, by, blx, bly = b.x, b.y, b.lx, b.ly
  for j = 0, edgecount(b) - 1 do
    local k = (j + 1) % b.n
    for i = 0, a.n - 1 do
      if segmentdistancesign(ax[i], ay[i], alx[i], aly[i], bx[j], by[j], blx[j], bly[j],
                             bx[k], by[k], blx[k], bly[k], a.radius, b.radius) < 1 - strict then
        return true
      end
    end
  end
  return false
end

-- The largest lo of a hull's vertices.
local function largestlo(h)
  local m = 0.0
  for i = 0, h.n - 1 do
    local x, y = abs(h.lx[i]), abs(h.ly[i])
    local l = y > x and y or x
    if l > m then m = l end
  end
  return m
end

local function fmax(a, b) return b > a and b or a end
local function fmin(a, b) return b < a and b or a end

-- How far the distance of a vertex to an edge computed in doubles can be
-- from the exact one, at most (distance.c's pair_error).
local function pairerror(a, b)
  local lax, lay, hax, hay = extent(a)
  local lbx, lby, hbx, hby = extent(b)
  return 2 ^ -40 * ((fmax(hax, hbx) - fmin(lax, lbx)) + (fmax(hay, hby) - fmin(lay, lby))
                    + 4 * fmax(largestlo(a), largestlo(b)))
         + 2 ^ -50 * (a.radius + b.radius) + 2 ^ -1000
end

-- Whether the hulls are closer than the sum of the radii (strict 1), or
-- no farther (strict 0). Where the closed hulls do not meet, the closest
-- pair in doubles (left in best) decides unless it is within its error of
-- the sum; then the exact distances do.
local function hullsnear(a, b, strict)
  local r = a.radius + b.radius
  if not flat(a, b) and edgesheld(a, b, 0) and edgesheld(b, a, 0) then return true end
  best.d = huge
  nearestpairs(a, b, false)
  nearestpairs(b, a, true)
  local err = pairerror(a, b)
  if best.d > r + err then return false end
  if best.d < r - err then return true end
  return vertexnearedge(a, b, strict) or vertexnearedge(b, a, strict)
end

-- The origin strictly inside a - b.
local function interiorsmeet(a, b)
  if a.n == 1 and b.n == 1 then return false end
  return edgesheld(a, b, 1) and edgesheld(b, a, 1)
end

local ha, hb = hullcore.new(), hullcore.new()

function distance.intersects(akind, a, bkind, b)
  if not hulls(akind, a, bkind, b, ha, hb) or not extentsnear(ha, hb) then return false end
  if ha.radius == 0 and hb.radius == 0 then return interiorsmeet(ha, hb) end
  return hullsnear(ha, hb, 1)
end

-- The distance between the closed shapes and a closest pair of points
-- (ax, ay, bx, by); 0 alone when they touch or overlap.
function distance.distance(akind, a, bkind, b)
  if not hulls(akind, a, bkind, b, ha, hb) or hullsnear(ha, hb, 0) then return 0.0 end
  local ux, uy = normalize(best.gx, best.gy)
  local atx = best.fx + (best.flx + best.ox)
  local aty = best.fy + (best.fly + best.oy)
  local ra, rb = ha.radius, hb.radius
  local gap = best.d - (ra + rb)
  -- apart, exactly: a gap that rounding closed is still more than 0
  if not (gap > 0) then gap = 2 ^ -1074 end
  return gap, atx + ux * ra, aty + uy * ra,
         atx + (best.gx - ux * rb), aty + (best.gy - uy * rb)
end

return distance
