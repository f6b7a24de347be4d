-- World and impact.bump: bump.lua 3.1.7's documented behaviour on the C grid.
local impact = require "impact"
local bump = require "impact.bump"
local nocollection = require("helpers").nocollection

describe("World", function()
  it("is an impact type with a default cell size of 64", function()
    local world = impact.World()
    assert.are.equal("World", impact.type(world))
    assert.are.equal(64, world.cellSize)
    assert.are.equal(32, impact.World(32).cellSize)
  end)

  it("rejects cell sizes that are not positive finite numbers", function()
    assert.has_error(function() impact.World(0) end)
    assert.has_error(function() impact.World(-1) end)
    assert.has_error(function() impact.World(1 / 0) end)
    assert.has_error(function() bump.newWorld("big") end)
  end)

  it("takes any Lua value as an item", function()
    local world = bump.newWorld()
    local ud = impact.Point()
    for i, item in ipairs({ {}, "s", 3, true, ud, print }) do
      assert.are.equal(item, world:add(item, i * 100, 0, 10, 10))
    end
    assert.are.equal(6, world:countItems())
    local x, y, w, h = world:getRect("s")
    assert.are.same({ 200, 0, 10, 10 }, { x, y, w, h })
    assert.is_true(world:hasItem(ud))
    assert.is_false(world:hasItem({}))
  end)

  it("rejects zero, negative and missing sizes and nil items", function()
    local world = bump.newWorld()
    assert.has_error(function() world:add({}, 0, 0, 0, 10) end)
    assert.has_error(function() world:add({}, 0, 0, 10, 0) end)
    assert.has_error(function() world:add({}, 0, 0, -1, 10) end)
    assert.has_error(function() world:add({}, 0, 0) end)
    assert.has_error(function() world:add(nil, 0, 0, 1, 1) end)
    assert.has_error(function() world:add({}, 0 / 0, 0, 1, 1) end)
    assert.are.equal(0, world:countItems())
  end)

  it("errs for items added twice and for unknown items", function()
    local world, a = bump.newWorld(), {}
    world:add(a, 0, 0, 1, 1)
    assert.has_error(function() world:add(a, 0, 0, 1, 1) end)
    assert.has_error(function() world:remove({}) end)
    assert.has_error(function() world:update({}, 0, 0) end)
    assert.has_error(function() world:getRect({}) end)
    assert.has_error(function() world:move({}, 0, 0) end)
  end)

  it("removes and updates, keeping the size when update omits it", function()
    local world, a = bump.newWorld(), {}
    world:add(a, 0, 0, 10, 20)
    world:update(a, 100, 200)
    assert.are.same({ 100, 200, 10, 20 }, { world:getRect(a) })
    world:update(a, 1, 2, 3, 4)
    assert.are.same({ 1, 2, 3, 4 }, { world:getRect(a) })
    world:remove(a)
    assert.is_false(world:hasItem(a))
    assert.are.equal(0, world:countItems())
    assert.are.same({}, (world:queryRect(0, 0, 10, 10)))
  end)

  it("getItems lists every item once", function()
    local world, a, b = bump.newWorld(), {}, {}
    world:add(a, 0, 0, 1, 1)
    world:add(b, 500, 500, 1000, 1000)
    local items, len = world:getItems()
    assert.are.equal(2, len)
    local seen = {}
    for _, v in ipairs(items) do seen[v] = true end
    assert.is_true(seen[a] and seen[b])
  end)

  it("counts the cells in use: a 64x64 item at 0,0 fills one cell", function()
    local world = bump.newWorld()
    world:add({}, 0, 0, 64, 64)
    assert.are.equal(1, world:countCells())
    world:add({}, 0, 0, 65, 64)  -- reaches into cell 2 of the row
    assert.are.equal(2, world:countCells())
  end)

  -- at negative, tiny and far-out coordinates
  it("puts items in cells floor(x / 64) to ceil((x + w) / 64) - 1, none past cell 1e15", function()
    local world = bump.newWorld()
    local function add(x, y, w, h) world:add({}, x, y, w, h) return world:countCells() end
    assert.are.equal(1, add(-64, -64, 64, 64))        -- cell (-1, -1) alone
    assert.are.equal(3, add(-64.5, 0, 1, 1))          -- (-2, 0) and (-1, 0)
    assert.are.equal(5, add(-1e-300, 128, 2e-300, 1)) -- (-1, 2) and (0, 2)
    -- x + w rounds to x (the spacing of doubles there is 8): one cell
    assert.are.equal(6, add(-64e15, 256, 1, 1))       -- cell -1e15, the last
    assert.are.equal(6, add(-64e15 - 128, 320, 1, 1)) -- cell -1e15 - 2: none
    assert.are.equal(7, add(64e15 - 64, 384, 64, 1))  -- cell 1e15 - 1
    assert.are.equal(8, add(64e15, 448, 64, 1))       -- cell 1e15, the last
    assert.are.equal(8, add(64e15 + 64, 512, 64, 1))  -- reaches 1e15 + 1: none
    assert.are.equal(8, world:countItems())
  end)

  it("drops empty cells from the count after a collection, as bump does", function()
    local world, a = bump.newWorld(), {}
    -- no collection before the first count: one may run at any allocation
    nocollection(function()
      world:add(a, 0, 0, 10, 10)
      world:add({}, 200, 200, 10, 10)
      world:remove(a)
      assert.are.equal(2, world:countCells())
    end)
    collectgarbage()
    collectgarbage()
    assert.are.equal(1, world:countCells())
  end)

  it("counts a cell emptied after a collection until the next one, as bump's weak cells", function()
    local world, b = bump.newWorld(), {}
    world:add({}, 0, 0, 10, 10)
    world:add(b, 200, 200, 10, 10)
    assert.are.equal(2, world:countCells())
    collectgarbage()  -- before b's cell empties: it must not drop it
    nocollection(function()
      world:remove(b)
      assert.are.equal(2, world:countCells())
    end)
    collectgarbage()
    assert.are.equal(1, world:countCells())
  end)

  it("query order does not depend on when garbage is collected (a cell emptied, dropped and made again)", function()
    -- a's cell (0, 0) empties and fills again; a collection between drops
    -- it and the cell is made anew, after c's (1, 0) in the World's store.
    -- The query covers more cells than are stored, so it scans the store:
    -- either way it takes the cells row by row, a's before c's.
    for _, collect in ipairs({ false, true }) do
      local world, a, c = bump.newWorld(64), { "a" }, { "c" }
      world:add(a, 10, 10, 8, 8)
      world:add(c, 74, 10, 8, 8)
      world:update(a, 500, 500)
      if collect then collectgarbage(); collectgarbage() end
      world:update(a, 10, 10)
      local items, len = world:queryRect(0, 0, 128, 64)
      assert.are.equal(2, len)
      assert.is_true(rawequal(a, items[1]) and rawequal(c, items[2]), "collected: " .. tostring(collect))
      items, len = world:querySegment(0, 14, 128, 14)  -- a at x 10, c at x 74
      assert.are.equal(2, len)
      assert.is_true(rawequal(a, items[1]) and rawequal(c, items[2]))
    end
  end)

  it("takes fields that scripts set, which come before its methods", function()
    local world, a = bump.newWorld(), {}
    world.name = "level 1"
    assert.are.equal("level 1", world.name)
    world:add(a, 0, 0, 10, 10)
    local calls = 0
    local remove = world.remove
    world.remove = function(...) calls = calls + 1; return remove(...) end
    world:update(a, 1, 1, 11, 11)
    assert.are.equal(0, calls)
    world:remove(a)
    assert.are.equal(1, calls)
    world.remove = nil
    assert.are.equal(impact.World.remove, world.remove)
    assert.has_error(function() world.cellSize = 32 end)
    assert.are.equal("World(cellSize=64, items=0)", tostring(world))
  end)

  it("toCell and toWorld number cells from 1", function()
    local world = bump.newWorld(64)
    assert.are.same({ 1, 1 }, { world:toCell(0, 0) })
    assert.are.same({ 2, 0 }, { world:toCell(64, -1) })
    assert.are.same({ 64, -64 }, { world:toWorld(2, 0) })
  end)
end)

