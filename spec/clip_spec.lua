local impact = require "impact"

-- box:clipSegment(pos, delta) -> kind, t0, t1: Liang–Barsky against the
-- closed box (its boundary belongs to it). The kind follows from the
-- endpoints; [t0, t1] is the part of the segment in the box. Every expected
-- value is worked out by hand in the comment next to it; the inputs are small
-- integers and powers of two, so the arithmetic is exact and so are the
-- comparisons.

local AABB, Point = impact.AABB, impact.Point

-- A negative zero made at run time, so that no compiler folds it into +0.
local NZ = -tonumber("0.0")

local function isPosZero(v) return v == 0 and 1 / v > 0 end

-- Exactly three results: the kind, then t0 and t1 (both nil when outside).
local function assertClip(kind, t0, t1, ...)
  assert.are.equal(3, select("#", ...))
  assert.are.same({ kind, t0, t1 }, { ... })
end

local helpers = require "helpers"
local assertError = helpers.assertError

-- Centre (8, 4), half (4, 2): x in [4, 12], y in [2, 6].
local box = AABB(8, 4, 4, 2)

describe("AABB:clipSegment", function()
  it("traverse: both ends outside, some point inside", function()
    -- (0, 4) to (16, 4): x = 4 at t = 4/16, x = 12 at t = 12/16.
    assertClip("traverse", 0.25, 0.75, box:clipSegment(0, 4, 16, 0))
    -- (3, 0) to (11, 8): x = 4 at t = 1/8 (in from there on); y = 2 at
    -- t = 2/8 and y = 6 at t = 6/8. The later entry and the earlier exit.
    assertClip("traverse", 0.25, 0.75, box:clipSegment(3, 0, 8, 8))
  end)

  it("enter: starts outside, ends inside", function()
    -- (0, 4) to (8, 4): x = 4 at t = 4/8.
    assertClip("enter", 0.5, 1, box:clipSegment(0, 4, 8, 0))
    -- (8, 10) to (8, 2): y = 6 at t = 4/8; the end lies on the bottom side.
    assertClip("enter", 0.5, 1, box:clipSegment(8, 10, 0, -8))
  end)

  it("exit: starts inside, ends outside", function()
    -- (8, 4) to (16, 4): x = 12 at t = 4/8.
    assertClip("exit", 0, 0.5, box:clipSegment(8, 4, 8, 0))
    -- (8, 4) to (8, -4): y = 2 at t = 2/8.
    assertClip("exit", 0, 0.25, box:clipSegment(8, 4, 0, -8))
  end)

  it("inside: both ends in the box", function()
    assertClip("inside", 0, 1, box:clipSegment(5, 3, 6, 2))
    -- Corner to opposite corner: the whole diagonal.
    assertClip("inside", 0, 1, box:clipSegment(4, 2, 8, 4))
  end)

  it("outside: no point in the box, and nil, nil for the interval", function()
    assertClip("outside", nil, nil, box:clipSegment(0, 0, 2, 8))    -- x <= 2
    assertClip("outside", nil, nil, box:clipSegment(0, 8, 16, 0))   -- passes above
    assertClip("outside", nil, nil, box:clipSegment(0, 4, -4, 0))   -- points away
    assertClip("outside", nil, nil, box:clipSegment(0, 4, 2, 0))    -- stops short
    -- (0, 6) to (6, 12): reaches x = 4 at t = 2/3, where y = 10 > 6.
    assertClip("outside", nil, nil, box:clipSegment(0, 6, 6, 6))
    -- Passes the corner (12, 6) on the outside: (8, 11) to (16, 3) crosses
    -- x = 12 at t = 1/2, where y = 7.
    assertClip("outside", nil, nil, box:clipSegment(8, 11, 8, -8))
  end)

  it("a segment through a corner exactly touches it: traverse with t0 == t1", function()
    -- (8, 10) to (16, 2): at t = 1/2 it is at the corner (12, 6); y = 6 is
    -- reached at t = 4/8 and x = 12 left at t = 4/8.
    assertClip("traverse", 0.5, 0.5, box:clipSegment(8, 10, 8, -8))
    -- (0, 4) to (8, 0) through the corner (4, 2) at t = 1/2.
    assertClip("traverse", 0.5, 0.5, box:clipSegment(0, 4, 8, -4))
  end)

  it("a corner touch is exact even when its time is not a binary fraction", function()
    -- (1, 5) to (10, -4) touches (4, 2) at t = 3/9 on both axes: the same
    -- quotient rounds the same way, so t0 == t1 == 1/3 as a double.
    assertClip("traverse", 1 / 3, 1 / 3, box:clipSegment(1, 5, 9, -9))
  end)

  it("a segment missing a corner by less than its times can round to is outside", function()
    -- Box [-1, 1] x [-1, 1]: (2, 0) along (-1.5, 1.5) enters at x = 1 at
    -- t = 2/3 and leaves at y = 1 at t = 1/1.5 = 2/3, through the corner.
    local b = AABB(0, 0, 1, 1)
    assertClip("traverse", 2 / 3, 2 / 3, b:clipSegment(2, 0, -1.5, 1.5))
    -- With half height 1 - 2^-53 it leaves at (1 - 2^-53) / 1.5, a third
    -- of an ulp below the double nearest 2/3, as the entry is: the times
    -- round alike, but it leaves before it enters and misses the corner.
    b = AABB(0, 0, 1, 1 - 2 ^ -53)
    assertClip("outside", nil, nil, b:clipSegment(2, 0, -1.5, 1.5))
    -- Half height 1 + 2^-52: it leaves 4/3 ulp after 2/3, which rounds to
    -- the double 2^-52 above it.
    b = AABB(0, 0, 1, 1 + 2 ^ -52)
    assertClip("traverse", 2 / 3, 2 / 3 + 2 ^ -52, b:clipSegment(2, 0, -1.5, 1.5))
  end)

  it("corner touches and one-ulp corner misses over random integer scenes", function()
    -- A line with the other slope than the corner's meets the box at that
    -- corner alone: through it at t = a / (a + k), traverse with t0 == t1
    -- == a / (a + k) rounded; the box an ulp smaller on an axis, outside;
    -- an ulp bigger, traverse. Small integers: all exact but the ulps.
    local seed = 12345
    local function below(n)
      seed = (seed * 16807) % 2147483647
      return seed % n
    end
    local function steps(h)  -- to the doubles above and below h > 0
      local e = 1
      while e <= h do e = e * 2 end
      while e > h do e = e / 2 end  -- 2^floor(log2(h))
      return e * 2 ^ -52, h == e and e * 2 ^ -53 or e * 2 ^ -52
    end
    for _ = 1, 3000 do
      local sx, sy = below(2) * 2 - 1, below(2) * 2 - 1
      local way = below(2) * 2 - 1
      local ux, uy = way * sx * (1 + below(50)), -way * sy * (1 + below(50))
      local a, k = 1 + below(1000), 1 + below(1000)
      local cx, cy = below(41) - 20, below(41) - 20
      local hx, hy = 1 + below(20), 1 + below(20)
      local px, py = cx + sx * hx - a * ux, cy + sy * hy - a * uy
      local dx, dy = (a + k) * ux, (a + k) * uy
      local t = a / (a + k)
      assertClip("traverse", t, t, AABB(cx, cy, hx, hy):clipSegment(px, py, dx, dy))
      local upx, downx = steps(hx)
      local upy, downy = steps(hy)
      assertClip("outside", nil, nil, AABB(cx, cy, hx - downx, hy):clipSegment(px, py, dx, dy))
      assertClip("outside", nil, nil, AABB(cx, cy, hx, hy - downy):clipSegment(px, py, dx, dy))
      for _, b in ipairs({ AABB(cx, cy, hx + upx, hy), AABB(cx, cy, hx, hy + upy) }) do
        local kind, t0, t1 = b:clipSegment(px, py, dx, dy)
        assert.are.equal("traverse", kind)
        assert.is_true(t0 <= t1)
      end
    end
  end)

  it("an entry and an exit that round past each other near t = 1 are one touch", function()
    -- Box x in [-1, 1], y in [-1 - 2^-60, 1 - 2^-60]. (2^-61, -2) along
    -- (1, 1) enters at y = -1 - 2^-60 at t = 1 - 2^-60, which rounds to 1,
    -- and leaves at x = 1 at t = 1 - 2^-61, held below 1 since the end is
    -- out: both at the double below 1.
    local b = AABB(0, -2 ^ -60, 1, 1)
    assertClip("traverse", 1 - 2 ^ -53, 1 - 2 ^ -53, b:clipSegment(2 ^ -61, -2, 1, 1))
  end)

  it("a segment that ends exactly on the boundary enters with t0 == t1 == 1", function()
    assertClip("enter", 1, 1, box:clipSegment(0, 4, 4, 0))     -- ends on x = 4
    assertClip("enter", 1, 1, box:clipSegment(16, 10, -4, -4)) -- ends on a corner
  end)

  it("a segment that starts on the boundary and leaves exits with t0 == t1 == 0", function()
    assertClip("exit", 0, 0, box:clipSegment(4, 4, -4, 0))     -- leaves x = 4
    assertClip("exit", 0, 0, box:clipSegment(8, 6, 0, 1))      -- leaves y = 6
    assertClip("exit", 0, 0, box:clipSegment(12, 6, 1, 1))     -- leaves a corner
  end)

  it("a segment that starts on the boundary and goes in is inside or exit as its end says", function()
    assertClip("inside", 0, 1, box:clipSegment(4, 4, 4, 0))
    -- (4, 4) to (20, 4): x = 12 at t = 8/16.
    assertClip("exit", 0, 0.5, box:clipSegment(4, 4, 16, 0))
  end)

  it("a segment from inside to the boundary is inside", function()
    assertClip("inside", 0, 1, box:clipSegment(8, 4, 4, 0))
    assertClip("inside", 0, 1, box:clipSegment(8, 4, 4, 2))    -- to a corner
  end)

  it("a segment lying exactly on an edge belongs to the box", function()
    -- Along y = 6 from x = 0 to 16: in for x in [4, 12], t in [4/16, 12/16].
    assertClip("traverse", 0.25, 0.75, box:clipSegment(0, 6, 16, 0))
    -- Along x = 4 from y = 0 to 8: in for y in [2, 6], t in [2/8, 6/8].
    assertClip("traverse", 0.25, 0.75, box:clipSegment(4, 0, 0, 8))
    assertClip("inside", 0, 1, box:clipSegment(5, 6, 6, 0))
    -- Along y = 2 from x = 0 to 8: x = 4 at t = 4/8.
    assertClip("enter", 0.5, 1, box:clipSegment(0, 2, 8, 0))
    -- Along x = 12 from y = 4 to 8: y = 6 at t = 2/4.
    assertClip("exit", 0, 0.5, box:clipSegment(12, 4, 0, 4))
  end)

  it("a segment on an edge's line touching only its end point", function()
    assertClip("enter", 1, 1, box:clipSegment(0, 6, 4, 0))     -- ends on (4, 6)
    assertClip("exit", 0, 0, box:clipSegment(12, 6, 4, 0))    -- starts on (12, 6)
    assertClip("outside", nil, nil, box:clipSegment(13, 6, 4, 0))
  end)

  it("a segment parallel to a side just outside misses", function()
    local e = 2 ^ -40
    assertClip("outside", nil, nil, box:clipSegment(0, 6 + e, 16, 0))
    assertClip("outside", nil, nil, box:clipSegment(0, 2 - e, 16, 0))
    assertClip("outside", nil, nil, box:clipSegment(4 - e, 0, 0, 8))
    assertClip("outside", nil, nil, box:clipSegment(12 + e, 0, 0, 8))
    -- Just inside, it crosses like any other: t in [4/16, 12/16].
    assertClip("traverse", 0.25, 0.75, box:clipSegment(0, 6 - e, 16, 0))
  end)

  it("zero-length segments are inside with [0, 1] or outside", function()
    assertClip("inside", 0, 1, box:clipSegment(8, 4, 0, 0))
    assertClip("inside", 0, 1, box:clipSegment(4, 3, 0, 0))     -- on a side
    assertClip("inside", 0, 1, box:clipSegment(12, 6, 0, 0))    -- on a corner
    assertClip("inside", 0, 1, box:clipSegment(8, 4, NZ, NZ))   -- -0 delta
    assertClip("outside", nil, nil, box:clipSegment(13, 4, 0, 0))
    assertClip("outside", nil, nil, box:clipSegment(4 - 2 ^ -40, 4, NZ, 0))
  end)

  it("zero-width boxes are a vertical segment", function()
    local wall = AABB(8, 4, 0, 2)  -- x = 8, y in [2, 6]
    -- (0, 4) to (16, 4) crosses x = 8 at t = 8/16 only.
    assertClip("traverse", 0.5, 0.5, wall:clipSegment(0, 4, 16, 0))
    -- Along it, (8, 0) to (8, 8): y in [2, 6] for t in [2/8, 6/8].
    assertClip("traverse", 0.25, 0.75, wall:clipSegment(8, 0, 0, 8))
    assertClip("inside", 0, 1, wall:clipSegment(8, 3, 0, 2))
    assertClip("exit", 0, 0, wall:clipSegment(8, 4, 4, 0))
    assertClip("enter", 1, 1, wall:clipSegment(4, 4, 4, 0))
    assertClip("outside", nil, nil, wall:clipSegment(0, 0, 16, 0))       -- below it
    assertClip("outside", nil, nil, wall:clipSegment(8 + 2 ^ -30, 0, 0, 8))  -- beside it
  end)

  it("zero-height boxes are a horizontal segment", function()
    local floor = AABB(8, 4, 4, 0)  -- y = 4, x in [4, 12]
    assertClip("traverse", 0.5, 0.5, floor:clipSegment(8, 0, 0, 8))
    assertClip("traverse", 0.25, 0.75, floor:clipSegment(0, 4, 16, 0))
    assertClip("outside", nil, nil, floor:clipSegment(0, 5, 16, 0))
  end)

  it("zero-size boxes are a point", function()
    local dot = AABB(8, 4, 0, 0)
    -- (0, 0) to (16, 8) passes (8, 4) at t = 1/2.
    assertClip("traverse", 0.5, 0.5, dot:clipSegment(0, 0, 16, 8))
    -- Off by 2^-40 in delta.y: at x = 8 (t = 1/2) y = 4 + 2^-41.
    assertClip("outside", nil, nil, dot:clipSegment(0, 0, 16, 8 + 2 ^ -40))
    assertClip("inside", 0, 1, dot:clipSegment(8, 4, 0, 0))
    assertClip("enter", 1, 1, dot:clipSegment(0, 0, 8, 4))
  end)

  it("a -0 half size acts as 0 and gives no -0 times", function()
    local dot = AABB(8, 4, NZ, NZ)
    local kind, t0, t1 = dot:clipSegment(8, 4, 4, 0)
    assert.are.equal("exit", kind)
    assert.is_true(isPosZero(t0) and isPosZero(t1))
  end)

  it("the kind follows from the endpoints and agrees with the interval", function()
    -- Every segment between points of a grid around the box: the kind is
    -- what containment of the two endpoints says, t0 == 0 exactly when the
    -- start is in, t1 == 1 exactly when the end is, and 0 <= t0 <= t1 <= 1.
    local function inbox(x, y) return x >= 4 and x <= 12 and y >= 2 and y <= 6 end
    local count = 0
    for x0 = 2, 14, 2 do for y0 = 0, 8 do for x1 = 2, 14, 2 do for y1 = 0, 8 do
      local kind, t0, t1 = box:clipSegment(x0, y0, x1 - x0, y1 - y0)
      local s, e = inbox(x0, y0), inbox(x1, y1)
      local where = ("(%d, %d) to (%d, %d)"):format(x0, y0, x1, y1)
      if s or e then
        local want = s and e and "inside" or s and "exit" or "enter"
        assert.are.equal(want, kind, where)
      else
        assert.is_true(kind == "traverse" or kind == "outside", where)
      end
      if kind == "outside" then
        assert.is_nil(t0, where)
        assert.is_nil(t1, where)
      else
        assert.is_true(0 <= t0 and t0 <= t1 and t1 <= 1, where)
        assert.are.equal(s, t0 == 0, where)
        assert.are.equal(e, t1 == 1, where)
        count = count + 1
      end
    end end end end
    assert.is_true(count > 1000)
  end)

  it("a side that centre +- half cannot represent is where the box says", function()
    -- Centre 2^52 + 1, half 1/2: the right side is x = 2^52 + 3/2, which
    -- rounds to 2^52 + 2 as a double. From the centre along +1 the segment
    -- ends at 2^52 + 2, outside, and leaves at t = (1/2) / 1.
    local b = AABB(2 ^ 52 + 1, 0, 0.5, 1)
    assertClip("exit", 0, 0.5, b:clipSegment(2 ^ 52 + 1, 0, 1, 0))
  end)

  it("a start whose offset from the centre rounds is where the box says", function()
    -- Centre 1/2, half 2^53: the right side is x = 2^53 + 1/2. The start
    -- 2^53 is 1/2 inside it, though 2^53 - 1/2 (its offset from the centre)
    -- rounds to 2^53. Moving +1 it leaves at t = (1/2) / 1.
    local b = AABB(0.5, 0, 2 ^ 53, 1)
    assertClip("exit", 0, 0.5, b:clipSegment(2 ^ 53, 0, 1, 0))
  end)

  it("a start outside by a hair never reads t0 == 0", function()
    -- Box x in [0, 2]; the start is 2^-1074 left of it and the delta is 2:
    -- it enters at t = 2^-1075, which underflows to 0, so t0 is held at the
    -- smallest normal number 2^-1022. The end, 2 - 2^-1074, is inside.
    local b = AABB(1, 1, 1, 1)
    assertClip("enter", 2 ^ -1022, 1, b:clipSegment(-2 ^ -1074, 1, 2, 0))
  end)

  it("an end outside by less than the rounding never reads t1 == 1", function()
    -- Centre -1/2, half 2^53 + 2: the right side is x = 2^53 + 3/2. From
    -- -2^53 - 2 (inside, the left side is -2^53 - 5/2) along 2^54 + 4 the end
    -- is 2^53 + 2, outside; it leaves at t = (2^54 + 7/2) / (2^54 + 4), which
    -- rounds to 1, so t1 is held at the double below 1, 1 - 2^-53.
    local b = AABB(-0.5, 0, 2 ^ 53 + 2, 1)
    assertClip("exit", 0, 1 - 2 ^ -53, b:clipSegment(-2 ^ 53 - 2, 0, 2 ^ 54 + 4, 0))
  end)

  it("takes a Point or two numbers for pos and delta", function()
    assertClip("traverse", 0.25, 0.75, box:clipSegment(Point(0, 4), Point(16, 0)))
    assertClip("traverse", 0.25, 0.75, box:clipSegment(Point(0, 4), 16, 0))
    assertClip("traverse", 0.25, 0.75, box:clipSegment(0, 4, Point(16, 0)))
    local other = AABB(0, 4, 16, 0)
    assertClip("traverse", 0.25, 0.75, box:clipSegment(other.pos, other.half))
  end)

  it("impact.clipSegment(box, pos, delta) is the same call", function()
    assert.is_true(rawequal(impact.AABB.clipSegment, impact.clipSegment))
    assertClip("traverse", 0.25, 0.75, impact.clipSegment(box, 0, 4, 16, 0))
    assertClip("exit", 0, 0.5, impact.clipSegment(box, Point(8, 4), Point(8, 0)))
    assertClip("outside", nil, nil, impact.clipSegment(box, 0, 4, -4, 0))
  end)

  it("follows the box when it moves", function()
    local b = AABB(8, 4, 4, 2)
    b.pos.x = 0  -- now x in [-4, 4]: (0, 4) to (16, 4) leaves at t = 4/16
    assertClip("exit", 0, 0.25, b:clipSegment(0, 4, 16, 0))
  end)

  it("bad input raises errors naming clipSegment", function()
    assertError("bad argument #1 to 'clipSegment' (Point or number expected, got string)",
      function() local _ = box:clipSegment("x") end)
    assertError("bad argument #3 to 'clipSegment' (Point or number expected, got no value)",
      function() local _ = box:clipSegment(0, 4) end)
    assertError("bad argument #2 to 'clipSegment' (number expected, got nil)",
      function() local _ = box:clipSegment(0, nil, 1, 1) end)
    assertError("bad argument #1 to 'clipSegment' (finite number expected, got nan)",
      function() local _ = box:clipSegment(0 / 0, 4, 16, 0) end)
    assertError("bad argument #4 to 'clipSegment' (finite number expected, got inf)",
      function() local _ = box:clipSegment(0, 4, 16, math.huge) end)
    assertError("bad argument #2 to 'clipSegment' (Point with finite coordinates expected)",
      function() local _ = box:clipSegment(Point(0, 4), Point(1, 0) / 0) end)
    assertError("bad argument #1 to 'clipSegment' (AABB expected, got Point)",
      function() local _ = impact.clipSegment(Point(), 0, 4, 16, 0) end)
    assertError("bad argument #4 to 'clipSegment' (Point or number expected, got no value)",
      function() local _ = impact.clipSegment(box, 0, 4) end)
    assertError("calling 'clipSegment' on bad self (AABB expected, got table)",
      function()
        local fake = setmetatable({}, { __index = impact.AABB })
        local _ = fake:clipSegment(0, 4, 16, 0)
      end)
  end)

  it("allocates nothing per call with number arguments", function()
    assert.are.equal(0, helpers.allocated(function(n)
      for _ = 1, n do
        box:clipSegment(0, 4, 16, 0)   -- traverse
        box:clipSegment(0, 4, -4, 0)   -- outside
        box:clipSegment(8, 4, 1, 1)    -- inside
      end
    end, 20000))
  end)
end)
