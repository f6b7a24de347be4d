local impact = require "impact"

-- impact.sweepSegmentPoint(a0, a1, b0, b1, c0, c1): the segment's ends move
-- from a0 to a1 and from b0 to b1 while the point moves from c0 to c1, over
-- time [0, 1]. Relative to a, the segment is d(t) = b(t) - a(t) and the point
-- e(t) = c(t) - a(t); the point is on the segment's line when
-- f(t) = cross(d, e) = 0, and on the segment when s = dot(e, d) / |d|^2 is
-- in [0, 1]. Each expected value is worked out by hand in the comment next
-- to it: f factored, its roots, and s there. Inputs are small integers and
-- powers of two unless a case is about other numbers, so most answers are
-- exact and compared exactly.

local Point = impact.Point
local sweep = impact.sweepSegmentPoint

local function pack(...) return { n = select("#", ...), ... } end

-- All the results of a call, nil included, as a list with its length n.
local function hits(...) return pack(sweep(...)) end

local function assertHits(expected, ...)
  local got = hits(...)
  expected.n = #expected
  assert.are.same(expected, got)
end

local function assertMiss(...)
  local got = hits(...)
  assert.are.equal(1, got.n)
  assert.is_nil(got[1])
end

-- One contact, compared within tol.
local function assertNear(t, s, tol, ...)
  local got = hits(...)
  assert.are.equal(2, got.n)
  assert.is_near(t, got[1], tol)
  assert.is_near(s, got[2], tol)
end

local assertError = require("helpers").assertError

describe("impact.sweepSegmentPoint, in typical use", function()
  it("finds where a mouse swipe cuts a rope that moves up", function()
    -- Rope from (0, 0)-(4, 0) to (0, 2)-(4, 2): y = 2t. Swipe from (1, 3)
    -- to (1, -3): y = 3 - 6t. They meet when 3 - 6t = 2t, t = 3/8, at
    -- x = 1, a quarter of the way along the rope.
    assertHits({ 0.375, 0.25 }, 0, 0, 0, 2, 4, 0, 4, 2, 1, 3, 1, -3)
  end)

  it("finds when a spinning blade touches a bullet", function()
    -- Blade ends (-2, 0) -> (0, -2) and (2, 0) -> (0, 2): d = (4 - 4t, 4t),
    -- a = (-2 + 2t, -2t). Bullet (0, 1) -> (1, 0): e = (2 - t, 1 + t).
    -- f = (4 - 4t)(1 + t) - 4t(2 - t) = 4 - 8t: t = 1/2, where a = (-1, -1),
    -- d = (2, 2), e = (1.5, 1.5): s = 3/4.
    assertHits({ 0.5, 0.75 }, -2, 0, 0, -2, 2, 0, 0, 2, 0, 1, 1, 0)
  end)

  it("returns nil when the bullet passes beyond the blade's tip", function()
    -- As above with the bullet (2, 3) -> (3, 2): e = (4 - t, 3 + t),
    -- f = (4 - 4t)(3 + t) - 4t(4 - t) = 12 - 24t: t = 1/2, e = (3.5, 3.5),
    -- s = 7/4 > 1.
    assertMiss(-2, 0, 0, -2, 2, 0, 0, 2, 2, 3, 3, 2)
  end)

  it("accepts Points or pairs of numbers for each end, left to right", function()
    assertHits({ 0.375, 0.25 }, Point(0, 0), 0, 2, Point(4, 0), 4, 2,
               Point(1, 3), Point(1, -3))
    assertHits({ 0.375, 0.25 }, 0, 0, Point(0, 2), 4, 0, Point(4, 2), 1, 3,
               1, -3)
  end)

  it("gives floats for integer arguments and ignores those past the radius", function()
    -- The contacts of the case below: t = 0 and s = 1 are floats, as every
    -- result is, under Lua 5.3 and 5.4 (math.type tells them apart). A nil
    -- radius is none (segpoint_radius_spec.lua has the radius).
    local got = hits(0, 0, 0, 0, 2, 0, 0, 2, 1, 0, 1, 2, nil, "extra", {})
    assert.are.same({ n = 4, 0, 0.5, 0.5, 1 }, got)
    if math.type then
      for i = 1, 4 do assert.are.equal("float", math.type(got[i])) end
    end
  end)

  it("returns the two contacts in time order", function()
    -- a fixed at the origin, b from (2, 0) to (0, 2): d = (2 - 2t, 2t).
    -- Point (1, 0) -> (1, 2): e = (1, 2t). f = (2 - 2t)2t - 2t = 2t - 4t^2:
    -- t = 0 (s = 1/2) and t = 1/2 (d = e = (1, 1): s = 1).
    assertHits({ 0, 0.5, 0.5, 1 }, 0, 0, 0, 0, 2, 0, 0, 2, 1, 0, 1, 2)
  end)
end)

