local impact = require "impact"
local helpers = require "helpers"
local Point, AABB, Hit, Sweep = impact.Point, impact.AABB, impact.Hit, impact.Sweep

-- Objects that results and views refer to stay alive as long as they are
-- reachable from the script, whatever the collector does in between; and
-- the allocation-free path allocates nothing at all.
--
-- Each keep-alive spec builds its objects inside a function that returns
-- only the one the script keeps, and records the others in a weak table, so
-- that after two full collections the weak table tells whether they are
-- still alive, and the kept object shows whether they still hold their data.

local function fullgc()
  collectgarbage()
  collectgarbage()
end

local function weak()
  return setmetatable({}, { __mode = "v" })
end

describe("keeping objects alive", function()
  it("a Hit keeps its collider alive", function()
    local alive = weak()
    local function make()
      local box = AABB(0, 0, 2, 2)
      alive.box = box
      -- (1.5, 0.5): px = 0.5, py = 1.5: x axis, normal (1, 0).
      return box:intersectPoint(1.5, 0.5)
    end
    local hit = make()
    fullgc()
    assert.is_not_nil(alive.box)
    local box = hit.collider
    assert.is_true(rawequal(alive.box, box))
    assert.are.equal("AABB(pos=(0, 0), half=(2, 2))", tostring(box))
    assert.are.equal(1, hit.normal.x)
  end)

  it("an out Hit keeps the collider of the last test alive", function()
    local alive = weak()
    local out = Hit()
    local function test()
      local box = AABB(10, 0, 2, 2)
      alive.box = box
      box:intersectPoint(11.5, 0.5, out)
    end
    test()
    fullgc()
    assert.is_not_nil(alive.box)
    assert.is_true(rawequal(alive.box, out.collider))
    assert.are.equal(10, out.collider.pos.x)
  end)

  it("a Hit keeps a collider that the script assigned alive", function()
    local alive = weak()
    local hit = Hit()
    local function assign()
      local box = AABB(7, 8, 1, 1)
      alive.box = box
      hit.collider = box
    end
    assign()
    fullgc()
    assert.is_not_nil(alive.box)
    assert.are.equal(7, hit.collider.pos.x)
  end)

  it("a view keeps its owner alive", function()
    local p = impact.AABB(1, 2, 3, 4).pos
    collectgarbage()
    collectgarbage()
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
  end)

  it("a view keeps its owner alive and still writes into it", function()
    local alive = weak()
    local function make()
      local box = AABB(1, 2, 3, 4)
      alive.box = box
      return box.half
    end
    local half = make()
    fullgc()
    assert.is_not_nil(alive.box)
    half.x = 9
    fullgc()
    assert.are.equal("AABB(pos=(1, 2), half=(9, 4))", tostring(alive.box))
    assert.is_true(rawequal(half, alive.box.half))
  end)

  it("a Hit's views keep the Hit alive", function()
    local alive = weak()
    local function make()
      local h = Hit()
      h.normal = Point(0, -1)
      h.time = 0.5
      alive.hit = h
      return h.normal
    end
    local normal = make()
    fullgc()
    assert.is_not_nil(alive.hit)
    assert.are.equal(-1, normal.y)
    assert.are.equal(0.5, alive.hit.time)
  end)

  it("a Sweep's pos view keeps the Sweep alive", function()
    local alive = weak()
    local function make()
      local s = Sweep()
      s.pos = Point(3, 4)
      alive.sweep = s
      return s.pos
    end
    local pos = make()
    fullgc()
    assert.is_not_nil(alive.sweep)
    assert.are.equal(3, pos.x)
  end)

  it("a Sweep's hit keeps the sweep and the collider alive", function()
    local alive = weak()
    local function make()
      -- Static box centre (0, 0), half (1, 1); mover centre (-4, 0),
      -- half (1, 1), delta (4, 0): contact at t = 0.5 on the face x = -1.
      local box, mover = AABB(0, 0, 1, 1), AABB(-4, 0, 1, 1)
      local s = box:sweepAABB(mover, 4, 0)
      alive.sweep, alive.box, alive.mover = s, box, mover
      return s.hit
    end
    local hit = make()
    fullgc()
    assert.is_not_nil(alive.sweep)
    assert.is_not_nil(alive.box)
    assert.is_true(rawequal(hit, alive.sweep.hit))
    assert.are.equal(0.5, hit.time)
    assert.are.equal(-1, hit.normal.x)
    assert.are.equal(-1, hit.pos.x)
    assert.is_true(rawequal(alive.box, hit.collider))
  end)

  it("a view of a Sweep's hit keeps the whole chain alive", function()
    local alive = weak()
    local function make()
      local box = AABB(0, 0, 1, 1)
      local s = box:sweepAABB(AABB(-4, 0, 1, 1), 4, 0)
      alive.sweep, alive.hit, alive.box = s, s.hit, box
      return s.hit.normal
    end
    local normal = make()
    fullgc()
    assert.is_not_nil(alive.hit)
    assert.is_not_nil(alive.sweep)
    assert.is_not_nil(alive.box)
    assert.are.equal(-1, normal.x)
    assert.are.equal(0, normal.y)
  end)

  it("sweepInto's result keeps the collider hit alive after the array is gone", function()
    local alive = weak()
    local function make()
      -- Mover centre (0, 0), half (1, 1), delta (10, 0); walls at x = 4
      -- and x = 8 (half 1): the first is reached when 1 + 10t = 3, t = 0.2.
      local near, far = AABB(4, 0, 1, 1), AABB(8, 0, 1, 1)
      alive.near, alive.far = near, far
      return AABB(0, 0, 1, 1):sweepInto({ far, near }, 10, 0)
    end
    local s = make()
    fullgc()
    assert.is_not_nil(alive.near)
    assert.is_true(rawequal(alive.near, s.hit.collider))
    assert.are.equal(0.2, s.hit.time)
    assert.are.equal(4, s.hit.collider.pos.x)
  end)

  it("a Hit copied into a Sweep keeps its collider alive in the Sweep", function()
    local alive = weak()
    local s = Sweep()
    local function assign()
      local box = AABB(5, 5, 1, 1)
      local h = Hit()
      h.collider = box
      alive.box, alive.hit = box, h
      s.hit = h
    end
    assign()
    fullgc()
    assert.is_not_nil(alive.box)
    assert.are.equal(5, s.hit.collider.pos.x)
  end)

  -- A box and the view that hold(box) gives, both dropped: a full
  -- collection takes both.
  local function collectedwithview(hold)
    local alive = weak()
    local function make()
      local box = AABB(1, 2, 3, 4)
      alive.box, alive.view = box, hold(box)
    end
    make()
    fullgc()
    assert.is_nil(alive.view)
    assert.is_nil(alive.box)
  end

  it("a view does not keep its owner alive once the view is gone too", function()
    collectedwithview(function(box) return box.pos end)
  end)

  it("a shape whose own field holds its view is collected with the view", function()
    collectedwithview(function(box)
      box.entity = { pos = box.pos }  -- owner -> fields -> view -> owner
      return box.entity.pos
    end)
  end)

  it("a Hit does not keep its collider alive once the Hit is gone too", function()
    local alive = weak()
    local function make()
      local box = AABB(0, 0, 2, 2)
      alive.box = box
      alive.hit = box:intersectPoint(1.5, 0.5)
    end
    make()
    fullgc()
    assert.is_nil(alive.hit)
    assert.is_nil(alive.box)
  end)
end)

