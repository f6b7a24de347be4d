-- Point: a 2D vector, standalone or a live view into another object.
local object = require "impact.pure.object"

local type, select = type, select
local sqrt = math.sqrt
local check, checknumber, checkvec2 = object.check, object.checknumber, object.checkvec2
local coords, newpoint = object.coords, object.newpoint
local argerror = object.argerror

local POINT, methods = object.meta.Point, object.methods.Point

local DBL_MIN, DBL_MAX = 2.2250738585072014e-308, 1.7976931348623157e308
local UP, DOWN = 2 ^ 600, 2 ^ -600

local function checkpoint(v, i, fname, n)
  check(v, POINT, "Point", i, fname, n)
  return v
end

-- imp_vec2_length: the plain formula, or the same on the vector scaled by a
-- power of two when the squares overflow or underflow.
local function length(x, y)
  local squares = x * x + y * y
  if squares >= DBL_MIN and squares <= DBL_MAX then return sqrt(squares) end
  local k = squares > DBL_MAX and DOWN or UP
  x, y = x * k, y * k
  return sqrt(x * x + y * y) / k
end

-- imp_vec2_normalize: x, y scaled to unit length, and the old length.
local function normalize(x, y)
  local len = length(x, y)
  if len >= DBL_MIN and len <= DBL_MAX then
    local inverse = 1.0 / len
    if inverse >= DBL_MIN then return x * inverse, y * inverse, len end
    return x / len, y / len, len  -- 1 / len would lose bits as a subnormal
  elseif len > 0 and len < DBL_MIN then  -- subnormal: scale up
    local nx, ny = normalize(x * UP, y * UP)
    return nx, ny, len
  end
  return 1.0, 0.0, len  -- zero, or not finite: a direction all the same
end

local function optcoordinate(v, i, n)
  if v == nil then return 0.0 end
  local x = checknumber(v, i, "Point", n)
  return x
end

local function construct(...)
  local n = select("#", ...)
  local x, y = ...
  return newpoint(optcoordinate(x, 1, n), optcoordinate(y, 2, n))
end
object.constructor("Point", construct)

function methods.clone(...)
  local p = checkpoint((...), 1, "clone", select("#", ...))
  return newpoint(coords(p))
end

function methods.set(...)
  local n = select("#", ...)
  local p, a, b = ...
  checkpoint(p, 1, "set", n)
  local x, y, next = checkvec2("set", 2, n, a, b)
  if p["\0nn"] then  -- a view of a half size
    if not (x >= 0) then argerror(2, "set", "negative half size") end
    if not (y >= 0) then argerror(next - 1, "set", "negative half size") end
  end
  local o = p["\0o"]
  o[p["\0kx"]], o[p["\0ky"]] = x, y
  return p
end

function methods.unpack(...)
  return coords(checkpoint((...), 1, "unpack", select("#", ...)))
end

function methods.length(...)
  local r = length(coords(checkpoint((...), 1, "length", select("#", ...))))
  return r
end

function methods.dot(...)
  local n = select("#", ...)
  local p, a, b = ...
  local x, y = coords(checkpoint(p, 1, "dot", n))
  local ox, oy = checkvec2("dot", 2, n, a, b)
  return x * ox + y * oy
end

function methods.cross(...)
  local n = select("#", ...)
  local p, a, b = ...
  local x, y = coords(checkpoint(p, 1, "cross", n))
  local ox, oy = checkvec2("cross", 2, n, a, b)
  return x * oy - y * ox
end

-- In place; no sign changes, so a half-size view stays non-negative.
function methods.normalize(...)
  local p = checkpoint((...), 1, "normalize", select("#", ...))
  local o = p["\0o"]
  local kx, ky = p["\0kx"], p["\0ky"]
  local x, y, len = normalize(o[kx], o[ky])
  o[kx], o[ky] = x, y
  return len
end

POINT.__index = function(p, k)
  local m = methods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkpoint(p, 1, "__index", 2)
  if k == "x" or k == "y" then
    local o = p["\0o"]
    return o[p[k == "x" and "\0kx" or "\0ky"]]
  end
  return nil
end

POINT.__newindex = function(...)
  local n = select("#", ...)
  local p, k, v = ...
  checkpoint(p, 1, "__newindex", n)
  if k ~= "x" and k ~= "y" then object.nofield("Point", k) end
  v = object.fieldnumber("Point", k, v)
  if p["\0nn"] and not (v >= 0) then
    object.fielderror("Point", k, "negative half size")
  end
  local o = p["\0o"]
  o[p[k == "x" and "\0kx" or "\0ky"]] = v
end

-- Arithmetic: both operands Points, or a Point and a number (* and /).
local function operand(v, i, fname, n)
  return coords(checkpoint(v, i, fname, n))
end

POINT.__add = function(...)
  local n = select("#", ...)
  local a, b = ...
  local ax, ay = operand(a, 1, "__add", n)
  local bx, by = operand(b, 2, "__add", n)
  return newpoint(ax + bx, ay + by)
end

POINT.__sub = function(...)
  local n = select("#", ...)
  local a, b = ...
  local ax, ay = operand(a, 1, "__sub", n)
  local bx, by = operand(b, 2, "__sub", n)
  return newpoint(ax - bx, ay - by)
end

POINT.__unm = function(...)
  local ax, ay = operand((...), 1, "__unm", select("#", ...))
  return newpoint(-ax, -ay)
end

POINT.__mul = function(...)
  local n = select("#", ...)
  local args = { ... }
  local pi = type(args[1]) == "number" and 2 or 1  -- number * Point too
  local ax, ay = operand(args[pi], pi, "__mul", n)
  local k = checknumber(args[3 - pi], 3 - pi, "__mul", n)
  return newpoint(ax * k, ay * k)
end

POINT.__div = function(...)
  local n = select("#", ...)
  local a, b = ...
  local ax, ay = operand(a, 1, "__div", n)
  local k = checknumber(b, 2, "__div", n)
  return newpoint(ax / k, ay / k)
end

POINT.__eq = function(a, b)
  if object.typeof(a) ~= "Point" or object.typeof(b) ~= "Point" then return false end
  local ax, ay = coords(a)
  local bx, by = coords(b)
  return ax == bx and ay == by
end

POINT.__tostring = function(...)
  local p = checkpoint((...), 1, "__tostring", select("#", ...))
  return "Point" .. object.vec2string(coords(p))
end

return { length = length, normalize = normalize }
