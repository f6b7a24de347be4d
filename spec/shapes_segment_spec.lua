local impact = require "impact"
local scenes = require "shape_scenes"

-- S:intersectPoint, S:intersectSegment and S:clipSegment on every kind,
-- with the boxes' conventions: a point on the boundary is outside; a
-- segment along a flat face, ending exactly at contact or leaving at time
-- 0 misses; one grazing a corner or a round side at one point hits;
-- clipping is to the closed shape. The square [0, 2]^2 as a polygon, a box
-- and a rectangle at angle 0 gives the same answers, worked out by hand;
-- hit.delta is the rest of the segment pushed back, (1 - time) * -delta.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB, Point, Hit = impact.AABB, impact.OBB, impact.Point, impact.Hit
local near, SQUARE = scenes.near, scenes.SQUARE
local R2 = math.sqrt(2)
local unpack = table.unpack or unpack

local function squares()
  return { Polygon(SQUARE), AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0),
           Polygon(scenes.reversed(SQUARE)) }
end

local function name(shape) return impact.type(shape) end

-- The hit's time, pos, delta and normal, within 1e-12.
local function assertHit(time, pos, delta, normal, h, what)
  assert.are.equal("Hit", impact.type(h), what)
  near(time, h.time, what .. ": time")
  near(pos[1], h.pos.x, what .. ": pos.x"); near(pos[2], h.pos.y, what .. ": pos.y")
  near(delta[1], h.delta.x, what .. ": delta.x"); near(delta[2], h.delta.y, what .. ": delta.y")
  near(normal[1], h.normal.x, what .. ": normal.x")
  near(normal[2], h.normal.y, what .. ": normal.y")
end

local function assertClip(kind, t0, t1, shape, px, py, dx, dy)
  local what = ("%s from (%g, %g) along (%g, %g)"):format(name(shape), px, py, dx, dy)
  local results = { shape:clipSegment(px, py, dx, dy) }
  assert.are.equal(3, select("#", shape:clipSegment(px, py, dx, dy)), what)
  assert.are.equal(kind, results[1], what)
  if t0 == nil then
    assert.are.same({ nil, nil }, { results[2], results[3] }, what)
  else
    near(t0, results[2], what .. ": t0"); near(t1, results[3], what .. ": t1")
  end
end

