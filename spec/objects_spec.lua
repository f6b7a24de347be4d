local impact = require "impact"
local Point, AABB, Hit, Sweep = impact.Point, impact.AABB, impact.Hit, impact.Sweep

-- Both coordinates of a Point, compared exactly.
local function same(p, x, y)
  assert.are.equal("Point", impact.type(p))
  assert.are.equal(x, p.x)
  assert.are.equal(y, p.y)
end

-- Centre and half size of a box, compared exactly.
local function box(b, x, y, hx, hy)
  assert.are.equal("AABB", impact.type(b))
  same(b.pos, x, y)
  same(b.half, hx, hy)
end

describe("AABB constructor", function()
  it("takes x, y, halfX, halfY", function()
    box(AABB(1, 2, 3, 4), 1, 2, 3, 4)
  end)

  it("takes a pos Point and a half Point", function()
    box(AABB(Point(1, 2), Point(3, 4)), 1, 2, 3, 4)
  end)

  it("takes a pos Point then two half numbers", function()
    box(AABB(Point(1, 2), 3, 4), 1, 2, 3, 4)
  end)

  it("takes two pos numbers then a half Point", function()
    box(AABB(1, 2, Point(3, 4)), 1, 2, 3, 4)
  end)

  it("with no arguments is a zero-size box at the origin", function()
    box(AABB(), 0, 0, 0, 0)
  end)

  it("accepts a zero half size", function()
    box(AABB(5, 6, 0, 0), 5, 6, 0, 0)
  end)

  it("copies the Points it is given instead of keeping them", function()
    local pos, half = Point(1, 2), Point(3, 4)
    local b = AABB(pos, half)
    pos.x, half.x = 100, 100
    box(b, 1, 2, 3, 4)
    b.pos.y = -1
    same(pos, 100, 2)
  end)

  it("takes views of another box", function()
    local a = AABB(1, 2, 3, 4)
    local b = AABB(a.pos, a.half)
    box(b, 1, 2, 3, 4)
    b.pos.x = 9
    same(a.pos, 1, 2)
  end)
end)

describe("AABB.fromRect", function()
  it("turns left, top, width, height into centre and half size", function()
    -- left 10, top 20, 4 wide, 6 tall: centre (12, 23), half (2, 3).
    box(AABB.fromRect(10, 20, 4, 6), 12, 23, 2, 3)
  end)

  it("takes a corner Point and a size Point", function()
    box(AABB.fromRect(Point(-2, -2), Point(4, 2)), 0, -1, 2, 1)
  end)

  it("accepts a zero size", function()
    box(AABB.fromRect(3, 4, 0, 0), 3, 4, 0, 0)
  end)

  it("is reachable through an instance too", function()
    box(AABB().fromRect(0, 0, 2, 2), 1, 1, 1, 1)
  end)
end)

