-- AABB: an axis-aligned box, and the tests of the intersect family. The
-- hot methods first try the common shape (numbers, an optional out object)
-- with the fewest checks; anything else, errors included, goes to the
-- general version, which checks each argument as the native module does.
-- Neither allocates when given an out object.
local object = require "impact.pure.object"
local core = require "impact.pure.core.aabb"
local clip = require "impact.pure.core.clip"
local hit = require "impact.pure.hit"
local sweep = require "impact.pure.sweep"

local getmetatable, type, select = getmetatable, type, select
local check, checkvec2, optout = object.check, object.checkvec2, object.optout
local checknumber, argerror = object.checknumber, object.argerror
local pushhit, pushsweep = hit.push, hit.pushsweep
local intersectPoint, intersectSegment = core.intersectPoint, core.intersectSegment
local intersectAABB, sweepAABB = core.intersectAABB, core.sweepAABB

local AABB, HIT, SWEEP = object.meta.AABB, object.meta.Hit, object.meta.Sweep
local methods = object.methods.AABB

local aabb = {}

-- (Not tail calls: Lua 5.1 would put a frame between the error and the call.)
local function checkaabb(v, i, fname, n) check(v, AABB, "AABB", i, fname, n) return v end

local function newaabb(px, py, hx, hy)
  -- The cosine and sine of angle 0 make it a rectangle for core/obb.lua.
  return setmetatable({ ["\0"] = AABB, ["\0px"] = px, ["\0py"] = py,
                        ["\0hx"] = hx, ["\0hy"] = hy, ["\0c"] = 1.0,
                        ["\0s"] = 0.0 }, AABB)
end
aabb.new = newaabb

-- AABB(x, y, halfX, halfY), AABB(pos, half), any mix, or AABB() at 0.
local function construct(...)
  local n = select("#", ...)
  if n == 0 then return newaabb(0.0, 0.0, 0.0, 0.0) end
  local px, py, i = checkvec2("AABB", 1, n, ...)
  local hx, hy = object.checkextent("AABB", i, n, "negative half size", select(i, ...))
  return newaabb(px, py, hx, hy)
end
object.constructor("AABB", construct)

-- AABB.fromRect(left, top, width, height), the way bump.lua gives boxes.
function methods.fromRect(...)
  local n = select("#", ...)
  local x, y, i = checkvec2("fromRect", 1, n, ...)
  local w, h = object.checkextent("fromRect", i, n, "negative size", select(i, ...))
  local hx, hy = w * 0.5, h * 0.5
  return newaabb(x + hx, y + hy, hx, hy)
end


local function generalPoint(...)
  local fname, n = "intersectPoint", select("#", ...)
  local box = checkaabb((...), 1, fname, n)
  local x, y, i = checkvec2(fname, 2, n, select(2, ...))
  local out = optout(select(i, ...), HIT, "Hit", i, fname, n)
  local t, px, py, dx, dy, nx, ny = intersectPoint(box["\0px"], box["\0py"],
    box["\0hx"], box["\0hy"], x, y)
  if not t then return nil end
  return pushhit(out, box, t, px, py, dx, dy, nx, ny)
end

function methods.intersectPoint(...)
  local box, x, y, out = ...
  if getmetatable(box) == AABB and box["\0"] == AABB
     and type(x) == "number" and x - x == 0 and type(y) == "number" and y - y == 0
     and (out == nil or getmetatable(out) == HIT and out["\0"] == HIT) then
    local t, px, py, dx, dy, nx, ny = intersectPoint(box["\0px"], box["\0py"],
      box["\0hx"], box["\0hy"], x * 1.0, y * 1.0)
    if not t then return nil end
    return pushhit(out, box, t, px, py, dx, dy, nx, ny)
  end
  local r = generalPoint(...)
  return r
end

-- A padding grows the box on its axis; a negative one shrinks it, as in
-- intersect, but not past zero size.
local function padding(v, i, fname, n, half)
  v = checknumber(v, i, fname, n)
  if not (half + v >= 0) then argerror(i, fname, "padding shrinks the box past zero") end
  return v
end

local function generalSegment(...)
  local fname, n = "intersectSegment", select("#", ...)
  local box = checkaabb((...), 1, fname, n)
  local px, py, i = checkvec2(fname, 2, n, select(2, ...))
  local dx, dy
  dx, dy, i = checkvec2(fname, i, n, select(i, ...))
  local padx, pady = 0.0, 0.0
  if type((select(i, ...))) == "number" then
    padx = padding(select(i, ...), i, fname, n, box["\0hx"])
    i = i + 1
    if type((select(i, ...))) == "number" then
      pady = padding(select(i, ...), i, fname, n, box["\0hy"])
      i = i + 1
    end
  end
  local out = optout(select(i, ...), HIT, "Hit", i, fname, n)
  local t, hx, hy, ddx, ddy, nx, ny = intersectSegment(box["\0px"], box["\0py"],
    box["\0hx"], box["\0hy"], px, py, dx, dy, padx, pady)
  if not t then return nil end
  return pushhit(out, box, t, hx, hy, ddx, ddy, nx, ny)
end