describe("intersectPoint on shapes", function()
  it("a point inside a square goes out by the nearest face", function()
    for _, sq in ipairs(squares()) do
      -- (1.5, 1): 0.5 from x = 2, 1 from the others.
      assertHit(0, { 2, 1 }, { 0.5, 0 }, { 1, 0 }, sq:intersectPoint(1.5, 1), name(sq))
      assertHit(0, { 1, 2 }, { 0, 0.25 }, { 0, 1 }, sq:intersectPoint(Point(1, 1.75)), name(sq))
    end
  end)

  it("a point on a face, on a corner or outside is no hit", function()
    for _, sq in ipairs(squares()) do
      assert.is_nil(sq:intersectPoint(2, 1), name(sq))
      assert.is_nil(sq:intersectPoint(0, 0), name(sq))
      assert.is_nil(sq:intersectPoint(3, 1), name(sq))
      assert.is_not_nil(sq:intersectPoint(scenes.BELOW2, 1), name(sq))
    end
  end)

  it("at the centre every face is as near: either winding goes out the same way", function()
    local ccw = Polygon(SQUARE):intersectPoint(1, 1)
    local cw = Polygon(scenes.reversed(SQUARE)):intersectPoint(1, 1)
    assert.are.same({ ccw.delta.x, ccw.delta.y, ccw.normal.x, ccw.normal.y, ccw.pos.x, ccw.pos.y },
                    { cw.delta.x, cw.delta.y, cw.normal.x, cw.normal.y, cw.pos.x, cw.pos.y })
    near(1, ccw.delta:length(), "|delta|")
    assert.is_nil(Polygon(SQUARE):intersectPoint(1 + ccw.delta.x, 1 + ccw.delta.y))
    -- The box keeps the intersect library's tie: the y axis, sign(0) = +1.
    assertHit(0, { 1, 2 }, { 0, 1 }, { 0, 1 }, AABB(1, 1, 1, 1):intersectPoint(1, 1), "AABB")
  end)

  it("a circle pushes along the radius, on a 3-4-5 line", function()
    -- (1.5, 2) is 2.5 from the centre along (0.6, 0.8); the rim is at 5.
    assertHit(0, { 3, 4 }, { 1.5, 2 }, { 0.6, 0.8 },
              Circle(0, 0, 5):intersectPoint(1.5, 2), "circle")
    assert.is_nil(Circle(0, 0, 5):intersectPoint(3, 4))  -- on the rim
  end)

  it("a capsule pushes across its side or out of its end cap", function()
    local cap = Capsule(0, 0, 4, 0, 1)
    assertHit(0, { 2, 1 }, { 0, 0.5 }, { 0, 1 }, cap:intersectPoint(2, 0.5), "side")
    -- (4.3, 0.4) is 0.5 from the end (4, 0) along (0.6, 0.8).
    assertHit(0, { 4.6, 0.8 }, { 0.3, 0.4 }, { 0.6, 0.8 }, cap:intersectPoint(4.3, 0.4), "cap")
    assert.is_nil(cap:intersectPoint(2, 1))      -- on the side
    -- On the cap, with dyadic numbers: radius 5, 3^2 + 4^2 = 5^2. (4.6, 0.8)
    -- would not do: as doubles it lies 4e-16 inside.
    assert.is_nil(Capsule(0, 0, 4, 0, 5):intersectPoint(7, 4))
    assert.is_not_nil(Capsule(0, 0, 4, 0, 5):intersectPoint(7 - 2 ^ -50, 4))
  end)

  it("nothing is strictly inside a point or a wall", function()
    assert.is_nil(Circle(1, 1, 0):intersectPoint(1, 1))
    assert.is_nil(Capsule(0, 0, 4, 0, 0):intersectPoint(2, 0))
  end)

  it("a rectangle turned a quarter pushes along its turned faces", function()
    -- Half (2, 1) turned by pi / 2: x in [-1, 1], y in [-2, 2].
    local tall = OBB(0, 0, 2, 1, math.pi / 2)
    assertHit(0, { 1, 0 }, { 0.5, 0 }, { 1, 0 }, tall:intersectPoint(0.5, 0), "x")
    assertHit(0, { 0, 2 }, { 0, 0.5 }, { 0, 1 }, tall:intersectPoint(0, 1.5), "y")
  end)

  it("fills out on a hit and leaves it untouched on a miss", function()
    local out = Hit()
    assert.are.equal(out, Circle(0, 0, 5):intersectPoint(1.5, 2, out))
    assert.is_nil(Circle(0, 0, 5):intersectPoint(3, 4, out))
    near(1.5, out.delta.x, "delta.x")
  end)
end)

