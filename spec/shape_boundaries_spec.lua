local impact = require "impact"

-- The touching conventions of the shapes, case by case: each scene is
-- built on dyadic numbers, so that its world vertices are exact and the
-- expected answer follows by hand (the comments give the arithmetic). One
-- ulp either side of a touch: 3 - 2^-51 is the double below 3, 2 - 2^-52
-- the one below 2.

local Circle, Capsule, Polygon, AABB = impact.Circle, impact.Capsule, impact.Polygon, impact.AABB
local EPS = impact.EPSILON
local BELOW3, BELOW2, ABOVE2 = 3 - 2 ^ -51, 2 - 2 ^ -52, 2 + 2 ^ -51

local function near(expected, actual, what)
  assert.is_true(math.abs(expected - actual) <= 1e-12,
                 ("%s: expected %.17g, got %.17g"):format(what, expected, actual))
end

-- The square from (0, 0) to (2, 2), counter-clockwise and clockwise.
local function square() return Polygon({ 0, 0, 2, 0, 2, 2, 0, 2 }) end
local function clockwise() return Polygon({ 0, 0, 0, 2, 2, 2, 2, 0 }) end

describe("intersects, touching is no overlap", function()
  it("a circle tangent to a polygon's face, and one ulp closer", function()
    -- The face x = 2; the circle reaches from its centre 1 to the left.
    assert.is_false(square():intersects(Circle(3, 1, 1)))
    assert.is_true(square():intersects(Circle(BELOW3, 1, 1)))
    assert.is_false(Circle(3, 1, 1):intersects(square()))
  end)

  it("a circle tangent to a polygon's corner along the diagonal is decided exactly", function()
    -- Corner (2, 2), centre (2.75, 3) in the corner's region: distance
    -- sqrt(0.5625 + 1) = 1.25 exactly.
    assert.is_false(square():intersects(Circle(2.75, 3, 1.25)))
    assert.is_true(square():intersects(Circle(2.75, 3, 1.25 + 2 ^ -50)))
  end)

  it("a capsule tangent to a circle on its side and at its end cap", function()
    local cap = Capsule(0, 0, 4, 0, 1)
    assert.is_false(cap:intersects(Circle(2, 2, 1)))          -- 2 = 1 + 1 above the axis
    assert.is_true(cap:intersects(Circle(2, BELOW2, 1)))
    assert.is_false(cap:intersects(Circle(6, 0, 1)))          -- past the end b = (4, 0)
    assert.is_true(cap:intersects(Circle(6 - 2 ^ -50, 0, 1)))
  end)

  it("a zero-length capsule is a circle", function()
    local dot = Capsule(1, 1, 1, 1, 1)
    assert.is_false(dot:intersects(Circle(3, 1, 1)))
    assert.is_true(dot:intersects(Circle(BELOW3, 1, 1)))
    assert.are.equal(Circle(1, 1, 1):distance(Circle(5, 1, 1)), dot:distance(Circle(5, 1, 1)))
  end)

  it("radius 0: a point on a face does not overlap, one strictly inside does", function()
    assert.is_false(square():intersects(Circle(2, 1, 0)))
    assert.is_false(square():intersects(Circle(2, 2, 0)))   -- a corner
    assert.is_true(square():intersects(Circle(1.5, 1, 0)))
    assert.is_true(square():intersects(Circle(BELOW2, 1, 0)))
  end)

  it("a polygon's vertex exactly on another's edge touches, one ulp inside overlaps", function()
    assert.is_false(square():intersects(Polygon({ 2, 1, 3, 0, 3, 2 })))
    assert.is_true(square():intersects(Polygon({ BELOW2, 1, 3, 0, 3, 2 })))
  end)

  it("two zero-thickness walls that cross overlap; a wall ending on another does not", function()
    assert.is_true(Capsule(-1, 0, 1, 0, 0):intersects(Capsule(0, -1, 0, 1, 0)))
    assert.is_false(Capsule(-1, 0, 1, 0, 0):intersects(Capsule(0, 0, 0, 1, 0)))
    -- On one line and overlapping: the Minkowski difference has no interior.
    assert.is_false(Capsule(0, 0, 2, 0, 0):intersects(Capsule(1, 0, 3, 0, 0)))
  end)

  it("a polygon given clockwise is the same shape", function()
    for _, other in ipairs({ Circle(3, 1, 1), Circle(BELOW3, 1, 1), Capsule(1, 3, 1, 5, 1),
                             Polygon({ 2, 1, 3, 0, 3, 2 }), AABB(3, 1, 1, 1) }) do
      assert.are.equal(square():intersects(other), clockwise():intersects(other))
    end
    local b = clockwise():bounds()
    assert.are.same({ 1, 1, 1, 1 }, { b.pos.x, b.pos.y, b.half.x, b.half.y })
  end)

  it("an AABB meets the shapes on the box from pos - half to pos + half", function()
    local box = AABB(1, 1, 1, 1)  -- the square again
    assert.is_false(box:intersects(Circle(3, 1, 1)))
    assert.is_true(box:intersects(Circle(BELOW3, 1, 1)))
    assert.is_false(box:intersects(Polygon({ 2, 0, 4, 0, 4, 2, 2, 2 })))  -- side by side
  end)
end)

