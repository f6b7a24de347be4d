local impact = require "impact"
local scenes = require "shape_scenes"

-- S:intersectArc: a point, or a disc of radius r, on p0 + v t + g t^2 / 2
-- for t in [0, 1]. Hit when the disc's interior meets the shape's
-- (touching is no hit), decided exactly; the time within 1e-12 (the core
-- reports a time at most 2^-52 after the exact one); pos the centre then;
-- delta from the path's end back to pos; normal out of the shape. The
-- throws below are worked by hand: p(t) = (t, 2t - 2t^2) rises to 0.5 at
-- t = 0.5 and is back at 0 at t = 1.

local Circle, Capsule, Polygon = impact.Circle, impact.Capsule, impact.Polygon
local AABB, OBB, Hit = impact.AABB, impact.OBB, impact.Hit
local near = scenes.near

local function assertHit(time, pos, normal, h, what)
  assert.are.equal("Hit", impact.type(h), what)
  near(time, h.time, what .. ": time")
  near(pos[1], h.pos.x, what .. ": pos.x"); near(pos[2], h.pos.y, what .. ": pos.y")
  near(normal[1], h.normal.x, what .. ": normal.x")
  near(normal[2], h.normal.y, what .. ": normal.y")
end

-- Every kind of shape as the box [0.6, 1.4] x [-0.68, 0.32].
local function boxes()
  return { AABB(1, -0.18, 0.4, 0.5), OBB(1, -0.18, 0.4, 0.5, 0),
           Polygon({ 0.6, -0.68, 1.4, -0.68, 1.4, 0.32, 0.6, 0.32 }) }
end

