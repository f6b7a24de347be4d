-- What Circle, Capsule and Polygon share: the checks of their radius and
-- of their angle's fields; and the methods that every shape (AABB, OBB,
-- Circle, Capsule, Polygon) has, against any other.
local object = require "impact.pure.object"
local hullcore = require "impact.pure.core.hull"
local distancecore = require "impact.pure.core.distance"
local castcore = require "impact.pure.core.cast"
local arccore = require "impact.pure.core.arc"
local pushout = require "impact.pure.core.pushout"
local manifoldcore = require "impact.pure.core.manifold"
local turnsweep = require "impact.pure.core.turnsweep"
local hit = require "impact.pure.hit"
local manifold = require "impact.pure.manifold"
local sweep = require "impact.pure.sweep"
local aabb = require "impact.pure.aabb"

local select = select
local check, checknumber, argerror = object.check, object.checknumber, object.argerror
local checkvec2, optout = object.checkvec2, object.optout
local HIT, SWEEP, MANIFOLD = object.meta.Hit, object.meta.Sweep, object.meta.Manifold

local shapes = {}

-- A radius at argument i of n: a finite number, not negative.
function shapes.checkradius(fname, i, n, v)
  local r = checknumber(v, i, fname, n)
  if not (r >= 0) then argerror(i, fname, "negative radius") end
  return r
end

-- A sweep's optional turn v at argument i of n (a number; else 0): it and
-- the index after it.
function shapes.optturn(fname, i, n, v)
  if type(v) ~= "number" then return 0.0, i end
  return checknumber(v, i, fname, n), i + 1
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

