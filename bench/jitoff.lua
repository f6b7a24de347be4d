-- LuaJIT with the JIT turned off after impact has loaded (jit.off(), as a
-- game may do). Per call, ns: the fast path's stand-ins run interpreted
-- (what a game got before jit.off() switched the methods), and the methods
-- as jit.off() leaves them, the C functions: the C API path. Both measured
-- side by side in this one run; the ratio is how many times faster the
-- switch makes each call.
--   luajit bench/jitoff.lua <label> [case]   (bench/run.sh runs every case)
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local measure = require "measure"
local rawon, rawoff = jit.on, jit.off  -- before impact wraps them
local impact = require "impact"

local label = arg[1] or jit.version
local N = tonumber(os.getenv("BENCH_CALLS")) or 1000000

local box, hit = impact.AABB(0, 0, 8, 8), impact.Hit()
local a, b = impact.OBB(0, 0, 4, 2, 0.5), impact.OBB(5, 1, 3, 1, 1.2)
local function px(i) return -16 + (i % 8) * 0.5 end

local cases = {
  { "intersectSegment", function(n)
      local s = 0
      for i = 1, n do s = s + box:intersectSegment(px(i), 4, 32, 1, hit).time end
      return s
    end },
  { "clipSegment", function(n)
      local s = 0
      for i = 1, n do
        local _, t0 = box:clipSegment(px(i), 4, 32, 1)
        s = s + t0
      end
      return s
    end },
  { "intersectOBB", function(n)
      local s = 0
      for i = 1, n do
        b.pos.x = px(i)
        if a:intersectOBB(b) then s = s + 1 end
      end
      return s
    end },
}

local which = tonumber(arg[2])
if not which then
  print(#cases)
  return
end
local c = cases[which]
rawoff()
local before = measure(c[2], N)
rawon()
jit.off()
local after = measure(c[2], N)
print(string.format("| %-16s | %-12s | %8.1f | %8.1f | %5.2fx |", c[1], label, before, after,
                    before / after))
