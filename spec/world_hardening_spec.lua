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

describe("World __gc called from a script", function()
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

describe("World and the debug library", function()
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
