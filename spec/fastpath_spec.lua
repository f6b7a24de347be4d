local impact = require "impact"
local helpers = require "helpers"

-- Under LuaJIT the methods are the FFI stand-ins (lua/impact/ffi.lua)
-- while the JIT is on and the C functions while it is off: jit.on() and
-- jit.off() switch them. Under PUC Lua there is nothing to switch.
if not jit then return end

local AABB, OBB, Point, Hit, Sweep = impact.AABB, impact.OBB, impact.Point, impact.Hit, impact.Sweep

local function what(f) return debug.getinfo(f, "S").what end

-- Runs f with the JIT on (on = true) or off, then restores the state.
local function withjit(on, f)
  local was = jit.status()
  if on then jit.on() else jit.off() end
  local ok, err = pcall(f)
  if was then jit.on() else jit.off() end
  assert(ok, err)
end

-- A log of results as strings, numbers with all their digits, and the
-- function that adds one.
local function recorder()
  local log = {}
  return log, function(v)
    log[#log + 1] = type(v) == "number" and ("%.17g"):format(v) or tostring(v)
  end
end

-- Every result of a random workload over the rectangle methods, the clips
-- and sweepSegmentPoint, as strings with all the digits; the errors of bad
-- calls as their messages.
local function workload()
  local r = helpers.random(15)
  local function rnd() return r.int(1048576) / 1048576 end
  local function num() return (rnd() - 0.5) * 16 end
  local function size() return rnd() * 4 end
  local function shape()
    if rnd() < 0.5 then return AABB(num(), num(), size(), size()) end
    return OBB(num(), num(), size(), size(), (rnd() - 0.5) * 8)
  end
  local log, add = recorder()
  local function put(...)
    for i = 1, select("#", ...) do add((select(i, ...))) end
    add("|")
  end
  local function hit(h)
    if h == nil then return put(nil) end
    put(h.time, h.pos.x, h.pos.y, h.delta.x, h.delta.y, h.normal.x, h.normal.y,
        impact.type(h.collider), h.collider and h.collider.pos.x)
  end
  local function sweep(s)
    put(s.time, s.pos.x, s.pos.y)
    hit(s.hit)
  end
  local function fails(f, ...)
    local ok, err = pcall(f, ...)
    put(ok, err)
  end
  local out, sout = Hit(), Sweep()
  for _ = 1, 300 do
    local a, b, list = shape(), shape(), { shape(), shape(), shape() }
    local o = OBB(num(), num(), size(), size(), num())
    local x, y, dx, dy = num(), num(), num() * 2, num() * 2
    put(o:intersectOBB(OBB(b.pos, b.half, num())), o:intersectAABB(AABB(b.pos, b.half)),
        AABB(a.pos, a.half):intersectOBB(o))
    hit(a:overlap(b)); hit(o:overlap(a, out)); hit(o:intersectPoint(x, y))
    hit(o:intersectPoint(Point(x, y), out))
    hit(o:intersectSegment(x, y, dx, dy)); hit(o:intersectSegment(Point(x, y), Point(dx, dy), out))
    put(o:clipSegment(x, y, dx, dy)); put(a:clipSegment(Point(x, y), Point(dx, dy)))
    put(impact.clipSegment(AABB(a.pos, a.half), x, y, dx, dy))
    sweep(o:sweepOBB(OBB(b.pos, b.half, num()), dx, dy)); sweep(o:sweepAABB(AABB(b.pos, b.half), dx, dy, sout))
    sweep(AABB(a.pos, a.half):sweepOBB(o, Point(dx, dy)))
    sweep(a:sweepInto(list, dx, dy)); sweep(o:sweepInto(list, dx, dy, sout))
    -- AABBs only, into AABBs only: the moving box among them, one listed
    -- twice, now and then a zero delta
    local box = AABB(num(), num(), size(), size())
    local boxes = { AABB(num(), num(), size(), size()), box }
    for k = 3, 2 + r.int(6) do boxes[k] = AABB(num(), num(), size(), size()) end
    boxes[#boxes + 1] = boxes[1]
    local still = rnd() < 0.2
    sweep(box:sweepInto(boxes, still and 0 or dx, still and 0 or dy, sout))
    put(impact.sweepSegmentPoint(num(), num(), num(), num(), num(), num(), num(), num(),
                                 num(), num(), num(), num()))
    put(impact.sweepSegmentPoint(0, 0, 0, 0, 4, 0, 4, 0, x, 2, x, -2))  -- crosses at t = 1/2
    put(impact.sweepSegmentPoint(Point(0, 0), Point(0, 0), Point(4, 0), Point(4, 0),
                                 Point(x, y), Point(dx, dy)))
    o.angle = num()
    put(o.angle, o.pos.x, o.half.y)
  end
  -- Bad calls, each through the method and as a function.
  local o = OBB(0, 0, 1, 1, 0.5)
  fails(function() local r = o:intersectOBB(AABB()) return r end)
  fails(function() local r = o:intersectAABB(o) return r end)
  fails(function() local r = o:overlap(o, Sweep()) return r end)
  fails(function() local r = o:intersectPoint(0, 0 / 0) return r end)
  fails(function() local r = o:intersectSegment(0, 0, 1) return r end)
  fails(function() local r = o:clipSegment(Point(), "x") return r end)
  fails(function() local r = o:sweepOBB(o, 1, math.huge) return r end)
  fails(function() local r = o:sweepInto({ o, Point() }, 1, 0) return r end)
  fails(function() local r = OBB.intersectOBB(AABB(), o) return r end)
  fails(function() local r = impact.sweepSegmentPoint(0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0 / 0, 0) return r end)
  fails(function() local r = impact.sweepSegmentPoint(Point(), Point(), Point(), Point(), Point()) return r end)
  fails(function() o.angle = 1 / 0 end)
  fails(function() o.angle = "x" end)
  return log
end

-- Every result of the tests of every shape against every other (intersects,
-- overlap, distance, sweep, manifold, and the round and many-sided types'
-- point and segment tests and clips), with out objects and without, on
-- random pairs of the five types, which object each test returns, and the
-- errors of bad calls.
local function shapeload()
  local r = helpers.random(17)
  local function rnd() return r.int(1048576) / 1048576 end
  local function num() return (rnd() - 0.5) * 12 end
  local function size() return 0.25 + rnd() * 3 end
  local makers = {
    function() return AABB(num(), num(), size(), size()) end,
    function() return OBB(num(), num(), size(), size(), num()) end,
    function() return impact.Circle(num(), num(), size()) end,
    function() return impact.Capsule(-size(), 0, size(), 0, size() / 2, num(), num(), num()) end,
    function() return impact.Polygon({ -size(), -size(), size(), -size(), 0, size() }, num(), num(), num()) end,
  }
  local function shape() return makers[r.int(5) + 1]() end
  local log, add = recorder()
  local function put(...)
    for i = 1, select("#", ...) do add((select(i, ...))) end
    add("|")
  end
  local function hit(h)
    if h == nil then return put(nil) end
    put(h.time, h.pos.x, h.pos.y, h.delta.x, h.delta.y, h.normal.x, h.normal.y,
        impact.type(h.collider))
  end
  -- A manifold's fields and points, and whether it is the out one; a
  -- point past its count is refused (an out one keeps an old second).
  local function manifold(m, mout)
    if m == nil then return put(nil) end
    put(rawequal(m, mout), m.count, m.normal.x, m.normal.y, tostring(m))
    for i = 1, m.count do put(m:point(i)) end
    put(pcall(m.point, m, m.count + 1))
  end
  local out, sout, mout = Hit(), Sweep(), impact.Manifold()
  for i = 1, 400 do
    local a, b = shape(), shape()
    local x, y, dx, dy = num(), num(), num() * 2, num() * 2
    put(a:intersects(b), b:intersects(a))
    hit(a:overlap(b)); hit(b:overlap(a, out))
    put(rawequal(b:overlap(a, out), out)); hit(out)  -- as a miss left it
    manifold(a:manifold(b)); manifold(b:manifold(a, mout), mout)
    if i % 3 == 0 then b.pos = a.pos end  -- deep
    manifold(b:manifold(a, mout), mout)
    put(mout.count, mout:point(1))
    put(a:clipSegment(x, y, dx, dy)); put(b:clipSegment(Point(x, y), Point(dx, dy)))
    put(a:distance(b))
    local sw = a:sweep(b, dx, dy)
    put(sw.time, sw.pos.x, sw.pos.y); hit(sw.hit)
    sw = b:sweep(a, Point(dx, dy), sout)
    put(sw.time, sw.pos.x, sw.pos.y); hit(sw.hit)
    hit(a:intersectPoint(x, y)); hit(a:intersectPoint(Point(x, y), out))
    hit(a:intersectSegment(x, y, dx, dy)); hit(a:intersectSegment(Point(x, y), Point(dx, dy), out))
    hit(out)
  end
  local c = impact.Circle(0, 0, 1)
  local function fails(f)
    local ok, err = pcall(f)
    put(ok, err)
  end
  fails(function() local v = c:intersects(Point()) return v end)
  fails(function() local v = c:overlap(c, Sweep()) return v end)
  fails(function() local v = c:distance() return v end)
  fails(function() local v = c:sweep(c, 1, 0 / 0) return v end)
  fails(function() local v = c:intersectPoint(0, 0 / 0) return v end)
  fails(function() local v = c:intersectSegment(0, 0, 1) return v end)
  fails(function() local v = impact.Polygon.intersects(c, c) return v end)
  fails(function() local v = c:manifold(c, Hit()) return v end)
  fails(function() local v = c:manifold(Point()) return v end)
  fails(function() local v = impact.Capsule.manifold(c, c) return v end)
  fails(function() local v = c:clipSegment(0, 0, 1 / 0, 0) return v end)
  fails(function() local v = c:clipSegment(Point(), "x") return v end)
  fails(function() local x, y = c:manifold(c):point(0.5) return x, y end)
  fails(function() local x, y = c:manifold(c):point("1") return x, y end)
  fails(function() local x, y = impact.Manifold.point(c, 1) return x, y end)
  fails(function() local v = impact.Manifold().count.x return v end)
  -- userdata with a shape's or a Manifold's metatable that are no such
  -- objects: another library's, and a Point
  local function disguised(T, u)
    debug.setmetatable(u, debug.getmetatable(T()))
    return u
  end
  local far = impact.Circle(9, 9, 1)
  for _, make in ipairs({ newproxy, Point }) do
    local m, d = disguised(impact.Manifold, make()), disguised(impact.Circle, make())
    fails(function() local v = c:manifold(c, m) return v end)
    fails(function() local v = c:manifold(far) or c:manifold(c, m) return v end)  -- via the spare
    fails(function() local v = c:manifold(d) return v end)
    fails(function() local v = d:manifold(c) return v end)
    fails(function() local k, t0 = d:clipSegment(0, 0, 1, 1) return k, t0 end)
    fails(function() local x, y = m:point(1) return x, y end)
    fails(function() local v = m.count return v end)
    fails(function() local v = m.normal return v end)
  end
  return log
end

-- Every result of World moves, checks and projections into out tables or
-- new ones: random movers among random tiles, projections of items in the
-- World and of other values, out tables that shrink and grow or start
-- empty, entries a script spoiled, filters (and how often each was asked),
-- a World with a field of its own, and bad calls.
local function worldload()
  local r = helpers.random(16)
  local function num(n) return r.int(n * 64) / 64 end
  local world = impact.World(16)
  for i = 1, 60 do world:add("tile" .. i, num(160), num(160), 4 + num(12), 4 + num(12)) end
  local movers = {}
  for i = 1, 6 do
    movers[i] = { id = i }
    world:add(movers[i], num(160), num(160), 2 + num(10), 2 + num(10))
  end
  local log, put = recorder()
  local outs = { {}, {}, {} }
  local function putcols(cols, len)
    put(len)
    put(#cols)
    for k = 1, len do
      local c = cols[k]
      put(type(c.item) == "table" and c.item.id or c.item)
      put(type(c.other) == "table" and c.other.id or c.other); put(c.type); put(c.overlaps); put(c.ti)
      for _, f in ipairs({ "move", "normal", "touch", "slide" }) do
        local v = c[f] or { x = "none", y = "none" }  -- a cross has no slide
        put(v.x); put(v.y)
      end
      for _, f in ipairs({ "itemRect", "otherRect" }) do
        put(c[f].x); put(c[f].y); put(c[f].w); put(c[f].h)
      end
      put(c.bounce)
    end
  end
  local asked = 0
  local function slide() asked = asked + 1 return "slide" end
  local function cross() asked = asked + 1 return "cross" end
  for i = 1, 1500 do
    local m, out = movers[1 + r.int(6)], outs[1 + r.int(3)]
    if i % 97 == 0 then out[1] = { move = 5 } end  -- a spoiled entry: a new table
    if i % 7 == 0 then out = {} end
    if i % 11 == 0 then out = nil end  -- bump's API: new tables
    local filter = ({ [0] = nil, slide, cross })[i % 5 % 3]
    local x, y = world:getRect(m)
    local gx, gy = x + num(64) - 32, y + num(64) - 32
    local ok, ax, ay, cols, len
    if i % 4 == 1 then  -- a projection: of m, another value, or a tile, maybe to no goal
      local item = ({ m, nil, "nobody", "tile7" })[math.floor(i / 4) % 4 + 1]
      if i % 9 == 1 then gx, gy = nil, nil end
      ok, cols, len = pcall(world.project, world, item, x + num(8) - 4, y + num(8) - 4,
                            1 + num(12), 1 + num(12), gx, gy, filter, out)
      ax, ay = "projected", ok and len
    elseif i % 3 == 0 then
      ok, ax, ay, cols, len = pcall(world.check, world, m, gx, gy, filter, out)
    else
      ok, ax, ay, cols, len = pcall(world.move, world, m, gx, gy, filter, out)
    end
    put(ok); put(ax); put(ay)
    if ok then putcols(cols, len) end
    put(asked)
  end
  for _, bad in ipairs({ { movers[1], 0 / 0, 0 }, { "nobody", 1, 1 }, { movers[1], 1, "2" } }) do
    put(select(2, pcall(world.move, world, bad[1], bad[2], bad[3], nil, {})))
  end
  for _, bad in ipairs({ { 0 / 0, 0, 1, 1 }, { 0, 0, 0, 1 }, { 0, 0, 1, -1 / 0 }, { 0, "2", 1, 1 },
                         { 0, 0, 1, 1, 1 / 0 }, { 0, 0, 1, 1, 5, "6" } }) do
    put(select(2, pcall(world.project, world, movers[1], bad[1], bad[2], bad[3], bad[4],
                        bad[5], bad[6], nil, {})))
  end
  world.note = "own field"
  put(world.note)
  put(select(2, world:move(movers[1], 0, 0, nil, {})))
  getmetatable(world).__gc(world)
  put(select(2, pcall(world.move, world, movers[1], 1, 1, nil, {})))
  return log
end

-- Every result of World queries: random rectangles, points and segments
-- (with coordinates too) over random items, into out tables that shrink
-- and grow, hold what a script put there, or into new tables, with
-- filters, more items than the fast path's buffer holds, bad calls and a
-- freed World.
local function queryload()
  local r = helpers.random(17)
  local function num(n) return r.int(n * 64) / 64 end
  local world = impact.World(16)
  for i = 1, 400 do world:add(i, num(320), num(320), 1 + num(12), 1 + num(12)) end
  local log, put = recorder()
  local outs = { {}, {}, {} }
  local function putitems(ok, items, len)
    put(ok); put(len)
    if ok then
      put(#items)
      for k = 1, #items do put(items[k]) end
    else
      put(items)
    end
  end
  -- info tables: their fields, and which earlier table each one is (the
  -- pool gives the same ones back in the same order both ways)
  local seen, nseen, couts = {}, 0, { {}, {} }
  local function putinfos(ok, infos, len)
    put(ok); put(len)
    if not ok then return put(infos) end
    put(#infos)
    for k = 1, #infos do
      local t = infos[k]
      if not seen[t] then nseen = nseen + 1; seen[t] = nseen end
      put(seen[t]); put(t.item); put(t.ti1); put(t.ti2); put(t.x1); put(t.y1); put(t.x2); put(t.y2)
      put(t.mine)
    end
  end
  local function odd(item) return item % 2 == 1 end
  for i = 1, 600 do
    local out = i % 5 ~= 0 and outs[1 + r.int(3)] or nil
    local filter = i % 7 == 0 and odd or nil
    local kind = i % 3
    if kind == 0 then
      local w, h = num(i % 11 == 0 and 400 or 60), num(60)
      putitems(pcall(world.queryRect, world, num(320) - 20, num(320) - 20, w, h, filter, out))
    elseif kind == 1 then
      putitems(pcall(world.queryPoint, world, num(320), num(320), filter, out))
    elseif i % 4 == 0 then  -- out tables of their own, whose info tables come back
      out = i % 5 ~= 0 and couts[1 + r.int(2)] or nil
      if out and i % 8 == 0 then out[#out + 1] = i % 16 == 0 and "junk" or { mine = i } end
      putinfos(pcall(world.querySegmentWithCoords, world, num(360) - 20, num(360) - 20,
                     num(360) - 20, num(360) - 20, filter, out))
    else
      putitems(pcall(world.querySegment, world, num(360) - 20, num(360) - 20,
                     num(360) - 20, num(360) - 20, filter, out))
    end
  end
  local bad = {
    { "queryRect", 0, 0, 0, 10 }, { "queryRect", 0, 0 / 0, 10, 10 }, { "queryRect", 0, 0, 1 / 0, 1 },
    { "queryPoint", 1, "2" }, { "queryPoint", -1 / 0, 0 },
    { "querySegment", 0, 0, 0 / 0, 1 }, { "querySegment", 0, 0, 1, 1, 5 },
    { "querySegment", 0, 0, 1, 1, nil, 5 },
    { "querySegmentWithCoords", 0, 1 / 0, 1, 1 }, { "querySegmentWithCoords", 0, 0, 1, 1, nil, 5 },
  }
  for _, b in ipairs(bad) do
    putitems(pcall(world[b[1]], world, (table.unpack or unpack)(b, 2, 7)))
  end
  putitems(pcall(world.querySegment, world, 0, 0, 300, 300, nil, setmetatable({}, {})))
  getmetatable(world).__gc(world)
  putitems(pcall(world.querySegment, world, 0, 0, 300, 300, nil, {}))
  return log
end

describe("#native the LuaJIT fast path", function()
  it("is in place while the JIT is on, and the C functions while it is off", function()
    withjit(true, function()
      assert.are.equal("Lua", what(OBB.intersectOBB))
      assert.are.equal("Lua", what(impact.sweepSegmentPoint))
      assert.are.equal("Lua", what(getmetatable(OBB()).__index))
      assert.are.equal("Lua", what(impact.World.move))
      assert.are.equal("Lua", what(impact.World.project))
      assert.are.equal("Lua", what(impact.World.querySegmentWithCoords))
      assert.are.equal("Lua", what(getmetatable(impact.World()).__index))
    end)
    withjit(false, function()
      assert.are.equal("C", what(OBB.intersectOBB))
      assert.are.equal("C", what(AABB.clipSegment))
      assert.is_true(rawequal(AABB.clipSegment, impact.clipSegment))
      assert.are.equal("C", what(impact.sweepSegmentPoint))
      assert.are.equal("C", what(getmetatable(OBB()).__index))
      assert.are.equal("C", what(getmetatable(Point()).__newindex))
      assert.are.equal("C", what(impact.World.check))
      assert.are.equal("C", what(impact.World.project))
      assert.are.equal("C", what(impact.World.querySegmentWithCoords))
      assert.are.equal("C", what(getmetatable(impact.World()).__index))
    end)
  end)

  it("leaves getmetatable giving each object's metatable itself", function()
    for _, v in ipairs({ Point(), AABB(), OBB(), Hit(), Sweep(), impact.World() }) do
      assert.is_true(rawequal(debug.getmetatable(v), getmetatable(v)))
    end
  end)

  it("jit.off(f) and jit.on(f) turn one function and leave the methods", function()
    withjit(true, function()
      local f = OBB.intersectOBB
      jit.off(function() end)
      jit.on(function() end, true)
      assert.is_true(jit.status())
      assert.is_true(rawequal(f, OBB.intersectOBB))
    end)
  end)

  it("leaves a method that a script replaced", function()
    local mine = function() return "mine" end
    local saved = OBB.intersectOBB
    OBB.intersectOBB = mine
    withjit(false, function() assert.is_true(rawequal(mine, OBB.intersectOBB)) end)
    withjit(true, function() assert.is_true(rawequal(mine, OBB.intersectOBB)) end)
    OBB.intersectOBB = saved
  end)

  -- Runs load with the fast path and with the C functions, and compares
  -- the records it returns, entry by entry.
  local function samebothways(load)
    local fast, c
    withjit(true, function() fast = load() end)
    withjit(false, function() c = load() end)
    assert.are.equal(#c, #fast)
    for i = 1, #c do
      if c[i] ~= fast[i] then
        error(("result %d: C %s, fast path %s"):format(i, c[i], fast[i]))
      end
    end
  end

  -- A World with a row of n boxes 0 .. n - 1, 8 wide, at x = 8 i, y = 10.
  local function row(n)
    local world = impact.World(16)
    for i = 0, n - 1 do world:add(i, i * 8, 10, 8, 8) end
    return world
  end

  -- What loop(n) allocates over 200 runs with the World methods named
  -- never compiled (as where a trace aborts).
  local function allocatedinterpreted(names, loop)
    for _, name in ipairs(names) do jit.off(impact.World[name], true) end
    local bytes = helpers.allocated(loop, 200)
    for _, name in ipairs(names) do jit.on(impact.World[name], true) end
    return bytes
  end

  -- Runs run() 3000 times, each with a finalizer (finalizer(i)) waiting
  -- and garbage enough for collections to run often: every result must be
  -- expected.
  local function undisturbed(run, expected, finalizer)
    local wrong, junk = 0, {}
    for i = 1, 3000 do
      getmetatable(newproxy(true)).__gc = finalizer(i)
      junk[i % 16 + 1] = { i, i }  -- garbage, so that collections run often
      if run() ~= expected then wrong = wrong + 1 end
    end
    assert.are.equal(0, wrong)
    assert.are.equal(16, #junk)
  end

  it("gives the C functions' results and errors, exactly", function()
    samebothways(workload)
  end)

  it("gives the shapes' results and errors as the C functions do, exactly", function()
    withjit(true, function()
      for _, T in ipairs({ AABB, OBB, impact.Circle, impact.Capsule, impact.Polygon }) do
        for _, name in ipairs({ "intersects", "overlap", "distance", "sweep", "manifold",
                                "intersectPoint", "intersectSegment", "clipSegment" }) do
          assert.are.equal("Lua", what(T[name]), name)
        end
      end
      assert.are.equal("Lua", what(getmetatable(impact.Circle()).__index))
      assert.are.equal("Lua", what(impact.Manifold.point))
      assert.are.equal("Lua", what(getmetatable(impact.Manifold()).__index))
    end)
    samebothways(shapeload)
  end)

  it("tests shapes allocating nothing with out objects, also where the JIT does not compile", function()
    withjit(true, function()
      local c, p = impact.Circle(0, 0, 1), impact.Polygon({ -1, -1, 1, -1, 0, 1 }, 0.5, 0)
      local h, sw, m = Hit(), Sweep(), impact.Manifold()
      local names = { "intersects", "overlap", "distance", "sweep", "intersectSegment",
                      "manifold", "clipSegment" }
      for _, f in ipairs(names) do jit.off(impact.Circle[f], true) end
      jit.off(impact.Manifold.point, true)
      local bytes = helpers.allocated(function(n)
        for i = 1, n do
          c:intersects(p); c:overlap(p, h); c:distance(p)
          c:sweep(p, 1 + i % 3, 0, sw); c:intersectSegment(-3, 0, 6, i % 2, h)
          c:manifold(p, m); c:clipSegment(-3, 0, 6, i % 2)
          local _, _, _ = m:point(m.count); local _ = m.normal.x
        end
      end, 200)
      for _, f in ipairs(names) do jit.on(impact.Circle[f], true) end
      jit.on(impact.Manifold.point, true)
      assert.are.equal(0, bytes)
    end)
  end)

  it("moves and checks in the World as the C functions do, exactly", function()
    samebothways(worldload)
  end)

  it("queries the World as the C functions do, exactly", function()
    samebothways(queryload)
  end)

  it("sweeps into a list of boxes allocating nothing also where the JIT does not compile", function()
    withjit(true, function()
      local boxes, mixed = {}, {}
      for i = 1, 50 do boxes[i], mixed[i] = AABB(i * 8, 0, 4, 4), OBB(i * 8, 0, 4, 4, i) end
      local mover, sweep = AABB(0, 0, 2, 2), Sweep()
      jit.off(AABB.sweepInto, true)
      local bytes = helpers.allocated(function(n)
        for i = 1, n do
          mover:sweepInto(boxes, 64 + i % 32, (i % 5) - 2, sweep)
          mover:sweepInto(mixed, 64 + i % 32, (i % 5) - 2, sweep)
        end
      end, 200)
      jit.on(AABB.sweepInto, true)
      assert.are.equal(0, bytes)
    end)
  end)

  it("gives each sweep into a list its own buffer: a finalizer's sweep changes no other", function()
    withjit(true, function()
      local boxes, others = {}, {}
      for i = 1, 40 do boxes[i], others[i] = AABB(i * 8, 0, 4, 4), AABB(i * 8, 40, 4, 4) end
      local mover = AABB(0, 0, 2, 2)
      local function run()
        local s = mover:sweepInto(boxes, 64, 0)  -- a new Sweep: an allocation
        return s.time .. ":" .. tostring(s.hit and s.hit.collider == boxes[1])
      end
      jit.off(AABB.sweepInto, true)  -- finalizers run where the JIT does not compile
      local expected = run()
      -- the first box, 8 - 4 - 2 = 2 of the 64 along x away, stops the mover
      assert.are.equal(tostring(2 / 64 - impact.EPSILON) .. ":true", expected)
      undisturbed(run, expected, function(i)
        return function() mover:sweepInto(others, i % 7, 64) end
      end)
      jit.on(AABB.sweepInto, true)
    end)
  end)

  it("queries the World allocating nothing also where the JIT does not compile", function()
    withjit(true, function()
      local world, out = row(10), {}
      local infos = {}  -- of its own: the other queries put items where its tables were
      local bytes = allocatedinterpreted({ "queryRect", "queryPoint", "querySegment",
                                           "querySegmentWithCoords" }, function(n)
        for i = 1, n do
          world:querySegment(-1, 12 + i % 3, 90, 14, nil, out)
          world:queryRect(i % 40, 0, 20, 20, nil, out)
          world:queryPoint(i % 80, 12, nil, out)
          world:querySegmentWithCoords(-1, 12 + i % 3, 20 + i % 70, 14, nil, infos)
        end
      end)
      assert.are.equal(0, bytes)
    end)
  end)

  it("gives each World query its own buffer: a finalizer's query changes no other", function()
    withjit(true, function()
      local world = row(40)
      local function run()
        local items, len = world:querySegment(-1, 12, 330, 14)
        return len .. ":" .. table.concat(items, " ", 1, len)
      end
      jit.off(impact.World.querySegment, true)  -- finalizers run where the JIT does not compile
      local expected = run()
      -- the boxes 0 .. 39 in order along the segment
      local ids = {}
      for i = 0, 39 do ids[#ids + 1] = i end
      assert.are.equal("40:" .. table.concat(ids, " "), expected)
      undisturbed(run, expected, function(i)
        return function() world:queryPoint(300 + i % 7, 12) end
      end)
      jit.on(impact.World.querySegment, true)
    end)
  end)

  it("moves and projects in the World allocating nothing also where the JIT does not compile", function()
    withjit(true, function()
      local world, out, mover = row(10), {}, {}
      world:add(mover, 0, 0, 6, 6)
      local bytes = allocatedinterpreted({ "move", "project" }, function(n)
        for i = 1, n do
          world:move(mover, (i % 2) * 40, 6, nil, out)
          world:project(nil, 0, 6, 6, 6, (i % 3) * 20, 6, nil, out)
        end
      end)
      assert.are.equal(0, bytes)
    end)
  end)

  it("shares the World's pool with the C functions: moves of both into one out table allocate nothing", function()
    withjit(true, function()
      local world, out, mover = row(10), {}, {}
      world:add(mover, 0, 0, 6, 6)
      local function slide() return "slide" end
      local bytes = helpers.allocated(function(n)
        for _ = 1, n do
          world:update(mover, 0, 0)
          world:move(mover, 50, 6, slide, out)  -- the C function: onto the row, with a filter
          world:update(mover, 0, -30)
          world:move(mover, 10, -30, nil, out)  -- the fast path: nothing met, out's tables to the pool
        end
      end, 200)
      assert.are.equal(0, bytes)
    end)
  end)

  it("gives each World move its own buffer: a finalizer's move changes no other", function()
    withjit(true, function()
      local world = row(10)
      world:add("wall", 40, -20, 8, 30)
      local mover, other = {}, {}
      world:add(mover, 0, 0, 6, 6)
      world:add(other, 200, 200, 6, 6)
      local function run()
        world:update(mover, 0, 0)
        local x, y, cols, len = world:move(mover, 50, 6, nil, {})
        local got = { x, y, len }
        for k = 1, len do
          local c = cols[k]
          got[#got + 1] = ("%s %s %.17g %.17g %.17g"):format(c.item == mover, c.other, c.ti,
                                                             c.touch.x, c.slide.y)
        end
        return table.concat(got, " ")
      end
      local expected = run()
      -- onto tile 4 when the bottom reaches y = 10 (t = 4/6), along it into the wall
      local start = "34 4 2 true 4 0.66666666666666663 33.333333333333329 4 true wall "
      assert.are.equal(start, expected:sub(1, #start))
      undisturbed(run, expected, function(i)
        return function() world:move(other, 200 + i % 7, 200, nil, {}) end
      end)
    end)
  end)

  it("ends a World move as the C function does when a finalizer moved or removed the item", function()
    withjit(true, function()
      local world, junk = row(10), {}
      local mover = {}
      for i = 1, 500 do
        world:add(mover, 0, 0, 6, 6)
        getmetatable(newproxy(true)).__gc = i % 2 == 0 and function() world:remove(mover) end
                                            or function() world:update(mover, 100, 100) end
        junk[i % 16 + 1] = { i, i }
        local x, y = world:move(mover, 50, 6, nil, {})
        assert.are.same({ 50, 4 }, { x, y })  -- onto the row of tiles, along it
        collectgarbage()  -- the finalizer has run, during the move or now
        if i % 2 == 0 then
          assert.is_false(world:hasItem(mover))
        else
          -- moved, then the finalizer's update; or the update, then the move
          local rx, ry = world:getRect(mover)
          assert.is_true((rx == 100 and ry == 100) or (rx == 50 and ry == 4))
          world:remove(mover)
        end
      end
      assert.are.equal(16, #junk)
    end)
  end)
end)
