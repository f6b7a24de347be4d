-- The World against hostile callbacks, the debug library and huge results:
-- never a crash, a hang or a World left inconsistent.
local impact = require "impact"
local bump = require "impact.bump"
local helpers = require "helpers"

local assertError = helpers.assertError

-- A World with a row of ten 10x10 items at x = 0, 20, ..., 180.
local function row()
  local world = bump.newWorld(64)
  for i = 1, 10 do world:add(i, (i - 1) * 20, 0, 10, 10) end
  return world
end

describe("World __gc called from a script (the native World only) #native", function()
  local function freeing(world)
    return function()
      getmetatable(world).__gc(world)
      return "cross"
    end
  end

  it("during a query's filter is an error naming the query, not a crash", function()
    local world = row()
    assertError("queryRect: the World was freed during the call", function()
      world:queryRect(0, 0, 200, 10, freeing(world))
    end)
    assertError("World was freed", function() world:countItems() end)
  end)

  it("during a move's filter is an error naming the move, not a crash", function()
    local world = row()
    world:add("mover", -20, 0, 10, 10)
    assertError("move: the World was freed during the call", function()
      world:move("mover", 300, 0, freeing(world))
    end)
  end)

  it("during project and check is an error naming each", function()
    local world = row()
    world:add("mover", -20, 0, 10, 10)
    assertError("check: the World was freed during the call", function()
      world:check("mover", 300, 0, freeing(world))
    end)
    world = row()
    assertError("project: the World was freed during the call", function()
      world:project("p", -20, 0, 10, 10, 300, 0, freeing(world))
    end)
  end)

  it("during a custom response is an error, not a crash", function()
    local world = row()
    world:add("mover", -20, 0, 10, 10)
    world:addResponse("free", function(w, col)
      getmetatable(w).__gc(w)
      return col.touch.x, col.touch.y, {}, 0
    end)
    assertError("move: the World was freed during the call", function()
      world:move("mover", 300, 0, function() return "free" end)
    end)
  end)

  it("twice, and then by the collector, does nothing more", function()
    local world = row()
    local gc = getmetatable(world).__gc
    gc(world)
    gc(world)
    assertError("World was freed", function() world:add({}, 0, 0, 1, 1) end)
    world = nil
    collectgarbage()
    collectgarbage()
  end)
end)

describe("World and the debug library (the native World only) #native", function()
  local getuservalue = debug.getuservalue or debug.getfenv
  local setuservalue = debug.setuservalue or debug.setfenv
  -- The World's internal table n: a user value (5.4) or a field of one.
  local function internal(world, n)
    if _VERSION == "Lua 5.4" then return (getuservalue(world, n)) end
    return getuservalue(world)[n]
  end

  it("an id written into the World's tables out of range is no item", function()
    local world = row()
    for _, id in ipairs({ 1e9, -5, 0.5, 2 ^ 53, 0 / 0 }) do
      internal(world, 1).k = id
      assert.is_false(world:hasItem("k"))
      assertError("item is not in the World", function() world:getRect("k") end)
    end
  end)

  it("an id of a removed item is no item", function()
    local world = row()
    world:remove(3)
    internal(world, 1).k = 2  -- item 3's id, now free
    assert.is_false(world:hasItem("k"))
  end)

  if _VERSION == "Lua 5.4" then
    it("an internal table replaced by a number is a clear error", function()
      local world = row()
      debug.setuservalue(world, 42, 1)
      assertError("World's internal table 1 was replaced", function()
        world:hasItem(1)
      end)
      assertError("World's internal table 1 was replaced", function()
        world:add("x", 0, 0, 1, 1)
      end)
    end)
  else
    it("the internal tables replaced all at once are a clear error", function()
      local world = row()
      setuservalue(world, {})
      assertError("World's internal table 1 was replaced", function()
        world:hasItem(1)
      end)
      assertError("World's internal table", function()
        world:queryRect(0, 0, 100, 100)
      end)
    end)
  end

  -- The module's state is an upvalue of every C function, and its finalizer
  -- holds the counter's; Lua 5.1 keeps C functions' upvalues from scripts.
  local cfunction = getmetatable(impact.AABB()).__tostring
  local reachable = debug.getupvalue(cfunction, 1) ~= nil
  if reachable then it("the finalizer counting collections, called on anything, changes nothing", function()
    local f, state = cfunction, nil
    for i = 1, 64 do
      local name, v = debug.getupvalue(f, i)
      if name == nil then break end
      local mt = type(v) == "userdata" and getmetatable(v)
      if type(mt) == "table" and mt.__gc then state = v end
    end
    local _, counter = debug.getupvalue(getmetatable(state).__gc, 1)
    local count = counter.__gc
    for _, v in ipairs({ 5, "x", {}, setmetatable({}, {}), false }) do count(v) end
    count()
    -- and the World's cells still go with the next collection
    local world, b, cells = row(), {}, nil
    world:add(b, 400, 400, 1, 1)
    collectgarbage()
    helpers.nocollection(function()
      cells = world:countCells()
      world:remove(b)
      assert.are.equal(cells, world:countCells())
    end)
    collectgarbage()
    collectgarbage()
    assert.are.equal(cells - 1, world:countCells())
  end) end
end)

