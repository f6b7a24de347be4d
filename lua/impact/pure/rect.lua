-- bump.lua's rectangle rules, as the native core has them (src/core/rect.c):
-- the same IEEE double operations in the same order, so that both backends
-- answer alike to the last bit. Rectangles are passed as x, y, w, h numbers
-- and results come back as several values, so nothing here allocates.
-- Normals are the integers -1, 0 and 1, as bump's are.
local abs = math.abs

local rect = {}

-- A point is inside only when deeper than this.
local DELTA = 1e-10
rect.DELTA = DELTA
local HUGE = math.huge

function rect.containsPoint(x, y, w, h, px, py)
  return px - x > DELTA and py - y > DELTA and
         x + w - px > DELTA and y + h - py > DELTA
end

function rect.intersects(x1, y1, w1, h1, x2, y2, w2, h2)
  return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
end

-- The squared distance between the centres.
function rect.squareDistance(x1, y1, w1, h1, x2, y2, w2, h2)
  local dx = x1 - x2 + (w1 - w2) / 2
  local dy = y1 - y2 + (h1 - h2) / 2
  return dx * dx + dy * dy
end

-- The corner of the rectangle nearest to (px, py), one axis at a time.
function rect.nearestCorner(x, y, w, h, px, py)
  return abs(x - px) < abs(x + w - px) and x or x + w,
         abs(y - py) < abs(y + h - py) and y or y + h
end

-- Where the segment from (x1, y1) by (dx, dy) (its end minus its start)
-- crosses the open rectangle, kept within [ti1, ti2] (Liang-Barsky, sides
-- left, right, top, bottom): ti1, ti2 and the normals of the sides it
-- enters and leaves by ((0, 0) when the range bounds it), or nil on a
-- miss. The four sides are written out: a loop would need a table of sides
-- or a call per side, on the path every move and segment query takes. It
-- takes the direction rather than the end for LuaJIT: each argument is
-- one more number that a side trace leaving from a side's branch must
-- inherit, and past about 16 of them it cannot compile ("register
-- coalescing too complex").
function rect.segment(x, y, w, h, x1, y1, dx, dy, ti1, ti2)
  local n1x, n1y, n2x, n2y = 0, 0, 0, 0
  local p, q, t
  p, q = -dx, x1 - x
  if p == 0 then
    if q <= 0 then return nil end
  else
    t = q / p
    if p < 0 then
      if t > ti2 then return nil end
      if t > ti1 then ti1, n1x, n1y = t, -1, 0 end
    else
      if t < ti1 then return nil end
      if t < ti2 then ti2, n2x, n2y = t, -1, 0 end
    end
  end
  p, q = dx, x + w - x1
  if p == 0 then
    if q <= 0 then return nil end
  else
    t = q / p
    if p < 0 then
      if t > ti2 then return nil end
      if t > ti1 then ti1, n1x, n1y = t, 1, 0 end
    else
      if t < ti1 then return nil end
      if t < ti2 then ti2, n2x, n2y = t, 1, 0 end
    end
  end
  p, q = -dy, y1 - y
  if p == 0 then
    if q <= 0 then return nil end
  else
    t = q / p
    if p < 0 then
      if t > ti2 then return nil end
      if t > ti1 then ti1, n1x, n1y = t, 0, -1 end
    else
      if t < ti1 then return nil end
      if t < ti2 then ti2, n2x, n2y = t, 0, -1 end
    end
  end
  p, q = dy, y + h - y1
  if p == 0 then
    if q <= 0 then return nil end
  else
    t = q / p
    if p < 0 then
      if t > ti2 then return nil end
      if t > ti1 then ti1, n1x, n1y = t, 0, 1 end
    else
      if t < ti1 then return nil end
      if t < ti2 then ti2, n2x, n2y = t, 0, 1 end
    end
  end
  return ti1, ti2, n1x, n1y, n2x, n2y
end
local segment = rect.segment

-- The box that the rectangle sweeps moving by (dx, dy).
function rect.swept(x, y, w, h, dx, dy)
  if dx < 0 then x = x + dx end
  if dy < 0 then y = y + dy end
  return x, y, w + abs(dx), h + abs(dy)
end

-- The Minkowski difference of the second rectangle minus the first: where
-- the first one's corner meets the second.
function rect.diff(x1, y1, w1, h1, x2, y2, w2, h2)
  return x2 - x1 - w1, y2 - y1 - h1, w1 + w2, h1 + h2
end

-- The seam rule, impact's one deliberate difference from bump.lua (see
-- src/core/rect.c): a movement with no component across an axis (d == 0)
-- only grazes a side of the difference lo .. lo + size on that axis lying
-- within DELTA of it, so a mover resting on a row of tiles passes every
-- seam.
local function grazes(d, lo, size)
  return d == 0 and (abs(lo) <= DELTA or abs(lo + size) <= DELTA)
end

local function sign(v)
  if v > 0 then return 1 elseif v == 0 then return 0 end
  return -1
