-- The API fuzzer: calls every function, method, constructor, field read and
-- write and metamethod of every impact type with random arguments of every
-- kind, and random valid scenes. Every call must return a well-formed
-- result or raise an error in the module's own words; anything else (a Lua
-- runtime error from inside the module, a malformed result, and of course a
-- crash, which the sanitizer build turns into a report) is a finding.
--
-- require("fuzz")(impact, { seed = 1, calls = 10000 }) makes the calls and
-- returns how many returned and how many were refused, or raises an error
-- describing the first finding (bench/fuzz/run.lua and spec/fuzz_spec.lua
-- run it).

local unpack_ = table.unpack or unpack

-- (the World last: see others below)
local TYPES = { "Point", "AABB", "OBB", "Hit", "Sweep", "Circle", "Capsule", "Polygon",
                "Manifold", "World" }
local FIELDS = {
  Point = { "x", "y" },
  AABB = { "pos", "half" },
  OBB = { "pos", "half", "angle" },
  Hit = { "collider", "pos", "delta", "normal", "time" },
  Sweep = { "hit", "pos", "time", "angle" },
  Circle = { "pos", "radius" },
  Capsule = { "pos", "angle", "radius" },
  Polygon = { "pos", "angle", "count" },
  Manifold = { "normal", "count" },
  World = { "cellSize" },
}
local METAMETHODS = { "__index", "__newindex", "__add", "__sub", "__unm",
                      "__mul", "__div", "__eq", "__tostring" }

