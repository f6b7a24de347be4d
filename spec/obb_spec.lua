local impact = require "impact"
local helpers = require "helpers"

-- Rotated rectangles: OBB(x, y, halfX, halfY, angle). Expected values are
-- worked out by hand in the comments. A rotation by an angle other than 0
-- rounds (cos(pi/2) is 6e-17, not 0), so those results are compared within
-- TOL; at angle 0 the OBB tests are the AABB tests and compare exactly.

local OBB, AABB, Point, Hit, Sweep = impact.OBB, impact.AABB, impact.Point, impact.Hit, impact.Sweep
local EPS = impact.EPSILON
local PI, R2 = math.pi, math.sqrt(2)
local TOL = 1e-12

local function near(expected, actual, tol, what)
  assert.is_true(math.abs(expected - actual) <= (tol or TOL),
                 ("%s: expected %.17g, got %.17g"):format(what or "value", expected, actual))
end

local function nearVec(x, y, p, what)
  near(x, p.x, TOL, (what or "point") .. ".x")
  near(y, p.y, TOL, (what or "point") .. ".y")
end

local function assertHitNear(h, collider, time, pos, delta, normal)
  assert.are.equal("Hit", impact.type(h))
  near(time, h.time, TOL, "time")
  nearVec(pos[1], pos[2], h.pos, "pos")
  nearVec(delta[1], delta[2], h.delta, "delta")
  nearVec(normal[1], normal[2], h.normal, "normal")
  assert.is_true(rawequal(collider, h.collider), "hit.collider is the rectangle hit")
end

-- Every field of two Hits (or two nils) exactly equal.
local function sameHit(a, b)
  if a == nil or b == nil then return assert.are.equal(a, b) end
  assert.are.same({ a.time, a.pos.x, a.pos.y, a.delta.x, a.delta.y, a.normal.x, a.normal.y },
                  { b.time, b.pos.x, b.pos.y, b.delta.x, b.delta.y, b.normal.x, b.normal.y })
end

local function sameSweep(a, b)
  assert.are.same({ a.time, a.pos.x, a.pos.y }, { b.time, b.pos.x, b.pos.y })
  sameHit(a.hit, b.hit)
end

local function assertError(msg, f)
  local ok, err = pcall(f)
  assert.is_false(ok)
  assert.is_truthy(tostring(err):find(msg, 1, true), tostring(err))
end

