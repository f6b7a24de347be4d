-- impact.debug: draws impact's objects, results and Worlds with love.graphics,
-- to see what the collision code sees.
--
--   local draw = require "impact.debug"
--   draw.configure { scale = 2, lineWidth = 2 }
--   local hit = wall:intersectSegment(x, y, dx, dy, out)
--   draw.shape(wall); draw.segment(x, y, dx, dy); if hit then draw.hit(hit) end
--
-- Everything is drawn from numbers read off the objects (no tables, no
-- strings are made), so a game may draw every frame without making garbage.
-- Only impact's public API is used, so objects of either backend draw alike.
-- Each call leaves love.graphics' colour and line width as it found them.
local impact = require "impact"

local atan2 = math.atan2 or math.atan  -- math.atan takes (y, x) from 5.3 on
local unpack = table.unpack or unpack

local draw = {}

-- The look, changed with draw.configure. Coordinates are drawn at
-- origin + scale * (x, y); sizes in pixels are not scaled.
local style = {
  scale = 1, originX = 0, originY = 0,
  lineWidth = 1,
  pointRadius = 3,      -- contact points and Points
  arrowHead = 8,        -- length of an arrow's head
  normalLength = 24,    -- a normal's arrow
  shape = { 0.85, 0.85, 0.85, 1 },
  path = { 0.55, 0.55, 0.6, 1 },      -- movements, goals, segments' travel
  stop = { 0.35, 0.95, 0.45, 1 },     -- where a sweep stops
  contact = { 1, 0.85, 0.2, 1 },
  normal = { 1, 0.35, 0.3, 1 },
  delta = { 0.3, 0.75, 1, 1 },        -- push-outs
  query = { 1, 0.5, 1, 1 },           -- what a World query found
  grid = { 1, 1, 1, 0.12 },
  cell = { 0.4, 0.6, 1, 0.12 },       -- a cell, once per item in it
  kinds = {                           -- clipSegment's kinds
    outside = { 0.55, 0.55, 0.6, 1 }, inside = { 0.3, 0.9, 0.4, 1 },
    enter = { 1, 0.65, 0.2, 1 }, exit = { 0.3, 0.75, 1, 1 },
    traverse = { 1, 0.35, 0.75, 1 },
  },
  responses = {                       -- a World's collision types
    touch = { 1, 0.85, 0.2, 1 }, cross = { 0.6, 0.6, 1, 1 },
    slide = { 0.35, 0.95, 0.45, 1 }, bounce = { 1, 0.45, 0.3, 1 },
  },
}
draw.style = style

-- Copies the given fields into the style (colours are {r, g, b[, a]}).
function draw.configure(options)
  for k, v in pairs(options) do
    if style[k] == nil then error("impact.debug: unknown option '" .. tostring(k) .. "'", 2) end
    style[k] = v
  end
end

local lg  -- love.graphics, looked up at each call (a game or a spec may swap it)

local function X(x) return style.originX + style.scale * x end
local function Y(y) return style.originY + style.scale * y end

local function color(c) lg.setColor(c[1], c[2], c[3], c[4] or 1) end

-- A point given as a Point or as two numbers, the way impact takes them:
-- returns x, y and the index of the next argument.
local function readPoint(name, i, ...)
  local v = select(i, ...)
  if type(v) == "number" then
    local y = select(i + 1, ...)
    if type(y) ~= "number" then
      error(("bad argument #%d to '%s' (number expected, got %s)"):format(i + 1, name, type(y)), 4)
    end
    return v, y, i + 2
  end
  if impact.type(v) ~= "Point" then
    error(("bad argument #%d to '%s' (Point or number expected, got %s)"):format(i, name, type(v)), 4)
  end
  return v.x, v.y, i + 1
end

local function dot(x, y)  -- screen coordinates
  lg.circle("fill", x, y, style.pointRadius)
end

