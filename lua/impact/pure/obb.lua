-- OBB: a rotated rectangle, and its tests.
local object = require "impact.pure.object"
local core = require "impact.pure.core.obb"
local hit = require "impact.pure.hit"
local sweep = require "impact.pure.sweep"
local aabb = require "impact.pure.aabb"

local getmetatable, select, cos, sin = getmetatable, select, math.cos, math.sin
local check, checkvec2, optout = object.check, object.checkvec2, object.optout

local OBB, HIT = object.meta.OBB, object.meta.Hit
local methods = object.methods.OBB

local function checkobb(v, i, fname, n) check(v, OBB, "OBB", i, fname, n) return v end

local function setangle(box, angle)
  box["\0a"], box["\0c"], box["\0s"] = angle, cos(angle), sin(angle)
end

-- OBB(x, y, halfX, halfY[, angle]), OBB(pos, half[, angle]), any mix, or
-- OBB() at 0.
local function construct(...)
  local n = select("#", ...)
  local px, py, hx, hy, angle = 0.0, 0.0, 0.0, 0.0, 0.0
  if n > 0 then
    local i
    px, py, i = checkvec2("OBB", 1, n, ...)
    hx, hy, i = object.checkextent("OBB", i, n, "negative half size", select(i, ...))
    local a = select(i, ...)
    if a ~= nil then angle = object.checknumber(a, i, "OBB", n) end
  end
  local box = setmetatable({ ["\0"] = OBB, ["\0px"] = px, ["\0py"] = py,
                             ["\0hx"] = hx, ["\0hy"] = hy, ["\0a"] = 0.0,
                             ["\0c"] = 1.0, ["\0s"] = 0.0 }, OBB)
  setangle(box, angle)
  return box
end
object.constructor("OBB", construct)

local intersectOBB = core.intersectOBB

function methods.intersectOBB(...)
  local box, other = ...
  if getmetatable(box) == OBB and getmetatable(other) == OBB and box["\0"] == OBB
     and other["\0"] == OBB then
    return intersectOBB(box, other)
  end
  local r = sweep.overlaps("OBB", "OBB", "intersectOBB", ...)
  return r
end

function methods.intersectAABB(...)
  local r = sweep.overlaps("OBB", "AABB", "intersectAABB", ...)
  return r
end

function methods.intersectPoint(...)
  local fname, n = "intersectPoint", select("#", ...)
  local box = checkobb((...), 1, fname, n)
  local x, y, i = checkvec2(fname, 2, n, select(2, ...))
  local out = optout(select(i, ...), HIT, "Hit", i, fname, n)
  local t, px, py, dx, dy, nx, ny = core.intersectPoint(box, x, y)
  if not t then return nil end
  return hit.push(out, box, t, px, py, dx, dy, nx, ny)
end

function methods.intersectSegment(...)
  local fname, n = "intersectSegment", select("#", ...)
  local box = checkobb((...), 1, fname, n)
  local px, py, i = checkvec2(fname, 2, n, select(2, ...))
  local dx, dy
  dx, dy, i = checkvec2(fname, i, n, select(i, ...))
  local out = optout(select(i, ...), HIT, "Hit", i, fname, n)
  local t, hx, hy, ddx, ddy, nx, ny = core.intersectSegment(box, px, py, dx, dy)
  if not t then return nil end
  return hit.push(out, box, t, hx, hy, ddx, ddy, nx, ny)
end

function methods.clipSegment(...)
  local fname, n = "clipSegment", select("#", ...)
  local box = checkobb((...), 1, fname, n)
  local px, py, i = checkvec2(fname, 2, n, select(2, ...))
  local dx, dy = checkvec2(fname, i, n, select(i, ...))
  local kind, t0, t1 = core.clipSegment(box, px, py, dx, dy)
  return kind, t0, t1
end

-- obb:bounds([outAABB]) -> AABB: the smallest box holding the rectangle.
function methods.bounds(...)
  local fname, n = "bounds", select("#", ...)
  local box, out = ...
  checkobb(box, 1, fname, n)
  out = optout(out, object.meta.AABB, "AABB", 2, fname, n)
  local hx, hy = core.reach(box)
  if out then
    out["\0px"], out["\0py"], out["\0hx"], out["\0hy"] = box["\0px"], box["\0py"], hx, hy
    return out
  end
  return aabb.new(box["\0px"], box["\0py"], hx, hy)
end

-- obb:corners() -> x1, y1, ..., x4, y4: (-, -), (+, -), (+, +), (-, +) in
-- the rectangle's frame.
function methods.corners(...)
  local box = checkobb((...), 1, "corners", select("#", ...))
  return core.corners(box)
end

function methods.sweepOBB(...)
  local r = sweep.rect("OBB", "OBB", "sweepOBB", ...)
  return r
end

function methods.sweepAABB(...)
  local r = sweep.rect("OBB", "AABB", "sweepAABB", ...)
  return r
end

methods.sweepInto = sweep.intomethod("OBB")

OBB.__index = function(box, k)
  local m = methods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkobb(box, 1, "__index", 2)
  if k == "pos" then return object.cachedview(box, "\0vpos", "\0px", "\0py", false)
  elseif k == "half" then return object.cachedview(box, "\0vhalf", "\0hx", "\0hy", true)
  elseif k == "angle" then return box["\0a"] end
  return object.userfield(box, k)
end

OBB.__newindex = function(...)
  local n = select("#", ...)
  local box, k, v = ...
  checkobb(box, 1, "__newindex", n)
  if k == "pos" then box["\0px"], box["\0py"] = object.fieldvec2("OBB", k, v, false)
  elseif k == "half" then box["\0hx"], box["\0hy"] = object.fieldvec2("OBB", k, v, true)
  elseif k == "angle" then setangle(box, object.fieldnumber("OBB", k, v))
  else object.setuserfield(box, "OBB", k, v) end
end

OBB.__tostring = function(...)
  local box = checkobb((...), 1, "__tostring", select("#", ...))
  return "OBB(pos=" .. object.vec2string(box["\0px"], box["\0py"]) .. ", half="
    .. object.vec2string(box["\0hx"], box["\0hy"]) .. ", angle="
    .. object.number(box["\0a"]) .. ")"
end

return { new = construct }
