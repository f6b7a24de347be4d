-- World's out tables (move, check, project and the queries fill a table
-- the caller keeps, reusing the collision tables in it), custom responses,
-- callbacks that change the World while it works, and bad arguments.
local bump = require "impact.bump"
local bumpref = require "bumpref"
local helpers = require "helpers"

local random = helpers.random

-- A mover at (0, 0), 10 x 10, and four 10 x 10 walls in a row at x = 20,
-- 40, 60 and 80.
local function corridor()
  local world, mover, walls = bump.newWorld(16), { "mover" }, {}
  world:add(mover, 0, 0, 10, 10)
  for i = 1, 4 do
    walls[i] = { "wall" .. i }
    world:add(walls[i], i * 20, 0, 10, 10)
  end
  return world, mover, walls
end

local function always(kind) return function() return kind end end

-- The same random items, in the same order, in each of the worlds given.
local function populate(seed, ...)
  local rnd, items = random(seed), {}
  for i = 1, 40 do
    local x, y = rnd.range(-100, 100), rnd.range(-100, 100)
    local w, h = rnd.range(1, 40), rnd.range(1, 40)
    if i % 3 == 0 then x, y = x + rnd.int(4) / 4, y + rnd.int(10) / 10 end
    items[i] = { "item" .. i }
    for k = 1, select("#", ...) do select(k, ...):add(items[i], x, y, w, h) end
  end
  return rnd, items
end

-- A filter answering by the other item: each of bump's answers.
local function mixedFilter(rnd, items)
  local answers = {}
  for _, item in ipairs(items) do
    answers[item] = rnd.pick({ "touch", "cross", "slide", "bounce", false })
  end
  return function(_, other) return answers[other] end
end