describe("World queries", function()
  local world, a, b, c
  before_each(function()
    world = bump.newWorld(64)
    a, b, c = { "a" }, { "b" }, { "c" }
    world:add(a, 0, 0, 10, 10)
    world:add(b, 100, 0, 10, 10)
    world:add(c, 300, 0, 10, 10)
  end)

  it("queryRect finds overlapping items, not touching ones", function()
    local _, len = world:queryRect(5, 5, 100, 10)
    assert.are.equal(2, len)
    local _, n = world:queryRect(10, 0, 90, 10)  -- touches a and b only
    assert.are.equal(0, n)
  end)

  it("queryRect and queryPoint apply the filter", function()
    local items, len = world:queryRect(0, 0, 400, 10, function(i) return i == c end)
    assert.are.same({ c }, items)
    assert.are.equal(1, len)
    assert.are.same({ a }, (world:queryPoint(5, 5)))
    assert.are.same({}, (world:queryPoint(10, 5)))  -- on the edge
  end)

  it("querySegment sorts items along the segment", function()
    assert.are.same({ c, b, a }, (world:querySegment(400, 5, -10, 5)))
    assert.are.same({ a, b }, (world:querySegment(-10, 5, 200, 5)))
  end)

  it("querySegmentWithCoords gives where each item is entered and left", function()
    local info, len = world:querySegmentWithCoords(-10, 5, 110, 5)
    assert.are.equal(2, len)
    assert.are.equal(a, info[1].item)
    assert.are.same({ 0, 5, 10, 5 }, { info[1].x1, info[1].y1, info[1].x2, info[1].y2 })
    assert.are.same({ 1 / 12, 1 / 6 }, { info[1].ti1, info[1].ti2 })
    assert.are.same({ 100, 5, 110, 5 }, { info[2].x1, info[2].y1, info[2].x2, info[2].y2 })
  end)

  it("a segment along an edge does not hit", function()
    assert.are.same({}, (world:querySegment(-10, 0, 20, 0)))
  end)

  it("querySegment finds an item touched exactly at its corner (bump's grid walk skips its cell)", function()
    -- Cell size 32; the item fills the cell (5, 1). The segment (-32, 0) to
    -- (352, 64) has y = (x + 32) / 6, so it crosses x = 160 at y = 32 exactly:
    -- the item's lower-left corner, at t = 192 / 384 = 1/2, entering and
    -- leaving there (bump.rect gives ti1 = ti2 = 0.5, which bump's
    -- querySegment keeps, though its grid walk never visits that cell).
    local corner = bump.newWorld(32)
    corner:add("tile", 160, 0, 32, 32)
    local info, len = corner:querySegmentWithCoords(-32, 0, 352, 64)
    assert.are.equal(1, len)
    assert.are.same({ "tile", 0.5, 0.5, 160, 32, 160, 32 },
                    { info[1].item, info[1].ti1, info[1].ti2, info[1].x1, info[1].y1,
                      info[1].x2, info[1].y2 })
  end)

  it("querySegment sorts many items met in no order (one cell holds them all) along the segment", function()
    -- 200 boxes 1 wide, one every 2 along x in a single cell of 1000, added
    -- in a shuffled order: the grid meets them in that order, far from
    -- sorted, so the sort runs past its insertion budget. The segment y = 0.5
    -- enters box k at x = 2k, either way along it.
    local many = bump.newWorld(1000)
    local boxes, order = {}, {}
    for k = 1, 200 do boxes[k], order[k] = { k = k }, k end
    local seed = 12345
    for k = 200, 2, -1 do  -- Park-Miller, the same shuffle under every Lua
      seed = seed * 48271 % 2147483647
      local j = seed % k + 1
      order[k], order[j] = order[j], order[k]
    end
    for _, k in ipairs(order) do many:add(boxes[k], 2 * k, 0, 1, 1) end
    local ahead, len = many:querySegment(0, 0.5, 500, 0.5)
    assert.are.equal(200, len)
    local back = many:querySegment(500, 0.5, 0, 0.5)
    for k = 1, 200 do
      assert.are.equal(boxes[k], ahead[k])
      assert.are.equal(boxes[201 - k], back[k])
    end
  end)
end)

