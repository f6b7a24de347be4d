-- A point and a segment against any shape (src/core/cast.c): its exact
-- hull and the casts of core/xcast.lua on it; an AABB, and an OBB whose
-- cached sine is 0 (and cosine 1), is the intersect library's box, whose
-- own tests answer. Hits are returned as in core/aabb.lua.
local aabbcore = require "impact.pure.core.aabb"
local clip = require "impact.pure.core.clip"
local hullcore = require "impact.pure.core.hull"
local xplace = require "impact.pure.core.xplace"
local xcast = require "impact.pure.core.xcast"

local cast = {}

local function isbox(kind, o)
  return kind == "AABB" or (kind == "OBB" and o["\0s"] == 0 and o["\0c"] == 1)
end

local function isfinite(v) return v - v == 0 end

-- The shape's exact hull, or nil when it is not finite.
local plain, exacthull = hullcore.new(), { v = {} }
local function hullof(kind, o)
  hullcore.shape(kind, o, plain)
  if not xplace.hullfinite(plain) then return nil end
  return xplace.xhullof(plain, exacthull)
end

function cast.intersectpoint(kind, o, x, y)
  if isbox(kind, o) then
    return aabbcore.intersectPoint(o["\0px"], o["\0py"], o["\0hx"], o["\0hy"], x, y)
  end
  if not (isfinite(x) and isfinite(y)) then return nil end
  local h = hullof(kind, o)
  if not h then return nil end
  return xcast.push(h, x, y)
end

function cast.intersectsegment(kind, o, px, py, dx, dy)
  if isbox(kind, o) then
    return aabbcore.intersectSegment(o["\0px"], o["\0py"], o["\0hx"], o["\0hy"],
                                     px, py, dx, dy, 0.0, 0.0)
  end
  if not (isfinite(px) and isfinite(py) and isfinite(dx) and isfinite(dy)) then
    return nil
  end
  local h = hullof(kind, o)
  if not h then return nil end
  local enter, nx, ny
  if dx == 0 and dy == 0 then
    local t, _, _, _, _, pnx, pny = xcast.push(h, px, py)
    if not t then return nil end
    enter, nx, ny = 0.0, pnx, pny
  else
    local s = xcast.cast(h, xplace.xvecof(px, py), dx, dy)
    if not s then return nil end
    enter, nx, ny = s.enter, s.nx, s.ny
  end
  return enter, px + dx * enter, py + dy * enter, (1.0 - enter) * -dx,
         (1.0 - enter) * -dy, nx, ny
end

function cast.clipsegment(kind, o, px, py, dx, dy)
  if isbox(kind, o) then
    return clip.segment(o["\0px"], o["\0py"], o["\0hx"], o["\0hy"], px, py, dx, dy)
  end
  local h = (isfinite(px) and isfinite(py) and isfinite(dx) and isfinite(dy))
            and hullof(kind, o)
  if not h then return "outside" end
  return xcast.clip(h, xplace.xvecof(px, py), dx, dy)
end

return cast
