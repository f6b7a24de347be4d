local impact = require "impact"
local Point = impact.Point

-- Both coordinates of a Point, compared exactly.
local function same(p, x, y)
  assert.are.equal("Point", impact.type(p))
  assert.are.equal(x, p.x)
  assert.are.equal(y, p.y)
end

describe("Point", function()
  describe("constructor", function()
    it("defaults both coordinates to 0", function()
      same(Point(), 0, 0)
    end)

    it("defaults a missing y to 0", function()
      same(Point(5), 5, 0)
    end)

    it("treats nil coordinates as 0", function()
      same(Point(nil, 2), 0, 2)
      same(Point(3, nil), 3, 0)
    end)

    it("keeps the coordinates it is given, negative and fractional too", function()
      same(Point(1, 2), 1, 2)
      same(Point(-0.25, 1e10), -0.25, 1e10)
    end)

    it("ignores arguments after y", function()
      same(Point(7, 8, 9), 7, 8)
    end)
  end)

  describe("fields", function()
    it("reads x and y", function()
      local p = Point(3, -4)
      assert.are.equal(3, p.x)
      assert.are.equal(-4, p.y)
    end)

    it("writes x and y in place", function()
      local p = Point(1, 2)
      p.x = 10
      p.y = -20
      same(p, 10, -20)
    end)

    it("writing one coordinate leaves the other alone", function()
      local p = Point(1, 2)
      p.x = 5
      assert.are.equal(2, p.y)
      p.y = 6
      assert.are.equal(5, p.x)
    end)

    it("reads an unknown field as nil", function()
      assert.is_nil(Point(1, 2).z)
      assert.is_nil(Point(1, 2)[1])
    end)
  end)

  describe("clone", function()
    it("returns a new Point with the same coordinates", function()
      local p = Point(1, 2)
      local q = p:clone()
      same(q, 1, 2)
      assert.is_false(rawequal(p, q))
    end)

    it("returns a copy that does not share storage with the original", function()
      local p = Point(1, 2)
      local q = p:clone()
      q.x = 9
      p.y = 8
      same(p, 1, 8)
      same(q, 9, 2)
    end)

    it("of a view is a standalone Point, not another view", function()
      local box = impact.AABB(1, 2, 3, 4)
      local q = box.pos:clone()
      q.x = 100
      same(box.pos, 1, 2)
      same(q, 100, 2)
    end)
  end)

  describe("set", function()
    it("takes two numbers", function()
      local p = Point(1, 2)
      p:set(3, 4)
      same(p, 3, 4)
    end)

    it("takes a Point and copies its coordinates", function()
      local p, q = Point(1, 2), Point(5, 6)
      p:set(q)
      same(p, 5, 6)
      q.x = 0
      same(p, 5, 6)
    end)

    it("returns self", function()
      local p = Point()
      local r = p:set(1, 1)
      assert.is_true(rawequal(p, r))
      r = p:set(Point(2, 2))
      assert.is_true(rawequal(p, r))
    end)

    it("allows chaining with another method", function()
      assert.are.equal(5, Point():set(3, 4):length())
    end)
  end)

  describe("unpack", function()
    it("returns x then y", function()
      local x, y = Point(1.5, -2.5):unpack()
      assert.are.equal(1.5, x)
      assert.are.equal(-2.5, y)
    end)

    it("returns exactly two values", function()
      assert.are.equal(2, select("#", Point(1, 2):unpack()))
    end)
  end)

  describe("length", function()
    it("of (3, 4) is 5", function()
      assert.are.equal(5, Point(3, 4):length())
    end)

    it("of (-6, 8) is 10", function()
      assert.are.equal(10, Point(-6, 8):length())
    end)

    it("of the zero vector is 0", function()
      assert.are.equal(0, Point():length())
    end)

    it("of a vector along an axis is the absolute coordinate", function()
      assert.are.equal(2.5, Point(0, -2.5):length())
    end)

    it("does not overflow for a huge but finite vector", function()
      -- (1e200, 0) has length 1e200, representable; squaring first overflows.
      assert.are.equal(1e200, Point(1e200, 0):length())
      assert.is_near(5e200, Point(3e200, 4e200):length(), 5e200 * 1e-15)
    end)

    it("does not underflow to 0 for a tiny non-zero vector", function()
      assert.are.equal(1e-200, Point(0, 1e-200):length())
    end)
  end)

  describe("dot", function()
    it("is a.x*b.x + a.y*b.y with a Point", function()
      -- 1*3 + 2*4 = 11
      assert.are.equal(11, Point(1, 2):dot(Point(3, 4)))
    end)

    it("takes two numbers instead of a Point", function()
      -- 1*(-3) + 2*4 = 5
      assert.are.equal(5, Point(1, 2):dot(-3, 4))
    end)

    it("of perpendicular vectors is 0", function()
      assert.are.equal(0, Point(2, 0):dot(0, 7))
    end)
  end)

  describe("cross", function()
    it("is the scalar a.x*b.y - a.y*b.x", function()
      -- 1*4 - 2*3 = -2
      assert.are.equal(-2, Point(1, 2):cross(Point(3, 4)))
    end)

    it("is anti-symmetric", function()
      assert.are.equal(2, Point(3, 4):cross(Point(1, 2)))
    end)

    it("takes two numbers instead of a Point", function()
      -- x axis cross y axis = 1*1 - 0*0 = 1
      assert.are.equal(1, Point(1, 0):cross(0, 1))
      assert.are.equal(-1, Point(0, 1):cross(1, 0))
    end)

    it("of parallel vectors is 0", function()
      assert.are.equal(0, Point(2, 4):cross(1, 2))
    end)
  end)

  describe("normalize", function()
    it("returns the old length", function()
      assert.are.equal(5, Point(3, 4):normalize())
    end)

    it("scales the point in place to unit length", function()
      local p = Point(3, 4)
      p:normalize()
      assert.is_near(0.6, p.x, 1e-15)
      assert.is_near(0.8, p.y, 1e-15)
    end)

    it("of an axis vector gives the exact unit axis", function()
      local p = Point(0, -2)
      assert.are.equal(2, p:normalize())
      same(p, 0, -1)
    end)

    it("turns the zero vector into (1, 0) and returns 0", function()
      local p = Point()
      assert.are.equal(0, p:normalize())
      same(p, 1, 0)
    end)

    it("of a unit vector leaves it as it was", function()
      local p = Point(1, 0)
      assert.are.equal(1, p:normalize())
      same(p, 1, 0)
    end)

    it("through a view moves the owner", function()
      local box = impact.AABB(3, 4, 1, 1)
      box.pos:normalize()
      assert.is_near(0.6, box.pos.x, 1e-15)
      assert.is_near(0.8, box.pos.y, 1e-15)
    end)

    it("of a huge finite vector gives a unit vector and its length", function()
      local p = Point(1e200, 0)
      assert.are.equal(1e200, p:normalize())
      same(p, 1, 0)
    end)

    it("of a tiny non-zero vector keeps its direction", function()
      -- (0, 1e-200) is not the zero vector: it points along +y.
      local p = Point(0, 1e-200)
      assert.are.equal(1e-200, p:normalize())
      same(p, 0, 1)
    end)
  end)

  describe("arithmetic", function()
    it("adds two Points into a new Point", function()
      local a, b = Point(1, 2), Point(10, 20)
      same(a + b, 11, 22)
      same(a, 1, 2)
      same(b, 10, 20)
    end)

    it("subtracts two Points", function()
      same(Point(1, 2) - Point(10, 20), -9, -18)
    end)

    it("negates with unary minus", function()
      local a = Point(1, -2)
      same(-a, -1, 2)
      same(a, 1, -2)
    end)

    it("multiplies a Point by a number", function()
      same(Point(1, -2) * 3, 3, -6)
    end)

    it("multiplies a number by a Point", function()
      same(3 * Point(1, -2), 3, -6)
    end)

    it("divides a Point by a number", function()
      same(Point(3, -6) / 2, 1.5, -3)
    end)

    it("works on views and returns standalone Points", function()
      local box = impact.AABB(1, 2, 3, 4)
      local c = box.pos + box.half
      same(c, 4, 6)
      c.x = 0
      same(box.pos, 1, 2)
      same(box.half, 3, 4)
    end)

    it("returns a new object each time", function()
      local a = Point(1, 1)
      assert.is_false(rawequal(a, a * 1))
      assert.is_false(rawequal(a, a / 1))
    end)
  end)

  describe("equality", function()
    it("holds for two Points with the same coordinates", function()
      assert.is_true(Point(1, 2) == Point(1, 2))
    end)

    it("fails when either coordinate differs", function()
      assert.is_false(Point(1, 2) == Point(1, 3))
      assert.is_false(Point(1, 2) == Point(0, 2))
      assert.is_true(Point(1, 2) ~= Point(2, 1))
    end)

    it("is exact, with no tolerance", function()
      assert.is_false(Point(1, 0) == Point(1 + 2 ^ -52, 0))
    end)

    it("compares a view with a standalone Point by value", function()
      assert.is_true(impact.AABB(1, 2, 3, 4).pos == Point(1, 2))
    end)

    it("is false against values of other types", function()
      assert.is_false(Point(0, 0) == 0)
      assert.is_false(Point(0, 0) == nil)
      assert.is_false(Point(0, 0) == {})
    end)
  end)

  describe("tostring", function()
    it("prints Point(x, y)", function()
      assert.are.equal("Point(1, 2)", tostring(Point(1, 2)))
    end)

    it("prints fractions and negative numbers as Lua does", function()
      assert.are.equal("Point(-0.5, 2.25)", tostring(Point(-0.5, 2.25)))
    end)

    it("prints a view's current coordinates", function()
      local box = impact.AABB(1, 2, 3, 4)
      local v = box.half
      box.half.x = 7
      assert.are.equal("Point(7, 4)", tostring(v))
    end)
  end)
end)
