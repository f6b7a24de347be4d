-- A reference world for the specs: bump.lua 3.1.7's rules in plain Lua,
-- without a grid (project and the queries scan every item), so that
-- impact's World can be checked against it. Every formula keeps bump's
-- order of operations; the seam rule below is impact's. Not part of impact.
local abs, min, huge = math.abs, math.min, math.huge
local DELTA = 1e-10

local rect = {}

function rect.getNearestCorner(x, y, w, h, px, py)
  return abs(x - px) < abs(x + w - px) and x or x + w,
         abs(y - py) < abs(y + h - py) and y or y + h
end

-- Liang-Barsky: the part [ti1, ti2] of the segment inside the rectangle,
-- with the normals of the sides where it enters and leaves; nil if none.
function rect.getSegmentIntersectionIndices(x, y, w, h, x1, y1, x2, y2, ti1, ti2)
  ti1, ti2 = ti1 or 0, ti2 or 1
  local dx, dy = x2 - x1, y2 - y1
  local nx1, ny1, nx2, ny2 = 0, 0, 0, 0
  for side = 1, 4 do  -- left, right, top, bottom
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
        if r > ti2 then return nil elseif r > ti1 then ti1, nx1, ny1 = r, nx, ny end
      else
        if r < ti1 then return nil elseif r < ti2 then ti2, nx2, ny2 = r, nx, ny end
      end
    end
  end
  return ti1, ti2, nx1, ny1, nx2, ny2
end

function rect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2)
  return x2 - x1 - w1, y2 - y1 - h1, w1 + w2, h1 + h2
end

function rect.containsPoint(x, y, w, h, px, py)
  return px - x > DELTA and py - y > DELTA and x + w - px > DELTA and y + h - py > DELTA
end

function rect.isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2)
  return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
end

function rect.getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2)
  local dx = x1 - x2 + (w1 - w2) / 2
  local dy = y1 - y2 + (h1 - h2) / 2
  return dx * dx + dy * dy
end

local function sign(v) return v > 0 and 1 or v == 0 and 0 or -1 end

-- impact's seam rule, its one deliberate difference from bump.lua (see the
-- README): a movement with no component across an axis only grazes a side
-- of the difference within DELTA of it on that axis.
local function grazes(d, lo, size)
  return d == 0 and (abs(lo) <= DELTA or abs(lo + size) <= DELTA)
end

function rect.detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY)
  goalX, goalY = goalX or x1, goalY or y1
  local dx, dy = goalX - x1, goalY - y1
  local x, y, w, h = rect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2)
  local overlaps, ti, nx, ny, tx, ty
  if rect.containsPoint(x, y, w, h, 0, 0) then  -- overlapping at the start
    local px, py = rect.getNearestCorner(x, y, w, h, 0, 0)
    ti, overlaps = -min(w1, abs(px)) * min(h1, abs(py)), true
    if dx == 0 and dy == 0 then  -- not moving: the smaller way out
      if abs(px) < abs(py) then py = 0 else px = 0 end
      nx, ny, tx, ty = sign(px), sign(py), x1 + px, y1 + py
    else  -- moving: back along the movement
      local t1, _
      t1, _, nx, ny = rect.getSegmentIntersectionIndices(x, y, w, h, 0, 0, dx, dy, -huge, 1)
      if not t1 then return end
      tx, ty = x1 + dx * t1, y1 + dy * t1
    end
  else
    if grazes(dx, x, w) or grazes(dy, y, h) then return end
    local t1, t2, n1, m1 = rect.getSegmentIntersectionIndices(x, y, w, h, 0, 0, dx, dy, -huge, huge)
    if not (t1 and t1 < 1 and abs(t1 - t2) >= DELTA
            and (0 < t1 + DELTA or (t1 == 0 and t2 > 0))) then
      return  -- no values, as bump's
    end
    ti, overlaps, nx, ny = t1, false, n1, m1
    tx, ty = x1 + dx * ti, y1 + dy * ti
  end
  return { overlaps = overlaps, ti = ti, move = { x = dx, y = dy },
           normal = { x = nx, y = ny }, touch = { x = tx, y = ty },
           itemRect = { x = x1, y = y1, w = w1, h = h1 },
           otherRect = { x = x2, y = y2, w = w2, h = h2 } }
end

-- The responses: x, y, w, h is always the rectangle where the move began.
local responses = {}

function responses.touch(world, col)
  return col.touch.x, col.touch.y, {}, 0
end

