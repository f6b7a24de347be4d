-- impact's World against bumpref, a plain-Lua world with bump.lua 3.1.7's
-- rules that scans every item: the same random worlds, moves and queries
-- must give the same answers, number for number. Everything is drawn from
-- a small LCG, so every Lua sees the same cases.
local bump = require "impact.bump"
local bumpref = require "bumpref"

local random = require("helpers").random

local function show(v)
  if type(v) == "number" then return ("%.17g"):format(v) end
  return tostring(v)
end

-- Items are tables that print as "item<n>"; they compare by identity.
local Item = { __tostring = function(t) return "item" .. t.id end }
local function isItem(v) return getmetatable(v) == Item end

-- The first difference between a (impact's) and b (the reference's):
-- tables field by field, with the same keys; numbers exactly (==); items
-- by identity. Nil when there is none.
local function diff(a, b)
  if type(a) == "table" and type(b) == "table" and not isItem(a) and not isItem(b) then
    for k, v in pairs(a) do
      local d = diff(v, b[k])
      if d then return "." .. tostring(k) .. d end
    end
    for k, v in pairs(b) do
      if a[k] == nil then return "." .. tostring(k) .. ": missing, expected " .. show(v) end
    end
    return nil
  end
  if type(a) == "number" and type(b) == "number" then
    if a == b then return nil end
  elseif rawequal(a, b) then
    return nil
  end
  return (": got %s, expected %s"):format(show(a), show(b))
end

-- Fails with the difference and where it came from (a function that
-- describes the case, called only on failure).
local function same(a, b, where, what)
  local d = diff(a, b)
  if d then assert(false, where() .. ": " .. (what or "") .. d) end
end

local MODES = { "integer", "quarters", "tenths" }

-- A number in [lo, hi]: an integer, a multiple of 1/4 or one of 1/10.
local function num(rnd, mode, lo, hi)
  if mode == "mixed" then mode = rnd.pick(MODES) end
  if mode == "integer" then return rnd.range(lo, hi) end
  local k = mode == "quarters" and 4 or 10
  return rnd.range(lo * k, hi * k) / k
end

-- A random world, the same in impact and in the reference: items of sizes
-- 1 to 40 scattered (many overlap) around an origin that may be far in the
-- negatives, sometimes a row of touching tiles and sometimes a long floor.
local CELLS = { 1, 3, 8, 12.5, 16, 32, 64, 100 }
local ORIGINS = { 0, 0, -1000, -123456, -987654321.5 }

