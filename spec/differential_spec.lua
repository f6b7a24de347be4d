-- Both backends in one process (#native: the pure profiles have no native
-- module to compare with): the same calls on the same inputs, random and at
-- the edges, must give the same results number for number (every bit: the
-- sign of a zero, and integer or float under Lua 5.3 and 5.4), the same
-- objects in the same state and the same error messages.
local helpers = require "helpers"
local native = require "impact"
local pure = require "impact.pure"

local unpack = table.unpack or unpack
local load = loadstring or load
local mtype = math.type or function() return "number" end

local NAN, INF = 0 / 0, math.huge

-- Finite numbers the tests meet at their boundaries, and bad values.
local EDGES = { 0, helpers.NZ, 1, -1, 0.5, -0.5, 2, 3, 4, 8, 1e-8, -1e-8,
                1e-300, 5e-324, -5e-324, 2 ^ 53, -2 ^ 53, 1e300, -1e300,
                1.7976931348623157e308, 0.1, 1 / 3, 2 ^ -52, 1 - 2 ^ -53 }
local BAD = { NAN, INF, -INF, "1", "x", true, { plain = true }, print }
local DISGUISES = { "Point", "AABB", "OBB", "Hit", "Sweep", "World", "Circle", "Capsule",
                    "Polygon", "Manifold" }
-- (not a World: given another metatable, it would lose its finalizer)
local OBJECTS = { "Point", "AABB", "OBB", "Hit", "Sweep", "Circle", "Capsule", "Manifold" }

local describeValue  -- forward

-- The metatable of a type's objects (a Polygon needs its vertices).
local function metaof(impact, name)
  if name == "Polygon" then return debug.getmetatable(impact.Polygon({ 0, 0, 1, 0, 0, 1 })) end
  return debug.getmetatable(impact[name]())
end

-- One value, exactly: numbers by their 17 significant digits (which tell
-- every double apart, the sign of 0 included) and their subtype; objects by
-- their type and state; anything else by its type (or itself, for strings
-- and booleans), since the backends' tables and functions differ.
-- NaNs are all one: Lua cannot see a NaN's sign (LuaJIT prints every NaN
-- as "nan", C a negative one as "-nan").
local function number(v)
  if v ~= v then return mtype(v) .. ":nan" end
  return mtype(v) .. ":" .. string.format("%.17g", v)
end

