-- The scene of the World-of-shapes benchmarks (worldshapes.lua,
-- worldqueries.lua, love/main.lua): a level of tiles, ramps, rocks and thin
-- plates and N round movers at free places in it, drawn from a seeded
-- Park-Miller sequence, so that every library and every Lua gets the same.
--   local level = require("shapelevel")(impact, N)
-- level.statics: { static = true, kind = "rect" | "polygon", x, y, w, h or
--   own (vertices around x, y), shape (impact's), plates also half, ux, uy };
-- level.movers: { id, x, y, x0, y0, radius or own };
-- level.near(x1, y1, x2, y2, f) calls f(static) once for each static whose
-- cells meet the box; level.overlaps(shape) tells whether impact's exact
-- intersects finds the shape overlapping a static;
-- level.uniform(lo, hi) draws from the sequence, level.reseed(n) restarts it.
return function(impact, N)
  local level = {}

  -- The level: floors of 16 x 16 tiles every 96 units, with gaps to fall
  -- through, ramps on them, rocks and thin plates between them, walls
  -- around. Its size grows with N, so that the movers stay as dense.
  local TILE, STOREY, CELL = 16, 96, 64
  local FLOORS = math.ceil(math.sqrt(N / 3.2))
  local WIDTH, HEIGHT = 8 * FLOORS * TILE, FLOORS * STOREY
  local PLATE = 0.25                     -- half the thickness of a plate
  level.TILE, level.CELL, level.WIDTH, level.HEIGHT = TILE, CELL, WIDTH, HEIGHT

  -- Park-Miller: the same sequence under every Lua, integers or doubles,
  -- and a period (2^31 - 2) far beyond the draws of a run.
  local seed
  local function uniform(lo, hi)
    seed = seed * 48271 % 2147483647
    return lo + (hi - lo) * seed / 2147483647
  end
  level.uniform = uniform
  function level.reseed(n) seed = n end

  -- A convex polygon of `count` vertices around its own origin, at sorted
  -- angles 0.3 to 2.5 apart (so that it holds the origin),
  -- counter-clockwise.
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
  level.convex = convex

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
  level.statics = statics

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
  function level.near(x1, y1, x2, y2, f)
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
  function level.overlaps(shape)
    local hit = false
    local x1, y1, x2, y2 = bounds(shape)
    level.near(x1, y1, x2, y2, function(s)
      hit = hit or shape:intersects(s.shape)
    end)
    return hit
  end

  -- The movers: circles of radius 3 to 6 and, one in five, polygons of 5
  -- or 6 vertices 4 to 6 from their origin, at free places.
  local movers = {}
  for i = 1, N do
    local m = { id = i }
    if i % 5 == 0 then
      m.own = convex(5 + i % 2, uniform(4, 6))
    else
      m.radius = uniform(3, 6)
    end
    repeat
      m.x, m.y = uniform(8, WIDTH - 8), uniform(8, HEIGHT - TILE - 8)
      local shape = m.own and impact.Polygon(m.own, m.x, m.y)
                           or impact.Circle(m.x, m.y, m.radius)
    until not level.overlaps(shape)
    m.x0, m.y0 = m.x, m.y
    movers[i] = m
  end
  level.movers = movers

  -- The level and the movers (at their starting places, or wherever
  -- their x and y are) in a World of lib (impact or its pure backend),
  -- and in a world of slick's.
  function level.world(lib)
    local world = lib.World(CELL)
    for _, s in ipairs(statics) do
      if s.kind == "rect" then world:add(s, s.x, s.y, s.w, s.h)
      else world:add(s, lib.Polygon(s.own, s.x, s.y)) end
    end
    for _, m in ipairs(movers) do
      world:add(m, m.own and lib.Polygon(m.own, m.x, m.y)
                          or lib.Circle(m.x, m.y, m.radius))
    end
    return world
  end

  function level.slickworld(slick)
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
    return world
  end
  return level
end
