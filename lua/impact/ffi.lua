-- The LuaJIT fast path. With the JIT on, a call through the Lua C API costs
-- as much as several collision tests, and the JIT cannot compile it. So the
-- hot methods and field reads are rebound here as Lua functions that call
-- the core through the function pointers the native module exports
-- (src/api.c). They handle the common argument shapes (numbers, Points, out
-- objects) and hand anything else, errors included, to the C function they
-- stand in for, which then reports at the script's call.
--
-- Interpreted (the JIT off), the fast path would cost more than the C
-- functions it stands in for, so it is in place only while the JIT is on:
-- jit.on() and jit.off() switch the methods between the two (see follow).
--
-- Userdata are passed to the C functions as they are (void * below) and
-- read only through them: no pointer is cast and no struct indexed here,
-- since either allocates a cdata wherever the JIT does not compile. They
-- check each object's header and decline one that only has the metatable
-- (src/api.c): the C function it stands in for then refuses it by name.
local ffi = require "ffi"

local getmetatable, type, rawget = getmetatable, type, rawget

local declaration = [[
typedef struct imp_api {
  int (*aabb_intersect_point)(void *, double, double, void *);
  int (*aabb_intersect_segment)(void *, double, double, double, double,
                                double, double, void *);
  int (*aabb_intersect_aabb)(void *, void *, void *);
  int (*aabb_sweep_aabb)(void *, void *, double, double, void *);
  int (*aabb_clip_segment)(void *, double, double, double, double, double *);
  double (*point_x)(void *);
  double (*point_y)(void *);
  int (*point_store)(void *, int, double);
  double (*hit_time)(void *);
  double (*sweep_time)(void *);
  int (*sweep_has_hit)(void *);
  int (*intersect_rect)(void *, int, void *, int);
  int (*obb_intersect_obb)(void *, void *);
  int (*sweep_rect)(void *, int, void *, int, double, double, void *);
  int (*sweep_into_rects)(void *, int, const void **, const unsigned char *,
                          int, int, double, double, void *);
  int (*obb_intersect_point)(void *, double, double, void *);
  int (*obb_intersect_segment)(void *, double, double, double, double, void *);
  int (*obb_clip_segment)(void *, double, double, double, double, double *);
  double (*obb_angle)(void *);
  int (*obb_store_angle)(void *, double);
  int (*sweep_segment_point)(double, double, double, double, double, double,
                             double, double, double, double, double, double,
                             double *);
  int (*world_hasfields)(void *);
  int (*world_slide)(void *, double, double, double, int, double *);
  int (*world_project)(void *, double, double, double, double, double,
                       double, double, int, double *);
  int (*world_moveto)(void *, double, double, double, double);
  int (*world_query)(void *, int, double, double, double, double, double *);
  int (*world_poolslot)(void *, int, int);
  int (*shape_intersects)(void *, int, void *, int);
  int (*shape_overlap)(void *, int, void *, int, void *);
  double (*shape_distance)(void *, int, void *, int, double *);
  int (*shape_intersect_point)(void *, int, double, double, void *);
  int (*shape_intersect_segment)(void *, int, double, double, double, double,
                                 void *);
  int (*shape_sweep)(void *, int, void *, int, double, double, void *);
  int (*shape_manifold)(void *, int, void *, int, void *);
  int (*shape_clip_segment)(void *, int, double, double, double, double, double *);
  double (*manifold_count)(void *);
  int (*manifold_point)(void *, double, double *);
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
  local clip_segment = api.aabb_clip_segment
  local point_x, point_y, point_store = api.point_x, api.point_y, api.point_store
  local hit_time = api.hit_time
  local sweep_time, sweep_has_hit = api.sweep_time, api.sweep_has_hit
  local intersect_rect, obb_intersect_obb = api.intersect_rect, api.obb_intersect_obb
  local shape_intersects, shape_overlap = api.shape_intersects, api.shape_overlap
  local shape_distance, shape_sweep = api.shape_distance, api.shape_sweep
  local shape_intersect_point, shape_intersect_segment = api.shape_intersect_point, api.shape_intersect_segment
  local shape_manifold, shape_clip_segment = api.shape_manifold, api.shape_clip_segment
  local manifold_count, manifold_point = api.manifold_count, api.manifold_point
  local sweep_rect, sweep_into_rects = api.sweep_rect, api.sweep_into_rects
  local obb_intersect_point, obb_intersect_segment = api.obb_intersect_point, api.obb_intersect_segment
  local obb_clip_segment, obb_angle, obb_store_angle = api.obb_clip_segment, api.obb_angle, api.obb_store_angle
  local sweep_segment_point = api.sweep_segment_point
  local world_hasfields, world_slide, world_moveto = api.world_hasfields, api.world_slide, api.world_moveto
  local world_project = api.world_project
  local world_query, world_poolslot = api.world_query, api.world_poolslot
  local colliders, standins = exports.colliders, exports.standins

  local Point, AABB, OBB, Hit, Sweep = impact.Point, impact.AABB, impact.OBB, impact.Hit, impact.Sweep
  local Circle, Capsule, Polygon, Manifold = impact.Circle, impact.Capsule, impact.Polygon, impact.Manifold
  local PointMT, AABBMT, OBBMT = getmetatable(Point()), getmetatable(AABB()), getmetatable(OBB())
  local HitMT, SweepMT = getmetatable(Hit()), getmetatable(Sweep())
  local CircleMT, CapsuleMT = getmetatable(Circle()), getmetatable(Capsule())
  local PolygonMT, ManifoldMT = getmetatable(Polygon({ 0, 0, 1, 0, 0, 1 })), getmetatable(Manifold())
  -- getmetatable(v) looks for __metatable in v's metatable; compiled, an
  -- absent key costs a hash search and a present one a single slot check.
  -- The field names the metatable itself, so getmetatable gives what it
  -- gave before, only faster.
  for _, MT in ipairs({ PointMT, AABBMT, OBBMT, HitMT, SweepMT, CircleMT, CapsuleMT, PolygonMT,
                        ManifoldMT }) do
    rawset(MT, "__metatable", MT)
  end
  -- Whether v may be an object of the type whose metatable is MT, to be
  -- handed to the core, which checks its header: anything else goes to the
  -- C function, which refuses it by name. setmetatable gives a table any
  -- metatable, these included; light userdata share one metatable, which
  -- the debug library can make one of these, and are never objects.
  -- Compiled, the type is known and that shared metatable is a constant
  -- (LuaJIT recompiles when it changes): the test costs one comparison.
  local LIGHT = exports.api  -- a light userdata
  local function isa(v, MT)
    return getmetatable(v) == MT and type(v) == "userdata" and getmetatable(LIGHT) ~= MT
  end
  local AABB_KIND, OBB_KIND, CIRCLE_KIND, CAPSULE_KIND, POLYGON_KIND = 0, 1, 2, 3, 4  -- imp_shape
  -- Results read back right after the call that wrote them, with no
  -- allocation in between: clipSegment's t0, t1; sweepSegmentPoint's roots.
  local times = ffi.new("double[2]")
  local roots = ffi.new("double[4]")

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
  -- The field reads reach it by a tail call: the C function's errors look
  -- past it, to the script's read.
  standins[view] = true

  -- x, y of a Point argument or of two numbers, and the argument after
  -- them; nil when neither (the C function then judges the arguments).
  local function vec(a, b, c)
    if type(a) == "number" then
      if type(b) == "number" and a - a == 0 and b - b == 0 then return a, b, c end
    elseif isa(a, PointMT) then
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
    elseif isa(a, PointMT) and isa(b, PointMT) then
      local px, py, dx, dy = point_x(a), point_y(a), point_x(b), point_y(b)
      if px - px == 0 and py - py == 0 and dx - dx == 0 and dy - dy == 0 then
        return px, py, dx, dy, c, d, e
      end
    end
    return nil
  end

  -- The imp_shape of a rectangle, nil for anything else.
  local function kind(mt)
    if mt == AABBMT then return AABB_KIND end
    if mt == OBBMT then return OBB_KIND end
  end
  local function kindof(v)
    if isa(v, AABBMT) then return AABB_KIND end
    if isa(v, OBBMT) then return OBB_KIND end
  end
  -- The imp_shape of any shape, nil for anything else.
  local SHAPES = { [AABBMT] = AABB_KIND, [OBBMT] = OBB_KIND, [CircleMT] = CIRCLE_KIND,
                   [CapsuleMT] = CAPSULE_KIND, [PolygonMT] = POLYGON_KIND }
  -- shapekind tests the metatable against each in turn rather than look
  -- it up in SHAPES: the JIT compiles a comparison with an upvalue to a
  -- guard on a constant, where a key it cannot know costs a hash probe (a
  -- third of a circle's intersects).
  local function shapekind(v)
    local mt = getmetatable(v)
    local k
    if mt == CircleMT then k = CIRCLE_KIND
    elseif mt == PolygonMT then k = POLYGON_KIND
    elseif mt == AABBMT then k = AABB_KIND
    elseif mt == OBBMT then k = OBB_KIND
    elseif mt == CapsuleMT then k = CAPSULE_KIND
    else return nil end
    if isa(v, mt) then return k end
  end

  -- Several stand-ins come from one maker. The JIT compiles a closure's
  -- upvalues (the metatables, the core function) as constants only while
  -- its prototype has made no other closure, so each stand-in is made by
  -- its own copy of its maker's code, sharing the maker's upvalues. A host
  -- may leave out load or the debug library, or refuse binary chunks: then
  -- the makers serve as they are, slower but the same.
  local canjoin = load and debug and debug.upvaluejoin and string.dump
  local function own(make)
    local copy = canjoin and load(string.dump(make))
    if not copy then return make end
    for i = 1, math.huge do
      if debug.getupvalue(make, i) == nil then break end
      debug.upvaluejoin(copy, i, make, i)
    end
    return copy
  end

  -- The object of type MT a test writes into (a Hit, a Manifold): out, or
  -- when there is none a new one (make()), made before the test so that no
  -- allocation (and no finalizer, which may call impact) runs between the
  -- test and its result. One that a miss left unused waits in spare for
  -- the next call; a call takes it out first, so a finalizer's call never
  -- shares it. Gives target(out), nil where out is no such object, and
  -- miss(out, o), which keeps o for the next call.
  local function outs(make, MT)
    local spare
    local function target(out)
      if out == nil then
        local o = spare or make()
        spare = nil
        return o
      end
      if isa(out, MT) then return out end
    end
    local function miss(out, o)
      if out == nil then spare = o end
      return nil
    end
    return target, miss
  end
  local hittarget, miss = own(outs)(Hit, HitMT)
  local manifoldtarget, manifoldmiss = own(outs)(Manifold, ManifoldMT)

  local function setcollider(hit, collider)
    if colliders[hit] ~= collider then colliders[hit] = collider end
  end

  local function publishhit(h, collider)
    setcollider(h, collider)
    return h
  end

  -- The end of a test that wrote into h: whether the core declined (found
  -- -1: the objects are not what their metatables say), and else the
  -- result, nil for a miss (found 0) or h for a hit (1).
  local function finish(found, out, h, collider)
    if found == 1 then return false, publishhit(h, collider) end
    miss(out, h)
    return found ~= 0, nil
  end

  -- The Sweep a sweep writes into: out, or a new one. The core leaves the
  -- hit part of a Sweep as it was on a miss, as the C functions do.
  local function sweeptarget(out)
    if out == nil then return Sweep() end
    if isa(out, SweepMT) then return out end
  end

  local c_sweepindex = SweepMT.__index
  local function publishsweep(out, collider)
    setcollider(view(out, "hit", c_sweepindex), collider)
    return out
  end

  -- Buffers not in use, made by make: a sweep, a move or a query takes one
  -- out first and gives it back last, so that a finalizer that sweeps,
  -- moves or queries (run by an allocation meanwhile) gets another.
  local function spares(make)
    local list = {}
    local function take()
      local b = list[#list]
      if b == nil then return make() end
      list[#list] = nil
      return b
    end
    local function give(b) list[#list + 1] = b end
    return take, give
  end

  -- The methods. Each falls back to the C function it replaces, called
  -- (not tail-called) so that the C function can see the script's call.
  -- Each takes its arguments as ... and passes them on as they came, so
  -- that the C function tells a missing argument from a nil. fast[t][name]
  -- is the stand-in for t[name], which C[t][name] keeps; see own for how
  -- each is made.

  local fast, C = {}, {}
  local function standin(t, name, make)
    local c = t[name]
    fast[t] = fast[t] or {}
    C[t] = C[t] or {}
    fast[t][name], C[t][name] = own(make)(c), c
  end

  -- self:intersectPoint(point[, out]) of a type whose core test is test.
  local function pointtest(MT, test)
    return function(c)
      return function(...)
        local self, a, b, d = ...
        if isa(self, MT) then
          local x, y, out = vec(a, b, d)
          local h = x and hittarget(out)
          if h then
            local declined, r = finish(test(self, x, y, h), out, h, self)
            if not declined then return r end
          end
        end
        local r = c(...)
        return r
      end
    end
  end
  standin(AABB, "intersectPoint", pointtest(AABBMT, intersect_point))
  standin(OBB, "intersectPoint", pointtest(OBBMT, obb_intersect_point))

  standin(AABB, "intersectSegment", function(c)
    return function(...)
      local self, a, b, d, e, f, g, k = ...
      if isa(self, AABBMT) then
        local px, py, dx, dy
        px, py, dx, dy, f, g, k = twovecs(a, b, d, e, f, g, k)
        if px then
          local padx, pady, out = 0, 0, f
          if type(f) == "number" then
            padx, out = f, g
            if type(g) == "number" then pady, out = g, k end
          end
          local h = padx - padx == 0 and pady - pady == 0 and hittarget(out)
          if h then  -- declined also for a padding the C function refuses
            local declined, r = finish(intersect_segment(self, px, py, dx, dy, padx, pady, h),
                                       out, h, self)
            if not declined then return r end
          end
        end
      end
      local r = c(...)
      return r
    end
  end)

  standin(OBB, "intersectSegment", function(c)
    return function(...)
      local self, a, b, d, e, f = ...
      if isa(self, OBBMT) then
        local px, py, dx, dy, out = twovecs(a, b, d, e, f)
        local h = px and hittarget(out)
        if h then
          local declined, r = finish(obb_intersect_segment(self, px, py, dx, dy, h), out, h, self)
          if not declined then return r end
        end
      end
      local r = c(...)
      return r
    end
  end)

  standin(AABB, "intersectAABB", function(c)
    return function(...)
      local self, other, out = ...
      if isa(self, AABBMT) and isa(other, AABBMT) then
        local h = hittarget(out)
        if h then
          local declined, r = finish(intersect_aabb(self, other, h), out, h, self)
          if not declined then return r end
        end
      end
      local r = c(...)
      return r
    end
  end)

  -- self:intersect<Other>(other) -> boolean, for every pair of rectangle
  -- types the module has.
  local function recttest(MT, OtherMT)
    local k, otherk = kind(MT), kind(OtherMT)
    return function(c)
      return function(...)
        local self, other = ...
        if isa(self, MT) and isa(other, OtherMT) then
          local found
          if k == OBB_KIND and otherk == OBB_KIND then  -- no copies
            found = obb_intersect_obb(self, other)
          else
            found = intersect_rect(self, k, other, otherk)
          end
          if found == 1 then return true end
          if found == 0 then return false end
        end
        local r = c(...)
        return r
      end
    end
  end
  standin(AABB, "intersectOBB", recttest(AABBMT, OBBMT))
  standin(OBB, "intersectOBB", recttest(OBBMT, OBBMT))
  standin(OBB, "intersectAABB", recttest(OBBMT, AABBMT))

  -- The tests of every shape against every other (src/shapes.c), each
  -- stood in for on each of the five types.
  local ALL = { [AABB] = AABBMT, [OBB] = OBBMT, [Circle] = CircleMT, [Capsule] = CapsuleMT,
                [Polygon] = PolygonMT }

  -- self:intersects(other) -> boolean.
  local function intersectstest(MT)
    local k = SHAPES[MT]
    return function(c)
      return function(...)
        local self, other = ...
        local otherk = shapekind(other)
        if otherk and isa(self, MT) then
          local found = shape_intersects(self, k, other, otherk)
          if found == 1 then return true end
          if found == 0 then return false end
        end
        local r = c(...)
        return r
      end
    end
  end

  -- self:overlap(other[, out]) -> Hit|nil.
  local function overlaptest(MT)
    local k = SHAPES[MT]
    return function(c)
      return function(...)
        local self, other, out = ...
        local otherk = shapekind(other)
        if otherk and isa(self, MT) then
          local h = hittarget(out)
          if h then
            local declined, r = finish(shape_overlap(self, k, other, otherk, h), out, h, self)
            if not declined then return r end
          end
        end
        local r = c(...)
        return r
      end
    end
  end

  -- self:distance(other) -> d[, ax, ay, bx, by], read back from pair; the
  -- C function's results passed on as many as they are.
  local pair = ffi.new("double[4]")
  local function counted(...) return select("#", ...), ... end
  local function distancetest(MT)
    local k = SHAPES[MT]
    return function(c)
      return function(...)
        local self, other = ...
        local otherk = shapekind(other)
        if otherk and isa(self, MT) then
          local d = shape_distance(self, k, other, otherk, pair)
          if d == 0 then return d end
          if d == d then return d, pair[0], pair[1], pair[2], pair[3] end
        end
        local n, r, ax, ay, bx, by = counted(c(...))
        if n == 1 then return r end
        return r, ax, ay, bx, by
      end
    end
  end

  -- self:sweep(moving, delta[, out]) -> Sweep.
  local function shapesweeptest(MT)
    local k = SHAPES[MT]
    return function(c)
      return function(...)
        local self, moving, a, b, d = ...
        local movingk = shapekind(moving)
        if movingk and isa(self, MT) then
          local dx, dy, out = vec(a, b, d)
          out = dx and sweeptarget(out)
          if out then
            local found = shape_sweep(self, k, moving, movingk, dx, dy, out)
            if found == 0 then return out end
            if found == 1 then return publishsweep(out, self) end
          end
        end
        local r = c(...)
        return r
      end
    end
  end

  -- self:intersectPoint(point[, out]) and self:intersectSegment(pos,
  -- delta[, out]) of the round and many-sided types (the rectangles have
  -- their own above).
  local function shapepointtest(MT)
    local k = SHAPES[MT]
    return function(c)
      return function(...)
        local self, a, b, d = ...
        if isa(self, MT) then
          local x, y, out = vec(a, b, d)
          local h = x and hittarget(out)
          if h then
            local declined, r = finish(shape_intersect_point(self, k, x, y, h), out, h, self)
            if not declined then return r end
          end
        end
        local r = c(...)
        return r
      end
    end
  end
  local function shapesegmenttest(MT)
    local k = SHAPES[MT]
    return function(c)
      return function(...)
        local self, a, b, d, e, f = ...
        if isa(self, MT) then
          local px, py, dx, dy, out = twovecs(a, b, d, e, f)
          local h = px and hittarget(out)
          if h then
            local declined, r = finish(shape_intersect_segment(self, k, px, py, dx, dy, h),
                                       out, h, self)
            if not declined then return r end
          end
        end
        local r = c(...)
        return r
      end
    end
  end

  -- self:manifold(other[, out]) -> Manifold|nil.
  local function manifoldtest(MT)
    local k = SHAPES[MT]
    return function(c)
      return function(...)
        local self, other, out = ...
        local otherk = shapekind(other)
        if otherk and isa(self, MT) then
          local m = manifoldtarget(out)
          if m then
            local found = shape_manifold(self, k, other, otherk, m)
            if found == 1 then return m end
            manifoldmiss(out, m)
            if found == 0 then return nil end
          end
        end
        local r = c(...)
        return r
      end
    end
  end

  for T, MT in pairs(ALL) do
    standin(T, "intersects", intersectstest(MT))
    standin(T, "overlap", overlaptest(MT))
    standin(T, "distance", distancetest(MT))
    standin(T, "sweep", shapesweeptest(MT))
    standin(T, "manifold", manifoldtest(MT))
    if T ~= AABB and T ~= OBB then
      standin(T, "intersectPoint", shapepointtest(MT))
      standin(T, "intersectSegment", shapesegmenttest(MT))
    end
  end

  -- manifold:point(i) -> x, y, depth, read back from triple.
  local triple = ffi.new("double[3]")
  standin(Manifold, "point", function(c)
    return function(...)
      local self, i = ...
      if type(i) == "number" and isa(self, ManifoldMT) and manifold_point(self, i, triple) == 1 then
        return triple[0], triple[1], triple[2]
      end
      local x, y, depth = c(...)
      return x, y, depth
    end
  end)

  -- self:sweep<Moving>(moving, delta[, out]), for every pair of rectangle
  -- types the module has.
  local function sweeptest(MT, MovingMT)
    local k, movingk = kind(MT), kind(MovingMT)
    return function(c)
      return function(...)
        local self, moving, a, b, d = ...
        if isa(self, MT) and isa(moving, MovingMT) then
          local dx, dy, out = vec(a, b, d)
          out = dx and sweeptarget(out)
          if out then
            local found
            if k == AABB_KIND and movingk == AABB_KIND then  -- no copies
              found = sweep_aabb(self, moving, dx, dy, out)
            else
              found = sweep_rect(self, k, moving, movingk, dx, dy, out)
            end
            if found == 0 then return out end
            if found == 1 then return publishsweep(out, self) end
          end
        end
        local r = c(...)
        return r
      end
    end
  end
  standin(AABB, "sweepAABB", sweeptest(AABBMT, AABBMT))
  standin(AABB, "sweepOBB", sweeptest(AABBMT, OBBMT))
  standin(OBB, "sweepOBB", sweeptest(OBBMT, OBBMT))
  standin(OBB, "sweepAABB", sweeptest(OBBMT, AABBMT))

  -- moving:sweepInto(colliders, delta[, out]), in one call of the core
  -- over the colliders and their kinds (a userdata passes as a pointer to
  -- its block, whose header the C side checks), put in a buffer of the
  -- call's own as the list is checked. The out Sweep is made first, and the
  -- buffer: a finalizer run by either allocation may change the list, which
  -- is checked after them and then used at once.
  local takepointers, givepointers = spares(function() return { room = 0 } end)
  local function pointers(n)
    local b = takepointers()
    if b.room < n then
      b.room = math.max(n, 2 * b.room, 16)
      b.at = ffi.new("const void *[?]", b.room)
      b.kinds = ffi.new("unsigned char[?]", b.room)
    end
    return b
  end

  -- The sweep itself, reached by a tail call from the stand-in (below),
  -- whose frame then goes: the loop over the list is a trace of its own,
  -- and LuaJIT cannot compile a side trace that returns from a function
  -- taking ... below where its trace began, as every call's exit from the
  -- loop must (the core call would then run interpreted). LuaJIT still
  -- shows the script's method call at this frame, so a bad collider gets
  -- the C function's error as from the stand-in; the delta and out were
  -- found valid, so passing a missing one as nil changes no message.
  local function intofast(c, movingk, self, list, a, b, d, dx, dy, out)
    local n, aabbs = #list, 1
    local buffer = pointers(n)
    for i = 1, n do  -- checked first: the C function reports a bad one
      local box = rawget(list, i)
      local k = kindof(box)
      if k == nil then n = nil break end
      if k == OBB_KIND then aabbs = 0 end
      buffer.at[i - 1], buffer.kinds[i - 1] = box, k
    end
    if n then
      local found = sweep_into_rects(self, movingk, buffer.at, buffer.kinds, n, aabbs, dx, dy, out)
      givepointers(buffer)  -- after the call: giving may run a finalizer
      if found == -1 then return out end
      if found >= 0 then return publishsweep(out, rawget(list, found + 1)) end
    else
      givepointers(buffer)
    end
    local r = c(self, list, a, b, d)
    return r
  end
  standins[intofast] = true  -- the C function's errors look past it

  local function sweepinto(MT)
    local movingk = kind(MT)
    return function(c)
      return function(...)
        local self, list, a, b, d = ...
        if isa(self, MT) and type(list) == "table" then
          local dx, dy, out = vec(a, b, d)
          out = dx and sweeptarget(out)
          if out then return intofast(c, movingk, self, list, a, b, d, dx, dy, out) end
        end
        local r = c(...)
        return r
      end
    end
  end
  standin(AABB, "sweepInto", sweepinto(AABBMT))
  standin(OBB, "sweepInto", sweepinto(OBBMT))

  local kinds = { [0] = "outside", "inside", "enter", "exit", "traverse" }
  -- self:clipSegment(pos, delta): clip is the rectangle's own clip, or
  -- with shapek the clip of any shape, told self's imp_shape.
  local function cliptest(MT, clip, shapek)
    return function(c)
      return function(...)
        local self, a, b, d, e = ...
        if isa(self, MT) then
          local px, py, dx, dy = twovecs(a, b, d, e)
          if px then
            local k
            if shapek then
              k = clip(self, shapek, px, py, dx, dy, times)
            else
              k = clip(self, px, py, dx, dy, times)
            end
            if k == 0 then return "outside", nil, nil end
            if k > 0 then return kinds[k], times[0], times[1] end
          end
        end
        local k, t0, t1 = c(...)
        return k, t0, t1
      end
    end
  end
  standin(AABB, "clipSegment", cliptest(AABBMT, clip_segment))
  standin(OBB, "clipSegment", cliptest(OBBMT, obb_clip_segment))
  for _, T in ipairs({ Circle, Capsule, Polygon }) do
    standin(T, "clipSegment", cliptest(ALL[T], shape_clip_segment, SHAPES[ALL[T]]))
  end
  -- impact.clipSegment(box, pos, delta) is the AABB method.
  fast[impact], C[impact] = { clipSegment = fast[AABB].clipSegment }, { clipSegment = impact.clipSegment }

  -- The six points as twelve numbers or as six Points; other mixes go to
  -- the C function. x * 0 is 0 for a finite x and NaN for any other.
  standin(impact, "sweepSegmentPoint", function(c)
    return function(...)
      local n = select("#", ...)
      local a, b, d, e, f, g, h, i, j, k, l, m = ...
      if n == 6 and isa(a, PointMT) and isa(b, PointMT)
         and isa(d, PointMT) and isa(e, PointMT)
         and isa(f, PointMT) and isa(g, PointMT) then
        a, b, d, e, f, g, h, i, j, k, l, m =
          point_x(a), point_y(a), point_x(b), point_y(b), point_x(d), point_y(d),
          point_x(e), point_y(e), point_x(f), point_y(f), point_x(g), point_y(g)
        n = 12
      end
      if n == 12 and type(a) == "number" and type(b) == "number" and type(d) == "number"
         and type(e) == "number" and type(f) == "number" and type(g) == "number"
         and type(h) == "number" and type(i) == "number" and type(j) == "number"
         and type(k) == "number" and type(l) == "number" and type(m) == "number"
         and a * 0 + b * 0 + d * 0 + e * 0 + f * 0 + g * 0 + h * 0 + i * 0
             + j * 0 + k * 0 + l * 0 + m * 0 == 0 then
        n = sweep_segment_point(a, b, d, e, f, g, h, i, j, k, l, m, roots)
        if n == 0 then return nil end
        if n == 1 then return roots[0], roots[1] end
        return roots[0], roots[1], roots[2], roots[3]
      end
      local t1, s1, t2, s2 = c(...)
      if t1 == nil then return nil end
      if t2 == nil then return t1, s1 end
      return t1, s1, t2, s2
    end
  end)

  -- The World's move and check when no callback can run (no custom
  -- response, and a filter function only when the move meets nothing: it
  -- is asked only about the items a move reaches) and the collisions go
  -- into an out table without a metatable, or into a new table as bump's
  -- API has it (then with new collision tables, as the C function makes
  -- them, not the pool's, which out tables feed). The core resolves the
  -- whole move into a buffer of numbers (world_slide: x, y, the World's
  -- count of changes, then VALUES per collision), the collision tables are
  -- filled here by the module's own fill function, reused from the out table
  -- or the World's pool, and last the item moves (world_moveto; worldarrive,
  -- the C function's ending, when the World changed meanwhile or memory ran
  -- out). Anything else, and every case the core declines (a freed World, an
  -- item not in it, a goal not finite, many collisions), goes to the C
  -- function.
  local World = impact.World
  local WorldMT = getmetatable(World())
  rawset(WorldMT, "__metatable", WorldMT)
  local fill, worldtables, worldarrive = exports.fill, exports.worldtables, exports.worldarrive
  local SLIDES, VALUES = exports.slides, exports.slidevalues
  -- Each World's id and item tables and its pools of collision and info
  -- tables, which its user values keep alive. Weak values too: the items
  -- may hold the World (entity.world = world), and Lua 5.1 has no
  -- ephemerons.
  local idsof = setmetatable({}, { __mode = "kv" })
  local itemsof = setmetatable({}, { __mode = "kv" })
  local colsof = setmetatable({}, { __mode = "kv" })
  local infosof = setmetatable({}, { __mode = "kv" })

  -- The World's id and item tables and its pools, or nil when a script
  -- replaced them.
  local function tablesof(world)
    local ids, items, cols, infos = idsof[world], itemsof[world], colsof[world], infosof[world]
    if ids == nil then
      ids, items, cols, infos = worldtables(world)
      if ids then
        idsof[world], itemsof[world], colsof[world], infosof[world] = ids, items, cols, infos
      end
    end
    return ids, items, cols, infos
  end

  -- A move's buffer: others, as long as the most collisions, holds the
  -- other items, all looked up before any allocation can change the World.
  local takebuffer, givebuffer = spares(function()
    local b = { values = ffi.new("double[?]", 3 + SLIDES * VALUES), others = {} }
    for k = 1, SLIDES do b.others[k] = false end
    return b
  end)

  -- A pool of the World's, of the tables that out tables gave back, shared
  -- with the C functions (world_poolslot keeps its count; p says which
  -- pool): a table from it, or nil; and a table given to it, if there is
  -- room.
  local COLS, INFOS = exports.colpool, exports.infopool
  local function pooled(world, p, pool)
    local k = world_poolslot(world, p, 0)
    if k == 0 then return nil end
    local t = rawget(pool, k)
    rawset(pool, k, nil)
    if type(t) == "table" then return t end
  end

  local function repool(world, p, pool, t)
    local k = type(t) == "table" and world_poolslot(world, p, 1) or 0
    if k ~= 0 then rawset(pool, k, t) end
  end

  -- The collision table of the VALUES numbers at v[o], reusing col (a
  -- table or nil); extra is "slide" for a move's, nil for a projection's,
  -- which has no slide.
  local function collision(v, o, col, item, other, extra)
    local sx, sy
    if extra then sx, sy = v[o + 17], v[o + 18] end
    return fill(col, item, other, "slide", v[o + 1] ~= 0, v[o + 2], v[o + 3], v[o + 4],
                v[o + 5], v[o + 6], v[o + 7], v[o + 8], v[o + 9], v[o + 10], v[o + 11],
                v[o + 12], v[o + 13], v[o + 14], v[o + 15], v[o + 16], extra, sx, sy)
  end

  -- The n collisions of the buffer b into out, as collision tables reused
  -- from out or the World's pool; out's entries past n go to the pool.
  -- Without out, into a new table with new collision tables. Returns the
  -- table.
  local function putcollisions(world, items, pool, out, b, n, item, extra)
    local v, others = b.values, b.others
    for k = 1, n do others[k] = rawget(items, v[3 + (k - 1) * VALUES] + 1) end
    if out == nil then out, pool = {}, nil end
    for k = 1, n do
      local o, col = 3 + (k - 1) * VALUES, rawget(out, k)
      if type(col) ~= "table" and pool then col = pooled(world, COLS, pool) end
      local ok, t = pcall(collision, v, o, col, item, others[k], extra)
      if not ok then t = collision(v, o, nil, item, others[k], extra) end
      rawset(out, k, t)
      others[k] = false
    end
    for k = #out, n + 1, -1 do
      repool(world, COLS, pool, rawget(out, k))
      rawset(out, k, nil)
    end
    return out
  end

  local function slide(moving)
    return function(c)
      return function(...)
        local self, item, goalx, goaly, filter, out = ...
        if (out == nil or type(out) == "table" and getmetatable(out) == nil)
           and (filter == nil or type(filter) == "function")
           and type(goalx) == "number" and type(goaly) == "number"
           and isa(self, WorldMT) then
          local ids, items, pool = tablesof(self)
          local b = ids and takebuffer()
          local id = b and rawget(ids, item)
          local n = type(id) == "number"
                    and world_slide(self, id, goalx, goaly, filter and 0 or SLIDES, b.values)
          if n and n >= 0 then
            out = putcollisions(self, items, pool, out, b, n, item, "slide")
            local v = b.values
            local x, y, changes = v[0], v[1], v[2]
            givebuffer(b)
            if moving and world_moveto(self, id, x, y, changes) == 0 then
              worldarrive(self, item, x, y, id, changes)
            end
            return x, y, out, n
          end
          if b then givebuffer(b) end
        end
        local x, y, cols, len = c(...)
        return x, y, cols, len
      end
    end
  end
  standin(World, "move", slide(true))
  standin(World, "check", slide(false))

  -- project, the same way: the item need not be in the World (id -1).
  standin(World, "project", function(c)
    return function(...)
      local self, item, x, y, w, h, goalx, goaly, filter, out = ...
      if goalx == nil then goalx = x end
      if goaly == nil then goaly = y end
      if (out == nil or type(out) == "table" and getmetatable(out) == nil)
         and (filter == nil or type(filter) == "function")
         and type(x) == "number" and type(y) == "number" and type(w) == "number"
         and type(h) == "number" and type(goalx) == "number" and type(goaly) == "number"
         and isa(self, WorldMT) then
        local ids, items, pool = tablesof(self)
        local b = ids and takebuffer()
        local id = b and rawget(ids, item)
        local n = b and world_project(self, type(id) == "number" and id or -1, x, y, w, h,
                                      goalx, goaly, filter and 0 or SLIDES, b.values)
        if n and n >= 0 then
          out = putcollisions(self, items, pool, out, b, n, item, nil)
          givebuffer(b)
          return out, n
        end
        if b then givebuffer(b) end
      end
      local cols, len = c(...)
      return cols, len
    end
  end)

  -- The queries without a filter: the core writes the ids of the items
  -- found, in order, into a buffer of the query's own (taken out first, as
  -- a move's: making the out table, or growing it, may run a finalizer
  -- that queries), and the items go into the out table here. The C
  -- function has anything else: a filter, an out table with a metatable,
  -- and every case the core declines.
  local QUERYFOUND, QUERYVALUES = exports.queryfound, exports.queryvalues
  local RECT, POINT, SEGMENT, COORDS = 0, 1, 2, exports.querycoords
  local takefound, givefound = spares(function() return ffi.new("double[?]", QUERYFOUND) end)
  local takeinfos, giveinfos = spares(function()
    return ffi.new("double[?]", QUERYFOUND * QUERYVALUES)
  end)

  -- querySegmentWithCoords: each id comes with its info (ti1, ti2, x1, y1,
  -- x2, y2), and the info tables are the C function's: the out table's
  -- own go to the World's pool first, then each place takes one from it
  -- (its own, when they were all tables) or a new one.
  local INFOKEYS = { "ti1", "ti2", "x1", "y1", "x2", "y2" }
  local function putinfos(world, pool, items, out, found, n)
    for k = #out, 1, -1 do
      repool(world, INFOS, pool, rawget(out, k))
      rawset(out, k, nil)
    end
    for k = 1, n do rawset(out, k, rawget(items, found[(k - 1) * QUERYVALUES] + 1)) end
    for k = 1, n do
      local o, t = (k - 1) * QUERYVALUES, pooled(world, INFOS, pool) or {}
      rawset(t, "item", rawget(out, k))
      for i = 1, 6 do rawset(t, INFOKEYS[i], found[o + i]) end
      rawset(out, k, t)
    end
  end

  local function query(shape)
    local take, give = takefound, givefound
    if shape == COORDS then take, give = takeinfos, giveinfos end
    return function(c)
      return function(...)
        local self, a, b, d, e, filter, out = ...
        if shape == POINT then d, e, filter, out = 0, 0, d, e end
        if filter == nil and (out == nil or type(out) == "table" and getmetatable(out) == nil)
           and type(a) == "number" and type(b) == "number" and type(d) == "number"
           and type(e) == "number" and isa(self, WorldMT) then
          local _, items, _, infopool = tablesof(self)
          local found = items and take()
          local n = found and world_query(self, shape, a, b, d, e, found)
          if n and n >= 0 then
            out = out or {}
            if shape == COORDS then
              putinfos(self, infopool, items, out, found, n)
            else
              for k = 1, n do rawset(out, k, rawget(items, found[k - 1] + 1)) end
              for k = #out, n + 1, -1 do rawset(out, k, nil) end
            end
            give(found)
            return out, n
          end
          if found then give(found) end
        end
        local r, len = c(...)
        return r, len
      end
    end
  end
  standin(World, "queryRect", query(RECT))
  standin(World, "queryPoint", query(POINT))
  standin(World, "querySegment", query(SEGMENT))
  standin(World, "querySegmentWithCoords", query(COORDS))

  -- Field reads: methods first, then the fields the C function would give;
  -- a Hit's or Sweep's time before its methods, as the C function reads it.
  -- A field whose core read declines (NaN: see api.c) asks the C function.
  local function index(MT, methods, fields)
    local c_index, time = MT.__index, fields.time
    standin(MT, "__index", function()
      return function(self, k)
        if time and k == "time" and isa(self, MT) then return time(self, k, c_index) end
        local m = methods[k]
        if m ~= nil then return m end
        if isa(self, MT) then
          local field = fields[k]
          if field then return field(self, k, c_index) end
        end
        local r = c_index(self, k)
        return r
      end
    end)
  end

  -- A number field read by the core, or by the C function where it reads
  -- NaN: a declined read, or a Point's own NaN. Each field gets its own
  -- copy (see own), so that its read compiles as a constant.
  local function numberfield(read)
    return function(self, k, c_index)
      local v = read(self)
      if v == v then return v end
      return c_index(self, k)
    end
  end
  local function number(read) return own(numberfield)(read) end

  index(PointMT, Point, { x = number(point_x), y = number(point_y) })
  index(AABBMT, AABB, { pos = view, half = view })
  index(OBBMT, OBB, { pos = view, half = view, angle = number(obb_angle) })
  index(CircleMT, Circle, { pos = view })
  index(CapsuleMT, Capsule, { pos = view })
  index(PolygonMT, Polygon, { pos = view })
  index(ManifoldMT, Manifold, { normal = view, count = number(manifold_count) })
  index(HitMT, Hit, {
    time = number(hit_time),
    -- Only the Hits the module filled have one here.
    collider = function(self, k, c_index)
      local collider = colliders[self]
      if collider ~= nil then return collider end
      return c_index(self, k)
    end,
    pos = view, delta = view, normal = view,
  })
  index(SweepMT, Sweep, {
    time = number(sweep_time),
    pos = view,
    hit = function(self, k, c_index)
      local has = sweep_has_hit(self)
      if has == 0 then return nil end
      if has == 1 then return view(self, k, c_index) end
      return c_index(self, k)
    end,
  })

  -- A World's own fields come before its methods: where it has none, the
  -- method is looked up here.
  standin(WorldMT, "__index", function(c)
    return function(self, k)
      if isa(self, WorldMT) and world_hasfields(self) == 0 then
        local m = rawget(World, k)
        if m ~= nil then return m end
      end
      local r = c(self, k)
      return r
    end
  end)

  -- Field writes in loops: a Point's coordinates and an OBB's angle.
  local axes = { x = 0, y = 1 }
  standin(PointMT, "__newindex", function(c)
    return function(self, k, value)
      local axis = axes[k]
      if not (axis and isa(self, PointMT) and type(value) == "number"
              and point_store(self, axis, value) ~= 0) then
        c(self, k, value)
      end
    end
  end)
  standin(OBBMT, "__newindex", function(c)
    return function(self, k, value)
      if not (k == "angle" and isa(self, OBBMT) and type(value) == "number"
              and obb_store_angle(self, value) ~= 0) then
        c(self, k, value)
      end
    end
  end)

  for _, functions in pairs(fast) do
    for _, f in pairs(functions) do standins[f] = true end
  end

  -- Puts the stand-ins in place (on) or the C functions back, leaving any
  -- function that a script put there itself.
  local function use(on)
    for t, functions in pairs(fast) do
      for name, f in pairs(functions) do
        local from, to = C[t][name], f
        if not on then from, to = to, from end
        if rawget(t, name) == from then rawset(t, name, to) end
      end
    end
  end

  -- jit.on() and jit.off() for the whole engine also switch the methods;
  -- with arguments they turn one function, and are the library's own (a
  -- tail call: `true` still means the caller's function).
  local function follow(switch)
    return function(...)
      if select("#", ...) > 0 and ... ~= nil then return switch(...) end
      switch(...)
      use(jit.status())
    end
  end
  jit.on, jit.off = follow(jit.on), follow(jit.off)  -- luacheck: ignore 122

  use(jit.status())
  return true
end
