-- What AABB and OBB share: sweeps of any rectangle against any, sweepInto
-- over an array of any shapes (for every shape type), and overlap tests
-- across the two types. An AABB object carries the cosine and sine of
-- angle 0, so core/obb.lua takes it as a rectangle as it is.
local object = require "impact.pure.object"
local aabbcore = require "impact.pure.core.aabb"
local obbcore = require "impact.pure.core.obb"
local shapesweep = require "impact.pure.core.shapesweep"
local turnsweep = require "impact.pure.core.turnsweep"
local hit = require "impact.pure.hit"

local getmetatable, type, select, rawget = getmetatable, type, select, rawget
local rawlen = rawlen or function(t) return #t end  -- Lua 5.1: # is raw
local format = string.format
local check, checkvec2, optout = object.check, object.checkvec2, object.optout
local checknumber = object.checknumber
local typeof, argerror, typeerror = object.typeof, object.argerror, object.typeerror
local pushturn, angleof = hit.pushturn, turnsweep.angle
local sweepAABB, sweepOBB = aabbcore.sweepAABB, obbcore.sweepOBB
local clamp, stoptime, EPSILON = aabbcore.clamp, aabbcore.stoptime, aabbcore.EPSILON
local slab, reach = aabbcore.slab, aabbcore.reach

local AABB, OBB, SWEEP = object.meta.AABB, object.meta.OBB, object.meta.Sweep
-- The shapes' kinds by their tags.
local KIND = {}
for _, name in ipairs({ "AABB", "OBB", "Circle", "Capsule", "Polygon" }) do
  KIND[object.meta[name]] = name
end

local sweep = {}

-- box:sweepAABB(moving, delta[, out]) and box:sweepOBB(...) for the types
-- named (AABB:sweepAABB has its own, faster version).
function sweep.rect(tbox, tmoving, fname, ...)
  local n = select("#", ...)
  local box, moving = ...
  check(box, object.meta[tbox], tbox, 1, fname, n)
  check(moving, object.meta[tmoving], tmoving, 2, fname, n)
  local dx, dy, i = checkvec2(fname, 3, n, select(3, ...))
  local out = optout(select(i, ...), SWEEP, "Sweep", i, fname, n)
  return pushturn(out, box, angleof(tmoving, moving), sweepOBB(box, moving, dx, dy))
end

