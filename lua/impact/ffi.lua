-- The LuaJIT fast path. With the JIT on, a call through the Lua C API costs
-- as much as several collision tests, and the JIT cannot compile it. So the
-- hot methods and field reads are rebound here as Lua functions that call
-- the core through the function pointers the native module exports
-- (src/api.c). They handle the common argument shapes (numbers, Points, out
-- objects) and hand anything else, errors included, to the C function they
-- stand in for, which then reports at the script's call. init.lua applies
-- this only when the JIT is on.
--
-- Userdata are passed to the C functions as they are (void * below) and
-- read only through them: no pointer is cast and no struct indexed here,
-- since either allocates a cdata wherever the JIT does not compile.
local ffi = require "ffi"

local getmetatable, type, rawget = getmetatable, type, rawget

local declaration = [[
typedef struct imp_api {
  int (*aabb_intersect_point)(void *, double, double, void *);
  int (*aabb_intersect_segment)(void *, double, double, double, double,
                                double, double, void *);
  int (*aabb_intersect_aabb)(void *, void *, void *);
  int (*aabb_sweep_aabb)(void *, void *, double, double, void *);
  void (*sweep_clear)(void *, void *, double, double);
  int (*aabb_sweep_nearer)(void *, void *, double, double, void *);
  int (*aabb_clip_segment)(void *, double, double, double, double, double *);
  double (*point_x)(void *);
  double (*point_y)(void *);
  int (*point_store)(void *, int, double);
  double (*hit_time)(void *);
  void (*copy_hit)(void *, void *);
  double (*sweep_time)(void *);
  int (*sweep_has_hit)(void *);
} imp_api;
]]

