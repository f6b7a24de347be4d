-- Circle, Capsule, Polygon and Manifold as types: constructors, fields
-- and their views, tostring, a script's own fields, out objects and the
-- errors of bad input. What the shapes do against each other is in the
-- shapes_* specs; the values here are worked out by hand.
local impact = require "impact"
local helpers = require "helpers"
local Point, AABB, Hit, Sweep = impact.Point, impact.AABB, impact.Hit, impact.Sweep
local Circle, Capsule, Polygon, Manifold =
  impact.Circle, impact.Capsule, impact.Polygon, impact.Manifold

local assertError = helpers.assertError
local SQUARE = { 0, 0, 2, 0, 2, 2, 0, 2 }

local function xy(p) return { p.x, p.y } end

describe("Circle", function()
  it("is made from x, y, radius or from a Point and a radius", function()
    for _, c in ipairs({ Circle(1, 2, 3), Circle(Point(1, 2), 3) }) do
      assert.are.equal("Circle", impact.type(c))
      assert.are.same({ 1, 2 }, xy(c.pos))
      assert.are.equal(3, c.radius)
      assert.are.equal("Circle(pos=(1, 2), radius=3)", tostring(c))
    end
    assert.are.equal("Circle(pos=(0, 0), radius=0)", tostring(Circle()))
    assert.are.equal(0, Circle(1, 2, 0).radius)  -- a point
  end)

  it("has pos as a live view and a writable radius", function()
    local c = Circle(1, 2, 3)
    local pos = c.pos
    pos.x = 5
    assert.are.same({ 5, 2 }, xy(c.pos))
    c.pos = Point(7, 8)
    assert.are.same({ 7, 8 }, xy(pos))
    c.radius = 0.5
    assert.are.equal("Circle(pos=(7, 8), radius=0.5)", tostring(c))
    local box = c:bounds()
    assert.are.same({ 7, 8, 0.5, 0.5 }, { box.pos.x, box.pos.y, box.half.x, box.half.y })
  end)

  it("refuses a negative or non-finite radius", function()
    assertError("bad argument #3 to 'Circle' (negative radius)", function()
      local c = Circle(1, 2, -1) return c end)
    assertError("bad argument #2 to 'Circle' (negative radius)", function()
      local c = Circle(Point(1, 2), -0.5) return c end)
    assertError("bad argument #3 to 'Circle'", function()
      local c = Circle(1, 2, 0 / 0) return c end)
    local c = Circle(1, 2, 3)
    assertError("bad value for field 'radius' of Circle (negative radius)",
      function() c.radius = -1 end)
    assertError("field 'radius' of Circle", function() c.radius = 0 / 0 end)
    assert.are.equal(3, c.radius)
  end)
end)

describe("Capsule", function()
  it("is made from its ends and radius, placed at pos turned by angle", function()
    local k = Capsule(-1, 0, 3, 0, 0.5, 10, 20, math.pi)
    assert.are.equal("Capsule", impact.type(k))
    assert.are.same({ 10, 20 }, xy(k.pos))
    assert.are.equal(math.pi, k.angle)
    assert.are.equal(0.5, k.radius)
    local ax, ay, bx, by = k:ends()
    assert.are.equal(11, ax)
    assert.are.equal(7, bx)
    assert.is_true(math.abs(ay - 20) < 1e-15 and math.abs(by - 20) < 1e-15)
    assert.are.equal("Capsule(a=(-1, 0), b=(3, 0), radius=0.5, pos=(10, 20), "
      .. "angle=3.1415926535898)", tostring(k))
  end)

  it("takes its ends as Points, and no placement at the origin", function()
    local k = Capsule(Point(1, 2), Point(3, 4), 1)
    assert.are.same({ 1, 2, 3, 4 }, { k:ends() })
    assert.are.same({ 0, 0, 0 }, { k.pos.x, k.pos.y, k.angle })
    assert.are.equal("Capsule(a=(1, 2), b=(3, 4), radius=1, pos=(0, 0), angle=0)",
      tostring(k))
    assert.are.same({ 1, 1, 1, 1 }, { Capsule(1, 1, 1, 1, 0):ends() })  -- a point
  end)

  it("turns its ends when pos and angle are written", function()
    local k = Capsule(0, 0, 2, 0, 1)
    k.angle = math.pi / 2
    k.pos = Point(5, 5)
    local ax, ay, bx, by = k:ends()
    assert.are.same({ 5, 5 }, { ax, ay })
    assert.is_true(math.abs(bx - 5) < 1e-15)
    assert.are.equal(7, by)
    k.pos.y = 0
    ax, ay = k:ends()
    assert.are.same({ 5, 0 }, { ax, ay })
    k.radius = 2
    assert.are.equal(2, k.radius)
  end)

  it("refuses a negative radius", function()
    assertError("bad argument #5 to 'Capsule' (negative radius)", function()
      local k = Capsule(0, 0, 1, 0, -1) return k end)
    assertError("bad argument #3 to 'Capsule' (negative radius)", function()
      local k = Capsule(Point(0, 0), Point(1, 0), -1) return k end)
    local k = Capsule(0, 0, 1, 0, 1)
    assertError("bad value for field 'radius' of Capsule (negative radius)",
      function() k.radius = -2 end)
    assert.are.equal(1, k.radius)
  end)
end)