describe("World:move", function()
  local world, mover, wall
  before_each(function()
    world = bump.newWorld()
    mover, wall = { "mover" }, { "wall" }
    world:add(mover, 0, 0, 10, 10)
    world:add(wall, 20, 0, 10, 10)
  end)

  it("moves freely with nothing in the way", function()
    local x, y, cols, len = world:move(mover, 5, -50)
    assert.are.same({ 5, -50, 0 }, { x, y, len })
    assert.are.same({}, cols)
    assert.are.same({ 5, -50, 10, 10 }, { world:getRect(mover) })
  end)

  it("slides by default and fills the collision table", function()
    local x, y, cols, len = world:move(mover, 30, 5)
    assert.are.same({ 10, 5, 1 }, { x, y, len })
    local col = cols[1]
    assert.are.equal(mover, col.item)
    assert.are.equal(wall, col.other)
    assert.are.equal("slide", col.type)
    assert.is_false(col.overlaps)
    assert.are.equal(1 / 3, col.ti)
    assert.are.same({ x = 30, y = 5 }, col.move)
    assert.are.same({ x = -1, y = 0 }, col.normal)
    assert.are.same({ x = 10, y = 5 * (1 / 3) }, col.touch)
    assert.are.same({ x = 0, y = 0, w = 10, h = 10 }, col.itemRect)
    assert.are.same({ x = 20, y = 0, w = 10, h = 10 }, col.otherRect)
    assert.are.same({ x = 10, y = 5 }, col.slide)
  end)

  it("touch stops at contact", function()
    local x, y = world:move(mover, 30, 0, function() return "touch" end)
    assert.are.same({ 10, 0 }, { x, y })
  end)

  it("cross goes through and still reports the collision", function()
    local x, y, cols, len = world:move(mover, 40, 0, function() return "cross" end)
    assert.are.same({ 40, 0, 1 }, { x, y, len })
    assert.are.equal("cross", cols[1].type)
  end)

  it("bounce reflects the rest of the movement", function()
    local x, y, cols = world:move(mover, 30, 0, function() return "bounce" end)
    assert.are.same({ -10, 0 }, { x, y })
    assert.are.same({ x = -10, y = 0 }, cols[1].bounce)
  end)

  it("a filter returning nil or false ignores the other item", function()
    local x, y, _, len = world:move(mover, 40, 0, function() return nil end)
    assert.are.same({ 40, 0, 0 }, { x, y, len })
  end)

  it("touching is not a collision", function()
    world:update(mover, 10, 0)
    local x, y, _, len = world:move(mover, 10, 30)
    assert.are.same({ 10, 30, 0 }, { x, y, len })
  end)

  it("each other item collides at most once per move", function()
    local x, _, _, len = world:move(mover, 100, 0, function() return "bounce" end)
    assert.are.equal(1, len)
    assert.are.equal(-80, x)
  end)

  it("orders collisions by ti, then by distance", function()
    local w2 = { "w2" }
    world:add(w2, 50, 0, 10, 10)
    local _, _, cols, len = world:move(mover, 100, 0, function() return "cross" end)
    assert.are.equal(2, len)
    assert.are.same({ wall, w2 }, { cols[1].other, cols[2].other })
  end)

  it("check reports without moving, project skips the item itself", function()
    local x, y, _, len = world:check(mover, 30, 0)
    assert.are.same({ 10, 0, 1 }, { x, y, len })
    assert.are.same({ 0, 0, 10, 10 }, { world:getRect(mover) })
    local cols, n = world:project(mover, 0, 0, 10, 10, 30, 0)
    assert.are.equal(1, n)
    assert.are.equal(wall, cols[1].other)
  end)

  -- The collisions of a projection as one string: other, ti, touch.
  local function listed(cols, n)
    local s = {}
    for i = 1, n do
      local c = cols[i]
      s[i] = ("%s %.17g %.17g %.17g"):format(tostring(c.other), c.ti, c.touch.x, c.touch.y)
    end
    return table.concat(s, ", ")
  end
  local function slide() return "slide" end

  it("project lists equal times and distances alike with or without a filter answering slide", function()
    local w = bump.newWorld(16)
    -- A and B are entered at ti 1/3 with centres sqrt(425) away, C at 5/6
    w:add("C", 35, 0, 10, 10); w:add("B", 20, 5, 10, 10); w:add("A", 20, -5, 10, 10)
    local cols, n = w:project(nil, 0, 0, 10, 10, 30, 0)
    assert.are.equal(3, n)
    assert.are.same({ 1 / 3, 1 / 3, 5 / 6 }, { cols[1].ti, cols[2].ti, cols[3].ti })
    assert.are.same({ A = true, B = true }, { [cols[1].other] = true, [cols[2].other] = true })
    assert.are.equal(listed(w:project(nil, 0, 0, 10, 10, 30, 0, slide)), listed(cols, n))
    -- a lattice of touching boxes: ties everywhere, found from many cells
    local lattice = bump.newWorld(16)
    for i = 0, 63 do lattice:add(i, i % 8 * 10, math.floor(i / 8) * 10, 10, 10) end
    local mover = { "mover" }
    lattice:add(mover, -20, -20, 10, 10)
    local seed = 12345
    local function int(k)
      seed = seed * 16807 % 2147483647
      return seed % k
    end
    for _ = 1, 400 do
      local item = int(2) == 0 and mover or nil
      local x, y = int(100) - 20, int(100) - 20
      local gx, gy = x + int(60) - 30, y + int(60) - 30
      local plain = listed(lattice:project(item, x, y, 10, 10, gx, gy, nil, {}))
      assert.are.equal(listed(lattice:project(item, x, y, 10, 10, gx, gy, slide, {})), plain)
    end
  end)

  it("an overlap at the start has a negative ti: minus the overlap area", function()
    world:update(mover, 15, 0)
    local cols, n = world:project(mover, 15, 0, 10, 10, 15, 0)
    assert.are.equal(1, n)
    assert.is_true(cols[1].overlaps)
    assert.are.equal(-50, cols[1].ti)
    assert.are.same({ x = 10, y = 0 }, cols[1].touch)
  end)

  it("addResponse adds custom responses; unknown ones are errors", function()
    world:addResponse("stop", function(w, col) return 0, 0, {}, 0 end)
    local x, y = world:move(mover, 30, 0, function() return "stop" end)
    assert.are.same({ 0, 0 }, { x, y })
    assert.has_error(function() world:move(mover, 30, 0, function() return "nope" end) end)
  end)
end)

