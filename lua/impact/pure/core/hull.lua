-- Every shape as the convex hull of its world vertices and a radius
-- (src/core/hull.c): the same double operations in the same order. A
-- shape is a table with the keys of its object, named by its kind
-- ("AABB", "OBB", "Circle", "Capsule", "Polygon"): "\0px", "\0py" (its
-- position); an AABB's and OBB's "\0hx", "\0hy"; "\0a", "\0c", "\0s" (the
-- angle, its cosine and sine) but for an AABB's angle; "\0r" (a radius);
-- a Capsule's ends "\0ax", "\0ay", "\0bx", "\0by", a Polygon's "\0n"
-- vertices in "\0v" as { x1, y1, ... } in its own frame.
--
-- A hull (hull.new()) is { n, rounded, radius, x, y, lx, ly }: n vertices,
-- the arrays indexed from 0 as in C, vertex i exactly (x[i] + lx[i],
-- y[i] + ly[i]).
local exact = require "impact.pure.core.exact"
local predicates = require "impact.pure.core.predicates"
local obbcore = require "impact.pure.core.obb"

local cos, sin = math.cos, math.sin
local twosum, signofsum, scratch = exact.twosum, exact.signofsum, exact.scratch
local orientx = predicates.orient

local hull = {}

local MAX = 16

function hull.setangle(o, angle)
  o["\0a"], o["\0c"], o["\0s"] = angle, cos(angle), sin(angle)
end

-- The world point of (vx, vy) in the frame of o.
local function world(o, vx, vy)
  local c, s = o["\0c"], o["\0s"]
  return o["\0px"] + (c * vx - s * vy), o["\0py"] + (s * vx + c * vy)
end
hull.world = world

-- Arrays from index 0, of room for n.
local function zeros(n)
  local t = scratch(n)
  t[0] = 0.0
  return t
end

function hull.new(room)
  room = room or MAX
  return { n = 0, rounded = false, radius = 0.0, x = zeros(room), y = zeros(room),
           lx = zeros(room), ly = zeros(room) }
end

local function orient(ax, ay, bx, by, cx, cy)
  return orientx(ax, ay, 0.0, 0.0, bx, by, 0.0, 0.0, cx, cy, 0.0, 0.0)
end

-- Whether a is lower than b, or as low and to its left.
local function lower(ax, ay, bx, by)
  return ay < by or (ay == by and ax < bx)
end

local function lowest(xs, ys, n)
  local low = 0
  for i = 1, n - 1 do
    if lower(xs[i], ys[i], xs[low], ys[low]) then low = i end
  end
  return low
end

-- Which half of the turn the direction from a to b points into: 0 for
-- angles in [0, pi), 1 for [pi, 2 pi).
local function halfturn(ax, ay, bx, by)
  local dx, dy = bx - ax, by - ay
  if dy > 0 or (dy == 0 and dx > 0) then return 0 end
  return 1
end

local function corner(xs, ys, n, i)
  local p, q = (i + n - 1) % n, (i + 1) % n
  return orient(xs[p], ys[p], xs[i], ys[i], xs[q], ys[q])
end

-- The corners of the closed path (xs, ys)[0..n), n >= 3 (hull.c's
-- corners): "ok" and the way every corner turns, or why not and the
-- corner's index, from 0.
local turns = zeros(MAX)
local function corners(xs, ys, n)
  for i = 0, n - 1 do turns[i] = corner(xs, ys, n, i) end
  local turn = turns[lowest(xs, ys, n)]
  for i = 0, n - 1 do
    if turns[i] == 0 then return "collinear", turn, i end
  end
  for i = 0, n - 1 do
    if turns[i] ~= turn then return "reflex", turn, i end
  end
  local changes = 0
  for i = 0, n - 1 do
    local p, q = (i + n - 1) % n, (i + 1) % n
    if halfturn(xs[p], ys[p], xs[i], ys[i]) ~= halfturn(xs[i], ys[i], xs[q], ys[q]) then
      changes = changes + 1
    end
    if changes > 2 then return "reflex", turn, i end
  end
  return "ok", turn, n - 1
end

local checkx, checky = zeros(MAX), zeros(MAX)

