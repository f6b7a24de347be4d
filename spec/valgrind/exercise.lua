-- Exercises every function of the module once or more, for a memory checker
-- (make test runs it under valgrind memcheck against the Lua 5.4 build):
-- every type's constructor, methods, field reads and writes and metamethods,
-- views and their collection, Hits holding colliders, out objects, errors
-- caught with pcall, clipSegment and sweepSegmentPoint.
--
-- The types and their methods are discovered from the module (every
-- impact.<Type> method table), so a new family is covered without editing
-- this file; a method that no argument list could call successfully fails
-- the run, so that none goes unexercised.
--   LUA_CPATH="build-5.4/?.so" LUA_PATH="lua/?.lua;lua/?/init.lua" \
--     lua5.4 spec/valgrind/exercise.lua
local impact = require "impact"

local unpack_ = table.unpack or unpack
local failures = 0

local function check(ok, what)
  if not ok then
    failures = failures + 1
    io.stderr:write("exercise: ", what, "\n")
  end
end

local function near(a, b) return type(a) == "number" and math.abs(a - b) < 1e-6 end

-- Known answers: the calls a game makes, with their results checked.

local Point, AABB, Hit, Sweep = impact.Point, impact.AABB, impact.Hit, impact.Sweep

do
  local p = Point(3, 4)
  check(p:length() == 5 and p:dot(Point(1, 0)) == 3 and p:cross(1, 0) == -4,
        "Point length, dot, cross")
  local q = p:clone()
  check(q:normalize() == 5 and near(q.x, 0.6), "Point normalize")
  check((p + q) ~= p and (-p).x == -3 and (p * 2).y == 8 and (p / 2).x == 1.5
        and p - p == Point(0, 0), "Point arithmetic")
  p:set(1, 2)
  local x, y = p:unpack()
  check(x == 1 and y == 2 and tostring(p) == "Point(1, 2)", "Point set, unpack")
end

