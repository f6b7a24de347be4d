-- bump.lua 3.1.7's public API on impact's World: the rectangles and the
-- grid live in C (World:add, remove, put, getRect, near, nearSegment);
-- the exact tests, queries, moves and responses follow bump's rules here.
-- Loading this module also gives impact.World these methods.
local impact = require "impact"

-- The methods written here, for impact.World and for bump's worlds alike:
-- they reach the world only through its methods.
local World = {}
local abs, min, huge = math.abs, math.min, math.huge
local DELTA = 1e-10  -- bump's margin for points inside and ends of paths

local rect = {}

-- The corner of the rectangle nearest to (px, py), one axis at a time.
function rect.getNearestCorner(x, y, w, h, px, py)
  local cx = abs(x - px) < abs(x + w - px) and x or x + w
  local cy = abs(y - py) < abs(y + h - py) and y or y + h
  return cx, cy
end

-- Liang-Barsky clipping of the segment to the rectangle, keeping the
-- parameter range [ti1, ti2] (default [0, 1]) and the normals of the sides
-- where the segment enters and leaves; nil when it misses.
function rect.getSegmentIntersectionIndices(x, y, w, h, x1, y1, x2, y2, ti1, ti2)
  ti1, ti2 = ti1 or 0, ti2 or 1
  local dx, dy = x2 - x1, y2 - y1
  local nx1, ny1, nx2, ny2 = 0, 0, 0, 0
  for side = 1, 4 do
    local nx, ny, p, q
    if side == 1 then nx, ny, p, q = -1, 0, -dx, x1 - x
    elseif side == 2 then nx, ny, p, q = 1, 0, dx, x + w - x1
    elseif side == 3 then nx, ny, p, q = 0, -1, -dy, y1 - y
    else nx, ny, p, q = 0, 1, dy, y + h - y1
    end
    if p == 0 then
      if q <= 0 then return nil end
    else
      local r = q / p
      if p < 0 then
        if r > ti2 then return nil end
        if r > ti1 then ti1, nx1, ny1 = r, nx, ny end
      else
        if r < ti1 then return nil end
        if r < ti2 then ti2, nx2, ny2 = r, nx, ny end
      end
    end
  end
  return ti1, ti2, nx1, ny1, nx2, ny2
end

-- The Minkowski difference of rectangle 2 minus rectangle 1.
function rect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2)
  return x2 - x1 - w1, y2 - y1 - h1, w1 + w2, h1 + h2
end

function rect.containsPoint(x, y, w, h, px, py)
  return px - x > DELTA and py - y > DELTA
    and x + w - px > DELTA and y + h - py > DELTA
end

function rect.isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2)
  return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
end

function rect.getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2)
  local dx = x1 - x2 + (w1 - w2) / 2
  local dy = y1 - y2 + (h1 - h2) / 2
  return dx * dx + dy * dy
end

local function sign(v)
  return v > 0 and 1 or v == 0 and 0 or -1
end

-- Rectangle 1 moving to (goalX, goalY) against the static rectangle 2: a
-- collision table, or nil. An overlap at the start has ti = minus the area
-- of intersection; otherwise ti in [0, 1) is when the paths first meet.
function rect.detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY)
  goalX, goalY = goalX or x1, goalY or y1
  local dx, dy = goalX - x1, goalY - y1
  local x, y, w, h = rect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2)
  local overlaps, ti, nx, ny, tx, ty
  if rect.containsPoint(x, y, w, h, 0, 0) then
    local px, py = rect.getNearestCorner(x, y, w, h, 0, 0)
    ti, overlaps = -min(w1, abs(px)) * min(h1, abs(py)), true
    if dx == 0 and dy == 0 then
      -- not moving: push out along the smaller displacement
      if abs(px) < abs(py) then py = 0 else px = 0 end
      nx, ny, tx, ty = sign(px), sign(py), x1 + px, y1 + py
    else
      local t1, _
      t1, _, nx, ny = rect.getSegmentIntersectionIndices(x, y, w, h, 0, 0, dx, dy, -huge, 1)
      if not t1 then return nil end
      tx, ty = x1 + dx * t1, y1 + dy * t1
    end
  else
    local t1, t2, n1, m1 = rect.getSegmentIntersectionIndices(x, y, w, h, 0, 0, dx, dy, -huge, huge)
    -- a path through a corner only (t1 == t2) or ending at contact is no hit
    if not (t1 and t1 < 1 and abs(t1 - t2) >= DELTA
            and (0 < t1 + DELTA or (t1 == 0 and t2 > 0))) then
      return nil
    end
    ti, overlaps, nx, ny = t1, false, n1, m1
    tx, ty = x1 + dx * ti, y1 + dy * ti
  end
  return {
    overlaps = overlaps, ti = ti,
    move = { x = dx, y = dy }, normal = { x = nx, y = ny },
    touch = { x = tx, y = ty },
    itemRect = { x = x1, y = y1, w = w1, h = h1 },
    otherRect = { x = x2, y = y2, w = w2, h = h2 },
  }
