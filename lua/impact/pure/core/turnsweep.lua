-- A shape swept while it turns (src/core/turnsweep.c): conservative
-- advancement on the exact-decided distance, the same double operations
-- in the same order. Results as core/shapesweep.lua's sweep returns them,
-- with the angle reached first: angle, time, x, y, and when stopped the
-- hit's time, pos, delta and normal.
local hullcore = require "impact.pure.core.hull"
local distance = require "impact.pure.core.distance"
local pushout = require "impact.pure.core.pushout"
local shapesweep = require "impact.pure.core.shapesweep"
local vec2 = require "impact.pure.point"

local length, normalize = vec2.length, vec2.normalize
local cos, sin, sqrt, asin, ceil, floor = math.cos, math.sin, math.sqrt, math.asin, math.ceil, math.floor
local atan2 = math.atan2 or math.atan  -- Lua 5.4: math.atan(y, x)
local intersects, gapof = distance.intersects, distance.distance
local moved, setangle = hullcore.moved, hullcore.setangle

local STEPS = 4096           -- then contact at the last clear pose
local TARGET = 2 ^ -16       -- the gap that ends advancing
local TOLERANCE = 2 ^ -21    -- the probe's travel past the stop
local REACH_MARGIN = 2 ^ -20 -- the reach's room for rounding
local APART_MARGIN = 2 ^ -40 -- an axis's room for rounding
local TOUCH = 2 ^ -48        -- gaps within the poses' rounding
local APART_TRIES = 40       -- halvings of the interval kept apart
local pi = 3.14159265358979323846

local turnsweep = {}

local abs = require("impact.pure.core.exact").fabs  -- fabs: -0 is +0
local function isfinite(v) return v - v == 0 end

-- The angle of a shape (imp_shape_angle): 0 for an AABB and a circle.
local function angleof(kind, o)
  if kind == "AABB" or kind == "Circle" then return 0.0 end
  return o["\0a"]
end
turnsweep.angle = angleof

-- The motion: the static shape, moving as it starts (an AABB as an OBB),
-- its start, delta and turn, and the speed bound, probe time and target.
local m = {}
local start, at = {}, {}

local function posat(t) return m.px + m.dx * t, m.py + m.dy * t end
local function angleat(t) return m.angle + m.dangle * t end

local function place(t)
  local x, y = posat(t)
  moved(start, x, y, at)
  setangle(at, angleat(t))
  return at
end

local function overlaps(o) return intersects(m.kind, m.shape, m.mkind, o) end

-- The static hull, and moving's with its vertices made offsets from pos.
local fixed, turning = hullcore.new(), hullcore.new()
local function offsets()
  hullcore.shape(m.kind, m.shape, fixed)
  hullcore.shape(m.mkind, start, turning)
  for i = 0, turning.n - 1 do
    turning.x[i] = (turning.x[i] - m.px) + turning.lx[i]
    turning.y[i] = (turning.y[i] - m.py) + turning.ly[i]
  end
end

-- The farthest vertex of moving's hull from its pos.
local function reach()
  local r = 0.0
  for i = 0, turning.n - 1 do
    local l = length(turning.x[i], turning.y[i])
    if not (l <= r) then r = l end  -- a NaN is kept
  end
  return r
end

-- Whether the static shape meets the capsule that every pose lies in.
local capsule = { ["\0a"] = 0.0, ["\0c"] = 1.0, ["\0s"] = 0.0, ["\0ax"] = 0.0, ["\0ay"] = 0.0 }
local function withinreach(r, scene)
  capsule["\0px"], capsule["\0py"] = m.px, m.py
  capsule["\0bx"], capsule["\0by"] = m.dx, m.dy
  capsule["\0r"] = r + REACH_MARGIN * (scene + abs(m.px) + abs(m.py))
  return intersects(m.kind, m.shape, "Capsule", capsule)
end

-- The height along (nx, ny) at time t of the point at offset (ux, uy).
local function height(nx, ny, ux, uy, t)
  local w = m.dangle * t
  return (nx * m.px + ny * m.py) + (nx * m.dx + ny * m.dy) * t
         + ((nx * ux + ny * uy) * cos(w) + (ny * ux - nx * uy) * sin(w))
end

