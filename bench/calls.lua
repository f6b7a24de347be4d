-- Per-call cost of impact's tests against the plain-Lua baselines, under
-- whatever Lua runs this file. Prints a row for a case: ns per call and
-- bytes of garbage per call for impact (out objects, number arguments), the
-- plain-Lua Hit-table style and the plain-Lua multiple-return style, all
-- three measured side by side in this one run.
--   lua bench/calls.lua <label> [case]   (bench/run.sh runs every case)
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local measure = require "measure"
local impact = require "impact"
local plain = require "plain"

local label = arg[1] or _VERSION
local N = tonumber(os.getenv("BENCH_CALLS")) or 1000000

-- Inputs: CASES scenes drawn at random, half of them hits, walked in
-- their random order, so that neither a branch predictor nor a trace can
-- learn the outcomes (a short cycle of inputs lets both). Each loop returns
-- a checksum of the results so that none can drop a call.
local CASES = 4096
math.randomseed(7)
local function uniform(lo, hi) return lo + (hi - lo) * math.random() end

-- Draws scenes with draw() until half of CASES hit and half miss by hits().
local function scenes(draw, hits)
  local list, counts = {}, { [true] = 0, [false] = 0 }
  while #list < CASES do
    local s = draw()
    local h = hits(s) and true or false
    if counts[h] < CASES / 2 then
      counts[h] = counts[h] + 1
      list[#list + 1] = s
    end
  end
  return list
end

-- The scenes' fields as arrays, which every variant reads alike.
local function columns(list, ...)
  local out = {}
  for c, field in ipairs({ ... }) do
    local col = {}
    for i, s in ipairs(list) do col[i] = s[field] end
    out[c] = col
  end
  return (table.unpack or unpack)(out)
end

local box, pbox = impact.AABB(0, 0, 8, 8), plain.box(0, 0, 8, 8)
local hit, sweep = impact.Hit(), impact.Sweep()
local multi = plain.multi
local cases = {}

do
  local list = scenes(function()
    return { x = uniform(-24, 24), y = uniform(-24, 24),
             dx = uniform(-32, 32), dy = uniform(-32, 32) }
  end, function(s) return multi.intersectSegment(pbox, s.x, s.y, s.dx, s.dy) end)
  local xs, ys, dxs, dys = columns(list, "x", "y", "dx", "dy")
  cases[#cases + 1] = { "intersectSegment",
    function(n)
      local s = 0
      for i = 1, n do
        local k = i % CASES + 1
        local h = box:intersectSegment(xs[k], ys[k], dxs[k], dys[k], hit)
        if h then s = s + h.time end
      end
      return s
    end,
    function(n)
      local s, seg = 0, plain.tables.intersectSegment
      for i = 1, n do
        local k = i % CASES + 1
        local h = seg(pbox, { x = xs[k], y = ys[k] }, { x = dxs[k], y = dys[k] })
        if h then s = s + h.time end
      end
      return s
    end,
    function(n)
      local s, seg = 0, multi.intersectSegment
      for i = 1, n do
        local k = i % CASES + 1
        local t = seg(pbox, xs[k], ys[k], dxs[k], dys[k])
        if t then s = s + t end
      end
      return s
    end }
end

do
  local list = scenes(function()
    local x, y, hx, hy = uniform(-16, 16), uniform(-16, 16), uniform(1, 8), uniform(1, 8)
    return { box = impact.AABB(x, y, hx, hy), pbox = plain.box(x, y, hx, hy) }
  end, function(s) return multi.intersectAABB(pbox, s.pbox) end)
  local others, pothers = columns(list, "box", "pbox")
  cases[#cases + 1] = { "intersectAABB",
    function(n)
      local s = 0
      for i = 1, n do
        local h = box:intersectAABB(others[i % CASES + 1], hit)
        if h then s = s + h.time end
      end
      return s
    end,
    function(n)
      local s, overlap = 0, plain.tables.intersectAABB
      for i = 1, n do
        local h = overlap(pbox, pothers[i % CASES + 1])
        if h then s = s + h.time end
      end
      return s
    end,
    function(n)
      local s, overlap = 0, multi.intersectAABB
      for i = 1, n do
        local x = overlap(pbox, pothers[i % CASES + 1])
        if x then s = s + x end
      end
      return s
    end }
end

local mover, pmover = impact.AABB(-16, 0, 4, 4), plain.box(-16, 0, 4, 4)
do
  local list = scenes(function()
    return { dx = uniform(-8, 40), dy = uniform(-24, 24) }
  end, function(s) return select(4, multi.sweepAABB(pbox, pmover, s.dx, s.dy)) end)
  local dxs, dys = columns(list, "dx", "dy")
  cases[#cases + 1] = { "sweepAABB",
    function(n)
      local s = 0
      for i = 1, n do
        local k = i % CASES + 1
        s = s + box:sweepAABB(mover, dxs[k], dys[k], sweep).time
      end
      return s
    end,
    function(n)
      local s, sw = 0, plain.tables.sweepAABB
      for i = 1, n do
        local k = i % CASES + 1
        s = s + sw(pbox, pmover, { x = dxs[k], y = dys[k] }).time
      end
      return s
    end,
    function(n)
      local s, sw = 0, multi.sweepAABB
      for i = 1, n do
        local k = i % CASES + 1
        s = s + sw(pbox, pmover, dxs[k], dys[k])
      end
      return s
    end }
end

-- intersectOBB (a boolean): 4096 random pairs of rectangles anywhere in a
-- 40-unit square, half sizes 1 to 9, any angle, about a fifth of them
-- overlapping, visited in order (no branch predictor learns that).
do
  local K, seed = CASES, 42
  local function rnd()  -- Park-Miller, the same draws under every Lua
    seed = seed * 48271 % 2147483647
    return seed / 2147483647
  end
  local a, b, pa, pb = {}, {}, {}, {}
  for i = 1, K do
    for _, pair in ipairs({ { a, pa }, { b, pb } }) do
      local x, y, hx, hy, angle = rnd() * 40, rnd() * 40, 1 + rnd() * 8, 1 + rnd() * 8, rnd() * 6.3
      pair[1][i], pair[2][i] = impact.OBB(x, y, hx, hy, angle), plain.obb(x, y, hx, hy, angle)
    end
  end
  local function run(test, first, second)
    return function(n)
      local s = 0
      for i = 1, n do
        local k = i % K + 1
        if test(first[k], second[k]) then s = s + 1 end
      end
      return s
    end
  end
  cases[#cases + 1] = { "intersectOBB",
    function(n)
      local s = 0
      for i = 1, n do
        local k = i % K + 1
        if a[k]:intersectOBB(b[k]) then s = s + 1 end
      end
      return s
    end,
    run(plain.tables.intersectOBB, pa, pb), run(plain.multi.intersectOBB, pa, pb) }
end

-- sweepSegmentPoint: a segment whose ends move anywhere across a 20 x 20
-- field against a point moving across it.
do
  local list = scenes(function()
    local s = {}
    for j = 1, 12 do s[j] = uniform(-10, 10) end
    return s
  end, function(s) return multi.sweepSegmentPoint((table.unpack or unpack)(s)) end)
  local c = { columns(list, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) }
  local a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y = (table.unpack or unpack)(c)
  local function run(f)
    return function(n)
      local s = 0
      for i = 1, n do
        local k = i % CASES + 1
        local t = f(a0x[k], a0y[k], a1x[k], a1y[k], b0x[k], b0y[k], b1x[k], b1y[k],
                    c0x[k], c0y[k], c1x[k], c1y[k])
        if t then s = s + 1 end
      end
      return s
    end
  end
  cases[#cases + 1] = { "sweepSegmentPoint", run(impact.sweepSegmentPoint),
    run(plain.tables.sweepSegmentPoint), run(multi.sweepSegmentPoint) }
end

-- sweepInto: one box against k colliders, reported per collider; the
-- deltas vary, and about half of the sweeps end on a collider.
for _, k in ipairs({ 10, 100, 1000, 10000 }) do
  local colliders, pcolliders = {}, {}
  for i = 1, k do
    local x, y = (i % 100) * 20 + 40, math.floor(i / 100) * 20 + 40
    colliders[i] = impact.AABB(x, y, 8, 8)
    pcolliders[i] = plain.box(x, y, 8, 8)
  end
  local m, pm = impact.AABB(0, 0, 4, 4), plain.box(0, 0, 4, 4)
  local list = scenes(function()
    return { dx = uniform(0, 80), dy = uniform(0, 80) }
  end, function(s) return multi.sweepInto(pm, pcolliders, s.dx, s.dy) < 1 end)
  local dxs, dys = columns(list, "dx", "dy")
  cases[#cases + 1] = { "sweepInto/" .. k,
    function(n)
      local s = 0
      for i = 1, n do
        local j = i % CASES + 1
        s = s + m:sweepInto(colliders, dxs[j], dys[j], sweep).time
      end
      return s
    end,
    function(n)
      local s, into = 0, plain.tables.sweepInto
      for i = 1, n do
        local j = i % CASES + 1
        s = s + into(pm, pcolliders, { x = dxs[j], y = dys[j] }).time
      end
      return s
    end,
    function(n)
      local s, into = 0, multi.sweepInto
      for i = 1, n do
        local j = i % CASES + 1
        s = s + into(pm, pcolliders, dxs[j], dys[j])
      end
      return s
    end,
    per = k }
end

-- With a case number, measures that case alone (bench/run.sh runs each in
-- a fresh process, so that no case inherits another's JIT state); without
-- one, prints how many cases there are.
local which = tonumber(arg[2])
if not which then
  print(#cases)
  return
end

local c = cases[which]
local per = c.per or 1
local n, m = math.floor(N / per) + 1, math.floor(20000 / per) + 1
local ns, bytes = measure(c[2], n, m)
local tns, tbytes = measure(c[3], n, m)
local mns, mbytes = measure(c[4], n, m)
print(string.format("| %-16s | %-12s | %7.1f | %5.0f | %7.1f | %5.0f | %7.1f | %5.0f | %5.1fx | %5.1fx |",
  c[1], label, ns / per, bytes, tns / per, tbytes, mns / per, mbytes, tns / ns, mns / ns))
