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
end)

describe("finalizers that call impact", function()
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
    local wrong = 0
    for i = 1, 20000 do
      onfinalize(function() far:intersectPoint(505, 501) end)
      local junk = { i, i }  -- garbage, so that collections run often
      local h = box:intersectPoint(9, 0)
      if not (h.pos.x == 10 and h.pos.y == 0 and h.delta.x == 1 and h.delta.y == 0
              and h.collider == box) then
        wrong = wrong + 1
      end
      h = box:intersectAABB(impact.AABB(0, 12, 5, 5))
      if not (h.delta.y == 3 and h.collider == box) then wrong = wrong + 1 end
    end
    assert.are.equal(0, wrong)
  end)

  it("that empty sweepInto's list while its result is made cause no crash", function()
    local mover = impact.AABB(0, 0, 5, 5)
    local hits = 0
    for i = 1, 5000 do
      local list = { impact.AABB(20, 0, 5, 5), impact.AABB(40, 0, 5, 5) }
      onfinalize(function() for k = #list, 1, -1 do list[k] = nil end end)
      local junk = { i, i }
      local s = mover:sweepInto(list, 100, 0)
      if s.hit then
        hits = hits + 1
        assert.are.equal(15, s.hit.pos.x)  -- the face of the first box
      end
    end
    assert.is_true(hits > 0)
  end)
end)
