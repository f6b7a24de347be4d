-- bump.responses.<name>(world, col, x, y, w, h, goalX, goalY, filter) ->
-- goalX, goalY, cols, len: the responses as Lua functions, for scripts
-- that call them or register them under other names, as the native module
-- has them (src/worldmove.c). As bump's, they go on through the world's
-- own project method.
local rect = require "impact.pure.rect"
local cols = require "impact.pure.cols"
local object = require "impact.pure.object"

local select, type = select, type
local checknumber, typeerror = object.checknumber, object.typeerror

-- The responses, for the World's internals (checkworld).
return function(internal)
  local checkworld = internal.checkworld
  local responses = {}

  -- The arguments every response checks: the World and the collision.
  local function checkresponse(fname, n, world, col)
    checkworld(world, fname, n)
    if type(col) ~= "table" then typeerror(2, fname, "table", col, n) end
  end

  -- Projects the item of col from (fromX, fromY) to the goal with the
  -- world's project method.
  -- (a shape item projects a copy of its shape placed there)
  local function projectOn(world, col, fromX, fromY, w, h, goalX, goalY, filter)
    local shape = internal.states[world] and internal.shapeat(world, col.item, fromX, fromY)
    local list, len
    if shape then
      list, len = world.project(world, col.item, shape, goalX, goalY, filter)
    else
      list, len = world.project(world, col.item, fromX, fromY, w, h, goalX, goalY, filter)
    end
    return goalX, goalY, list, len
  end

  -- goalX and goalY, which default to x and y (n: the argument count).
  local function optgoal(fname, n, x, y, goalX, goalY)
    if goalX == nil then goalX = checknumber(x, 3, fname, n)
    else goalX = checknumber(goalX, 7, fname, 7) end
    if goalY == nil then goalY = checknumber(y, 4, fname, n)
    else goalY = checknumber(goalY, 8, fname, 8) end
    return goalX, goalY
  end

  function responses.touch(...)
    local world, col = ...
    checkresponse("touch", select("#", ...), world, col)
    local tx, ty = cols.read(col, "touch")
    return tx, ty, {}, 0
  end

  function responses.cross(...)
    local world, col, x, y, w, h, goalX, goalY, filter = ...
    local n = select("#", ...)
    checkresponse("cross", n, world, col)
    x = checknumber(x, 3, "cross", n)
    y = checknumber(y, 4, "cross", n)
    goalX, goalY = optgoal("cross", n, x, y, goalX, goalY)
    local gx, gy, list, len = projectOn(world, col, x, y, w, h, goalX, goalY, filter)
    return gx, gy, list, len
  end

  -- slide and bounce: on from the touch to the goal that the rule gives.
  local function turn(name, rule, n, world, col, x, y, w, h, goalX, goalY, filter)
    checkresponse(name, n, world, col)
    local tx, ty, mx, my, nx, ny = cols.read(col, name)
    goalX, goalY = rule(mx, my, nx, ny, tx, ty, optgoal(name, n, x, y, goalX, goalY))
    cols.setxy(col, name, goalX, goalY)
    local gx, gy, list, len = projectOn(world, col, tx, ty, w, h, goalX, goalY, filter)
    return gx, gy, list, len
  end

  function responses.slide(...)
    local gx, gy, list, len = turn("slide", rect.slide, select("#", ...), ...)
    return gx, gy, list, len
  end

  function responses.bounce(...)
    local gx, gy, list, len = turn("bounce", rect.bounce, select("#", ...), ...)
    return gx, gy, list, len
  end

  return responses
end