describe("finalizers that call impact", function()
  -- The finalizers armed here run now, not in a later spec that counts
  -- allocations.
  after_each(function()
    collectgarbage()
    collectgarbage()
  end)

  -- Arms a finalizer that runs f at the next garbage collection.
  local function onfinalize(f)
    if newproxy then
      local p = newproxy(true)
      getmetatable(p).__gc = f
    else
      setmetatable({}, { __gc = f })
    end
  end

  it("do not change another call's result (no shared scratch)", function()
    local box, far = impact.AABB(0, 0, 10, 10), impact.AABB(500, 500, 10, 10)
    local wrong, junk = 0, {}
    for i = 1, 20000 do
      onfinalize(function() far:intersectPoint(505, 501) end)
      junk[i % 16 + 1] = { i, i }  -- garbage, so that collections run often
      local h = box:intersectPoint(9, 0)
      if not (h.pos.x == 10 and h.pos.y == 0 and h.delta.x == 1 and h.delta.y == 0
              and h.collider == box) then
        wrong = wrong + 1
      end
      h = box:intersectAABB(impact.AABB(0, 12, 5, 5))
      if not (h.delta.y == 3 and h.collider == box) then wrong = wrong + 1 end
    end
    assert.are.equal(0, wrong)
    assert.are.equal(16, #junk)
  end)

  it("that empty sweepInto's list while its result is made cause no crash", function()
    local mover = impact.AABB(0, 0, 5, 5)
    local hits, junk = 0, {}
    for i = 1, 5000 do
      local list = { impact.AABB(20, 0, 5, 5), impact.AABB(40, 0, 5, 5) }
      onfinalize(function() for k = #list, 1, -1 do list[k] = nil end end)
      junk[i % 16 + 1] = { i, i }
      local s = mover:sweepInto(list, 100, 0)
      if s.hit then
        hits = hits + 1
        assert.are.equal(15, s.hit.pos.x)  -- the face of the first box
      end
    end
    assert.is_true(hits > 0)
    assert.are.equal(16, #junk)
  end)
end)

describe("World visited items", function()
  it("a custom response that passes the move's out table to an inner call still ends", function()
    local world, out, calls = row(), {}, 0
    world:add("mover", -20, 0, 10, 10)
    world:addResponse("reenter", function(w, col, x, y, ww, hh, gx, gy, filter)
      calls = calls + 1
      if calls > 100 then error("endless") end
      w:project("probe", 1000, 1000, 1, 1, 1000, 1000, nil, out)  -- empties out
      return bump.responses.cross(w, col, x, y, ww, hh, gx, gy, filter)
    end)
    local x, y, _, len = world:move("mover", 300, 0, function() return "reenter" end, out)
    assert.are.same({ 300, 0, 10, 10 }, { x, y, len, calls })
  end)

  it("a filter that removes an item and adds another in its id: the move sees both, as bump's does", function()
    local world, done = row(), false
    world:add("mover", -20, 0, 10, 10)
    local function filter(_, other)
      if other == 5 and not done then
        done = true
        world:remove(3)                       -- its id is free
        world:add("new", 250, 0, 10, 10)      -- and taken again, further on
      end
      return "cross"
    end
    local x, _, cols, len = world:move("mover", 300, 0, filter)
    local others = {}
    for i = 1, len do others[i] = cols[i].other end
    -- the filter is asked about all ten in the first projection, 3 included
    assert.are.same({ 300, { 1, 2, 4, 5, 6, 7, 8, 9, 10, "new" } }, { x, others })
  end)

  it("a cross through 600 items visits each once, in bump's order, as the reference does", function()
    local bumpref = require "bumpref"
    local r = helpers.random(600)
    local world, ref = bump.newWorld(16), bumpref.newWorld()
    for i = 1, 600 do
      local x, y = r.range(-50, 3000), r.range(-25, 12)
      world:add(i, x, y, 1 + r.int(30), 1 + r.int(30))
      ref:add(i, x, y, select(3, world:getRect(i)))
    end
    world:add("mover", -100, 0, 10, 10)
    ref:add("mover", -100, 0, 10, 10)
    local cross = function() return "cross" end
    local x, y, cols, len = world:move("mover", 3100, 7, cross)
    local rx, ry, rcols, rlen = ref:move("mover", 3100, 7, cross)
    assert.are.same({ rx, ry, rlen }, { x, y, len })
    assert.is_true(len > 300)
    for i = 1, len do
      assert.are.same({ rcols[i].other, rcols[i].ti }, { cols[i].other, cols[i].ti })
    end
  end)
end)

describe("World results beyond the Lua stack", function()
  it("a move through 5000 items collides with every one, in order", function()
    local world = bump.newWorld(64)
    for i = 1, 5000 do world:add(i, i * 2, 0, 1, 10) end
    world:add("mover", -10, 0, 1, 10)
    local x, _, cols, len = world:move("mover", 20000, 0, function() return "cross" end)
    assert.are.same({ 20000, 5000 }, { x, len })
    for i = 1, len do assert.are.equal(i, cols[i].other) end
  end)

  it("a check with a slide stopped by the first of 5000 overlapping items", function()
    local world = bump.newWorld(64)
    for i = 1, 5000 do world:add(i, 100, 0, 10, 10) end
    world:add("mover", 0, 0, 10, 10)
    local x, y, cols, len = world:check("mover", 200, 0, function() return "slide" end)
    assert.are.same({ 90, 0, 1 }, { x, y, len })
    assert.are.equal(1, cols[1].other)
  end)
end)

describe("World queries beyond the Lua stack", function()
  local world = bump.newWorld(64)
  for i = 1, 20000 do world:add(i, i * 2, (i % 7) - 3, 1, 10) end

  it("queryRect finds all of 20000 items", function()
    local items, len = world:queryRect(0, -10, 50000, 30)
    assert.are.equal(20000, len)
    local seen = {}
    for k = 1, len do seen[items[k]] = true end
    for i = 1, 20000 do assert.is_true(seen[i]) end
  end)

  it("querySegment and querySegmentWithCoords give 20000 items in order along the segment", function()
    for _, query in ipairs({ "querySegment", "querySegmentWithCoords" }) do
      local found, len = world[query](world, 50000, 5, -10, 5)
      assert.are.equal(20000, len)
      for k = 1, len do
        local item = query == "querySegment" and found[k] or found[k].item
        assert.are.equal(20001 - k, item)
      end
    end
  end)
end)

describe("querySegmentWithCoords into an out table", function()
  it("allocates nothing when long and short results alternate", function()
    local world = bump.newWorld(64)
    for i = 1, 40 do world:add(i, i * 10, 0, 5, 10) end
    local out = {}
    local function alternate(n)
      for i = 1, n do
        local _, long = world:querySegmentWithCoords(0, 5, 500, 5, nil, out)
        local _, short = world:querySegmentWithCoords(0, 5, 25, 5, nil, out)
        assert(long == 40 and short == 2 and out[3] == nil)
        assert(out[1].item == 1 and out[2].item == 2 and out[1].x1 == 10)
      end
    end
    -- once warm, the pool holds the tables past the short result
    assert.are.equal(0, helpers.allocated(alternate, 200))
  end)
end)

describe("World seams (the seam rule, a deliberate difference from bump.lua)", function()
  local floors = { 64, 100, 77.7 }  -- on grid lines of cell 64, of cell 50, of neither
  for _, cell in ipairs({ 64, 50 }) do
    it("a mover of any height k/10 resting on a row of tiles walks past every seam, cell " .. cell, function()
      local stuck = 0
      for _, floor in ipairs(floors) do
        for k = 1, 300 do
          local h = k / 10
          local world = bump.newWorld(cell)
          for i = -2, 40 do world:add({}, i * 16, floor, 16, 16) end
          world:add("mover", 0, floor - h, 10, h)
          local x, y, _, len = world:move("mover", 500, floor - h)
          if not (x == 500 and y == floor - h and len == 0) then stuck = stuck + 1 end
        end
      end
      assert.are.equal(0, stuck)
    end)

    it("a mover under a row of tiles, and one along a column, pass every seam, cell " .. cell, function()
      local stuck = 0
      for _, line in ipairs(floors) do
        for k = 1, 300 do
          local s = k / 10
          local world = bump.newWorld(cell)
          for i = -2, 40 do
            world:add({}, i * 16, line - 16, 16, 16)   -- a ceiling ending at line
            world:add({}, line + 1000, i * 16, 16, 16) -- a wall starting at line + 1000
          end
          world:add("under", 0, line, 10, s)
          world:add("beside", line + 1000 - s, 0, s, 10)
          local x, _, _, len = world:move("under", 500, line)
          if not (x == 500 and len == 0) then stuck = stuck + 1 end
          local _, y, _, len2 = world:move("beside", line + 1000 - s, 500)
          if not (y == 500 and len2 == 0) then stuck = stuck + 1 end
        end
      end
      assert.are.equal(0, stuck)
    end)
  end

  it("a mover sinking into the floor by more than DELTA still stops at a seam's side", function()
    local world = bump.newWorld(64)
    world:add("floor", 0, 64, 16, 16)
    world:add("step", 16, 64 - 1e-9, 16, 16)  -- 1e-9 higher: a real step
    world:add("mover", 0, 44, 10, 20)
    local x, _, _, len = world:move("mover", 100, 44)
    assert.are.same({ 6, 1 }, { x, len })
  end)
end)

describe("World error messages name the call", function()
  it("bump.responses with a first argument that is not a World", function()
    for _, name in ipairs({ "touch", "cross", "slide", "bounce" }) do
      assertError("bad argument #1 to '" .. name .. "' (World expected, got number)", function()
        local r = bump.responses[name](5, {})
        return r
      end)
      assertError("bad argument #2 to '" .. name .. "' (table expected, got no value)", function()
        local r = bump.responses[name](bump.newWorld())
        return r
      end)
    end
  end)

  it("a filter answering true", function()
    local world = row()
    world:add("mover", -20, 0, 10, 10)
    assertError("move: Unknown collision type: boolean (boolean)", function()
      world:move("mover", 300, 0, function() return true end)
    end)
    assertError("check: Unknown collision type: boolean (boolean)", function()
      world:check("mover", 300, 0, function() return true end)
    end)
  end)

  it("an out table whose entries hold fields of the wrong type is refilled, not an error", function()
    local world = row()
    world:add("mover", -20, 0, 10, 10)
    local out = { { move = 5, normal = "n", touch = true, itemRect = 1, otherRect = {}, slide = 7 } }
    local x, _, cols, len = world:move("mover", 300, 0, nil, out)
    assert.are.same({ -10, 1 }, { x, len })
    local c = cols[1]
    assert.are.same({ { x = 320, y = 0 }, { x = -1, y = 0 }, { x = -10, y = 0 }, { x = -10, y = 0 } },
                    { c.move, c.normal, c.touch, c.slide })
    assert.are.same({ { x = -20, y = 0, w = 10, h = 10 }, { x = 0, y = 0, w = 10, h = 10 } },
                    { c.itemRect, c.otherRect })
  end)
end)

describe("World bump compatibility details", function()
  it("rect.getSegmentIntersectionIndices returns one nil on a miss", function()
    assert.are.equal(1, select("#", bump.rect.getSegmentIntersectionIndices(0, 0, 1, 1, 5, 5, 6, 6)))
  end)

  it("update and move to -0 of an item at 0 keep +0", function()
    local world = bump.newWorld()
    world:add("a", 0, 0, 10, 10)
    world:update("a", helpers.NZ, helpers.NZ)
    local x, y = world:getRect("a")
    assert.are.same({ math.huge, math.huge }, { 1 / x, 1 / y })
    world:move("a", helpers.NZ, helpers.NZ)
    x, y = world:getRect("a")
    assert.are.same({ math.huge, math.huge }, { 1 / x, 1 / y })
  end)

  it("a custom response that returns fewer than four values is an error", function()
    local world = row()
    world:add("mover", -20, 0, 10, 10)
    world:addResponse("short", function(_, col) return col.touch.x, col.touch.y, {} end)
    assertError("move: response 'short' must return goalX, goalY (finite numbers), cols, len", function()
      world:move("mover", 300, 0, function() return "short" end)
    end)
  end)

  it("world.rows, world.rects and world.responses are snapshots that bump_debug.lua can draw", function()
    local world = bump.newWorld(64)
    world:add("a", 10, 10, 10, 10)     -- cell (1, 1)
    world:add("b", 60, 10, 10, 10)     -- cells (1, 1) and (2, 1)
    world:add("c", -10, 70, 5, 5)      -- cell (0, 2)
    local function mine() end
    world:addResponse("mine", mine)
    -- what bump_debug.draw does, with rectangles recorded instead of drawn
    local drawn = {}
    for cy, row in pairs(world.rows) do
      for cx, cell in pairs(row) do
        local l, t = world:toWorld(cx, cy)
        drawn[#drawn + 1] = ("%d,%d %d %d,%d"):format(cx, cy, cell.itemCount, l, t)
        assert.are.same({ cx, cy }, { cell.x, cell.y })
        local n = 0
        for item in pairs(cell.items) do n = n + 1; assert.is_true(world:hasItem(item)) end
        assert.are.equal(cell.itemCount, n)
      end
    end
    table.sort(drawn)
    assert.are.same({ "0,2 1 -64,64", "1,1 2 0,0", "2,1 1 64,0" }, drawn)
    assert.are.same({ x = 60, y = 10, w = 10, h = 10 }, world.rects.b)
    assert.are.same({ "a", "b", "c" }, (function()
      local names = {}
      for item in pairs(world.rects) do names[#names + 1] = item end
      table.sort(names)
      return names
    end)())
    local r = world.responses
    assert.are.same({ bump.responses.slide, bump.responses.cross, mine },
                    { r.slide, r.cross, r.mine })
    world.rects.a = nil  -- a snapshot: the World keeps its item
    assert.is_true(world:hasItem("a"))
    assertError("bad value for field 'rows' of World (read-only)", function() world.rows = {} end)
  end)
end)

describe("World items bump puts in no cell", function()
  it("a size lost to rounding on a grid line still collides and is found", function()
    local world = bump.newWorld(64)
    world:add("thin", 0, 1e9, 100, 1e-9)   -- 1e9 + 1e-9 == 1e9: bump gives it no cell
    world:add("mover", 10, 1e9 - 50, 10, 10)
    local x, y, cols, len = world:move("mover", 10, 1e9 + 50)
    assert.are.same({ 10, 1e9 - 10, 1, "thin" }, { x, y, len, cols[1].other })
    local items, n = world:queryRect(50, 1e9 - 1, 10, 2)
    assert.are.same({ 1, "thin" }, { n, items[1] })
  end)
end)