-- Its least value over [t1, t2]: at an end or at the first or last
-- minimum inside.
local function lowest(nx, ny, ux, uy, t1, t2)
  local w, b = m.dangle, nx * m.dx + ny * m.dy
  local p, q = nx * ux + ny * uy, ny * ux - nx * uy
  local rho, phi = sqrt(p * p + q * q), atan2(q, p)
  local low, h = height(nx, ny, ux, uy, t1), height(nx, ny, ux, uy, t2)
  if h < low then low = h end
  if not (rho * abs(w) > abs(b)) then return low end
  local base = pi - asin(b / (rho * w))
  local lo, hi = w * t1 - phi, w * t2 - phi
  if hi < lo then lo, hi = hi, lo end
  local c = base + 2 * pi * ceil((lo - base) / (2 * pi))
  if not (c <= hi) then return low end
  h = height(nx, ny, ux, uy, (c + phi) / w)
  if h < low then low = h end
  c = base + 2 * pi * floor((hi - base) / (2 * pi))
  h = height(nx, ny, ux, uy, (c + phi) / w)
  return h < low and h or low
end

-- Whether over [t1, t2] moving stays beyond the static shape along
-- (nx, ny) by more than the rounding.
local function apartalong(nx, ny, t1, t2)
  local top, bottom = -math.huge, math.huge
  for i = 0, fixed.n - 1 do
    local h = nx * (fixed.x[i] + fixed.lx[i]) + ny * (fixed.y[i] + fixed.ly[i])
    if h > top then top = h end
  end
  for i = 0, turning.n - 1 do
    local h = lowest(nx, ny, turning.x[i], turning.y[i], t1, t2)
    if not (h >= bottom) then bottom = h end  -- a NaN is kept
  end
  return (bottom - turning.radius) - (top + fixed.radius) > m.margin
end

-- The latest time up to 1 until which the axis from a to b keeps the two
-- apart from t on, or t.
local function apartuntil(ax, ay, bx, by, t)
  local nx, ny = normalize(bx - ax, by - ay)
  local e = 1.0
  for _ = 1, APART_TRIES do
    if not (e - t > m.tau) then break end
    if apartalong(nx, ny, t, e) then return e end
    e = t + 0.5 * (e - t)
  end
  return t
end

local function clear()
  local x, y = posat(1.0)
  return angleat(1.0), 1.0, x, y
end

-- Contact by time contact, the stop at the clear pose of time t, whose
-- nearest points are (ax, ay) on the static shape and (bx, by).
local function hitat(t, contact, ax, ay, bx, by)
  local nx, ny, px, py = bx - ax, by - ay, ax, ay
  if nx == 0 and ny == 0 then
    local ht, hx, hy, _, _, hnx, hny = pushout.overlap(m.kind, m.shape, m.mkind, place(contact))
    if ht then
      px, py, nx, ny = hx, hy, hnx, hny
    else  -- touching at the last: pos to pos
      local x, y = posat(t)
      nx, ny = x - m.shape["\0px"], y - m.shape["\0py"]
    end
  end
  nx, ny = normalize(nx, ny)
  local x, y = posat(t)
  return angleat(t), t, x, y, contact, px, py,
         (1.0 - contact) * -m.dx, (1.0 - contact) * -m.dy, nx, ny
end

-- From clear t to overlapping next, nearer while more than a probe apart.
local function closein(t, nxt, ax, ay, bx, by)
  while nxt - t > m.tau do
    local mid = t + 0.5 * (nxt - t)
    local o = place(mid)
    if overlaps(o) then
      nxt = mid
    else
      t = mid
      local g, qax, qay, qbx, qby = gapof(m.kind, m.shape, m.mkind, o)
      if g == 0 then bx, by = ax, ay
      else ax, ay, bx, by = qax, qay, qbx, qby end
    end
  end
  return hitat(t, nxt, ax, ay, bx, by)
end

