-- Capsule: the segment a-b of its own frame grown by a radius, placed at
-- pos turned by angle.
local object = require "impact.pure.object"
local shapes = require "impact.pure.shapes"
local hullcore = require "impact.pure.core.hull"

local select = select
local check, checkvec2, vec2string = object.check, object.checkvec2, object.vec2string
local number = object.number

local CAPSULE = object.meta.Capsule
local methods = object.methods.Capsule

local function checkcapsule(v, i, fname, n) check(v, CAPSULE, "Capsule", i, fname, n) return v end

local function new(ax, ay, bx, by, r, px, py, angle)
  local o = setmetatable({ ["\0"] = CAPSULE, ["\0px"] = px, ["\0py"] = py,
    ["\0a"] = 0.0, ["\0c"] = 1.0, ["\0s"] = 0.0, ["\0ax"] = ax, ["\0ay"] = ay,
    ["\0bx"] = bx, ["\0by"] = by, ["\0r"] = r }, CAPSULE)
  hullcore.setangle(o, angle)
  return o
end

-- Capsule(ax, ay, bx, by, radius[, x, y[, angle]]), each point as a Point
-- or two numbers, or Capsule() at 0.
local function construct(...)
  local fname, n = "Capsule", select("#", ...)
  if n == 0 then return new(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0) end
  local ax, ay, i = checkvec2(fname, 1, n, ...)
  local bx, by
  bx, by, i = checkvec2(fname, i, n, select(i, ...))
  local r = shapes.checkradius(fname, i, n, (select(i, ...)))
  return new(ax, ay, bx, by, r, shapes.placement(fname, i + 1, n, ...))
end
object.constructor("Capsule", construct)

-- capsule:ends() -> ax, ay, bx, by in the world.
function methods.ends(...)
  local o = checkcapsule((...), 1, "ends", select("#", ...))
  local ax, ay = hullcore.world(o, o["\0ax"], o["\0ay"])
  local bx, by = hullcore.world(o, o["\0bx"], o["\0by"])
  return ax, ay, bx, by
end

CAPSULE.__index = function(o, k)
  local m = methods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkcapsule(o, 1, "__index", 2)
  if k == "radius" then return o["\0r"] end
  local v = shapes.framefield(o, k)
  if v ~= nil then return v end
  return object.userfield(o, k)
end

CAPSULE.__newindex = function(...)
  local n = select("#", ...)
  local o, k, v = ...
  checkcapsule(o, 1, "__newindex", n)
  if k == "radius" then o["\0r"] = shapes.fieldradius("Capsule", v)
  elseif not shapes.setframefield(o, "Capsule", k, v) then
    object.setuserfield(o, "Capsule", k, v)
  end
end

CAPSULE.__tostring = function(...)
  local o = checkcapsule((...), 1, "__tostring", select("#", ...))
  return "Capsule(a=" .. vec2string(o["\0ax"], o["\0ay"]) .. ", b="
    .. vec2string(o["\0bx"], o["\0by"]) .. ", radius=" .. number(o["\0r"])
    .. ", pos=" .. vec2string(o["\0px"], o["\0py"]) .. ", angle="
    .. number(o["\0a"]) .. ")"
end

return { new = new }
