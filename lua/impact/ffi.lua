-- The LuaJIT fast path. With the JIT on, a call through the Lua C API costs
-- as much as several collision tests, and the JIT cannot compile it. So the
-- hot methods and field reads are rebound here as Lua functions that cast
-- the userdata to the core's structs and call the core through the function
-- pointers the native module exports. They handle the common argument
-- shapes (numbers, Points, out objects) and hand anything else, errors
-- included, to the C function they stand in for, which then reports at the
-- script's call. init.lua applies this only when the JIT is on.
local ffi = require "ffi"

local cast, getmetatable, type, rawget = ffi.cast, getmetatable, type, rawget

local declarations = [[
typedef struct imp_vec2 { double x, y; } imp_vec2;
typedef struct imp_aabb { imp_vec2 pos, half; } imp_aabb;
typedef struct imp_hit { imp_vec2 pos, delta, normal; double time; } imp_hit;
typedef struct imp_sweep { imp_hit hit; imp_vec2 pos; double time; int has_hit; } imp_sweep;
typedef struct imp_clip { int kind; double t0, t1; } imp_clip;
typedef struct imp_point_object { imp_vec2 *v; imp_vec2 own; int nonnegative; } imp_point_object;
typedef struct imp_hit_object { imp_hit *h; imp_hit own; } imp_hit_object;
typedef struct imp_api {
  int (*aabb_intersect_point)(void *, double, double, void *);
  int (*aabb_intersect_segment)(void *, double, double, double, double,
                                double, double, void *);
  int (*aabb_intersect_aabb)(void *, void *, void *);
  void (*aabb_sweep_aabb)(void *, void *, double, double, void *);
  void (*sweep_clear)(void *, void *, double, double);
  int (*aabb_sweep_nearer)(void *, void *, double, double, void *);
  int (*aabb_clip_segment)(void *, double, double, double, double, imp_clip *);
} imp_api;
]]

-- Object pointers are void * above: userdata passed as they are convert to
-- their payload's address, and nothing is cast (which allocates where the
-- JIT does not compile, as after an inner loop).

-- Whether these declarations describe the module that was built: sizes and
-- the offsets that padding could move.
local function matches(sizes)
  local checks = {
    imp_api = ffi.sizeof("imp_api"), imp_aabb = ffi.sizeof("imp_aabb"),
    imp_hit = ffi.sizeof("imp_hit"), imp_sweep = ffi.sizeof("imp_sweep"),
    imp_clip = ffi.sizeof("imp_clip"),
    imp_point_object = ffi.sizeof("imp_point_object"),
    imp_hit_object = ffi.sizeof("imp_hit_object"),
    ["Point.nonnegative"] = ffi.offsetof("imp_point_object", "nonnegative"),
    ["imp_sweep.has_hit"] = ffi.offsetof("imp_sweep", "has_hit"),
  }
  for name, size in pairs(checks) do
    if sizes[name] ~= size then return false end
  end
  return true
end

