-- Circle: a disc, a point when its radius is 0.
local object = require "impact.pure.object"
local shapes = require "impact.pure.shapes"

local select = select
local check, checkvec2, vec2string = object.check, object.checkvec2, object.vec2string

local CIRCLE = object.meta.Circle
local methods = object.methods.Circle

local function checkcircle(v, i, fname, n) check(v, CIRCLE, "Circle", i, fname, n) return v end

local function new(px, py, r)
  return setmetatable({ ["\0"] = CIRCLE, ["\0px"] = px, ["\0py"] = py,
                        ["\0r"] = r }, CIRCLE)
end

-- Circle(x, y, radius), Circle(pos, radius), or Circle() at 0.
local function construct(...)
  local n = select("#", ...)
  if n == 0 then return new(0.0, 0.0, 0.0) end
  local px, py, i = checkvec2("Circle", 1, n, ...)
  return new(px, py, shapes.checkradius("Circle", i, n, (select(i, ...))))
end
object.constructor("Circle", construct)

CIRCLE.__index = function(o, k)
  local m = methods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkcircle(o, 1, "__index", 2)
  if k == "pos" then return object.cachedview(o, "\0vpos", "\0px", "\0py", false)
  elseif k == "radius" then return o["\0r"] end
  return object.userfield(o, k)
end

CIRCLE.__newindex = function(...)
  local n = select("#", ...)
  local o, k, v = ...
  checkcircle(o, 1, "__newindex", n)
  if k == "pos" then o["\0px"], o["\0py"] = object.fieldvec2("Circle", k, v, false)
  elseif k == "radius" then o["\0r"] = shapes.fieldradius("Circle", v)
  else object.setuserfield(o, "Circle", k, v) end
end

CIRCLE.__tostring = function(...)
  local o = checkcircle((...), 1, "__tostring", select("#", ...))
  return "Circle(pos=" .. vec2string(o["\0px"], o["\0py"]) .. ", radius="
    .. object.number(o["\0r"]) .. ")"
end

return { new = new }
