-- Arcs: S:intersectArc(pos, velocity, gravity) against the way a game
-- tests a thrown object without it, a 16-segment polyline of the path in
-- plain Lua (16 segment tests, stopping at the first segment that hits): a
-- slab test for a box, a quadratic for a circle, clipping by each edge's
-- line for a convex polygon. Prints a row per shape: ns per call of each,
-- how many times faster impact is, and how often the polyline's hit or
-- miss is impact's (it cuts the path's corners).
--   lua bench/arcs.lua header | <label> all | <label> [case]
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local measure = require "measure"
local impact = require "impact"

local label = arg[1] or _VERSION
local N = math.floor((tonumber(os.getenv("BENCH_CALLS")) or 1000000) / 10)
local SEGMENTS = 16
local sqrt = math.sqrt

-- CASES throws, half of them hits by impact, walked in their random
-- order. Park-Miller's draws, the same under every Lua.
local CASES, seed = 4096, 11
local function uniform(lo, hi)
  seed = seed * 48271 % 2147483647
  return lo + (hi - lo) * seed / 2147483647
end

-- A throw from left of the origin, up and to the right, under gravity
-- pulling down (y up), over shapes near the origin.
local function throw()
  return { x = uniform(-12, -6), y = uniform(-4, 4), vx = uniform(4, 24),
           vy = uniform(0, 20), gx = uniform(-2, 2), gy = uniform(-40, -5) }
end

local function box()
  local x, y, hx, hy = uniform(-3, 3), uniform(-3, 3), uniform(0.5, 3),
    uniform(0.5, 3)
  return { shape = impact.AABB(x, y, hx, hy), x0 = x - hx, y0 = y - hy,
           x1 = x + hx, y1 = y + hy }
end

local function circle()
  local x, y, r = uniform(-3, 3), uniform(-3, 3), uniform(0.5, 3)
  return { shape = impact.Circle(x, y, r), x = x, y = y, r = r }
end

-- 3 to 8 vertices at sorted angles at least 0.2 apart (counter-clockwise).
local function polygon()
  local count, turns = 3 + math.floor(uniform(0, 6)), {}
  repeat
    for i = 1, count do turns[i] = uniform(0, 2 * math.pi) end
    table.sort(turns)
    local apart = turns[1] + 2 * math.pi - turns[count] >= 0.2
    for i = 2, count do apart = apart and turns[i] - turns[i - 1] >= 0.2 end
  until apart
  local r, own = uniform(1, 3), {}
  for i = 1, count do
    own[2 * i - 1], own[2 * i] = r * math.cos(turns[i]), r * math.sin(turns[i])
  end
  local shape = impact.Polygon(own, uniform(-3, 3), uniform(-3, 3),
                               uniform(0, 2 * math.pi))
  return { shape = shape, world = shape:vertices() }
end

-- The plain segment tests: the first time in [0, 1] along p + d u that
-- enters the shape, or nil.
local function segment_box(b, px, py, dx, dy)
  local lo, hi = 0, 1
  if dx == 0 then
    if px <= b.x0 or px >= b.x1 then return nil end
  else
    local t0, t1 = (b.x0 - px) / dx, (b.x1 - px) / dx
    if t0 > t1 then t0, t1 = t1, t0 end
    if t0 > lo then lo = t0 end
    if t1 < hi then hi = t1 end
  end
  if dy == 0 then
    if py <= b.y0 or py >= b.y1 then return nil end
  else
    local t0, t1 = (b.y0 - py) / dy, (b.y1 - py) / dy
    if t0 > t1 then t0, t1 = t1, t0 end
    if t0 > lo then lo = t0 end
    if t1 < hi then hi = t1 end
  end
  if lo < hi then return lo end
end

local function segment_circle(c, px, py, dx, dy)
  local fx, fy = px - c.x, py - c.y
  local a, b = dx * dx + dy * dy, fx * dx + fy * dy
  local q = fx * fx + fy * fy - c.r * c.r
  if q < 0 then return 0 end
  local disc = b * b - a * q
  if disc <= 0 or b >= 0 then return nil end
  local t = (-b - sqrt(disc)) / a
  if t <= 1 then return t end
end