end

-- The collision of an item, w by h, moving by (dx, dy) against a static
-- other, given as their Minkowski difference mx, my, mw, mh (the other
-- minus the item), in three parts (whether they overlap at the start, then
-- overlapping or crossing, so that the test leaves few numbers live):
-- rect.collide returns nil when they do not collide, else
-- overlaps, ti, normalX, normalY and where the item touches, relative to
-- its start (cx, cy). Overlapping at the start gives ti = minus the area of
-- their intersection; otherwise ti in [0, 1) is when they first meet.
--
-- It takes the difference so that the World's candidate loop passes few
-- numbers: under LuaJIT every number held in a caller's frame or passed to
-- a call there is one more value that a side trace leaving from a branch
-- inside must inherit, and past about 16 of them it cannot compile
-- ("register coalescing too complex").
local function inside(mx, my, mw, mh)
  return 0.0 - mx > DELTA and 0.0 - my > DELTA and
         mx + mw - 0.0 > DELTA and my + mh - 0.0 > DELTA
end

local function overlapping(mx, my, mw, mh, dx, dy, w, h)
  local cx = abs(mx - 0.0) < abs(mx + mw - 0.0) and mx or mx + mw
  local cy = abs(my - 0.0) < abs(my + mh - 0.0) and my or my + mh
  local wi, hi = abs(cx), abs(cy)
  if not (wi < w) then wi = w end
  if not (hi < h) then hi = h end
  local ti = -wi * hi
  if dx == 0 and dy == 0 then
    -- not moving: out along the smaller displacement
    if abs(cx) < abs(cy) then cy = 0.0 else cx = 0.0 end
    return true, ti, sign(cx), sign(cy), cx, cy
  end
  -- moving: back along the movement to where the overlap began
  local back, _, bx, by = segment(mx, my, mw, mh, 0.0, 0.0, dx, dy, -HUGE, 1.0)
  if not back then return nil end
  return true, ti, bx, by, dx * back, dy * back
end

local function crossing(mx, my, mw, mh, dx, dy)
  -- A path through a corner only (ti1 == ti2), one that ends at contact
  -- or one that only leaves is no hit; nor is one along a side (the seam
  -- rule).
  if grazes(dx, mx, mw) or grazes(dy, my, mh) then return nil end
  local ti1, ti2, nx, ny = segment(mx, my, mw, mh, 0.0, 0.0, dx, dy, -HUGE, HUGE)
  if not ti1 or not (ti1 < 1) or not (abs(ti1 - ti2) >= DELTA) or
     not (0 < ti1 + DELTA or (ti1 == 0 and ti2 > 0)) then
    return nil
  end
  return false, ti1, nx, ny, dx * ti1, dy * ti1
end

function rect.collide(mx, my, mw, mh, dx, dy, w, h)
  if inside(mx, my, mw, mh) then
    return overlapping(mx, my, mw, mh, dx, dy, w, h)
  end
  return crossing(mx, my, mw, mh, dx, dy)
end
local collide = rect.collide

-- The item (x, y, w, h) moving to (goalX, goalY) against the static other
-- (ox, oy, ow, oh): nil when they do not collide, else overlaps, ti,
-- moveX, moveY, normalX, normalY, touchX, touchY.
function rect.detect(x, y, w, h, ox, oy, ow, oh, goalX, goalY)
  local dx, dy = goalX - x, goalY - y
  local ov, ti, nx, ny, cx, cy = collide(ox - x - w, oy - y - h, w + ow, h + oh, dx, dy, w, h)
  if ov == nil then return nil end
  return ov, ti, dx, dy, nx, ny, x + cx, y + cy
end

-- bump's responses: where the item heads after a collision (move, normal,
-- touch) on its way to the goal, sliding along the side it touched or
-- bouncing off it. A rectangle's normal is along an axis, and bump's
-- responses set one coordinate; a shape's slanted normal takes the rest of
-- the movement's part along it away (slide) or reverses it (bounce).
function rect.slide(mx, my, nx, ny, tx, ty, goalX, goalY)
  if mx ~= 0 or my ~= 0 then
    if nx ~= 0 and ny ~= 0 then
      local rx, ry = goalX - tx, goalY - ty
      local into = rx * nx + ry * ny
      return tx + (rx - into * nx), ty + (ry - into * ny)
    elseif nx ~= 0 then
      goalX = tx
    else
      goalY = ty
    end
  end
  return goalX, goalY
end

function rect.bounce(mx, my, nx, ny, tx, ty, goalX, goalY)
  if mx ~= 0 or my ~= 0 then
    local rx, ry = goalX - tx, goalY - ty
    if nx ~= 0 and ny ~= 0 then
      local into = rx * nx + ry * ny
      rx, ry = rx - 2 * into * nx, ry - 2 * into * ny
    elseif nx == 0 then
      ry = -ry
    else
      rx = -rx
    end
    return tx + rx, ty + ry
  end
  return tx, ty
end

return rect
