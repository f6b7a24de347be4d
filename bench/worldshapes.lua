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
io.stdout:setvbuf("line")  -- each row out before a peer's run can crash
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
local GRAVITY, PUSH, KICK, VMAX = 0.4, 1, 10, 12

local level = require("shapelevel")(impact, N)
local statics, movers, uniform = level.statics, level.movers, level.uniform
local CELL = level.CELL
local near, overlapsLevel = level.near, level.overlaps

-- The libraries: each makes a world of the level and the movers and gives
-- move(mover, goalX, goalY) -> x, y, and the shape of a mover that it
-- moves, in impact's terms, for the checks.
local peers = require "peers"

local function impactWorld(lib)
  return function()
    local world, out = level.world(lib), {}
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
  local slick, why = peers.slick()
  if not slick then return nil, why end
  return function()
    local world = level.slickworld(slick)
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
  local HC, why = peers.HC()
  if not HC then return nil, why end
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
  level.reseed(4242)
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