function describeValue(impact, v, objects, depth)
  local t = type(v)
  if t == "number" then return number(v) end
  if t == "string" or t == "boolean" or t == "nil" then return t .. ":" .. tostring(v) end
  local name = impact.type(v)
  if name == nil then
    for i, o in ipairs(objects) do
      if rawequal(o, v) then return "arg" .. i end
    end
    if t == "table" and getmetatable(v) == nil and type(v[1]) == "number" then
      local parts = {}  -- an array of numbers (poly:vertices()) by its numbers
      for i = 1, #v do parts[i] = describeValue(impact, v[i], objects, depth) end
      return "{" .. table.concat(parts, ",") .. "}"
    end
    return t
  end
  depth = depth or 0
  if depth > 2 then return name end
  -- through its own type's metamethods: an object may carry another's
  local own = metaof(impact, name)
  local function get(k) return own.__index(v, k) end
  local function field(k) return describeValue(impact, get(k), objects, depth + 1) end
  local parts = { name }
  if name == "Point" then
    parts[#parts + 1] = number(get("x")) .. "," .. number(get("y"))
  elseif name == "AABB" then
    parts[#parts + 1] = field("pos") .. field("half")
  elseif name == "OBB" then
    parts[#parts + 1] = field("pos") .. field("half") .. field("angle")
  elseif name == "Hit" then
    parts[#parts + 1] = field("time") .. field("pos") .. field("delta")
      .. field("normal") .. field("collider")
  elseif name == "Sweep" then
    parts[#parts + 1] = field("time") .. field("pos") .. field("hit") .. field("angle")
  elseif name == "Circle" then
    parts[#parts + 1] = field("pos") .. field("radius")
  elseif name == "Capsule" or name == "Polygon" then
    parts[#parts + 1] = field("pos") .. field("angle")
      .. field(name == "Capsule" and "radius" or "count")
    local world = name == "Capsule" and { get("ends")(v) } or get("vertices")(v)
    for _, c in ipairs(world) do parts[#parts + 1] = number(c) end
  elseif name == "Manifold" then
    parts[#parts + 1] = field("normal") .. field("count")
    for i = 1, get("count") do
      for _, c in ipairs({ get("point")(v, i) }) do parts[#parts + 1] = number(c) end
    end
  end
  parts[#parts + 1] = (own.__tostring(v):gsub("%-nan", "nan"))
  return table.concat(parts, " ")
end

-- Callers made from one line, so that an error's location is the same for
-- both backends: in dot form (f(...)) and in method form (o:name(...)).
local function results(ok, ...)
  return { ok = ok, n = select("#", ...), ... }
end

local function calldot(f, ...)
  return results(pcall(function(...) local r = results(true, f(...)) return r end, ...))
end

local methodcallers = {}
local function callmethod(name, o, ...)
  local caller = methodcallers[name]
  if caller == nil then
    caller = load("local results = ... return function(o, ...) "
      .. "local r = results(true, o:" .. name .. "(...)) return r end")(results)
    methodcallers[name] = caller
  end
  return results(pcall(caller, o, ...))
end

-- Builds the values of a case in one backend: specs are plain data, { "AABB",
-- ... } a constructor call, { "list", ... } an array of such, { "manifold",
-- a, b } the manifold of two shapes, { "disguised",
-- "AABB" } a table that carries the metatable of that type's objects, and
-- { "disguised", "AABB", "Hit" } a Hit given it by the debug library.
local function build(impact, spec)
  if type(spec) ~= "table" or spec.plain then return spec end
  if spec[1] == "disguised" then
    local mt = metaof(impact, spec[2])
    if spec[3] then
      local v = impact[spec[3]]()
      debug.setmetatable(v, mt)
      return v
    end
    return setmetatable({}, mt)
  end
  if spec[1] == "manifold" then  -- the manifold of two shapes, or an empty one
    local m = impact.Manifold()
    build(impact, spec[2]):manifold(build(impact, spec[3]), m)
    return m
  end
  if spec[1] == "list" then
    local list = {}
    for i = 2, #spec do list[i - 1] = build(impact, spec[i]) end
    return list
  end
  local args = {}
  for i = 2, spec.n or #spec do args[i - 1] = build(impact, spec[i]) end
  return impact[spec[1]](unpack(args, 1, (spec.n or #spec) - 1))
end

-- Runs one case in a backend: the built receiver and arguments, then the
-- call, then a description of the results and of every argument after it
-- (out objects and receivers change).
local function run(impact, case)
  local args, objects = {}, {}
  -- an argument may fail to build (a polygon whose outline collapsed): its
  -- message is compared then
  local built, err = pcall(function()
    for i = 1, case.n do
      args[i] = build(impact, case.args[i])
      objects[i] = args[i]
    end
  end)
  if not built then  -- (where it is located differs: a tail call in one)
    return "build error\n" .. tostring(err):gsub("^[^:]*:%d+: ", "")
  end
  local r
  if case.method then
    r = callmethod(case.method, unpack(args, 1, case.n))
  else
    local f = impact
    if case.meta then  -- a metamethod, from the metatable of its type
      f = metaof(impact, case.meta[1])[case.meta[2]]
    else
      for _, k in ipairs(case.path) do f = f[k] end
    end
    r = calldot(f, unpack(args, 1, case.n))
  end
  local out = { r.ok and "ok" or "error" }
  if not r.ok then
    out[2] = tostring(r[1])
  else
    local inner = r[1]
    for i = 2, inner.n do out[#out + 1] = describeValue(impact, inner[i], objects) end
  end
  -- (each argument by its state: an out table by its numbers)
  for i = 1, case.n do out[#out + 1] = describeValue(impact, args[i], {}) end
  return table.concat(out, "\n")
end

local function same(case)
  local a, b = run(native, case), run(pure, case)
  if a ~= b then
    error(("%s differs:\nnative: %s\npure:   %s"):format(case.label, a, b), 0)
  end
  return a
end

-- Random inputs: mostly good numbers from a small range (where the tests
-- meet at exact boundaries), some at the edges, a few bad ones.
local function generator(seed)
  local r = helpers.random(seed)
  local g = {}
  -- A finite number.
  function g.finite()
    local k = r.int(9)
    if k < 4 then return r.range(-8, 8) / 2 end
    if k < 7 then return (r.int(2 ^ 20) - 2 ^ 19) / 2 ^ r.int(16) end
    if k < 8 then return r.range(-3, 3) end
    return r.pick(EDGES) * (r.int(2) == 0 and 1 or -1)
  end
  -- An argument: finite, or now and then bad.
  function g.number()
    if r.int(50) == 0 then return r.pick(BAD) end
    return g.finite()
  end
  function g.size()
    local v = g.finite()
    return v < 0 and -v or v
  end
  function g.angle()
    local k = r.int(4)
    if k == 0 then return 0 end
    if k == 1 then return r.range(-8, 8) * math.pi / 4 end
    return g.finite()
  end
  function g.pointspec() return { "Point", g.finite(), g.finite(), n = 3 } end
  -- A point argument: two numbers, or a Point.
  function g.point(list)
    if r.int(3) == 0 then list[#list + 1] = g.pointspec()
    else
      list[#list + 1] = g.number()
      list[#list + 1] = g.number()
    end
  end
  function g.aabb()
    return { "AABB", g.finite(), g.finite(), g.size(), g.size(), n = 5 }
  end
  function g.obb()
    return { "OBB", g.finite(), g.finite(), g.size(), g.size(), g.angle(), n = 6 }
  end
  function g.rect() return r.int(2) == 0 and g.aabb() or g.obb() end
  -- Convex outlines on a small grid, scaled (a size of 0 collapses them:
  -- an error) and placed, some turned.
  local OUTLINES = { { 0, 0, 2, 0, 1, 2 }, { 0, 0, 2, 0, 2, 2, 0, 2 },
                     { 0, 0, 0, 2, 2, 2, 2, 0 }, { 0, 0, 4, 0, 5, 3, 2, 5, -1, 3 },
                     { 0, 0, 2, -1, 4, 0, 4, 2, 2, 3, 0, 2 }, { 0, 0, 1, 0, 2, 0, 1, 1 } }
  -- Vertices for the constructors: an outline, a regular polygon of 3 to
  -- 16 sides (either winding), or random numbers (mostly refused).
  function g.vertices()
    local k, v = r.int(3), { plain = true }
    if k == 0 then
      local outline, scale = r.pick(OUTLINES), r.int(4) / 2
      for i = 1, #outline do v[i] = outline[i] * scale end
    elseif k == 1 then
      local n, size = r.range(3, 16), r.range(1, 8) / 2
      for i = 1, n do
        local a = 2 * math.pi * i / n * (r.int(2) == 0 and 1 or -1)
        v[2 * i - 1], v[2 * i] = size * math.cos(a), size * math.sin(a)
      end
    else
      for i = 1, 2 * r.range(1, 9) + r.int(2) do v[i] = g.number() end
    end
    return v
  end
  function g.shape()
    local k = r.int(5)
    if k == 0 then return g.aabb() end
    if k == 1 then return g.obb() end
    if k == 2 then return { "Circle", g.finite(), g.finite(), g.size(), n = 4 } end
    if k == 3 then
      return { "Capsule", g.finite(), g.finite(), g.finite(), g.finite(), g.size(),
               g.finite(), g.finite(), g.angle(), n = 9 }
    end
    local outline, scale, v = r.pick(OUTLINES), r.int(4) / 2, { plain = true }
    for i = 1, #outline do v[i] = outline[i] * scale end
    return { "Polygon", v, g.finite(), g.finite(), g.angle(), n = 5 }
  end
  -- Sometimes a value of the wrong kind, or nothing.
  function g.maybebad(v)
    local k = r.int(40)
    if k == 0 then return r.pick(BAD) end
    if k == 1 then return { "Point", 1, 2, n = 3 } end
    if k == 2 then return { "disguised", r.pick(DISGUISES) } end
    if k == 3 then return { "disguised", r.pick(DISGUISES), r.pick(OBJECTS) } end
    return v
  end
  g.int, g.pick = r.int, r.pick
  return g
end

-- The cases of each family: a function of a generator returning the method
-- name (or path) and the argument specs.
local FAMILIES = {}

local function family(name, make) FAMILIES[#FAMILIES + 1] = { name, make } end

local function finish(g, args, out)
  if out and g.int(3) ~= 0 then args[#args + 1] = { out, n = 1 } end
  for i = 1, #args do args[i] = g.maybebad(args[i]) end
  if g.int(30) == 0 then args[#args] = nil end  -- one argument short
  return args
end

family("Point", function(g)
  local ops = { "clone", "set", "unpack", "length", "dot", "cross", "normalize" }
  local op = g.pick(ops)
  local args = { g.pointspec() }
  if op == "set" or op == "dot" or op == "cross" then g.point(args) end
  return { method = op, args = finish(g, args) }
end)

family("Point metamethods", function(g)
  local op = g.pick({ "__add", "__sub", "__unm", "__mul", "__div", "__eq", "__tostring" })
  local args = { g.pointspec() }
  if op == "__mul" or op == "__div" then args[2] = g.number()
  else args[2] = g.pointspec() end
  if op == "__mul" and g.int(2) == 0 then args[1], args[2] = args[2], args[1] end
  return { meta = { "Point", op }, args = finish(g, args) }
end)

family("AABB constructors", function(g)
  local args = {}
  g.point(args)
  g.point(args)
  if g.int(2) == 0 then return { path = { "AABB", "fromRect" }, args = finish(g, args) } end
  return { path = { "AABB" }, args = finish(g, args) }
end)

-- The moving rectangle and the delta of a sweep: sweepInto takes a list
-- of rectangles of either type, sweepOBB an OBB, sweepAABB an AABB.
local function sweepargs(g, op, args)
  if op == "sweepInto" then
    local list = { "list" }
    for i = 1, g.int(5) do list[i + 1] = g.rect() end
    args[2] = list
  else
    args[2] = op == "sweepOBB" and g.obb() or g.aabb()
  end
  g.point(args)
end

family("AABB tests", function(g)
  local op = g.pick({ "intersectPoint", "intersectSegment", "intersectAABB",
                      "sweepAABB", "sweepOBB", "sweepInto", "clipSegment",
                      "intersectOBB", "overlap" })
  local args, out = { g.aabb() }, "Hit"
  if op == "intersectPoint" then g.point(args)
  elseif op == "intersectSegment" or op == "clipSegment" then
    g.point(args)
    g.point(args)
    if op == "intersectSegment" and g.int(3) == 0 then
      args[#args + 1] = g.number()
      if g.int(2) == 0 then args[#args + 1] = g.number() end
    end
    if op == "clipSegment" then out = nil end
  elseif op == "intersectAABB" then args[2] = g.aabb()
  elseif op == "intersectOBB" then args[2], out = g.obb(), nil
  elseif op == "overlap" then args[2] = g.rect()
  else
    out = "Sweep"
    sweepargs(g, op, args)
  end
  return { method = op, args = finish(g, args, out) }
end)

family("OBB tests", function(g)
  local op = g.pick({ "intersectOBB", "intersectAABB", "overlap", "intersectPoint",
                      "intersectSegment", "clipSegment", "bounds", "corners",
                      "sweepOBB", "sweepAABB", "sweepInto" })
  local args, out = { g.obb() }, "Hit"
  if op == "intersectOBB" then args[2], out = g.obb(), nil
  elseif op == "intersectAABB" then args[2], out = g.aabb(), nil
  elseif op == "overlap" then args[2] = g.rect()
  elseif op == "intersectPoint" then g.point(args)
  elseif op == "intersectSegment" or op == "clipSegment" then
    g.point(args)
    g.point(args)
    if op == "clipSegment" then out = nil end
  elseif op == "bounds" then out = "AABB"
  elseif op == "corners" then out = nil
  else
    out = "Sweep"
    sweepargs(g, op, args)
  end
  return { method = op, args = finish(g, args, out) }
end)

family("OBB constructor", function(g)
  local args = {}
  g.point(args)
  g.point(args)
  if g.int(2) == 0 then args[#args + 1] = g.angle() end
  return { path = { "OBB" }, args = finish(g, args) }
end)

family("sweepSegmentPoint", function(g)
  local args = {}
  -- Ends and point on a small grid, so that contacts at t or s = 0 or 1,
  -- tangencies and collinear motions are common.
  local function p()
    if g.int(4) == 0 then g.point(args)
    else
      args[#args + 1] = g.int(5) - 2
      args[#args + 1] = g.int(5) - 2
    end
  end
  for _ = 1, 6 do p() end
  return { path = { "sweepSegmentPoint" }, args = finish(g, args) }
end)

family("sweepSegmentPoint with a radius", function(g)
  local args = {}
  -- On a small grid with radii of halves, so that grazes, end caps and
  -- starts in contact are common; now and then anywhere.
  for _ = 1, 6 do
    if g.int(4) == 0 then g.point(args)
    else
      args[#args + 1] = g.int(5) - 2
      args[#args + 1] = g.int(5) - 2
    end
  end
  args[#args + 1] = g.int(4) == 0 and g.number() or g.int(5) * 0.5
  return { path = { "sweepSegmentPoint" }, args = finish(g, args) }
end)

family("clipSegment and type", function(g)
  if g.int(2) == 0 then return { path = { "type" }, args = { g.maybebad(g.rect()) } } end
  local args = { g.aabb() }
  g.point(args)
  g.point(args)
  return { path = { "clipSegment" }, args = finish(g, args) }
end)

family("shape tests", function(g)
  local op = g.pick({ "intersects", "distance", "overlap", "manifold", "sweep", "bounds",
                      "intersectPoint", "intersectSegment", "clipSegment", "sweepInto",
                      "ends", "vertex", "vertices" })
  local args, out = { g.shape() }, "Hit"
  if op == "ends" or op == "vertex" or op == "vertices" then
    -- (a Circle's or a box's are errors, like another type's self)
    if op == "vertex" then args[2] = g.int(6) - 1 + (g.int(9) == 0 and 0.5 or 0) end
    if op == "vertices" and g.int(2) == 0 then
      args[2] = { plain = true, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7 }
    end
    return { method = op, args = finish(g, args) }
  end
  if op == "intersects" or op == "distance" then args[2], out = g.shape(), nil
  elseif op == "overlap" then args[2] = g.shape()
  elseif op == "manifold" then args[2], out = g.shape(), "Manifold"
  elseif op == "bounds" then out = "AABB"
  elseif op == "intersectPoint" then g.point(args)
  elseif op == "intersectSegment" or op == "clipSegment" then
    g.point(args)
    g.point(args)
    if op == "clipSegment" then out = nil end
  elseif op == "sweep" then
    args[2], out = g.shape(), "Sweep"
    g.point(args)
  else
    local list = { "list" }
    for i = 1, g.int(5) do list[i + 1] = g.shape() end
    args[2], out = list, "Sweep"
    g.point(args)
  end
  return { method = op, args = finish(g, args, out) }
end)

-- A circle swept nearly along a side of a polygon or a box, one radius
-- out, from before the side's end: its path crosses that side, grown by
-- the radius, at a shallow angle (2^-3 to 2^-50 radians), where the cast
-- must not pass over the side it enters by.
family("sweeps along a side", function(g)
  local a, world = g.shape(), {}
  if a[1] == "AABB" then
    local x, y, hw, hh = a[2], a[3], a[4], a[5]
    world = { x - hw, y - hh, x + hw, y - hh, x + hw, y + hh, x - hw, y + hh }
  elseif a[1] == "Polygon" then
    local v, c, s = a[2], math.cos(a[5]), math.sin(a[5])
    for i = 1, #v, 2 do
      world[i], world[i + 1] = a[3] + (c * v[i] - s * v[i + 1]), a[4] + (s * v[i] + c * v[i + 1])
    end
  else
    a = { "AABB", 1, 2, 3, 0.5, n = 5 }
    world = { -2, 1.5, 4, 1.5, 4, 2.5, -2, 2.5 }
  end
  local n = #world / 2
  local i = g.int(n)
  local px, py = world[2 * i + 1], world[2 * i + 2]
  local qx, qy = world[(2 * i + 2) % (2 * n) + 1], world[(2 * i + 3) % (2 * n) + 1]
  local ex, ey = qx - px, qy - py
  local length = math.sqrt(ex * ex + ey * ey)
  if length == 0 then ex, ey, length = 1, 0, 1 end
  -- Outward is right of a counter-clockwise side, left of a clockwise one.
  local area = 0
  for k = 0, n - 1 do
    local k2 = (k + 1) % n
    area = area + world[2 * k + 1] * world[2 * k2 + 2] - world[2 * k2 + 1] * world[2 * k + 2]
  end
  local side = area >= 0 and 1 or -1
  local r, along = 0.25 + g.int(8) / 8, g.int(9) / 8
  local ox, oy = px + ex * along + side * ey / length * r, py + ey * along - side * ex / length * r
  local tilt = (g.int(2) == 0 and 1 or -1) * 2 ^ -(3 + g.int(48))
  local dx = 2 * (ex * math.cos(tilt) - ey * math.sin(tilt))
  local dy = 2 * (ex * math.sin(tilt) + ey * math.cos(tilt))
  local back = 0.25 + g.int(5) / 8
  local args = { a, { "Circle", ox - dx * back, oy - dy * back, r, n = 4 }, dx, dy }
  return { method = "sweep", args = finish(g, args, "Sweep") }
end)

family("arcs", function(g)
  local args = { g.shape() }
  g.point(args)
  g.point(args)
  if g.int(4) == 0 then
    args[#args + 1], args[#args + 2] = 0, 0
  else
    g.point(args)
  end
  if g.int(2) == 0 then args[#args + 1] = g.int(3) == 0 and g.number() or g.int(5) * 0.25 end
  return { method = "intersectArc", args = finish(g, args, "Hit") }
end)

family("turning sweeps", function(g)
  local op = g.pick({ "sweep", "sweepInto" })
  local args = { g.shape() }
  if op == "sweep" then
    args[2] = g.shape()
  else
    local list = { "list" }
    for i = 1, g.int(4) do list[i + 1] = g.shape() end
    args[2] = list
  end
  g.point(args)
  local k = g.int(5)
  args[#args + 1] = k == 0 and g.number() or k == 1 and g.pick({ 2 * math.pi, -2 * math.pi, 1e6 })
                    or (g.int(17) - 8) * 0.75
  return { method = op, args = finish(g, args, "Sweep") }
end)

family("shape constructors and fields", function(g)
  local target = g.shape()
  local field = g.pick({ "pos", "angle", "radius", "count", "nope" })
  local value = g.pick({ g.number(), { "Point", g.finite(), g.size(), n = 3 }, "s" })
  local k = g.int(3)
  if k == 0 then return { path = { target[1] }, args = finish(g, { unpack(target, 2, target.n) }) } end
  if k == 1 then return { meta = { target[1], "__index" }, args = { target, field, n = 2 } } end
  return { meta = { target[1], "__newindex" }, args = { target, field, value, n = 3 } }
end)

family("shape constructors", function(g)
  local k, args = g.int(4), {}
  if k == 0 then
    g.point(args)
    args[#args + 1] = g.int(8) == 0 and -g.size() or g.number()
    return { path = { "Circle" }, args = finish(g, args) }
  elseif k == 1 then
    g.point(args)
    g.point(args)
    args[#args + 1] = g.int(8) == 0 and -g.size() or g.number()
    if g.int(2) == 0 then
      g.point(args)
      if g.int(2) == 0 then args[#args + 1] = g.angle() end
    end
    return { path = { "Capsule" }, args = finish(g, args) }
  end
  args[1] = g.vertices()
  if g.int(2) == 0 then
    g.point(args)
    if g.int(2) == 0 then args[#args + 1] = g.angle() end
  end
  return { path = k == 2 and { "Polygon" } or { "Polygon", "hull" }, args = finish(g, args) }
end)

family("Manifold point", function(g)
  local index = g.int(6) == 0 and g.int(4) or 1 + g.int(2)
  local args = { { "manifold", g.shape(), g.shape() }, index }
  if g.int(8) == 0 then args[1] = { "Manifold", n = 1 } end
  return { method = "point", args = finish(g, args) }
end)

family("fields", function(g)
  local kind = g.pick({ "Point", "AABB", "OBB", "Hit", "Sweep" })
  local target = kind == "AABB" and g.aabb() or kind == "OBB" and g.obb()
                 or { kind, n = 1 }
  local field = g.pick({ "x", "y", "pos", "half", "angle", "time", "delta",
                         "normal", "collider", "hit", "nope", 1 })
  local value = g.pick({ g.number(), { "Point", g.finite(), g.size(), n = 3 },
                         g.aabb(), { "Hit", n = 1 }, "s", false })
  if g.int(2) == 0 then
    return { meta = { kind, "__index" }, args = { target, field, n = 2 } }
  end
  return { meta = { kind, "__newindex" }, args = { target, field, value, n = 3 } }
end)

-- Runs n cases of a family from a seed; returns how many were errors.
local function sweep(make, seed, n)
  local g = generator(seed)
  local errors = 0
  for i = 1, n do
    local case = make(g)
    case.label = ("case %d of seed %d (%s)"):format(i, seed, case.method
      or table.concat(case.path or case.meta, "."))
    case.n = case.args.n or #case.args
    if same(case):sub(1, 5) == "error" then errors = errors + 1 end
  end
  return errors
end

describe("#native the two backends", function()
  it("are the native module and the pure one", function()
    assert.are.equal("native", native.backend)
    assert.are.equal("lua", pure.backend)
  end)

  it("share EPSILON, bit for bit", function()
    assert.are.equal(number(native.EPSILON), number(pure.EPSILON))
  end)

  for _, f in ipairs(FAMILIES) do
    it("agree on " .. f[1] .. ": 4000 random and edge cases", function()
      local errors = sweep(f[2], #f[1] * 7919, 4000)
      -- Both outcomes were compared.
      assert.is_true(errors > 40 and errors < 3800, f[1] .. ": " .. errors .. " errors")
    end)
  end
end)
