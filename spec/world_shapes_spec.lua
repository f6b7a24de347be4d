local impact = require "impact"

-- A World of any shape: world:add(item, shape) keeps a copy; move, check and
-- project sweep it exactly against every item (a bump rectangle as the
-- polygon it is), slide along slanted sides, and never tunnel; queries test
-- the shape itself. Positions are the shapes' pos. Expected values are
-- worked out by hand; a sweep stops impact.EPSILON of its time short of
-- contact.

local Circle, Capsule, Polygon, OBB, AABB = impact.Circle, impact.Capsule, impact.Polygon,
  impact.OBB, impact.AABB
local random = require("helpers").random
-- (the pure backend, many times slower, rests for fewer frames and slides
-- over fewer floors)
local FRAMES = impact.backend == "native" and 10000 or 1000
local EPSILON, sqrt = impact.EPSILON, math.sqrt
local mathtype = math.type or function() return "integer" end

local function close(expected, got, tol, what)
  assert(math.abs(expected - got) <= tol,
         ("%s: %.17g expected, got %.17g"):format(what or "value", expected, got))
end

-- A mover of each kind, about s across, at (x, y); "rect" is bump's.
local KINDS = { "circle", "aabb", "capsule", "polygon", "rect" }
local function addMover(world, item, kind, x, y, s)
  if kind == "rect" then return world:add(item, x - s / 2, y - s / 3, s, s / 1.5) end
  local shape
  if kind == "circle" then shape = Circle(x, y, s / 2)
  elseif kind == "aabb" then shape = AABB(x, y, s / 2, s / 3)
  elseif kind == "capsule" then shape = Capsule(-s / 3, 0, s / 3, 0, s / 4, x, y, 0)
  else shape = Polygon({ -s / 2, -s / 3, s / 2, -s / 3, s / 3, s / 3, -s / 3, s / 3 }, x, y) end
  return world:add(item, shape)
end

-- A row of n touching 10 x 10 tiles with their tops at y = 100.
local function tiles(world, n)
  for i = 0, n - 1 do world:add({ i }, i * 10, 100, 10, 10) end
end

