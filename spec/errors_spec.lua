local impact = require "impact"
local Point, AABB, Hit, Sweep = impact.Point, impact.AABB, impact.Hit, impact.Sweep

-- Bad input raises a Lua error worded the way Lua's own library words it,
-- never a crash, and leaves the objects involved as they were.
--
-- Calls whose argument numbers matter are made through a local (`local r =
-- obj:method(x) return r`): LuaJIT reports a bad argument of a tail call
-- without the method adjustment, as its own library does. pcall(f, ...)
-- calls f in dot form, where self is argument #1.

local NAN, INF = 0 / 0, math.huge
local BADPOINT = Point(1, 0) / 0  -- (inf, nan)
local INFPOINT = Point(1e308, -1e308) * 10  -- (inf, -inf)

-- Runs f(...) and checks that it raised a string error containing msg
-- (plain find), or each string of msg when it is a list. Returns the message.
local function fails(msg, f, ...)
  local parts = type(msg) == "table" and msg or { msg }
  local ok, err = pcall(f, ...)
  assert.is_false(ok, "expected an error containing: " .. table.concat(parts, " ... "))
  assert.are.equal("string", type(err))
  for _, part in ipairs(parts) do
    assert.is_truthy(err:find(part, 1, true),
                     ("error %q does not contain %q"):format(err, part))
  end
  return err
end

-- Snapshots of an object's state, to compare before and after a failed call.
local function state(v)
  if impact.type(v) == "Hit" then
    return { tostring(v), v.collider }
  elseif impact.type(v) == "Sweep" then
    return { tostring(v), v.hit and v.hit.collider }
  end
  return { tostring(v) }
end

describe("wrong types", function()
  local box, other = AABB(0, 0, 2, 2), AABB(1, 1, 1, 1)

  it("Point with a table says number expected, got table", function()
    fails("bad argument #2 to 'Point' (number expected, got table)",
          function() local r = Point(1, {}) return r end)
  end)

  it("AABB with a boolean half size names argument #4", function()
    fails("bad argument #4 to 'AABB' (number expected, got boolean)",
          function() local r = AABB(1, 2, 3, true) return r end)
  end)

  it("AABB with a table first says Point or number expected", function()
    fails("bad argument #1 to 'AABB' (Point or number expected, got table)",
          function() local r = AABB({}) return r end)
  end)

  it("AABB.fromRect with a function names argument #3", function()
    fails("bad argument #3 to 'fromRect' (Point or number expected, got function)",
          function() local r = AABB.fromRect(0, 0, print, 1) return r end)
  end)

  it("a Point method taking a Point says Point or number expected", function()
    local p = Point(1, 2)
    fails("bad argument #1 to 'dot' (Point or number expected, got string)",
          function() local r = p:dot("a") return r end)
    fails("bad argument #1 to 'cross' (Point or number expected, got AABB)",
          function() local r = p:cross(box) return r end)
    fails("bad argument #1 to 'set' (Point or number expected, got table)",
          function() local r = p:set({ x = 1, y = 2 }) return r end)
    assert.are.same({ "Point(1, 2)" }, state(p))
  end)

  it("intersectPoint with a Hit where the point goes names argument #1", function()
    fails("bad argument #1 to 'intersectPoint' (Point or number expected, got Hit)",
          function() local r = box:intersectPoint(Hit()) return r end)
  end)

  it("intersectSegment names the delta argument after a pos given as numbers", function()
    fails("bad argument #3 to 'intersectSegment' (Point or number expected, got table)",
          function() local r = box:intersectSegment(0, 0, {}, 1) return r end)
  end)

  it("intersectSegment names the delta argument after a pos given as a Point", function()
    fails("bad argument #2 to 'intersectSegment' (Point or number expected, got boolean)",
          function() local r = box:intersectSegment(Point(), false) return r end)
  end)

  it("intersectAABB with a Point says AABB expected, got Point", function()
    fails("bad argument #1 to 'intersectAABB' (AABB expected, got Point)",
          function() local r = box:intersectAABB(Point()) return r end)
  end)

  it("sweepAABB with a Sweep for the moving box says AABB expected", function()
    fails("bad argument #1 to 'sweepAABB' (AABB expected, got Sweep)",
          function() local r = box:sweepAABB(Sweep(), 1, 1) return r end)
  end)

  it("sweepAABB with a bad delta names argument #2", function()
    fails("bad argument #2 to 'sweepAABB' (Point or number expected, got boolean)",
          function() local r = box:sweepAABB(other, true, 1) return r end)
  end)

  it("sweepInto with a string for the array says table expected", function()
    fails("bad argument #1 to 'sweepInto' (table expected, got string)",
          function() local r = box:sweepInto("tiles", 1, 1) return r end)
  end)

  it("clipSegment with a bad delta names argument #3", function()
    fails("bad argument #3 to 'clipSegment' (Point or number expected, got table)",
          function() local k = box:clipSegment(0, 0, {}) return k end)
  end)

  it("impact.clipSegment with a Point for the box says AABB expected", function()
    fails("bad argument #1 to 'clipSegment' (AABB expected, got Point)",
          function() local k = impact.clipSegment(Point(), 0, 0, 1, 1) return k end)
  end)

  it("argument numbers count self in dot form", function()
    fails("bad argument #4 to 'intersectSegment' (Point or number expected, got table)",
          AABB.intersectSegment, box, 0, 0, {}, 1)
    fails("bad argument #2 to 'dot' (Point or number expected, got string)",
          Point.dot, Point(), "a")
  end)

  it("the error is located at the script's call", function()
    local line
    local err = fails("bad argument #1 to 'intersectPoint'", function()
      line = debug.getinfo(1, "l").currentline + 1
      local r = box:intersectPoint("x")
      return r
    end)
    assert.is_truthy(err:find("errors_spec.lua:" .. line .. ": bad argument", 1, true), err)
  end)
end)

