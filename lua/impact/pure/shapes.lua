-- What Circle, Capsule and Polygon share: the checks of their radius and
-- of their angle's fields.
local object = require "impact.pure.object"
local hullcore = require "impact.pure.core.hull"

local checknumber, argerror = object.checknumber, object.argerror

local shapes = {}

-- A radius at argument i of n: a finite number, not negative.
function shapes.checkradius(fname, i, n, v)
  local r = checknumber(v, i, fname, n)
  if not (r >= 0) then argerror(i, fname, "negative radius") end
  return r
end

-- A radius written to the field of a shape of type name.
function shapes.fieldradius(name, v)
  local r = object.fieldnumber(name, "radius", v)
  if not (r >= 0) then object.fielderror(name, "radius", "negative radius") end
  return r
end

-- The optional placement [x, y[, angle]] of a frame shape from argument i
-- of n on: its position and angle (0, 0 and 0 when left out).
function shapes.placement(fname, i, n, ...)
  local px, py, angle = 0.0, 0.0, 0.0
  local a = select(i, ...)
  if a ~= nil then
    px, py, i = object.checkvec2(fname, i, n, select(i, ...))
    a = select(i, ...)
    if a ~= nil then angle = checknumber(a, i, fname, n) end
  end
  return px, py, angle
end

-- __index and __newindex of a frame shape's pos and angle (the keys of an
-- OBB's: "\0px", "\0py", "\0a", "\0c", "\0s"): nil when k is neither.
function shapes.framefield(o, k)
  if k == "pos" then return object.cachedview(o, "\0vpos", "\0px", "\0py", false)
  elseif k == "angle" then return o["\0a"] end
  return nil
end

function shapes.setframefield(o, name, k, v)
  if k == "pos" then
    o["\0px"], o["\0py"] = object.fieldvec2(name, k, v, false)
  elseif k == "angle" then
    hullcore.setangle(o, object.fieldnumber(name, k, v))
  else
    return false
  end
  return true
end

return shapes