-- Lua 5.2 and later: the link from a view to its owner is out of the
-- debug library's reach. (Lua 5.1 keeps it in the view's environment; see
-- src/object.h.)
if debug.setuservalue then describe("views and the debug library (the native backend only) #native", function()
  local setuservalue = debug.setuservalue

  local function churn()  -- reuses freed memory, so a dangling view would show
    fullgc()
    local junk = {}
    for i = 1, 2000 do junk[i] = AABB(-9, -9, 9, 9) end
    return junk
  end

  -- Mover centre (-4, 0), half (1, 1), delta (4, 0), against a box at the
  -- origin of half (1, 1): contact when -3 + 4t = -1, t = 0.5, normal
  -- (-1, 0), at (-1, 0).
  local function sweep()
    return AABB(0, 0, 1, 1):sweepAABB(AABB(-4, 0, 1, 1), 4, 0)
  end

  it("a view whose user value a script replaced still keeps its owner alive", function()
    local alive = weak()
    local function make()
      local box = AABB(1, 2, 3, 4)
      alive.box = box
      local pos = box.pos
      pos.x = 5
      setuservalue(pos, {})
      return pos
    end
    local pos = make()
    churn()
    assert.is_not_nil(alive.box)
    assert.are.equal(5, pos.x)
    assert.are.equal(2, pos.y)
    pos.y = 7
    assert.are.equal(7, alive.box.pos.y)
  end)

  it("a Sweep's hit whose user value a script replaced keeps the Sweep alive", function()
    local function make()
      local s = sweep()
      local hit = s.hit
      local normal = hit.normal
      setuservalue(hit, {})
      return hit, normal
    end
    local hit, normal = make()
    churn()
    assert.are.equal(0.5, hit.time)
    assert.are.equal(-1, hit.normal.x)
    assert.are.equal(-1, normal.x)
    assert.are.equal(-1, hit.pos.x)
    normal.y = 3  -- still a view of the hit
    assert.are.equal(3, hit.normal.y)
  end)

  it("a view of a Sweep's hit whose user value a script replaced keeps the chain alive", function()
    local function make()
      local s = sweep()
      local pos = s.hit.pos
      setuservalue(pos, {})
      return pos
    end
    local pos = make()
    churn()
    assert.are.equal(-1, pos.x)
    assert.are.equal(0, pos.y)
  end)

  it("a Sweep's pos view whose user value a script replaced keeps the Sweep alive", function()
    local function make()
      local s = sweep()
      local pos = s.pos
      setuservalue(pos, {})
      return pos
    end
    local pos = make()
    churn()
    -- Stopped just short of contact: t = 0.5 - EPSILON, x = -4 + 4t.
    assert.are.equal(-4 + 4 * (0.5 - impact.EPSILON), pos.x)
  end)

  it("a shape whose user value is not a table has no fields and gets new ones", function()
    local box = AABB(1, 2, 3, 4)
    box.tag = "old"
    if _VERSION == "Lua 5.2" then setuservalue(box, nil)  -- 5.2 takes no other
    else for n = 1, 3 do setuservalue(box, 7, n) end end  -- 5.3 ignores n
    assert.is_nil(box.tag)
    assert.are.equal(1, box.pos.x)
    assert.are.equal(4, box.half.y)
    box.tag = "new"
    assert.are.equal("new", box.tag)
  end)
end) end