describe("impact.sweepSegmentPoint, edge cases", function()
  it("constant non-zero: a point moving parallel to the segment never meets it", function()
    -- d = (1, 0), e = (t, 1): f = 1 for all t.
    assertMiss(0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1)
  end)

  it("misses when the point crosses the segment's line beyond an end", function()
    -- f = 0 at t = 1/2 where the point is at (2, 0): s = 2.
    assertMiss(0, 0, 0, 0, 1, 0, 1, 0, 2, -1, 2, 1)
  end)

  it("linear: both ends moving with the same velocity", function()
    -- Segment (0, 0)-(2, 0) moving by (1, 1); point fixed at (2, 0.5).
    -- d = (2, 0), e = (2 - t, 0.5 - t): f = 2(0.5 - t), t = 1/2, e = (1.5, 0)
    -- and s = 3/4.
    assertHits({ 0.5, 0.75 }, 0, 0, 1, 1, 2, 0, 3, 1, 2, 0.5, 2, 0.5)
  end)

  it("stable form: no false root at t = 0 when the t^2 coefficient is 1e-17", function()
    -- a fixed, b from (1, 0) to (1, 1e-17): d = (1, 1e-17 t). Point
    -- (0.25, -0.5) -> (0.75, 0.5): e = (0.25 + 0.5t, -0.5 + t).
    -- f = -5e-18 t^2 + (1 - 2.5e-18) t - 0.5: roots 0.5 + 2.5e-18 and -2e17.
    -- The textbook (-B + sqrt(B^2 - 4AC)) / 2A rounds its numerator to 0 and
    -- reports t = 0 (s = 1/4) instead. At t = 1/2, e = (0.5, 0): s = 1/2.
    assertNear(0.5, 0.5, 1e-15, 0, 0, 0, 0, 1, 0, 1, 1e-17,
               0.25, -0.5, 0.75, 0.5)
  end)

  it("stable form: no cancellation when the t^2 coefficient is tiny", function()
    -- a fixed, b from (1, 0) to (1, k), k = 1e-12. Point (0.75, -0.5) ->
    -- (-0.25, 0.5 + k/4): f = k t^2 + (1 - k/2) t - 1/2 = (t - 1/2)(k t + 1)
    -- up to the rounding of 0.5 + k/4. Root 1/2, where the point is at
    -- (1/4, k/8) on the segment to (1, k/2): s = 1/4. The textbook form
    -- loses about 4 of the 12 digits of k in -B + sqrt(B^2 - 4AC).
    local k = 1e-12
    assertNear(0.5, 0.25, 1e-14, 0, 0, 0, 0, 1, 0, 1, k,
               0.75, -0.5, -0.25, 0.5 + k / 4)
  end)

  it("identically zero: a segment sliding along its own line over the point is found", function()
    -- Segment (0, 0)-(1, 0) to (2, 0)-(3, 0), point fixed at (1.5, 0):
    -- a = 2t and b = 1 + 2t pass it from t = 1/4 (b reaches it, s = 1) to
    -- t = 3/4 (a leaves it); the start of the interval is returned.
    assertHits({ 0.25, 1 }, 0, 0, 2, 0, 1, 0, 3, 0, 1.5, 0, 1.5, 0)
  end)

  it("identically zero: a point that starts on the segment is found at time 0", function()
    -- Static (0, 0)-(4, 0), point from (1, 0) to (3, 0): on it throughout.
    assertHits({ 0, 0.25 }, 0, 0, 0, 0, 4, 0, 4, 0, 1, 0, 3, 0)
  end)

  it("identically zero: a point entering through the a end", function()
    -- Static (0, 0)-(1, 0), point from (-1, 0) to (1, 0): reaches a at 1/2.
    assertHits({ 0.5, 0 }, 0, 0, 0, 0, 1, 0, 1, 0, -1, 0, 1, 0)
  end)

  it("identically zero: a point on the line that never reaches the segment", function()
    assertMiss(0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 3, 0)
  end)

  it("identically zero: a point riding a turning segment at a fixed fraction", function()
    -- a (0, 0) -> (1, 1), b (4, 0) -> (1, 5), c = a + (b - a) / 4 at both
    -- ends, so e = d / 4 and f = 0 for all t: on the segment from t = 0.
    assertHits({ 0, 0.25 }, 0, 0, 1, 1, 4, 0, 1, 5, 1, 0, 1, 2)
  end)

  it("double root: a tangency is reported once", function()
    -- a fixed, b from (2, 0) to (0, 2): d = (2 - 2t, 2t). Point (0.5, -0.5)
    -- -> (0.5, 1.5): e = (0.5, -0.5 + 2t). f = -(1 - 2t)^2: touches the line
    -- at t = 1/2 only, at e = (0.5, 0.5) with d = (1, 1): s = 1/2.
    assertHits({ 0.5, 0.5 }, 0, 0, 0, 0, 2, 0, 0, 2, 0.5, -0.5, 0.5, 1.5)
  end)

  it("near-double roots 2^-19 apart are both found", function()
    -- The tangency above with the point's path moved by (-q, q),
    -- q = 2^-39: f gains cross(d, (-q, q)) = 2q, so f = -(1 - 2t)^2 + 2q,
    -- with roots 1/2 -+ h, h = 2^-20. There s = 1/2 -+ h (work it through:
    -- numerator (1 - 2h)(1 + 4h^2), denominator 2 (1 + 4h^2)).
    local q, h = 2 ^ -39, 2 ^ -20
    assertHits({ 0.5 - h, 0.5 - h, 0.5 + h, 0.5 + h },
               0, 0, 0, 0, 2, 0, 0, 2, 0.5 - q, -0.5 + q, 0.5 - q, 1.5 + q)
  end)

  it("a root exactly at t = 0 is included", function()
    -- The two-contact case above: f = 2t - 4t^2 has the root t = 0 with
    -- the point at (1, 0), s = 1/2.
    local got = hits(0, 0, 0, 0, 2, 0, 0, 2, 1, 0, 1, 2)
    assert.are.same({ 0, 0.5 }, { got[1], got[2] })
  end)

  it("a root exactly at t = 1 is included", function()
    -- The same motion run backwards: b from (0, 2) to (2, 0), point (1, 2)
    -- -> (1, 0). Contacts at 1 - 1/2 (s = 1) and 1 - 0 (s = 1/2).
    assertHits({ 0.5, 1, 1, 0.5 }, 0, 0, 0, 0, 0, 2, 2, 0, 1, 2, 1, 0)
  end)

  it("s exactly 0: the point passes the a end", function()
    -- a fixed, b from (2, 0) to (0, 2); point (-1, 0) -> (1, 0):
    -- e = (2t - 1, 0), f = -2t(2t - 1): t = 0 has s = -1/2 (a miss), t = 1/2
    -- has e = 0: s = 0.
    assertHits({ 0.5, 0 }, 0, 0, 0, 0, 2, 0, 0, 2, -1, 0, 1, 0)
  end)

  it("s exactly 1: the point passes the b end", function()
    -- Segment (0, 0)-(1, 0) moving up by 1, point (1, 1) -> (1, 0): they
    -- meet when 1 - t = t, t = 1/2, at x = 1: s = 1.
    assertHits({ 0.5, 1 }, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0)
  end)

  it("t = 1 and s = 1 together: the point reaches the b end at the end", function()
    -- a fixed, b from (2, 0) to (0, 2); point (-2, 2) -> (0, 2):
    -- e = (2t - 2, 2), f = (2 - 2t)2 - 2t(2t - 2) = 4 - 4t^2: t = 1 where
    -- e = d = (0, 2).
    assertHits({ 1, 1 }, 0, 0, 0, 0, 2, 0, 0, 2, -2, 2, 0, 2)
  end)

  it("a segment that shrinks to a point at the moment of contact reports s = 0", function()
    -- a (0, 0) -> (2, 2), b (2, 0) -> (0, 2): both at (1, 1) at t = 1/2.
    -- Point (0, 1) -> (2, 1) is there too. d = (2 - 4t, 0),
    -- e = (0, 1 - 2t): f = 2(1 - 2t)^2, a double root where d = e = 0.
    assertHits({ 0.5, 0 }, 0, 0, 2, 2, 2, 0, 0, 2, 0, 1, 2, 1)
  end)

  it("a segment that shrinks to a point away from the point is no contact", function()
    -- As above with the point fixed at (5, 5): f = (2 - 4t)(5 - 2t) is zero
    -- at t = 1/2 (the segment is the point (1, 1)) and t = 5/2.
    assertMiss(0, 0, 2, 2, 2, 0, 0, 2, 5, 5, 5, 5)
  end)

  it("a segment that is a point all along meets a point passing through it", function()
    -- a = b from (0, 0) to (2, 0); point (1, -1) -> (1, 1) is there at 1/2.
    assertHits({ 0.5, 0 }, 0, 0, 2, 0, 0, 0, 2, 0, 1, -1, 1, 1)
  end)

  it("large coordinates (1e9)", function()
    -- The blade and bullet scaled by 1e9 (exact: small multiples of 1e9).
    local k = 1e9
    assertHits({ 0.5, 0.75 }, -2 * k, 0, 0, -2 * k, 2 * k, 0, 0, 2 * k,
               0, k, k, 0)
    -- The rope and swipe moved to (1e9, 1e9), where an ulp is 1e-7.
    assertHits({ 0.375, 0.25 }, k, k, k, k + 2, k + 4, k, k + 4, k + 2,
               k + 1, k + 3, k + 1, k - 3)
  end)

  it("small coordinates (1e-9)", function()
    -- The blade and bullet scaled by 1e-9 (rounded, so compared within
    -- rounding), and the tangency scaled by 2^-30 (exact).
    local k = 1e-9
    assertNear(0.5, 0.75, 1e-15, -2 * k, 0, 0, -2 * k, 2 * k, 0, 0, 2 * k,
               0, k, k, 0)
    local p = 2 ^ -30
    assertHits({ 0.5, 0.5 }, 0, 0, 0, 0, 2 * p, 0, 0, 2 * p, 0.5 * p,
               -0.5 * p, 0.5 * p, 1.5 * p)
  end)
end)