-- The kind of a shape (its type's name, as the core takes it), or nil.
local KINDS = {}
for _, name in ipairs({ "AABB", "OBB", "Circle", "Capsule", "Polygon" }) do
  KINDS[object.meta[name]] = name
end
local function kindof(v) return KINDS[object.tagof(v)] end
shapes.kindof = kindof

-- Any shape at argument i: its kind.
local function checkshape(v, i, fname, n)
  local kind = kindof(v)
  if kind == nil then object.typeerror(i, fname, "shape", v, n) end
  return kind
end
shapes.checkshape = checkshape

-- The methods of type tself that take self and any other shape.
local function generic(tself)
  local m = {}
  local mt = object.meta[tself]

  -- S:intersects(other) -> boolean: strict overlap.
  function m.intersects(...)
    local fname, n = "intersects", select("#", ...)
    local o, other = ...
    check(o, mt, tself, 1, fname, n)
    local kind = checkshape(other, 2, fname, n)
    return distancecore.intersects(tself, o, kind, other)
  end

  -- S:distance(other) -> d[, ax, ay, bx, by].
  function m.distance(...)
    local fname, n = "distance", select("#", ...)
    local o, other = ...
    check(o, mt, tself, 1, fname, n)
    local kind = checkshape(other, 2, fname, n)
    local d, ax, ay, bx, by = distancecore.distance(tself, o, kind, other)
    if d == 0 then return d end
    return d, ax, ay, bx, by
  end

  -- S:overlap(other[, out]) -> Hit|nil: the push-out for other.
  function m.overlap(...)
    local fname, n = "overlap", select("#", ...)
    local o, other, out = ...
    check(o, mt, tself, 1, fname, n)
    local kind = checkshape(other, 2, fname, n)
    out = optout(out, HIT, "Hit", 3, fname, n)
    local t, px, py, dx, dy, nx, ny = pushout.overlap(tself, o, kind, other)
    if not t then return nil end
    return hit.push(out, o, t, px, py, dx, dy, nx, ny)
  end

  -- S:manifold(other[, out]) -> Manifold|nil: the contact points.
  function m.manifold(...)
    local fname, n = "manifold", select("#", ...)
    local o, other, out = ...
    check(o, mt, tself, 1, fname, n)
    local kind = checkshape(other, 2, fname, n)
    out = optout(out, MANIFOLD, "Manifold", 3, fname, n)
    local nx, ny, count, x1, y1, d1, x2, y2, d2 = manifoldcore.manifold(tself, o, kind, other)
    if not nx then return nil end
    return manifold.push(out, nx, ny, count, x1, y1, d1, x2, y2, d2)
  end

  -- S:sweep(moving, delta[, dangle][, out]) -> Sweep: moving translates
  -- by delta and turns by dangle about its pos.
  function m.sweep(...)
    local fname, n = "sweep", select("#", ...)
    local o, moving = ...
    check(o, mt, tself, 1, fname, n)
    local kind = checkshape(moving, 2, fname, n)
    local dx, dy, i = checkvec2(fname, 3, n, select(3, ...))
    local dangle
    dangle, i = shapes.optturn(fname, i, n, select(i, ...))
    local out = optout(select(i, ...), SWEEP, "Sweep", i, fname, n)
    return hit.pushturn(out, o, turnsweep.sweep(tself, o, kind, moving, dx, dy, dangle))
  end

  m.sweepInto = sweep.intomethod(tself)

  -- S:bounds([outAABB]) -> AABB: the smallest box holding the shape.
  function m.bounds(...)
    local fname, n = "bounds", select("#", ...)
    local o, out = ...
    check(o, mt, tself, 1, fname, n)
    out = optout(out, object.meta.AABB, "AABB", 2, fname, n)
    local px, py, hx, hy = hullcore.bounds(tself, o)
    if out then
      out["\0px"], out["\0py"], out["\0hx"], out["\0hy"] = px, py, hx, hy
      return out
    end
    return aabb.new(px, py, hx, hy)
  end

  -- S:intersectPoint(point[, out]) -> Hit|nil: push-out of a point
  -- strictly inside.
  function m.intersectPoint(...)
    local fname, n = "intersectPoint", select("#", ...)
    local o = ...
    check(o, mt, tself, 1, fname, n)
    local x, y, i = checkvec2(fname, 2, n, select(2, ...))
    local out = optout(select(i, ...), HIT, "Hit", i, fname, n)
    local t, px, py, dx, dy, nx, ny = castcore.intersectpoint(tself, o, x, y)
    if not t then return nil end
    return hit.push(out, o, t, px, py, dx, dy, nx, ny)
  end

  -- S:intersectSegment(pos, delta[, out]) -> Hit|nil: first contact.
  function m.intersectSegment(...)
    local fname, n = "intersectSegment", select("#", ...)
    local o = ...
    check(o, mt, tself, 1, fname, n)
    local px, py, i = checkvec2(fname, 2, n, select(2, ...))
    local dx, dy
    dx, dy, i = checkvec2(fname, i, n, select(i, ...))
    local out = optout(select(i, ...), HIT, "Hit", i, fname, n)
    local t, hx, hy, ddx, ddy, nx, ny = castcore.intersectsegment(tself, o, px, py, dx, dy)
    if not t then return nil end
    return hit.push(out, o, t, hx, hy, ddx, ddy, nx, ny)
  end

  -- S:intersectArc(pos, velocity, gravity[, radius][, out]) -> Hit|nil:
  -- first contact of a point (a disc) on pos + velocity t + gravity t^2 / 2.
  function m.intersectArc(...)
    local fname, n = "intersectArc", select("#", ...)
    local o = ...
    check(o, mt, tself, 1, fname, n)
    local x0, y0, i = checkvec2(fname, 2, n, select(2, ...))
    local vx, vy, gx, gy
    vx, vy, i = checkvec2(fname, i, n, select(i, ...))
    gx, gy, i = checkvec2(fname, i, n, select(i, ...))
    local radius = 0.0
    if type((select(i, ...))) == "number" then
      radius = shapes.checkradius(fname, i, n, (select(i, ...)))
      i = i + 1
    end
    local out = optout(select(i, ...), HIT, "Hit", i, fname, n)
    local t, px, py, dx, dy, nx, ny =
      arccore.intersectarc(tself, o, x0, y0, vx, vy, gx, gy, radius)
    if not t then return nil end
    return hit.push(out, o, t, px, py, dx, dy, nx, ny)
  end

  -- S:clipSegment(pos, delta) -> kind, t0, t1 (nil, nil when outside).
  function m.clipSegment(...)
    local fname, n = "clipSegment", select("#", ...)
    local o = ...
    check(o, mt, tself, 1, fname, n)
    local px, py, i = checkvec2(fname, 2, n, select(2, ...))
    local dx, dy = checkvec2(fname, i, n, select(i, ...))
    local kind, t0, t1 = castcore.clipsegment(tself, o, px, py, dx, dy)
    return kind, t0, t1
  end

  return m
end

-- Gives the methods every shape has to the type named; those it has of
-- its own (the rectangles' casts, OBB's bounds) stay, but for overlap,
-- which takes any shape now.
function shapes.install(tself)
  local methods = object.methods[tself]
  for name, f in pairs(generic(tself)) do
    if methods[name] == nil or name == "overlap" then methods[name] = f end
  end
end

return shapes
