-- impact.sweepSegmentPoint: when and where a moving segment meets a moving
-- point.
local object = require "impact.pure.object"
local solve = require "impact.pure.core.segpoint"

local select, checkvec2 = select, object.checkvec2

return function(...)
  local fname, n = "sweepSegmentPoint", select("#", ...)
  local a0x, a0y, i = checkvec2(fname, 1, n, ...)
  local a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y
  a1x, a1y, i = checkvec2(fname, i, n, select(i, ...))
  b0x, b0y, i = checkvec2(fname, i, n, select(i, ...))
  b1x, b1y, i = checkvec2(fname, i, n, select(i, ...))
  c0x, c0y, i = checkvec2(fname, i, n, select(i, ...))
  c1x, c1y = checkvec2(fname, i, n, select(i, ...))
  local t1, s1, t2, s2 = solve(a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x,
                               c0y, c1x, c1y)
  if t2 then return t1, s1, t2, s2 end
  if t1 then return t1, s1 end
  return nil
end
