-- Push-outs separate: after `other.pos = other.pos + hit.delta` (added in
-- doubles) the strict tests find no overlap either way round, a sweep away
-- along the normal goes the whole way, and one sliding along the face is
-- not stopped at time 0 by the contact it was pushed out of. The delta
-- stays the exact push-out up to rounding (spec/core/properties.c checks
-- that against long double on the same number of cases).
local impact = require "impact"
local helpers = require "helpers"
local AABB, OBB = impact.AABB, impact.OBB

-- Per pair. The pure-Lua backend, some fifty times slower, gives the
-- native results bit for bit (spec/differential_spec.lua): a tenth of the
-- cases keeps its runs short.
local CASES = impact.backend == "native" and 100000 or 10000

describe("a push-out", function()
  it("separates boxes whose exact push-out lands one ulp short", function()
    -- 0.5 + 0.4 - |-0.3 - -0.9| is 0.29999999999999993, and -0.3 + that
    -- is -5.6e-17: 0.8999999999999999 from the box's centre, inside 0.9.
    local box, other = AABB(-0.9, 0, 0.4, 1), AABB(-0.3, 0, 0.5, 1)
    local hit = box:intersectAABB(other)
    assert.is_true(math.abs(hit.delta.x - 0.3) <= 1e-15)
    assert.are.equal(0, hit.delta.y)
    other.pos = other.pos + hit.delta
    assert.is_nil(box:intersectAABB(other))
    assert.is_nil(other:intersectAABB(box))
    assert.are.equal(1, box:sweepAABB(other, 5, 0).time)
    assert.is_nil(box:sweepAABB(other, 0, 5).hit)
  end)

  it("separates exactly where touching in doubles is still an overlap", function()
    -- Pushed out along y until the doubles' tests find them touching, the
    -- two would still overlap in exact arithmetic, by less than an ulp of
    -- the half sizes' sum, which rounds; the sweeps, which decide exactly,
    -- would then stop a move away at time 0.
    local box = AABB(1.590106356716987, -6.0, 2.6671096598961306, 4.0)
    local other = AABB(-0.06618922695891927, -5.05226421951744,
                       4.517452739565913, 0.2941777898382498)
    local hit = box:intersectAABB(other)
    assert.are.same({ 0, 1 }, { hit.normal.x, hit.normal.y })
    assert.is_true(math.abs(hit.delta.y - 3.3464420093556893) <= 1e-14)
    other.pos = other.pos + hit.delta
    assert.is_nil(box:intersectAABB(other))
    assert.is_nil(box:sweepAABB(other, 0, 2.565012709473243).hit)
    assert.is_nil(box:sweepAABB(other, 2.565012709473243, 0).hit)
    assert.is_nil(box:sweepAABB(other, -2.565012709473243, 0).hit)
  end)

  it("that already touches in doubles is the intersect library's, exactly", function()
    local wall = AABB(100, 50, 10, 40)
    helpers.assertHit(wall:intersectPoint(95, 50), wall, 0, { 90, 50 },
                      { -5, 0 }, { -1, 0 })
  end)

  it("from a rotated rectangle is a strict separation: a slide along its face goes on", function()
    local door = OBB(0, 0, 4, 1, 0.3)
    local box = AABB(0.5, 1.2, 0.5, 0.5)
    local hit = door:overlap(box)
    box.pos = box.pos + hit.delta
    assert.is_false(door:intersectAABB(box))
    local n = hit.normal
    assert.are.equal(1, door:sweepAABB(box, n.x * 3, n.y * 3).time)
    assert.is_true(door:sweepAABB(box, -n.y * 3, n.x * 3).time > 0)
    assert.is_true(door:sweepAABB(box, n.y * 3, -n.x * 3).time > 0)
  end)
end)

-- Random pairs: the second shape's centre within the sum of the half sizes
-- of the first's on each axis, at scales from 1e-3 to 1e3 and now and then
-- far from the origin.
local SCALES = { 1, 1, 16, 1e-3, 1e3 }

local function scene(r)
  local scale = r.pick(SCALES)
  local far = r.int(4) == 0 and scale * (r.int(2000001) - 1000000) / 1000 or 0
  local function num(k) return scale * k * (r.int(2 ^ 30) / 2 ^ 30 - 0.5) end
  local function half() return scale * r.int(2 ^ 30) / 2 ^ 28 end
  local function angle() return r.int(3) == 0 and 0 or num(8) / scale end
  local ax, ay, ahx, ahy = far + num(16), far + num(16), half(), half()
  local bhx, bhy = half(), half()
  return scale, ax, ay, ahx, ahy, angle(), ax + num(2 * (ahx + bhx) / scale),
         ay + num(2 * (ahy + bhy) / scale), bhx, bhy, angle()
