-- The World in plain Lua: the native World's API and answers (src/world*.c)
-- on the same grid (impact/pure/grid.lua) and rectangle rules
-- (impact/pure/rect.lua). This file holds the World object, its items and
-- fields; worldmove.lua moves items and worldquery.lua queries them.
--
-- A World is a table that holds only the fields scripts set (so they come
-- before its methods, as on bump's world tables); its state lives in a
-- weak-keyed table, out of scripts' reach. The state is the grid, with
-- items (id -> item), ids (item -> id), and the counts that tell callbacks'
-- changes: removals and changes.
local grid = require "impact.pure.grid"
local cols = require "impact.pure.cols"
local gccycles = require "impact.pure.gccycles"
local object = require "impact.pure.object"
local worldshape = require "impact.pure.worldshape"
local hullcore = require "impact.pure.core.hull"
local shapes = require "impact.pure.shapes"

local type, rawget, rawset, select, setmetatable =
      type, rawget, rawset, select, setmetatable
local floor = math.floor
local format = string.format
local getmetatable = debug.getmetatable
local tointeger = math.tointeger or function(v) return v end

local checknumber, argerror, typeerror, typename =
      object.checknumber, object.argerror, object.typeerror, object.typename

-- Under LuaJIT, moves compile to more traces and machine code than the
-- JIT's default limits hold (1000 traces, 512 KB). At those it flushes
-- every trace, the game's too, every few thousand moves and compiles them
-- all again, at half the speed and with garbage. So the pure backend
-- raises the limits; a game that sets its own does so after requiring it.
if jit and jit.opt then jit.opt.start("maxtrace=4000", "maxmcode=16384") end

local World = {}
local states = setmetatable({}, { __mode = "k" })
local meta = {}

-- The internals that worldmove.lua and worldquery.lua share.
local internal = { states = states }

-- A pool of scratch tables: take() one out (made by make when the pool is
-- empty), give(s) it back after clear(s). Each move or query takes its own,
-- so that one run by a callback in the middle of another has its own.
function internal.pool(make, clear)
  local list, n = {}, 0
  local function take()
    if n == 0 then return make() end
    local s = list[n]
    list[n] = nil
    n = n - 1
    return s
  end
  local function give(s)
    clear(s)
    n = n + 1
    list[n] = s
  end
  return take, give
end

-- The state of the World w for the method fname (n: its argument count).
local function checkworld(w, fname, n)
  local g = states[w]
  if not g then typeerror(1, fname, "World", w, n) end
  return g
end
internal.checkworld = checkworld

local function checksize(narg, fname, v)
  v = checknumber(v, narg, fname, narg)
  if not (v > 0) then argerror(narg, fname, "positive size expected") end
  return v
end
internal.checksize = checksize

-- bump's rectangle arguments x, y, w, h from argument narg on (n: the
-- argument count): finite, w and h positive.
function internal.checkrect(narg, fname, n, x, y, w, h)
  x = checknumber(x, narg, fname, n)
  y = checknumber(y, narg + 1, fname, n)
  w = checknumber(w, narg + 2, fname, n)
  if not (w > 0) then argerror(narg + 2, fname, "positive size expected") end
  h = checknumber(h, narg + 3, fname, n)
  if not (h > 0) then argerror(narg + 3, fname, "positive size expected") end
  return x, y, w, h
end

-- Whether v can be called: a function, or a value with __call.
local function callable(v)
  if type(v) == "function" then return true end
  local mt = getmetatable(v)
  return mt ~= nil and rawget(mt, "__call") ~= nil
end
internal.callable = callable

-- An optional filter: nil, or anything callable.
function internal.optfilter(narg, fname, f)
  if f ~= nil and not callable(f) then
    typeerror(narg, fname, "function or nil", f, narg)
  end
  return f
end

-- An optional output table.
function internal.optout(narg, fname, out)
  if out ~= nil and type(out) ~= "table" then
    typeerror(narg, fname, "table or nil", out, narg)
  end
  return out
