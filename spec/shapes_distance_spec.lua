local impact = require "impact"
local scenes = require "shape_scenes"

-- S:distance(other) -> d, ax, ay, bx, by: the distance between the closed
-- shapes and a closest pair of points (on S, on other); 0 alone when they
-- touch or overlap. The distances are 3-4-5 triangles and gaps along an
-- axis, worked out in the comments; square roots round, so values are
-- compared within 1e-12.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB = impact.AABB, impact.OBB
local near, SQUARE = scenes.near, scenes.SQUARE
local PI = math.pi

-- d and both points as expected, and the same the other way round with
-- the points swapped.
local function assertDistance(d, ax, ay, bx, by, a, b)
  local rd, rax, ray, rbx, rby = a:distance(b)
  near(d, rd, "d"); near(ax, rax, "ax"); near(ay, ray, "ay")
  near(bx, rbx, "bx"); near(by, rby, "by")
  rd, rbx, rby, rax, ray = b:distance(a)
  near(d, rd, "d, swapped"); near(ax, rax, "ax, swapped"); near(ay, ray, "ay, swapped")
  near(bx, rbx, "bx, swapped"); near(by, rby, "by, swapped")
end

-- Exactly one result, 0, either way round.
local function assertZero(a, b, what)
  assert.are.same({ 0 }, { a:distance(b) }, what)
  assert.are.same({ 0 }, { b:distance(a) }, what)
end

describe("distance, every pair of kinds", function()
  it("across a gap of 3 along x: the points face each other on x = 2 and x = 5", function()
    scenes.eachPair(5, function(a, b, name)
      local d, ax, ay, bx, by = a:distance(b)
      near(3, d, name .. ": d")
      near(2, ax, name .. ": ax"); near(5, bx, name .. ": bx")
      -- Flat faces face each other along y in [0, 2]: any height there;
      -- a circle or the triangle's vertex makes it 1.
      near(ay, by, name .. ": ay against by")
      assert.is_true(ay >= 0 and ay <= 2, name)
      if name:find("Circle") or name:find("with Polygon") then near(1, ay, name .. ": ay") end
      -- Each point lies on its shape's boundary: a point there touches it.
      assertZero(a, Circle(ax, ay, 0), name .. ": a's point")
      assertZero(b, Circle(bx, by, 0), name .. ": b's point")
    end)
  end)

  it("is 0 alone when they touch, either way round", function()
    scenes.eachPair(2, function(a, b, name) assertZero(a, b, name) end)
  end)

  it("is 0 alone when they overlap", function()
    scenes.eachPair(1.5, function(a, b, name) assertZero(a, b, name) end)
    scenes.eachPair(scenes.BELOW2, function(a, b, name) assertZero(a, b, name) end)
  end)

  it("is positive however small the gap: 2^-51 apart", function()
    scenes.eachPair(2 + 2 ^ -51, function(a, b, name)
      local d = a:distance(b)
      assert.is_true(d > 0 and d <= 2 ^ -50, ("%s: %.17g"):format(name, d))
    end)
  end)
end)

