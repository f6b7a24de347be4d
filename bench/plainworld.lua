-- The world baseline: a grid world written in plain Lua the way a Lua
-- library builds one. Cells are Lua tables in a table of rows, each holding
-- its items as keys; a move gathers the items in the cells its path covers,
-- sweeps the moving rectangle against each (the Minkowski difference of the
-- two, clipped by the path), sorts the collisions into fresh tables and
-- slides along the first, again until nothing is in the way. Segment
-- queries walk the cells the segment crosses and sort the items by the
-- distance along it. Rectangles are left, top, width, height; touching is
-- not a collision; each other item collides at most once per move.

local floor, abs, min, max, huge = math.floor, math.abs, math.min, math.max, math.huge
local MARGIN = 1e-10  -- how deep a point must be to count as inside

local World = {}
World.__index = World

local function new(cellSize)
  return setmetatable({ size = cellSize or 64, rows = {}, rects = {} }, World)
end

-- The cell range of a rectangle: columns c0..c1, rows r0..r1.
local function span(size, x, y, w, h)
  return floor(x / size), floor(y / size), floor((x + w) / size), floor((y + h) / size)
end

local function link(self, item, c0, r0, c1, r1, on)
  local rows = self.rows
  for r = r0, r1 do
    local row = rows[r]
    if not row then row = {}; rows[r] = row end
    for c = c0, c1 do
      local cell = row[c]
      if not cell then cell = {}; row[c] = cell end
      cell[item] = on
    end
  end
end

function World:add(item, x, y, w, h)
  if self.rects[item] then error("item already added", 2) end
  self.rects[item] = { x = x, y = y, w = w, h = h }
  local c0, r0, c1, r1 = span(self.size, x, y, w, h)
  link(self, item, c0, r0, c1, r1, true)
end

function World:update(item, x, y)
  local r = self.rects[item]
  if not r then error("unknown item", 2) end
  local size = self.size
  local a0, b0, a1, b1 = span(size, r.x, r.y, r.w, r.h)
  local c0, r0, c1, r1 = span(size, x, y, r.w, r.h)
  if a0 ~= c0 or b0 ~= r0 or a1 ~= c1 or b1 ~= r1 then
    link(self, item, a0, b0, a1, b1, nil)
    link(self, item, c0, r0, c1, r1, true)
  end
  r.x, r.y = x, y
end

function World:getRect(item)
  local r = self.rects[item]
  return r.x, r.y, r.w, r.h
end

-- The items in the cells that the rectangle covers, as a set.
function World:nearby(x, y, w, h)
  local found, rows = {}, self.rows
  local c0, r0, c1, r1 = span(self.size, x, y, w, h)
  for r = r0, r1 do
    local row = rows[r]
    if row then
      for c = c0, c1 do
        local cell = row[c]
        if cell then
          for item in pairs(cell) do found[item] = true end
        end
      end
    end
  end
  return found
end

-- The entry and exit times of the line (0, 0) + t (dx, dy) through the box
-- (l, t, r, b) of the Minkowski difference, with the normal of the entry
-- side; nil when the line misses the open box.
local function slab(l, t, r, b, dx, dy)
  local t0, t1, nx, ny = -huge, huge, 0, 0
  if dx > 0 then
    t0, t1, nx = l / dx, r / dx, -1
  elseif dx < 0 then
    t0, t1, nx = r / dx, l / dx, 1
  elseif l >= 0 or r <= 0 then
    return nil
  end
  if dy ~= 0 then
    local e, x
    if dy > 0 then e, x = t / dy, b / dy else e, x = b / dy, t / dy end
    if e > t0 then t0, nx, ny = e, 0, dy > 0 and -1 or 1 end
    if x < t1 then t1 = x end
  elseif t >= 0 or b <= 0 then
    return nil
  end
  if t0 > t1 then return nil end
  return t0, t1, nx, ny
end

local function sgn(v) return v > 0 and 1 or (v < 0 and -1 or 0) end

-- The collision of (x, y, w, h) moving to (gx, gy) with the still rectangle
-- (ox, oy, ow, oh), as a table, or nil. Starting inside: ti is minus the
-- overlapping area and the touch point the way out; otherwise ti in [0, 1)
-- is the first contact.
local function collide(x, y, w, h, ox, oy, ow, oh, gx, gy)
  local dx, dy = gx - x, gy - y
  local l, t = ox - x - w, oy - y - h
  local r, b = l + (w + ow), t + (h + oh)
  local ti, nx, ny, tx, ty, inside
  if -l > MARGIN and -t > MARGIN and r > MARGIN and b > MARGIN then
    inside = true
    local cx = abs(l) < abs(r) and l or r
    local cy = abs(t) < abs(b) and t or b
    ti = -min(w, abs(cx)) * min(h, abs(cy))
    if dx == 0 and dy == 0 then
      if abs(cx) < abs(cy) then cy = 0 else cx = 0 end
      nx, ny, tx, ty = sgn(cx), sgn(cy), x + cx, y + cy
    else
      local t0, _, n1, n2 = slab(l, t, r, b, dx, dy)
      if not t0 or t0 > 1 then return nil end
      nx, ny = n1, n2
      tx, ty = x + dx * t0, y + dy * t0
    end
  else
    local t0, t1, n1, n2 = slab(l, t, r, b, dx, dy)
    if not t0 or t0 >= 1 or t1 - t0 < MARGIN and t0 - t1 < MARGIN then return nil end
    if not (t0 + MARGIN > 0 or (t0 == 0 and t1 > 0)) then return nil end
    inside, ti, nx, ny = false, t0, n1, n2
    tx, ty = x + dx * t0, y + dy * t0
  end
  return {
    overlaps = inside, ti = ti,
    move = { x = dx, y = dy }, normal = { x = nx, y = ny },
    touch = { x = tx, y = ty },
    itemRect = { x = x, y = y, w = w, h = h },
    otherRect = { x = ox, y = oy, w = ow, h = oh },
  }
