-- Manifold: the contact points of two overlapping shapes, for an impulse
-- solver; reusable as an out object.
local object = require "impact.pure.object"

local select = select
local check, vec2string = object.check, object.vec2string

local MANIFOLD = object.meta.Manifold
local methods = object.methods.Manifold

local manifold = {}

local function checkmanifold(v, i, fname, n) check(v, MANIFOLD, "Manifold", i, fname, n) return v end

local function new()
  return setmetatable({ ["\0"] = MANIFOLD, ["\0nx"] = 0.0, ["\0ny"] = 0.0,
    ["\0n"] = 0, ["\0x1"] = 0.0, ["\0y1"] = 0.0, ["\0d1"] = 0.0,
    ["\0x2"] = 0.0, ["\0y2"] = 0.0, ["\0d2"] = 0.0 }, MANIFOLD)
end
object.constructor("Manifold", new)

-- Fills out (or a new Manifold) with normal (nx, ny) and count points,
-- (x1, y1) at depth d1 and (x2, y2) at depth d2, and returns it.
function manifold.push(out, nx, ny, count, x1, y1, d1, x2, y2, d2)
  local m = out or new()
  m["\0nx"], m["\0ny"], m["\0n"] = nx, ny, count
  m["\0x1"], m["\0y1"], m["\0d1"] = x1, y1, d1
  if count == 2 then m["\0x2"], m["\0y2"], m["\0d2"] = x2, y2, d2 end
  return m
end

-- manifold:point(i) -> x, y, depth, for i from 1 to count.
function methods.point(...)
  local fname, n = "point", select("#", ...)
  local m, i = ...
  checkmanifold(m, 1, fname, n)
  i = object.checknumber(i, 2, fname, n)
  if not (i >= 1 and i <= m["\0n"] and i % 1 == 0) then
    object.argerror(2, fname, "index out of range")
  end
  if i == 1 then return m["\0x1"], m["\0y1"], m["\0d1"] end
  return m["\0x2"], m["\0y2"], m["\0d2"]
end

MANIFOLD.__index = function(m, k)
  local f = methods[k]
  if f ~= nil then return f end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkmanifold(m, 1, "__index", 2)
  if k == "normal" then return object.cachedview(m, "\0vnormal", "\0nx", "\0ny", false)
  elseif k == "count" then return m["\0n"] end
  return nil
end

MANIFOLD.__newindex = function(...)
  local n = select("#", ...)
  local m, k, v = ...
  checkmanifold(m, 1, "__newindex", n)
  if k == "normal" then
    m["\0nx"], m["\0ny"] = object.fieldvec2("Manifold", k, v, false)
  else
    object.nofield("Manifold", k)
  end
end

MANIFOLD.__tostring = function(...)
  local m = checkmanifold((...), 1, "__tostring", select("#", ...))
  return "Manifold(count=" .. m["\0n"] .. ", normal="
    .. vec2string(m["\0nx"], m["\0ny"]) .. ")"
end

return manifold