end

-- The value v is to be a table key: neither nil nor NaN.
local function checkkey(narg, fname, v, what)
  if v == nil or v ~= v then
    argerror(narg, fname, what .. " must not be nil or NaN")
  end
end

-- The id of the item, which must be in the World.
local function checkitem(g, item, fname)
  local id = g.ids[item]
  if not id then
    argerror(2, fname, typename(item) .. " item is not in the World")
  end
  return id
end
internal.checkitem = checkitem

-- As in bump.lua, whose cells are weak tables, a cell that empties counts
-- until the garbage collector ends a cycle: called before any step that
-- may empty cells, this forgets those emptied before the last cycle.
local function settle(g)
  local n = gccycles()
  if n ~= g.gcseen then
    grid.compact(g)
    g.gcseen = n
  end
end

-- Moves an item that is in the World; as in bump, a value equal to the old
-- one (-0 to 0) changes nothing.
local function put(g, id, x, y, w, h)
  if x == g.x[id] then x = g.x[id] end
  if y == g.y[id] then y = g.y[id] end
  if w == g.w[id] then w = g.w[id] end
  if h == g.h[id] then h = g.h[id] end
  g.changes = g.changes + 1
  settle(g)
  grid.update(g, id, x, y, w, h)
end
internal.put = put

-- Moves an item to (x, y): a shape item's pos.
local function moveto(g, id, x, y)
  local shape = g.shapes[id]
  if not shape then return put(g, id, x, y, g.w[id], g.h[id]) end
  local kind = g.kinds[id]
  shape = worldshape.copy(kind, shape)
  if x ~= shape["\0px"] then shape["\0px"] = x end  -- as put: -0 is 0
  if y ~= shape["\0py"] then shape["\0py"] = y end
  put(g, id, worldshape.rect(kind, shape))
  g.shapes[id] = shape
end

-- Ends a move or a push: item, which had id id when the World had made
-- changes changes, goes to (x, y). Callbacks may have moved or removed it
-- since: then it is looked up again.
function internal.arrive(g, id, item, changes, x, y)
  if g.changes ~= changes then id = g.ids[item] end
  if id then moveto(g, id, x, y) end
end

-- World(cellSize = 64)
local function new(_, ...)
  local size = ...
  if size == nil then size = 64.0 else size = checksize(1, "World", size) end
  local g = grid.new(size)
  g.items, g.ids = {}, {}
  g.removals, g.changes = 0, 0
  g.responses, g.hasresponses = {}, false
  -- shape items: id -> a copy of the shape, and its kind
  g.shapes, g.kinds, g.nshapes = {}, {}, 0
  -- collision and segment info tables left over from out tables
  g.colpool, g.infopool = cols.pool(), cols.pool()
  g.gcseen = gccycles()
  local w = setmetatable({}, meta)
  states[w] = g
  return w
end

-- world:add(item, x, y, w, h), or world:add(item, shape): the item is a
-- copy of the shape, kept in the grid by its bounds.
function World.add(...)
  local self, item, x, y, w, h = ...
  local g = checkworld(self, "add", select("#", ...))
  if g.ids[item] then
    argerror(2, "add", typename(item) .. " item added twice")
  end
  checkkey(2, "add", item, "item")
  local kind = shapes.kindof(x)
  local shape
  if kind then
    shape = worldshape.copy(kind, x)
    x, y, w, h = worldshape.rect(kind, shape)
  else
    x, y, w, h = internal.checkrect(3, "add", 6, x, y, w, h)
  end
  local id = grid.add(g, x, y, w, h)
  g.ids[item], g.items[id] = id, item
  if shape then
    g.shapes[id], g.kinds[id] = shape, kind
    g.nshapes = g.nshapes + 1
  end
  g.changes = g.changes + 1
  return item
end

