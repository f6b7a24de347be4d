-- Segment clipping against the closed box (src/core/clip.c): Liang-Barsky
-- with error-free offsets, the same operations in the same order.
local clip = {}

local DBL_MIN, BELOW_ONE = 2.2250738585072014e-308, 1 - 2 ^ -53

-- How far the start x and the end x + p lie inside the side that keeps the
-- points with x - c <= h, from Knuth's two-sums (see clip.c).
local function slack(h, x, c, p)
  local u = x + c          -- c holds -c: x - c == u + ue
  local b = u - x
  local ue = (x - (u - b)) + (c - b)
  local v = u + p          -- x + p - c == v + ve + ue
  b = v - u
  local ve = (u - (v - b)) + (p - b)
  return (h - u) - ue, (h - v) - (ve + ue)
end

-- The kind ("outside", "inside", "enter", "exit", "traverse") and t0, t1 of
-- the segment (px, py) + t (dx, dy) in the box (cx, cy, hx, hy).
function clip.segment(cx, cy, hx, hy, px, py, dx, dy)
  local t0, t1, entered, left = 0.0, 1.0, false, false
  for i = 1, 4 do
    -- Side i keeps the points with p t <= q: low x, high x, low y, high y;
    -- the side's outward sign times each coordinate makes it a high side.
    local p, x, c, h
    if i == 1 then p, x, c, h = -dx, -px, cx, hx
    elseif i == 2 then p, x, c, h = dx, px, -cx, hx
    elseif i == 3 then p, x, c, h = -dy, -py, cy, hy
    else p, x, c, h = dy, py, -cy, hy end
    local q0, q1 = slack(h, x, c, p)
    if not (q0 >= 0 and q1 >= 0) then
      if not (q0 >= 0 or q1 >= 0) then return "outside" end
      local t = q0 / p
      if q0 < 0 then  -- crosses inwards: the start is outside
        t = t < DBL_MIN and DBL_MIN or (t > 1 and 1.0 or t)
        if not (t <= t1) then return "outside" end
        if t > t0 then t0 = t end
        entered = true
      else  -- crosses outwards: the end is outside (or a NaN delta)
        t = t < 0 and 0.0 or (t > BELOW_ONE and BELOW_ONE or t)
        if not (t >= t0) then return "outside" end
        if t < t1 then t1 = t end
        left = true
      end
    end
  end
  local kind
  if entered then kind = left and "traverse" or "enter"
  else kind = left and "exit" or "inside" end
  return kind, t0, t1 + 0.0  -- a -0 half size would make t1 -0
end

return clip
