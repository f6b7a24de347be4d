-- The pure-Lua World against the native one, in one process: the same
-- random worlds get the same calls (adds, removes, updates, moves, checks,
-- projections and queries, with filters of every answer, custom responses,
-- out tables, callbacks that change the World, bad arguments), and every
-- result must be the same, bit for bit: numbers of the same value, sign of
-- zero and subtype (integer or float under Lua 5.3 and 5.4), tables field
-- by field, items by identity, error messages word for word.
local impact = require "impact"
-- (the backend first: it is built once per Lua state, and gives back its
-- own World module, whose shapes are the ones it makes)
local pureshapes = require "impact.pure"
local pure = require "impact.pure.world"
local parts = require "impact.bump"  -- rect and responses of the native backend here

local random = require("helpers").random
local unpack = unpack or table.unpack
local mathtype = math.type or function() return "float" end

local function show(v)
  if type(v) == "number" then return ("%.17g (%s)"):format(v, mathtype(v)) end
  return tostring(v)
end

-- Items are tables that print as "item<n>"; they compare by identity.
local Item = { __tostring = function(t) return "item" .. t.id end }

-- The first difference between a (native) and b (pure), or nil.
local function diff(a, b, seen)
  if type(a) ~= type(b) then
    return (": %s against %s"):format(show(a), show(b))
  end
  if type(a) == "number" then
    if mathtype(a) == mathtype(b) and
       (a == b and 1 / a == 1 / b or a ~= a and b ~= b) then
      return nil
    end
    return (": %s against %s"):format(show(a), show(b))
  end
  if type(a) ~= "table" or getmetatable(a) == Item or getmetatable(b) == Item then
    if rawequal(a, b) then return nil end
    return (": %s against %s"):format(show(a), show(b))
  end
  seen = seen or {}
  if seen[a] then return nil end
  seen[a] = true
  for k, v in pairs(a) do
    local d = diff(v, rawget(b, k), seen)
    if d then return "." .. tostring(k) .. d end
  end
  for k, v in pairs(b) do
    if rawget(a, k) == nil then return "." .. tostring(k) .. ": missing, pure has " .. show(v) end
  end
  return nil
end

-- Packs a call's results, or its error, for comparison.
local function results(ok, ...)
  return { ok = ok, n = select("#", ...), ... }
end

-- A random case: two worlds, native and pure, and the moves on them.
local CELLS = { 1, 3, 8, 12.5, 16, 32, 64, 100 }
local ORIGINS = { 0, 0, -1000, -123456, -987654321.5 }
local MODES = { "integer", "quarters", "tenths" }
local KINDS = { "touch", "cross", "slide", "bounce", "stop", false }

local function newCase(seed)
  local rnd = random(seed)
  local c = { rnd = rnd, seed = seed, items = {}, step = 0 }
  local mode = rnd.pick({ "integer", "quarters", "tenths", "mixed" })
  local ox, oy = rnd.pick(ORIGINS), rnd.pick(ORIGINS)
  function c.num(lo, hi)
    local m = mode == "mixed" and rnd.pick(MODES) or mode
    if m == "integer" then return rnd.range(lo, hi) end
    local k = m == "quarters" and 4 or 10
    return rnd.range(lo * k, hi * k) / k
  end
  function c.x(lo, hi) return ox + c.num(lo, hi) end
  function c.y(lo, hi) return oy + c.num(lo, hi) end
  function c.size() return c.num(1, 40) end
  local cell = rnd.int(5) == 0 and nil or rnd.pick(CELLS)
  c.cell = cell
  c.worlds = { native = impact.World(cell), pure = pure.World(cell) }
  c.outs = { native = {}, pure = {} }
  c.where = function(what)
    return ("seed %d (cell %s, %s), step %d: %s"):format(seed, show(cell), mode, c.step, what)
  end
  return c
end

-- Calls f(world, name, ...) for each World and compares what they give.
local function both(c, what, f, ...)
  c.step = c.step + 1
  -- no collection between the two: one would empty only the second's
  -- cells from countCells
  collectgarbage("stop")
  local n = results(pcall(f, c.worlds.native, "native", ...))
  local p = results(pcall(f, c.worlds.pure, "pure", ...))
  collectgarbage("restart")
  local d = diff(n, p)
  if d then assert(false, c.where(what) .. d) end
  return n
