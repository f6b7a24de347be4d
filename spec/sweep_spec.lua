local impact = require "impact"

-- The moving-box tests: sweepAABB and sweepInto, after the intersect
-- library's semantics. sweepAABB is intersectSegment of the moving centre
-- against the static box padded by the moving box's half size; the stop time
-- is backed off by impact.EPSILON. Expected values are worked out by hand in
-- the comments. Inputs are small integers and powers of two, so hit times,
-- normals, deltas and contact points are exact; positions reached at a
-- backed-off time round, so they are compared with a tolerance.

local AABB, Point, Sweep = impact.AABB, impact.Point, impact.Sweep
local EPS = impact.EPSILON

local helpers = require "helpers"
local NZ, assertHit = helpers.NZ, helpers.assertHit

local TOL = 1e-12  -- for positions reached at a backed-off time


-- time exactly; pos exactly, or within tol when given.
local function assertSweep(s, time, x, y, tol)
  assert.are.equal("Sweep", impact.type(s))
  assert.are.equal(time, s.time)
  if tol then
    assert.is_near(x, s.pos.x, tol)
    assert.is_near(y, s.pos.y, tol)
  else
    assert.are.same({ x, y }, { s.pos.x, s.pos.y })
  end
end

-- A stop: the box that started at (x, y) and moved (dx, dy) hit at time t
-- and went t - EPSILON of the way. The time is one subtraction, compared
-- exactly; the position is compared with a tolerance.
local function assertStop(s, t, x, y, dx, dy)
  local time = t - EPS
  assertSweep(s, time, x + dx * time, y + dy * time, TOL)
  assert.is_true(s.time < s.hit.time)
end

-- An unobstructed sweep: the whole move, time 1, no hit.
local function assertClear(s, x, y)
  assertSweep(s, 1, x, y)
  assert.is_nil(s.hit)
end