-- An arrow in screen coordinates; a zero-length one is a dot.
local function arrow(x1, y1, x2, y2)
  local dx, dy = x2 - x1, y2 - y1
  local len = math.sqrt(dx * dx + dy * dy)
  if len == 0 then return dot(x1, y1) end
  local ux, uy = dx / len, dy / len
  local h = math.min(style.arrowHead, len)
  local w = h / 2
  lg.line(x1, y1, x2, y2)
  lg.polygon("fill", x2, y2, x2 - h * ux - w * uy, y2 - h * uy + w * ux,
             x2 - h * ux + w * uy, y2 - h * uy - w * ux)
end

local function rect(left, top, w, h)
  lg.rectangle("line", X(left), Y(top), style.scale * w, style.scale * h)
end

local SHAPES = { AABB = true, OBB = true, Circle = true, Capsule = true, Polygon = true }

local function checkShape(name, s)
  local kind = impact.type(s)
  if not SHAPES[kind] then
    error(("bad argument #1 to '%s' (shape expected, got %s)"):format(name, kind or type(s)), 4)
  end
end

-- A circle in screen coordinates; one of radius 0 is a dot, to be seen.
local function circle(x, y, r)
  if r == 0 then return dot(x, y) end
  lg.circle("line", x, y, r)
end

-- A capsule's outline in screen coordinates: the two sides, and a half
-- circle round each end (arcs keep the angles: X and Y scale alike).
local function capsule(ax, ay, bx, by, r)
  local dx, dy = bx - ax, by - ay
  local len = math.sqrt(dx * dx + dy * dy)
  if len == 0 then return circle(ax, ay, r) end
  if r == 0 then return lg.line(ax, ay, bx, by) end
  local nx, ny = -dy / len * r, dx / len * r  -- r along the left normal
  lg.line(ax + nx, ay + ny, bx + nx, by + ny)
  lg.line(ax - nx, ay - ny, bx - nx, by - ny)
  local side = atan2(ny, nx)
  lg.arc("line", "open", bx, by, r, side, side - math.pi)
  lg.arc("line", "open", ax, ay, r, side, side + math.pi)
end

local V = {}  -- a polygon's screen coordinates, reused

-- A shape drawn with its pos at (cx, cy).
local function shapeAt(s, cx, cy)
  local kind = impact.type(s)
  if kind == "AABB" then
    local hx, hy = s.half.x, s.half.y
    return rect(cx - hx, cy - hy, 2 * hx, 2 * hy)
  elseif kind == "Circle" then
    return circle(X(cx), Y(cy), style.scale * s.radius)
  end
  local p = s.pos
  local ox, oy = cx - p.x, cy - p.y
  if kind == "OBB" then
    local x1, y1, x2, y2, x3, y3, x4, y4 = s:corners()
    lg.polygon("line", X(x1 + ox), Y(y1 + oy), X(x2 + ox), Y(y2 + oy),
               X(x3 + ox), Y(y3 + oy), X(x4 + ox), Y(y4 + oy))
  elseif kind == "Capsule" then
    local ax, ay, bx, by = s:ends()
    capsule(X(ax + ox), Y(ay + oy), X(bx + ox), Y(by + oy), style.scale * s.radius)
  else
    local n = s.count
    for i = 1, n do
      local x, y = s:vertex(i)
      V[2 * i - 1], V[2 * i] = X(x + ox), Y(y + oy)
    end
    lg.polygon("line", unpack(V, 1, 2 * n))
  end
end

-- A Hit's contact point and normal, and the push-out if asked for.
local function contact(h, pushOut)
  local p, n = h.pos, h.normal
  local px, py = X(p.x), Y(p.y)
  local d = h.delta
  if pushOut and (d.x ~= 0 or d.y ~= 0) then  -- ending at the contact
    color(style.delta)
    arrow(X(p.x - d.x), Y(p.y - d.y), px, py)
  end
  color(style.normal)
  arrow(px, py, px + style.normalLength * n.x, py + style.normalLength * n.y)
  color(style.contact)
  dot(px, py)
end