-- A shape item turned to angle (an AABB does not turn, and a circle's turn
-- changes nothing).
local function turn(kind, shape, angle)
  if kind == "AABB" then
    if angle ~= 0 then argerror(5, "update", "an AABB item does not turn") end
  elseif kind ~= "Circle" then
    hullcore.setangle(shape, angle)
  end
end

-- world:update(item, x, y[, w, h]): moves the item, and resizes it when w
-- and h are given; a shape item's pos goes to (x, y), and it turns to the
-- angle when given.
function World.update(...)
  local self, item, x, y, w, h = ...
  local g = checkworld(self, "update", select("#", ...))
  local id = checkitem(g, item, "update")
  x = checknumber(x, 3, "update", 3)
  y = checknumber(y, 4, "update", 4)
  local shape = g.shapes[id]
  if shape then
    local kind = g.kinds[id]
    if w ~= nil then
      shape = worldshape.copy(kind, shape)
      turn(kind, shape, checknumber(w, 5, "update", 5))
      g.shapes[id] = shape
    end
    return moveto(g, id, x, y)
  end
  if w == nil then w = g.w[id] else w = checksize(5, "update", w) end
  if h == nil then h = g.h[id] else h = checksize(6, "update", h) end
  put(g, id, x, y, w, h)
end

-- A copy of the shape of item (a shape item of the World w) placed at
-- (x, y); nil for anything else.
function internal.shapeat(w, item, x, y)
  local g = states[w]
  local id = g.ids[item]
  local shape = id and g.shapes[id]
  if not shape then return nil end
  shape = worldshape.copy(g.kinds[id], shape)
  shape["\0px"], shape["\0py"] = x, y
  return shape
end

-- world:getShape(item[, out]) -> a copy of a shape item's shape (into out,
-- a shape of the same type, when given), or nil for a rectangle item.
function World.getShape(...)
  local self, item, out = ...
  local n = select("#", ...)
  local g = checkworld(self, "getShape", n)
  local id = checkitem(g, item, "getShape")
  local shape = g.shapes[id]
  if not shape then return nil end
  local kind = g.kinds[id]
  if out ~= nil then object.check(out, object.meta[kind], kind, 3, "getShape", n) end
  return worldshape.copy(kind, shape, out)
end

function World.remove(...)
  local self, item = ...
  local g = checkworld(self, "remove", select("#", ...))
  local id = checkitem(g, item, "remove")
  settle(g)
  grid.remove(g, id)
  g.ids[item], g.items[id] = nil, nil
  if g.shapes[id] then
    g.shapes[id], g.kinds[id] = nil, nil
    g.nshapes = g.nshapes - 1
  end
  g.removals = g.removals + 1
  g.changes = g.changes + 1
end

function World.getRect(...)
  local self, item = ...
  local g = checkworld(self, "getRect", select("#", ...))
  local id = checkitem(g, item, "getRect")
  return g.x[id], g.y[id], g.w[id], g.h[id]
end

function World.hasItem(...)
  local self, item = ...
  local g = checkworld(self, "hasItem", select("#", ...))
  return g.ids[item] ~= nil
end

function World.countItems(...)
  return checkworld((...), "countItems", select("#", ...)).count
end

-- Cells emptied count until the garbage collector ends a cycle (see
-- settle). Items too large for the grid occupy no cells.
function World.countCells(...)
  local g = checkworld((...), "countCells", select("#", ...))
  settle(g)
  return g.ncells
end

function World.getItems(...)
  local g = checkworld((...), "getItems", select("#", ...))
  local list, n, items, alive = {}, 0, g.items, g.alive
  for id = 1, g.nitems do
    if alive[id] then
      n = n + 1
      list[n] = items[id]
    end
  end
  return list, n
end

-- bump.lua numbers cells from 1: cell 1 starts at 0.
function World.toWorld(...)
  local self, cx, cy = ...
  local n = select("#", ...)
  local g = checkworld(self, "toWorld", n)
  cx = checknumber(cx, 2, "toWorld", n)
  cy = checknumber(cy, 3, "toWorld", n)
  return (cx - 1) * g.cell, (cy - 1) * g.cell
