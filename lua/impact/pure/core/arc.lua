-- Arcs (src/core/arc.c): a point, or a disc of radius r, on p0 + v t +
-- g t^2 / 2 for t in [0, 1], against any shape. The centre must come
-- strictly within R = r + the shape's radius of its hull: into the open
-- disc of radius R about a vertex, the open rectangle along an edge, or
-- (R 0) the polygon's interior. On each piece, where some polynomials in t
-- with exact wide coefficients are all positive; dyadic intervals of time
-- are searched earliest first, down to 2^-52, on the signs of their exact
-- Bernstein coefficients; most of them come from doubles where an error
-- bound makes them sure (arcbound.lua), and the last halvings towards a
-- contact from a certified root. The same decisions and doubles as C.
local wide = require "impact.pure.core.wide"
local bound = require "impact.pure.core.arcbound"
local hullcore = require "impact.pure.core.hull"
local distance = require "impact.pure.core.distance"
local pushout = require "impact.pure.core.pushout"
local cast = require "impact.pure.core.cast"
local obbcore = require "impact.pure.core.obb"
local shapesweep = require "impact.pure.core.shapesweep"
local vec2 = require "impact.pure.point"

local of, add, sub, mul = wide.of, wide.add, wide.sub, wide.mul
local length, normalize = vec2.length, vec2.normalize
local floor = math.floor

local arc = {}

local DEPTH, LIMIT = 52, 2 ^ 40
local ZERO = of(0.0)

local BINOMIAL = {
  [0] = { [0] = 1 }, { [0] = 1, 1 }, { [0] = 1, 2, 1 }, { [0] = 1, 3, 3, 1 },
  { [0] = 1, 4, 6, 4, 1 } }
local LCM = { [0] = 1, 1, 2, 3, 12 }

-- The integer k (below 2^53) as a wide, unscaled.
local function integer(k) return of(k * 2 ^ -148) end

local function negated(a) return sub(ZERO, a) end

-- -1: the centre is inside on none of [k, k + 1] 2^-d; 1: just after its
-- start throughout; 0: neither.
local function classify(p, k, d)
  local n, a = p.n, p.a
  local kpow, c = { [0] = integer(1) }, {}
  for i = 1, n do kpow[i] = mul(kpow[i - 1], integer(k)) end
  for j = 0, n do
    local cj = integer(0)
    for i = j, n do
      local m = mul(kpow[i - j], integer(BINOMIAL[i][j]))
      m = mul(m, of(2 ^ (d * (n - i) - 148)))
      cj = add(cj, mul(a[i], m))
    end
    c[j] = cj
  end
  local positive, negative = 0, 0
  for j = 0, n do
    local b = integer(0)
    for i = 0, j do
      local w = LCM[n] * BINOMIAL[j][i] / BINOMIAL[n][i]
      b = add(b, mul(c[i], integer(w)))
    end
    if b.sign > 0 or (j == 0 and b.sign == 0) then positive = positive + 1 end
    if b.sign <= 0 then negative = negative + 1 end
  end
  if negative == n + 1 then return -1 end
  return positive == n + 1 and 1 or 0
end

local function dot(ax, ay, bx, by) return add(mul(ax, bx), mul(ay, by)) end
local function cross(ax, ay, bx, by) return sub(mul(ax, by), mul(ay, bx)) end
local function twice(a) return add(a, a) end

-- The quadratic e.(path) or e x (path).
local function along(p, ex, ey, f)
  return { n = 2, a = { [0] = f(ex, ey, p.dx, p.dy), f(ex, ey, p.vx, p.vy),
                        f(ex, ey, p.hx, p.hy) } }
end

-- r2 - q^2 for a quadratic q.
local function belowsquare(r2, q)
  local a = q.a
  return { n = 4, a = { [0] = sub(r2, mul(a[0], a[0])),
    negated(twice(mul(a[0], a[1]))),
    negated(add(mul(a[1], a[1]), twice(mul(a[0], a[2])))),
    negated(twice(mul(a[1], a[2]))),
    negated(mul(a[2], a[2])) } }
end