describe("Polygon", function()
  it("keeps its vertices in the order given, placed at pos turned by angle", function()
    local p = Polygon({ 0, 0, 0, 2, 2, 2, 2, 0 }, 10, 20)  -- clockwise is fine
    assert.are.equal("Polygon", impact.type(p))
    assert.are.equal(4, p.count)
    assert.are.same({ 10, 22 }, { p:vertex(2) })
    assert.are.same({ 10, 20, 10, 22, 12, 22, 12, 20 }, p:vertices())
    assert.are.equal("Polygon(count=4, pos=(10, 20), angle=0)", tostring(p))
    p.angle = math.pi
    local x, y = p:vertex(3)
    assert.is_true(math.abs(x - 8) < 1e-14 and math.abs(y - 18) < 1e-14)
    p.pos = Point(0, 0)
    p.angle = 0
    assert.are.same({ 2, 2 }, { p:vertex(3) })
  end)

  it("fills exactly 2 count entries of an out table and leaves the rest", function()
    local p = Polygon({ 0, 0, 1, 0, 0, 1 })
    local out = { 9, 9, 9, 9, 9, 9, 9, 9, x = 1 }
    assert.are.equal(out, p:vertices(out))
    assert.are.same({ 0, 0, 1, 0, 0, 1, 9, 9, x = 1 }, out)
  end)

  it("makes the polygon of a convex hull", function()
    local h = Polygon.hull({ 0, 0, 2, 0, 1, 1, 2, 2, 0, 2, 1, 0 })
    assert.are.equal(4, h.count)
    assert.are.same({ 0, 0, 0, 0 }, { h.pos.x, h.pos.y, h.angle, 0 })
    local seen = {}
    for i = 1, h.count do
      local x, y = h:vertex(i)
      seen[("%g,%g"):format(x, y)] = true
    end
    assert.are.same({ ["0,0"] = true, ["2,0"] = true, ["2,2"] = true, ["0,2"] = true },
      seen)
    local placed = Polygon.hull({ 0, 0, 1, 0, 0, 1 }, 5, 6, 0)
    assert.are.same({ 5, 6 }, xy(placed.pos))
    assertError("bad argument #1 to 'hull' (points on a line)", function()
      local p = Polygon.hull({ 0, 0, 1, 1, 2, 2, 1, 1 }) return p end)
    assertError("bad argument #1 to 'hull' (table expected, got no value)", function()
      local p = Polygon.hull() return p end)
  end)

  it("has count read-only and an index checked by vertex", function()
    local p = Polygon(SQUARE)
    assertError("read-only field", function() p.count = 3 end)
    assertError("bad argument #1 to 'vertex' (vertex index out of range)", function()
      local x = p:vertex(5) return x end)
    assertError("(vertex index out of range)", function()
      local x = p:vertex(1.5) return x end)
    assertError("(vertex index out of range)", function()
      local x = p:vertex(0) return x end)
    assertError("bad argument #1 to 'vertices' (table expected, got number)", function()
      local t = p:vertices(1) return t end)
  end)

  local function refused(msg, t)
    assertError("bad argument #1 to 'Polygon' (" .. msg .. ")", function()
      local p = Polygon(t) return p end)
  end

  it("refuses vertices that do not make a strictly convex polygon", function()
    refused("table expected, got number", 3)
    refused("table expected, got nil", nil)
    refused("at least 3 vertices expected, got 2", { 0, 0, 1, 1 })
    refused("at least 3 vertices expected, got 2", { 0, 0, 1, 1, 2 })
    refused("vertices as x, y pairs expected, got 7 numbers", { 0, 0, 1, 0, 1, 1, 0 })
    local many = {}
    for i = 1, 34 do many[i] = i end
    refused("at most 16 vertices expected, got 17", many)
    refused("number expected at index 4, got string", { 0, 0, 1, "1", 0, 1 })
    refused("finite number expected at index 3, got nan", { 0, 0, 0 / 0, 1, 0, 1 })
    refused("finite number expected at index 6, got -inf", { 0, 0, 1, 0, 0, -1 / 0 })
    refused("finite number expected at index 1, got inf", { 1 / 0, 0, 1, 0, 0, 1 })
    refused("repeated vertex 3", { 0, 0, 1, 0, 1, 0, 0, 1 })
    refused("vertices 3, 1 and 2 on a line", { 0, 0, 1, 0, 2, 0 })
    refused("vertices 2, 3 and 4 on a line", { 0, 0, 2, 0, 2, 1, 2, 2 })
    refused("reflex corner at vertex 3", { 0, 0, 2, 0, 1, 0.5, 1, 2 })
  end)
end)