end

-- Calls the method, not in a tail call: a tail call to a Lua function
-- leaves no trace of its caller, so its errors could not say where they
-- come from.
local function call(w, _, method, ...)
  return results(true, w[method](w, ...))
end

-- A custom response that stops at the touch but goes on through
-- project, as bump's touch does, and registers under "stop".
local function stop(world, col, x, y, w, h, goalX, goalY, filter)
  local cols, len = world:project(col.item, x, y, w, h, col.touch.x, col.touch.y, filter)
  return col.touch.x, col.touch.y, cols, len
end

-- A filter for each World: nil, one answer for all, or one per other item;
-- now and then it changes its World (moves, removes or adds an item) from
-- inside the move, the same way in both.
local function newFilter(c)
  local rnd = c.rnd
  local choice = rnd.int(7)
  if choice == 0 then return nil end
  local answers = {}
  for _, item in ipairs(c.items) do answers[item] = rnd.pick(KINDS) end
  local one = rnd.pick(KINDS)
  local churn = choice == 6 and rnd.int(1000) + 1
  local calls = { native = 0, pure = 0 }
  local places = {}  -- where it moves items to: the same for both Worlds
  for i = 1, 8 do places[i] = { c.x(-100, 100), c.y(-100, 100) } end
  local function filter(name)
    return function(_, other)
      local w = c.worlds[name]
      calls[name] = calls[name] + 1
      if churn and (calls[name] * 7919 + churn) % 5 == 0 then
        local victim = c.items[(calls[name] * 31 + churn) % #c.items + 1]
        if w:hasItem(victim) then
          if calls[name] % 2 == 0 then w:remove(victim)
          else w:update(victim, unpack(places[calls[name] % 8 + 1])) end
        end
      end
      if choice <= 2 then return one end
      return answers[other]
    end
  end
  return { native = filter("native"), pure = filter("pure") }
end

local function filterOf(filters, name) return filters and filters[name] end

local function addItem(c, x, y, w, h)
  local item = setmetatable({ id = #c.items + 1 }, Item)
  c.items[#c.items + 1] = item
  both(c, "add", call, "add", item, x, y, w, h)
end

-- A shape item: the same shape made by each backend.
local function shapeOf(c)
  local rnd = c.rnd
  local x, y = c.x(-100, 100), c.y(-100, 100)
  local kind = rnd.pick({ "Circle", "Capsule", "Polygon", "OBB", "AABB" })
  local args
  if kind == "Circle" then args = { x, y, c.num(0, 12) }
  elseif kind == "Capsule" then
    args = { c.num(-10, 10), c.num(-10, 10), c.num(-10, 10), c.num(-10, 10), c.num(0, 6), x, y, rnd.range(-7, 7) / 2 }
  elseif kind == "Polygon" then
    local a, b = c.size() / 2, c.size() / 2
    args = { rnd.pick({ { -a, -b, a, -b, 0, b }, { -a, -b, a, -b, a, b, -a, b },
                        { 0, 0, a, 0, a, b } }), x, y, rnd.range(-7, 7) / 3 }
  elseif kind == "OBB" then args = { x, y, c.size() / 2, c.size() / 2, rnd.range(-7, 7) / 3 }
  else args = { x, y, c.size() / 2, c.size() / 2 } end
  return { native = impact[kind](unpack(args)), pure = pureshapes[kind](unpack(args)) }
end

local function addShape(c)
  local item = setmetatable({ id = #c.items + 1 }, Item)
  c.items[#c.items + 1] = item
  local shape = shapeOf(c)
  both(c, "add shape", function(w, name) return results(true, w:add(item, shape[name])) end)
  both(c, "getShape", function(w) return results(true, tostring(w:getShape(item))) end)
end

local function populate(c)
  local rnd = c.rnd
  if rnd.int(2) == 0 then
    for _ = 1, rnd.range(3, 20) do addShape(c) end
  end
  for _ = 1, rnd.range(10, 50) do addItem(c, c.x(-100, 100), c.y(-100, 100), c.size(), c.size()) end
  if rnd.int(3) == 0 then  -- a row of touching tiles
    local s, x0, y0 = rnd.pick({ 4, 8, 10, 16, 24.3 }), c.x(-100, 0), c.y(-100, 100)
    for i = 0, rnd.range(2, 12) do addItem(c, x0 + i * s, y0, s, s) end
  end
  if rnd.int(4) == 0 then  -- a long floor, too big for the cells when they are small
    addItem(c, c.x(-400, -100), c.y(-100, 100), c.num(200, 5000), c.size())
  end
  -- without custom responses, moves that no filter asks about take the
  -- core's all-slide path (then a filter's "stop" is an unknown response)
  if rnd.int(3) > 0 then both(c, "addResponse", call, "addResponse", "stop", stop) end
end

local function goal(c, x, y)
  local kind = c.rnd.int(10)
  if kind == 0 then return x, y end
  local reach = kind == 1 and 300 or 60
  local dx, dy = c.num(-reach, reach), c.num(-reach, reach)
  if kind == 2 then dx = 0 elseif kind == 3 then dy = 0 end
  return x + dx, y + dy
end

-- A bad value for an argument that wants a number.
local BAD = { "1", {}, 0 / 0, 1 / 0, -1 / 0, true }

local function moveStep(c)
  local rnd = c.rnd
  local item = rnd.pick(c.items)
  local x, y = c.x(-100, 100), c.y(-100, 100)
  local gx, gy = goal(c, x, y)
  local filters = newFilter(c)
  local useOut = rnd.int(2) == 0
  local method = rnd.pick({ "move", "move", "check", "project" })
  local r = rnd.int(40)
  if r == 0 then gx = rnd.pick(BAD) elseif r == 1 then gy = nil end
  local shape = rnd.int(4) == 0 and shapeOf(c)
  both(c, method .. " " .. tostring(item), function(w, name)
    local out = useOut and c.outs[name] or nil
    if method == "project" and shape then
      return results(true, w:project(item, shape[name], gx, gy, filterOf(filters, name), out))
    elseif method == "project" then
      return results(true, w:project(item, x, y, 12, 10, gx, gy, filterOf(filters, name), out))
    end
    return results(true, w[method](w, item, gx, gy, filterOf(filters, name), out))
  end)
  both(c, "getRect", call, "getRect", item)
  both(c, "getShape", function(w) return results(true, tostring(w:getShape(item))) end)
  if rnd.int(4) == 0 then
    local turning, angle = newFilter(c), c.num(-7, 7)
    both(c, "rotate " .. tostring(item), function(w, name)
      return results(true, w:rotate(item, angle, filterOf(turning, name), useOut and c.outs[name] or nil))
    end)
  end
  if rnd.int(4) == 0 then
    local pushing = newFilter(c)
    both(c, "push " .. tostring(item), function(w, name)
      return results(true, w:push(item, filterOf(pushing, name), useOut and c.outs[name] or nil))
    end)
  end
end

local function queryStep(c)
  local rnd = c.rnd
  local kind = rnd.pick({ "queryRect", "queryPoint", "querySegment", "querySegmentWithCoords" })
  local keep = rnd.int(3)
  local filter = keep > 0 and function(item) return item.id % (keep + 1) ~= 0 end or nil
  local useOut = rnd.int(2) == 0
  local a, b = c.x(-150, 150), c.y(-150, 150)
  local p, q = c.x(-150, 150), c.y(-150, 150)
  if kind == "queryRect" then p, q = c.size() * 3, c.size() * 3 end
  if rnd.int(30) == 0 then p = rnd.pick(BAD) end
  local shape = rnd.int(3) == 0 and shapeOf(c)
  if rnd.int(4) == 0 then
    local vx, vy, gx, gy = c.num(-150, 150), c.num(-150, 150), c.num(-100, 100), c.num(0, 300)
    both(c, "queryArc", function(w, name)
      return results(true, w:queryArc(a, b, vx, vy, gx, gy, filter, useOut and c.outs[name] or nil))
    end)
    return
  end
  both(c, kind, function(w, name)
    local out = useOut and c.outs[name] or nil
    if shape then return results(true, w:queryShape(shape[name], filter, out)) end
    if kind == "queryPoint" then return results(true, w:queryPoint(a, b, filter, out)) end
    return results(true, w[kind](w, a, b, p, q, filter, out))
  end)
end

local function churnStep(c)
  local rnd = c.rnd
  local item = rnd.pick(c.items)
  local choice = rnd.int(4)
  if choice == 0 then
    both(c, "remove", call, "remove", item)
  elseif choice == 1 then
    both(c, "update", call, "update", item, c.x(-120, 120), c.y(-120, 120))
  elseif choice == 2 then
    both(c, "update with size", call, "update", item, c.x(-120, 120), c.y(-120, 120),
         rnd.int(6) == 0 and c.num(200, 5000) or c.size(), c.size())
  else
    addItem(c, c.x(-120, 120), c.y(-120, 120), c.size(), c.size())
  end
end

local function inspectStep(c)
  local rnd = c.rnd
  local x, y = c.x(-1000, 1000), c.y(-1000, 1000)
  local item = rnd.pick(c.items)
  -- countCells counts an emptied cell until a collection has run, and
  -- whether one has depends on each backend's own garbage (under LuaJIT,
  -- also on what compiled code still holds): after a full one, neither
  -- counts it.
  collectgarbage()
  both(c, "inspect", function(w)
    local _, n = w:getItems()
    return n, w:countItems(), w:countCells(), w:hasItem(item),
           w:toCell(x, y), w:toWorld(3, -2), w.cellSize, tostring(w)
  end)
  -- bump's introspection snapshots (not with tiny cells: too many)
  if c.cell and c.cell >= 8 then both(c, "rows and rects", function(w)
    local names = {}
    for name in pairs(w.responses) do names[#names + 1] = name end
    table.sort(names)
    return results(true, w.rows, w.rects, table.concat(names, " "))
  end) end
  both(c, "getItems", function(w)
    local items = w:getItems()
    return items
  end)
end

local STEPS = { moveStep, moveStep, moveStep, queryStep, queryStep, churnStep, inspectStep }

describe("the pure-Lua World against the native one, in one process #native", function()
  it("matches the native World bit for bit over random worlds, moves, queries and callbacks", function()
    local calls = 0
    for seed = 1, 40 do
      local c = newCase(seed)
      populate(c)
      for _ = 1, 120 do
        c.rnd.pick(STEPS)(c)
      end
      calls = calls + c.step
    end
    assert.is_true(calls > 5000, "enough calls compared")
  end)

  it("gives the native World's errors for bad arguments, word for word", function()
    local c = newCase(7)
    local item = setmetatable({ id = 1 }, Item)
    c.items[1] = item
    local cases = {
      function(w) w:add(item, 0, 0, 10, 10) end,
      function(w) w:add(item, 0, 0, 10, 10) end,       -- added twice
      function(w) w:add(nil, 0, 0, 10, 10) end,
      function(w) w:add(0 / 0, 0, 0, 10, 10) end,
      function(w) w:add({}, 0, 0, 0, 10) end,
      function(w) w:add({}, 0, 0, 10) end,
      function(w) w:add({}, "0", 0, 10, 10) end,
      function(w) w:add({}, 1 / 0, 0, 10, 10) end,
      function(w) w:add({}, 0, -1 / 0, 10, 10) end,
      function(w) w.add() end,
      function(w) w.add(nil) end,
      function(w) w.add({}, {}, 1, 1, 1, 1) end,
      function(w) w:update({}, 0, 0) end,
      function(w) w:update(item, 0) end,
      function(w) w:update(item, 0, 0, -1) end,
      function(w) w:update(item, 5, 6, nil, 3) end,
      function(w) w:getRect(item) end,
      function(w) w:remove({}) end,
      function(w) w:move({}, 0, 0) end,
      function(w) w:move(item, 0) end,
      function(w) w:move(item, 0, 0, 5) end,
      function(w) w:move(item, 0, 0, nil, 5) end,
      function(w) w:move(item, 0, 0, function() return true end) end,
      function(w) w:move(item, 50, 0, function() return 3 end) end,
      function(w) w:check(item, 0, 0, {}) end,
      function(w) w:project(item, 0, 0, 1) end,
      function(w) w:project(item, 0, 0, 1, 1, "x") end,
      function(w) w:queryRect(0, 0, 1) end,
      function(w) w:queryRect() end,
      function(w) w:queryPoint(0) end,
      function(w) w:queryPoint(0, 0, 1) end,
      function(w) w:querySegment(0, 0, 1) end,
      function(w) w:querySegmentWithCoords(0, 0, 1, 1, nil, 1) end,
      function(w) w:toCell(0) end,
      function(w) w:toWorld() end,
      function(w) w.toCell() end,
      function(w) w:addResponse(nil, print) end,
      function(w) w:addResponse("x", 1) end,
      function(w) w.cellSize = 1 end,
      function(w) w.rows = 1 end,
      function(w) w.responses = {} end,
      function(w) w.countItems({}) end,
      function(w) w:remove(item) end,
      function(w) w:getRect(item) end,
    }
    both(c, "add a wall", call, "add", "wall", 20, 0, 10, 10)
    for i, f in ipairs(cases) do both(c, "bad argument case " .. i, f) end
  end)

  it("refuses nil and NaN field names with the native World's error (PUC Lua 5.1 tables refuse them first)", function()
    local c = newCase(3)
    if _VERSION == "Lua 5.1" and not jit then
      assert.has_error(function() c.worlds.pure[nil] = 1 end, "table index is nil")
      assert.has_error(function() c.worlds.pure[0 / 0] = 1 end, "table index is NaN")
    else
      both(c, "nil field name", function(w) w[nil] = 1 end)
      both(c, "NaN field name", function(w) w[0 / 0] = 1 end)
    end
  end)

  it("gives bump.rect's and bump.responses' answers and errors", function()
    local c = newCase(11)
    local rnd = c.rnd
    local rect = { native = parts.rect, pure = pure.rect }
    local responses = { native = parts.responses, pure = pure.responses }
    for _ = 1, 3000 do
      local a = { c.x(-50, 50), c.y(-50, 50), c.size(), c.size() }
      local b = { c.x(-50, 50), c.y(-50, 50), c.size(), c.size() }
      local gx, gy = c.x(-80, 80), c.y(-80, 80)
      local f = rnd.pick({ "getNearestCorner", "getSegmentIntersectionIndices", "getDiff",
                           "containsPoint", "isIntersecting", "getSquareDistance",
                           "detectCollision" })
      local args = { a[1], a[2], a[3], a[4], b[1], b[2], b[3], b[4], gx, gy }
      if f == "getSegmentIntersectionIndices" and rnd.int(2) == 0 then args[9], args[10] = -1 / 0, 1 / 0 end
      if rnd.int(25) == 0 then args[rnd.range(1, 10)] = rnd.pick({ "7", "x", {}, nil }) end
      both(c, "rect." .. f, function(_, name)
        return results(true, rect[name][f]((unpack or table.unpack)(args, 1, 10)))
      end)
    end
    both(c, "add", call, "add", "mover", 0, 0, 10, 10)
    both(c, "add", call, "add", "wall", 20, 0, 10, 10)
    for _, r in ipairs({ "touch", "cross", "slide", "bounce" }) do
      both(c, "responses." .. r, function(w, name)
        local _, _, cols = w:check("mover", 40, 5, function() return "touch" end)
        return results(true, responses[name][r](w, cols[1], 0, 0, 10, 10, 40, 5))
      end)
      both(c, "responses." .. r .. " with a bad goal", function(w, name)
        responses[name][r](w, { touch = { x = 1, y = 2 }, move = { x = 1, y = 0 },
                                normal = { x = -1, y = 0 } }, 0, 0, 10, 10, "x")
      end)
      both(c, "responses." .. r .. " without a collision", function(w, name)
        responses[name][r](w)
      end)
      both(c, "responses." .. r .. " without a World", function(_, name)
        responses[name][r](5, {})
      end)
    end
  end)
end)