describe("distance", function()
  it("between circles, along a 3-4-5 triangle", function()
    local d, ax, ay, bx, by = Circle(0, 0, 1):distance(Circle(3, 4, 1))
    near(3, d, "d")
    near(0.6, ax, "ax"); near(0.8, ay, "ay")
    near(2.4, bx, "bx"); near(3.2, by, "by")
  end)

  it("from a polygon's face to a circle", function()
    local d, ax, ay, bx, by = square():distance(Circle(5, 1, 1))
    assert.are.same({ 2, 2, 1, 4, 1 }, { d, ax, ay, bx, by })
  end)

  it("is 0 with no points when the shapes touch", function()
    assert.are.same({ 0 }, { square():distance(Circle(3, 1, 1)) })
    assert.are.same({ 0 }, { Capsule(0, 0, 4, 0, 1):distance(Circle(2, 2, 1)) })
  end)

  it("is positive one ulp past a touch", function()
    local d = square():distance(Circle(ABOVE2 + 1, 1, 1))
    assert.is_true(d > 0 and d <= 2 ^ -50)
  end)
end)

describe("intersectSegment on shapes", function()
  it("a segment along a polygon's edge misses", function()
    assert.is_nil(square():intersectSegment(-1, 0, 4, 0))
  end)

  it("a segment grazing exactly through a polygon's corner hits", function()
    -- From (3, 1) along (-2, 2): the line x + y = 4 meets the square at
    -- (2, 2) alone, half way.
    local h = square():intersectSegment(3, 1, -2, 2)
    assert.is_not_nil(h)
    assert.are.same({ 0.5, 2, 2 }, { h.time, h.pos.x, h.pos.y })
  end)

  it("a segment ending exactly on a face misses", function()
    assert.is_nil(square():intersectSegment(-1, 1, 1, 0))
  end)

  it("a segment tangent to a circle hits at its one point", function()
    local h = Circle(0, 0, 1):intersectSegment(-2, 1, 4, 0)
    assert.is_not_nil(h)
    assert.are.same({ 0.5, 0, 1 }, { h.time, h.pos.x, h.pos.y })
    near(0, h.normal.x, "normal.x"); near(1, h.normal.y, "normal.y")
  end)

  it("a segment across a polygon enters through the face it meets first", function()
    local h = square():intersectSegment(-1, 1, 4, 0)
    assert.are.same({ 0.25, 0, 1, -3, -1, 0 },
                    { h.time, h.pos.x, h.pos.y, h.delta.x, h.normal.x, h.normal.y })
  end)
end)

describe("clipSegment on shapes", function()
  it("classifies a traverse of a polygon and a touch of a circle", function()
    assert.are.same({ "traverse", 0.25, 0.75 }, { square():clipSegment(-1, 1, 4, 0) })
    -- Tangent to the closed circle at (0, 1): one point, t0 == t1.
    assert.are.same({ "traverse", 0.5, 0.5 }, { Circle(0, 0, 1):clipSegment(-2, 1, 4, 0) })
  end)

  it("an endpoint on the boundary is inside the closed shape", function()
    assert.are.same({ "enter", 0.5, 1 }, { square():clipSegment(-2, 1, 4, 0) })
  end)
end)

