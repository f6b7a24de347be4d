local impact = require "impact"

-- The static AABB tests: intersectPoint, intersectSegment (with padding) and
-- intersectAABB, after the intersect library's semantics. Every expected
-- value below is worked out by hand in the comment next to it; the inputs are
-- small integers and powers of two, so the arithmetic is exact in doubles and
-- the comparisons are exact.

local AABB, Point, Hit = impact.AABB, impact.Point, impact.Hit

local helpers = require "helpers"
local NZ, assertHit = helpers.NZ, helpers.assertHit

local function isNegZero(v) return v == 0 and 1 / v < 0 end
local function isPosZero(v) return v == 0 and 1 / v > 0 end


-- A snapshot of a Hit's fields, to check that a miss left it untouched.
local function snapshot(h)
  return { time = h.time, pos = { h.pos.x, h.pos.y },
           delta = { h.delta.x, h.delta.y },
           normal = { h.normal.x, h.normal.y } }
end

describe("negative zero", function()
  it("is available to the specs as a real -0", function()
    assert.is_true(isNegZero(NZ))
    assert.is_true(isNegZero(Point(NZ, 0).x), "Point keeps the sign of -0")
  end)
end)

describe("AABB:intersectPoint", function()
  -- Centre (8, 4), half (4, 2): x in [4, 12], y in [2, 6].
  local box = AABB(8, 4, 4, 2)

  it("pushes out along x when the x overlap is the smaller", function()
    -- (11, 4.5): dx = 3, px = 4 - 3 = 1; dy = 0.5, py = 2 - 0.5 = 1.5.
    -- px < py: x axis, sign(3) = +1, pos on the face x = 8 + 4 = 12.
    assertHit(box:intersectPoint(11, 4.5), box, 0, { 12, 4.5 }, { 1, 0 }, { 1, 0 })
    -- (5, 3.5): dx = -3, px = 1; dy = -0.5, py = 1.5: face x = 8 - 4 = 4.
    assertHit(box:intersectPoint(5, 3.5), box, 0, { 4, 3.5 }, { -1, 0 }, { -1, 0 })
  end)

  it("pushes out along y when the y overlap is the smaller", function()
    -- (9, 5.5): dx = 1, px = 3; dy = 1.5, py = 0.5: face y = 4 + 2 = 6.
    assertHit(box:intersectPoint(9, 5.5), box, 0, { 9, 6 }, { 0, 0.5 }, { 0, 1 })
    -- (7, 2.25): dx = -1, px = 3; dy = -1.75, py = 0.25: face y = 2.
    assertHit(box:intersectPoint(7, 2.25), box, 0, { 7, 2 }, { 0, -0.25 }, { 0, -1 })
  end)

  it("touching a face is not a collision", function()
    assert.is_nil(box:intersectPoint(12, 4))  -- right face, px = 0
    assert.is_nil(box:intersectPoint(4, 4))   -- left face
    assert.is_nil(box:intersectPoint(8, 6))   -- top face, py = 0
    assert.is_nil(box:intersectPoint(8, 2))   -- bottom face
    assert.is_nil(box:intersectPoint(12, 6))  -- a corner
    assert.is_nil(box:intersectPoint(4, 2))   -- the opposite corner
  end)

  it("misses a point outside", function()
    assert.is_nil(box:intersectPoint(13, 4))
    assert.is_nil(box:intersectPoint(8, 7))
    assert.is_nil(box:intersectPoint(-8, -4))
  end)

  it("axis ties pick y", function()
    -- (11, 5): px = 4 - 3 = 1, py = 2 - 1 = 1: a tie, so y, sign(1) = +1.
    assertHit(box:intersectPoint(11, 5), box, 0, { 11, 6 }, { 0, 1 }, { 0, 1 })
    -- (5, 3): px = 1, py = 1, sign(-1) = -1: the face y = 2.
    assertHit(box:intersectPoint(5, 3), box, 0, { 5, 2 }, { 0, -1 }, { 0, -1 })
  end)

  it("sign(0) is +1: a point on a centre line pushes out towards +", function()
    -- The centre (8, 4): px = 4, py = 2, y axis, dy = 0 -> +1.
    assertHit(box:intersectPoint(8, 4), box, 0, { 8, 6 }, { 0, 2 }, { 0, 1 })
    -- A tall box: (0, 2) in AABB(0, 0, 1, 4): px = 1, py = 2, x axis,
    -- dx = 0 -> +1, face x = 1.
    local tall = AABB(0, 0, 1, 4)
    assertHit(tall:intersectPoint(0, 2), tall, 0, { 1, 2 }, { 1, 0 }, { 1, 0 })
  end)

  it("-0 and 0 push out the same way", function()
    -- Square box at the origin: every centre point is a tie, y axis, and
    -- dy = -0 - 0 = -0 has sign +1 just like 0.
    local square = AABB(0, 0, 2, 2)
    for _, p in ipairs({ { 0, 0 }, { NZ, NZ }, { NZ, 0 }, { 0, NZ } }) do
      assertHit(square:intersectPoint(p[1], p[2]), square, 0,
                { p[1], 2 }, { 0, 2 }, { 0, 1 })
    end
    local tall = AABB(0, 0, 1, 4)
    for _, x in ipairs({ 0, NZ }) do
      -- px = 1 < py = 2: x axis, sign(dx) = +1 for 0 and -0 alike.
      assertHit(tall:intersectPoint(x, 2), tall, 0, { 1, 2 }, { 1, 0 }, { 1, 0 })
    end
  end)

  it("zero-size boxes contain no point, not even their centre", function()
    local dot = AABB(3, 3, 0, 0)
    assert.is_nil(dot:intersectPoint(3, 3))
    local flat = AABB(3, 3, 2, 0)  -- a horizontal line from x = 1 to 5
    assert.is_nil(flat:intersectPoint(3, 3))
    assert.is_nil(flat:intersectPoint(4, 3))
  end)

  it("takes a Point or two numbers", function()
    -- The same push-out as (11, 4.5) above, in every form.
    assertHit(box:intersectPoint(Point(11, 4.5)), box, 0, { 12, 4.5 }, { 1, 0 }, { 1, 0 })
    local other = AABB(11, 4.5, 1, 1)
    assertHit(box:intersectPoint(other.pos), box, 0, { 12, 4.5 }, { 1, 0 }, { 1, 0 })
  end)

  it("fills the out object and returns it", function()
    local out = Hit()
    local h = box:intersectPoint(11, 4.5, out)
    assert.is_true(rawequal(out, h))
    assertHit(out, box, 0, { 12, 4.5 }, { 1, 0 }, { 1, 0 })
    -- Reused for a y push-out, every field is overwritten (normal.x too).
    h = box:intersectPoint(Point(9, 5.5), out)
    assert.is_true(rawequal(out, h))
    assertHit(out, box, 0, { 9, 6 }, { 0, 0.5 }, { 0, 1 })
  end)

  it("misses leave out untouched", function()
    local other = AABB(0, 0, 2, 2)
    local out = other:intersectPoint(1, 0.5)  -- px = 1, py = 1.5: x axis
    assertHit(out, other, 0, { 2, 0.5 }, { 1, 0 }, { 1, 0 })
    assert.is_nil(box:intersectPoint(12, 4, out))
    assert.is_nil(box:intersectPoint(Point(0, 0), out))
    assertHit(out, other, 0, { 2, 0.5 }, { 1, 0 }, { 1, 0 })
  end)
end)