describe("World robustness", function()
  it("survives filters that add, remove and move items", function()
    local world = bump.newWorld(16)
    local mover, items = {}, {}
    world:add(mover, 0, 0, 10, 10)
    for i = 1, 20 do
      items[i] = { i }
      world:add(items[i], i * 12, 0, 10, 10)
    end
    local extra = 0
    local function chaos(_, other)
      local k = other[1]
      if k and k % 3 == 0 and world:hasItem(items[k + 1] or {}) then world:remove(items[k + 1]) end
      if k and k % 4 == 0 then world:update(items[k], k * 12, 40) end
      extra = extra + 1
      world:add({ "x" .. extra }, 500 + extra * 20, 500, 5, 5)
      return "cross"
    end
    world:move(mover, 300, 0, chaos)
    world:queryRect(0, 0, 300, 20, function(i) world:remove(i); return true end)
    world:querySegment(0, 5, 300, 5, function(i) world:add({}, 0, 0, 3, 3); return true end)
    local items2, n = world:getItems()
    assert.are.equal(world:countItems(), n)
    for i = 1, n do assert.is_true(world:hasItem(items2[i])) end
  end)

  it("an error in a filter propagates and leaves the world usable", function()
    local world, a, b = bump.newWorld(), {}, {}
    world:add(a, 0, 0, 10, 10)
    world:add(b, 20, 0, 10, 10)
    local ok, err = pcall(world.move, world, a, 30, 0, function() error("boom") end)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("boom", 1, true))
    assert.are.same({ 0, 0, 10, 10 }, { world:getRect(a) })
    assert.are.same({ 10, 0 }, { (world:move(a, 30, 0)) , 0 })
  end)

  it("handles far and negative coordinates", function()
    local world, a, b = bump.newWorld(), {}, {}
    world:add(a, -1e12, -1e12, 10, 10)
    world:add(b, -1e12 + 20, -1e12, 10, 10)
    local x = world:move(a, -1e12 + 30, -1e12)
    assert.are.equal(-1e12 + 10, x)
    world:add({}, 1e300, 1e300, 1e290, 1e290)
    assert.are.equal(1, select(2, world:queryPoint(1e300 + 5e289, 1e300 + 5e289)))
    assert.are.equal(1, select(2, world:querySegment(-1e12 - 5, -1e12 + 5, -1e12 + 15, -1e12 + 5)))
  end)

  it("stores huge items once and finds them everywhere they cover", function()
    local world, floor = bump.newWorld(1), {}
    world:add(floor, -1e6, 0, 2e6, 1e6)
    assert.are.equal(1, select(2, world:queryPoint(999999, 5)))
    assert.are.equal(1, select(2, world:querySegment(-2e6, 5, 2e6, 5)))
    local mover = {}
    world:add(mover, 0, -10, 1, 1)
    local x, y = world:move(mover, 0, 10)
    assert.are.same({ 0, -1 }, { x, y })
    world:update(floor, 0, 0, 1, 1)
    assert.are.equal(0, select(2, world:queryPoint(999999, 5)))
  end)

  it("many random moves keep every query consistent with getRect", function()
    local world = bump.newWorld(8)
    local items = {}
    local seed = 1
    local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
    for i = 1, 60 do
      items[i] = { i }
      world:add(items[i], rnd(200) - 100, rnd(200) - 100, 1 + rnd(30), 1 + rnd(30))
    end
    for _ = 1, 300 do
      local it = items[1 + rnd(60)]
      world:move(it, rnd(200) - 100, rnd(200) - 100,
                 function() return ({ "slide", "cross", "touch", "bounce" })[1 + rnd(4)] end)
    end
    for i = 1, 60 do
      local x, y, w, h = world:getRect(items[i])
      local found = false
      for _, v in ipairs((world:queryPoint(x + w / 2, y + h / 2))) do found = found or v == items[i] end
      assert.is_true(found)
    end
  end)