describe("a World of shapes", function()
  it("keeps a copy of the shape, in the grid by its bounds", function()
    local world = impact.World()
    local circle = Circle(5, 50, 5)
    world:add("ball", circle)
    circle.pos = impact.Point(1000, 1000)  -- the World's copy stays
    assert.same({ 0, 45, 10, 10 }, { world:getRect("ball") })
    assert.equal("Circle(pos=(5, 50), radius=5)", tostring(world:getShape("ball")))
    local out = Circle(0, 0, 1)
    assert.equal(out, world:getShape("ball", out))
    assert.equal(5, out.radius)
    world:add("box", 0, 0, 1, 1)
    assert.is_nil(world:getShape("box"))
  end)

  it("turns a shape item with update's angle; an AABB item does not turn", function()
    local world = impact.World()
    world:add("bar", OBB(0, 0, 10, 1))
    world:update("bar", 0, 0, math.pi / 2)
    local x, y, w, h = world:getRect("bar")
    close(-1, x, 1e-12, "x")
    close(-10, y, 1e-12, "y")
    close(2, w, 1e-12, "w")
    close(20, h, 1e-12, "h")
    world:add("box", AABB(0, 0, 1, 1))
    assert.has_error(function() world:update("box", 0, 0, 1) end,
                     "bad argument #4 to 'update' (an AABB item does not turn)")
    world:update("box", 3, 4, 0)
    assert.same({ 2, 3, 2, 2 }, { world:getRect("box") })
  end)

  it("stops a falling circle EPSILON short of the tile it lands on, normal (0, -1) as integers", function()
    local world = impact.World()
    tiles(world, 10)
    world:add("ball", Circle(5, 50, 5))
    local x, y, cols, n = world:move("ball", 5, 150)
    -- the ball's bottom (55) meets the tops (100) after 45 of 100
    assert.equal(1, n)
    close(0.45 - EPSILON, cols[1].ti, 1e-15, "ti")
    close(50 + 100 * (0.45 - EPSILON), y, 1e-12, "y")
    assert.equal(5, x)
    assert.equal(0, cols[1].normal.x)
    assert.equal(-1, cols[1].normal.y)
    assert.equal("integer", mathtype(cols[1].normal.y))
    assert.is_false(cols[1].overlaps)
  end)

  it("slides a circle across every seam of a tiled floor (no ghost collisions)", function()
    local world = impact.World(16)
    tiles(world, 20)
    world:add("ball", Circle(5, 95, 5))  -- resting: touching the tops
    local x, y = 5, 95
    for _ = 1, 20 do
      x, y = world:move("ball", x + 7.3, y + 1)  -- pressed down, going right
      assert.equal(95, y)
    end
    close(5 + 20 * 7.3, x, 1e-9, "x")
  end)

  it("slides along a 45-degree ramp: the rest of the move along its tangent", function()
    local world = impact.World()
    world:add("ramp", Polygon({ 0, 0, 100, 100, 0, 100 }))
    world:add("ball", Circle(10, -20, 5))
    local x, y, cols, n = world:move("ball", 10, 80)
    -- contact where the centre is 5 from y = x: y = 10 - 5 sqrt(2); the
    -- rest of the fall, 80 - y, goes half into x and half into y
    local contact = 10 - 5 * sqrt(2)
    local rest = 80 - contact
    assert.equal(1, n)
    close(sqrt(0.5), cols[1].normal.x, 1e-15, "normal x")
    close(-sqrt(0.5), cols[1].normal.y, 1e-15, "normal y")
    close(10 + rest / 2, x, 1e-5, "x")
    close(contact + rest / 2, y, 1e-5, "y")
    close(10 + rest / 2, cols[1].slide.x, 1e-5, "slide x")
    assert.is_false(world:getShape("ball"):intersects(world:getShape("ramp")))
  end)

  it("slides a circle touching a block's side 1e-8 under its corner straight down the side", function()
    -- The centre (0, 1 - 1e-8) is 1 from the side x = 1 and a hair more
    -- from the corner (1, 1): the move enters through the side, at once,
    -- normal (-1, 0), not through the corner's disc (normal 1e-8 off,
    -- which slid the circle into the block, met already)
    local world = impact.World()
    world:add("block", 1, -1, 1, 2)
    world:add("ball", Circle(0, 0.99999999, 1))
    local x, y, cols, n = world:move("ball", 200, -5)
    assert.equal(1, n)
    assert.are.same({ -1, 0, 0 }, { cols[1].normal.x, cols[1].normal.y, cols[1].ti })
    assert.are.same({ 0, -5 }, { x, y })
  end)

  it("never tunnels: a small circle crossing 1000 units meets a wall 0.01 thick", function()
    local world = impact.World(8)
    world:add("wall", 500, -50, 0.01, 100)
    world:add("ball", Circle(0, 0, 1))
    local x, y, cols, n = world:move("ball", 1000, 0)
    assert.equal(1, n)
    assert.equal("wall", cols[1].other)
    close(499 - 1000 * EPSILON, x, 1e-9, "x")
    assert.equal(0, y)
  end)

  it("holds a slide in a corner: a floor and an overhanging wall both respected", function()
    local world = impact.World()
    world:add("floor", 0, 100, 300, 10)
    -- a wall whose face 2x - y = 200 runs from (150, 100) up to (100, 0):
    -- sliding down its face would go into the floor
    world:add("wall", Polygon({ 100, 0, 200, 0, 200, 100, 150, 100 }))
    world:add("ball", Circle(50, 95, 5))  -- resting on the floor
    local x, y, cols, n = world:move("ball", 200, 96)
    assert.equal(2, n)
    assert.equal("floor", cols[1].other)
    assert.equal("wall", cols[2].other)
    -- held where it touches both: 5 from the face at y = 95
    close(147.5 - 2.5 * sqrt(5), x, 1e-5, "x")
    assert.equal(95, y)
    local ball = world:getShape("ball")
    assert.is_false(ball:intersects(world:getShape("wall")))
    assert.is_false(ball:intersects(AABB(150, 105, 150, 5)))
  end)

  it("pushes a shape that starts inside out by the shortest way, ti minus the depth", function()
    local world = impact.World()
    world:add("block", 0, 0, 100, 100)
    world:add("ball", Circle(50, 2, 5))  -- 7 into the top face, 53 into the rest
    local x, y, cols, n = world:check("ball", 50, 2)
    assert.equal(1, n)
    assert.is_true(cols[1].overlaps)
    close(-7, cols[1].ti, 1e-9, "ti")
    assert.equal(0, cols[1].normal.x)
    assert.equal(-1, cols[1].normal.y)
    close(-5, cols[1].touch.y, 1e-9, "touch y")
    -- a check that does not move goes nowhere, as bump's
    assert.same({ 50, 2 }, { x, y })
  end)

  it("projects a shape from its pos, and names the shape form's arguments in errors", function()
    local world = impact.World()
    tiles(world, 3)
    local cols, n = world:project("probe", Circle(5, 50, 5), 5, 150)
    assert.equal(1, n)
    close(0.45 - EPSILON, cols[1].ti, 1e-15, "ti")
    assert.has_error(function() world:project("probe", Circle(5, 50, 5), "x") end,
                     "bad argument #3 to 'project' (number expected, got string)")
  end)

  it("queries each shape item on its shape, not its bounds", function()
    local world = impact.World()
    world:add("ball", Circle(0, 0, 5))
    -- (4, 4) is in the bounds but 5.66 from the centre
    assert.equal(0, select(2, world:queryPoint(4, 4)))
    assert.equal(1, select(2, world:queryPoint(3, 3.9)))
    -- a rectangle in the bounds' corner, apart from the circle
    assert.equal(0, select(2, world:queryRect(4, 4, 1, 1)))
    assert.equal(1, select(2, world:queryRect(3, 3, 1, 1)))
    -- a segment grazing the bounds' corner misses; one through the middle
    -- enters at 0.3 and leaves at 0.8 (x from -8 to 12)
    assert.equal(0, select(2, world:querySegment(4, 10, 10, 4)))
    local found, n = world:querySegmentWithCoords(-8, 0, 12, 0)
    assert.equal(1, n)
    close(0.15, found[1].ti1, 1e-15, "ti1")
    close(0.65, found[1].ti2, 1e-15, "ti2")
  end)

  it("finds with queryShape the items a shape overlaps, touching excluded", function()
    local world = impact.World()
    world:add("box", 0, 0, 10, 10)
    world:add("ball", Circle(20, 5, 5))
    world:add("wedge", Polygon({ 0, 0, 10, 0, 5, 8 }, 40, 0))
    local function found(shape)
      local items, n = world:queryShape(shape)
      table.sort(items)
      return n .. ": " .. table.concat(items, " ")
    end
    -- between the box (x = 10) and the ball (x = 15), touching neither
    assert.equal("0: ", found(Circle(12.5, 5, 2.5)))
    assert.equal("1: ball", found(Circle(13, 5, 2.0000001)))
    assert.equal("0: ", found(Circle(10, 5, 0)))  -- a point on the box's side
    assert.equal("3: ball box wedge", found(AABB(25, 5, 20, 1)))
    -- the wedge's side from (40, 0) to (45, 8), outward normal (-8, 5) / sqrt(89):
    -- a circle just over its radius from the side's middle, then just under
    local ox, oy = -8 / sqrt(89), 5 / sqrt(89)
    assert.equal("0: ", found(Circle(42.5 + ox * 1.000001, 4 + oy * 1.000001, 1)))
    assert.equal("1: wedge", found(Circle(42.5 + ox * 0.999999, 4 + oy * 0.999999, 1)))
    assert.has_error(function() world:queryShape(3) end,
                     "bad argument #1 to 'queryShape' (shape expected, got number)")
  end)

  it("pushes an item out of what it overlaps by the shortest way, never into another", function()
    local world = impact.World()
    world:add("floor", 0, 100, 100, 10)
    world:add("wall", Polygon({ 0, 0, 10, 0, 10, 100, 0, 100 }, 50, 0))
    world:add("ball", Circle(45, 98, 5))  -- 3 into the floor, touching the wall
    local x, y, cols, n = world:push("ball")
    assert.equal(1, n)
    assert.equal("floor", cols[1].other)
    assert.equal("slide", cols[1].type)
    assert.is_true(cols[1].overlaps)
    close(-3, cols[1].ti, 1e-9, "ti")
    assert.same({ 0, -1 }, { cols[1].normal.x, cols[1].normal.y })
    assert.equal(45, x)
    close(95, y, 1e-9, "y")
    -- 7 into the wall's side and 3 into the floor: straight out of the
    -- wall (down) is in the floor, out of the floor (up) still in the wall;
    -- the way out is up 3 and left 7
    world:update("ball", 52, 98)
    x, y, cols, n = world:push("ball")
    assert.equal(2, n)
    assert.same({ "floor", "wall" }, { cols[1].other, cols[2].other })  -- in the grid's order
    close(45, x, 1e-9, "x")
    close(95, y, 1e-9, "y")
    local ball = world:getShape("ball")
    assert.equal(x, ball.pos.x)
    assert.is_false(ball:intersects(world:getShape("wall")))
    assert.is_false(ball:intersects(AABB(50, 105, 50, 5)))
    -- the floor crossed: out of the wall alone, down into the floor
    world:update("ball", 52, 98)
    x, y, cols, n = world:push("ball", function(_, other)
      return other == "floor" and "cross" or "slide"
    end)
    assert.equal(1, n)
    assert.equal("wall", cols[1].other)
    assert.equal(52, x)
    close(105, y, 1e-9, "y")
    -- overlapping nothing: it stays
    world:update("ball", 20, 20)
    assert.same({ 20, 20, 0 }, { select(1, world:push("ball")), select(2, world:push("ball")),
                                 select(4, world:push("ball")) })
  end)

  it("turns a door with world:rotate until it meets a ball, at the angle worked out by trigonometry", function()
    local world = impact.World()
    -- a bar 1 thick from its hinge at (0, 0) to x = 10, turning towards
    -- pi / 2; the ball's centre is sqrt(50) from the hinge at pi / 4, and
    -- the bar's near face meets it when the bar's middle line is 1.5 away
    world:add("door", Polygon({ 0, -0.5, 10, -0.5, 10, 0.5, 0, 0.5 }))
    world:add("ball", Circle(5, 5, 1))
    local angle, cols, n = world:rotate("door", math.pi / 2)
    local contact = math.pi / 4 - math.asin(1.5 / sqrt(50))
    assert.equal(1, n)
    assert.equal("ball", cols[1].other)
    assert.is_true(angle <= contact)
    close(contact, angle, 1e-5, "angle")
    close(math.sin(contact), cols[1].normal.x, 1e-5, "normal x")
    close(-math.cos(contact), cols[1].normal.y, 1e-5, "normal y")
    assert.equal(angle, world:getShape("door").angle)
    assert.is_false(world:getShape("door"):intersects(world:getShape("ball")))
    -- crossed, the ball lets it turn all the way
    angle, cols, n = world:rotate("door", math.pi / 2, function() return "cross" end)
    assert.equal(math.pi / 2, angle)
    assert.equal(1, n)
    assert.equal("cross", cols[1].type)
    -- a circle's turn changes nothing; a rectangle and an AABB cannot turn
    assert.same({ 2, 0 }, { select(1, world:rotate("ball", 2)), select(3, world:rotate("ball", 2)) })
    world:add("box", 100, 100, 1, 1)
    world:add("aabb", AABB(200, 200, 1, 1))
    assert.has_error(function() world:rotate("box", 1) end,
                     "bad argument #1 to 'rotate' (a rectangle item does not turn)")
    assert.has_error(function() world:rotate("aabb", 1) end,
                     "bad argument #1 to 'rotate' (an AABB item does not turn)")
  end)

  it("stops a thin bar turning a full circle at a small circle near its tip", function()
    local world = impact.World(4)
    world:add("bar", Polygon({ 0, -0.05, 20, -0.05, 20, 0.05, 0, 0.05 }, 0, 0, 0))
    -- just behind the bar's start, 19.5 out: met after nearly a full turn
    world:add("pebble", Circle(19.5 * math.cos(-0.1), 19.5 * math.sin(-0.1), 0.2))
    local angle, cols, n = world:rotate("bar", 2 * math.pi)
    assert.equal(1, n)
    assert.equal("pebble", cols[1].other)
    -- the bar's face (0.05 from its middle) meets the pebble's edge when
    -- the middle line is 0.25 from its centre
    close(2 * math.pi - 0.1 - math.asin(0.25 / 19.5), angle, 1e-5, "angle")
    assert.is_false(world:getShape("bar"):intersects(world:getShape("pebble")))
  end)

  it("lists the items along a thrown arc in order of first contact (queryArc)", function()
    local world = impact.World()
    world:add("platform", Polygon({ 0, 0, 30, 0, 30, 5, 0, 5 }, 80, 60))
    world:add("ball", Circle(50, 35, 2))
    world:add("high", 40, 0, 20, 10)
    -- y(t) = 40 - 60 t + 100 t^2, x(t) = 100 t: through the ball near
    -- t = 0.5, onto the platform's top (y = 60) at 100 t^2 - 60 t - 20 = 0
    local infos, n = world:queryArc(0, 40, 100, -60, 0, 200)
    assert.equal(2, n)
    assert.equal("ball", infos[1].item)
    assert.is_true(infos[1].ti > 0.47 and infos[1].ti < 0.5)
    assert.equal("platform", infos[2].item)
    local t = (60 + sqrt(3600 + 8000)) / 200
    close(t, infos[2].ti, 1e-12, "ti")
    close(100 * t, infos[2].x, 1e-9, "x")
    close(60, infos[2].y, 1e-9, "y")
    -- the apex (t = 0.3, y = 31) exactly on the underside of "high" moved
    -- down to y = 21 + 10: touching is no contact
    world:update("high", 20, 21)
    assert.equal(0, select(2, world:queryArc(0, 40, 100, -60, 0, 200,
                                             function(item) return item == "high" end)))
    world:update("high", 20, 21.000001)
    infos, n = world:queryArc(0, 40, 100, -60, 0, 200, function(item) return item == "high" end)
    assert.equal(1, n)
    close(0.3, infos[1].ti, 1e-3, "apex ti")
  end)

  it("passes every seam of " .. FRAMES / 50
     .. " floors of mixed rectangle and polygon tiles, any sizes and cells", function()
    local rnd = random(47)
    for trial = 1, FRAMES / 50 do
      local world = impact.World(({ 1, 3.7, 16, 64, 100 })[rnd.range(1, 5)])
      local tile, top = rnd.range(50, 2000) / 100, rnd.range(-1000, 1000) / 10
      for i = 0, 29 do
        if rnd.int(2) == 0 then world:add({}, i * tile, top, tile, 5)
        else world:add({}, Polygon({ 0, 0, tile, 0, tile, 5, 0, 5 }, i * tile, top)) end
      end
      local kind, size = rnd.pick(KINDS), rnd.range(30, 1000) / 100
      local speed = tile * rnd.range(10, 90) / 100  -- a seam every few moves
      addMover(world, "m", kind, size, top - size - 3, size)
      local x, y = world:move("m", kind == "rect" and size / 2 or size, top + 50)
      local rest = y
      for _ = 1, math.min(40, (28 * tile - 2 * size) / speed) do
        local nx, ny = world:move("m", x + speed, y + 0.5)
        local where = ("trial %d (%s, size %g, tile %g): at x = %.17g"):format(trial, kind, size, tile, x)
        assert(nx > x + speed * 0.999, where .. " the move stopped")
        assert(math.abs(ny - rest) <= 1e-6 * (1 + math.abs(rest)), where .. " y moved")
        x, y = nx, ny
      end
    end
  end)

  it("slides down a ramp onto a floor and back up past the joint, every kind", function()
    for _, kind in ipairs(KINDS) do
      local world = impact.World(16)
      world:add("ramp", Polygon({ 0, 0, 100, 50, 100, 60, 0, 60 }))  -- down to (100, 50)
      world:add("floor", 100, 50, 200, 10)
      addMover(world, "m", kind, 5, -20, 6)
      local x, y = world:move("m", 5, 40)
      while x < 250 do
        local nx, ny = world:move("m", x + 1, y + 1)
        assert(nx > x + 0.5, kind .. " stopped going down at x = " .. x)
        x, y = nx, ny
      end
      while x > 30 do
        local nx, ny = world:move("m", x - 1, y + 0.2)
        assert(nx < x - 0.5, kind .. " stopped going up at x = " .. x)
        x, y = nx, ny
      end
      assert(y < 20, kind .. " is back up the ramp")
    end
  end)

  it("passes the joint of two ramps whose second face does not face the motion", function()
    for _, kind in ipairs(KINDS) do
      local world = impact.World(16)
      world:add("steep", Polygon({ 0, 0, 100, 50, 100, 80, 0, 80 }))
      world:add("gentle", Polygon({ 100, 50, 200, 75, 200, 80, 100, 80 }))
      addMover(world, "m", kind, 5, -20, 6)
      local x, y = world:move("m", 5, 40)
      while x < 190 do
        local nx, ny = world:move("m", x + 1, y + 1)
        assert(nx > x + 0.5, kind .. " stopped at x = " .. x)
        x, y = nx, ny
      end
    end
  end)

  it("rests on a slope under gravity for " .. FRAMES .. " frames without sinking or jitter (touch)", function()
    local function touch() return "touch" end
    for _, kind in ipairs({ "circle", "polygon" }) do
      local world = impact.World(16)
      local slope = Polygon({ 0, 0, 100, 50, 100, 80, 0, 80 })
      world:add("slope", slope)
      addMover(world, "m", kind, 50, -20, 6)
      local x, y = world:move("m", 50, 40, touch)
      -- each frame stops EPSILON of its time short: after the landing's
      -- gap has closed, at rest within 1e-9 of the mover's size (6)
      for frame = 1, FRAMES do
        local nx, ny = world:move("m", x + 0.01, y + 0.3, touch)
        if frame > 10 then
          assert(math.abs(nx - x) <= 6e-9 and math.abs(ny - y) <= 6e-9, kind .. " moved")
        end
        x, y = nx, ny
      end
      assert.is_false(world:getShape("m"):intersects(slope))
    end
  end)

  it("gives a custom response bump's slide that projects the shape, not its bounds", function()
    local world = impact.World()
    world:add("ramp", Polygon({ 0, 0, 100, 100, 0, 100 }))
    world:add("ball", Circle(10, -20, 5))
    world:addResponse("mine", require("impact.bump").responses.slide)
    local x, y, cols = world:move("ball", 10, 80, function() return "mine" end)
    assert.equal("mine", cols[1].type)
    local contact = 10 - 5 * sqrt(2)
    close(10 + (80 - contact) / 2, x, 1e-5, "x")
    close(contact + (80 - contact) / 2, y, 1e-5, "y")
  end)

  it("never tunnels a mover 100 times its size per move through an item 0.001 thin", function()
    for _, kind in ipairs(KINDS) do
      local world = impact.World(8)
      world:add("wall", 300, -50, 0.001, 100)
      world:add("sheet", Polygon({ 0, 0, 0.001, 0, 0.001, 100, 0, 100 }, -300, -50))
      addMover(world, "m", kind, 0, 0, 2)
      local x = world:move("m", 600, 0)
      assert(x < 300, kind .. " passed the wall")
      x = world:move("m", -600, 0)
      assert(x > -300, kind .. " passed the sheet")
    end
  end)
end)
