-- impact.sweepSegmentPoint: when and where a moving segment meets a moving
-- point.
local object = require "impact.pure.object"
local solve = require "impact.pure.core.segpoint"

local select, type, checkvec2 = select, type, object.checkvec2

-- Points or numbers in any mix, each checked as the native module checks:
-- the twelve coordinates.
local function coordinates(...)
  local fname, n = "sweepSegmentPoint", select("#", ...)
  local a0x, a0y, i = checkvec2(fname, 1, n, ...)
  local a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y
  a1x, a1y, i = checkvec2(fname, i, n, select(i, ...))
  b0x, b0y, i = checkvec2(fname, i, n, select(i, ...))
  b1x, b1y, i = checkvec2(fname, i, n, select(i, ...))
  c0x, c0y, i = checkvec2(fname, i, n, select(i, ...))
  c1x, c1y = checkvec2(fname, i, n, select(i, ...))
  return a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y
end

-- Twelve finite numbers, the common shape, take the short way: one sum of
-- x - x is 0 only when every one of them is finite. Then as many results
-- as the native function gives: nil, or t1, s1[, t2, s2].
return function(...)
  local a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y = ...
  if type(a0x) == "number" and type(a0y) == "number" and type(a1x) == "number"
     and type(a1y) == "number" and type(b0x) == "number" and type(b0y) == "number"
     and type(b1x) == "number" and type(b1y) == "number" and type(c0x) == "number"
     and type(c0y) == "number" and type(c1x) == "number" and type(c1y) == "number"
     and (a0x - a0x) + (a0y - a0y) + (a1x - a1x) + (a1y - a1y) + (b0x - b0x)
       + (b0y - b0y) + (b1x - b1x) + (b1y - b1y) + (c0x - c0x) + (c0y - c0y)
       + (c1x - c1x) + (c1y - c1y) == 0 then
    return solve(a0x * 1.0, a0y * 1.0, a1x * 1.0, a1y * 1.0, b0x * 1.0, b0y * 1.0,
                 b1x * 1.0, b1y * 1.0, c0x * 1.0, c0y * 1.0, c1x * 1.0, c1y * 1.0)
  end
  return solve(coordinates(...))
end