describe("AABB fields", function()
  it("pos and half are Points", function()
    local b = AABB(1, 2, 3, 4)
    assert.are.equal("Point", impact.type(b.pos))
    assert.are.equal("Point", impact.type(b.half))
  end)

  it("box.pos.x = 5 moves the box", function()
    local b = AABB(1, 2, 3, 4)
    b.pos.x = 5
    box(b, 5, 2, 3, 4)
    assert.are.equal("AABB(pos=(5, 2), half=(3, 4))", tostring(b))
  end)

  it("box.half.y = 7 resizes the box", function()
    local b = AABB(1, 2, 3, 4)
    b.half.y = 7
    box(b, 1, 2, 3, 7)
  end)

  it("a view held in a local follows later changes of the box", function()
    local b = AABB(1, 2, 3, 4)
    local pos = b.pos
    b.pos = Point(8, 9)
    same(pos, 8, 9)
  end)

  it("a view's set and normalize change the box", function()
    local b = AABB(1, 2, 3, 4)
    b.pos:set(-1, -2)
    b.half:set(Point(0, 5))
    b.half:normalize()
    box(b, -1, -2, 0, 1)
  end)

  it("a moved box tests at its new place", function()
    local b = AABB(0, 0, 1, 1)
    assert.is_nil(b:intersectPoint(10, 0.5))
    b.pos.x = 10
    assert.are.equal("Hit", impact.type(b:intersectPoint(10, 0.5)))
  end)

  it("views are cached: box.pos == box.pos and rawequal", function()
    local b = AABB(1, 2, 3, 4)
    assert.is_true(b.pos == b.pos)
    assert.is_true(rawequal(b.pos, b.pos))
    assert.is_true(rawequal(b.half, b.half))
    assert.is_false(rawequal(b.pos, b.half))
  end)

  it("each box has its own views", function()
    local a, b = AABB(1, 2, 3, 4), AABB(1, 2, 3, 4)
    assert.is_false(rawequal(a.pos, b.pos))
    assert.is_true(a.pos == b.pos)
  end)

  it("writing box.pos = Point(..) copies the Point", function()
    local b = AABB(1, 2, 3, 4)
    local p = Point(5, 6)
    b.pos = p
    same(b.pos, 5, 6)
    p.x = 0
    same(b.pos, 5, 6)
    b.pos.y = 0
    same(p, 0, 6)
    assert.is_false(rawequal(b.pos, p))
  end)

  it("writing box.half = Point(..) copies the Point", function()
    local b = AABB(1, 2, 3, 4)
    local h = Point(7, 8)
    b.half = h
    h.y = 0
    box(b, 1, 2, 7, 8)
  end)

  it("writing a field keeps the cached view", function()
    local b = AABB(1, 2, 3, 4)
    local before = b.pos
    b.pos = Point(5, 6)
    assert.is_true(rawequal(before, b.pos))
  end)

  it("a box's pos can be written from another box's view", function()
    local a, b = AABB(1, 2, 3, 4), AABB()
    b.pos = a.pos
    b.half = a.half
    box(b, 1, 2, 3, 4)
    b.pos.x = 0
    same(a.pos, 1, 2)
  end)

  it("reads an unknown field as nil", function()
    assert.is_nil(AABB().size)
  end)
end)

