local impact = require "impact"
local helpers = require "helpers"
local AABB, OBB, Point = impact.AABB, impact.OBB, impact.Point

-- impact.debug draws through love.graphics; here love.graphics is a stub
-- that records every drawing call and state change with its arguments, so
-- the specs see exactly what would be drawn, where, and in which colour.

local calls
local recorder = {
  getColor = function() return 0.1, 0.2, 0.3, 0.4 end,
  getLineWidth = function() return 5 end,
  getDimensions = function() return 800, 600 end,
}
for _, name in ipairs { "setColor", "setLineWidth", "line", "polygon", "rectangle", "circle",
                        "arc" } do
  recorder[name] = function(...) calls[#calls + 1] = { name, ... } end
end

local draw, saved
local SHAPE, PATH, STOP, CONTACT, NORMAL, DELTA, QUERY
local function rgba(c) return c[1], c[2], c[3], c[4] end

local function setup()
  saved = rawget(_G, "love")
  _G.love = { graphics = recorder }
  draw = require "impact.debug"
  draw.configure { scale = 1, originX = 0, originY = 0, lineWidth = 1 }
  local s = draw.style
  SHAPE, PATH, STOP, CONTACT = s.shape, s.path, s.stop, s.contact
  NORMAL, DELTA, QUERY = s.normal, s.delta, s.query
  calls = {}
end

local function teardown() _G.love = saved end

-- The calls between the style's line width and the restored state.
local function drawn()
  assert.are.same({ "setLineWidth", draw.style.lineWidth }, calls[1])
  assert.are.same({ "setColor", 0.1, 0.2, 0.3, 0.4 }, calls[#calls - 1])
  assert.are.same({ "setLineWidth", 5 }, calls[#calls])
  local inner = {}
  for i = 2, #calls - 2 do inner[#inner + 1] = calls[i] end
  calls = {}
  return inner
end

local function color(c) return { "setColor", rgba(c) } end
-- An arrow from (x1, y1) to (x2, y2) along an axis, with a head h long.
local function arrowX(x1, y, x2, h)
  local s = x2 > x1 and 1 or -1
  return { "line", x1, y, x2, y },
         { "polygon", "fill", x2, y, x2 - s * h, y + s * h / 2, x2 - s * h, y - s * h / 2 }
end
local function arrowY(x, y1, y2, h)
  local s = y2 > y1 and 1 or -1
  return { "line", x, y1, x, y2 },
         { "polygon", "fill", x, y2, x - s * h / 2, y2 - s * h, x + s * h / 2, y2 - s * h }
end
local function dot(x, y) return { "circle", "fill", x, y, 3 } end

describe("impact.debug", function()
  before_each(setup)
  after_each(teardown)

  it("draws an AABB through the scale and origin, and restores colour and line width", function()
    draw.configure { scale = 2, originX = 100, originY = 50, lineWidth = 2 }
    draw.aabb(AABB(10, 20, 3, 4))
    -- left 7, top 16, 6 x 8: (100 + 2 * 7, 50 + 2 * 16), 12 x 16 on screen.
    assert.are.same({ color(SHAPE), { "rectangle", "line", 114, 82, 12, 16 } }, drawn())
  end)

  it("draws an OBB from its corners, and takes a colour", function()
    draw.obb(OBB(10, 20, 2, 1), { 1, 0, 0 })
    assert.are.same({ { "setColor", 1, 0, 0, 1 },
                      { "polygon", "line", 8, 19, 12, 19, 12, 21, 8, 21 } }, drawn())
    local turned = OBB(10, 20, 2, 1, 0.5)
    draw.configure { scale = 3 }
    draw.shape(turned)
    local x1, y1, x2, y2, x3, y3, x4, y4 = turned:corners()
    assert.are.same({ color(SHAPE), { "polygon", "line", 3 * x1, 3 * y1, 3 * x2, 3 * y2,
                                      3 * x3, 3 * y3, 3 * x4, 3 * y4 } }, drawn())
  end)

  it("draws a Circle round its centre, one of radius 0 as a dot", function()
    local Circle = impact.Circle
    draw.configure { scale = 2, originX = 100, originY = 50 }
    draw.circle(Circle(10, 20, 5))
    assert.are.same({ color(SHAPE), { "circle", "line", 120, 90, 10 } }, drawn())
    draw.shape(Circle(Point(1, 2), 0), { 1, 0, 0 })
    assert.are.same({ { "setColor", 1, 0, 0, 1 }, dot(102, 54) }, drawn())
  end)

  it("draws a Capsule as two sides and a half circle round each end", function()
    local Capsule = impact.Capsule
    draw.configure { scale = 2 }
    draw.capsule(Capsule(0, 0, 10, 0, 1))
    -- Ends (0, 0) and (20, 0) on screen, radius 2 along the normal (0, 2):
    -- the arc at b turns from +y through +x to -y, the one at a through -x.
    local h = math.pi / 2
    assert.are.same({ color(SHAPE), { "line", 0, 2, 20, 2 }, { "line", 0, -2, 20, -2 },
                      { "arc", "line", "open", 20, 0, 2, h, h - math.pi },
                      { "arc", "line", "open", 0, 0, 2, h, h + math.pi } }, drawn())
    draw.configure { scale = 1 }
    local turned = Capsule(0, 0, 4, 0, 1, 10, 10, math.pi / 2)
    draw.shape(turned)
    local ax, ay, bx, by = turned:ends()
    local inner = drawn()
    assert.are.same(color(SHAPE), inner[1])
    local side = inner[4][7]  -- (0, 4) turned up: the left normal is -x
    assert.is_true(math.abs(side - math.pi) < 1e-12)
    assert.are.same({ "arc", "line", "open", bx, by, 1, side, side - math.pi }, inner[4])
    assert.are.same({ "arc", "line", "open", ax, ay, 1, side, side + math.pi }, inner[5])
    -- Degenerate: equal ends are a circle, radius 0 a segment.
    draw.shape(Capsule(3, 4, 3, 4, 2))
    assert.are.same({ color(SHAPE), { "circle", "line", 3, 4, 2 } }, drawn())
    draw.shape(Capsule(3, 4, 7, 1, 0))
    assert.are.same({ color(SHAPE), { "line", 3, 4, 7, 1 } }, drawn())
  end)

  it("draws a Polygon from its world vertices", function()
    local Polygon = impact.Polygon
    draw.configure { scale = 2 }
    draw.polygon(Polygon({ 0, 0, 4, 0, 0, 3 }, 10, 20))
    assert.are.same({ color(SHAPE), { "polygon", "line", 20, 40, 28, 40, 20, 46 } }, drawn())
    local turned = Polygon({ -1, -1, 1, -1, 1, 1, -1, 1 }, 5, 5, 0.3)
    draw.shape(turned)
    local expected = { "polygon", "line" }
    for i = 1, 4 do
      local x, y = turned:vertex(i)
      expected[#expected + 1], expected[#expected + 2] = 2 * x, 2 * y
    end
    assert.are.same({ color(SHAPE), expected }, drawn())
  end)

  it("draws a sweep of any shape, at the start, the goal and the stop", function()
    local mover = impact.Circle(0, 0, 2)
    local sweep = impact.Sweep()
    sweep.pos = Point(6, 0)
    draw.sweep(mover, 10, 0, sweep)
    assert.are.same({
      color(PATH), { "line", 0, 0, 10, 0 }, { "circle", "line", 10, 0, 2 },
      color(SHAPE), { "circle", "line", 0, 0, 2 },
      color(STOP), { "circle", "line", 6, 0, 2 },
    }, drawn())
    local tri = impact.Polygon({ 0, 0, 4, 0, 0, 3 }, 1, 1)
    draw.sweep(tri, 0, 10, sweep)
    assert.are.same({
      color(PATH), { "line", 1, 1, 1, 11 }, { "polygon", "line", 1, 11, 5, 11, 1, 14 },
      color(SHAPE), { "polygon", "line", 1, 1, 5, 1, 1, 4 },
      color(STOP), { "polygon", "line", 6, 0, 10, 0, 6, 3 },
    }, drawn())
  end)

  it("draws a Manifold: each point, its depth along the normal, the normal", function()
    -- Circles of radius 5 at (0, 0) and (8, 0) overlap by 2 along (1, 0).
    local m = impact.Circle(0, 0, 5):manifold(impact.Circle(8, 0, 5))
    assert.are.same({ 1, 1, 0 }, { m.count, m.normal.x, m.normal.y })
    local x, y, depth = m:point(1)
    assert.are.equal(2, depth)
    draw.manifold(m)
    local n1, n2 = arrowX(x, y, x + 24, 8)
    assert.are.same({ color(DELTA), { "line", x - 1, y, x + 1, y }, color(CONTACT), dot(x, y),
                      color(NORMAL), n1, n2 }, drawn())
    -- Boxes stacked 2 deep: two points along the shared face, the normal
    -- (0, 1) from the middle of them.
    m = AABB(0, 0, 10, 10):manifold(AABB(0, 18, 10, 10))
    assert.are.same({ 2, 0, 1 }, { m.count, m.normal.x, m.normal.y })
    local x1, y1, d1 = m:point(1)
    local x2, y2, d2 = m:point(2)
    local mx, my = x1 / 2 + x2 / 2, y1 / 2 + y2 / 2
    local a1, a2 = arrowY(mx, my, my + 24, 8)
    draw.manifold(m)
    assert.are.same({
      color(DELTA), { "line", x1, y1 - d1 / 2, x1, y1 + d1 / 2 }, color(CONTACT), dot(x1, y1),
      color(DELTA), { "line", x2, y2 - d2 / 2, x2, y2 + d2 / 2 }, color(CONTACT), dot(x2, y2),
      color(NORMAL), a1, a2 }, drawn())
  end)

  it("draws what S:distance gives", function()
    local a, b = impact.Circle(0, 0, 1), impact.Circle(10, 0, 2)
    assert.are.same({ 7, 1, 0, 8, 0 }, { a:distance(b) })
    draw.distance(select(2, a:distance(b)))
    assert.are.same({ color(PATH), { "line", 1, 0, 8, 0 }, color(CONTACT),
                      dot(1, 0), dot(8, 0) }, drawn())
    draw.distance(select(2, a:distance(impact.Circle(3, 0, 2))))  -- touching
    assert.are.same({}, drawn())
  end)

  it("draws a closest pair of points, and nothing without one", function()
    draw.distance(3, 4, Point(10, 4))
    assert.are.same({ color(PATH), { "line", 3, 4, 10, 4 }, color(CONTACT),
                      dot(3, 4), dot(10, 4) }, drawn())
    draw.configure { scale = 2 }
    draw.distance(Point(1, 1), 2, 2, { 0, 0, 1 })
    assert.are.same({ { "setColor", 0, 0, 1, 1 }, { "line", 2, 2, 4, 4 }, color(CONTACT),
                      dot(2, 2), dot(4, 4) }, drawn())
    draw.distance(nil)
    assert.are.same({}, drawn())
  end)

  it("draws a Point or two numbers as a dot", function()
    draw.point(Point(4, 5))
    assert.are.same({ color(SHAPE), dot(4, 5) }, drawn())
    draw.configure { scale = 2 }
    draw.point(4, 5, { 0, 1, 0, 0.5 })
    assert.are.same({ { "setColor", 0, 1, 0, 0.5 }, dot(8, 10) }, drawn())
  end)

  it("draws a segment as an arrow, its head no longer than the arrow", function()
    draw.segment(0, 0, 20, 0)
    assert.are.same({ color(PATH), arrowX(0, 0, 20, 8) }, drawn())
    draw.segment(Point(0, 10), 0, -4)
    assert.are.same({ color(PATH), arrowY(0, 10, 6, 4) }, drawn())
  end)

  it("draws a Hit: push-out ending at the contact, normal, contact point", function()
    -- (8, 2) in the box of half size 10: 2 from the right face, 8 from the
    -- bottom: out by (2, 0) through (10, 2), normal (1, 0).
    local hit = AABB(0, 0, 10, 10):intersectPoint(8, 2)
    draw.hit(hit)
    local d1, d2 = arrowX(8, 2, 10, 2)
    local n1, n2 = arrowX(10, 2, 34, 8)
    assert.are.same({ color(DELTA), d1, d2, color(NORMAL), n1, n2, color(CONTACT), dot(10, 2) },
                    drawn())
  end)

  it("draws a Hit with no push-out without its arrow", function()
    -- Made by hand: the tests' Hits always have a push-out.
    local hit = impact.Hit()
    hit.pos, hit.normal = Point(3, 4), Point(0, -1)
    draw.hit(hit)
    local n1, n2 = arrowY(3, 4, -20, 8)
    assert.are.same({ color(NORMAL), n1, n2, color(CONTACT), dot(3, 4) }, drawn())
  end)

  it("draws a Sweep: path, goal, start, stop, and the hit's normal and contact", function()
    local wall, mover = AABB(50, 0, 10, 10), AABB(0, 0, 5, 5)
    local sweep = wall:sweepAABB(mover, 100, 0)
    local stop = sweep.pos.x  -- 35 less a hair (impact.EPSILON of the time)
    assert.is_true(stop < 35 and stop > 34.99)
    draw.sweep(mover, 100, 0, sweep)
    -- The hit: contact (40, 0), normal (-1, 0).
    local n1, n2 = arrowX(40, 0, 16, 8)
    assert.are.same({
      color(PATH), { "line", 0, 0, 100, 0 }, { "rectangle", "line", 95, -5, 10, 10 },
      color(SHAPE), { "rectangle", "line", -5, -5, 10, 10 },
      color(STOP), { "rectangle", "line", stop - 5, -5, 10, 10 },
      color(NORMAL), n1, n2, color(CONTACT), dot(40, 0),
    }, drawn())
  end)

  it("draws a sweep with no hit, Point delta, an OBB mover", function()
    local mover = OBB(0, 0, 2, 1)
    local sweep = mover:sweepInto({ AABB(100, 100, 1, 1) }, Point(10, 0))
    assert.is_nil(sweep.hit)
    draw.sweep(mover, Point(10, 0), sweep)
    assert.are.same({
      color(PATH), { "line", 0, 0, 10, 0 }, { "polygon", "line", 8, -1, 12, -1, 12, 1, 8, 1 },
      color(SHAPE), { "polygon", "line", -2, -1, 2, -1, 2, 1, -2, 1 },
      color(STOP), { "polygon", "line", 8, -1, 12, -1, 12, 1, 8, 1 },
    }, drawn())
  end)

  it("draws a clipped segment in its kind's colour, thick between t0 and t1", function()
    local room = AABB.fromRect(100, 100, 200, 100)
    local kind, t0, t1 = room:clipSegment(20, 150, 400, 0)
    draw.clip(20, 150, 400, 0, kind, t0, t1)
    local kinds = draw.style.kinds
    -- [0.2, 0.7] of 400 from x = 20: x 100 to 300.
    assert.are.same({
      color(kinds.outside), { "line", 20, 150, 420, 150 },
      color(kinds.traverse), { "setLineWidth", 3 }, { "line", 100, 150, 300, 150 },
      dot(100, 150), dot(300, 150),
    }, drawn())
    for _, k in ipairs { "inside", "enter", "exit" } do
      draw.clip(Point(0, 0), Point(8, 4), k, 0.25, 0.5)
      assert.are.same({
        color(kinds.outside), { "line", 0, 0, 8, 4 },
        color(kinds[k]), { "setLineWidth", 3 }, { "line", 2, 1, 4, 2 }, dot(2, 1), dot(4, 2),
      }, drawn())
    end
    draw.clip(0, 0, 8, 4, room:clipSegment(0, 0, 8, 4))
    assert.are.same({ color(kinds.outside), { "line", 0, 0, 8, 4 } }, drawn())
  end)

  it("draws sweepSegmentPoint's motion and each contact", function()
    -- A rope from (0, 0) to (10, 0) moving down by 10 while a point goes up
    -- from (5, 5) to (5, -5): 10 t = 5 - 10 t at t = 1/4, y = 2.5, half-way.
    local t, s = impact.sweepSegmentPoint(0, 0, 0, 10, 10, 0, 10, 10, 5, 5, 5, -5)
    assert.are.equal(0.25, t)
    assert.are.equal(0.5, s)
    draw.segmentPoint(Point(0, 0), 0, 10, 10, 0, Point(10, 10), 5, 5, 5, -5, t, s)
    local a1, a2 = arrowY(5, 5, -5, 8)
    assert.are.same({
      color(PATH), { "line", 0, 0, 10, 0 }, color(SHAPE), { "line", 0, 10, 10, 10 },
      color(PATH), a1, a2,
      color(STOP), { "line", 0, 2.5, 10, 2.5 }, color(CONTACT), dot(5, 2.5),
    }, drawn())
    -- A second contact is drawn like the first (given here, not computed):
    -- a point resting at (6, 0), the rope sliding along x from [0, 4] to
    -- [8, 12]; at t 0.25 it is [2, 6] (s 1), at t 0.75 [6, 10] (s 0).
    draw.segmentPoint(0, 0, 8, 0, 4, 0, 12, 0, 6, 0, 6, 0, 0.25, 1, 0.75, 0)
    assert.are.same({
      color(PATH), { "line", 0, 0, 4, 0 }, color(SHAPE), { "line", 8, 0, 12, 0 },
      color(PATH), dot(6, 0),
      color(STOP), { "line", 2, 0, 6, 0 }, color(CONTACT), dot(6, 0),
      color(STOP), { "line", 6, 0, 10, 0 }, color(CONTACT), dot(6, 0),
    }, drawn())
  end)

  describe("a World", function()
    local world, a, b
    before_each(function()
      world = impact.World(32)
      a, b = { name = "a" }, { name = "b" }
      world:add(b, 20, -5, 10, 30)
    end)

    it("draws its items, and with cells the grid and each item's cells", function()
      draw.world(world, 0, 0, 64, 64, true)
      local grid, cell = draw.style.grid, draw.style.cell
      -- b covers x 20..30 (cell column 0) and y -5..25 (rows -1 and 0).
      assert.are.same({
        color(grid), { "line", 0, 0, 0, 64 }, { "line", 32, 0, 32, 64 }, { "line", 64, 0, 64, 64 },
        { "line", 0, 0, 64, 0 }, { "line", 0, 32, 64, 32 }, { "line", 0, 64, 64, 64 },
        color(cell), { "rectangle", "fill", 0, -32, 32, 32 }, { "rectangle", "fill", 0, 0, 32, 32 },
        color(SHAPE), { "rectangle", "line", 20, -5, 10, 30 },
      }, drawn())
      world:add(a, 100, 100, 4, 4)
      draw.world(world, 0, 0, 64, 64)
      assert.are.same({ color(SHAPE), { "rectangle", "line", 20, -5, 10, 30 } }, drawn())
      draw.configure { scale = 4, originX = -400 }
      draw.world(world)  -- the screen: x 100 to 300, y 0 to 150
      assert.are.same({ color(SHAPE), { "rectangle", "line", 0, 400, 16, 16 } }, drawn())
    end)

    it("draws shape items as their shapes, rectangle items as rectangles", function()
      local ball, ramp = { name = "ball" }, { name = "ramp" }
      world:add(ball, impact.Circle(40, 10, 5))
      world:add(ramp, impact.Polygon({ 0, 0, 20, 0, 20, -10 }, 50, 30))
      draw.configure { scale = 2, originX = 10 }
      -- The screen, 800 x 600, is x -5 to 395, y 0 to 300: b sticks out.
      draw.world(world)
      local found = {}
      for _, c in ipairs(drawn()) do
        if c[1] ~= "setColor" then found[#found + 1] = c end
      end
      table.sort(found, function(p, q) return p[1] < q[1] end)
      assert.are.same({
        { "circle", "line", 90, 20, 10 },  -- (10 + 2 * 40, 2 * 10), radius 2 * 5
        { "polygon", "line", 110, 60, 150, 60, 150, 40 },
        { "rectangle", "line", 50, -10, 20, 60 },
      }, found)
      -- A turned item is drawn turned, and a query's items in its colour.
      world:update(ramp, 50, 30, math.pi)
      local items, len = world:queryPoint(35, 32)
      assert.are.same({ ramp }, items)
      draw.items(world, items, len)
      local turned = drawn()
      assert.are.same(color(QUERY), turned[1])
      local v = turned[2]
      assert.are.same({ "polygon", "line" }, { v[1], v[2] })
      for k, want in ipairs { 110, 60, 70, 60, 70, 80 } do
        assert.is_true(math.abs(v[k + 2] - want) < 1e-12)
      end
      -- An item turned from shape to rectangle and to another kind of shape.
      world:remove(ramp)
      world:add(ramp, 50, 20, 4, 6)
      draw.items(world, { ramp })
      assert.are.same({ color(QUERY), { "rectangle", "line", 110, 40, 8, 12 } }, drawn())
      world:remove(ramp)
      world:add(ramp, impact.AABB(50, 20, 4, 6))
      draw.items(world, { ball, ramp })
      assert.are.same({ color(QUERY), { "circle", "line", 90, 20, 10 },
                        { "rectangle", "line", 102, 28, 16, 24 } }, drawn())
    end)

    it("draws a move's collisions: other, touch, path, response, normal, contact", function()
      world:add(a, 0, 0, 10, 10)
      local x, y, cols, len = world:move(a, 40, 5)
      -- a slides into b's left face (x 20) at ti 1/4: touches at (10, 1.25),
      -- slides on to (10, 5).
      assert.are.same({ 10, 5, 1 }, { x, y, len })
      draw.collisions(cols, len)
      local slide = draw.style.responses.slide
      local s1, s2 = arrowY(15, 6.25, 10, 3.75)
      local n1, n2 = arrowX(20, 6.25, -4, 8)
      assert.are.same({
        color(slide), { "rectangle", "line", 20, -5, 10, 30 }, { "rectangle", "line", 10, 1.25, 10, 10 },
        color(PATH), { "line", 5, 5, 15, 6.25 }, s1, s2,
        color(slide), { "rectangle", "line", 10, 5, 10, 10 },
        -- the contact: x 20, half-way down the touching part, y 1.25..11.25
        color(NORMAL), n1, n2, color(CONTACT), dot(20, 6.25),
      }, drawn())
    end)

    it("draws what a query found, and a segment query's stretches", function()
      world:add(a, 40, 0, 10, 10)
      local items, len = world:queryRect(0, 0, 35, 10)
      assert.are.same({ b }, items)
      draw.items(world, items, len)
      assert.are.same({ color(QUERY), { "rectangle", "line", 20, -5, 10, 30 } }, drawn())
      local infos
      infos, len = world:querySegmentWithCoords(0, 5, 60, 5)
      assert.are.equal(2, len)
      draw.segmentQuery(0, 5, 60, 5, infos, len)
      local l1, l2 = arrowX(0, 5, 60, 8)
      assert.are.same({
        color(PATH), l1, l2, color(QUERY), { "setLineWidth", 3 },
        { "line", 20, 5, 30, 5 }, dot(20, 5), dot(30, 5),
        { "line", 40, 5, 50, 5 }, dot(40, 5), dot(50, 5),
      }, drawn())
    end)
  end)

  it("rejects what it cannot draw, in Lua's words", function()
    helpers.assertError("bad argument #1 to 'shape' (shape expected, got Point)",
                        function() draw.shape(Point()) end)
    helpers.assertError("bad argument #1 to 'sweep' (shape expected, got table)",
                        function() draw.sweep({}, 1, 1, impact.Sweep()) end)
    helpers.assertError("bad argument #1 to 'manifold' (Manifold expected, got Hit)",
                        function() draw.manifold(impact.Hit()) end)
    helpers.assertError("bad argument #3 to 'distance' (Point or number expected, got boolean)",
                        function() draw.distance(1, 2, true) end)
    helpers.assertError("bad argument #2 to 'segment' (number expected, got nil)",
                        function() draw.segment(1) end)
    helpers.assertError("bad argument #3 to 'segment' (Point or number expected, got string)",
                        function() draw.segment(1, 2, "x") end)
    helpers.assertError("bad argument #5 to 'clip' (clipSegment kind expected)",
                        function() draw.clip(0, 0, 1, 1, "sideways") end)
    helpers.assertError("unknown option 'colour'", function() draw.configure { colour = 1 } end)
  end)
end)

describe("impact.debug's garbage", function()
  local function nop() end
  local quiet = {
    getColor = function() return 1, 1, 1, 1 end,
    getLineWidth = function() return 1 end,
    getDimensions = function() return 800, 600 end,
    setColor = nop, setLineWidth = nop, line = nop, polygon = nop, rectangle = nop, circle = nop,
    arc = nop,
  }
  local saved
  before_each(function() saved = rawget(_G, "love"); _G.love = { graphics = quiet } end)
  after_each(function() _G.love = saved end)

  it("a frame drawing every kind of object allocates nothing after warm-up", function()
    local draw = require "impact.debug"
    draw.configure { scale = 1.5, originX = 10, originY = 10, lineWidth = 1 }
    local wall, mover, door = AABB(50, 0, 10, 10), AABB(0, 0, 5, 5), OBB(80, 40, 20, 4, 0.3)
    local hit, sweep = impact.Hit(), impact.Sweep()
    local world = impact.World(32)
    local a = {}
    for i = 0, 9 do world:add({}, i * 16, 100, 16, 16) end
    world:add(a, 0, 0, 10, 10)
    -- Shape items in a World of their own, only drawn: what is measured is
    -- the drawing, not the World's moves among shapes.
    local shaped, shapedItems = impact.World(32), { {}, {}, {}, {}, {} }
    shaped:add(shapedItems[1], impact.Circle(30, 80, 6))
    shaped:add(shapedItems[2], impact.Polygon({ 0, 0, 30, 0, 30, -12 }, 60, 100))
    shaped:add(shapedItems[3], impact.Capsule(0, 0, 20, 0, 3, 120, 70, 0.2))
    shaped:add(shapedItems[4], OBB(20, 20, 8, 3, 0.5))
    shaped:add(shapedItems[5], 0, 120, 16, 16)
    local cols, found, infos = {}, {}, {}
    local p, d = Point(0, 5), Point(100, 0)
    local shapes = { impact.Circle(5, 5, 3), impact.Circle(5, 5, 0), impact.Capsule(0, 0, 10, 5, 2),
                     impact.Capsule(1, 1, 1, 1, 2), impact.Polygon({ 0, 0, 4, 0, 0, 3 }, 2, 2, 0.4) }
    local manifold = impact.Manifold()
    local function frame()
      local _, _, c, len = world:check(a, 40, 120, nil, cols)
      local items, n = world:queryRect(0, 90, 60, 20, nil, found)
      local segs, m = world:querySegmentWithCoords(0, 105, 160, 105, nil, infos)
      wall:sweepAABB(mover, 100, 0, sweep)
      draw.world(world, 0, 0, 200, 200, true)
      draw.world(world)
      draw.collisions(c, len)
      draw.items(world, items, n)
      draw.world(shaped, 0, 0, 200, 200)
      draw.items(shaped, shapedItems)
      draw.segmentQuery(0, 105, 160, 105, segs, m)
      draw.shape(wall); draw.obb(door); draw.point(p); draw.point(3, 4)
      draw.segment(p, d); draw.segment(0, 5, 100, 0, draw.style.stop)
      draw.hit(wall:intersectSegment(p, d, hit))
      draw.sweep(mover, 100, 0, sweep); draw.sweep(door, d, sweep)
      draw.clip(p, d, wall:clipSegment(p, d))
      draw.segmentPoint(0, 0, 0, 10, 10, 0, 10, 10, 5, 5, 5, -5, 0.25, 0.5, 0.75, 0.5)
      draw.distance(0, 0, p); draw.distance(nil)
      for k = 1, #shapes do draw.shape(shapes[k]); draw.sweep(shapes[k], d, sweep) end
      draw.manifold(shapes[1]:manifold(shapes[3], manifold))
    end
    assert.are.equal(0, helpers.allocated(function(n) for _ = 1, n do frame() end end, 1000))
  end)
end)