-- Each public function saves the colour and line width, sets the style's
-- line width, draws, and restores them.
local function public(f)
  return function(...)
    lg = love.graphics
    local r, g, b, a = lg.getColor()
    local width = lg.getLineWidth()
    lg.setLineWidth(style.lineWidth)
    f(...)
    lg.setColor(r, g, b, a)
    lg.setLineWidth(width)
  end
end

-- draw.point(p | x, y[, colour])
draw.point = public(function(...)
  local x, y, i = readPoint("point", 1, ...)
  color(select(i, ...) or style.shape)
  dot(X(x), Y(y))
end)

-- draw.rect(left, top, width, height[, colour]): a bump-style rectangle.
draw.rect = public(function(left, top, w, h, c)
  color(c or style.shape)
  rect(left, top, w, h)
end)

-- draw.shape(s[, colour]): an AABB, OBB, Circle, Capsule or Polygon (also
-- draw.aabb, draw.obb, draw.circle, draw.capsule, draw.polygon).
draw.shape = public(function(s, c)
  checkShape("shape", s)
  color(c or style.shape)
  local p = s.pos
  shapeAt(s, p.x, p.y)
end)
draw.aabb, draw.obb = draw.shape, draw.shape
draw.circle, draw.capsule, draw.polygon = draw.shape, draw.shape, draw.shape

-- draw.segment(pos | x, y, delta | dx, dy[, colour]): an arrow from pos to
-- pos + delta.
draw.segment = public(function(...)
  local x, y, i = readPoint("segment", 1, ...)
  local dx, dy, j = readPoint("segment", i, ...)
  color(select(j, ...) or style.path)
  arrow(X(x), Y(y), X(x + dx), Y(y + dy))
end)

-- draw.hit(hit): the contact point, the normal (normalLength pixels long) and
-- the push-out (hit.delta, as an arrow ending at the contact point).
draw.hit = public(function(h) contact(h, true) end)

-- draw.sweep(moving, delta | dx, dy, sweep): the moving shape where it
-- starts, its path and goal, where the sweep stops it, and the hit's
-- contact point and normal if any (its delta, the rest of the move, would
-- only repeat the path).
draw.sweep = public(function(...)
  local moving = ...
  checkShape("sweep", moving)
  local dx, dy, i = readPoint("sweep", 2, ...)
  local sweep = select(i, ...)
  local p = moving.pos
  local x, y = p.x, p.y
  color(style.path)
  lg.line(X(x), Y(y), X(x + dx), Y(y + dy))
  shapeAt(moving, x + dx, y + dy)
  color(style.shape)
  shapeAt(moving, x, y)
  local stop = sweep.pos
  color(style.stop)
  shapeAt(moving, stop.x, stop.y)
  local h = sweep.hit
  if h then contact(h, false) end
end)

-- draw.manifold(m): where two shapes overlap, as S:manifold found it: each
-- point with its depth drawn along the normal, centred on the point, and
-- the normal (normalLength pixels) from the middle of the points.
draw.manifold = public(function(m)
  if impact.type(m) ~= "Manifold" then
    error(("bad argument #1 to 'manifold' (Manifold expected, got %s)"):format(
      impact.type(m) or type(m)), 3)
  end
  local n = m.normal
  local nx, ny, count = n.x, n.y, m.count
  local mx, my = 0, 0
  for i = 1, count do
    local x, y, depth = m:point(i)
    local hx, hy = nx * depth / 2, ny * depth / 2
    color(style.delta)
    lg.line(X(x - hx), Y(y - hy), X(x + hx), Y(y + hy))
    color(style.contact)
    dot(X(x), Y(y))
    mx, my = mx + x / count, my + y / count
  end
  local sx, sy = X(mx), Y(my)
  color(style.normal)
  arrow(sx, sy, sx + style.normalLength * nx, sy + style.normalLength * ny)
end)

