-- The World's uniform grid, as the native core has it (src/core/grid.c):
-- rectangles by integer id in square cells, with the same ids, the same
-- cells in the same order and the same candidates in the same order, so
-- that ties come out alike in both backends. Cells are looked up through
-- rows[cy][cx] and listed in creation order in cells; a cell once used
-- stays until compact, which runs by itself once most stored cells are
-- empty. Items too large for the grid, or too far out, are kept in a list
-- that every query includes.
--
-- A grid is a table of arrays by id (1-based): x, y, w, h, alive, the
-- cells an item occupies (l, t, r, b, or incells false) and its query mark.
local clip = require("impact.pure.core.clip").segment

local floor, ceil, abs, min, max = math.floor, math.ceil, math.abs, math.min, math.max
local sort = table.sort

local grid = {}

-- Cells beyond this index are never stored.
local MAXCELL = 1e15
-- Empty cells kept, beyond as many as occupied ones, before a new cell
-- compacts the grid.
local SPARECELLS = 1024
-- An item covering more cells than this goes to the big list.
local BIGCELLS = 4096
-- A margin, in cells, that makes lookups immune to rounding.
local PAD = 1e-6

function grid.new(cell)
  return {
    cell = cell,
    x = {}, y = {}, w = {}, h = {}, alive = {}, mark = {}, stamp = 0,
    l = {}, t = {}, r = {}, b = {}, incells = {},
    nitems = 0, count = 0, free = {}, nfree = 0,
    rows = {}, cells = {}, ncells = 0, nonempty = 0, scan = {},
    big = {}, nbig = 0,
  }
end

-- The index of the cell holding coordinate v, clamped to the stored range.
local function cellof(g, v)
  local c = floor(v / g.cell)
  if not (c > -MAXCELL) then return -MAXCELL end
  if c > MAXCELL then return MAXCELL end
  return c
end

local function findcell(g, cx, cy)
  local row = g.rows[cy]
  return row and row[cx]
end

-- Forgets the cells that no item occupies any more.
function grid.compact(g)
  local cells, rows, n = g.cells, {}, 0
  for i = 1, g.ncells do
    local c = cells[i]
    cells[i] = nil
    if c.n > 0 then
      n = n + 1
      cells[n] = c
      local row = rows[c.cy]
      if not row then row = {}; rows[c.cy] = row end
      row[c.cx] = c
    end
  end
  g.rows, g.ncells, g.nonempty = rows, n, n
end

-- The cells a rectangle occupies, as bump.lua assigns them: left, top,
-- right, bottom; nil when it belongs in the big list.
local function rectcells(g, x, y, w, h)
  local cell = g.cell
  local l, t = floor(x / cell), floor(y / cell)
  local r, b = ceil((x + w) / cell) - 1, ceil((y + h) / cell) - 1
  if not (l >= -MAXCELL and t >= -MAXCELL and r <= MAXCELL and b <= MAXCELL) then
    return nil
  end
  if r < l then r = l end
  if b < t then b = t end
  if (r - l + 1.0) * (b - t + 1.0) > BIGCELLS then return nil end
  return l, t, r, b
end

-- The columns of row cy in l .. r that are outside the skipped range sl,
-- st, sr, sb (sl nil: none), as two spans s1 .. e1 and s2 .. e2, either
-- of which may be empty. Loops over them take no branch per cell, which
-- keeps LuaJIT's side traces few: a test per cell gave every pattern of
-- old and new cells a trace of its own.
local function spans(cy, l, r, sl, st, sr, sb)
  if sl == nil or cy < st or cy > sb then return l, r, 1, 0 end
  return l, min(r, sl - 1), max(l, sr + 1), r
end

local function newcell(g, cx, cy)
  if findcell(g, cx, cy) then return end
  local c = { cx = cx, cy = cy, n = 0 }
  local row = g.rows[cy]
  if not row then row = {}; g.rows[cy] = row end
  row[cx] = c
  g.ncells = g.ncells + 1
  g.cells[g.ncells] = c
end

-- Makes the cells of the range l, t, r, b that are not in the skipped
-- range (the item is there already), compacting the grid first when most
-- stored cells are empty.
local function reserve(g, l, t, r, b, sl, st, sr, sb)
  if g.ncells - g.nonempty > g.nonempty + SPARECELLS then grid.compact(g) end
  for cy = t, b do
    local s1, e1, s2, e2 = spans(cy, l, r, sl, st, sr, sb)
    for cx = s1, e1 do newcell(g, cx, cy) end
    for cx = s2, e2 do newcell(g, cx, cy) end
  end
end

local function link(g, c, id)
  local n = c.n + 1
  c.n, c[n] = n, id
  if n == 1 then g.nonempty = g.nonempty + 1 end
end

