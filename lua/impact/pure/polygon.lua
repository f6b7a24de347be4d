-- Polygon: a strictly convex polygon of 3 to 16 vertices in its own frame
-- (either winding), placed at pos turned by angle.
local object = require "impact.pure.object"
local shapes = require "impact.pure.shapes"
local hullcore = require "impact.pure.core.hull"

local select, type, rawget, rawset = select, type, rawget, rawset
local floor, format = math.floor, string.format
local rawlen = rawlen or function(t) return #t end  -- Lua 5.1: # is raw
local check, argerror, typename = object.check, object.argerror, object.typename

local POLYGON = object.meta.Polygon
local methods = object.methods.Polygon

local MAX = 16

local function checkpolygon(v, i, fname, n) check(v, POLYGON, "Polygon", i, fname, n) return v end

-- The flat array of x, y pairs at argument 1 of fname, n arguments: its
-- numbers, checked, as floats, and how many pairs; from least to most.
local function readpairs(fname, t, n, least, most)
  if type(t) ~= "table" or object.typeof(t) then object.typeerror(1, fname, "table", t, n) end
  local len = rawlen(t)
  local count = floor(len / 2)
  if count < least then
    argerror(1, fname, format("at least %d vertices expected, got %d", least, count))
  elseif count > most then
    argerror(1, fname, format("at most %d vertices expected, got %d", most, count))
  elseif len % 2 ~= 0 then
    argerror(1, fname, format("vertices as x, y pairs expected, got %d numbers", len))
  end
  local v = {}
  for k = 1, len do
    local x = rawget(t, k)
    if type(x) ~= "number" then
      argerror(1, fname, format("number expected at index %d, got %s", k, typename(x)))
    elseif x - x ~= 0 then
      argerror(1, fname, format("finite number expected at index %d, got %s", k,
        x ~= x and "nan" or x > 0 and "inf" or "-inf"))
    end
    v[k] = x * 1.0
  end
  return v, count
end

local function new(v, count, px, py, angle)
  local o = setmetatable({ ["\0"] = POLYGON, ["\0px"] = px, ["\0py"] = py,
    ["\0a"] = 0.0, ["\0c"] = 1.0, ["\0s"] = 0.0, ["\0n"] = count, ["\0v"] = v }, POLYGON)
  hullcore.setangle(o, angle)
  return o
end

-- Polygon(vertices[, x, y[, angle]]): vertices as { x1, y1, ..., xn, yn }.
local function construct(...)
  local fname, n = "Polygon", select("#", ...)
  local v, count = readpairs(fname, (...), n, 3, MAX)
  local why, at = hullcore.checkvertices(v, count)
  if why == "repeated" then
    argerror(1, fname, format("repeated vertex %d", at))
  elseif why == "collinear" then
    argerror(1, fname, format("vertices %d, %d and %d on a line",
      (at + count - 2) % count + 1, at, at % count + 1))
  elseif why == "reflex" then
    argerror(1, fname, format("reflex corner at vertex %d", at))
  end
  return new(v, count, shapes.placement(fname, 2, n, ...))
end
object.constructor("Polygon", construct)

-- Polygon.hull(points[, x, y[, angle]]): the polygon of the convex hull of
-- the points { x1, y1, ... }.
local hullx, hully = {}, {}
function methods.hull(...)
  local fname, n = "hull", select("#", ...)
  local p, count = readpairs(fname, (...), n, 1, math.huge)
  for i = 0, count - 1 do hullx[i], hully[i] = p[2 * i + 1], p[2 * i + 2] end
  local k = hullcore.convex(hullx, hully, count)
  if k < 3 then argerror(1, fname, "points on a line") end
  if k > MAX then
    argerror(1, fname, format("at most %d hull vertices expected, got %d", MAX, k))
  end
  local v = {}
  for i = 0, k - 1 do v[2 * i + 1], v[2 * i + 2] = hullx[i], hully[i] end
  return new(v, k, shapes.placement(fname, 2, n, ...))
end

-- poly:vertex(i) -> x, y in the world, i from 1 to count.
function methods.vertex(...)
  local fname, n = "vertex", select("#", ...)
  local o, i = ...
  checkpolygon(o, 1, fname, n)
  i = object.checknumber(i, 2, fname, n)
  if not (i >= 1 and i <= o["\0n"] and i % 1 == 0) then
    argerror(2, fname, "vertex index out of range")
  end
  local v = o["\0v"]
  return hullcore.world(o, v[2 * i - 1], v[2 * i])
end

-- poly:vertices([out]) -> { x1, y1, ... } in the world: out filled (its
-- first 2 count entries) when given.
function methods.vertices(...)
  local fname, n = "vertices", select("#", ...)
  local o, out = ...
  checkpolygon(o, 1, fname, n)
  if out ~= nil and (type(out) ~= "table" or object.typeof(out)) then
    object.typeerror(2, fname, "table", out, n)
  end
  out = out or {}
  local v = o["\0v"]
  for i = 1, 2 * o["\0n"], 2 do
    local x, y = hullcore.world(o, v[i], v[i + 1])
    rawset(out, i, x)
    rawset(out, i + 1, y)
  end
  return out
end

POLYGON.__index = function(o, k)
  local m = methods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkpolygon(o, 1, "__index", 2)
  if k == "count" then return o["\0n"] end
  local v = shapes.framefield(o, k)
  if v ~= nil then return v end
  return object.userfield(o, k)
end

POLYGON.__newindex = function(...)
  local n = select("#", ...)
  local o, k, v = ...
  checkpolygon(o, 1, "__newindex", n)
  if k == "count" then object.fielderror("Polygon", k, "read-only field")
  elseif not shapes.setframefield(o, "Polygon", k, v) then
    object.setuserfield(o, "Polygon", k, v)
  end
end

POLYGON.__tostring = function(...)
  local o = checkpolygon((...), 1, "__tostring", select("#", ...))
  return "Polygon(count=" .. o["\0n"] .. ", pos=" .. object.vec2string(o["\0px"], o["\0py"])
    .. ", angle=" .. object.number(o["\0a"]) .. ")"
end

return { new = new }