return function(impact, exports)
  if not pcall(ffi.typeof, "imp_api") then ffi.cdef(declarations) end
  if not matches(exports.sizes) then return false end

  local api = cast("const imp_api *", exports.api)
  local colliders, standins = exports.colliders, exports.standins
  local SweepP = ffi.typeof("imp_sweep *")
  local PointP, HitP = ffi.typeof("imp_point_object *"), ffi.typeof("imp_hit_object *")
  -- Where a test writes a hit when the script gave no out Hit.
  local scratch = ffi.new("imp_hit_object")
  scratch.h = scratch.own
  local scratchclip = ffi.new("imp_clip[1]")
  local hitsize = ffi.sizeof("imp_hit")

  local Point, AABB, Hit, Sweep = impact.Point, impact.AABB, impact.Hit, impact.Sweep
  local PointMT, AABBMT = getmetatable(Point()), getmetatable(AABB())
  local HitMT, SweepMT = getmetatable(Hit()), getmetatable(Sweep())

  -- Cached views, as the C slots hold them, so that reading box.pos in a
  -- loop stays in compiled code. Weak both ways: a view and its owner keep
  -- each other alive through the C slots, not through these tables.
  local views = {}
  for _, field in ipairs({ "pos", "half", "delta", "normal", "hit" }) do
    views[field] = setmetatable({}, { __mode = "kv" })
  end

  -- x, y of a Point argument or of two numbers, and the argument after
  -- them; nil when neither (the C function then judges the arguments).
  local function vec(a, b, c)
    if type(a) == "number" then
      if type(b) == "number" and a - a == 0 and b - b == 0 then return a, b, c end
    elseif getmetatable(a) == PointMT then
      local v = cast(PointP, a).v
      local x, y = v.x, v.y
      if x - x == 0 and y - y == 0 then return x, y, b end
    end
    return nil
  end

  -- Two such parameters in the fast shapes: four numbers or two Points.
  -- Their coordinates and the three arguments after them, or nil.
  local function twovecs(a, b, c, d, e, f, g)
    if type(a) == "number" then
      if type(b) == "number" and type(c) == "number" and type(d) == "number"
         and a - a == 0 and b - b == 0 and c - c == 0 and d - d == 0 then
        return a, b, c, d, e, f, g
      end
    elseif getmetatable(a) == PointMT and getmetatable(b) == PointMT then
      local u, v = cast(PointP, a).v, cast(PointP, b).v
      local px, py, dx, dy = u.x, u.y, v.x, v.y
      if px - px == 0 and py - py == 0 and dx - dx == 0 and dy - dy == 0 then
        return px, py, dx, dy, c, d, e
      end
    end
    return nil
  end

  -- Where a test writes its Hit: into out, or scratch when there is none.
  local function hittarget(out)
    if out == nil then return scratch end
    if getmetatable(out) == HitMT then return out end
  end

  -- The core wrote the hit into out, or into scratch when there is none.
  local function publishhit(out, collider)
    if out == nil then
      out = Hit()
      ffi.copy(cast(HitP, out).h, scratch.h, hitsize)
    end
    if colliders[out] ~= collider then colliders[out] = collider end
    return out
  end

  local function view(owner, field, c_index)
    local cache = views[field]
    local v = cache[owner]
    if v == nil then
      v = c_index(owner, field)
      cache[owner] = v
    end
    return v
  end

  -- The Sweep to write into: out, or a new one. The core leaves the hit
  -- part of a Sweep as it was on a miss, as the C functions do.
  local function sweepout(out)
    if out == nil then return Sweep() end
    if getmetatable(out) == SweepMT then return out end
  end

  local SweepIndex = SweepMT.__index
  local function publishsweep(out, collider)
    local hit = view(out, "hit", SweepIndex)
    if colliders[hit] ~= collider then colliders[hit] = collider end
    return out
  end

  -- The methods. Each falls back to the C function it replaces, called
  -- (not tail-called) so that the C function can see the script's call.
  local rebound = { "intersectPoint", "intersectSegment", "intersectAABB",
                    "sweepAABB", "sweepInto", "clipSegment" }
  local C = {}
  for _, name in ipairs(rebound) do C[name] = AABB[name] end

  function AABB.intersectPoint(self, ...)
    local a, b, c = ...
    if getmetatable(self) == AABBMT then
      local x, y, out = vec(a, b, c)
      local h = x and hittarget(out)
      if h then
        if api.aabb_intersect_point(self, x, y, h) == 0 then return nil end
        return publishhit(out, self)
      end
    end
    local r = C.intersectPoint(self, ...)
    return r
  end

  function AABB.intersectSegment(self, ...)
    if getmetatable(self) == AABBMT then
      local px, py, dx, dy, e, f, g = twovecs(...)
      if px then
        local padx, pady, out = 0, 0, e
        if type(e) == "number" then
          padx, out = e, f
          if type(f) == "number" then pady, out = f, g end
        end
        local h = padx >= 0 and pady >= 0 and padx - padx == 0
                  and pady - pady == 0 and hittarget(out)
        if h then
          if api.aabb_intersect_segment(self, px, py, dx, dy, padx, pady, h) == 0 then
            return nil
          end
          return publishhit(out, self)
        end
      end
    end
    local r = C.intersectSegment(self, ...)
    return r
  end

  function AABB.intersectAABB(self, other, out, ...)
    if getmetatable(self) == AABBMT and getmetatable(other) == AABBMT then
      local h = hittarget(out)
      if h then
        if api.aabb_intersect_aabb(self, other, h) == 0 then
          return nil
        end
        return publishhit(out, self)
      end
    end
    local r = C.intersectAABB(self, other, out, ...)
    return r
  end

  function AABB.sweepAABB(self, moving, ...)
    local a, b, c = ...
    if getmetatable(self) == AABBMT and getmetatable(moving) == AABBMT then
      local dx, dy, out = vec(a, b, c)
      out = dx and sweepout(out)
      if out then
        api.aabb_sweep_aabb(self, moving, dx, dy, out)
        if cast(SweepP, out).has_hit == 0 then return out end
        return publishsweep(out, self)
      end
    end
    local r = C.sweepAABB(self, moving, ...)
    return r
  end

  function AABB.sweepInto(self, list, ...)
    local a, b, c = ...
    if getmetatable(self) == AABBMT and type(list) == "table" then
      local dx, dy, out = vec(a, b, c)
      local n = dx and #list
      for i = 1, n or 0 do  -- checked first: the C function reports a bad one
        if getmetatable(rawget(list, i)) ~= AABBMT then n = nil break end
      end
      out = n and sweepout(out)
      if out then
        local found = 0
        api.sweep_clear(out, self, dx, dy)
        for i = 1, n do
          if api.aabb_sweep_nearer(rawget(list, i), self, dx, dy, out) ~= 0 then
            found = i
          end
        end
        if found == 0 then return out end  -- a replacement is always a hit
        return publishsweep(out, rawget(list, found))
      end
    end
    local r = C.sweepInto(self, list, ...)
    return r
  end

  local kinds = { [0] = "outside", "inside", "enter", "exit", "traverse" }
  function AABB.clipSegment(self, ...)
    if getmetatable(self) == AABBMT then
      local px, py, dx, dy = twovecs(...)
      if px then
        local kind = api.aabb_clip_segment(self, px, py, dx, dy, scratchclip)
        if kind == 0 then return "outside", nil, nil end
        return kinds[kind], scratchclip[0].t0, scratchclip[0].t1
      end
    end
    local kind, t0, t1 = C.clipSegment(self, ...)
    return kind, t0, t1
  end
  impact.clipSegment = AABB.clipSegment

  -- Field reads (and Point writes), in compiled code.
  local function index(MT, methods, fields)
    local c_index = MT.__index
    MT.__index = function(self, k)
      local m = methods[k]
      if m ~= nil then return m end
      if getmetatable(self) == MT then
        local field = fields[k]
        if field then return field(self, k, c_index) end
      end
      local r = c_index(self, k)
      return r
    end
    return MT.__index
  end

  local function cachedview(self, k, c_index) return view(self, k, c_index) end

  local newindexPoint
  do
    local c_newindex = PointMT.__newindex
    newindexPoint = function(self, k, value)
      if getmetatable(self) == PointMT and type(value) == "number" and value - value == 0 then
        local p = cast(PointP, self)
        if p.nonnegative == 0 or value >= 0 then
          if k == "x" then p.v.x = value return end
          if k == "y" then p.v.y = value return end
        end
      end
      c_newindex(self, k, value)
    end
    PointMT.__newindex = newindexPoint
  end

  local standing = {
    newindexPoint,
    index(PointMT, Point, {
      x = function(self) return cast(PointP, self).v.x end,
      y = function(self) return cast(PointP, self).v.y end,
    }),
    index(AABBMT, AABB, { pos = cachedview, half = cachedview }),
    index(HitMT, Hit, {
      time = function(self) return cast(HitP, self).h.time end,
      collider = function(self) return colliders[self] end,
      pos = cachedview, delta = cachedview, normal = cachedview,
    }),
    index(SweepMT, Sweep, {
      time = function(self) return cast(SweepP, self).time end,
      pos = cachedview,
      hit = function(self, k, c_index)
        if cast(SweepP, self).has_hit == 0 then return nil end
        return view(self, k, c_index)
      end,
    }),
  }
  for _, name in ipairs(rebound) do standing[#standing + 1] = AABB[name] end
  for _, f in ipairs(standing) do standins[f] = true end
  return true
end
