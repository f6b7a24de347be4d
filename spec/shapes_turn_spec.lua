local impact = require "impact"

-- S:sweep(moving, delta, dangle[, out]) and moving:sweepInto(colliders,
-- delta, dangle[, out]): moving translates by the delta and turns by dangle
-- about its pos, both linearly in time. It never passes through: at the
-- stop the two are apart, and first contact comes within 1e-6 of the scene
-- (the moving shape's reach plus its travel) after it. sweep.angle is the
-- angle reached. Contact angles are worked out with trigonometry.

local AABB, OBB, Circle, Capsule, Polygon = impact.AABB, impact.OBB, impact.Circle,
  impact.Capsule, impact.Polygon
local Point, Sweep = impact.Point, impact.Sweep
local pi, asin, acos, sqrt = math.pi, math.asin, math.acos, math.sqrt

-- moving placed at time t of its motion: a new rectangle or circle; a
-- Capsule or Polygon is moved itself (callers pass a fresh one).
local function at(moving, dx, dy, dangle, t)
  local x, y = moving.pos.x + dx * t, moving.pos.y + dy * t
  if impact.type(moving) == "AABB" then
    moving = OBB(x, y, moving.half.x, moving.half.y, dangle * t)
  elseif impact.type(moving) == "Circle" then
    moving = Circle(x, y, moving.radius)
  elseif impact.type(moving) == "OBB" then
    moving = OBB(x, y, moving.half.x, moving.half.y, moving.angle + dangle * t)
  else
    moving.pos, moving.angle = Point(x, y), moving.angle + dangle * t
  end
  return moving
end

-- A hit at the contact angle (worked out by hand) of a shape of that
-- reach turning at the rate dangle from angle0 (the scene: the reach and
-- its travel): the stop is before it, within the tolerance (the angle
-- left times the reach), at the angle of its time.
local function assertTurnStop(s, angle0, contact, dangle, reach, what)
  local scene = reach + math.abs(dangle) * reach
  assert.is_not_nil(s.hit, what .. ": a hit")
  local reached = s.angle - angle0
  assert.is_true(math.abs(reached) <= math.abs(contact - angle0), what .. ": before contact")
  assert.is_true(math.abs(contact - s.angle) * reach <= 1e-6 * scene, what .. ": close to contact")
  assert.are.equal(angle0 + dangle * s.time, s.angle, what .. ": angle at the time")
end

describe("turning sweeps", function()
  it("stop a bar turning about its end into a wall at the contact angle", function()
    -- tip at (2 cos a, 2 sin a) grown by 0.25 meets y = 1 when sin a = 0.375
    local wall = AABB(0, 2, 5, 1)
    local bar = Capsule(0, 0, 2, 0, 0.25)
    local s = wall:sweep(bar, 0, 0, pi / 2)
    local contact = asin(0.375)
    assertTurnStop(s, 0, contact, pi / 2, 2.25, "bar")
    assert.is_true(math.abs(s.hit.time * pi / 2 - contact) < 1e-5, "contact time")
    assert.are.same({ 0, -1 }, { s.hit.normal.x, s.hit.normal.y })
    assert.is_true(math.abs(s.hit.pos.y - 1) < 1e-12 and math.abs(s.hit.pos.x - 2 * math.cos(contact)) < 1e-5,
                   "pos on the wall under the tip")
    bar.angle = s.angle
    assert.is_false(wall:intersects(bar), "apart at the stop")
    bar.angle = contact + 1e-5
    assert.is_true(wall:intersects(bar), "overlapping past contact")
  end)

  it("stop a thin bar turning a full circle at a small circle near its tip", function()
    -- the bar's nearest point to the circle's centre is the foot of the
    -- perpendicular while 0.97 < 1: 0.97 cos a = 0.06
    local bar = Capsule(-1, 0, 1, 0, 0.01)
    local ball = Circle(0, 0.97, 0.05)
    local s = ball:sweep(bar, 0, 0, 2 * pi)
    local contact = acos(0.06 / 0.97)
    assertTurnStop(s, 0, contact, 2 * pi, 1.01, "full circle")
    local p = s.hit.pos
    assert.is_true(math.abs(sqrt(p.x * p.x + (p.y - 0.97) ^ 2) - 0.05) < 1e-12, "pos on the ball")
    assert.is_true(sqrt(p.x * p.x + p.y * p.y) > 0.9, "near the tip")
  end)

  it("turn an AABB as the OBB it is, and a box about its centre", function()
    -- a 2 x 2 box's corner at distance sqrt 2 reaches x = 1.25 at
    -- pi/4 - acos(1.25 / sqrt 2) from angle 0
    local wall = AABB(3, 0, 1.75, 5)
    for _, box in ipairs({ AABB(0, 0, 1, 1), OBB(0, 0, 1, 1, 0), Polygon({ -1, -1, 1, -1, 1, 1, -1, 1 }) }) do
      local s = wall:sweep(box, 0, 0, 1)
      local contact = pi / 4 - acos(1.25 / sqrt(2))
      assertTurnStop(s, 0, contact, 1, sqrt(2), impact.type(box))
      assert.is_true(math.abs(s.hit.normal.x + 1) < 1e-9, "normal out of the wall")
    end
  end)

  it("equal the straight sweep bit for bit with no turn", function()
    local shapes = {
      AABB(0, 0, 1, 0.5), OBB(0, 0, 1, 0.5, 0.3), Circle(0, 0, 0.75),
      Capsule(-0.5, 0, 0.5, 0.25, 0.25, 0, 0, 0.2), Polygon({ -1, -1, 1, -1, 0, 1 }, 0, 0, -0.4),
    }
    local movers = {
      AABB(-4, 0.2, 1, 0.5), OBB(-4, 0.2, 1, 0.5, 0.3), Circle(-4, 0.2, 0.75),
      Capsule(-0.5, 0, 0.5, 0.25, 0.25, -4, 0.2, 0.2), Polygon({ -1, -1, 1, -1, 0, 1 }, -4, 0.2, 1),
    }
    for _, a in ipairs(shapes) do
      for _, m in ipairs(movers) do
        local what = impact.type(a) .. " " .. impact.type(m)
        local s, t = a:sweep(m, 6, 0.5), a:sweep(m, 6, 0.5, 0)
        assert.are.equal(tostring(s), tostring(t), what)
        assert.are.same({ s.time, s.pos.x, s.pos.y, s.hit.time, s.hit.normal.x, s.hit.pos.x },
                        { t.time, t.pos.x, t.pos.y, t.hit.time, t.hit.normal.x, t.hit.pos.x }, what)
        assert.are.equal(m.angle or 0, t.angle, what .. ": own angle")
        local u = a:sweep(m, Point(6, 0.5), 0, Sweep())
        assert.are.equal(tostring(s), tostring(u), what .. ": delta as a Point")
      end
    end
  end)

  it("stop every kind turning into every kind, apart there", function()
    local shapes = {
      AABB(0, 0, 1, 0.5), OBB(0, 0, 1, 0.5, 0.3), Circle(0, 0, 0.75),
      Capsule(-0.5, 0, 0.5, 0.25, 0.25, 0, 0, 0.2), Polygon({ -1, -1, 1, -1, 0, 1 }, 0, 0, -0.4),
    }
    local function movers()
      return {
        AABB(-4, 0.2, 1, 0.5), OBB(-4, 0.2, 1, 0.5, 0.3), Circle(-4, 0.2, 0.75),
        Capsule(-0.5, 0, 0.5, 0.25, 0.25, -4, 0.2, 0.2), Polygon({ -1, -1, 1, -1, 0, 1 }, -4, 0.2, 1),
      }
    end
    for _, a in ipairs(shapes) do
      for k = 1, 5 do
        local m = movers()[k]
        local what = impact.type(a) .. " " .. impact.type(m)
        local angle0 = m.angle or 0
        local s = a:sweep(m, 6, 0.5, 2)
        assert.is_not_nil(s.hit, what)
        assert.are.equal(angle0 + 2 * s.time, s.angle, what .. ": angle")
        assert.are.same({ -4 + 6 * s.time, 0.2 + 0.5 * s.time }, { s.pos.x, s.pos.y }, what .. ": pos")
        assert.is_false(a:intersects(at(movers()[k], 6, 0.5, 2, s.time)), what .. ": apart at the stop")
        if k ~= 3 then  -- a circle's is the straight sweep's, contact exact
          assert.is_true(a:intersects(at(movers()[k], 6, 0.5, 2, s.hit.time)), what .. ": contact by hit.time")
          -- the travel after the stop is at most the scene times the time
          assert.is_true(s.hit.time - s.time <= 1e-6, what .. ": within the tolerance")
        end
        for i = 0, 200 do
          assert.is_false(a:intersects(at(movers()[k], 6, 0.5, 2, s.time * i / 200)), what .. ": before")
        end
        -- the same the other way round: a moving and the mover static
        local b = movers()[k]
        local r = b:sweep(a, -6, -0.5, 1)
        assert.is_not_nil(r.hit, what .. " reversed")
      end
    end
  end)

  it("miss when turning away from touch, and when turning in free space", function()
    -- the tip (2, 0) touches the face x = 2 and leaves it as the bar turns
    local wall = AABB(3, 0, 1, 1)
    local s = wall:sweep(Capsule(-2, 0, 2, 0, 0), 0, 0, 0.5)
    assert.is_nil(s.hit, "away from touch")
    assert.are.same({ 1, 0.5 }, { s.time, s.angle })
    s = wall:sweep(Capsule(-2, 0, 2, 0, 0), -1, 0, 3)
    assert.is_nil(s.hit, "away and turning")
    s = AABB(10, 10, 1, 1):sweep(Polygon({ -1, -1, 1, -1, 0, 1 }), 1, 1, 1e6 * 2 * pi)
    assert.is_nil(s.hit, "a million turns far from it")
    assert.are.equal(1e6 * 2 * pi, s.angle)
  end)

  it("stop at time 0 when starting in overlap, or touching and turning in", function()
    local wall = AABB(3, 0, 1, 1)
    local s = wall:sweep(Capsule(-2, 0, 2.5, 0, 0, 0, 0, 0.25), 1, 0, 1)
    assert.are.same({ 0, 0.25, 0 }, { s.time, s.angle, s.hit.time })
    assert.are.same({ -1, -0 }, { s.hit.delta.x, s.hit.delta.y })
    -- the bar lies along the box's bottom face from x = 1 to 2: turning
    -- anticlockwise lifts it into the box at once
    local box = AABB(2, 1, 1, 1)
    s = box:sweep(Capsule(0, 0, 2, 0, 0), 0, 0, 0.5)
    assert.are.same({ 0, 0 }, { s.time, s.angle })
    -- within 1e-6 of the scene (reach 2 plus travel 1) at speed 1
    assert.is_true(s.hit.time * 1 <= 1e-6 * 3, "contact at once")
    -- a bar on the line of a wall of no width, turning about the wall's
    -- end: exactly they only touch there, but the turned bar's rounded
    -- ends lay it across the wall now and then from the first instant.
    -- Touch that no probe can certify apart is contact at once
    s = AABB(1, 0, 0, 1):sweep(OBB(1, 1, 0, 3, 0), 0, 0, 0.5)
    assert.are.same({ 0, 0, 0 }, { s.time, s.angle, s.hit.time })
  end)

  it("stop before a half turn where the turned rock grazes a wall on the grid", function()
    -- Exactly, the rock's corner (3, -3), turned half round about its pos
    -- (1, -1) carried by half the delta to (-1, -4), comes to (-3, -2),
    -- the wall's end, and touches it for that instant alone; the turned
    -- vertices, rounded (pi is not a double), cross the wall by an ulp
    -- there. That pose overlaps by intersects, so the stop comes before
    -- it, and the contact at it.
    local wall = Capsule(-1, -1, -3, 1, 0, -2, -1, 0)
    local function rock(x, y, angle)
      return Polygon({ -0.5, -3, 2, -2, 3, 1, -3, 2, -2, -1 }, x, y, angle)
    end
    assert.is_true(wall:intersects(rock(-1, -4, -pi)), "the half turn's pose")
    local s = wall:sweep(rock(1, -1, 0), -4, -6, -2 * pi)
    assert.are.equal(0.5, s.hit.time)
    assert.is_true(s.time < 0.5 and s.time > 0.5 - 1e-6, "just before")
    assert.is_false(wall:intersects(rock(s.pos.x, s.pos.y, s.angle)), "apart at the stop")
  end)

  it("never stop a circle turning in place", function()
    local box = AABB(2, 0, 1, 1)
    for _, c in ipairs({ Circle(0, 0, 0.5), Circle(0, 0, 1) }) do
      local s = box:sweep(c, 0, 0, 5)
      assert.is_nil(s.hit)
      assert.are.same({ 1, 5, 0, 0 }, { s.time, s.angle, s.pos.x, s.pos.y })
    end
    local s = box:sweep(Circle(-2, 0, 0.5), 4, 0, 5)
    local t = box:sweep(Circle(-2, 0, 0.5), 4, 0)
    assert.are.same({ t.time, t.hit.time }, { s.time, s.hit.time })
    assert.are.equal(5 * t.time, s.angle)
  end)

  it("sweep into many shapes turning: the nearest, ties to the first, itself skipped", function()
    local bar = Capsule(0, 0, 2, 0, 0.25)
    local near, far = AABB(0, 2, 5, 1), AABB(0, 3, 5, 1)
    local s = bar:sweepInto({ far, bar, near }, 0, 0, pi / 2)
    assert.are.equal(near, s.hit.collider)
    local t = near:sweep(bar, 0, 0, pi / 2)
    assert.are.same({ t.time, t.angle, t.hit.time }, { s.time, s.angle, s.hit.time })
    local twin = AABB(0, 2, 5, 1)
    s = bar:sweepInto({ near, twin }, Point(0, 0), pi / 2, Sweep())
    assert.are.equal(near, s.hit.collider)
    s = bar:sweepInto({ bar }, 0, 0, pi / 2)
    assert.is_nil(s.hit)
    assert.are.same({ 1, pi / 2 }, { s.time, s.angle })
    s = bar:sweepInto({ far }, 1, 0)
    assert.are.equal(0, s.angle)
  end)

  it("keep Sweep.angle, 0 new and settable, out of tostring", function()
    local s = Sweep()
    assert.are.equal(0, s.angle)
    s.angle = 1.5
    assert.are.equal(1.5, s.angle)
    assert.is_nil(tostring(s):find("angle"))
    assert.are.equal(0.3, AABB(5, 0, 1, 1):sweep(OBB(0, 0, 1, 1, 0.3), 1, 0, 0, s).angle)
    -- the straight sweeps too, on every path (LuaJIT's fast path included),
    -- into an out Sweep that a turn left at another angle
    assert.are.equal(0.3, AABB(5, 0, 1, 1):sweep(OBB(0, 0, 1, 1, 0.3), 1, 0, s).angle)
    s.angle = 2
    assert.are.equal(0.3, AABB(5, 0, 1, 1):sweepOBB(OBB(0, 0, 1, 1, 0.3), 1, 0, s).angle)
    assert.are.equal(0, AABB(5, 0, 1, 1):sweepAABB(AABB(0, 0, 1, 1), 1, 0, s).angle)
    s.angle = 2
    assert.are.equal(0.25, Circle(5, 0, 1):sweep(Polygon({ -1, -1, 1, -1, 0, 1 }, 0, 0, 0.25), 1, 0, s).angle)
    s.angle = 2
    assert.are.equal(0.3, OBB(0, 0, 1, 1, 0.3):sweepInto({ AABB(5, 0, 1, 1), OBB(9, 0, 1, 1, 1) }, 1, 0, s).angle)
    s.angle = 2
    assert.are.equal(0, AABB(0, 0, 1, 1):sweepInto({ AABB(5, 0, 1, 1) }, 1, 0, s).angle)
  end)

  it("refuse a turn that is not a finite number, naming it (self not counted)", function()
    local box, bar = AABB(3, 0, 1, 1), Capsule(-1, 0, 1, 0, 0)
    for _, v in ipairs({ 0 / 0, math.huge, -math.huge }) do
      local what = tostring(v)
      assert.has_error(function() box:sweep(bar, 1, 0, v) end,
        "bad argument #4 to 'sweep' (finite number expected, got " .. (v ~= v and "nan" or what) .. ")")
      assert.has_error(function() box:sweep(bar, Point(1, 0), v) end,
        "bad argument #3 to 'sweep' (finite number expected, got " .. (v ~= v and "nan" or what) .. ")")
      assert.has_error(function() bar:sweepInto({ box }, 1, 0, v) end,
        "bad argument #4 to 'sweepInto' (finite number expected, got " .. (v ~= v and "nan" or what) .. ")")
    end
    assert.has_error(function() box:sweep(bar, 1, 0, 1, {}) end)
  end)
end)