return function(impact, exports)
  if not pcall(ffi.typeof, "imp_api") then ffi.cdef(declaration) end
  if ffi.sizeof("imp_api") ~= exports.size then return false end

  -- Each function pointer once: indexing the struct at every call would
  -- allocate where the JIT does not compile.
  local api = ffi.cast("const imp_api *", exports.api)
  local intersect_point, intersect_segment = api.aabb_intersect_point, api.aabb_intersect_segment
  local intersect_aabb, sweep_aabb = api.aabb_intersect_aabb, api.aabb_sweep_aabb
  local sweep_clear, sweep_nearer = api.sweep_clear, api.aabb_sweep_nearer
  local clip_segment = api.aabb_clip_segment
  local point_x, point_y, point_store = api.point_x, api.point_y, api.point_store
  local hit_time = api.hit_time
  local sweep_time, sweep_has_hit = api.sweep_time, api.sweep_has_hit
  local colliders, standins = exports.colliders, exports.standins

  local Point, AABB, Hit, Sweep = impact.Point, impact.AABB, impact.Hit, impact.Sweep
  local PointMT, AABBMT = getmetatable(Point()), getmetatable(AABB())
  local HitMT, SweepMT = getmetatable(Hit()), getmetatable(Sweep())
  local times = ffi.new("double[2]")  -- clipSegment's t0, t1

  -- Cached views, as the C slots hold them, so that reading box.pos in a
  -- loop stays in compiled code. Weak both ways: a view and its owner keep
  -- each other alive through the C slots, not through these tables.
  local views = {}
  for _, field in ipairs({ "pos", "half", "delta", "normal", "hit" }) do
    views[field] = setmetatable({}, { __mode = "kv" })
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

  -- x, y of a Point argument or of two numbers, and the argument after
  -- them; nil when neither (the C function then judges the arguments).
  local function vec(a, b, c)
    if type(a) == "number" then
      if type(b) == "number" and a - a == 0 and b - b == 0 then return a, b, c end
    elseif getmetatable(a) == PointMT then
      local x, y = point_x(a), point_y(a)
      if x - x == 0 and y - y == 0 then return x, y, b end
    end
    return nil
  end

  -- Two such parameters in the fast shapes, four numbers or two Points:
  -- their coordinates and the three arguments after them, or nil.
  local function twovecs(a, b, c, d, e, f, g)
    if type(a) == "number" then
      if type(b) == "number" and type(c) == "number" and type(d) == "number"
         and a - a == 0 and b - b == 0 and c - c == 0 and d - d == 0 then
        return a, b, c, d, e, f, g
      end
    elseif getmetatable(a) == PointMT and getmetatable(b) == PointMT then
      local px, py, dx, dy = point_x(a), point_y(a), point_x(b), point_y(b)
      if px - px == 0 and py - py == 0 and dx - dx == 0 and dy - dy == 0 then
        return px, py, dx, dy, c, d, e
      end
    end
    return nil
  end

  -- The Hit a test writes into: out, or when there is none a new Hit,
  -- made before the test so that no allocation (and no finalizer, which
  -- may call impact) runs between the test and its result. A Hit that a
  -- miss left unused waits in spare for the next call; a call takes it
  -- out first, so a finalizer's call never shares it.
  local spare
  local function hittarget(out)
    if out == nil then
      local h = spare or Hit()
      spare = nil
      return h
    end
    if getmetatable(out) == HitMT then return out end
  end

  local function miss(out, h)
    if out == nil then spare = h end
    return nil
  end

  local function setcollider(hit, collider)
    if colliders[hit] ~= collider then colliders[hit] = collider end
  end

  local function publishhit(h, collider)
    setcollider(h, collider)
    return h
  end

  -- The Sweep a sweep writes into: out, or a new one. The core leaves the
  -- hit part of a Sweep as it was on a miss, as the C functions do.
  local function sweeptarget(out)
    if out == nil then return Sweep() end
    if getmetatable(out) == SweepMT then return out end
  end

  local c_sweepindex = SweepMT.__index
  local function publishsweep(out, collider)
    setcollider(view(out, "hit", c_sweepindex), collider)
    return out
  end

  -- The methods. Each falls back to the C function it replaces, called
  -- (not tail-called) so that the C function can see the script's call.
  local rebound = { "intersectPoint", "intersectSegment", "intersectAABB",
                    "sweepAABB", "sweepInto", "clipSegment" }
  local C = {}
  for _, name in ipairs(rebound) do C[name] = AABB[name] end

  -- Each takes its arguments as ... and passes them on as they came, so
  -- that the C function tells a missing argument from a nil.
  function AABB.intersectPoint(...)
    local self, a, b, c = ...
    if getmetatable(self) == AABBMT then
      local x, y, out = vec(a, b, c)
      local h = x and hittarget(out)
      if h then
        if intersect_point(self, x, y, h) == 0 then return miss(out, h) end
        return publishhit(h, self)
      end
    end
    local r = C.intersectPoint(...)
    return r
  end

  function AABB.intersectSegment(...)
    local self, a, b, c, d, e, f, g = ...
    if getmetatable(self) == AABBMT then
      local px, py, dx, dy
      px, py, dx, dy, e, f, g = twovecs(a, b, c, d, e, f, g)
      if px then
        local padx, pady, out = 0, 0, e
        if type(e) == "number" then
          padx, out = e, f
          if type(f) == "number" then pady, out = f, g end
        end
        local h = padx - padx == 0 and pady - pady == 0 and hittarget(out)
        local found = h and intersect_segment(self, px, py, dx, dy, padx, pady, h)
        if found == 0 then return miss(out, h) end
        if found == 1 then return publishhit(h, self) end
        if h then miss(out, h) end
      end
    end
    local r = C.intersectSegment(...)
    return r
  end

  function AABB.intersectAABB(...)
    local self, other, out = ...
    if getmetatable(self) == AABBMT and getmetatable(other) == AABBMT then
      local h = hittarget(out)
      if h then
        if intersect_aabb(self, other, h) == 0 then return miss(out, h) end
        return publishhit(h, self)
      end
    end
    local r = C.intersectAABB(...)
    return r
  end

  function AABB.sweepAABB(...)
    local self, moving, a, b, c = ...
    if getmetatable(self) == AABBMT and getmetatable(moving) == AABBMT then
      local dx, dy, out = vec(a, b, c)
      out = dx and sweeptarget(out)
      if out then
        if sweep_aabb(self, moving, dx, dy, out) == 0 then return out end
        return publishsweep(out, self)
      end
    end
    local r = C.sweepAABB(...)
    return r
  end

  -- The out Sweep is made first: a finalizer run by that allocation may
  -- change the list, which is checked after it and then used at once.
  function AABB.sweepInto(...)
    local self, list, a, b, c = ...
    if getmetatable(self) == AABBMT and type(list) == "table" then
      local dx, dy, out = vec(a, b, c)
      out = dx and sweeptarget(out)
      local n = out and #list
      for i = 1, n or 0 do  -- checked first: the C function reports a bad one
        if getmetatable(rawget(list, i)) ~= AABBMT then n = nil break end
      end
      if n then
        local found
        sweep_clear(out, self, dx, dy)
        for i = 1, n do
          local box = rawget(list, i)
          if sweep_nearer(box, self, dx, dy, out) ~= 0 then found = box end
        end
        if found == nil then return out end  -- a replacement is always a hit
        return publishsweep(out, found)
      end
    end
    local r = C.sweepInto(...)
    return r
  end

  local kinds = { [0] = "outside", "inside", "enter", "exit", "traverse" }
  function AABB.clipSegment(...)
    local self, a, b, c, d = ...
    if getmetatable(self) == AABBMT then
      local px, py, dx, dy = twovecs(a, b, c, d)
      if px then
        local kind = clip_segment(self, px, py, dx, dy, times)
        if kind == 0 then return "outside", nil, nil end
        return kinds[kind], times[0], times[1]
      end
    end
    local kind, t0, t1 = C.clipSegment(...)
    return kind, t0, t1
  end
  impact.clipSegment = AABB.clipSegment

  -- Field reads: methods first, then the fields the C function would give.
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

  local standing = {
    index(PointMT, Point, {
      x = function(self) return point_x(self) end,
      y = function(self) return point_y(self) end,
    }),
    index(AABBMT, AABB, { pos = view, half = view }),
    index(HitMT, Hit, {
      time = function(self) return hit_time(self) end,
      collider = function(self) return colliders[self] end,
      pos = view, delta = view, normal = view,
    }),
    index(SweepMT, Sweep, {
      time = function(self) return sweep_time(self) end,
      pos = view,
      hit = function(self, k, c_index)
        if sweep_has_hit(self) == 0 then return nil end
        return view(self, k, c_index)
      end,
    }),
  }

  -- Point writes, the other hot field access.
  local c_newindex = PointMT.__newindex
  local axes = { x = 0, y = 1 }
  PointMT.__newindex = function(self, k, value)
    local axis = axes[k]
    if not (axis and getmetatable(self) == PointMT and type(value) == "number"
            and point_store(self, axis, value) ~= 0) then
      c_newindex(self, k, value)
    end
  end
  standing[#standing + 1] = PointMT.__newindex

  for _, name in ipairs(rebound) do standing[#standing + 1] = AABB[name] end
  for _, f in ipairs(standing) do standins[f] = true end
  return true
end
