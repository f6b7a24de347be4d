-- A point and a segment against any shape (src/core/cast.c): its exact
-- hull and the casts of core/xcast.lua on it, after core/castfilter.lua
-- has decided what it can of a segment (a miss, or a hit whose line
-- crosses the inside, and for a polygon the side it enters by, which
-- needs no exact hull); an AABB, and an OBB whose cached sine is 0 (and
-- cosine 1), is the intersect library's box, whose own tests answer. Hits
-- are returned as in core/aabb.lua.
local aabbcore = require "impact.pure.core.aabb"
local castfilter = require "impact.pure.core.castfilter"
local clip = require "impact.pure.core.clip"
local hullcore = require "impact.pure.core.hull"
local xplace = require "impact.pure.core.xplace"
local xcast = require "impact.pure.core.xcast"

local cast = {}

local function isbox(kind, o)
  return kind == "AABB" or (kind == "OBB" and o["\0s"] == 0 and o["\0c"] == 1)
end

local function isfinite(v) return v - v == 0 end

-- The shape's hull in doubles into plain: whether it is finite.
local plain, exacthull = hullcore.new(), { v = {} }
local function plainof(kind, o)
  hullcore.shape(kind, o, plain)
  return xplace.hullfinite(plain)
end

-- The shape's exact hull, or nil when it is not finite.
local function hullof(kind, o)
  if not plainof(kind, o) then return nil end
  return xplace.xhullof(plain, exacthull)
end

-- The segment's span with enter its first contact, or nil: as the filter
-- decides it, else by the exact cast.
local function segmentspan(kind, o, px, py, dx, dy)
  if not plainof(kind, o) then return nil end
  local where, side = castfilter.segment(plain, px, py, dx, dy)
  if where == castfilter.MISS then return nil end
  local p, inside = xplace.xvecof(px, py), where == castfilter.INSIDE
  if side then
    local after = side + 1 == plain.n and 0 or side + 1
    return xcast.sidecrossing(xplace.xvertex(plain, side), xplace.xvertex(plain, after), p,
                              dx, dy, inside)
  end
  local h = xplace.xhullof(plain, exacthull)
  if where then return xcast.crossing(h, p, dx, dy, inside) end
  return xcast.cast(h, p, dx, dy)
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
  local enter, nx, ny
  if dx == 0 and dy == 0 then
    local h = hullof(kind, o)
    if not h then return nil end
    local t, _, _, _, _, pnx, pny = xcast.push(h, px, py)
    if not t then return nil end
    enter, nx, ny = 0.0, pnx, pny
  else
    local s = segmentspan(kind, o, px, py, dx, dy)
    if not s then return nil end
    enter, nx, ny = s.enter, s.nx, s.ny
  end
  return enter, px + dx * enter, py + dy * enter, (1.0 - enter) * -dx,
         (1.0 - enter) * -dy, nx, ny
end

-- The filter's miss is apart from the shape, not even touching: outside.
function cast.clipsegment(kind, o, px, py, dx, dy)
  if isbox(kind, o) then
    return clip.segment(o["\0px"], o["\0py"], o["\0hx"], o["\0hy"], px, py, dx, dy)
  end
  if not (isfinite(px) and isfinite(py) and isfinite(dx) and isfinite(dy)) then
    return "outside"
  end
  if not plainof(kind, o) or castfilter.segment(plain, px, py, dx, dy) == castfilter.MISS then
    return "outside"
  end
  return xcast.clip(xplace.xhullof(plain, exacthull), xplace.xvecof(px, py), dx, dy)
end

return cast