describe("Hit", function()
  it("Hit() has zero pos, delta, normal and time, and no collider", function()
    local h = Hit()
    same(h.pos, 0, 0)
    same(h.delta, 0, 0)
    same(h.normal, 0, 0)
    assert.are.equal(0, h.time)
    assert.is_nil(h.collider)
  end)

  it("time can be written", function()
    local h = Hit()
    h.time = 0.25
    assert.are.equal(0.25, h.time)
  end)

  it("pos, delta and normal can be written with Points, which are copied", function()
    local h = Hit()
    local p = Point(1, 2)
    h.pos = p
    h.delta = Point(3, 4)
    h.normal = Point(0, -1)
    p.x = 0
    same(h.pos, 1, 2)
    same(h.delta, 3, 4)
    same(h.normal, 0, -1)
  end)

  it("pos, delta and normal are live cached views", function()
    local h = Hit()
    assert.is_true(rawequal(h.pos, h.pos))
    assert.is_true(rawequal(h.delta, h.delta))
    assert.is_true(rawequal(h.normal, h.normal))
    h.normal.y = 1
    h.delta.x = -2
    same(h.normal, 0, 1)
    same(h.delta, -2, 0)
  end)

  it("collider can be set to a box and back to nil", function()
    local h, b = Hit(), AABB(1, 1, 1, 1)
    h.collider = b
    assert.is_true(rawequal(b, h.collider))
    h.collider = nil
    assert.is_nil(h.collider)
  end)

  it("a test fills pos, delta, normal, time and collider", function()
    -- Box centre (0, 0), half (2, 2); point (1.5, 0.5): dx = 1.5,
    -- px = 2 - 1.5 = 0.5; dy = 0.5, py = 1.5: x axis, sign +1, so
    -- delta (0.5, 0), normal (1, 0), pos on the face x = 2 at y 0.5.
    local b = AABB(0, 0, 2, 2)
    local h = b:intersectPoint(1.5, 0.5)
    same(h.pos, 2, 0.5)
    same(h.delta, 0.5, 0)
    same(h.normal, 1, 0)
    assert.are.equal(0, h.time)
    assert.is_true(rawequal(b, h.collider))
  end)

  it("an out Hit is filled and returned as the result", function()
    local b = AABB(0, 0, 2, 2)
    local out = Hit()
    local r = b:intersectPoint(1.5, 0.5, out)
    assert.is_true(rawequal(out, r))
    same(out.normal, 1, 0)
    assert.is_true(rawequal(b, out.collider))
  end)

  it("an out Hit's views see what a later test writes", function()
    local b = AABB(0, 0, 2, 2)
    local out = Hit()
    local normal = out.normal
    b:intersectPoint(1.5, 0.5, out)
    same(normal, 1, 0)
    -- (-0.5, -1.5): px = 1.5, py = 0.5: y axis, sign(-1.5) = -1.
    b:intersectPoint(-0.5, -1.5, out)
    same(normal, 0, -1)
  end)

  it("an out Hit reused across colliders and script writes names each test's own collider", function()
    -- The point (0.5, 0.5) is inside all three boxes.
    local a, b, c = AABB(0, 0, 2, 2), AABB(1, 1, 2, 2), impact.OBB(0, 0, 2, 2, 0.5)
    local out = Hit()
    local function by(box) box:intersectPoint(0.5, 0.5, out) return out.collider end
    assert.is_true(rawequal(a, by(a)))
    assert.is_true(rawequal(a, by(a)))
    assert.is_true(rawequal(b, by(b)))
    assert.is_true(rawequal(c, by(c)))
    assert.is_true(rawequal(a, by(a)))
    out.collider = nil
    assert.is_true(rawequal(a, by(a)))
    out.collider = b
    assert.is_true(rawequal(b, out.collider))
    assert.is_true(rawequal(a, by(a)))
    out.collider = a
    assert.is_true(rawequal(b, by(b)))
    -- A Sweep's hit, written by sweeps and by a script's Hit.
    local s, m, h = Sweep(), AABB(-10, 0.5, 1, 1), Hit()
    local function swept(box) box:sweepAABB(m, 20, 0, s) return s.hit.collider end
    assert.is_true(rawequal(a, swept(a)))
    assert.is_true(rawequal(b, swept(b)))
    assert.is_true(rawequal(a, swept(a)))
    h.collider = b
    s.hit = h
    assert.is_true(rawequal(b, s.hit.collider))
    assert.is_true(rawequal(a, swept(a)))
    s.hit.collider = nil
    assert.is_true(rawequal(a, swept(a)))
  end)

  it("an out Hit is left untouched when the test misses", function()
    local b = AABB(0, 0, 2, 2)
    local out = Hit()
    out.time = 0.5
    out.pos = Point(7, 7)
    assert.is_nil(b:intersectPoint(10, 10, out))
    assert.are.equal(0.5, out.time)
    same(out.pos, 7, 7)
    assert.is_nil(out.collider)
  end)
end)