local function segment_polygon(p, px, py, dx, dy)
  local w, lo, hi = p.world, 0, 1
  local n = #w
  for i = 1, n, 2 do
    local j = i + 2 > n and 1 or i + 2
    local nx, ny = w[j + 1] - w[i + 1], w[i] - w[j]  -- outward
    local dist = (px - w[i]) * nx + (py - w[i + 1]) * ny
    local rate = dx * nx + dy * ny
    if rate == 0 then
      if dist >= 0 then return nil end
    else
      local t = -dist / rate
      if rate < 0 then
        if t > lo then lo = t end
      elseif t < hi then
        hi = t
      end
      if lo >= hi then return nil end
    end
  end
  return lo
end

-- The polyline: 16 chords of the path, the first hit's time on the path.
local function polyline(test, s, a)
  local px, py = a.x, a.y
  for i = 1, SEGMENTS do
    local t = i / SEGMENTS
    local qx = a.x + t * (a.vx + t * 0.5 * a.gx)
    local qy = a.y + t * (a.vy + t * 0.5 * a.gy)
    local u = test(s, px, py, qx - px, qy - py)
    if u then return (i - 1 + u) / SEGMENTS end
    px, py = qx, qy
  end
end

local function scenes(draw)
  local shapes, throws, counts = {}, {}, { [true] = 0, [false] = 0 }
  while #shapes < CASES do
    local s, a = draw(), throw()
    local hit = s.shape:intersectArc(a.x, a.y, a.vx, a.vy, a.gx, a.gy) ~= nil
    if counts[hit] < CASES / 2 then
      counts[hit] = counts[hit] + 1
      shapes[#shapes + 1], throws[#throws + 1] = s, a
    end
  end
  return shapes, throws
end

-- The loops: each sums its hits' times, so that no call can be dropped.
local hit = impact.Hit()
local function impact_loop(shapes, throws)
  return function(n)
    local s = 0
    for i = 1, n do
      local k = i % CASES + 1
      local a = throws[k]
      local h = shapes[k].shape:intersectArc(a.x, a.y, a.vx, a.vy, a.gx, a.gy,
                                             hit)
      if h then s = s + h.time end
    end
    return s
  end
end

local function plain_loop(test, shapes, throws)
  return function(n)
    local s = 0
    for i = 1, n do
      local k = i % CASES + 1
      local t = polyline(test, shapes[k], throws[k])
      if t then s = s + t end
    end
    return s
  end
end

local function agreement(test, shapes, throws)
  local same = 0
  for k = 1, CASES do
    local a = throws[k]
    local mine = shapes[k].shape:intersectArc(a.x, a.y, a.vx, a.vy, a.gx,
                                              a.gy) ~= nil
    if (polyline(test, shapes[k], throws[k]) ~= nil) == mine then
      same = same + 1
    end
  end
  return string.format("%5.1f%%", 100 * same / CASES)
end

local cases = {
  { "box", box, segment_box },
  { "circle", circle, segment_circle },
  { "polygon", polygon, segment_polygon },
}

-- "header" prints the table's head; "all" measures each case in a process
-- of its own (no case inherits another's JIT state); a case number
-- measures that case here; nothing prints how many cases there are.
if arg[1] == "header" then
  print([[

Arcs (bench/arcs.lua): ns per call of S:intersectArc(pos, velocity,
gravity) with an out Hit, and of a plain-Lua 16-segment polyline of the
same path against the same shape (slab test, circle quadratic, polygon
clipping), on 4096 throws, half of them hits, in a random order; "vs
polyline" is how many times faster impact is, "agrees" how often the
polyline's hit or miss is impact's. BENCH_CALLS / 10 calls per case.

| shape               | Lua          | impact ns | polyline ns | vs polyline | agrees |
|---------------------|--------------|----------:|------------:|------------:|-------:|]])
  return
end
local which = tonumber(arg[2])
if arg[2] == "all" then
  local lua = arg[-1]
  for i = 1, #cases do
    local run = io.popen(string.format("%s %s %q %d", lua, arg[0], label, i))
    io.write(run:read("*a"))
    run:close()
  end
  return
elseif not which then
  print(#cases)
  return
end

local name, draw, test = cases[which][1], cases[which][2], cases[which][3]
local shapes, throws = scenes(draw)
local ns = measure(impact_loop(shapes, throws), N)
local pns = measure(plain_loop(test, shapes, throws), N)
print(string.format(
  "| %-19s | %-12s | %9.1f | %11.1f | %10.1fx | %6s |", name, label, ns, pns,
  pns / ns, agreement(test, shapes, throws)))
