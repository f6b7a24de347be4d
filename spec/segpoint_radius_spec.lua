local impact = require "impact"

-- impact.sweepSegmentPoint(a0, a1, b0, b1, c0, c1, radius): the point c is
-- the centre of a disc of that radius, and the result is the first time t
-- in [0, 1] at which the disc touches the closed moving segment a(t)b(t)
-- (0 when it already does at time 0) and s, the parameter of the segment's
-- point nearest the centre then, or nil. Each expected value is worked out
-- by hand in the comment next to it. Times are within 1e-12, but that of a
-- tangent graze, which is known to the square root of the tolerance.

local Point = impact.Point
local sweep = impact.sweepSegmentPoint
local unpack = table.unpack or unpack

local function pack(...) return { n = select("#", ...), ... } end

local function assertNear(t, s, tol, ...)
  local got = pack(sweep(...))
  assert.are.equal(2, got.n)
  assert.is_near(t, got[1], tol)
  assert.is_near(s, got[2], tol)
end

local function assertMiss(...)
  local got = pack(sweep(...))
  assert.are.equal(1, got.n)
  assert.is_nil(got[1])
end

local assertError = require("helpers").assertError

describe("impact.sweepSegmentPoint with a radius", function()
  it("meets the segment's middle head-on at (gap - r) / speed", function()
    -- Still segment (0, 0)-(10, 0); the disc's centre falls from (4, 5) to
    -- (4, -5), speed 10, gap 5, r 1: t = (5 - 1) / 10, s = 4 / 10.
    assertNear(0.4, 0.4, 1e-12, 0, 0, 0, 0, 10, 0, 10, 0, 4, 5, 4, -5, 1)
    assertNear(0.4, 0.4, 1e-12, Point(0, 0), Point(0, 0), Point(10, 0),
               Point(10, 0), Point(4, 5), Point(4, -5), 1)
  end)

  it("meets an end cap", function()
    -- The centre comes along the segment's line from x = 14 to 6: it is 1
    -- from b = (10, 0) at x = 11, t = 3 / 8, s = 1.
    assertNear(3 / 8, 1, 1e-12, 0, 0, 0, 0, 10, 0, 10, 0, 14, 0, 6, 0, 1)
    -- Off the line, at 45 degrees to it: the centre from (13, 3) to (9, -1)
    -- passes 1 from b at (10 + 1/sqrt 2, 1/sqrt 2), t = (3 - 1/sqrt 2) / 4.
    local h = 1 / math.sqrt(2)
    assertNear((3 - h) / 4, 1, 1e-12, 0, 0, 0, 0, 10, 0, 10, 0, 13, 3, 9, -1, 1)
  end)

  it("meets a still disc swept by a turning segment", function()
    -- a stays at the origin while b goes from (20, 0) to (0, 20): the
    -- segment's angle is theta with tan theta = t / (1 - t). The disc at
    -- c = (3, 8), r 1, is at distance |c| sin(phi - theta) from its line,
    -- phi = atan2(8, 3): 1 when theta = phi - asin(1 / |c|). Its foot is
    -- sqrt(|c|^2 - 1) from a, so s = sqrt(72) / |b(t)|, in [0, 1].
    local theta = (math.atan2 or math.atan)(8, 3) - math.asin(1 / math.sqrt(73))
    local tan = math.tan(theta)
    local t = tan / (1 + tan)
    local s = math.sqrt(72) / (20 * math.sqrt((1 - t) ^ 2 + t ^ 2))
    assertNear(t, s, 1e-12, 0, 0, 0, 0, 20, 0, 0, 20, 3, 8, 3, 8, 1)
  end)

  it("with radius 0 is the point's sweep, bit for bit", function()
    local scenes = {
      { 0, 0, 0, 0, 4, 0, 4, 0, 2, 2, 2, -2 },            -- one crossing
      { 0, 0, 0, 0, 10, 0, 10, 0, 5, 5, 5, 5 },           -- a miss
      { 0, -1, 0, 1, 4, 1, 4, -1, 2, 0, 2, 0 },           -- two contacts
      { 0.1, 0.2, 0.3, -0.7, 5.5, 1, -2, 3, 1.25, 1, 0.5, -0.5 },
    }
    for _, v in ipairs(scenes) do
      local u = { unpack(v) }
      u[13] = 0
      assert.are.same(pack(sweep(unpack(v))), pack(sweep(unpack(u, 1, 13))))
      u[13] = nil
      assert.are.same(pack(sweep(unpack(v))), pack(sweep(unpack(v, 1, 12))))
    end
  end)

  it("gives 0 for a disc that starts touching or overlapping", function()
    -- The centre starts 0.5 above the segment, s = 0.3.
    assertNear(0, 0.3, 0, 0, 0, 0, 0, 10, 0, 10, 0, 3, 0.5, 3, 5, 1)
    -- Exactly r away at time 0, moving away: touching is contact.
    assertNear(0, 0.3, 0, 0, 0, 0, 0, 10, 0, 10, 0, 3, 1, 3, 5, 1)
    -- Past the a end, 1 from it.
    assertNear(0, 0, 0, 0, 0, 0, 0, 10, 0, 10, 0, -1, 0, -5, 0, 1)
  end)

  it("touches on a graze at distance r exactly", function()
    -- The centre runs along y = 1 from x = -5 to 15: it first touches the a
    -- cap, tangentially, at (0, 1), t = 1 / 4.
    assertNear(0.25, 0, 1e-6, 0, 0, 0, 0, 10, 0, 10, 0, -5, 1, 15, 1, 1)
    -- Falling straight onto the side, it arrives at distance 1 at t = 1.
    assertNear(1, 0.5, 1e-12, 0, 0, 0, 0, 10, 0, 10, 0, 5, 5, 5, 1, 1)
  end)

  it("misses by 1e-9", function()
    assertMiss(0, 0, 0, 0, 10, 0, 10, 0, -5, 1 + 1e-9, 15, 1 + 1e-9, 1)
    assertMiss(0, 0, 0, 0, 10, 0, 10, 0, 5, 5, 5, 1 + 1e-9, 1)
    assertMiss(0, 0, 0, 0, 10, 0, 10, 0, 12 + 1e-9, 0, 20, 0, 2)
  end)

  it("takes a = b as a point, a disc against a moving point", function()
    -- The point (2, 2); the centre falls from (2, 10) to (2, 0), r 3:
    -- 10 - 10 t - 2 = 3 at t = 1 / 2; s is 0 on a segment of no length.
    assertNear(0.5, 0, 1e-12, 2, 2, 2, 2, 2, 2, 2, 2, 2, 10, 2, 0, 3)
    -- A moving point: from (0, 0) to (4, 0), the centre still at (4, 0),
    -- r 1: 1 apart at t = 3 / 4.
    assertNear(0.75, 0, 1e-12, 0, 0, 4, 0, 0, 0, 4, 0, 4, 0, 4, 0, 1)
  end)

  it("handles no motion and a segment shrinking to a point", function()
    assertMiss(0, 0, 0, 0, 10, 0, 10, 0, 5, 3, 5, 3, 1)
    assertNear(0, 0.5, 0, 0, 0, 0, 0, 10, 0, 10, 0, 5, 1, 5, 1, 1)
    -- a from (0, 0) to (5, 0), b from (10, 0) to (5, 0); the centre falls
    -- from (5, 3) to (5, -3): distance 1 at t = 1 / 3, where a = (5/3, 0)
    -- and b = (25/3, 0), s = 1 / 2.
    assertNear(1 / 3, 0.5, 1e-12, 0, 0, 5, 0, 10, 0, 5, 0, 5, 3, 5, -3, 1)
  end)

  it("refuses a bad radius", function()
    local p = Point(0, 0)
    assertError("bad argument #7 to 'sweepSegmentPoint' (negative radius)",
                function() local t = sweep(p, p, p, p, p, p, -1) return t end)
    assertError("bad argument #13 to 'sweepSegmentPoint' (finite number expected, got nan)",
                function()
                  local t = sweep(0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0 / 0)
                  return t
                end)
    assertError("bad argument #7 to 'sweepSegmentPoint' (finite number expected, got inf)",
                function() local t = sweep(p, p, p, p, p, p, math.huge) return t end)
    assertError("bad argument #7 to 'sweepSegmentPoint' (number expected, got string)",
                function() local t = sweep(p, p, p, p, p, p, "1") return t end)
  end)
end)
