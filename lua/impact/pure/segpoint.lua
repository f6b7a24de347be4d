-- impact.sweepSegmentPoint: when and where a moving segment meets a moving
-- point, or first touches a moving disc of the optional radius after the
-- six points.
local object = require "impact.pure.object"
local shapes = require "impact.pure.shapes"
local solve = require "impact.pure.core.segpoint"
local thick = require "impact.pure.core.thickseg"

local select, type, checkvec2 = select, type, object.checkvec2

-- Points or numbers in any mix, each checked as the native module checks:
-- the twelve coordinates, then the radius (nil when there is none).
local function coordinates(...)
  local fname, n = "sweepSegmentPoint", select("#", ...)
  local a0x, a0y, i = checkvec2(fname, 1, n, ...)
  local a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y, radius
  a1x, a1y, i = checkvec2(fname, i, n, select(i, ...))
  b0x, b0y, i = checkvec2(fname, i, n, select(i, ...))
  b1x, b1y, i = checkvec2(fname, i, n, select(i, ...))
  c0x, c0y, i = checkvec2(fname, i, n, select(i, ...))
  c1x, c1y, i = checkvec2(fname, i, n, select(i, ...))
  if i <= n and select(i, ...) ~= nil then
    radius = shapes.checkradius(fname, i, n, (select(i, ...)))
  end
  return a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y, radius
end

-- With a positive radius the disc's first contact, t and s, or nil; else
-- as many results as the native function gives: nil, or t1, s1[, t2, s2].
local function sweep(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x,
                     c1y, radius)
  if radius and radius > 0 then
    return thick(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y,
                 radius * 1.0)
  end
  return solve(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y)
end

-- Twelve finite numbers and no radius, the common shape, take the short
-- way: one sum of x - x is 0 only when every one of them is finite.
return function(...)
  local a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y = ...
  if select("#", ...) == 12 and type(a0x) == "number" and type(a0y) == "number"
     and type(a1x) == "number" and type(a1y) == "number"
     and type(b0x) == "number" and type(b0y) == "number"
     and type(b1x) == "number" and type(b1y) == "number"
     and type(c0x) == "number" and type(c0y) == "number"
     and type(c1x) == "number" and type(c1y) == "number"
     and (a0x - a0x) + (a0y - a0y) + (a1x - a1x) + (a1y - a1y) + (b0x - b0x)
       + (b0y - b0y) + (b1x - b1x) + (b1y - b1y) + (c0x - c0x) + (c0y - c0y)
       + (c1x - c1x) + (c1y - c1y) == 0 then
    return solve(a0x * 1.0, a0y * 1.0, a1x * 1.0, a1y * 1.0, b0x * 1.0, b0y * 1.0,
                 b1x * 1.0, b1y * 1.0, c0x * 1.0, c0y * 1.0, c1x * 1.0, c1y * 1.0)
  end
  return sweep(coordinates(...))
end
