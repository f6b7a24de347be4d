-- Push-outs of any shape from any other (src/core/pushout.c): the minimum
-- translation of b that separates it from a, and the penetration it is
-- made from (penetration.h), the same operations in the same order. Hits
-- are returned as in core/aabb.lua.
local obbcore = require "impact.pure.core.obb"
local hullcore = require "impact.pure.core.hull"
local distance = require "impact.pure.core.distance"
local vec2 = require "impact.pure.point"

local normalize, length = vec2.normalize, vec2.length
local intersects = distance.intersects

local pushout = {}

local DBL_EPSILON, STEPS = 2 ^ -52, 64
local huge, sqrt = math.huge, math.sqrt

local abs = require("impact.pure.core.exact").fabs  -- fabs: -0 is +0

-- The largest u . v over the hull's vertices.
local function support(h, ux, uy)
  local xs, ys = h.x, h.y
  local best = ux * xs[0] + uy * ys[0]
  for i = 1, h.n - 1 do
    local d = ux * xs[i] + uy * ys[i]
    if d > best then best = d end
  end
  return best
end
pushout.support = support

-- The outward unit normal of face i of the hull (a segment's faces 0 and
-- 1 are its two sides).
function pushout.facenormal(h, i)
  local n = h.n
  local p, q = i % n, (i + 1) % n
  local x, y = normalize(h.y[q] - h.y[p], h.x[p] - h.x[q])
  return x, y
end
local facenormal = pushout.facenormal

-- How many faces the hull has: a point none, a segment its two sides.
function pushout.facecount(h) return h.n == 1 and 0 or h.n end
local facecount = pushout.facecount

-- The shape without its radius: the hull alone.
local bares = { {}, {} }
local function bare(kind, o, which)
  if kind == "Circle" or kind == "Capsule" then
    local t = hullcore.moved(o, o["\0px"], o["\0py"], bares[which])
    t["\0r"] = 0.0
    return t
  end
  return o
end

-- How far b must move along unit u to be clear of a across u.
local function depthalong(ha, hb, ux, uy, r)
  return support(ha, ux, uy) + support(hb, -ux, -uy) + r
end

-- A disc, of centre (cx, cy), against a hull h of three or more exact
-- vertices, r the radii's sum (pushout.c's disc_penetration): the face c
-- lies farthest beyond holds the hull's nearest point; where c lies
-- beyond it and past one of its ends, that end's vertex and the line from
-- it to c. pa is where b, pushed out, touches the hull (contact), pb is c.
-- nil for a face whose length's square is out of range, a radius not at
-- least 0 or a scene past 2^500, left to the general search.
local function discpenetration(h, cx, cy, r, p)
  local xs, ys, n = h.x, h.y, h.n
  local most, best, ranged = -huge, 0, true
  local large = abs(cx) + abs(cy) + r
  for i = 0, n - 1 do
    local k = i + 1 < n and i + 1 or 0
    local px, py = xs[i], ys[i]
    local ex, ey = xs[k] - px, ys[k] - py
    local square = ex * ex + ey * ey
    local beyond = (ey * (cx - px) - ex * (cy - py)) / sqrt(square)
    local size = abs(px) + abs(py)
    if not (square >= 2 ^ -1000 and square <= 2 ^ 1000) then ranged = false end
    if size > large then large = size end
    if beyond > most then best, most = i, beyond end
  end
  if not ranged or not (r >= 0) or not (large < 2 ^ 500) then return nil end
  local nxt = best + 1 < n and best + 1 or 0
  local x0, y0, x1, y1 = xs[best], ys[best], xs[nxt], ys[nxt]
  local ex, ey = x1 - x0, y1 - y0
  local before = (cx - x0) * ex + (cy - y0) * ey
  local after = (cx - x1) * ex + (cy - y1) * ey
  local ux, uy = facenormal(h, best)
  local sep = (ux * x0 + uy * y0) + (-ux * cx + -uy * cy)
  p.nx, p.ny, p.depth, p.face, p.contact, p.pbx, p.pby = ux, uy, sep + r, best, true, cx, cy
  if sep < 0 and (before < 0 or after > 0) then
    -- beyond the face, past one of its ends: that end's vertex
    local ax, ay = x1, y1
    if before < 0 then ax, ay = x0, y0 end
    local nx, ny = normalize(cx - ax, cy - ay)
    p.nx, p.ny, p.face, p.pax, p.pay = nx, ny, -1, ax, ay
    p.depth = (nx * ax + ny * ay) + (-nx * cx + -ny * cy) + r
    return p
  end
  -- across the face: pa is c projected onto it, within its ends
  local k = before / (ex * ex + ey * ey)
  k = k > 0 and (k < 1 and k or 1) or 0
  p.pax, p.pay = x0 + ex * k, y0 + ey * k
  return p