-- Why a polygon's own vertices v = { x1, y1, ... } (count of them, 3 to
-- 16) are refused, and where (imp_polygon_check_at): "ok", or "repeated"
-- and the later vertex, or "collinear" or "reflex" and the corner, from 1.
function hull.checkvertices(v, count)
  for i = 0, count - 1 do checkx[i], checky[i] = v[2 * i + 1], v[2 * i + 2] end
  for j = 1, count - 1 do
    for i = 0, j - 1 do
      if checkx[i] == checkx[j] and checky[i] == checky[j] then return "repeated", j + 1 end
    end
  end
  local why, _, where = corners(checkx, checky, count)
  if why == "ok" then return why, 0 end
  return why, where + 1
end

-- The exact convex hull (imp_convex_hull): Graham's scan around the
-- lowest-then-leftmost point, in place on (xs, ys)[0..n); returns the
-- count of vertices kept at the front.
local function before(pxv, pyv, ax, ay, bx, by)
  local o = orient(pxv, pyv, ax, ay, bx, by)
  if o ~= 0 then return o > 0 end
  return lower(ax, ay, bx, by)
end

local function swap(xs, ys, i, j)
  xs[i], xs[j] = xs[j], xs[i]
  ys[i], ys[j] = ys[j], ys[i]
end

-- Heapsort of (xs, ys)[base .. base + n) around p.
local function sift(pxv, pyv, xs, ys, base, root, n)
  while true do
    local child = 2 * root + 1
    if child >= n then return end
    local c, d = base + child, base + child + 1
    if child + 1 < n and before(pxv, pyv, xs[c], ys[c], xs[d], ys[d]) then child = child + 1 end
    local r, k = base + root, base + child
    if not before(pxv, pyv, xs[r], ys[r], xs[k], ys[k]) then return end
    swap(xs, ys, r, k)
    root = child
  end
end

local function sortaround(pxv, pyv, xs, ys, base, n)
  for i = math.floor(n / 2) - 1, 0, -1 do sift(pxv, pyv, xs, ys, base, i, n) end
  for i = n - 1, 1, -1 do
    swap(xs, ys, base, base + i)
    sift(pxv, pyv, xs, ys, base, 0, i)
  end
end

function hull.convex(xs, ys, n)
  if n <= 0 then return 0 end
  swap(xs, ys, 0, lowest(xs, ys, n))
  sortaround(xs[0], ys[0], xs, ys, 1, n - 1)
  local first = 1
  while first < n and xs[first] == xs[0] and ys[first] == ys[0] do first = first + 1 end
  if first == n then return 1 end
  local last = n - 1
  while last > first and orient(xs[0], ys[0], xs[last - 1], ys[last - 1],
                                xs[n - 1], ys[n - 1]) == 0 do
    last = last - 1
  end
  local k = 1
  for i = first, last do
    local j = i == last and n - 1 or i
    local px, py = xs[j], ys[j]
    while k >= 2 and orient(xs[k - 2], ys[k - 2], xs[k - 1], ys[k - 1], px, py) <= 0 do
      k = k - 1
    end
    xs[k], ys[k] = px, py
    k = k + 1
  end
  return k
end
local convex = hull.convex

-- The hull of n <= 16 world points (px, py)[0..n), lo 0: a strictly
-- convex path is its own hull, from its lowest point.
local function pointshull(px, py, n, out)
  local ox, oy = out.x, out.y
  local why, turn = "", 0
  if n >= 3 then why, turn = corners(px, py, n) end
  if why == "ok" then
    local low = lowest(px, py, n)
    for i = 0, n - 1 do
      local j = (low + n + turn * i) % n
      ox[i], oy[i] = px[j], py[j]
    end
    out.n = n
  else
    for i = 0, n - 1 do ox[i], oy[i] = px[i], py[i] end
    out.n = convex(ox, oy, n)
  end
  local lx, ly = out.lx, out.ly
  for i = 0, out.n - 1 do lx[i], ly[i] = 0.0, 0.0 end
  out.rounded = false
end