-- draw.distance(a | ax, ay, b | bx, by[, colour]): a closest pair of
-- points, as S:distance gives them after the distance: the line between
-- them and both points. Nothing when a is nil (touching shapes have no
-- pair): draw.distance(select(2, s:distance(other))) draws what there is.
draw.distance = public(function(...)
  if (...) == nil then return end
  local ax, ay, i = readPoint("distance", 1, ...)
  local bx, by, j = readPoint("distance", i, ...)
  color(select(j, ...) or style.path)
  lg.line(X(ax), Y(ay), X(bx), Y(by))
  color(style.contact)
  dot(X(ax), Y(ay))
  dot(X(bx), Y(by))
end)

-- draw.clip(pos | x, y, delta | dx, dy, kind, t0, t1): a segment and what
-- clipSegment said of it; the part inside, [t0, t1], thick in the kind's
-- colour, the rest thin.
draw.clip = public(function(...)
  local x, y, i = readPoint("clip", 1, ...)
  local dx, dy, j = readPoint("clip", i, ...)
  local kind, t0, t1 = select(j, ...)
  local c = style.kinds[kind]
  if not c then error("bad argument #" .. j .. " to 'clip' (clipSegment kind expected)", 3) end
  color(style.kinds.outside)
  lg.line(X(x), Y(y), X(x + dx), Y(y + dy))
  if not t0 then return end
  local ax, ay, bx, by = X(x + t0 * dx), Y(y + t0 * dy), X(x + t1 * dx), Y(y + t1 * dy)
  color(c)
  lg.setLineWidth(3 * style.lineWidth)
  lg.line(ax, ay, bx, by)
  dot(ax, ay)
  dot(bx, by)
end)

-- draw.segmentPoint(a0, a1, b0, b1, c0, c1[, t1, s1[, t2, s2]]): the
-- arguments and results of impact.sweepSegmentPoint (Points or number
-- pairs): the segment at the start and end, the point's path, and at each
-- contact the segment at that time with the contact point on it.
local P = {}  -- the six points, reused
draw.segmentPoint = public(function(...)
  local i = 1
  for k = 1, 11, 2 do P[k], P[k + 1], i = readPoint("segmentPoint", i, ...) end
  local a0x, a0y, a1x, a1y, b0x, b0y, b1x, b1y, c0x, c0y, c1x, c1y =
    P[1], P[2], P[3], P[4], P[5], P[6], P[7], P[8], P[9], P[10], P[11], P[12]
  color(style.path)
  lg.line(X(a0x), Y(a0y), X(b0x), Y(b0y))
  color(style.shape)
  lg.line(X(a1x), Y(a1y), X(b1x), Y(b1y))
  color(style.path)
  arrow(X(c0x), Y(c0y), X(c1x), Y(c1y))
  for k = i, i + 2, 2 do
    local t, s = select(k, ...)
    if not t then break end
    local ax, ay = a0x + t * (a1x - a0x), a0y + t * (a1y - a0y)
    local bx, by = b0x + t * (b1x - b0x), b0y + t * (b1y - b0y)
    color(style.stop)
    lg.line(X(ax), Y(ay), X(bx), Y(by))
    color(style.contact)
    dot(X(ax + s * (bx - ax)), Y(ay + s * (by - ay)))
  end
end)

-- The World ------------------------------------------------------------------

local found = {}  -- queryRect's out table, reused

-- Each shape item's copy of its shape, reused frame after frame: getShape
-- fills it in place, so drawing a World makes no garbage once each item has
-- been drawn. Weak keys: a removed item's copy goes with it.
local copies = setmetatable({}, { __mode = "k" })

-- An item as the World holds it: a shape item as its shape, a rectangle
-- item as its rectangle.
local function item(world, it)
  local copy = copies[it]
  local s
  if copy then
    local ok, got = pcall(world.getShape, world, it, copy)
    if ok then s = got else s = world:getShape(it) end  -- another kind now
  else
    s = world:getShape(it)
  end
  copies[it] = s
  if s then
    local p = s.pos
    return shapeAt(s, p.x, p.y)
  end
  rect(world:getRect(it))
end