-- The time strictly after t and no later than nxt at which the angle is
-- a quarter turn (turnsweep.c's quarter_between), or nil.
local QUARTER = math.pi / 2
local function quarterbetween(t, nxt)
  local a, b = angleat(t), angleat(nxt)
  local turn = floor((a > b and a or b) / QUARTER) * QUARTER
  if not (turn > (a < b and a or b)) then return nil end
  local time = (turn - m.angle) / m.dangle
  if time > t and time <= nxt then return time end
  return nil
end

local function advance()
  local sx, sy = m.shape["\0px"], m.shape["\0py"]
  local ax, ay, bx, by = sx, sy, sx, sy
  local t, probe = 0.0, m.tau
  local gap, qax, qay, qbx, qby = gapof(m.kind, m.shape, m.mkind, place(0.0))
  if gap ~= 0 then ax, ay, bx, by = qax, qay, qbx, qby end
  for _ = 1, STEPS do
    local probing = not (gap > m.target)
    local nxt
    if probing then nxt = t + probe else nxt = t + (gap - 0.5 * m.target) / m.speed end
    if not (nxt < 1) then nxt = 1.0 end
    local o = place(nxt)
    local ahead
    ahead, qax, qay, qbx, qby = gapof(m.kind, m.shape, m.mkind, o)
    if ahead == 0 then qax, qay, qbx, qby = sx, sy, sx, sy end
    if ahead == 0 and overlaps(o) then return closein(t, nxt, ax, ay, bx, by) end
    if probing and nxt - t > m.tau and not (gap + ahead >= (nxt - t) * m.speed) then
      probe = 0.5 * (nxt - t)
    elseif gap <= m.touch and ahead <= m.touch then
      -- touching at both ends of a step too short to certify, within the
      -- poses' rounding, which may cross in between: contact there
      return hitat(t, t, ax, ay, bx, by)
    else
      -- a step taken uncertified: its quarter turn is probed too
      local q = probing and not (gap + ahead >= (nxt - t) * m.speed) and quarterbetween(t, nxt)
      if q and overlaps(place(q)) then return closein(t, q, ax, ay, bx, by) end
      probe = probing and 2 * (nxt - t) or m.tau
      if probing and ahead > 0 and nxt < 1 then
        local e = apartuntil(qax, qay, qbx, qby, nxt)
        if e > nxt then
          nxt = e
          ahead, qax, qay, qbx, qby = gapof(m.kind, m.shape, m.mkind, place(nxt))
          if ahead == 0 then qax, qay, qbx, qby = sx, sy, sx, sy end
          probe = m.tau
        end
      end
      t, gap = nxt, ahead
      ax, ay, bx, by = qax, qay, qbx, qby
      if t == 1 then return clear() end
    end
  end
  return hitat(t, t, ax, ay, bx, by)
end

-- The sweep of moving (of kind mkind) by (dx, dy) turning by dangle
-- against o (of kind kind): angle, time, x, y[, hit's time, pos, delta,
-- normal].
function turnsweep.sweep(kind, o, mkind, moving, dx, dy, dangle)
  if dangle == 0 then
    return angleof(mkind, moving), shapesweep.sweep(kind, o, mkind, moving, dx, dy)
  end
  m.kind, m.shape, m.mkind = kind, o, mkind
  for k in next, start do start[k] = nil end
  moved(moving, moving["\0px"], moving["\0py"], start)
  if mkind == "AABB" then
    m.mkind = "OBB"
    start["\0a"], start["\0c"], start["\0s"] = 0.0, 1.0, 0.0
  end
  m.px, m.py, m.dx, m.dy = moving["\0px"], moving["\0py"], dx, dy
  m.angle, m.dangle = angleof(mkind, moving), dangle
  offsets()
  local r = reach()
  if r == 0 then  -- a disc about pos (a circle): the turn changes nothing
    local time, x, y, ht, hpx, hpy, hdx, hdy, hnx, hny
      = shapesweep.sweep(kind, o, mkind, moving, dx, dy)
    return angleat(time), time, x, y, ht, hpx, hpy, hdx, hdy, hnx, hny
  end
  r = r + turning.radius
  m.speed = length(dx, dy) + abs(dangle) * r
  local scene = r + m.speed
  m.target = TARGET * scene
  m.tau = TOLERANCE * scene / m.speed
  m.margin = APART_MARGIN * (scene + abs(m.px) + abs(m.py))
  m.touch = TOUCH * (scene + abs(m.px) + abs(m.py))
  if not (isfinite(scene) and isfinite(m.px) and isfinite(m.py) and isfinite(dx)
          and isfinite(dy) and isfinite(dangle) and isfinite(m.angle)) then
    return clear()
  elseif overlaps(place(0.0)) then
    return hitat(0.0, 0.0, o["\0px"], o["\0py"], o["\0px"], o["\0py"])
  elseif not (m.speed > 0) or not withinreach(r, scene) then
    return clear()
  end
  return advance()
end

return turnsweep
