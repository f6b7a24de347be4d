local impact = require "impact"
local scenes = require "shape_scenes"

-- S:intersects(other) for every pair of kinds, and S:bounds(): strict
-- overlap (touching is none), decided exactly. The scenes are dyadic at
-- angle 0, so each world vertex is the number written and the answer
-- follows by hand (the comments give the arithmetic). CLOSER and APART
-- are 2^-51 off 2, an ulp of the centres x0 + 1, which stay exact.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB = impact.AABB, impact.OBB
local near, SQUARE = scenes.near, scenes.SQUARE
local CLOSER, APART = 2 - 2 ^ -51, 2 + 2 ^ -51
local PI = math.pi
local unpack = table.unpack or unpack

local function both(expected, a, b, what)
  assert.are.equal(expected, a:intersects(b), what)
  assert.are.equal(expected, b:intersects(a), what .. ", the other way round")
end

describe("intersects, every pair of kinds", function()
  it("touching at x = 2 is no overlap, either way round", function()
    scenes.eachPair(2, function(a, b, name) both(false, a, b, name) end)
  end)

  it("2^-51 closer overlaps, either way round", function()
    scenes.eachPair(CLOSER, function(a, b, name) both(true, a, b, name) end)
  end)

  it("2^-51 apart is no overlap", function()
    scenes.eachPair(APART, function(a, b, name) both(false, a, b, name) end)
  end)

  it("agrees with overlap and distance: a push-out exactly when they overlap", function()
    for _, x0 in ipairs({ 1.5, CLOSER, 2, APART, 3 }) do
      scenes.eachPair(x0, function(a, b, name)
        local overlaps = a:intersects(b)
        assert.are.equal(overlaps, a:overlap(b) ~= nil, name)
        assert.are.equal(overlaps, b:overlap(a) ~= nil, name)
        assert.are.equal(x0 <= 2, a:distance(b) == 0, name)
      end)
    end
  end)
end)

describe("intersects, round sides and ends", function()
  it("a circle tangent to a square's corner along a 3-4-5 line", function()
    -- Corner (2, 2), centre (5, 6): the distance is sqrt(9 + 16) = 5, and
    -- the centre lies beyond both faces, so the corner is nearest.
    for _, sq in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0) }) do
      both(false, sq, Circle(5, 6, 5), impact.type(sq))
      both(true, sq, Circle(5, 6, 5 + 2 ^ -50), impact.type(sq))  -- an ulp of 5
    end
  end)

  it("a capsule tangent to a circle at its end cap along a 3-4-5 line", function()
    -- End (4, 0) to centre (7, 4): 5 = 1 + 4.
    local cap = Capsule(0, 0, 4, 0, 1)
    both(false, cap, Circle(7, 4, 4), "tangent")
    both(true, cap, Circle(7, 4, 4 + 2 ^ -50), "an ulp bigger")
  end)

  it("a capsule tangent to a circle on its side", function()
    -- Centre (2, 3) above the axis y = 0 by 3 = 1 + 2.
    local cap = Capsule(0, 0, 4, 0, 1)
    both(false, cap, Circle(2, 3, 2), "tangent")
    both(true, cap, Circle(2, 3 - 2 ^ -51, 2), "an ulp lower")
  end)

  it("capsules side by side and end to end", function()
    local cap = Capsule(0, 0, 4, 0, 1)
    both(false, cap, Capsule(2, 2, 6, 2, 1), "parallel axes 2 = 1 + 1 apart")
    both(true, cap, Capsule(2, scenes.BELOW2, 6, scenes.BELOW2, 1), "an ulp closer")
    both(false, cap, Capsule(6, 0, 9, 0, 1), "ends (4, 0) and (6, 0) on one line")
    both(true, cap, Capsule(6 - 2 ^ -50, 0, 9, 0, 1), "an ulp closer")
    both(true, cap, Capsule(2, -3, 2, 3, 1), "crossing")
  end)

  it("a zero-length capsule is a circle, whatever its angle", function()
    -- Its one world vertex is 1 + (c * 0 - s * 0) = 1 at any angle.
    local dots = { Capsule(1, 1, 1, 1, 1), Capsule(0, 0, 0, 0, 1, 1, 1, 0.7) }
    for _, x0 in ipairs({ 1.5, CLOSER, 2, APART }) do
      for _, kind in ipairs(scenes.KINDS) do
        local b = scenes.right[kind](x0)
        for _, dot in ipairs(dots) do
          assert.are.equal(Circle(1, 1, 1):intersects(b), dot:intersects(b), kind)
          assert.are.equal(x0 < 2, dot:intersects(b), kind)
        end
      end
    end
  end)
end)