local function discpiece(p, r2)
  return { count = 1, { n = 4, a = { [0] = sub(r2, dot(p.dx, p.dy, p.dx, p.dy)),
    negated(twice(dot(p.vx, p.vy, p.dx, p.dy))),
    negated(add(dot(p.vx, p.vy, p.vx, p.vy), twice(dot(p.hx, p.hy, p.dx, p.dy)))),
    negated(twice(dot(p.hx, p.hy, p.vx, p.vy))),
    negated(dot(p.hx, p.hy, p.hx, p.hy)) } } }
end

local function edgepiece(p, ex, ey, r2)
  local length2 = dot(ex, ey, ex, ey)
  local s = along(p, ex, ey, dot)
  local rest = { n = 2, a = {} }
  for i = 0, 2 do rest.a[i] = negated(s.a[i]) end
  rest.a[0] = add(length2, rest.a[0])
  return { count = 3, s, rest, belowsquare(mul(r2, length2), along(p, ex, ey, cross)) }
end

local function inrange(v)
  if v < 0 then v = -v end
  return v == 0 or (v >= 2 ^ -96 and v <= LIMIT)
end

local function hullinrange(h)
  local ok = inrange(h.radius)
  for i = 0, h.n - 1 do
    ok = ok and inrange(h.x[i]) and inrange(h.y[i]) and inrange(h.lx[i])
         and inrange(h.ly[i])
  end
  return ok
end

local function vertex(h, i)
  return add(of(h.x[i]), of(h.lx[i])), add(of(h.y[i]), of(h.ly[i]))
end

local function pathfrom(a, h, i)
  if not a.wx0 then
    a.wx0, a.wy0, a.wvx, a.wvy = of(a.x0), of(a.y0), of(a.vx), of(a.vy)
    a.whx, a.why = of(a.hx), of(a.hy)
  end
  local wx, wy = vertex(h, i)
  return { dx = sub(a.wx0, wx), dy = sub(a.wy0, wy), vx = a.wvx, vy = a.wvy,
           hx = a.whx, hy = a.why }
end

local function edgeof(h, i)
  local j = (i + 1) % h.n
  local ax, ay = vertex(h, i)
  local bx, by = vertex(h, j)
  return sub(bx, ax), sub(by, ay)
end

-- The piece's polynomials exactly, made on the first call.
local function exactpiece(pc)
  if pc.exact then return pc.exact end
  local a, h, n, index = pc.arc, pc.h, pc.h.n, pc.index
  local bigr = add(of(a.radius), of(h.radius))
  local r2 = mul(bigr, bigr)
  if pc.kind == "inside" then
    pc.exact = { count = n }
    for i = 0, n - 1 do
      local ex, ey = edgeof(h, i)
      pc.exact[i + 1] = along(pathfrom(a, h, i), ex, ey, cross)
    end
  elseif pc.kind == "vertex" then
    pc.exact = discpiece(pathfrom(a, h, index), r2)
  else
    local ex, ey = edgeof(h, index)
    pc.exact = edgepiece(pathfrom(a, h, index), ex, ey, r2)
  end
  return pc.exact
end

-- The same polynomials in double-doubles (arcbound.lua).
local ddexact, ddadd, ddsub, ddmul, scaled =
  bound.exact, bound.add, bound.sub, bound.mul, bound.scaled
local function dddot(ax, ay, bx, by)
  return ddadd(ddmul(ax, bx), ddmul(ay, by))
end
local function ddcross(ax, ay, bx, by)
  return ddsub(ddmul(ax, by), ddmul(ay, bx))
end

local function ddvertex(h, i)
  return ddadd(ddexact(h.x[i]), ddexact(h.lx[i])),
         ddadd(ddexact(h.y[i]), ddexact(h.ly[i]))
end

local function ddpathfrom(a, h, i)
  local wx, wy = ddvertex(h, i)
  return { dx = ddsub(ddexact(a.x0), wx), dy = ddsub(ddexact(a.y0), wy),
           vx = ddexact(a.vx), vy = ddexact(a.vy), hx = ddexact(a.hx),
           hy = ddexact(a.hy) }
end

local function ddedgeof(h, i)
  local j = (i + 1) % h.n
  local ax, ay = ddvertex(h, i)
  local bx, by = ddvertex(h, j)
  return ddsub(bx, ax), ddsub(by, ay)
