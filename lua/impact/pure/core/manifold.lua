-- Contact manifolds (src/core/manifold.c): the same double operations in
-- the same order.
local hullcore = require "impact.pure.core.hull"
local distance = require "impact.pure.core.distance"
local pushout = require "impact.pure.core.pushout"
local castcore = require "impact.pure.core.cast"

local facenormal, facecount = pushout.facenormal, pushout.facecount
local abs = math.abs

local manifold = {}

-- The points kept so far: count, x1, y1, d1, x2, y2, d2.
local kept = { n = 0 }

local function add(x, y, sep, nx, ny, rref, rinc)
  local depth, shift = rref + rinc - sep, (rref - sep - rinc) / 2
  if not (depth > 0) or kept.n == 2 then return end
  local k = kept.n + 1
  kept[3 * k - 2], kept[3 * k - 1], kept[3 * k] = x + nx * shift, y + ny * shift, depth
  kept.n = k
end

-- The incident hull's face most against n: its ends (one for a point).
local function incident(h, nx, ny)
  local faces = facecount(h)
  if faces == 0 then return 1, h.x[0], h.y[0] end
  local best, least = 0, 2
  for i = 0, faces - 1 do
    local fx, fy = facenormal(h, i)
    local d = fx * nx + fy * ny
    if d < least then least, best = d, i end
  end
  local p, q = best % h.n, (best + 1) % h.n
  return 2, h.x[p], h.y[p], h.x[q], h.y[q]
end

-- Clips the segment to the side of the line through p where t . x >= t . p.
local function clip(count, x0, y0, x1, y1, tx, ty, px, py)
  local d0 = (tx * x0 + ty * y0) - (tx * px + ty * py)
  if count == 1 then return d0 >= 0 and 1 or 0, x0, y0 end
  local d1 = (tx * x1 + ty * y1) - (tx * px + ty * py)
  if d0 < 0 and d1 < 0 then return 0 end
  if d0 < 0 or d1 < 0 then
    local k = d0 / (d0 - d1)
    local x, y = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
    if d0 < 0 then x0, y0 = x, y else x1, y1 = x, y end
  end
  return 2, x0, y0, x1, y1
end

local function flatcontact(ref, face, inc, nx, ny)
  local n = ref.n
  local px, py = ref.x[face % n], ref.y[face % n]
  local qx, qy = ref.x[(face + 1) % n], ref.y[(face + 1) % n]
  local tx, ty = qx - px, qy - py
  local top = pushout.support(ref, nx, ny)  -- the reach, as the depth (manifold.c)
  local count, x0, y0, x1, y1 = incident(inc, nx, ny)
  count, x0, y0, x1, y1 = clip(count, x0, y0, x1, y1, tx, ty, px, py)
  if count > 0 then count, x0, y0, x1, y1 = clip(count, x0, y0, x1, y1, -tx, -ty, qx, qy) end
  if count >= 1 then
    add(x0, y0, (nx * x0 + ny * y0) - top, nx, ny, ref.radius, inc.radius)
  end
  if count == 2 then
    add(x1, y1, (nx * x1 + ny * y1) - top, nx, ny, ref.radius, inc.radius)
  end
end

-- A face of either hull lying across the normal within 1e-12 radians, or
-- -1 (manifold.c).
local TILT = 1e-12
local function alignedface(ha, hb, nx, ny)
  local na, nb = facecount(ha), facecount(hb)
  local best, least = -1, TILT
  for i = 0, na + nb - 1 do
    local fx, fy
    if i < na then fx, fy = facenormal(ha, i) else fx, fy = facenormal(hb, i - na) end
    local along, tilt = fx * nx + fy * ny, abs(fx * ny - fy * nx)
    if i >= na then along = -along end
    if along > 0 and tilt < least then least, best = tilt, i end
  end
  return best
end

-- The point moved into the closed shape where it lies outside, to its
-- nearest point there: x, y and whether it moved.
local probe = { ["\0px"] = 0.0, ["\0py"] = 0.0, ["\0r"] = 0.0 }
local function onto(kind, o, x, y)
  probe["\0px"], probe["\0py"] = x, y
  local d, ox, oy = distance.distance(kind, o, "Circle", probe)
  if d == 0 then return x, y, false end
  return ox, oy, true
end

