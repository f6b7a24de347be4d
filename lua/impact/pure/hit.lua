-- Hit and Sweep: the results of the tests, reusable as out objects. A
-- Sweep keeps its hit in a Hit of its own, the one sweep.hit returns.
local object = require "impact.pure.object"

local select, rawset, getmetatable = select, rawset, getmetatable
local check, cachedview, vec2string = object.check, object.cachedview, object.vec2string
local number, typeof = object.number, object.typeof

local HIT, SWEEP = object.meta.Hit, object.meta.Sweep
local hitmethods, sweepmethods = object.methods.Hit, object.methods.Sweep

local hit = {}

-- What a hit's collider may be.
local SHAPES = { AABB = true, OBB = true, Circle = true, Capsule = true, Polygon = true }

local function newhit()
  return setmetatable({ ["\0"] = HIT, ["\0time"] = 0.0, ["\0px"] = 0.0,
    ["\0py"] = 0.0, ["\0dx"] = 0.0, ["\0dy"] = 0.0, ["\0nx"] = 0.0,
    ["\0ny"] = 0.0, ["\0col"] = false }, HIT)
end

local function newsweep()
  local s = setmetatable({ ["\0"] = SWEEP, ["\0time"] = 1.0, ["\0px"] = 0.0,
    ["\0py"] = 0.0, ["\0an"] = 0.0, ["\0has"] = false }, SWEEP)
  local h = newhit()
  rawset(h, "\0owner", s)  -- the Sweep lives as long as its hit is held
  rawset(s, "\0hit", h)
  return s
end

-- Fills out (or a new Hit) with a hit on collider and returns it.
function hit.push(out, collider, t, px, py, dx, dy, nx, ny)
  local h = out or newhit()
  h["\0time"], h["\0px"], h["\0py"], h["\0dx"], h["\0dy"], h["\0nx"], h["\0ny"]
    = t, px, py, dx, dy, nx, ny
  h["\0col"] = collider or false
  return h
end

-- Fills out (or a new Sweep) with a sweep that ended at time at (px, py),
-- stopped by collider with the hit that follows (ht nil: nothing stopped
-- it, and the hit part stays as it was); the angle reached is 0.
function hit.pushsweep(out, collider, time, px, py, ht, hpx, hpy, hdx, hdy, hnx, hny)
  local s = out or newsweep()
  s["\0time"], s["\0px"], s["\0py"], s["\0an"] = time, px, py, 0.0
  if ht then
    local h = s["\0hit"]
    h["\0time"], h["\0px"], h["\0py"], h["\0dx"], h["\0dy"], h["\0nx"], h["\0ny"]
      = ht, hpx, hpy, hdx, hdy, hnx, hny
    h["\0col"] = collider or false
    s["\0has"] = true
  else
    s["\0has"] = false
  end
  return s
end

-- The same for a moving shape that reached angle.
function hit.pushturn(out, collider, angle, ...)
  local s = hit.pushsweep(out, collider, ...)
  s["\0an"] = angle
  return s
end

object.constructor("Hit", newhit)
object.constructor("Sweep", newsweep)

local function checkhit(v, i, fname, n) check(v, HIT, "Hit", i, fname, n) return v end
local function checksweep(v, i, fname, n) check(v, SWEEP, "Sweep", i, fname, n) return v end

-- (time first: a loop over results reads it most.)
HIT.__index = function(h, k)
  if k == "time" and getmetatable(h) == HIT and h["\0"] == HIT then return h["\0time"] end
  local m = hitmethods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end  -- not an object: see object.isa
  checkhit(h, 1, "__index", 2)
  if k == "time" then return h["\0time"]
  elseif k == "pos" then return cachedview(h, "\0vpos", "\0px", "\0py", false)
  elseif k == "normal" then return cachedview(h, "\0vnormal", "\0nx", "\0ny", false)
  elseif k == "delta" then return cachedview(h, "\0vdelta", "\0dx", "\0dy", false)
  elseif k == "collider" then return h["\0col"] or nil end
  return nil
end

local VECTORS = { pos = { "\0px", "\0py" }, normal = { "\0nx", "\0ny" },
                  delta = { "\0dx", "\0dy" } }

HIT.__newindex = function(...)
  local n = select("#", ...)
  local h, k, v = ...
  checkhit(h, 1, "__newindex", n)
  local field = object.fieldname(k)
  if field == "time" then
    h["\0time"] = object.fieldnumber("Hit", field, v)
  elseif VECTORS[field] then
    local keys = VECTORS[field]
    h[keys[1]], h[keys[2]] = object.fieldvec2("Hit", field, v, false)
  elseif field == "collider" then
    if v ~= nil and not SHAPES[typeof(v)] then
      object.fielderror("Hit", field, "shape or nil expected, got "
                        .. object.argname(v, 3, n))
    end
    h["\0col"] = v or false
  else
    object.nofield("Hit", k)
  end
end

local function hitstring(h)
  return "Hit(pos=" .. vec2string(h["\0px"], h["\0py"])
    .. ", delta=" .. vec2string(h["\0dx"], h["\0dy"])
    .. ", normal=" .. vec2string(h["\0nx"], h["\0ny"])
    .. ", time=" .. number(h["\0time"]) .. ")"
end

HIT.__tostring = function(...)
  return hitstring(checkhit((...), 1, "__tostring", select("#", ...)))
end

SWEEP.__index = function(s, k)
  if k == "time" and getmetatable(s) == SWEEP and s["\0"] == SWEEP then return s["\0time"] end
  local m = sweepmethods[k]
  if m ~= nil then return m end
  if k == "\0" then return nil end
  checksweep(s, 1, "__index", 2)
  if k == "time" then return s["\0time"]
  elseif k == "pos" then return cachedview(s, "\0vpos", "\0px", "\0py", false)
  elseif k == "angle" then return s["\0an"]
  elseif k == "hit" then
    if s["\0has"] then return s["\0hit"] end
  end
  return nil
end

SWEEP.__newindex = function(...)
  local n = select("#", ...)
  local s, k, v = ...
  checksweep(s, 1, "__newindex", n)
  local field = object.fieldname(k)
  if field == "time" then
    s["\0time"] = object.fieldnumber("Sweep", field, v)
  elseif field == "angle" then
    s["\0an"] = object.fieldnumber("Sweep", field, v)
  elseif field == "pos" then
    s["\0px"], s["\0py"] = object.fieldvec2("Sweep", field, v, false)
  elseif field == "hit" then
    if v ~= nil and typeof(v) ~= "Hit" then
      object.fielderror("Sweep", field, "Hit or nil expected, got "
                        .. object.argname(v, 3, n))
    end
    s["\0has"] = v ~= nil
    local own = s["\0hit"]
    if v ~= nil and v ~= own then
      hit.push(own, v["\0col"] or nil, v["\0time"], v["\0px"], v["\0py"], v["\0dx"],
               v["\0dy"], v["\0nx"], v["\0ny"])
    end
  else
    object.nofield("Sweep", k)
  end
end

SWEEP.__tostring = function(...)
  local s = checksweep((...), 1, "__tostring", select("#", ...))
  return "Sweep(pos=" .. vec2string(s["\0px"], s["\0py"]) .. ", time="
    .. number(s["\0time"]) .. ", hit="
    .. (s["\0has"] and hitstring(s["\0hit"]) or "nil") .. ")"
end

return hit