describe("OBB objects", function()
  it("are built from numbers or Points, with angle 0 by default", function()
    local o = OBB(1, 2, 3, 4, 0.5)
    assert.are.equal("OBB", impact.type(o))
    assert.are.same({ 1, 2, 3, 4, 0.5 }, { o.pos.x, o.pos.y, o.half.x, o.half.y, o.angle })
    o = OBB(Point(1, 2), Point(3, 4))
    assert.are.same({ 1, 2, 3, 4, 0 }, { o.pos.x, o.pos.y, o.half.x, o.half.y, o.angle })
    o = OBB()
    assert.are.same({ 0, 0, 0, 0, 0 }, { o.pos.x, o.pos.y, o.half.x, o.half.y, o.angle })
    assert.are.equal("OBB(pos=(1, 2), half=(3, 4), angle=0.5)", tostring(OBB(1, 2, 3, 4, 0.5)))
  end)

  it("pos and half are live views; half stays non-negative", function()
    local o = OBB(0, 0, 1, 1, 0.3)
    local pos = o.pos
    assert.is_true(rawequal(pos, o.pos), "views are cached")
    pos.x = 5
    assert.are.equal(5, o.pos.x)
    o.half = Point(2, 3)
    assert.are.same({ 2, 3 }, { o.half.x, o.half.y })
    assertError("negative half size", function() o.half.x = -1 end)
    assertError("bad value for field 'half' of OBB", function() o.half = Point(-1, 0) end)
  end)

  it("writing angle turns the rectangle (the cached cos and sin follow)", function()
    -- Half (4, 1): (0, 3) is outside at angle 0 and inside at pi/2.
    local o = OBB(0, 0, 4, 1, 0)
    assert.is_nil(o:intersectPoint(0, 3))
    o.angle = PI / 2
    assert.are.equal(PI / 2, o.angle)
    assert.is_truthy(o:intersectPoint(0, 3))
    assertError("bad value for field 'angle' of OBB (number expected, got string)",
                function() o.angle = "up" end)
    assertError("bad value for field 'angle' of OBB (finite number expected)",
                function() o.angle = 0 / 0 end)
  end)

  it("refuses bad arguments in Lua's words", function()
    assertError("bad argument #1 to 'OBB' (Point or number expected, got string)",
                function() local r = OBB("x") return r end)
    assertError("bad argument #3 to 'OBB' (negative half size)",
                function() local r = OBB(0, 0, -1, 1) return r end)
    assertError("bad argument #5 to 'OBB' (finite number expected, got inf)",
                function() local r = OBB(0, 0, 1, 1, math.huge) return r end)
    local o = OBB(0, 0, 1, 1)
    assertError("bad argument #1 to 'intersectOBB' (OBB expected, got AABB)",
                function() local r = o:intersectOBB(AABB()) return r end)
    assertError("bad argument #1 to 'overlap' (shape expected, got Point)",
                function() local r = o:overlap(Point()) return r end)
    assertError("bad argument #1 to 'bounds' (AABB expected, got OBB)",
                function() local r = o:bounds(o) return r end)
    assertError("bad argument #1 to 'sweepOBB' (OBB expected, got AABB)",
                function() local r = o:sweepOBB(AABB(), 1, 0) return r end)
    assertError("shape expected at index 2, got Point",
                function() local r = AABB():sweepInto({ o, Point() }, 1, 0) return r end)
  end)

  it("corners go (-, -), (+, -), (+, +), (-, +) in the rectangle's frame", function()
    assert.are.same({ -1, 0, 3, 0, 3, 4, -1, 4 }, { OBB(1, 2, 2, 2):corners() })
    -- Half (2, 1) turned by pi/2: (-2, -1) -> (1, -2), (2, -1) -> (1, 2), ...
    local c = { OBB(0, 0, 2, 1, PI / 2):corners() }
    local want = { 1, -2, 1, 2, -1, 2, -1, -2 }
    for i = 1, 8 do near(want[i], c[i], TOL, "corner coordinate " .. i) end
  end)

  it("bounds is the smallest AABB holding the rectangle, filled into out if given", function()
    -- Half (2, 1) turned by pi/2 reaches 1 along x and 2 along y.
    local b = OBB(1, 2, 2, 1, PI / 2):bounds()
    assert.are.equal("AABB", impact.type(b))
    assert.are.same({ 1, 2 }, { b.pos.x, b.pos.y })
    nearVec(1, 2, b.half, "half")
    -- A unit square at pi/4 reaches sqrt(2) each way.
    local out = AABB()
    assert.is_true(rawequal(out, OBB(0, 0, 1, 1, PI / 4):bounds(out)))
    nearVec(R2, R2, out.half, "half")
  end)

  it("bounds holds the rectangle exactly where the half sizes round down", function()
    -- cos(PI / 2) in doubles is 6.12e-17 > 0, as PI / 2 falls short of a
    -- quarter turn: the unit square's corners reach 1 + 6.12e-17 on both
    -- axes, which rounds to 1, so the box grows to the next double up.
    assert.is_true(math.cos(PI / 2) > 0 and 1 + math.cos(PI / 2) == 1)
    local b = OBB(0, 0, 1, 1, PI / 2):bounds()
    assert.are.same({ 1 + 2 ^ -52, 1 + 2 ^ -52 }, { b.half.x, b.half.y })
    -- Where the sum is exact it stays: at angle 0, and with a zero half
    -- size (c 2 + 1 0 and 1 2 + c 0).
    b = OBB(3, 4, 5, 2, 0):bounds()
    assert.are.same({ 5, 2 }, { b.half.x, b.half.y })
    b = OBB(0, 0, 2, 0, PI / 2):bounds()
    assert.are.same({ 2 * math.cos(PI / 2), 2 }, { b.half.x, b.half.y })
  end)
end)

