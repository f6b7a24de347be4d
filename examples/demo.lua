-- A tour of impact on a small scene: each test is run, its result told in
-- words, and the whole scene drawn to demo.svg (y grows downwards, as on
-- screen). Run it with `make demo`.
local impact = require "impact"
local AABB, Point = impact.AABB, impact.Point

-- The level: a floor, a pillar and two crates (centre and half size).
local floor = AABB(320, 380, 300, 10)
local pillar = AABB(420, 250, 20, 120)
local crate = AABB(200, 340, 30, 30)
local box = AABB(540, 350, 20, 20)
local level = { floor, pillar, crate, box }

local shapes = {}  -- what the picture shows, in drawing order
local function draw(kind, t) t.kind = kind; shapes[#shapes + 1] = t end
for _, wall in ipairs(level) do draw("box", { box = wall, class = "wall" }) end

local function fmt(x) return (string.format("%.2f", x):gsub("%.?0+$", "")) end
local function pt(p) return "(" .. fmt(p.x) .. ", " .. fmt(p.y) .. ")" end
local function say(...) print(string.format(...)) end

local function marker(hit, label)
  draw("hit", { x = hit.pos.x, y = hit.pos.y, nx = hit.normal.x,
                ny = hit.normal.y, label = label })
end

-- 1. A point: is the mouse inside the small crate, and which way is out?
local mouse = Point(534, 343)
local hit = box:intersectPoint(mouse)
draw("dot", { x = mouse.x, y = mouse.y, label = "mouse" })
if hit then
  say("1. The mouse at %s is inside the small crate; the nearest way out is %s, through the face at %s (normal %s).",
      pt(mouse), pt(hit.delta), pt(hit.pos), pt(hit.normal))
  marker(hit, "point")
end

-- 2. A segment: a laser fired to the right, against every box.
local from, along = Point(40, 200), Point(560, 40)
local nearest
for _, wall in ipairs(level) do
  local h = wall:intersectSegment(from, along)
  if h and (not nearest or h.time < nearest.time) then nearest = h end
end
draw("segment", { x = from.x, y = from.y, dx = along.x, dy = along.y,
                  class = "beam" })
if nearest then
  draw("segment", { x = from.x, y = from.y, dx = nearest.pos.x - from.x,
                    dy = nearest.pos.y - from.y, class = "laser" })
  say("2. A laser from %s along %s hits %s at %s, %s%% of the way; the face it hits looks %s.",
      pt(from), pt(along), nearest.collider == pillar and "the pillar" or "a box",
      pt(nearest.pos), fmt(nearest.time * 100), pt(nearest.normal))
  marker(nearest, "laser")
end

-- 3. Two boxes: an enemy overlapping the pillar, and how to separate them.
local enemy = AABB(452, 300, 15, 15)
draw("box", { box = enemy, class = "enemy" })
hit = pillar:intersectAABB(enemy)
if hit then
  say("3. An enemy box at %s overlaps the pillar; moving it by %s separates them (normal %s).",
      pt(enemy.pos), pt(hit.delta), pt(hit.normal))
  marker(hit, "overlap")
end

-- 4. A swept box: a bullet box fired at the pillar stops just short of it.
local bullet, shot = AABB(280, 120, 6, 6), Point(220, 30)
local sweep = pillar:sweepAABB(bullet, shot)
draw("box", { box = bullet, class = "ghost" })
draw("segment", { x = bullet.pos.x, y = bullet.pos.y, dx = shot.x, dy = shot.y,
                  class = "path" })
draw("box", { box = AABB(sweep.pos, bullet.half), class = "moved" })
say("4. A bullet box at %s moving %s stops at %s after %s%% of its move (contact at %s, normal %s).",
    pt(bullet.pos), pt(shot), pt(sweep.pos), fmt(sweep.time * 100),
    pt(sweep.hit.pos), pt(sweep.hit.normal))
marker(sweep.hit, "sweep")

-- 5. A player moved through the level with sweepInto, sliding along what
-- it hits: the move left over is projected onto the surface (the normal
-- component removed) and swept again, a few times at most.
local player = AABB(80, 300, 16, 24)
local move = Point(260, 120)
draw("box", { box = AABB(player.pos, player.half), class = "ghost" })
local out = impact.Sweep()  -- reused: no garbage per step
for step = 1, 3 do
  if move.x == 0 and move.y == 0 then break end
  local start = player.pos:clone()
  sweep = player:sweepInto(level, move, out)
  draw("segment", { x = start.x, y = start.y, dx = sweep.pos.x - start.x,
                    dy = sweep.pos.y - start.y, class = "path" })
  player.pos = sweep.pos
  if not sweep.hit then
    say("5.%d The player moves freely to %s.", step, pt(player.pos))
    break
  end
  local n = sweep.hit.normal
  local rest = move * (1 - sweep.time)
  move = rest - n * rest:dot(n)  -- slide: drop the part into the surface
  local what = sweep.hit.collider == crate and "the crate" or
               sweep.hit.collider == floor and "the floor" or "the pillar"
  if move.x == 0 and move.y == 0 then
    say("5.%d The player hits %s at %s and stops.", step, what, pt(player.pos))
  else
    say("5.%d The player hits %s at %s and slides on by %s.", step, what,
        pt(player.pos), pt(move))
  end
  marker(sweep.hit, "player")
end
draw("box", { box = player, class = "player" })

-- 6. The same level as a World (bump.lua's API): a hero falls and walks
-- right, frame after frame, onto the crate, through a coin, down to the
-- floor and against the pillar; then a laser lists what it crosses.
local bump = require "impact.bump"
local world = bump.newWorld(64)
for i, wall in ipairs(level) do
  local item = { name = ({ "the floor", "the pillar", "the crate", "the box" })[i] }
  world:add(item, wall.pos.x - wall.half.x, wall.pos.y - wall.half.y,
            2 * wall.half.x, 2 * wall.half.y)
end
local coin = { name = "a coin" }
world:add(coin, 262, 300, 12, 12)
local hero = { name = "hero" }
world:add(hero, 160, 200, 20, 30)
local function filter(_, other) return other == coin and "cross" or "slide" end
local cols, x, y, seen = {}, 160, 200, {}  -- one out table, reused
for _ = 1, 60 do
  local fromX, fromY, len = x, y
  x, y, cols, len = world:move(hero, x + 4, y + 6, filter, cols)
  draw("segment", { x = fromX + 10, y = fromY + 15, dx = x - fromX, dy = y - fromY, class = "path" })
  for i = 1, len do
    local other = cols[i].other
    if not seen[other] then
      seen[other] = true
      say("6. The hero meets %s at (%s, %s), normal (%d, %d), %s.", other.name,
          fmt(cols[i].touch.x), fmt(cols[i].touch.y), cols[i].normal.x,
          cols[i].normal.y, cols[i].type == "cross" and "and goes through" or "and slides")
    end
  end
end
say("6. After 60 frames the hero rests at (%s, %s).", fmt(x), fmt(y))
draw("box", { box = AABB.fromRect(x, y, 20, 30), class = "player" })
local items, n = world:querySegment(0, 360, 640, 360)
local crossed = {}
for i = 1, n do crossed[i] = items[i].name end
say("6. A laser along y = 360 crosses %s.", table.concat(crossed, ", "))
draw("segment", { x = 0, y = 360, dx = 640, dy = 0, class = "beam" })

-- The picture.
local style = [[
  .wall { fill: #8a8f98; stroke: #333 } .enemy { fill: #e8a0a0; stroke: #a33 }
  .ghost { fill: none; stroke: #36c; stroke-dasharray: 4 3 }
  .moved, .player { fill: #9cc3f0; stroke: #36c }
  .laser { stroke: #d22; stroke-width: 2 } .beam { stroke: #d22; stroke-opacity: 0.25 } .path { stroke: #36c; stroke-dasharray: 2 3 }
  .hit { fill: #fc0; stroke: #000 } .normal { stroke: #080; stroke-width: 2 }
  .dot { fill: #000 } text { font: 11px sans-serif }
]]
local svg = { '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">',
              "<style>" .. style .. "</style>",
              '<rect width="640" height="400" fill="#f6f6f2"/>' }
local function add(...) svg[#svg + 1] = string.format(...) end
for _, s in ipairs(shapes) do
  if s.kind == "box" then
    local b = s.box
    add('<rect class="%s" x="%s" y="%s" width="%s" height="%s"/>', s.class,
        fmt(b.pos.x - b.half.x), fmt(b.pos.y - b.half.y),
        fmt(2 * b.half.x), fmt(2 * b.half.y))
  elseif s.kind == "segment" then
    add('<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s"/>', s.class,
        fmt(s.x), fmt(s.y), fmt(s.x + s.dx), fmt(s.y + s.dy))
  elseif s.kind == "dot" then
    add('<circle class="dot" cx="%s" cy="%s" r="3"/><text x="%s" y="%s" text-anchor="end">%s</text>',
        fmt(s.x), fmt(s.y), fmt(s.x - 5), fmt(s.y + 4), s.label)
  elseif s.kind == "hit" then
    add('<line class="normal" x1="%s" y1="%s" x2="%s" y2="%s"/>', fmt(s.x),
        fmt(s.y), fmt(s.x + 20 * s.nx), fmt(s.y + 20 * s.ny))
    add('<circle class="hit" cx="%s" cy="%s" r="4"/><text x="%s" y="%s">%s</text>',
        fmt(s.x), fmt(s.y), fmt(s.x + 6), fmt(s.y + 14), s.label)
  end
end
add("</svg>")
local file = assert(io.open("demo.svg", "w"))
file:write(table.concat(svg, "\n"), "\n")
file:close()
print("Wrote demo.svg.")
