-- Per-call cost of impact's tests against the plain-Lua baselines, under
-- whatever Lua runs this file. Prints a row for a case: ns per call and
-- bytes of garbage per call for impact (out objects, number arguments), the
-- plain-Lua Hit-table style and the plain-Lua multiple-return style, all
-- three measured side by side in this one run.
--   lua bench/calls.lua <label> [case]   (bench/run.sh runs every case)
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local impact = require "impact"
local plain = require "plain"

local label = arg[1] or _VERSION
local N = tonumber(os.getenv("BENCH_CALLS")) or 1000000

-- Best of three timings (GC running, as in a game), then the garbage of a
-- shorter run (m calls) with the collector stopped.
local function measure(f, n, m)
  f(math.floor(n / 10) + 1)
  local best = math.huge
  for _ = 1, 3 do
    local t = os.clock()
    f(n)
    best = math.min(best, os.clock() - t)
  end
  m = m or 20000
  collectgarbage()
  collectgarbage("stop")
  local before = collectgarbage("count")
  f(m)
  local bytes = (collectgarbage("count") - before) * 1024 / m
  collectgarbage("restart")
  return best / n * 1e9, bytes
end

-- Inputs vary with i so that no compiler can hoist the call out of a loop;
-- each loop returns a checksum of the results so none can drop it.
local box, pbox = impact.AABB(0, 0, 8, 8), plain.box(0, 0, 8, 8)
local hit, sweep = impact.Hit(), impact.Sweep()
local function px(i) return -16 + (i % 8) * 0.5 end

local cases = {}

cases[#cases + 1] = { "intersectSegment",
  function(n)
    local s = 0
    for i = 1, n do
      local h = box:intersectSegment(px(i), 4, 32, 1, hit)
      s = s + h.time
    end
    return s
  end,
  function(n)
    local s, d = 0, { x = 32, y = 1 }
    for i = 1, n do
      local h = plain.tables.intersectSegment(pbox, { x = px(i), y = 4 }, d)
      s = s + h.time
    end
    return s
  end,
  function(n)
    local s, seg = 0, plain.multi.intersectSegment
    for i = 1, n do s = s + seg(pbox, px(i), 4, 32, 1) end
    return s
  end }

local others, pothers = {}, {}
for i = 1, 8 do
  others[i] = impact.AABB(8 + i * 0.25, 3, 4, 4)
  pothers[i] = plain.box(8 + i * 0.25, 3, 4, 4)
end
cases[#cases + 1] = { "intersectAABB",
  function(n)
    local s = 0
    for i = 1, n do
      local h = box:intersectAABB(others[i % 8 + 1], hit)
      s = s + h.time
    end
    return s
  end,
  function(n)
    local s = 0
    for i = 1, n do
      local h = plain.tables.intersectAABB(pbox, pothers[i % 8 + 1])
      s = s + h.time
    end
    return s
  end,
  function(n)
    local s, overlap = 0, plain.multi.intersectAABB
    for i = 1, n do
      local x = overlap(pbox, pothers[i % 8 + 1])
      s = s + x
    end
    return s
  end }

local mover, pmover = impact.AABB(-16, 0, 4, 4), plain.box(-16, 0, 4, 4)
cases[#cases + 1] = { "sweepAABB",
  function(n)
    local s = 0
    for i = 1, n do
      local r = box:sweepAABB(mover, 32, (i % 8) * 0.125, sweep)
      s = s + r.time
    end
    return s
  end,
  function(n)
    local s = 0
    for i = 1, n do
      local r = plain.tables.sweepAABB(pbox, pmover, { x = 32, y = (i % 8) * 0.125 })
      s = s + r.time
    end
    return s
  end,
  function(n)
    local s, sw = 0, plain.multi.sweepAABB
    for i = 1, n do s = s + sw(pbox, pmover, 32, (i % 8) * 0.125) end
    return s
  end }

-- intersectOBB: 4096 random pairs of rotated rectangles, about a third of
-- them overlapping, visited in order (no branch predictor learns that).
do
  local K, seed = 4096, 42
  local function rnd()  -- Park-Miller, the same draws under every Lua
    seed = seed * 48271 % 2147483647
    return seed / 2147483647
  end
  local a, b, pa, pb = {}, {}, {}, {}
  for i = 1, K do
    for _, pair in ipairs({ { a, pa }, { b, pb } }) do
      local x, y, hx, hy, angle = rnd() * 20, rnd() * 20, 1 + rnd() * 4, 1 + rnd() * 4, rnd() * 6.3
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

-- sweepInto: one box against k colliders, reported per collider.
for _, k in ipairs({ 10, 100, 1000, 10000 }) do
  local colliders, pcolliders = {}, {}
  for i = 1, k do
    local x, y = (i % 100) * 20 + 40, math.floor(i / 100) * 20 + 40
    colliders[i] = impact.AABB(x, y, 8, 8)
    pcolliders[i] = plain.box(x, y, 8, 8)
  end
  local m, pm = impact.AABB(0, 0, 4, 4), plain.box(0, 0, 4, 4)
  cases[#cases + 1] = { "sweepInto/" .. k,
    function(n)
      local s = 0
      for i = 1, n do s = s + m:sweepInto(colliders, 50, 30 + i % 4, sweep).time end
      return s
    end,
    function(n)
      local s = 0
      for i = 1, n do
        s = s + plain.tables.sweepInto(pm, pcolliders, { x = 50, y = 30 + i % 4 }).time
      end
      return s
    end,
    function(n)
      local s, into = 0, plain.multi.sweepInto
      for i = 1, n do s = s + into(pm, pcolliders, 50, 30 + i % 4) end
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
