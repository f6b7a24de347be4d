local impact = require "impact"
local scenes = require "shape_scenes"

-- S:sweep(moving, delta[, out]) -> Sweep and moving:sweepInto(colliders,
-- delta[, out]) with any shapes: first contact decided exactly, the stop
-- impact.EPSILON of the time short of it, and at sweep.pos the two do not
-- overlap. Starting in touch and moving away or along is no hit; starting
-- in overlap stops at time 0; a zero delta falls back to overlap. Contact
-- times are worked out by hand on dyadic scenes.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB, Sweep = impact.AABB, impact.OBB, impact.Sweep
local near, SQUARE = scenes.near, scenes.SQUARE
local EPS = impact.EPSILON

-- The sweep of moving by (dx, dy) against a stops EPS short of contact
-- (the hit's time), with the hit's normal (nx, ny); at sweep.pos moving
-- does not overlap a, and a little past contact it does.
local function assertStop(contact, nx, ny, a, moving, dx, dy, what)
  local x, y = moving.pos.x, moving.pos.y
  local s = a:sweep(moving, dx, dy)
  assert.is_not_nil(s.hit, what .. ": a hit")
  near(contact - EPS, s.time, what .. ": time", 1e-14)
  near(contact, s.hit.time, what .. ": contact")
  near(nx, s.hit.normal.x, what .. ": normal.x"); near(ny, s.hit.normal.y, what .. ": normal.y")
  near(x + dx * s.time, s.pos.x, what .. ": pos.x")
  near(y + dy * s.time, s.pos.y, what .. ": pos.y")
  moving.pos = s.pos
  assert.is_false(a:intersects(moving), what .. ": apart at the stop")
  moving.pos.x, moving.pos.y = x + dx * (contact + 1e-6), y + dy * (contact + 1e-6)
  assert.is_true(a:intersects(moving), what .. ": overlapping past contact")
  return s
end

-- No hit: time 1, moving all the way.
local function assertFree(a, moving, dx, dy, what)
  local s = a:sweep(moving, dx, dy)
  assert.is_nil(s.hit, what)
  assert.are.same({ 1, moving.pos.x + dx, moving.pos.y + dy }, { s.time, s.pos.x, s.pos.y }, what)
end

describe("sweep, every pair of kinds", function()
  it("from 3 away along (-10, 0): contact at 0.3, stopped EPSILON before", function()
    scenes.eachPair(5, function(a, b, name)
      assertStop(0.3, 1, 0, a, b, -10, 0, name)
    end)
  end)

  it("the left shape moving along (10, 0) meets the right one at 0.3", function()
    scenes.eachPair(5, function(a, b, name)
      assertStop(0.3, -1, 0, b, a, 10, 0, name .. ", swapped")
    end)
  end)

  it("starting in touch and moving away is no hit", function()
    scenes.eachPair(2, function(a, b, name)
      assertFree(a, b, 1, 0, name)
      assertFree(a, b, 1, 1, name .. ", diagonally")
    end)
  end)

  it("starting in touch and moving in stops at time 0", function()
    scenes.eachPair(2, function(a, b, name)
      local s = a:sweep(b, -1, 0)
      assert.is_not_nil(s.hit, name)
      assert.are.same({ 0, b.pos.x, b.pos.y }, { s.time, s.pos.x, s.pos.y }, name)
    end)
  end)

  it("starting in overlap stops at time 0, whichever way it moves", function()
    scenes.eachPair(1.5, function(a, b, name)
      for _, dx in ipairs({ -1, 1 }) do
        local s = a:sweep(b, dx, 0)
        assert.is_not_nil(s.hit, name)
        assert.are.same({ 0, b.pos.x, b.pos.y }, { s.time, s.pos.x, s.pos.y }, name)
      end
    end)
  end)

  it("a zero delta is the overlap test", function()
    scenes.eachPair(1.5, function(a, b, name)
      local s, h = a:sweep(b, 0, 0), a:overlap(b)
      assert.are.equal(0, s.time, name)
      assert.are.same({ h.delta.x, h.delta.y, h.normal.x, h.normal.y },
                      { s.hit.delta.x, s.hit.delta.y, s.hit.normal.x, s.hit.normal.y }, name)
    end)
    scenes.eachPair(2, function(a, b, name)
      local s = a:sweep(b, 0, 0)
      assert.is_nil(s.hit, name)
      assert.are.same({ 1, b.pos.x, b.pos.y }, { s.time, s.pos.x, s.pos.y }, name)
    end)
  end)

  it("passing clear above the other misses", function()
    -- Moved up by 5, the right shapes' bottoms are at y = 4 and more, the
    -- left ones' tops at 3 and less.
    scenes.eachPair(5, function(a, b, name)
      b.pos.y = b.pos.y + 5
      assertFree(a, b, -10, 0, name)
    end)
  end)
end)

describe("sweep, sliding and grazing", function()
  -- Static shapes whose top is y = 2 (a circle's at (1, 2) alone), and
  -- moving ones resting on it with their bottom at y = 2.
  local statics = { AABB(1, 1, 1, 1), OBB(1, 1, 1, 1, 0), Polygon(SQUARE),
                    Capsule(0, 1, 2, 1, 1), Circle(1, 1, 1) }
  local function movers()
    return { AABB(1, 3, 1, 1), OBB(1, 3, 1, 1, 0), Circle(1, 3, 1),
             Capsule(0.5, 3, 1.5, 3, 1), Polygon({ 1, 2, 2, 4, 0, 4 }) }
  end

  it("sliding along a top face, or over a circle's top, is not stopped", function()
    for _, a in ipairs(statics) do
      for _, b in ipairs(movers()) do
        local what = impact.type(a) .. " under " .. impact.type(b)
        assertFree(a, b, 4, 0, what)
        assertFree(a, b, -4, 0, what .. ", leftwards")
      end
    end
  end)

  it("a corner grazing a corner exactly is a hit", function()
    -- [3, 5] x [1, 3] along (-2, 2): its corner (3, 1) runs along
    -- x + y = 4 and meets the corner (2, 2) alone, at t = 1/2.
    local rects = { AABB(4, 2, 1, 1), Polygon({ 3, 1, 5, 1, 5, 3, 3, 3 }), OBB(4, 2, 1, 1, 0) }
    for _, a in ipairs({ AABB(1, 1, 1, 1), Polygon(SQUARE) }) do
      for _, b in ipairs(rects) do
        local what = impact.type(a) .. " with " .. impact.type(b)
        local s = a:sweep(b, -2, 2)
        assert.is_not_nil(s.hit, what)
        near(0.5 - EPS, s.time, what .. ": time", 1e-14)
      end
    end
  end)

  it("a circle passing tangent over another is a hit at the tangent", function()
    -- The centre runs along y = 2 from (-5, 2): 2 = 1 + 1 above the other
    -- centre when x = 0, at t = 1/2.
    local s = Circle(0, 0, 1):sweep(Circle(-5, 2, 1), 10, 0)
    assert.is_not_nil(s.hit)
    near(0.5 - EPS, s.time, "time", 1e-14)
    near(0, s.hit.normal.x, "normal.x"); near(1, s.hit.normal.y, "normal.y")
  end)
end)

describe("sweep, contacts worked out by hand", function()
  it("a circle along a 3-4-5 line into a circle", function()
    -- From (6, 8) along (-12, -16), 20 long: the centres are 2 + 3 = 5
    -- apart at (3, 4), after 5, at t = 1/4.
    assertStop(0.25, 0.6, 0.8, Circle(0, 0, 2), Circle(6, 8, 3), -12, -16, "circles")
  end)

  it("a point into a face, a capsule broadside onto a top", function()
    assertStop(0.5, 1, 0, Polygon(SQUARE), Circle(5, 1, 0), -6, 0, "point")
    -- The capsule's bottom y = 4 reaches 2 after 2 of 8.
    assertStop(0.25, 0, 1, Polygon(SQUARE), Capsule(0, 5, 2, 5, 1), 0, -8, "capsule")
    assertStop(0.25, 0, 1, AABB(1, 1, 1, 1), Capsule(0, 5, 2, 5, 1), 0, -8, "capsule on a box")
  end)

  it("a square's corner into a slanted face", function()
    -- The square's corner (2, 2) has x + y = 4; the hypotenuse x + y = 8 of
    -- the triangle moving along (-4, -4) reaches it after 2 of 4 in x + y.
    local tri = Polygon({ 8, 0, 8, 8, 0, 8 })
    assertStop(0.5, 1 / math.sqrt(2), 1 / math.sqrt(2), Polygon(SQUARE), tri, -4, -4, "slanted")
  end)

  it("a zero-length capsule sweeps as a circle, a clockwise polygon as the other", function()
    local a, b = Polygon(SQUARE):sweep(Capsule(0, 0, 0, 0, 1, 6, 1), -10, 0),
                 Polygon(SQUARE):sweep(Circle(6, 1, 1), -10, 0)
    assert.are.same({ b.time, b.pos.x, b.pos.y }, { a.time, a.pos.x, a.pos.y })
    near(0.3 - EPS, a.time, "time", 1e-14)
    a = Polygon(scenes.reversed(SQUARE)):sweep(Circle(6, 1, 1), -10, 0)
    near(b.time, a.time, "clockwise time", 1e-15)
  end)

  it("fills the out Sweep given and returns it", function()
    local out = Sweep()
    assert.are.equal(out, Circle(0, 0, 1):sweep(Circle(-5, 0, 1), 10, 0, out))
    near(0.3 - EPS, out.time, "time", 1e-14)
  end)
end)

describe("sweepInto with mixed arrays", function()
  -- The moving circle's right edge starts at x = -4 and travels 20.
  local function mover() return Circle(-5, 1, 1) end

  it("stops at the nearest shape of any kind", function()
    -- The capsule's side x = 3.5 is 7.5 away (t = 0.375); the box's face
    -- x = 6 is 10 (0.5), the polygon's x = 10 is 14 (0.7); the far circle
    -- at x = 19 is beyond reach.
    local cap = Capsule(4, -2, 4, 4, 0.5)
    local list = { Polygon({ 10, 0, 12, 0, 12, 2, 10, 2 }), AABB(7, 1, 1, 1),
                   Circle(20, 1, 1), cap }
    local s = mover():sweepInto(list, 20, 0)
    assert.is_true(rawequal(cap, s.hit.collider))
    near(0.375 - EPS, s.time, "time", 1e-14)
    near(-1, s.hit.normal.x, "normal.x")
    assert.are.equal(cap:sweep(mover(), 20, 0).time, s.time)
  end)

  it("a tie goes to the first listed", function()
    -- A box and a polygon with the same left face x = 6.
    local box, poly = AABB(7, 1, 1, 1), Polygon({ 6, 0, 8, 0, 8, 2, 6, 2 })
    assert.is_true(rawequal(box, mover():sweepInto({ box, poly }, 20, 0).hit.collider))
    assert.is_true(rawequal(poly, mover():sweepInto({ poly, box }, 20, 0).hit.collider))
  end)

  it("skips the moving shape itself", function()
    local moving, box = Capsule(-5, 1, -5, 1, 1), AABB(7, 1, 1, 1)
    local s = moving:sweepInto({ moving, box }, 20, 0)
    assert.is_true(rawequal(box, s.hit.collider))
    near(0.5 - EPS, s.time, "time", 1e-14)
  end)

  it("with nothing in the way: time 1, no hit, all the way", function()
    local s = mover():sweepInto({ Circle(0, 5, 1), Polygon({ 0, -5, 2, -5, 1, -3 }),
                                  OBB(20, 20, 1, 1, 0.5) }, 20, 0)
    assert.is_nil(s.hit)
    assert.are.same({ 1, 15, 1 }, { s.time, s.pos.x, s.pos.y })
    s = mover():sweepInto({}, 20, 0)
    assert.are.same({ 1, 15, 1 }, { s.time, s.pos.x, s.pos.y })
  end)

  it("a moving polygon into circles and rectangles", function()
    -- The triangle's vertex (2, 1) points right, at the circle's leftmost
    -- point (5, 1): they meet after 3 of 10.
    local tri = Polygon({ 0, 0, 2, 1, 0, 2 })
    local target = Circle(6, 1, 1)
    local s = tri:sweepInto({ OBB(6, 10, 1, 1, 0.3), target }, 10, 0)
    assert.is_true(rawequal(target, s.hit.collider))
    near(0.3 - EPS, s.time, "time", 1e-14)
  end)

  it("fills the out Sweep given and returns it", function()
    local out = Sweep()
    assert.are.equal(out, mover():sweepInto({ AABB(7, 1, 1, 1) }, 20, 0, out))
    near(0.5 - EPS, out.time, "time", 1e-14)
  end)
end)