describe("intersectSegment on shapes", function()
  it("across a square: enters by the face it meets first", function()
    for _, sq in ipairs(squares()) do
      -- From (-1, 1) along (4, 0): x = 0 at t = 1/4.
      assertHit(0.25, { 0, 1 }, { -3, 0 }, { -1, 0 }, sq:intersectSegment(-1, 1, 4, 0), name(sq))
    end
  end)

  it("along a face, from a corner along it, or ending on a face: a miss", function()
    for _, sq in ipairs(squares()) do
      assert.is_nil(sq:intersectSegment(-1, 0, 4, 0), name(sq) .. ": along y = 0")
      assert.is_nil(sq:intersectSegment(2, 0, 0, 2), name(sq) .. ": up x = 2 from a corner")
      assert.is_nil(sq:intersectSegment(-1, 1, 1, 0), name(sq) .. ": ends on x = 0")
      assert.is_nil(sq:intersectSegment(0, 1, -1, 0), name(sq) .. ": leaves x = 0")
    end
  end)

  it("grazing exactly through a corner: a hit", function()
    for _, sq in ipairs(squares()) do
      -- From (3, 1) along (-2, 2): the line x + y = 4 meets the square at
      -- (2, 2) alone, at t = 1/2, entering x <= 2 there.
      assertHit(0.5, { 2, 2 }, { 1, -1 }, { 1, 0 }, sq:intersectSegment(3, 1, -2, 2), name(sq))
    end
  end)

  it("starting on a face and going in: time 0", function()
    for _, sq in ipairs(squares()) do
      assertHit(0, { 0, 1 }, { -1, 0 }, { -1, 0 }, sq:intersectSegment(0, 1, 1, 0), name(sq))
    end
  end)

  it("starting inside: time 0 at the start", function()
    for _, sq in ipairs(squares()) do
      local h = sq:intersectSegment(Point(1, 1), Point(2, 0))
      near(0, h.time, "time"); near(1, h.pos.x, "pos.x"); near(1, h.pos.y, "pos.y")
      near(-2, h.delta.x, "delta.x")
    end
  end)

  it("a zero delta is a point test", function()
    for _, sq in ipairs(squares()) do
      assert.is_not_nil(sq:intersectSegment(1.5, 1, 0, 0), name(sq))
      assert.is_nil(sq:intersectSegment(2, 1, 0, 0), name(sq))
      assert.is_nil(sq:intersectSegment(3, 1, 0, 0), name(sq))
    end
  end)

  it("into a slanted face: its normal", function()
    -- The hypotenuse x + y = 8, met from (0, 0) along (8, 8) at (4, 4).
    local tri = Polygon({ 8, 0, 8, 8, 0, 8 })
    assertHit(0.5, { 4, 4 }, { -4, -4 }, { -1 / R2, -1 / R2 },
              tri:intersectSegment(0, 0, 8, 8), "tri")
  end)

  it("a circle: tangent at one point hits, radially and along a chord", function()
    local c = Circle(0, 0, 5)
    assertHit(0.5, { 0, 5 }, { -10, 0 }, { 0, 1 }, c:intersectSegment(-10, 5, 20, 0), "tangent")
    assert.is_nil(c:intersectSegment(-10, 5 + 2 ^ -50, 20, 0))      -- an ulp above
    assertHit(0.5, { 3, 4 }, { 3, 4 }, { 0.6, 0.8 }, c:intersectSegment(6, 8, -6, -8), "radial")
    -- y = 3 meets the rim at x = -4: t = 6 / 20.
    assertHit(0.3, { -4, 3 }, { -14, 0 }, { -0.8, 0.6 }, c:intersectSegment(-10, 3, 20, 0), "chord")
    assert.is_nil(c:intersectSegment(6, 8, -3, -4))                 -- ends on the rim
  end)

  it("a capsule: across its side, tangent to its cap; along its side a miss", function()
    local cap = Capsule(0, 0, 4, 0, 1)
    assertHit(0.5, { 2, 1 }, { 0, 2 }, { 0, 1 }, cap:intersectSegment(2, 3, 0, -4), "side")
    assertHit(0.5, { 5, 0 }, { 0, -2 }, { 1, 0 }, cap:intersectSegment(5, -2, 0, 4), "cap")
    assert.is_nil(cap:intersectSegment(-2, 1, 8, 0), "along the side y = 1")
  end)

  it("a wall of no thickness and a point are hit where the segment crosses them", function()
    assertHit(0.5, { 0, 0 }, { -1, 0 }, { -1, 0 },
              Capsule(0, -1, 0, 1, 0):intersectSegment(-1, 0, 2, 0), "wall")
    local h = Circle(1, 1, 0):intersectSegment(0, 0, 2, 2)
    near(0.5, h.time, "time"); near(1, h.pos.x, "pos.x"); near(1, h.pos.y, "pos.y")
    near(1, h.normal:length(), "|normal|")
  end)

  it("a zero-length capsule is a circle", function()
    local dot, c = Capsule(0, 0, 0, 0, 5), Circle(0, 0, 5)
    for _, seg in ipairs({ { -10, 5, 20, 0 }, { 6, 8, -6, -8 }, { -10, 3, 20, 0 } }) do
      local a, b = dot:intersectSegment(unpack(seg)), c:intersectSegment(unpack(seg))
      assertHit(b.time, { b.pos.x, b.pos.y }, { b.delta.x, b.delta.y },
                { b.normal.x, b.normal.y }, a, "dot")
    end
  end)
end)

