-- bump's collision tables: {item, other, type, overlaps, ti, move, normal,
-- touch, itemRect, otherRect[, slide | bounce]}, filled as the native
-- module fills them (src/worldcols.c): a table is reused down to its {x, y}
-- parts, and the tables that out tables give back wait in the World's pool
-- (at most POOLMAX), so that moves into an out table allocate nothing once
-- warm.
local object = require "impact.pure.object"

local type, rawget, rawset, pcall = type, rawget, rawset, pcall
local rawlen = rawlen or function(t) return #t end

local cols = {}

local POOLMAX = 256

local spare, nspare = {}, 0  -- slide and bounce tables of collisions without one

local function part(c, k)
  local t = {}
  c[k] = t
  return t
end

-- Fills c (or a new table when c is nil) and returns it.
local function fill(c, item, other, kind, overlaps, ti, mx, my, nx, ny,
                   tx, ty, ix, iy, iw, ih, ox, oy, ow, oh, extra, ex, ey)
  if not c then
    c = { item = item, other = other, type = kind, overlaps = overlaps,
          ti = ti, move = { x = mx, y = my }, normal = { x = nx, y = ny },
          touch = { x = tx, y = ty },
          itemRect = { x = ix, y = iy, w = iw, h = ih },
          otherRect = { x = ox, y = oy, w = ow, h = oh } }
    if extra then c[extra] = { x = ex, y = ey } end
    return c
  end
  c.item, c.other, c.type, c.overlaps, c.ti = item, other, kind, overlaps, ti
  local v = c.move or part(c, "move")
  v.x, v.y = mx, my
  v = c.normal or part(c, "normal")
  v.x, v.y = nx, ny
  v = c.touch or part(c, "touch")
  v.x, v.y = tx, ty
  v = c.itemRect or part(c, "itemRect")
  v.x, v.y, v.w, v.h = ix, iy, iw, ih
  v = c.otherRect or part(c, "otherRect")
  v.x, v.y, v.w, v.h = ox, oy, ow, oh
  v = c.slide or c.bounce
  if v then
    c.slide, c.bounce = nil, nil
    if not extra and nspare < POOLMAX then
      nspare = nspare + 1
      spare[nspare] = v
    end
  end
  if extra then
    if not v then
      v = spare[nspare]
      if v then
        spare[nspare] = nil
        nspare = nspare - 1
      else
        v = {}
      end
    end
    v.x, v.y = ex, ey
    c[extra] = v
  end
  return c
end

-- A table reused from an out table may hold anything a script put there:
-- when filling it fails, a new table takes its place.
function cols.fill(c, ...)
  if c then
    local ok, filled = pcall(fill, c, ...)
    if ok then return filled end
  end
  return fill(nil, ...)
end

-- A World's pools of tables (of collisions, of segment infos) for out
-- tables to reuse: {n = count, ...}.
function cols.pool() return { n = 0 } end

-- A table from the pool, or nil.
function cols.get(pool)
  local n = pool.n
  if n == 0 then return nil end
  local t = pool[n]
  pool[n] = nil
  pool.n = n - 1
  return t
end

function cols.put(pool, t)
  if pool.n < POOLMAX and type(t) == "table" then
    pool.n = pool.n + 1
    pool[pool.n] = t
  end
end

-- The table that entry k of the out table reuses: the entry itself, else
-- one from the pool; nil when there is neither, or no out table.
function cols.reused(pool, out, k)
  if not out then return nil end
  local c = rawget(out, k)
  if type(c) == "table" then return c end
  return cols.get(pool)
end

-- Moves the entries of the out table after n into the pool.
function cols.trim(pool, out, n)
  for j = rawlen(out), n + 1, -1 do
    cols.put(pool, rawget(out, j))
    rawset(out, j, nil)
  end
end

-- t[k] = {x = x, y = y}, reusing the table there.
function cols.setxy(t, k, x, y)
  local v = rawget(t, k)
  if type(v) ~= "table" then
    v = {}
    rawset(t, k, v)
  end
  rawset(v, "x", x)
  rawset(v, "y", y)
end

-- Field f of the table in field k of the collision c: a finite number.
local function numfield(c, k, f, fname)
  local t, v = c[k], nil
  if type(t) == "table" then v = t[f] end
  if type(v) ~= "number" or v - v ~= 0 then
    object.error(("%s: a collision needs finite numbers in touch, "
                 .. "move and normal (%s.%s)"):format(fname, k, f))
  end
  return v * 1.0
end

-- touch, move and normal of the collision c: tx, ty, mx, my, nx, ny.
function cols.read(c, fname)
  local tx = numfield(c, "touch", "x", fname)
  local ty = numfield(c, "touch", "y", fname)
  local mx = numfield(c, "move", "x", fname)
  local my = numfield(c, "move", "y", fname)
  local nx = numfield(c, "normal", "x", fname)
  local ny = numfield(c, "normal", "y", fname)
  return tx, ty, mx, my, nx, ny
end

return cols
