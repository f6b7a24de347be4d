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

return helpers
