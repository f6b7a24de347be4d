-- player:sweepInto(tiles, delta) in a slide loop: sweep, stop at the first
-- tile hit, remove the normal's part of the rest of the movement, sweep
-- again with what is left.
return function(impact, ui)
  local s = ui.scene("Tiles", "drag the player or its goal")
  local SIZE, LEGS = 40, 3
  local tiles, floor, wall = {}, {}, {}
  for x = 80, 680, SIZE do  -- a floor, y 400..440
    floor[#floor + 1] = impact.AABB.fromRect(x, 400, SIZE, SIZE)
    tiles[#tiles + 1] = floor[#floor]
  end
  for y = 360, 240, -SIZE do  -- a wall, x 480..520, listed from the bottom
    wall[#wall + 1] = impact.AABB.fromRect(480, y, SIZE, SIZE)
    tiles[#tiles + 1] = wall[#wall]
  end
  tiles[#tiles + 1] = impact.AABB.fromRect(240, 160, 80, 40)  -- a ledge

  -- One mover and one Sweep per leg of the loop, made once.
  local legs = {}
  for i = 1, LEGS do legs[i] = { box = impact.AABB(0, 0, 20, 20), sweep = impact.Sweep() } end
  local used = 0
  local player = impact.AABB(200, 300, 20, 20)

  local from = s.handle("from", player.pos.x, player.pos.y)
  local goal = s.handle("goal", 500, 450, { follows = "from" })

  function s.update()
    player.pos.x, player.pos.y = from.x, from.y
    local dx, dy = goal.x - from.x, goal.y - from.y
    s.say("sweepInto(tiles, %s), then slide: rest = (1 - time) * delta, less its part along the normal",
          ui.pt(dx, dy))
    used = 0
    while used < LEGS and (dx ~= 0 or dy ~= 0) do
      used = used + 1
      local leg = legs[used]
      leg.box.pos = player.pos
      leg.dx, leg.dy = dx, dy
      local sweep = player:sweepInto(tiles, dx, dy, leg.sweep)
      player.pos = sweep.pos
      local hit = sweep.hit
      if not hit then
        s.say("leg %d: %s, no hit: time 1, pos %s", used, ui.pt(dx, dy), ui.vec(sweep.pos))
        break
      end
      local n = hit.normal
      local rest = 1 - sweep.time
      dx, dy = dx * rest, dy * rest
      local into = dx * n.x + dy * n.y
      dx, dy = dx - into * n.x, dy - into * n.y
      s.say("leg %d: %s  time %s  pos %s  normal %s", used, ui.pt(leg.dx, leg.dy),
            ui.num(sweep.time), ui.vec(sweep.pos), ui.vec(n))
    end
    s.say("rests at %s", ui.vec(player.pos))
  end

  function s.draw(draw)
    for _, tile in ipairs(tiles) do draw.shape(tile, draw.style.path) end
    for i = 1, used do
      local leg = legs[i]
      draw.sweep(leg.box, leg.dx, leg.dy, leg.sweep)
      local p, h = leg.sweep.pos, leg.box.half
      ui.label(p.x - h.x, p.y - h.y - 18, "leg " .. i, draw.style.stop)
    end
    ui.label(from.x - 20, from.y - 38, "player", ui.colors.dim)
  end

  function s.tour(t)
    -- From (200, 300) along (300, 150). Leg 1: the player's bottom (320)
    -- reaches the floor's top (400) at 80/150 = 8/15, at x 360, where it
    -- covers x 340..380: the floor tiles at 320 and 360 are hit at the same
    -- time and the first listed (x 320, the 7th) wins. Its right edge would
    -- reach the wall (480) only at 260/300. The rest, 7/15 of the move,
    -- (140, 70), less its part along the normal (0, -1): (140, 0).
    -- Leg 2: the right edge, 380, reaches the wall, 480, after 100 of 140:
    -- time 5/7, at x 460; the rest, (40, 0), less its part along (-1, 0),
    -- is nothing: the player rests at (460, 380) (short of contact by the
    -- two sweeps' 1e-8 of time).
    local l1, l2 = legs[1].sweep, legs[2].sweep
    t.expect("legs", used, 2)
    t.expect("leg 1 time", l1.time, 8 / 15 - 1e-8, 1e-12)
    t.expect("leg 1 collider is the 7th floor tile", l1.hit.collider, floor[7])
    t.expect("leg 1 normal.y", l1.hit.normal.y, -1)
    t.expect("leg 1 pos.x", l1.pos.x, 360, 1e-5); t.expect("leg 1 pos.y", l1.pos.y, 380, 1e-5)
    t.expect("leg 2 delta.x", legs[2].dx, 140, 1e-5); t.expect("leg 2 delta.y", legs[2].dy, 0)
    t.expect("leg 2 time", l2.time, 5 / 7 - 1e-8, 1e-7)
    t.expect("leg 2 collider is the wall's bottom tile", l2.hit.collider, wall[1])
    t.expect("leg 2 normal.x", l2.hit.normal.x, -1)
    t.expect("rests at x", player.pos.x, 460, 1e-5); t.expect("rests at y", player.pos.y, 380, 1e-5)
    t.expect("short of the wall", player.pos.x < 460, true)
    t.shot("5-tiles")
    -- Jumping up under the ledge (x 240..320, bottom 200) from (300, 300)
    -- along (-60, -150): the head (280) meets 200 after 80 of 150, at x 268;
    -- the rest, 7/15 of (-60, -150) = (-28, -70), slides along the ledge's
    -- bottom as (-28, 0) to x 240.
    t.drag("from", 300, 300)
    t.drag("goal", 240, 150)
    t.expect("ledge: leg 1 normal.y", legs[1].sweep.hit.normal.y, 1)
    t.expect("ledge: leg 1 pos.x", legs[1].sweep.pos.x, 268, 1e-5)
    t.expect("ledge: rests at x", player.pos.x, 240, 1e-5)
    t.expect("ledge: rests at y", player.pos.y, 220, 1e-5)
  end

  return s
end
