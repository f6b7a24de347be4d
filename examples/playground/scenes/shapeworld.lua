-- A World of shapes: a round hero rolls under gravity over a floor of
-- rectangle and polygon tiles, over a rocking platform, up a ramp and onto
-- a ledge; the platform turns each frame and pushes the hero out of it
-- when the turn reaches it; a ray asks the World what it crosses. The hero moves with "slide", the World's default.
return function(impact, ui)
  local s = ui.scene("World of shapes",
                     "left/right roll, up jumps, r restarts; drag the ray's ends")
  local GRAVITY, SPEED, JUMP = 900, 150, 420  -- px/s^2, px/s, px/s
  local DT = 1 / 60                           -- one step a frame
  local RADIUS = 14
  -- The platform rocks about a pivot on the floor: its angle is ROCK
  -- radians times the sine of RATE radians a second.
  local PIVOT_X, PIVOT_Y, ROCK, RATE = 240, 420, 0.25, 1.8

  local world = impact.World(64)
  local rectTiles, polygonTiles = {}, {}
  local function item(name) return { name = name } end

  -- A tile 40 wide with its top at y: odd ones bump rectangles, even ones
  -- polygons (squares given by their corners about the centre).
  local function tile(x, y, h)
    local count = #rectTiles + #polygonTiles + 1
    local it = item("tile " .. count)
    if count % 2 == 1 then
      rectTiles[#rectTiles + 1] = it
      return world:add(it, x, y, 40, h)
    end
    polygonTiles[#polygonTiles + 1] = it
    return world:add(it, impact.Polygon({ -20, -h / 2, 20, -h / 2, 20, h / 2, -20, h / 2 },
                                        x + 20, y + h / 2))
  end
  for x = 40, 520, 40 do tile(x, 420, 30) end     -- the floor, x 40..560
  for x = 560, 720, 40 do tile(x, 340, 110) end   -- the ledge, x 560..760
  -- The ramp up to the ledge, on the floor: from (400, 420) to (560, 340).
  local ramp = world:add(item("ramp"), impact.Polygon({ 0, 0, 160, 0, 160, -80 }, 400, 420))
  local wall = world:add(item("wall"), 760, 200, 20, 250)
  local platform = world:add(item("platform"), impact.OBB(PIVOT_X, PIVOT_Y, 70, 6))
  local hero = item("hero")
  polygonTiles[#polygonTiles + 1] = ramp

  -- The hero's state; step() advances it one frame.
  local vx, vy, angle, onGround, frames, pushes, lastPushX, lastPushY
  local cols, len, pushCols, found, onRay = {}, 0, {}, {}, {}
  local nRay = 0
  local overlapFrames = 0  -- frames that ended with the hero in an item
  local heroShape = impact.Circle(0, 0, RADIUS)

  local function restart()
    if world:hasItem(hero) then world:remove(hero) end
    world:add(hero, impact.Circle(80, 380, RADIUS))
    vx, vy, angle, onGround, frames, pushes = 0, 0, 0, false, 0, 0
    overlapFrames = 0
    world:update(platform, PIVOT_X, PIVOT_Y, angle)
  end
  restart()

  -- The items the hero's shape overlaps, itself aside.
  local function overlapped()
    world:getShape(hero, heroShape)
    local items, n = world:queryShape(heroShape, nil, found)
    local others = 0
    for i = 1, n do if items[i] ~= hero then others = others + 1 end end
    return others
  end

  local function step(left, right, jump)
    frames = frames + 1
      -- The platform turns in place; the hero, if the turn reaches it, is
    -- pushed out of it (and of anything else) by the shortest way.
    angle = ROCK * math.sin(RATE * frames * DT)
    world:update(platform, PIVOT_X, PIVOT_Y, angle)
    local px, py, n
    px, py, pushCols, n = world:push(hero, nil, pushCols)
    if n > 0 then
      pushes = pushes + 1
      lastPushX, lastPushY = px, py
    end
    vx = ((right and 1 or 0) - (left and 1 or 0)) * SPEED
    if jump and onGround then vy = -JUMP end
    vy = vy + GRAVITY * DT
    local x, y
    x, y, cols, len = world:move(hero, px + vx * DT, py + vy * DT, nil, cols)
    -- What a contact's normal opposes is lost; a floor is a normal that
    -- points up more than sideways.
    onGround = false
    for i = 1, len do
      local nx, ny = cols[i].normal.x, cols[i].normal.y
      local into = vx * nx + vy * ny
      if into < 0 then vx, vy = vx - into * nx, vy - into * ny end
      if -ny > math.abs(nx) then onGround = true end
    end
    if overlapped() > 0 then overlapFrames = overlapFrames + 1 end
    return x, y
  end
  s.step = step

  local ray1 = s.handle("ray1", 30, 410)
  local ray2 = s.handle("ray2", 790, 334, { follows = "ray1" })

  function s.update()
    onRay, nRay = world:querySegmentWithCoords(ray1.x, ray1.y, ray2.x, ray2.y, nil, onRay)
    local p = world:getShape(hero, heroShape).pos
    local hx, hy = p.x, p.y
    s.say("hero %s  velocity %s  %s  frame %d", ui.pt(hx, hy), ui.pt(vx, vy),
          onGround and "on the ground" or "in the air", frames)
    local touching = {}
    for i = 1, len do
      touching[i] = cols[i].other.name .. " normal " .. ui.vec(cols[i].normal)
    end
    s.say("move: %s", len > 0 and table.concat(touching, "; ") or "no contact")
    s.say("platform at %s deg; pushed the hero %d times%s; frames in overlap: %d",
          ui.num(math.deg(angle)), pushes,
          lastPushX and " (last to " .. ui.pt(lastPushX, lastPushY) .. ")" or "", overlapFrames)
    local parts = {}
    for i = 1, math.min(nRay, 3) do
      local r = onRay[i]
      parts[i] = string.format("%s %s..%s", r.item.name, ui.num(r.ti1), ui.num(r.ti2))
    end
    s.say("querySegmentWithCoords: %s%s", nRay > 0 and table.concat(parts, ", ") or "nothing",
          nRay > 3 and ", ..." or "")
  end

  function s.key(key)
    if key == "r" then restart() end
  end

  -- Played live: one step a frame from the arrow keys.
  function s.tick()
    local down = love.keyboard.isDown
    step(down("left", "a"), down("right", "d"), down("up", "w", "space"))
  end

  function s.draw(draw)
    draw.world(world, 0, 34, 800, 436)
    draw.items(world, polygonTiles, #polygonTiles, draw.style.kinds.exit)
    draw.items(world, rectTiles, #rectTiles, draw.style.shape)
    draw.items(world, { platform }, 1, draw.style.kinds.enter)
    draw.shape(world:getShape(hero, heroShape), draw.style.stop)
    draw.segmentQuery(ray1.x, ray1.y, ray2.x, ray2.y, onRay, nRay)
    local hx, hy = heroShape.pos.x, heroShape.pos.y
    ui.label(hx - 14, hy - RADIUS - 22, "hero", draw.style.stop)
    ui.label(PIVOT_X + 84, PIVOT_Y - 40, "platform (rocks)", draw.style.kinds.enter)
    ui.label(470, 396, "ramp", draw.style.kinds.exit)
    ui.label(44, 456, "floor: rectangles (grey) and polygons (blue)", ui.colors.dim)
    ui.label(ray1.x, ray1.y - 24, "querySegmentWithCoords", draw.style.path)
  end

  function s.tour(t)
    local function hold(seconds, left, right, jump)
      for _ = 1, math.floor(seconds / DT + 0.5) do step(left, right, jump) end
      ui.refresh()
    end
    -- Dropped at (80, 380), the hero lands on the floor (top 420) and
    -- rests there, RADIUS above it.
    hold(1)
    local x, y = world:getShape(hero, heroShape).pos.x, heroShape.pos.y
    t.expect("rests on the floor: y", y, 420 - RADIUS, 1e-6)
    t.expect("rests on the floor: on ground", onGround, true)
    -- Rolled onto the platform's right half and left there for a rock to
    -- and fro: the platform, rising under the hero, lifts it by the push.
    while x < PIVOT_X + 30 do x = step(false, true, false) end
    hold(2 * math.pi / RATE)
    t.expect("the platform pushed the hero out", pushes > 0, true)
    t.expect("no frame left the hero in an item", overlapFrames, 0)
    t.shot("13-shapes-platform")
    -- Then right for 6 s: over the seams of the floor, up the ramp, onto
    -- the ledge (top 340), to rest against the wall (x 760). On the flat
    -- floor between the platform and the ramp, every frame is a full step:
    -- no seam snags the hero.
    local shortest = math.huge
    for _ = 1, 360 do
      local before = x
      x, y = step(false, true, false)
      if before > 330 and x < 390 and math.abs(y - (420 - RADIUS)) < 1e-6 then
        shortest = math.min(shortest, x - before)
      end
    end
    ui.refresh()
    t.expect("full steps over the seams (x 330..390)", shortest, SPEED * DT, 1e-6)
    t.expect("against the wall: x", x, 760 - RADIUS, 1e-6)
    t.expect("on the ledge: y", y, 340 - RADIUS, 1e-6)
    t.expect("on the ledge: on ground", onGround, true)
    local pressed
    for i = 1, len do if cols[i].other == wall then pressed = cols[i].normal.x end end
    t.expect("pressed against the wall: normal.x", pressed, -1)
    t.expect("no frame left the hero in an item", overlapFrames, 0)
    t.expect("queryShape(hero's shape) finds only the hero", overlapped(), 0)
    -- The ray from (30, 410) along (760, -76), y = 413 - x / 10, meets the
    -- ramp's slope, y = 620 - x / 2, at x = 517.5: t = 487.5 / 760.
    local ramped
    for i = 1, nRay do if onRay[i].item == ramp then ramped = onRay[i] end end
    t.expect("the ray meets the ramp at", ramped and ramped.ti1, 487.5 / 760, 1e-12)
    t.shot("13-shapes-ledge")
  end

  return s
end