-- What the module may say when it refuses input.
local REFUSALS = {
  "bad argument #%d+ to '[%w_]+' %(",
  "calling '[%w_]+' on bad self %(",
  "bad value for field '[%w_]+' of %a+ %(",
  "%a+ has no field",
  -- Lua 5.1 itself, for a nil or NaN key written to a table (the pure
  -- backend's objects), before any __newindex
  "table index is %a+",
}

local function refusal(msg)
  if type(msg) ~= "string" then return false end
  for _, pattern in ipairs(REFUSALS) do
    if msg:find(pattern) then return true end
  end
  return false
end

local function run(impact, opts)
  local random = math.random
  math.randomseed(opts.seed or 1)
  local calls = opts.calls or 10000

  local function pick(t) return t[random(#t)] end

  local function sane() return (random() - 0.5) * 2 ^ random(-4, 12) end
  local function size() return random() * 2 ^ random(-4, 8) end
  local function angle() return (random() - 0.5) * 2 ^ random(-8, 50) end
  -- A turn within a few rounds: every step of a turning sweep counts
  local function turn() return (random() - 0.5) * 2 ^ random(-8, 4) end

  -- A random valid rectangle, an AABB or an OBB.
  local function rect()
    if random(2) == 1 then return impact.AABB(sane(), sane(), size(), size()) end
    return impact.OBB(sane(), sane(), size(), size(), angle())
  end

  -- A random valid shape of any kind (a polygon: the hull of random points,
  -- or a triangle when they all fall on a line).
  local function shape()
    local kind = random(5)
    if kind <= 2 then return rect() end
    if kind == 3 then return impact.Circle(sane(), sane(), size()) end
    if kind == 4 then
      return impact.Capsule(sane(), sane(), sane(), sane(), size(), sane(), sane(), angle())
    end
    local points = {}
    for i = 1, 2 * random(3, 8) do points[i] = sane() end
    local ok, poly = pcall(impact.Polygon.hull, points, sane(), sane(), angle())
    if ok then return poly end
    return impact.Polygon({ 0, 0, 1, 0, 0, 1 }, sane(), sane(), angle())
  end

  -- An object of each type, made without arguments where it can be.
  local MAKE = {
    Circle = function() return impact.Circle(0, 0, 1) end,
    Capsule = function() return impact.Capsule(0, 0, 1, 0, 1) end,
    Polygon = function() return impact.Polygon({ 0, 0, 1, 0, 0, 1 }) end,
  }
  local function make(name) return (MAKE[name] or impact[name])() end

  local odd = { 0, -0.0, 1, -1, 0.5, 2 ^ 53, -2 ^ 53, 1e-300, 5e-324,
                -5e-324, 1e300, -1e300, 1.7976931348623157e308,
                math.huge, -math.huge, 0 / 0 }
  if math.maxinteger then odd[#odd + 1] = math.maxinteger end

  -- Values that carry the metatable of an impact type they are not: a
  -- table (setmetatable), a userdata and an object of another type (the
  -- debug library) for each type. (Not a World: one whose metatable is
  -- replaced loses its finalizer, and its grid is never freed.)
  local others = { print, io.stdout, coroutine.create(function() end) }
  local metas = {}
  for t, name in ipairs(TYPES) do
    local mt = debug.getmetatable(make(name))
    local u = newproxy and newproxy(false) or io.tmpfile()
    local object = make(TYPES[t % (#TYPES - 1) + 1])
    metas[name] = mt
    debug.setmetatable(u, mt)
    debug.setmetatable(object, mt)
    others[#others + 1] = setmetatable({}, mt)
    others[#others + 1] = u
    others[#others + 1] = object
  end

  local objects = {}
  local function remember(v)
    if impact.type(v) then
      if #objects < 64 then objects[#objects + 1] = v
      else objects[random(#objects)] = v end
    end
    return v
  end

  local function saneobject()
    local kind = random(11)
    if kind >= 9 then
      local a = shape()
      if kind == 11 then return a:manifold(shape()) or impact.Manifold() end
      return a
    end
    if kind == 1 then return impact.Point(sane(), sane()) end
    if kind == 2 then return impact.AABB(sane(), sane(), size(), size()) end
    if kind == 3 then return impact.Hit() end
    if kind == 4 then return impact.Sweep() end
    if kind == 5 then
      local box = rect()
      return random(2) == 1 and box.pos or box.half
    end
    if kind == 6 then return impact.OBB(sane(), sane(), size(), size(), angle()) end
    if kind == 7 then  -- a world holding a few items of any kind
      local world = impact.World(size() + 1)
      for i = 1, random(0, 3) do
        world:add(pick({ i, "item" .. i, {} }), sane(), sane(), size() + 1, size() + 1)
      end
      return world
    end
    return impact.Point(1, 0) / 0  -- a Point holding inf
  end

  local function value()
    local kind = random(14)
    if kind <= 4 then return sane() end
    if kind == 5 then return pick(odd) end
    if kind <= 7 and #objects > 0 then return pick(objects) end
    if kind == 8 then return saneobject() end
    if kind == 9 then return nil end
    if kind == 10 then return random(2) == 1 end
    if kind == 11 then return pick({ "", "x", "10", "nan", "pos" }) end
    if kind == 12 then
      local t = {}
      for i = 1, random(0, 4) do t[i] = value() end
      return t
    end
    if kind == 13 then return pick(others) end
    return random(-3, 3)
  end

  local function args(n)
    local t = {}
    for i = 1, n do t[i] = value() end
    return t, n
  end

  -- Results: impact objects must be readable and their numbers sane.
  local function checkresult(where, ...)
    for i = 1, select("#", ...) do
      local v = select(i, ...)
      local t = impact.type(v)
      -- (an out object given another type's metatable reads as that type)
      if t and debug.getmetatable(v) == metas[t] then
        assert(type(tostring(v)) == "string", where .. ": tostring failed")
        if t == "Hit" or t == "Sweep" then
          local time = v.time
          assert(time == time, where .. ": NaN time in " .. tostring(v))
        end
        remember(v)
      end
    end
  end

  local returned, refused = 0, 0
  local function try(where, f, ...)
    local result = { pcall(f, ...) }
    if result[1] then
      returned = returned + 1
      checkresult(where, unpack_(result, 2))
    elseif refusal(result[2]) then
      refused = refused + 1
    else
      error(where .. ": unexpected error: " .. tostring(result[2]), 0)
    end
  end

  local callables = {}
  for _, name in ipairs(TYPES) do
    callables[#callables + 1] = { name, impact[name] }
    for method, f in pairs(impact[name]) do
      callables[#callables + 1] = { name .. "." .. method, f }
    end
  end
  for k, f in pairs(impact) do
    if type(f) == "function" then callables[#callables + 1] = { k, f } end
  end

  -- A World whose filters and responses add, remove and move its items
  -- while it moves and queries them, into out tables or not; afterwards
  -- every item must be where the World says it is.
  local KINDS = { "touch", "cross", "slide", "bounce", "meddle", false }
  local function worldscene()
    local world, items = impact.World(size() + 0.5), {}
    local shaped = random(2) == 1
    local function place(it)
      if shaped and random(2) == 1 then world:add(it, shape())
      else world:add(it, sane(), sane(), size() + 0.1, size() + 0.1) end
    end
    for i = 1, random(2, 12) do
      items[i] = { i }
      place(items[i])
    end
    local function meddle()
      local it, r = pick(items), random(4)
      if world:hasItem(it) then
        if r == 1 then world:remove(it)
        elseif r == 2 then
          if world:getShape(it) and random(2) == 1 then
            pcall(world.update, world, it, sane(), sane(), angle())  -- an AABB refuses
          else
            world:update(it, sane(), sane())
          end
        end
      elseif r == 3 then
        place(it)
      end
    end
    local function filter() meddle(); return pick(KINDS) end
    local function keep() meddle(); return random(2) == 1 end
    world:addResponse("meddle", function(w, col, x, y, ww, hh, gx, gy, f)
      meddle()
      return gx, gy, w:project(col.item, x, y, ww, hh, gx, gy, f)
    end)
    local out = random(2) == 1 and {} or nil
    for _ = 1, random(1, 6) do
      local it, op = pick(items), random(10)
      if op == 6 then try("World:push", world.push, world, it, filter, out)
      elseif op == 7 then try("World:rotate", world.rotate, world, it, turn(), filter, out)
      elseif op == 8 then try("World:queryShape", world.queryShape, world, shape(), keep, out)
      elseif op == 9 then
        try("World:queryArc", world.queryArc, world, sane(), sane(), sane(), sane(), sane(),
            sane(), keep, out)
      elseif op == 10 then
        try("World:project", world.project, world, it, shape(), sane(), sane(), filter, out)
      elseif op == 1 then try("World:move", world.move, world, it, sane(), sane(), filter, out)
      elseif op == 2 then try("World:check", world.check, world, it, sane(), sane(), filter, out)
      elseif op == 3 then
        try("World:project", world.project, world, it, sane(), sane(), size() + 0.1,
            size() + 0.1, sane(), sane(), filter, out)
      elseif op == 4 then
        try("World:querySegment", world.querySegment, world, sane(), sane(), sane(), sane(), keep, out)
      else
        try("World:queryRect", world.queryRect, world, sane(), sane(), size() + 0.1, size() + 0.1, keep, out)
      end
    end
    local all, n = world:getItems()
    assert(n == world:countItems(), "World: getItems and countItems disagree")
    for i = 1, n do
      local x, y, w, h = world:getRect(all[i])
      local found = false
      -- (a shape need not hold its bounds' centre: a rectangle about them)
      local near = world:getShape(all[i]) and world:queryRect(x - 1, y - 1, w + 2, h + 2)
                   or world:queryPoint(x + w / 2, y + h / 2)
      for _, v in ipairs(near) do found = found or v == all[i] end
      assert(found, "World: an item is not where getRect says")
    end
  end

  for _ = 1, 16 do remember(saneobject()) end
  for n = 1, calls do
    local what = random(11)
    if what <= 5 then
      local c = pick(callables)
      local a, count = args(random(0, 8))
      if random(2) == 1 and #objects > 0 then a[1] = pick(objects) end
      try(c[1], c[2], unpack_(a, 1, count))
    elseif what <= 7 then
      local obj = #objects > 0 and pick(objects) or saneobject()
      local t = impact.type(obj)
      local key = random(4) == 1 and value() or pick(FIELDS[t])
      -- (no tostring of a key whose metatable may be an impact type's)
      local name = t .. "." .. (type(key) == "string" and key or type(key))
      if random(2) == 1 then
        try("read " .. name, function() return obj[key] end)
      else
        local v = random(2) == 1 and value() or saneobject()
        try("write " .. name, function() obj[key] = v end)
      end
    elseif what <= 9 then
      local obj = #objects > 0 and pick(objects) or saneobject()
      local mt = getmetatable(obj)
      local name = pick(METAMETHODS)
      local f = mt[name]
      if f then
        local a, count = args(random(0, 3))
        if random(2) == 1 then a[1] = obj end
        try(impact.type(obj) .. "." .. name, f, unpack_(a, 1, count))
      end
    elseif what == 11 then
      worldscene()
    else
      -- A valid scene: a mover swept into shapes with out objects.
      local boxes = {}
      for i = 1, random(0, 8) do boxes[i] = random(2) == 1 and rect() or shape() end
      local mover = random(2) == 1 and rect() or shape()
      if random(4) == 1 then boxes[#boxes + 1] = mover end
      local sweep = random(2) == 1 and mover:sweepInto(boxes, sane(), sane(), impact.Sweep())
                    or mover:sweepInto(boxes, sane(), sane(), turn(), impact.Sweep())
      assert(sweep.time >= 0 and sweep.time <= 1, "sweepInto time out of [0, 1]")
      remember(sweep)
      returned = returned + 1
    end
    if n % 1000 == 0 then collectgarbage() end
  end
  return returned, refused
end

return run