describe("OBB at angle 0", function()
  -- Centre (8, 4), half (4, 2), in both forms.
  local o, box = OBB(8, 4, 4, 2, 0), AABB(8, 4, 4, 2)

  it("angle 0 equals the AABB result: intersectPoint and intersectSegment", function()
    for _, p in ipairs({ { 11, 4.5 }, { 9, 5.5 }, { 11, 5 }, { 8, 4 }, { 12, 4 }, { 20, 0 } }) do
      local a, b = o:intersectPoint(p[1], p[2]), box:intersectPoint(p[1], p[2])
      sameHit(a, b)
      if a then assert.is_true(rawequal(o, a.collider)) end
    end
    for _, s in ipairs({ { -4, 5, 16, 0 }, { 8, -4, 0, 16 }, { 0, 0, 16, 8 }, { 2, 2, 4, 0 },
                         { 8, 4, 0, 0 }, { 12, 2, 4, 4 }, { 8, 4, 16, 0 } }) do
      sameHit(o:intersectSegment(s[1], s[2], s[3], s[4]), box:intersectSegment(s[1], s[2], s[3], s[4]))
      assert.are.same({ box:clipSegment(s[1], s[2], s[3], s[4]) },
                      { o:clipSegment(s[1], s[2], s[3], s[4]) })
    end
  end)

  it("angle 0 equals the AABB result: overlap, intersectOBB and the sweeps", function()
    for _, b in ipairs({ { 13, 5, 2, 2 }, { 8, 4, 1, 1 }, { 14, 4, 2, 2 }, { 0, 0, 1, 1 } }) do
      local other = AABB(b[1], b[2], b[3], b[4])
      sameHit(o:overlap(other), box:intersectAABB(other))
      sameHit(o:overlap(OBB(b[1], b[2], b[3], b[4])), box:intersectAABB(other))
      assert.are.equal(box:intersectAABB(other) ~= nil, o:intersectAABB(other))
      assert.are.equal(box:intersectAABB(other) ~= nil, o:intersectOBB(OBB(b[1], b[2], b[3], b[4])))
    end
    for _, m in ipairs({ { -8, 4, 2, 2, 16, 0 }, { 8, 12, 1, 1, 0, -16 }, { 0, 0, 2, 2, 16, 8 },
                         { 13, 5, 2, 2, 0, 0 }, { -8, 40, 2, 2, 16, 0 } }) do
      local want = box:sweepAABB(AABB(m[1], m[2], m[3], m[4]), m[5], m[6])
      sameSweep(o:sweepOBB(OBB(m[1], m[2], m[3], m[4]), m[5], m[6]), want)
      sameSweep(o:sweepAABB(AABB(m[1], m[2], m[3], m[4]), m[5], m[6]), want)
      sameSweep(box:sweepOBB(OBB(m[1], m[2], m[3], m[4]), m[5], m[6]), want)
    end
  end)
end)

