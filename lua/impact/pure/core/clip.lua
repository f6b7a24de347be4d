-- Segment clipping against the closed box (src/core/clip.c): Liang-Barsky
-- with error-free offsets, and an exact test where an entry and an exit
-- are too close for the rounded times to order: the same operations in
-- the same order, and the same answers.
local exact = require "impact.pure.core.exact"

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

-- Side i of the box (cx, cy, hx, hy) for the segment (px, py) + t (dx, dy)
-- keeps the points with p t <= q: low x, high x, low y, high y. The side's
-- outward sign times each coordinate makes it a high side: p, x, c, h.
local function side(i, cx, cy, hx, hy, px, py, dx, dy)
  if i == 1 then return -dx, -px, cx, hx
  elseif i == 2 then return dx, px, -cx, hx
  elseif i == 3 then return -dy, -py, cy, hy end
  return dy, py, -cy, hy
end

local inrange, signofproducts = exact.inrange, exact.signofproducts

-- The terms and factors of entersafter's products, kept between calls.
local terms, factors = exact.scratch(6), exact.scratch(6)

-- Whether the segment enters through side e, at te, after it leaves
-- through side l, at tl (clip.c's enters_after). Here c holds -c, so a
-- side's slack at the start is h - x - c.
local function entersafter(e, te, l, tl, cx, cy, hx, hy, px, py, dx, dy)
  local d = te - tl
  if d < 0 then d = -d end
  if not (d <= 2 ^ -48 * (te + tl) + 4 * DBL_MIN) then return not (te <= tl) end
  local pe, xe, ce, he = side(e, cx, cy, hx, hy, px, py, dx, dy)
  local pl, xl, cl, hl = side(l, cx, cy, hx, hy, px, py, dx, dy)
  if not (inrange(pe) and inrange(pl) and inrange(he) and inrange(xe) and inrange(ce)
          and inrange(hl) and inrange(xl) and inrange(cl)) then
    return not (te <= tl)
  end
  -- The sign of (he - xe - ce) pl - (hl - xl - cl) pe.
  terms[1], terms[2], terms[3], terms[4], terms[5], terms[6] = he, -xe, -ce, hl, -xl, -cl
  for i = 1, 3 do factors[i], factors[i + 3] = pl, -pe end
  return signofproducts(terms, factors, 6) < 0
end

-- The kind ("outside", "inside", "enter", "exit", "traverse") and t0, t1 of
-- the segment (px, py) + t (dx, dy) in the box (cx, cy, hx, hy).
function clip.segment(cx, cy, hx, hy, px, py, dx, dy)
  local t0, t1 = 0.0, 1.0
  -- By axis, the side it enters through and the one it leaves through (0:
  -- none), and when.
  local ex, lx, ey, ly, tex, tlx, tey, tly = 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0
  for i = 1, 4 do
    local p, x, c, h = side(i, cx, cy, hx, hy, px, py, dx, dy)
    local q0, q1 = slack(h, x, c, p)
    if not (q0 >= 0 and q1 >= 0) then
      if not (q0 >= 0 or q1 >= 0) then return "outside" end
      local t = q0 / p
      if q0 < 0 then  -- crosses inwards: the start is outside
        t = t < DBL_MIN and DBL_MIN or (t > 1 and 1.0 or t)
        if t > t0 then t0 = t end
        if i <= 2 then ex, tex = i, t else ey, tey = i, t end
      else  -- crosses outwards: the end is outside
        t = t < 0 and 0.0 or (t > BELOW_ONE and BELOW_ONE or t)
        if t < t1 then t1 = t end
        if i <= 2 then lx, tlx = i, t else ly, tly = i, t end
      end
      if t ~= t then return "outside" end  -- a NaN delta
    end
  end
  -- An entry on one axis and an exit on the other decide (see clip.c).
  if ex > 0 and ly > 0 and entersafter(ex, tex, ly, tly, cx, cy, hx, hy, px, py, dx, dy)
     or ey > 0 and lx > 0 and entersafter(ey, tey, lx, tlx, cx, cy, hx, hy, px, py, dx, dy) then
    return "outside"
  end
  -- a touch that rounding split: one time, above 0 when it entered
  if t0 > t1 then
    if t1 > 0 then t0 = t1 else t1 = t0 end
  end
  local kind
  local entered, left = ex > 0 or ey > 0, lx > 0 or ly > 0
  if entered then kind = left and "traverse" or "enter"
  else kind = left and "exit" or "inside" end
  return kind, t0, t1 + 0.0  -- a -0 half size would make t1 -0
end

return clip