function responses.cross(world, col, x, y, w, h, goalX, goalY, filter)
  local cols, len = world:project(col.item, x, y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

function responses.slide(world, col, x, y, w, h, goalX, goalY, filter)
  local t, m = col.touch, col.move
  if m.x ~= 0 or m.y ~= 0 then
    if col.normal.x ~= 0 then goalX = t.x else goalY = t.y end
  end
  col.slide = { x = goalX, y = goalY }
  local cols, len = world:project(col.item, t.x, t.y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

function responses.bounce(world, col, x, y, w, h, goalX, goalY, filter)
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

local World = {}
World.__index = World

local bumpref = { rect = rect, responses = responses }

-- Items are kept in a list, in the order they were added.
function bumpref.newWorld()
  local r = {}
  for name, f in pairs(responses) do r[name] = f end
  return setmetatable({ list = {}, rects = {}, responses = r }, World)
end

function World:add(item, x, y, w, h)
  assert(not self.rects[item], "item added twice")
  self.list[#self.list + 1] = item
  self.rects[item] = { x = x, y = y, w = w, h = h }
  return item
end

function World:remove(item)
  assert(self.rects[item], "unknown item")
  self.rects[item] = nil
  for i, v in ipairs(self.list) do
    if v == item then table.remove(self.list, i) break end
  end
end

function World:update(item, x, y, w, h)
  local r = assert(self.rects[item], "unknown item")
  r.x, r.y, r.w, r.h = x, y, w or r.w, h or r.h
end

function World:getRect(item)
  local r = assert(self.rects[item], "unknown item")
  return r.x, r.y, r.w, r.h
end

function World:hasItem(item) return self.rects[item] ~= nil end
function World:countItems() return #self.list end
function World:addResponse(name, f) self.responses[name] = f end

local function defaultFilter() return "slide" end

-- The distance that orders collisions of equal ti.
function bumpref.distance(col)
  local a, b = col.itemRect, col.otherRect
  return rect.getSquareDistance(a.x, a.y, a.w, a.h, b.x, b.y, b.w, b.h)
end

local function byTiAndDistance(a, b)
  if a.ti == b.ti then return bumpref.distance(a) < bumpref.distance(b) end
  return a.ti < b.ti
end

-- Whether the order of the first two collisions is unspecified.
function bumpref.tied(cols, len)
  return len >= 2 and cols[1].ti == cols[2].ti
    and bumpref.distance(cols[1]) == bumpref.distance(cols[2])
end

function World:project(item, x, y, w, h, goalX, goalY, filter)
  goalX, goalY, filter = goalX or x, goalY or y, filter or defaultFilter
  local cols, len = {}, 0
  for _, other in ipairs(self.list) do
    if other ~= item then
      local kind = filter(item, other)
      if kind then
        local r = self.rects[other]
        local col = rect.detectCollision(x, y, w, h, r.x, r.y, r.w, r.h, goalX, goalY)
        if col then
          col.item, col.other, col.type = item, other, kind
          len = len + 1
          cols[len] = col
        end
      end
    end
  end
  table.sort(cols, byTiAndDistance)
  if bumpref.tied(cols, len) then self.tie = true end
  return cols, len
end

-- x, y, cols, len and whether some step had a tie for the first collision
-- (then another implementation may rightly take another path).
function World:check(item, goalX, goalY, filter)
  filter = filter or defaultFilter
  local visited = { [item] = true }
  local function visitedFilter(itm, other)
    if visited[other] then return false end
    return filter(itm, other)
  end
  local x, y, w, h = self:getRect(item)
  local cols, len = {}, 0
  self.tie = false
  local projected, plen = self:project(item, x, y, w, h, goalX, goalY, visitedFilter)
  while plen > 0 do
    local col = projected[1]
    len = len + 1
    cols[len] = col
    visited[col.other] = true
    local response = self.responses[col.type]
    if not response then error("Unknown collision type: " .. tostring(col.type)) end
    goalX, goalY, projected, plen = response(self, col, x, y, w, h, goalX, goalY, visitedFilter)
  end
  return goalX, goalY, cols, len, self.tie
end

function World:move(item, goalX, goalY, filter)
  local x, y, cols, len, tie = self:check(item, goalX, goalY, filter)
  self:update(item, x, y)
  return x, y, cols, len, tie
end

local function pick(self, filter, test, a, b, c, d)
  local items, len = {}, 0
  for _, item in ipairs(self.list) do
    local r = self.rects[item]
    if (not filter or filter(item)) and test(r.x, r.y, r.w, r.h, a, b, c, d) then
      len = len + 1
      items[len] = item
    end
  end
  return items, len
end

local function intersects(x, y, w, h, a, b, c, d)
  return rect.isIntersecting(a, b, c, d, x, y, w, h)
end

-- The queries: the order of queryRect and queryPoint is unspecified.
function World:queryRect(x, y, w, h, filter)
  return pick(self, filter, intersects, x, y, w, h)
end

function World:queryPoint(x, y, filter)
  return pick(self, filter, rect.containsPoint, x, y)
end

-- Infos sorted by weight (the order along the infinite line), and the
-- weights: items of equal weight may come in any order.
function World:querySegmentWithCoords(x1, y1, x2, y2, filter)
  local info, len = {}, 0
  for _, item in ipairs(self.list) do
    local r = self.rects[item]
    if not filter or filter(item) then
      local t1, t2 = rect.getSegmentIntersectionIndices(r.x, r.y, r.w, r.h, x1, y1, x2, y2, 0, 1)
      if t1 and ((0 < t1 and t1 < 1) or (0 < t2 and t2 < 1)) then
        local u1, u2 = rect.getSegmentIntersectionIndices(r.x, r.y, r.w, r.h, x1, y1, x2, y2, -huge, huge)
        len = len + 1
        info[len] = { item = item, ti1 = t1, ti2 = t2, weight = min(u1, u2) }
      end
    end
  end
  table.sort(info, function(a, b) return a.weight < b.weight end)
  local dx, dy, weights = x2 - x1, y2 - y1, {}
  for i, c in ipairs(info) do
    weights[i], c.weight = c.weight, nil
    c.x1, c.y1 = x1 + dx * c.ti1, y1 + dy * c.ti1
    c.x2, c.y2 = x1 + dx * c.ti2, y1 + dy * c.ti2
  end
  return info, len, weights
end

function World:querySegment(x1, y1, x2, y2, filter)
  local info, len, weights = self:querySegmentWithCoords(x1, y1, x2, y2, filter)
  local items = {}
  for i = 1, len do items[i] = info[i].item end
  return items, len, weights
end

return bumpref