describe("the allocation-free path", function()
  local N = 100000

  local function allocated(loop) return helpers.allocated(loop, N) end

  local box = AABB(0, 0, 8, 8)
  local mover = AABB(-16, 0, 4, 4)
  local hit, sweep = Hit(), Sweep()
  local tiles = {}
  for i = 1, 6 do tiles[i] = AABB(i * 16, (i % 2) * 4, 8, 8) end

  it("100000 intersectSegment calls with numbers and an out Hit allocate nothing", function()
    assert.are.equal(0, allocated(function(n)
      -- y from -4 to 3: every call hits the box (x from -16 to 16).
      for i = 1, n do box:intersectSegment(-16, (i % 8) - 4, 32, 0, hit) end
    end))
  end)

  it("intersectSegment calls that miss allocate nothing", function()
    assert.are.equal(0, allocated(function(n)
      for i = 1, n do box:intersectSegment(-16, 20 + i % 8, 32, 0, hit) end
    end))
  end)

  it("intersectSegment with padding and an out Hit allocates nothing", function()
    assert.are.equal(0, allocated(function(n)
      for i = 1, n do box:intersectSegment(-16, (i % 16) - 8, 32, 0, 1, 2, hit) end
    end))
  end)

  it("intersectSegment with Point arguments and an out Hit allocates nothing", function()
    local pos, delta = Point(-16, 1), Point(32, 0)
    assert.are.equal(0, allocated(function(n)
      for i = 1, n do
        pos.y = (i % 8) - 4
        box:intersectSegment(pos, delta, hit)
      end
    end))
  end)

  it("intersectPoint and intersectAABB with an out Hit allocate nothing", function()
    assert.are.equal(0, allocated(function(n)
      for i = 1, n do
        box:intersectPoint((i % 8) - 4, 1, hit)
        box:intersectAABB(mover, hit)
      end
    end))
  end)

  it("clipSegment allocates nothing", function()
    assert.are.equal(0, allocated(function(n)
      -- y from -12 to 11: outside, traverse, and touching the faces.
      for i = 1, n do box:clipSegment(-16, (i % 24) - 12, 32, 1) end
    end))
  end)

  it("writing Point fields and views allocates nothing", function()
    local p = Point()
    assert.are.equal(0, allocated(function(n)
      for i = 1, n do
        p.x, p.y = i, -i
        mover.pos.y = (i % 8) * 0.5
        mover.half.x = 4 + i % 2
      end
    end))
  end)

  it("100000 sweepAABB calls with numbers and an out Sweep allocate nothing", function()
    assert.are.equal(0, allocated(function(n)
      -- delta y from 0 to 28: hits and misses alternate.
      for i = 1, n do box:sweepAABB(mover, 32, (i % 8) * 4, sweep) end
    end))
  end)

  it("sweepInto over a small array with an out Sweep allocates nothing", function()
    assert.are.equal(0, allocated(function(n)
      for i = 1, n do mover:sweepInto(tiles, 64 + i % 32, (i % 5) - 2, sweep) end
    end))
  end)

  it("reading hit and sweep fields and cached views allocates nothing", function()
    box:intersectSegment(-16, 1, 32, 0, hit)
    box:sweepAABB(mover, 32, 0, sweep)
    assert.is_not_nil(sweep.hit)
    local sum = 0
    assert.are.equal(0, allocated(function(n)
      for _ = 1, n do
        sum = sum + hit.time + hit.pos.x + hit.delta.y + hit.normal.x
              + sweep.time + sweep.pos.x + sweep.hit.time + sweep.hit.normal.x
              + box.pos.x + box.half.y
        if hit.collider ~= box then sum = 0 end
      end
    end))
  end)

  it("a game loop of sweeps, field reads and moves allocates nothing", function()
    local player = AABB(0, 0, 4, 4)
    assert.are.equal(0, allocated(function(n)
      for i = 1, n do
        local s = player:sweepInto(tiles, 3, (i % 3) - 1, sweep)
        player.pos.x = s.pos.x % 100
        player.pos.y = s.pos.y
        local h = s.hit
        if h and h.normal.y ~= 0 then player.pos.y = player.pos.y + h.normal.y end
      end
    end))
  end)
end)