describe("OBB turned", function()
  it("angle pi/2 swaps the half extents", function()
    -- Half (4, 1) at pi/2 covers x in [-1, 1], y in [-4, 4].
    local o = OBB(0, 0, 4, 1, PI / 2)
    assert.is_nil(o:intersectPoint(3, 0))
    -- (0, 3.5) is (3.5, 0) in the frame: overlaps 4 - 3.5 = 0.5 along the
    -- frame's x, 1 along y: out along the frame's x axis, which points up.
    assertHitNear(o:intersectPoint(0, 3.5), o, 0, { 0, 4 }, { 0, 0.5 }, { 0, 1 })
    assert.is_true(o:intersectOBB(OBB(0, 4.5, 1, 1, 0)))   -- 4 + 1 > 4.5
    assert.is_false(o:intersectOBB(OBB(1.5, 0, 0.25, 1)))  -- 1 + 0.25 < 1.5
  end)

  it("angle pi is the same rectangle as angle 0", function()
    local o, box = OBB(0, 0, 4, 1, PI), AABB(0, 0, 4, 1)
    -- (3, 0.5): overlaps 1 along x, 0.5 along y: out along y, upwards.
    local h = box:intersectPoint(3, 0.5)
    assertHitNear(o:intersectPoint(3, 0.5), o, 0, { h.pos.x, h.pos.y },
                  { h.delta.x, h.delta.y }, { h.normal.x, h.normal.y })
    -- Enters x = -4 at t = 4/16, as the box does.
    assertHitNear(box:intersectSegment(-8, 0.5, 16, 0), box, 0.25, { -4, 0.5 }, { -12, 0 }, { -1, 0 })
    assertHitNear(o:intersectSegment(-8, 0.5, 16, 0), o, 0.25, { -4, 0.5 }, { -12, 0 }, { -1, 0 })
    local kind, t0, t1 = o:clipSegment(-8, 0.5, 16, 0)
    assert.are.equal("traverse", kind)
    near(0.25, t0)
    near(0.75, t1)
  end)

  it("angle 2pi is the same rectangle as angle 0", function()
    local o, box = OBB(1, 2, 3, 1, 2 * PI), AABB(1, 2, 3, 1)
    local a, b = o:intersectPoint(3.5, 2.25), box:intersectPoint(3.5, 2.25)
    assertHitNear(a, o, 0, { b.pos.x, b.pos.y }, { b.delta.x, b.delta.y }, { b.normal.x, b.normal.y })
    -- x in [-2, 4]: the mover's face meets x = -2 with its centre at -3,
    -- 7 of the 20 along.
    local s = o:sweepAABB(AABB(-10, 2, 1, 1), 20, 0)
    near(7 / 20 - EPS, s.time)
    nearVec(-1, 0, s.hit.normal, "normal")
  end)

  it("angles of any size (1e15) go through the C library's sin and cos", function()
    local a = 1e15
    local c, s = math.cos(a), math.sin(a)
    local o = OBB(0, 0, 2, 1, a)
    local x1, y1 = o:corners()  -- R(a) (-2, -1)
    near(-2 * c + s, x1, 1e-12, "x1")
    near(-2 * s - c, y1, 1e-12, "y1")
    assert.is_truthy(o:intersectPoint(0.5 * c, 0.5 * s))
    assert.is_nil(o:intersectPoint(3 * c, 3 * s))
  end)

  it("intersectSegment and clipSegment work in the rectangle's frame", function()
    -- A unit square at pi/4 is the diamond |x + y| <= sqrt(2), |y - x| <=
    -- sqrt(2). Along y = 0.25 from x = -5 by 10: in at x = 0.25 - sqrt(2)
    -- through the face y - x = sqrt(2) (normal (-1, 1) / sqrt(2)), out at
    -- x = sqrt(2) - 0.25.
    local o = OBB(0, 0, 1, 1, PI / 4)
    local t = (5.25 - R2) / 10
    assertHitNear(o:intersectSegment(-5, 0.25, 10, 0), o, t, { 0.25 - R2, 0.25 },
                  { -(1 - t) * 10, 0 }, { -1 / R2, 1 / R2 })
    local kind, t0, t1 = o:clipSegment(-5, 0.25, 10, 0)
    assert.are.equal("traverse", kind)
    near(t, t0)
    near((4.75 + R2) / 10, t1)
    assert.are.same({ "outside", nil, nil }, { o:clipSegment(-5, 1.5, 10, 0) })
    assert.are.equal("exit", (o:clipSegment(0, 0, 5, 0)))
    assert.is_nil(o:intersectSegment(-5, 1.5, 10, 0))
  end)

  it("overlap gives the minimum translation, ties to the collider's y axis", function()
    -- Half (2, 1) at pi/2 covers x in [-1, 1], y in [-2, 2]; AABB(1.5, 0,
    -- 1, 1) goes 0.5 into it along x. The frame's y axis (pointing to -x)
    -- and the other's x axis both give 0.5: the collider's own axis wins.
    -- Out towards +x; pos on the face x = 1 across from (1.5, 0).
    local o, other = OBB(0, 0, 2, 1, PI / 2), AABB(1.5, 0, 1, 1)
    assertHitNear(o:overlap(other), o, 0, { 1, 0 }, { 0.5, 0 }, { 1, 0 })
    local out = Hit()
    assert.is_true(rawequal(out, o:overlap(OBB(1.5, 0, 1, 1, 0), out)))
    assertHitNear(out, o, 0, { 1, 0 }, { 0.5, 0 }, { 1, 0 })
    assert.is_nil(o:overlap(AABB(3, 0, 1, 1), out))
    assert.is_true(rawequal(o, out.collider), "a miss leaves out untouched")
  end)
end)

