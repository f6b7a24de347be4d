-- Arcs (src/core/arc.c): a point, or a disc of radius r, on p0 + v t +
-- g t^2 / 2 for t in [0, 1], against any shape. The centre must come
-- strictly within R = r + the shape's radius of its hull: into the open
-- disc of radius R about a vertex, the open rectangle along an edge, or
-- (R 0) the polygon's interior. On each piece, where some polynomials in t
-- with exact wide coefficients are all positive; dyadic intervals of time
-- are searched earliest first, down to 2^-52, on the signs of their exact
-- Bernstein coefficients. The same decisions and the same doubles as C.
local wide = require "impact.pure.core.wide"
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

-- The start of the earliest interval just after whose start the centre is
-- inside every polynomial of the piece but those in done (bit i - 1 for
-- polynomial i), before limit; 2 for none.
local function firstinside(piece, k, d, done, limit)
  local start = k * 2 ^ -d
  if not (start < limit) then return 2 end
  for i = 1, piece.count do
    local bit = 2 ^ (i - 1)
    if floor(done / bit) % 2 == 0 then
      local side = classify(piece[i], k, d)
      if side < 0 then return 2 end
      if side > 0 then done = done + bit end
    end
  end
  if done == 2 ^ piece.count - 1 then return start end
  if d == DEPTH then return 2 end
  local t = firstinside(piece, 2 * k, d + 1, done, limit)
  if t < 2 then return t end
  return firstinside(piece, 2 * k + 1, d + 1, done, limit)
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

-- The earliest time the centre is inside a piece (2 for none), the
-- piece's kind and index.
local function firstcontact(a, h, bigr)
  local r2 = mul(bigr, bigr)
  local n = h.n
  if bigr.sign == 0 then
    if n < 3 then return 2 end
    local piece = { count = n }
    for i = 0, n - 1 do
      local ex, ey = edgeof(h, i)
      piece[i + 1] = along(pathfrom(a, h, i), ex, ey, cross)
    end
    return firstinside(piece, 0, 0, 0, 2), "inside", 0
  end
  local best, kind, index = 2, "inside", 0
  for i = 0, n - 1 do
    local t = firstinside(discpiece(pathfrom(a, h, i), r2), 0, 0, 0, best)
    if t < best then best, kind, index = t, "vertex", i end
  end
  for i = 0, (n < 3 and n - 1 or n) - 1 do
    local ex, ey = edgeof(h, i)
    local t = firstinside(edgepiece(pathfrom(a, h, i), ex, ey, r2), 0, 0, 0, best)
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
  local a = { wx0 = of(x0), wy0 = of(y0), wvx = of(vx), wvy = of(vy),
              whx = of(hx), why = of(hy) }
  local t, piece, index = firstcontact(a, h, add(of(radius), of(h.radius)))
  if not (t <= 1) then return nil end
  local time, px, py, dx, dy = fill(x0, y0, vx, vy, hx, hy, t, 0.0, 0.0)
  local nx, ny = normalat(h, piece, index, px, py)
  return time, px, py, dx, dy, nx, ny
end

return arc