describe("sweep of shapes", function()
  it("stops EPSILON of the time short of first contact", function()
    -- The moving circle's centre travels from x = -5; contact at x = -2,
    -- 3 of 10.
    local s = Circle(0, 0, 1):sweep(Circle(-5, 0, 1), 10, 0)
    assert.is_not_nil(s.hit)
    near(0.3 - EPS, s.time, "time")
    assert.is_false(Circle(0, 0, 1):intersects(Circle(s.pos.x, s.pos.y, 1)))
  end)

  it("sliding along a face is not stopped", function()
    local s = square():sweep(Circle(1, 3, 1), 4, 0)
    assert.is_nil(s.hit)
    assert.are.same({ 1, 5, 3 }, { s.time, s.pos.x, s.pos.y })
  end)

  it("a miss whose rounded places overlap at the end stops short, without a hit", function()
    -- The circle slides up past the square's corner (2, 0), its left side
    -- 2^-53 inside the line x = 2 (3 - 2^-51 - (1 - 3 * 2^-53)), drifting
    -- right by 1.5 * 2^-53 over the move: at the corner (t = 3/4) it has
    -- drifted 1.125 * 2^-53, so the exact path never touches. Every
    -- rounded place keeps x = 3 - 2^-51 (the drift is below half an ulp),
    -- and overlaps the square from y = -2^-26 on (t = 3/4 - 2^-28): the
    -- stop steps back from 1 by EPSILON, doubling, past that, 25 steps.
    local x0, r = BELOW3, 1 - 3 * 2 ^ -53
    local s = square():sweep(Circle(x0, -3, r), 1.5 * 2 ^ -53, 4)
    local stop, step = 1, EPS
    for _ = 1, 25 do stop, step = stop - step, step + step end
    assert.is_nil(s.hit)
    assert.are.same({ stop, x0, -3 + 4 * stop }, { s.time, s.pos.x, s.pos.y })
    assert.is_false(square():intersects(Circle(s.pos.x, s.pos.y, r)))
    assert.is_true(square():intersects(Circle(x0, 1, r)))  -- the end
    local before = stop + step / 2  -- the 24th step's stop, y = 0.33
    assert.is_true(square():intersects(Circle(x0, -3 + 4 * before, r)))
  end)

  it("starting in touch and moving away is no hit", function()
    local s = square():sweep(Circle(3, 1, 1), 1, 0)
    assert.is_nil(s.hit)
    assert.are.equal(1, s.time)
  end)
end)

describe("overlap of shapes", function()
  it("pushes a circle out of a circle along the line of centres, and they separate", function()
    local a, b = Circle(0, 0, 1), Circle(1.5, 0, 1)
    local h = a:overlap(b)
    near(0.5, h.delta.x, "delta.x"); near(0, h.delta.y, "delta.y")
    near(1, h.normal.x, "normal.x")
    b.pos = b.pos + h.delta
    assert.is_false(a:intersects(b))
  end)

  it("pushes a circle out of a polygon's nearest face", function()
    local sq, c = square(), Circle(2.5, 1, 1)
    local h = sq:overlap(c)
    near(0.5, h.delta.x, "delta.x"); near(0, h.delta.y, "delta.y")
    near(1, h.normal.x, "normal.x"); near(0, h.normal.y, "normal.y")
    c.pos = c.pos + h.delta
    assert.is_false(sq:intersects(c))
  end)
end)

describe("Polygon.hull", function()
  it("keeps the hull of the points, and refuses a hull of more than 16 vertices", function()
    -- A point inside (1, 1) and a repeat drop out: the square remains.
    local p = Polygon.hull({ 0, 0, 2, 0, 1, 1, 2, 2, 0, 2, 2, 2 })
    assert.are.equal(4, p.count)
    -- 17 points of the parabola y = x^2 are all corners of their hull.
    local pts = {}
    for x = -8, 8 do pts[#pts + 1] = x; pts[#pts + 1] = x * x end
    local ok, err = pcall(Polygon.hull, pts)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("at most 16 hull vertices expected, got 17", 1, true))
  end)
end)