describe("Manifold", function()
  it("starts empty; point(i) gives x, y and depth", function()
    local m = Manifold()
    assert.are.equal("Manifold", impact.type(m))
    assert.are.equal(0, m.count)
    assert.are.equal("Manifold(count=0, normal=(0, 0))", tostring(m))
    assertError("bad argument #1 to 'point' (index out of range)", function()
      local x = m:point(1) return x end)
  end)

  it("is filled by manifold(other, out) and returned", function()
    local a, b = Circle(0, 0, 2), Circle(3, 0, 2)
    local m = Manifold()
    assert.are.equal(m, a:manifold(b, m))
    assert.are.equal(1, m.count)
    assert.are.same({ 1, 0 }, xy(m.normal))
    assert.are.same({ 1.5, 0, 1 }, { m:point(1) })
    assert.are.equal("Manifold(count=1, normal=(1, 0))", tostring(m))
    assert.is_nil(a:manifold(Circle(5, 0, 1), m))
    local normal = m.normal  -- a view of m's normal
    m.normal = Point(0, 1)
    assert.are.same({ 0, 1 }, xy(normal))
  end)
end)

local makers = {
  Circle = function() return Circle(1, 2, 1) end,
  Capsule = function() return Capsule(0, 0, 2, 0, 1, 1, 2) end,
  Polygon = function() return Polygon(SQUARE, 1, 2) end,
}