end

-- Whether the hull is a disc's partner for discpenetration: three or more
-- vertices, none rounded.
local function discpartner(h) return h.n >= 3 and not h.rounded end

-- b leaves soonest across a face of the hulls' Minkowski difference
-- (faces of a, then b's turned round, ties to the earlier), grown by the
-- radii, or, when the hulls are apart and only the radii overlap, along
-- the line of their nearest points (face -1): into p, { nx, ny, pax, pay,
-- pbx, pby, depth, face, contact } (contact: pa is where b, pushed out,
-- touches a's bare hull, as penetration.h says).
function pushout.penetration(akind, a, ha, bkind, b, hb, p)
  local r = ha.radius + hb.radius
  if hb.n == 1 and discpartner(ha) and discpenetration(ha, hb.x[0], hb.y[0], r, p) then
    return p
  end
  if ha.n == 1 and discpartner(hb) and discpenetration(hb, ha.x[0], ha.y[0], r, p) then
    -- b's faces count from 0 after a point's none; the normal turns round
    p.nx, p.ny = -p.nx, -p.ny
    p.pax, p.pay, p.pbx, p.pby = p.pbx, p.pby, p.pax, p.pay
    return p
  end
  local na, nb = facecount(ha), facecount(hb)
  p.pax, p.pay, p.pbx, p.pby = ha.x[0], ha.y[0], hb.x[0], hb.y[0]
  -- overlapping shapes of no radius have hulls that meet: no distance
  local apart, pax, pay, pbx, pby = 0, nil, nil, nil, nil
  if r ~= 0 then
    apart, pax, pay, pbx, pby = distance.distance(akind, bare(akind, a, 1), bkind,
                                                  bare(bkind, b, 2))
  end
  p.nx, p.ny = 0.0, 1.0
  if apart > 0 then
    p.pax, p.pay, p.pbx, p.pby = pax, pay, pbx, pby
    p.nx, p.ny = normalize(pbx - pax, pby - pay)
  end
  p.depth = depthalong(ha, hb, p.nx, p.ny, r)
  p.face, p.contact = -1, false
  for i = 0, na + nb - 1 do
    local ux, uy
    if i < na then ux, uy = facenormal(ha, i) else ux, uy = facenormal(hb, i - na) end
    if i >= na then ux, uy = -ux, -uy end
    local depth = depthalong(ha, hb, ux, uy, r)
    if depth < p.depth or (p.face < 0 and not (apart > 0)) then
      p.nx, p.ny, p.depth, p.face = ux, uy, depth, i
    end
  end
  return p
end

-- The ends of the hull's feature outermost along unit u: its vertex
-- farthest along u and, when a face beside it lies across u (turned from
-- it by at most 1e-12 radians), that face's other end: count, x0, y0, x1, y1.
local function outermost(h, ux, uy)
  local xs, ys, n = h.x, h.y, h.n
  local top = 0
  for i = 1, n - 1 do
    if ux * xs[i] + uy * ys[i] > ux * xs[top] + uy * ys[top] then top = i end
  end
  local x0, y0 = xs[top], ys[top]
  local count, x1, y1, least = 1, x0, y0, 1e-12
  if n > 1 then
    for side = -1, 1, 2 do
      local w = (top + side + n) % n
      local ex, ey = xs[w] - x0, ys[w] - y0
      local tilt = abs(ex * ux + ey * uy) / length(ex, ey)
      if tilt < least then least, count, x1, y1 = tilt, 2, xs[w], ys[w] end
    end
  end
  return count, x0, y0, x1, y1
end

local function leastof(x, y) if y < x then return y end return x end
local function mostof(x, y) if y > x then return y end return x end

-- Where b, pushed out along u, touches a: on a's outermost feature along
-- u, grown by a's radius, so on a's boundary; on a face, at the middle of
-- the part that b's outermost feature along -u lies against (the face's
-- nearer end where rounding leaves them nothing in common).
local function contactona(ha, hb, ux, uy)
  local tx, ty = -uy, ux
  local na, ax0, ay0, ax1, ay1 = outermost(ha, ux, uy)
  local nb, bx0, by0, bx1, by1 = outermost(hb, -ux, -uy)
  local x, y = ax0, ay0
  if na == 2 then
    local a0, a1 = tx * ax0 + ty * ay0, tx * ax1 + ty * ay1
    local b0 = tx * bx0 + ty * by0
    local b1 = nb == 2 and tx * bx1 + ty * by1 or b0
    local lo = mostof(leastof(a0, a1), leastof(b0, b1))
    local hi = leastof(mostof(a0, a1), mostof(b0, b1))
    local k = ((lo + hi) / 2 - a0) / (a1 - a0)
    k = k > 0 and leastof(k, 1) or 0  -- and 0 for a NaN
    x, y = ax0 + (ax1 - ax0) * k, ay0 + (ay1 - ay0) * k
  end
  return x + ux * ha.radius, y + uy * ha.radius
end

-- Whether b moved by depth along the normal (its position plus the delta
-- in doubles) overlaps a no more by the exact test.
local moved = {}
local function clearat(akind, a, bkind, b, px, py, nx, ny, depth)
  hullcore.moved(b, px + nx * depth, py + ny * depth, moved)
  return not intersects(akind, a, bkind, moved)
end

-- The hull's width plus its height, its radius left out: its size.
local function span(h)
  local xs, ys = h.x, h.y
  local lx, ly = xs[0], ys[0]
  local hx, hy = lx, ly
  for i = 1, h.n - 1 do
    lx, hx = leastof(lx, xs[i]), mostof(hx, xs[i])
    ly, hy = leastof(ly, ys[i]), mostof(hy, ys[i])
  end
  return (hx - lx) + (hy - ly)
end

pushout.span = span

-- How far past touching a push-out starts: 2^-46 of the scene, a few
-- times what the exact test's running error bounds leave open, so that
-- they certify the shapes apart at once; but never more than 2^-31 of the
-- depth, inside the 1e-9 of it that a push-out may be off by.
local function margin(ha, hb, depth)
  local scene = span(ha) + span(hb) + ha.radius + hb.radius + depth
  return leastof(2 ^ -46 * scene, 2 ^ -31 * depth)
end

-- The depth grown from the computed one and its margin, by steps doubling
-- from a rounding error of the largest quantity, until b moved by it is
-- clear of a, and so is b moved by the first step less.
local function separate(akind, a, ha, bkind, b, hb, depth, nx, ny, hx, hy)
  local px, py = b["\0px"], b["\0py"]
  local gap = DBL_EPSILON * (abs(px) + abs(py) + abs(depth) + abs(hx) + abs(hy)) + 2 ^ -1074
  local step = gap
  if not (depth > 0) then depth = 0.0 end
  depth = depth + margin(ha, hb, depth)
  for _ = 1, STEPS do
    if clearat(akind, a, bkind, b, px, py, nx, ny, depth)
       and clearat(akind, a, bkind, b, px, py, nx, ny, depth - gap) then
      break
    end
    depth = depth + step
    step = step + step
  end
  return nx * depth, ny * depth
end

local function rectangle(kind) return kind == "AABB" or kind == "OBB" end
pushout.rectangle = rectangle

local ha, hb, pen = hullcore.new(), hullcore.new(), {}

-- Two rectangles keep the rectangles' own push-out, result for result.
function pushout.overlap(akind, a, bkind, b)
  if rectangle(akind) and rectangle(bkind) then return obbcore.overlap(a, b) end
  if not intersects(akind, a, bkind, b) then return nil end
  hullcore.shape(akind, a, ha)
  hullcore.shape(bkind, b, hb)
  local p = pushout.penetration(akind, a, ha, bkind, b, hb, pen)
  local nx, ny = p.nx + 0.0, p.ny + 0.0  -- no -0
  local hx, hy
  if p.face < 0 or p.contact then
    hx, hy = p.pax + p.nx * ha.radius, p.pay + p.ny * ha.radius
  else
    hx, hy = contactona(ha, hb, p.nx, p.ny)
  end
  local dx, dy = separate(akind, a, ha, bkind, b, hb, p.depth, nx, ny, hx, hy)
  return 0.0, hx, hy, dx, dy, nx, ny
end

return pushout