describe("OBB overlap boundaries", function()
  it("equal rectangles overlap", function()
    local a, b = OBB(1, 2, 3, 1, 0.7), OBB(1, 2, 3, 1, 0.7)
    assert.is_true(a:intersectOBB(b))
    -- Depth 2 along both y axes and 6 along both x axes; a's y axis wins,
    -- and sign(0) is +1: out along (-sin 0.7, cos 0.7) by 2.
    local n = { -math.sin(0.7), math.cos(0.7) }
    assertHitNear(a:overlap(b), a, 0, { 1 + n[1], 2 + n[2] }, { 2 * n[1], 2 * n[2] }, n)
  end)

  it("containment overlaps, both ways", function()
    local big, small = OBB(0, 0, 10, 10, 0.3), OBB(1, 1, 1, 1, 1.2)
    assert.is_true(big:intersectOBB(small))
    assert.is_true(small:intersectOBB(big))
  end)

  it("plus-shaped crosses overlap though no corner is inside the other", function()
    for _, angle in ipairs({ 0, 0.5, PI / 3 }) do
      local long, tall = OBB(0, 0, 10, 1, angle), OBB(0, 0, 1, 10, angle)
      assert.is_true(long:intersectOBB(tall))
      assert.is_true(tall:intersectOBB(long))
      assert.is_truthy(long:overlap(tall))
    end
    -- Crossing at 45 degrees, off centre.
    assert.is_true(OBB(0, 0, 10, 0.5, PI / 4):intersectOBB(OBB(1, 1, 0.5, 10, 0)))
  end)

  it("one rectangle's axes alone do not separate", function()
    -- A thin bar along x + y = 4 (centre (2, 2), half (3, 0.1), turned by
    -- -pi/4) runs past the unit square's corner (1, 1) at a distance of
    -- sqrt(2) - 0.1. On the square's axes the bar reaches 3.1 / sqrt(2) =
    -- 2.19 from 2, over [-1, 1]: only the bar's own axis separates them.
    local square, bar = OBB(0, 0, 1, 1, 0), OBB(2, 2, 3, 0.1, -PI / 4)
    assert.is_false(square:intersectOBB(bar))
    assert.is_false(bar:intersectOBB(square))
    assert.is_nil(square:overlap(bar))
    assert.is_false(bar:intersectAABB(AABB(0, 0, 1, 1)))
    -- Moved 1.5 towards the corner along (-1, -1) / sqrt(2) it overlaps.
    bar.pos = Point(2 - 1.5 / R2, 2 - 1.5 / R2)
    assert.is_true(square:intersectOBB(bar))
  end)

  it("corner-to-edge contact: touching is not overlap", function()
    -- Axis-aligned faces that touch, and corners that touch.
    assert.is_false(OBB(0, 0, 1, 1, 0):intersectOBB(OBB(2, 0.5, 1, 1, 0)))
    assert.is_false(OBB(0, 0, 1, 1, 0):intersectOBB(OBB(2, 2, 1, 1, 0)))
    assert.is_nil(OBB(0, 0, 1, 1, 0):overlap(AABB(2, 2, 1, 1)))
    -- A diamond's corner at the square's face x = 1, 1e-9 either side.
    local square = OBB(0, 0, 1, 1, 0)
    assert.is_false(square:intersectOBB(OBB(1 + R2 + 1e-9, 0, 1, 1, PI / 4)))
    assert.is_true(square:intersectOBB(OBB(1 + R2 - 1e-9, 0, 1, 1, PI / 4)))
  end)

  it("zero size: a point or segment rectangle overlaps only through the other's inside", function()
    local o = OBB(0, 0, 1, 1, 0.3)
    local dot = OBB(0.2, 0.1, 0, 0, 0.7)
    assert.is_true(o:intersectOBB(dot))
    assert.is_false(dot:intersectOBB(OBB(0.2, 0.1, 0, 0, 0)))  -- two points
    assert.is_nil(dot:intersectPoint(0.2, 0.1))  -- no inside, not even the centre
    assert.is_true(o:intersectOBB(OBB(0, 0, 5, 0, 1)))  -- a segment through it
    assert.is_false(o:intersectOBB(OBB(0, 5, 5, 0, 0)))
    -- A zero-size mover is a point: its sweep stops where the segment hits.
    local h = o:intersectSegment(-10, 0.2, 20, 0)
    local s = o:sweepOBB(OBB(-10, 0.2, 0, 0, 0.4), 20, 0)
    near(h.time, s.hit.time)
    nearVec(h.normal.x, h.normal.y, s.hit.normal, "normal")
  end)

  it("large and small scales give the same answers", function()
    for _, k in ipairs({ 1e-6, 1, 1e6 }) do
      local a = OBB(0, 0, 10 * k, 0.5 * k, PI / 4)
      assert.is_true(a:intersectOBB(OBB(1 * k, 1 * k, 0.5 * k, 10 * k, 0)))
      assert.is_false(a:intersectOBB(OBB(6 * k, -6 * k, 1 * k, 1 * k, 0.2)))
      -- The diamond sweep below, scaled: the time does not depend on k.
      local s = OBB(0, 0, k, k, PI / 4):sweepAABB(AABB(-10 * k, 0, k, k), 20 * k, 0)
      near((9 - R2) / 20, s.hit.time, 1e-9, "time at scale " .. k)
    end
    -- Far from the origin: positions are taken relative to the centre first.
    local far = OBB(1e9, 1e9, 1, 0.5, 0.3)
    assert.is_truthy(far:intersectPoint(1e9 + 0.9 * math.cos(0.3), 1e9 + 0.9 * math.sin(0.3)))
    assert.is_nil(far:intersectPoint(1e9 + 1.1 * math.cos(0.3), 1e9 + 1.1 * math.sin(0.3)))
  end)
end)