describe("intersectArc", function()
  it("a throw landing on a box top: 2t - 2t^2 = 0.32 at t = 0.8", function()
    for _, box in ipairs(boxes()) do
      local h = box:intersectArc(0, 0, 1, 2, 0, -4)
      assertHit(0.8, { 0.8, 0.32 }, { 0, 1 }, h, impact.type(box))
      near(0.8 - 1, h.delta.x, "delta.x"); near(0.32, h.delta.y, "delta.y")
      assert.are.equal(box, h.collider)
    end
  end)

  it("a disc of radius 0.1 landing on the box top: 2t - 2t^2 = 0.42 at t = 0.7", function()
    for _, box in ipairs(boxes()) do
      assertHit(0.7, { 0.7, 0.42 }, { 0, 1 }, box:intersectArc(0, 0, 1, 2, 0, -4, 0.1),
                impact.type(box))
    end
  end)

  it("the apex exactly touching a box's underside is no hit", function()
    for _, box in ipairs({ AABB(0.5, 1.5, 1, 1), OBB(0.5, 1.5, 1, 1, 0),
                           Polygon({ -0.5, 0.5, 1.5, 0.5, 1.5, 2.5, -0.5, 2.5 }) }) do
      assert.is_nil(box:intersectArc(0, 0, 1, 2, 0, -4), impact.type(box))
    end
    -- a disc whose top just touches: the apex 0.5 plus the radius 0.25
    assert.is_nil(AABB(0.5, 1.75, 1, 1):intersectArc(0, 0, 1, 2, 0, -4, 0.25))
  end)

  it("the apex 1e-9 above a box's underside hits at 0.5 - sqrt(1e-9 / 2)", function()
    local t = 0.5 - math.sqrt(0.5e-9)
    assertHit(t, { t, 0.5 - 1e-9 }, { 0, -1 },
              AABB(0.5, 1.5 - 1e-9, 1, 1):intersectArc(0, 0, 1, 2, 0, -4), "AABB")
  end)

  it("with g = 0 and no radius equals intersectSegment bit for bit", function()
    local shapes = { AABB(1, 1, 1, 1), OBB(1, 1, 1, 0.5, 0.3), Circle(1, 1, 0.7),
                     Capsule(-0.5, 0, 0.5, 0, 0.2, 1, 1),
                     Polygon({ 0, 0, 2, 0, 1, 1.5 }) }
    for _, s in ipairs(shapes) do
      for _, p in ipairs({ { -1, 0.5, 4, 0.3 }, { 1, 1, 0.1, 0 }, { -1, 3, 4, 0 } }) do
        local a = s:intersectArc(p[1], p[2], p[3], p[4], 0, 0)
        local b = s:intersectSegment(p[1], p[2], p[3], p[4])
        assert.are.equal(b == nil, a == nil)
        if a then
          assert.are.equal(b.time, a.time)
          assert.are.equal(b.pos, a.pos); assert.are.equal(b.normal, a.normal)
          assert.are.equal(b.delta, a.delta)
        end
      end
    end
  end)

  it("with g = 0 and a radius hits as the disc's sweep does, at the exact contact", function()
    local box = AABB(2, 0, 1, 1)
    local h = box:intersectArc(-1, 0.5, 4, 0, 0, 0, 0.5)
    assertHit(0.375, { 0.5, 0.5 }, { -1, 0 }, h, "face")
    local s = box:sweep(Circle(-1, 0.5, 0.5), 4, 0)
    assert.is_true(s.time < h.time and s.time > h.time - 1e-7)
    assert.is_nil(box:intersectArc(-1, 1.5, 4, 0, 0, 0, 0.4))
  end)

  it("a disc arc hitting a circle, worked by hand", function()
    -- p(t) = (-2 + 4t, 1): the circle at (1, 0) of radius 0.5 and the disc
    -- of 0.5 touch when the centres are 1 apart: x = 1 at t = 0.75
    local c = Circle(1, 0, 0.5)
    assertHit(0.75, { 1, 1 }, { 0, 1 }, c:intersectArc(-2, 1, 4, 0, 0, 0, 0.5), "g = 0")
    -- with gravity: p(t) = (-2 + 4t, 3 - 2t^2)... the same point (1, 1) at
    -- t = 0.75 only if 3 - 2 (0.5625) = 1.875: instead fall straight down
    -- onto the circle: p(t) = (1, 3 - 4t^2) meets y = 1 at t^2 = 0.5
    local t = math.sqrt(0.5)
    assertHit(t, { 1, 1 }, { 0, 1 }, c:intersectArc(1, 3, 0, 0, 0, -8, 0.5), "falling")
    assert.is_nil(c:intersectArc(2.01, 3, 0, 0, 0, -8, 0.5))
  end)

  it("a path starting inside, or a disc starting in overlap, hits at time 0", function()
    for _, box in ipairs(boxes()) do
      local h = box:intersectArc(1, 0, 1, 2, 0, -4)
      assert.are.equal(0, h.time)
      assert.are.equal(1, h.pos.x); assert.are.equal(0, h.pos.y)
      assert.are.equal(0, box:intersectArc(1, 0.4, 1, 2, 0, -4, 0.1).time)
    end
  end)

  it("a miss past a corner: the throw passes above the box's corner", function()
    -- at x = 0.6 (t = 0.6) the throw is at 0.48, above the top 0.47
    local box = Polygon({ 0.6, -0.53, 1.4, -0.53, 1.4, 0.47, 0.6, 0.47 })
    assert.is_nil(box:intersectArc(0, 0, 0.6, 2, 0, -4))
    assert.is_nil(AABB(1, -0.03, 0.4, 0.5):intersectArc(0, 0, 0.6, 2, 0, -4))
  end)

  it("a path through a corner exactly, outside before and after, is no hit", function()
    -- p(t) = (3t, 3t + 9t^2) passes (1, 2) at t = 1/3, a corner of the
    -- box [1, 2] x [0, 2] whose inside it never enters
    for _, box in ipairs({ AABB(1.5, 1, 0.5, 1), Polygon({ 1, 0, 2, 0, 2, 2, 1, 2 }) }) do
      assert.is_nil(box:intersectArc(0, 0, 3, 3, 0, 18), impact.type(box))
    end
  end)

  it("every shape type is hit and fills out", function()
    local shapes = { AABB(1, 0, 0.3, 0.2), OBB(1, 0, 0.3, 0.2, 0.4), Circle(1, 0, 0.25),
                     Capsule(-0.2, 0, 0.2, 0, 0.1, 1, 0), Polygon({ 0.8, -0.2, 1.2, -0.2, 1, 0.2 }) }
    for _, s in ipairs(shapes) do
      local out = Hit()
      local h = s:intersectArc(0, 0, 1, 2, 0, -4, 0.05, out)
      assert.are.equal(out, h, impact.type(s))
      assert.is_true(h.time > 0.5 and h.time < 1, impact.type(s))
      assert.are.equal(s, h.collider)
      local x, y = h.time, 2 * h.time - 2 * h.time ^ 2
      near(x, h.pos.x, "pos.x"); near(y, h.pos.y, "pos.y")
      near(1, h.normal:length(), "unit normal")
      assert.is_true(h.normal.y > 0, impact.type(s))
      assert.are.equal(out, s:intersectArc(0, 0, 1, 2, 0, -4, 0.05, out))
      assert.is_nil(s:intersectArc(0, 0, 1, 2, 0, 4, 0.05, out))
    end
  end)

  it("takes Points for the start, velocity and gravity", function()
    local P = impact.Point
    local a = AABB(1, -0.18, 0.4, 0.5):intersectArc(P(0, 0), P(1, 2), P(0, -4))
    near(0.8, a.time, "time")
  end)
end)