do
  local wall = AABB(100, 50, 10, 40)
  local hit = wall:intersectSegment(0, 50, 200, 0)
  check(hit and near(hit.time, 0.45) and hit.collider == wall
        and hit.normal == Point(-1, 0), "intersectSegment")
  local out = Hit()
  check(wall:intersectSegment(Point(0, 50), Point(200, 0), 4, 4, out) == out,
        "intersectSegment into out")
  check(wall:intersectSegment(0, 0, 10, 0, out) == nil, "intersectSegment miss")
  check(wall:intersectPoint(95, 50, out) == out and out.delta == Point(-5, 0),
        "intersectPoint")
  check(wall:intersectAABB(AABB(85, 50, 8, 8)).delta.x == -3, "intersectAABB")
  local s = wall:sweepAABB(AABB(0, 50, 8, 8), 200, 0, Sweep())
  check(s.hit and s.hit.collider == wall and s.time < 0.41, "sweepAABB")
  local tiles = {}
  for i = 0, 9 do tiles[#tiles + 1] = AABB.fromRect(i * 16, 96, 16, 16) end
  local player = AABB(40, 40, 8, 12)
  tiles[#tiles + 1] = player
  local sweep = player:sweepInto(tiles, 0, 100, s)
  check(sweep == s and sweep.hit and sweep.hit.collider == tiles[3]
        and near(sweep.pos.y, 84), "sweepInto")
  player.pos = sweep.pos
  check(player:sweepInto({}, 1, 1).hit == nil, "sweepInto nothing")
  local kind, t0, t1 = AABB.fromRect(100, 100, 200, 100):clipSegment(20, 150, 400, 0)
  check(kind == "traverse" and near(t0, 0.2) and near(t1, 0.7), "clipSegment")
  kind, t0, t1 = impact.clipSegment(wall, 0, 0, 1, 0)
  check(kind == "outside" and t0 == nil and t1 == nil, "impact.clipSegment")
  local t, u = impact.sweepSegmentPoint(0, 0, 0, 0, 10, 0, 10, 0, 5, 5, 5, -5)
  check(near(t, 0.5) and near(u, 0.5), "sweepSegmentPoint")
  check(impact.sweepSegmentPoint(Point(0, 0), Point(0, 0), Point(1, 0),
        Point(1, 0), Point(0, 1), Point(1, 1)) == nil, "sweepSegmentPoint miss")
  check(impact.type(wall) == "AABB" and impact.type({}) == nil, "impact.type")
end

-- Views keep their owners alive, and Hits their colliders.

do
  local pos = AABB(1, 2, 3, 4).pos
  local normal = AABB(0, 0, 1, 1):intersectPoint(0.1, 0.5).normal
  local hit = AABB(7, 0, 1, 1):intersectSegment(0, 0, 10, 0)
  local sweephit = AABB(7, 0, 1, 1):sweepAABB(AABB(0, 0, 1, 1), 10, 0).hit
  collectgarbage()
  collectgarbage()
  pos.x = pos.x + 1
  check(pos.x == 2 and normal.y == 1, "views outlive their owner's last reference")
  check(impact.type(hit.collider) == "AABB" and hit.collider.pos.x == 7,
        "a Hit keeps its collider")
  check(sweephit.collider.half.x == 1, "a Sweep's hit keeps its collider")
  hit.collider = nil
  sweephit.collider = AABB()
  local box = AABB(0, 0, 1, 1)
  for _ = 1, 100 do
    local v = box.pos
    v.x = v.x + 1
  end
  box.half = Point(2, 2)
  check(box.pos.x == 100 and box.half.y == 2, "views are live")
  box.owner = { box = box }  -- a script's own field, in a cycle with it
  box.owner = nil
  box.owner = { box = box }
  pos, normal, hit, sweephit, box = nil, nil, nil, nil, nil
  collectgarbage()
  collectgarbage()
end

-- Errors, caught.

do
  local box = AABB(0, 0, 1, 1)
  local n = 0
  local function refused(f, ...)
    local ok, msg = pcall(f, ...)
    n = n + 1
    check(not ok and type(msg) == "string", "expected an error from call " .. n)
  end
  refused(box.intersectSegment, box, "x", 1, 2, 3)
  refused(box.intersectSegment, box, 0, 0, 1, 1, -2)  -- shrinks past zero
  refused(box.intersectPoint, Point(), 1, 2)
  refused(AABB, 0, 0, -1, 1)
  refused(AABB, 0 / 0, 0, 1, 1)
  refused(function() box.half.x = -1 end)
  refused(function() box.intersectAABB = 1 end)  -- a method's name
  refused(function() box.pos = 3 end)
  refused(box.sweepInto, box, { 1, 2 }, 1, 1)
  refused(impact.sweepSegmentPoint, 1, 2, 3)
  refused(function() return Point() * Point() end)
  refused(getmetatable(Hit()).__index, 1, "time")
end

-- Everything else, discovered: every method and module function with many
-- argument lists; every field read and written; every metamethod.

local types = {}  -- name -> method table
for name, v in pairs(impact) do
  local mt = type(v) == "table" and getmetatable(v)
  if mt and mt.__call then types[name] = v end
end
local typenames = {}
for name in pairs(types) do typenames[#typenames + 1] = name end
table.sort(typenames)

-- Instances of each type, built with plausible constructor arguments.
local ctorargs = {
  {}, { 1, 2 }, { 0, 0, 2, 2 }, { 0, 0, 2, 2, 0.5 }, { 1, 1, 3, 1, 0 },
  { Point(0, 0), Point(2, 2) }, { 32 },
  { { 0, 0, 2, 0, 0, 2 } }, { { 0, 0, 2, 0, 2, 2, 0, 2 }, 1, 1, 0.5 },
}
local instances = {}
for _, name in ipairs(typenames) do
  instances[name] = {}
  for _, a in ipairs(ctorargs) do
    local ok, obj = pcall(types[name], unpack_(a))
    if ok and obj ~= nil then instances[name][#instances[name] + 1] = obj end
  end
  check(#instances[name] > 0, "no constructor call of " .. name .. " succeeded")
end
if impact.Manifold then  -- one with points, which only a manifold call makes
  table.insert(instances.Manifold, 1, impact.Circle(0, 0, 1):manifold(impact.Circle(1, 0, 1)))
end

local function some(name, i)
  local list = instances[name]
  return list and list[(i - 1) % #list + 1]
end

-- Argument lists: letters stand for kinds of values; I is an item of the
-- World the method is called on (self).
local function item(letter, i, self)
  if letter == "I" then
    local it = { name = "item" .. i }
    if impact.type(self) == "World" then
      local shape = i % 2 == 0 and some("Polygon", i)  -- a shape item every other time
      if shape then self:add(it, shape) else self:add(it, i, i, 2, 2) end
    end
    return it
  end
  if letter == "n" then return ({ 0, 1, 2, -1, 0.5, 3, -2, 10 })[(i - 1) % 8 + 1] end
  if letter == "P" then return Point(({ 0, 1, -1, 3 })[(i - 1) % 4 + 1], 0.5) end
  if letter == "A" then return some("AABB", i) or AABB(0, 0, 1, 1) end
  if letter == "O" then return some("OBB", i) or AABB(0, 0, 1, 1) end
  if letter == "G" then  -- a shape of the kinds beyond rectangles
    return some(({ "Circle", "Capsule", "Polygon" })[(i - 1) % 3 + 1], i) or AABB(0, 0, 1, 1)
  end
  if letter == "V" then return { 0, 0, 2, 0, 0, 2, 1, 1 } end  -- points, a vertex inside
  if letter == "H" then return Hit() end
  if letter == "S" then return Sweep() end
  if letter == "T" then  -- colliders of every kind that has a constructor
    local t = { AABB(2, 0, 1, 1), AABB(0, 3, 1, 1) }
    if impact.OBB then t[#t + 1] = some("OBB", i) end
    if impact.Circle then t[#t + 1] = some("Circle", i) end
    if impact.Polygon then t[#t + 1] = some("Polygon", i) end
    return t
  end
  if letter == "s" then return ({ "slide", "touch", "cross", "bounce" })[(i - 1) % 4 + 1] end
  if letter == "f" then return function() return "slide" end end
  if letter == "t" then return { name = "item" .. i } end
  if letter == "b" then return true end
  if letter == "x" then return "bad" end
  return nil
end

local shapes = {
  "", "n", "nn", "nnn", "nnnn", "nnnnn", "nnnnnn", "nnnnnnnnnnnn",
  "P", "PP", "PPP", "PPPPPP", "Pn", "nP", "PPn", "PPnn", "nnP", "Pnn",
  "A", "O", "An", "On", "AP", "OP", "Ann", "Onn", "AA", "AO", "OA",
  "G", "Gn", "GP", "Gnn", "GPn", "GG", "AG", "GA", "V", "Vnnn",
  "T", "TP", "Tnn", "TPn",
  "AnnP", "AnnPP", "APP", "Annnn", "OPP", "Onnnn",
  "t", "tn", "tnn", "tnnnn", "tnnnnf", "tnnf", "tnnnf", "nnnnf", "nnnnnf",
  "snnnnnn", "s", "sf", "n f", "x", "b", "nnx", "I", "In", "Inf", "Inn", "Innnn", "Innf",
}
local trailing = { "", "H", "S", "A", "O" }

local calls, successes = 0, {}

local function call(label, f, self, shape, i)
  local args = {}
  local n = 0
  if self ~= nil then n = 1; args[1] = self end
  for k = 1, #shape do
    n = n + 1
    args[n] = item(shape:sub(k, k), i + k, self)
  end
  calls = calls + 1
  local result = { pcall(f, unpack_(args, 1, n)) }
  if result[1] then
    successes[label] = (successes[label] or 0) + 1
    for k = 2, #result do
      local v = result[k]
      if impact.type(v) then local _ = tostring(v) end
    end
  end
  return result
end

local function exercise(label, f, self)
  successes[label] = successes[label] or 0
  for _, base in ipairs(shapes) do
    for _, tail in ipairs(trailing) do
      for i = 1, 3 do call(label, f, self, base .. tail, i) end
    end
  end
end

local methodnames = {}
for _, name in ipairs(typenames) do
  local methods = types[name]
  local list = {}
  for k, f in pairs(methods) do
    if type(f) == "function" then list[#list + 1] = k end
  end
  table.sort(list)
  for _, k in ipairs(list) do
    local label = name .. "." .. k
    methodnames[#methodnames + 1] = label
    for j, obj in ipairs(instances[name]) do
      if j <= 3 then exercise(label, methods[k], obj) end
    end
    exercise(label, methods[k], nil)          -- as a plain function
    for _, other in ipairs(typenames) do        -- with the wrong self
      if other ~= name and instances[other][1] then
        call(label .. " (wrong self)", methods[k], instances[other][1], "nn", 1)
      end
    end
  end
  exercise(name .. "()", methods, nil)   -- the constructor, called as impact.<Type>(...)
end

local functions = {}
for k, f in pairs(impact) do
  if type(f) == "function" then functions[#functions + 1] = k end
end
table.sort(functions)
for _, k in ipairs(functions) do
  methodnames[#methodnames + 1] = "impact." .. k
  exercise("impact." .. k, impact[k], nil)
end

-- Fields: the documented ones of every type, and some that do not exist.
local fields = {
  Point = { "x", "y" }, AABB = { "pos", "half" }, OBB = { "pos", "half", "angle" },
  Hit = { "collider", "pos", "delta", "normal", "time" },
  Sweep = { "hit", "pos", "time" },
}
local values = { 1, -1, 0, 0 / 0, 1 / 0, "x", true, {}, Point(1, 2), AABB(0, 0, 1, 1),
                 Hit(), Sweep(), print }
if impact.OBB then values[#values + 1] = some("OBB", 1) end
for _, name in ipairs(typenames) do
  local list = fields[name] or {}
  for _, obj in ipairs(instances[name]) do
    for _, key in ipairs({ unpack_(list), "nothing", 1, true }) do
      local ok, v = pcall(function() return obj[key] end)
      if ok and impact.type(v) then local _ = tostring(v) end
      for _, value in ipairs(values) do
        pcall(function() obj[key] = value end)
        calls = calls + 1
      end
      if ok then pcall(function() obj[key] = v end) end
    end
    local _ = tostring(obj)
  end
end

-- Metamethods of every type, with every kind of operand.
for _, name in ipairs(typenames) do
  local obj = instances[name][1]
  local mt = obj and getmetatable(obj)
  if type(mt) == "table" then
    for event, f in pairs(mt) do
      if type(f) == "function" then
        for _, value in ipairs(values) do
          pcall(f, obj, value)
          pcall(f, value, obj)
          pcall(f, obj, "pos", value)
          calls = calls + 3
        end
        pcall(f)
        pcall(f, obj)
      end
    end
  end
end

-- Views of every type's fields outliving their owners, and a churn of
-- garbage for the collector.
for _, name in ipairs(typenames) do
  local kept = {}
  for _, key in ipairs(fields[name] or {}) do
    for _ = 1, 3 do
      local obj = types[name](unpack_(ctorargs[3]))
      local ok, v = pcall(function() return obj[key] end)
      if ok and v ~= nil then kept[#kept + 1] = v end
    end
  end
  collectgarbage()
  for _, v in ipairs(kept) do local _ = tostring(v) end
end
collectgarbage()
collectgarbage()

local missing = {}
for _, label in ipairs(methodnames) do
  if (successes[label] or 0) == 0 then missing[#missing + 1] = label end
end
check(#missing == 0, "never called successfully: " .. table.concat(missing, ", "))

print(string.format("exercise: %d types, %d functions and methods, %d calls, %s",
                    #typenames, #methodnames, calls,
                    failures == 0 and "all as expected" or failures .. " failures"))
os.exit(failures == 0 and 0 or 1, true)
