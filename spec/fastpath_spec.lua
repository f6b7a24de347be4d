local impact = require "impact"
local helpers = require "helpers"

-- Under LuaJIT the methods are the FFI stand-ins (lua/impact/ffi.lua)
-- while the JIT is on and the C functions while it is off: jit.on() and
-- jit.off() switch them. Under PUC Lua there is nothing to switch.
if not jit then return end

local AABB, OBB, Point, Hit, Sweep = impact.AABB, impact.OBB, impact.Point, impact.Hit, impact.Sweep

local function what(f) return debug.getinfo(f, "S").what end

-- Runs f with the JIT on (on = true) or off, then restores the state.
local function withjit(on, f)
  local was = jit.status()
  if on then jit.on() else jit.off() end
  local ok, err = pcall(f)
  if was then jit.on() else jit.off() end
  assert(ok, err)
end

-- Every result of a random workload over the rectangle methods, the clips
-- and sweepSegmentPoint, as strings with all the digits; the errors of bad
-- calls as their messages.
local function workload()
  local r = helpers.random(15)
  local function rnd() return r.int(1048576) / 1048576 end
  local function num() return (rnd() - 0.5) * 16 end
  local function size() return rnd() * 4 end
  local function shape()
    if rnd() < 0.5 then return AABB(num(), num(), size(), size()) end
    return OBB(num(), num(), size(), size(), (rnd() - 0.5) * 8)
  end
  local log = {}
  local function put(...)
    local n = select("#", ...)
    for i = 1, n do
      local v = select(i, ...)
      log[#log + 1] = type(v) == "number" and ("%.17g"):format(v) or tostring(v)
    end
    log[#log + 1] = "|"
  end
  local function hit(h)
    if h == nil then return put(nil) end
    put(h.time, h.pos.x, h.pos.y, h.delta.x, h.delta.y, h.normal.x, h.normal.y,
        impact.type(h.collider), h.collider and h.collider.pos.x)
  end
  local function sweep(s)
    put(s.time, s.pos.x, s.pos.y)
    hit(s.hit)
  end
  local function fails(f, ...)
    local ok, err = pcall(f, ...)
    put(ok, err)
  end
  local out, sout = Hit(), Sweep()
  for _ = 1, 300 do
    local a, b, list = shape(), shape(), { shape(), shape(), shape() }
    local o = OBB(num(), num(), size(), size(), num())
    local x, y, dx, dy = num(), num(), num() * 2, num() * 2
    put(o:intersectOBB(OBB(b.pos, b.half, num())), o:intersectAABB(AABB(b.pos, b.half)),
        AABB(a.pos, a.half):intersectOBB(o))
    hit(a:overlap(b)); hit(o:overlap(a, out)); hit(o:intersectPoint(x, y))
    hit(o:intersectPoint(Point(x, y), out))
    hit(o:intersectSegment(x, y, dx, dy)); hit(o:intersectSegment(Point(x, y), Point(dx, dy), out))
    put(o:clipSegment(x, y, dx, dy)); put(a:clipSegment(Point(x, y), Point(dx, dy)))
    put(impact.clipSegment(AABB(a.pos, a.half), x, y, dx, dy))
    sweep(o:sweepOBB(OBB(b.pos, b.half, num()), dx, dy)); sweep(o:sweepAABB(AABB(b.pos, b.half), dx, dy, sout))
    sweep(AABB(a.pos, a.half):sweepOBB(o, Point(dx, dy)))
    sweep(a:sweepInto(list, dx, dy)); sweep(o:sweepInto(list, dx, dy, sout))
    put(impact.sweepSegmentPoint(num(), num(), num(), num(), num(), num(), num(), num(),
                                 num(), num(), num(), num()))
    put(impact.sweepSegmentPoint(0, 0, 0, 0, 4, 0, 4, 0, x, 2, x, -2))  -- crosses at t = 1/2
    put(impact.sweepSegmentPoint(Point(0, 0), Point(0, 0), Point(4, 0), Point(4, 0),
                                 Point(x, y), Point(dx, dy)))
    o.angle = num()
    put(o.angle, o.pos.x, o.half.y)
  end
  -- Bad calls, each through the method and as a function.
  local o = OBB(0, 0, 1, 1, 0.5)
  fails(function() local r = o:intersectOBB(AABB()) return r end)
  fails(function() local r = o:intersectAABB(o) return r end)
  fails(function() local r = o:overlap(o, Sweep()) return r end)
  fails(function() local r = o:intersectPoint(0, 0 / 0) return r end)
  fails(function() local r = o:intersectSegment(0, 0, 1) return r end)
  fails(function() local r = o:clipSegment(Point(), "x") return r end)
  fails(function() local r = o:sweepOBB(o, 1, math.huge) return r end)
  fails(function() local r = o:sweepInto({ o, Point() }, 1, 0) return r end)
  fails(function() local r = OBB.intersectOBB(AABB(), o) return r end)
  fails(function() local r = impact.sweepSegmentPoint(0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0 / 0, 0) return r end)
  fails(function() local r = impact.sweepSegmentPoint(Point(), Point(), Point(), Point(), Point()) return r end)
  fails(function() o.angle = 1 / 0 end)
  fails(function() o.angle = "x" end)
  return log
end

describe("#native the LuaJIT fast path", function()
  it("is in place while the JIT is on, and the C functions while it is off", function()
    withjit(true, function()
      assert.are.equal("Lua", what(OBB.intersectOBB))
      assert.are.equal("Lua", what(impact.sweepSegmentPoint))
      assert.are.equal("Lua", what(getmetatable(OBB()).__index))
    end)
    withjit(false, function()
      assert.are.equal("C", what(OBB.intersectOBB))
      assert.are.equal("C", what(AABB.clipSegment))
      assert.is_true(rawequal(AABB.clipSegment, impact.clipSegment))
      assert.are.equal("C", what(impact.sweepSegmentPoint))
      assert.are.equal("C", what(getmetatable(OBB()).__index))
      assert.are.equal("C", what(getmetatable(Point()).__newindex))
    end)
  end)

  it("leaves getmetatable giving each object's metatable itself", function()
    for _, v in ipairs({ Point(), AABB(), OBB(), Hit(), Sweep() }) do
      assert.is_true(rawequal(debug.getmetatable(v), getmetatable(v)))
    end
  end)

  it("jit.off(f) and jit.on(f) turn one function and leave the methods", function()
    withjit(true, function()
      local f = OBB.intersectOBB
      jit.off(function() end)
      jit.on(function() end, true)
      assert.is_true(jit.status())
      assert.is_true(rawequal(f, OBB.intersectOBB))
    end)
  end)

  it("leaves a method that a script replaced", function()
    local mine = function() return "mine" end
    local saved = OBB.intersectOBB
    OBB.intersectOBB = mine
    withjit(false, function() assert.is_true(rawequal(mine, OBB.intersectOBB)) end)
    withjit(true, function() assert.is_true(rawequal(mine, OBB.intersectOBB)) end)
    OBB.intersectOBB = saved
  end)

  it("gives the C functions' results and errors, exactly", function()
    local fast, c
    withjit(true, function() fast = workload() end)
    withjit(false, function() c = workload() end)
    assert.are.equal(#c, #fast)
    for i = 1, #c do
      if c[i] ~= fast[i] then
        error(("result %d: C %s, fast path %s"):format(i, c[i], fast[i]))
      end
    end
  end)
end)