describe("distance, known triangles", function()
  it("circle to circle along a 3-4-5 line", function()
    -- Centres 10 apart along (0.6, 0.8); radii 1 and 2 leave 7: (6, 8)
    -- less 2 (0.6, 0.8) is (4.8, 6.4).
    assertDistance(7, 0.6, 0.8, 4.8, 6.4, Circle(0, 0, 1), Circle(6, 8, 2))
  end)

  it("between points: radius 0 on both sides", function()
    assertDistance(5, 0, 0, 3, 4, Circle(0, 0, 0), Circle(3, 4, 0))
  end)

  it("a square's corner to a point and to another square's corner", function()
    -- (2, 2) to (5, 6): sqrt(9 + 16) = 5.
    for _, sq in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0) }) do
      assertDistance(5, 2, 2, 5, 6, sq, Circle(5, 6, 0))
      assertDistance(5, 2, 2, 5, 6, sq, Polygon({ 5, 6, 7, 6, 7, 8, 5, 8 }))
      assertDistance(5, 2, 2, 5, 6, sq, AABB(6, 7, 1, 1))
    end
  end)

  it("a square's corner to a slanted face", function()
    -- The hypotenuse x + y = 8 of the triangle: its foot from (2, 2) is
    -- (4, 4), inside it, 2 sqrt(2) away.
    local tri = Polygon({ 8, 0, 8, 8, 0, 8 })
    assertDistance(2 * math.sqrt(2), 2, 2, 4, 4, Polygon(SQUARE), tri)
    assertDistance(2 * math.sqrt(2), 2, 2, 4, 4, AABB(1, 1, 1, 1), tri)
  end)

  it("a vertex to a face", function()
    -- The triangle's vertex (5, 1) to the face x = 2.
    assertDistance(3, 2, 1, 5, 1, Polygon(SQUARE), Polygon({ 5, 1, 8, 0, 8, 2 }))
  end)

  it("capsule end to capsule end along a 3-4-5 line", function()
    -- Segments y = 0, x in [0, 4] and x = 7, y in [4, 10]: nearest are
    -- the ends (4, 0) and (7, 4), 5 apart; radii 0.5 each leave 4, the
    -- points 0.5 along (0.6, 0.8) from either end.
    assertDistance(4, 4.3, 0.4, 6.7, 3.6,
                   Capsule(0, 0, 4, 0, 0.5), Capsule(7, 4, 7, 10, 0.5))
  end)

  it("a circle above a capsule's side", function()
    -- Axis y = 0, radius 1; centre (5, 7), radius 2: 7 - 1 - 2 = 4.
    assertDistance(4, 5, 1, 5, 5, Capsule(0, 0, 10, 0, 1), Circle(5, 7, 2))
  end)

  it("a slanted wall to a circle off its middle", function()
    -- The wall (0, 0)-(8, 6) has direction (0.8, 0.6), normal (-0.6, 0.8);
    -- (1, 7) = (4, 3) + 5 (-0.6, 0.8) is 5 from its point (4, 3).
    assertDistance(4, 4, 3, 1.6, 6.2, Capsule(0, 0, 8, 6, 0), Circle(1, 7, 1))
  end)

  it("parallel walls: any pair facing each other", function()
    local d, ax, ay, bx, by = Capsule(0, 0, 4, 0, 0):distance(Capsule(1, 3, 2, 3, 0))
    near(3, d, "d"); near(0, ay, "ay"); near(3, by, "by"); near(ax, bx, "ax against bx")
    assert.is_true(ax >= 1 and ax <= 2, "the facing part is x in [1, 2]")
  end)

  it("a rectangle turned a quarter to a circle", function()
    -- Half (2, 1) turned by pi / 2 spans y in [-2, 2]; centre (0, 5),
    -- radius 1: 5 - 2 - 1.
    assertDistance(2, 0, 2, 0, 4, OBB(0, 0, 2, 1, PI / 2), Circle(0, 5, 1))
  end)
end)

describe("distance, degenerate shapes and windings", function()
  it("a zero-length capsule is a circle", function()
    local dot, circle = Capsule(1, 1, 1, 1, 1), Circle(1, 1, 1)
    for _, kind in ipairs(scenes.KINDS) do
      local b = scenes.right[kind](5)
      local expected, got = { circle:distance(b) }, { dot:distance(b) }
      assert.are.equal(#expected, #got)
      for i = 1, #expected do near(expected[i], got[i], kind) end
    end
  end)

  it("a polygon given clockwise has the same distances and points", function()
    local ccw, cw = Polygon(SQUARE), Polygon(scenes.reversed(SQUARE))
    for _, other in ipairs({ Circle(5, 6, 0), Polygon({ 5, 1, 8, 0, 8, 2 }),
                             Capsule(7, 4, 7, 10, 0.5), Circle(3, 1, 1) }) do
      local expected, got = { ccw:distance(other) }, { cw:distance(other) }
      assert.are.equal(#expected, #got)
      for i = 1, #expected do near(expected[i], got[i], impact.type(other)) end
    end
  end)

  it("walls that cross, meet in a T or lie on one line are 0 apart", function()
    assertZero(Capsule(-1, 0, 1, 0, 0), Capsule(0, -1, 0, 1, 0), "crossing")
    assertZero(Capsule(-1, 0, 1, 0, 0), Capsule(0, 0, 0, 1, 0), "a T")
    assertZero(Capsule(0, 0, 2, 0, 0), Capsule(1, 0, 3, 0, 0), "one line")
  end)

  it("a point on a polygon's edge or corner is 0 away, outside by 1 is 1", function()
    assertZero(Polygon(SQUARE), Circle(1, 2, 0), "on the top face")
    assertZero(Polygon(SQUARE), Circle(0, 0, 0), "on a corner")
    assertDistance(1, 1, 2, 1, 3, Polygon(SQUARE), Circle(1, 3, 0))
  end)
end)