end

-- Earlier first; at the same time, the nearer centre first.
local function before(a, b)
  if a.ti ~= b.ti then return a.ti < b.ti end
  local i, p, q = a.itemRect, a.otherRect, b.otherRect
  local ax = i.x - p.x + (i.w - p.w) / 2
  local ay = i.y - p.y + (i.h - p.h) / 2
  local bx = i.x - q.x + (i.w - q.w) / 2
  local by = i.y - q.y + (i.h - q.h) / 2
  return ax * ax + ay * ay < bx * bx + by * by
end

-- The collisions of item at (x, y, w, h) moving to (gx, gy), sorted,
-- skipping the items in `skip`.
function World:sweep(item, x, y, w, h, gx, gy, skip)
  local l, t = min(x, gx), min(y, gy)
  local near = self:nearby(l, t, max(x, gx) + w - l, max(y, gy) + h - t)
  local rects, cols, n = self.rects, {}, 0
  for other in pairs(near) do
    if other ~= item and not skip[other] then
      local o = rects[other]
      local col = collide(x, y, w, h, o.x, o.y, o.w, o.h, gx, gy)
      if col then
        col.item, col.other, col.type = item, other, "slide"
        n = n + 1
        cols[n] = col
      end
    end
  end
  table.sort(cols, before)
  return cols, n
end

-- Moves item towards (gx, gy), sliding along whatever it meets: the new
-- position, and the collisions in the order they happened.
function World:move(item, gx, gy)
  local r = self.rects[item]
  if not r then error("unknown item", 2) end
  local x, y, w, h = r.x, r.y, r.w, r.h
  local seen, cols, len = { [item] = true }, {}, 0
  local hits, n = self:sweep(item, x, y, w, h, gx, gy, seen)
  while n > 0 do
    local col = hits[1]
    len = len + 1
    cols[len] = col
    seen[col.other] = true
    local touch, m = col.touch, col.move
    if m.x ~= 0 or m.y ~= 0 then
      if col.normal.x ~= 0 then gx = touch.x else gy = touch.y end
    end
    col.slide = { x = gx, y = gy }
    hits, n = self:sweep(item, touch.x, touch.y, w, h, gx, gy, seen)
  end
  self:update(item, gx, gy)
  return gx, gy, cols, len
end

-- The items the segment from (x1, y1) to (x2, y2) passes through, nearest
-- first along it. The cells are walked in order along the segment.
function World:querySegment(x1, y1, x2, y2)
  local size, rows, rects = self.size, self.rows, self.rects
  local dx, dy = x2 - x1, y2 - y1
  local c, r = floor(x1 / size), floor(y1 / size)
  local cEnd, rEnd = floor(x2 / size), floor(y2 / size)
  local stepC, stepR = dx > 0 and 1 or -1, dy > 0 and 1 or -1
  -- the segment times of the next column and row boundaries, and per cell
  local tc, dtc, tr, dtr = huge, huge, huge, huge
  if dx ~= 0 then
    tc = ((c + (dx > 0 and 1 or 0)) * size - x1) / dx
    dtc = size / abs(dx)
  end
  if dy ~= 0 then
    tr = ((r + (dy > 0 and 1 or 0)) * size - y1) / dy
    dtr = size / abs(dy)
  end
  local seen, hits, n = {}, {}, 0
  local steps = abs(cEnd - c) + abs(rEnd - r) + 1
  for _ = 1, steps do
    local row = rows[r]
    local cell = row and row[c]
    if cell then
      for item in pairs(cell) do
        if not seen[item] then
          seen[item] = true
          local o = rects[item]
          local t0, t1 = slab(o.x - x1, o.y - y1, o.x + o.w - x1, o.y + o.h - y1, dx, dy)
          if t0 and t0 < t1 and t0 < 1 and t1 > 0 then
            n = n + 1
            hits[n] = { item = item, t = t0 }
          end
        end
      end
    end
    if tc < tr then c, tc = c + stepC, tc + dtc else r, tr = r + stepR, tr + dtr end
  end
  table.sort(hits, function(a, b) return a.t < b.t end)
  local items = {}
  for i = 1, n do items[i] = hits[i].item end
  return items, n
end

return { newWorld = new }
