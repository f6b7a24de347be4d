-- The failing allocator's workload (spec/memory/failalloc.c): World
-- operations of every kind, on rectangles and on shape items, each
-- recorded only once it has returned (a shape item by its bounds). The
-- records are made before run(), so that recording allocates nothing: an
-- operation that fails for memory leaves its record as it was, and check()
-- finds any difference between the World and the records.
local bump = require "impact.bump"
local impact = require "impact"

local world, items, rec, out, probe

local function record(i, x, y, w, h)
  local r = rec[i]
  r.present, r.x, r.y, r.w, r.h = true, x, y, w, h
end

local function add(i, x, y, w, h)
  world:add(items[i], x, y, w, h)
  record(i, x, y, w, h)
end

local function update(i, x, y, w, h)
  world:update(items[i], x, y, w, h)
  local r = rec[i]
  record(i, x, y, w or r.w, h or r.h)
end

local function remove(i)
  world:remove(items[i])
  rec[i].present = false
end

local function move(i, gx, gy, filter)
  local x, y = world:move(items[i], gx, gy, filter)
  local r = rec[i]
  record(i, x, y, r.w, r.h)
end

-- A shape item's operations, recorded by its bounds once they return.
local function recordshape(i)
  record(i, world:getRect(items[i]))
end

local function addshape(i, shape)
  world:add(items[i], shape)
  recordshape(i)
end

local function cross() return "cross" end
local function bounce(_, other) return other.n % 2 == 0 and "bounce" or "slide" end
local function even(item) return item.n % 2 == 0 end

local function setup()
  world = bump.newWorld(32)
  items, rec, out = {}, {}, {}
  probe = { n = 0 }
  for i = 1, 56 do
    items[i] = { n = i }
    rec[i] = { present = false, x = 0, y = 0, w = 0, h = 0 }
  end
  for i = 1, 16 do add(i, (i - 1) * 20, (i % 3) * 7, 10, 10) end
end

local function run()
  for i = 17, 32 do add(i, (i - 17) * 45 - 100, 60 + i, 30, 12) end
  add(33, -1e6, -1e6, 2e6, 5)          -- too large for cells: the big list
  add(34, 1e300, 0, 1, 1)              -- too far out for cells
  add(35, 0, 1e9, 100, 1e-9)
  for i = 36, 40 do add(i, i * 3, -40, 200, 200) end  -- many cells each
  update(1, 500, 500)
  update(2, 3, 4, 300, 90)             -- grows across cells
  update(33, 10, 10, 5, 5)             -- from the big list into a cell
  update(36, -1e6, 0, 3e6, 3e6)        -- into the big list
  update(3, 3.5, 0.5)                  -- the same cells
  move(17, 900, 80)
  move(18, -300, 80, cross)
  move(19, 400, 20, bounce)
  world:queryRect(-50, -50, 400, 400, even, out)
  world:querySegment(-100, 5, 900, 30, nil, out)
  world:querySegmentWithCoords(-100, 5, 900, 30, even, out)
  world:queryPoint(5, 5, nil, out)
  world:project(probe, 0, 0, 10, 10, 600, 300, cross, out)
  world:check(items[20], -500, 90, nil, out)
  world:countCells()
  remove(4)
  remove(33)
  remove(36)
  add(41, 7, 7, 7, 7)                  -- an id used again
  for i = 42, 48 do add(i, i * 11, i * 13, 40, 40) end
  move(41, 300, 300, cross)
  addshape(49, impact.Circle(100, -100, 8))
  addshape(50, impact.Polygon({ 0, 0, 60, 0, 60, 20, 0, 20 }, 80, -60, 0.1))
  addshape(51, impact.Capsule(-10, 0, 10, 0, 4, 150, -100, 0.5))
  addshape(52, impact.OBB(200, -100, 20, 5, 1))
  world:move(items[49], 110, 0)
  recordshape(49)
  world:update(items[50], 90, -55, 0.3)
  recordshape(50)
  world:rotate(items[51], 3, cross, out)
  recordshape(51)
  world:push(items[49], nil, out)
  recordshape(49)
  world:queryShape(impact.Circle(100, -80, 30), even, out)
  world:queryArc(0, -200, 300, 0, 0, 400, nil, out)
  world:project(probe, impact.Circle(0, -150, 5), 300, -50, nil, out)
  remove(52)
  addshape(53, impact.Polygon({ 0, 0, 5, 0, 0, 5 }, 5, 5))  -- into a used id, over others
  world:push(items[53])
  recordshape(53)
end

local function check()
  local n = 0
  for i = 1, #items do
    local r, item = rec[i], items[i]
    assert(world:hasItem(item) == r.present, "hasItem " .. i)
    if r.present then
      n = n + 1
      local x, y, w, h = world:getRect(item)
      assert(x == r.x and y == r.y and w == r.w and h == r.h, "getRect " .. i)
      local found, len = world:queryRect(r.x, r.y, r.w, r.h)
      local seen = r.x + r.w == r.x or r.y + r.h == r.y  -- a size lost: no overlap
      for k = 1, len do seen = seen or found[k] == item end
      assert(seen, "queryRect misses item " .. i)
    end
  end
  assert(world:countItems() == n, "countItems")
  local all, len = world:getItems()
  assert(len == n and #all == n, "getItems")
  local found, flen = world:queryRect(-1e7, -1e7, 2e7, 2e7)
  for k = 1, flen do
    assert(found[k] ~= nil and rec[found[k].n].present, "queryRect ghost")
  end
  world:add(probe, -1000, 0, 10, 10)
  local _, _, cols, clen = world:move(probe, 1000, 30, cross)
  for k = 1, clen do
    local other = cols[k].other
    assert(other ~= nil and rec[other.n].present, "move collides with a ghost")
  end
end

return setup, run, check