-- The nearest stop of moving turning by dangle among the shapes of list
-- (as C's imp_turn_sweep_nearer does it, a collider at a time): the
-- index of the collider, 0 for none.
local function turninto(fname, tmoving, moving, list, dx, dy, dangle)
  local time, found = 1.0, 0
  for k = 1, rawlen(list) do
    local c = rawget(list, k)
    local kind = KIND[object.tagof(c)]
    if kind == nil then
      argerror(2, fname, format("shape expected at index %d, got %s", k,
                                object.argname(c, 1, 1)))
    end
    if c ~= moving then
      local _, st = turnsweep.sweep(kind, c, tmoving, moving, dx, dy, dangle)
      if st < time then time, found = st, k end  -- strictly earlier: ties keep the first
    end
  end
  return found
end

-- moving:sweepInto(colliders, delta[, dangle][, out]), given the number of
-- arguments and the first six (a3 to a6: the delta, the turn and out): the
-- nearest stop among an array of shapes; ties go to the first listed, and
-- the moving shape is skipped if it is listed.
local function into(tmoving, n, moving, list, a3, a4, a5, a6)
  local fname = "sweepInto"
  check(moving, object.meta[tmoving], tmoving, 1, fname, n)
  if type(list) ~= "table" or typeof(list) then typeerror(2, fname, "table", list, n) end
  local dx, dy, i = checkvec2(fname, 3, n, a3, a4)
  if i == 4 then a5, a6 = a4, a5 end  -- the delta was a Point
  local dangle = 0.0
  if type(a5) == "number" then dangle, i, a5 = checknumber(a5, i, fname, n), i + 1, a6 end
  local out = optout(a5, SWEEP, "Sweep", i, fname, n)
  local angle = angleof(tmoving, moving)
  if dangle ~= 0 then
    local found = turninto(fname, tmoving, moving, list, dx, dy, dangle)
    if found == 0 then
      return pushturn(out, nil, angle + dangle, 1.0, moving["\0px"] + dx, moving["\0py"] + dy)
    end
    local c = rawget(list, found)
    return pushturn(out, c, turnsweep.sweep(KIND[object.tagof(c)], c, tmoving, moving, dx, dy,
                                            dangle))
  end
  local raw = getmetatable(list) == nil  -- then list[k] is rawget(list, k)
  local mx, my, mhx, mhy = moving["\0px"], moving["\0py"], moving["\0hx"], moving["\0hy"]
  local movingAABB = tmoving == "AABB"
  local movingrect = movingAABB or tmoving == "OBB"
  -- An AABB moving by a nonzero delta meets each AABB as aabb.c's
  -- sweep_into has it: by the slab test alone, given only to the AABBs
  -- within the reach of the move (slab.h's imp_reach; it changes no
  -- answer, only skips what surely misses).
  local ray = movingAABB and not (dx == 0 and dy == 0)
  local lox, hix, loy, hiy
  if movingAABB then
    lox, hix = reach(mx, dx, mhx)
    loy, hiy = reach(my, dy, mhy)
  end
  -- The loop keeps only the earliest time and its index (few live numbers,
  -- so that LuaJIT compiles its branches); the nearest is swept again after.
  local time, found = 1.0, 0
  for k = 1, rawlen(list) do
    local c = raw and list[k] or rawget(list, k)
    -- its type by its tag (object.lua), at once where its metatable says it
    local kind = getmetatable(c)
    if not ((kind == AABB or kind == OBB) and c["\0"] == kind) then
      kind = object.tagof(c)
      if KIND[kind] == nil then
        argerror(2, fname, format("shape expected at index %d, got %s", k,
                                  object.argname(c, 1, 1)))
      end
    end
    if c ~= moving and kind == AABB and ray then
      local cx, cy, hx, hy = c["\0px"], c["\0py"], c["\0hx"], c["\0hy"]
      if time > 0 and cx - hx <= hix and cx + hx >= lox and cy - hy <= hiy and cy + hy >= loy then
        local enter = slab(cx, cy, hx, hy, mhx, mhy, mx, my, dx, dy)
        -- A hit whose stop, stoptime(clamp(enter, 0, 1)), is
        -- before time: with time > 0, enter <= 0 or enter - EPSILON < time.
        if enter and (enter <= 0 or enter - EPSILON < time) then
          time, found = stoptime(clamp(enter, 0.0, 1.0)), k
        end
      end
    elseif c ~= moving then
      local st
      if kind == AABB and movingAABB then  -- sweepOBB's aligned case, without its checks
        st = sweepAABB(c["\0px"], c["\0py"], c["\0hx"], c["\0hy"], mx, my, mhx, mhy, dx, dy)
      elseif (kind == AABB or kind == OBB) and movingrect then
        st = sweepOBB(c, moving, dx, dy)
      else
        st = shapesweep.sweep(KIND[kind], c, tmoving, moving, dx, dy)
      end
      if st < time then time, found = st, k end  -- strictly earlier: ties keep the first
    end
  end
  if found == 0 then return pushturn(out, nil, angle + dangle, 1.0, mx + dx, my + dy) end
  local collider = raw and list[found] or rawget(list, found)
  return pushturn(out, collider, angle, shapesweep.sweep(KIND[object.tagof(collider)], collider,
                                                         tmoving, moving, dx, dy))
end

-- The sweepInto method of type tmoving. Under LuaJIT it reaches into() by
-- a tail call: LuaJIT cannot compile a side trace that returns through a
-- function taking ... to below where its trace began, as one that leaves
-- the colliders' loop (a trace of its own) must, and after a tail call its
-- errors still name the script's call. Elsewhere they would not: a call.
function sweep.intomethod(tmoving)
  if object.TAILCALLS_KEEP_CALLER then
    return function(...) return into(tmoving, select("#", ...), ...) end
  end
  return function(...)
    local r = into(tmoving, select("#", ...), ...)
    return r
  end
end

-- box:intersectOBB(other) and obb:intersectAABB(box): strict overlap.
function sweep.overlaps(tself, tother, fname, ...)
  local n = select("#", ...)
  local box, other = ...
  check(box, object.meta[tself], tself, 1, fname, n)
  check(other, object.meta[tother], tother, 2, fname, n)
  return obbcore.intersectOBB(box, other)
end

return sweep