describe("intersects, radius 0", function()
  it("a point on a face or a corner does not overlap; strictly inside does", function()
    for _, sq in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0) }) do
      local kind = impact.type(sq)
      both(false, sq, Circle(2, 1, 0), kind .. ": on the face x = 2")
      both(false, sq, Circle(2, 2, 0), kind .. ": on the corner")
      both(false, sq, Circle(1, 0, 0), kind .. ": on the face y = 0")
      both(true, sq, Circle(scenes.BELOW2, 1, 0), kind .. ": an ulp inside")
      both(true, sq, Circle(1, 1, 0), kind .. ": at the centre")
      both(false, sq, Circle(scenes.ABOVE2, 1, 0), kind .. ": an ulp outside")
    end
  end)

  it("a point on a circle's rim or a capsule's side does not overlap", function()
    -- 3^2 + 4^2 = 5^2; (3, 4 - 2^-50) is strictly inside.
    both(false, Circle(0, 0, 5), Circle(3, 4, 0), "on the rim")
    both(true, Circle(0, 0, 5), Circle(3, 4 - 2 ^ -50, 0), "an ulp inside")
    both(false, Capsule(0, 0, 4, 0, 1), Circle(2, 1, 0), "on the side")
    both(true, Capsule(0, 0, 4, 0, 1), Circle(2, 1 - 2 ^ -53, 0), "an ulp inside")
  end)

  it("two points, or a point on a wall, have no interior to share", function()
    both(false, Circle(1, 1, 0), Circle(1, 1, 0), "the same point")
    both(false, Capsule(0, 0, 4, 0, 0), Circle(2, 0, 0), "a point on a wall")
    both(false, AABB(1, 1, 0, 0), Circle(1, 1, 0), "a point box on a point")
  end)

  it("two zero-thickness walls that cross properly overlap", function()
    both(true, Capsule(-1, 0, 1, 0, 0), Capsule(0, -1, 0, 1, 0), "a plus")
    both(true, Capsule(0, 0, 4, 4, 0), Capsule(0, 4, 4, 0, 0), "an x")
    both(true, AABB(0, 0, 1, 0), AABB(0, 0, 0, 1), "boxes of no height and no width")
    both(true, AABB(0, 0, 1, 0), Capsule(0, -1, 0, 1, 0), "a flat box and a wall")
  end)

  it("walls that only touch, or lie on one line, do not", function()
    both(false, Capsule(-1, 0, 1, 0, 0), Capsule(0, 0, 0, 1, 0), "a T")
    both(false, Capsule(0, 0, 2, 0, 0), Capsule(2, 0, 2, 3, 0), "an L")
    both(false, Capsule(0, 0, 2, 0, 0), Capsule(1, 0, 3, 0, 0), "collinear, overlapping")
    both(false, Capsule(0, 0, 2, 0, 0), Capsule(0, 0, 2, 0, 0), "the same wall twice")
    both(false, Capsule(0, 0, 2, 0, 0), Capsule(0, 1, 2, 1, 0), "parallel")
  end)

  it("a wall across a square overlaps; along a face, by a corner or ending on it, not", function()
    for _, sq in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0) }) do
      local kind = impact.type(sq)
      both(true, sq, Capsule(-1, 1, 3, 1, 0), kind .. ": across")
      both(false, sq, Capsule(-1, 0, 3, 0, 0), kind .. ": along the face y = 0")
      both(false, sq, Capsule(3, 1, 1, 3, 0), kind .. ": x + y = 4 meets only (2, 2)")
      both(false, sq, Capsule(-1, 1, 0, 1, 0), kind .. ": ending on the face x = 0")
      both(true, sq, Capsule(-1, 1, 2 ^ -60, 1, 0), kind .. ": ending just inside")
    end
  end)
end)

describe("intersects, polygons", function()
  it("a vertex exactly on another polygon's edge touches; an ulp inside overlaps", function()
    local sq = Polygon(SQUARE)
    -- The triangle's vertex (1, 2) on the square's top face.
    both(false, sq, Polygon({ 1, 2, 3, 4, -1, 4 }), "on the top face")
    both(true, sq, Polygon({ 1, scenes.BELOW2, 3, 4, -1, 4 }), "an ulp inside")
    -- Vertex to vertex: the squares [0, 2]^2 and [2, 4]^2 share (2, 2).
    both(false, sq, Polygon({ 2, 2, 4, 2, 4, 4, 2, 4 }), "corner to corner")
  end)

  it("a polygon given clockwise behaves as given counter-clockwise", function()
    local ccw, cw = Polygon(SQUARE), Polygon(scenes.reversed(SQUARE))
    for _, x0 in ipairs({ 1.5, CLOSER, 2, APART }) do
      for _, kind in ipairs(scenes.KINDS) do
        local b = scenes.right[kind](x0)
        assert.are.equal(ccw:intersects(b), cw:intersects(b), kind)
        assert.are.equal(b:intersects(ccw), b:intersects(cw), kind)
      end
      local tri = { x0, 1, x0 + 2, 0, x0 + 2, 2 }
      assert.are.equal(x0 < 2, ccw:intersects(Polygon(scenes.reversed(tri))))
    end
  end)

  it("placed by its pos at angle 0, it is its vertices moved exactly", function()
    -- -1 + 1 = 0 and 1 + 1 = 2: the square again.
    local placed = Polygon({ -1, -1, 1, -1, 1, 1, -1, 1 }, 1, 1)
    for _, x0 in ipairs({ CLOSER, 2 }) do
      for _, kind in ipairs(scenes.KINDS) do
        assert.are.equal(x0 < 2, placed:intersects(scenes.right[kind](x0)), kind)
      end
    end
  end)

  it("one shape wholly inside another overlaps", function()
    both(true, Polygon(SQUARE), Circle(1, 1, 0.25), "a small circle in the square")
    both(true, Circle(1, 1, 4), Polygon(SQUARE), "the square in a big circle")
    both(true, Capsule(1, -5, 1, 5, 3), AABB(1, 1, 1, 1), "a box in a capsule")
    both(true, AABB(0, 0, 10, 10), Capsule(-1, 0, 1, 0, 0), "a wall in a box")
  end)

  it("turned shapes, with margins that rounding cannot close", function()
    -- Turned a quarter: half (2, 1) spans x in [-1, 1], y in [-2, 2].
    local tall = OBB(0, 0, 2, 1, PI / 2)
    both(true, tall, Circle(0, 2.5, 1), "0.5 into the top face")
    both(false, tall, Circle(0, 3.5, 1), "0.5 above it")
    both(false, tall, Circle(1.5, 0, 0.25), "0.25 right of the side")
    -- The same rectangle as a polygon turned a quarter.
    local poly = Polygon({ -2, -1, 2, -1, 2, 1, -2, 1 }, 0, 0, PI / 2)
    both(true, poly, Circle(0, 2.5, 1), "polygon: 0.5 into the top face")
    both(false, poly, Circle(0, 3.5, 1), "polygon: 0.5 above it")
  end)
end)