function methods.intersectSegment(...)
  local box, px, py, dx, dy, out = ...
  if getmetatable(box) == AABB and box["\0"] == AABB
     and type(px) == "number" and px - px == 0 and type(py) == "number" and py - py == 0
     and type(dx) == "number" and dx - dx == 0 and type(dy) == "number" and dy - dy == 0
     and (out == nil or getmetatable(out) == HIT and out["\0"] == HIT) then
    local t, hx, hy, ddx, ddy, nx, ny = intersectSegment(box["\0px"], box["\0py"],
      box["\0hx"], box["\0hy"], px * 1.0, py * 1.0, dx * 1.0, dy * 1.0, 0.0, 0.0)
    if not t then return nil end
    if out == nil then return pushhit(nil, box, t, hx, hy, ddx, ddy, nx, ny) end
    out["\0time"], out["\0px"], out["\0py"], out["\0dx"], out["\0dy"], out["\0nx"],
      out["\0ny"], out["\0col"] = t, hx, hy, ddx, ddy, nx, ny, box
    return out
  end
  local r = generalSegment(...)
  return r
end

-- intersectAABB once its arguments are found good.
local function overlapAABB(box, other, out)
  local t, px, py, dx, dy, nx, ny = intersectAABB(box["\0px"], box["\0py"],
    box["\0hx"], box["\0hy"], other["\0px"], other["\0py"], other["\0hx"],
    other["\0hy"])
  if not t then return nil end
  return pushhit(out, box, t, px, py, dx, dy, nx, ny)
end

local function generalAABB(...)
  local fname, n = "intersectAABB", select("#", ...)
  local box, other, out = ...
  checkaabb(box, 1, fname, n)
  checkaabb(other, 2, fname, n)
  optout(out, HIT, "Hit", 3, fname, n)
  return overlapAABB(box, other, out)
end

function methods.intersectAABB(...)
  local box, other, out = ...
  if getmetatable(box) == AABB and getmetatable(other) == AABB and box["\0"] == AABB
     and other["\0"] == AABB and (out == nil or getmetatable(out) == HIT and out["\0"] == HIT) then
    return overlapAABB(box, other, out)
  end
  local r = generalAABB(...)
  return r
end

local function generalSweep(...)
  local fname, n = "sweepAABB", select("#", ...)
  local box, moving = ...
  checkaabb(box, 1, fname, n)
  checkaabb(moving, 2, fname, n)
  local dx, dy, i = checkvec2(fname, 3, n, select(3, ...))
  local out = optout(select(i, ...), SWEEP, "Sweep", i, fname, n)
  return pushsweep(out, box, sweepAABB(box["\0px"], box["\0py"], box["\0hx"],
    box["\0hy"], moving["\0px"], moving["\0py"], moving["\0hx"],
    moving["\0hy"], dx, dy))
end

function methods.sweepAABB(...)
  local box, moving, dx, dy, out = ...
  if getmetatable(box) == AABB and getmetatable(moving) == AABB and box["\0"] == AABB
     and moving["\0"] == AABB and type(dx) == "number" and dx - dx == 0
     and type(dy) == "number" and dy - dy == 0
     and (out == nil or getmetatable(out) == SWEEP and out["\0"] == SWEEP) then
    return pushsweep(out, box, sweepAABB(box["\0px"], box["\0py"], box["\0hx"],
      box["\0hy"], moving["\0px"], moving["\0py"], moving["\0hx"],
      moving["\0hy"], dx * 1.0, dy * 1.0))
  end
  local r = generalSweep(...)
  return r
end

function methods.sweepOBB(...)
  local r = sweep.rect("AABB", "OBB", "sweepOBB", ...)
  return r
end

methods.sweepInto = sweep.intomethod("AABB")

-- box:clipSegment(pos, delta) -> kind, t0, t1 (nil, nil when outside);
-- impact.clipSegment(box, pos, delta) is this same function.
function methods.clipSegment(...)
  local fname, n = "clipSegment", select("#", ...)
  local box = checkaabb((...), 1, fname, n)
  local px, py, i = checkvec2(fname, 2, n, select(2, ...))
  local dx, dy = checkvec2(fname, i, n, select(i, ...))
  local kind, t0, t1 = clip.segment(box["\0px"], box["\0py"], box["\0hx"],
                                    box["\0hy"], px, py, dx, dy)
  return kind, t0, t1
end

function methods.intersectOBB(...)
  local r = sweep.overlaps("AABB", "OBB", "intersectOBB", ...)
  return r
end

AABB.__index = function(box, k)
  local m = methods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkaabb(box, 1, "__index", 2)
  if k == "pos" then return object.cachedview(box, "\0vpos", "\0px", "\0py", false)
  elseif k == "half" then return object.cachedview(box, "\0vhalf", "\0hx", "\0hy", true)
  end
  return object.userfield(box, k)
end

AABB.__newindex = function(...)
  local n = select("#", ...)
  local box, k, v = ...
  checkaabb(box, 1, "__newindex", n)
  if k == "pos" then box["\0px"], box["\0py"] = object.fieldvec2("AABB", k, v, false)
  elseif k == "half" then box["\0hx"], box["\0hy"] = object.fieldvec2("AABB", k, v, true)
  else object.setuserfield(box, "AABB", k, v) end
end

AABB.__tostring = function(...)
  local box = checkaabb((...), 1, "__tostring", select("#", ...))
  return "AABB(pos=" .. object.vec2string(box["\0px"], box["\0py"]) .. ", half="
    .. object.vec2string(box["\0hx"], box["\0hy"]) .. ")"
end

return aabb