describe("OBB sweeps", function()
  it("a turned mover stops at an aligned box: the diamond's corner meets the face", function()
    -- Unit square at pi/4 reaches sqrt(2) along x. From (-10, 0) by (20, 0)
    -- its corner meets the face x = -1 when the centre is at -1 - sqrt(2):
    -- t = (9 - sqrt(2)) / 20. The contact is that corner, (-1, 0).
    local box = AABB(0, 0, 1, 1)
    local s = box:sweepOBB(OBB(-10, 0, 1, 1, PI / 4), 20, 0)
    local t = (9 - R2) / 20
    assertHitNear(s.hit, box, t, { -1, 0 }, { -(1 - t) * 20, 0 }, { -1, 0 })
    near(t - EPS, s.time)
    nearVec(-10 + 20 * (t - EPS), 0, s.pos, "pos")
  end)

  it("an aligned mover stops at a turned box: the face meets the diamond's corner", function()
    -- The mover's face x = cx + 1 meets the corner (-sqrt(2), 0): same t.
    -- The normal is along the mover's face, pointing at the mover.
    local diamond = OBB(0, 0, 1, 1, PI / 4)
    local s = diamond:sweepAABB(AABB(-10, 0, 1, 1), 20, 0)
    local t = (9 - R2) / 20
    assertHitNear(s.hit, diamond, t, { -R2, 0 }, { -(1 - t) * 20, 0 }, { -1, 0 })
    assert.are.equal(0, s.hit.normal.y)
    assert.is_true(1 / s.hit.normal.y > 0, "normals carry no -0")
  end)

  it("faces parallel at contact: the contact point is where the two edges overlap, not a far corner", function()
    -- A post 20 tall turned by pi (its faces x = -1 and 1, to 1e-16) and a
    -- 2x2 box from (6.97, 4.5) by (-6.83, 3.72): the box's left face meets
    -- the post's right face at t = 4.97 / 6.83, when the box spans y from
    -- 3.5 + 3.72 t to 5.5 + 3.72 t (6.21 to 8.21): the contact is that
    -- edge. Rounding makes the post's corner (1, 10) the deepest point of
    -- the post; moved onto the box it is the top of the edge.
    local post = OBB(0, 0, 1, 10, PI)
    local s = post:sweepAABB(AABB(6.97, 4.5, 1, 1), -6.83, 3.72)
    local t = 4.97 / 6.83
    near(t, s.hit.time, 1e-12, "time")
    nearVec(1, 5.5 + 3.72 * t, s.hit.pos, "pos")
    -- Turned alike by 0.43: in the post's frame the box starts at
    -- (2.9, -4.4) and moves by (-8.1, 0), so its face u = 2.4 meets the
    -- post's u = 1.4 at t = 10 / 81, along v from -4.9 to -3.9 (the post's
    -- own corners are at v = -5.9 and 5.9).
    post = OBB(0, 0, 1.4, 5.9, 0.43)
    s = post:sweepOBB(OBB(4.4702322047456944, -2.7905239715247836, 0.5, 0.5, 0.43),
                      -7.3626225723665693, -3.3766534996766069)
    near(10 / 81, s.hit.time, 1e-12, "time")
    local c, sn = math.cos(0.43), math.sin(0.43)
    local x, y = s.hit.pos.x, s.hit.pos.y
    near(1.4, c * x + sn * y, 1e-12, "u")
    local v = -sn * x + c * y
    assert.is_true(v >= -4.9 - 1e-12 and v <= -3.9 + 1e-12, "v = " .. v)
  end)

  it("a sweep tests the mover's axes too, not only the collider's", function()
    -- The diamond sweep with the mover turned a little (the general path).
    -- On the diamond's axes alone the box (reaching sqrt(2) along them)
    -- would seem to touch once its centre is within 2 + sqrt(2) of the
    -- diamond's, at t = (8 - sqrt(2)) / 20, a whole 1/20 early; its own
    -- x axis puts contact at (9 - sqrt(2)) / 20 (moved by about 1e-5 by
    -- the turn of 1e-4).
    local s = OBB(0, 0, 1, 1, PI / 4):sweepOBB(OBB(-10, 0, 1, 1, 1e-4), 20, 0)
    near((9 - R2) / 20, s.hit.time, 1e-4, "time")
    near(-1, s.hit.normal.x, 1e-6, "normal.x")  -- the mover's face, turned by 1e-4
  end)

  it("tunnelling: a fast thin rectangle does not pass through another in one sweep", function()
    -- A wall 0.02 thick turned by 0.3, and a bullet 0.02 long moving 2000.
    local wall = OBB(0, 0, 0.01, 5, 0.3)
    local bullet = OBB(-1000, 0, 0.01, 0.01, 1.1)
    local s = wall:sweepOBB(bullet, 2000, 0)
    assert.is_truthy(s.hit)
    assert.is_true(s.time > 0.49 and s.time < 0.5)
    -- Stopped short of the wall, touching it a moment later.
    assert.is_false(OBB(s.pos.x, s.pos.y, 0.01, 0.01, 1.1):intersectOBB(wall))
    assert.is_true(OBB(-1000 + 2000 * (s.hit.time + 1e-9), 0, 0.01, 0.01, 1.1):intersectOBB(wall))
    -- The same through sweepInto, and for an AABB bullet and an AABB wall.
    assert.is_true(rawequal(wall, bullet:sweepInto({ wall }, 2000, 0).hit.collider))
    assert.is_truthy(wall:sweepAABB(AABB(-1000, 0, 0.01, 0.01), 2000, 0).hit)
    assert.is_truthy(AABB(0, 0, 0.01, 5):sweepOBB(bullet, 2000, 0).hit)
  end)

  it("zero delta falls back to overlap", function()
    local o = OBB(0, 0, 2, 1, PI / 2)
    local s = o:sweepAABB(AABB(1.5, 0, 1, 1), 0, 0)
    assert.are.same({ 0, 1.5, 0 }, { s.time, s.pos.x, s.pos.y })
    assertHitNear(s.hit, o, 0, { 1, 0 }, { 0.5, 0 }, { 1, 0 })
    s = o:sweepAABB(AABB(5, 0, 1, 1), 0, 0)
    assert.are.same({ 1, 5, 0 }, { s.time, s.pos.x, s.pos.y })
    assert.is_nil(s.hit)
  end)

  it("a sweep ending exactly at contact is unobstructed; sliding along a face misses", function()
    local box = OBB(0, 0, 1, 1, 0)
    local s = box:sweepOBB(OBB(-10, 0, 1, 1, 0), 8, 0)  -- ends at x = -2
    assert.are.same({ 1, -2, 0 }, { s.time, s.pos.x, s.pos.y })
    assert.is_nil(s.hit)
    assert.is_nil(box:sweepOBB(OBB(-10, 2, 1, 1, 0), 20, 0).hit)
  end)

  it("fills the out Sweep and returns it", function()
    local out = Sweep()
    local box = AABB(0, 0, 1, 1)
    assert.is_true(rawequal(out, box:sweepOBB(OBB(-10, 0, 1, 1, PI / 4), 20, 0, out)))
    near((9 - R2) / 20, out.hit.time)
  end)

  it("sweepInto takes OBBs among the colliders, for AABB and OBB movers", function()
    local far, near_, above = OBB(10, 0, 1, 1, 0.5), OBB(5, 0, 1, 1, PI / 4), AABB(0, 10, 1, 1)
    for _, mover in ipairs({ AABB(-10, 0, 1, 1), OBB(-10, 0, 1, 1, 0), OBB(-10, 0, 1, 1, 0.2) }) do
      local s = mover:sweepInto({ above, far, near_ }, 20, 0, Sweep())
      assert.is_true(rawequal(near_, s.hit.collider))
      assert.are.equal(mover.sweepInto == nil, false)
      -- The same as sweeping the nearest alone.
      local alone = (impact.type(mover) == "AABB" and near_.sweepAABB or near_.sweepOBB)(near_, mover, 20, 0)
      assert.are.equal(alone.time, s.time)
    end
  end)

  it("sweepInto ties go to the first collider and skip the mover itself", function()
    local mover = OBB(-10, 0, 1, 1, 0.3)
    local a, b = OBB(5, 0, 1, 1, PI / 4), OBB(5, 0, 1, 1, PI / 4)
    assert.is_true(rawequal(a, mover:sweepInto({ a, b }, 20, 0).hit.collider))
    assert.is_true(rawequal(b, mover:sweepInto({ b, a }, 20, 0).hit.collider))
    assert.is_true(rawequal(a, mover:sweepInto({ mover, a }, 20, 0).hit.collider))
    local s = mover:sweepInto({ mover }, 20, 0)
    assert.are.same({ 1, 10, 0 }, { s.time, s.pos.x, s.pos.y })
  end)

  it("a Hit's collider may be an OBB", function()
    local h, o = Hit(), OBB(0, 0, 1, 1, 0.5)
    h.collider = o
    assert.is_true(rawequal(o, h.collider))
  end)
