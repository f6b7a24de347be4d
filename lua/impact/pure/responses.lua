-- bump.responses.<name>(world, col, x, y, w, h, goalX, goalY, filter) ->
-- goalX, goalY, cols, len: the responses as Lua functions, for scripts
-- that call them or register them under other names, as the native module
-- has them (src/worldmove.c). As bump's, they go on through the world's
-- own project method.
local rect = require "impact.pure.rect"
local cols = require "impact.pure.cols"
local errors = require "impact.pure.errors"

local select = select
local luanumber, luatable = errors.luanumber, errors.luatable

local responses = {}

-- Projects the item of col from (fromX, fromY) to the goal with the
-- world's project method.
local function projectOn(world, col, fromX, fromY, w, h, goalX, goalY, filter)
  local list, len = world.project(world, col.item, fromX, fromY, w, h, goalX, goalY, filter)
  return goalX, goalY, list, len
end

-- goalX and goalY, which default to x and y (n: the argument count).
local function optgoal(n, x, y, goalX, goalY)
  if goalX == nil then goalX = luanumber(3, x, n >= 3)
  else goalX = luanumber(7, goalX) end
  if goalY == nil then goalY = luanumber(4, y, n >= 4)
  else goalY = luanumber(8, goalY) end
  return goalX, goalY
end

function responses.touch(...)
  local _, col = ...
  luatable(2, col, select("#", ...) >= 2)
  local tx, ty = cols.read(col, "touch")
  return tx, ty, {}, 0
end

function responses.cross(...)
  local world, col, x, y, w, h, goalX, goalY, filter = ...
  local n = select("#", ...)
  luatable(2, col, n >= 2)
  goalX, goalY = optgoal(n, x, y, goalX, goalY)
  y = luanumber(4, y, n >= 4)
  x = luanumber(3, x, n >= 3)
  local gx, gy, list, len = projectOn(world, col, x, y, w, h, goalX, goalY, filter)
  return gx, gy, list, len
end

-- slide and bounce: on from the touch to the goal that the rule gives.
local function turn(name, rule, n, world, col, x, y, w, h, goalX, goalY, filter)
  luatable(2, col, n >= 2)
  local tx, ty, mx, my, nx = cols.read(col, name)
  goalX, goalY = rule(mx, my, nx, tx, ty, optgoal(n, x, y, goalX, goalY))
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