-- Measured where no JIT compiles (every profile but LuaJIT's with the JIT
-- on), since LuaJIT counts its compiler's own memory as garbage.
if not (jit and jit.status()) then describe("the pure backend's exact tests", function()
  -- A new copy of a module of the pure core, as its first load makes it.
  local function fresh(name)
    local file = name:gsub("%.", "/")
    for template in package.path:gmatch("[^;]+") do
      local chunk = loadfile((template:gsub("%?", file)))
      if chunk then return chunk(name) end
    end
    error("no " .. name .. " on package.path")
  end

  -- Calls 60 deep, so that the Lua stack, which a full collection shrinks,
  -- is grown back before a call is measured.
  local function deep(n)
    if n == 0 then return 0 end
    local a, b, c, d, e, f, g, h = n, n, n, n, n, n, n, n
    return deep(n - 1) + a + b + c + d + e + f + g + h
  end

  -- The garbage of f's first call, with the collector stopped.
  local function firstcall(f)
    collectgarbage()
    deep(60)
    collectgarbage("stop")
    local before = collectgarbage("count")
    local a, b, c, d = f()
    local bytes = (collectgarbage("count") - before) * 1024
    collectgarbage("restart")
    return bytes, a, b, c, d
  end

  it("allocate nothing from their first call on: their scratch arrays are made full at load", function()
    -- A point sliding along a still segment's line, from x = -1 to 3, meets
    -- the segment (0 to 2) at t = 1/4 (x = 0), s = 0: the collinear case,
    -- which sorts its events in arrays and runs the exact solver.
    local segpoint = fresh("impact.pure.core.segpoint")
    local bytes, t, s, t2 = firstcall(function()
      return segpoint(0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 2.0, 0.0, -1.0, 0.0, 3.0, 0.0)
    end)
    assert.are.same({ 0, 0.25, 0.0 }, { bytes, t, s })
    assert.is_nil(t2)
    -- A segment from (-1, 1) to (1, -1) through the corner (0, 0) of the box
    -- centred at (1, 1): it enters x's slab when it leaves y's, at t = 1/2,
    -- a tie the exact expansion decides: it touches, t0 = t1 = 1/2.
    local clip = fresh("impact.pure.core.clip")
    local kind, t0, t1
    bytes, kind, t0, t1 = firstcall(function()
      return clip.segment(1.0, 1.0, 1.0, 1.0, -1.0, 1.0, 2.0, -2.0)
    end)
    assert.are.same({ 0, "traverse", 0.5, 0.5 }, { bytes, kind, t0, t1 })
    -- Two squares of half size 1 turned by a quarter turn's half, 1 apart:
    -- overlap projects them on four axes into arrays.
    local obb = fresh("impact.pure.core.obb")
    local function square(x)
      return { ["\0px"] = x, ["\0py"] = 0.0, ["\0hx"] = 1.0, ["\0hy"] = 1.0,
               ["\0c"] = math.cos(math.pi / 4), ["\0s"] = math.sin(math.pi / 4) }
    end
    local a, b = square(0.0), square(1.0)
    bytes, t = firstcall(function() return obb.overlap(a, b) end)
    assert.are.same({ 0, 0.0 }, { bytes, t })
  end)
end) end
