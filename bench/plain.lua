-- The baselines: the same AABB tests written in plain Lua, in the two
-- styles Lua collision code takes. `tables` returns a fresh Hit table per
-- hit, as a straightforward Lua library does; `multi` returns the results as
-- multiple values and allocates nothing. Same semantics as impact.

local EPSILON = 1e-8

local function sign(v) return v < 0 and -1 or 1 end
local function clamp(v, lo, hi) return v < lo and lo or (v > hi and hi or v) end

-- Slab test of the segment (px, py) + t (dx, dy) against the box (cx, cy,
-- hx, hy) padded by (padx, pady). Returns time, normal x, normal y or nil.
local function segment(cx, cy, hx, hy, px, py, dx, dy, padx, pady)
  local scalex, scaley = 1 / dx, 1 / dy
  local signx, signy = sign(scalex), sign(scaley)
  hx, hy = hx + padx, hy + pady
  local nearx, farx, neary, fary
  if dx == 0 then
    if px <= cx - hx or px >= cx + hx then return nil end
    nearx, farx = -math.huge, math.huge
  else
    nearx = (cx - signx * hx - px) * scalex
    farx = (cx + signx * hx - px) * scalex
  end
  if dy == 0 then
    if py <= cy - hy or py >= cy + hy then return nil end
    neary, fary = -math.huge, math.huge
  else
    neary = (cy - signy * hy - py) * scaley
    fary = (cy + signy * hy - py) * scaley
  end
  if nearx > fary or neary > farx then return nil end
  local near = nearx > neary and nearx or neary
  local far = farx < fary and farx or fary
  if near >= 1 or far <= 0 then return nil end
  local time = clamp(near, 0, 1)
  if nearx > neary then return time, -signx, 0 end
  return time, 0, -signy
end

local multi = {}

-- -> time, posx, posy, normalx, normaly, deltax, deltay | nil
function multi.intersectSegment(box, px, py, dx, dy, padx, pady)
  local time, nx, ny = segment(box.x, box.y, box.hx, box.hy, px, py, dx, dy,
                               padx or 0, pady or 0)
  if not time then return nil end
  return time, px + dx * time, py + dy * time, nx, ny,
         (1 - time) * -dx, (1 - time) * -dy
end

-- -> posx, posy, normalx, normaly, deltax, deltay | nil
function multi.intersectAABB(box, other)
  local dx = other.x - box.x
  local px = other.hx + box.hx - math.abs(dx)
  if px <= 0 then return nil end
  local dy = other.y - box.y
  local py = other.hy + box.hy - math.abs(dy)
  if py <= 0 then return nil end
  if px < py then
    local sx = sign(dx)
    return box.x + box.hx * sx, other.y, sx, 0, px * sx, 0
  end
  local sy = sign(dy)
  return other.x, box.y + box.hy * sy, 0, sy, 0, py * sy
end

-- -> time, posx, posy, hit (true when something was hit)
function multi.sweepAABB(box, moving, dx, dy)
  if dx == 0 and dy == 0 then
    local hit = multi.intersectAABB(box, moving) ~= nil
    return hit and 0 or 1, moving.x, moving.y, hit
  end
  local time = segment(box.x, box.y, box.hx, box.hy, moving.x, moving.y,
                       dx, dy, moving.hx, moving.hy)
  if not time then return 1, moving.x + dx, moving.y + dy, false end
  time = clamp(time - EPSILON, 0, 1)
  return time, moving.x + dx * time, moving.y + dy * time, true
end

-- -> time, posx, posy, index of the collider hit (0 for none)
function multi.sweepInto(moving, colliders, dx, dy)
  local best, bx, by, index = 1, moving.x + dx, moving.y + dy, 0
  for i = 1, #colliders do
    local c = colliders[i]
    if c ~= moving then
      local time, x, y, hit = multi.sweepAABB(c, moving, dx, dy)
      if hit and time < best then best, bx, by, index = time, x, y, i end
    end
  end
  return best, bx, by, index
end

-- Separating-axis test of two rotated rectangles (strict: touching is no
-- overlap), with the cosine and sine cached on each, as plain Lua writes it.
-- -> boolean
function multi.intersectOBB(a, b)
  local abs = math.abs
  local dx, dy, ac, as, bc, bs = b.x - a.x, b.y - a.y, a.c, a.s, b.c, b.s
  local cr, sr = abs(ac * bc + as * bs), abs(ac * bs - as * bc)  -- of b's angle - a's
  return abs(dx * ac + dy * as) < a.hx + b.hx * cr + b.hy * sr
     and abs(dy * ac - dx * as) < a.hy + b.hx * sr + b.hy * cr
     and abs(dx * bc + dy * bs) < b.hx + a.hx * cr + a.hy * sr
     and abs(dy * bc - dx * bs) < b.hy + a.hx * sr + a.hy * cr