-- Appends id to the cells of the range, but those in the skipped range.
local function linkcells(g, id, l, t, r, b, sl, st, sr, sb)
  local rows = g.rows
  for cy = t, b do
    local row = rows[cy]
    local s1, e1, s2, e2 = spans(cy, l, r, sl, st, sr, sb)
    for cx = s1, e1 do link(g, row[cx], id) end
    for cx = s2, e2 do link(g, row[cx], id) end
  end
end

-- Takes id out of cell c, if it has one (the last id of a cell takes its
-- place).
local function unlink(g, c, id)
  if not c then return end
  local n = c.n
  for i = 1, n do
    if c[i] == id then
      c[i] = c[n]
      c[n] = nil
      c.n = n - 1
      if n == 1 then g.nonempty = g.nonempty - 1 end
      return
    end
  end
end

-- Takes id out of the cells of the range, but those in the skipped range.
local function unlinkcells(g, id, l, t, r, b, sl, st, sr, sb)
  local rows = g.rows
  for cy = t, b do
    local row = rows[cy]
    if row then
      local s1, e1, s2, e2 = spans(cy, l, r, sl, st, sr, sb)
      for cx = s1, e1 do unlink(g, row[cx], id) end
      for cx = s2, e2 do unlink(g, row[cx], id) end
    end
  end
end

local function bigadd(g, id)
  g.nbig = g.nbig + 1
  g.big[g.nbig] = id
end

local function bigremove(g, id)
  local big, n = g.big, g.nbig
  for i = 1, n do
    if big[i] == id then
      big[i] = big[n]
      big[n] = nil
      g.nbig = n - 1
      return
    end
  end
end

-- Records the rectangle of id and the cells it occupies (l nil: none).
local function place(g, id, x, y, w, h, l, t, r, b)
  g.x[id], g.y[id], g.w[id], g.h[id] = x, y, w, h
  g.incells[id] = l ~= nil
  if l then g.l[id], g.t[id], g.r[id], g.b[id] = l, t, r, b end
end

-- Adds a rectangle (finite, w and h > 0) and returns its id: the last id
-- freed, else a new one.
function grid.add(g, x, y, w, h)
  local id
  if g.nfree > 0 then id = g.free[g.nfree] else id = g.nitems + 1 end
  local l, t, r, b = rectcells(g, x, y, w, h)
  if l then
    reserve(g, l, t, r, b)
    linkcells(g, id, l, t, r, b)
  else
    bigadd(g, id)
  end
  place(g, id, x, y, w, h, l, t, r, b)
  g.mark[id] = 0
  g.alive[id] = true
  if g.nfree > 0 then
    g.free[g.nfree] = nil
    g.nfree = g.nfree - 1
  else
    g.nitems = id
  end
  g.count = g.count + 1
  return id
end

function grid.remove(g, id)
  if g.incells[id] then
    unlinkcells(g, id, g.l[id], g.t[id], g.r[id], g.b[id])
  else
    bigremove(g, id)
  end
  g.alive[id] = false
  g.nfree = g.nfree + 1
  g.free[g.nfree] = id
  g.count = g.count - 1
end

-- Moves id to a new rectangle. In the cells that it occupies before and
-- after, it keeps its place.
function grid.update(g, id, x, y, w, h)
  local l, t, r, b = rectcells(g, x, y, w, h)
  local incells = g.incells[id]
  local ol, ot, orr, ob
  if incells then ol, ot, orr, ob = g.l[id], g.t[id], g.r[id], g.b[id] end
  if (l ~= nil) == incells and
     (not l or (l == ol and t == ot and r == orr and b == ob)) then
    g.x[id], g.y[id], g.w[id], g.h[id] = x, y, w, h
    return
  end
  if l then reserve(g, l, t, r, b, ol, ot, orr, ob) end
  if incells then unlinkcells(g, id, ol, ot, orr, ob, l, t, r, b)
  else bigremove(g, id) end
  if l then linkcells(g, id, l, t, r, b, ol, ot, orr, ob)
  else bigadd(g, id) end
  place(g, id, x, y, w, h, l, t, r, b)
end

-- Starts a query: every mark becomes stale.
local function begin(g)
  local stamp = g.stamp + 1
  g.stamp = stamp
  return stamp
end

-- Appends the ids in list[1 .. count] not yet taken to ids (n so far);
-- returns n.
local function take(mark, stamp, list, count, ids, n)
  for i = 1, count do
    local id = list[i]
    if mark[id] ~= stamp then
      mark[id] = stamp
      n = n + 1
      ids[n] = id
    end
  end
  return n
end

-- Ends a query: the items in the big list are near everything.
local function finish(g, stamp, ids, n)
  return take(g.mark, stamp, g.big, g.nbig, ids, n)
end

-- Orders of cells, by row (y, then x) or by column (x, then y).
local function byrow(a, b)
  return a.cy < b.cy or a.cy == b.cy and a.cx < b.cx
end