-- pos -+ half exactly: each corner's sum rounded, and what it left out.
local SX, SY = { 0, 1, 1, 0 }, { 0, 0, 1, 1 }
local bx, by, blx, bly = zeros(2), zeros(2), zeros(2), zeros(2)
local function boxhull(px, py, hx, hy, out)
  local wide, tall = hx > 0, hy > 0
  bx[0], blx[0] = twosum(px, -hx)
  bx[1], blx[1] = twosum(px, hx)
  by[0], bly[0] = twosum(py, -hy)
  by[1], bly[1] = twosum(py, hy)
  local n, rounded = 0, false
  local ox, oy, olx, oly = out.x, out.y, out.lx, out.ly
  for i = 1, 4 do
    local sx, sy = SX[i], SY[i]
    if not ((sx == 1 and not wide) or (sy == 1 and not tall)) then
      ox[n], oy[n], olx[n], oly[n] = bx[sx], by[sy], blx[sx], bly[sy]
      rounded = rounded or blx[sx] ~= 0 or bly[sy] ~= 0
      n = n + 1
    end
  end
  out.n, out.rounded = n, rounded
end

local wx, wy = zeros(MAX), zeros(MAX)

-- The hull of the shape o of the kind named into out (imp_shape_hull).
function hull.shape(kind, o, out)
  out.radius = 0.0
  if kind == "AABB" then
    boxhull(o["\0px"], o["\0py"], o["\0hx"], o["\0hy"], out)
  elseif kind == "OBB" then
    if o["\0s"] == 0 then
      boxhull(o["\0px"], o["\0py"], o["\0hx"], o["\0hy"], out)
    else
      wx[0], wy[0], wx[1], wy[1], wx[2], wy[2], wx[3], wy[3] = obbcore.corners(o)
      pointshull(wx, wy, 4, out)
    end
  elseif kind == "Circle" then
    wx[0], wy[0] = o["\0px"], o["\0py"]
    pointshull(wx, wy, 1, out)
    out.radius = o["\0r"]
  elseif kind == "Capsule" then
    wx[0], wy[0] = world(o, o["\0ax"], o["\0ay"])
    wx[1], wy[1] = world(o, o["\0bx"], o["\0by"])
    pointshull(wx, wy, 2, out)
    out.radius = o["\0r"]
  else
    local v, n = o["\0v"], o["\0n"]
    for i = 0, n - 1 do wx[i], wy[i] = world(o, v[2 * i + 1], v[2 * i + 2]) end
    pointshull(wx, wy, n, out)
  end
end
local shapehull = hull.shape

-- Whether lo + hi >= a + b exactly.
local sum4 = scratch(4)
local function atleast(lo, hi, a, b)
  sum4[1], sum4[2], sum4[3], sum4[4] = lo, hi, -a, -b
  return signofsum(sum4, 4) >= 0
end

-- The centre and half size of the smallest interval about the middle of
-- [low, high] that holds [low - r, high + r] (hull.c's cover).
local function cover(low, high, r)
  local c = low == high and low or 0.5 * low + 0.5 * high
  local a, b = high - c, c - low
  local h = (b > a and b or a) + r  -- fmax: a when equal
  for _ = 1, 8 do
    if atleast(c, h, high, r) and atleast(h, low, c, r) then break end
    h = h + (h * (2 ^ -53 + 2 ^ -105) + 2 ^ -1074)
  end
  return c, h
end

local bounded = hull.new()

-- The smallest AABB that holds the shape exactly: px, py, hx, hy.
-- A turned OBB's are its corners', as for the polygon of its corners (a
-- corner rounded in the world can lie an ulp beyond the exact rectangle).
function hull.bounds(kind, o)
  if kind == "AABB" or (kind == "OBB" and o["\0s"] == 0) then
    return o["\0px"], o["\0py"], o["\0hx"], o["\0hy"]
  end
  shapehull(kind, o, bounded)
  local xs, ys = bounded.x, bounded.y
  local lowx, lowy, highx, highy = xs[0], ys[0], xs[0], ys[0]
  -- hull.c's least: the first when equal, and a NaN kept (so bounds fail)
  for i = 1, bounded.n - 1 do
    local x, y = xs[i], ys[i]
    if x < lowx or x ~= x then lowx = x end
    if y < lowy or y ~= y then lowy = y end
    if x > highx or x ~= x then highx = x end
    if y > highy or y ~= y then highy = y end
  end
  local px, hx = cover(lowx, highx, bounded.radius)
  local py, hy = cover(lowy, highy, bounded.radius)
  return px, py, hx, hy
end

-- A copy of the shape o into out (a table kept for it) moved to (x, y),
-- everything else kept (imp_shape_moved).
function hull.moved(o, x, y, out)
  for k, v in next, o do out[k] = v end
  out["\0px"], out["\0py"] = x, y
  return out
end

return hull