local function newCase(seed)
  local rnd = random(seed)
  local c = {
    rnd = rnd, seed = seed, cell = rnd.pick(CELLS),
    mode = rnd.pick({ "integer", "quarters", "tenths", "mixed" }),
    ox = rnd.pick(ORIGINS), oy = rnd.pick(ORIGINS), items = {}, kept = {},
  }
  -- impact's out table argument: none, or a table kept across calls
  function c.out() if rnd.int(2) == 0 then return c.kept end end
  c.world, c.ref = bump.newWorld(c.cell), bumpref.newWorld()
  function c.add(x, y, w, h)
    local item = setmetatable({ id = #c.items + 1 }, Item)
    c.items[#c.items + 1] = item
    c.world:add(item, x, y, w, h)
    c.ref:add(item, x, y, w, h)
    return item
  end
  function c.coord(axis, lo, hi)
    return (axis == "x" and c.ox or c.oy) + num(rnd, c.mode, lo, hi)
  end
  function c.size() return num(rnd, c.mode, 1, 40) end
  for _ = 1, rnd.range(10, 50) do
    c.add(c.coord("x", -100, 100), c.coord("y", -100, 100), c.size(), c.size())
  end
  if rnd.int(3) == 0 then
    local s, x0, y0 = rnd.pick({ 4, 8, 10, 16 }), c.coord("x", -100, 0), c.coord("y", -100, 100)
    for i = 0, rnd.range(2, 12) do c.add(x0 + i * s, y0, s, s) end
  end
  if rnd.int(4) == 0 then  -- a long floor: with small cells, too big for the grid's cells
    c.add(c.coord("x", -400, -100), c.coord("y", -100, 100), num(rnd, c.mode, 200, 5000), c.size())
  end
  c.where = function(step, op)
    return ("seed %d (cell %s, %s, origin %s %s), step %d: %s"):format(
      seed, show(c.cell), c.mode, show(c.ox), show(c.oy), step, op)
  end
  return c
end

-- A filter for a move, and what it is: nil (bump's default, slide), one
-- answer for every item, or an answer per item among the four responses,
-- nil and false. Filters answer by the other item only, so that how often
-- they are called does not matter.
local KINDS = { "touch", "cross", "slide", "bounce" }

local function newFilter(c)
  local rnd = c.rnd
  local choice = rnd.int(6)
  if choice == 0 then return nil, "no filter" end
  if choice <= 2 then
    local k = rnd.pick(KINDS)
    return function() return k end, "all " .. k
  end
  local answers, names = {}, {}
  local options = { "touch", "cross", "slide", "bounce", "nil", "false" }
  for i, item in ipairs(c.items) do
    local a = rnd.pick(options)
    names[i] = a
    if a == "false" then answers[item] = false elseif a ~= "nil" then answers[item] = a end
  end
  return function(_, other) return answers[other] end,
         "by item {" .. table.concat(names, ",") .. "}"
end

-- A goal for the item: a short step, one along an axis, none, or a long
-- jump that tunnels through items.
local function newGoal(c, x, y)
  local rnd, kind = c.rnd, c.rnd.int(10)
  if kind == 0 then return x, y end
  local reach = kind == 1 and 300 or 60
  local dx, dy = num(rnd, c.mode, -reach, reach), num(rnd, c.mode, -reach, reach)
  if kind == 2 then dx = 0 elseif kind == 3 then dy = 0 end
  return x + dx, y + dy
end

-- Sometimes the world changes between moves: an item is resized (now and
-- then to a long floor) and moved, or removed and another added.
local function churn(c)
  local rnd = c.rnd
  if rnd.int(20) ~= 0 then return end
  local item = rnd.pick(c.items)
  if not c.ref:hasItem(item) then return end
  if rnd.int(2) == 0 then
    local x, y, w, h = c.coord("x", -120, 120), c.coord("y", -120, 120), c.size(), c.size()
    if rnd.int(5) == 0 then x, w = x - 300, num(rnd, c.mode, 200, 5000) end
    c.world:update(item, x, y, w, h)
    c.ref:update(item, x, y, w, h)
  else
    c.world:remove(item)
    c.ref:remove(item)
    c.add(c.coord("x", -120, 120), c.coord("y", -120, 120), c.size(), c.size())
  end
end

local function liveItem(c)
  repeat
    local item = c.rnd.pick(c.items)
    if c.ref:hasItem(item) then return item end
  until false
end

local function args(...)
  local t = { ... }
  for i = 1, select("#", ...) do t[i] = show(t[i]) end
  return table.concat(t, ", ")
end

-- Collisions in a canonical order: by ti, distance, then the other item.
-- Runs method ("move" or "check") in both worlds and compares x, y, len
-- and every collision table. A tie in the reference's first collision is
-- an unspecified choice: not compared, and impact's item is put where the
-- reference's went. Returns whether it was a tie, and impact's cols, len.
local function both(c, method, item, gx, gy, filter, where, worldFilter)
  local rx, ry, rcols, rlen, tie = c.ref[method](c.ref, item, gx, gy, filter)
  local x, y, cols, len = c.world[method](c.world, item, gx, gy, worldFilter or filter, c.out())
  if tie then
    if method == "move" then c.world:update(item, rx, ry) end
    return true, cols, len
  end
  same({ x = x, y = y, len = len, n = #cols }, { x = rx, y = ry, len = rlen, n = rlen }, where)
  same(cols, rcols, where, "cols")
  return false, cols, len
end

local function canonical(cols, len)
  local copy = {}
  for i = 1, len do copy[i] = cols[i] end
  table.sort(copy, function(a, b)
    if a.ti ~= b.ti then return a.ti < b.ti end
    local da, db = bumpref.distance(a), bumpref.distance(b)
    if da ~= db then return da < db end
    return a.other.id < b.other.id
  end)
  return copy
end

local WORLDS = 80
local STEPS = 80

describe("World against the reference (bumpref)", function()
  it("move gives the same x, y, len and every field of every collision table, item positions after", function()
    local moves, skipped, collisions = 0, 0, 0
    local seen = { overlaps = 0, many = 0 }  -- what the cases cover (many: 3 or more collisions)
    for seed = 1, WORLDS do
      local c = newCase(seed)
      for step = 1, STEPS do
        churn(c)
        local item = liveItem(c)
        local filter, fdesc = newFilter(c)
        local gx, gy = newGoal(c, c.ref:getRect(item))
        local where = function()
          return c.where(step, ("move(%s, %s, %s)"):format(tostring(item), args(gx, gy), fdesc))
        end
        local tie, cols, len = both(c, "move", item, gx, gy, filter, where)
        moves = moves + 1
        if tie then
          skipped = skipped + 1
        else
          collisions = collisions + len
          for i = 1, len do
            local k = cols[i].type
            seen[k] = (seen[k] or 0) + 1
            if cols[i].overlaps then seen.overlaps = seen.overlaps + 1 end
          end
          if len >= 3 then seen.many = seen.many + 1 end
        end
        same({ c.world:getRect(item) }, { c.ref:getRect(item) }, where, "getRect")
      end
      for _, item in ipairs(c.items) do
        assert.are.equal(c.ref:hasItem(item), c.world:hasItem(item))
        if c.ref:hasItem(item) then
          same({ c.world:getRect(item) }, { c.ref:getRect(item) }, function() return c.where(STEPS, "end") end)
        end
      end
      assert.are.equal(c.ref:countItems(), c.world:countItems())
    end
    assert.is_true(collisions > moves, "the cases collide: " .. collisions .. " collisions")
    for _, k in ipairs({ "touch", "cross", "slide", "bounce", "overlaps", "many" }) do
      assert.is_true((seen[k] or 0) > moves / 20, "the cases cover " .. k)
    end
    assert.is_true(skipped <= moves / 50, ("ties skipped %d of %d moves"):format(skipped, moves))
  end)

  it("check gives the same x, y, len and collision tables and moves nothing", function()
    local checks, skipped = 0, 0
    for seed = 101, 100 + WORLDS do
      local c = newCase(seed)
      for step = 1, STEPS / 2 do
        churn(c)
        local item = liveItem(c)
        local filter, fdesc = newFilter(c)
        local gx, gy = newGoal(c, c.ref:getRect(item))
        local where = function()
          return c.where(step, ("check(%s, %s, %s)"):format(tostring(item), args(gx, gy), fdesc))
        end
        local before = { c.world:getRect(item) }
        checks = checks + 1
        if both(c, "check", item, gx, gy, filter, where) then skipped = skipped + 1 end
        same({ c.world:getRect(item) }, before, where, "getRect")
        -- and a move to somewhere nearby, so that the checks start anywhere
        local mx, my = newGoal(c, c.ref:getRect(item))
        c.ref:update(item, mx, my)
        c.world:update(item, mx, my)
      end
    end
    assert.is_true(skipped <= checks / 50, ("ties skipped %d of %d checks"):format(skipped, checks))
  end)

  -- impact tells visited items apart by id until a move has visited 32 or
  -- an item has been removed, then by value.
  it("move agrees through more than 32 items, and when the filter removes an item on the way", function()
    local moves, skipped, long = 0, 0, 0
    for seed = 601, 600 + WORLDS / 4 do
      local c = newCase(seed)
      local rnd = c.rnd
      local s, x0, y0 = rnd.pick({ 2, 3.5, 5, 8 }), c.coord("x", -150, -100), c.coord("y", -50, 50)
      local n = rnd.range(34, 70)
      for i = 0, n - 1 do c.add(x0 + i * s, y0, s, s) end
      local far = { id = "far" }  -- in impact's world only, never reached
      for step = 1, 10 do
        local item = liveItem(c)
        local _, _, w, h = c.ref:getRect(item)
        local sx, sy = x0 - w - num(rnd, c.mode, 0, 20), y0 + num(rnd, c.mode, -h, s)
        local gx, gy = x0 + n * s + num(rnd, c.mode, 0, 40), sy + num(rnd, c.mode, -2, 2)
        if rnd.int(2) == 0 then sx, gx = gx, sx end
        c.ref:update(item, sx, sy)
        c.world:update(item, sx, sy)
        local answers, names, crossing = {}, {}, rnd.int(2) == 0
        for i, other in ipairs(c.items) do
          if crossing then answers[other] = rnd.int(10) > 0 and "cross"
          else answers[other] = rnd.int(30) > 0 and "cross" or rnd.pick({ "touch", "slide", "bounce" }) end
          names[i] = tostring(answers[other])
        end
        local function filter(_, other) return answers[other] end
        local removing = rnd.int(2) == 0
        if not c.world:hasItem(far) then c.world:add(far, 1e6, 1e6, 1, 1) end
        local function worldFilter(itm, other)
          if removing and c.world:hasItem(far) then c.world:remove(far) end
          return filter(itm, other)
        end
        local where = function()
          return c.where(step, ("move(%s, %s) from %s, %s, by item {%s}%s"):format(tostring(item), args(gx, gy),
            show(sx), show(sy), table.concat(names, ","), removing and ", removing an item" or ""))
        end
        local tie, _, len = both(c, "move", item, gx, gy, filter, where, worldFilter)
        moves = moves + 1
        if tie then skipped = skipped + 1
        elseif len > 32 then long = long + 1 end
      end
    end
    assert.is_true(long > moves / 4, ("%d of %d moves hit more than 32 items"):format(long, moves))
    assert.is_true(skipped <= moves / 20, ("ties skipped %d of %d moves"):format(skipped, moves))
  end)

  it("project gives the same collisions, sorted by ti then distance, for items in the world or not", function()
    for seed = 201, 200 + WORLDS do
      local c = newCase(seed)
      for step = 1, STEPS / 2 do
        churn(c)
        local rnd = c.rnd
        local choice, item = rnd.int(3), nil
        if choice == 0 then item = liveItem(c) elseif choice == 1 then item = setmetatable({ id = 0 }, Item) end
        local x, y, w, h = c.coord("x", -120, 120), c.coord("y", -120, 120), c.size(), c.size()
        if item and choice == 0 and rnd.int(2) == 0 then x, y, w, h = c.ref:getRect(item) end
        local gx, gy = newGoal(c, x, y)
        local filter, fdesc = newFilter(c)
        local where = function()
          return c.where(step, ("project(%s, %s, %s)"):format(tostring(item), args(x, y, w, h, gx, gy), fdesc))
        end
        local rcols, rlen = c.ref:project(item, x, y, w, h, gx, gy, filter)
        local cols, len = c.world:project(item, x, y, w, h, gx, gy, filter, c.out())
        same({ len = len, n = #cols }, { len = rlen, n = rlen }, where)
        for i = 2, len do  -- impact's own order
          local a, b = cols[i - 1], cols[i]
          assert(a.ti < b.ti or (a.ti == b.ti and bumpref.distance(a) <= bumpref.distance(b)),
                 where() .. ": not sorted at " .. i)
        end
        same(canonical(cols, len), canonical(rcols, rlen), where, "cols (canonical order)")
      end
    end
  end)

  -- A point or segment end: anywhere, or on or next to an item's edge, as
  -- far inside or outside as bump's margin (1e-10) and a little more or less.
  local NUDGES = { 0, 0, 1e-10, -1e-10, 5e-11, -5e-11, 2e-10, -2e-10 }
  local function point(c)
    local rnd = c.rnd
    if rnd.int(2) == 0 then return c.coord("x", -150, 150), c.coord("y", -150, 150) end
    local x, y, w, h = c.ref:getRect(liveItem(c))
    local px = rnd.pick({ x, x + w, x + w / 2 }) + rnd.pick(NUDGES)
    local py = rnd.pick({ y, y + h, y + h / 2 }) + rnd.pick(NUDGES)
    return px, py
  end

  local function queryFilter(c)
    if c.rnd.int(3) > 0 then return nil, "no filter" end
    local keep, names = {}, {}
    for i, item in ipairs(c.items) do
      keep[item] = c.rnd.int(3) > 0
      names[i] = keep[item] and 1 or 0
    end
    return function(item) return keep[item] end, "keeping {" .. table.concat(names) .. "}"
  end

  local function byId(list, len)
    local copy = {}
    for i = 1, len do copy[i] = list[i] end
    table.sort(copy, function(a, b) return (a.item or a).id < (b.item or b).id end)
    return copy
  end

  it("queryRect and queryPoint find the same items, edges and bump's margin included", function()
    local found = 0
    for seed = 301, 300 + WORLDS do
      local c = newCase(seed)
      for step = 1, STEPS do
        churn(c)
        local filter, fdesc = queryFilter(c)
        local x, y = point(c)
        local w, h = c.size(), c.size()
        local where = function() return c.where(step, ("queryRect(%s, %s)"):format(args(x, y, w, h), fdesc)) end
        local items, len = c.world:queryRect(x, y, w, h, filter, c.out())
        local ritems, rlen = c.ref:queryRect(x, y, w, h, filter)
        same({ len, #items }, { rlen, rlen }, where)
        same(byId(items, len), byId(ritems, rlen), where, "items")
        found = found + len
        x, y = point(c)
        where = function() return c.where(step, ("queryPoint(%s, %s)"):format(args(x, y), fdesc)) end
        items, len = c.world:queryPoint(x, y, filter, c.out())
        ritems, rlen = c.ref:queryPoint(x, y, filter)
        same({ len, #items }, { rlen, rlen }, where)
        same(byId(items, len), byId(ritems, rlen), where, "items")
        found = found + len
      end
    end
    assert.is_true(found > WORLDS * STEPS, "the queries find items: " .. found)
  end)

  -- A segment: between two points, along an axis (often an item's edge),
  -- or of length zero.
  local function segment(c)
    local x1, y1 = point(c)
    local kind = c.rnd.int(8)
    if kind == 0 then return x1, y1, x1, y1 end
    local x2, y2 = point(c)
    if kind == 1 then return x1, y1, x2, y1 end
    if kind == 2 then return x1, y1, x1, y2 end
    return x1, y1, x2, y2
  end

  -- The items of list (len of them, in impact's order) are those of the
  -- reference's list, in the same order where the reference's weights (the
  -- order along the line) differ, in any order among equal weights.
  local function sameAlong(list, len, rlist, rlen, weights, where)
    same({ len, #list }, { rlen, rlen }, where)
    local i = 1
    while i <= rlen do
      local j = i
      while j < rlen and weights[j + 1] == weights[i] do j = j + 1 end
      local a, b = {}, {}
      for k = i, j do a[#a + 1], b[#b + 1] = list[k], rlist[k] end
      same(byId(a, #a), byId(b, #b), where, ("entries %d..%d"):format(i, j))
      i = j + 1
    end
  end

  it("querySegment finds the same items in the same order along the segment", function()
    local found = 0
    for seed = 401, 400 + WORLDS do
      local c = newCase(seed)
      for step = 1, STEPS do
        churn(c)
        local filter, fdesc = queryFilter(c)
        local x1, y1, x2, y2 = segment(c)
        local where = function() return c.where(step, ("querySegment(%s, %s)"):format(args(x1, y1, x2, y2), fdesc)) end
        local items, len = c.world:querySegment(x1, y1, x2, y2, filter, c.out())
        local ritems, rlen, weights = c.ref:querySegment(x1, y1, x2, y2, filter)
        sameAlong(items, len, ritems, rlen, weights, where)
        found = found + len
      end
    end
    assert.is_true(found > WORLDS * STEPS, "the segments cross items: " .. found)
  end)

  it("querySegmentWithCoords gives the same items, ti1, ti2 and entry and exit points", function()
    for seed = 501, 500 + WORLDS do
      local c = newCase(seed)
      for step = 1, STEPS do
        churn(c)
        local filter, fdesc = queryFilter(c)
        local x1, y1, x2, y2 = segment(c)
        local where = function()
          return c.where(step, ("querySegmentWithCoords(%s, %s)"):format(args(x1, y1, x2, y2), fdesc))
        end
        local info, len = c.world:querySegmentWithCoords(x1, y1, x2, y2, filter, c.out())
        local rinfo, rlen, weights = c.ref:querySegmentWithCoords(x1, y1, x2, y2, filter)
        sameAlong(info, len, rinfo, rlen, weights, where)
      end
    end
  end)

  local function pack(...) return { n = select("#", ...), ... } end

  it("bump.rect's functions return what the reference's return", function()
    local rect, ref, calls = bump.rect, bumpref.rect, 0
    local SPANS = { {}, { 0, 1 }, { -math.huge, math.huge }, { -math.huge, 1 }, { 0.25, 0.5 } }
    local function compare(c, step, name, ...)
      local a, b = pack(rect[name](...)), pack(ref[name](...))
      local given = pack(...)
      same(a, b, function()
        return c.where(step, ("rect.%s(%s)"):format(name, args((unpack or table.unpack)(given, 1, given.n))))
      end)
      calls = calls + 1
    end
    for seed = 701, 700 + WORLDS do
      local c = newCase(seed)
      for step = 1, STEPS do
        local x, y, w, h = c.ref:getRect(liveItem(c))
        local x2, y2, w2, h2 = c.ref:getRect(liveItem(c))
        local px, py = point(c)
        local sx1, sy1, sx2, sy2 = segment(c)
        local span = c.rnd.pick(SPANS)
        local gx, gy = newGoal(c, x, y)
        compare(c, step, "getNearestCorner", x, y, w, h, px, py)
        compare(c, step, "getSegmentIntersectionIndices", x, y, w, h, sx1, sy1, sx2, sy2, span[1], span[2])
        compare(c, step, "getDiff", x, y, w, h, x2, y2, w2, h2)
        compare(c, step, "containsPoint", x, y, w, h, px, py)
        compare(c, step, "isIntersecting", x, y, w, h, x2, y2, w2, h2)
        compare(c, step, "getSquareDistance", x, y, w, h, x2, y2, w2, h2)
        compare(c, step, "detectCollision", x, y, w, h, x2, y2, w2, h2, gx, gy)
        compare(c, step, "detectCollision", x, y, w, h, x2, y2, w2, h2)
      end
    end
    assert.is_true(calls > 0)
  end)

  it("bump.responses, registered under other names, give what the reference's give", function()
    local moves, skipped = 0, 0
    for seed = 801, 800 + WORLDS / 2 do
      local c = newCase(seed)
      for _, name in ipairs(KINDS) do
        c.world:addResponse("my" .. name, bump.responses[name])
        c.ref:addResponse("my" .. name, bumpref.responses[name])
      end
      for step = 1, STEPS / 2 do
        local item = liveItem(c)
        local answers, names = {}, {}
        for i, other in ipairs(c.items) do
          answers[other] = c.rnd.pick({ "mytouch", "mycross", "myslide", "mybounce", "slide", false })
          names[i] = tostring(answers[other])
        end
        local function filter(_, other) return answers[other] end
        local gx, gy = newGoal(c, c.ref:getRect(item))
        local where = function()
          return c.where(step, ("move(%s, %s, by item {%s})"):format(tostring(item), args(gx, gy), table.concat(names, ",")))
        end
        moves = moves + 1
        if both(c, "move", item, gx, gy, filter, where) then skipped = skipped + 1 end
      end
    end
    assert.is_true(skipped <= moves / 50, ("ties skipped %d of %d moves"):format(skipped, moves))
  end)
end)