local function bycolumn(a, b)
  return a.cx < b.cx or a.cx == b.cx and a.cy < b.cy
end

-- Appends the ids of the cells in g.scan, sorted by order, as take does,
-- and empties g.scan. A query that scans the stored cells rather than walk
-- its range sorts them in the walk's order: the order of its results must
-- not depend on where the cells are stored, which a compaction (when the
-- World's garbage is collected) changes.
local function takesorted(g, order, mark, stamp, ids, n)
  local scan = g.scan
  sort(scan, order)
  for i = 1, #scan do
    local c = scan[i]
    scan[i] = nil
    n = take(mark, stamp, c, c.n, ids, n)
  end
  return n
end

-- The ids of the items in the cells l .. r, t .. b, into ids; returns how
-- many.
local function queryCells(g, l, t, r, b, ids)
  local stamp, mark, n = begin(g), g.mark, 0
  if (r - l + 1.0) * (b - t + 1.0) > g.ncells then
    -- fewer cells stored than in the range: scan them
    local cells, scan, k = g.cells, g.scan, 0
    for i = 1, g.ncells do
      local c = cells[i]
      local cx, cy = c.cx, c.cy
      if cx >= l and cx <= r and cy >= t and cy <= b then
        k = k + 1
        scan[k] = c
      end
    end
    return finish(g, stamp, ids, takesorted(g, byrow, mark, stamp, ids, n))
  end
  local rows = g.rows
  for cy = t, b do
    local row = rows[cy]
    if row then
      for cx = l, r do
        local c = row[cx]
        if c then n = take(mark, stamp, c, c.n, ids, n) end
      end
    end
  end
  return finish(g, stamp, ids, n)
end

-- The ids of the items in the cells that the rectangle meets, into ids;
-- returns how many. The ids come first, so that a caller can pass the
-- rectangle as another call's results, and the cells are walked in a tail
-- call: under LuaJIT the rectangle is then in no frame that a side trace
-- from the walk must inherit (past about 16 numbers it cannot compile).
function grid.queryRect(g, ids, x, y, w, h)
  local cell = g.cell
  local l, t = cellof(g, x - PAD * cell), cellof(g, y - PAD * cell)
  local r, b = cellof(g, x + w + PAD * cell), cellof(g, y + h + PAD * cell)
  return queryCells(g, l, t, r, b, ids)
end

-- Whether the segment meets cell (cx, cy), grown by the margin.
local function meets(g, cx, cy, x1, y1, dx, dy)
  local cell = g.cell
  local half = cell * (0.5 + PAD)
  return clip((cx + 0.5) * cell, (cy + 0.5) * cell, half, half, x1, y1, dx, dy) ~= "outside"
end

-- The ids of the items in the cells that the segment meets, into ids;
-- returns how many. It walks along the major axis u one column of cells at
-- a time; the minor axis v changes by at most one cell size per column.
function grid.querySegment(g, x1, y1, x2, y2, ids)
  local swap = abs(y2 - y1) > abs(x2 - x1)
  local u1, u2, v1, v2
  if swap then u1, u2, v1, v2 = y1, y2, x1, x2
  else u1, u2, v1, v2 = x1, x2, y1, y2 end
  local umin, umax = u1, u2
  if not (u1 < u2) then umin, umax = u2, u1 end
  local cell = g.cell
  local pad = PAD * cell
  local lo, hi = cellof(g, umin - pad), cellof(g, umax + pad)
  local stamp, mark, n = begin(g), g.mark, 0
  if hi - lo + 1.0 > g.ncells then
    -- a longer walk than there are cells: test each cell
    local cells, scan, k = g.cells, g.scan, 0
    for i = 1, g.ncells do
      local c = cells[i]
      if meets(g, c.cx, c.cy, x1, y1, x2 - x1, y2 - y1) then
        k = k + 1
        scan[k] = c
      end
    end
    n = takesorted(g, swap and byrow or bycolumn, mark, stamp, ids, n)
    return finish(g, stamp, ids, n)
  end
  local rows = g.rows
  for cu = lo, hi do
    local a = cu * cell
    local b = a + cell
    if a < umin then a = umin end
    if b > umax then b = umax end
    local va, vb
    if u1 == u2 then
      va, vb = v1, v2
    else
      va = v1 + (v2 - v1) * ((a - u1) / (u2 - u1))
      vb = v1 + (v2 - v1) * ((b - u1) / (u2 - u1))
    end
    if va > vb then va, vb = vb, va end
    for cv = cellof(g, va - pad), cellof(g, vb + pad) do
      local c
      if swap then
        local row = rows[cu]
        c = row and row[cv]
      else
        local row = rows[cv]
        c = row and row[cu]
      end
      if c then n = take(mark, stamp, c, c.n, ids, n) end
    end
  end
  return finish(g, stamp, ids, n)
end

return grid