end

-- A cell index: an integer where it is one exactly.
local function cellindex(c)
  c = floor(c) * 1.0 + 1.0
  if c >= -9007199254740992 and c <= 9007199254740992 then return tointeger(c) end
  return c
end

function World.toCell(...)
  local self, x, y = ...
  local n = select("#", ...)
  local g = checkworld(self, "toCell", n)
  x = checknumber(x, 2, "toCell", n)
  y = checknumber(y, 3, "toCell", n)
  return cellindex(x / g.cell), cellindex(y / g.cell)
end

-- world:addResponse(name, response): response(world, col, x, y, w, h,
-- goalX, goalY, filter) -> goalX, goalY, cols, len, as in bump.lua.
function World.addResponse(...)
  local self, name, f = ...
  local g = checkworld(self, "addResponse", select("#", ...))
  checkkey(2, "addResponse", name, "response name")
  if not callable(f) then typeerror(3, "addResponse", "function", f, 3) end
  g.responses[name] = f
  g.hasresponses = true
end

-- bump.lua's introspection fields, as snapshots made on each read (as
-- src/worldview.c makes them): debugging tools such as bump_debug.lua read
-- them. rows[cy][cx] = {x = cx, y = cy, items = {[item] = true},
-- itemCount = n}, cells numbered from 1 as bump numbers them.
local views = {}

function views.rows(g)
  local rows, items = {}, g.items
  for i = 1, g.ncells do
    local c = g.cells[i]
    if c.n > 0 then
      local cx, cy = c.cx + 1.0, c.cy + 1.0
      local row = rows[cy]
      if not row then row = {}; rows[cy] = row end
      local set = {}
      for k = 1, c.n do set[items[c[k]]] = true end
      row[cx] = { x = cx, y = cy, itemCount = c.n, items = set }
    end
  end
  return rows
end

function views.rects(g)
  local rects = {}
  for id = 1, g.nitems do
    if g.alive[id] then
      rects[g.items[id]] = { x = g.x[id], y = g.y[id], w = g.w[id], h = g.h[id] }
    end
  end
  return rects
end

-- bump's four responses, then those added.
function views.responses(g)
  local list = {}
  for name, f in pairs(internal.responses) do list[name] = f end
  for name, f in pairs(g.responses) do list[name] = f end
  return list
end

-- Fields that scripts set are the table's own; then the methods, then
-- cellSize and the views.
function meta.__index(...)
  local w, k = ...
  local m = rawget(World, k)
  if m ~= nil then return m end
  local g = checkworld(w, "__index", select("#", ...))
  if k == "cellSize" then return g.cell end
  local view = type(k) == "string" and rawget(views, k)
  if view then return view(g) end
  return nil
end

-- The cell size is fixed at creation: the grid is laid out by it.
local READONLY = { cellSize = true, rows = true, rects = true, responses = true }

function meta.__newindex(...)
  local w, k, v = ...
  checkworld(w, "__newindex", select("#", ...))
  if type(k) == "string" and READONLY[k] then
    object.error("bad value for field '" .. k .. "' of World (read-only)")
  end
  checkkey(2, "__newindex", k, "field name")
  rawset(w, k, v)
end

function meta.__tostring(...)
  local w = ...
  local g = checkworld(w, "__tostring", select("#", ...))
  return "World(cellSize=" .. format("%.14g", g.cell) .. ", items=" ..
         format("%.14g", g.count) .. ")"
end

setmetatable(World, { __call = new })

require "impact.pure.worldmove"(World, internal)
require "impact.pure.worldquery"(World, internal)
require "impact.pure.worldpush"(World, internal)
require "impact.pure.worldrotate"(World, internal)

internal.responses = require "impact.pure.responses"(internal)

-- Whether v is a World: a table that has a World's metatable may have none
-- of its state.
local function isworld(v) return states[v] ~= nil end

return { World = World, isworld = isworld, rect = require "impact.pure.bumprect",
         responses = internal.responses }
