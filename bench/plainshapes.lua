-- The shape baselines: circle and convex polygon tests written in plain Lua
-- the way a game's own code does them, in doubles with no care for
-- rounding. Polygons are flat arrays of world vertices {x1, y1, ..., xn,
-- yn}, counter-clockwise (positive area). Each push-out returns dx, dy that
-- move b out of a, or nil where they do not overlap; touching is no overlap.

local sqrt, huge = math.sqrt, math.huge

local M = {}

function M.circles(ax, ay, ar, bx, by, br)
  local dx, dy, r = bx - ax, by - ay, ar + br
  local d2 = dx * dx + dy * dy
  if d2 >= r * r then return nil end
  if d2 == 0 then return 0, r end
  local d = sqrt(d2)
  local push = (r - d) / d
  return dx * push, dy * push
end

-- How far b reaches behind the line of a's edge from vertex i (an odd
-- index), in units of the edge's outward normal (nx, ny), not unit.
local function reach(a, i, b)
  local x, y = a[i], a[i + 1]
  local j = i + 2 > #a and 1 or i + 2
  local nx, ny = a[j + 1] - y, x - a[j]
  local least = huge
  for k = 1, #b, 2 do
    local d = (b[k] - x) * nx + (b[k + 1] - y) * ny
    if d < least then least = d end
  end
  return -least, nx, ny
end

-- Separating-axis test: every edge's line of each polygon has the other
-- reaching behind it.
function M.polygonsOverlap(a, b)
  for i = 1, #a, 2 do
    if reach(a, i, b) <= 0 then return false end
  end
  for i = 1, #b, 2 do
    if reach(b, i, a) <= 0 then return false end
  end
  return true
end

-- The least push across any edge's line (b along a's normals, or against
-- b's own).
function M.polygons(a, b)
  local best, bx, by = huge, 0, 0
  for pass = 1, 2 do
    local p, q, sign = a, b, 1
    if pass == 2 then p, q, sign = b, a, -1 end
    for i = 1, #p, 2 do
      local depth, nx, ny = reach(p, i, q)
      if depth <= 0 then return nil end
      local n2 = nx * nx + ny * ny
      local push = depth / n2
      if push * push * n2 < best then
        best, bx, by = push * push * n2, sign * nx * push, sign * ny * push
      end
    end
  end
  return bx, by
end

-- A circle (b) against a polygon (a): inside, out across the nearest
-- edge; outside, away from the nearest point of the boundary.
function M.polygonCircle(a, cx, cy, r)
  local n = #a
  local inside, deepest, fx, fy = true, -huge, 0, 0
  local nearest, px, py = huge, 0, 0
  for i = 1, n, 2 do
    local x, y = a[i], a[i + 1]
    local j = i + 2 > n and 1 or i + 2
    local ex, ey = a[j] - x, a[j + 1] - y
    local len = sqrt(ex * ex + ey * ey)
    local side = ((cx - x) * ey - (cy - y) * ex) / len
    if side > 0 then inside = false end
    if side > deepest then deepest, fx, fy = side, ey / len, -ex / len end
    local t = ((cx - x) * ex + (cy - y) * ey) / (len * len)
    t = t < 0 and 0 or (t > 1 and 1 or t)
    local qx, qy = x + ex * t - cx, y + ey * t - cy
    local d2 = qx * qx + qy * qy
    if d2 < nearest then nearest, px, py = d2, -qx, -qy end
  end
  if inside then
    local push = r - deepest
    return fx * push, fy * push
  end
  if nearest >= r * r then return nil end
  local d = sqrt(nearest)
  local push = (r - d) / d
  return px * push, py * push
end

return M