-- setmetatable gives a table any metatable, an impact type's included; the
-- table is still no object, on every path (under LuaJIT the fast path
-- must not hand it to the core as one).
describe("a table that carries an impact type's metatable", function()
  local box, other, obb = AABB(0, 0, 2, 2), AABB(1, 1, 1, 1), impact.OBB(0, 0, 2, 1, 0.5)
  local function fake(T) return setmetatable({}, getmetatable(T())) end
  local fakePoint, fakeBox, fakeOBB = fake(Point), fake(AABB), fake(impact.OBB)
  local fakeHit, fakeSweep, fakeWorld = fake(Hit), fake(Sweep), fake(impact.World)

  it("is no object to impact.type", function()
    for _, v in ipairs({ fakePoint, fakeBox, fakeOBB, fakeHit, fakeSweep, fakeWorld }) do
      assert.is_nil(impact.type(v))
    end
  end)

  it("is refused as self by name", function()
    fails("calling 'intersectSegment' on bad self (AABB expected, got table)",
          function() local r = fakeBox:intersectSegment(0, 0, 1, 1) return r end)
    fails("calling 'clipSegment' on bad self (OBB expected, got table)",
          function() local k = fakeOBB:clipSegment(0, 0, 1, 1) return k end)
    fails("calling 'move' on bad self (World expected, got table)",
          function() local x = fakeWorld:move("a", 1, 1) return x end)
    fails("calling 'queryRect' on bad self (World expected, got table)",
          function() local r = fakeWorld:queryRect(0, 0, 1, 1) return r end)
  end)

  it("is refused as the other shape, the moving one or a collider", function()
    fails("bad argument #1 to 'intersectAABB' (AABB expected, got table)",
          function() local r = box:intersectAABB(fakeBox) return r end)
    fails("bad argument #1 to 'intersectOBB' (OBB expected, got table)",
          function() local r = obb:intersectOBB(fakeOBB) return r end)
    fails("bad argument #1 to 'overlap' (shape expected, got table)",
          function() local r = box:overlap(fakeOBB) return r end)
    fails("bad argument #1 to 'sweepAABB' (AABB expected, got table)",
          function() local r = box:sweepAABB(fakeBox, 1, 1) return r end)
    fails("bad argument #1 to 'sweepInto' (shape expected at index 2, got table)",
          function() local r = box:sweepInto({ other, fakeBox }, 1, 1) return r end)
  end)

  it("is refused where a Point or number goes", function()
    fails("bad argument #1 to 'intersectPoint' (Point or number expected, got table)",
          function() local r = box:intersectPoint(fakePoint) return r end)
    fails("bad argument #2 to 'sweepAABB' (Point or number expected, got table)",
          function() local r = box:sweepAABB(other, fakePoint) return r end)
    local p = Point(1, 2)
    fails("bad argument #3 to 'sweepSegmentPoint' (Point or number expected, got table)",
          function() local t = impact.sweepSegmentPoint(p, p, fakePoint, p, p, p) return t end)
    fails("bad argument #7 to 'sweepSegmentPoint' (negative radius)",
          function() local t = impact.sweepSegmentPoint(p, p, p, p, p, p, -1) return t end)
    fails("bad argument #13 to 'sweepSegmentPoint' (finite number expected, got nan)",
          function()
            local t = impact.sweepSegmentPoint(0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0 / 0)
            return t
          end)
    fails("bad argument #7 to 'sweepSegmentPoint' (number expected, got table)",
          function() local t = impact.sweepSegmentPoint(p, p, p, p, p, p, {}) return t end)
  end)

  it("is refused as an out object", function()
    fails("bad argument #2 to 'intersectAABB' (Hit expected, got table)",
          function() local r = box:intersectAABB(other, fakeHit) return r end)
    fails("bad argument #5 to 'intersectSegment' (Hit expected, got table)",
          function() local r = box:intersectSegment(-4, 0, 8, 0, fakeHit) return r end)
    fails("bad argument #4 to 'sweepAABB' (Sweep expected, got table)",
          function() local r = box:sweepAABB(other, 1, 1, fakeSweep) return r end)
  end)

  it("has no fields to read or write", function()
    fails("bad argument #1 to '__index' (Hit expected, got table)",
          function() return fakeHit.time end)
    fails("bad argument #1 to '__index' (Sweep expected, got table)",
          function() return fakeSweep.hit end)
    fails("bad argument #1 to '__index' (Point expected, got table)",
          function() return fakePoint.x end)
    fails("bad argument #1 to '__newindex' (Point expected, got table)",
          function() fakePoint.x = 1 end)
    fails("bad argument #1 to '__newindex' (OBB expected, got table)",
          function() fakeOBB.angle = 1 end)
  end)
end)