-- Where the hull h, a segment of no thickness, crosses the other shape:
-- the middle of its part in it.
local function alongwall(h, kind, o)
  if h.n ~= 2 or h.radius ~= 0 then return nil end
  local x0, y0 = h.x[0], h.y[0]
  local dx, dy = h.x[1] - x0, h.y[1] - y0
  local k, t0, t1 = castcore.clipsegment(kind, o, x0, y0, dx, dy)
  if k == "outside" then return nil end
  return x0 + dx * ((t0 + t1) / 2), y0 + dy * ((t0 + t1) / 2)
end

-- The point brought into both shapes (manifold.c's into_both).
local function intoboth(akind, a, ha, bkind, b, hb, x, y)
  local qx, qy, moved = onto(akind, a, x, y)
  if not moved then
    local _, _, movedb = onto(bkind, b, qx, qy)
    if not movedb then return x, y end
  end
  local wx, wy = alongwall(ha, bkind, b)
  if wx then return wx, wy end
  wx, wy = alongwall(hb, akind, a)
  if wx then return wx, wy end
  for _ = 1, 1024 do
    local movedb
    x, y, moved = onto(akind, a, x, y)
    x, y, movedb = onto(bkind, b, x, y)
    if not (movedb or moved) then break end
  end
  return x, y
end

-- Each point into both shapes, its depth within [0, the penetration].
local function settle(akind, a, ha, bkind, b, hb, depth)
  for k = 1, kept.n do
    local i = 3 * k - 2
    kept[i], kept[i + 1] = intoboth(akind, a, ha, bkind, b, hb, kept[i], kept[i + 1])
    if kept[i + 2] > depth then kept[i + 2] = depth end
    if not (kept[i + 2] > 0) then kept[i + 2] = 0.0 end
  end
end

local ha, hb = hullcore.new(), hullcore.new()

-- The manifold of b against a: nx, ny, count, then x, y, depth of each
-- point; nil when they do not overlap.
local function isrect(kind) return kind == "AABB" or kind == "OBB" end

-- Two rectangles keep the normal of their own push-out (manifold.c): ux,
-- uy, depth and face as pushout.penetration gives them.
local function rectpenetration(akind, a, bkind, b)
  local t, _, _, _, _, ux, uy = pushout.overlap(akind, a, bkind, b)
  if not t then return nil end
  local depth = pushout.support(ha, ux, uy) + pushout.support(hb, -ux, -uy)
  return ux, uy, depth, alignedface(ha, hb, ux, uy)
end

function manifold.manifold(akind, a, bkind, b)
  hullcore.shape(akind, a, ha)
  hullcore.shape(bkind, b, hb)
  local ux, uy, depth, face, pbx, pby, _
  local round = false
  if isrect(akind) and isrect(bkind) then
    ux, uy, depth, face = rectpenetration(akind, a, bkind, b)
    if not ux then return nil end
  else
    if not distance.intersects(akind, a, bkind, b) then return nil end
    ux, uy, depth, face, _, _, pbx, pby = pushout.penetration(akind, a, ha, bkind, b, hb)
    round = face < 0
    if round then face = alignedface(ha, hb, ux, uy) end
  end
  local nx, ny = ux + 0.0, uy + 0.0  -- no -0
  kept.n = 0
  if face >= 0 and face < facecount(ha) then
    flatcontact(ha, face, hb, ux, uy)
  elseif face >= 0 then
    flatcontact(hb, face - facecount(ha), ha, -ux, -uy)
  end
  if kept.n == 0 then
    local dx, dy
    if round then
      dx, dy = pbx, pby
    else
      local x, y = hb.x, hb.y
      dx, dy = x[0], y[0]
      for i = 1, hb.n - 1 do
        if ux * x[i] + uy * y[i] < ux * dx + uy * dy then dx, dy = x[i], y[i] end
      end
    end
    local shift = depth / 2 - hb.radius
    kept[1], kept[2], kept[3], kept.n = dx + ux * shift, dy + uy * shift, depth, 1
  end
  settle(akind, a, ha, bkind, b, hb, depth)
  if kept.n == 1 then return nx, ny, 1, kept[1], kept[2], kept[3] end
  return nx, ny, kept.n, kept[1], kept[2], kept[3], kept[4], kept[5], kept[6]
end

return manifold
