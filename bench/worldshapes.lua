-- A World of shapes against slick and HC, side by side in one run: N round
-- movers (circles, a fifth of them polygons) in a level of tiles, ramps,
-- rocks and thin plates; every frame each mover falls under gravity, takes
-- a random push and slides. impact (the native module, or under LuaJIT its
-- fast path) and its pure-Lua backend move them with world:move and
-- "slide"; slick, when SLICK_DIR names a checkout of slick (erinmaus/slick,
-- the folder that holds slick/), with its world:move and "slide"; HC, when
-- HC_DIR names a checkout of HC (vrld/HC), by moving each shape and then
-- pushing it out by the separating vector of everything it collides with,
-- HC's usual way. Movers pass through each other: only the level stops
-- them.
-- Prints a row per library: ms per frame (the moves alone), how many times
-- faster impact is, and two counts over all frames, taken with impact's
-- exact shape:intersects on the final poses for every library: the movers
-- that end a frame overlapping the level (and, of those, the ones deeper
-- than a hundredth of their size), and the frames in which a mover's
-- centre passed through a thin plate (tunnelling).
--   lua bench/worldshapes.lua <label> [case]   (bench/run.sh runs each case)
-- WORLDSHAPES_FRAMES (default 300) sets the frames per run.
package.path = "bench/?.lua;lua/?.lua;lua/?/init.lua;" .. package.path
local impact = require "impact"