end

local function ddalong(p, ex, ey, f)
  return { n = 2, a = { [0] = f(ex, ey, p.dx, p.dy), f(ex, ey, p.vx, p.vy),
                        f(ex, ey, p.hx, p.hy) } }
end

local function ddbelowsquare(r2, q)
  local a = q.a
  return { n = 4, a = { [0] = ddsub(r2, ddmul(a[0], a[0])),
    scaled(ddmul(a[0], a[1]), -2),
    scaled(ddadd(ddmul(a[1], a[1]), scaled(ddmul(a[0], a[2]), 2)), -1),
    scaled(ddmul(a[1], a[2]), -2),
    scaled(ddmul(a[2], a[2]), -1) } }
end

-- A piece of kind "inside", "vertex" or "edge": its polynomials in
-- double-doubles, and what makes them exactly.
local function makepiece(a, h, kind, index)
  local pc = { arc = a, h = h, kind = kind, index = index }
  local r = ddadd(ddexact(a.radius), ddexact(h.radius))
  local r2 = ddmul(r, r)
  if kind == "inside" then
    pc.count = h.n
    for i = 0, h.n - 1 do
      local ex, ey = ddedgeof(h, i)
      pc[i + 1] = ddalong(ddpathfrom(a, h, i), ex, ey, ddcross)
    end
    return pc
  end
  local p = ddpathfrom(a, h, index)
  if kind == "vertex" then
    pc.count = 1
    pc[1] = { n = 4, a = { [0] = ddsub(r2, dddot(p.dx, p.dy, p.dx, p.dy)),
      scaled(dddot(p.vx, p.vy, p.dx, p.dy), -2),
      scaled(ddadd(dddot(p.vx, p.vy, p.vx, p.vy),
                   scaled(dddot(p.hx, p.hy, p.dx, p.dy), 2)), -1),
      scaled(dddot(p.hx, p.hy, p.vx, p.vy), -2),
      scaled(dddot(p.hx, p.hy, p.hx, p.hy), -1) } }
    return pc
  end
  local ex, ey = ddedgeof(h, index)
  local length2 = dddot(ex, ey, ex, ey)
  local s = ddalong(p, ex, ey, dddot)
  local rest = { n = 2, a = {} }
  for i = 0, 2 do rest.a[i] = scaled(s.a[i], -1) end
  rest.a[0] = ddadd(length2, rest.a[0])
  pc.count = 3
  pc[1], pc[2] = s, rest
  pc[3] = ddbelowsquare(ddmul(r2, length2), ddalong(p, ex, ey, ddcross))
  return pc
end

