-- Contact manifolds (src/core/manifold.c): the push-out's normal, and on
-- flat contacts the reference face clipping the incident hull's face most
-- against it; each point midway between the surfaces along the normal,
-- with its depth; the same operations in the same order. Returned as nx,
-- ny, count, x1, y1, depth1[, x2, y2, depth2], or nil.
local hullcore = require "impact.pure.core.hull"
local distance = require "impact.pure.core.distance"
local cast = require "impact.pure.core.cast"
local pushout = require "impact.pure.core.pushout"
local commonpart = require "impact.pure.core.commonpart"

local support, facenormal, facecount = pushout.support, pushout.facenormal, pushout.facecount
local holds, commonchord = commonpart.holds, commonpart.commonchord
local commonpoint, commonmiddle = commonpart.commonpoint, commonpart.commonmiddle

local manifold = {}

local abs = require("impact.pure.core.exact").fabs  -- fabs: -0 is +0
local function fmax(x, y) if x ~= x or y > x then return y end return x end
local function fmin(x, y) if x ~= x or y < x then return y end return x end
local ROUNDING = 2 ^ -50

-- The manifold being made: normal, count and up to two points.
local m = { nx = 0.0, ny = 0.0, n = 0, x = {}, y = {}, d = {} }

-- Adds the point (x, y) of the incident hull with its separation sep from
-- the reference face along n (negative inside): kept when the surfaces
-- overlap there.
local function add(x, y, sep, nx, ny, rref, rinc)
  local depth, shift = rref + rinc - sep, (rref - sep - rinc) / 2
  if not (depth > 0) or m.n == 2 then return end
  local k = m.n + 1
  m.x[k], m.y[k], m.d[k] = x + nx * shift, y + ny * shift, depth
  m.n = k
end

-- The incident hull's face most against n: its ends (one for a point).
local function incident(h, nx, ny)
  local faces = facecount(h)
  if faces == 0 then return 1, h.x[0], h.y[0] end
  local best, least = 0, 2.0
  for i = 0, faces - 1 do
    local fx, fy = facenormal(h, i)
    local d = fx * nx + fy * ny
    if d < least then least, best = d, i end
  end
  local i, j = best % h.n, (best + 1) % h.n
  return 2, h.x[i], h.y[i], h.x[j], h.y[j]
end

-- t . x - t . p, or 0 where its rounding could give its sign.
local function beyond(tx, ty, x, y, px, py)
  local ax, ay, bx, by = tx * x, ty * y, tx * px, ty * py
  local d = (ax + ay) - (bx + by)
  if abs(d) > ROUNDING * (abs(ax) + abs(ay) + abs(bx) + abs(by)) then return d end
  return 0.0
end

-- Clips the segment (x0, y0)-(x1, y1) (count ends of it) to the side of
-- the line through p where t . x >= t . p; an end within rounding of the
-- line is on that side (a segment along the line keeps both ends).
local function clip(count, x0, y0, x1, y1, tx, ty, px, py)
  local d0 = beyond(tx, ty, x0, y0, px, py)
  if count == 1 then return d0 >= 0 and 1 or 0, x0, y0 end
  local d1 = beyond(tx, ty, x1, y1, px, py)
  if d0 < 0 and d1 < 0 then return 0 end
  if d0 < 0 or d1 < 0 then
    local k = d0 / (d0 - d1)
    local x, y = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
    if d0 < 0 then x0, y0 = x, y else x1, y1 = x, y end
  end
  return 2, x0, y0, x1, y1
end

local function flatcontact(ref, face, inc, nx, ny)
  local i, j = face % ref.n, (face + 1) % ref.n
  local px, py, qx, qy = ref.x[i], ref.y[i], ref.x[j], ref.y[j]
  local tx, ty = qx - px, qy - py
  -- separations from the reference hull's reach along n, as the depth is
  -- measured
  local top = support(ref, nx, ny)
  local count, x0, y0, x1, y1 = incident(inc, nx, ny)
  count, x0, y0, x1, y1 = clip(count, x0, y0, x1, y1, tx, ty, px, py)
  if count ~= 0 then
    count, x0, y0, x1, y1 = clip(count, x0, y0, x1, y1, -tx, -ty, qx, qy)
  end
  if count >= 1 then add(x0, y0, (nx * x0 + ny * y0) - top, nx, ny, ref.radius, inc.radius) end
  if count == 2 then add(x1, y1, (nx * x1 + ny * y1) - top, nx, ny, ref.radius, inc.radius) end