describe("Sweep", function()
  it("Sweep() has no hit, pos (0, 0) and time 1", function()
    local s = Sweep()
    assert.is_nil(s.hit)
    same(s.pos, 0, 0)
    assert.are.equal(1, s.time)
  end)

  it("time and pos can be written", function()
    local s = Sweep()
    s.time = 0.5
    s.pos = Point(3, 4)
    assert.are.equal(0.5, s.time)
    same(s.pos, 3, 4)
    s.pos.x = 1
    same(s.pos, 1, 4)
  end)

  it("pos is a live cached view", function()
    local s = Sweep()
    assert.is_true(rawequal(s.pos, s.pos))
  end)

  it("hit can be written with a Hit, which is copied with its collider", function()
    local s, h, b = Sweep(), Hit(), AABB()
    h.time = 0.75
    h.normal = Point(-1, 0)
    h.collider = b
    s.hit = h
    local sh = s.hit
    assert.are.equal("Hit", impact.type(sh))
    assert.are.equal(0.75, sh.time)
    same(sh.normal, -1, 0)
    assert.is_true(rawequal(b, sh.collider))
    h.time = 0
    assert.are.equal(0.75, s.hit.time)
  end)

  it("hit can be cleared with nil", function()
    local s = Sweep()
    s.hit = Hit()
    assert.is_not_nil(s.hit)
    s.hit = nil
    assert.is_nil(s.hit)
  end)

  it("hit is a cached view into the Sweep", function()
    local s = Sweep()
    s.hit = Hit()
    local h = s.hit
    assert.is_true(rawequal(h, s.hit))
    h.time = 0.125
    s.hit.normal.x = 1
    assert.are.equal(0.125, s.hit.time)
    same(h.normal, 1, 0)
  end)

  it("a sweep fills pos, time and hit", function()
    -- Static box centre (0, 0), half (1, 1); moving box centre (-4, 0),
    -- half (1, 1), delta (4, 0). The faces meet when the mover's right
    -- face x = -3 + 4t reaches -1: t = 0.5. The hit is at the static box's
    -- face x = -1, normal (-1, 0), and time is backed off by EPSILON:
    -- 0.5 - 1e-8, pos = -4 + 4 * (0.5 - 1e-8).
    local b, mover = AABB(0, 0, 1, 1), AABB(-4, 0, 1, 1)
    local s = b:sweepAABB(mover, 4, 0)
    assert.are.equal("Sweep", impact.type(s))
    assert.are.equal(0.5 - impact.EPSILON, s.time)
    assert.are.equal(-4 + 4 * (0.5 - impact.EPSILON), s.pos.x)
    assert.are.equal(0, s.pos.y)
    assert.are.equal(0.5, s.hit.time)
    same(s.hit.normal, -1, 0)
    assert.are.equal(-1, s.hit.pos.x)
    assert.is_true(rawequal(b, s.hit.collider))
  end)

  it("an out Sweep is filled and returned as the result", function()
    local b, mover, out = AABB(0, 0, 1, 1), AABB(-4, 0, 1, 1), Sweep()
    local r = b:sweepAABB(mover, 4, 0, out)
    assert.is_true(rawequal(out, r))
    assert.is_true(rawequal(b, out.hit.collider))
  end)

  it("a sweep that misses has no hit, ends at pos + delta and time 1", function()
    local b, mover = AABB(0, 0, 1, 1), AABB(-4, 5, 1, 1)
    local s = b:sweepAABB(mover, 4, 0)
    assert.is_nil(s.hit)
    same(s.pos, 0, 5)
    assert.are.equal(1, s.time)
  end)
end)

describe("tostring", function()
  it("of an AABB is AABB(pos=(x, y), half=(hx, hy))", function()
    assert.are.equal("AABB(pos=(1, 2), half=(3, 4))", tostring(AABB(1, 2, 3, 4)))
  end)

  it("of an AABB prints fractions as Lua does", function()
    assert.are.equal("AABB(pos=(-0.5, 0), half=(0.25, 1.5))",
                     tostring(AABB(-0.5, 0, 0.25, 1.5)))
  end)

  it("of a Hit lists pos, delta, normal and time", function()
    local h = Hit()
    h.pos = Point(1, 2)
    h.delta = Point(-0.5, 0)
    h.normal = Point(-1, 0)
    h.time = 0.25
    assert.are.equal("Hit(pos=(1, 2), delta=(-0.5, 0), normal=(-1, 0), time=0.25)",
                     tostring(h))
  end)

  it("of a new Hit shows zeros", function()
    assert.are.equal("Hit(pos=(0, 0), delta=(0, 0), normal=(0, 0), time=0)",
                     tostring(Hit()))
  end)

  it("of a Sweep without a hit ends with hit=nil", function()
    assert.are.equal("Sweep(pos=(0, 0), time=1, hit=nil)", tostring(Sweep()))
  end)

  it("of a Sweep with a hit nests the Hit", function()
    local s = Sweep()
    s.pos = Point(2, 3)
    s.time = 0.5
    local h = Hit()
    h.normal = Point(0, 1)
    h.time = 0.75
    s.hit = h
    assert.are.equal("Sweep(pos=(2, 3), time=0.5, hit=Hit(pos=(0, 0), "
                     .. "delta=(0, 0), normal=(0, 1), time=0.75))", tostring(s))
  end)
end)