describe("clipSegment on shapes", function()
  it("classifies segments against the closed square alike in every kind", function()
    for _, sq in ipairs(squares()) do
      assertClip("traverse", 0.25, 0.75, sq, -1, 1, 4, 0)
      assertClip("traverse", 0.25, 0.75, sq, -1, 0, 4, 0)   -- along y = 0: closed
      assertClip("traverse", 0.5, 0.5, sq, 3, 1, -2, 2)     -- through (2, 2) alone
      assertClip("inside", 0, 1, sq, 0.5, 0.5, 1, 1)
      assertClip("inside", 0, 1, sq, 0, 0, 2, 2)            -- corner to corner
      assertClip("exit", 0, 0.5, sq, 1, 1, 2, 0)
      assertClip("exit", 0, 0, sq, 0, 1, -1, 0)             -- leaves from the face
      assertClip("enter", 0.5, 1, sq, -1, 1, 2, 0)
      assertClip("enter", 1, 1, sq, -1, 1, 1, 0)            -- ends on the face
      assertClip("outside", nil, nil, sq, 3, 0, 0, 2)
      assertClip("outside", nil, nil, sq, 3, 1, -2 + 2 ^ -51, 2)  -- misses (2, 2)
    end
  end)

  it("zero-length segments: inside on or in the shape, else outside", function()
    for _, shape in ipairs({ Polygon(SQUARE), AABB(1, 1, 1, 1), Circle(1, 1, 1),
                             Capsule(1, 0, 1, 2, 1) }) do
      assertClip("inside", 0, 1, shape, 1, 1, 0, 0)
      assertClip("inside", 0, 1, shape, 2, 1, 0, 0)         -- on the boundary
      assertClip("outside", nil, nil, shape, scenes.ABOVE2, 1, 0, 0)
    end
  end)

  it("a circle: a 3-4-5 chord, a tangent and a radius", function()
    local c = Circle(0, 0, 5)
    assertClip("traverse", 0.3, 0.7, c, -10, 3, 20, 0)      -- x = -4 and 4
    assertClip("traverse", 0.5, 0.5, c, -10, 5, 20, 0)      -- touches (0, 5)
    assertClip("exit", 0, 0.5, c, 0, 0, 10, 0)
    assertClip("enter", 0.5, 1, c, 6, 8, -6, -8)
    assertClip("outside", nil, nil, c, -10, 5 + 2 ^ -50, 20, 0)
  end)

  it("a capsule: along its axis and along its side", function()
    local cap = Capsule(0, 0, 4, 0, 1)
    assertClip("traverse", 0.125, 0.875, cap, -2, 0, 8, 0)  -- x = -1 and 5
    assertClip("traverse", 0.25, 0.75, cap, -2, 1, 8, 0)    -- the flat x in [0, 4]
    assertClip("traverse", 0.5, 0.5, cap, 5, -2, 0, 4)      -- touches (5, 0)
  end)

  it("a wall of no thickness: crossed at one point, or along it", function()
    local wall = Capsule(0, -1, 0, 1, 0)
    assertClip("traverse", 0.5, 0.5, wall, -1, 0, 2, 0)
    assertClip("traverse", 0.25, 0.75, wall, 0, -2, 0, 4)
  end)
end)