local label = arg[1] or _VERSION
local FRAMES = tonumber(os.getenv("WORLDSHAPES_FRAMES")) or 300
local COUNTS = { 200, 1000 }
local which = tonumber(arg[2])
if not which then
  print(#COUNTS)
  return
end
local N = COUNTS[which]
local unpack = table.unpack or unpack

-- The level: floors of 16 x 16 tiles every 96 units, with gaps to fall
-- through, ramps on them, rocks and thin plates between them, walls
-- around. Its size grows with N, so that the movers stay as dense.
local TILE, STOREY, CELL = 16, 96, 64
local FLOORS = math.ceil(math.sqrt(N / 3.2))
local WIDTH, HEIGHT = 8 * FLOORS * TILE, FLOORS * STOREY
local GRAVITY, PUSH, KICK, VMAX = 0.4, 1, 10, 12
local PLATE = 0.25                       -- half the thickness of a plate

-- Park-Miller: the same sequence under every Lua, integers or doubles, and
-- a period (2^31 - 2) far beyond the draws of a run.
local seed
local function uniform(lo, hi)
  seed = seed * 48271 % 2147483647
  return lo + (hi - lo) * seed / 2147483647
end

-- A convex polygon of `count` vertices around its own origin, at sorted
-- angles 0.3 to 2.5 apart (so that it holds the origin), counter-clockwise.
local function convex(count, radius)
  local turns
  repeat
    turns = {}
    for i = 1, count do turns[i] = uniform(0, 2 * math.pi) end
    table.sort(turns)
    local gap = turns[1] + 2 * math.pi - turns[count]
    local apart = gap >= 0.3 and gap <= 2.5
    for i = 2, count do
      gap = turns[i] - turns[i - 1]
      apart = apart and gap >= 0.3 and gap <= 2.5
    end
  until apart
  local own = {}
  for i = 1, count do
    own[2 * i - 1] = radius * math.cos(turns[i])
    own[2 * i] = radius * math.sin(turns[i])
  end
  return own
end

-- The statics: each { static = true, kind, x, y, ... } with `own`, the
-- vertices of a polygon around (x, y), and `shape`, impact's exact shape.
seed = 20250601
local statics = {}
local function static(s)
  s.static = true
  if s.kind == "rect" then
    s.shape = impact.AABB.fromRect(s.x, s.y, s.w, s.h)
  else
    s.shape = impact.Polygon(s.own, s.x, s.y)
  end
  statics[#statics + 1] = s
  return s
end
static { kind = "rect", x = -TILE, y = -TILE, w = TILE, h = HEIGHT + TILE }
static { kind = "rect", x = WIDTH, y = -TILE, w = TILE, h = HEIGHT + TILE }
static { kind = "rect", x = 0, y = -TILE, w = WIDTH, h = TILE }
for floor = 1, FLOORS do
  local y, j = floor * STOREY - TILE, 0
  while j < WIDTH / TILE do
    if floor < FLOORS and uniform(0, 1) < 0.05 then
      j = j + 3 + math.floor(uniform(0, 3))    -- a gap to fall through
    else
      static { kind = "rect", x = j * TILE, y = y, w = TILE, h = TILE }
      if j + 1 < WIDTH / TILE and uniform(0, 1) < 0.04 then
        local rise = uniform(6, 16)            -- a ramp over two tiles
        local high = uniform(0, 1) < 0.5 and 2 * TILE or 0  -- which end
        local own = { 0, 0, 2 * TILE, 0, high, -rise }
        static { kind = "polygon", x = j * TILE, y = y, own = own }
      end
      j = j + 1
    end
  end
  local top = y - STOREY + TILE
  for _ = 1, WIDTH / 128 do                    -- rocks
    local x, y0 = uniform(0, WIDTH), uniform(top + 24, y - 12)
    local count = 5 + math.floor(uniform(0, 4))
    static { kind = "polygon", x = x, y = y0,
             own = convex(count, uniform(5, 10)) }
  end
  for _ = 1, WIDTH / 256 do                    -- thin plates, at any angle
    local half, angle = uniform(32, 56), uniform(-math.pi / 2, math.pi / 2)
    local c, s = math.cos(angle), math.sin(angle)
    local ux, uy, nx, ny = half * c, half * s, -PLATE * s, PLATE * c
    local x, y0 = uniform(half, WIDTH - half), uniform(top + 20, y - 20)
    static {
      kind = "polygon", x = x, y = y0,
      own = { -ux - nx, -uy - ny, ux - nx, uy - ny,
              ux + nx, uy + ny, -ux + nx, -uy + ny },
      half = half, ux = c, uy = s }
  end
end

-- The checker's grid: the statics by the cells of their bounds.
local grid, stamp, stamps = {}, 0, {}
local function cells(x1, y1, x2, y2, f)
  for cy = math.floor(y1 / CELL), math.floor(y2 / CELL) do
    for cx = math.floor(x1 / CELL), math.floor(x2 / CELL) do
      f(cy * 65536 + cx)
    end
  end
end
local box = impact.AABB()
local function bounds(shape)
  shape:bounds(box)
  local p, h = box.pos, box.half
  return p.x - h.x, p.y - h.y, p.x + h.x, p.y + h.y
end
for _, s in ipairs(statics) do
  local x1, y1, x2, y2 = bounds(s.shape)
  cells(x1, y1, x2, y2, function(key)
    local list = grid[key] or {}
    grid[key] = list
    list[#list + 1] = s
  end)
end
-- Calls f(s) once for each static whose cells meet the box.
local function near(x1, y1, x2, y2, f)
  stamp = stamp + 1
  cells(x1, y1, x2, y2, function(key)
    for _, s in ipairs(grid[key] or {}) do
      if stamps[s] ~= stamp then
        stamps[s] = stamp
        f(s)
      end
    end
  end)
end
local function overlapsLevel(shape)
  local hit = false
  local x1, y1, x2, y2 = bounds(shape)
  near(x1, y1, x2, y2, function(s) hit = hit or shape:intersects(s.shape) end)
  return hit
end

-- The movers: circles of radius 3 to 6 and, one in five, polygons of 5 or
-- 6 vertices 4 to 6 from their origin, at free places.
local movers = {}
for i = 1, N do
  local m = { id = i }
  if i % 5 == 0 then
    m.own = convex(5 + i % 2, uniform(4, 6))
    m.size = 0
    for k = 1, #m.own do m.size = math.max(m.size, math.abs(m.own[k])) end
  else
    m.radius = uniform(3, 6)
    m.size = m.radius
  end
  repeat
    m.x, m.y = uniform(8, WIDTH - 8), uniform(8, HEIGHT - TILE - 8)
    local shape = m.own and impact.Polygon(m.own, m.x, m.y)
                         or impact.Circle(m.x, m.y, m.radius)
  until not overlapsLevel(shape)
  m.x0, m.y0 = m.x, m.y
  movers[i] = m
end

-- The libraries: each makes a world of the level and the movers and gives
-- move(mover, goalX, goalY) -> x, y, and the shape of a mover that it
-- moves, in impact's terms, for the checks.
-- slick and HC are written for Lua 5.1 and LuaJIT; under later Luas they
-- load with 5.1's unpack and, for slick, with setfenv as a no-op: slick
-- sets its loading thread's globals only so that its modules find each
-- other under a prefix, and here it is loaded at the top as "slick".
local function compat()
  _G.unpack = _G.unpack or table.unpack
  _G.setfenv = _G.setfenv or function() end
end

local function inside(dir, path)
  local f = io.open(dir .. "/" .. path)
  if f then f:close() end
  return f ~= nil
end

local function impactWorld(lib)
  return function()
    local world, out = lib.World(CELL), {}
    for _, s in ipairs(statics) do
      if s.kind == "rect" then world:add(s, s.x, s.y, s.w, s.h)
      else world:add(s, lib.Polygon(s.own, s.x, s.y)) end
    end
    for _, m in ipairs(movers) do
      world:add(m, m.own and lib.Polygon(m.own, m.x, m.y)
                          or lib.Circle(m.x, m.y, m.radius))
    end
    local function filter(_, other)
      if other.static then return "slide" end
    end
    return function(m, goalX, goalY)
      local x, y = world:move(m, goalX, goalY, filter, out)
      return x, y
    end
  end
end

local function loadSlick()
  local dir = os.getenv("SLICK_DIR")
  if not dir or dir == "" then return nil, "SLICK_DIR unset" end
  dir = dir:gsub("/+$", "")
  if not inside(dir, "slick/init.lua") and inside(dir, "world.lua") then
    dir = dir:match("^(.-)/*[^/]+$")     -- named the slick folder itself
    if dir == "" then dir = "." end
  end
  package.path = dir .. "/?.lua;" .. dir .. "/?/init.lua;" .. package.path
  compat()
  local ok, slick = pcall(require, "slick")
  if not ok then return nil, "slick does not load: " .. tostring(slick) end
  return function()
    local world = slick.newWorld(WIDTH, HEIGHT)
    for _, s in ipairs(statics) do
      world:add(s, s.x, s.y, s.kind == "rect"
                and slick.newRectangleShape(0, 0, s.w, s.h)
                or slick.newPolygonShape(s.own))
    end
    for _, m in ipairs(movers) do
      world:add(m, m.x, m.y, m.own and slick.newPolygonShape(m.own)
                                   or slick.newCircleShape(0, 0, m.radius))
    end
    local query = slick.newWorldQuery(world)
    local function filter(_, other)
      return other.static and "slide"
    end
    return function(m, goalX, goalY)
      local x, y = world:move(m, goalX, goalY, filter, query)
      return x, y
    end
  end, function(m)
    -- slick's circle is the polygon of its vertices: check that one.
    if m.own then return m.own end
    local shape = slick.newCircleShape(0, 0, m.radius)
    return shape.arguments
  end
end

local function loadHC()
  local dir = os.getenv("HC_DIR")
  if not dir or dir == "" then return nil, "HC_DIR unset" end
  local parent, name = dir:match("^(.-)/*([^/]+)/*$")
  if parent == "" then parent = "." end
  package.path = parent .. "/?.lua;" .. parent .. "/?/init.lua;" .. package.path
  compat()
  local ok, HC = pcall(require, name)
  if not ok then return nil, "HC does not load: " .. tostring(HC) end
  return function()
    local hc, shapes = HC.new(CELL), {}
    for _, s in ipairs(statics) do
      local shape
      if s.kind == "rect" then
        shape = hc:rectangle(s.x, s.y, s.w, s.h)
      else
        local v = s.shape:vertices()
        shape = hc:polygon(unpack(v))
      end
      shape.static = true
    end
    for _, m in ipairs(movers) do
      if m.own then
        local v = impact.Polygon(m.own, m.x, m.y):vertices()
        shapes[m] = hc:polygon(unpack(v))
      else
        shapes[m] = hc:circle(m.x, m.y, m.radius)
      end
    end
    return function(m, goalX, goalY)
      local shape = shapes[m]
      shape:move(goalX - m.x, goalY - m.y)
      local x, y = goalX, goalY
      for other, apart in pairs(hc:collisions(shape)) do
        -- now and then HC reports a collision without a vector: skipped
        if other.static and apart.y then
          shape:move(apart.x, apart.y)
          x, y = x + apart.x, y + apart.y
        end
      end
      return x, y
    end
  end
end

-- One run: the same pushes in the same order for every library. Returns ms
-- per frame of the moves, the movers that ended a frame overlapping the
-- level, those deeper than 1% of their size, and the tunnellings.
local function run(newMove, ownOf)
  for _, m in ipairs(movers) do m.x, m.y = m.x0, m.y0 end
  local move = newMove()
  local poses, shrunk = {}, {}
  for i, m in ipairs(movers) do
    local own = ownOf and ownOf(m) or m.own
    if own then
      local small = {}
      for k = 1, #own do small[k] = own[k] * 0.99 end
      poses[i] = impact.Polygon(own, m.x, m.y)
      shrunk[i] = impact.Polygon(small, m.x, m.y)
    else
      poses[i] = impact.Circle(m.x, m.y, m.radius)
      shrunk[i] = impact.Circle(m.x, m.y, m.radius * 0.99)
    end
  end
  local x, y, vx, vy = {}, {}, {}, {}
  for i, m in ipairs(movers) do x[i], y[i], vx[i], vy[i] = m.x, m.y, 0, 0 end
  local function passes(p, x0, y0, x1, y1)
    -- the centre crosses the plate's midline, well away from its ends
    local nx, ny = -p.uy, p.ux
    local d0 = (x0 - p.x) * nx + (y0 - p.y) * ny
    local d1 = (x1 - p.x) * nx + (y1 - p.y) * ny
    if (d0 < 0) == (d1 < 0) or d0 == d1 then return false end
    local t = d0 / (d0 - d1)
    local along = (x0 + t * (x1 - x0) - p.x) * p.ux
                + (y0 + t * (y1 - y0) - p.y) * p.uy
    return math.abs(along) < p.half - 2 * VMAX
  end
  seed = 4242
  local time, overlapping, deep, tunnels = 0, 0, 0, 0
  for _ = 1, FRAMES do
    local start = os.clock()
    for i, m in ipairs(movers) do
      local px, py = x[i], y[i]
      local ax, ay = vx[i] * 0.95 + uniform(-PUSH, PUSH),
                     vy[i] + GRAVITY + uniform(-PUSH / 2, PUSH / 2)
      if uniform(0, 1) < 0.01 then ay = -KICK end
      local speed = math.sqrt(ax * ax + ay * ay)
      if speed > VMAX then ax, ay = ax * VMAX / speed, ay * VMAX / speed end
      m.x, m.y = px, py
      local nx, ny = move(m, px + ax, py + ay)
      x[i], y[i], vx[i], vy[i] = nx, ny, nx - px, ny - py
    end
    time = time + os.clock() - start
    for i, m in ipairs(movers) do
      m.x, m.y = x[i], y[i]
      local pos = poses[i].pos
      local x0, y0 = pos.x, pos.y
      pos.x, pos.y = x[i], y[i]
      shrunk[i].pos.x, shrunk[i].pos.y = x[i], y[i]
      if overlapsLevel(poses[i]) then
        overlapping = overlapping + 1
        if overlapsLevel(shrunk[i]) then deep = deep + 1 end
      end
      near(math.min(x0, x[i]), math.min(y0, y[i]), math.max(x0, x[i]),
           math.max(y0, y[i]), function(s)
        if s.half and passes(s, x0, y0, x[i], y[i]) then
          tunnels = tunnels + 1
        end
      end)
    end
  end
  return time / FRAMES * 1000, overlapping, deep, tunnels
end

local libraries = {
  { name = "impact", move = impactWorld(impact) },
  { name = "impact pure", move = impactWorld(require "impact.pure") },
}
local slickMove, slickOwn = loadSlick()
if slickMove then
  libraries[3] = { name = "slick", move = slickMove, own = slickOwn }
else
  libraries[3] = { name = "slick", why = slickOwn }
end
local hcMove, hcWhy = loadHC()
libraries[4] = { name = "HC", move = hcMove, why = hcWhy }

local base
for _, lib in ipairs(libraries) do
  if lib.move then
    local ms, overlapping, deep, tunnels = run(lib.move, lib.own)
    base = base or ms
    print(("| %5d | %-12s | %-11s | %8.3f | %6.1f | %6d | %6d | %6d |"):format(
      N, label, lib.name, ms, ms / base, overlapping, deep, tunnels))
  else
    print(("| %5d | %-12s | %-11s | %s |"):format(N, label, lib.name, lib.why))
  end
end