describe("impact.type", function()
  it("names each type", function()
    assert.are.equal("Point", impact.type(Point()))
    assert.are.equal("AABB", impact.type(AABB()))
    assert.are.equal("Hit", impact.type(Hit()))
    assert.are.equal("Sweep", impact.type(Sweep()))
  end)

  it("names views by the type they are", function()
    local s = AABB(0, 0, 1, 1):sweepAABB(AABB(-4, 0, 1, 1), 4, 0)
    assert.are.equal("Point", impact.type(AABB().pos))
    assert.are.equal("Point", impact.type(s.pos))
    assert.are.equal("Hit", impact.type(s.hit))
    assert.are.equal("Point", impact.type(s.hit.normal))
  end)

  it("is nil for anything else, the method tables and other userdata included", function()
    assert.is_nil(impact.type(nil))
    assert.is_nil(impact.type(1))
    assert.is_nil(impact.type("Point"))
    assert.is_nil(impact.type({}))
    assert.is_nil(impact.type(impact.Point))
    assert.is_nil(impact.type(io.stdout))
    assert.is_nil(impact.type(setmetatable({}, getmetatable(Point()))))
  end)

  it("is nil when called with no argument", function()
    assert.is_nil(impact.type())
  end)
end)

describe("method tables", function()
  it("are reachable as impact.Point, impact.AABB, impact.Hit, impact.Sweep", function()
    assert.are.equal("table", type(impact.Point))
    assert.are.equal("table", type(impact.AABB))
    assert.are.equal("table", type(impact.Hit))
    assert.are.equal("table", type(impact.Sweep))
  end)

  it("hold the methods that objects find", function()
    local p, b = Point(), AABB()
    assert.are.equal(impact.Point.clone, p.clone)
    assert.are.equal(impact.Point.normalize, p.normalize)
    assert.are.equal(impact.AABB.intersectSegment, b.intersectSegment)
    assert.are.equal(impact.AABB.sweepInto, b.sweepInto)
  end)

  it("are callable as constructors", function()
    same(impact.Point(1, 2), 1, 2)
    box(impact.AABB(1, 2, 3, 4), 1, 2, 3, 4)
    assert.are.equal("Hit", impact.type(impact.Hit()))
    assert.are.equal("Sweep", impact.type(impact.Sweep()))
  end)

  it("methods can be called in dot form on the method table", function()
    local p = Point(3, 4)
    assert.are.equal(5, impact.Point.length(p))
    local h = impact.AABB.intersectPoint(AABB(0, 0, 2, 2), 1.5, 0.5)
    same(h.normal, 1, 0)
  end)

  it("take methods that scripts add, seen by every object", function()
    local existing = AABB(0, 0, 1, 2)
    function impact.AABB:area() return 4 * self.half.x * self.half.y end
    finally(function() impact.AABB.area = nil end)
    assert.are.equal(8, existing:area())
    assert.are.equal(24, AABB(5, 5, 2, 3):area())
  end)

  it("take methods on Point, Hit and Sweep too", function()
    function impact.Point:sum() return self.x + self.y end
    function impact.Hit:isVertical() return self.normal.x == 0 end
    function impact.Sweep:done() return self.time == 1 end
    finally(function()
      impact.Point.sum, impact.Hit.isVertical, impact.Sweep.done = nil, nil, nil
    end)
    assert.are.equal(3, Point(1, 2):sum())
    assert.are.equal(3 + 7, AABB(1, 2, 3, 4).pos:sum() + AABB(1, 2, 3, 4).half:sum())
    local h = Hit()
    h.normal = Point(0, 1)
    assert.is_true(h:isVertical())
    assert.is_true(Sweep():done())
  end)

  it("a removed script method is gone again", function()
    function impact.Point:twice() return self * 2 end
    assert.is_not_nil(Point().twice)
    impact.Point.twice = nil
    assert.is_nil(Point().twice)
  end)
end)