end

-- Midway between the surfaces along u, depth apart: from the vertex of
-- hull h furthest along u (the first of equals), depth / 2 back.
local function onepoint(h, ux, uy, depth)
  local xs, ys = h.x, h.y
  local dx, dy = xs[0], ys[0]
  local shift = depth / 2 - h.radius
  for i = 1, h.n - 1 do
    if ux * xs[i] + uy * ys[i] > ux * dx + uy * dy then dx, dy = xs[i], ys[i] end
  end
  return dx - ux * shift, dy - uy * shift
end

-- A face of either hull that lies across the normal within 1e-12
-- radians (the index of the penetration's faces), or -1.
local function alignedface(ha, hb, nx, ny)
  local best, least = -1, 1e-12
  local na, nb = facecount(ha), facecount(hb)
  for i = 0, na + nb - 1 do
    local fx, fy
    if i < na then fx, fy = facenormal(ha, i) else fx, fy = facenormal(hb, i - na) end
    local along, tilt = fx * nx + fy * ny, abs(fx * ny - fy * nx)
    if i >= na then along = -along end
    if along > 0 and tilt < least then least, best = tilt, i end
  end
  return best
end

-- The point moved into the closed shape where it lies outside: to its
-- nearest point there; nil when it is in.
local dot = { ["\0px"] = 0.0, ["\0py"] = 0.0, ["\0r"] = 0.0 }
local function onto(kind, o, h, x, y)
  if holds(h, x, y) then return nil end
  dot["\0px"], dot["\0py"] = x, y
  local d, ox, oy = distance.distance(kind, o, "Circle", dot)
  if d == 0 then return nil end
  return ox, oy
end

-- Whether the hull is a wall: a segment of no thickness.
local function iswall(h) return h.n == 2 and h.radius == 0 end

-- Where the hull h, a segment of no thickness, crosses the other shape:
-- the point of its part in it nearest (px, py); nil when not.
local function alongwall(h, kind, o, px, py)
  if not iswall(h) then return nil end
  local x0, y0 = h.x[0], h.y[0]
  local dx, dy = h.x[1] - x0, h.y[1] - y0
  local k, t0, t1 = cast.clipsegment(kind, o, x0, y0, dx, dy)
  if k == "outside" then return nil end
  local t = (dx * (px - x0) + dy * (py - y0)) / (dx * dx + dy * dy)
  if not (t > t0) then t = t0 end  -- NaN where the squares overflow
  if t > t1 then t = t1 end
  return x0 + dx * t, y0 + dy * t
end

-- The hull's size, its radius included.
local function reach(h) return pushout.span(h) + h.radius end

-- On the line through (px, py) along n, the point of the shapes' common
-- chord nearest it; nil where the line misses their common part.
local function alongnormal(akind, a, ha, bkind, b, hb, nx, ny, px, py)
  local length = 2 * (reach(ha) + reach(hb))
  local fx, fy = px - nx * length, py - ny * length
  local dx, dy = nx * 2 * length, ny * 2 * length
  local ka, ta0, ta1 = cast.clipsegment(akind, a, fx, fy, dx, dy)
  if ka == "outside" then return nil end
  local kb, tb0, tb1 = cast.clipsegment(bkind, b, fx, fy, dx, dy)
  if kb == "outside" then return nil end
  local lo, hi = fmax(ta0, tb0), fmin(ta1, tb1)
  if not (lo <= hi) then return nil end
  local t = 0.5 < lo and lo or (0.5 > hi and hi or 0.5)
  return fx + dx * t, fy + dy * t
end

-- Between the points p and q of a flat contact, the middle of the shapes'
-- common chord along the normal: a point well inside both, nil where
-- doubles find none.
local function insideboth(ha, hb, px, py, qx, qy, nx, ny)
  local mx, my = (px + qx) / 2, (py + qy) / 2
  local lo, hi = commonchord(ha, hb, mx, my, nx, ny)
  if not lo then return nil end
  local t = lo + (hi - lo) / 2
  return mx + nx * t, my + ny * t
end

-- v moved to the next double up (way 1) or down (-1), as nextafter moves
-- a normal v: by 0.625 of 2^-52 |v|, 0.625 to 1.25 of its ulp, which
-- rounds to one ulp (and below a power of two, to half of one).
local function nextdouble(v, way) return v + way * (0.625 * 2 ^ -52 * abs(v)) end

-- heldnear's offsets from p along the normal and along the contact, in
-- steps of about an ulp of p: none, then each way by powers of two.
local HELD = { 0, 1, -1, 2, -2, 4, -4, 8, -8, 16, -16, 32, -32 }
-- p's coordinates and the doubles one and two away either way
local NEXT, xs, ys = 5, {}, {}

local function held(ha, hb, x, y) return holds(ha, x, y) and holds(hb, x, y) end

-- The first of p and the doubles around it that both hulls hold exactly,
-- or nil where none is (manifold.c's held_near): where the common part
-- is a sliver thinner than the spacing of doubles, rounding leaves the
-- last ways of intoboth a hair outside one; a double of the sliver lies
-- next to it, two doubles away in x and y, or a few steps along the
-- normal or along the contact.
local function heldnear(ha, hb, nx, ny, px, py)
  if held(ha, hb, px, py) then return px, py end
  xs[1], ys[1] = px, py
  for i = 2, NEXT do  -- one double up, one down, two up, two down
    local from, way = i < 4 and 1 or i - 2, i % 2 == 0 and 1 or -1
    xs[i], ys[i] = nextdouble(xs[from], way), nextdouble(ys[from], way)
  end
  for i = 1, NEXT do
    for j = i == 1 and 2 or 1, NEXT do
      if held(ha, hb, xs[i], ys[j]) then return xs[i], ys[j] end
    end
  end
  local step = 2 ^ -52 * (abs(px) + abs(py))
  -- a wall's common part with the other lies along its line, which the
  -- contact follows: no steps across it
  for i = 1, (iswall(ha) or iswall(hb)) and 1 or #HELD do
    local across = HELD[i] * step
    for j = i == 1 and 2 or 1, #HELD do
      local along = HELD[j] * step
      local cx, cy = px + (nx * across - ny * along), py + (ny * across + nx * along)
      if held(ha, hb, cx, cy) then return cx, cy end
    end
  end
  return nil
end

-- A point brought into both shapes: along the normal or across it, or
-- towards a point well inside both (the middle of the contact when there
-- is another point, ox, oy, else the middle of the common part of
-- polygons within the shapes), as doubles find it; else where a wall of
-- no thickness crosses the other, where a double that both hold lies next
-- to that point; else along the exact chord, or the wall's point, or by
-- alternate projections until a step moves it by no more than rounding:
-- these last within rounding, and heldnear then takes a double next to
-- it that both hold exactly.
local function intoboth(akind, a, ha, bkind, b, hb, nx, ny, px, py, ox, oy)
  if held(ha, hb, px, py) then return px, py end
  local x, y = commonpoint(ha, hb, px, py, nx, ny)
  if not x then x, y = commonpoint(ha, hb, px, py, -ny, nx) end
  if not x and ox then
    local tx, ty = insideboth(ha, hb, px, py, ox, oy, nx, ny)
    if tx then x, y = commonpoint(ha, hb, px, py, tx - px, ty - py) end
  end
  if not x then
    local mx, my = commonmiddle(ha, hb)
    if mx then x, y = commonpoint(ha, hb, px, py, mx - px, my - py) end
  end
  if x then return x, y end
  local wx, wy = alongwall(ha, bkind, b, px, py)
  if not wx then wx, wy = alongwall(hb, akind, a, px, py) end
  if wx then
    x, y = heldnear(ha, hb, nx, ny, wx, wy)
    if x then return x, y end
  end
  x, y = alongnormal(akind, a, ha, bkind, b, hb, nx, ny, px, py)
  if x then
    local hx, hy = heldnear(ha, hb, nx, ny, x, y)
    if hx then return hx, hy end
    return x, y
  end
  if wx then return wx, wy end
  local tol = 2 ^ -40 * (reach(ha) + reach(hb))
  for _ = 1, 1024 do
    local sx, sy = px, py
    local ax, ay = onto(akind, a, ha, px, py)
    if ax then px, py = ax, ay end
    local bx, by = onto(bkind, b, hb, px, py)
    if bx then px, py = bx, by end
    if not (bx or ax) or abs(px - sx) + abs(py - sy) <= tol then break end
  end
  x, y = heldnear(ha, hb, nx, ny, px, py)
  if x then return x, y end
  return px, py
end

-- Two rectangles keep the normal of their own push-out: the face is the
-- one along it, the depth the hulls' overlap across it.
local function rectpenetration(ha, hb, nx, ny, p)
  p.nx, p.ny = nx, ny
  p.depth = support(ha, nx, ny) + support(hb, -nx, -ny)
  p.face = alignedface(ha, hb, nx, ny)
end

local ha, hb, pen = hullcore.new(), hullcore.new(), {}

function manifold.manifold(akind, a, bkind, b)
  local p, round = pen, false
  local rects = pushout.rectangle(akind) and pushout.rectangle(bkind)
  local t, nx, ny, _
  if rects then
    t, _, _, _, _, nx, ny = pushout.overlap(akind, a, bkind, b)
    if not t then return nil end
  elseif not distance.intersects(akind, a, bkind, b) then
    return nil
  end
  hullcore.shape(akind, a, ha)
  hullcore.shape(bkind, b, hb)
  if rects then
    rectpenetration(ha, hb, nx, ny, p)
  else
    pushout.penetration(akind, a, ha, bkind, b, hb, p)
    round = p.face < 0
    if round then p.face = alignedface(ha, hb, p.nx, p.ny) end
  end
  m.nx, m.ny, m.n = p.nx + 0.0, p.ny + 0.0, 0  -- no -0
  local na = facecount(ha)
  if p.face >= 0 and p.face < na then
    flatcontact(ha, p.face, hb, p.nx, p.ny)
  elseif p.face >= 0 then
    flatcontact(hb, p.face - na, ha, -p.nx, -p.ny)
  end
  if m.n == 0 then
    -- round contact, or clipping left nothing: the one point midway
    -- between the surfaces along the normal, from b's nearest point, or
    -- from the deepest point of the hull facing the reference face
    local x, y
    if round then
      x, y = p.pbx + p.nx * (p.depth / 2 - hb.radius), p.pby + p.ny * (p.depth / 2 - hb.radius)
    elseif p.face < na then
      x, y = onepoint(hb, -p.nx, -p.ny, p.depth)
    else
      x, y = onepoint(ha, p.nx, p.ny, p.depth)
    end
    m.x[1], m.y[1], m.d[1], m.n = x, y, p.depth, 1
  end
  -- a face that only lies across the normal within a hair may measure a
  -- point deeper than the penetration itself, which bounds every depth
  local x1, y1, x2, y2 = m.x[1], m.y[1], m.x[2], m.y[2]
  for k = 1, m.n do
    local ox, oy
    if m.n == 2 then
      if k == 1 then ox, oy = x2, y2 else ox, oy = x1, y1 end
    end
    m.x[k], m.y[k] = intoboth(akind, a, ha, bkind, b, hb, p.nx, p.ny, m.x[k], m.y[k],
                              ox, oy)
    if m.d[k] > p.depth then m.d[k] = p.depth end
    if not (m.d[k] > 0) then m.d[k] = 0.0 end  -- a rounding error below
  end
  if m.n == 1 then return m.nx, m.ny, 1, m.x[1], m.y[1], m.d[1] end
  return m.nx, m.ny, 2, m.x[1], m.y[1], m.d[1], m.x[2], m.y[2], m.d[2]
end

return manifold