describe("AABB:sweepAABB", function()
  -- The static box: centre (0, 0), half (2, 2), x and y in [-2, 2]. A
  -- moving box of half (2, 2) sweeps its centre against half (4, 4).
  local box = AABB(0, 0, 2, 2)

  it("stops just short of the face it runs into", function()
    -- From (-8, 0) by (8, 0): near x = (0 - 4 - -8)/8 = 0.5. Centre contact
    -- at (-4, 0); hit.pos = clamp(-4 + 1 * 2, -2, 2) = -2, on the face.
    -- hit.delta = (1 - 0.5) * -(8, 0).
    local moving = AABB(-8, 0, 2, 2)
    local s = box:sweepAABB(moving, 8, 0)
    assertHit(s.hit, box, 0.5, { -2, 0 }, { -4, 0 }, { -1, 0 })
    assertStop(s, 0.5, -8, 0, 8, 0)
    assert.is_true(s.pos.x < -4, "the box ends before contact")
    -- From (8, 0) by (-8, 0): near x = (0 + 4 - 8)/-8 = 0.5; centre contact
    -- (4, 0), hit.pos = clamp(4 - 2, -2, 2) = 2.
    s = box:sweepAABB(AABB(8, 0, 2, 2), -8, 0)
    assertHit(s.hit, box, 0.5, { 2, 0 }, { 4, 0 }, { 1, 0 })
    assertStop(s, 0.5, 8, 0, -8, 0)
    assert.is_true(s.pos.x > 4)
  end)

  it("stops short along y, padded by the moving box's own half size", function()
    -- Half (1, 1): padded half 3. From (0, 8) by (0, -16):
    -- near y = (0 + 3 - 8)/-16 = 5/16. Centre contact (0, 3); direction
    -- (0, -1), hit.pos = (0, clamp(3 - 1, -2, 2)) = (0, 2).
    -- hit.delta = (1 - 5/16) * -(0, -16) = (0, 11).
    local s = box:sweepAABB(AABB(0, 8, 1, 1), 0, -16)
    assertHit(s.hit, box, 5 / 16, { 0, 2 }, { 0, 11 }, { 0, 1 })
    assertStop(s, 5 / 16, 0, 8, 0, -16)
    assert.is_true(s.pos.y > 3)
  end)

  it("keeps hit.pos on the static box", function()
    -- Half (1, 1), padded 3. From (-6, -4) by (4, 4): near x = 3/4,
    -- near y = 1/4, far x = 9/4, far y = 7/4: the x face at 0.75.
    -- Centre contact (-3, -1); direction (1, 1)/sqrt(2):
    -- hit.pos.x = clamp(-3 + 0.707.., -2, 2) = -2,
    -- hit.pos.y = clamp(-1 + 0.707.., -2, 2) = -1 + sqrt(0.5).
    local s = box:sweepAABB(AABB(-6, -4, 1, 1), 4, 4)
    local h = s.hit
    assert.are.same({ 0.75, -2, -1, -1, -1, 0 },
                    { h.time, h.pos.x, h.delta.x, h.delta.y, h.normal.x, h.normal.y })
    assert.is_near(-1 + math.sqrt(0.5), h.pos.y, TOL)
    assert.is_true(rawequal(box, h.collider))
    assertStop(s, 0.75, -6, -4, 4, 4)
  end)

  it("a sweep ending exactly at contact is unobstructed", function()
    -- From (-8, 0) by (4, 0): near x = 4/4 = 1, a miss; the moving box ends
    -- with its right face on the static box's left face.
    assertClear(box:sweepAABB(AABB(-8, 0, 2, 2), 4, 0), -4, 0)
    -- Along y: from (0, 8) by (0, -4), near y = (4 - 8)/-4 = 1.
    assertClear(box:sweepAABB(AABB(0, 8, 2, 2), 0, -4), 0, 4)
  end)

  it("touching a face is not a collision: sliding along a face", function()
    -- Centre x = -4 is on the padded left face: the slab test misses.
    assertClear(box:sweepAABB(AABB(-4, -8, 2, 2), 0, 16), -4, 8)
    assertClear(box:sweepAABB(AABB(-8, 4, 2, 2), 16, 0), 8, 4)
    assertClear(box:sweepAABB(AABB(-8, 4, 2, 2), 16, NZ), 8, 4)
  end)

  it("a corner graze hits", function()
    -- From (-8, 0) by (8, 8): the centre passes exactly through the padded
    -- corner (-4, 4), the boxes' corners meet at (-2, 2). near x = 4/8,
    -- far y = 4/8, near y = -4/8: a hit at 0.5 on the x face.
    -- hit.pos = (clamp(-4 + 1.41.., -2, 2), clamp(4 + 1.41.., -2, 2)).
    local s = box:sweepAABB(AABB(-8, 0, 2, 2), 8, 8)
    assertHit(s.hit, box, 0.5, { -2, 2 }, { -4, -4 }, { -1, 0 })
    assertStop(s, 0.5, -8, 0, 8, 8)
    -- Half a unit higher it misses: far y = (4 - 0.5)/8 < near x = 0.5.
    assertClear(box:sweepAABB(AABB(-8, 0.5, 2, 2), 8, 8), 0, 8.5)
  end)

  it("leaving a face at time 0 misses", function()
    -- Touching the left face and moving away: far x = (-4 - -4)/-8 = 0.
    assertClear(box:sweepAABB(AABB(-4, 0, 2, 2), -8, 0), -12, 0)
    -- Touching the top face and moving up, and diagonally away.
    assertClear(box:sweepAABB(AABB(1, 4, 2, 2), 0, 8), 1, 12)
    assertClear(box:sweepAABB(AABB(-4, 0, 2, 2), -8, 8), -12, 8)
  end)

  it("moving into a face it touches stops at time 0", function()
    -- Touching the left face, moving right: near x = (-4 - -4)/8 = 0.
    -- sweep.time = clamp(0 - EPSILON, 0, 1) = 0, so pos is exactly the start.
    -- hit.pos = clamp(-4 + 2, -2, 2) = -2; hit.delta = 1 * -(8, 0).
    local moving = AABB(-4, 0, 2, 2)
    local s = box:sweepAABB(moving, 8, 0)
    assertHit(s.hit, box, 0, { -2, 0 }, { -8, 0 }, { -1, 0 })
    assertSweep(s, 0, -4, 0)
  end)

  it("starting inside gives time 0", function()
    -- From (-1, 0) by (8, 0): near x = (-4 - -1)/8 < 0, clamped to 0; the x
    -- normal (near y is -inf). hit.pos = (clamp(-1 + 2, -2, 2), 0) = (1, 0).
    local s = box:sweepAABB(AABB(-1, 0, 2, 2), 8, 0)
    assertHit(s.hit, box, 0, { 1, 0 }, { -8, 0 }, { -1, 0 })
    assertSweep(s, 0, -1, 0)
    -- From (0, 1) by (0, -4): near y = (4 - 1)/-4 < 0: time 0, y normal +1.
    -- hit.pos = (0, clamp(1 - 2, -2, 2)) = (0, -1); hit.delta = (0, 4).
    s = box:sweepAABB(AABB(0, 1, 2, 2), 0, -4)
    assertHit(s.hit, box, 0, { 0, -1 }, { 0, 4 }, { 0, 1 })
    assertSweep(s, 0, 0, 1)
  end)

  it("axis ties pick y", function()
    -- From (-8, -8) by (8, 8): near x = near y = 4/8 = 0.5, the y face.
    -- hit.pos = (clamp(-4 + 1.41.., -2, 2), clamp(-4 + 1.41.., -2, 2)).
    local s = box:sweepAABB(AABB(-8, -8, 2, 2), 8, 8)
    assertHit(s.hit, box, 0.5, { -2, -2 }, { -4, -4 }, { 0, -1 })
    assertStop(s, 0.5, -8, -8, 8, 8)
    -- From (8, -8) by (-8, 8): near x = (4 - 8)/-8 = 0.5 = near y.
    s = box:sweepAABB(AABB(8, -8, 2, 2), -8, 8)
    assertHit(s.hit, box, 0.5, { 2, -2 }, { 4, -4 }, { 0, -1 })
  end)

  it("EPSILON backs the sweep off in time", function()
    -- sweep.time = hit.time - EPSILON, and the box at sweep.pos is clear of
    -- the static box, short of contact by 8 * EPSILON.
    local moving = AABB(-8, 0, 2, 2)
    local s = box:sweepAABB(moving, 8, 0)
    assert.are.equal(0.5, s.hit.time)
    assert.are.equal(0.5 - EPS, s.time)
    assert.is_nil(box:intersectAABB(AABB(s.pos, moving.half)))
    assert.is_near(8 * EPS, -4 - s.pos.x, 1e-13)
    -- In time, not in distance: 256 times the delta, 256 times the gap.
    -- From (-1028, 0) by (2048, 0): near x = (-4 + 1028)/2048 = 0.5.
    s = box:sweepAABB(AABB(-1028, 0, 2, 2), 2048, 0)
    assert.are.equal(0.5 - EPS, s.time)
    assert.is_near(2048 * EPS, -4 - s.pos.x, 1e-10)
  end)

  it("EPSILON never backs the sweep off before its start", function()
    -- From (-4 - 2^-30, 0) by (1, 0): near x = (-4 - (-4 - 2^-30))/1 =
    -- 2^-30, less than EPSILON: sweep.time = clamp(2^-30 - EPSILON, 0, 1) = 0
    -- and the box does not move, exactly.
    local tiny = 2 ^ -30
    assert.is_true(tiny < EPS)
    local moving = AABB(-4 - tiny, 0, 2, 2)
    local s = box:sweepAABB(moving, 1, 0)
    assertHit(s.hit, box, tiny, { -2, 0 }, { -(1 - tiny), 0 }, { -1, 0 })
    assertSweep(s, 0, -4 - tiny, 0)
  end)

  it("zero delta falls back to intersectAABB", function()
    -- Overlapping at (3, 1): dx = 3, px = 4 - 3 = 1; dy = 1, py = 3:
    -- pushed out along +x, hit.pos (0 + 2, 1); time 0, pos unchanged.
    local moving = AABB(3, 1, 2, 2)
    for _, delta in ipairs({ { 0, 0 }, { NZ, NZ }, { NZ, 0 }, { 0, NZ } }) do
      local s = box:sweepAABB(moving, delta[1], delta[2])
      assertHit(s.hit, box, 0, { 2, 1 }, { 1, 0 }, { 1, 0 })
      assertSweep(s, 0, 3, 1)
    end
    local s = box:sweepAABB(moving, Point(0, 0))
    assertHit(s.hit, box, 0, { 2, 1 }, { 1, 0 }, { 1, 0 })
    -- Touching, or apart: time 1, pos unchanged, no hit.
    assertClear(box:sweepAABB(AABB(4, 0, 2, 2), 0, 0), 4, 0)
    assertClear(box:sweepAABB(AABB(9, 9, 2, 2), 0, 0), 9, 9)
  end)

  it("no hit gives time 1 and the whole move", function()
    -- Passing above: centre y = 8 is outside the padded (-4, 4).
    assertClear(box:sweepAABB(AABB(-8, 8, 2, 2), 16, 0), 8, 8)
    -- Moving away.
    assertClear(box:sweepAABB(AABB(-8, 0, 2, 2), -8, 0), -16, 0)
    -- Stopping short.
    assertClear(box:sweepAABB(AABB(-8, 0, 2, 2), 2, 0), -6, 0)
  end)

  it("zero-size boxes", function()
    -- A zero-size moving box is a segment: from (-8, 1) by (16, 0),
    -- near x = (-2 + 8)/16 = 0.375, contact (-2, 1); hit.pos adds
    -- direction * 0 and stays (-2, 1); hit.delta = 0.625 * -16.
    local s = box:sweepAABB(AABB(-8, 1, 0, 0), 16, 0)
    assertHit(s.hit, box, 0.375, { -2, 1 }, { -10, 0 }, { -1, 0 })
    assertStop(s, 0.375, -8, 1, 16, 0)
    -- A zero-size static box padded by the mover's half 2: near x = 0.375;
    -- hit.pos = clamp(-2 + 2, 0, 0) = 0, clamp(0, 0, 0) = 0.
    local dot = AABB(0, 0, 0, 0)
    s = dot:sweepAABB(AABB(-8, 0, 2, 2), 16, 0)
    assertHit(s.hit, dot, 0.375, { 0, 0 }, { -10, 0 }, { -1, 0 })
    assertStop(s, 0.375, -8, 0, 16, 0)
    -- Two zero-size boxes: a segment along an edge of nothing, a miss.
    assertClear(dot:sweepAABB(AABB(-8, 0, 0, 0), 16, 0), 8, 0)
  end)

  it("takes a Point or two numbers for delta", function()
    local moving = AABB(-8, 0, 2, 2)
    for _, s in ipairs({ box:sweepAABB(moving, 8, 0),
                         box:sweepAABB(moving, Point(8, 0)) }) do
      assertHit(s.hit, box, 0.5, { -2, 0 }, { -4, 0 }, { -1, 0 })
      assertStop(s, 0.5, -8, 0, 8, 0)
    end
  end)

  it("fills the out object and returns it", function()
    local out = Sweep()
    local moving = AABB(-8, 0, 2, 2)
    assert.is_true(rawequal(out, box:sweepAABB(moving, 8, 0, out)))
    assertHit(out.hit, box, 0.5, { -2, 0 }, { -4, 0 }, { -1, 0 })
    assertStop(out, 0.5, -8, 0, 8, 0)
    -- A miss fills it too: no hit, the whole move.
    assert.is_true(rawequal(out, box:sweepAABB(moving, Point(-8, 0), out)))
    assertClear(out, -16, 0)
    -- Another box and a y hit: hit.collider follows.
    local other = AABB(0, 16, 2, 2)
    assert.is_true(rawequal(out, other:sweepAABB(AABB(0, 0, 2, 2), 0, 8, out)))
    -- near y = (16 - 4 - 0)/8 = 1.5: a miss; by (0, 16): 12/16 = 0.75.
    assertClear(out, 0, 8)
    assert.is_true(rawequal(out, other:sweepAABB(AABB(0, 0, 2, 2), 0, 16, out)))
    -- contact (0, 12), hit.pos = (0, clamp(12 + 2, 14, 18)) = (0, 14).
    assertHit(out.hit, other, 0.75, { 0, 14 }, { 0, -4 }, { 0, -1 })
    assertStop(out, 0.75, 0, 0, 0, 16)
  end)

  it("a hit kept from an out Sweep still reads its last contact after a miss reuses the Sweep", function()
    local box = AABB(0, 0, 2, 2)
    local out = box:sweepAABB(AABB(-8, 0, 2, 2), 8, 0, Sweep())
    local kept = out.hit
    -- near x = (0 - 4 + 8)/8 = 0.5: contact (-4, 0), hit.pos (-2, 0).
    assertHit(kept, box, 0.5, { -2, 0 }, { -4, 0 }, { -1, 0 })
    -- A move at y = 9 passes above the box: a miss.
    box:sweepAABB(AABB(-8, 9, 2, 2), 8, 0, out)
    assert.is_nil(out.hit)
    assertHit(kept, box, 0.5, { -2, 0 }, { -4, 0 }, { -1, 0 })
  end)
end)