-- Every item the World lists is where getRect says, found by a query at its
-- centre, and the counts agree; with alive (a set) and rects (item -> {x,
-- y, w, h}), the World holds exactly those items at those rectangles.
local function assertConsistent(world, alive, rects)
  local items, n = world:getItems()
  assert.are.equal(n, #items)
  assert.are.equal(world:countItems(), n)
  for i = 1, n do
    local item = items[i]
    assert.is_true(world:hasItem(item))
    local x, y, w, h = world:getRect(item)
    local found = false
    for _, v in ipairs((world:queryPoint(x + w / 2, y + h / 2))) do found = found or rawequal(v, item) end
    assert.is_true(found, "queryPoint finds the item at its centre")
    if alive then
      assert.is_true(alive[item], "an item that should not be there")
      assert.are.same(rects[item], { x, y, w, h })
    end
  end
  if alive then
    local count = 0
    for item in pairs(alive) do
      count = count + 1
      assert.is_true(world:hasItem(item))
    end
    assert.are.equal(count, n)
  end
end

describe("World out tables", function()
  it("move, check and project give into an out table what they give without one", function()
    local plain, reusing = bump.newWorld(8), bump.newWorld(8)
    local rnd, items = populate(3, plain, reusing)
    local moveOut, checkOut, projectOut = {}, {}, {}
    for _ = 1, 300 do
      local item = rnd.pick(items)
      local filter = rnd.int(3) == 0 and always(rnd.pick({ "touch", "cross", "slide", "bounce" }))
        or mixedFilter(rnd, items)
      local x, y = plain:getRect(item)
      local gx, gy = x + rnd.range(-60, 60), y + rnd.range(-60, 60)
      local op = rnd.int(3)
      if op == 0 then
        local a = { plain:move(item, gx, gy, filter) }
        local b = { reusing:move(item, gx, gy, filter, moveOut) }
        assert.are.same(a, b)
        assert.are.equal(moveOut, b[3])
      elseif op == 1 then
        local a = { plain:check(item, gx, gy, filter) }
        local b = { reusing:check(item, gx, gy, filter, checkOut) }
        assert.are.same(a, b)
        assert.are.equal(checkOut, b[3])
      else
        local w, h = rnd.range(1, 30), rnd.range(1, 30)
        local a = { plain:project(item, x, y, w, h, gx, gy, filter) }
        local b = { reusing:project(item, x, y, w, h, gx, gy, filter, projectOut) }
        assert.are.same(a, b)
        assert.are.equal(projectOut, b[1])
      end
    end
  end)

  it("the queries give into an out table what they give without one", function()
    local world = bump.newWorld(8)
    local rnd = populate(4, world)
    local outs = { {}, {}, {}, {} }
    for _ = 1, 300 do
      local x, y, x2, y2 = rnd.range(-120, 120), rnd.range(-120, 120), rnd.range(-120, 120), rnd.range(-120, 120)
      local w, h = rnd.range(1, 80), rnd.range(1, 80)
      local filter = rnd.int(2) == 0 and function(item) return #item[1] % 2 == 0 end or nil
      assert.are.same({ world:queryRect(x, y, w, h, filter) }, { world:queryRect(x, y, w, h, filter, outs[1]) })
      assert.are.same({ world:queryPoint(x, y, filter) }, { world:queryPoint(x, y, filter, outs[2]) })
      assert.are.same({ world:querySegment(x, y, x2, y2, filter) },
                      { world:querySegment(x, y, x2, y2, filter, outs[3]) })
      assert.are.same({ world:querySegmentWithCoords(x, y, x2, y2, filter) },
                      { world:querySegmentWithCoords(x, y, x2, y2, filter, outs[4]) })
      assert.are.equal(outs[1], (world:queryRect(x, y, w, h, filter, outs[1])))
    end
  end)

  it("#out == len after each call: entries left from a longer answer are removed", function()
    local world, mover = corridor()
    local out, cross = {}, always("cross")
    -- goal x -> walls reached (the last one may only be entered, or touched)
    for _, case in ipairs({ { 100, 4 }, { 55, 3 }, { 35, 2 }, { 15, 1 }, { 10, 0 }, { 0, 0 } }) do
      world:update(mover, 0, 0)
      local _, _, cols, len = world:move(mover, case[1], 0, cross, out)
      assert.are.equal(out, cols)
      assert.are.equal(case[2], len)
      assert.are.equal(len, #out)
      assert.is_nil(next(out, len > 0 and len or nil))
    end
    -- entries that were never collision tables are removed too
    local junk = { 1, "two", {}, true, {}, {}, {}, {}, {}, {} }
    local _, _, _, len = world:check(mover, 30, 0, cross, junk)
    assert.are.same({ 1, 1 }, { len, #junk })
    assert.are.same({ "wall1" }, junk[1].other)
    local items = { 1, 2, 3, 4, 5, 6, 7 }
    assert.are.equal(2, select(2, world:queryRect(15, 0, 30, 5, nil, items)))
    assert.are.equal(2, #items)
    local names = { items[1][1], items[2][1] }
    table.sort(names)
    assert.are.same({ "wall1", "wall2" }, names)
    assert.are.equal(0, select(2, world:queryPoint(-5, -5, nil, items)))
    assert.are.same({}, items)
    local info = { 1, 2, 3, 4, 5 }
    assert.are.equal(1, select(2, world:querySegmentWithCoords(15, 5, 35, 5, nil, info)))
    assert.are.same({ 1, "wall1" }, { #info, info[1].item[1] })
    assert.are.equal(0, select(2, world:querySegment(15, 50, 35, 50, nil, info)))
    assert.are.equal(0, #info)
    local projected = { {}, {}, {}, {}, {}, {} }
    assert.are.equal(3, select(2, world:project(mover, 0, 0, 10, 10, 70, 0, cross, projected)))
    assert.are.equal(3, #projected)
  end)

  it("gives the same collision tables back, inner tables included, and lends spare ones to other out tables", function()
    local world, mover = corridor()
    local cross, out = always("cross"), {}
    world:move(mover, 100, 0, cross, out)
    local tables, inner = {}, {}
    for i = 1, 4 do
      tables[out[i]] = true
      for _, k in ipairs({ "move", "normal", "touch", "itemRect", "otherRect" }) do inner[out[i][k]] = true end
    end
    for _ = 1, 3 do
      world:update(mover, 0, 0)
      world:move(mover, 100, 0, cross, out)
      for i = 1, 4 do
        assert.is_true(tables[out[i]], "a collision table from before")
        for _, k in ipairs({ "move", "normal", "touch", "itemRect", "otherRect" }) do
          assert.is_true(inner[out[i][k]], "its " .. k .. " table from before")
        end
      end
      world:check(mover, 100, 0, cross, out)  -- nothing hit: out's tables go to the pool
      assert.are.equal(0, #out)
      world:project(mover, 0, 0, 10, 10, 100, 0, cross, out)
      for i = 1, 4 do assert.is_true(tables[out[i]]) end
    end
    -- two of the four go to the pool, and come back in another out table
    world:update(mover, 0, 0)
    world:move(mover, 50, 0, cross, out)
    local other = {}
    world:update(mover, 0, 0)
    world:move(mover, 50, 0, cross, other)
    assert.are.same({ 2, true, true }, { #other, tables[other[1]], tables[other[2]] })
    assert.are.same({ "wall1", "wall2" }, { other[1].other[1], other[2].other[1] })
    -- querySegmentWithCoords reuses its info tables
    local info = {}
    world:querySegmentWithCoords(-10, 5, 200, 5, nil, info)
    local first, second = info[1], info[2]
    world:querySegmentWithCoords(200, 6, -10, 6, nil, info)
    assert.is_true(rawequal(first, info[1]) and rawequal(second, info[2]))
    assert.are.same({ "wall4", 6 }, { info[1].item[1], info[1].y1 })
  end)

  it("a collision table reused for touch or cross no longer has slide or bounce", function()
    local world, mover = corridor()
    local out = {}
    local function go(kind)
      world:update(mover, 0, 0)
      world:move(mover, 30, 5, always(kind), out)
      assert.are.equal(1, #out)
      return out[1]
    end
    local col = go("slide")
    assert.are.same({ x = 10, y = 5 }, col.slide)
    assert.are.equal(col, go("touch"))
    assert.is_nil(col.slide)
    go("bounce")
    assert.are.same({ nil, { x = -10, y = 5 } }, { col.slide, col.bounce })
    go("cross")
    assert.are.same({ nil, nil }, { col.slide, col.bounce })
    go("bounce")
    go("slide")
    assert.are.same({ { x = 10, y = 5 }, nil }, { col.slide, col.bounce })
    go("touch")
    assert.are.same({ nil, nil }, { col.slide, col.bounce })
  end)

  -- The bytes that n calls of f allocate once warm, the collector stopped
  -- (helpers.allocated, which leaves out runs in which LuaJIT compiled a
  -- trace).
  local function garbage(f, n)
    return helpers.allocated(function(k) for _ = 1, k do f() end end, n)
  end

  it("moves, checks, projections and queries into out tables allocate nothing once warm", function()
    local world, mover = corridor()
    world:add({ "floor" }, -50, 10, 300, 10)
    world:add({ "overlapped" }, 5, 5, 10, 10)
    local kinds, k = { "cross", "slide", "bounce", "touch" }, 1
    local function filter() return kinds[k] end
    local function keep() return true end
    local out, qout, sout, cout = {}, {}, {}, {}
    local calls = {
      move = function()
        world:move(mover, 100, 15, filter, out)
        world:update(mover, 0, 0)
        k = k % 4 + 1
      end,
      check = function()
        world:check(mover, 100, -15, filter, out)
        k = k % 4 + 1
      end,
      project = function() world:project(mover, 0, 0, 10, 10, 100, 15, filter, out) end,
      queryRect = function() world:queryRect(-10, -10, 100, 30, keep, qout) end,
      queryPoint = function() world:queryPoint(7, 7, keep, qout) end,
      querySegment = function() world:querySegment(-10, 5, 200, 12, keep, sout) end,
      querySegmentWithCoords = function() world:querySegmentWithCoords(-10, 5, 200, 12, keep, cout) end,
    }
    for _, name in ipairs({ "move", "check", "project", "queryRect", "queryPoint",
                            "querySegment", "querySegmentWithCoords" }) do
      assert.are.equal(0, garbage(calls[name], 2000), name .. " allocated (bytes in 2000 calls)")
    end
    assert.is_true(#out > 0 and #qout > 0 and #sout > 0 and #cout > 0)
  end)
end)

describe("World custom responses", function()
  -- bump's slide written in Lua as a custom response: it calls
  -- world:project.
  local mySlide = bumpref.responses.slide

  local function stop(world, col) return col.itemRect.x, col.itemRect.y, {}, 0 end

  -- cross, from where the move began: x, y, w, h are the start's.
  local function myCross(world, col, x, y, w, h, goalX, goalY, filter)
    return goalX, goalY, world:project(col.item, x, y, w, h, goalX, goalY, filter)
  end

  it("a response that calls world:project gives what the builtin one gives", function()
    local builtin, custom = bump.newWorld(16), bump.newWorld(16)
    custom:addResponse("mySlide", mySlide)
    local rnd, items = populate(5, builtin, custom)
    local out = {}
    for _ = 1, 300 do
      local item = rnd.pick(items)
      local x, y = builtin:getRect(item)
      local gx, gy = x + rnd.range(-60, 60), y + rnd.range(-60, 60)
      local a = { builtin:move(item, gx, gy) }
      local b = { custom:move(item, gx, gy, always("mySlide"), rnd.int(2) == 0 and out or nil) }
      for i = 1, b[4] do
        assert.are.equal("mySlide", b[3][i].type)
        b[3][i].type = "slide"
      end
      assert.are.same(a, b)
    end
  end)

  it("custom responses mixed with the builtin ones agree with the reference", function()
    local world, ref = bump.newWorld(8), bumpref.newWorld()
    for name, f in pairs({ mySlide = mySlide, stop = stop, myCross = myCross }) do
      world:addResponse(name, f)
      ref:addResponse(name, f)
    end
    local rnd, items = populate(6, world, ref)
    local kinds = { "touch", "cross", "slide", "bounce", "mySlide", "stop", "myCross", false }
    local out, ties = {}, 0
    for _ = 1, 400 do
      local item, answers = rnd.pick(items), {}
      for _, other in ipairs(items) do answers[other] = rnd.pick(kinds) end
      local function filter(_, other) return answers[other] end
      local x, y = ref:getRect(item)
      local gx, gy = x + rnd.range(-60, 60), y + rnd.range(-60, 60)
      local rx, ry, rcols, rlen, tie = ref:move(item, gx, gy, filter)
      local got = { world:move(item, gx, gy, filter, rnd.int(2) == 0 and out or nil) }
      if tie then
        ties = ties + 1
        world:update(item, rx, ry)
      else
        assert.are.same({ rx, ry, rcols, rlen }, got)
      end
    end
    assert.is_true(ties < 10)
  end)

  it("addResponse replaces a builtin response, for filters and for the default", function()
    local world, mover = corridor()
    world:addResponse("slide", stop)
    local x, y, cols = world:move(mover, 30, 5)
    assert.are.same({ 0, 0, "slide" }, { x, y, cols[1].type })
    x, y = world:move(mover, 30, 5, always("slide"), {})
    assert.are.same({ 0, 0 }, { x, y })
  end)

  it("a response that returns bad values is a clear error, and the World still works", function()
    local world, mover = corridor()
    world:addResponse("nothing", function() end)
    world:addResponse("strings", function() return "1", "2", {}, 0 end)
    world:addResponse("notTables", function() return 1, 2, { 5 }, 1 end)
    world:addResponse("tooLong", function() return 1, 2, {}, 3 end)
    local out = {}
    helpers.assertError("move: response 'nothing' must return goalX, goalY (finite numbers), cols, len",
                        function() world:move(mover, 30, 0, always("nothing")) end)
    helpers.assertError("check: response 'strings' must return goalX, goalY (finite numbers), cols, len",
                        function() world:check(mover, 30, 0, always("strings"), out) end)
    helpers.assertError("move: a response returned a collision that is not a table",
                        function() world:move(mover, 30, 0, always("notTables"), out) end)
    helpers.assertError("move: a response returned a collision that is not a table",
                        function() world:move(mover, 30, 0, always("tooLong")) end)
    helpers.assertError("Unknown collision type: nope",
                        function() world:move(mover, 30, 0, always("nope"), out) end)
    helpers.assertError("Unknown collision type", function() world:move(mover, 30, 0, always(true)) end)
    assert.are.same({ 0, 0, 10, 10 }, { world:getRect(mover) })
    local x, y, cols, len = world:move(mover, 30, 5, nil, out)
    assert.are.same({ 10, 5, 1, 1 }, { x, y, len, #out })
    assert.are.equal(out, cols)
    assertConsistent(world)
  end)

  -- move and update refuse coordinates that are not finite ("finite number
  -- expected"); a goal from a response is a coordinate too.
  it("a response returning a goal that is not a finite number is an error, and the item stays put", function()
    local world, mover = corridor()
    world:addResponse("nanGoal", function() return 0 / 0, 0, {}, 0 end)
    world:addResponse("hugeGoal", function() return 0, math.huge, {}, 0 end)
    for _, kind in ipairs({ "nanGoal", "hugeGoal" }) do
      local ok, err = pcall(world.move, world, mover, 30, 0, always(kind))
      assert.is_false(ok, ("response %s: no error, the item went to %s, %s"):format(kind, world:getRect(mover)))
      assert.is_truthy(tostring(err):find("move", 1, true), tostring(err))
      assert.are.same({ 0, 0, 10, 10 }, { world:getRect(mover) })
    end
    assertConsistent(world)
  end)

  it("a response returning a collision without touch, move and normal is an error naming the function", function()
    local world, mover = corridor()
    world:addResponse("bare", function() return 1, 2, { { type = "slide" } }, 1 end)
    world:addResponse("bareTouch", function() return 1, 2, { { type = "touch", move = { x = 1, y = 0 } } }, 1 end)
    helpers.assertError("move", function() world:move(mover, 30, 0, always("bare")) end)
    helpers.assertError("check", function() world:check(mover, 30, 0, always("bareTouch"), {}) end)
    assert.are.same({ 0, 0, 10, 10 }, { world:getRect(mover) })
    assertConsistent(world)
  end)
end)

describe("World callbacks", function()
  it("filters and responses that add, remove and update items, the mover and the item hit included, "
     .. "leave the World consistent", function()
    local rnd = random(9)
    local moves, callbacks = 0, 0
    for _ = 1, 40 do
      local world = bump.newWorld(rnd.pick({ 1, 4, 16, 64 }))
      local alive, rects, all, serial = {}, {}, {}, 0
      local function place(item, x, y, w, h)
        rects[item] = { x, y, w or rects[item][3], h or rects[item][4] }
      end
      local function add()
        serial = serial + 1
        local item = { serial }
        local x, y, w, h = rnd.range(-80, 80), rnd.range(-80, 80), rnd.range(1, 40), rnd.range(1, 40)
        world:add(item, x, y, w, h)
        alive[item], all[#all + 1] = true, item
        place(item, x, y, w, h)
      end
      local function remove(item)
        if alive[item] then
          world:remove(item)
          alive[item] = nil
        end
      end
      local function update(item, resize)
        if alive[item] then
          local x, y = rnd.range(-80, 80), rnd.range(-80, 80)
          local w, h
          if resize then w, h = rnd.range(1, 40), rnd.range(1, 40) end
          world:update(item, x, y, w, h)
          place(item, x, y, w, h)
        end
      end
      local function readd(item)
        if not alive[item] then
          local x, y, w, h = rnd.range(-80, 80), rnd.range(-80, 80), rnd.range(1, 40), rnd.range(1, 40)
          world:add(item, x, y, w, h)
          alive[item] = true
          place(item, x, y, w, h)
        end
      end
      local qout = {}
      -- One change to the World, or none.
      local function chaos(item, other)
        callbacks = callbacks + 1
        local r = rnd.int(14)
        if r == 0 then add()
        elseif r == 1 then remove(other)
        elseif r == 2 then remove(item)
        elseif r == 3 then update(other, rnd.int(2) == 0)
        elseif r == 4 then update(item, rnd.int(2) == 0)
        elseif r == 5 then remove(rnd.pick(all))
        elseif r == 6 then readd(rnd.pick(all))
        elseif r == 7 then readd(item)
        elseif r == 8 then  -- a move within the move
          local o = rnd.pick(all)
          if alive[o] and o ~= item then
            local x, y = world:move(o, rnd.range(-80, 80), rnd.range(-80, 80))
            place(o, x, y)
          end
        elseif r == 9 then  -- a query whose filter removes what it finds
          world:queryRect(-50, -50, 100, 100, function(i)
            if rnd.int(4) == 0 then remove(i) end
            return true
          end, qout)
        elseif r == 10 then
          world:querySegment(-100, rnd.range(-80, 80), 100, rnd.range(-80, 80), nil, qout)
        elseif r == 11 and alive[item] then  -- the moving item moves meanwhile
          local x, y = world:move(item, rnd.range(-80, 80), rnd.range(-80, 80), always("cross"))
          place(item, x, y)
        end
      end
      local answers = { "touch", "cross", "slide", "bounce", "chaos", "chaos", false }
      world:addResponse("chaos", function(w, col, x, y, wd, ht, goalX, goalY, filter)
        chaos(col.item, col.other)
        if rnd.int(2) == 0 then return bump.responses.slide(w, col, x, y, wd, ht, goalX, goalY, filter) end
        return goalX, goalY, w:project(col.item, x, y, wd, ht, goalX, goalY, filter)
      end)
      local function filter(item, other)
        chaos(item, other)
        return rnd.pick(answers)
      end
      for _ = 1, 30 do add() end
      local out = {}
      for _ = 1, 40 do
        local mover = rnd.pick(all)
        if alive[mover] then
          local gx, gy = rnd.range(-100, 100), rnd.range(-100, 100)
          local x, y, cols, len
          if rnd.int(4) == 0 then
            _, _, cols, len = world:check(mover, gx, gy, filter, out)
          else
            x, y, cols, len = world:move(mover, gx, gy, filter, rnd.int(2) == 0 and out or nil)
            if alive[mover] then place(mover, x, y) end
          end
          moves = moves + 1
          assert.are.equal(len, #cols)
          for i = 1, len do assert.are.equal(mover, cols[i].item) end
          assertConsistent(world, alive, rects)
        end
      end
      for _, item in ipairs(all) do assert.are.equal(alive[item] == true, world:hasItem(item)) end
    end
    assert.is_true(moves > 500 and callbacks > 2000, ("%d moves, %d callbacks"):format(moves, callbacks))
  end)

  it("a callback that fills the move's own out table does not break the move", function()
    local world, mover, walls = corridor()
    world:add({ "left" }, -20, -50, 5, 100)
    world:add({ "right" }, 120, -50, 5, 100)
    local out, calls = {}, 0
    local x, y, cols, len = world:move(mover, 300, 5, function()
      calls = calls + 1
      assert(calls < 100, "the move goes on and on")
      world:queryRect(-100, -100, 400, 200, nil, out)
      world:project(mover, 0, 0, 10, 10, 300, 5, nil, out)
      if calls == 3 then world:remove(walls[4]) end
      return "bounce"
    end, out)
    assert.are.equal(out, cols)
    assert.are.equal(len, #out)
    assert.are.same({ x, y, 10, 10 }, { world:getRect(mover) })
    assertConsistent(world)
  end)

  it("an error in a filter or a response propagates and leaves the World usable", function()
    local world, mover = corridor()
    world:addResponse("explode", function() error("bang") end)
    local token = {}
    local out = {}
    local raising = {
      function() world:move(mover, 100, 0, function() error("boom") end, out) end,
      function() world:check(mover, 100, 0, function() error("boom") end) end,
      function() world:project(mover, 0, 0, 10, 10, 100, 0, function() error("boom") end, out) end,
      function() world:queryRect(0, 0, 100, 10, function() error("boom") end, {}) end,
      function() world:queryPoint(25, 5, function() error("boom") end) end,
      function() world:querySegment(0, 5, 100, 5, function() error("boom") end) end,
      function() world:querySegmentWithCoords(0, 5, 100, 5, function() error("boom") end, {}) end,
      function() world:move(mover, 100, 0, always("explode"), out) end,
      function()  -- after a few collisions
        local n = 0
        world:move(mover, 100, 0, function() n = n + 1; if n == 3 then error("boom") end return "cross" end, out)
      end,
    }
    for i, f in ipairs(raising) do
      local ok, err = pcall(f)
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find(i == 8 and "bang" or "boom", 1, true), tostring(err))
      assert.are.same({ 0, 0, 10, 10 }, { world:getRect(mover) })
      local x, y, cols, len = world:move(mover, 100, 0, always("cross"), out)
      assert.are.same({ 100, 0, 4, 4 }, { x, y, len, #out })
      assert.are.same({ "wall1", "wall2", "wall3", "wall4" },
                      { cols[1].other[1], cols[2].other[1], cols[3].other[1], cols[4].other[1] })
      world:update(mover, 0, 0)
      assertConsistent(world)
    end
    local ok, err = pcall(world.move, world, mover, 100, 0, function() error(token) end)
    assert.is_false(ok)
    assert.are.equal(token, err)
    ok, err = pcall(world.querySegment, world, 0, 5, 100, 5, function() error(token) end)
    assert.are.same({ false, true }, { ok, rawequal(token, err) })
  end)

  it("a table with __call works as a filter and as a response", function()
    local world, mover = corridor()
    local seen = {}
    local filter = setmetatable({}, { __call = function(self, item, other)
      seen[#seen + 1] = other[1]
      return other[1] == "wall2" and "touch" or "cross"
    end })
    local x, y, cols, len = world:move(mover, 100, 0, filter)
    assert.are.same({ 30, 0, 2 }, { x, y, len })
    assert.are.same({ "cross", "touch" }, { cols[1].type, cols[2].type })
    assert.is_true(#seen >= 2)
    world:update(mover, 0, 0)
    assert.are.equal(2, select(4, world:check(mover, 100, 0, filter, {})))
    assert.are.equal(4, select(2, world:project(mover, 0, 0, 10, 10, 100, 0, filter)))
    local keep = setmetatable({}, { __call = function(self, item) return item[1] ~= "wall3" end })
    assert.are.equal(3, select(2, world:queryRect(15, 0, 85, 10, keep)))
    assert.are.equal(0, select(2, world:queryPoint(65, 5, keep)))
    assert.are.equal(3, select(2, world:querySegment(15, 5, 100, 5, keep, {})))
    assert.are.equal(3, select(2, world:querySegmentWithCoords(15, 5, 100, 5, keep)))
    world:addResponse("halt", setmetatable({}, {
      __call = function(self, w, col) return col.touch.x, col.touch.y, {}, 0 end }))
    x, y = world:move(mover, 100, 0, always("halt"))
    assert.are.same({ 10, 0 }, { x, y })
  end)
end)

describe("World argument errors", function()
  it("name the function: non-table out, non-function filter, unknown item, non-number goal", function()
    local world, mover = corridor()
    local gone = { "gone" }
    world:add(gone, 500, 500, 1, 1)
    world:remove(gone)
    local cases = {
      move = {
        function() world:move(mover, 1, 2, nil, 5) end,
        function() world:move(mover, 1, 2, nil, "out") end,
        function() world:move(mover, 1, 2, 5) end,
        function() world:move(mover, 1, 2, "slide") end,
        function() world:move(mover, 1, 2, {}) end,
        function() world:move({}, 1, 2) end,
        function() world:move(gone, 1, 2) end,
        function() world:move(nil, 1, 2) end,
        function() world:move(mover, "1", 2) end,
        function() world:move(mover, 1, nil) end,
        function() world:move(mover, 1, {}) end,
      },
      check = {
        function() world:check(mover, 1, 2, nil, true) end,
        function() world:check(mover, 1, 2, 7) end,
        function() world:check(gone, 1, 2) end,
        function() world:check(mover, nil, 2) end,
      },
      project = {
        function() world:project(mover, 0, 0, 10, 10, 1, 2, nil, 5) end,
        function() world:project(mover, 0, 0, 10, 10, 1, 2, "f") end,
        function() world:project(mover, 0, 0, 10, 10, "1", 2) end,
        function() world:project(mover, 0, 0, 0, 10, 1, 2) end,
        function() world:project(mover, 0, nil, 10, 10, 1, 2) end,
      },
      queryRect = {
        function() world:queryRect(0, 0, 10, 10, nil, 5) end,
        function() world:queryRect(0, 0, 10, 10, 5) end,
        function() world:queryRect(0, "0", 10, 10) end,
        function() world:queryRect(0, 0, -1, 10) end,
      },
      queryPoint = {
        function() world:queryPoint(0, 0, nil, "out") end,
        function() world:queryPoint(0, 0, {}) end,
        function() world:queryPoint(0, nil) end,
      },
      querySegment = {
        function() world:querySegment(0, 0, 1, 1, nil, 5) end,
        function() world:querySegment(0, 0, 1, 1, true) end,
        function() world:querySegment(0, 0, 1, {}) end,
      },
      querySegmentWithCoords = {
        function() world:querySegmentWithCoords(0, 0, 1, 1, nil, 5) end,
        function() world:querySegmentWithCoords(0, 0, 1, 1, "f") end,
        function() world:querySegmentWithCoords(nil, 0, 1, 1) end,
      },
    }
    for name, fs in pairs(cases) do
      for _, f in ipairs(fs) do helpers.assertError("'" .. name .. "'", f) end
    end
    assert.are.same({ 0, 0, 10, 10 }, { world:getRect(mover) })
    assertConsistent(world)
  end)
end)