end)

describe("AABB mirrors of the OBB tests", function()
  -- A box 4 x 2 at the origin and a diamond (a unit square turned by
  -- pi/4, reaching sqrt(2) along x) at (2.5, 0). Least overlap: on the
  -- box's x axis, 2 + sqrt(2) - 2.5; on the diamond's axes the box reaches
  -- 3 / sqrt(2), the diamond 1, their centres are 2.5 / sqrt(2) apart:
  -- 1 + 0.5 / sqrt(2), more.
  local box, diamond = AABB(0, 0, 2, 1), OBB(2.5, 0, 1, 1, PI / 4)

  it("box:intersectOBB(obb) is obb:intersectAABB(box)", function()
    assert.is_true(box:intersectOBB(diamond))
    assert.is_true(diamond:intersectAABB(box))
    assert.is_false(box:intersectOBB(OBB(3.5 + R2, 0, 1, 1, PI / 4)))
  end)

  it("box:overlap(obb) pushes the obb out; obb:overlap(box) pushes the box back", function()
    local depth = R2 - 0.5
    -- Contact on the box's face across from the diamond's centre: (2, 0).
    assertHitNear(box:overlap(diamond), box, 0, { 2, 0 }, { depth, 0 }, { 1, 0 })
    local back = diamond:overlap(box)
    near(-depth, back.delta.x, TOL, "delta.x")
    assert.are.same({ -1, 0 }, { back.normal.x, back.normal.y })
  end)

  it("box:overlap(aabb) is box:intersectAABB(aabb), and fills out", function()
    local other, out = AABB(1.5, 0.5, 1, 1), Hit()
    sameHit(box:intersectAABB(other), box:overlap(other))
    assert.are.equal(out, box:overlap(diamond, out))
    assert.is_nil(box:overlap(AABB(10, 0, 1, 1), out))
  end)

  it("refuses what is not a rectangle, in Lua's words", function()
    -- (No tail calls: LuaJIT would no longer see a method call.)
    assertError("bad argument #1 to 'intersectOBB' (AABB expected, got OBB)",
                function() return AABB.intersectOBB(diamond, diamond) end)
    assertError("bad argument #1 to 'intersectOBB' (OBB expected, got AABB)",
                function() local r = box:intersectOBB(box) return r end)
    assertError("bad argument #1 to 'overlap' (shape expected, got table)",
                function() local r = box:overlap({}) return r end)
    assertError("bad argument #2 to 'overlap' (Hit expected, got Sweep)",
                function() local r = box:overlap(diamond, Sweep()) return r end)
  end)

  it("agree on random pairs: the same answer, the push-out exactly negated", function()
    local r = helpers.random(12)
    local function num(k) return (r.int(2 ^ 24) / 2 ^ 24 - 0.5) * k end
    local a, o, ha, ho = AABB(), OBB(), Hit(), Hit()
    local overlapping, mirrored = 0, 0
    for _ = 1, 5000 do
      a.pos.x, a.pos.y, a.half.x, a.half.y = num(8), num(8), num(8) + 4, num(8) + 4
      o.pos.x, o.pos.y, o.half.x, o.half.y = num(8), num(8), num(8) + 4, num(8) + 4
      o.angle = r.int(4) == 0 and 0 or num(8)
      local meets = a:intersectOBB(o)
      assert.are.equal(o:intersectAABB(a), meets)
      local h1, h2 = a:overlap(o, ha), o:overlap(a, ho)
      assert.are.equal(meets, h1 ~= nil)
      assert.are.equal(meets, h2 ~= nil)
      if meets then
        overlapping = overlapping + 1
        -- Ties between axes aside, the same axis, length and contact face.
        if h1.normal.x == -h2.normal.x and h1.normal.y == -h2.normal.y then
          mirrored = mirrored + 1
          assert.are.same({ -h2.delta.x, -h2.delta.y }, { h1.delta.x, h1.delta.y })
        end
      end
    end
    assert.is_true(overlapping > 2000, overlapping)
    assert.are.equal(overlapping, mirrored)
  end)
end)

describe("OBB without garbage", function()
  it("tests with out objects and numbers allocate nothing", function()
    local o, other, box = OBB(0, 0, 2, 1, 0.5), OBB(1, 0, 1, 1, 0.2), AABB(-10, 0, 1, 1)
    local hit, sweep, bounds = Hit(), Sweep(), AABB()
    local list = { other, OBB(5, 5, 1, 1, 1) }
    local function loop(n)
      for i = 1, n do
        local x = (i % 8) - 4
        o:intersectPoint(x, 0.5, hit)
        o:intersectSegment(x, -5, 0, 10, hit)
        o:overlap(other, hit)
        o:intersectOBB(other)
        box:intersectOBB(o)
        box:overlap(o, hit)
        o:sweepAABB(box, 20, x, sweep)
        box:sweepInto(list, 20, x, sweep)
        o:bounds(bounds)
        o:clipSegment(x, -5, 0, 10)
        o:corners()
      end
    end
    assert.are.equal(0, helpers.allocated(loop, 10000))
  end)
end)
