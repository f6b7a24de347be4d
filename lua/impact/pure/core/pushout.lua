-- Push-outs of any shape from any other (src/core/pushout.c) and the
-- penetration they are made from, which core/manifold.lua shares: the same
-- double operations in the same order.
local hullcore = require "impact.pure.core.hull"
local distance = require "impact.pure.core.distance"
local obbcore = require "impact.pure.core.obb"
local normalize = require("impact.pure.point").normalize

local abs = math.abs
local next = next

local pushout = {}

-- The largest u . v over the hull's vertices.
local function support(h, ux, uy)
  local x, y = h.x, h.y
  local best = ux * x[0] + uy * y[0]
  for i = 1, h.n - 1 do
    local d = ux * x[i] + uy * y[i]
    if d > best then best = d end
  end
  return best
end
pushout.support = support

-- The outward unit normal of face i of the hull (a segment's faces 0 and 1
-- are its two sides).
local function facenormal(h, i)
  local n = h.n
  local p, q = i % n, (i + 1) % n
  local nx, ny = h.y[q] - h.y[p], h.x[p] - h.x[q]
  nx, ny = normalize(nx, ny)
  return nx, ny
end
pushout.facenormal = facenormal

local function facecount(h) return h.n == 1 and 0 or h.n end
pushout.facecount = facecount

local function depthalong(ha, hb, ux, uy, r)
  return support(ha, ux, uy) + support(hb, -ux, -uy) + r
end

-- The shape without its radius: the hull alone.
local function bare(kind, o, buffer)
  if kind ~= "Circle" and kind ~= "Capsule" then return o end
  for k in next, buffer do buffer[k] = nil end
  for k, v in next, o do buffer[k] = v end
  buffer["\0r"] = 0.0
  return buffer
end

local abare, bbare = {}, {}

-- The penetration of b into a (penetration.h): normal x, y from a towards
-- b, the depth, the face (-1 for the line of the nearest points) and the
-- nearest points of the hulls, pa and pb (the hulls' first vertices when
-- they meet).
function pushout.penetration(akind, a, ha, bkind, b, hb)
  local r = ha.radius + hb.radius
  local na, nb = facecount(ha), facecount(hb)
  local apart, pax, pay, pbx, pby = distance.distance(akind, bare(akind, a, abare),
                                                      bkind, bare(bkind, b, bbare))
  if not (apart > 0) then pax, pay, pbx, pby = ha.x[0], ha.y[0], hb.x[0], hb.y[0] end
  local nx, ny = 0.0, 1.0
  if apart > 0 then nx, ny = normalize(pbx - pax, pby - pay) end
  local depth, face = depthalong(ha, hb, nx, ny, r), -1
  for i = 0, na + nb - 1 do
    local ux, uy
    if i < na then ux, uy = facenormal(ha, i) else ux, uy = facenormal(hb, i - na) end
    if i >= na then ux, uy = -ux, -uy end
    local d = depthalong(ha, hb, ux, uy, r)
    if d < depth or (face < 0 and not (apart > 0)) then nx, ny, depth, face = ux, uy, d, i end
  end
  return nx, ny, depth, face, pax, pay, pbx, pby
end

-- The point of b's hull deepest along -u, put onto a's outer line across u.
local function contactona(ha, hb, ux, uy)
  local x, y = hb.x, hb.y
  local dx, dy = x[0], y[0]
  local reach = support(ha, ux, uy) + ha.radius
  for i = 1, hb.n - 1 do
    if ux * x[i] + uy * y[i] < ux * dx + uy * dy then dx, dy = x[i], y[i] end
  end
  local along = reach - (ux * dx + uy * dy)
  return dx + ux * along, dy + uy * along
end

local STEPS, EPS, TINY = 64, 2 ^ -52, 2 ^ -1074
local moved = {}

-- Whether b moved by depth along (nx, ny) overlaps a no more (pushout.c).
local function clearat(akind, a, bkind, b, bx, by, nx, ny, depth)
  hullcore.moved(b, bx + nx * depth, by + ny * depth, moved)
  return not distance.intersects(akind, a, bkind, moved)
end

-- The depth grows until b moved by it is clear of a, and so is b moved by
-- the first step less (pushout.c).
local function separate(akind, a, bkind, b, depth, nx, ny, px, py)
  local bx, by = b["\0px"], b["\0py"]
  local gap = EPS * ((((abs(bx) + abs(by)) + abs(depth)) + abs(px)) + abs(py)) + TINY
  local step = gap
  if not (depth > 0) then depth = 0.0 end
  for _ = 1, STEPS do
    if clearat(akind, a, bkind, b, bx, by, nx, ny, depth)
      and clearat(akind, a, bkind, b, bx, by, nx, ny, depth - gap) then
      break
    end
    depth = depth + step
    step = step + step
  end
  return nx * depth, ny * depth
end

local function isrect(kind) return kind == "AABB" or kind == "OBB" end

local ha, hb = hullcore.new(), hullcore.new()

-- The push-out for b: 0 (the time), pos, delta and normal; nil when they
-- do not overlap. Two rectangles keep core/obb.lua's push-out.
function pushout.overlap(akind, a, bkind, b)
  if isrect(akind) and isrect(bkind) then return obbcore.overlap(a, b) end
  if not distance.intersects(akind, a, bkind, b) then return nil end
  hullcore.shape(akind, a, ha)
  hullcore.shape(bkind, b, hb)
  local ux, uy, depth, face, pax, pay = pushout.penetration(akind, a, ha, bkind, b, hb)
  local nx, ny = ux + 0.0, uy + 0.0  -- no -0
  local px, py
  if face < 0 then
    px, py = pax + ux * ha.radius, pay + uy * ha.radius
  else
    px, py = contactona(ha, hb, ux, uy)
  end
  local dx, dy = separate(akind, a, bkind, b, depth, nx, ny, px, py)
  return 0.0, px, py, dx, dy, nx, ny
end

return pushout