-- The start of the earliest interval just after whose start the centre is
-- inside every polynomial of the piece but those in done (bit i - 1 for
-- polynomial i), before limit; 2 for none. Signs from doubles where they
-- are sure, exactly otherwise; with one polynomial left open that surely
-- rises on the interval, the first grid point past its root.
local function firstinside(pc, k, d, done, limit)
  local start = k * 2 ^ -d
  if not (start < limit) then return 2 end
  local unsure, open, opens = {}, 0, 0
  for i = 1, pc.count do
    local bit = 2 ^ (i - 1)
    if floor(done / bit) % 2 == 0 then
      local side = bound.classify(pc[i], k, d)
      if side < 0 then return 2 end
      if side == 1 then
        done = done + bit
      else
        if side == bound.UNSURE then unsure[#unsure + 1] = i end
        open, opens = i, opens + 1
      end
    end
  end
  if opens == 1 then
    local t = bound.entry(pc[open], k, d, DEPTH, limit)
    if t then return t end
  end
  for _, i in ipairs(unsure) do
    local side = classify(exactpiece(pc)[i], k, d)
    if side < 0 then return 2 end
    if side > 0 then done = done + 2 ^ (i - 1) end
  end
  if done == 2 ^ pc.count - 1 then return start end
  if d == DEPTH then return 2 end
  local t = firstinside(pc, 2 * k, d + 1, done, limit)
  if t < 2 then return t end
  return firstinside(pc, 2 * k + 1, d + 1, done, limit)
end

-- The earliest time the centre is inside a piece (2 for none), the
-- piece's kind and index.
local function firstcontact(a, h)
  local n = h.n
  if a.radius + h.radius == 0 then
    if n < 3 then return 2 end
    return firstinside(makepiece(a, h, "inside", 0), 0, 0, 0, 2), "inside", 0
  end
  local best, kind, index = 2, "inside", 0
  for i = 0, n - 1 do
    local t = firstinside(makepiece(a, h, "vertex", i), 0, 0, 0, best)
    if t < best then best, kind, index = t, "vertex", i end
  end
  for i = 0, (n < 3 and n - 1 or n) - 1 do
    local t = firstinside(makepiece(a, h, "edge", i), 0, 0, 0, best)
    if t < best then best, kind, index = t, "edge", i end
  end
  return best, kind, index
end

-- e x (pos - v[i]) and e's outward normal, unnormalized, for edge i.
local function edgeside(h, i, px, py)
  local j = (i + 1) % h.n
  local ax, ay = h.x[i], h.y[i]
  local ex, ey = h.x[j] - ax, h.y[j] - ay
  return ex * (py - ay) - ey * (px - ax), ey, -ex
end

local function normalat(h, kind, index, px, py)
  local nx, ny
  if kind == "vertex" then
    nx, ny = px - h.x[index], py - h.y[index]
  elseif kind == "edge" then
    local side
    side, nx, ny = edgeside(h, index, px, py)
    if side > 0 then nx, ny = -nx, -ny end
  else
    local nearest = math.huge
    for i = 0, h.n - 1 do
      local side, ex, ey = edgeside(h, i, px, py)
      local depth = side / length(ex, ey)
      if depth < nearest then nearest, nx, ny = depth, ex, ey end
    end
  end
  nx, ny = normalize(nx, ny)
  return nx, ny
end

-- time, pos, delta (from the path's end back to pos) and normal.
local function fill(x0, y0, vx, vy, hx, hy, t, nx, ny)
  local px, py = x0 + t * (vx + t * hx), y0 + t * (vy + t * hy)
  return t, px, py, px - (x0 + (vx + hx)), py - (y0 + (vy + hy)), nx, ny
end

local plain = hullcore.new()

-- Returns time, px, py, dx, dy, nx, ny, or nil for no hit.
function arc.intersectarc(kind, o, x0, y0, vx, vy, gx, gy, radius)
  local hx, hy = gx * 0.5, gy * 0.5
  local disc = { ["\0px"] = x0, ["\0py"] = y0, ["\0r"] = radius }
  if not (radius >= 0) then return nil end
  if gx == 0 and gy == 0 then
    if radius == 0 then  -- as each type's own intersectSegment answers
      if kind == "OBB" then return obbcore.intersectSegment(o, x0, y0, vx, vy) end
      return cast.intersectsegment(kind, o, x0, y0, vx, vy)
    end
    local _, _, _, enter, _, _, _, _, nx, ny =
      shapesweep.sweep(kind, o, "Circle", disc, vx, vy)
    if not enter then return nil end
    if vx == 0 and vy == 0 then enter = 0.0 end
    return fill(x0, y0, vx, vy, hx, hy, enter, nx, ny)
  end
  local h = plain
  hullcore.shape(kind, o, h)
  if not (inrange(x0) and inrange(y0) and inrange(vx) and inrange(vy)
          and inrange(hx) and inrange(hy) and inrange(radius) and inrange(gx)
          and inrange(gy) and hullinrange(h)) then
    return nil
  end
  if distance.intersects(kind, o, "Circle", disc) then
    local _, _, _, _, _, nx, ny = pushout.overlap(kind, o, "Circle", disc)
    return fill(x0, y0, vx, vy, hx, hy, 0.0, nx, ny)
  end
  local a = { x0 = x0, y0 = y0, vx = vx, vy = vy, hx = hx, hy = hy,
              radius = radius }
  local t, piece, index = firstcontact(a, h)
  if not (t <= 1) then return nil end
  local time, px, py, dx, dy = fill(x0, y0, vx, vy, hx, hy, t, 0.0, 0.0)
  local nx, ny = normalat(h, piece, index, px, py)
  return time, px, py, dx, dy, nx, ny
end

return arc
