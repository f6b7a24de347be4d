-- bump.rect: bump.lua's rectangle functions, for impact.bump, as the native
-- module has them (src/bumprect.c): the World's own rules, taking numbers
-- as bump's do (numeric strings too).
local rect = require "impact.pure.rect"
local cols = require "impact.pure.cols"
local object = require "impact.pure.object"

local select = select
local luanumber = object.luanumber

local bumprect = {}

-- Arguments i .. i + 3 of the call (n arguments) as a rectangle.
local function checkrect(i, n, x, y, w, h)
  return luanumber(x, i, n), luanumber(y, i + 1, n),
         luanumber(w, i + 2, n), luanumber(h, i + 3, n)
end

-- An optional number (luaL_optnumber).
local function optnumber(i, v, default)
  if v == nil then return default end
  v = luanumber(v, i, i)  -- not a tail call: see object.argerror
  return v
end

function bumprect.getNearestCorner(...)
  local x, y, w, h, px, py = ...
  local n = select("#", ...)
  x, y, w, h = checkrect(1, n, x, y, w, h)
  return rect.nearestCorner(x, y, w, h, luanumber(px, 5, n),
                            luanumber(py, 6, n))
end

-- (x, y, w, h, x1, y1, x2, y2[, ti1 = 0, ti2 = 1]) -> ti1, ti2, nx1, ny1,
-- nx2, ny2, or one nil, as bump's
function bumprect.getSegmentIntersectionIndices(...)
  local x, y, w, h, x1, y1, x2, y2, ti1, ti2 = ...
  local n = select("#", ...)
  x, y, w, h = checkrect(1, n, x, y, w, h)
  x1, y1 = luanumber(x1, 5, n), luanumber(y1, 6, n)
  x2, y2 = luanumber(x2, 7, n), luanumber(y2, 8, n)
  local t1, t2, n1x, n1y, n2x, n2y = rect.segment(x, y, w, h, x1, y1, x2 - x1, y2 - y1,
    optnumber(9, ti1, 0.0), optnumber(10, ti2, 1.0))
  if not t1 then return nil end
  return t1, t2, n1x, n1y, n2x, n2y
end

-- The Minkowski difference of rectangle 2 minus rectangle 1.
function bumprect.getDiff(...)
  local x1, y1, w1, h1, x2, y2, w2, h2 = ...
  local n = select("#", ...)
  x1, y1, w1, h1 = checkrect(1, n, x1, y1, w1, h1)
  x2, y2, w2, h2 = checkrect(5, n, x2, y2, w2, h2)
  return rect.diff(x1, y1, w1, h1, x2, y2, w2, h2)
end

function bumprect.containsPoint(...)
  local x, y, w, h, px, py = ...
  local n = select("#", ...)
  x, y, w, h = checkrect(1, n, x, y, w, h)
  return rect.containsPoint(x, y, w, h, luanumber(px, 5, n),
                            luanumber(py, 6, n))
end

function bumprect.isIntersecting(...)
  local x1, y1, w1, h1, x2, y2, w2, h2 = ...
  local n = select("#", ...)
  x1, y1, w1, h1 = checkrect(1, n, x1, y1, w1, h1)
  x2, y2, w2, h2 = checkrect(5, n, x2, y2, w2, h2)
  return rect.intersects(x1, y1, w1, h1, x2, y2, w2, h2)
end

function bumprect.getSquareDistance(...)
  local x1, y1, w1, h1, x2, y2, w2, h2 = ...
  local n = select("#", ...)
  x1, y1, w1, h1 = checkrect(1, n, x1, y1, w1, h1)
  x2, y2, w2, h2 = checkrect(5, n, x2, y2, w2, h2)
  return rect.squareDistance(x1, y1, w1, h1, x2, y2, w2, h2)
end

-- (x1, y1, w1, h1, x2, y2, w2, h2[, goalX, goalY]) -> a collision table
-- without item, other and type, or nothing
function bumprect.detectCollision(...)
  local x1, y1, w1, h1, x2, y2, w2, h2, gx, gy = ...
  local n = select("#", ...)
  x1, y1, w1, h1 = checkrect(1, n, x1, y1, w1, h1)
  x2, y2, w2, h2 = checkrect(5, n, x2, y2, w2, h2)
  local ov, ti, mx, my, nx, ny, tx, ty = rect.detect(x1, y1, w1, h1, x2, y2, w2, h2,
    optnumber(9, gx, x1), optnumber(10, gy, y1))
  if ov == nil then return end
  return cols.fill(nil, nil, nil, nil, ov, ti, mx, my, nx, ny, tx, ty,
                   x1, y1, w1, h1, x2, y2, w2, h2)
end

return bumprect