describe("bounds", function()
  local function assertBounds(x, y, hx, hy, b, tol)
    assert.are.equal("AABB", impact.type(b))
    near(x, b.pos.x, "pos.x", tol); near(y, b.pos.y, "pos.y", tol)
    near(hx, b.half.x, "half.x", tol); near(hy, b.half.y, "half.y", tol)
  end

  -- Every (x, y) within r of the listed points lies in the box.
  local function holds(b, r, ...)
    local p = { ... }
    for i = 1, #p, 2 do
      assert.is_true(p[i] - r >= b.pos.x - b.half.x and p[i] + r <= b.pos.x + b.half.x)
      assert.is_true(p[i + 1] - r >= b.pos.y - b.half.y and p[i + 1] + r <= b.pos.y + b.half.y)
    end
  end

  it("of a box or a rectangle at angle 0 is the box itself", function()
    assertBounds(1, 2, 3, 4, AABB(1, 2, 3, 4):bounds(), 0)
    assertBounds(1, 2, 3, 4, OBB(1, 2, 3, 4, 0):bounds(), 0)
  end)

  it("of a circle is its centre and radius; of a point, half 0", function()
    assertBounds(1, 2, 3, 3, Circle(1, 2, 3):bounds(), 0)
    assertBounds(1, 2, 0, 0, Circle(1, 2, 0):bounds(), 0)
  end)

  it("of a slanted capsule: its ends grown by the radius", function()
    -- (0, 0)-(3, 4) grown by 1: x in [-1, 4], y in [-1, 5].
    assertBounds(1.5, 2, 2.5, 3, Capsule(0, 0, 3, 4, 1):bounds(), 0)
    assertBounds(0, 0, 1, 1, Capsule(0, 0, 0, 0, 1):bounds(), 0)  -- zero length
  end)

  it("of a polygon at angle 0, clockwise or not", function()
    -- (10, 10), (14, 10), (10, 13): x in [10, 14], y in [10, 13].
    assertBounds(12, 11.5, 2, 1.5, Polygon({ 0, 0, 4, 0, 0, 3 }, 10, 10):bounds(), 0)
    assertBounds(12, 11.5, 2, 1.5, Polygon({ 0, 3, 4, 0, 0, 0 }, 10, 10):bounds(), 0)
  end)

  it("of a turned capsule holds both ends grown by the radius", function()
    -- (-2, 0)-(2, 0) turned a quarter about (5, 5): (5, 3)-(5, 7), so
    -- x in [4, 6], y in [2, 8], up to the rounding of cos(pi / 2).
    local cap = Capsule(-2, 0, 2, 0, 1, 5, 5, PI / 2)
    local b = cap:bounds()
    assertBounds(5, 5, 1, 3, b)
    holds(b, 1, cap:ends())
  end)

  it("of a turned polygon holds every vertex", function()
    -- The triangle turned a quarter about (10, 10): (10, 10), (10, 14),
    -- (7, 10); then by pi / 6 its vertices are not dyadic at all.
    local tri = Polygon({ 0, 0, 4, 0, 0, 3 }, 10, 10, PI / 2)
    assertBounds(8.5, 12, 1.5, 2, tri:bounds())
    holds(tri:bounds(), 0, unpack(tri:vertices()))
    tri.angle = PI / 6
    holds(tri:bounds(), 0, unpack(tri:vertices()))
  end)

  it("fills the out AABB given and returns it", function()
    local out = AABB()
    assert.are.equal(out, Circle(1, 2, 3):bounds(out))
    assertBounds(1, 2, 3, 3, out, 0)
  end)
end)