end

-- Runs check on CASES overlapping scenes; check returns nil, or what went
-- wrong. Reports the count and the first failure.
local function property(seed, make, check)
  local r = helpers.random(seed)
  local tested, failed, first = 0, 0, nil
  while tested < CASES do
    local a, b, len = make(r)
    local hit = a.overlapping(b)
    if hit then
      tested = tested + 1
      local why = check(a.shape, b, hit, len)
      if why then
        failed = failed + 1
        first = first or why
      end
    end
  end
  assert.are.equal(CASES, tested)
  assert.are.equal(0, failed, first)
end

-- After b moves by the push-out: strict tests both ways, then sweeps of b
-- away along the normal and along the face both ways, and of the
-- collider the opposite way. sweep(x, y, dx, dy) returns the two times.
local function after(apart, sweep, exactFace)
  return function(a, b, hit, len)
    local p, d, n = b.pos, hit.delta, hit.normal
    local x, y = p.x + d.x, p.y + d.y
    p.x, p.y = x, y
    if not apart(a, b) then return "still overlapping" end
    local t1, t2 = sweep(a, b, n.x * len, n.y * len)
    if t1 ~= 1 or t2 ~= 1 then return "a sweep away stopped" end
    for side = -1, 1, 2 do
      t1, t2 = sweep(a, b, -n.y * len * side, n.x * len * side)
      if exactFace and (t1 ~= 1 or t2 ~= 1) or not (t1 > 0 and t2 > 0) then
        return "a slide along the face stopped"
      end
    end
  end
end

describe("push-outs separate on random pairs:", function()
  local hit, sweep = impact.Hit(), impact.Sweep()

  it("AABB from AABB", function()
    local a, b = AABB(), AABB()
    local shape = { shape = a, overlapping = function(o) return a:intersectAABB(o, hit) end }
    property(1, function(r)
      local scale, ax, ay, ahx, ahy, _, bx, by, bhx, bhy = scene(r)
      a.pos.x, a.pos.y, a.half.x, a.half.y = ax, ay, ahx, ahy
      b.pos.x, b.pos.y, b.half.x, b.half.y = bx, by, bhx, bhy
      return shape, b, scale * 3
    end, after(function(p, q) return not p:intersectAABB(q) and not q:intersectAABB(p) end,
      function(p, q, dx, dy)
        local t = p:sweepAABB(q, dx, dy, sweep).time
        return t, q:sweepAABB(p, -dx, -dy, sweep).time
      end, true))
  end)

  it("a point from an AABB or an OBB", function()
    local a, b = OBB(), AABB()
    local shape = { shape = a,
                    overlapping = function(o) return a:intersectPoint(o.pos.x, o.pos.y, hit) end }
    property(2, function(r)
      local scale, ax, ay, ahx, ahy, angle, bx, by = scene(r)
      a.pos.x, a.pos.y, a.half.x, a.half.y, a.angle = ax, ay, ahx, ahy, angle
      b.pos.x, b.pos.y = bx, by
      return shape, b, scale * 3
    end, after(function(p, q) return not p:intersectPoint(q.pos.x, q.pos.y) end,
      function(p, q, dx, dy)
        local h = p:intersectSegment(q.pos.x, q.pos.y, dx, dy, hit)
        local t = h and h.time or 1
        return t, t
      end, false))
  end)

  local function rectangles(seed, bAligned)
    local a, b = OBB(), bAligned and AABB() or OBB()
    local shape = { shape = a, overlapping = function(o) return a:overlap(o, hit) end }
    local apart = bAligned
      and function(p, q) return not p:intersectAABB(q) and not p:overlap(q) end
      or function(p, q) return not p:intersectOBB(q) and not q:intersectOBB(p) end
    local sweepOf = bAligned and a.sweepAABB or a.sweepOBB
    property(seed, function(r)
      local scale, ax, ay, ahx, ahy, angle, bx, by, bhx, bhy, bangle = scene(r)
      a.pos.x, a.pos.y, a.half.x, a.half.y, a.angle = ax, ay, ahx, ahy, angle
      b.pos.x, b.pos.y, b.half.x, b.half.y = bx, by, bhx, bhy
      if not bAligned then b.angle = bangle end
      return shape, b, scale * 3
    end, after(apart, function(p, q, dx, dy)
      local t = sweepOf(p, q, dx, dy, sweep).time
      return t, t
    end, false))
  end

  it("OBB from OBB", function() rectangles(3, false) end)
  it("AABB from OBB", function() rectangles(4, true) end)
end)
