-- Assertions that several spec files share.
local impact = require "impact"
local assert = require "luassert"

local helpers = {}

-- A negative zero made at run time, so that no compiler folds it into +0.
helpers.NZ = -tonumber("0.0")

-- Compares every field of a Hit exactly (0 and -0 compare equal here).
function helpers.assertHit(h, collider, time, pos, delta, normal)
  assert.are.equal("Hit", impact.type(h))
  assert.are.same(
    { time = time, pos = pos, delta = delta, normal = normal },
    { time = h.time, pos = { h.pos.x, h.pos.y },
      delta = { h.delta.x, h.delta.y }, normal = { h.normal.x, h.normal.y } })
  assert.is_true(rawequal(collider, h.collider), "hit.collider is the box hit")
end

-- f must raise an error whose message contains msg. f must not end in a
-- tail call: LuaJIT then no longer sees a method call.
function helpers.assertError(msg, f)
  local ok, err = pcall(f)
  assert.is_false(ok)
  assert.is_truthy(tostring(err):find(msg, 1, true), tostring(err))
end

-- A seeded Park-Miller generator: the products stay below 2^53, so every
-- Lua, with integers or doubles, draws the same numbers.
function helpers.random(seed)
  local s = seed % 2147483646 + 1
  local r = {}
  function r.int(n) s = s * 48271 % 2147483647; return s % n end  -- 0 .. n - 1
  function r.range(a, b) return a + r.int(b - a + 1) end
  function r.pick(list) return list[1 + r.int(#list)] end
  return r
end

-- The memory loop(n) allocated with the collector stopped, in bytes. Each
-- run collects, warms up with one loop(n) (first views, first collider
-- entries, tables growing to size, and what a collection frees: Lua 5.4
-- shrinks stacks and call lists, the World's pools are weak), then measures
-- a second, called the same way. LuaJIT keeps the traces it compiles on the
-- same heap, and a side trace may still come out many runs after the first,
-- so a run in which LuaJIT started, stopped or aborted a trace does not
-- count: up to ten runs are made for one without. Garbage per call shows in
-- every run. The best of the runs that count (of all, if none does).
local attach = rawget(_G, "jit") and jit.attach
local traced = 0
local function ontrace() traced = traced + 1 end

function helpers.allocated(loop, n)
  local best, bestuntraced = math.huge, math.huge
  for _ = 1, 10 do
    collectgarbage()
    collectgarbage()
    assert(pcall(loop, n))  -- through pcall as measured: one more call level
    traced = 0
    if attach then attach(ontrace, "trace") end
    collectgarbage("stop")
    local before = collectgarbage("count")
    local ok, err = pcall(loop, n)
    local after = collectgarbage("count")
    collectgarbage("restart")
    if attach then attach(ontrace) end
    assert(ok, err)
    local bytes = (after - before) * 1024
    best = math.min(best, bytes)
    if traced == 0 then
      bestuntraced = math.min(bestuntraced, bytes)
      if bestuntraced == 0 then break end
    end
  end
  return bestuntraced < math.huge and bestuntraced or best
end

return helpers