for name, make in pairs(makers) do
  describe(name .. " as an object", function()
    it("is impact." .. name .. ", callable, with the methods every shape has", function()
      local s = make()
      assert.are.equal(name, impact.type(s))
      for _, m in ipairs({ "intersects", "overlap", "distance", "manifold", "sweep",
                           "bounds", "intersectPoint", "intersectSegment",
                           "clipSegment", "sweepInto" }) do
        assert.are.equal("function", type(impact[name][m]), m)
        assert.are.equal(impact[name][m], s[m], m)
      end
    end)

    it("carries a script's own fields", function()
      local s, enemy = make(), {}
      local text = tostring(s)
      assert.is_nil(s.owner)
      s.owner = enemy
      assert.are.equal(enemy, s.owner)
      assert.is_nil(make().owner)
      assert.are.equal(text, tostring(s))
      local hit = s:intersectPoint(Point(1.5, 2.5), Hit())
      assert.are.equal(enemy, hit.collider.owner)
      s.owner = nil
      assert.is_nil(s.owner)
      assertError("it is a method", function() s.bounds = 1 end)
    end)

    it("writes into out objects and returns them", function()
      local s = make()
      local hit, box, sweep = Hit(), AABB(), Sweep()
      assert.are.equal(hit, s:intersectPoint(Point(1.5, 2.5), hit))
      assert.are.equal(s, hit.collider)
      assert.are.equal(box, s:bounds(box))
      assert.are.equal(sweep, s:sweep(Circle(20, 2, 1), -10, 0, sweep))
      assert.are.equal(sweep, s:sweepInto({ AABB(20, 2, 1, 1) }, Point(1, 0), sweep))
      assert.are.equal(hit, s:overlap(Circle(1, 2, 1), hit))
      assert.are.equal(s, hit.collider)
    end)

    it("gives the standard errors for a wrong self, other or out", function()
      local s = make()
      assertError("bad argument #1 to 'intersects' (shape expected, got Point)",
        function() local r = s:intersects(Point()) return r end)
      assertError("bad argument #1 to 'bounds' (AABB expected, got Hit)",
        function() local r = s:bounds(Hit()) return r end)
      assertError("bad argument #2 to 'manifold' (Manifold expected, got Hit)",
        function() local r = s:manifold(s, Hit()) return r end)
      local other = name == "Circle" and "Point" or "Circle"
      assertError("(" .. name .. " expected, got " .. other .. ")", function()
        local r = impact[name].bounds(name == "Circle" and Point() or Circle()) return r end)
      assertError("bad argument #2 to 'sweep'", function()
        local r = s:sweep(s, 0 / 0, 0) return r end)
    end)
  end)
end

describe("the rectangles' methods against the new shapes", function()
  it("are there, and sweepInto takes any shapes", function()
    local box = AABB(0, 0, 1, 1)
    assert.is_false(box:intersects(Circle(2, 0, 1)))  -- touching
    assert.is_true(box:intersects(Circle(1.5, 0, 1)))
    assert.are.same({ 0 }, { box:distance(Circle(2, 0, 1)) })
    assert.are.same({ 1, 1, 0, 2, 0 },
      { impact.OBB(0, 0, 1, 1, 0):distance(Circle(3, 0, 1)) })
    local s = box:sweepInto({ Circle(5, 0, 1), Polygon(SQUARE, 10, 0) }, 10, 0)
    assert.is_true(s.time < 0.3 and s.time > 0.3 - 1e-7, tostring(s.time))
    assert.are.equal("Circle", impact.type(s.hit.collider))
  end)

  -- Under LuaJIT these go through stand-ins made for rectangles, which
  -- must hand any other shape to the C functions.
  it("hand a new shape on, after rectangles in the list too", function()
    local box, ball = AABB(0, 0, 1, 1), Circle(1.5, 0, 1)
    for _ = 1, 100 do  -- long enough for the JIT to compile the loop
      -- push-outs leave a rounding error between the shapes
      local hit = box:overlap(ball)
      assert.is_true(hit.delta.x >= 0.5 and hit.delta.x < 0.5 + 1e-12)
      assert.are.same({ 0, 1, 0 }, { hit.delta.y, hit.normal.x, hit.normal.y })
      assert.are.equal(box, hit.collider)
      hit = impact.OBB(0, 0, 1, 1, 0):overlap(Circle(0, 1.5, 1), Hit())
      assert.is_true(hit.delta.y >= 0.5 and hit.delta.y < 0.5 + 1e-12)
      assert.are.same({ 0, 0, 1 }, { hit.delta.x, hit.normal.x, hit.normal.y })
      local s = box:sweepInto({ AABB(10, 0, 1, 1), Circle(5, 0, 1) }, 10, 0)
      assert.is_true(s.time < 0.3 and s.time > 0.3 - 1e-7, tostring(s.time))
      assert.are.equal("Circle", impact.type(s.hit.collider))
    end
    assertError("bad argument #1 to 'sweepAABB' (AABB expected, got Circle)",
      function() local r = box:sweepAABB(ball, 1, 0) return r end)
    assertError("bad argument #1 to 'intersectOBB' (OBB expected, got Circle)",
      function() local r = box:intersectOBB(ball) return r end)
  end)
end)