-- The debug library can give any userdata an impact metatable. Its memory
-- is still no object's: each path knows objects by more than their
-- metatables, and names the value a userdata. (newproxy's userdata where
-- there is one: LuaJIT compiles io files' metatables as constants.)
describe("a userdata of another library given an impact metatable", function()
  local box, other = AABB(0, 0, 2, 2), AABB(1, 1, 1, 1)
  local function disguised(T)
    local u = newproxy and newproxy(false) or io.tmpfile()
    debug.setmetatable(u, debug.getmetatable(T()))
    return u
  end

  it("is no object to impact.type", function()
    for _, T in ipairs({ Point, AABB, impact.OBB, Hit, Sweep, impact.World }) do
      assert.is_nil(impact.type(disguised(T)))
    end
  end)

  it("is refused as self, other shape, point, collider and out, and never written", function()
    local fakeBox, fakeHit, fakeWorld = disguised(AABB), disguised(Hit), disguised(impact.World)
    fails("calling 'intersectSegment' on bad self (AABB expected, got userdata)",
          function() local r = fakeBox:intersectSegment(0, 0, 1, 1) return r end)
    fails("bad argument #1 to 'intersectAABB' (AABB expected, got userdata)",
          function() local r = box:intersectAABB(fakeBox) return r end)
    fails("bad argument #1 to 'intersectPoint' (Point or number expected, got userdata)",
          function() local r = box:intersectPoint(disguised(Point)) return r end)
    fails("bad argument #1 to 'sweepInto' (shape expected at index 2, got userdata)",
          function() local r = box:sweepInto({ other, fakeBox }, 1, 1) return r end)
    for _ = 1, 2 do  -- the second time through a reused spare Hit
      fails("bad argument #2 to 'intersectAABB' (Hit expected, got userdata)",
            function() local r = box:intersectAABB(other, fakeHit) return r end)
    end
    fails("bad argument #4 to 'sweepAABB' (Sweep expected, got userdata)",
          function() local r = box:sweepAABB(other, 1, 1, disguised(Sweep)) return r end)
    fails("calling 'move' on bad self (World expected, got userdata)",
          function() local x = fakeWorld:move("a", 1, 1) return x end)
  end)

  it("is collected without the World's finalizer freeing what it holds", function()
    for _ = 1, 20 do disguised(impact.World) end
    collectgarbage()
    collectgarbage()
    local world = impact.World(16)
    world:add("a", 0, 0, 1, 1)
    assert.are.equal(1, world:countItems())
  end)

  it("has no fields to read or write", function()
    local fakePoint, fakeHit = disguised(Point), disguised(Hit)
    fails("bad argument #1 to '__index' (Point expected, got userdata)",
          function() return fakePoint.x end)
    fails("bad argument #1 to '__newindex' (Point expected, got userdata)",
          function() fakePoint.x = 1 end)
    fails("bad argument #1 to '__index' (Hit expected, got userdata)",
          function() return fakeHit.time end)
    fails("bad argument #1 to '__index' (Hit expected, got userdata)",
          function() return fakeHit.collider end)
  end)
end)

-- Each backend knows an object by what it is (the native module by its
-- memory's header, the pure one by its tag), not by its metatable.
describe("an object given another type's metatable by the debug library", function()
  it("stays what it is, and is refused where the other type goes", function()
    local box, p = AABB(1e6, 2e6, 3, 4), Point(1, 2)
    debug.setmetatable(box, debug.getmetatable(Hit()))
    debug.setmetatable(p, debug.getmetatable(impact.World()))
    assert.are.equal("AABB", impact.type(box))
    assert.are.equal("Point", impact.type(p))
    fails("bad argument #1 to '__index' (Hit expected, got AABB)",
          function() return box.time end)
    fails("bad argument #1 to '__index' (Hit expected, got AABB)",
          function() return box.pos end)
    fails("bad argument #2 to 'intersectAABB' (Hit expected, got AABB)",
          function() local r = AABB(0, 0, 1, 1):intersectAABB(AABB(0.5, 0, 1, 1), box) return r end)
    fails("calling 'countItems' on bad self (World expected, got Point)",
          function() local r = p:countItems() return r end)
    local hit = AABB(0, 0, 1, 1):intersectPoint(0.5, 0)
    assert.is_truthy(AABB.intersectAABB(box, AABB(1e6, 2e6, 1, 1), hit))
    -- same centres: x overlaps by 3 + 1 (y by 4 + 1), pushed to +x
    assert.are.same({ 4, 0, 1, 0 }, { hit.delta.x, hit.delta.y, hit.normal.x, hit.normal.y })
  end)
end)

-- Light userdata share one metatable, which the debug library can make an
-- impact type's: none is an object then either (the LuaJIT fast path took
-- them for objects and read where they pointed).
describe("#native a light userdata while all of them have an impact metatable", function()
  local box = AABB(0, 0, 2, 2)
  -- The native module keeps itself in the registry under a light userdata.
  local light
  for k, v in pairs(debug.getregistry()) do
    if type(k) == "userdata" and v == package.loaded["impact.core"] then light = k end
  end

  local function with(T, f)
    assert.are.equal("userdata", type(light))
    debug.setmetatable(light, debug.getmetatable(T()))
    local ok, err = pcall(f)
    debug.setmetatable(light, nil)
    assert(ok, err)
  end

  it("is refused where an AABB, a collider or a Hit goes", function()
    with(AABB, function()
      assert.is_nil(impact.type(light))
      fails("bad argument #1 to 'intersectAABB' (AABB expected, got userdata)",
            function() local r = box:intersectAABB(light) return r end)
      fails("bad argument #1 to 'sweepInto' (shape expected at index 1, got userdata)",
            function() local r = box:sweepInto({ light }, 1, 1) return r end)
      fails("calling 'intersectSegment' on bad self (AABB expected, got userdata)",
            function() local r = light:intersectSegment(0, 0, 1, 1) return r end)
    end)
    with(Hit, function()
      fails("bad argument #2 to 'intersectAABB' (Hit expected, got userdata)",
            function() local r = box:intersectAABB(box, light) return r end)
      fails("bad argument #1 to '__index' (Hit expected, got userdata)",
            function() return light.time end)
    end)
  end)
end)

describe("nil and missing arguments", function()
  local box, other = AABB(0, 0, 2, 2), AABB(1, 1, 1, 1)

  it("set with nothing says got no value", function()
    fails("bad argument #1 to 'set' (Point or number expected, got no value)",
          function() local r = Point():set() return r end)
  end)

  it("set with one number says number expected for the y", function()
    fails("bad argument #2 to 'set' (number expected, got no value)",
          function() local r = Point():set(1) return r end)
  end)

  it("set with x then nil says got nil", function()
    fails("bad argument #2 to 'set' (number expected, got nil)",
          function() local r = Point():set(1, nil) return r end)
  end)

  it("AABB with one number names the missing y", function()
    fails("bad argument #2 to 'AABB' (number expected, got no value)",
          function() local r = AABB(1) return r end)
  end)

  it("AABB with only a pos Point names the missing half size", function()
    fails("bad argument #2 to 'AABB' (Point or number expected, got no value)",
          function() local r = AABB(Point(1, 2)) return r end)
  end)

  it("AABB with three numbers names the missing halfY", function()
    fails("bad argument #4 to 'AABB' (number expected, got no value)",
          function() local r = AABB(1, 2, 3) return r end)
  end)

  it("fromRect with nothing names argument #1", function()
    fails("bad argument #1 to 'fromRect' (Point or number expected, got no value)",
          function() local r = AABB.fromRect() return r end)
  end)

  it("intersectPoint with nothing or nil names argument #1", function()
    fails("bad argument #1 to 'intersectPoint' (Point or number expected, got no value)",
          function() local r = box:intersectPoint() return r end)
    fails("bad argument #1 to 'intersectPoint' (Point or number expected, got nil)",
          function() local r = box:intersectPoint(nil, 0) return r end)
  end)

  it("intersectSegment with three numbers names the missing delta y", function()
    fails("bad argument #4 to 'intersectSegment' (number expected, got no value)",
          function() local r = box:intersectSegment(0, 0, 1) return r end)
  end)

  it("intersectSegment with only a pos names the missing delta", function()
    fails("bad argument #2 to 'intersectSegment' (Point or number expected, got no value)",
          function() local r = box:intersectSegment(Point()) return r end)
  end)

  it("intersectAABB with nil says AABB expected, got nil", function()
    fails("bad argument #1 to 'intersectAABB' (AABB expected, got nil)",
          function() local r = box:intersectAABB(nil) return r end)
  end)

  it("a missing collider or array says got no value, as Lua's library does", function()
    fails("bad argument #1 to 'intersectAABB' (AABB expected, got no value)",
          function() local r = box:intersectAABB() return r end)
    fails("bad argument #1 to 'sweepAABB' (AABB expected, got no value)",
          function() local r = box:sweepAABB() return r end)
    fails("bad argument #1 to 'sweepInto' (table expected, got no value)",
          function() local r = box:sweepInto() return r end)
    fails("bad argument #1 to 'intersectPoint' (AABB expected, got no value)",
          AABB.intersectPoint)
  end)

  it("sweepAABB without a delta names argument #2", function()
    fails("bad argument #2 to 'sweepAABB' (Point or number expected, got no value)",
          function() local r = box:sweepAABB(other) return r end)
  end)

  it("sweepInto with nil for the array says table expected, got nil", function()
    fails("bad argument #1 to 'sweepInto' (table expected, got nil)",
          function() local r = box:sweepInto(nil, 1, 1) return r end)
  end)

  it("clipSegment without a delta names argument #2", function()
    fails("bad argument #2 to 'clipSegment' (Point or number expected, got no value)",
          function() local k = box:clipSegment(Point()) return k end)
  end)

  it("a method called with no self at all says got no value", function()
    fails("bad argument #1 to 'length' (Point expected, got no value)", Point.length)
    fails("bad argument #1 to 'normalize' (Point expected, got no value)", Point.normalize)
  end)
end)

describe("strings that look like numbers", function()
  local box = AABB(0, 0, 2, 2)

  it("are refused by the Point constructor", function()
    fails("bad argument #1 to 'Point' (number expected, got string)",
          function() local r = Point("1", 2) return r end)
  end)

  it("are refused by the AABB constructor", function()
    fails("bad argument #3 to 'AABB' (Point or number expected, got string)",
          function() local r = AABB(0, 0, "2", 2) return r end)
  end)

  it("are refused where a Point or number goes", function()
    fails("bad argument #1 to 'intersectPoint' (Point or number expected, got string)",
          function() local r = box:intersectPoint("1", "1") return r end)
    fails("bad argument #1 to 'set' (Point or number expected, got string)",
          function() local r = Point():set("1", "2") return r end)
  end)

  it("are refused as the second number of a pair", function()
    fails("bad argument #2 to 'intersectPoint' (number expected, got string)",
          function() local r = box:intersectPoint(1, "1") return r end)
  end)

  it("are refused as a Point field value", function()
    local p = Point(1, 2)
    fails("bad value for field 'x' of Point (number expected, got string)",
          function() p.x = "5" end)
    assert.are.same({ "Point(1, 2)" }, state(p))
  end)

  it("are refused as a Hit or Sweep time", function()
    local h, s = Hit(), Sweep()
    fails("bad value for field 'time' of Hit (number expected, got string)",
          function() h.time = "0.5" end)
    fails("bad value for field 'time' of Sweep (number expected, got string)",
          function() s.time = "0.5" end)
    assert.are.equal(0, h.time)
    assert.are.equal(1, s.time)
  end)

  it("are refused as a multiplier", function()
    fails("bad argument #2 to '__mul' (number expected, got string)",
          function() local r = Point(1, 1) * "2" return r end)
  end)
end)

describe("NaN and infinities", function()
  local box, other = AABB(0, 0, 2, 2), AABB(-8, 0, 1, 1)

  it("NaN is refused by the Point constructor", function()
    fails("bad argument #1 to 'Point' (finite number expected, got nan)",
          function() local r = Point(NAN, 0) return r end)
  end)

  it("inf and -inf are refused by the Point constructor", function()
    fails("bad argument #2 to 'Point' (finite number expected, got inf)",
          function() local r = Point(0, INF) return r end)
    fails("bad argument #1 to 'Point' (finite number expected",
          function() local r = Point(-INF) return r end)
  end)

  it("NaN and inf are refused by the AABB constructor and fromRect", function()
    fails("bad argument #1 to 'AABB' (finite number expected, got nan)",
          function() local r = AABB(NAN, 0, 1, 1) return r end)
    fails("bad argument #4 to 'AABB' (finite number expected, got inf)",
          function() local r = AABB(0, 0, 1, INF) return r end)
    fails("bad argument #3 to 'fromRect' (finite number expected, got inf)",
          function() local r = AABB.fromRect(0, 0, INF, 1) return r end)
  end)

  it("NaN is refused in every number position of intersectSegment", function()
    for i = 1, 4 do
      local args = { 0, 0, 1, 1 }
      args[i] = NAN
      fails("bad argument #" .. i .. " to 'intersectSegment' (finite number expected, got nan)",
            function() local r = box:intersectSegment(args[1], args[2], args[3], args[4]) return r end)
    end
  end)

  it("NaN or inf is refused in every number position of intersectArc, a negative radius too", function()
    local shapes = { box, impact.OBB(0, 0, 1, 1, 0.5), impact.Circle(0, 0, 1),
                     impact.Capsule(-1, 0, 1, 0, 0.5), impact.Polygon({ 0, 0, 1, 0, 0, 1 }) }
    for _, s in ipairs(shapes) do
      for i = 1, 7 do
        local args = { 0, 0, 1, 1, 0, -1, 0.5 }
        args[i] = i % 2 == 0 and NAN or INF
        fails("bad argument #" .. i .. " to 'intersectArc' (finite number expected, got "
              .. (i % 2 == 0 and "nan" or "inf") .. ")",
              function() local r = s:intersectArc((table.unpack or unpack)(args, 1, 7)) return r end)
      end
      fails("bad argument #7 to 'intersectArc' (negative radius)",
            function() local r = s:intersectArc(0, 0, 1, 1, 0, -1, -0.5) return r end)
      fails("bad argument #7 to 'intersectArc' (Hit expected, got Point)",
            function() local r = s:intersectArc(0, 0, 1, 1, 0, -1, Point()) return r end)
    end
  end)

  it("NaN or inf padding is refused", function()
    fails("bad argument #5 to 'intersectSegment' (finite number expected, got nan)",
          function() local r = box:intersectSegment(0, 0, 1, 1, NAN) return r end)
    fails("bad argument #6 to 'intersectSegment' (finite number expected, got inf)",
          function() local r = box:intersectSegment(0, 0, 1, 1, 0, INF) return r end)
  end)

  it("inf is refused as a sweep delta", function()
    fails("bad argument #2 to 'sweepAABB' (finite number expected, got inf)",
          function() local r = box:sweepAABB(other, INF, 0) return r end)
    fails("bad argument #3 to 'sweepInto' (finite number expected",
          function() local r = other:sweepInto({ box }, 0, -INF) return r end)
  end)

  it("NaN is refused by clipSegment", function()
    fails("bad argument #4 to 'clipSegment' (finite number expected, got nan)",
          function() local k = box:clipSegment(0, 0, 1, NAN) return k end)
  end)

  it("NaN and inf are refused by set and the Point methods taking numbers", function()
    local p = Point(1, 2)
    fails("bad argument #2 to 'set' (finite number expected, got nan)",
          function() local r = p:set(5, NAN) return r end)
    fails("bad argument #1 to 'dot' (finite number expected, got inf)",
          function() local r = p:dot(INF, 0) return r end)
    fails("bad argument #2 to 'cross' (finite number expected",
          function() local r = p:cross(0, -INF) return r end)
    assert.are.same({ "Point(1, 2)" }, state(p))
  end)

  it("NaN and inf are refused as multiplier or divisor", function()
    fails("bad argument #2 to '__mul' (finite number expected, got nan)",
          function() local r = Point(1, 1) * NAN return r end)
    fails("bad argument #1 to '__mul' (finite number expected, got inf)",
          function() local r = INF * Point(1, 1) return r end)
    fails("bad argument #2 to '__div' (finite number expected, got nan)",
          function() local r = Point(1, 1) / NAN return r end)
  end)

  it("a Point made non-finite by dividing by 0 is refused by a test", function()
    fails("bad argument #1 to 'intersectPoint' (Point with finite coordinates expected)",
          function() local r = box:intersectPoint(BADPOINT) return r end)
    fails("bad argument #2 to 'intersectSegment' (Point with finite coordinates expected)",
          function() local r = box:intersectSegment(Point(), BADPOINT) return r end)
    fails("bad argument #1 to 'intersectSegment' (Point with finite coordinates expected)",
          function() local r = box:intersectSegment(INFPOINT, 1, 1) return r end)
    fails("bad argument #2 to 'sweepAABB' (Point with finite coordinates expected)",
          function() local r = box:sweepAABB(other, INFPOINT) return r end)
    fails("bad argument #2 to 'sweepInto' (Point with finite coordinates expected)",
          function() local r = other:sweepInto({ box }, BADPOINT) return r end)
    fails("bad argument #2 to 'clipSegment' (Point with finite coordinates expected)",
          function() local k = box:clipSegment(Point(), BADPOINT) return k end)
  end)

  it("a non-finite Point is refused by the constructors", function()
    fails("bad argument #1 to 'AABB' (Point with finite coordinates expected)",
          function() local r = AABB(BADPOINT, Point(1, 1)) return r end)
    fails("bad argument #2 to 'AABB' (Point with finite coordinates expected)",
          function() local r = AABB(Point(), INFPOINT) return r end)
    fails("bad argument #2 to 'fromRect' (Point with finite coordinates expected)",
          function() local r = AABB.fromRect(Point(), BADPOINT) return r end)
  end)

  it("a non-finite Point is refused by set, dot and cross", function()
    local p = Point(1, 2)
    fails("bad argument #1 to 'set' (Point with finite coordinates expected)",
          function() local r = p:set(BADPOINT) return r end)
    fails("bad argument #1 to 'dot' (Point with finite coordinates expected)",
          function() local r = p:dot(INFPOINT) return r end)
    fails("bad argument #1 to 'cross' (Point with finite coordinates expected)",
          function() local r = p:cross(BADPOINT) return r end)
    assert.are.same({ "Point(1, 2)" }, state(p))
  end)

  it("NaN and inf are refused as Point field values, which stay as they were", function()
    local p = Point(1, 2)
    fails("bad value for field 'x' of Point (finite number expected)",
          function() p.x = NAN end)
    fails("bad value for field 'y' of Point (finite number expected)",
          function() p.y = -INF end)
    assert.are.same({ "Point(1, 2)" }, state(p))
  end)

  it("NaN and inf written through a view leave the box as it was", function()
    local b = AABB(1, 2, 3, 4)
    fails("bad value for field 'x' of Point (finite number expected)",
          function() b.pos.x = INF end)
    fails("bad value for field 'y' of Point (finite number expected)",
          function() b.half.y = NAN end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("a non-finite Point is refused as a field value", function()
    local b, h, s = AABB(1, 2, 3, 4), Hit(), Sweep()
    fails("bad value for field 'pos' of AABB (finite coordinates expected)",
          function() b.pos = BADPOINT end)
    fails("bad value for field 'half' of AABB (finite coordinates expected)",
          function() b.half = INFPOINT end)
    fails("bad value for field 'normal' of Hit (finite coordinates expected)",
          function() h.normal = BADPOINT end)
    fails("bad value for field 'pos' of Sweep (finite coordinates expected)",
          function() s.pos = INFPOINT end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
    assert.are.same(state(Hit()), state(h))
    assert.are.same(state(Sweep()), state(s))
  end)

  it("NaN and inf are refused as a Hit or Sweep time", function()
    local h, s = Hit(), Sweep()
    fails("bad value for field 'time' of Hit (finite number expected)",
          function() h.time = NAN end)
    fails("bad value for field 'time' of Sweep (finite number expected)",
          function() s.time = INF end)
    assert.are.equal(0, h.time)
    assert.are.equal(1, s.time)
  end)
end)

describe("negative half sizes", function()
  it("the constructor refuses a negative halfX as argument #3", function()
    fails("bad argument #3 to 'AABB' (negative half size)",
          function() local r = AABB(0, 0, -1, 1) return r end)
  end)

  it("the constructor refuses a negative halfY as argument #4", function()
    fails("bad argument #4 to 'AABB' (negative half size)",
          function() local r = AABB(0, 0, 1, -0.5) return r end)
  end)

  it("the constructor refuses a half Point with a negative coordinate", function()
    fails("bad argument #2 to 'AABB' (negative half size)",
          function() local r = AABB(Point(), Point(1, -1)) return r end)
    fails("bad argument #3 to 'AABB' (negative half size)",
          function() local r = AABB(0, 0, Point(-1, 1)) return r end)
  end)

  it("fromRect refuses a negative width or height", function()
    fails("bad argument #3 to 'fromRect' (negative size)",
          function() local r = AABB.fromRect(0, 0, -4, 2) return r end)
    fails("bad argument #4 to 'fromRect' (negative size)",
          function() local r = AABB.fromRect(0, 0, 4, -2) return r end)
    fails("bad argument #2 to 'fromRect' (negative size)",
          function() local r = AABB.fromRect(Point(), Point(4, -2)) return r end)
  end)

  it("box.half.x = -1 is refused and the box keeps its size", function()
    local b = AABB(1, 2, 3, 4)
    fails("bad value for field 'x' of Point (negative half size)",
          function() b.half.x = -1 end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("a negative y through a half view held in a local is refused", function()
    local b = AABB(1, 2, 3, 4)
    local half = b.half
    fails("bad value for field 'y' of Point (negative half size)",
          function() half.y = -0.25 end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("box.half = Point(-1, 1) is refused and the box keeps its size", function()
    local b = AABB(1, 2, 3, 4)
    fails("bad value for field 'half' of AABB (non-negative coordinates expected)",
          function() b.half = Point(-1, 1) end)
    fails("bad value for field 'half' of AABB (non-negative coordinates expected)",
          function() b.half = Point(1, -1) end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("set on a half view refuses a negative x as argument #1", function()
    local b = AABB(1, 2, 3, 4)
    fails("bad argument #1 to 'set' (negative half size)",
          function() local r = b.half:set(-1, 1) return r end)
    fails("bad argument #1 to 'set' (negative half size)",
          function() local r = b.half:set(Point(1, -1)) return r end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("set on a half view refuses a negative y as argument #2", function()
    local b = AABB(1, 2, 3, 4)
    fails("bad argument #2 to 'set' (negative half size)",
          function() local r = b.half:set(1, -1) return r end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("a zero half size is allowed, and pos may be negative", function()
    local b = AABB(1, 2, 3, 4)
    b.half.x = 0
    b.half = Point(0, 0)
    b.pos = Point(-5, -6)
    assert.are.same({ "AABB(pos=(-5, -6), half=(0, 0))" }, state(b))
  end)

  it("a negative copy of a half view is a free Point", function()
    local b = AABB(1, 2, 3, 4)
    local q = -b.half
    q.x = -10
    assert.are.equal(-10, q.x)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)
end)

describe("a padding that shrinks the box past zero size", function()
  local box = AABB(0, 0, 2, 2)
  local msg = "(padding shrinks the box past zero)"

  it("is refused as paddingX, argument #5", function()
    fails("bad argument #5 to 'intersectSegment' " .. msg,
          function() local r = box:intersectSegment(0, 0, 1, 1, -3) return r end)
  end)

  it("is refused as paddingY, argument #6", function()
    fails("bad argument #6 to 'intersectSegment' " .. msg,
          function() local r = box:intersectSegment(0, 0, 1, 1, 1, -2.5) return r end)
  end)

  it("is refused after pos and delta given as Points", function()
    fails("bad argument #3 to 'intersectSegment' " .. msg,
          function() local r = box:intersectSegment(Point(), Point(1, 1), -4) return r end)
  end)

  it("leaves an out Hit untouched", function()
    local out = Hit()
    out.time = 0.5
    local before = state(out)
    fails("bad argument #5 to 'intersectSegment' " .. msg,
          function() local r = box:intersectSegment(-4, 0, 8, 0, -3, out) return r end)
    assert.are.same(before, state(out))
  end)

  it("down to zero size is accepted", function()
    -- Half 2 - 2 = 0 on x: a zero-width box, entered at x = 0, t = 4/8.
    local h = box:intersectSegment(-4, 1, 8, 0, -2, 0)
    assert.are.same({ 0.5, -1, 0 }, { h.time, h.normal.x, h.normal.y })
  end)
end)

describe("a collider array holding a non-collider", function()
  local mover = AABB(-8, 0, 1, 1)

  it("names the index and what was found there", function()
    fails({ "bad argument #1 to 'sweepInto' (", " expected at index 2, got number)" },
          function() local r = mover:sweepInto({ AABB(), 3 }, 1, 1) return r end)
  end)

  it("names a Point found in the array", function()
    fails({ "bad argument #1 to 'sweepInto' (", " expected at index 1, got Point)" },
          function() local r = mover:sweepInto({ Point() }, 1, 1) return r end)
  end)

  it("names the first bad index when a later collider would be hit", function()
    fails({ "bad argument #1 to 'sweepInto' (", " expected at index 3, got table)" },
          function()
            local r = mover:sweepInto({ AABB(100, 100, 1, 1), AABB(50, 50, 1, 1), {},
                                        AABB(-4, 0, 1, 1) }, 8, 0)
            return r
          end)
  end)

  it("counts self in dot form", function()
    fails({ "bad argument #2 to 'sweepInto' (", " expected at index 1, got string)" },
          AABB.sweepInto, mover, { "box" }, 1, 1)
  end)

  it("is located at the script's call, for an OBB mover too", function()
    -- The pure backend reaches the loop that finds it by a tail call under
    -- LuaJIT, whose debug info still shows the method call.
    for _, moving in ipairs({ mover, impact.OBB(-8, 0, 1, 1, 0.5) }) do
      local line
      local err = fails("bad argument #1 to 'sweepInto' (", function()
        line = debug.getinfo(1, "l").currentline + 1
        local r = moving:sweepInto({ AABB(), 3 }, 1, 1)
        return r
      end)
      assert.is_truthy(err:find("errors_spec.lua:" .. line .. ": bad argument #1", 1, true), err)
    end
  end)

  it("leaves the out Sweep and the moving box untouched", function()
    local out = Sweep()
    out.time = 0.5
    local before = state(out)
    fails({ "bad argument #1 to 'sweepInto' (", " expected at index 2, got boolean)" },
          function() local r = mover:sweepInto({ AABB(-4, 0, 1, 1), true }, 8, 0, out) return r end)
    assert.are.same(before, state(out))
    assert.are.same({ "AABB(pos=(-8, 0), half=(1, 1))" }, state(mover))
  end)
end)

describe("a method called with the wrong self", function()
  it("impact.AABB.intersectPoint(impact.Point(), 0, 0) says AABB expected, got Point", function()
    fails("bad argument #1 to 'intersectPoint' (AABB expected, got Point)",
          function() local r = impact.AABB.intersectPoint(impact.Point(), 0, 0) return r end)
  end)

  it("every AABB method refuses a Point as self", function()
    for _, name in ipairs({ "intersectPoint", "intersectSegment", "intersectAABB",
                            "sweepAABB", "sweepInto", "clipSegment" }) do
      fails({ "bad argument #1 to '" .. name .. "' (", " expected, got Point)" },
            AABB[name], Point(), AABB(), 0, 0, 1, 1)
    end
  end)

  it("every Point method refuses an AABB as self", function()
    for _, name in ipairs({ "clone", "set", "unpack", "length", "dot", "cross",
                            "normalize" }) do
      fails("bad argument #1 to '" .. name .. "' (Point expected, got AABB)",
            Point[name], AABB(), 1, 1)
    end
  end)

  it("nil, numbers and tables are refused as self", function()
    fails("bad argument #1 to 'normalize' (Point expected, got nil)", Point.normalize, nil)
    fails("bad argument #1 to 'length' (Point expected, got number)", Point.length, 5)
    fails({ "bad argument #1 to 'sweepInto' (", " expected, got table)" },
          AABB.sweepInto, {}, {}, 1, 1)
  end)

  it("called with a colon on a wrong object says calling 'fname' on bad self", function()
    local fakeBox = setmetatable({}, { __index = impact.AABB })
    local fakePoint = setmetatable({}, { __index = impact.Point })
    fails("calling 'intersectPoint' on bad self (AABB expected, got table)",
          function() local r = fakeBox:intersectPoint(0, 0) return r end)
    fails("calling 'length' on bad self (Point expected, got table)",
          function() local r = fakePoint:length() return r end)
  end)

  it("a refused self is left unchanged", function()
    local p = Point(1, 2)
    fails("bad argument #1 to 'sweepAABB' (AABB expected, got Point)",
          AABB.sweepAABB, p, AABB(), 1, 1)
    assert.are.same({ "Point(1, 2)" }, state(p))
    local b = AABB(1, 2, 3, 4)
    fails("bad argument #1 to 'set' (Point expected, got AABB)", Point.set, b, 0, 0)
    fails("bad argument #1 to 'normalize' (Point expected, got AABB)", Point.normalize, b)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)
end)

describe("an out of the wrong type", function()
  local box, other = AABB(0, 0, 2, 2), AABB(1, 1, 2, 2)

  it("intersectPoint with a Sweep says Hit expected", function()
    local out = Sweep()
    fails("bad argument #3 to 'intersectPoint' (Hit expected, got Sweep)",
          function() local r = box:intersectPoint(0.5, 0.5, out) return r end)
    assert.are.same(state(Sweep()), state(out))
  end)

  it("intersectSegment with a table says Hit expected, after padding too", function()
    fails("bad argument #5 to 'intersectSegment' (Hit expected, got table)",
          function() local r = box:intersectSegment(-4, 0, 8, 0, {}) return r end)
    fails("bad argument #7 to 'intersectSegment' (Hit expected, got AABB)",
          function() local r = box:intersectSegment(-4, 0, 8, 0, 1, 1, other) return r end)
  end)

  it("a string padding is taken for an out and refused", function()
    fails("bad argument #5 to 'intersectSegment' (Hit expected, got string)",
          function() local r = box:intersectSegment(-4, 0, 8, 0, "1") return r end)
  end)

  it("intersectAABB with a Point says Hit expected", function()
    fails("bad argument #2 to 'intersectAABB' (Hit expected, got Point)",
          function() local r = box:intersectAABB(other, Point()) return r end)
  end)

  it("sweepAABB with a Hit says Sweep expected and leaves the Hit untouched", function()
    local out = Hit()
    fails("bad argument #4 to 'sweepAABB' (Sweep expected, got Hit)",
          function() local r = box:sweepAABB(AABB(-8, 0, 1, 1), 8, 0, out) return r end)
    assert.are.same(state(Hit()), state(out))
  end)

  it("sweepInto with a Hit or false says Sweep expected", function()
    local mover = AABB(-8, 0, 1, 1)
    fails("bad argument #4 to 'sweepInto' (Sweep expected, got Hit)",
          function() local r = mover:sweepInto({ box }, 8, 0, Hit()) return r end)
    fails("bad argument #3 to 'sweepInto' (Sweep expected, got boolean)",
          function() local r = mover:sweepInto({ box }, Point(8, 0), false) return r end)
  end)

  it("a Sweep's hit view is a Hit and is accepted as an out", function()
    local s = box:sweepAABB(AABB(-8, 0, 1, 1), 8, 0)
    local h = s.hit
    -- (1.5, 0.5) in the box centre (0, 0), half (2, 2): px = 0.5, py = 1.5,
    -- so normal (1, 0).
    local r = box:intersectPoint(1.5, 0.5, h)
    assert.is_true(rawequal(h, r))
    assert.are.equal(1, s.hit.normal.x)
  end)
end)

describe("writing fields", function()
  it("an unknown field of a Point is refused", function()
    local p = Point(1, 2)
    fails("Point has no field 'z'", function() p.z = 1 end)
    fails("Point has no field of type number", function() p[1] = 1 end)
    assert.are.same({ "Point(1, 2)" }, state(p))
  end)

  it("an AABB's own fields keep their meaning: a method's name is refused", function()
    local b = AABB(1, 2, 3, 4)
    fails("AABB has no field 'intersectAABB' to set: it is a method",
          function() b.intersectAABB = 5 end)
    -- Lua 5.1 itself refuses a nil or NaN key in a table before any
    -- __newindex, and the pure backend's objects are tables.
    local lua51table = impact.backend == "lua" and _VERSION == "Lua 5.1" and not jit
    fails(lua51table and "table index is nil" or "AABB has no field of type nil",
          function() b[nil] = 5 end)
    fails(lua51table and "table index is NaN" or "AABB has no field nan (a NaN key)",
          function() b[0 / 0] = 5 end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("an unknown field of a Hit or Sweep is refused", function()
    fails("Hit has no field 'hit'", function() Hit().hit = Hit() end)
    fails("Sweep has no field 'normal'", function() Sweep().normal = Point() end)
    fails("Hit has no field of type boolean", function() Hit()[true] = 1 end)
  end)

  it("a key with a zero byte after a field's name is another field, not that field", function()
    local p, b = Point(1, 2), AABB(1, 2, 3, 4)
    fails("Point has no field", function() p["x\0junk"] = 5 end)
    b["half\0"] = Point(9, 9)  -- the script's own field
    assert.are.same({ "Point(1, 2)" }, state(p))
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
    assert.is_nil(b["pos\0"])
    assert.are.equal(Point(9, 9), b["half\0"])
    local h, s = Hit(), Sweep()
    h.time, s.time = 0.25, 0.5
    assert.are.same({ 0.25, 0.5 }, { h.time, s.time })
    assert.is_nil(h["time\0"])
    assert.is_nil(s["time\0junk"])
  end)

  it("a Point field refuses what is not a Point", function()
    local b = AABB(1, 2, 3, 4)
    fails("bad value for field 'pos' of AABB (Point expected, got number)",
          function() b.pos = 5 end)
    fails("bad value for field 'half' of AABB (Point expected, got table)",
          function() b.half = { x = 1, y = 1 } end)
    fails("bad value for field 'delta' of Hit (Point expected, got AABB)",
          function() Hit().delta = b end)
    fails("bad value for field 'pos' of Sweep (Point expected, got nil)",
          function() Sweep().pos = nil end)
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
  end)

  it("a Hit's collider refuses what is not a collider", function()
    local h, b = Hit(), AABB()
    h.collider = b
    fails({ "bad value for field 'collider' of Hit (", " expected, got Point)" },
          function() h.collider = Point() end)
    fails({ "bad value for field 'collider' of Hit (", " expected, got table)" },
          function() h.collider = {} end)
    assert.is_true(rawequal(b, h.collider))
    fails("bad value for field 'collider' of Hit (shape or nil expected, got Hit)",
          function() h.collider = Hit() end)
  end)

  it("a Hit's collider may be any shape, or nil", function()
    local h = Hit()
    for _, s in ipairs({ impact.Circle(0, 0, 1), impact.Capsule(0, 0, 1, 0, 1),
                         impact.Polygon({ 0, 0, 1, 0, 0, 1 }), impact.OBB(0, 0, 1, 1, 1) }) do
      h.collider = s
      assert.is_true(rawequal(s, h.collider))
    end
    h.collider = nil
    assert.is_nil(h.collider)
  end)

  it("a Sweep's hit refuses what is not a Hit", function()
    local s = Sweep()
    fails("bad value for field 'hit' of Sweep (Hit or nil expected, got AABB)",
          function() s.hit = AABB() end)
    fails("bad value for field 'hit' of Sweep (Hit or nil expected, got boolean)",
          function() s.hit = false end)
    assert.is_nil(s.hit)
  end)
end)

describe("metamethods called directly through getmetatable", function()
  local PM, AM = getmetatable(Point()), getmetatable(AABB())
  local HM, SM = getmetatable(Hit()), getmetatable(Sweep())

  it("__add and __sub need two Points", function()
    fails("bad argument #2 to '__add' (Point expected, got number)",
          function() local r = PM.__add(Point(), 1) return r end)
    fails("bad argument #1 to '__add' (Point expected, got AABB)",
          function() local r = PM.__add(AABB(), Point()) return r end)
    fails("bad argument #1 to '__sub' (Point expected, got nil)",
          function() local r = PM.__sub(nil, Point()) return r end)
  end)

  it("__unm needs a Point", function()
    fails("bad argument #1 to '__unm' (Point expected, got AABB)",
          function() local r = PM.__unm(AABB()) return r end)
  end)

  it("__mul needs a Point and a number, in either order", function()
    fails("bad argument #2 to '__mul' (number expected, got Point)",
          function() local r = PM.__mul(Point(), Point()) return r end)
    fails("bad argument #1 to '__mul' (Point expected, got string)",
          function() local r = PM.__mul("2", Point()) return r end)
    fails("bad argument #2 to '__mul' (Point expected, got nil)",
          function() local r = PM.__mul(2, nil) return r end)
  end)

  it("__div needs a Point then a number", function()
    fails("bad argument #1 to '__div' (Point expected, got number)",
          function() local r = PM.__div(2, Point(1, 1)) return r end)
    fails("bad argument #2 to '__div' (number expected, got no value)",
          function() local r = PM.__div(Point(1, 1)) return r end)
  end)

  it("__eq with a non-Point is false, not an error", function()
    assert.is_false(PM.__eq(Point(), 0))
    assert.is_false(PM.__eq(AABB(), AABB()))
    assert.is_true(PM.__eq(Point(1, 2), Point(1, 2)))
  end)

  it("__tostring refuses another type", function()
    fails("bad argument #1 to '__tostring' (Point expected, got AABB)",
          function() local r = PM.__tostring(AABB()) return r end)
    fails("bad argument #1 to '__tostring' (AABB expected, got nil)",
          function() local r = AM.__tostring(nil) return r end)
    fails("bad argument #1 to '__tostring' (Hit expected, got Sweep)",
          function() local r = HM.__tostring(Sweep()) return r end)
    fails("bad argument #1 to '__tostring' (Sweep expected, got Hit)",
          function() local r = SM.__tostring(Hit()) return r end)
  end)

  it("__index refuses another type for a field", function()
    fails("bad argument #1 to '__index' (Point expected, got AABB)",
          function() local r = PM.__index(AABB(), "x") return r end)
    fails("bad argument #1 to '__index' (AABB expected, got Point)",
          function() local r = AM.__index(Point(), "pos") return r end)
    fails("bad argument #1 to '__index' (Sweep expected, got Hit)",
          function() local r = SM.__index(Hit(), "time") return r end)
    fails("bad argument #1 to '__index' (Hit expected, got table)",
          function() local r = HM.__index({}, "normal") return r end)
  end)

  it("__newindex refuses another type and writes nothing", function()
    local p, b, h = Point(1, 2), AABB(1, 2, 3, 4), Hit()
    fails("bad argument #1 to '__newindex' (Point expected, got AABB)",
          function() PM.__newindex(b, "x", 1) end)
    fails("bad argument #1 to '__newindex' (AABB expected, got Point)",
          function() AM.__newindex(p, "pos", Point()) end)
    fails("bad argument #1 to '__newindex' (Hit expected, got Sweep)",
          function() HM.__newindex(Sweep(), "time", 0.5) end)
    fails("bad argument #1 to '__newindex' (Sweep expected, got Hit)",
          function() SM.__newindex(h, "time", 0.5) end)
    assert.are.same({ "Point(1, 2)" }, state(p))
    assert.are.same({ "AABB(pos=(1, 2), half=(3, 4))" }, state(b))
    assert.are.same(state(Hit()), state(h))
  end)

  it("operators with a non-Point name the bad operand", function()
    fails("bad argument #2 to '__add' (Point expected, got number)",
          function() local r = Point() + 1 return r end)
    fails("bad argument #1 to '__sub' (Point expected, got table)",
          function() local r = {} - Point() return r end)
    fails("bad argument #2 to '__div' (number expected, got Point)",
          function() local r = Point() / Point() return r end)
  end)
end)

describe("never a crash", function()
  -- Every method, with each argument in turn replaced by each bad value:
  -- each call either succeeds or raises a string error.
  -- bad[0] is nil.
  local bad = { true, "1", {}, NAN, INF, -INF, -1, 1e308, BADPOINT,
                Point(), AABB(), Hit(), Sweep(), print, coroutine.create(function() end) }
  local unpack = table.unpack or unpack

  local function try(f, args, n)
    local ok, err = pcall(f, unpack(args, 1, n))
    if not ok then assert.are.equal("string", type(err)) end
  end

  local function sweepargs(f, good)
    local n = #good
    for i = 1, n + 1 do
      for k = 0, #bad do
        local args = {}
        for j = 1, n do args[j] = good[j] end
        args[i] = bad[k]
        try(f, args, math.max(n, i))
      end
    end
  end

  it("for the AABB methods and fromRect", function()
    local box, other = AABB(0, 0, 2, 2), AABB(-8, 0, 1, 1)
    sweepargs(AABB.intersectPoint, { box, 0.5, 0.5, Hit() })
    sweepargs(AABB.intersectSegment, { box, -4, 0, 8, 0, 1, 1, Hit() })
    sweepargs(AABB.intersectAABB, { box, other, Hit() })
    sweepargs(AABB.sweepAABB, { box, other, 8, 0, Sweep() })
    sweepargs(AABB.sweepInto, { other, { box, AABB(4, 0, 1, 1) }, 8, 0, Sweep() })
    sweepargs(AABB.clipSegment, { box, -4, 0, 8, 0 })
    sweepargs(AABB.fromRect, { 0, 0, 4, 4 })
    sweepargs(AABB, { AABB, 0, 0, 1, 1 })
    -- the boxes are still whole
    assert.are.same({ "AABB(pos=(0, 0), half=(2, 2))" }, state(box))
    assert.are.same({ "AABB(pos=(-8, 0), half=(1, 1))" }, state(other))
  end)

  it("for the Point methods, metamethods and constructors", function()
    local PM = getmetatable(Point())
    for _, name in ipairs({ "clone", "set", "unpack", "length", "dot", "cross",
                            "normalize" }) do
      sweepargs(Point[name], { Point(3, 4), 1, 2 })
    end
    for _, name in ipairs({ "__add", "__sub", "__unm", "__mul", "__div", "__eq",
                            "__tostring", "__index" }) do
      sweepargs(PM[name], { Point(3, 4), Point(1, 2) })
    end
    sweepargs(PM.__newindex, { Point(3, 4), "x", 1 })
    sweepargs(Point, { Point, 1, 2 })
  end)

  it("for the Hit and Sweep metamethods and constructors", function()
    for _, v in ipairs({ Hit(), Sweep() }) do
      local mt = getmetatable(v)
      for _, field in ipairs({ "time", "pos", "delta", "normal", "collider", "hit" }) do
        sweepargs(mt.__index, { v, field })
        sweepargs(mt.__newindex, { v, field, Point() })
      end
      sweepargs(mt.__tostring, { v })
    end
    sweepargs(Hit, { Hit })
    sweepargs(Sweep, { Sweep })
  end)

  it("for impact.type and impact.clipSegment", function()
    sweepargs(impact.type, { Point() })
    sweepargs(impact.clipSegment, { AABB(0, 0, 1, 1), -2, 0, 4, 0 })
  end)
end)