end

local responses = {}

function responses.touch(world, col)
  return col.touch.x, col.touch.y, {}, 0
end

function responses.cross(world, col, x, y, w, h, goalX, goalY, filter)
  local cols, len = world:project(col.item, x, y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

function responses.slide(world, col, x, y, w, h, goalX, goalY, filter)
  goalX, goalY = goalX or x, goalY or y
  local t, m = col.touch, col.move
  if m.x ~= 0 or m.y ~= 0 then
    if col.normal.x ~= 0 then goalX = t.x else goalY = t.y end
  end
  col.slide = { x = goalX, y = goalY }
  local cols, len = world:project(col.item, t.x, t.y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

function responses.bounce(world, col, x, y, w, h, goalX, goalY, filter)
  goalX, goalY = goalX or x, goalY or y
  local t, m = col.touch, col.move
  local bx, by = t.x, t.y
  if m.x ~= 0 or m.y ~= 0 then
    local rx, ry = goalX - t.x, goalY - t.y
    if col.normal.x == 0 then ry = -ry else rx = -rx end
    bx, by = t.x + rx, t.y + ry
  end
  col.bounce = { x = bx, y = by }
  local cols, len = world:project(col.item, t.x, t.y, w, h, bx, by, filter)
  return bx, by, cols, len
end

-- Per-world response tables, found by the world (weak, so worlds still die).
local worldResponses = setmetatable({}, { __mode = "k" })

local function responsesOf(world)
  local r = worldResponses[world]
  if not r then
    r = {}
    for name, f in pairs(responses) do r[name] = f end
    worldResponses[world] = r
  end
  return r
end

-- Moves (and resizes, with w and h) an item that must be in the world.
function World:update(item, x, y, w, h)
  if not self:hasItem(item) then
    error("Item " .. tostring(item) .. " must be added to the world before being updated", 2)
  end
  self:put(item, x, y, w, h)
end

function World:addResponse(name, response)
  responsesOf(self)[name] = response
end

local function checkRect(x, y, w, h)
  if type(x) ~= "number" then error("x must be a number, but was " .. tostring(x), 3) end
  if type(y) ~= "number" then error("y must be a number, but was " .. tostring(y), 3) end
  if type(w) ~= "number" or not (w > 0) then
    error("w must be a positive number, but was " .. tostring(w), 3)
  end
  if type(h) ~= "number" or not (h > 0) then
    error("h must be a positive number, but was " .. tostring(h), 3)
  end
end

local function defaultFilter() return "slide" end

local function byTiAndDistance(a, b)
  if a.ti == b.ti then
    local ir, ar, br = a.itemRect, a.otherRect, b.otherRect
    return rect.getSquareDistance(ir.x, ir.y, ir.w, ir.h, ar.x, ar.y, ar.w, ar.h)
      < rect.getSquareDistance(ir.x, ir.y, ir.w, ir.h, br.x, br.y, br.w, br.h)
  end
  return a.ti < b.ti
end

-- The collisions of a rectangle moving to the goal, sorted; the item itself
-- and items that the filter rejects (or that a callback removed) are skipped.
function World:project(item, x, y, w, h, goalX, goalY, filter)
  checkRect(x, y, w, h)
  goalX, goalY, filter = goalX or x, goalY or y, filter or defaultFilter
  local l, t = min(x, goalX), min(y, goalY)
  local r, b = math.max(x + w, goalX + w), math.max(y + h, goalY + h)
  local near, n = self:near(l, t, r - l, b - t)
  local cols, len = {}, 0
  for i = 1, n do
    local other = near[i]
    if other ~= item and self:hasItem(other) then
      local kind = filter(item, other)
      if kind and self:hasItem(other) then
        local ox, oy, ow, oh = self:getRect(other)
        local col = rect.detectCollision(x, y, w, h, ox, oy, ow, oh, goalX, goalY)
        if col then
          col.other, col.item, col.type = other, item, kind
          len = len + 1
          cols[len] = col
        end
      end
    end
  end
  table.sort(cols, byTiAndDistance)
  return cols, len
end

-- Where the item would end up moving to the goal, and the collisions on the
-- way: each other item at most once, the first collision resolved by its
-- response, which projects the rest of the movement again.
function World:check(item, goalX, goalY, filter)
  filter = filter or defaultFilter
  local visited = { [item] = true }
  local function visitedFilter(itm, other)
    if visited[other] then return false end
    return filter(itm, other)
  end
  local x, y, w, h = self:getRect(item)
  local cols, len = {}, 0
  local projected, plen = self:project(item, x, y, w, h, goalX, goalY, visitedFilter)
  local byName = responsesOf(self)
  while plen > 0 do
    local col = projected[1]
    len = len + 1
    cols[len] = col
    visited[col.other] = true
    local response = byName[col.type]
    if not response then
      error(("Unknown collision type: %s (%s)"):format(tostring(col.type), type(col.type)), 2)
    end
    goalX, goalY, projected, plen = response(self, col, x, y, w, h, goalX, goalY, visitedFilter)
  end
  return goalX, goalY, cols, len
end

function World:move(item, goalX, goalY, filter)
  local x, y, cols, len = self:check(item, goalX, goalY, filter)
  if self:hasItem(item) then self:update(item, x, y) end
  return x, y, cols, len
end

-- The candidates still in the world that the filter accepts and whose
-- rectangle passes test(l, t, w, h, a, b, c, d).
local function pick(world, near, n, filter, test, a, b, c, d)
  local items, len = {}, 0
  for i = 1, n do
    local item = near[i]
    if world:hasItem(item) and (not filter or filter(item)) and world:hasItem(item) then
      local l, t, w, h = world:getRect(item)
      if test(l, t, w, h, a, b, c, d) then
        len = len + 1
        items[len] = item
      end
    end
  end
  return items, len
end

function World:queryRect(x, y, w, h, filter)
  checkRect(x, y, w, h)
  local near, n = self:near(x, y, w, h)
  return pick(self, near, n, filter, rect.isIntersecting, x, y, w, h)
end

function World:queryPoint(x, y, filter)
  local near, n = self:near(x, y, 0, 0)
  return pick(self, near, n, filter, rect.containsPoint, x, y)
end

local function byWeight(a, b) return a.weight < b.weight end

-- The items the segment passes through, in order along the infinite line.
local function segmentInfo(world, x1, y1, x2, y2, filter)
  local near, n = world:nearSegment(x1, y1, x2, y2)
  local info, len = {}, 0
  for i = 1, n do
    local item = near[i]
    if world:hasItem(item) and (not filter or filter(item)) and world:hasItem(item) then
      local l, t, w, h = world:getRect(item)
      local t1, t2 = rect.getSegmentIntersectionIndices(l, t, w, h, x1, y1, x2, y2, 0, 1)
      if t1 and ((0 < t1 and t1 < 1) or (0 < t2 and t2 < 1)) then
        local u1, u2 = rect.getSegmentIntersectionIndices(l, t, w, h, x1, y1, x2, y2, -huge, huge)
        len = len + 1
        info[len] = { item = item, ti1 = t1, ti2 = t2, weight = min(u1, u2) }
      end
    end
  end
  table.sort(info, byWeight)
  return info, len
end

function World:querySegment(x1, y1, x2, y2, filter)
  local info, len = segmentInfo(self, x1, y1, x2, y2, filter)
  local items = {}
  for i = 1, len do items[i] = info[i].item end
  return items, len
end

function World:querySegmentWithCoords(x1, y1, x2, y2, filter)
  local info, len = segmentInfo(self, x1, y1, x2, y2, filter)
  local dx, dy = x2 - x1, y2 - y1
  for i = 1, len do
    local c = info[i]
    c.weight = nil
    c.x1, c.y1 = x1 + dx * c.ti1, y1 + dy * c.ti1
    c.x2, c.y2 = x1 + dx * c.ti2, y1 + dy * c.ti2
  end
  return info, len
end

for name, f in pairs(World) do impact.World[name] = f end

-- bump's worlds are Lua tables around an impact.World, so that scripts (and
-- test spies) can set fields on them as on bump's own.
local BumpWorld = {}
BumpWorld.__index = BumpWorld
for name, f in pairs(World) do BumpWorld[name] = f end
for _, name in ipairs({ "add", "remove", "put", "getRect", "hasItem",
                        "countItems", "getItems", "toWorld", "toCell",
                        "near", "nearSegment" }) do
  BumpWorld[name] = function(self, ...)
    local core = self.core
    return core[name](core, ...)
  end
end

-- bump keeps its cells in weak tables, so the empty ones stop counting once
-- the garbage collector has run; a weakly held probe tells when it has.
function BumpWorld:countCells()
  local core = self.core
  if self.probe[1] == nil then
    core:compact()
    self.probe[1] = {}
  end
  return core:countCells()
end

local bump = {
  _VERSION = "bump v3.1.7 (impact)",
  rect = rect,
  responses = responses,
}

function bump.newWorld(cellSize)
  cellSize = cellSize == nil and 64 or cellSize
  if type(cellSize) ~= "number" or not (cellSize > 0) then
    error("cellSize must be a positive number, but was " .. tostring(cellSize), 2)
  end
  return setmetatable({
    cellSize = cellSize,
    core = impact.World(cellSize),
    probe = setmetatable({ {} }, { __mode = "v" }),
  }, BumpWorld)
end

return bump
