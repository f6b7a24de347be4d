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

-- Runs f with the garbage collector stopped, so that no collection ends
-- in the middle (countCells tells when one has), and restarts it even when
-- f fails, raising f's error then.
function helpers.nocollection(f)
  collectgarbage("stop")
  local ok, err = pcall(f)
  collectgarbage("restart")
  assert(ok, err)
end

-- The memory loop(n) allocated with the collector stopped, in bytes. Each
-- run collects, warms up with one loop(n) (first views, first collider
-- entries, tables growing to size, and what a collection frees: Lua 5.4
-- shrinks stacks and call lists, the World's pools are weak), then measures
-- a second, called the same way. LuaJIT keeps the traces it compiles on the
-- same heap, and side traces may still come out many runs after the first
-- (some 20 runs in the OBB garbage spec under -Ohotloop=20,hotexit=5), so a
-- run in which it compiled one does not count: up to helpers.RUNS runs are
-- made for one without. (Recordings that abort, which may go on for as
-- long, allocate nothing.) Garbage per call shows in every run. The best of
-- the runs that count (of all, if none does).
local attach = rawget(_G, "jit") and jit.attach
-- LuaJIT's trace events by name, and whether each compiled a trace. The
-- table keeps the names alive: LuaJIT passes them as strings that it
-- makes again, in the run, once a collection has freed them.
local COMPILES = { start = 0, stop = 1, abort = 0, flush = 0 }
local compiled = 0
local function ontrace(what) compiled = compiled + COMPILES[what] end

helpers.RUNS = 40

local function runs(loop, n)
  local best, bestcounted = math.huge, math.huge
  for _ = 1, helpers.RUNS do
    collectgarbage()
    collectgarbage()
    assert(pcall(loop, n))  -- through pcall as measured: one more call level
    compiled = 0
    collectgarbage("stop")
    local before = collectgarbage("count")
    local ok, err = pcall(loop, n)
    local after = collectgarbage("count")
    collectgarbage("restart")
    assert(ok, err)
    local bytes = (after - before) * 1024
    best = math.min(best, bytes)
    if compiled == 0 then
      bestcounted = math.min(bestcounted, bytes)
      if bestcounted == 0 then break end
    end
  end
  return bestcounted < math.huge and bestcounted or best
end

function helpers.allocated(loop, n)
  if not attach then return runs(loop, n) end
  attach(ontrace, "trace")
  local ok, bytes = pcall(runs, loop, n)
  attach(ontrace)
  assert(ok, bytes)
  return bytes
end

return helpers