end

-- Moving segment against moving point, as the textbook solves it: relative
-- to the a end, the segment is d(t) = d0 + t dv and the point e(t) = e0 + t
-- ev; the point is on the segment's line when cross(d, e) = 0, a quadratic
-- in t, and on the segment when besides s = dot(e, d) / dot(d, d) is in
-- [0, 1]. No care for rounding or degenerate motions beyond a zero leading
-- term. -> t1, s1[, t2, s2] | nil
local function along(t, d0x, d0y, dvx, dvy, e0x, e0y, evx, evy)
  if t < 0 or t > 1 then return nil end
  local dx, dy, ex, ey = d0x + dvx * t, d0y + dvy * t, e0x + evx * t, e0y + evy * t
  local dd = dx * dx + dy * dy
  if dd == 0 then return nil end
  local s = (ex * dx + ey * dy) / dd
  if s < 0 or s > 1 then return nil end
  return s
end

function multi.sweepSegmentPoint(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y)
  local d0x, d0y, e0x, e0y = b0x - a0x, b0y - a0y, c0x - a0x, c0y - a0y
  local dvx, dvy = (b1x - a1x) - d0x, (b1y - a1y) - d0y
  local evx, evy = (c1x - a1x) - e0x, (c1y - a1y) - e0y
  local A = dvx * evy - dvy * evx
  local B = d0x * evy - d0y * evx + dvx * e0y - dvy * e0x
  local C = d0x * e0y - d0y * e0x
  local t1, t2
  if A == 0 then
    if B == 0 then return nil end
    t1 = -C / B
  else
    local disc = B * B - 4 * A * C
    if disc < 0 then return nil end
    local root = math.sqrt(disc)
    t1, t2 = (-B - root) / (2 * A), (-B + root) / (2 * A)
    if t2 < t1 then t1, t2 = t2, t1 end
  end
  local s1 = along(t1, d0x, d0y, dvx, dvy, e0x, e0y, evx, evy)
  local s2 = t2 and along(t2, d0x, d0y, dvx, dvy, e0x, e0y, evx, evy)
  if s1 and s2 then return t1, s1, t2, s2 end
  if s1 then return t1, s1 end
  if s2 then return t2, s2 end
  return nil
end

local tables = {}

-- A boolean has no table to make: both styles are the same test.
tables.intersectOBB = multi.intersectOBB

-- The contacts as a list of { time =, s = } tables, or nil.
function tables.sweepSegmentPoint(...)
  local t1, s1, t2, s2 = multi.sweepSegmentPoint(...)
  if not t1 then return nil end
  if not t2 then return { { time = t1, s = s1 } } end
  return { { time = t1, s = s1 }, { time = t2, s = s2 } }
end

local function newhit(collider, px, py, dx, dy, nx, ny, time)
  return { collider = collider, pos = { x = px, y = py },
           delta = { x = dx, y = dy }, normal = { x = nx, y = ny },
           time = time }
end

function tables.intersectSegment(box, pos, delta, padx, pady)
  local time, px, py, nx, ny, dx, dy =
    multi.intersectSegment(box, pos.x, pos.y, delta.x, delta.y, padx, pady)
  if not time then return nil end
  return newhit(box, px, py, dx, dy, nx, ny, time)
end

function tables.intersectAABB(box, other)
  local px, py, nx, ny, dx, dy = multi.intersectAABB(box, other)
  if not px then return nil end
  return newhit(box, px, py, dx, dy, nx, ny, 0)
end

function tables.sweepAABB(box, moving, delta)
  local sweep = { pos = { x = 0, y = 0 }, time = 1 }
  local hit = tables.intersectSegment(box, moving, delta, moving.hx, moving.hy)
  if hit then
    sweep.time = clamp(hit.time - EPSILON, 0, 1)
    sweep.hit = hit
  end
  sweep.pos.x = moving.x + delta.x * sweep.time
  sweep.pos.y = moving.y + delta.y * sweep.time
  return sweep
end

function tables.sweepInto(moving, colliders, delta)
  local nearest = { pos = { x = moving.x + delta.x, y = moving.y + delta.y },
                    time = 1 }
  for i = 1, #colliders do
    local c = colliders[i]
    if c ~= moving then
      local sweep = tables.sweepAABB(c, moving, delta)
      if sweep.time < nearest.time then nearest = sweep end
    end
  end
  return nearest
end

-- Boxes of the baselines: plain tables with centre and half size; rotated
-- ones also with the cosine and sine of their angle.
local function box(x, y, hx, hy) return { x = x, y = y, hx = hx, hy = hy } end

local function obb(x, y, hx, hy, angle)
  return { x = x, y = y, hx = hx, hy = hy, c = math.cos(angle), s = math.sin(angle) }
end

return { multi = multi, tables = tables, box = box, obb = obb }