end)

describe("World queries against a scan of every item", function()
  local function set(list)
    local s, n = {}, 0
    for _, v in ipairs(list) do s[v] = true; n = n + 1 end
    return s, n
  end

  it("agree for random rectangles, points and segments", function()
    local rect = bump.rect
    local seed = 7
    local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
    for _, cell in ipairs({ 1, 7, 64 }) do
      local world, all = bump.newWorld(cell), {}
      for i = 1, 80 do
        local big = i % 20 == 0 and 5000 or 0
        local r = { i, x = rnd(400) - 200, y = rnd(400) - 200,
                    w = 1 + rnd(40) + big, h = 1 + rnd(40) }
        all[i] = r
        world:add(r, r.x, r.y, r.w, r.h)
      end
      for _ = 1, 100 do
        local x, y, w, h = rnd(500) - 250, rnd(500) - 250, 1 + rnd(60), 1 + rnd(60)
        local x2, y2 = rnd(500) - 250, rnd(500) - 250
        local inRect, inPoint, onSeg = {}, {}, {}
        for _, r in ipairs(all) do
          if rect.isIntersecting(x, y, w, h, r.x, r.y, r.w, r.h) then inRect[#inRect + 1] = r end
          if rect.containsPoint(r.x, r.y, r.w, r.h, x, y) then inPoint[#inPoint + 1] = r end
          local t1, t2 = rect.getSegmentIntersectionIndices(r.x, r.y, r.w, r.h, x, y, x2, y2, 0, 1)
          if t1 and ((0 < t1 and t1 < 1) or (0 < t2 and t2 < 1)) then onSeg[#onSeg + 1] = r end
        end
        assert.are.same(set(inRect), set((world:queryRect(x, y, w, h))))
        assert.are.same(set(inPoint), set((world:queryPoint(x, y))))
        assert.are.same(set(onSeg), set((world:querySegment(x, y, x2, y2))))
      end
    end
  end)
end)

describe("World storage", function()
  it("finds every item where it is after churn that empties many cells", function()
    local world, alive = impact.World(1), {}
    local seed = 11
    local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
    for _ = 1, 3000 do
      local it = rnd(50)
      local x, y, w, h = rnd(2000) - 1000, rnd(2000) - 1000, 1 + rnd(40), 1 + rnd(40)
      if rnd(4) == 0 and alive[it] then
        world:remove(it)
        alive[it] = nil
      elseif alive[it] then
        world:update(it, x, y, w, h)
      else
        world:add(it, x, y, w, h)
        alive[it] = true
      end
    end
    assert.is_true(world:countCells() < 40 * 40 * 50 * 3)
    local n = 0
    for it in pairs(alive) do
      n = n + 1
      local x, y, w, h = world:getRect(it)
      local found = false
      for _, v in ipairs((world:queryPoint(x + w / 2, y + h / 2))) do found = found or v == it end
      assert.is_true(found)
    end
    assert.are.equal(n, world:countItems())
  end)
end)

-- What bump.lua's README documents, pinned on impact.bump.
describe("World as bump.lua's README documents it", function()
  local world, player, wall
  before_each(function()
    world = bump.newWorld()
    player, wall = { "player" }, { "wall" }
    world:add(player, 0, 0, 10, 10)
    world:add(wall, 20, 0, 10, 10)
  end)

  it("an item removed can be added again; moving or checking it in between is an error", function()
    world:remove(player)
    assert.has_error(function() world:move(player, 5, 0) end)
    assert.has_error(function() world:check(player, 5, 0) end)
    assert.has_error(function() world:remove(player) end)
    assert.is_false(world:hasItem(player))  -- hasItem never errs
    world:add(player, 40, 0, 10, 10)
    assert.are.same({ 40, 0, 10, 10 }, { world:getRect(player) })
    assert.are.same({ 30, 0 }, { (world:move(player, 0, 0)), 0 })
  end)

  it("add and update ignore collisions: a teleport into the wall is allowed, check then reports it", function()
    world:update(player, 15, 0)
    assert.are.same({ 15, 0, 10, 10 }, { world:getRect(player) })
    -- Overlapping 5 x 10 and not moving: the touch is out along the smaller
    -- displacement; slide keeps a goal it is not moving to, touch goes there.
    local x, y, cols, len = world:check(player, 15, 0)
    assert.are.same({ 15, 0, 1 }, { x, y, len })
    assert.is_true(cols[1].overlaps)
    assert.are.equal(-50, cols[1].ti)
    assert.are.same({ x = -1, y = 0 }, cols[1].normal)
    assert.are.same({ x = 10, y = 0 }, cols[1].touch)
    assert.are.same({ x = 15, y = 0 }, cols[1].slide)
    x, y = world:check(player, 15, 0, function() return "touch" end)
    assert.are.same({ 10, 0 }, { x, y })
  end)

  it("len is #cols, and cols[i].other is what was hit", function()
    local x, y, cols, len = world:move(player, 50, 0)
    assert.are.same({ 10, 0 }, { x, y })
    assert.are.equal(#cols, len)
    assert.are.equal(1, len)
    assert.are.equal(wall, cols[1].other)
    assert.are.equal(player, cols[1].item)
    assert.are.same({ x = 50, y = 0 }, cols[1].move)
    assert.are.same({ x = 10, y = 0 }, cols[1].touch)
    assert.are.same({ x = 0, y = 0, w = 10, h = 10 }, cols[1].itemRect)
    assert.are.same({ x = 20, y = 0, w = 10, h = 10 }, cols[1].otherRect)
    assert.are.equal(0.2, cols[1].ti)
  end)

  it("a filter answer other than a response name is an error, nil and false are no collision", function()
    assert.has_error(function() world:move(player, 50, 0, function() return "jump" end) end)
    assert.has_error(function() world:move(player, 50, 0, function() return 1 end) end)
    assert.are.same({ 0, 0, 10, 10 }, { world:getRect(player) })
    for _, answer in ipairs({ false, nil }) do
      local x, _, _, len = world:move(player, 50, 0, function() return answer end)
      assert.are.same({ 50, 0 }, { x, len })
      world:update(player, 0, 0)
    end
  end)

  it("queries with nothing there return an empty table and 0", function()
    for _, r in ipairs({ { world:queryPoint(100, 100) }, { world:queryRect(100, 100, 5, 5) },
                         { world:querySegment(100, 100, 200, 100) },
                         { world:querySegmentWithCoords(100, 100, 200, 100) } }) do
      assert.are.same({ {}, 0 }, r)
    end
  end)

  it("querySegment gives the closest to x1, y1 first", function()
    assert.are.same({ player, wall }, (world:querySegment(-5, 5, 35, 5)))
    assert.are.same({ wall, player }, (world:querySegment(35, 5, -5, 5)))
  end)

  it("the cell size is fixed when the world is made", function()
    assert.has_error(function() world.cellSize = 32 end)
    assert.are.equal(64, world.cellSize)
  end)
end)