describe("AABB:sweepInto", function()
  -- The mover: centre (0, 0), half (1, 1), moving (16, 0). Walls of half
  -- (1, 4) pad to half (2, 5).
  local mover = AABB(0, 0, 1, 1)
  local near = AABB(8, 0, 1, 4)    -- near x = (8 - 2)/16 = 0.375
  local far = AABB(12, 0, 1, 4)    -- near x = (12 - 2)/16 = 0.625
  local above = AABB(8, 10, 1, 1)  -- y = 0 is outside the padded (8, 12)

  -- The stop against `near`: contact (6, 0), hit.pos = (clamp(6 + 1, 7, 9),
  -- clamp(0, -4, 4)) = (7, 0), hit.delta = 0.625 * -(16, 0).
  local function assertNear(s)
    assertHit(s.hit, near, 0.375, { 7, 0 }, { -10, 0 }, { -1, 0 })
    assertStop(s, 0.375, 0, 0, 16, 0)
  end

  it("returns the nearest stop among the colliders", function()
    assertNear(mover:sweepInto({ far, near }, 16, 0))
    assertNear(mover:sweepInto({ near, far }, 16, 0))
    assertNear(mover:sweepInto({ above, far, near, above }, 16, 0))
    -- The same stop as sweeping against `near` alone.
    local alone = near:sweepAABB(mover, 16, 0)
    assertNear(alone)
  end)

  it("sweepInto ties go to the first collider", function()
    -- Two walls at the same x, one each side of the mover's path:
    -- padded y ranges (-5, 1) and (-1, 5) both hold 0, near x = 0.375 both.
    -- hit.pos = (7, clamp(0, -4, 0)) and (7, clamp(0, 0, 4)): (7, 0).
    local low, high = AABB(8, -2, 1, 2), AABB(8, 2, 1, 2)
    local s = mover:sweepInto({ low, high }, 16, 0)
    assertHit(s.hit, low, 0.375, { 7, 0 }, { -10, 0 }, { -1, 0 })
    s = mover:sweepInto({ high, low }, 16, 0)
    assertHit(s.hit, high, 0.375, { 7, 0 }, { -10, 0 }, { -1, 0 })
    s = mover:sweepInto({ far, high, near, low }, 16, 0)
    assertHit(s.hit, high, 0.375, { 7, 0 }, { -10, 0 }, { -1, 0 })
    -- Two distinct boxes at the same place.
    local twin1, twin2 = AABB(8, 0, 1, 4), AABB(8, 0, 1, 4)
    assert.is_true(rawequal(twin1, mover:sweepInto({ twin1, twin2 }, 16, 0).hit.collider))
    assert.is_true(rawequal(twin2, mover:sweepInto({ twin2, twin1 }, 16, 0).hit.collider))
  end)

  it("sweepInto ties are judged on the backed-off time", function()
    -- Moving (1, 0): `first` is 2^-30 away (near x = (2 + 2^-30 - 2)/1),
    -- `touching` is touching (near x = 0). Both back off to time 0, a tie,
    -- so the first listed wins even though the other is hit earlier.
    local tiny = 2 ^ -30
    local first = AABB(2 + tiny, 0, 1, 1)
    local touching = AABB(2, 0.5, 1, 1)  -- padded y range (-1.5, 2.5)
    local s = mover:sweepInto({ first, touching }, 1, 0)
    assert.is_true(rawequal(first, s.hit.collider))
    assert.are.equal(tiny, s.hit.time)
    assertSweep(s, 0, 0, 0)
    s = mover:sweepInto({ touching, first }, 1, 0)
    assert.is_true(rawequal(touching, s.hit.collider))
    assert.are.equal(0, s.hit.time)
    assertSweep(s, 0, 0, 0)
  end)

  it("sweepInto takes the nearer of two entries closer than EPSILON", function()
    -- `closer` is `near` moved 2^-30 towards the mover: it is entered at
    -- (8 - 2^-30 - 2)/16 = 0.375 - 2^-34 (exact), 2^-34 (6e-11) before
    -- `near`, far less than EPSILON. Backed off by EPSILON, its stop is
    -- still the earlier one, so it is taken listed second as well as first.
    local closer = AABB(8 - 2 ^ -30, 0, 1, 4)
    local entry = 0.375 - 2 ^ -34
    for _, list in ipairs({ { near, closer }, { closer, near } }) do
      local s = mover:sweepInto(list, 16, 0)
      assert.is_true(rawequal(closer, s.hit.collider))
      assert.are.equal(entry, s.hit.time)
      assert.are.equal(entry - EPS, s.time)
      assert.is_true(s.time < near:sweepAABB(mover, 16, 0).time)
    end
  end)

  it("sweepInto skips the moving box", function()
    -- Listed anywhere, the mover itself would stop it at time 0; it is
    -- skipped.
    assertNear(mover:sweepInto({ mover, near }, 16, 0))
    assertNear(mover:sweepInto({ near, mover }, 16, 0))
    assertClear(mover:sweepInto({ mover }, 16, 0), 16, 0)
    assertClear(mover:sweepInto({ mover }, 0, 0), 0, 0)
    -- A different box in the same place is not skipped: starting inside it,
    -- near x = (0 - 2 - 0)/16 < 0 gives time 0, the x face; hit.pos =
    -- (clamp(0 + 1, -1, 1), 0) = (1, 0); hit.delta = 1 * -(16, 0).
    local twin = AABB(0, 0, 1, 1)
    local s = mover:sweepInto({ twin, near }, 16, 0)
    assertHit(s.hit, twin, 0, { 1, 0 }, { -16, 0 }, { -1, 0 })
    assertSweep(s, 0, 0, 0)
  end)

  it("an empty array gives the unobstructed sweep", function()
    assertClear(mover:sweepInto({}, 16, 0), 16, 0)
    assertClear(mover:sweepInto({}, Point(-3, 5)), -3, 5)
    assertClear(mover:sweepInto({}, 0, 0), 0, 0)
  end)

  it("gives the unobstructed sweep when nothing is in the way", function()
    assertClear(mover:sweepInto({ above }, 16, 0), 16, 0)
    -- Stopping exactly at contact with `near` (near x = 6/6 = 1) is no stop.
    assertClear(mover:sweepInto({ near, above }, 6, 0), 6, 0)
  end)

  it("falls back to intersectAABB for a zero delta", function()
    -- `overlap` at (1, 0.5) half 1, the mover at (0, 0): dx = -1,
    -- px = 1 + 1 - 1 = 1; dy = -0.5, py = 1.5: the x axis, sign -1, hit.pos
    -- (1 - 1, mover.pos.y) = (0, 0).
    local overlap = AABB(1, 0.5, 1, 1)
    local s = mover:sweepInto({ near, overlap }, 0, 0)
    assertHit(s.hit, overlap, 0, { 0, 0 }, { -1, 0 }, { -1, 0 })
    assertSweep(s, 0, 0, 0)
    assertClear(mover:sweepInto({ near }, 0, 0), 0, 0)
  end)

  it("takes a Point or two numbers for delta", function()
    assertNear(mover:sweepInto({ far, near }, Point(16, 0)))
    assertNear(mover:sweepInto({ far, near }, AABB(16, 0, 1, 1).pos))
  end)

  it("fills the out object and returns it", function()
    local out = Sweep()
    assert.is_true(rawequal(out, mover:sweepInto({ far, near }, 16, 0, out)))
    assertNear(out)
    -- An unobstructed sweep clears out.hit.
    assert.is_true(rawequal(out, mover:sweepInto({}, Point(16, 0), out)))
    assertClear(out, 16, 0)
    -- Then a stop against `far` alone: contact (10, 0), hit.pos
    -- (clamp(10 + 1, 11, 13), 0) = (11, 0), hit.delta = 0.375 * -16.
    assert.is_true(rawequal(out, mover:sweepInto({ far }, Point(16, 0), out)))
    assertHit(out.hit, far, 0.625, { 11, 0 }, { -6, 0 }, { -1, 0 })
    assertStop(out, 0.625, 0, 0, 16, 0)
  end)
end)