describe("AABB:intersectSegment", function()
  -- Centre (4, 4), half (2, 2): x in [2, 6], y in [2, 6].
  local box = AABB(4, 4, 2, 2)

  it("enters through the near face along x", function()
    -- From (-4, 5) by (16, 0): near x = (4 - 2 - -4) / 16 = 6/16 = 0.375.
    -- pos = -4 + 16 * 0.375 = 2; delta = (1 - 0.375) * -16 = -10.
    assertHit(box:intersectSegment(-4, 5, 16, 0), box,
              0.375, { 2, 5 }, { -10, 0 }, { -1, 0 })
    -- From (12, 5) by (-16, 0): near x = (4 + 2 - 12) * (1 / -16) = 0.375.
    -- pos = 12 - 6 = 6; delta = 0.625 * 16 = 10.
    assertHit(box:intersectSegment(12, 5, -16, 0), box,
              0.375, { 6, 5 }, { 10, 0 }, { 1, 0 })
  end)

  it("enters through the near face along y", function()
    -- From (3, -4) by (0, 8): near y = (4 - 2 - -4) / 8 = 0.75.
    -- pos = (3, -4 + 6) = (3, 2); delta = 0.25 * -8 = -2.
    assertHit(box:intersectSegment(3, -4, 0, 8), box,
              0.75, { 3, 2 }, { 0, -2 }, { 0, -1 })
    -- From (3, 12) by (0, -16): near y = (4 + 2 - 12) / -16 = 0.375.
    assertHit(box:intersectSegment(3, 12, 0, -16), box,
              0.375, { 3, 6 }, { 0, 10 }, { 0, 1 })
  end)

  it("takes the normal from the axis with the later near time", function()
    -- From (0, 1) by (8, 8): near x = 2/8 = 0.25, near y = 1/8 = 0.125,
    -- far x = 6/8, far y = 5/8: x axis at 0.25, pos (2, 3), delta 0.75 * -8.
    assertHit(box:intersectSegment(0, 1, 8, 8), box,
              0.25, { 2, 3 }, { -6, -6 }, { -1, 0 })
    -- From (3, 0) by (4, 8): near x = (2 - 3)/4 = -0.25, near y = 2/8 = 0.25:
    -- y axis at 0.25, pos (3 + 1, 0 + 2), delta 0.75 * -(4, 8).
    assertHit(box:intersectSegment(3, 0, 4, 8), box,
              0.25, { 4, 2 }, { -3, -6 }, { 0, -1 })
  end)

  it("misses segments that pass by, stop short or point away", function()
    assert.is_nil(box:intersectSegment(-4, 8, 16, 0))  -- y = 8 is above
    -- From (0, 5) by (4, 4): near x = 2/4 = 0.5 > far y = (6 - 5)/4 = 0.25.
    assert.is_nil(box:intersectSegment(0, 5, 4, 4))
    -- Stops short: near x = 6/4 = 1.5 >= 1.
    assert.is_nil(box:intersectSegment(-4, 5, 4, 0))
    -- Points away: far x = (2 - -4) / -4 = -1.5 <= 0.
    assert.is_nil(box:intersectSegment(-4, 5, -4, 0))
  end)

  it("a segment along an edge misses", function()
    assert.is_nil(box:intersectSegment(-4, 6, 16, 0))   -- along the top edge
    assert.is_nil(box:intersectSegment(-4, 2, 16, 0))   -- along the bottom edge
    assert.is_nil(box:intersectSegment(2, -4, 0, 16))   -- along the left edge
    assert.is_nil(box:intersectSegment(6, 12, 0, -16))  -- along the right edge
    assert.is_nil(box:intersectSegment(-4, 6, 16, NZ))  -- -0 changes nothing
    assert.is_nil(box:intersectSegment(3, 6, 2, 0))     -- starting on the edge
  end)

  it("a segment ending exactly at contact misses", function()
    -- From (-4, 5) by (6, 0): near x = 6/6 = 1, and near >= 1 is a miss.
    assert.is_nil(box:intersectSegment(-4, 5, 6, 0))
    -- From (3, 10) by (0, -4): near y = (6 - 10) * (1 / -4) = 1.
    assert.is_nil(box:intersectSegment(3, 10, 0, -4))
    -- Ending exactly on the corner (2, 2): near x = near y = 1.
    assert.is_nil(box:intersectSegment(0, 0, 2, 2))
    -- Twice as long, the same segment hits half way: near x = 6/12.
    assertHit(box:intersectSegment(-4, 5, 12, 0), box,
              0.5, { 2, 5 }, { -6, 0 }, { -1, 0 })
  end)

  it("leaving a face at time 0 misses", function()
    -- From the right face (6, 4) outwards: far x = (6 - 6)/4 = 0 <= 0.
    assert.is_nil(box:intersectSegment(6, 4, 4, 0))
    assert.is_nil(box:intersectSegment(4, 6, 0, 4))  -- from the top face
    assert.is_nil(box:intersectSegment(2, 3, -1, 0))  -- from the left face
    assert.is_nil(box:intersectSegment(6, 4, 4, 4))  -- diagonally, far x = 0
    assert.is_nil(box:intersectSegment(6, 6, 4, 4))  -- from a corner
  end)

  it("entering from a face hits at time 0", function()
    -- From (6, 4) by (-4, 0): near x = (4 + 2 - 6) / -4 = -0, far x = 1.
    -- time 0, pos (6, 4), delta (1 - 0) * 4 = 4, normal +x.
    local h = box:intersectSegment(6, 4, -4, 0)
    assertHit(h, box, 0, { 6, 4 }, { 4, 0 }, { 1, 0 })
  end)

  it("a corner graze hits", function()
    -- From (0, 4) by (4, 4): the line y = x + 4 touches only the corner
    -- (2, 6). near x = 2/4 = 0.5, far y = (6 - 4)/4 = 0.5, near y = -0.5:
    -- near x > far y is false, so it hits at 0.5 with the x normal.
    assertHit(box:intersectSegment(0, 4, 4, 4), box,
              0.5, { 2, 6 }, { -2, -2 }, { -1, 0 })
    -- From (4, 0) by (4, 4): touches (6, 2). near x = -0.5, near y = 0.5,
    -- far x = 0.5: the y normal.
    assertHit(box:intersectSegment(4, 0, 4, 4), box,
              0.5, { 6, 2 }, { -2, -2 }, { 0, -1 })
    -- A quarter above the corner it misses: far y = (6 - 4.25)/4 < near x.
    assert.is_nil(box:intersectSegment(0, 4.25, 4, 4))
  end)

  it("axis ties pick y", function()
    -- Diagonally into a corner: near x = near y = 2/4 = 0.5 -> y normal.
    assertHit(box:intersectSegment(0, 0, 4, 4), box,
              0.5, { 2, 2 }, { -2, -2 }, { 0, -1 })
    -- From (8, 8) by (-4, -4): near x = near y = (6 - 8) / -4 = 0.5.
    assertHit(box:intersectSegment(8, 8, -4, -4), box,
              0.5, { 6, 6 }, { 2, 2 }, { 0, 1 })
    -- From (0, 8) by (4, -4): near x = 2/4, near y = (6 - 8) / -4: tie.
    assertHit(box:intersectSegment(0, 8, 4, -4), box,
              0.5, { 2, 6 }, { -2, 2 }, { 0, 1 })
  end)

  -- 1 / 49 rounds: 49 * (1 / 49) is 1 - 2^-53, so the rounded slab times
  -- can fall on the wrong side of a boundary. The decisions are exact.
  describe("decides exactly where the reciprocal of the delta rounds", function()
    local unit = AABB(0, 0, 1, 1)

    it("a segment ending exactly on a face misses", function()
      -- From (0, -50) by (0, 49): it ends at y = -1, the bottom face.
      assert.is_nil(unit:intersectSegment(0, -50, 0, 49))
      assert.is_nil(unit:intersectSegment(-50, 0.5, 49, 0))
      -- One further, it hits: near y = 49 / 50.
      assert.are.equal(49 / 50 + 0.0, unit:intersectSegment(0, -50, 0, 50).time)
    end)

    it("a segment through a corner exactly grazes it: a hit", function()
      -- From (1.5, -23.5) by (-1, 49): at t = 1/2 it is at (1, 1), where it
      -- enters x as it leaves y.
      local h = unit:intersectSegment(1.5, -23.5, -1, 49)
      assert.are.equal(0.5, h.time)
      assert.are.same({ 1, 0 }, { h.normal.x, h.normal.y })
      -- A 49th further along x, it passes the corner by: a miss.
      assert.is_nil(unit:intersectSegment(1.5 + 1 / 64, -23.5, -1, 49))
    end)

    it("entering through both axes at once picks y", function()
      -- From (1.5, 25.5) by (-1, -49): near x = near y = 1/2 exactly, while
      -- the rounded near y is 1/2 - 2^-54.
      local h = unit:intersectSegment(1.5, 25.5, -1, -49)
      assert.are.same({ 0, 1 }, { h.normal.x, h.normal.y })
      -- The time reported is that rounded near y, as intersect has it.
      assert.are.equal(0.5 - 2 ^ -54, h.time)
    end)

    it("sweepAABB and sweepInto decide the same way", function()
      -- A unit box from (0, -51) by (0, 49) ends touching the unit box.
      local mover = AABB(0, -51, 1, 1)
      assert.is_nil(unit:sweepAABB(mover, 0, 49).hit)
      assert.is_nil(mover:sweepInto({ unit }, 0, 49).hit)
      assert.are.equal(unit, mover:sweepInto({ unit }, 0, 50).hit.collider)
    end)
  end)

  it("starting inside gives time 0", function()
    -- From (3, 5) by (8, 0): near x = (2 - 3)/8 = -0.125, clamped to 0;
    -- near y = -inf (zero component inside), so the x normal.
    assertHit(box:intersectSegment(3, 5, 8, 0), box,
              0, { 3, 5 }, { -8, 0 }, { -1, 0 })
    -- From (3, 5) by (8, -4): near x = -0.125, near y = (6 - 5) / -4 = -0.25:
    -- x is later; delta (1 - 0) * -(8, -4).
    assertHit(box:intersectSegment(3, 5, 8, -4), box,
              0, { 3, 5 }, { -8, 4 }, { -1, 0 })
    -- Starting inside and ending outside through the far side still hits.
    assertHit(box:intersectSegment(5, 5, 0, 8), box,
              0, { 5, 5 }, { 0, -8 }, { 0, -1 })
  end)

  it("zero-length segments act as point tests", function()
    -- Hit or miss exactly when intersectPoint does.
    local points = {
      { 5, 3 }, { 4, 4 }, { 2.5, 5.5 },            -- inside
      { 6, 4 }, { 2, 4 }, { 4, 6 }, { 4, 2 },      -- on a face
      { 6, 6 }, { 2, 2 },                          -- on a corner
      { 7, 4 }, { 4, 0 }, { -1, -1 },              -- outside
    }
    for _, p in ipairs(points) do
      local seg = box:intersectSegment(p[1], p[2], 0, 0)
      local pt = box:intersectPoint(p[1], p[2])
      assert.are.equal(pt ~= nil, seg ~= nil,
                       "(" .. p[1] .. ", " .. p[2] .. ")")
    end
    -- A hit is at time 0 where the point is. Both near times are -inf, a
    -- tie, so the y normal: -sign(1 / 0) = -1. delta = (1 - 0) * -0 = -0.
    local h = box:intersectSegment(5, 3, 0, 0)
    assertHit(h, box, 0, { 5, 3 }, { 0, 0 }, { 0, -1 })
    assert.is_true(isNegZero(h.delta.x) and isNegZero(h.delta.y))
  end)

  it("a zero component of delta keeps its sign: +0 and -0 differ", function()
    -- A zero-length segment takes its normal from the sign of 1 / delta.y:
    -- 1 / 0 = +inf gives (0, -1), 1 / -0 = -inf gives (0, 1). delta.x does
    -- not matter, as ties pick y.
    assertHit(box:intersectSegment(5, 3, 0, 0), box, 0, { 5, 3 }, { 0, 0 }, { 0, -1 })
    assertHit(box:intersectSegment(5, 3, NZ, 0), box, 0, { 5, 3 }, { 0, 0 }, { 0, -1 })
    assertHit(box:intersectSegment(5, 3, 0, NZ), box, 0, { 5, 3 }, { 0, 0 }, { 0, 1 })
    assertHit(box:intersectSegment(5, 3, NZ, NZ), box, 0, { 5, 3 }, { 0, 0 }, { 0, 1 })
    -- hit.delta = (1 - time) * -delta: -(+0) = -0 and -(-0) = +0.
    local h = box:intersectSegment(5, 3, NZ, NZ)
    assert.is_true(isPosZero(h.delta.x) and isPosZero(h.delta.y))
    -- With a nonzero component, the normal is on that axis either way, and
    -- only the sign of the pushed-back zero differs.
    local plus = box:intersectSegment(-4, 5, 16, 0)
    local minus = box:intersectSegment(-4, 5, 16, NZ)
    assertHit(plus, box, 0.375, { 2, 5 }, { -10, 0 }, { -1, 0 })
    assertHit(minus, box, 0.375, { 2, 5 }, { -10, 0 }, { -1, 0 })
    assert.is_true(isNegZero(plus.delta.y))   -- 0.625 * -0
    assert.is_true(isPosZero(minus.delta.y))  -- 0.625 * -(-0)
  end)

  it("zero-size boxes", function()
    local dot = AABB(4, 4, 0, 0)
    -- Straight through the centre is along both of its (empty) edges: miss.
    assert.is_nil(dot:intersectSegment(0, 4, 8, 0))
    assert.is_nil(dot:intersectSegment(4, 0, 0, 8))
    assert.is_nil(dot:intersectSegment(4, 4, 0, 0))
    -- Diagonally through it is a corner graze: near x = near y = 4/8 = 0.5
    -- (a tie, so y), far x = far y = 0.5.
    assertHit(dot:intersectSegment(0, 0, 8, 8), dot,
              0.5, { 4, 4 }, { -4, -4 }, { 0, -1 })
    -- A flat box (a line from x = 2 to 6) crossed at right angles:
    -- near y = far y = 4/8 = 0.5.
    local flat = AABB(4, 4, 2, 0)
    assertHit(flat:intersectSegment(3, 0, 0, 8), flat,
              0.5, { 3, 4 }, { 0, -4 }, { 0, -1 })
    assert.is_nil(flat:intersectSegment(0, 4, 8, 0))  -- along it
    -- With padding, a zero-size box acts as a box of the padding's size:
    -- the same hit as `box` (half 2) gives: near x = (4 - 2 - 0)/8 = 0.25.
    assertHit(dot:intersectSegment(0, 5, 8, 0, 2, 2), dot,
              0.25, { 2, 5 }, { -6, 0 }, { -1, 0 })
    assertHit(box:intersectSegment(0, 5, 8, 0), box,
              0.25, { 2, 5 }, { -6, 0 }, { -1, 0 })
  end)

  it("grows the box by the padding on each axis", function()
    -- Padding (2, 1): half (4, 3), x in [0, 8], y in [1, 7].
    -- From (-4, 5) by (16, 0): near x = (4 - 4 + 4)/16 = 0.25, pos (0, 5).
    assertHit(box:intersectSegment(-4, 5, 16, 0, 2, 1), box,
              0.25, { 0, 5 }, { -12, 0 }, { -1, 0 })
    -- Padding (1, 2): from (3, -4) by (0, 16): near y = (4 - 4 + 4)/16.
    assertHit(box:intersectSegment(3, -4, 0, 16, 1, 2), box,
              0.25, { 3, 0 }, { 0, -12 }, { 0, -1 })
    -- y = 7 passes above the box but through the box padded by 2 in y:
    -- near x = (4 - 2 + 4)/16 = 0.375, pos (2, 7).
    assert.is_nil(box:intersectSegment(-4, 7, 16, 0))
    assertHit(box:intersectSegment(-4, 7, 16, 0, 0, 2), box,
              0.375, { 2, 7 }, { -10, 0 }, { -1, 0 })
    -- Touching the padded face is still no collision: y = 8 = 4 + 2 + 2.
    assert.is_nil(box:intersectSegment(-4, 8, 16, 0, 0, 2))
    -- Ending exactly at the padded face misses: near x = (0 + 4)/4 = 1.
    assert.is_nil(box:intersectSegment(-4, 5, 4, 0, 2, 2))
  end)

  it("a negative padding shrinks the box, as in intersect", function()
    local box = AABB(0, 0, 2, 2)
    -- Half 2 - 1 = 1: near x = (0 - 1 + 4) / 8 = 0.375, pos (-1, 0.5).
    assertHit(box:intersectSegment(-4, 0.5, 8, 0, -1, -1), box, 0.375,
              { -1, 0.5 }, { -5, 0 }, { -1, 0 })
    -- y = 1.5 is inside the box but outside the shrunk one: a miss.
    assert.is_nil(box:intersectSegment(-4, 1.5, 8, 0, -1, -1))
  end)

  it("paddingY defaults to 0 when only paddingX is given", function()
    -- Padding 2 in x only: x in [0, 8], y in [2, 6].
    assert.is_nil(box:intersectSegment(-4, 7, 16, 0, 2))  -- 7 is outside y
    -- x = 7 is inside the padded x range; near y = (2 + 4)/16 = 0.375.
    assertHit(box:intersectSegment(7, -4, 0, 16, 2), box,
              0.375, { 7, 2 }, { 0, -10 }, { 0, -1 })
    assert.is_nil(box:intersectSegment(7, -4, 0, 16))
  end)

  it("takes a Point or two numbers for pos and for delta", function()
    -- Each form gives the hit worked out above for (-4, 5) by (16, 0).
    local expect = { 0.375, { 2, 5 }, { -10, 0 }, { -1, 0 } }
    local forms = {
      box:intersectSegment(-4, 5, 16, 0),
      box:intersectSegment(Point(-4, 5), Point(16, 0)),
      box:intersectSegment(Point(-4, 5), 16, 0),
      box:intersectSegment(-4, 5, Point(16, 0)),
      box:intersectSegment(AABB(-4, 5, 1, 1).pos, Point(16, 0)),
    }
    assert.are.equal(5, #forms)
    for _, h in ipairs(forms) do
      assertHit(h, box, expect[1], expect[2], expect[3], expect[4])
    end
    -- And with padding (2, 1) after each form: near x = 0.25 (see above).
    local padded = {
      box:intersectSegment(-4, 5, 16, 0, 2, 1),
      box:intersectSegment(Point(-4, 5), Point(16, 0), 2, 1),
      box:intersectSegment(Point(-4, 5), 16, 0, 2, 1),
      box:intersectSegment(-4, 5, Point(16, 0), 2, 1),
    }
    assert.are.equal(4, #padded)
    for _, h in ipairs(padded) do
      assertHit(h, box, 0.25, { 0, 5 }, { -12, 0 }, { -1, 0 })
    end
  end)

  it("fills the out object and returns it", function()
    local out = Hit()
    assert.is_true(rawequal(out, box:intersectSegment(-4, 5, 16, 0, out)))
    assertHit(out, box, 0.375, { 2, 5 }, { -10, 0 }, { -1, 0 })
    -- With both paddings, then with paddingX only, then with Points.
    assert.is_true(rawequal(out, box:intersectSegment(3, -4, 0, 16, 1, 2, out)))
    assertHit(out, box, 0.25, { 3, 0 }, { 0, -12 }, { 0, -1 })
    assert.is_true(rawequal(out, box:intersectSegment(7, -4, 0, 16, 2, out)))
    assertHit(out, box, 0.375, { 7, 2 }, { 0, -10 }, { 0, -1 })
    assert.is_true(rawequal(out,
      box:intersectSegment(Point(12, 5), Point(-16, 0), out)))
    assertHit(out, box, 0.375, { 6, 5 }, { 10, 0 }, { 1, 0 })
    -- The out object's collider follows the box that was hit.
    local other = AABB(0, 0, 1, 1)
    assert.is_true(rawequal(out, other:intersectSegment(-2, 0, 4, 0, out)))
    assertHit(out, other, 0.25, { -1, 0 }, { -3, 0 }, { -1, 0 })
  end)

  it("misses leave out untouched", function()
    local out = box:intersectSegment(-4, 5, 16, 0)
    local before = snapshot(out)
    assert.is_nil(box:intersectSegment(-4, 8, 16, 0, out))         -- passes by
    assert.is_nil(box:intersectSegment(-4, 6, 16, 0, out))         -- along an edge
    assert.is_nil(box:intersectSegment(-4, 5, 6, 0, out))          -- ends at contact
    assert.is_nil(box:intersectSegment(6, 4, 4, 0, 0, 0, out))     -- leaves a face
    assert.is_nil(AABB(50, 50, 1, 1):intersectSegment(Point(0, 0), Point(1, 1), out))
    assert.are.same(before, snapshot(out))
    assert.is_true(rawequal(box, out.collider))
  end)
end)

describe("AABB:intersectAABB", function()
  -- Centre (8, 8), half (4, 4): x and y in [4, 12].
  local box = AABB(8, 8, 4, 4)

  it("pushes the other box out along x when the x overlap is the smaller", function()
    -- Other at (14, 9) half 3: px = 3 + 4 - 6 = 1, py = 7 - 1 = 6.
    -- x axis, sign(6) = +1, pos (8 + 4, other.pos.y).
    assertHit(box:intersectAABB(AABB(14, 9, 3, 3)), box,
              0, { 12, 9 }, { 1, 0 }, { 1, 0 })
    -- Mirrored: (2, 7): dx = -6, px = 1, py = 6.
    assertHit(box:intersectAABB(AABB(2, 7, 3, 3)), box,
              0, { 4, 7 }, { -1, 0 }, { -1, 0 })
  end)

  it("pushes the other box out along y when the y overlap is the smaller", function()
    -- Other at (9, 14.5) half 3: px = 7 - 1 = 6, py = 7 - 6.5 = 0.5.
    assertHit(box:intersectAABB(AABB(9, 14.5, 3, 3)), box,
              0, { 9, 12 }, { 0, 0.5 }, { 0, 1 })
    assertHit(box:intersectAABB(AABB(7, 1.5, 3, 3)), box,
              0, { 7, 4 }, { 0, -0.5 }, { 0, -1 })
  end)

  it("touching a face is not a collision", function()
    assert.is_nil(box:intersectAABB(AABB(15, 8, 3, 3)))   -- px = 7 - 7 = 0
    assert.is_nil(box:intersectAABB(AABB(1, 9, 3, 3)))
    assert.is_nil(box:intersectAABB(AABB(8, 15, 3, 3)))   -- py = 0
    assert.is_nil(box:intersectAABB(AABB(9, 1, 3, 3)))
    assert.is_nil(box:intersectAABB(AABB(15, 15, 3, 3)))  -- corners touch
    assert.is_nil(box:intersectAABB(AABB(20, 8, 3, 3)))   -- apart
  end)

  it("axis ties pick y", function()
    -- (14, 14) half 3: px = py = 1.
    assertHit(box:intersectAABB(AABB(14, 14, 3, 3)), box,
              0, { 14, 12 }, { 0, 1 }, { 0, 1 })
    assertHit(box:intersectAABB(AABB(2, 2, 3, 3)), box,
              0, { 2, 4 }, { 0, -1 }, { 0, -1 })
    -- px = py = 1 with dx > 0 and dy < 0: y axis, sign(-6) = -1.
    assertHit(box:intersectAABB(AABB(14, 2, 3, 3)), box,
              0, { 14, 4 }, { 0, -1 }, { 0, -1 })
  end)

  it("sign(0) is +1: concentric boxes push out towards +", function()
    -- Same centre, half 2: px = py = 6, tie, y, dy = 0 -> +1.
    assertHit(box:intersectAABB(AABB(8, 8, 2, 2)), box,
              0, { 8, 12 }, { 0, 6 }, { 0, 1 })
    -- Same centre, half (2, 8): px = 6 < py = 12, x, dx = 0 -> +1.
    assertHit(box:intersectAABB(AABB(8, 8, 2, 8)), box,
              0, { 12, 8 }, { 6, 0 }, { 1, 0 })
  end)

  it("-0 and 0 push out the same way", function()
    local origin = AABB(0, 0, 4, 4)
    for _, p in ipairs({ { 0, 0 }, { NZ, NZ }, { NZ, 0 }, { 0, NZ } }) do
      -- dx, dy are 0 or -0: px = py = 6, y axis, +1 for both zeros.
      assertHit(origin:intersectAABB(AABB(p[1], p[2], 2, 2)), origin,
                0, { p[1], 4 }, { 0, 6 }, { 0, 1 })
      -- px = 6 < py = 12: x axis, +1 for both zeros.
      assertHit(origin:intersectAABB(AABB(p[1], p[2], 2, 8)), origin,
                0, { 4, p[2] }, { 6, 0 }, { 1, 0 })
    end
  end)

  it("zero-size boxes", function()
    -- A zero-size box inside is pushed out like intersectPoint pushes a
    -- point: (9, 9): px = 0 + 4 - 1 = 3, py = 3, tie, y, +1.
    local dot = AABB(9, 9, 0, 0)
    assertHit(box:intersectAABB(dot), box, 0, { 9, 12 }, { 0, 3 }, { 0, 1 })
    assertHit(box:intersectPoint(9, 9), box, 0, { 9, 12 }, { 0, 3 }, { 0, 1 })
    -- The other way round: dx = -1, dy = -1, px = py = 3, y, sign(-1);
    -- pos (box.pos.x, dot.pos.y + 0 * -1).
    assertHit(dot:intersectAABB(box), dot, 0, { 8, 9 }, { 0, -3 }, { 0, -1 })
    -- On a face, or two zero-size boxes at one place: no overlap.
    assert.is_nil(box:intersectAABB(AABB(12, 9, 0, 0)))
    assert.is_nil(dot:intersectAABB(AABB(9, 9, 0, 0)))
    assert.is_nil(dot:intersectAABB(dot))
  end)

  it("reports the box whose method was called as the collider", function()
    local other = AABB(14, 9, 3, 3)
    assertHit(box:intersectAABB(other), box, 0, { 12, 9 }, { 1, 0 }, { 1, 0 })
    -- Swapped: dx = -6, px = 1: pushes `box` out of `other`, pos on other's
    -- face x = 14 - 3 = 11, y = box.pos.y.
    assertHit(other:intersectAABB(box), other, 0, { 11, 8 }, { -1, 0 }, { -1, 0 })
  end)

  it("fills the out object and returns it", function()
    local out = Hit()
    assert.is_true(rawequal(out, box:intersectAABB(AABB(14, 9, 3, 3), out)))
    assertHit(out, box, 0, { 12, 9 }, { 1, 0 }, { 1, 0 })
    assert.is_true(rawequal(out, box:intersectAABB(AABB(9, 14.5, 3, 3), out)))
    assertHit(out, box, 0, { 9, 12 }, { 0, 0.5 }, { 0, 1 })
  end)

  it("misses leave out untouched", function()
    local out = box:intersectAABB(AABB(14, 9, 3, 3))
    local before = snapshot(out)
    assert.is_nil(box:intersectAABB(AABB(15, 8, 3, 3), out))
    assert.is_nil(AABB(100, 100, 1, 1):intersectAABB(box, out))
    assert.are.same(before, snapshot(out))
    assert.is_true(rawequal(box, out.collider))
  end)
end)