-- draw.world(world[, left, top, width, height[, cells]]): the items in a
-- region (default: the screen), each as its shape or rectangle, and with
-- cells the grid over it, each cell shaded once per item in it.
draw.world = public(function(world, left, top, width, height, cells)
  local scale = style.scale
  if not left then
    local w, h = lg.getDimensions()
    left, top = -style.originX / scale, -style.originY / scale
    width, height = w / scale, h / scale
  end
  local items, n = world:queryRect(left, top, width, height, nil, found)
  if cells then
    local size = world.cellSize
    color(style.grid)
    for gx = math.ceil(left / size) * size, left + width, size do
      lg.line(X(gx), Y(top), X(gx), Y(top + height))
    end
    for gy = math.ceil(top / size) * size, top + height, size do
      lg.line(X(left), Y(gy), X(left + width), Y(gy))
    end
    color(style.cell)
    for k = 1, n do  -- the cells bump's grid puts the item in
      local x, y, w, h = world:getRect(items[k])
      for cy = math.floor(y / size), math.ceil((y + h) / size) - 1 do
        for cx = math.floor(x / size), math.ceil((x + w) / size) - 1 do
          lg.rectangle("fill", X(cx * size), Y(cy * size), scale * size, scale * size)
        end
      end
    end
  end
  color(style.shape)
  for k = 1, n do item(world, items[k]) end
end)

-- draw.collisions(cols[, len]): what a World's move, check or project
-- returned, in each response's colour: the other item, the mover where it
-- touches, the normal at the contact, and for slide and bounce where the
-- response sends the mover.
draw.collisions = public(function(cols, len)
  for k = 1, len or #cols do
    local col = cols[k]
    local c = style.responses[col.type] or style.shape
    local ir, other, touch, n = col.itemRect, col.otherRect, col.touch, col.normal
    local w, h = ir.w, ir.h
    color(c)
    rect(other.x, other.y, other.w, other.h)
    rect(touch.x, touch.y, w, h)
    color(style.path)
    lg.line(X(ir.x + w / 2), Y(ir.y + h / 2), X(touch.x + w / 2), Y(touch.y + h / 2))
    local goal = col.slide or col.bounce
    if goal then
      arrow(X(touch.x + w / 2), Y(touch.y + h / 2), X(goal.x + w / 2), Y(goal.y + h / 2))
      color(c)
      rect(goal.x, goal.y, w, h)
    end
    -- The contact: on the face the normal comes out of, mid-way along the
    -- part of it the mover touches.
    local cx, cy
    if n.x ~= 0 then
      cx = n.x < 0 and touch.x + w or touch.x
      cy = (math.max(touch.y, other.y) + math.min(touch.y + h, other.y + other.h)) / 2
    else
      cy = n.y < 0 and touch.y + h or touch.y
      cx = (math.max(touch.x, other.x) + math.min(touch.x + w, other.x + other.w)) / 2
    end
    local sx, sy = X(cx), Y(cy)
    color(style.normal)
    arrow(sx, sy, sx + style.normalLength * n.x, sy + style.normalLength * n.y)
    color(style.contact)
    dot(sx, sy)
  end
end)

-- draw.items(world, items[, len[, colour]]): what queryRect, queryPoint or
-- querySegment found, each as its shape or rectangle.
draw.items = public(function(world, items, len, c)
  color(c or style.query)
  for k = 1, len or #items do item(world, items[k]) end
end)

-- draw.segmentQuery(x1, y1, x2, y2, infos[, len]): querySegmentWithCoords'
-- segment and the stretch of it inside each item, entry and exit marked.
draw.segmentQuery = public(function(x1, y1, x2, y2, infos, len)
  color(style.path)
  arrow(X(x1), Y(y1), X(x2), Y(y2))
  color(style.query)
  lg.setLineWidth(3 * style.lineWidth)
  for k = 1, len or #infos do
    local info = infos[k]
    local ax, ay, bx, by = X(info.x1), Y(info.y1), X(info.x2), Y(info.y2)
    lg.line(ax, ay, bx, by)
    dot(ax, ay)
    dot(bx, by)
  end
end)

return draw