-- Classes of error found by comparing with an exact rational oracle.
-- When f is identically zero the point stays on the segment's line, and it
-- is on the segment exactly when Q(t) = dot(c - a, c - b) <= 0 (between the
-- ends, or at one). Q is a quadratic, so the contact set is empty, one part
-- or two; each part is reported once, by its start. On the x axis below,
-- Q = (c - a)(c - b); s = (c - a) / (b - a), or 0 when a = b.
describe("impact.sweepSegmentPoint, a point on the segment's line", function()
  it("never between the ends: nil", function()
    -- a = 0, b = 1, c from 2 to 3: Q = c (c - 1) >= 2 throughout.
    assertMiss(0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 3, 0)
  end)

  it("a segment that is a point away from the point's path: nil", function()
    -- a = b = 1 all along, c from 0 to 0.5: Q = (c - 1)^2 > 0.
    assertMiss(1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0.5, 0)
  end)

  it("on it all along, Q = 0 throughout: one part, from t = 0 at the a end", function()
    -- a from 0 to 2, b from 1 to 3, c = a: Q = 0; s = 0.
    assertHits({ 0, 0 }, 0, 0, 2, 0, 1, 0, 3, 0, 0, 0, 2, 0)
  end)

  it("on it from t = 0, then off: one part", function()
    -- Static 0-1, c = 0.5 + 2t: Q = c (c - 1) <= 0 for t <= 1/4; s(0) = 1/2.
    assertHits({ 0, 0.5 }, 0, 0, 0, 0, 1, 0, 1, 0, 0.5, 0, 2.5, 0)
  end)

  it("off, then on through the end of the frame: one part", function()
    -- Static 0-1, c = -1 + 2t: on from t = 1/2, where c = a: s = 0.
    assertHits({ 0.5, 0 }, 0, 0, 0, 0, 1, 0, 1, 0, -1, 0, 1, 0)
  end)

  it("off, on for a while, off again: one part, by its start", function()
    -- a = 2t, b = 1 + 2t, c = 1.5: Q = (1.5 - 2t)(0.5 - 2t) <= 0 for t in
    -- [1/4, 3/4]; at 1/4 c = b: s = 1.
    assertHits({ 0.25, 1 }, 0, 0, 2, 0, 1, 0, 3, 0, 1.5, 0, 1.5, 0)
  end)

  it("a touch at t = 0 only: the point leaves from the a end", function()
    -- Static 0-1, c = -t: Q = t (t + 1) > 0 for t > 0.
    assertHits({ 0, 0 }, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, -1, 0)
  end)

  it("a touch at t = 1 only: the point arrives at the a end", function()
    -- Static 0-1, c = -1 + t: Q = (t - 1)(t - 2) > 0 for t < 1.
    assertHits({ 1, 0 }, 0, 0, 0, 0, 1, 0, 1, 0, -1, 0, 0, 0)
  end)

  it("a touch in the middle: both ends pass through the point together", function()
    -- c = 0, a = t - 1/2, b = 2t - 1: Q = 2 (t - 1/2)^2, zero at t = 1/2
    -- only, where the segment is the point: s = 0.
    assertHits({ 0.5, 0 }, -0.5, 0, 0.5, 0, -1, 0, 1, 0, 0, 0, 0, 0)
  end)

  it("two touches: the ends pass through each other with the point at one end", function()
    -- c = 0, a = t, b = 1 - t: Q = (-t)(t - 1) = t (1 - t) > 0 on (0, 1):
    -- a touch at t = 0 (c = a, s = 0) and one at t = 1 (c = b, s = 1).
    assertHits({ 0, 0, 1, 1 }, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0)
  end)

  it("a touch at t = 0, apart, then on from t = 2/3", function()
    -- c = 0, a = t, b = 2 - 3t: Q = (-t)(3t - 2) = t (2 - 3t): zero at
    -- t = 0 (c = a, s = 0), > 0 on (0, 2/3), <= 0 from 2/3 on, where c = b
    -- (s = 1). 2/3 is the double nearest it.
    assertHits({ 0, 0, 2 / 3, 1 }, 0, 0, 1, 0, 2, 0, -1, 0, 0, 0, 0, 0)
  end)

  it("on from t = 0 to 1/3, apart, then a touch at t = 1", function()
    -- c = 0, a = 1 - t, b = -1 + 3t: Q = (t - 1)(1 - 3t) <= 0 on [0, 1/3]
    -- (s(0) = -a / (b - a) = 1/2) and at t = 1, where c = a: s = 0.
    assertHits({ 0, 0.5, 1, 0 }, 1, 0, 0, 0, -1, 0, 2, 0, 0, 0, 0, 0)
  end)

  it("on, off while the ends cross, on again: two parts", function()
    -- c = 0, a = 4t - 1, b = 3 - 4t: Q = (1 - 4t)(4t - 3) <= 0 for t <= 1/4
    -- and t >= 3/4. s(0) = 1 / 4; at 3/4, c = b: s = 1.
    assertHits({ 0, 0.25, 0.75, 1 }, -1, 0, 3, 0, 3, 0, -1, 0, 0, 0, 0, 0)
  end)

  it("two parts on a slanted line: the same, mapped by x -> (1 + 3x, 2 + 4x)", function()
    assertHits({ 0, 0.25, 0.75, 1 }, -2, -2, 10, 14, 10, 14, -2, -2, 1, 2, 1, 2)
  end)

  it("agrees with exact rational arithmetic on random small integer motions", function()
    -- Ends and point on the x axis (and mapped onto a slanted line), all
    -- from -3 to 3. At t = n / d the signed gaps c - a and c - b are
    -- integers over d, so Q's sign, the roots (where a gap is zero) and s
    -- are exact; each part starts at t = 0 when Q(0) <= 0, or at a root r
    -- in (0, 1] where Q > 0 halfway back to the root or 0 before it.
    local r = require("helpers").random(7)
    local twoParts = 0
    local function at(v0, v1, n, d) return v0 * d + (v1 - v0) * n end
    for _ = 1, 2000 do
      local a0, a1, b0, b1, c0, c1 = r.range(-3, 3), r.range(-3, 3), r.range(-3, 3),
                                     r.range(-3, 3), r.range(-3, 3), r.range(-3, 3)
      local function q(n, d)  -- the sign of Q(n / d), d > 0
        local ea = at(c0, c1, n, d) - at(a0, a1, n, d)
        local eb = at(c0, c1, n, d) - at(b0, b1, n, d)
        return ea * eb
      end
      local roots = {}
      for _, e in ipairs({ { c0 - a0, c1 - a1 }, { c0 - b0, c1 - b1 } }) do
        local slope = e[2] - e[1]
        if slope ~= 0 then  -- the gap is zero at -e0 / slope
          local n, d = -e[1], slope
          if d < 0 then n, d = -n, -d end
          if n > 0 and n <= d then roots[#roots + 1] = { n, d } end
        end
      end
      table.sort(roots, function(x, y) return x[1] * y[2] < y[1] * x[2] end)
      local starts, pn, pd = {}, 0, 1
      if q(0, 1) <= 0 then starts[1] = { 0, 1 } end
      for _, root in ipairs(roots) do
        local n, d = root[1], root[2]
        if n * pd ~= pn * d and q(n * pd + pn * d, 2 * d * pd) > 0 then
          starts[#starts + 1] = { n, d }
        end
        pn, pd = n, d
      end
      local expected = {}
      for _, t in ipairs(starts) do
        local n, d = t[1], t[2]
        local ca, ba = at(c0, c1, n, d) - at(a0, a1, n, d), at(b0, b1, n, d) - at(a0, a1, n, d)
        expected[#expected + 1] = n / d
        expected[#expected + 1] = ba == 0 and 0 or ca / ba
      end
      if #starts == 2 then twoParts = twoParts + 1 end
      local function slant(x) return 1 + 3 * x, 2 + 4 * x end
      local check = #expected == 0 and function(_, ...) assertMiss(...) end or assertHits
      check(expected, a0, 0, a1, 0, b0, 0, b1, 0, c0, 0, c1, 0)
      local sa0x, sa0y = slant(a0)
      local sa1x, sa1y = slant(a1)
      local sb0x, sb0y = slant(b0)
      local sb1x, sb1y = slant(b1)
      local sc0x, sc0y = slant(c0)
      local sc1x, sc1y = slant(c1)
      check(expected, sa0x, sa0y, sa1x, sa1y, sb0x, sb0y, sb1x, sb1y, sc0x, sc0y,
            sc1x, sc1y)
    end
    assert.is_true(twoParts > 100, twoParts)
  end)
end)

describe("impact.sweepSegmentPoint, regressions", function()
  it("a point crossing 2^-53 past the b end misses", function()
    -- Static (0, 0)-(1, 0); point (1, -1) -> (1 + 2^-52, 1) crosses at
    -- t = 1/2 at x = 1 + 2^-53, which rounds to 1 in doubles: s = 1 + 2^-53.
    -- (Decided in double precision, s rounds to 1 and the miss is a hit.)
    assertMiss(0, 0, 0, 0, 1, 0, 1, 0, 1, -1, 1 + 2 ^ -52, 1)
  end)

  it("a point crossing 2^-53 before the b end hits", function()
    -- Mirror of the above: s = 1 - 2^-53, a double.
    assertHits({ 0.5, 1 - 2 ^ -53 }, 0, 0, 0, 0, 1, 0, 1, 0,
               1, -1, 1 - 2 ^ -52, 1)
  end)

  it("a root at t = 0 next to a second one 2^-50 later: both are found", function()
    -- a fixed, b from (2, 0) to (0, 2); point (1, 0) -> (1 - h, 1 + h),
    -- h = 2^-50: f = t (2h - 2t), roots 0 (s = 1/2) and h (s = 1/2 + h/2 to
    -- within h^3). (Closer than the discriminant's error bound: taken for
    -- one double root at h/2, they lose the exact contact at 0.)
    local h = 2 ^ -50
    local got = hits(0, 0, 0, 0, 2, 0, 0, 2, 1, 0, 1 - h, 1 + h)
    assert.are.equal(4, got.n)
    assert.are.same({ 0, 0.5, h }, { got[1], got[2], got[3] })
    assert.is_near(0.5 + h / 2, got[4], 2 ^ -52)
  end)

  it("a root at t = 1 next to a second one just past it is kept", function()
    -- The above run backwards: b from (0, 2) to (2, 0), point (1 - h, 1 + h)
    -- -> (1, 0). Roots 1 - h and 1 (s = 1/2). (Taken for one double root
    -- at 1 - h/2, they lose the exact contact at t = 1.)
    local h = 2 ^ -50
    local got = hits(0, 0, 0, 0, 0, 2, 2, 0, 1 - h, 1 + h, 1, 0)
    assert.are.equal(4, got.n)
    assert.are.same({ 1 - h, 1, 0.5 }, { got[1], got[3], got[4] })
    assert.is_near(0.5 + h / 2, got[2], 2 ^ -52)
  end)

  it("the point passing the b end exactly, with a second root 2^-50 later outside", function()
    -- a fixed, b from (2, 0) to (0, 2): b(1/2) = (1, 1). The point passes
    -- (1, 1) at t = 1/2 with velocity (-1.5 - h, 2.5 + h), h = 2^-50. With
    -- u = t - 1/2, f = u (2h - 2u): roots 1/2 (s = 1) and 1/2 + h, where
    -- s = 1 + h / (2 + 8h^2) > 1. (Taken for one double root at 1/2 + h/2,
    -- where s > 1, they make the contact a miss.)
    local h = 2 ^ -50
    assertHits({ 0.5, 1 }, 0, 0, 0, 0, 2, 0, 0, 2,
               1.75 + h / 2, -0.25 - h / 2, 0.25 - h / 2, 2.25 + h / 2)
  end)

  it("a point on the line 2^-48 past the b end at t = 0, riding it to b at t = 1: only t = 1", function()
    -- a fixed at 0, b from (4, 0) to (4, 4); the point from (4 + h, 0) to
    -- (4, 4), h = 2^-48. d = (4, 4t), e = (4 + h - ht, 4t): f = 4h t (t - 1),
    -- roots 0 and 1, both exact (f(0) = f(1) = 0). At 0, s = 1 + h/4 > 1; at
    -- 1 the point is at b, s = 1. (f is so flat that the roots' error bound
    -- from the coefficients, about 2^-42, let the point 2^-48 past b at t = 0
    -- count as touching it.)
    assertHits({ 1, 1 }, 0, 0, 0, 0, 4, 0, 4, 4, 4 + 2 ^ -48, 0, 4, 4)
  end)

  it("a segment shrinking to a point 2^-50 from the point at t = 1 is no contact there", function()
    -- a fixed at 0, b from (-12, -4) to (0, 0); the point from (-6, -2) to
    -- (-h, 0), h = 2^-50. d = (t - 1)(12, 4), e = (-6 + (6 - h)t, -2 + 2t):
    -- f = 4h t (t - 1), roots 0 (e = d/2: s = 1/2) and 1, where the segment
    -- is the point (0, 0) and the point is at (-h, 0), off it.
    assertHits({ 0, 0.5 }, 0, 0, 0, 0, -12, -4, 0, 0, -6, -2, -2 ^ -50, 0)
  end)
end)

describe("impact.sweepSegmentPoint, the range of doubles", function()
  -- The two-contact case of the typical uses, f = 2t - 4t^2, scaled by
  -- powers of two (exactly): the contacts do not change. (Without working
  -- at a normalised scale, products underflow near the bottom of the range
  -- and overflow near the top.)
  local function scaled(p)
    return 0, 0, 0, 0, 2 * p, 0, 0, 2 * p, p, 0, p, 2 * p
  end

  it("coordinates near the bottom of the range (2^-1070, subnormal)", function()
    assertHits({ 0, 0.5, 0.5, 1 }, scaled(2 ^ -1070))
  end)

  it("coordinates near the top of the range (2^1000)", function()
    assertHits({ 0, 0.5, 0.5, 1 }, scaled(2 ^ 1000))
  end)

  it("integer coordinates whose differences pass 2^63 (Lua 5.3 and 5.4 integers)", function()
    -- The same case scaled by k = 2^62 and moved by (-k, -k): every
    -- coordinate is -k, 0 or k, integers where Lua has them, and b - a goes
    -- from 2^63, past the largest integer, which only doubles hold.
    local k = math.tointeger and math.tointeger(2 ^ 62) or 2 ^ 62
    assertHits({ 0, 0.5, 0.5, 1 }, -k, -k, -k, -k, k, -k, -k, k, 0, -k, 0, k)
  end)
end)

describe("impact.sweepSegmentPoint, bad input", function()
  it("raises errors in Lua's own style", function()
    assertError("bad argument #1 to 'sweepSegmentPoint' (Point or number expected, got string)",
      function() sweep("x") end)
    assertError("bad argument #12 to 'sweepSegmentPoint' (number expected, got no value)",
      function() sweep(0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1) end)
    assertError("bad argument #6 to 'sweepSegmentPoint' (Point or number expected, got no value)",
      function() sweep(Point(), Point(), Point(), Point(), Point()) end)
    assertError("bad argument #3 to 'sweepSegmentPoint' (finite number expected, got nan)",
      function() sweep(0, 0, 0 / 0, 0, 1, 0, 1, 0, 0, 1, 1, 1) end)
    assertError("bad argument #12 to 'sweepSegmentPoint' (finite number expected, got inf)",
      function() sweep(0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1 / 0) end)
    assertError("bad argument #7 to 'sweepSegmentPoint' (Point or number expected, got string)",
      function() sweep(0, 0, 0, 0, 1, 0, "1", 0, 0, 1, 1, 1) end)
    assertError("bad argument #2 to 'sweepSegmentPoint' (Point with finite coordinates expected)",
      function() sweep(Point(), Point(1, 0) / 0, 1, 0, 1, 0, 0, 1, 1, 1) end)
  end)
end)
